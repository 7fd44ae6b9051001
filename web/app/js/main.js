// The page: a board to play, study and replay C'escacs games on. The rules,
// records, drawing and engine are the cescacs package's; this module wires
// them to the page's controls and keeps the session in the browser.

import { loadPackage } from "./package.js";
import { BoardView } from "./board-view.js";
import { Searcher } from "./engine-client.js";
import { Clock } from "./clock.js";
import { Record } from "./record.js";
import { renderMoves } from "./moves-view.js";
import { drawEval, drawLines } from "./analysis-view.js";
import { choose } from "./chooser.js";
import { drawSaved, title } from "./library-view.js";
import * as storage from "./storage.js";

const $ = (sel) => document.querySelector(sel);

const state = {
  pkg: null,
  record: null,
  flipped: false,
  /** A game against the engine is on (clock running, engine answering). */
  playing: false,
  /** The last search line per rank shown in the analysis (index 0 = best). */
  lines: [],
  analysisKey: null,
  thinking: null,
};

/** The engine that plays moves, and the one that analyses (two workers: both can run). */
const mover = new Searcher();
const analyst = new Searcher();
const clock = new Clock((side) => onFlag(side));

function setStatus(text, error = false) {
  const el = $("#status");
  el.textContent = text;
  el.classList.toggle("error", error);
}

function describe(e) {
  return `${e?.name ?? "Error"}: ${e?.message ?? e}`;
}

// ---------------------------------------------------------------- settings

function settings() {
  return {
    humanSide: $("#human-side").value,
    skill: Number($("#skill").value),
    timeControl: $("#time-control").value,
    engineLimit: $("#engine-limit").value,
    multipv: Number($("#multipv").value),
  };
}

function applySettings(s) {
  if (!s) return;
  for (const [id, key] of [
    ["#human-side", "humanSide"],
    ["#skill", "skill"],
    ["#time-control", "timeControl"],
    ["#engine-limit", "engineLimit"],
    ["#multipv", "multipv"],
  ]) {
    const el = $(id);
    if (s[key] !== undefined && [...el.options].some((o) => o.value === String(s[key]))) el.value = String(s[key]);
  }
}

function persist() {
  if (!state.record) return;
  storage.saveCurrent({
    pgn: state.record.game.toPgn(),
    cursor: state.record.cursor,
    flipped: state.flipped,
    settings: settings(),
  });
}

// ---------------------------------------------------------------- drawing

function drawClocks() {
  const sides = state.flipped ? ["w", "b"] : ["b", "w"];
  for (const [el, side] of [[$("#clock-top"), sides[0]], [$("#clock-bottom"), sides[1]]]) {
    if (!clock.enabled) {
      el.textContent = "";
      continue;
    }
    const ms = clock.remaining(side);
    el.textContent = `${side === "w" ? "White" : "Black"} ${Clock.format(ms)}`;
    el.classList.toggle("running", clock.running === side);
    el.classList.toggle("low", ms < 10000);
    el.dataset.side = side;
  }
}

function outcomeText(o) {
  const who = o.winner === "w" ? "White wins" : o.winner === "b" ? "Black wins" : "draw";
  return `${o.termination.replaceAll("_", " ")}: ${who} (${o.result})`;
}

/** Draws everything from the record and the cursor. */
function render() {
  const { record } = state;
  const board = record.board();
  // Boards live in the WebAssembly heap: free the one drawn before.
  state.board?.free();
  state.board = board;
  const engineTurn = state.playing && isEngineTurn(board);
  state.view.show(board, { flipped: state.flipped, movable: !engineTurn && !board.isGameOver() });
  const pdtl = $("#pdtl");
  if (document.activeElement !== pdtl) {
    pdtl.value = board.pdtl();
    pdtl.classList.remove("invalid");
  }
  renderMoves($("#moves"), record);
  const comment = $("#comment");
  if (document.activeElement !== comment) comment.value = record.comment();
  $("#evalbar").classList.toggle("flipped", state.flipped);
  const outcome = board.outcome();
  let status = `${board.turn() === "w" ? "White" : "Black"} to move`;
  if (outcome) status = outcomeText(outcome);
  else if (board.isCheck()) status += " — check";
  if (state.thinking) status += " — the engine is thinking…";
  setStatus(status);
  $("#result").textContent = outcome ? outcomeText(outcome) : clock.flagged ? flagText(clock.flagged) : "";
  for (const [id, key] of [["#tag-white", "White"], ["#tag-black", "Black"], ["#tag-event", "Event"]]) {
    const el = $(id);
    if (document.activeElement !== el) {
      const v = record.game.header(key);
      el.value = v && v !== "?" ? v : "";
    }
  }
  drawClocks();
  persist();
  analyse();
}

function flagText(side) {
  return `${side === "w" ? "White" : "Black"} lost on time`;
}

// ---------------------------------------------------------------- moves

function isEngineTurn(board) {
  const side = $("#human-side").value;
  return side !== "both" && board.turn() !== side;
}

/** Plays `move` at the cursor (user, engine or analysis line). */
function play(move) {
  const { record } = state;
  const before = state.board;
  const mover_ = before.turn();
  const onMainEnd = record.atMainEnd();
  try {
    record.play(move);
  } catch (e) {
    setStatus(describe(e), true);
    return;
  }
  if (state.playing && onMainEnd) {
    clock.moved(mover_);
    const after = record.board();
    const over = after.isGameOver();
    after.free();
    if (over) endPlay();
  }
  render();
  maybeEngineTurn();
}

function endPlay() {
  state.playing = false;
  clock.stop();
}

function onFlag(side) {
  state.playing = false;
  mover.stop();
  state.thinking = null;
  render();
  setStatus(flagText(side));
}

/** Limits for the engine's move: the clocks' times when a clocked game is on, else the chosen limit. */
function moveLimits() {
  const s = settings();
  const limits = { skill: s.skill };
  if (state.playing && clock.enabled) {
    Object.assign(limits, {
      wtime: Math.max(1, Math.round(clock.remaining("w"))),
      btime: Math.max(1, Math.round(clock.remaining("b"))),
      winc: clock.increment,
      binc: clock.increment,
    });
  } else {
    const [kind, value] = s.engineLimit.split(":");
    limits[kind] = Number(value);
  }
  return limits;
}

/** Has the engine play for the side to move at the cursor. */
async function engineMove() {
  const { record } = state;
  const board = state.board;
  if (board.isGameOver()) return;
  const turn = board.turn();
  const key = JSON.stringify(record.cursor) + board.pdtl();
  const job = { key };
  state.thinking = job;
  setStatus(`${$("#status").textContent} — the engine is thinking…`);
  let result;
  try {
    result = await mover.search(board, {
      ...moveLimits(),
      onInfo: (info) => {
        if (!$("#analyse").checked && (info.multipv ?? 1) === 1) drawEval(info.score, turn);
      },
    });
  } catch (e) {
    if (state.thinking === job) state.thinking = null;
    setStatus(describe(e), true);
    return;
  }
  // Superseded by another search, a new game, a take-back: nothing to play.
  if (state.thinking !== job) return;
  state.thinking = null;
  // Stopped by the player: the best move so far (UCI's stop), if depth 1 was done.
  const move = result?.bestMove ?? null;
  const now = JSON.stringify(record.cursor) + state.board.pdtl();
  if (move && now === key) play(move);
  else render();
}

function maybeEngineTurn() {
  if (!state.playing || state.thinking) return;
  const board = state.board;
  if (!board.isGameOver() && isEngineTurn(board) && state.record.atMainEnd()) engineMove();
}

function stopEngine() {
  mover.stop();
  if ($("#analyse").checked) {
    $("#analyse").checked = false;
    // The lines found so far stay on show; nothing more is added to them.
    state.analysisKey = null;
    analyst.stop();
  }
}

// ---------------------------------------------------------------- analysis

function analyse() {
  const on = $("#analyse").checked;
  const board = state.board;
  const turn = board.turn();
  const place = `${board.pdtl()}|${JSON.stringify(state.record.cursor)}`;
  const key = on ? `${place}|${settings().multipv}` : null;
  if (key === state.analysisKey) {
    // Lines kept after a stop are shown only for their own position.
    if (!on && state.linesPlace !== place && state.lines.length) {
      state.lines = [];
      drawLines(state.lines, turn);
      drawEval(null);
      $("#analysis-info").textContent = "";
    }
    return;
  }
  state.analysisKey = key;
  state.linesPlace = place;
  state.lines = [];
  drawLines(state.lines, turn);
  if (!on) {
    analyst.stop();
    $("#analysis-info").textContent = "";
    drawEval(null);
    return;
  }
  if (board.isGameOver()) {
    analyst.stop();
    $("#analysis-info").textContent = "game over";
    return;
  }
  const multipv = settings().multipv;
  const onInfo = (info) => {
    if (state.analysisKey !== key) return;
    const rank = (info.multipv ?? 1) - 1;
    state.lines[rank] = info;
    if (rank === 0) {
      drawEval(info.score, turn);
      const best = info.pv[0];
      state.view.setArrows(best ? [[best.from, best.to]] : []);
    }
    drawLines(state.lines, turn);
    $("#analysis-info").textContent = `depth ${info.depth}, ${Math.round(info.nodes / 1000)} k nodes`;
  };
  // Deepens until stopped (or depth 64), each iteration reported.
  analyst.search(board, { depth: 64, multipv, onInfo }).catch((e) => setStatus(describe(e), true));
}

// ---------------------------------------------------------------- records

function loadGame(game, message) {
  mover.stop();
  state.thinking = null;
  endPlay();
  clock.set(null);
  state.record = new Record(state.pkg, game);
  render();
  if (message) setStatus(message);
}

function newGame() {
  const start = state.record ? state.record.start : undefined;
  const game = new state.pkg.Game(start);
  mover.stop();
  state.thinking = null;
  state.record = new Record(state.pkg, game);
  const s = settings();
  clock.set(s.timeControl);
  state.playing = s.humanSide !== "both" || clock.enabled;
  if (s.humanSide === "b" && !state.flipped) state.flipped = true;
  if (s.humanSide === "w" && state.flipped) state.flipped = false;
  render();
  maybeEngineTurn();
}

function setPosition(text) {
  const input = $("#pdtl");
  let game;
  try {
    game = new state.pkg.Game(text);
  } catch (e) {
    input.classList.add("invalid");
    setStatus(describe(e), true);
    return;
  }
  input.classList.remove("invalid");
  input.blur();
  loadGame(game);
}

function importPgn(text) {
  let game;
  try {
    game = state.pkg.Game.fromPgn(text);
  } catch (e) {
    setStatus(describe(e), true);
    return false;
  }
  loadGame(game, `Imported a record of ${game.ply()} moves`);
  return true;
}

function exportPgn() {
  const text = state.record.game.toPgn();
  $("#pgn").value = text;
  return text;
}

// ---------------------------------------------------------------- wiring

function wire() {
  const skill = $("#skill");
  // Each level with its Elo on the measured ladder (the engine's, as UCI_Elo maps it).
  for (let i = 0; i <= 20; i++) {
    skill.append(new Option(`${i} · Elo ${state.pkg.skillElo(i)}`, String(i), i === 20, i === 20));
  }

  $("#flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    render();
  });
  $("#first").addEventListener("click", () => step(() => state.record.first()));
  $("#prev").addEventListener("click", () => step(() => state.record.back()));
  $("#next").addEventListener("click", () => step(() => state.record.forward()));
  $("#last").addEventListener("click", () => step(() => state.record.last()));
  $("#takeback").addEventListener("click", () => {
    mover.stop();
    state.thinking = null;
    try {
      state.record.takeBack();
      // Against the engine, take back its answer too so that it is the player's turn.
      const back = state.record.board();
      if (state.playing && isEngineTurn(back)) state.record.takeBack();
      back.free();
    } catch (e) {
      setStatus(describe(e), true);
    }
    render();
  });

  $("#pdtl").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      setPosition(e.target.value.trim());
    } else if (e.key === "Escape") {
      e.target.value = state.board.pdtl();
      e.target.blur();
    }
  });

  $("#new-game").addEventListener("click", newGame);
  $("#engine-move").addEventListener("click", () => engineMove());
  $("#stop").addEventListener("click", stopEngine);
  $("#human-side").addEventListener("change", () => {
    persist();
    maybeEngineTurn();
  });
  for (const id of ["#skill", "#time-control", "#engine-limit"]) $(id).addEventListener("change", persist);
  $("#analyse").addEventListener("change", () => analyse());
  $("#multipv").addEventListener("change", () => {
    persist();
    analyse();
  });
  $("#lines").addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (!li || !li.dataset.move) return;
    const move = state.board.legalMoves().find((m) => m.long === li.dataset.move);
    if (move) play(move);
  });

  $("#moves").addEventListener("click", (e) => {
    const span = e.target.closest(".move");
    if (!span) return;
    step(() => (state.record.cursor = { path: JSON.parse(span.dataset.path), index: Number(span.dataset.index) }));
  });
  $("#comment").addEventListener("keydown", (e) => {
    if (e.key === "Enter") e.target.blur();
  });
  $("#comment").addEventListener("change", (e) => {
    try {
      state.record.setComment(e.target.value);
    } catch (err) {
      setStatus(describe(err), true);
    }
    render();
  });
  $("#promote").addEventListener("click", () => edit(() => state.record.promoteVariation()));
  $("#delete-variation").addEventListener("click", () => edit(() => state.record.removeVariation()));

  $("#import-pgn").addEventListener("click", () => importPgn($("#pgn").value));
  $("#export-pgn").addEventListener("click", () => {
    exportPgn();
    setStatus("Exported the record as CTL-PGN");
  });
  $("#download-pgn").addEventListener("click", () => {
    const blob = new Blob([exportPgn()], { type: "application/x-chess-pgn" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "cescacs-game.ctl-pgn";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $("#pgn-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    $("#pgn").value = text;
    importPgn(text);
  });
  for (const [id, key] of [["#tag-white", "White"], ["#tag-black", "Black"], ["#tag-event", "Event"]]) {
    $(id).addEventListener("change", (e) => {
      try {
        state.record.game.setHeader(key, e.target.value.trim() || "?");
      } catch (err) {
        setStatus(describe(err), true);
      }
      render();
    });
  }

  $("#save-game").addEventListener("click", () => {
    try {
      storage.saveGame(title(state.record.game), state.record.game.toPgn());
      setStatus("Saved the game in this browser");
    } catch (e) {
      setStatus(describe(e), true);
    }
    drawSaved();
  });
  $("#saved").addEventListener("click", (e) => {
    const btn = e.target.closest("button");
    if (!btn) return;
    if (btn.dataset.load) {
      const g = storage.listGames().find((x) => x.id === btn.dataset.load);
      if (g) importPgn(g.pgn);
    } else if (btn.dataset.delete) {
      storage.deleteGame(btn.dataset.delete);
      drawSaved();
    }
  });

  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, textarea, select, dialog")) return;
    const actions = {
      ArrowLeft: () => state.record.back(),
      ArrowRight: () => state.record.forward(),
      Home: () => state.record.first(),
      End: () => state.record.last(),
    };
    if (actions[e.key]) {
      e.preventDefault();
      step(actions[e.key]);
    } else if (e.key === "f") {
      state.flipped = !state.flipped;
      render();
    }
  });

  setInterval(() => {
    if (clock.running) drawClocks();
  }, 100);
}

/** Moves the cursor; stepping away from the end of a game against the engine pauses it. */
function step(move) {
  move();
  if (state.playing && !state.record.atMainEnd()) {
    mover.stop();
    state.thinking = null;
  }
  render();
  maybeEngineTurn();
}

function edit(change) {
  try {
    change();
  } catch (e) {
    setStatus(describe(e), true);
  }
  render();
}

// ---------------------------------------------------------------- start

async function main() {
  try {
    state.pkg = await loadPackage();
  } catch (e) {
    setStatus(`Could not load the cescacs package: ${describe(e)}`, true);
    return;
  }
  state.view = new BoardView($("#board"), {
    render: (board, options) => state.pkg.boardSvg(board, options),
    choose,
    onMove: play,
  });
  // The controls answer once there is a package to answer with.
  wire();
  const saved = storage.loadCurrent();
  let game = null;
  if (saved) {
    applySettings(saved.settings);
    state.flipped = Boolean(saved.flipped);
    try {
      game = state.pkg.Game.fromPgn(saved.pgn);
    } catch {
      game = null;
    }
  }
  state.record = new Record(state.pkg, game ?? new state.pkg.Game());
  if (saved && game && state.record.has(saved.cursor ?? {})) state.record.cursor = saved.cursor;
  drawSaved();
  render();
  document.body.dataset.ready = "true";
}

main();
