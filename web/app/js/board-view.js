// The board on the page: the package's SVG drawing (the same as Python's
// cescacs.svg), each hex tagged `data-hex="E7"`, and moving by click or by
// drag with the legal destinations shown. The drawing comes from outside
// (`render`); this module adds only the interaction layer over it.

const SVG_NS = "http://www.w3.org/2000/svg";
/** A hex's name as the drawing writes it in a polygon's classes. */
const HEX_NAME = /^[PTABCDEFGHIKLXZ](?:2[0-8]|1[0-9]|[0-9])$/;
/** Pixels a pointer travels before a press becomes a drag. */
const DRAG_START = 4;

export class BoardView {
  /**
   * @param {HTMLElement} container where the SVG goes
   * @param {object} hooks `render(board, options)` → SVG text;
   *   `choose(moves)` → Promise of one of them or null; `onMove(move)`.
   */
  constructor(container, { render, choose, onMove }) {
    this.container = container;
    this.render = render;
    this.choose = choose;
    this.onMove = onMove;
    this.board = null;
    this.movable = true;
    this.selected = null;
    this.byFrom = new Map();
    this.centres = new Map();
    this.pieceEls = new Map();
    this.press = null;
    this.suppressClick = false;
    container.addEventListener("click", (e) => this.#click(e));
    container.addEventListener("pointerdown", (e) => this.#down(e));
    container.addEventListener("pointermove", (e) => this.#drag(e));
    container.addEventListener("pointerup", (e) => this.#up(e));
    container.addEventListener("pointercancel", () => this.#cancelDrag());
    window.addEventListener("pointerup", () => setTimeout(() => (this.pointerDown = false), 0));
  }

  /** Draws `board` (a package Board); `movable` false: the user cannot move now. */
  show(board, { flipped = false, arrows = [], movable = true } = {}) {
    this.board = board;
    this.movable = movable;
    this.flipped = flipped;
    this.arrows = arrows;
    this.byFrom = new Map();
    if (movable) {
      for (const m of board.legalMoves()) {
        if (!this.byFrom.has(m.from)) this.byFrom.set(m.from, []);
        this.byFrom.get(m.from).push(m);
      }
    }
    this.container.innerHTML = this.render(board, { flipped, arrows });
    this.svg = this.container.querySelector("svg");
    this.#index();
    if (this.selected && !this.byFrom.has(this.selected)) this.selected = null;
    this.#drawMarks();
  }

  /** Redraws the same board with other arrows (not while a piece is dragged). */
  setArrows(arrows) {
    // Not between a press and its click: the click would lose the hex it started on.
    if (!this.board || this.pointerDown) return;
    if (JSON.stringify(arrows) === JSON.stringify(this.arrows)) return;
    this.show(this.board, { flipped: this.flipped, arrows, movable: this.movable });
  }

  /** Tags every hex polygon with `data-hex` and finds each hex's centre and piece. */
  #index() {
    this.centres = new Map();
    this.pieceEls = new Map();
    for (const poly of this.svg.querySelectorAll("polygon")) {
      const name = poly.dataset.hex || [...poly.classList].find((c) => HEX_NAME.test(c));
      if (!name) continue;
      poly.dataset.hex = name;
      const pts = poly.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
      const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      this.centres.set(name, [cx, cy]);
    }
    for (const g of this.svg.querySelectorAll("g.piece")) {
      const c = g.querySelector("circle");
      if (!c) continue;
      const x = Number(c.getAttribute("cx"));
      const y = Number(c.getAttribute("cy"));
      let best = null;
      let bestD = Infinity;
      for (const [name, [cx, cy]] of this.centres) {
        const d = (cx - x) ** 2 + (cy - y) ** 2;
        if (d < bestD) [best, bestD] = [name, d];
      }
      if (best) this.pieceEls.set(best, g);
    }
    this.overlay = document.createElementNS(SVG_NS, "g");
    this.overlay.setAttribute("class", "overlay");
    const pieces = this.svg.querySelector("g.pieces");
    this.svg.insertBefore(this.overlay, pieces || null);
  }

  /** The selected hex and the destinations of its moves. */
  #drawMarks() {
    this.overlay.replaceChildren();
    if (!this.selected) return;
    const poly = this.svg.querySelector(`polygon[data-hex="${this.selected}"]`);
    if (poly) {
      const mark = document.createElementNS(SVG_NS, "polygon");
      mark.setAttribute("points", poly.getAttribute("points"));
      mark.setAttribute("class", "selected");
      this.overlay.append(mark);
    }
    const seen = new Set();
    for (const m of this.byFrom.get(this.selected) || []) {
      if (seen.has(m.to)) continue;
      seen.add(m.to);
      const [cx, cy] = this.centres.get(m.to);
      const dot = document.createElementNS(SVG_NS, "circle");
      dot.setAttribute("cx", cx.toFixed(2));
      dot.setAttribute("cy", cy.toFixed(2));
      const occupied = this.pieceEls.has(m.to) && m.to !== m.from;
      dot.setAttribute("r", occupied ? "15" : "5.5");
      dot.setAttribute("class", occupied ? "dest-capture" : "dest");
      dot.dataset.dest = m.to;
      this.overlay.append(dot);
    }
  }

  #select(hex) {
    this.selected = hex;
    this.#drawMarks();
  }

  /** The hex under a DOM event (or under a point of the screen). */
  #hexOf(target) {
    const el = target && target.closest ? target.closest("[data-hex]") : null;
    return el ? el.dataset.hex : null;
  }

  async #tryMove(from, to) {
    const moves = (this.byFrom.get(from) || []).filter((m) => m.to === to);
    if (moves.length === 0) return false;
    this.#select(null);
    const move = moves.length === 1 ? moves[0] : await this.choose(moves);
    if (move) this.onMove(move);
    return true;
  }

  #click(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const hex = this.#hexOf(e.target);
    if (!hex || !this.movable) return;
    const sel = this.selected;
    if (sel && hex === sel) {
      // A waiting pawn's forced promotion starts and ends on its own hex.
      if ((this.byFrom.get(sel) || []).some((m) => m.to === sel)) {
        this.#tryMove(sel, sel);
      } else {
        this.#select(null);
      }
      return;
    }
    if (sel && (this.byFrom.get(sel) || []).some((m) => m.to === hex)) {
      this.#tryMove(sel, hex);
      return;
    }
    this.#select(this.byFrom.has(hex) ? hex : null);
  }

  #svgPoint(e) {
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  #down(e) {
    this.pointerDown = true;
    if (!this.movable || e.button !== 0) return;
    const hex = this.#hexOf(e.target);
    if (!hex || !this.byFrom.has(hex) || !this.pieceEls.has(hex)) return;
    this.press = { hex, x: e.clientX, y: e.clientY, dragging: false, id: e.pointerId };
  }

  #drag(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    if (!p.dragging) {
      if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_START) return;
      p.dragging = true;
      this.#select(p.hex);
      const piece = this.pieceEls.get(p.hex);
      p.ghost = piece.cloneNode(true);
      p.ghost.classList.add("ghost");
      piece.classList.add("dragging");
      this.svg.append(p.ghost);
      p.origin = this.centres.get(p.hex);
      try {
        this.container.setPointerCapture(e.pointerId);
      } catch {
        // The pointer may already be gone; the drag then ends at pointerup.
      }
    }
    const at = this.#svgPoint(e);
    p.ghost.setAttribute("transform", `translate(${(at.x - p.origin[0]).toFixed(2)} ${(at.y - p.origin[1]).toFixed(2)})`);
  }

  #up(e) {
    const p = this.press;
    this.press = null;
    if (!p || !p.dragging) return;
    this.suppressClick = true;
    // A click may not follow the pointerup (the pointer left the board): forget the flag soon.
    setTimeout(() => (this.suppressClick = false), 0);
    p.ghost.remove();
    this.pieceEls.get(p.hex)?.classList.remove("dragging");
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const to = this.#hexOf(under);
    if (to && to !== p.hex && (this.byFrom.get(p.hex) || []).some((m) => m.to === to)) {
      this.#tryMove(p.hex, to);
    }
  }

  #cancelDrag() {
    this.pointerDown = false;
    const p = this.press;
    this.press = null;
    if (p && p.dragging) {
      p.ghost.remove();
      this.pieceEls.get(p.hex)?.classList.remove("dragging");
    }
  }
}
