// The page's side of the engine worker (engine-worker.js): one search at a
// time, its progress as callbacks, and a stop that always works (it ends
// the worker; the next search starts a fresh one).

export class EngineClient {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.nextId = 1;
    this.current = null;
  }

  #spawn() {
    this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (e) => reject(new Error(`engine worker: ${e.message ?? "failed to start"}`));
      this.worker.onmessage = (event) => {
        if (event.data?.type === "ready") {
          this.worker.onmessage = (ev) => this.#receive(ev.data);
          resolve();
        }
      };
    });
  }

  /** Whether a search is running. */
  get busy() {
    return this.current !== null;
  }

  /**
   * Searches the position `start` + `moves` (long forms) within `limits`;
   * `onInfo(info)` after each iteration. Resolves with the search result,
   * or with `null` when stopped (the caller keeps the last info it saw).
   */
  async search(start, moves, limits, onInfo = () => {}) {
    this.stop();
    if (!this.worker) this.#spawn();
    const id = this.nextId++;
    const job = { id, onInfo };
    job.done = new Promise((resolve, reject) => Object.assign(job, { resolve, reject }));
    this.current = job;
    try {
      await this.ready;
    } catch (e) {
      this.current = null;
      this.worker = null;
      throw e;
    }
    if (this.current !== job) return null;
    this.worker.postMessage({ id, start, moves, limits });
    return job.done;
  }

  #receive(msg) {
    const job = this.current;
    if (!job || msg.id !== job.id) return;
    if (msg.type === "info") {
      job.onInfo(msg.info);
    } else if (msg.type === "result") {
      this.current = null;
      job.resolve(msg.result);
    } else if (msg.type === "error") {
      this.current = null;
      const err = new Error(msg.message);
      err.name = msg.name;
      job.reject(err);
    }
  }

  /** Ends the running search (if any): its promise resolves with null. */
  stop() {
    const job = this.current;
    if (!job) return;
    this.current = null;
    this.worker.terminate();
    this.worker = null;
    job.resolve(null);
  }
}
