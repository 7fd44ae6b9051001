// perft.json's counts to depth 3 (depth 4 of the initial position is the benchmark's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, perft } from "../pkg/node.js";
import { perftData } from "./data.mjs";

for (const p of perftData()) {
  test(`perft of ${p.name} to depth 3`, () => {
    const board = new Board(p.pdtl);
    for (const depth of ["1", "2", "3"]) {
      assert.equal(perft(board, Number(depth)), p.perft[depth], `${p.name} depth ${depth}`);
    }
    assert.equal(board.perft(1), board.legalMoves().length);
    board.free();
  });
}

test("perft of the initial position, as RULES.md quotes it", () => {
  const board = new Board();
  assert.equal(perft(board, 3), 340385);
  board.free();
});
