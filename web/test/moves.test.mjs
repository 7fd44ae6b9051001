// Every position of the golden data: its legal move set (long forms), each move's CTL-AN,
// the PDTL written back, perft 2, and the King's gaits, through the WebAssembly package.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, perft } from "../pkg/node.js";
import { jsonl } from "./data.mjs";

function checkRecord(r) {
  const board = new Board(r.pdtl);
  try {
    assert.equal(board.pdtl(), r.pdtl, `${r.source}: PDTL written back`);
    const moves = board.legalMoves();
    const longs = moves.map((m) => m.long).sort();
    assert.deepEqual(longs, r.moves, `${r.source}: legal moves`);
    for (const m of moves) {
      assert.equal(m.ctl, r.notation[m.long], `${r.source}: CTL-AN of ${m.long}`);
      assert.equal(board.parseCtl(m.ctl).long, m.long, `${r.source}: parseCtl(${m.ctl})`);
    }
    assert.equal(perft(board, 2), r.perft2, `${r.source}: perft 2`);
    const leaps = moves.filter((m) => m.kind === "king_leap").map((m) => m.long);
    assert.deepEqual(board.kingLeaps().map((m) => m.long).sort(), leaps.sort(), `${r.source}: kingLeaps`);
    const castlings = moves.filter((m) => m.kind === "castling").map((m) => m.long);
    assert.deepEqual(board.castlings().map((m) => m.long).sort(), castlings.sort(), `${r.source}: castlings`);
    assert.equal(board.isCheck(), r.tags.includes("in_check"), `${r.source}: isCheck`);
    if (r.tags.includes("checkmate")) assert.equal(board.outcome().termination, "checkmate");
    if (r.tags.includes("stalemate")) assert.equal(board.outcome().termination, "stalemate");
    return board;
  } finally {
    board.free();
  }
}

for (const file of ["castling.jsonl", "probes.jsonl", "games.jsonl", "random-dev.jsonl"]) {
  test(`every position of ${file}`, () => {
    const records = jsonl(file);
    for (const r of records) checkRecord(r);
    assert.ok(records.length >= 11);
  });
}

test("castling studies: the counts of Leaps and castlings", () => {
  for (const r of jsonl("castling.jsonl")) {
    const board = new Board(r.pdtl);
    assert.equal(board.kingLeaps().length, r.counts.leaps, r.source);
    assert.equal(board.castlings().length, r.counts.king_rook + r.counts.queen_rook + r.counts.double, r.source);
    board.free();
  }
});

test("probes reached by moves: make-move writes the expected PDTL", () => {
  let checked = 0;
  for (const r of jsonl("probes.jsonl").filter((r) => r.setup)) {
    const board = new Board(r.setup.pdtl);
    for (const long of r.setup.moves) board.push({ long });
    assert.equal(board.pdtl(), r.pdtl, r.source);
    board.free();
    checked++;
  }
  assert.equal(checked, 5);
});

test("games: each played move, pushed as written, leads to the next record", () => {
  const records = jsonl("games.jsonl");
  let pushed = 0;
  for (let i = 0; i + 1 < records.length; i++) {
    const r = records[i];
    if (!r.played) continue;
    const board = new Board(r.pdtl);
    const m = board.push(r.notation[r.played]);
    assert.equal(m.long, r.played, r.source);
    assert.equal(board.pdtl(), records[i + 1].pdtl, r.source);
    assert.equal(board.pop().long, r.played);
    assert.equal(board.pdtl(), r.pdtl);
    board.free();
    pushed++;
  }
  assert.equal(pushed, 484);
});
