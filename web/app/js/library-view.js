// The saved games on the page: their list (from the browser's storage)
// and the title each is saved under.

import * as storage from "./storage.js";

const $ = (sel) => document.querySelector(sel);

/** A saved game's title: its players (when named), length and result. */
export function title(game) {
  const w = game.header("White");
  const b = game.header("Black");
  const names = w && w !== "?" && b && b !== "?" ? `${w} – ${b}` : "Game";
  const n = game.ply();
  return `${names}, ${n} move${n === 1 ? "" : "s"} (${game.result()})`;
}

/** The list of saved games, each with Load (`data-load`) and Delete (`data-delete`) buttons. */
export function drawSaved() {
  const list = $("#saved");
  list.replaceChildren();
  for (const g of storage.listGames()) {
    const li = document.createElement("li");
    const load = document.createElement("button");
    load.textContent = "Load";
    load.dataset.load = g.id;
    const del = document.createElement("button");
    del.textContent = "Delete";
    del.dataset.delete = g.id;
    li.append(`${g.title} — ${new Date(g.date).toLocaleString()}`, load, del);
    li.dataset.id = g.id;
    list.append(li);
  }
}

// ---------------------------------------------------------------- chooser
