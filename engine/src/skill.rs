//! Strength levels (UCI `Skill Level` 0–20, `UCI_Elo`). Level 20 is the
//! plain search, node for node. A level below 20 is a node budget, so it
//! plays alike on every machine and in the browser, whatever their speed,
//! as long as the clock lets it spend its nodes:
//!
//! - levels 8–19 search one line with `40 000 · 2^((L − 19) / 3)` nodes
//!   ([`SKILL_NODES`]): three levels double the nodes, worth about the same
//!   Elo at each step (docs/ENGINE.md, "Levels");
//! - levels 0–7 search four root lines (MultiPV) with [`ERRING_NODES`] in
//!   all, give each line's score a random bonus of 0 to the level's error
//!   (1,600 cp at level 0, 25 at level 7) and play the highest total, so the
//!   weakest levels drop material as a beginner does, while a line more than
//!   the error behind the best is never played.
//!
//! The node budget never cuts the first iteration: when it does, the
//! search runs again to depth 1 without it (a mate in one is seen at every
//! level). The random numbers come from the skill's seed, the position's
//! hash and the number of searches since the engine's last new game, so a
//! game replayed from a new engine is replayed move for move, and
//! different positions and seeds play different moves.

use cescacs::random::SplitMix64;

use crate::limits::Limits;
use crate::result::{PvLine, SearchResult};
use crate::score::{Score, MATE};

/// The full-strength level (the plain search).
pub const MAX_SKILL_LEVEL: u32 = 20;

/// The node budget of each level 0..=19: `40 000 · 2^((L − 19) / 3)`,
/// rounded (twice the nodes every three levels).
pub const SKILL_NODES: [u64; 20] = [
    496, 625, 787, 992, 1250, 1575, 1984, 2500, 3150, 3969, 5000, 6300, 7937, 10000, 12599, 15874,
    20000, 25198, 31748, 40000,
];

/// Levels below this one choose among root lines with a random error.
const ERRING_BELOW: u32 = 8;

/// The root lines an erring level searches.
const ERRING_LINES: usize = 4;

/// The node budget of an erring level's four lines: level 12's, with which
/// four lines play about as well as one line with level 8's budget.
pub const ERRING_NODES: u64 = SKILL_NODES[12];

/// The largest random error of each erring level 0..=7, in centipawns.
const SKILL_ERROR: [i64; ERRING_BELOW as usize] = [1600, 1100, 800, 630, 500, 320, 200, 25];

/// The ladder: the `UCI_Elo` of each level 0..=20. Level 0 is anchored at
/// 1000 by convention; each level is the one below plus its measured step,
/// the level's Elo over the one below with the network (levels 0-19 on
/// their node budgets, level 20 at 50 ms a move):
/// docs/results/skill-ladder.md, made by `scripts/skill-ladder.sh` and
/// `scripts/ladder-elo.py`.
pub const SKILL_ELO: [u32; 21] = [
    1000, 1047, 1136, 1165, 1273, 1427, 1535, 1630, 1713, 1734, 1827, 1967, 2121, 2210, 2263, 2358,
    2418, 2517, 2606, 2670, 2805,
];

/// The lowest `UCI_Elo` [`Skill::from_elo`] accepts (level 0).
pub const MIN_ELO: u32 = SKILL_ELO[0];
/// The highest `UCI_Elo` [`Skill::from_elo`] accepts (level 20).
pub const MAX_ELO: u32 = SKILL_ELO[20];

/// A strength level, always in range: level 0 (weakest) to 20 (the plain
/// search), with the seed of its random choices.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Skill {
    level: u32,
    seed: u64,
}

/// What is wrong with a level asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SkillError {
    /// A level above [`MAX_SKILL_LEVEL`].
    #[error("Skill Level must be 0..20, not {0}")]
    Level(u32),
    /// An Elo outside [`MIN_ELO`]..=[`MAX_ELO`].
    #[error("UCI_Elo must be {min}..{max}, not {0}", min = MIN_ELO, max = MAX_ELO)]
    Elo(u32),
}

impl Default for Skill {
    /// Full strength (level 20), seed 0.
    fn default() -> Skill {
        Skill {
            level: MAX_SKILL_LEVEL,
            seed: 0,
        }
    }
}

impl Skill {
    /// Level `level` (0..=20), seed 0.
    pub fn new(level: u32) -> Result<Skill, SkillError> {
        if level > MAX_SKILL_LEVEL {
            return Err(SkillError::Level(level));
        }
        Ok(Skill { level, seed: 0 })
    }

    /// The strongest level whose ladder Elo is at most `elo` (UCI
    /// `UCI_LimitStrength` with `UCI_Elo`), seed 0.
    pub fn from_elo(elo: u32) -> Result<Skill, SkillError> {
        if !(MIN_ELO..=MAX_ELO).contains(&elo) {
            return Err(SkillError::Elo(elo));
        }
        let level = SKILL_ELO.iter().rposition(|&e| e <= elo).unwrap_or(0) as u32;
        Ok(Skill { level, seed: 0 })
    }

    /// This level with the random choices of `seed`.
    pub fn with_seed(self, seed: u64) -> Skill {
        Skill { seed, ..self }
    }

    /// The level, 0..=20.
    pub fn level(&self) -> u32 {
        self.level
    }

    /// The seed of the random choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The level's Elo on the ladder ([`SKILL_ELO`]).
    pub fn elo(&self) -> u32 {
        SKILL_ELO[self.level as usize]
    }

    /// Whether the level is weakened (below 20).
    pub fn is_weakened(&self) -> bool {
        self.level < MAX_SKILL_LEVEL
    }

    /// The most nodes a search at this level spends (`None` at level 20,
    /// the plain search): [`SKILL_NODES`], and for an erring level (0–7)
    /// [`ERRING_NODES`] over its four lines.
    pub fn nodes(&self) -> Option<u64> {
        match self.level {
            MAX_SKILL_LEVEL.. => None,
            level if level < ERRING_BELOW => Some(ERRING_NODES),
            level => Some(SKILL_NODES[level as usize]),
        }
    }

    /// `limits` with the level's node budget (a weakened level only).
    pub(crate) fn limits(&self, limits: &Limits) -> Limits {
        let nodes = self.nodes().unwrap_or(u64::MAX);
        Limits {
            nodes: Some(limits.nodes.map_or(nodes, |n| n.min(nodes))),
            ..limits.clone()
        }
    }

    /// The root lines a weakened level searches to choose among, when the
    /// caller asks for `shown` (it reports only those).
    pub(crate) fn lines(&self, shown: usize) -> usize {
        if self.level < ERRING_BELOW {
            shown.max(ERRING_LINES)
        } else {
            shown
        }
    }

    /// The caller's `limits` for a rerun of a first iteration the node
    /// budget cut: depth 1 and no budget (the engine reruns only when the
    /// caller set no node limit of its own).
    pub(crate) fn first_iteration(&self, limits: &Limits) -> Limits {
        Limits {
            depth: Some(1),
            ..limits.clone()
        }
    }

    /// The result of a weakened search: the line picked by the random
    /// rule becomes the best move, score and PV (`lines` keep the search's
    /// order). `salt` varies the choice by position and move of the game.
    pub(crate) fn pick(&self, mut result: SearchResult, salt: u64) -> SearchResult {
        if result.lines.len() < 2 {
            return result;
        }
        let mut rng = SplitMix64::new(self.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let chosen = choose(&result.lines, self.level, &mut rng);
        let line = &result.lines[chosen];
        (result.best_move, result.score, result.pv) =
            (line.pv.first().copied(), line.score, line.pv.clone());
        result
    }
}

/// The index of the line an erring level plays among `lines` (best
/// first): each line's score gets a random bonus of 0 to the level's
/// largest error, and the highest total is played (the better line on a
/// tie). A line more than the error behind the best is never played.
fn choose(lines: &[PvLine], level: u32, rng: &mut SplitMix64) -> usize {
    let Some(&error) = SKILL_ERROR.get(level as usize) else {
        return 0;
    };
    let mut best = (i64::MIN, 0);
    for (i, line) in lines.iter().enumerate() {
        let total = value(line.score) + (rng.next_u64() % (error as u64 + 1)) as i64;
        if total > best.0 {
            best = (total, i);
        }
    }
    best.1
}

/// A score as one number: centipawns, mates beyond them (sooner is larger).
fn value(score: Score) -> i64 {
    match score {
        Score::Cp(c) => i64::from(c),
        Score::Mate(n) if n > 0 => i64::from(MATE - 2 * n),
        Score::Mate(n) => i64::from(-MATE - 2 * n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_elos_are_checked() {
        assert_eq!(Skill::new(21), Err(SkillError::Level(21)));
        assert_eq!(
            Skill::new(21).unwrap_err().to_string(),
            "Skill Level must be 0..20, not 21"
        );
        assert_eq!(
            Skill::from_elo(MIN_ELO - 1),
            Err(SkillError::Elo(MIN_ELO - 1))
        );
        assert_eq!(
            Skill::from_elo(MAX_ELO + 1),
            Err(SkillError::Elo(MAX_ELO + 1))
        );
        assert_eq!(Skill::from_elo(MIN_ELO).unwrap().level(), 0);
        assert_eq!(Skill::from_elo(MAX_ELO).unwrap().level(), 20);
        assert_eq!(Skill::from_elo(SKILL_ELO[7] + 1).unwrap().level(), 7);
        assert!(!Skill::default().is_weakened() && Skill::new(19).unwrap().is_weakened());
        assert!(
            SKILL_ELO.windows(2).all(|w| w[0] < w[1]),
            "the ladder climbs"
        );
    }

    #[test]
    fn each_level_has_twice_the_nodes_of_the_level_three_below() {
        for (level, &nodes) in SKILL_NODES.iter().enumerate() {
            let formula = 40_000.0 * 2f64.powf((level as f64 - 19.0) / 3.0);
            assert_eq!(nodes, formula.round() as u64, "level {level}");
        }
        assert_eq!(Skill::new(0).unwrap().lines(1), 4);
        assert_eq!(Skill::new(7).unwrap().lines(6), 6);
        assert_eq!(Skill::new(8).unwrap().lines(1), 1);
        assert_eq!(Skill::new(8).unwrap().lines(3), 3);
    }

    #[test]
    fn mates_outrank_material_and_sooner_mates_outrank_later() {
        assert!(value(Score::Mate(1)) > value(Score::Mate(2)));
        assert!(value(Score::Mate(5)) > value(Score::Cp(19_999)));
        assert!(value(Score::Mate(-5)) > value(Score::Mate(-1)));
        assert!(value(Score::Mate(0)) < value(Score::Mate(-1)));
        assert!(value(Score::Mate(-1)) < value(Score::Cp(-19_999)));
    }
}
