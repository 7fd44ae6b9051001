// boardSvg: the core's drawing (the one Python's cescacs.svg draws).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, boardSvg } from "../pkg/node.js";

const count = (text, s) => text.split(s).length - 1;

test("every hex once with data-hex, pieces, no check at the start", () => {
  const board = new Board();
  const svg = boardSvg(board, {});
  assert.equal(count(svg, "<polygon"), 169);
  assert.equal(count(svg, "data-hex="), 169);
  assert.equal(count(svg, 'data-hex="E7"'), 1);
  assert.equal(count(svg, '<g class="piece '), Object.keys(board.pieceMap()).length);
  assert.equal(Object.keys(board.pieceMap()).length, 54);
  assert.equal(count(svg, 'class="check"'), 0);
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="480" height="'));
  assert.equal(boardSvg(board), svg, "options may be left out");
});

test("arrows, last move, highlight, fill, crosses, flip", () => {
  const board = new Board();
  board.push("E7-E13");
  const svg = boardSvg(board, {
    arrows: ["E21-E15", ["D2", "H10", "#c03030"], { tail: "F26", head: "F16" }],
    highlight: ["F14"],
    fill: { A5: "#ff0000" },
    squares: ["G1"],
    size: 300,
  });
  assert.equal(count(svg, 'class="arrow"'), 3);
  assert.match(svg, /<g class="arrow" fill="#c03030"/);
  assert.match(svg, /data-hex="A5" points="[^"]+" fill="#ff0000"/);
  const fillOf = (text, hex) => text.match(new RegExp(`data-hex="${hex}" points="[^"]+" fill="([^"]+)"`))[1];
  assert.match(svg, /<path class="cross G1"/);
  assert.match(svg, / width="300" /);
  const plain = boardSvg(board, { lastmove: false });
  // E7 is a white hex: #f3ead7 tinted 55% towards #e8e84a (as Python rounds).
  assert.equal(fillOf(plain, "E7"), "#f3ead7");
  assert.equal(fillOf(svg, "E7"), "#ede989");
  assert.equal(fillOf(svg, "E13"), fillOf(boardSvg(board, { lastmove: board.peek() }), "E13"));
  const flipped = boardSvg(board, { orientation: "b" });
  assert.equal(boardSvg(board, { orientation: false }), flipped, "python-chess's bool");
  assert.equal(boardSvg(board, { flipped: true }), flipped);
  assert.notEqual(flipped, boardSvg(board, { orientation: true }));
  assert.equal(count(boardSvg(board, { coordinates: false }), 'class="coordinates"'), 0);
});

test("a King in check is marked; check: null removes the mark", () => {
  // 2023-09-11 after its mate: Black's King in check.
  const board = new Board("/26:V1k/24:3Jp/23:3epp/22:2e4/20:2jpen1/19:4p3/18:3G3/17:6N1/16:4p2/12:1P5/8:1d5/7:4P3/6:4P2/5:3EPP/4:3EP/3:3R/2:1JG/1:1K/ w KR- - 0 57");
  board.push("VD26-G27#");
  assert.equal(count(boardSvg(board, {}), 'class="check"'), 1);
  assert.equal(count(boardSvg(board, { check: null }), 'class="check"'), 0);
  assert.throws(() => boardSvg(board, { arrows: ["nothing"] }), /names no move of this board and not two hexes/);
});
