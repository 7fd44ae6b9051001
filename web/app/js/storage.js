// The browser's storage (localStorage) for the page: the game on the board
// (restored on reload) and a list of saved games, each as CTL-PGN.

const CURRENT = "cescacs.current";
const GAMES = "cescacs.games";

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    // Storage turned off or a value that is not ours: start afresh.
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The session saved last: `{pgn, cursor, flipped, settings}` or null. */
export function loadCurrent() {
  return read(CURRENT, null);
}

export function saveCurrent(state) {
  return write(CURRENT, state);
}

/** Saved games, newest first: `{id, title, date, pgn}`. */
export function listGames() {
  const games = read(GAMES, []);
  return Array.isArray(games) ? games : [];
}

/** Saves a game and returns its entry. */
export function saveGame(title, pgn) {
  const games = listGames();
  const entry = { id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, title, date: new Date().toISOString(), pgn };
  games.unshift(entry);
  if (!write(GAMES, games)) throw new Error("the browser's storage is full or turned off");
  return entry;
}

export function deleteGame(id) {
  write(GAMES, listGames().filter((g) => g.id !== id));
}
