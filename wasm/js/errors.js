// The errors the cescacs package throws: Error subclasses, one per kind of
// bad input, with the same messages as the Rust, C and Python bindings.
// The Rust side builds them through `makeError` (wasm/src/errors.rs).

/** Every error the package throws on bad input. */
export class CescacsError extends Error {
  constructor(message) {
    super(message);
    this.name = new.target.name;
  }
}
/** A PDTL string could not be read; the message names the field and the offending text. */
export class InvalidPdtlError extends CescacsError {}
/** A move text is not well-formed (bad hex, bad syntax, unknown castling name). */
export class InvalidMoveError extends CescacsError {}
/** A well-formed move is not legal in the position. */
export class IllegalMoveError extends CescacsError {}
/** A move played in a Game that has ended by the rules. */
export class GameOverError extends IllegalMoveError {}
/** A hex name that names no hex of the board (or a colour that is not "w"/"b"). */
export class InvalidHexError extends CescacsError {}
/** A CTL-PGN text could not be read: `line`, `column` (1-based) and `reason` locate it. */
export class InvalidPgnError extends CescacsError {
  constructor(message, line, column, reason) {
    super(message);
    this.line = line;
    this.column = column;
    this.reason = reason;
  }
}
/** A record edit refused (no such line, move or variation; a bad tag). */
export class InvalidEditError extends CescacsError {}
/** Engine options or search limits out of range. */
export class InvalidOptionError extends CescacsError {}

const KINDS = {
  InvalidPdtlError,
  InvalidMoveError,
  IllegalMoveError,
  GameOverError,
  InvalidHexError,
  InvalidEditError,
  InvalidOptionError,
};

export function makeError(kind, message) {
  const Kind = KINDS[kind];
  return Kind ? new Kind(message) : new TypeError(message);
}

export function makePgnError(message, line, column, reason) {
  return new InvalidPgnError(message, line, column, reason);
}
