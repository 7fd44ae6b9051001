//! `Game`: a CTL-PGN record (tags, comments, assessments, variations) over
//! the core's `Game`, read and written by the core's `pgn` module. Lines of
//! the record are named as the core names them (`record_edit`): a path of
//! forks `[index, rank]` from the main line, and a move's index in its line.

use cescacs::pgn;
use cescacs::{Assessment, Fork, Line, Move, Position};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::errors::{error, game_error, pgn_error, type_error};
use crate::values::{get, move_value, object, outcome_value, read_line, read_move};

/// A game record.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    game: cescacs::Game,
}

fn edit_error(e: cescacs::EditError) -> JsValue {
    match e {
        cescacs::EditError::Illegal(i) => error("IllegalMoveError", i.to_string()),
        cescacs::EditError::Game(g) => game_error(g),
        other => error("InvalidEditError", other.to_string()),
    }
}

/// A path of forks from JavaScript: an array of `[index, rank]` pairs or
/// `{index, rank}` objects (`undefined`: the main line).
fn read_path(value: &JsValue) -> Result<Vec<Fork>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(value) {
        return Err(type_error("a path is an array of [index, rank] forks"));
    }
    let whole = |v: JsValue| -> Option<usize> {
        v.as_f64()
            .filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x < 1e15)
            .map(|x| x as usize)
    };
    Array::from(value)
        .iter()
        .map(|fork| {
            let (index, rank) = if Array::is_array(&fork) {
                let a = Array::from(&fork);
                (a.get(0), a.get(1))
            } else {
                (get(&fork, "index"), get(&fork, "rank"))
            };
            match (whole(index), whole(rank)) {
                (Some(index), Some(rank)) => Ok(Fork { index, rank }),
                _ => Err(type_error(
                    "a fork is [index, rank] (or {index, rank}) of whole numbers",
                )),
            }
        })
        .collect()
}

/// One line of the record as a plain object: its label, opening comments
/// and moves, each move with its CTL-AN, annotations and variations.
fn line_value(start: &Position, line: &Line, label: Option<&str>) -> JsValue {
    let moves = Array::new();
    let mut pos = start.clone();
    for am in &line.moves {
        let variations: Array = am
            .variations
            .iter()
            .map(|v| line_value(&pos, &v.line, v.label.as_deref()))
            .collect();
        let mv = move_value(&pos, &am.mv);
        let extra = object(&[
            (
                "assessment",
                am.assessment
                    .map_or(JsValue::NULL, |a| JsValue::from_str(a.symbol())),
            ),
            (
                "indicator",
                am.indicator
                    .map_or(JsValue::NULL, |i| JsValue::from_str(&i.to_string())),
            ),
            ("comments", strings(&am.comments).into()),
            ("variations", variations.into()),
        ]);
        // The move's own fields, then its annotations.
        let _ = js_sys::Object::assign(&mv.clone().into(), &extra.into());
        moves.push(&mv);
        pos.play_unchecked(am.mv);
    }
    object(&[
        ("label", label.map_or(JsValue::NULL, JsValue::from_str)),
        ("comments", strings(&line.comments).into()),
        ("moves", moves.into()),
    ])
}

fn strings(list: &[String]) -> Array {
    list.iter().map(|s| JsValue::from_str(s)).collect()
}

fn read_strings(value: &JsValue) -> Result<Vec<String>, JsValue> {
    let bad = || type_error("comments are an array of strings");
    if !Array::is_array(value) {
        return Err(bad());
    }
    Array::from(value)
        .iter()
        .map(|v| v.as_string().ok_or_else(bad))
        .collect()
}

impl Game {
    /// The moves a line of the record plays from the position before move
    /// `index` of the line at `path` (checked where they are played).
    fn moves_at(&self, path: &[Fork], index: usize, moves: &JsValue) -> Result<Vec<Move>, JsValue> {
        let pos = self.game.position_in(path, index).map_err(edit_error)?;
        read_line(&pos, moves)
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game from `pdtl` (default: the initial position), with the
    /// tags every record has (`Variant` first, the Seven Tag Roster).
    #[wasm_bindgen(constructor)]
    pub fn new(pdtl: Option<String>) -> Result<Game, JsValue> {
        let game = match pdtl {
            Some(text) => cescacs::Game::from_position(
                Position::from_pdtl(&text).map_err(crate::errors::pdtl_error)?,
            ),
            None => cescacs::Game::new(),
        };
        Ok(Game { game })
    }

    /// Reads one CTL-PGN game; `InvalidPgnError` (with `line`, `column`,
    /// `reason`) if it cannot be read.
    #[wasm_bindgen(js_name = fromPgn)]
    pub fn from_pgn(text: &str) -> Result<Game, JsValue> {
        let game = pgn::read_game(text).map_err(|e| pgn_error(&e))?;
        Ok(Game { game })
    }

    /// Reads every game of a CTL-PGN collection.
    #[wasm_bindgen(js_name = readGames, unchecked_return_type = "Game[]")]
    pub fn read_games(text: &str) -> Result<Array, JsValue> {
        let games = pgn::read_games(text).map_err(|e| pgn_error(&e))?;
        Ok(games
            .into_iter()
            .map(|game| JsValue::from(Game { game }))
            .collect())
    }

    /// The record as canonical CTL-PGN (NOTATION.md §6: `[Variant
    /// "C'escacs"]` first, the Seven Tag Roster, PDTL for another start).
    #[wasm_bindgen(js_name = toPgn)]
    pub fn to_pgn(&self) -> String {
        pgn::write_game(&self.game)
    }

    /// The tags in their order, as `[name, value]` pairs.
    #[wasm_bindgen(unchecked_return_type = "[string, string][]")]
    pub fn headers(&self) -> Array {
        self.game
            .tags
            .iter()
            .map(|(n, v)| -> JsValue { Array::of2(&n.into(), &v.into()).into() })
            .collect()
    }

    /// The value of tag `name`, or `undefined`.
    pub fn header(&self, name: &str) -> Option<String> {
        self.game.tag(name).map(str::to_string)
    }

    /// Sets a tag as an editor may (the core's rules: no `PDTL`, one-line
    /// values, `Result` a result); `InvalidEditError` otherwise.
    #[wasm_bindgen(js_name = setHeader)]
    pub fn set_header(&mut self, name: &str, value: &str) -> Result<(), JsValue> {
        self.game
            .try_set_tag(name, value)
            .map_err(|e| error("InvalidEditError", e.to_string()))
    }

    /// Removes every tag `name`; whether there was one.
    #[wasm_bindgen(js_name = removeHeader)]
    pub fn remove_header(&mut self, name: &str) -> bool {
        let n = self.game.tags.len();
        self.game.tags.retain(|(t, _)| t != name);
        self.game.tags.len() != n
    }

    /// Moves of the main line.
    pub fn ply(&self) -> usize {
        self.game.len()
    }

    /// The position after the main line, with its moves (a `Board`).
    pub fn board(&self) -> Board {
        Board {
            hist: self.game.history().clone(),
        }
    }

    /// The board after `ply` moves of the main line.
    #[wasm_bindgen(js_name = boardAt)]
    pub fn board_at(&self, ply: usize) -> Result<Board, JsValue> {
        if ply > self.game.len() {
            return Err(crate::errors::range_error(format!(
                "ply {ply} is beyond the main line's {} moves",
                self.game.len()
            )));
        }
        let mut hist = self.game.history().clone();
        while hist.len() > ply {
            hist.pop();
        }
        Ok(Board { hist })
    }

    /// The main line's moves as CTL-AN.
    #[wasm_bindgen(js_name = ctlMoves, unchecked_return_type = "string[]")]
    pub fn ctl_moves(&self) -> Array {
        strings(&self.game.ctl_moves())
    }

    /// The main line's moves as `Move` objects.
    #[wasm_bindgen(unchecked_return_type = "Move[]")]
    pub fn moves(&self) -> Array {
        let moves: Vec<Move> = self.game.moves().collect();
        crate::values::line_value(self.game.start(), &moves)
    }

    /// Plays a move (CTL-AN or `Move`) at the end of the main line;
    /// `GameOverError` after the end of the game.
    #[wasm_bindgen(unchecked_return_type = "Move")]
    pub fn push(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | Move")] mv: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pos = self.game.position().clone();
        let m = read_move(&pos, &mv)?;
        self.game.push(m).map_err(game_error)?;
        Ok(move_value(&pos, &m))
    }

    /// Takes back the main line's last move (undo); `null` at the start.
    #[wasm_bindgen(unchecked_return_type = "Move | null")]
    pub fn pop(&mut self) -> JsValue {
        match self.game.pop() {
            Some(am) => move_value(self.game.position(), &am.mv),
            None => JsValue::NULL,
        }
    }

    /// How the game ended by the rules, or `null`.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        outcome_value(self.game.outcome())
    }

    /// Whether the game has ended by the rules.
    #[wasm_bindgen(js_name = isGameOver)]
    pub fn is_game_over(&self) -> bool {
        self.game.is_game_over()
    }

    /// The result as written: stated (`setHeader("Result", …)`) or the rules' (`*` going on).
    pub fn result(&self) -> String {
        self.game.result().to_string()
    }

    /// How often the current position has occurred.
    #[wasm_bindgen(js_name = repetitionCount)]
    pub fn repetition_count(&self) -> usize {
        self.game.repetition_count()
    }

    /// Whether the current position has occurred `count` times (default 3).
    #[wasm_bindgen(js_name = isRepetition)]
    pub fn is_repetition(&self, count: Option<usize>) -> bool {
        self.game.is_repetition(count.unwrap_or(3))
    }

    /// Whether a draw can be claimed now.
    #[wasm_bindgen(js_name = canClaimDraw)]
    pub fn can_claim_draw(&self) -> bool {
        self.game.can_claim_draw()
    }

    /// The whole record as a tree of plain objects: `{label, comments,
    /// moves}`, each move a `Move` with `assessment`, `indicator`,
    /// `comments` and `variations` (lines of the same shape).
    #[wasm_bindgen(unchecked_return_type = "RecordLine")]
    pub fn tree(&self) -> JsValue {
        line_value(self.game.start(), self.game.mainline(), None)
    }

    /// The position before move `index` of the line at `path` (`index` =
    /// the line's length: after its last move).
    #[wasm_bindgen(js_name = boardIn)]
    pub fn board_in(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
    ) -> Result<Board, JsValue> {
        let pos = self
            .game
            .position_in(&read_path(&path)?, index)
            .map_err(edit_error)?;
        Ok(Board {
            hist: cescacs::History::new(pos),
        })
    }

    /// Adds a variation to move `index` of the line at `path`: `moves`
    /// played instead of it. Returns its rank among the move's variations.
    #[wasm_bindgen(js_name = addVariation)]
    pub fn add_variation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
        #[wasm_bindgen(unchecked_param_type = "(string | Move)[]")] moves: JsValue,
    ) -> Result<usize, JsValue> {
        let path = read_path(&path)?;
        let moves = self.moves_at(&path, index, &moves)?;
        self.game
            .add_variation(&path, index, &moves)
            .map_err(edit_error)
    }

    /// Plays `moves` at the end of the line at `path`.
    #[wasm_bindgen(js_name = extendLine)]
    pub fn extend_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(string | Move)[]")] moves: JsValue,
    ) -> Result<(), JsValue> {
        let path = read_path(&path)?;
        let len = self.game.line_at(&path).map_err(edit_error)?.moves.len();
        let moves = self.moves_at(&path, len, &moves)?;
        self.game.extend_line(&path, &moves).map_err(edit_error)
    }

    /// Makes variation `rank` of move `index` (line `path`) the line's continuation.
    #[wasm_bindgen(js_name = promoteToMain)]
    pub fn promote_to_main(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
        rank: usize,
    ) -> Result<(), JsValue> {
        self.game
            .promote_to_main(&read_path(&path)?, index, rank)
            .map_err(edit_error)
    }

    /// Removes variation `rank` of move `index` of the line at `path`.
    #[wasm_bindgen(js_name = removeVariation)]
    pub fn remove_variation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
        rank: usize,
    ) -> Result<(), JsValue> {
        self.game
            .remove_variation(&read_path(&path)?, index, rank)
            .map(drop)
            .map_err(edit_error)
    }

    /// Cuts the line at `path` to its first `len` moves.
    #[wasm_bindgen(js_name = truncateLine)]
    pub fn truncate_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        len: usize,
    ) -> Result<(), JsValue> {
        self.game
            .truncate_line(&read_path(&path)?, len)
            .map(drop)
            .map_err(edit_error)
    }

    /// Sets the comments after move `index` of the line at `path`.
    #[wasm_bindgen(js_name = setComments)]
    pub fn set_comments(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
        #[wasm_bindgen(unchecked_param_type = "string[]")] comments: JsValue,
    ) -> Result<(), JsValue> {
        let comments = read_strings(&comments)?;
        self.game
            .set_comments(&read_path(&path)?, index, comments)
            .map_err(edit_error)
    }

    /// Sets the comments before the first move of the line at `path`.
    #[wasm_bindgen(js_name = setLineComments)]
    pub fn set_line_comments(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string[]")] comments: JsValue,
    ) -> Result<(), JsValue> {
        let comments = read_strings(&comments)?;
        self.game
            .set_line_comments(&read_path(&path)?, comments)
            .map_err(edit_error)
    }

    /// Sets (or with `null` clears) the assessment of move `index` of the
    /// line at `path`: `"!"`, `"?"`, `"!!"`, `"??"`, `"!?"`, `"?!"` or `"◇"`.
    #[wasm_bindgen(js_name = setAssessment)]
    pub fn set_assessment(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Path")] path: JsValue,
        index: usize,
        mark: Option<String>,
    ) -> Result<(), JsValue> {
        let assessment = match mark {
            None => None,
            Some(m) => Some(Assessment::from_symbol(&m).ok_or_else(|| {
                error(
                    "InvalidEditError",
                    format!("{m:?} is not an assessment (! ? !! ?? !? ?! ◇)"),
                )
            })?),
        };
        self.game
            .set_assessment(&read_path(&path)?, index, assessment)
            .map_err(edit_error)
    }

    /// An independent copy.
    pub fn copy(&self) -> Game {
        self.clone()
    }
}
