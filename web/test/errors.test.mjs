// Bad input gives an Error subclass with the core's message (the text every binding gives).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  Board,
  CescacsError,
  Engine,
  Game,
  IllegalMoveError,
  InvalidHexError,
  InvalidMoveError,
  InvalidOptionError,
  InvalidPdtlError,
} from "../pkg/node.js";

const INITIAL = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1";

function throwsExactly(f, Kind, message) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Kind, `${e?.name}: ${e?.message}`);
    assert.ok(e instanceof CescacsError && e instanceof Error);
    assert.equal(e.name, Kind.name);
    assert.equal(e.message, message);
    return true;
  });
}

test("a bad PDTL: InvalidPdtlError", () => {
  throwsExactly(
    () => new Board("bad"),
    InvalidPdtlError,
    "PDTL has 1 fields; expected 2 to 6 (placement, turn, castling, special capture, halfmove clock, move number)",
  );
  assert.throws(() => new Game("/27:1k/ w"), InvalidPdtlError);
});

test("an unreadable move: InvalidMoveError; an illegal one: IllegalMoveError", () => {
  const board = new Board();
  throwsExactly(() => board.push("E7-E20"), InvalidMoveError, 'move "E7-E20": invalid hex "E20": not a hex of the board');
  throwsExactly(() => board.push("NE3-C5"), IllegalMoveError, `move "NE3-C5" is not legal in position ${INITIAL}`);
  assert.ok(new IllegalMoveError("x") instanceof Error);
  assert.equal(board.ply(), 0, "nothing was played");
  assert.throws(() => board.push(42), TypeError);
});

test("an empty stack, a bad hex or colour", () => {
  const board = new Board();
  assert.throws(() => board.pop(), { name: "RangeError", message: "pop from empty move stack" });
  assert.throws(() => board.attackers("w", "Q9"), InvalidHexError);
  assert.throws(() => board.attackers("green", "F14"), InvalidHexError);
});

test("engine options and limits out of range: InvalidOptionError", () => {
  throwsExactly(() => new Engine({ skill: 21 }), InvalidOptionError, "Skill Level must be 0..20, not 21");
  const engine = new Engine({ hash: 1 });
  const board = new Board();
  throwsExactly(() => engine.search(board, { depth: 0 }), InvalidOptionError, "depth must be at least 1");
  throwsExactly(() => engine.search(board, { multipv: 0 }), InvalidOptionError, "multipv must be 1..500, not 0");
  assert.throws(() => engine.search(board, { depth: "deep" }), TypeError);
});
