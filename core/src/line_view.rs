//! [`LineView`]: one line of a game record — its main line or a variation
//! at any depth — as an owned, read-only view that shares the record.
//!
//! A view holds an [`Arc`] of the [`Game`] and, for a variation, an `Arc`
//! of its line, which the record shares by `Arc` ([`Variation::line`]).
//! Whoever changes the game holds it in an `Arc` of its own and changes
//! it through [`Arc::make_mut`], which copies a record that views still
//! share (its tags and main line; the variations' lines stay shared): a
//! view reads the record as it was when the view was made, and making one
//! copies nothing.
//!
//! Going one level down ([`LineView::variation`]) costs the moves of the
//! line entered (their positions are played from the position before the
//! move the variation replaces) and one small link of the path from the
//! game's start, neither the depth nor what is nested below: a front end
//! walks a record nested a million levels deep in time linear in its size.
//! Nothing here recurses on the depth.

use std::fmt;
use std::sync::Arc;

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::record::{AnnotatedMove, Line, Variation};

/// Which line of the record a view shows.
#[derive(Clone)]
enum Place {
    /// The main line; its positions are the record's.
    Main,
    /// A variation (its label and a share of its line), with the position
    /// before each of its moves and the one after its last.
    Variation {
        variation: Variation,
        positions: Vec<Position>,
    },
}

impl Place {
    /// The line shown as a path link holds it: `None` for the main line,
    /// which every view of the record reads from the record.
    fn shared_line(&self) -> Option<Arc<Line>> {
        match self {
            Place::Main => None,
            Place::Variation { variation, .. } => Some(Arc::clone(&variation.line)),
        }
    }
}

/// A link of the path from the game's start to a line: the first `count`
/// moves of `line` (`None`: the record's main line), after the moves of
/// `up`.
struct PathStep {
    up: Option<Arc<PathStep>>,
    line: Option<Arc<Line>>,
    count: usize,
}

impl Drop for PathStep {
    /// Frees the links above with a loop: a deep nest would overflow the
    /// stack if each link dropped the next.
    fn drop(&mut self) {
        let mut up = self.up.take();
        while let Some(step) = up {
            up = Arc::into_inner(step).and_then(|mut step| step.up.take());
        }
    }
}

/// One line of a game record, main line or variation at any depth, read by
/// index: its moves with their comments, assessments and variations, the
/// positions between them, its label and where it starts in the game.
///
/// A view owns a share of the record ([`LineView::record`]): it may
/// outlive every other holder of the game, and it reads the record as it
/// was when [`LineView::mainline`] was called (a game changed through
/// [`Arc::make_mut`] is copied first while views share it). Cloning a view
/// copies the positions of its own line only. Views of one record may be
/// used from several threads at once.
///
/// Move `i` of a line (0 ≤ `i` < [`LineView::len`]) is played in position
/// `i` and leads to position `i + 1`; position 0 is the one the line
/// starts from (for a variation, the position before the move it
/// replaces). The record's moves are taken as legal, as the CTL-PGN reader
/// and [`Game::push`] make them; the positions of a variation built by
/// hand with an illegal move mean nothing.
///
/// ```
/// use std::sync::Arc;
/// use cescacs::{pgn, LineView};
///
/// let game = pgn::read_game("1. E7-E13 ($[1] 1. H6-H12, I23-I19 (1. …, E21-E15)), E21-E15\n*\n").unwrap();
/// let main = LineView::mainline(Arc::new(game));
/// assert_eq!((main.len(), main.depth(), main.start_ply()), (2, 0, 0));
/// let alternative = main.variation(0, 0).unwrap();
/// assert_eq!(alternative.label(), Some("1"));
/// assert_eq!(alternative.ctl(1).unwrap(), "I23-I19");
/// let deeper = alternative.variation(1, 0).unwrap();
/// assert_eq!((deeper.depth(), deeper.start_ply()), (2, 1));
/// assert_eq!(deeper.move_number(0), 1);
/// // The moves from the game's start to the end of the inner variation.
/// let path: Vec<String> = deeper.moves_before(1).iter().map(|m| m.long()).collect();
/// assert_eq!(path, ["H6-H12", "E21-E15"]);
/// ```
#[derive(Clone)]
pub struct LineView {
    /// The record, shared with the game it came from and with every view
    /// of it, never changed while shared.
    record: Arc<Game>,
    place: Place,
    /// The moves from the game's start to this line's first move.
    path: Option<Arc<PathStep>>,
    depth: usize,
    start_ply: usize,
}

impl LineView {
    /// The main line of `record`. This copies nothing.
    pub fn mainline(record: Arc<Game>) -> LineView {
        LineView {
            record,
            place: Place::Main,
            path: None,
            depth: 0,
            start_ply: 0,
        }
    }

    /// The record this view reads.
    pub fn record(&self) -> &Arc<Game> {
        &self.record
    }

    /// The line itself: its opening comments and its annotated moves.
    pub fn line(&self) -> &Line {
        match &self.place {
            Place::Main => self.record.mainline(),
            Place::Variation { variation, .. } => &variation.line,
        }
    }

    /// The `n` of the line's `$[n]` label, by which comments elsewhere
    /// refer to it (`#12.n`); `None` for the main line and unlabelled
    /// variations.
    pub fn label(&self) -> Option<&str> {
        match &self.place {
            Place::Main => None,
            Place::Variation { variation, .. } => variation.label.as_deref(),
        }
    }

    /// How many variations are nested above this line: 0 for the main
    /// line, 1 for its variations, and so on.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The plies from the game's start to the line's first move: 0 for the
    /// main line; for variation of move `index` of a line, that line's
    /// start ply plus `index`. Move `i` of the line is ply `start_ply + i`
    /// of the game (0-based).
    pub fn start_ply(&self) -> usize {
        self.start_ply
    }

    /// The number of moves of the line.
    pub fn len(&self) -> usize {
        self.line().moves.len()
    }

    /// Whether the line has no move.
    pub fn is_empty(&self) -> bool {
        self.line().moves.is_empty()
    }

    /// Move `index` of the line with its annotations and variations, `None`
    /// beyond the end.
    pub fn get(&self, index: usize) -> Option<&AnnotatedMove> {
        self.line().moves.get(index)
    }

    /// The position before move `index` (0 ≤ `index` ≤ [`LineView::len`]:
    /// `len` gives the position after the last move), `None` beyond.
    pub fn position(&self, index: usize) -> Option<&Position> {
        match &self.place {
            Place::Main => self.record.position_at(index),
            Place::Variation { positions, .. } => positions.get(index),
        }
    }

    /// Move `index` in canonical CTL-AN, with its check or mate mark;
    /// `None` beyond the end.
    pub fn ctl(&self, index: usize) -> Option<String> {
        let mv = self.get(index)?.mv;
        Some(self.position(index)?.ctl(&mv))
    }

    /// The move number shown for move `index` of the line, counted as the
    /// game counts its plies ([`Game::move_number`] of ply
    /// `start_ply + index`).
    pub fn move_number(&self, index: usize) -> u32 {
        self.record.move_number(self.start_ply + index)
    }

    /// Variation `rank` of move `index`: an alternative to that move, from
    /// the position before it. `None` if there is no such move or
    /// variation. It costs the variation's own moves (their positions are
    /// played) and one link of the path to it: neither what is nested
    /// below it nor its depth.
    pub fn variation(&self, index: usize, rank: usize) -> Option<LineView> {
        let variation = self.get(index)?.variations.get(rank)?;
        let mut at = self.position(index)?.clone();
        let mut positions = Vec::with_capacity(variation.line.moves.len() + 1);
        for am in &variation.line.moves {
            positions.push(at.clone());
            at.play_unchecked(am.mv);
        }
        positions.push(at);
        // A variation of the first move starts where this line does.
        let path = match index {
            0 => self.path.clone(),
            count => Some(Arc::new(PathStep {
                up: self.path.clone(),
                line: self.place.shared_line(),
                count,
            })),
        };
        Some(LineView {
            record: Arc::clone(&self.record),
            place: Place::Variation {
                variation: variation.clone(),
                positions,
            },
            path,
            depth: self.depth + 1,
            start_ply: self.start_ply + index,
        })
    }

    /// The moves from the game's start to position `index` of the line
    /// (`index` above [`LineView::len`] counts as `len`): the moves of the
    /// lines above that lead to this one, then the first `index` of its
    /// own. [`LineView::start_ply`] plus `index` moves.
    pub fn moves_before(&self, index: usize) -> Vec<Move> {
        let own = self.line();
        let mut segments: Vec<&[AnnotatedMove]> = vec![&own.moves[..index.min(own.moves.len())]];
        let mut at = self.path.as_deref();
        while let Some(step) = at {
            let line = step.line.as_deref().unwrap_or(self.record.mainline());
            segments.push(&line.moves[..step.count]);
            at = step.up.as_deref();
        }
        segments
            .iter()
            .rev()
            .flat_map(|s| s.iter().map(|am| am.mv))
            .collect()
    }

    /// A copy of the line as a game of its own ([`Game::from_line`]): from
    /// its position 0, with its moves, their annotations and nested
    /// variations, its comments as opening comments, no tags. Time and
    /// memory linear in the line: the lines nested in it are shared.
    /// `None` if one of its moves is illegal (a record built by hand).
    pub fn to_game(&self) -> Option<Game> {
        Game::from_line(self.position(0)?.clone(), self.line())
    }
}

impl fmt::Debug for LineView {
    /// Where the line is and its size, not the record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LineView")
            .field("depth", &self.depth)
            .field("start_ply", &self.start_ply)
            .field("label", &self.label())
            .field("len", &self.len())
            .finish()
    }
}
