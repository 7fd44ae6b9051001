//! The TypeScript shapes of the plain objects the package returns and
//! takes (wasm-bindgen writes them into `cescacs.d.ts`), so that no `any`
//! leaks into a typed caller.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A legal move of the position it was produced in. */
export interface Move {
  /** Origin hex ("E7"); the King's home for castlings. */
  from: string;
  /** Destination hex; the King's destination for castlings. */
  to: string;
  kind: "normal" | "double_step" | "triple_step" | "scornful_step" | "en_passant"
    | "scornful_capture" | "king_leap" | "castling" | "forced_promotion";
  /** The moving piece's CTL-AN letter (P for promotions). */
  piece: string;
  /** The captured piece's letter, or null. */
  captured: string | null;
  /** The piece a pawn becomes, or null. */
  promotion: string | null;
  /** The castling's CTL-AN name ("KRK"), or null. */
  castling: string | null;
  /** A castling's rook moves, [from, to] pairs; empty otherwise. */
  rookMoves: [string, string][];
  /** The long form, as `cescacs moves --long` prints it. */
  long: string;
  /** CTL-AN in the position it was produced in (check marks included). */
  ctl: string;
}

/** The end of a game by the rules. */
export interface Outcome {
  termination: "checkmate" | "stalemate" | "fivefold repetition" | "75-move rule" | "insufficient material";
  /** "w", "b", or null for a draw. */
  winner: "w" | "b" | null;
  /** "3-0", "0-3", "2-1", "1-2" or "1-1". */
  result: string;
  /** Tournament points [White, Black]. */
  points: [number, number];
}

/** A line of a record: main line or variation. */
export interface RecordLine {
  label: string | null;
  comments: string[];
  moves: RecordMove[];
}

/** A move of a record with its annotations and variations. */
export interface RecordMove extends Move {
  assessment: string | null;
  indicator: string | null;
  comments: string[];
  variations: RecordLine[];
}

/** A line of a record, from the main line: [index, rank] forks. */
export type Path = ([number, number] | { index: number; rank: number })[] | undefined | null;

/** A score from the side to move's view: centipawns or mate in moves. */
export type EngineScore = { cp: number } | { mate: number };

/** One line of a search. */
export interface SearchLine {
  score: EngineScore;
  pv: Move[];
}

/** A report after each completed iteration. */
export interface SearchInfo extends SearchLine {
  multipv: number;
  depth: number;
  seldepth: number;
  nodes: number;
  /** Milliseconds since the search started. */
  time: number;
}

/** What a search found. */
export interface SearchResult {
  bestMove: Move | null;
  score: EngineScore;
  pv: Move[];
  depth: number;
  seldepth: number;
  nodes: number;
  /** Milliseconds. */
  time: number;
  /** Nodes per second. */
  nps: number;
  lines: SearchLine[];
}

/** Limits of a search; times in milliseconds. */
export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  multipv?: number;
  skill?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  onInfo?: (info: SearchInfo) => void;
}

/** How an Engine is built. */
export interface EngineOptions {
  /** Transposition table, MiB (default 16). */
  hash?: number;
  /** Skill Level 0..=20 (default 20). */
  skill?: number;
  /** Evaluate with the built-in network (default true). */
  useNnue?: boolean;
}

/** An arrow of boardSvg. */
export type SvgArrow = string | Move | [string, string] | [string, string, string]
  | { tail: string; head: string; color?: string };

/** Options of boardSvg (python's cescacs.svg.board keywords, camelCase). */
export interface SvgOptions {
  size?: number;
  arrows?: SvgArrow[];
  highlight?: string[] | Record<string, string>;
  lastmove?: boolean | Move | null;
  check?: string | null;
  coordinates?: boolean;
  /** The side at the bottom: "w"/"white"/true (default) or "b"/"black"/false. */
  orientation?: "w" | "b" | "white" | "black" | boolean;
  flipped?: boolean;
  fill?: Record<string, string>;
  squares?: string[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// An options object that may be left out: `Option<OptionsArg>` is a
    /// trailing parameter that TypeScript declares optional (`options?:`).
    #[wasm_bindgen(typescript_type = "EngineOptions")]
    pub type EngineOptionsArg;
    /// Search limits that may be left out (see [`EngineOptionsArg`]).
    #[wasm_bindgen(typescript_type = "SearchLimits")]
    pub type SearchLimitsArg;
    /// Drawing options that may be left out (see [`EngineOptionsArg`]).
    #[wasm_bindgen(typescript_type = "SvgOptions")]
    pub type SvgOptionsArg;
}

/// The options object as a plain value (`undefined` when left out), read
/// field by field like any other.
pub(crate) fn or_undefined<T: Into<JsValue>>(options: Option<T>) -> JsValue {
    options.map_or(JsValue::UNDEFINED, Into::into)
}
