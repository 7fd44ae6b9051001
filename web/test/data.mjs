// The golden data of tests/data, read once for the package's tests.
import { readFileSync, readdirSync } from "node:fs";

export const dataDir = new URL("../../tests/data/", import.meta.url);

export function jsonl(name) {
  return readFileSync(new URL(name, dataDir), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

export function perftData() {
  return JSON.parse(readFileSync(new URL("perft.json", dataDir), "utf8")).positions;
}

/** The real games' records: [file name, text]. */
export function pgnGames() {
  const dir = new URL("games/", dataDir);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ctl-pgn"))
    .sort()
    .map((f) => [f, readFileSync(new URL(f, dir), "utf8")]);
}
