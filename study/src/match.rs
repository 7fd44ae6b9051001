//! Matches between two engine settings, for measuring strength: games from
//! seeded random openings, each opening played twice with the colours
//! swapped, on the rules crate's worker pool. Results are the same
//! whatever the thread count (every game starts from cleared tables at
//! fixed depths).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::{workers, Color, History, Position};
use cescacs_engine::Engine;

use crate::opening::random_opening;
use crate::player::Player;
use crate::record::GameRecord;
use crate::result::MatchResult;

/// A match: `pairs` openings, each played with A as White and as Black.
#[derive(Clone, Debug)]
pub struct Match {
    /// The first player, whose share of the points the match measures.
    pub a: Player,
    /// The second player.
    pub b: Player,
    /// How many openings; each is played twice.
    pub pairs: usize,
    /// The seed of the random openings.
    pub seed: u64,
    /// Random plies of each opening: a number drawn in this range.
    pub opening_plies: (usize, usize),
    /// A game still going after this many plies counts as a draw.
    pub max_plies: usize,
    /// Worker threads (games run in parallel, one search thread each); 0
    /// for every available core.
    pub threads: usize,
    /// The position the openings start from (the castling option included).
    pub start: Position,
}

impl Match {
    /// A match of `pairs` openings between `a` and `b`: seed 0, openings
    /// of 4 to 8 plies, games cut at 300 plies, one thread.
    pub fn new(a: Player, b: Player, pairs: usize) -> Match {
        Match { a, b, pairs, seed: 0, opening_plies: (4, 8), max_plies: 300, threads: 1, start: Position::default() }
    }

    /// The opening of pair `i`: random legal moves from the start, never
    /// one that ends the game, drawn from the stream
    /// [`cescacs::random::game_seed`] gives the match's seed and `i`.
    pub fn opening(&self, i: usize) -> History {
        random_opening(&self.start, self.seed, i as u64, self.opening_plies)
    }

    /// Plays every game; `progress` is called after each with the count done.
    pub fn run(&self, progress: &(dyn Fn(usize) + Sync)) -> MatchResult {
        let total = 2 * self.pairs;
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::with_capacity(total));
        let work = || {
            let (mut a, mut b) = (self.a.engine(), self.b.engine());
            loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= total {
                    return Ok::<(), std::convert::Infallible>(());
                }
                let a_color = if g % 2 == 0 { Color::White } else { Color::Black };
                let record = self.play(g / 2, a_color, &mut a, &mut b);
                let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                d.push((g, record));
                progress(d.len());
            }
        };
        let Ok(()) = workers::run(workers::worker_count(self.threads, total), "match", work);
        let mut games = done.into_inner().unwrap_or_else(|e| e.into_inner());
        games.sort_unstable_by_key(|&(g, _)| g);
        MatchResult { games: games.into_iter().map(|(_, r)| r).collect() }
    }

    /// One game of pair `pair`, A playing `a_color` with engine `a`.
    fn play(&self, pair: usize, a_color: Color, a: &mut Engine, b: &mut Engine) -> GameRecord {
        let mut h = self.opening(pair);
        a.new_game();
        b.new_game();
        let opening = h.len();
        while h.outcome().is_none() && h.len() < opening + self.max_plies {
            let a_moves = h.position().turn() == a_color;
            let (engine, player) = if a_moves { (&mut *a, &self.a) } else { (&mut *b, &self.b) };
            let m = engine.search(&h, &player.limits(&h)).best_move.expect("a game not over has a move");
            h.push_unchecked(m);
        }
        let (points, finished) = match h.outcome() {
            Some(o) => {
                let (w, b) = o.points();
                (if a_color == Color::White { (w, b) } else { (b, w) }, true)
            }
            None => ((1, 1), false),
        };
        GameRecord { pair, a_color, points, plies: h.len() - opening, finished, moves: h.moves().collect(), opening }
    }
}
