// The package's declarations under `tsc --noEmit --strict` (web/types/run.sh): the API used as
// the README and docs/WEB.md show it, through the package's own `exports` map ("cescacs",
// "cescacs/node", "cescacs/engine-client.js"). Each `expectType` pins a declared type exactly
// (an `any` fails it), and each `@ts-expect-error` is a misuse the declarations must refuse.
import init, {
  Board,
  boardSvg,
  CescacsError,
  Engine,
  Game,
  GameOverError,
  IllegalMoveError,
  initSync,
  InvalidEditError,
  InvalidHexError,
  InvalidMoveError,
  InvalidOptionError,
  InvalidPdtlError,
  InvalidPgnError,
  perft,
} from "cescacs";
import type {
  EngineScore,
  Move,
  Outcome,
  RecordLine,
  RecordMove,
  SearchInfo,
  SearchLine,
  SearchResult,
} from "cescacs";
import * as forNode from "cescacs/node";
import { EngineWorker } from "cescacs/engine-client.js";
import type { WorkerSearchResult } from "cescacs/engine-client.js";

/** True when A and B are the same type (neither is `any` unless both are). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<A, B>(_proof: Equal<A, B>): void {}

// Loading: `init` in a page or worker, `initSync` with the bytes, or the Node entry.
async function load(bytes: Uint8Array): Promise<void> {
  await init();
  await init({ module_or_path: new URL("./cescacs_bg.wasm", import.meta.url) });
  initSync({ module: bytes });
}
expectType<typeof forNode.Board, typeof Board>(true);
expectType<typeof forNode.perft, typeof perft>(true);

// Board: the README's first lines.
const board = new Board();
new Board("a PDTL");
expectType<Move[], ReturnType<Board["legalMoves"]>>(true);
expectType<Move[], ReturnType<Board["kingLeaps"]>>(true);
expectType<Move[], ReturnType<Board["castlings"]>>(true);
expectType<Move[], ReturnType<Board["legalMovesFrom"]>>(true);
expectType<number, ReturnType<typeof perft>>(true);
const count: number = board.legalMoves().length + perft(board, 2) + board.perft(1);
const played: Move = board.push("E7-E13");
const reply = board.legalMoves().find((m) => m.long === "E21-E15");
if (reply) {
  expectType<string, typeof reply.ctl>(true);
  expectType<
    | "normal"
    | "double_step"
    | "triple_step"
    | "scornful_step"
    | "en_passant"
    | "scornful_capture"
    | "king_leap"
    | "castling"
    | "forced_promotion",
    typeof reply.kind
  >(true);
  expectType<string | null, typeof reply.promotion>(true);
  expectType<[string, string][], typeof reply.rookMoves>(true);
  board.push(reply);
}
board.pop();
expectType<Move | null, ReturnType<Board["peek"]>>(true);
expectType<string | undefined, ReturnType<Board["pieceAt"]>>(true);
expectType<Record<string, string>, ReturnType<Board["pieceMap"]>>(true);
expectType<string[], ReturnType<Board["attacks"]>>(true);
expectType<boolean, ReturnType<Board["isCheck"]>>(true);
const outcome: Outcome | null = board.outcome();
if (outcome) {
  expectType<"w" | "b" | null, typeof outcome.winner>(true);
  expectType<[number, number], typeof outcome.points>(true);
}
const text: string = board.pdtl() + board.ctl(played) + board.boardText(true);
// @ts-expect-error: a move is a text or a Move, not a number
board.push(42);
// @ts-expect-error: a PDTL is a string
new Board(7);
// @ts-expect-error: perft takes a board and a depth
perft(3);

// Game: a record read and written back, undo, the tree of variations.
const game = Game.fromPgn('[Variant "C\'escacs"]\n\n1. E7-E13, E21-E15\n*\n');
expectType<string[], ReturnType<Game["ctlMoves"]>>(true);
expectType<string, ReturnType<Game["toPgn"]>>(true);
expectType<Game[], ReturnType<typeof Game.readGames>>(true);
expectType<[string, string][], ReturnType<Game["headers"]>>(true);
expectType<Move | null, ReturnType<Game["pop"]>>(true);
const tree: RecordLine = game.tree();
const first: RecordMove | undefined = tree.moves[0];
const variations: RecordLine[] = first ? first.variations : [];
game.addVariation([], 1, ["E21-E16"]);
game.addVariation([[0, 1]], 0, []);
game.setComments(null, 0, ["a comment"]);
const atPly: Board = game.boardAt(1);
// @ts-expect-error: fromPgn is static
game.fromPgn("");

// Engine: `new Engine()` and its options, a search with limits or none.
const result: SearchResult = new Engine().search(board, { depth: 2 });
new Engine({ hash: 4, skill: 10, useNnue: false }).search(board);
expectType<Move | null, typeof result.bestMove>(true);
expectType<Move[], typeof result.pv>(true);
expectType<SearchLine[], typeof result.lines>(true);
const score: EngineScore = result.score;
const cp: number | undefined = "cp" in score ? score.cp : undefined;
new Engine().search(board, {
  multipv: 3,
  movetime: 100,
  onInfo: (info) => expectType<SearchInfo, typeof info>(true),
});
// @ts-expect-error: depth is a number
new Engine().search(board, { depth: "deep" });
// @ts-expect-error: no such option
new Engine({ threads: 2 });

// The engine in a worker.
async function inWorker(): Promise<void> {
  const worker = new EngineWorker({ hash: 4 });
  await worker.ready;
  const r = await worker.search(board, { depth: 3 });
  expectType<WorkerSearchResult, typeof r>(true);
  const stopped: boolean | undefined = r.stopped;
  const best: Move | null = r.bestMove;
  await worker.stop();
  await worker.terminate();
}

// The board drawing.
const svg: string = boardSvg(board) + boardSvg(board, { orientation: "b", arrows: ["E7-E13"] });
// @ts-expect-error: size is a number of pixels
boardSvg(board, { size: "big" });

// Errors: Error subclasses, InvalidPgnError with its place.
try {
  Game.fromPgn("1. ?");
} catch (e) {
  if (e instanceof InvalidPgnError) {
    const where: [number, number, string] = [e.line, e.column, e.reason];
  }
  const base: Error = new CescacsError("x");
  const kinds: CescacsError[] = [
    new InvalidPdtlError(),
    new InvalidMoveError(),
    new IllegalMoveError(),
    new GameOverError(),
    new InvalidHexError(),
    new InvalidEditError(),
    new InvalidOptionError(),
  ];
  const sub: IllegalMoveError = new GameOverError();
}

export { load, inWorker, count, text, variations, atPly, cp, svg };
