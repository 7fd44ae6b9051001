// The engine in its Web Worker: #engine-move plays for the side to move, a
// game against the engine answers by itself with a clock, the analysis
// shows MultiPV lines and the evaluation bar, and stop stops.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickHex, pdtl } from "../harness.mjs";
import { INITIAL, setup } from "./setup.mjs";

const ctx = setup();

test("#engine-move: the engine plays for the side to move (depth 2: I5-I11, as `cescacs uci` go depth 2)", async () => {
  const page = await ctx.open();
  await page.selectOption("#human-side", "both");
  await page.selectOption("#engine-limit", "depth:2");
  await page.click("#engine-move");
  await page.waitForFunction((start) => document.querySelector("#pdtl").value !== start, INITIAL);
  assert.equal(
    await pdtl(page),
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/11:5P2/8:3P3/7:3PP3/6:2PJP2/5:PPEE1P/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr I11@7-9 0 1",
  );
  assert.deepEqual(await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent)), ["I5-I11"]);
});

test("Skill Level 0 chooses as under UCI (depth 2: I5-I11, as `cescacs uci` with Skill Level 0)", async () => {
  const page = await ctx.open();
  await page.selectOption("#human-side", "both");
  await page.selectOption("#engine-limit", "depth:2");
  await page.selectOption("#skill", "0");
  await page.click("#engine-move");
  await page.waitForFunction((start) => document.querySelector("#pdtl").value !== start, INITIAL);
  assert.equal(await pdtl(page), "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/11:5P2/8:3P3/7:3PP3/6:2PJP2/5:PPEE1P/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr I11@7-9 0 1");
  assert.deepEqual(await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent)), ["I5-I11"]);
});

test("a game against the engine: Skill Level 0-20, a clock, and the engine answers a move by itself (time-limited: its choice is not checked)", async () => {
  const page = await ctx.open();
  const levels = await page.$$eval("#skill option", (els) => els.map((e) => e.value));
  assert.deepEqual(levels, Array.from({ length: 21 }, (_, i) => String(i)));
  // Each level is offered with its Elo on the ladder (level 0 at 1000).
  const labels = await page.$$eval("#skill option", (els) => els.map((e) => e.textContent));
  assert.equal(labels[0], "0 · Elo 1000");
  assert.ok(labels.every((l, i) => new RegExp(`^${i} · Elo \\d+$`).test(l)), labels.join(", "));
  await page.selectOption("#human-side", "w");
  await page.selectOption("#skill", "3");
  await page.selectOption("#time-control", "60+0");
  await page.click("#new-game");
  assert.equal(await page.textContent("#clock-bottom"), "White 1:00");
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  // The engine (Black) answers; then it is White's move again.
  await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 2, null, { timeout: 20000 });
  assert.match(await pdtl(page), / w RKRrkr \S+ \d+ 2$/);
  assert.match(await page.textContent("#clock-top"), /^Black 0:[0-5]\d$/);
  const running = await page.getAttribute("#clock-bottom", "class");
  assert.match(running, /running/);
});

test("analysis: three lines with scores, the evaluation bar, stop, and the page answers while it runs", async () => {
  const page = await ctx.open();
  await page.selectOption("#multipv", "3");
  await page.check("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length === 3, null, { timeout: 20000 });
  const lines = await page.$$eval("#lines li", (els) => els.map((e) => e.textContent));
  for (const line of lines) assert.match(line, /^([+-]?\d+\.\d\d|#-?\d+)\S* /);
  assert.notEqual(await page.getAttribute("#evalbar", "data-score"), "");
  // The page keeps answering during the search: a move by clicks goes through.
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  assert.match(await pdtl(page), / b RKRrkr E13@9-11 0 1$/);
  await page.waitForFunction(() => document.querySelectorAll("#lines li").length === 3, null, { timeout: 20000 });
  await page.click("#stop");
  assert.equal(await page.isChecked("#analyse"), false);
  const info = await page.textContent("#analysis-info");
  await page.waitForTimeout(400);
  assert.equal(await page.textContent("#analysis-info"), info, "no update after stop");
  assert.equal(await page.locator("#lines li").count(), 3, "the lines found stay on show");
  // …for their own position only.
  await page.click("#prev");
  assert.equal(await page.locator("#lines li").count(), 0);
  assert.equal(await page.getAttribute("#evalbar", "data-score"), "");
});

test("stop during an engine move plays the best move found so far", async () => {
  const page = await ctx.open();
  await page.selectOption("#human-side", "both");
  await page.selectOption("#engine-limit", "movetime:10000");
  await page.click("#engine-move");
  await page.waitForFunction(() => document.querySelector("#evalbar").dataset.score, null, { timeout: 20000 });
  await page.waitForTimeout(300);
  const t0 = Date.now();
  await page.click("#stop");
  await page.waitForFunction(() => document.querySelectorAll("#moves .move").length === 1, null, { timeout: 5000 });
  assert.ok(Date.now() - t0 < 5000);
  assert.match(await pdtl(page), / b RKRrkr /);
});
