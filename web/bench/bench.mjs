// The package's speed under Node, in the terms of the native CLI's own figures:
//   node web/bench/bench.mjs perft DEPTH            perft of the initial position, one thread
//   node web/bench/bench.mjs engine DEPTH < bench   the positions of `cescacs bench DEPTH`
//                                                   (its output on stdin), searched the same way
// Each prints the same figure lines as the CLI (time, nodes, nodes/second), timed inside the
// process (loading the WebAssembly excluded). scripts/bench-web.sh runs both beside the CLI.
import { readFileSync } from "node:fs";
import { Board, Engine, perft } from "../pkg/node.js";

const [mode, depthText] = process.argv.slice(2);
const depth = Number(depthText ?? 4);

if (mode === "perft") {
  const board = new Board();
  const t = performance.now();
  const leaves = perft(board, depth);
  const s = (performance.now() - t) / 1000;
  console.log(`perft(${depth}) = ${leaves} in ${s.toFixed(3)} s (${Math.round(leaves / s)} nodes/s)`);
} else if (mode === "engine") {
  // The CLI's positions and totals, read from its output.
  const native = readFileSync(0, "utf8");
  const pdtls = [...native.matchAll(/^Position: \d+\/\d+ (.+)$/gm)].map((m) => m[1]);
  const nativeNodes = Number(native.match(/^Nodes searched\s*: (\d+)/m)[1]);
  let nodes = 0;
  let ms = 0;
  pdtls.forEach((pdtl, k) => {
    // A fresh engine (table of 16 MiB) per position, one thread, as `cescacs bench`.
    const engine = new Engine({ hash: 16 });
    const board = new Board(pdtl);
    const t = performance.now();
    const r = engine.search(board, { depth });
    ms += performance.now() - t;
    nodes += r.nodes;
    console.log(`Position: ${k + 1}/${pdtls.length} ${pdtl}`);
    console.log(`bestmove ${r.bestMove?.ctl} nodes ${r.nodes}`);
    engine.free();
    board.free();
  });
  console.log("===========================");
  console.log(`Total time (ms) : ${Math.round(ms)}`);
  console.log(`Nodes searched  : ${nodes}`);
  console.log(`Nodes/second    : ${Math.round((nodes * 1000) / ms)}`);
  if (nodes !== nativeNodes) {
    console.error(`node counts differ: wasm ${nodes}, native ${nativeNodes}: not the same trees`);
    process.exit(1);
  }
} else {
  console.error("usage: bench.mjs perft DEPTH | bench.mjs engine DEPTH < (cescacs bench DEPTH output)");
  process.exit(2);
}
