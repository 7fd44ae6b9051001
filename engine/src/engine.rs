//! The engine: a transposition table kept between searches, and the
//! search call that runs one or more threads (Lazy SMP).

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use cescacs::{History, Move, MoveList, Position};

use crate::clock::Instant;
use crate::control::Control;
use crate::eval::{evaluate, EvalConfig};
use crate::info::{CurrMoveInfo, Info, LineInfo, ScoreBound};
use crate::limits::Limits;
use crate::nnue::{FormatError, Network};
use crate::options::EngineOptions;
use crate::ordering::{Heuristics, Order, Picker};
use crate::result::{PvLine, SearchResult};
use crate::score::{Score, MAX_PLY};
use crate::search::{Event, Iteration, Searcher, Shared};
use crate::skill::Skill;
use crate::timeman::TimeControl;
use crate::tt::{Table, TableAllocError};

/// A searching engine. Its table and its main thread's history of which
/// moves cut survive between searches (so a game's moves help each
/// other); [`Engine::new_game`] clears them.
pub struct Engine {
    options: EngineOptions,
    tt: Table,
    /// The main thread's move-ordering history (`None` while a search holds it).
    heur: Option<Heuristics>,
    /// The network [`EngineOptions::use_nnue`] evaluates with.
    network: Arc<Network>,
    /// Searches since the last new game (varies a weakened level's choices).
    searches: u64,
    /// The stop and pondering flags of its searches.
    control: Control,
}

impl Engine {
    /// An engine with a cleared table of `options.hash_mb` MiB. Panics when
    /// the table cannot be allocated: [`Engine::try_new`] returns the error.
    pub fn new(options: EngineOptions) -> Engine {
        Engine::try_new(options).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An engine with a cleared table of `options.hash_mb` MiB, or the
    /// error of a table that cannot be allocated.
    pub fn try_new(options: EngineOptions) -> Result<Engine, TableAllocError> {
        Ok(Engine {
            tt: Table::try_new(options.hash_mb)?,
            heur: None,
            options,
            network: Network::default_network(),
            searches: 0,
            control: Control::new(),
        })
    }

    /// The options the engine searches with.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Forgets what earlier searches learnt. A search after this (or from a
    /// new engine) at a fixed depth on one thread is deterministic.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heur = None;
        self.searches = 0;
    }

    /// Resizes the table (which clears it). Panics when the table cannot
    /// be allocated: [`Engine::try_set_hash_mb`] returns the error.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.try_set_hash_mb(mb).unwrap_or_else(|e| panic!("{e}"));
    }

    /// Resizes the table (which clears it); when the new one cannot be
    /// allocated the engine keeps its table, and its contents, and says why.
    pub fn try_set_hash_mb(&mut self, mb: usize) -> Result<(), TableAllocError> {
        self.tt = Table::try_new(mb)?;
        self.options.hash_mb = mb;
        Ok(())
    }

    /// Searches on `threads` threads from the next search on (at least 1).
    pub fn set_threads(&mut self, threads: usize) {
        self.options.threads = threads.max(1);
    }

    /// Finds and reports the best `lines` root moves (UCI `MultiPV`, at
    /// least 1) from the next search on.
    pub fn set_multipv(&mut self, lines: usize) {
        self.options.multipv = lines.max(1);
    }

    /// Keeps `overhead` per move out of the clock's limits (UCI `Move
    /// Overhead`) from the next search on.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.options.move_overhead = overhead;
    }

    /// A handle on this engine's searches: clone it to another thread to
    /// stop a search ([`Control::stop`]) or end its pondering
    /// ([`Control::ponderhit`]) while it runs.
    pub fn control(&self) -> Control {
        self.control.clone()
    }

    /// Searches under `control` from now on (a caller's handle, shared
    /// with its other work), instead of the engine's own.
    pub fn set_control(&mut self, control: Control) {
        self.control = control;
    }

    /// Plays at `skill`'s level from the next search on.
    pub fn set_skill(&mut self, skill: Skill) {
        self.options.skill = skill;
    }

    /// Evaluates with `eval` from the next search on.
    pub fn set_eval(&mut self, eval: EvalConfig) {
        self.options.eval = eval;
    }

    /// Evaluates with the network (`true`) or the hand-written terms from
    /// the next search on (UCI `Use NNUE`).
    pub fn set_use_nnue(&mut self, on: bool) {
        self.options.use_nnue = on;
    }

    /// The network the engine evaluates with when
    /// [`EngineOptions::use_nnue`] is on: the default network
    /// ([`Network::default_network`]) unless another was set.
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// Evaluates with `net` when [`EngineOptions::use_nnue`] is on.
    pub fn set_network(&mut self, net: Arc<Network>) {
        self.network = net;
    }

    /// Reads the network file at `path` and evaluates with it (UCI
    /// `EvalFile`); on an error the engine keeps its network.
    pub fn load_network(&mut self, path: impl AsRef<Path>) -> Result<(), FormatError> {
        self.network = Arc::new(Network::load(path)?);
        Ok(())
    }

    /// The static evaluation of `pos` (centipawns for its side to move) by
    /// the evaluation the search uses: the network with
    /// [`EngineOptions::use_nnue`], else the hand-written terms.
    pub fn static_eval(&self, pos: &Position) -> i32 {
        if self.options.use_nnue {
            self.network.evaluate(pos)
        } else {
            evaluate(pos, &self.options.eval, 0)
        }
    }

    /// The best move of the game's current position (its earlier positions
    /// count for repetition) within `limits`, stopped early by the engine's
    /// [`Control`]; `on_info` gets each report while it runs ([`Info`]:
    /// every iteration's lines, fail-high and fail-low lines, the root move
    /// under search). The one search call: `|_| {}` ignores the reports.
    pub fn search(
        &mut self,
        game: &History,
        limits: &Limits,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let skill = self.options.skill;
        let shown = self.options.multipv.max(1);
        if !skill.is_weakened() {
            return self.run_plain(game, limits, shown, &mut on_info);
        }
        self.searches += 1;
        let lines = skill.lines(shown);
        let mut result = self.run_plain(game, &skill.limits(limits), lines, &mut on_info);
        if result.depth == 0 && limits.nodes.is_none() && !self.control.is_stopped() {
            result = self.run_plain(game, &skill.first_iteration(limits), lines, &mut on_info);
        }
        let mut result = skill.pick(result, game.position().zobrist_hash() ^ self.searches);
        result.lines.truncate(shown);
        result
    }

    /// One search finding `lines` root lines; reports go to `on_info`,
    /// the lines only up to the `MultiPV` asked for (a weakened level
    /// searches more than it shows).
    fn run_plain(
        &mut self,
        game: &History,
        limits: &Limits,
        lines: usize,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        self.tt.new_search();
        let root = game.position();
        let hashes = repetition_path(game);
        let root_moves = root_moves(root, limits);
        let shared = Shared {
            tt: &self.tt,
            cfg: self.options.eval,
            net: self.options.use_nnue.then_some(&*self.network),
            abort: AtomicBool::new(false),
            stop: self.control.stop_flag(),
            mate: limits.mate,
            nodes: AtomicU64::new(0),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            time: TimeControl::new(
                start,
                limits,
                root.turn(),
                self.options.move_overhead,
                self.control.clone(),
            ),
            root_moves: root_moves.as_deref(),
            multipv: lines.max(1),
        };
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32).max(1);
        let shown = self.options.multipv.max(1);
        let tt = &self.tt;
        let mut report = |event: Event<'_>| {
            let line = |depth, seldepth, score, bound, pv, multipv| {
                Info::Line(LineInfo {
                    depth,
                    seldepth,
                    score: Score::from_internal(score),
                    bound,
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    time: start.elapsed(),
                    pv,
                    multipv,
                    hashfull: tt.hashfull(),
                })
            };
            match event {
                Event::Iteration(it) => {
                    for (k, l) in it.lines.iter().take(shown).enumerate() {
                        let info = line(
                            it.depth,
                            it.seldepth,
                            l.score,
                            ScoreBound::Exact,
                            l.pv.clone(),
                            k + 1,
                        );
                        on_info(&info);
                    }
                }
                Event::Bound {
                    depth,
                    score,
                    lower,
                    pv,
                } => {
                    let bound = if lower {
                        ScoreBound::Lower
                    } else {
                        ScoreBound::Upper
                    };
                    on_info(&line(depth, depth, score, bound, pv, 1));
                }
                Event::RootMove { depth, mv, number } => on_info(&Info::CurrMove(CurrMoveInfo {
                    depth,
                    mv,
                    number,
                    time: start.elapsed(),
                })),
            }
        };
        let mut heur = self.heur.take().unwrap_or_else(Heuristics::new);
        heur.new_search();
        let (last, heur) = search_threads(
            &shared,
            root,
            &hashes,
            (self.options.threads.max(1), max_depth),
            heur,
            &mut report,
        );
        self.heur = Some(heur);
        let nodes = shared.nodes.load(Ordering::Relaxed);
        let (lines, depth, seldepth) = match last {
            Some(it) => {
                let depth = if it.complete { it.depth } else { it.depth - 1 };
                let lines: Vec<PvLine> = it
                    .lines
                    .into_iter()
                    .map(|l| PvLine {
                        score: Score::from_internal(l.score),
                        pv: l.pv,
                    })
                    .collect();
                (lines, depth, it.seldepth)
            }
            None => {
                let first = unsearched_choice(root, root_moves.as_deref(), &self.tt);
                let score = unsearched_score(root, first.is_some(), self.static_eval(root));
                (
                    first
                        .map(|m| PvLine { score, pv: vec![m] })
                        .into_iter()
                        .collect(),
                    0,
                    0,
                )
            }
        };
        let (best_move, score, pv) = match lines.first() {
            Some(l) => (l.pv.first().copied(), l.score, l.pv.clone()),
            None => (None, unsearched_score(root, false, 0), Vec::new()),
        };
        SearchResult {
            best_move,
            score,
            pv,
            depth,
            seldepth,
            nodes,
            time: start.elapsed(),
            lines,
        }
    }
}

/// Runs the search on `threads` threads (the calling one the main thread,
/// ordering by `heur` and leaving in it what it learnt) to `max_depth`;
/// the main thread's last usable iteration, and its heuristics.
fn search_threads(
    shared: &Shared<'_>,
    root: &Position,
    hashes: &[u64],
    (threads, max_depth): (usize, u32),
    heur: Heuristics,
    report: &mut dyn FnMut(Event<'_>),
) -> (Option<Iteration>, Heuristics) {
    let run_main = move || {
        let mut main =
            Searcher::with_heuristics(shared, hashes.to_vec(), root, heur).into_main(report);
        let last = main.iterate(root, (1, max_depth));
        (last, main.heur)
    };
    if threads == 1 {
        // No thread machinery for one thread (a C caller's main thread
        // then owns no lazily made thread handle of the Rust runtime).
        return run_main();
    }
    std::thread::scope(|s| {
        for id in 1..threads {
            let hashes = hashes.to_vec();
            s.spawn(move || {
                // Helpers search the same tree, half of them one ply
                // ahead, and fill the shared table; their results are
                // not used.
                let mut helper = Searcher::new(shared, hashes, root);
                helper.iterate(root, (1 + (id as u32 % 2), max_depth));
            });
        }
        let last = run_main();
        shared.abort.store(true, Ordering::Relaxed);
        last
    })
}

/// The move of a search stopped (by a node limit below what one root move
/// needs) before any root move was searched: the first in the search's
/// order (the table's move, then captures by MVV-LVA), `None` without a
/// legal move.
fn unsearched_choice(root: &Position, root_moves: Option<&[Move]>, tt: &Table) -> Option<Move> {
    let mut moves = MoveList::new();
    match root_moves {
        Some(kept) => moves.extend(kept.iter().copied()),
        None => root.legal_moves_into(&mut moves),
    }
    let hash_move = tt.probe(root.zobrist_hash()).map_or(0, |e| e.mv);
    let order = Order {
        pos: root,
        color: root.turn(),
        ply: 0,
        prev: 0,
        exchanges: None,
    };
    let first = Picker::new(&mut moves, &Heuristics::new(), &order, hash_move).next();
    first
}

/// The score of a root no root move of was searched: its static score
/// `eval` with a move to play, else the end of the game (mated `Mate(0)`,
/// stalemated `Cp(-20000)`).
fn unsearched_score(root: &Position, has_move: bool, eval: i32) -> Score {
    if has_move {
        Score::Cp(eval)
    } else if root.is_check() {
        Score::Mate(0)
    } else {
        Score::Cp(-crate::score::STALEMATE)
    }
}

/// The legal root moves `limits.search_moves` keeps, when it keeps any:
/// `None` searches every legal move.
fn root_moves(root: &Position, limits: &Limits) -> Option<Vec<Move>> {
    let wanted = limits.search_moves.as_ref()?;
    let kept: Vec<Move> = root
        .legal_moves()
        .into_iter()
        .filter(|m| wanted.contains(m))
        .collect();
    (!kept.is_empty()).then_some(kept)
}

/// The repetition hashes of the game's positions since its last
/// irreversible move (the halfmove clock bounds them), the current last.
fn repetition_path(game: &History) -> Vec<u64> {
    let n = game.len();
    let back = (game.position().halfmove_clock() as usize).min(n);
    let mut out = Vec::with_capacity(back + MAX_PLY + 2);
    out.extend((n - back..=n).map(|ply| {
        game.position_at(ply)
            .expect("a ply of the game")
            .zobrist_hash()
    }));
    out
}
