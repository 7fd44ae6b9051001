//! A position with the moves that led to it, and the end-of-game rules that
//! need them (RULES.md §6): repetition, and the first point where the game
//! ended.
//!
//! [`History`] keeps, for every ply, the position reached, its repetition
//! hash (RULES.md §7.2) and how many times that position has occurred so
//! far. Everything is computed once, when the move is pushed, so every
//! question about the history — [`History::outcome`],
//! [`History::repetition_count`], [`History::claimable_draw`] — costs the
//! same at ply 300 as at ply 10, and [`History::pop`] is free.
//!
//! `History` never refuses a legal move, even after the game has ended
//! (the python-chess `Board` model: the first end stays the outcome). The
//! game record, [`Game`](crate::Game), adds the policy that a finished game
//! takes no further move.

use std::sync::OnceLock;

use crate::moves::Move;
use crate::outcome::{Outcome, Termination};
use crate::position::{IllegalMoveError, Position};

/// A draw the player to move may claim (RULES.md §6, item 4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum DrawClaim {
    /// The current position has occurred for the third (or fourth) time.
    ThreefoldRepetition,
    /// Halfmove clock ≥ 100.
    FiftyMoves,
}

/// One position of a history, with what the rules need to know about it.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Ply {
    position: Position,
    /// The move that led here (`None` for the start position).
    mv: Option<Move>,
    /// [`Position::zobrist_hash`]: equal hashes are the same position.
    hash: u64,
    /// Occurrences of this position up to and including this ply.
    repetitions: u32,
}

/// The plies of a history, in chunks of [`Plies::CHUNK`] (about 60 KB): a
/// long game in one vector is an allocation of over 128 KB, which the C
/// allocator serves by mapping fresh pages and unmaps when the game is
/// dropped, a cost random play on several threads pays for every game.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Plies {
    /// Full chunks, then the last one (never empty).
    chunks: Vec<Vec<Ply>>,
    len: usize,
}

impl Plies {
    const CHUNK: usize = 128;

    /// The start, with room for `capacity` plies in the first chunk.
    fn new(start: Ply, capacity: usize) -> Plies {
        let mut first = Vec::with_capacity(capacity.clamp(1, Self::CHUNK));
        first.push(start);
        Plies {
            chunks: vec![first],
            len: 1,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// The first of every other ply of `range`, from its last one down
    /// (`end - 1`, `end - 3`, …), that `found` accepts: the plies with the
    /// side to move of `end - 1`, the only ones its position can repeat. A
    /// chunk's slice at a time (no division per ply).
    fn rfind_every_other(
        &self,
        range: std::ops::Range<usize>,
        mut found: impl FnMut(&Ply) -> bool,
    ) -> Option<&Ply> {
        let (start, mut end) = (range.start, range.end);
        while start < end {
            let c = (end - 1) / Self::CHUNK;
            let base = c * Self::CHUNK;
            let lo = start.max(base);
            if let Some(p) = self.chunks[c][lo - base..end - base]
                .iter()
                .rev()
                .step_by(2)
                .find(|p| found(p))
            {
                return Some(p);
            }
            // The next one below `lo`, two plies under the lowest looked at.
            end = end.saturating_sub(2 * (end - lo).div_ceil(2));
        }
        None
    }

    fn get(&self, i: usize) -> Option<&Ply> {
        self.chunks.get(i / Self::CHUNK)?.get(i % Self::CHUNK)
    }

    #[inline(always)]
    fn push(&mut self, p: Ply) {
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

    /// Pushes the ply of `m` leading to `after`, the position copied once,
    /// straight into its chunk.
    #[inline(always)]
    fn push_played(&mut self, m: Move, after: &Position) {
        let last = self.chunks.last_mut().expect("a chunk");
        if last.len() == Self::CHUNK {
            self.chunks.push(Vec::with_capacity(Self::CHUNK));
        }
        let last = self.chunks.last_mut().expect("a chunk");
        last.push(Ply {
            position: after.clone(),
            mv: Some(m),
            hash: 0,
            repetitions: 0,
        });
        self.len += 1;
    }

    /// Pushes a copy of the last ply (copied once, in place).
    fn push_copy_of_last(&mut self) {
        let last = self.chunks.last_mut().expect("a chunk");
        if last.len() < Self::CHUNK {
            last.extend_from_within(last.len() - 1..);
            self.len += 1;
        } else {
            let copy = last[last.len() - 1].clone();
            self.push(copy);
        }
    }

    /// Removes the last ply; the start is never removed (the caller checks).
    fn pop(&mut self) -> Ply {
        debug_assert!(self.len > 1, "the start stays");
        let last = self.chunks.last_mut().expect("a chunk");
        let p = last.pop().expect("the last chunk is never empty");
        if last.is_empty() {
            self.chunks.pop();
        }
        self.len -= 1;
        p
    }
}

impl std::ops::Index<usize> for Plies {
    type Output = Ply;

    fn index(&self, i: usize) -> &Ply {
        &self.chunks[i / Self::CHUNK][i % Self::CHUNK]
    }
}

impl std::ops::IndexMut<usize> for Plies {
    fn index_mut(&mut self, i: usize) -> &mut Ply {
        &mut self.chunks[i / Self::CHUNK][i % Self::CHUNK]
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
    /// `plies[0]` is the start; `plies[k]` the position after `k` moves.
    plies: Plies,
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

/// Two histories are equal when their positions, moves and draws are: the
/// cached mate answer is not part of what a history is.
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.plies == other.plies && self.draw == other.draw
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
    /// every position: about 490 bytes a ply).
    pub fn with_capacity(start: Position, moves: usize) -> History {
        let hash = start.zobrist_hash();
        let draw = automatic_draw(&start, 1).map(|o| (0, o));
        History {
            plies: Plies::new(
                Ply {
                    position: start,
                    mv: None,
                    hash,
                    repetitions: 1,
                },
                moves + 1,
            ),
            draw,
            mate: OnceLock::new(),
        }
    }

    /// The position before the first move.
    pub fn start(&self) -> &Position {
        &self.plies[0].position
    }

    /// The current position (after the last move).
    pub fn position(&self) -> &Position {
        &self.last().position
    }

    /// The position after `ply` moves (0 = the start), `None` beyond the end.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.plies.get(ply).map(|p| &p.position)
    }

    /// Every position: the start and the one after each move (`len() + 1`).
    pub fn positions(&self) -> impl ExactSizeIterator<Item = &Position> + '_ {
        (0..self.plies.len()).map(|i| &self.plies[i].position)
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
        (1..self.plies.len()).map(|i| {
            self.plies[i]
                .mv
                .expect("every ply after the start has its move")
        })
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
        let mut next = self.position().clone();
        next.play(m)?;
        self.push_position(m, next);
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
        // The position is copied once, straight into the new ply, and the
        // move played there: a position is some 460 bytes, and a second
        // copy would be a large part of a random game's cost.
        let ply = self.plies.len();
        self.plies.push_copy_of_last();
        let last = &mut self.plies[ply];
        last.position.play_unchecked(m);
        last.mv = Some(m);
        self.record_last();
    }

    /// Appends `m` with the position it led to, already played by the
    /// caller (a reader that played it to check it): no second play.
    pub(crate) fn push_played(&mut self, m: Move, after: &Position) {
        self.plies.push_played(m, after);
        self.record_last();
    }

    /// Gives back the room reserved beyond the plies held.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.plies
            .chunks
            .last_mut()
            .expect("a chunk")
            .shrink_to_fit();
    }

    fn push_position(&mut self, m: Move, position: Position) {
        self.plies.push(Ply {
            position,
            mv: Some(m),
            hash: 0,
            repetitions: 0,
        });
        self.record_last();
    }

    /// Fills in the hash and repetition count of the last ply (just pushed)
    /// and notes an automatic draw there.
    fn record_last(&mut self) {
        self.mate.take();
        let ply = self.plies.len() - 1;
        let position = &self.plies[ply].position;
        let hash = position.zobrist_hash();
        // A position can only recur since the last pawn move or capture
        // (they cannot be undone), so the search is bounded by the halfmove
        // clock (≤ 150 while the game goes on) however long the game is.
        // Every move hands the turn over and the hash holds the side to
        // move, so only every other ply can hold the same position.
        let window = (position.halfmove_clock() as usize).min(ply);
        let repetitions = self
            .plies
            .rfind_every_other(ply - window..ply.saturating_sub(1), |p| p.hash == hash)
            .map_or(1, |p| p.repetitions + 1);
        if self.draw.is_none() {
            self.draw = automatic_draw(position, repetitions).map(|o| (ply, o));
        }
        let last = &mut self.plies[ply];
        last.hash = hash;
        last.repetitions = repetitions;
    }

    /// Takes back the last move; `None` at the start.
    pub fn pop(&mut self) -> Option<Move> {
        if self.plies.len() == 1 {
            return None;
        }
        let ply = self.plies.pop();
        self.mate.take();
        if self.draw.is_some_and(|(at, _)| at > self.len()) {
            self.draw = None;
        }
        ply.mv
    }

    /// The repetition hash (RULES.md §7.2) of the current position.
    pub fn zobrist_hash(&self) -> u64 {
        self.last().hash
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

/// The repetition count (RULES.md §6) of a position with hash `hash`: one
/// more than the count of its latest earlier occurrence, or 1. `earlier`
/// gives the `(hash, count)` of the positions before it, newest first; the
/// one counting rule of [`History`] and [`RecentHashes`].
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
    use super::{Plies, Ply};
    use crate::Position;

    /// `rfind_every_other` looks at `end - 1`, `end - 3`, … down to the
    /// range's start, across chunks, whatever the parity of the bounds.
    #[test]
    fn rfind_every_other_steps_by_two_across_chunks() {
        let ply = |k: u32| Ply {
            position: Position::default(),
            mv: None,
            hash: u64::from(k % 7),
            repetitions: k,
        };
        let mut plies = Plies::new(ply(0), 1);
        for k in 1..400 {
            plies.push(ply(k));
        }
        for (start, end) in [
            (0, 0),
            (5, 5),
            (0, 1),
            (0, 2),
            (1, 2),
            (0, 300),
            (0, 299),
            (1, 300),
            (127, 129),
            (127, 130),
            (128, 129),
            (100, 257),
            (101, 256),
            (256, 300),
            (255, 400),
            (3, 384),
        ] {
            let mut seen = Vec::new();
            let none = plies.rfind_every_other(start..end, |p| {
                seen.push(p.repetitions);
                false
            });
            assert!(none.is_none());
            let want: Vec<u32> = (start..end).rev().step_by(2).map(|k| k as u32).collect();
            assert_eq!(seen, want, "{start}..{end}");
            for h in 0..7 {
                let first = plies
                    .rfind_every_other(start..end, |p| p.hash == h)
                    .map(|p| p.repetitions);
                let want = (start..end)
                    .rev()
                    .step_by(2)
                    .find(|&k| k as u64 % 7 == h)
                    .map(|k| k as u32);
                assert_eq!(first, want, "{start}..{end} hash {h}");
            }
        }
    }
}
