//! `_VecEnv`, the Rust half of `cescacs.env.VecEnv`: many games, each a
//! research crate's [`Episode`], stepped together by one call with the GIL released,
//! split over the cores for large batches; observations are the research
//! crate's planes written straight into one NumPy array. The Python class adds
//! Gymnasium's spaces and the `infos` dictionaries.

use std::sync::Mutex;

use cescacs::random::{game_seed, SplitMix64};
use cescacs::{workers, Color, GameResult, Outcome, ParseResultError, Position, HEX_COUNT};
use cescacs_research::encode::{write_planes, ACTIONS, PLANES};
use cescacs_research::episode::Episode;
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{pdtl_error, IllegalMoveError};

/// Bytes of one observation.
const OBS: usize = PLANES * HEX_COUNT;
/// At most this many environments (their observations alone take 4.7 KB each).
const MAX_ENVS: usize = 1 << 16;
/// Below this many environments a step runs on the calling thread: the
/// work is smaller than the cost of starting a second one.
const SPLIT_FROM: usize = 64;

/// One environment: its game, the generator of its sampled actions, and
/// whether its game ended in the last step and waits for its reset.
#[derive(Clone)]
struct Slot {
    ep: Episode,
    rng: SplitMix64,
    ended: bool,
}

/// When a game that ended is reset, as Gymnasium's `AutoresetMode` says.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Autoreset {
    /// In the next `step`, whose action for it is ignored (Gymnasium's default).
    NextStep,
    /// In the step where it ended; the final observation goes in the infos.
    SameStep,
    /// Never by `step`: `reset` with a mask does it.
    Disabled,
}

impl Autoreset {
    fn parse(name: &str) -> PyResult<Autoreset> {
        match name {
            "next_step" => Ok(Autoreset::NextStep),
            "same_step" => Ok(Autoreset::SameStep),
            "disabled" => Ok(Autoreset::Disabled),
            _ => Err(PyValueError::new_err(format!(
                "autoreset_mode must be next_step, same_step or disabled, not {name:?}"
            ))),
        }
    }
}

/// What a step tells about one environment that ended in it.
struct Ended {
    env: usize,
    /// The observation of the final position, before the automatic reset.
    obs: Vec<u8>,
    /// `None` when the game was truncated at the ply limit.
    outcome: Option<Outcome>,
    plies: usize,
}

/// The per-environment outputs of a step, for one chunk of environments.
struct StepOut<'a> {
    obs: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
}

/// The reward of the side that made the last move: the rules' reward of
/// the outcome ([`Outcome::reward`]: mate 1, stalemate 1/3, a draw 0), 0
/// while the game goes on. The mover cannot lose by its own move.
fn mover_reward(outcome: Option<Outcome>, mover: Color) -> f32 {
    outcome.map_or(0.0, |o| o.reward(mover))
}

/// The reward of White (`white`) or Black for a game whose CTL-PGN result
/// is `result` (`"3-0"` … `"*"`): the rules' [`GameResult::reward`], for
/// `cescacs.env.reward`.
#[pyfunction]
pub(crate) fn _reward(result: &str, white: bool) -> PyResult<f32> {
    let result: GameResult = result
        .parse()
        .map_err(|e: ParseResultError| PyValueError::new_err(e.to_string()))?;
    Ok(result.reward(if white { Color::White } else { Color::Black }))
}

/// Environment `i`'s action stream: game `i`'s stream of the run's seed
/// ([`game_seed`], as self-play seeds its games).
fn env_rng(seed: u64, i: usize) -> SplitMix64 {
    SplitMix64::new(game_seed(seed, i as u64))
}

/// Runs `f` over matching chunks of the slots and of each output (each
/// `width`-long per environment), on the rules crate's worker pool (all
/// cores) for large batches; the chunks' results are concatenated in order.
fn split<T: Send>(
    slots: &mut [Slot],
    out: StepOut<'_>,
    f: impl Fn(usize, &mut [Slot], StepOut<'_>) -> Vec<T> + Sync,
) -> Vec<T> {
    let n = slots.len();
    let threads = if n < SPLIT_FROM {
        1
    } else {
        cescacs::workers::worker_count(0, n)
    };
    if threads == 1 {
        return f(0, slots, out);
    }
    let per = n.div_ceil(threads);
    let chunks = slots
        .chunks_mut(per)
        .zip(out.obs.chunks_mut(per * OBS))
        .zip(out.rewards.chunks_mut(per))
        .zip(
            out.terminated
                .chunks_mut(per)
                .zip(out.truncated.chunks_mut(per)),
        )
        .enumerate()
        .map(|(c, (((sl, obs), rewards), (terminated, truncated)))| {
            (
                c * per,
                sl,
                StepOut {
                    obs,
                    rewards,
                    terminated,
                    truncated,
                },
            )
        });
    let done = Mutex::new(Vec::new());
    let stepped = workers::for_each(threads, "VecEnv", chunks, |(at, sl, out)| {
        let part = f(at, sl, out);
        done.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((at, part));
        Ok::<(), std::convert::Infallible>(())
    });
    let Ok(()) = stepped;
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_unstable_by_key(|&(at, _)| at);
    done.into_iter().flat_map(|(_, part)| part).collect()
}

#[pyclass(module = "cescacs._cescacs", name = "_VecEnv")]
pub(crate) struct PyVecEnv {
    slots: Vec<Slot>,
    /// Truncate a game once it has this many plies (`usize::MAX`: never).
    max_plies: usize,
    autoreset: Autoreset,
}

impl PyVecEnv {
    fn observations<'py>(
        &self,
        py: Python<'py>,
        data: Vec<u8>,
        n: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyArray1::from_vec(py, data)
            .reshape([n, PLANES, HEX_COUNT])?
            .into_any())
    }

    fn all_observations(&self) -> Vec<u8> {
        let mut data = vec![0u8; self.slots.len() * OBS];
        for (s, o) in self.slots.iter().zip(data.chunks_mut(OBS)) {
            write_planes(s.ep.position(), o);
        }
        data
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (num_envs, seed, max_plies, start, autoreset = "next_step"))]
    fn new(
        num_envs: usize,
        seed: u64,
        max_plies: Option<usize>,
        start: Option<&str>,
        autoreset: &str,
    ) -> PyResult<Self> {
        let autoreset = Autoreset::parse(autoreset)?;
        if num_envs == 0 || num_envs > MAX_ENVS {
            return Err(PyValueError::new_err(format!(
                "num_envs must be between 1 and {MAX_ENVS}, got {num_envs}"
            )));
        }
        if max_plies == Some(0) {
            return Err(PyValueError::new_err(
                "max_plies must be at least 1 (or None for no limit)",
            ));
        }
        let start = match start {
            Some(pdtl) => Position::from_pdtl(pdtl).map_err(pdtl_error)?,
            None => Position::default(),
        };
        let ep = Episode::new(start);
        if let Some(o) = ep.outcome() {
            return Err(PyValueError::new_err(format!(
                "the start position is already over: {o}"
            )));
        }
        let slots = (0..num_envs)
            .map(|i| Slot {
                ep: ep.clone(),
                rng: env_rng(seed, i),
                ended: false,
            })
            .collect();
        Ok(PyVecEnv {
            slots,
            max_plies: max_plies.unwrap_or(usize::MAX),
            autoreset,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Games back to the start: every game, or those where `mask` is true;
    /// each game reset whose entry of `seeds` is a number has its action
    /// stream reseeded from it (as game `i` of a run of that seed, so one
    /// seed for every game is the seed of the whole batch). Returns every
    /// game's observations `(num_envs, PLANES, 169)`.
    #[pyo3(signature = (seeds = None, mask = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seeds: Option<Vec<Option<u64>>>,
        mask: Option<Vec<bool>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let n = self.slots.len();
        for (name, len) in [
            ("seeds", seeds.as_ref().map(Vec::len)),
            ("mask", mask.as_ref().map(Vec::len)),
        ] {
            if let Some(len) = len.filter(|&len| len != n) {
                return Err(PyValueError::new_err(format!(
                    "expected {n} {name} (one per environment), got {len}"
                )));
            }
        }
        for (i, s) in self.slots.iter_mut().enumerate() {
            if mask.as_ref().is_some_and(|m| !m[i]) {
                continue;
            }
            s.ep.reset();
            s.ended = false;
            if let Some(seed) = seeds.as_ref().and_then(|seeds| seeds[i]) {
                s.rng = env_rng(seed, i);
            }
        }
        let data = py.detach(|| self.all_observations());
        self.observations(py, data, n)
    }

    /// The current observations, without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let data = py.detach(|| self.all_observations());
        self.observations(py, data, self.slots.len())
    }

    /// Plays `actions[i]` in game `i` for every `i`. A game that ends is
    /// reset in the same call (same_step), or in the next one, which ignores
    /// its action and gives its start observation, reward 0 and neither
    /// flag (next_step); with disabled autoreset an ended game refuses a
    /// step until `reset` with a mask. Returns `(obs, rewards, terminated,
    /// truncated, ended, final_obs, final_results, final_terminations,
    /// final_plies)`, the last five for the games that ended, in order.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyAny>,
        Vec<String>,
        Vec<Option<&'static str>>,
        Vec<usize>,
    )> {
        let n = self.slots.len();
        let actions = actions
            .as_slice()
            .map_err(|_| PyValueError::new_err("actions must be a contiguous array"))?;
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "expected {n} actions (one per environment), got {}",
                actions.len()
            )));
        }
        // Every action is checked (and its place among the legal moves
        // found) before any game moves.
        let mut nth = Vec::with_capacity(n);
        for (i, (s, &a)) in self.slots.iter().zip(actions).enumerate() {
            if s.ended {
                if self.autoreset == Autoreset::Disabled {
                    return Err(PyValueError::new_err(format!(
                        "environment {i} has ended and autoreset is disabled: reset it with \
                         options={{\"reset_mask\": mask}} (no environment was stepped)"
                    )));
                }
                nth.push(usize::MAX);
                continue;
            }
            match usize::try_from(a).ok().and_then(|a| s.ep.find(a).ok()) {
                Some(k) => nth.push(k),
                None => {
                    return Err(IllegalMoveError::new_err(format!(
                        "environment {i}: action {a} is not a legal move in {} (no environment was stepped)",
                        s.ep.position().to_pdtl()
                    )))
                }
            }
        }
        let (max_plies, nth, same_step) =
            (self.max_plies, &nth, self.autoreset == Autoreset::SameStep);
        let mut obs = vec![0u8; n * OBS];
        let (mut rewards, mut terminated, mut truncated) =
            (vec![0f32; n], vec![false; n], vec![false; n]);
        let out = StepOut {
            obs: &mut obs,
            rewards: &mut rewards,
            terminated: &mut terminated,
            truncated: &mut truncated,
        };
        let slots = &mut self.slots;
        let ended = py.detach(|| {
            split(slots, out, |first, slots, out| {
                let mut ended = Vec::new();
                for (k, (s, o)) in slots.iter_mut().zip(out.obs.chunks_mut(OBS)).enumerate() {
                    if s.ended {
                        s.ep.reset();
                        s.ended = false;
                        write_planes(s.ep.position(), o);
                        continue;
                    }
                    let mover = s.ep.position().turn();
                    let outcome = s.ep.step_nth(nth[first + k]).expect("checked above");
                    out.rewards[k] = mover_reward(outcome, mover);
                    out.terminated[k] = outcome.is_some();
                    out.truncated[k] = outcome.is_none() && s.ep.plies() >= max_plies;
                    write_planes(s.ep.position(), o);
                    if out.terminated[k] || out.truncated[k] {
                        ended.push(Ended {
                            env: first + k,
                            obs: o.to_vec(),
                            outcome,
                            plies: s.ep.plies(),
                        });
                        if same_step {
                            s.ep.reset();
                            write_planes(s.ep.position(), o);
                        } else {
                            s.ended = true;
                        }
                    }
                }
                ended
            })
        });
        let k = ended.len();
        let mut final_obs = Vec::with_capacity(k * OBS);
        for e in &ended {
            final_obs.extend_from_slice(&e.obs);
        }
        Ok((
            self.observations(py, obs, n)?,
            PyArray1::from_vec(py, rewards),
            PyArray1::from_vec(py, terminated),
            PyArray1::from_vec(py, truncated),
            PyArray1::from_vec(py, ended.iter().map(|e| e.env as i64).collect()),
            self.observations(py, final_obs, k)?,
            ended
                .iter()
                .map(|e| e.outcome.map_or_else(|| "*".to_string(), |o| o.result()))
                .collect(),
            ended
                .iter()
                .map(|e| e.outcome.map(|o| o.termination.name()))
                .collect(),
            ended.iter().map(|e| e.plies).collect(),
        ))
    }

    /// The legal actions of every game as CSR: `(indices, offsets)`, both
    /// int64, game `i`'s in `indices[offsets[i]:offsets[i + 1]]` in the
    /// generator's order.
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
    ) -> (Bound<'py, PyArray1<i64>>, Bound<'py, PyArray1<i64>>) {
        let mut offsets = Vec::with_capacity(self.slots.len() + 1);
        offsets.push(0i64);
        let total: usize = self.slots.iter().map(|s| s.ep.legal_actions().len()).sum();
        let mut indices = Vec::with_capacity(total);
        for s in &self.slots {
            indices.extend(s.ep.legal_actions().iter().map(|&a| i64::from(a)));
            offsets.push(indices.len() as i64);
        }
        (
            PyArray1::from_vec(py, indices),
            PyArray1::from_vec(py, offsets),
        )
    }

    /// `(num_envs, ACTIONS)` int8 (Gymnasium's mask dtype), 1 at the
    /// legal actions of every game.
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.slots.len();
        let mut mask = vec![0i8; n * *ACTIONS];
        for (s, row) in self.slots.iter().zip(mask.chunks_mut(*ACTIONS)) {
            for &a in s.ep.legal_actions() {
                row[usize::from(a)] = 1;
            }
        }
        Ok(PyArray1::from_vec(py, mask)
            .reshape([n, *ACTIONS])?
            .into_any())
    }

    /// One uniformly random legal action per game, from each game's own
    /// seeded stream.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let picks = self
            .slots
            .iter_mut()
            .map(|s| {
                // A game waiting for its reset (no legal move, maybe) takes
                // any action: 0.
                let legal = s.ep.legal_actions();
                if s.ended || legal.is_empty() {
                    return 0;
                }
                i64::from(legal[s.rng.below(legal.len())])
            })
            .collect();
        PyArray1::from_vec(py, picks)
    }

    /// The PDTL of game `i`'s position.
    fn pdtl(&self, i: usize) -> PyResult<String> {
        let s = self.slots.get(i).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!("no environment {i}"))
        })?;
        Ok(s.ep.position().to_pdtl())
    }

    /// Whether each game ended in the last step and waits for its reset.
    fn ended<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        PyArray1::from_vec(py, self.slots.iter().map(|s| s.ended).collect())
    }

    /// Plies played in each game since its last reset.
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_vec(py, self.slots.iter().map(|s| s.ep.plies() as i64).collect())
    }
}
