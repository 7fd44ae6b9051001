//! Games of a match run at once on worker threads: each worker holds its
//! own engines (its own engine processes) and takes the next game index
//! until none is left or the match is told to stop; games under way when
//! it stops still finish, unless they are abandoned (an interrupt).
//! Results come back in index order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::workers;

use crate::r#match::record::GameRecord;

/// Plays games `0..total` on `workers` threads. `engines` makes a
/// worker's state, `play` plays one game with it (`None`: the game was
/// abandoned, and the worker stops); `on_game` is told each game as it
/// ends with the count done, and stops the match by returning false.
pub(crate) fn run_games<S>(
    total: usize,
    workers: usize,
    engines: impl Fn() -> S + Sync,
    play: impl Fn(&mut S, usize) -> Option<GameRecord> + Sync,
    on_game: &(dyn Fn(&GameRecord, usize) -> bool + Sync),
) -> Vec<GameRecord> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let done = Mutex::new(Vec::with_capacity(total));
    let work = || {
        let mut state = engines();
        while !stop.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= total {
                break;
            }
            let Some(record) = play(&mut state, g) else {
                break;
            };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::r#match::record::Ending;
    use cescacs::{Color, Position};

    fn game(g: usize) -> GameRecord {
        let a_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        GameRecord {
            pair: g / 2,
            a_color,
            points: (1, 1),
            plies: 0,
            ending: Ending::MaxPlies,
            start: Position::default(),
            moves: Vec::new(),
            opening: 0,
            clocks: Vec::new(),
        }
    }

    #[test]
    fn games_come_back_in_order_and_a_stop_lets_games_under_way_finish() {
        let all = run_games(10, 3, || (), |(), g| Some(game(g)), &|_, _| true);
        assert_eq!(
            all.iter().map(|g| (g.pair, g.a_color)).collect::<Vec<_>>(),
            (0..10)
                .map(|g| (game(g).pair, game(g).a_color))
                .collect::<Vec<_>>()
        );
        // One worker, told to stop after the third game: three games, the first three.
        let some = run_games(10, 1, || (), |(), g| Some(game(g)), &|_, done| done < 3);
        assert_eq!(some, (0..3).map(game).collect::<Vec<_>>());
        // Game 4 abandoned: the worker stops, the games before it are kept.
        let cut = run_games(10, 1, || (), |(), g| (g != 4).then(|| game(g)), &|_, _| {
            true
        });
        assert_eq!(cut, (0..4).map(game).collect::<Vec<_>>());
    }
}
