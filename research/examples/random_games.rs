//! Seeded random self-play on one thread, timed: what `cescacs.random_games`
//! runs under Python.
//!
//! ```text
//! cargo run --release -p cescacs-research --example random_games -- [GAMES] [THREADS]
//! valgrind --tool=callgrind target/release/examples/random_games 20
//! ```

use std::time::Instant;

use cescacs_research::selfplay::RandomGames;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(200);
    let threads = args.next().unwrap_or(1);
    let start = Instant::now();
    let played = RandomGames::new(games)
        .seed(1)
        .threads(threads)
        .run()
        .expect("no cancel flag is set");
    let seconds = start.elapsed().as_secs_f64();
    let plies: usize = played.iter().map(|g| g.len()).sum();
    println!(
        "{games} games, {plies} plies in {seconds:.3} s: {:.0} plies/s on {threads} thread(s)",
        plies as f64 / seconds
    );
}
