// The clock of a game between two players at the board (no engine): it
// starts at the first move, counts the side to move's time, adds the
// increment, and a side whose time runs out loses. Time is Playwright's
// fake clock, so the test waits for nothing.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickHex } from "../harness.mjs";
import { setup } from "./setup.mjs";

const ctx = setup();

test("3 + 2: the first move starts the clock, the increment is added, and Black loses on time", async () => {
  const start = new Date("2026-01-01T12:00:00Z").getTime();
  const page = await ctx.open({ beforeLoad: (p) => p.clock.install({ time: start }) });
  // From here on the page's time moves only when the test says.
  await page.clock.pauseAt(start + 3600000);
  await page.selectOption("#human-side", "both");
  await page.selectOption("#time-control", "180+2");
  await page.click("#new-game");
  assert.equal(await page.textContent("#clock-bottom"), "White 3:00");
  assert.equal(await page.textContent("#clock-top"), "Black 3:00");
  await page.clock.runFor(5000);
  assert.equal(await page.textContent("#clock-bottom"), "White 3:00", "not started before the first move");
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  await page.clock.runFor(10000);
  assert.equal(await page.textContent("#clock-top"), "Black 2:50");
  assert.match(await page.getAttribute("#clock-top", "class"), /running/);
  await clickHex(page, "E21");
  await clickHex(page, "E15");
  // Black's 10 s spent and 2 s added; White's clock runs.
  assert.equal(await page.textContent("#clock-top"), "Black 2:52");
  assert.match(await page.getAttribute("#clock-bottom", "class"), /running/);
  await clickHex(page, "F8");
  await clickHex(page, "F12");
  await page.clock.runFor(173000);
  assert.equal(await page.textContent("#result"), "Black lost on time");
  assert.equal(await page.textContent("#clock-top"), "Black 0.0");
});
