// The engine off the main thread: an EngineWorker runs engine-worker.js in a Web Worker (or,
// in Node, a worker thread) and answers searches with promises.
//
// Stop: a search in WebAssembly cannot read a flag the page sets while it runs (its memory is
// not shared without cross-origin isolation and a threaded build), so `stop()` terminates the
// worker, answers the pending search with the deepest completed iteration it reported
// (`stopped: true`; `bestMove` null only if not even depth 1 had completed) and starts a fresh
// worker with the same options (its transposition table starts empty).

function defaultWorker(url) {
  if (typeof Worker !== "undefined") return Promise.resolve(new Worker(url, { type: "module" }));
  return import("node:worker_threads").then(({ Worker: NodeWorker }) => new NodeWorker(url));
}

function listen(worker, f) {
  if (typeof worker.on === "function") worker.on("message", f);
  else worker.addEventListener("message", (e) => f(e.data));
}

/** A search's result built from the last reported iteration (one entry per MultiPV line). */
function fromInfos(lines) {
  const best = lines[0];
  if (!best) {
    return { bestMove: null, score: null, pv: [], depth: 0, seldepth: 0, nodes: 0, time: 0, nps: 0, lines: [], stopped: true };
  }
  return {
    bestMove: best.pv[0] ?? null,
    score: best.score,
    pv: best.pv,
    depth: best.depth,
    seldepth: best.seldepth,
    nodes: best.nodes,
    time: best.time,
    nps: best.time > 0 ? Math.round((best.nodes * 1000) / best.time) : 0,
    lines: lines.map((l) => ({ score: l.score, pv: l.pv })),
    stopped: true,
  };
}

export class EngineWorker {
  /**
   * @param {import("./cescacs.js").EngineOptions} [options] the Engine's options
   * @param {{createWorker?: (url: URL) => any}} [how] how to start a worker (default: a
   *   module Web Worker, or Node's worker_threads)
   */
  constructor(options = {}, how = {}) {
    this.options = options;
    this.createWorker = how.createWorker ?? defaultWorker;
    this.url = new URL("./engine-worker.js", import.meta.url);
    this.nextId = 1;
    this.pending = null;
    this.ready = this.#start();
  }

  async #start() {
    const worker = await this.createWorker(this.url);
    this.worker = worker;
    await new Promise((resolve, reject) => {
      listen(worker, (msg) => this.#receive(msg, resolve));
      if (typeof worker.on === "function") worker.on("error", reject);
      else worker.addEventListener("error", reject);
    });
    worker.postMessage({ type: "new", options: this.options });
  }

  #receive(msg, loaded) {
    if (msg.type === "loaded") return loaded();
    const p = this.pending;
    if (!p || msg.id !== p.id) return;
    if (msg.type === "info") {
      const k = msg.info.multipv - 1;
      if (msg.info.multipv === 1 || k >= p.lines.length) p.lines = p.lines.slice(0, k);
      p.lines[k] = msg.info;
      p.onInfo?.(msg.info);
    } else if (msg.type === "result") {
      this.pending = null;
      p.resolve(msg.result);
    } else if (msg.type === "error") {
      this.pending = null;
      const e = new Error(msg.error.message);
      e.name = msg.error.name;
      p.reject(e);
    }
  }

  /**
   * Searches `board` (its moves count for repetition) within `limits`; `limits.onInfo` is
   * called on this thread after each completed iteration. One search at a time.
   * @param {import("./cescacs.js").Board} board
   * @param {import("./cescacs.js").SearchLimits} [limits]
   * @returns {Promise<import("./cescacs.js").SearchResult & {stopped?: boolean}>}
   */
  async search(board, limits = {}) {
    if (this.pending) throw new Error("a search is already running: await it or stop() it first");
    const start = board.startPdtl();
    const moves = board.moveStack().map((m) => ({ long: m.long }));
    const { onInfo, ...rest } = limits;
    const id = this.nextId++;
    const done = new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onInfo, lines: [] };
    });
    await this.ready;
    if (this.pending?.id === id) this.worker.postMessage({ type: "search", id, start, moves, limits: rest });
    return done;
  }

  /** Stops the running search (see the module's note): resolves it with the deepest completed
   * iteration and restarts the worker. Nothing happens when no search runs. */
  async stop() {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    await this.worker?.terminate();
    p.resolve(fromInfos(p.lines));
    this.ready = this.#start();
    await this.ready;
  }

  /** Forgets what earlier searches learnt. */
  async newGame() {
    await this.ready;
    this.worker.postMessage({ type: "newGame" });
  }

  /** Ends the worker; a pending search is rejected. */
  async terminate() {
    const p = this.pending;
    this.pending = null;
    await this.worker?.terminate();
    p?.reject(new Error("the engine worker was terminated"));
  }
}
