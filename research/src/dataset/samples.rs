//! Training samples from a [`GameBatch`]: for each chosen ply, the position
//! before the move (as [`write_planes`](crate::encode::write_planes) planes), the move played (its
//! index), the legal moves (indices, CSR, or a dense mask) and the game's
//! final result from the mover's view. Games are replayed on all cores;
//! every output is one flat buffer, ready to hand to NumPy.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::GameBatch;
use crate::encode::{action_id, move_index, write_planes_on_zeros, ACTIONS, PLANES};
use cescacs::{workers, Interrupted, MoveList, HEX_COUNT};

/// Bytes of planes per sample.
const PLANE_BYTES: usize = PLANES * HEX_COUNT;
/// Games replayed per job: small enough to share the work evenly.
const GAMES_PER_JOB: usize = 32;

/// What [`GameBatch::samples`] makes.
#[derive(Clone, Copy, Debug, Default)]
pub struct SampleSpec<'a> {
    /// The plies to sample, as flat indices into [`GameBatch::moves`], in
    /// any order, repeats allowed; `None` for every ply.
    pub plies: Option<&'a [u64]>,
    /// Fill [`Samples::planes`].
    pub planes: bool,
    /// Fill [`Samples::legal`] and [`Samples::legal_offsets`].
    pub legal: bool,
    /// Fill [`Samples::mask`] ([`ACTIONS`] flags a sample: 30 kB each).
    pub mask: bool,
    /// Worker threads; 0 for all cores.
    pub threads: usize,
    /// Stop (with [`SamplesError::Interrupted`]) once set.
    pub cancel: Option<&'a AtomicBool>,
}

/// One sample per chosen ply, in the order chosen. Buffers not asked for
/// are empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// The game of each sample.
    pub game: Vec<u32>,
    /// The ply within its game (0: the position before the first move).
    pub ply: Vec<u32>,
    /// The index of the move played from the sample's position.
    pub played: Vec<u16>,
    /// The game's result from the mover's view,
    /// [`GameResult::reward`](cescacs::GameResult::reward): (mover's points
    /// − the other's) / 3, so a checkmate is ±1, a stalemate ±1/3 (a 2-1
    /// win), a draw or an unfinished game 0.
    pub value: Vec<f32>,
    /// `PLANES × 169` bytes a sample ([`write_planes`](crate::encode::write_planes)).
    pub planes: Vec<u8>,
    /// The legal moves' indices of every sample, end to end, in the move
    /// generator's order.
    pub legal: Vec<u16>,
    /// Sample `s`'s legal moves are `legal[legal_offsets[s]..legal_offsets[s + 1]]`.
    pub legal_offsets: Vec<u64>,
    /// [`ACTIONS`] flags a sample, set for the legal moves.
    pub mask: Vec<bool>,
}

/// Why [`GameBatch::samples`] made nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SamplesError {
    /// An entry of [`SampleSpec::plies`] is not below the number of
    /// plies: entry `at` is `value`, the batch holds `total` plies.
    #[error("plies must be flat ply indices below {total} (entry {at} is {value})")]
    #[allow(missing_docs)]
    Plies { at: usize, value: u64, total: u64 },
    /// The cancel flag was set.
    #[error("interrupted")]
    Interrupted,
}

impl From<Interrupted> for SamplesError {
    fn from(_: Interrupted) -> SamplesError {
        SamplesError::Interrupted
    }
}

impl Samples {
    /// The samples at `rows`, in that order (repeats allowed).
    fn rows(&self, rows: &[usize]) -> Samples {
        let gather = |v: &[u8], width: usize| -> Vec<u8> {
            rows.iter()
                .flat_map(|&r| &v[r * width..(r + 1) * width])
                .copied()
                .collect()
        };
        let mut out = Samples {
            game: rows.iter().map(|&r| self.game[r]).collect(),
            ply: rows.iter().map(|&r| self.ply[r]).collect(),
            played: rows.iter().map(|&r| self.played[r]).collect(),
            value: rows.iter().map(|&r| self.value[r]).collect(),
            planes: if self.planes.is_empty() {
                Vec::new()
            } else {
                gather(&self.planes, PLANE_BYTES)
            },
            mask: if self.mask.is_empty() {
                Vec::new()
            } else {
                rows.iter()
                    .flat_map(|&r| &self.mask[r * *ACTIONS..(r + 1) * *ACTIONS])
                    .copied()
                    .collect()
            },
            ..Samples::default()
        };
        if !self.legal_offsets.is_empty() {
            out.legal_offsets.push(0);
            for &r in rows {
                out.legal.extend_from_slice(
                    &self.legal[self.legal_offsets[r] as usize..self.legal_offsets[r + 1] as usize],
                );
                out.legal_offsets.push(out.legal.len() as u64);
            }
        }
        out
    }
}

/// A job's legal moves: its number, the moves, their count per sample.
type LegalPart = (usize, Vec<u16>, Vec<u32>);

/// One job's share of the outputs: a run of games and its samples' slots.
struct Job<'o> {
    games: std::ops::Range<usize>,
    /// The job's chosen flat plies.
    sel: &'o [u64],
    game: &'o mut [u32],
    ply: &'o mut [u32],
    played: &'o mut [u16],
    value: &'o mut [f32],
    planes: &'o mut [u8],
    mask: &'o mut [bool],
    /// The job's number, to put its legal moves in place afterwards.
    number: usize,
}

impl GameBatch {
    /// The training samples of the chosen plies (see [`SampleSpec`]), in
    /// the order of [`SampleSpec::plies`] (repeats give the same sample
    /// again, as NumPy's fancy indexing does).
    pub fn samples(&self, spec: &SampleSpec<'_>) -> Result<Samples, SamplesError> {
        let total = self.moves.len() as u64;
        let Some(p) = spec.plies else {
            let all: Vec<u64> = (0..total).collect();
            return self.samples_of(&all, spec);
        };
        if let Some(at) = p.iter().position(|&v| v >= total) {
            return Err(SamplesError::Plies {
                at,
                value: p[at],
                total,
            });
        }
        if p.windows(2).all(|w| w[0] < w[1]) {
            return self.samples_of(p, spec);
        }
        let mut sorted = p.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let rows: Vec<usize> = p
            .iter()
            .map(|v| sorted.binary_search(v).expect("a chosen ply"))
            .collect();
        Ok(self.samples_of(&sorted, spec)?.rows(&rows))
    }

    /// The samples of `sel`, strictly increasing flat plies below the
    /// number of plies.
    fn samples_of(&self, sel: &[u64], spec: &SampleSpec<'_>) -> Result<Samples, SamplesError> {
        let n = sel.len();
        let mut out = Samples {
            game: vec![0; n],
            ply: vec![0; n],
            played: vec![0; n],
            value: vec![0.0; n],
            planes: vec![0; if spec.planes { n * PLANE_BYTES } else { 0 }],
            mask: vec![false; if spec.mask { n * *ACTIONS } else { 0 }],
            ..Samples::default()
        };
        let legal_parts: Mutex<Vec<LegalPart>> = Mutex::new(Vec::new());
        {
            let jobs = self.jobs(sel, &mut out, spec);
            let threads = workers::worker_count(spec.threads, jobs.len());
            workers::for_each(threads, "samples", jobs, |job| {
                if spec.cancel.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Interrupted);
                }
                let number = job.number;
                let legal = self.fill(job, spec);
                if spec.legal {
                    legal_parts
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((number, legal.0, legal.1));
                }
                Ok(())
            })?;
        }
        if spec.legal {
            let mut parts = legal_parts.into_inner().unwrap_or_else(|e| e.into_inner());
            parts.sort_unstable_by_key(|p| p.0);
            out.legal
                .reserve_exact(parts.iter().map(|p| p.1.len()).sum());
            out.legal_offsets.reserve_exact(n + 1);
            out.legal_offsets.push(0);
            for (_, moves, counts) in parts {
                out.legal.extend_from_slice(&moves);
                for c in counts {
                    let end = out.legal_offsets.last().copied().unwrap_or(0) + u64::from(c);
                    out.legal_offsets.push(end);
                }
            }
        }
        Ok(out)
    }

    /// Splits the games and the output buffers into jobs.
    fn jobs<'o>(
        &self,
        sel: &'o [u64],
        out: &'o mut Samples,
        spec: &SampleSpec<'_>,
    ) -> Vec<Job<'o>> {
        let (mut sel, mut game, mut ply, mut played, mut value) = (
            sel,
            &mut out.game[..],
            &mut out.ply[..],
            &mut out.played[..],
            &mut out.value[..],
        );
        let (mut planes, mut mask) = (&mut out.planes[..], &mut out.mask[..]);
        let mut jobs = Vec::new();
        for (number, g0) in (0..self.len()).step_by(GAMES_PER_JOB).enumerate() {
            let g1 = (g0 + GAMES_PER_JOB).min(self.len());
            let k = sel.partition_point(|&p| p < self.offsets[g1]);
            let (s, rest) = sel.split_at(k);
            sel = rest;
            let (a, rest) = std::mem::take(&mut game).split_at_mut(k);
            game = rest;
            let (b, rest) = std::mem::take(&mut ply).split_at_mut(k);
            ply = rest;
            let (c, rest) = std::mem::take(&mut played).split_at_mut(k);
            played = rest;
            let (d, rest) = std::mem::take(&mut value).split_at_mut(k);
            value = rest;
            let (e, rest) = std::mem::take(&mut planes).split_at_mut(if spec.planes {
                k * PLANE_BYTES
            } else {
                0
            });
            planes = rest;
            let (f, rest) =
                std::mem::take(&mut mask).split_at_mut(if spec.mask { k * *ACTIONS } else { 0 });
            mask = rest;
            jobs.push(Job {
                games: g0..g1,
                sel: s,
                game: a,
                ply: b,
                played: c,
                value: d,
                planes: e,
                mask: f,
                number,
            });
        }
        jobs
    }

    /// Replays a job's games and fills its samples; returns its legal
    /// moves and their count per sample.
    fn fill(&self, job: Job<'_>, spec: &SampleSpec<'_>) -> (Vec<u16>, Vec<u32>) {
        let mut legal = Vec::new();
        let mut counts = Vec::new();
        let mut list = MoveList::new();
        let mut s = 0;
        for g in job.games {
            let base = self.offsets[g];
            let moves = self.game_moves(g);
            let mut pos = self.start(g).clone();
            for (k, &index) in moves.iter().enumerate() {
                if s == job.sel.len() || job.sel[s] >= base + moves.len() as u64 {
                    break;
                }
                // The move played, when this ply's legal moves are listed
                // anyway: found among them by its index (unique among the
                // legal moves of a position), without resolving it again.
                let mut played = None;
                if job.sel[s] == base + k as u64 {
                    job.game[s] = g as u32;
                    job.ply[s] = k as u32;
                    job.played[s] = index;
                    job.value[s] = self.results[g].reward(pos.turn());
                    if spec.planes {
                        // Zeroed by `samples`, each sample's bytes written once.
                        write_planes_on_zeros(
                            &pos,
                            &mut job.planes[s * PLANE_BYTES..(s + 1) * PLANE_BYTES],
                        );
                    }
                    if spec.legal || spec.mask {
                        pos.legal_moves_into(&mut list);
                        let mut mask = if spec.mask {
                            Some(&mut job.mask[s * *ACTIONS..(s + 1) * *ACTIONS])
                        } else {
                            None
                        };
                        for m in &list {
                            let i = move_index(m);
                            if i == usize::from(index) {
                                played = Some(*m);
                            }
                            if spec.legal {
                                legal.push(i as u16);
                            }
                            if let Some(mask) = mask.as_deref_mut() {
                                mask[i] = true;
                            }
                        }
                        counts.push(list.len() as u32);
                    }
                    s += 1;
                }
                let m = played.unwrap_or_else(|| {
                    let id =
                        action_id(usize::from(index)).expect("a batch holds move indices only");
                    pos.resolve(id).expect("a batch holds legal moves only")
                });
                pos.play_unchecked(m);
            }
        }
        (legal, counts)
    }
}
