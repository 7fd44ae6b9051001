// One line of searches for the page: each new search stops the one before
// it (the package's EngineWorker runs one search at a time, in a Web
// Worker, and its stop() ends a search at once with the deepest iteration
// it reported). Calls are queued so that a stop and the next search never
// overlap, and a search asked for while another request waits replaces it.

import { EngineWorker } from "../pkg/engine-client.js";

export class Searcher {
  constructor(options = {}) {
    this.options = options;
    this.worker = null;
    this.running = null;
    this.queue = Promise.resolve();
    this.generation = 0;
  }

  /** Whether a search is running or about to. */
  get busy() {
    return this.running !== null;
  }

  /**
   * Searches `board` (read now: the caller may free it) within `limits`
   * (the package's SearchLimits, with `onInfo`). Resolves with the result
   * (`stopped: true` when stop() ended it), or null when a later call
   * replaced it before it started.
   */
  search(board, limits) {
    const generation = ++this.generation;
    const copy = board.copy();
    const turn = this.queue
      .then(async () => {
        this.worker ??= new EngineWorker(this.options);
        if (this.running) await this.worker.stop();
        if (generation !== this.generation) return null;
        const promise = this.worker.search(copy, limits);
        this.running = promise;
        const clear = () => {
          if (this.running === promise) this.running = null;
        };
        promise.then(clear, clear);
        return { promise };
      })
      .finally(() => copy.free());
    this.queue = turn.then(
      () => {},
      () => {},
    );
    return turn.then((started) => (started ? started.promise : null));
  }

  /** Stops the running search (its promise resolves with what it found so far). */
  stop() {
    this.generation++;
    const turn = this.queue.then(async () => {
      if (this.running) await this.worker.stop();
    });
    this.queue = turn.catch(() => {});
    return turn;
  }
}
