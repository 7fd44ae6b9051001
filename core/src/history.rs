//! A position with the moves that led to it, and the end-of-game rules that
//! need them (RULES.md §6): repetition, and the first point where the game
//! ended.
//!
//! [`History`] keeps, for every ply, the move, the repetition hash
//! (RULES.md §7.2) of the position reached and how many times that position
//! has occurred so far, with the start and the current position. Everything
//! is computed once, when the move is pushed, so every question about the
//! history — [`History::outcome`], [`History::repetition_count`],
//! [`History::claimable_draw`] — costs the same at ply 300 as at ply 10.
//! The positions in between are replayed from the start the first time one
//! is asked for ([`History::position_at`], [`History::pop`]) and kept from
//! then on: a game only played, or read, copies no position a move.
//!
//! `History` never refuses a legal move, even after the game has ended
//! (the python-chess `Board` model: the first end stays the outcome). The
//! game record, [`Game`](crate::Game), adds the policy that a finished game
//! takes no further move.

use std::sync::OnceLock;

use crate::moves::{Move, MoveKind};
use crate::outcome::{Outcome, Termination};
use crate::position::{IllegalMoveError, Position, SpecialCapture};

/// A draw the player to move may claim (RULES.md §6, item 4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DrawClaim {
    /// The current position has occurred for the third (or fourth) time.
    ThreefoldRepetition,
    /// Halfmove clock ≥ 100.
    FiftyMoves,
}

/// One ply of a history: the move that led to it and what the rules need
/// to know about the position it reached.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Ply {
    /// The move that led here (`None` for the start position).
    mv: Option<Move>,
    /// [`Position::zobrist_hash`] without the key of a pending en passant
    /// or scornful capture: the whole hash unless the move left one pending
    /// ([`leaves_special`]). Whether that capture is legal (part of the
    /// position's identity) is asked only of a later position with the
    /// same hash ([`same_position`]): it is rarely needed, and most such
    /// captures are asked about at once and never again.
    hash: u64,
    /// Occurrences of this position up to and including this ply.
    repetitions: u32,
}

/// Every position of a history, replayed from the start the first time
/// one before the last is asked for, in chunks of [`Positions::CHUNK`]
/// (about 60 KB): a long game in one vector is an allocation of over 128
/// KB, which the C allocator serves by mapping fresh pages and unmaps when
/// the game is dropped.
#[derive(Clone, Debug)]
struct Positions {
    /// Full chunks, then the last one (never empty).
    chunks: Vec<Vec<Position>>,
    len: usize,
}

impl Positions {
    const CHUNK: usize = 128;

    /// The positions of `start` followed by `moves`.
    fn replay(start: &Position, moves: impl Iterator<Item = Move>) -> Positions {
        let mut first = Vec::with_capacity(Self::CHUNK);
        first.push(start.clone());
        let mut positions = Positions {
            chunks: vec![first],
            len: 1,
        };
        for m in moves {
            let mut next = positions.last().clone();
            next.play_unchecked(m);
            positions.push(next);
        }
        positions
    }

    fn get(&self, i: usize) -> &Position {
        &self.chunks[i / Self::CHUNK][i % Self::CHUNK]
    }

    fn last(&self) -> &Position {
        self.get(self.len - 1)
    }

    fn push(&mut self, p: Position) {
        let last = self.chunks.last_mut().expect("a chunk");
        if last.len() < Self::CHUNK {
            last.push(p);
        } else {
            let mut next = Vec::with_capacity(Self::CHUNK);
            next.push(p);
            self.chunks.push(next);
        }
        self.len += 1;
    }

    /// Removes the last position; the start is never removed (the caller
    /// checks).
    fn pop(&mut self) {
        debug_assert!(self.len > 1, "the start stays");
        let last = self.chunks.last_mut().expect("a chunk");
        last.pop();
        if last.is_empty() {
            self.chunks.pop();
        }
        self.len -= 1;
    }
}

/// A start position and the moves played from it, with every position
/// reached.
///
/// ```
/// use cescacs::{History, Position, Termination};
///
/// let mut h = History::new(Position::default());
/// // Knights out and back: the initial position recurs every four plies.
/// for _ in 0..4 {
///     for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
///         h.push_ctl(m).unwrap();
///     }
/// }
/// assert_eq!(h.repetition_count(), 5);
/// assert_eq!(h.outcome().unwrap().termination, Termination::FivefoldRepetition);
/// h.pop();
/// assert_eq!(h.outcome(), None);
/// assert_eq!(h.len(), 15);
/// ```
#[derive(Clone, Debug)]
pub struct History {
    /// `plies[0]` is the start's; `plies[k]` the ply after `k` moves.
    plies: Vec<Ply>,
    /// The position before the first move.
    start: Position,
    /// The position after the last move.
    current: Position,
    /// Every position (`[k]` after `k` moves), replayed from the start when
    /// an earlier one than the last is first asked for, then kept up to
    /// date by every push and pop: a game only played or read copies no
    /// position a move.
    positions: OnceLock<Positions>,
    /// The first automatic draw (fivefold repetition, 75-move rule,
    /// insufficient material), as `(ply, outcome)`. Checkmate and stalemate
    /// can only happen at the last ply (no move follows them) and are
    /// decided when asked.
    draw: Option<(usize, Outcome)>,
    /// Whether the last position is checkmate or stalemate, once asked:
    /// the answer needs the legal moves, and a record's outcome, result and
    /// result check each ask it. Reset by every push and pop.
    mate: OnceLock<Option<Outcome>>,
}

/// Two histories are equal when their starts, moves and draws are (the
/// positions follow from them): the cached positions and mate answer are
/// not part of what a history is.
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.plies == other.plies && self.draw == other.draw && self.start == other.start
    }
}

impl Eq for History {}

impl Default for History {
    fn default() -> History {
        History::new(Position::default())
    }
}

impl History {
    /// A history with no moves yet.
    pub fn new(start: Position) -> History {
        History::with_capacity(start, 63)
    }

    /// A history with room for `moves` moves before it reallocates (it keeps
    /// each move with its repetition hash: 24 bytes a ply).
    pub fn with_capacity(start: Position, moves: usize) -> History {
        let hash = start.zobrist_hash();
        let draw = automatic_draw(&start, 1).map(|o| (0, o));
        let mut plies = Vec::with_capacity(moves + 1);
        plies.push(Ply {
            mv: None,
            hash,
            repetitions: 1,
        });
        History {
            plies,
            current: start.clone(),
            start,
            positions: OnceLock::new(),
            draw,
            mate: OnceLock::new(),
        }
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position (after the last move).
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position after `ply` moves (0 = the start), `None` beyond the end.
    /// The first time a position between the start and the last is asked
    /// for, the game is replayed once to keep them all.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        let len = self.len();
        Some(match ply {
            0 => &self.start,
            _ if ply == len => &self.current,
            _ if ply < len => self.all_positions().get(ply),
            _ => return None,
        })
    }

    /// Every position: the start and the one after each move (`len() + 1`).
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        let all = self.all_positions();
        (0..all.len).map(|i| all.get(i))
    }

    /// Every position, replayed from the start the first time.
    fn all_positions(&self) -> &Positions {
        self.positions
            .get_or_init(|| Positions::replay(&self.start, self.moves()))
    }

    /// Number of moves played.
    pub fn len(&self) -> usize {
        self.plies.len() - 1
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.plies.len() == 1
    }

    /// The moves, oldest first.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.plies[1..]
            .iter()
            .map(|p| p.mv.expect("every ply after the start has its move"))
    }

    /// The move that led to ply `ply` (1-based: ply 1 is the first move).
    pub fn move_at(&self, ply: usize) -> Option<Move> {
        self.plies.get(ply).and_then(|p| p.mv)
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<Move> {
        self.last().mv
    }

    fn last(&self) -> &Ply {
        &self.plies[self.plies.len() - 1]
    }

    /// Plays `m` if it is legal in the current position; otherwise returns
    /// an error and changes nothing. Moves after the end of the game are
    /// accepted (see the module docs).
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        self.current.play(m)?;
        self.pushed(m);
        Ok(())
    }

    /// Reads a CTL-AN move in the current position and plays it.
    pub fn push_ctl(&mut self, text: &str) -> Result<Move, crate::MoveTextError> {
        let m = self.position().parse_ctl(text)?;
        self.push_unchecked(m);
        Ok(m)
    }

    /// Plays `m`, which must be legal in the current position (as every
    /// move generated or read by the library for it is).
    pub fn push_unchecked(&mut self, m: Move) {
        self.current.play_unchecked(m);
        self.pushed(m);
    }

    /// Records `m`, just played on the current position.
    fn pushed(&mut self, m: Move) {
        if let Some(all) = self.positions.get_mut() {
            all.push(self.current.clone());
        }
        let ply = note(&mut self.plies, &self.current, m);
        self.forget_mate();
        first_draw(
            &mut self.draw,
            ply,
            &self.current,
            self.plies[ply].repetitions,
            m,
        );
    }

    /// Appends `m` with the position it led to, played by the caller (a
    /// reader that played it to check it) on a position of its own: the
    /// history's current position is left behind until
    /// [`History::finish_read`] hands it over, so no position is copied a
    /// move. Meanwhile only positions before the last may be asked for.
    pub(crate) fn push_read(&mut self, m: Move, after: &Position) {
        if let Some(all) = self.positions.get_mut() {
            all.push(after.clone());
        }
        let ply = note(&mut self.plies, after, m);
        self.forget_mate();
        first_draw(&mut self.draw, ply, after, self.plies[ply].repetitions, m);
    }

    /// Ends a run of [`History::push_read`]: `last` is the position after
    /// the last move.
    pub(crate) fn finish_read(&mut self, last: Position) {
        self.current = last;
        debug_assert_eq!(self.current.zobrist_hash(), self.zobrist_hash());
        debug_assert!(
            self.plies.len() == 1 || self.current.hash_without_special() == self.last().hash
        );
    }

    /// Forgets the mate answer (the last position changed). Looked at
    /// first: taking an empty `OnceLock` still builds a new one, and every
    /// move pushed comes here.
    #[inline(always)]
    fn forget_mate(&mut self) {
        if self.mate.get().is_some() {
            self.mate = OnceLock::new();
        }
    }

    /// Gives back the room reserved beyond the plies held.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.plies.shrink_to_fit();
    }

    /// Takes back the last move; `None` at the start. The position before
    /// it comes from the positions kept (replayed once, the first time).
    pub fn pop(&mut self) -> Option<Move> {
        if self.plies.len() == 1 {
            return None;
        }
        self.all_positions();
        let all = self.positions.get_mut().expect("replayed");
        all.pop();
        self.current.clone_from(all.last());
        let ply = self.plies.pop().expect("a move");
        self.forget_mate();
        if self.draw.is_some_and(|(at, _)| at > self.len()) {
            self.draw = None;
        }
        ply.mv
    }

    /// The repetition hash (RULES.md §7.2) of the current position.
    pub fn zobrist_hash(&self) -> u64 {
        let last = self.last();
        if leaves_special(last.mv) {
            self.current.zobrist_hash()
        } else {
            last.hash
        }
    }

    /// How many times the position after `ply` moves had occurred by then
    /// (itself included), `None` beyond the end.
    pub fn repetition_count_at(&self, ply: usize) -> Option<usize> {
        self.plies.get(ply).map(|p| p.repetitions as usize)
    }

    /// How many times the current position has occurred (1 if it is new).
    pub fn repetition_count(&self) -> usize {
        self.last().repetitions as usize
    }

    /// Whether the current position has occurred at least `n` times.
    pub fn is_repetition(&self, n: usize) -> bool {
        self.repetition_count() >= n
    }

    /// The first point where the game ended by the rules, as `(ply,
    /// outcome)`, in the order of RULES.md §6: checkmate, stalemate,
    /// fivefold repetition, 75-move rule, insufficient material. Moves
    /// played after an automatic draw do not undo it.
    pub fn end(&self) -> Option<(usize, Outcome)> {
        let last = self.len();
        match self.draw {
            Some((ply, o)) if ply < last => Some((ply, o)),
            draw => match *self
                .mate
                .get_or_init(|| checkmate_or_stalemate(self.position()))
            {
                Some(o) => Some((last, o)),
                None => draw,
            },
        }
    }

    /// The automatic draw (fivefold repetition, 75-move rule, insufficient
    /// material) the game has reached by now, if any: [`History::end`]
    /// without the mate and stalemate test, which needs the legal moves.
    pub fn draw_before_now(&self) -> Option<(usize, Outcome)> {
        self.draw
    }

    /// How the game ended by the rules, if it has (see [`History::end`]).
    pub fn outcome(&self) -> Option<Outcome> {
        self.end().map(|(_, o)| o)
    }

    /// Whether the game has ended by the rules.
    pub fn is_game_over(&self) -> bool {
        self.end().is_some()
    }

    /// The draw the side to move could claim now, if any: threefold
    /// repetition first, then the fifty-move rule. `None` once the game is
    /// over. (A claim announced together with the move that produces the
    /// repetition is not modelled: play the move, then ask.)
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        [DrawClaim::ThreefoldRepetition, DrawClaim::FiftyMoves]
            .into_iter()
            .find(|&c| self.can_claim(c))
    }

    /// Whether a draw may be claimed now (threefold repetition or halfmove
    /// clock ≥ 100) in a game that is not over.
    pub fn can_claim_draw(&self) -> bool {
        self.claimable_draw().is_some()
    }

    /// Whether the side to move may claim this particular draw now: the
    /// game is not over and, for [`DrawClaim::ThreefoldRepetition`], the
    /// current position has occurred at least three times, for
    /// [`DrawClaim::FiftyMoves`], the halfmove clock is at least 100.
    pub fn can_claim(&self, claim: DrawClaim) -> bool {
        let possible = match claim {
            DrawClaim::ThreefoldRepetition => self.is_repetition(3),
            DrawClaim::FiftyMoves => self.position().is_fifty_moves(),
        };
        possible && !self.is_game_over()
    }
}

/// A repetition window: the repetition hashes of the positions since the
/// last pawn move or capture, with each one's occurrence count, for games
/// that keep no [`History`] (batch self-play, a reinforcement-learning
/// episode). It is the window a history searches, since no position recurs
/// across a move that cannot be undone, so both count repetitions alike;
/// [`Position::automatic_draw`] turns a count into the end of the game.
///
/// ```
/// use cescacs::{Position, RecentHashes, Termination};
///
/// let mut pos = Position::default();
/// let mut recent = RecentHashes::default();
/// let mut count = recent.arrive(&pos);
/// for _ in 0..4 {
///     for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
///         pos.play(pos.parse_ctl(m).unwrap()).unwrap();
///         count = recent.arrive(&pos);
///     }
/// }
/// assert_eq!(count, 5);
/// assert_eq!(pos.automatic_draw(count).map(|o| o.termination), Some(Termination::FivefoldRepetition));
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecentHashes(Vec<(u64, u32)>);

impl RecentHashes {
    /// Forgets every position (for a new game).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Notes `pos`, just reached (the start of a game, or the position
    /// after each move, in order), and returns how often it has occurred.
    pub fn arrive(&mut self, pos: &Position) -> u32 {
        let hash = pos.zobrist_hash();
        if pos.halfmove_clock() == 0 {
            self.0.clear();
        }
        let repetitions = occurrences(hash, self.0.iter().rev().copied());
        self.0.push((hash, repetitions));
        repetitions
    }
}

impl Position {
    /// The automatic draw of this position when it is reached for the
    /// `repetitions`-th time (counted by a [`History`] or a
    /// [`RecentHashes`]): fivefold repetition, the 75-move rule or
    /// insufficient material (RULES.md §6), in that order; `None` if the
    /// game goes on. Checkmate and stalemate come first at the same
    /// position ([`Position::outcome`]).
    pub fn automatic_draw(&self, repetitions: u32) -> Option<Outcome> {
        automatic_draw(self, repetitions)
    }
}

/// Appends the ply of `m`, which reached `position`: its hash and its
/// repetition count; returns its index.
#[inline(always)]
fn note(plies: &mut Vec<Ply>, position: &Position, m: Move) -> usize {
    let ply = plies.len();
    // The whole hash but after a pawn's step that leaves a special capture
    // pending; that step resets the clock, so the window below is empty.
    let hash = position.hash_without_special();
    // A position can only recur since the last pawn move or capture (they
    // cannot be undone), so the search is bounded by the halfmove clock
    // (≤ 150 while the game goes on) however long the game is. Every move
    // hands the turn over and the hash holds the side to move, so only
    // every other ply can hold the same position.
    let window = (position.halfmove_clock() as usize).min(ply);
    let earlier = &plies[ply - window..ply.saturating_sub(1).max(ply - window)];
    debug_assert!(window == 0 || position.special == SpecialCapture::None);
    let repetitions = earlier
        .iter()
        .rev()
        .step_by(2)
        .find(|p| p.hash == hash && same_position(p, position))
        .map_or(1, |p| p.repetitions + 1);
    plies.push(Ply {
        mv: Some(m),
        hash,
        repetitions,
    });
    ply
}

/// Whether `m` leaves an en passant or scornful capture pending (a pawn's
/// double or triple step, a scornful step): the ply's hash then lacks the
/// key of that capture, which counts only if the capture is legal.
#[inline(always)]
fn leaves_special(m: Option<Move>) -> bool {
    m.is_some_and(|m| {
        matches!(
            m.kind,
            MoveKind::DoubleStep | MoveKind::TripleStep | MoveKind::ScornfulStep
        )
    })
}

/// Whether the earlier ply `earlier`, of the same hash as `position` (which
/// has no special capture pending), is the same position: unless its move
/// left a capture pending that was legal. Same hash, same placement, side
/// to move and rights: that capture is tested on `position` with its record.
#[cold]
fn same_position(earlier: &Ply, position: &Position) -> bool {
    match earlier.mv {
        Some(m) if leaves_special(Some(m)) => {
            let mut then = position.clone();
            then.note_special_capture(m, !then.turn());
            !then.has_legal_special_capture()
        }
        _ => true,
    }
}

/// Notes the automatic draw of `position`, reached at `ply` for the
/// `repetitions`-th time by `m`, as the first one unless an earlier one is
/// noted. With none noted, the position before `m` had enough material:
/// only a capture or a promotion (material changed) can leave too little,
/// so the material is not looked at after the other moves.
#[inline(always)]
fn first_draw(
    draw: &mut Option<(usize, Outcome)>,
    ply: usize,
    position: &Position,
    repetitions: u32,
    m: Move,
) {
    if draw.is_none()
        && (repetitions >= 5
            || position.is_seventyfive_moves()
            || m.is_capture()
            || m.promotion().is_some())
    {
        *draw = automatic_draw(position, repetitions).map(|o| (ply, o));
    }
}

/// The repetition count (RULES.md §6) of a position with hash `hash`: one
/// more than the count of its latest earlier occurrence, or 1. `earlier`
/// gives the `(hash, count)` of the positions before it, newest first: the
/// counting rule of [`RecentHashes`], and of [`History`], which asks whether
/// a pending special capture was legal only when the hashes match.
#[inline(always)]
fn occurrences(hash: u64, mut earlier: impl Iterator<Item = (u64, u32)>) -> u32 {
    earlier.find(|&(h, _)| h == hash).map_or(1, |(_, n)| n + 1)
}

/// The automatic draw of `pos`, reached for the `repetitions`-th time.
pub(crate) fn automatic_draw(pos: &Position, repetitions: u32) -> Option<Outcome> {
    let termination = if repetitions >= 5 {
        Termination::FivefoldRepetition
    } else if pos.is_seventyfive_moves() {
        Termination::SeventyFiveMoves
    } else if pos.is_insufficient_material() {
        Termination::InsufficientMaterial
    } else {
        return None;
    };
    Some(Outcome {
        termination,
        winner: None,
    })
}

/// Checkmate or stalemate of `pos`: the side to move has no legal move.
pub(crate) fn checkmate_or_stalemate(pos: &Position) -> Option<Outcome> {
    pos.outcome().filter(|o| {
        matches!(
            o.termination,
            Termination::Checkmate | Termination::Stalemate
        )
    })
}

#[cfg(test)]
mod tests {
    use super::History;
    use crate::Position;

    /// A history of up to `plies` moves, each the `(7 k) mod n`-th legal
    /// move of its position.
    fn played(plies: usize) -> History {
        let mut h = History::new(Position::default());
        for k in 0..plies {
            let moves = h.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            h.push_unchecked(moves[(7 * k) % moves.len()]);
        }
        h
    }

    /// The positions of `h` replayed move by move from its start.
    fn replayed(h: &History) -> Vec<Position> {
        let mut pos = h.start().clone();
        let mut out = vec![pos.clone()];
        for m in h.moves() {
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
        out
    }

    /// The positions kept (replayed on the first question, across chunks)
    /// are the game's, and stay so through pops and pushes with and
    /// without them.
    #[test]
    fn positions_replayed_on_demand_follow_pushes_and_pops() {
        let h = played(300);
        assert!(h.len() > 2 * super::Positions::CHUNK, "{}", h.len());
        let want = replayed(&h);
        // Asked one at a time before the whole list is kept.
        for k in [0, h.len(), 1, 129, h.len() - 1] {
            assert_eq!(h.position_at(k), Some(&want[k]), "ply {k}");
        }
        assert_eq!(h.position_at(h.len() + 1), None);
        assert!(h.positions().eq(want.iter()));

        // Popped without positions kept (the first pop replays).
        let mut popped = played(300);
        for _ in 0..3 {
            popped.pop();
        }
        assert_eq!(popped.position(), &want[h.len() - 3]);
        assert!(popped.positions().eq(want[..=h.len() - 3].iter()));
        // Pushed again with the positions kept, across a chunk's end.
        let mut back = played(256);
        back.positions().count();
        for m in h.moves().skip(256) {
            back.push_unchecked(m);
        }
        assert_eq!(back, h);
        assert!(back.positions().eq(want.iter()));
        assert_eq!(back.position(), h.position());
    }

    /// Material changes by a capture or a promotion: a promotion that
    /// leaves a King and a Knight against a bare King ends the game.
    #[test]
    fn a_promotion_can_leave_too_little_material() {
        use crate::Termination;
        let start: Position = "/27:1k/21:1P6/1:1K/ w -- - 0 1".parse().unwrap();
        let mut h = History::new(start);
        assert_eq!(h.end(), None);
        h.push_ctl("A21-A23=N").unwrap();
        assert_eq!(
            h.end().map(|(ply, o)| (ply, o.termination)),
            Some((1, Termination::InsufficientMaterial))
        );
    }

    /// A pawn's step leaves an en passant or scornful capture pending, and
    /// a piece of each side goes out and back: the placement recurs four
    /// plies later, the capture lapsed. That is the same position only if
    /// the capture was not legal (RULES.md §7.2): the counts equal the
    /// brute-force ones (whole hashes compared), with legal and illegal
    /// pending captures both met.
    #[test]
    fn a_lapsed_special_capture_counts_only_if_it_was_not_legal() {
        use crate::moves::{Move, MoveKind};
        let back = |p: &Position, m: Move| {
            p.legal_moves().into_iter().find(|b| {
                b.from() == m.to()
                    && b.to() == m.from()
                    && !b.is_zeroing()
                    && b.kind() == MoveKind::Normal
            })
        };
        let quiet = |p: &Position| -> Vec<Move> {
            p.legal_moves()
                .into_iter()
                .filter(|m| !m.is_zeroing() && m.kind() == MoveKind::Normal)
                .collect()
        };
        let (mut legal, mut lapsed) = (0, 0);
        'games: for seed in 0..400 {
            for before in crate::movegen::random_positions(&Position::default(), seed, 80) {
                for m in before.legal_moves() {
                    if !matches!(
                        m.kind(),
                        MoveKind::DoubleStep | MoveKind::TripleStep | MoveKind::ScornfulStep
                    ) {
                        continue;
                    }
                    let after = before.after(m);
                    let live = after.zobrist_hash() != after.hash_without_special();
                    if (live && legal >= 4) || (!live && lapsed >= 4) {
                        continue;
                    }
                    let shuffle = quiet(&after).into_iter().find_map(|x| {
                        let p1 = after.after(x);
                        quiet(&p1).into_iter().find_map(|y| {
                            let p2 = p1.after(y);
                            let xb = back(&p2, x)?;
                            let yb = back(&p2.after(xb), y)?;
                            Some([x, y, xb, yb])
                        })
                    });
                    let Some(shuffle) = shuffle else { continue };
                    let mut h = History::new(before.clone());
                    h.push_unchecked(m);
                    for x in shuffle {
                        h.push_unchecked(x);
                    }
                    let hashes: Vec<u64> = h.positions().map(Position::zobrist_hash).collect();
                    let last = *hashes.last().unwrap();
                    assert_eq!(h.zobrist_hash(), last);
                    assert_eq!(
                        h.repetition_count(),
                        hashes.iter().filter(|&&x| x == last).count()
                    );
                    assert_eq!(h.repetition_count(), if live { 1 } else { 2 });
                    if live {
                        legal += 1;
                    } else {
                        lapsed += 1;
                    }
                    if legal >= 4 && lapsed >= 4 {
                        break 'games;
                    }
                }
            }
        }
        assert!(legal >= 4 && lapsed >= 4, "{legal} legal, {lapsed} lapsed");
    }

    /// A record that starts where a legal special capture is pending and
    /// has no move: its history's one hash is the start's whole hash.
    #[test]
    fn a_start_with_a_legal_special_capture_pending_reads_back() {
        let start = (0..100)
            .flat_map(|seed| crate::movegen::random_positions(&Position::default(), seed, 60))
            .find(|p| p.zobrist_hash() != p.hash_without_special())
            .expect("a legal special capture pending in a random game");
        let text = format!("[PDTL \"{}\"]\n\n*\n", start.to_pdtl());
        let game = crate::pgn::read_game(&text).unwrap();
        assert_eq!(game.history().zobrist_hash(), start.zobrist_hash());
        assert_eq!(game.position(), &start);
    }
}
