import type { Board, EngineOptions, SearchLimits, SearchResult } from "./cescacs.js";

/** A search's result; `stopped` when `stop()` ended it (the deepest completed iteration). */
export type WorkerSearchResult = SearchResult & { stopped?: boolean };

/** An Engine in a Web Worker (Node: a worker thread); `stop()` terminates and restarts it. */
export class EngineWorker {
  constructor(options?: EngineOptions, how?: { createWorker?: (url: URL) => unknown });
  readonly ready: Promise<void>;
  search(board: Board, limits?: SearchLimits): Promise<WorkerSearchResult>;
  stop(): Promise<void>;
  newGame(): Promise<void>;
  terminate(): Promise<void>;
}
