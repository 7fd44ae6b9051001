//! Editing a game record's tree of lines: adding variations and main
//! variations, promoting, demoting and removing them, cutting lines short,
//! and setting comments, assessments and indicators — one API for the
//! Rust [`Game`], the C line handles and Python's `GameNode`.
//!
//! # Addressing
//!
//! A line of the record is named by a path from the main line: a list of
//! [`Fork`]s, each "variation `rank` of move `index`" of the line reached
//! so far (the empty path is the main line). A move is a line's path and
//! its index in that line. Every method checks the path first and returns
//! [`EditError`] without changing anything when it names no line or move.
//!
//! # Moves are checked
//!
//! New moves are checked against the position where they are played (the
//! position before the move a variation replaces, or after the line's
//! last move): an illegal move is [`EditError::Illegal`] and the record is
//! left as it was. The main line also follows the game's rule that no move
//! follows the end ([`EditError::Game`] with [`crate::GameError::GameOver`]);
//! a variation put on the main line keeps its moves as a record read from
//! text keeps them. Changing the main line's moves drops a stated result
//! as [`Game::push`] and [`Game::pop`] do.
//!
//! # Copy on write
//!
//! Variations share their lines ([`Variation::line`], an [`Arc`]): an edit
//! copies each line along its path that someone else shares
//! ([`Arc::make_mut`]), one line's own moves at a time, and changes the
//! copy. Views made before the edit ([`crate::LineView`], C line handles,
//! clones of the game) keep showing the record as it was; a game held in
//! an `Arc` of its own is edited through `Arc::make_mut` in the same way.
//!
//! Nothing here recurses on the depth: a record nested a hundred thousand
//! levels deep is addressed and edited with loops.
//!
//! ```
//! use cescacs::{pgn, Fork, Game};
//!
//! // The moves as written, after the tags (Variant and the Seven Tag Roster).
//! let movetext = |game: &Game| pgn::write_game(game).split_once("[Result \"*\"]\n").unwrap().1.to_string();
//! let mut game = Game::new();
//! for m in ["E7-E13", "E21-E15", "F8-F12"] {
//!     game.push_ctl(m).unwrap();
//! }
//! let d4 = game.position_at(1).unwrap().parse_ctl("D22-D16").unwrap();
//! // An alternative to Black's first move, then a second move in it.
//! let rank = game.add_variation(&[], 1, &[d4]).unwrap();
//! let path = [Fork { index: 1, rank }];
//! let next = game.position_in(&path, 1).unwrap().parse_ctl("F8-F12").unwrap();
//! game.extend_line(&path, &[next]).unwrap();
//! game.set_comments(&path, 0, vec!["solid".into()]).unwrap();
//! assert_eq!(movetext(&game), "1. E7-E13, E21-E15\n(1. …, D22-D16\n.{ @B: solid }\n.2. F8-F12)\n2. F8-F12\n*\n");
//! // The variation becomes the main line; the old moves its variation.
//! game.promote_to_main(&[], 1, 0).unwrap();
//! assert_eq!(game.ctl_moves(), ["E7-E13", "D22-D16", "F8-F12"]);
//! assert_eq!(movetext(&game), "1. E7-E13, D22-D16\n{ @B: solid }\n(1. …, E21-E15\n.2. F8-F12)\n2. F8-F12\n*\n");
//! ```

use std::sync::Arc;

use crate::game::{Game, GameError};
use crate::moves::Move;
use crate::position::{IllegalMoveError, Position};
use crate::record::{AnnotatedMove, Assessment, Indicator, Line, Variation};

/// One step of a path from the main line down the record: variation
/// `rank` of move `index` of the line reached so far.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Fork {
    /// The move the variation replaces, by its index in the line (0-based).
    pub index: usize,
    /// The variation, by its rank among that move's variations (0-based).
    pub rank: usize,
}

/// Why an edit of a record was refused; the record is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The path or move names a move beyond the end of its line.
    #[error("step {depth} of the path: the line has {len} moves, no move {index}")]
    NoMove {
        /// How many forks of the path were followed to reach the line.
        depth: usize,
        /// The index asked for.
        index: usize,
        /// The line's number of moves.
        len: usize,
    },
    /// The path names a variation the move does not have.
    #[error("step {depth} of the path: move {index} has {count} variations, no variation {rank}")]
    NoVariation {
        /// How many forks of the path were followed to reach the line.
        depth: usize,
        /// The move's index in its line.
        index: usize,
        /// The rank asked for.
        rank: usize,
        /// The move's number of variations.
        count: usize,
    },
    /// A new line needs at least one move.
    #[error("no moves given: a new line needs at least one move")]
    NoMoves,
    /// A variation keeps at least one move (remove it instead).
    #[error("a variation keeps at least one move: remove the variation instead")]
    EmptyVariation,
    /// A new move is not legal where it is played.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
    /// The main line refused a move by the game's rules (its end).
    #[error(transparent)]
    Game(#[from] GameError),
}

/// Move `index` of `line`, reached after `depth` forks.
fn move_of(line: &Line, depth: usize, index: usize) -> Result<&AnnotatedMove, EditError> {
    line.moves.get(index).ok_or(EditError::NoMove {
        depth,
        index,
        len: line.moves.len(),
    })
}

/// The variation `fork` names in `line`, reached after `depth` forks.
fn variation_of(line: &Line, depth: usize, fork: Fork) -> Result<&Variation, EditError> {
    let am = move_of(line, depth, fork.index)?;
    let count = am.variations.len();
    am.variations.get(fork.rank).ok_or(EditError::NoVariation {
        depth,
        index: fork.index,
        rank: fork.rank,
        count,
    })
}

/// `moves` played from `pos`, each checked, as a line without annotations.
fn checked_line(mut pos: Position, moves: &[Move]) -> Result<Vec<AnnotatedMove>, EditError> {
    if moves.is_empty() {
        return Err(EditError::NoMoves);
    }
    for &m in moves {
        pos.play(m)?;
    }
    Ok(moves.iter().map(|&m| AnnotatedMove::new(m)).collect())
}

impl Game {
    /// The line at `path` (the main line for `[]`).
    pub fn line_at(&self, path: &[Fork]) -> Result<&Line, EditError> {
        let mut line = self.mainline();
        for (depth, &fork) in path.iter().enumerate() {
            line = &variation_of(line, depth, fork)?.line;
        }
        Ok(line)
    }

    /// The position before move `index` of the line at `path` (`index` may
    /// be the line's length: the position after its last move). Costs the
    /// moves from the game's start to there.
    pub fn position_in(&self, path: &[Fork], index: usize) -> Result<Position, EditError> {
        // The main line's positions are the history's; below, play on.
        let mut line = self.mainline();
        let mut pos: Option<Position> = None;
        let advance = |pos: Option<Position>, line: &Line, count: usize| match pos {
            None => self
                .position_at(count)
                .expect("a ply of the main line")
                .clone(),
            Some(mut p) => {
                line.moves[..count]
                    .iter()
                    .for_each(|am| p.play_unchecked(am.mv));
                p
            }
        };
        for (depth, &fork) in path.iter().enumerate() {
            let next = &variation_of(line, depth, fork)?.line;
            pos = Some(advance(pos, line, fork.index));
            line = next;
        }
        if index > line.moves.len() {
            return Err(EditError::NoMove {
                depth: path.len(),
                index,
                len: line.moves.len(),
            });
        }
        Ok(advance(pos, line, index))
    }

    /// The moves from the game's start to the position before move `index`
    /// of the line at `path` (see [`Game::position_in`]).
    pub fn moves_to(&self, path: &[Fork], index: usize) -> Result<Vec<Move>, EditError> {
        let mut line = self.mainline();
        let mut out = Vec::new();
        for (depth, &fork) in path.iter().enumerate() {
            let next = &variation_of(line, depth, fork)?.line;
            out.extend(line.moves[..fork.index].iter().map(|am| am.mv));
            line = next;
        }
        if index > line.moves.len() {
            return Err(EditError::NoMove {
                depth: path.len(),
                index,
                len: line.moves.len(),
            });
        }
        out.extend(line.moves[..index].iter().map(|am| am.mv));
        Ok(out)
    }

    /// The line at `path` to change, copied where shared; the path is
    /// checked before anything is copied.
    fn line_mut(&mut self, path: &[Fork]) -> Result<&mut Line, EditError> {
        self.line_at(path)?;
        let mut line = self.mainline_mut();
        for fork in path {
            line = Arc::make_mut(&mut line.moves[fork.index].variations[fork.rank].line);
        }
        Ok(line)
    }

    /// Move `index` of the line at `path` to annotate.
    fn move_mut(&mut self, path: &[Fork], index: usize) -> Result<&mut AnnotatedMove, EditError> {
        move_of(self.line_at(path)?, path.len(), index)?;
        Ok(&mut self.line_mut(path)?.moves[index])
    }

    /// Replaces the moves of the line at `path` from `index` on with `new`
    /// (already checked) and returns the moves replaced. The main line's
    /// history follows.
    fn swap_tail(
        &mut self,
        path: &[Fork],
        index: usize,
        new: Vec<AnnotatedMove>,
    ) -> Result<Vec<AnnotatedMove>, EditError> {
        if !path.is_empty() {
            let line = self.line_mut(path)?;
            let old = line.moves.split_off(index);
            line.moves.extend(new);
            return Ok(old);
        }
        let mut old = Vec::with_capacity(self.len().saturating_sub(index));
        while self.len() > index {
            old.extend(self.pop());
        }
        old.reverse();
        for am in new {
            self.push_recorded(am)?;
        }
        Ok(old)
    }

    /// Adds a variation to move `index` of the line at `path`: an
    /// alternative to that move, from the position before it, made of
    /// `moves` (each checked). It comes after the move's other variations;
    /// returns its rank.
    pub fn add_variation(
        &mut self,
        path: &[Fork],
        index: usize,
        moves: &[Move],
    ) -> Result<usize, EditError> {
        move_of(self.line_at(path)?, path.len(), index)?;
        let new = checked_line(self.position_in(path, index)?, moves)?;
        let am = &mut self.line_mut(path)?.moves[index];
        am.variations.push(Variation {
            label: None,
            line: Arc::new(Line {
                comments: Vec::new(),
                moves: new,
            }),
        });
        Ok(am.variations.len() - 1)
    }

    /// Plays `moves` (each checked) at the end of the line at `path`. On
    /// the main line the game's rules apply too: no move after the end
    /// (an automatic draw reached on the way refuses the rest, and nothing
    /// is added).
    pub fn extend_line(&mut self, path: &[Fork], moves: &[Move]) -> Result<(), EditError> {
        let len = self.line_at(path)?.moves.len();
        let new = checked_line(self.position_in(path, len)?, moves)?;
        if !path.is_empty() {
            self.line_mut(path)?.moves.extend(new);
            return Ok(());
        }
        for (pushed, am) in new.into_iter().enumerate() {
            if let Err(e) = self.push_annotated(am) {
                (0..pushed).for_each(|_| drop(self.pop()));
                return Err(e.into());
            }
        }
        Ok(())
    }

    /// Adds `moves` (each checked) as the main continuation from the
    /// position before move `index` of the line at `path`: they replace
    /// the line's moves from `index` on, which become the new move's
    /// variation 0, followed by the variations the old move had. At the
    /// end of the line (`index` = its length) this is
    /// [`Game::extend_line`].
    pub fn add_main_variation(
        &mut self,
        path: &[Fork],
        index: usize,
        moves: &[Move],
    ) -> Result<(), EditError> {
        let len = self.line_at(path)?.moves.len();
        if index == len {
            return self.extend_line(path, moves);
        }
        move_of(self.line_at(path)?, path.len(), index)?;
        let mut new = checked_line(self.position_in(path, index)?, moves)?;
        let mut old = self.swap_tail(path, index, Vec::new())?;
        let mut variations = std::mem::take(&mut old[0].variations);
        variations.insert(
            0,
            Variation {
                label: None,
                line: Arc::new(Line {
                    comments: Vec::new(),
                    moves: old,
                }),
            },
        );
        new[0].variations = variations;
        self.swap_tail(path, index, new)?;
        Ok(())
    }

    /// Makes variation `rank` of move `index` of the line at `path` the
    /// line's continuation from there: its moves replace the line's from
    /// `index` on, which become the new move's variation 0, followed by
    /// the move's other variations in their order (then the variations the
    /// promoted line's first move had). The promoted variation's label and
    /// opening comments go (a continuation has neither).
    pub fn promote_to_main(
        &mut self,
        path: &[Fork],
        index: usize,
        rank: usize,
    ) -> Result<(), EditError> {
        variation_of(self.line_at(path)?, path.len(), Fork { index, rank })?;
        let am = &mut self.line_mut(path)?.moves[index];
        let mut chosen = am.variations.remove(rank);
        let mut others = std::mem::take(&mut am.variations);
        let mut new = std::mem::take(&mut Arc::make_mut(&mut chosen.line).moves);
        let old = self.swap_tail(path, index, Vec::new())?;
        others.insert(
            0,
            Variation {
                label: None,
                line: Arc::new(Line {
                    comments: Vec::new(),
                    moves: old,
                }),
            },
        );
        others.append(&mut new[0].variations);
        new[0].variations = others;
        // The promoted moves were legal where they stood: this cannot fail.
        self.swap_tail(path, index, new)?;
        Ok(())
    }

    /// Moves variation `rank` of move `index` of the line at `path` one
    /// place up; variation 0 goes up to the main continuation (it swaps
    /// with the line's moves from `index` on, [`Game::promote_to_main`]).
    pub fn promote_variation(
        &mut self,
        path: &[Fork],
        index: usize,
        rank: usize,
    ) -> Result<(), EditError> {
        variation_of(self.line_at(path)?, path.len(), Fork { index, rank })?;
        if rank == 0 {
            return self.promote_to_main(path, index, 0);
        }
        self.line_mut(path)?.moves[index]
            .variations
            .swap(rank - 1, rank);
        Ok(())
    }

    /// Moves variation `rank` of move `index` of the line at `path` one
    /// place down; the last one stays where it is.
    pub fn demote_variation(
        &mut self,
        path: &[Fork],
        index: usize,
        rank: usize,
    ) -> Result<(), EditError> {
        let line = self.line_at(path)?;
        variation_of(line, path.len(), Fork { index, rank })?;
        let count = line.moves[index].variations.len();
        if rank + 1 < count {
            self.line_mut(path)?.moves[index]
                .variations
                .swap(rank, rank + 1);
        }
        Ok(())
    }

    /// Removes variation `rank` of move `index` of the line at `path`
    /// (with everything nested in it) and returns it.
    pub fn remove_variation(
        &mut self,
        path: &[Fork],
        index: usize,
        rank: usize,
    ) -> Result<Variation, EditError> {
        variation_of(self.line_at(path)?, path.len(), Fork { index, rank })?;
        Ok(self.line_mut(path)?.moves[index].variations.remove(rank))
    }

    /// Keeps the first `len` moves of the line at `path` (all of them if it
    /// has no more) and returns the moves cut. A variation keeps at least
    /// one move ([`EditError::EmptyVariation`]); the main line may be cut
    /// to its start.
    pub fn truncate_line(
        &mut self,
        path: &[Fork],
        len: usize,
    ) -> Result<Vec<AnnotatedMove>, EditError> {
        let have = self.line_at(path)?.moves.len();
        if len == 0 && !path.is_empty() {
            return Err(EditError::EmptyVariation);
        }
        if len >= have {
            return Ok(Vec::new());
        }
        self.swap_tail(path, len, Vec::new())
    }

    /// Lists the alternatives to move `index` of the line at `path` flat:
    /// a variation whose first move has variations of its own (alternatives
    /// to that same first move, `(1. A (1. B))`) hands them up, so that
    /// every alternative to the move is one of its variations, in the order
    /// they were written (`(1. A) (1. B)`). Front ends whose nodes list the
    /// moves playable from a position (python-chess's shape) call this
    /// before reordering them.
    pub fn flatten_variations(&mut self, path: &[Fork], index: usize) -> Result<(), EditError> {
        let am = move_of(self.line_at(path)?, path.len(), index)?;
        let nested = |v: &Variation| {
            v.line
                .moves
                .first()
                .is_some_and(|first| !first.variations.is_empty())
        };
        if !am.variations.iter().any(nested) {
            return Ok(());
        }
        let am = &mut self.line_mut(path)?.moves[index];
        let mut flat = Vec::with_capacity(am.variations.len());
        let mut stack = vec![std::mem::take(&mut am.variations).into_iter()];
        while let Some(top) = stack.last_mut() {
            let Some(mut v) = top.next() else {
                stack.pop();
                continue;
            };
            let inner = if nested(&v) {
                std::mem::take(&mut Arc::make_mut(&mut v.line).moves[0].variations)
            } else {
                Vec::new()
            };
            flat.push(v);
            if !inner.is_empty() {
                stack.push(inner.into_iter());
            }
        }
        am.variations = flat;
        Ok(())
    }

    /// Sets the comments on move `index` of the line at `path` (without
    /// their `@W:` / `@B:` prefix).
    pub fn set_comments(
        &mut self,
        path: &[Fork],
        index: usize,
        comments: Vec<String>,
    ) -> Result<(), EditError> {
        self.move_mut(path, index)?.comments = comments;
        Ok(())
    }

    /// Sets the comments before the first move of the line at `path` (for
    /// the main line: the game's opening comments).
    pub fn set_line_comments(
        &mut self,
        path: &[Fork],
        comments: Vec<String>,
    ) -> Result<(), EditError> {
        self.line_mut(path)?.comments = comments;
        Ok(())
    }

    /// Sets or clears the assessment (`!`, `?` … `$1` … `$7`) of move
    /// `index` of the line at `path`.
    pub fn set_assessment(
        &mut self,
        path: &[Fork],
        index: usize,
        assessment: Option<Assessment>,
    ) -> Result<(), EditError> {
        self.move_mut(path, index)?.assessment = assessment;
        Ok(())
    }

    /// Sets or clears the indicator (`(=)`, `:`, `(=):`) of move `index` of
    /// the line at `path`.
    pub fn set_indicator(
        &mut self,
        path: &[Fork],
        index: usize,
        indicator: Option<Indicator>,
    ) -> Result<(), EditError> {
        self.move_mut(path, index)?.indicator = indicator;
        Ok(())
    }
}
