//! Move-generation and perft benchmarks (`cargo bench -p cescacs`).
//!
//! The performance target of the core (≥ 20 million perft leaves per second,
//! single thread) is measured by `perft/initial/4` here and by
//! `cescacs perft 4`; unit tests never time anything.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cescacs::{perft, Game, Move, Position};

const MIDDLE_GAME: &str = "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 20";
const KINGS_AND_ROOKS: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_moves");
    for (name, pdtl) in [
        ("initial", cescacs::INITIAL_PDTL),
        ("middle-game", MIDDLE_GAME),
        ("kings-rooks", KINGS_AND_ROOKS),
    ] {
        let pos: Position = pdtl.parse().unwrap();
        g.throughput(Throughput::Elements(pos.legal_moves().len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| std::hint::black_box(&pos).legal_moves())
        });
    }
    g.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    let initial = Position::default();
    for (name, pos, depth, leaves) in [
        ("initial/3", initial.clone(), 3, 340_385u64),
        ("initial/4", initial, 4, 25_048_957),
        ("middle-game/3", MIDDLE_GAME.parse().unwrap(), 3, 2_890_661),
    ] {
        g.throughput(Throughput::Elements(leaves));
        g.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(std::hint::black_box(&pos), depth), leaves))
        });
    }
    g.finish();
}

fn notation(c: &mut Criterion) {
    let pos: Position = MIDDLE_GAME.parse().unwrap();
    let moves = pos.legal_moves();
    c.bench_function("ctl/middle-game-all-moves", |b| {
        b.iter(|| moves.iter().map(|m| pos.ctl(m).len()).sum::<usize>())
    });
    c.bench_function("pdtl/parse-write", |b| {
        b.iter(|| MIDDLE_GAME.parse::<Position>().unwrap().to_pdtl())
    });
}

/// A 300-ply game of seeded pseudo-random legal moves that does not end
/// before its last ply (moves that would end it are skipped).
fn long_game() -> (Game, Vec<Move>) {
    let mut game = Game::new();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while game.len() < 300 {
        let moves = game.position().legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let start = seed as usize % moves.len();
        let played = (0..moves.len()).any(|k| {
            let m = moves[(start + k) % moves.len()];
            game.push(m).unwrap();
            if game.is_game_over() {
                game.pop();
                false
            } else {
                true
            }
        });
        assert!(played, "no move keeps the game going at ply {}", game.len());
    }
    let moves = game.moves().collect();
    (game, moves)
}

/// `Game::push` + `Game::outcome` must cost the same at ply 300 as at ply
/// 10: the history answers from what it kept, it never replays.
fn game_push_outcome(c: &mut Criterion) {
    let (full, moves) = long_game();
    let mut g = c.benchmark_group("game/push+outcome");
    for ply in [10usize, 100, 299] {
        let mut game = full.clone();
        while game.len() > ply {
            game.pop();
        }
        let m = moves[ply];
        g.bench_function(format!("ply-{ply}"), |b| {
            b.iter(|| {
                game.push(m).unwrap();
                let o = std::hint::black_box(game.outcome());
                game.pop();
                o
            })
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    legal_moves,
    perft_bench,
    notation,
    game_push_outcome
);
criterion_main!(benches);
