// The entry of the npm package `cescacs`: the bindings wasm-bindgen wrote (cescacs.js:
// `init`/`initSync`, Board, Game, Engine, skillElo, perft, boardSvg) and the error classes.
// Load the WebAssembly first: `await init()` in a browser or a worker, `initSync({ module })`
// with the bytes of cescacs_bg.wasm anywhere; in Node, `import ... from "cescacs/node"` does it.
export * from "./cescacs.js";
export { default } from "./cescacs.js";
export {
  CescacsError,
  InvalidPdtlError,
  InvalidMoveError,
  IllegalMoveError,
  GameOverError,
  InvalidHexError,
  InvalidPgnError,
  InvalidEditError,
  InvalidOptionError,
} from "@ERRORS@";
