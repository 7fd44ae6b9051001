// An Engine in a Web Worker (or a Node worker thread), driven by engine-client.js so that a
// search never blocks the page. Messages in: {type: "new", options}, {type: "search", id,
// start, moves, limits}, {type: "newGame"}; out: {type: "loaded"}, {type: "info", id, info}
// after each iteration, {type: "result", id, result}, {type: "error", id, error}.
import init, { initSync, Board, Engine } from "./cescacs.js";

const inNode = typeof self === "undefined" && typeof process !== "undefined";
let port;
if (inNode) {
  const { parentPort } = await import("node:worker_threads");
  const { readFileSync } = await import("node:fs");
  initSync({ module: readFileSync(new URL("./cescacs_bg.wasm", import.meta.url)) });
  port = { post: (m) => parentPort.postMessage(m), on: (f) => parentPort.on("message", f) };
} else {
  await init();
  port = { post: (m) => self.postMessage(m), on: (f) => self.addEventListener("message", (e) => f(e.data)) };
}

let engine = null;
port.on((msg) => {
  try {
    if (msg.type === "new") {
      engine?.free();
      engine = new Engine(msg.options ?? {});
    } else if (msg.type === "newGame") {
      engine?.newGame();
    } else if (msg.type === "search") {
      engine ??= new Engine({});
      const board = new Board(msg.start);
      try {
        for (const m of msg.moves) board.push(m);
        const onInfo = (info) => port.post({ type: "info", id: msg.id, info });
        const result = engine.search(board, { ...msg.limits, onInfo });
        port.post({ type: "result", id: msg.id, result });
      } finally {
        board.free();
      }
    }
  } catch (e) {
    port.post({ type: "error", id: msg.id, error: { name: e?.name ?? "Error", message: String(e?.message ?? e) } });
  }
});
port.post({ type: "loaded" });
