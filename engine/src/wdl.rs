//! Win, draw and loss chances of a search score (UCI `UCI_ShowWDL`), by
//! Stockfish's model: the side to move wins with chance
//! `1 / (1 + exp((a - x) / b))` at a score of `x` centipawns and loses with
//! the same chance at `-x`; the rest is the draw. `a` is the score at which
//! a win is as likely as not, `b` how fast the chance grows around it.
//!
//! [`WdlModel::FITTED`] was fitted on the engine's own self-play games by
//! [`WdlModel::fit`], by maximum likelihood over every searched position's
//! score and its game's result: `cescacs wdl-fit` (docs/UCI.md gives the
//! run and its numbers).

use crate::score::Score;

/// A position's chances for the side to move, per mille (they add up to
/// 1000).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Wdl {
    /// Chance of a win, per mille.
    pub win: u32,
    /// Chance of a draw, per mille.
    pub draw: u32,
    /// Chance of a loss, per mille.
    pub loss: u32,
}

impl Wdl {
    /// The chances of `score` by the fitted model ([`WdlModel::FITTED`]);
    /// a mate is a certain win or loss.
    pub fn from_score(score: Score) -> Wdl {
        WdlModel::FITTED.wdl(score)
    }
}

impl std::fmt::Display for Wdl {
    /// UCI's form: `wdl 512 300 188`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "wdl {} {} {}", self.win, self.draw, self.loss)
    }
}

/// The result of a game for one side.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum WdlOutcome {
    /// That side won (more points than the other).
    Win,
    /// A draw.
    Draw,
    /// That side lost.
    Loss,
}

/// The model's two parameters, in centipawns.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct WdlModel {
    /// The score at which a win is as likely as not.
    pub a: f64,
    /// The spread: the score change that multiplies the odds of a win by e.
    pub b: f64,
}

impl WdlModel {
    /// The model fitted on 300 self-play games of the engine at 2000
    /// nodes a move (58,563 positions), reproduced exactly by `cargo run
    /// --release -p cescacs-cli -- wdl-fit --games 300 --nodes 2000 --seed 1
    /// --random-plies 8` (docs/UCI.md, "Win, draw and loss").
    pub const FITTED: WdlModel = WdlModel {
        a: 125.61,
        b: 437.02,
    };

    /// The side to move's chance of winning at `cp` centipawns.
    fn win_chance(&self, cp: f64) -> f64 {
        1.0 / (1.0 + ((self.a - cp) / self.b).exp())
    }

    /// The win, draw and loss chances at `cp` centipawns (each in 0..=1,
    /// summing to 1).
    pub fn chances(&self, cp: f64) -> [f64; 3] {
        let win = self.win_chance(cp);
        let loss = self.win_chance(-cp);
        let draw = (1.0 - win - loss).max(0.0);
        let sum = win + draw + loss;
        [win / sum, draw / sum, loss / sum]
    }

    /// The chances of `score`, per mille, rounded so they add up to 1000.
    pub fn wdl(&self, score: Score) -> Wdl {
        match score {
            Score::Mate(n) if n > 0 => Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            },
            Score::Mate(_) => Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            },
            Score::Cp(cp) => {
                let [w, _, l] = self.chances(f64::from(cp));
                let win = (w * 1000.0).round() as u32;
                let loss = ((l * 1000.0).round() as u32).min(1000 - win);
                Wdl {
                    win,
                    draw: 1000 - win - loss,
                    loss,
                }
            }
        }
    }

    /// The mean log-likelihood of `samples` (a score in centipawns from the
    /// side to move's view, and that side's result) under the model.
    pub fn log_likelihood(&self, samples: &[(i32, WdlOutcome)]) -> f64 {
        let total: f64 = samples
            .iter()
            .map(|&(cp, outcome)| {
                let [w, d, l] = self.chances(f64::from(cp));
                let p = match outcome {
                    WdlOutcome::Win => w,
                    WdlOutcome::Draw => d,
                    WdlOutcome::Loss => l,
                };
                p.max(1e-12).ln()
            })
            .sum();
        total / samples.len().max(1) as f64
    }

    /// The model of greatest likelihood for `samples` (`None` without
    /// any): a grid over `a` in 0..=1000 and `b` in 10..=1000, then a
    /// pattern search from its best point down to steps of 0.01.
    pub fn fit(samples: &[(i32, WdlOutcome)]) -> Option<WdlModel> {
        if samples.is_empty() {
            return None;
        }
        let ll = |m: WdlModel| m.log_likelihood(samples);
        let mut best = WdlModel { a: 0.0, b: 100.0 };
        let mut best_ll = ll(best);
        for a in (0..=1000).step_by(25) {
            for b in (10..=1000).step_by(10) {
                let m = WdlModel {
                    a: f64::from(a),
                    b: f64::from(b),
                };
                let v = ll(m);
                if v > best_ll {
                    (best, best_ll) = (m, v);
                }
            }
        }
        let mut step = 16.0;
        while step >= 0.01 {
            let mut moved = false;
            for (da, db) in [(step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step)] {
                let m = WdlModel {
                    a: (best.a + da).max(0.0),
                    b: (best.b + db).max(1.0),
                };
                let v = ll(m);
                if v > best_ll {
                    (best, best_ll, moved) = (m, v, true);
                }
            }
            if !moved {
                step /= 2.0;
            }
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_add_up_and_mates_are_certain() {
        let m = WdlModel { a: 200.0, b: 80.0 };
        for cp in [-30_000, -500, -1, 0, 1, 37, 200, 1999, 20_000] {
            let w = m.wdl(Score::Cp(cp));
            assert_eq!(w.win + w.draw + w.loss, 1000, "{cp}");
            let mirror = m.wdl(Score::Cp(-cp));
            assert_eq!((w.win, w.loss), (mirror.loss, mirror.win), "{cp}");
        }
        // At a, a win is as likely as not.
        assert_eq!(m.wdl(Score::Cp(200)).win, 500);
        assert_eq!(
            m.wdl(Score::Mate(3)),
            Wdl {
                win: 1000,
                draw: 0,
                loss: 0
            }
        );
        assert_eq!(m.wdl(Score::Mate(0)).loss, 1000);
        assert_eq!(m.wdl(Score::Mate(-2)).to_string(), "wdl 0 0 1000");
    }

    #[test]
    fn the_fitted_model_gives_these_chances() {
        let at = |cp| Wdl::from_score(Score::Cp(cp)).to_string();
        assert_eq!(at(0), "wdl 429 142 429");
        assert_eq!(at(100), "wdl 485 141 374");
        assert_eq!(at(300), "wdl 598 128 274");
        assert_eq!(at(-300), "wdl 274 128 598");
    }

    #[test]
    fn the_fit_recovers_the_model_of_its_samples() {
        // Each score's outcomes in the exact proportions of a known model.
        let truth = WdlModel { a: 150.0, b: 60.0 };
        let mut samples = Vec::new();
        for cp in (-600..=600).step_by(10) {
            let [w, d, l] = truth.chances(f64::from(cp));
            for (n, outcome) in [
                (w, WdlOutcome::Win),
                (d, WdlOutcome::Draw),
                (l, WdlOutcome::Loss),
            ] {
                let count = (n * 1000.0).round() as usize;
                samples.extend(std::iter::repeat_n((cp, outcome), count));
            }
        }
        let fitted = WdlModel::fit(&samples).unwrap();
        assert!((fitted.a - 150.0).abs() < 1.0, "{fitted:?}");
        assert!((fitted.b - 60.0).abs() < 1.0, "{fitted:?}");
        assert_eq!(WdlModel::fit(&[]), None);
    }
}
