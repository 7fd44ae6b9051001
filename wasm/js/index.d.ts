export * from "./cescacs.js";
export { default } from "./cescacs.js";

/** Every error the package throws on bad input. */
export class CescacsError extends Error {}
/** A PDTL string could not be read; the message names the field and the offending text. */
export class InvalidPdtlError extends CescacsError {}
/** A move text is not well-formed (bad hex, bad syntax, unknown castling name). */
export class InvalidMoveError extends CescacsError {}
/** A well-formed move is not legal in the position. */
export class IllegalMoveError extends CescacsError {}
/** A move played in a Game that has ended by the rules. */
export class GameOverError extends IllegalMoveError {}
/** A hex name that names no hex (or a colour that is not "w"/"b"). */
export class InvalidHexError extends CescacsError {}
/** A CTL-PGN text could not be read. */
export class InvalidPgnError extends CescacsError {
  /** 1-based line of the offending text. */
  line: number;
  /** 1-based column, in characters. */
  column: number;
  /** What is wrong. */
  reason: string;
}
/** A record edit refused (no such line, move or variation; a bad tag). */
export class InvalidEditError extends CescacsError {}
/** Engine options or search limits out of range. */
export class InvalidOptionError extends CescacsError {}
