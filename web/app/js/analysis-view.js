// The analysis on the page: the evaluation bar and the engine's lines
// (MultiPV), with scores shown from White's side.

const $ = (sel) => document.querySelector(sel);

/** A score (for the side to move `turn`) as White's: "+0.35", "#-3". */
export function scoreText(score, turn) {
  // The engine scores for the side to move; the page shows White's view.
  const sign = turn === "w" ? 1 : -1;
  if (score.mate !== undefined) return `#${sign * score.mate}`;
  const cp = (sign * score.cp) / 100;
  return `${cp > 0 ? "+" : ""}${cp.toFixed(2)}`;
}

/** White's share of the bar, 0..1. */
function whiteShare(score, turn) {
  const sign = turn === "w" ? 1 : -1;
  if (score.mate !== undefined) return sign * score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp((-sign * score.cp) / 250));
}

/** The evaluation bar for `score` (null: empty). */
export function drawEval(score, turn) {
  const bar = $("#evalbar");
  if (!score) {
    $("#evalbar-black").style.height = "50%";
    $("#evalbar-text").textContent = "";
    bar.dataset.score = "";
    return;
  }
  $("#evalbar-black").style.height = `${(100 * (1 - whiteShare(score, turn))).toFixed(1)}%`;
  $("#evalbar-text").textContent = scoreText(score, turn);
  bar.dataset.score = scoreText(score, turn);
}

/** The analysis lines (search infos by rank), each clickable to play its first move. */
export function drawLines(lines, turn) {
  const list = $("#lines");
  list.replaceChildren();
  for (const line of lines) {
    if (!line) continue;
    const li = document.createElement("li");
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = scoreText(line.score, turn);
    li.append(score, line.pv.map((m) => m.ctl).join(" "));
    li.dataset.move = line.pv[0]?.long ?? "";
    li.title = "Play this line's first move";
    list.append(li);
  }
}
