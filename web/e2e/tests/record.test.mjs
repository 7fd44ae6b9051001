// CTL-PGN records: import, step through, variations, comments, export.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { clickHex, pdtl, repo } from "../harness.mjs";
import { INITIAL, setup } from "./setup.mjs";

const ctx = setup();

const GAME = readFileSync(path.join(repo, "tests/data/games/2022-08-14.2.ctl-pgn"), "utf8");
// `cescacs play E7-E13 E21-E15 F8-F12` and the game's 69 moves.
const AFTER_3 =
  "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/15:3p4/13:3P4/12:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr F12@10 0 2";
const FINAL = "/28:v/25:kDnr/24:p1jep/23:4pp/22:1N2p2/21:2e1p3/20:2pd3/13:2j5/9:4J3/8:5j1/7:2N2P2/6:2P1P2/5:PPR3/4:PE1EP/3:R3/2:K2/ b -- - 2 35";

test("a real game's record: import, step through, export and import again", async () => {
  const page = await ctx.open();
  await page.click("#record-box summary");
  await page.fill("#pgn", GAME);
  await page.click("#import-pgn");
  assert.equal(await page.locator("#moves .move").count(), 69);
  assert.equal(await pdtl(page), INITIAL);
  for (let i = 0; i < 3; i++) await page.click("#next");
  assert.equal(await pdtl(page), AFTER_3);
  await page.click("#prev");
  await page.click("#next");
  assert.equal(await pdtl(page), AFTER_3);
  await page.click("#last");
  assert.equal(await pdtl(page), FINAL);
  assert.match(await page.textContent("#result"), /^checkmate: White wins \(3-0\)$/);
  await page.click("#first");
  assert.equal(await pdtl(page), INITIAL);
  // A move in the list puts the board after it.
  await page.click('#moves .move[data-index="3"]');
  assert.equal(await pdtl(page), AFTER_3);

  await page.click("#export-pgn");
  const exported = await page.inputValue("#pgn");
  assert.ok(
    exported.startsWith(
      '[Variant "C\'escacs"]\n[Event "CG"]\n[Site "Barcelona, Catalunya ESP"]\n[Date "2022-08-14"]\n[Round "?"]\n[White "Sasal, Cesc"]\n[Black "Ros, Xus"]\n[Result "3-0"]\n',
    ),
    exported.slice(0, 300),
  );
  assert.ok(exported.includes("\n1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n"), exported);
  assert.ok(exported.includes("\n35. DC19-E25#\n"), exported);
  // The exported record reads back to the same game and writes the same text.
  await page.fill("#pgn", exported);
  await page.click("#import-pgn");
  await page.click("#last");
  assert.equal(await pdtl(page), FINAL);
  await page.click("#export-pgn");
  assert.equal(await page.inputValue("#pgn"), exported);
});

test("a record with a variation and a comment: stepping into the variation, and back", async () => {
  const page = await ctx.open();
  await page.click("#record-box summary");
  await page.fill(
    "#pgn",
    '[Variant "C\'escacs"]\n\n1. E7-E13, E21-E15 {the usual}\n(1. …, D22-D16)\n2. F8-F12\n*\n',
  );
  await page.click("#import-pgn");
  const texts = await page.$$eval("#moves .move", (els) => els.map((e) => e.textContent));
  assert.deepEqual(texts, ["E7-E13", "E21-E15", "D22-D16", "F8-F12"]);
  assert.equal(await page.textContent("#moves .comment"), "the usual ");
  await page.click('#moves .move[data-ctl="D22-D16"]');
  assert.match(await pdtl(page), / w RKRrkr D16@18-20 0 2$/);
  await page.click("#prev");
  assert.match(await pdtl(page), / b RKRrkr E13@9-11 0 1$/);
  await page.click("#next");
  assert.match(await pdtl(page), / w RKRrkr E15@17-19 0 2$/);
  assert.equal(await page.inputValue("#comment"), "the usual");
});

test("a move played inside the record becomes a variation, exported and promoted", async () => {
  const page = await ctx.open();
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  await clickHex(page, "E21");
  await clickHex(page, "E15");
  await page.click("#prev");
  await clickHex(page, "D22");
  await clickHex(page, "D16");
  await page.fill("#comment", "a sideline");
  await page.press("#comment", "Enter");
  await page.click("#record-box summary");
  await page.click("#export-pgn");
  const text = await page.inputValue("#pgn");
  assert.ok(text.endsWith('[Result "*"]\n1. E7-E13, E21-E15\n(1. …, D22-D16\n.{ @B: a sideline }\n)\n*\n'), text);
  await page.click("#promote");
  await page.click("#export-pgn");
  const promoted = await page.inputValue("#pgn");
  assert.ok(promoted.endsWith('[Result "*"]\n1. E7-E13, D22-D16\n{ @B: a sideline }\n(1. …, E21-E15)\n*\n'), promoted);
  // The cursor stays on the promoted move, now in the main line.
  assert.equal(await page.textContent("#moves .move.current"), "D22-D16");
  assert.equal(await page.inputValue("#comment"), "a sideline");
});

test("a record from a file, stepped through with the keyboard, and downloaded", async () => {
  const page = await ctx.open();
  await page.click("#record-box summary");
  await page.setInputFiles("#pgn-file", path.join(repo, "tests/data/games/2022-08-14.2.ctl-pgn"));
  // The page reads the file asynchronously: wait for its record to be shown.
  await page.waitForFunction(() => document.querySelectorAll("#moves .move").length > 0);
  assert.equal(await page.locator("#moves .move").count(), 69);
  await page.click("#flip"); // focus on a button: the keys step through the record
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await pdtl(page), AFTER_3);
  await page.keyboard.press("End");
  assert.equal(await pdtl(page), FINAL);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Home");
  assert.equal(await pdtl(page), INITIAL);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-pgn")]);
  assert.equal(download.suggestedFilename(), "cescacs-game.ctl-pgn");
  const saved = readFileSync(await download.path(), "utf8");
  assert.equal(saved, await page.inputValue("#pgn"));
  assert.ok(saved.includes('[White "Sasal, Cesc"]\n') && saved.includes("\n35. DC19-E25#\n"));
});

test("a record that cannot be read names the line and column, and the game stays", async () => {
  const page = await ctx.open();
  await clickHex(page, "E7");
  await clickHex(page, "E13");
  await page.click("#record-box summary");
  await page.fill("#pgn", '[Variant "C\'escacs"]\n\n1. E7-E14 *\n');
  await page.click("#import-pgn");
  assert.match(await page.textContent("#status"), /^InvalidPgnError: .*3/);
  assert.match(await pdtl(page), / b RKRrkr E13@9-11 0 1$/);
});
