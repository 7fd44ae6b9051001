// A game record (the package's `Game`, with its variations) and the place
// in it that the board shows: a cursor `{path, index}` — the line at `path`
// (forks `[index, rank]` from the main line, as the package names lines)
// after its first `index` moves.

export class Record {
  constructor(pkg, game) {
    this.pkg = pkg;
    this.game = game;
    this.cursor = { path: [], index: 0 };
    this.refresh();
  }

  /** Reads the record's tree again after an edit. */
  refresh() {
    this.tree = this.game.tree();
    this.start = this.game.boardAt(0).pdtl();
  }

  /** The line at `path`, or null if there is none. */
  lineAt(path) {
    let line = this.tree;
    for (const [index, rank] of path) {
      line = line?.moves[index]?.variations[rank];
    }
    return line ?? null;
  }

  /** Whether `cursor` names a place in this record. */
  has({ path, index }) {
    const line = this.lineAt(path);
    return line !== null && Number.isInteger(index) && index >= 0 && index <= line.moves.length;
  }

  /** The moves from the start to the cursor, first first. */
  movesTo({ path, index } = this.cursor) {
    const out = [];
    let line = this.tree;
    for (const [i, rank] of path) {
      out.push(...line.moves.slice(0, i));
      line = line.moves[i].variations[rank];
    }
    out.push(...line.moves.slice(0, index));
    return out;
  }

  /** The board at the cursor, with the moves that led there (for repetition and the last move). */
  board() {
    const board = new this.pkg.Board(this.start);
    // A Move object is read by its long form, which names the move whatever the position's notation.
    for (const m of this.movesTo()) board.push({ long: m.long });
    return board;
  }

  /** The move that led to the cursor (null at the start). */
  lastMove() {
    const moves = this.movesTo();
    return moves.length ? moves[moves.length - 1] : null;
  }

  /** Whether the cursor is at the end of the main line. */
  atMainEnd() {
    return this.cursor.path.length === 0 && this.cursor.index === this.tree.moves.length;
  }

  /**
   * Plays `move` (a legal `Move` of the board at the cursor): follows the
   * record where it already has that move, else adds it (at the end of
   * the line, or as a new variation).
   */
  play(move) {
    const { path, index } = this.cursor;
    const line = this.lineAt(path);
    if (index < line.moves.length) {
      const next = line.moves[index];
      if (next.long === move.long) {
        this.cursor = { path, index: index + 1 };
        return;
      }
      const rank = next.variations.findIndex((v) => v.moves[0]?.long === move.long);
      if (rank >= 0) {
        this.cursor = { path: [...path, [index, rank]], index: 1 };
        return;
      }
      const added = this.game.addVariation(path, index, [{ long: move.long }]);
      this.refresh();
      this.cursor = { path: [...path, [index, added]], index: 1 };
      return;
    }
    this.game.extendLine(path, [{ long: move.long }]);
    this.refresh();
    this.cursor = { path, index: index + 1 };
  }

  back() {
    const { path, index } = this.cursor;
    if (index > 1 || (index === 1 && path.length === 0)) {
      this.cursor = { path, index: index - 1 };
    } else if (path.length > 0) {
      this.cursor = { path: path.slice(0, -1), index: path[path.length - 1][0] };
    }
  }

  forward() {
    const { path, index } = this.cursor;
    if (index < this.lineAt(path).moves.length) this.cursor = { path, index: index + 1 };
  }

  first() {
    this.cursor = { path: [], index: 0 };
  }

  last() {
    const { path } = this.cursor;
    this.cursor = { path, index: this.lineAt(path).moves.length };
  }

  /** Removes the move that led to the cursor and what follows it in its line. */
  takeBack() {
    const { path, index } = this.cursor;
    if (index === 0) return false;
    if (index === 1 && path.length > 0) {
      this.removeVariation();
      return true;
    }
    this.game.truncateLine(path, index - 1);
    this.refresh();
    this.cursor = { path, index: index - 1 };
    return true;
  }

  /** Makes the variation at the cursor its parent line's continuation. */
  promoteVariation() {
    const { path, index } = this.cursor;
    if (path.length === 0) return false;
    const parent = path.slice(0, -1);
    const [at, rank] = path[path.length - 1];
    this.game.promoteToMain(parent, at, rank);
    this.refresh();
    this.cursor = { path: parent, index: at + index };
    return true;
  }

  /** Removes the variation at the cursor; the cursor goes to where it forked. */
  removeVariation() {
    const { path } = this.cursor;
    if (path.length === 0) return false;
    const parent = path.slice(0, -1);
    const [at, rank] = path[path.length - 1];
    this.game.removeVariation(parent, at, rank);
    this.refresh();
    this.cursor = { path: parent, index: at };
    return true;
  }

  /** The comments after the move that led to the cursor (before the line's first move at index 0). */
  comment() {
    const { path, index } = this.cursor;
    const line = this.lineAt(path);
    const list = index === 0 ? line.comments : line.moves[index - 1].comments;
    return list.join(" ");
  }

  setComment(text) {
    const { path, index } = this.cursor;
    const comments = text.trim() ? [text.trim()] : [];
    if (index === 0) this.game.setLineComments(path, comments);
    else this.game.setComments(path, index - 1, comments);
    this.refresh();
  }
}

/** Side to move and full-move number of a PDTL (its second and last fields). */
export function pdtlClock(pdtl) {
  const fields = pdtl.trim().split(/\s+/);
  return { turn: fields[1] === "b" ? "b" : "w", fullmove: Number(fields[fields.length - 1]) || 1 };
}
