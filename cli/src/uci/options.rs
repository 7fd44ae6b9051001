//! The UCI options: the list `uci` prints, and `setoption`. Each value is
//! checked before anything changes: a refused one is answered with its
//! reason and changes nothing.

use std::time::Duration;

use cescacs_engine::nnue::Network;
use cescacs_engine::{
    Engine, EngineOptions, Skill, DEFAULT_MOVE_OVERHEAD, MAX_ELO, MAX_HASH_MB, MAX_MOVE_OVERHEAD,
    MAX_MULTIPV, MAX_SKILL_LEVEL, MAX_THREADS, MIN_ELO,
};

/// `EvalFile`'s value for the network built into the engine.
pub const DEFAULT_EVAL_FILE: &str = "<default>";

/// The `option` lines of `uci`, in order.
pub fn option_lines() -> Vec<String> {
    let defaults = EngineOptions::default();
    let overhead = DEFAULT_MOVE_OVERHEAD.as_millis();
    let max_overhead = MAX_MOVE_OVERHEAD.as_millis();
    vec![
        format!(
            "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
            defaults.hash_mb
        ),
        "option name Clear Hash type button".to_string(),
        format!(
            "option name Threads type spin default {} min 1 max {MAX_THREADS}",
            defaults.threads
        ),
        format!("option name Move Overhead type spin default {overhead} min 0 max {max_overhead}"),
        "option name Ponder type check default false".to_string(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        format!(
            "option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max \
             {MAX_SKILL_LEVEL}"
        ),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {MIN_ELO} min {MIN_ELO} max {MAX_ELO}"),
        "option name UCI_ShowWDL type check default false".to_string(),
        format!(
            "option name Use NNUE type check default {}",
            defaults.use_nnue
        ),
        format!("option name EvalFile type string default {DEFAULT_EVAL_FILE}"),
    ]
}

/// The options the session keeps beside the engine's own.
#[derive(Copy, Clone)]
pub struct SessionOptions {
    /// `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` as set.
    pub level: u32,
    pub limit_strength: bool,
    pub elo: u32,
    /// `UCI_ShowWDL`.
    pub show_wdl: bool,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            level: MAX_SKILL_LEVEL,
            limit_strength: false,
            elo: MIN_ELO,
            show_wdl: false,
        }
    }
}

impl SessionOptions {
    /// `UCI_Elo`'s level when `UCI_LimitStrength` is on, else `Skill Level`'s.
    fn skill(&self) -> Result<Skill, String> {
        if self.limit_strength {
            Skill::from_elo(self.elo)
        } else {
            Skill::new(self.level)
        }
        .map_err(|e| e.to_string())
    }
}

/// `setoption name N [value V]` (the words after `setoption`): applied to
/// `engine` and `session`, or the reason it is refused. `engine` is asked
/// for only once the value is known good (it waits for a search under way).
pub fn setoption<'e>(
    words: &[&str],
    session: &mut SessionOptions,
    engine: impl FnOnce() -> &'e mut Engine,
) -> Result<(), String> {
    let text = words.join(" ");
    let rest = text
        .strip_prefix("name ")
        .ok_or_else(|| format!("expected `setoption name N [value V]`, got {text:?}"))?;
    let (name, value) = match rest.split_once(" value ") {
        Some((name, value)) => (name.trim(), Some(value.trim())),
        None => (rest.trim(), None),
    };
    let key = name.to_ascii_lowercase();
    if key == "clear hash" {
        // A button: no value.
        engine().new_game();
        return Ok(());
    }
    let value = value.ok_or_else(|| format!("setoption name {name} needs a value"))?;
    let number = |option: &str| {
        value
            .parse::<usize>()
            .map_err(|_| format!("{option} must be a number, not {value:?}"))
    };
    let small = |option: &str| {
        value
            .parse::<u32>()
            .map_err(|_| format!("{option} must be a number, not {value:?}"))
    };
    let boolean = |option: &str| match value {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("{option} must be true or false, not {other:?}")),
    };
    // The engine checks each option's range.
    let check =
        |options: EngineOptions, what: &str| options.validate().map_err(|e| format!("{what}: {e}"));
    let current = EngineOptions::default();
    match key.as_str() {
        "hash" => {
            let hash_mb = number("Hash")?;
            check(EngineOptions { hash_mb, ..current }, "Hash")?;
            let engine = engine();
            let kept = engine.options().hash_mb;
            engine
                .try_set_hash_mb(hash_mb)
                .map_err(|e| format!("Hash: {e}; the table stays {kept} MiB"))?;
        }
        "threads" => {
            let threads = number("Threads")?;
            check(EngineOptions { threads, ..current }, "Threads")?;
            engine().set_threads(threads);
        }
        "move overhead" => {
            let overhead = Duration::from_millis(number("Move Overhead")? as u64);
            check(
                EngineOptions {
                    move_overhead: overhead,
                    ..current
                },
                "Move Overhead",
            )?;
            engine().set_move_overhead(overhead);
        }
        "multipv" => {
            let multipv = number("MultiPV")?;
            check(EngineOptions { multipv, ..current }, "MultiPV")?;
            engine().set_multipv(multipv);
        }
        // The engine ponders when the GUI says `go ponder`; the option only tells the GUI it may.
        "ponder" => {
            boolean("Ponder")?;
        }
        "uci_showwdl" => session.show_wdl = boolean("UCI_ShowWDL")?,
        "skill level" | "uci_limitstrength" | "uci_elo" => {
            let mut s = *session;
            match key.as_str() {
                "skill level" => s.level = small("Skill Level")?,
                "uci_elo" => s.elo = small("UCI_Elo")?,
                _ => s.limit_strength = boolean("UCI_LimitStrength")?,
            }
            // Each value is checked when set, even one not in force.
            Skill::new(s.level).map_err(|e| e.to_string())?;
            Skill::from_elo(s.elo).map_err(|e| e.to_string())?;
            engine().set_skill(s.skill()?);
            *session = s;
        }
        "use nnue" => {
            let on = boolean("Use NNUE")?;
            engine().set_use_nnue(on);
        }
        "evalfile" => {
            if value == DEFAULT_EVAL_FILE || value.is_empty() {
                engine().set_network(Network::default_network());
            } else {
                engine()
                    .load_network(value)
                    .map_err(|e| format!("EvalFile {value:?}: {e}; the network is unchanged"))?;
            }
        }
        _ => return Err(format!("unknown option {name:?}")),
    }
    Ok(())
}
