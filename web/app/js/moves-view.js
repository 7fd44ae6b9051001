// The record's moves as text: numbered moves, variations in parentheses,
// comments in italics; each move a clickable span that puts the cursor
// after it (`data-path`, `data-index`).

import { pdtlClock } from "./record.js";

/** Fills `container` with `record`'s moves and marks the cursor's move. */
export function renderMoves(container, record) {
  const { turn, fullmove } = pdtlClock(record.start);
  const base = (fullmove - 1) * 2 + (turn === "b" ? 1 : 0);
  container.replaceChildren(lineElement(record.tree, [], 0, base, true));
  const { path, index } = record.cursor;
  const key = JSON.stringify(path);
  for (const el of container.querySelectorAll(".move")) {
    if (el.dataset.path === key && Number(el.dataset.index) === index) {
      el.classList.add("current");
      el.scrollIntoView?.({ block: "nearest" });
    }
  }
}

function text(tag, cls, content) {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = content;
  return el;
}

/** One line; `ply` is the plies before its first move, `base` the start's half-move count. */
function lineElement(line, path, ply, base, main) {
  const el = document.createElement("span");
  el.className = main ? "mainline" : "variation";
  if (line.comments.length) el.append(text("span", "comment", ` ${line.comments.join(" ")} `));
  line.moves.forEach((m, i) => {
    const half = base + ply + i;
    const white = half % 2 === 0;
    const number = Math.floor(half / 2) + 1;
    if (white) el.append(text("span", "num", `${number}.`));
    else if (i === 0 || line.moves[i - 1].comments.length || line.moves[i - 1].variations.length) {
      el.append(text("span", "num", `${number}…`));
    }
    const span = text("span", "move", m.ctl + (m.assessment ?? ""));
    span.dataset.path = JSON.stringify(path);
    span.dataset.index = String(i + 1);
    span.dataset.ctl = m.ctl;
    el.append(span, " ");
    if (m.comments.length) el.append(text("span", "comment", `${m.comments.join(" ")} `));
    m.variations.forEach((v, rank) => {
      el.append(lineElement(v, [...path, [i, rank]], ply + i, base, false), " ");
    });
  });
  return el;
}
