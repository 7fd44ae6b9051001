//! `Engine`: the engine crate's search with its built-in network, one
//! thread (a page runs it in a Web Worker: `js/engine-worker.js`).

use cescacs_engine::{
    ClockSeconds, EngineOptions, Info, Limits, LineInfo, OptionsError, PvLine, Score, SearchResult,
    Skill, MAX_MULTIPV,
};
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::errors::{error, type_error};
use crate::types::{or_undefined, EngineOptionsArg, SearchLimitsArg};
use crate::values::{count, get, line_value, move_value, number, object};

/// A searching engine: its transposition table and move-ordering history
/// persist between searches (`newGame()` clears them).
#[wasm_bindgen]
pub struct Engine {
    engine: cescacs_engine::Engine,
}

fn option_error(e: impl ToString) -> JsValue {
    error("InvalidOptionError", e.to_string())
}

/// A score as `{cp}` (centipawns, side to move) or `{mate}` (moves; negative: mated).
fn score_value(score: Score) -> JsValue {
    match score {
        Score::Cp(cp) => object(&[("cp", f64::from(cp).into())]),
        Score::Mate(n) => object(&[("mate", f64::from(n).into())]),
    }
}

fn info_value(board: &Board, info: &LineInfo) -> JsValue {
    let pv = line_value(board.pos(), &info.pv);
    object(&[
        ("multipv", (info.multipv as f64).into()),
        ("depth", f64::from(info.depth).into()),
        ("seldepth", f64::from(info.seldepth).into()),
        ("score", score_value(info.score)),
        ("nodes", (info.nodes as f64).into()),
        ("time", (info.time.as_secs_f64() * 1000.0).into()),
        ("pv", pv.into()),
    ])
}

fn line_object(board: &Board, line: &PvLine) -> JsValue {
    object(&[
        ("score", score_value(line.score)),
        ("pv", line_value(board.pos(), &line.pv).into()),
    ])
}

fn result_value(board: &Board, r: &SearchResult) -> JsValue {
    let ms = r.time.as_secs_f64() * 1000.0;
    let lines: Array = r.lines.iter().map(|l| line_object(board, l)).collect();
    object(&[
        (
            "bestMove",
            r.best_move
                .map_or(JsValue::NULL, |m| move_value(board.pos(), &m)),
        ),
        ("score", score_value(r.score)),
        ("pv", line_value(board.pos(), &r.pv).into()),
        ("depth", f64::from(r.depth).into()),
        ("seldepth", f64::from(r.seldepth).into()),
        ("nodes", (r.nodes as f64).into()),
        ("time", ms.into()),
        (
            "nps",
            if ms > 0.0 {
                (r.nodes as f64 * 1000.0 / ms).round()
            } else {
                0.0
            }
            .into(),
        ),
        ("lines", lines.into()),
    ])
}

/// A Skill Level 0..=20 from an options object's `skill` (`None`: absent).
fn read_skill(options: &JsValue) -> Result<Option<Skill>, JsValue> {
    number(options, "skill")?.map(skill_level).transpose()
}

/// The Skill Level a JS number names (a whole number 0..=20).
fn skill_level(x: f64) -> Result<Skill, JsValue> {
    if x.fract() == 0.0 && x >= 0.0 && x <= f64::from(u32::MAX) {
        Skill::new(x as u32).map_err(option_error)
    } else {
        Err(option_error(format!(
            "skill must be a whole number from 0 to 20, not {x}"
        )))
    }
}

/// The Elo of Skill Level `level` (0..=20) on the measured ladder that
/// `UCI_Elo` maps onto (docs/ENGINE.md, "Levels"): what a level picker
/// shows beside each level.
#[wasm_bindgen(js_name = skillElo)]
pub fn skill_elo(level: f64) -> Result<u32, JsValue> {
    skill_level(level).map(|s| s.elo())
}

/// Milliseconds (a JS option) as seconds (the engine's checked unit).
fn seconds(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    Ok(number(options, key)?.map(|ms| ms / 1000.0))
}

/// The limits of `search`'s options object, and its line count (`multipv`).
fn read_limits(options: &JsValue) -> Result<(Limits, usize), JsValue> {
    let depth = count(options, "depth", f64::from(u32::MAX))?.map(|d| d as u32);
    let nodes = count(options, "nodes", 2f64.powi(53))?;
    let limits = Limits::checked(depth, nodes, seconds(options, "movetime")?)
        .map_err(option_error)?
        .with_clock_seconds(ClockSeconds {
            white: seconds(options, "wtime")?,
            black: seconds(options, "btime")?,
            white_inc: seconds(options, "winc")?,
            black_inc: seconds(options, "binc")?,
            moves_to_go: count(options, "movestogo", f64::from(u32::MAX))?.map(|n| n as u32),
        })
        .map_err(option_error)?;
    let multipv = count(options, "multipv", 1e6)?.unwrap_or(1) as usize;
    if !(1..=MAX_MULTIPV).contains(&multipv) {
        return Err(option_error(OptionsError::MultiPv(multipv)));
    }
    limits.validate().map_err(option_error)?;
    Ok((limits, multipv))
}

#[wasm_bindgen]
impl Engine {
    /// An engine with options `{hash, skill, useNnue}`: a table of `hash`
    /// MiB (default 16), Skill Level `skill` 0..=20 (default 20, full
    /// strength), and the built-in network (`useNnue: false`: the
    /// hand-written evaluation).
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<EngineOptionsArg>) -> Result<Engine, JsValue> {
        let options = or_undefined(options);
        let mut opts = EngineOptions::default();
        if let Some(mb) = count(&options, "hash", 1e6)? {
            opts.hash_mb = mb as usize;
        }
        if let Some(skill) = read_skill(&options)? {
            opts.skill = skill;
        }
        match get(&options, "useNnue") {
            v if v.is_undefined() || v.is_null() => {}
            v => {
                opts.use_nnue = v
                    .as_bool()
                    .ok_or_else(|| type_error("option useNnue must be a boolean"))?
            }
        }
        opts.validate().map_err(option_error)?;
        let engine = cescacs_engine::Engine::try_new(opts).map_err(option_error)?;
        Ok(Engine { engine })
    }

    /// Searches `board`'s position (its move stack counts for repetition)
    /// within `limits` — `{depth, nodes, movetime, multipv, skill, wtime,
    /// btime, winc, binc, movestogo}`, times in milliseconds; none: until
    /// depth 245 (give a limit) — calling `limits.onInfo(info)` after each
    /// completed iteration (once per line with `multipv`). A `skill` here
    /// applies to this search only.
    #[wasm_bindgen(unchecked_return_type = "SearchResult")]
    pub fn search(
        &mut self,
        board: &Board,
        limits: Option<SearchLimitsArg>,
    ) -> Result<JsValue, JsValue> {
        let limits = or_undefined(limits);
        let (parsed, multipv) = read_limits(&limits)?;
        let skill = read_skill(&limits)?;
        let on_info = match get(&limits, "onInfo") {
            v if v.is_undefined() || v.is_null() => None,
            v => Some(
                v.dyn_into::<Function>()
                    .map_err(|_| type_error("onInfo must be a function"))?,
            ),
        };
        let before = self.engine.options().skill;
        let lines_before = self.engine.options().multipv;
        self.engine.set_multipv(multipv);
        if let Some(s) = skill {
            self.engine.set_skill(s);
        }
        let report = |info: &Info| {
            // Completed iterations only: no bounds, no root move under search.
            if let (Some(f), Some(info)) = (&on_info, info.completed_line()) {
                // An exception in the callback is the caller's; the search goes on.
                let _ = f.call1(&JsValue::NULL, &info_value(board, info));
            }
        };
        let result = self.engine.search(&board.hist, &parsed, report);
        self.engine.set_skill(before);
        self.engine.set_multipv(lines_before);
        Ok(result_value(board, &result))
    }

    /// The static evaluation of `board`'s position (centipawns, side to move).
    pub fn evaluate(&self, board: &Board) -> i32 {
        self.engine.static_eval(board.pos())
    }

    /// Forgets what earlier searches learnt (table and move history).
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Sets the Skill Level, 0..=20 (20: full strength).
    #[wasm_bindgen(js_name = setSkill)]
    pub fn set_skill(&mut self, level: u32) -> Result<(), JsValue> {
        self.engine
            .set_skill(Skill::new(level).map_err(option_error)?);
        Ok(())
    }
}
