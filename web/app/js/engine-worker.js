// The engine in a Web Worker, so that the page never waits for a search.
// One search at a time; the page stops a search by ending this worker
// (a synchronous WebAssembly search reads no messages while it runs) and
// starts a new one, keeping the last reported line as the best so far.
//
// Messages in:  {id, start, moves, limits}  (start: PDTL; moves: long forms
//               played from it, so repetitions count; limits: search's,
//               without onInfo)
// Messages out: {type: "ready"} once loaded; {id, type: "info", info} after
//               each iteration; {id, type: "result", result}; {id, type:
//               "error", name, message}.

import { loadPackage } from "./package.js";

const pkg = await loadPackage();
const engine = new pkg.Engine({});

self.onmessage = (event) => {
  const { id, start, moves, limits } = event.data;
  try {
    const board = new pkg.Board(start);
    for (const long of moves) board.push({ long });
    const result = engine.search(board, {
      ...limits,
      onInfo: (info) => self.postMessage({ id, type: "info", info }),
    });
    self.postMessage({ id, type: "result", result });
  } catch (e) {
    self.postMessage({ id, type: "error", name: e?.name ?? "Error", message: String(e?.message ?? e) });
  }
};

self.postMessage({ type: "ready" });
