//! Games of a match run at once on worker threads: each worker holds its
//! own seats (its own engine processes) and takes the next game index
//! until none is left or the match is told to stop; games under way when
//! it stops still finish. Results come back in index order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::workers;

use crate::record::GameRecord;

/// Plays games `0..total` on `workers` threads. `seats` makes a worker's
/// state, `play` plays one game with it; `on_game` is told each game as
/// it ends with the count done, and stops the match by returning false.
pub(crate) fn run_games<S>(
    total: usize,
    workers: usize,
    seats: impl Fn() -> S + Sync,
    play: impl Fn(&mut S, usize) -> GameRecord + Sync,
    on_game: &(dyn Fn(&GameRecord, usize) -> bool + Sync),
) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done = Mutex::new(Vec::with_capacity(total));
    let work = || {
        let mut state = seats();
        while !stop.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= total {
                break;
            }
            let record = play(&mut state, g);
            let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
            d.push((g, record));
            let (_, last) = d.last().expect("just pushed");
            if !on_game(last, d.len()) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok::<(), std::convert::Infallible>(())
    };
    let Ok(()) = workers::run(workers::worker_count(workers, total), "match", work);
    let mut games = done.into_inner().unwrap_or_else(|e| e.into_inner());
    games.sort_unstable_by_key(|&(g, _)| g);
    games.into_iter().map(|(_, r)| r).collect()
}
