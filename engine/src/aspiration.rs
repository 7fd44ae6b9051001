//! Aspiration windows: from depth [`ASPIRATION_MIN_DEPTH`] the root is
//! searched within a narrow window around the last iteration's score,
//! which cuts more; a score outside it is searched again with the window
//! widened on that side, the margin growing by half each time, until it
//! falls inside (or the window is the whole range).

use cescacs::Position;

use crate::score::{DECIDED, INFINITY, MAX_PLY};
use crate::search::{Event, Searcher};

/// The least depth searched within a window.
const ASPIRATION_MIN_DEPTH: u32 = 4;
/// The first margin either side of the last score, centipawns.
const ASPIRATION_DELTA: i32 = 30;
/// Past this margin the window is the whole range.
const ASPIRATION_MAX_DELTA: i32 = 1000;

impl Searcher<'_> {
    /// The root's score at `depth` (`hash` its hash, `parent_moves` the
    /// mobility term's count), searched within windows around `guess` (the
    /// last iteration's score, `None` for the whole range). A search
    /// stopped after a fail-high keeps the move that failed high as its
    /// best when the re-search has not found one.
    pub(crate) fn aspirate(
        &mut self,
        root: &Position,
        hash: u64,
        depth: u32,
        parent_moves: i32,
        guess: Option<i32>,
    ) -> i32 {
        let d = depth as i32;
        let Some(guess) = guess.filter(|g| g.abs() < DECIDED && depth >= ASPIRATION_MIN_DEPTH)
        else {
            return self.negamax(root, hash, d, -INFINITY, INFINITY, 0, parent_moves);
        };
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = (guess - delta, guess + delta);
        let mut high: Option<([u32; MAX_PLY + 1], usize, i32)> = None;
        loop {
            self.root_score = -INFINITY;
            let score = self.negamax(root, hash, d, alpha, beta, 0, parent_moves);
            if self.stopped {
                if self.pv_len[0] == 0 {
                    if let Some((pv, len, s)) = high {
                        self.restore_root_pv(&pv, len, s);
                    }
                }
                return score;
            }
            if score <= alpha || score >= beta {
                self.report_bound(root, depth, score, score >= beta);
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = score - delta;
            } else if score >= beta {
                high = Some((self.root_pv_codes(), self.pv_len[0], self.root_score));
                beta = score + delta;
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > ASPIRATION_MAX_DELTA {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
            alpha = alpha.max(-INFINITY);
            beta = beta.min(INFINITY);
        }
    }

    /// Reports a search of the root that failed high (`lower`: `score` is
    /// a lower bound, with the line that failed high) or low (an upper
    /// bound, with the last iteration's line).
    fn report_bound(&mut self, root: &Position, depth: u32, score: i32, lower: bool) {
        let pv = if lower {
            self.root_pv(root)
        } else {
            self.prev_pv.clone()
        };
        if !pv.is_empty() {
            self.report(Event::Bound {
                depth,
                score,
                lower,
                pv,
            });
        }
    }
}
