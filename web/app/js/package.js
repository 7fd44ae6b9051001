// Loads the cescacs package (WebAssembly) once for the page. `pkg/` is the
// package's copy that scripts/build-web.sh puts beside the page.

import init, * as cescacs from "../pkg/index.js";

let loading = null;

/** The package's exports, after its WebAssembly module has loaded. */
export function loadPackage() {
  loading ??= init().then(() => cescacs);
  return loading;
}
