//! One side of a match as a match is told it: the built-in engine at some
//! settings or an external UCI engine, and how long each of its searches
//! may run.

use std::time::Duration;

use crate::engine_spec::EngineSpec;
use crate::player::Player;

/// What bounds each search of a side besides the match's clock (each
/// `None` is no bound; a side needs some bound, or the clock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Plies (`go depth N`).
    pub depth: Option<u32>,
    /// Nodes (`go nodes N`).
    pub nodes: Option<u64>,
    /// Time a move (`go movetime MS`); a move that takes longer than it
    /// and the match's margin loses on time.
    pub movetime: Option<Duration>,
}

impl SearchLimits {
    /// A fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Whether no bound is set.
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none()
    }

    /// The UCI `go` parameters of these bounds (`depth 3 nodes 1000 movetime 50`).
    pub fn go_params(&self) -> String {
        let mut words = Vec::new();
        if let Some(d) = self.depth {
            words.push(format!("depth {d}"));
        }
        if let Some(n) = self.nodes {
            words.push(format!("nodes {n}"));
        }
        if let Some(t) = self.movetime {
            words.push(format!("movetime {}", t.as_millis()));
        }
        words.join(" ")
    }
}

/// Which engine plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// The built-in engine (`cescacs-engine`) in this process, with the
    /// player's options and abstentions.
    Builtin(Player),
    /// An external UCI engine process.
    External(EngineSpec),
}

/// One side of a match: its engine and the bounds of its searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The engine.
    pub entrant: Entrant,
    /// The bounds of each search.
    pub limits: SearchLimits,
}

impl From<Player> for Contender {
    /// The built-in engine searching to the player's depth.
    fn from(player: Player) -> Contender {
        Contender {
            entrant: Entrant::Builtin(player),
            limits: SearchLimits::depth(player.depth),
        }
    }
}

impl Contender {
    /// An external engine within `limits`.
    pub fn external(spec: EngineSpec, limits: SearchLimits) -> Contender {
        Contender {
            entrant: Entrant::External(spec),
            limits,
        }
    }

    /// The external engine's description, if this side is one.
    pub fn spec(&self) -> Option<&EngineSpec> {
        match &self.entrant {
            Entrant::External(spec) => Some(spec),
            Entrant::Builtin(_) => None,
        }
    }
}
