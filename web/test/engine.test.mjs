// The engine through the package: a mate in one found, MultiPV lines, Skill Level, info
// reports; in a worker thread through EngineWorker, a search that stop() ends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Board, Engine, InvalidOptionError, skillElo } from "../pkg/node.js";
import { EngineWorker } from "../pkg/engine-client.js";

// 2023-09-11.ctl-pgn before its last move: White mates with VD26-G27#.
const MATE_IN_ONE = "/26:V1k/24:3Jp/23:3epp/22:2e4/20:2jpen1/19:4p3/18:3G3/17:6N1/16:4p2/12:1P5/8:1d5/7:4P3/6:4P2/5:3EPP/4:3EP/3:3R/2:1JG/1:1K/ w KR- - 0 57";

test("finds the mate in one at depth 3", () => {
  const engine = new Engine({ hash: 4 });
  const board = new Board(MATE_IN_ONE);
  const infos = [];
  const r = engine.search(board, { depth: 3, onInfo: (i) => infos.push(i) });
  // Two moves mate here (VD26-G27# as played, and VD26-F24#).
  assert.ok(["VD26-G27#", "VD26-F24#"].includes(r.bestMove.ctl), r.bestMove.ctl);
  assert.deepEqual(r.score, { mate: 1 });
  assert.equal(r.pv[0].long, r.bestMove.long);
  assert.equal(r.depth, 3);
  assert.ok(r.nodes > 0);
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3]);
  board.push(r.bestMove);
  assert.equal(board.outcome().termination, "checkmate");
});

test("MultiPV lines, a node limit and a weakened level", () => {
  const engine = new Engine({ hash: 4 });
  const board = new Board();
  const r = engine.search(board, { depth: 3, multipv: 3 });
  assert.equal(r.lines.length, 3);
  assert.equal(new Set(r.lines.map((l) => l.pv[0].long)).size, 3);
  assert.equal(r.lines[0].pv[0].long, r.bestMove.long);
  const n = engine.search(board, { nodes: 500 });
  assert.ok(n.nodes <= 500 && n.bestMove !== null, JSON.stringify(n.nodes));
  const weak = engine.search(board, { depth: 2, skill: 0 });
  assert.ok(board.isLegal(weak.bestMove));
  assert.equal(typeof engine.evaluate(board), "number");
});

test("each Skill Level's Elo on the measured ladder, for a level picker", () => {
  const elos = Array.from({ length: 21 }, (_, level) => skillElo(level));
  assert.equal(elos[0], 1000);
  assert.ok(elos.every((e, i) => i === 0 || e > elos[i - 1]), elos.join(" "));
  assert.throws(() => skillElo(21), InvalidOptionError);
  assert.throws(() => skillElo(2.5), { message: "skill must be a whole number from 0 to 20, not 2.5" });
});

test("in a worker: a search without limits ends when stop() is called", async () => {
  const worker = new EngineWorker({ hash: 4 });
  await worker.ready;
  const board = new Board();
  let depths = 0;
  let stopped;
  const search = worker.search(board, {
    onInfo: (info) => {
      depths = info.depth;
      if (info.depth === 3 && !stopped) stopped = worker.stop();
    },
  });
  const r = await search;
  await stopped;
  assert.equal(r.stopped, true);
  assert.ok(r.depth >= 3, `depth ${r.depth}`);
  assert.ok(board.isLegal(r.bestMove));
  // The restarted worker searches again.
  const again = await worker.search(new Board(MATE_IN_ONE), { depth: 2 });
  assert.ok(["VD26-G27#", "VD26-F24#"].includes(again.bestMove.ctl), again.bestMove.ctl);
  assert.deepEqual(again.score, { mate: 1 });
  assert.equal(again.stopped, undefined);
  assert.ok(depths >= 3);
  await worker.terminate();
});
