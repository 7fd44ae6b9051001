// The board's hooks: 169 hexes tagged data-hex, the PDTL field (shows the
// position; a PDTL and Enter sets one), flipping.

import { test } from "node:test";
import assert from "node:assert/strict";
import { pdtl, setPdtl } from "../harness.mjs";
import { CASTLINGS, INITIAL, setup } from "./setup.mjs";

const ctx = setup();

test("the board has 169 hexes, each tagged with its name, and the initial position", async () => {
  const page = await ctx.open();
  const names = await page.$$eval("[data-hex]", (els) => els.map((e) => e.dataset.hex));
  assert.equal(names.length, 169);
  assert.equal(new Set(names).size, 169);
  for (const name of ["P7", "Z7", "F0", "F28", "E7", "F14", "A23"]) assert.ok(names.includes(name), name);
  assert.equal(await pdtl(page), INITIAL);
  // 54 pieces (27 a side): the drawing has one disc per piece.
  assert.equal(await page.locator("#board svg g.piece").count(), 54);
  assert.equal(await page.textContent("#status"), "White to move");
});

test("typing a PDTL and Enter sets the position", async () => {
  const page = await ctx.open();
  await setPdtl(page, CASTLINGS);
  assert.equal(await pdtl(page), CASTLINGS);
  assert.equal(await page.locator("#board svg g.piece").count(), 5);
  assert.equal(await page.$$eval("#moves .move", (els) => els.length), 0);
});

test("a PDTL that cannot be read is refused with the package's error, the position kept", async () => {
  const page = await ctx.open();
  await setPdtl(page, "/28:v/ x");
  assert.equal(await page.getAttribute("#pdtl", "class"), "invalid");
  assert.match(await page.textContent("#status"), /^InvalidPdtlError: /);
  await page.keyboard.press("Escape");
  assert.equal(await pdtl(page), INITIAL);
});

test("flip turns the board: White's side goes to the top", async () => {
  const page = await ctx.open();
  const y = (hex) => page.$eval(`[data-hex="${hex}"]`, (e) => e.getBoundingClientRect().y);
  assert.ok((await y("F0")) > (await y("F28")), "White's F0 below Black's F28");
  await page.click("#flip");
  assert.ok((await y("F0")) < (await y("F28")), "flipped: F0 above F28");
  assert.equal(await pdtl(page), INITIAL);
});

test("a King in check is marked on the board and in the status line", async () => {
  const page = await ctx.open();
  await setPdtl(page, "/27:1k/17:4p3/16:4P2/14:3K3/ w -- G17@19 0 2");
  assert.equal(await page.textContent("#status"), "White to move — check");
  const centre = (sel) =>
    page.$eval(sel, (e) => {
      const r = e.getBoundingClientRect();
      return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];
    });
  assert.deepEqual(await centre("#board svg circle.check"), await centre('[data-hex="F14"]'));
});
