//! `Board`: a position and the moves that led to it (the core's `History`),
//! as Python's `cescacs.Board` is, with the rules' questions in camelCase.

use cescacs::{History, Position, Role};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::errors::{pdtl_error, range_error};
use crate::values::{
    hexes_value, line_value, move_value, moves_value, object, outcome_value, read_color, read_hex,
    read_move,
};

/// A C'escacs position with its move stack.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Board {
    pub(crate) hist: History,
}

impl Board {
    pub(crate) fn pos(&self) -> &Position {
        self.hist.position()
    }
}

#[wasm_bindgen]
impl Board {
    /// The position of `pdtl` (default: the initial position);
    /// `InvalidPdtlError` if it cannot be read.
    #[wasm_bindgen(constructor)]
    pub fn new(pdtl: Option<String>) -> Result<Board, JsValue> {
        let pos = match pdtl {
            Some(text) => Position::from_pdtl(&text).map_err(pdtl_error)?,
            None => Position::default(),
        };
        Ok(Board {
            hist: History::new(pos),
        })
    }

    /// The position as PDTL text.
    pub fn pdtl(&self) -> String {
        self.pos().to_pdtl()
    }

    /// The PDTL of the position before the first move of the stack.
    #[wasm_bindgen(js_name = startPdtl)]
    pub fn start_pdtl(&self) -> String {
        self.hist.start().to_pdtl()
    }

    /// The side to move: `"w"` or `"b"`.
    pub fn turn(&self) -> String {
        self.pos().turn().char().to_string()
    }

    /// Plies played since the start position.
    pub fn ply(&self) -> usize {
        self.hist.len()
    }

    /// Half-moves since the last capture or pawn move.
    #[wasm_bindgen(js_name = halfmoveClock)]
    pub fn halfmove_clock(&self) -> u32 {
        self.pos().halfmove_clock()
    }

    /// Every legal move, each with its long form and its CTL-AN here.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "Move[]")]
    pub fn legal_moves(&self) -> Array {
        moves_value(self.pos(), &self.pos().legal_moves())
    }

    /// The legal moves of the piece on `hex`.
    #[wasm_bindgen(js_name = legalMovesFrom, unchecked_return_type = "Move[]")]
    pub fn legal_moves_from(&self, hex: &str) -> Result<Array, JsValue> {
        let from = read_hex(hex)?;
        Ok(moves_value(self.pos(), &self.pos().legal_moves_from(from)))
    }

    /// The King's Leaps legal now.
    #[wasm_bindgen(js_name = kingLeaps, unchecked_return_type = "Move[]")]
    pub fn king_leaps(&self) -> Array {
        moves_value(self.pos(), &self.pos().king_leaps())
    }

    /// The castlings legal now.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn castlings(&self) -> Array {
        moves_value(self.pos(), &self.pos().castlings())
    }

    /// Plays a move (CTL-AN text or a `Move`) and returns it.
    /// `InvalidMoveError` for unreadable text, `IllegalMoveError` for a
    /// move that is not legal here.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | Move")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let m = read_move(self.pos(), &mv)?;
        let out = move_value(self.pos(), &m);
        self.hist.push_unchecked(m);
        Ok(out)
    }

    /// Takes the last move back and returns it; `RangeError` on an empty stack.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn pop(&mut self) -> Result<JsValue, JsValue> {
        let m = self
            .hist
            .pop()
            .ok_or_else(|| range_error("pop from empty move stack"))?;
        Ok(move_value(self.pos(), &m))
    }

    /// The last move played, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn peek(&self) -> JsValue {
        let n = self.hist.len();
        match (self.hist.last_move(), n.checked_sub(1)) {
            (Some(m), Some(ply)) => {
                move_value(self.hist.position_at(ply).expect("a ply of the stack"), &m)
            }
            _ => JsValue::NULL,
        }
    }

    /// The moves played from the start position, first first.
    #[wasm_bindgen(js_name = moveStack, unchecked_return_type = "Move[]")]
    pub fn move_stack(&self) -> Array {
        let moves: Vec<_> = self.hist.moves().collect();
        line_value(self.hist.start(), &moves)
    }

    /// The CTL-AN of a move (text or `Move`) in this position.
    pub fn ctl(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Move")] mv: JsValue,
    ) -> Result<String, JsValue> {
        let m = read_move(self.pos(), &mv)?;
        Ok(self.pos().ctl(&m))
    }

    /// The legal move CTL-AN text names, without playing it.
    #[wasm_bindgen(js_name = parseCtl, unchecked_return_type = "Move")]
    pub fn parse_ctl(&self, text: &str) -> Result<JsValue, JsValue> {
        let m = self
            .pos()
            .parse_ctl(text)
            .map_err(crate::errors::move_text_error)?;
        Ok(move_value(self.pos(), &m))
    }

    /// The legal move a long form (`"KG1-C4"`, `"PE7-E13"`) names.
    #[wasm_bindgen(js_name = parseLong, unchecked_return_type = "Move")]
    pub fn parse_long(&self, text: &str) -> Result<JsValue, JsValue> {
        let m = self
            .pos()
            .parse_long(text)
            .map_err(crate::errors::move_text_error)?;
        Ok(move_value(self.pos(), &m))
    }

    /// Whether a move (text or `Move`) is legal here.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string | Move")] mv: JsValue,
    ) -> bool {
        read_move(self.pos(), &mv).is_ok()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.pos().is_check()
    }

    /// Whether the side to move is checkmated.
    #[wasm_bindgen(js_name = isCheckmate)]
    pub fn is_checkmate(&self) -> bool {
        self.pos().is_checkmate()
    }

    /// Whether the side to move is stalemated (a loss for it in C'escacs).
    #[wasm_bindgen(js_name = isStalemate)]
    pub fn is_stalemate(&self) -> bool {
        self.pos().is_stalemate()
    }

    /// Whether the game has ended by the rules (the outcome is not `null`).
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.hist.is_game_over()
    }

    /// How the game ended by the rules (mate, stalemate, fivefold
    /// repetition, 75-move rule, insufficient material), or `null`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        outcome_value(self.hist.outcome())
    }

    /// How often the current position has occurred (RULES.md §7.2).
    #[wasm_bindgen(js_name = repetitionCount)]
    pub fn repetition_count(&self) -> usize {
        self.hist.repetition_count()
    }

    /// Whether a draw can be claimed (threefold repetition or fifty moves).
    #[wasm_bindgen(js_name = canClaimDraw)]
    pub fn can_claim_draw(&self) -> bool {
        self.hist.can_claim_draw()
    }

    /// The hexes of the pieces giving check.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn checkers(&self) -> Array {
        hexes_value(self.pos().checkers())
    }

    /// Whether `color` (`"w"`/`"b"`) attacks `hex` (pins ignored; Leaps never attack).
    #[wasm_bindgen(js_name = isAttackedBy)]
    pub fn is_attacked_by(&self, color: &str, hex: &str) -> Result<bool, JsValue> {
        Ok(self.pos().is_attacked(read_hex(hex)?, read_color(color)?))
    }

    /// The hexes of the pieces of `color` that attack `hex`.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn attackers(&self, color: &str, hex: &str) -> Result<Array, JsValue> {
        Ok(hexes_value(
            self.pos().attackers(read_hex(hex)?, read_color(color)?),
        ))
    }

    /// The hexes the piece on `hex` attacks (empty for an empty hex).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn attacks(&self, hex: &str) -> Result<Array, JsValue> {
        Ok(hexes_value(self.pos().attacks(read_hex(hex)?)))
    }

    /// Every hex `color` attacks.
    #[wasm_bindgen(js_name = attackedHexes, unchecked_return_type = "string[]")]
    pub fn attacked_hexes(&self, color: &str) -> Result<Array, JsValue> {
        Ok(hexes_value(self.pos().attacked_hexes(read_color(color)?)))
    }

    /// Whether the piece of `color` on `hex` is pinned to its King.
    #[wasm_bindgen(js_name = isPinned)]
    pub fn is_pinned(&self, color: &str, hex: &str) -> Result<bool, JsValue> {
        Ok(self.pos().is_pinned(read_color(color)?, read_hex(hex)?))
    }

    /// The piece on `hex` as its PDTL letter (uppercase White), or `null`.
    #[wasm_bindgen(js_name = pieceAt)]
    pub fn piece_at(&self, hex: &str) -> Result<Option<String>, JsValue> {
        Ok(self
            .pos()
            .piece_at(read_hex(hex)?)
            .map(|p| p.char().to_string()))
    }

    /// Every piece: an object from hex name to PDTL letter.
    #[wasm_bindgen(js_name = pieceMap, unchecked_return_type = "Record<string, string>")]
    pub fn piece_map(&self) -> JsValue {
        let props: Vec<(String, JsValue)> = cescacs::Hex::all()
            .filter_map(|h| {
                self.pos()
                    .piece_at(h)
                    .map(|p| (h.to_string(), JsValue::from_str(&p.char().to_string())))
            })
            .collect();
        let refs: Vec<(&str, JsValue)> =
            props.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        object(&refs)
    }

    /// The hex of the King of `color`.
    pub fn king(&self, color: &str) -> Result<String, JsValue> {
        Ok(self.pos().king(read_color(color)?).to_string())
    }

    /// The hexes of the pieces of `color` and `kind` (a CTL-AN letter:
    /// `K D V R G N J E P`, as PDTL writes White's).
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn pieces(&self, kind: &str, color: &str) -> Result<Array, JsValue> {
        let color = read_color(color)?;
        let mut chars = kind.chars();
        let role = match (chars.next().and_then(Role::from_letter), chars.next()) {
            (Some(r), None) => r,
            _ => {
                return Err(crate::errors::error(
                    "InvalidMoveError",
                    format!("{kind:?} is not a piece letter"),
                ))
            }
        };
        Ok(hexes_value(
            self.pos().pieces(cescacs::Piece::new(color, role)),
        ))
    }

    /// The board as text (as `cescacs show`); `unicode` draws figurines.
    #[wasm_bindgen(js_name = boardText)]
    pub fn board_text(&self, unicode: Option<bool>) -> String {
        self.pos().board_text(unicode.unwrap_or(false))
    }

    /// Leaf nodes `depth` plies down (see the `perft` function).
    pub fn perft(&self, depth: u32) -> f64 {
        cescacs::perft(self.pos(), depth) as f64
    }

    /// An independent copy (moves and all).
    pub fn copy(&self) -> Board {
        self.clone()
    }
}

/// Perft: the leaf nodes of the legal-move tree `depth` plies below
/// `board`'s position (one thread; exact as a number below 2^53).
#[wasm_bindgen]
pub fn perft(board: &Board, depth: u32) -> f64 {
    board.perft(depth)
}
