// CTL-PGN through the package: the real games read, replayed and written back; a record with
// comments and variations written to the spec; undo, repetition and the end of the game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, Game, GameOverError, InvalidPgnError } from "../pkg/node.js";
import { jsonl, pgnGames } from "./data.mjs";

const positions = jsonl("games.jsonl");

for (const [file, text] of pgnGames()) {
  test(`${file}: read, replayed, written and read back`, () => {
    const game = Game.fromPgn(text);
    const records = positions.filter((r) => r.source.startsWith(`game:${file}#`));
    assert.equal(game.ply(), records.length - 1);
    // Replayed move by move, each position is the golden data's.
    const board = new Board();
    const moves = game.moves();
    records.forEach((r, ply) => {
      assert.equal(board.pdtl(), r.pdtl, `${file} ply ${ply}`);
      if (ply < moves.length) {
        assert.equal(moves[ply].long, r.played);
        board.push(moves[ply]);
      }
    });
    assert.equal(game.board().pdtl(), records.at(-1).pdtl);
    assert.equal(game.outcome().termination, "checkmate");
    assert.equal(game.isGameOver(), true);
    const written = game.toPgn();
    assert.ok(written.startsWith('[Variant "C\'escacs"]\n'), written.slice(0, 40));
    const again = Game.fromPgn(written);
    assert.equal(again.toPgn(), written, "the writer's output reads back to the same text");
    assert.deepEqual(again.ctlMoves(), game.ctlMoves());
    assert.deepEqual(again.headers(), game.headers());
    board.free();
  });
}

test("a record with comments and a variation is written to the spec", () => {
  const game = new Game();
  for (const m of ["E7-E13", "E21-E15", "F8-F12"]) game.push(m);
  const rank = game.addVariation([], 1, ["D22-D16"]);
  assert.equal(rank, 0);
  game.extendLine([[1, 0]], ["F8-F12"]);
  game.setComments([[1, 0]], 0, ["solid"]);
  game.setAssessment([], 0, "!");
  game.setHeader("Event", "Club final");
  const text = game.toPgn();
  const movetext = text.split('[Result "*"]\n')[1];
  assert.equal(movetext, "1. E7-E13 !, E21-E15\n(1. …, D22-D16\n.{ @B: solid }\n.2. F8-F12)\n2. F8-F12\n*\n");
  assert.deepEqual(game.headers()[0], ["Variant", "C'escacs"]);
  assert.equal(game.header("Event"), "Club final");
  const back = Game.fromPgn(text);
  assert.equal(back.toPgn(), text);
  const tree = back.tree();
  assert.equal(tree.moves[1].variations[0].moves[0].ctl, "D22-D16");
  assert.deepEqual(tree.moves[1].variations[0].moves[0].comments, ["solid"]);
  assert.equal(tree.moves[0].assessment, "!");
  // The variation becomes the main line.
  back.promoteToMain([], 1, 0);
  assert.deepEqual(back.ctlMoves(), ["E7-E13", "D22-D16", "F8-F12"]);
  assert.equal(back.boardIn([], 2).pdtl(), back.boardAt(2).pdtl());
});

test("undo, repetition and the end of the game", () => {
  const game = new Game();
  assert.equal(game.pop(), null);
  game.push("E7-E13");
  assert.equal(game.pop().long, "E7-E13");
  assert.equal(game.ply(), 0);
  // Knights out and back: the start position comes back every four plies.
  const cycle = ["NE3-C7", "NE25-C21", "NC7-E3", "NC21-E25"];
  for (let i = 0; i < 8; i++) game.push(cycle[i % 4]);
  assert.equal(game.repetitionCount(), 3);
  assert.equal(game.canClaimDraw(), true);
  assert.equal(game.outcome(), null);
  for (let i = 0; i < 8; i++) game.push(cycle[i % 4]);
  assert.equal(game.repetitionCount(), 5);
  assert.deepEqual(game.outcome(), { termination: "fivefold repetition", winner: null, result: "1-1", points: [1, 1] });
  assert.equal(game.result(), "1-1");
  assert.throws(() => game.push("E7-E13"), GameOverError);
  assert.match(game.toPgn(), /\n1-1\n$/);
});

test("a bad record: InvalidPgnError with line, column and reason", () => {
  const text = '[Variant "C\'escacs"]\n\n1. E7-E13, E21-E15\n2. Q99-A1\n*\n';
  try {
    Game.fromPgn(text);
    assert.fail("no error");
  } catch (e) {
    assert.ok(e instanceof InvalidPgnError, String(e));
    assert.equal(e.line, 4);
    assert.equal(e.message, `line ${e.line}, column ${e.column}: ${e.reason}`);
  }
});
