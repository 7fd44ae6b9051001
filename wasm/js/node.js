// The package for Node: the WebAssembly loaded synchronously from beside this file, then
// everything the entry exports. `import { Board } from "cescacs/node"` is ready to use.
import { readFileSync } from "node:fs";
import { initSync } from "./index.js";

initSync({ module: readFileSync(new URL("./cescacs_bg.wasm", import.meta.url)) });

export * from "./index.js";
