//! One thread's search: iterative deepening over principal variation
//! search (negamax alpha-beta with null windows after the first move),
//! a bounded quiescence over captures and promotions (`quiesce.rs`), check
//! extension; near the horizon, nodes outside the principal variation are
//! pruned (`futility.rs`, `prune.rs`) and late quiet moves reduced
//! (`reduce.rs`); the root is searched in aspiration windows
//! (`aspiration.rs`). With MultiPV each iteration searches the root once per line
//! (`multipv.rs`).
//!
//! A search always answers with a searched move: a time limit or a stop
//! takes effect only once depth 1 is complete (the clock's hard limit once
//! a root move of depth 1 is searched in full), and a stopped iteration
//! whose first root move was searched in full is used (its best move is at
//! least as good as the previous iteration's, and searched deeper).
//!
//! The end of the game is the core's (RULES.md §6): no legal move is
//! checkmate (lost) or stalemate (also lost: the stalemating side wins
//! 2-1); the 75-move rule and insufficient material are draws; and a
//! position that repeats one already on the path from the game's last
//! irreversible move is scored a draw, as the side that could avoid the
//! cycle chose it and can repeat it to the fifth time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use arrayvec::ArrayVec;
use cescacs::{Move, MoveList, Position};

use crate::eval::EvalConfig;
use crate::evaluator::Evaluator;
use crate::futility;
use crate::nnue::Network;
use crate::ordering::{is_tactical, Heuristics, Order, Picker};
use crate::reduce::reduction;
use crate::score::{from_tt, to_tt, INFINITY, MATE, MAX_PLY, STALEMATE};
use crate::see;
use crate::timeman::{Instability, TimeControl};
use crate::tt::{move_code, Bound, Entry, Table};

/// One root line: its score (the engine's internal scale, from the side to
/// move's view) and its principal variation, the root move first.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
}

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub tt: &'a Table,
    pub cfg: EvalConfig,
    /// The network the search evaluates with, `None` for the hand-written terms.
    pub net: Option<&'a Network>,
    /// Set to end the search: by the main thread when it is done, or on a
    /// limit, or copied from the caller's flag.
    pub abort: AtomicBool,
    /// The caller's stop flag ([`crate::Control`]).
    pub stop: &'a AtomicBool,
    /// Stop at a mate in this many moves or fewer (UCI `go mate`).
    pub mate: Option<u32>,
    /// Nodes of all threads, flushed every [`FLUSH`] nodes per thread.
    pub nodes: AtomicU64,
    pub node_limit: u64,
    /// The time limits: movetime, the clock's soft and hard limits, pondering.
    pub time: TimeControl,
    /// The root moves to choose among (legal and not empty), `None` for all.
    pub root_moves: Option<&'a [Move]>,
    /// Root lines the main thread reports (MultiPV, at least 1).
    pub multipv: usize,
}

/// The least depth at which a node without a table move is reduced.
const IIR_DEPTH: i32 = 4;

/// How many nodes a thread counts before it adds them to the shared total
/// and looks at the clock and the stop flag.
const FLUSH: u64 = 1024;

/// One interior node's search: depth left, window, distance from the root
/// and the side to move's legal move count.
#[derive(Copy, Clone)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    our_moves: i32,
    /// Whether the side to move is in check.
    in_check: bool,
}

/// What the main thread tells its caller while it searches.
pub(crate) enum Event<'e> {
    /// A completed iteration.
    Iteration(&'e Iteration),
    /// A search of the root at `depth` that fell outside its aspiration
    /// window: `score` bounds the line `pv` from below (`lower`) or above.
    Bound {
        depth: u32,
        score: i32,
        lower: bool,
        pv: Vec<Move>,
    },
    /// The root move numbered `number` (from 1) starts being searched.
    RootMove { depth: u32, mv: Move, number: usize },
}

/// Where the main thread sends its [`Event`]s.
pub(crate) type Sink<'s> = &'s mut dyn FnMut(Event<'_>);

/// One iteration: completed, or stopped after its first root move was
/// searched in full (`complete` false: its best move is the best of the
/// root moves searched). `lines` holds the best line first, then the next
/// best root moves' lines (MultiPV, `multipv.rs`), at least one.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub depth: u32,
    pub complete: bool,
    pub seldepth: u32,
    pub lines: Vec<Line>,
}

impl Iteration {
    /// The best line.
    pub fn best(&self) -> &Line {
        &self.lines[0]
    }
}

pub(crate) struct Searcher<'a> {
    pub(crate) shared: &'a Shared<'a>,
    pub(crate) heur: Heuristics,
    /// Repetition hashes from the game's last irreversible move to the
    /// current node (the current node last).
    path: Vec<u64>,
    /// Nodes counted and not yet added to `shared.nodes`.
    local: u64,
    pub(crate) stopped: bool,
    /// Whether a time limit or a stop may end the search: once an
    /// iteration is complete (depth 1 always is).
    may_stop: bool,
    /// Whether this is the main thread (the one that stops on time).
    main: bool,
    root_depth: i32,
    pub(crate) seldepth: usize,
    pv: Box<[[u32; MAX_PLY + 1]]>,
    pub(crate) pv_len: [usize; MAX_PLY + 1],
    /// The score of the best root move searched in full in this iteration.
    pub(crate) root_score: i32,
    /// Root moves left out of this search of the root: the moves of the
    /// lines already chosen in this iteration (MultiPV).
    pub(crate) excluded: Vec<Move>,
    /// Whether the move into each ply was a null move (`prune.rs`).
    nulls: [bool; MAX_PLY + 2],
    /// The code of the move into each ply (0: a null move or the root).
    came_by: [u32; MAX_PLY + 2],
    /// The static evaluation, its accumulators on the current line.
    pub(crate) eval: Evaluator<'a>,
    /// The main thread's reports (`None` for a helper).
    sink: Option<Sink<'a>>,
    /// The last completed iteration's best line (a fail-low's report).
    pub(crate) prev_pv: Vec<Move>,
}

impl<'a> Searcher<'a> {
    /// `game` are the repetition hashes of the positions since the last
    /// irreversible move, the root's last; `root` is the position searched.
    pub fn new(shared: &'a Shared<'a>, game: Vec<u64>, root: &Position) -> Searcher<'a> {
        Searcher::with_heuristics(shared, game, root, Heuristics::new())
    }

    /// A searcher that orders by what `heur` learnt in earlier searches.
    pub fn with_heuristics(
        shared: &'a Shared<'a>,
        game: Vec<u64>,
        root: &Position,
        heur: Heuristics,
    ) -> Searcher<'a> {
        Searcher {
            shared,
            heur,
            path: game,
            local: 0,
            stopped: false,
            may_stop: false,
            main: false,
            root_depth: 0,
            seldepth: 0,
            pv: vec![[0; MAX_PLY + 1]; MAX_PLY + 1].into_boxed_slice(),
            pv_len: [0; MAX_PLY + 1],
            root_score: -INFINITY,
            excluded: Vec::new(),
            nulls: [false; MAX_PLY + 2],
            came_by: [0; MAX_PLY + 2],
            eval: Evaluator::new(shared.cfg, shared.net, root),
            sink: None,
            prev_pv: Vec::new(),
        }
    }

    /// The main thread: it reports to `sink` and ends the search on time
    /// and on the caller's stop.
    pub fn into_main(mut self, sink: Sink<'a>) -> Searcher<'a> {
        self.main = true;
        self.sink = Some(sink);
        self
    }

    /// Sends `event` to the caller (the main thread only).
    pub(crate) fn report(&mut self, event: Event<'_>) {
        if let Some(sink) = self.sink.as_mut() {
            sink(event);
        }
    }

    /// Iterative deepening from `start_depth` to `max_depth`, reporting
    /// each completed iteration; returns the last iteration usable
    /// (completed, or stopped with its first root move searched). The main
    /// thread also ends the search at the clock's soft limit between
    /// iterations, and at a mate within the caller's `mate` limit.
    pub fn iterate(
        &mut self,
        root: &Position,
        (start_depth, max_depth): (u32, u32),
    ) -> Option<Iteration> {
        let main = self.main;
        let mut last: Option<Iteration> = None;
        let mut instability = Instability::default();
        let parent_moves = root.legal_moves().len() as i32;
        let root_count = self
            .shared
            .root_moves
            .map_or(parent_moves as usize, <[Move]>::len);
        let lines = if main {
            self.shared.multipv.clamp(1, root_count.max(1))
        } else {
            1
        };
        for depth in start_depth..=max_depth.min(MAX_PLY as u32 - 1) {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let guess = last.as_ref().filter(|l| l.complete).map(|l| l.best().score);
            let Some(mut it) = self.search_lines(root, depth, lines, parent_moves, guess) else {
                break;
            };
            if it.complete {
                self.flush();
                self.report(Event::Iteration(&it));
                self.prev_pv.clone_from(&it.best().pv);
                // Only the main thread ends the search on time or a stop
                // (the helpers follow it through `abort`).
                self.may_stop = main;
            } else if let Some(previous) = &last {
                it.keep_lines_of(previous, lines);
            }
            instability.record(last.as_ref().map(|l| l.best().pv[0]), it.best().pv[0]);
            let mated = main && it.complete && self.mate_found(it.best().score);
            last = Some(it);
            if self.stopped || mated || (main && self.shared.time.past_soft(instability.factor())) {
                break;
            }
        }
        self.flush();
        last
    }

    /// Whether `score` is a mate for the side to move within the caller's
    /// `mate` limit (in moves).
    fn mate_found(&self, score: i32) -> bool {
        self.shared
            .mate
            .is_some_and(|n| score >= MATE - MAX_PLY as i32 && MATE - score < 2 * n as i32)
    }

    /// The principal variation of the root, as moves.
    pub(crate) fn root_pv(&self, root: &Position) -> Vec<Move> {
        let mut pos = root.clone();
        let mut out = Vec::new();
        for &code in &self.pv[0][..self.pv_len[0]] {
            let Some(m) = pos.legal_moves().into_iter().find(|m| move_code(m) == code) else {
                break;
            };
            pos.play_unchecked(m);
            out.push(m);
        }
        out
    }

    /// The root's principal variation as move codes.
    pub(crate) fn root_pv_codes(&self) -> [u32; MAX_PLY + 1] {
        self.pv[0]
    }

    /// Sets the root's principal variation (`len` codes of `pv`) and score.
    pub(crate) fn restore_root_pv(&mut self, pv: &[u32; MAX_PLY + 1], len: usize, score: i32) {
        self.pv[0] = *pv;
        self.pv_len[0] = len;
        self.root_score = score;
    }

    /// The root's hash (the last of the repetition path between searches).
    pub(crate) fn root_hash(&self) -> u64 {
        *self.path.last().expect("the root's hash")
    }

    fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.local, Ordering::Relaxed);
        self.local = 0;
    }

    /// Counts a node; false once the search must stop.
    #[inline]
    pub(crate) fn enter(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        if self.shared.nodes.load(Ordering::Relaxed) + self.local >= self.shared.node_limit {
            self.stop();
            return false;
        }
        self.local += 1;
        if self.local >= FLUSH {
            self.flush();
            if self.may_stop && self.told_to_stop() || self.clock_ends_depth_1() {
                self.stop();
            }
        }
        if self.shared.abort.load(Ordering::Relaxed) {
            self.stopped = true;
            return false;
        }
        true
    }

    /// Whether the clock's hard limit ends the main thread's depth 1, once
    /// a root move has been searched in full (its answer).
    fn clock_ends_depth_1(&self) -> bool {
        self.main && !self.may_stop && self.pv_len[0] > 0 && self.shared.time.past_clock_hard()
    }

    /// Whether the caller's flag or the time limits end the search.
    fn told_to_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed) || self.shared.time.past_hard()
    }

    fn stop(&mut self) {
        self.stopped = true;
        self.shared.abort.store(true, Ordering::Relaxed);
    }

    /// Whether the node on top of `path` repeats one since the last
    /// irreversible move (`halfmove` plies back), same side to move.
    fn repeats(&self, halfmove: u32) -> bool {
        let n = self.path.len();
        let hash = self.path[n - 1];
        let back = (halfmove as usize).min(n - 1);
        (4..=back).step_by(2).any(|k| self.path[n - 1 - k] == hash)
    }

    /// Whether the move into `ply` was a null move.
    pub(crate) fn null_before(&self, ply: usize) -> bool {
        self.nulls[ply]
    }

    /// Enters the position after a null move, `ply` from the root.
    pub(crate) fn push_null(&mut self, hash: u64, ply: usize) {
        self.path.push(hash);
        self.nulls[ply] = true;
        self.came_by[ply] = 0;
    }

    /// Leaves the position after a null move.
    pub(crate) fn pop_null(&mut self, ply: usize) {
        self.path.pop();
        self.nulls[ply] = false;
    }

    /// The score of a position without legal moves, `ply` from the root.
    pub(crate) fn no_moves(pos: &Position, ply: usize) -> i32 {
        if pos.is_check() {
            -MATE + ply as i32
        } else {
            -STALEMATE + ply as i32
        }
    }

    pub(crate) fn update_pv(&mut self, ply: usize, m: &Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        head[ply][0] = move_code(m);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Principal variation search of `pos` (its hash `hash`) to `depth`
    /// plies within (`alpha`, `beta`), `ply` plies from the root;
    /// `parent_moves` is the legal move count of the position before it
    /// (the mobility term compares the two).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        hash: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        parent_moves: i32,
    ) -> i32 {
        if !self.enter() {
            return 0;
        }
        self.pv_len[ply] = 0;
        self.seldepth = self.seldepth.max(ply);
        if ply > 0 {
            if self.repeats(pos.halfmove_clock()) {
                return 0;
            }
            // Mate-distance pruning: no line from here beats a mate found nearer the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0, parent_moves);
        }
        let (hash_move, cut) = self.probe(hash, depth, alpha, beta, ply);
        if let Some(score) = cut {
            return score;
        }
        // Internal iterative reduction: a node the table knows no move of
        // is likely new and its ordering poor; search it a ply shallower.
        let depth = if hash_move == 0 && depth >= IIR_DEPTH {
            depth - 1
        } else {
            depth
        };
        // Before the move generator: these cuts then cost no move list.
        let pv_node = beta - alpha > 1;
        let in_check = pos.is_check();
        let static_eval = (!pv_node && !in_check).then(|| self.eval.evaluate(pos, 0));
        if let Some(eval) = static_eval {
            if let Some(score) = futility::reverse_cut(eval, depth, beta) {
                return score;
            }
            if let Some(score) = self.null_move_cut(pos, eval, depth, beta, ply) {
                return score;
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return Self::no_moves(pos, ply);
        }
        if ply > 0 && (pos.is_seventyfive_moves() || pos.is_insufficient_material()) {
            return 0;
        }
        let our_moves = moves.len() as i32;
        if ply == 0 {
            self.keep_root_moves(&mut moves);
        }
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            our_moves,
            in_check,
        };
        let futile = static_eval.is_some_and(|eval| futility::quiets_futile(eval, depth, alpha));
        let (best, best_code) = self.search_moves(pos, &mut moves, hash_move, node, futile);
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched without some of its moves (MultiPV's later
        // lines) leaves the table's root entry to the full search.
        if ply > 0 || self.excluded.is_empty() {
            self.shared.tt.store(
                hash,
                Entry {
                    mv: best_code,
                    score: to_tt(best, ply),
                    depth,
                    bound,
                },
            );
        }
        best
    }

    /// The table's move for `hash` (0 for none) and, away from the root and
    /// outside the principal variation, the score its entry settles the
    /// node with when deep and bounded enough.
    fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> (u32, Option<i32>) {
        let Some(e) = self.shared.tt.probe(hash) else {
            return (0, None);
        };
        let pv_node = beta - alpha > 1;
        if ply == 0 || pv_node || e.depth < depth {
            return (e.mv, None);
        }
        let s = from_tt(e.score, ply);
        let cut = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        (e.mv, cut.then_some(s))
    }

    /// Restricts the root's moves to the caller's `searchmoves`, without
    /// the moves of the lines already chosen (MultiPV).
    fn keep_root_moves(&self, moves: &mut MoveList) {
        if let Some(keep) = self.shared.root_moves {
            moves.retain(|m| keep.contains(m));
        }
        if !self.excluded.is_empty() {
            moves.retain(|m| !self.excluded.contains(m));
        }
    }

    /// Searches each of `moves` (null windows after the first, check
    /// extension), best first by the picker; returns the best score and its
    /// move's code. After a stop the values mean nothing (`self.stopped`).
    /// With `futile`, quiet moves that give no check are skipped after the
    /// first move (`futility.rs`).
    fn search_moves(
        &mut self,
        pos: &Position,
        moves: &mut MoveList,
        hash_move: u32,
        node: Node,
        futile: bool,
    ) -> (i32, u32) {
        let Node {
            depth,
            mut alpha,
            beta,
            ply,
            in_check,
            ..
        } = node;
        let mut best = -INFINITY;
        let mut best_code = 0;
        let us = pos.turn();
        let prev = self.came_by[ply];
        let order = Order {
            pos,
            color: us,
            ply,
            prev,
            exchanges: Some(&self.shared.cfg.values),
        };
        let picker = Picker::new(moves, &self.heur, &order, hash_move);
        let pv_node = beta - alpha > 1;
        let mut tried: ArrayVec<Move, 64> = ArrayVec::new();
        for (rank, m) in picker.enumerate() {
            if ply == 0 && self.main {
                let number = rank + 1 + self.excluded.len();
                let depth = self.root_depth as u32;
                self.report(Event::RootMove {
                    depth,
                    mv: m,
                    number,
                });
            }
            let child = pos.after(m);
            let child_hash = child.zobrist_hash();
            let gives_check = child.is_check();
            // A check that loses material in the exchange is not extended.
            let values = &self.shared.cfg.values;
            let extend = i32::from(
                gives_check
                    && ply < 2 * self.root_depth as usize
                    && !(see::may_lose(&m, values) && see::see(pos, &m, values) < 0),
            );
            let quiet = !(in_check || gives_check || is_tactical(&m));
            if futile && quiet && rank > 0 {
                continue;
            }
            let r = if quiet {
                reduction(depth, rank, pv_node)
            } else {
                0
            };
            let node = Node {
                depth: depth - 1 + extend,
                alpha,
                ..node
            };
            self.path.push(child_hash);
            self.eval.push(pos, &child);
            self.came_by[ply + 1] = move_code(&m);
            let score = self.search_child(&child, child_hash, node, r, rank == 0);
            self.eval.pop();
            self.path.pop();
            if self.stopped {
                return (0, 0);
            }
            if score > best {
                best = score;
                best_code = move_code(&m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, &m);
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if alpha >= beta {
                        if !is_tactical(&m) {
                            self.heur.record_cut(us, &m, prev, &tried, ply, depth);
                        }
                        break;
                    }
                }
            }
            // The quiet moves searched so far, for the history's malus (past
            // 64 of them a node's later quiets go without it).
            if !is_tactical(&m) && !tried.is_full() {
                tried.push(m);
            }
        }
        (best, best_code)
    }

    /// The score of one child of a node (`node.depth` the child's full
    /// depth): the first move with the node's window; a later one with a
    /// null window, reduced by `r` plies, searched again to the full depth
    /// when it beats alpha, and with the full window when it falls inside it.
    fn search_child(
        &mut self,
        child: &Position,
        hash: u64,
        node: Node,
        r: i32,
        first: bool,
    ) -> i32 {
        let Node {
            depth,
            alpha,
            beta,
            ply,
            our_moves,
            ..
        } = node;
        if first {
            return -self.negamax(child, hash, depth, -beta, -alpha, ply + 1, our_moves);
        }
        let mut score = -self.negamax(
            child,
            hash,
            depth - r,
            -alpha - 1,
            -alpha,
            ply + 1,
            our_moves,
        );
        if r > 0 && score > alpha && !self.stopped {
            score = -self.negamax(child, hash, depth, -alpha - 1, -alpha, ply + 1, our_moves);
        }
        if score > alpha && score < beta && !self.stopped {
            score = -self.negamax(child, hash, depth, -beta, -alpha, ply + 1, our_moves);
        }
        score
    }
}
