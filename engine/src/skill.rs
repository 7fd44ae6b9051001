//! Strength levels (UCI `Skill Level` 0–20, `UCI_Elo`): a weakened level
//! searches several root lines (MultiPV) under a depth and node cap, then
//! picks one of them with a seeded random error, as Stockfish's `Skill`
//! does (Heinz van Saanen's rule). Level 20 is the plain search, node for node.
//!
//! For a level `L` below 20:
//!
//! | what | value | level 0 | level 19 |
//! | --- | --- | --- | --- |
//! | root lines | `4 + (20 - L) / 4` | 9 | 4 |
//! | deepest iteration | `1 + L / 2` | 1 | 10 |
//! | most nodes | `50 000 · 2^(L / 2)` | 50 000 | 25 600 000 |
//! | largest random error | `100 + 25 · (20 - L)` cp | 600 | 125 |
//!
//! The node cap never cuts the first iteration: when it does, the search
//! runs again to depth 1 without it (a mate in one is seen at every level).
//!
//! Each line's score gets a push `(w · (top − s) + δ · r) / 128`, where
//! `w = 120 − 2L` (the weakness), `top` is the best line's score, `δ` the
//! spread of the lines' scores capped at the largest random error, and `r`
//! a random number below `w`; the line with the highest pushed score is
//! played. Stockfish caps `δ` at a pawn at every level; the larger caps at
//! low levels let a weak level drop material, as a beginner does.
//!
//! The random numbers come from the skill's seed, the position's hash and
//! the number of searches since the engine's last new game, so a game
//! replayed from a new engine is replayed move for move, and different
//! positions and seeds play different moves.

use crate::limits::Limits;
use crate::result::{PvLine, SearchResult};
use crate::score::{Score, MATE};

/// The full-strength level (the plain search).
pub const MAX_SKILL_LEVEL: u32 = 20;

/// The ladder: the `UCI_Elo` of each level 0..=20. Level 0 is anchored at
/// 1000 by convention; each level is the one below plus its measured step,
/// the level's Elo over the one below in 100 games at 20 ms a move (a step
/// below 10 counted as 10, so the ladder climbs), both sides evaluating
/// with the hand-written terms: docs/ENGINE.md, "Levels", and
/// `scripts/skill-ladder.sh` with `scripts/ladder-elo.py`.
pub const SKILL_ELO: [u32; 21] = [
    1000, 1096, 1354, 1410, 1533, 1641, 1679, 1742, 1791, 1938, 1948, 1958, 2032, 2151, 2255, 2297,
    2355, 2466, 2557, 2638, 3214,
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

    /// `limits` with the level's caps (a weakened level only).
    pub(crate) fn limits(&self, limits: &Limits) -> Limits {
        let level = self.level;
        let depth = 1 + level / 2;
        let nodes = 50_000u64 << (level / 2);
        Limits {
            depth: Some(limits.depth.map_or(depth, |d| d.min(depth))),
            nodes: Some(limits.nodes.map_or(nodes, |n| n.min(nodes))),
            ..limits.clone()
        }
    }

    /// The root lines a weakened level searches to choose among, when the
    /// caller asks for `shown` (it reports only those).
    pub(crate) fn lines(&self, shown: usize) -> usize {
        shown.max(4 + (MAX_SKILL_LEVEL - self.level) as usize / 4)
    }

    /// [`Skill::limits`] for a rerun of a first iteration the node cap
    /// cut: depth 1, no node cap (a caller's own node limit stays).
    pub(crate) fn first_iteration(&self, limits: &Limits) -> Limits {
        Limits {
            depth: Some(1),
            ..self.limits(&Limits {
                nodes: limits.nodes.or(Some(u64::MAX)),
                ..limits.clone()
            })
        }
    }

    /// The result of a weakened search: the line picked by the random
    /// rule becomes the best move, score and PV (`lines` keep the search's
    /// order). `salt` varies the choice by position and move of the game.
    pub(crate) fn pick(&self, mut result: SearchResult, salt: u64) -> SearchResult {
        if result.lines.len() < 2 {
            return result;
        }
        let mut rng = SplitMix(self.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let chosen = choose(&result.lines, self.level, &mut rng);
        let line = &result.lines[chosen];
        (result.best_move, result.score, result.pv) =
            (line.pv.first().copied(), line.score, line.pv.clone());
        result
    }
}

/// The index of the line Stockfish's rule picks among `lines` (best first).
fn choose(lines: &[PvLine], level: u32, rng: &mut SplitMix) -> usize {
    let scores: Vec<i64> = lines.iter().map(|l| value(l.score)).collect();
    let top = scores[0];
    let max_error = 100 + 25 * i64::from(MAX_SKILL_LEVEL - level);
    let delta = (top - scores[scores.len() - 1]).clamp(0, max_error);
    let weakness = 120 - 2 * i64::from(level);
    let mut best = (i64::MIN, 0);
    for (i, &s) in scores.iter().enumerate() {
        let push = (weakness * (top - s) + delta * (rng.next() % weakness as u64) as i64) / 128;
        if s + push >= best.0 {
            best = (s + push, i);
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

/// SplitMix64: a small, seedable generator (quality enough for a move choice).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
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
    fn mates_outrank_material_and_sooner_mates_outrank_later() {
        assert!(value(Score::Mate(1)) > value(Score::Mate(2)));
        assert!(value(Score::Mate(5)) > value(Score::Cp(19_999)));
        assert!(value(Score::Mate(-5)) > value(Score::Mate(-1)));
        assert!(value(Score::Mate(0)) < value(Score::Mate(-1)));
        assert!(value(Score::Mate(-1)) < value(Score::Cp(-19_999)));
    }
}
