// The browser's storage: the game on the board survives a reload, and saved
// games are listed, loaded and deleted.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickHex, pdtl, ready } from "../harness.mjs";
import { INITIAL, setup } from "./setup.mjs";

const ctx = setup();

const AFTER_E7_E13 =
  "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1";

test("the game on the board, its place and the board's side survive a reload", async () => {
  const page = await ctx.open();
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  await clickHex(page, "E21");
  await clickHex(page, "E15");
  await page.click("#prev");
  await page.click("#flip");
  await page.reload();
  await ready(page);
  assert.equal(await pdtl(page), AFTER_E7_E13);
  assert.deepEqual(await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent)), ["E7-E13", "E21-E15"]);
  const y = (hex) => page.$eval(`[data-hex="${hex}"]`, (e) => e.getBoundingClientRect().y);
  assert.ok((await y("F0")) < (await y("F28")), "still flipped");
});

test("a saved game is listed after a reload, loads, and can be deleted", async () => {
  const page = await ctx.open();
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  await page.click("#save-game");
  assert.equal(await page.locator("#saved li").count(), 1);
  await page.click("#new-game");
  await page.selectOption("#human-side", "both");
  await page.click("#new-game");
  assert.equal(await pdtl(page), INITIAL);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator("#saved li").count(), 1);
  assert.match(await page.textContent("#saved li"), /^Game, 1 move \(\*\) — /);
  await page.click("#saved [data-load]");
  await page.click("#last");
  assert.equal(await pdtl(page), AFTER_E7_E13);
  await page.click("#saved [data-delete]");
  assert.equal(await page.locator("#saved li").count(), 0);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator("#saved li").count(), 0);
});
