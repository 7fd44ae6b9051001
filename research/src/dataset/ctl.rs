//! A batch's moves in canonical CTL-AN (NOTATION.md §3.8), one string a ply
//! in Arrow's string layout (UTF-8 bytes end to end and `plies + 1` offsets
//! into them): the column that tools without cescacs (Polars, pandas) read
//! as moves, written and read for the whole batch on all cores.

use std::sync::Mutex;

use super::decode::decode;
use super::{BatchError, BatchParts, GameBatch};
use crate::encode::action_id;
use cescacs::workers;

/// Games written per job of [`GameBatch::ctl_moves`].
const GAMES_PER_JOB: usize = 64;

/// Moves in CTL-AN, one string a ply: ply `k` is
/// `text[offsets[k]..offsets[k + 1]]` (the games are cut by the batch's
/// own offsets). `offsets` need not start at 0 (a slice of a larger
/// column), but never decrease and stay within `text`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CtlMoves {
    /// The UTF-8 text of every move, end to end, without separators.
    pub text: Vec<u8>,
    /// `plies + 1` byte offsets into `text`.
    pub offsets: Vec<u64>,
}

impl CtlMoves {
    /// The number of moves (0 for offsets that cut nothing).
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Move `k`'s text; `None` when `k` is out of range or its offsets or
    /// bytes are not a string of `text`.
    pub fn get(&self, k: usize) -> Option<&str> {
        let (a, b) = (*self.offsets.get(k)?, *self.offsets.get(k + 1)?);
        let bytes = self
            .text
            .get(usize::try_from(a).ok()?..usize::try_from(b).ok()?)?;
        std::str::from_utf8(bytes).ok()
    }
}

/// One job's text: its number, its bytes and each move's length.
type TextPart = (usize, Vec<u8>, Vec<u32>);

impl GameBatch {
    /// Every move in canonical CTL-AN with its check or mate mark, end to
    /// end like [`GameBatch::moves`], made on `threads` workers (0: all
    /// cores).
    ///
    /// ```
    /// use cescacs_research::dataset::SelfPlay;
    ///
    /// let batch = SelfPlay::new(3).seed(2).max_plies(12).run().unwrap();
    /// let ctl = batch.ctl_moves(0);
    /// assert_eq!(ctl.len(), batch.moves().len());
    /// assert_eq!(ctl.get(1).unwrap(), batch.game(0).unwrap().ctl_moves()[1]);
    /// ```
    pub fn ctl_moves(&self, threads: usize) -> CtlMoves {
        let jobs: Vec<(usize, std::ops::Range<usize>)> = (0..self.len())
            .step_by(GAMES_PER_JOB)
            .map(|g0| g0..(g0 + GAMES_PER_JOB).min(self.len()))
            .enumerate()
            .collect();
        let parts: Mutex<Vec<TextPart>> = Mutex::new(Vec::with_capacity(jobs.len()));
        let write = |(number, games): (usize, std::ops::Range<usize>)| -> Result<(), ()> {
            let plies = (self.offsets[games.end] - self.offsets[games.start]) as usize;
            let (mut text, mut lengths) =
                (Vec::with_capacity(plies * 8), Vec::with_capacity(plies));
            for g in games {
                let mut pos = self.start(g).clone();
                for &index in self.game_moves(g) {
                    let id =
                        action_id(usize::from(index)).expect("a batch holds move indices only");
                    let m = pos.resolve(id).expect("a batch holds legal moves only");
                    let start = text.len();
                    text.extend_from_slice(pos.ctl_without_mark(&m).as_bytes());
                    pos.play_unchecked(m);
                    // `Position::ctl`'s mark, read off the position reached
                    // (which the replay needs anyway) instead of a copy.
                    if let Some(kind) = pos.check_kind() {
                        text.extend_from_slice(
                            if pos.count_legal_moves() == 0 {
                                "#"
                            } else {
                                kind.mark()
                            }
                            .as_bytes(),
                        );
                    }
                    lengths.push((text.len() - start) as u32);
                }
            }
            parts
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((number, text, lengths));
            Ok(())
        };
        let _ = workers::for_each(
            workers::worker_count(threads, jobs.len()),
            "ctl moves",
            jobs,
            write,
        );
        let mut parts = parts.into_inner().unwrap_or_else(|e| e.into_inner());
        parts.sort_unstable_by_key(|p| p.0);
        let mut out = CtlMoves {
            text: Vec::with_capacity(parts.iter().map(|p| p.1.len()).sum()),
            offsets: Vec::with_capacity(self.moves.len() + 1),
        };
        out.offsets.push(0);
        for (_, text, lengths) in parts {
            out.text.extend_from_slice(&text);
            for n in lengths {
                let end = out.offsets.last().copied().unwrap_or(0) + u64::from(n);
                out.offsets.push(end);
            }
        }
        out
    }

    /// [`GameBatch::from_parts`] with the moves given as CTL-AN text
    /// (check marks and assessments are accepted and ignored): one replay a
    /// game, which reads the moves and checks the game. `parts.moves` is
    /// not read; `ctl` holds one move per ply the offsets count.
    ///
    /// ```
    /// use cescacs_research::dataset::{BatchParts, CtlMoves, GameBatch};
    /// use cescacs::{GameResult, Position};
    ///
    /// let ctl = CtlMoves { text: b"E7-E13E21-E15".to_vec(), offsets: vec![0, 6, 13] };
    /// let parts = BatchParts {
    ///     offsets: vec![0, 2],
    ///     starts: vec![Position::default()],
    ///     start_of: vec![0],
    ///     results: vec![GameResult::Unfinished],
    ///     terminations: vec![None],
    ///     ..BatchParts::default()
    /// };
    /// let batch = GameBatch::from_ctl_parts(parts, &ctl, 0).unwrap();
    /// assert_eq!(batch.game(0).unwrap().ctl_moves(), ["E7-E13", "E21-E15"]);
    /// ```
    pub fn from_ctl_parts(
        mut parts: BatchParts,
        ctl: &CtlMoves,
        threads: usize,
    ) -> Result<GameBatch, BatchError> {
        let plies = parts.offsets.last().copied().unwrap_or(0);
        let ordered = ctl.offsets.windows(2).all(|w| w[0] <= w[1])
            && ctl
                .offsets
                .last()
                .is_none_or(|&e| e <= ctl.text.len() as u64);
        if ctl.len() as u64 != plies || !ordered {
            return Err(BatchError::CtlOffsets {
                moves: ctl.len(),
                plies,
            });
        }
        parts.moves = vec![0; ctl.len()];
        decode(parts, threads, |at, _: &mut ()| {
            let bad = |text: String, error: String| BatchError::Ctl {
                game: at.game,
                ply: at.ply,
                text,
                error,
            };
            let text = ctl
                .get(at.flat)
                .ok_or_else(|| bad(String::new(), "not UTF-8".into()))?;
            at.position
                .parse_ctl(text)
                .map_err(|e| bad(text.to_string(), e.to_string()))
        })
    }
}
