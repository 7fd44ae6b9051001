// Draws docs/web-app.png: the page in headless Chromium with a real game's
// record half-way through, three analysis lines and a piece's moves shown.
// Usage: node screenshot.mjs OUTPUT.png (web/e2e/run.sh --screenshot).

import { readFileSync } from "node:fs";
import path from "node:path";
import { browser, clickHex, openApp, repo, serve } from "./harness.mjs";

const out = process.argv[2];
if (!out) {
  console.error("usage: node screenshot.mjs OUTPUT.png");
  process.exit(2);
}
const server = await serve();
const b = await browser();
try {
  const page = await openApp(b.context, server.url);
  await page.setViewportSize({ width: 1240, height: 900 });
  await page.selectOption("#human-side", "both");
  await page.click("#record-box summary");
  await page.fill("#pgn", readFileSync(path.join(repo, "tests/data/games/2022-08-14.2.ctl-pgn"), "utf8"));
  await page.click("#import-pgn");
  await page.click("#record-box summary");
  for (let i = 0; i < 24; i++) await page.click("#next");
  await page.selectOption("#multipv", "3");
  await page.check("#analyse");
  await page.waitForFunction(
    () => document.querySelectorAll("#lines li").length === 3 && /depth ([6-9]|\d\d)/.test(document.querySelector("#analysis-info").textContent),
    null,
    { timeout: 60000 },
  );
  await page.click("#stop");
  // Show the moves of the White piece with the most of them.
  let best = null;
  for (const hex of await page.$$eval("[data-hex]", (els) => els.map((e) => e.dataset.hex))) {
    await clickHex(page, hex);
    const n = await page.locator("#board [data-dest]").count();
    if (n > (best?.n ?? 0)) best = { hex, n };
    if (n) await clickHex(page, hex);
  }
  await clickHex(page, best.hex);
  await page.screenshot({ path: out });
  if (page.problems.length) throw new Error(page.problems.join("\n"));
  console.log(`wrote ${out}`);
} finally {
  await b.close();
  server.close();
}
