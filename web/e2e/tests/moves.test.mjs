// Moving on the board: by clicks and by drag, legal destinations shown, and
// the chooser for moves that join the same two hexes.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickHex, pdtl, setPdtl } from "../harness.mjs";
import { CASTLINGS, INITIAL, setup } from "./setup.mjs";

const ctx = setup();

const AFTER_E7_E13 =
  "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1";
const AFTER_E21_E15 =
  "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr E15@17-19 0 2";

test("a move by two clicks, with the pawn's destinations shown", async () => {
  const page = await ctx.open();
  await clickHex(page, "E7");
  const dests = await page.$$eval("#board [data-dest]", (els) => els.map((e) => e.dataset.dest).sort());
  assert.deepEqual(dests, ["D8", "E11", "E13", "E9"]);
  await clickHex(page, "E13");
  assert.equal(await pdtl(page), AFTER_E7_E13);
  assert.deepEqual(await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent)), ["E7-E13"]);
  assert.equal(await page.textContent("#status"), "Black to move");
  // The last move is tinted in the drawing: E7 and E13 no longer have their own colours.
  const fill = (hex) => page.getAttribute(`[data-hex="${hex}"]`, "fill");
  assert.equal(await fill("E9"), "#8b6a4e");
  assert.notEqual(await fill("E7"), "#f3ead7");
  assert.notEqual(await fill("E13"), "#f3ead7");
});

test("clicking an empty hex or a piece that cannot move selects nothing", async () => {
  const page = await ctx.open();
  await clickHex(page, "F14");
  assert.equal(await page.locator("#board [data-dest]").count(), 0);
  await clickHex(page, "F0"); // a piece with no move at the start
  await clickHex(page, "E7");
  await clickHex(page, "E7"); // a second click on the selected piece lets it go
  assert.equal(await page.locator("#board [data-dest]").count(), 0);
  assert.equal(await pdtl(page), INITIAL);
});

test("a move by drag and drop", async () => {
  const page = await ctx.open();
  await page.locator('[data-hex="E7"]').dragTo(page.locator('[data-hex="E13"]'));
  assert.equal(await pdtl(page), AFTER_E7_E13);
  await page.locator('[data-hex="E21"]').dragTo(page.locator('[data-hex="E15"]'));
  assert.equal(await pdtl(page), AFTER_E21_E15);
});

test("a castling through the chooser of the moves that join G1 and H6", async () => {
  const page = await ctx.open();
  await setPdtl(page, CASTLINGS);
  await clickHex(page, "G1");
  await clickHex(page, "H6");
  const choices = await page.$$eval("[data-choice]", (els) => els.map((e) => e.dataset.choice));
  assert.deepEqual(choices.sort(), [
    "KG1-H6",
    "KRD-HG+∞",
    "KRD-HH",
    "KRK-HG+∞",
    "KRK-HH",
    "KRK-HIO",
    "KRK-HIOO",
    "KRR-HGG+∞",
    "KRR-HIH",
  ]);
  await page.click('[data-choice="KRK-HIO"]');
  assert.equal(await pdtl(page), "/27:1k/25:r3/6:4K2/5:4R1/3:R3/ b -rk - 1 1");
  await page.waitForFunction(() => !document.querySelector("#chooser").open);
  assert.equal(await page.locator("[data-choice]").count(), 0);
  assert.deepEqual(await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent)), ["KRK-HIO"]);
});

test("a promotion through the chooser of the pieces the pawn can become", async () => {
  const page = await ctx.open();
  await setPdtl(page, "/27:1k/21:1P6/1:1K/ w -- - 0 1");
  await clickHex(page, "A21");
  const dests = await page.$$eval("#board [data-dest]", (els) => els.map((e) => e.dataset.dest).sort());
  assert.deepEqual(dests, ["A23", "B22", "T22"]);
  await clickHex(page, "A23");
  const choices = await page.$$eval("[data-choice]", (els) => els.map((e) => e.dataset.choice));
  assert.deepEqual(choices.sort(), ["A21-A23=D", "A21-A23=G", "A21-A23=J", "A21-A23=N", "A21-A23=R", "A21-A23=V"]);
  await page.click('[data-choice="A21-A23=N"]');
  assert.equal(await pdtl(page), "/27:1k/23:N5/1:1K/ b -- - 0 1");
});

test("the chooser's Cancel plays nothing", async () => {
  const page = await ctx.open();
  await setPdtl(page, CASTLINGS);
  await clickHex(page, "G1");
  await clickHex(page, "E5");
  assert.equal(await page.locator("[data-choice]").count(), 6); // KG1-E5 and five castlings
  await page.click("#chooser-cancel");
  assert.equal(await pdtl(page), CASTLINGS);
});
