//! Move-generation and perft benchmarks (`cargo bench -p cescacs`).
//!
//! The performance target of the core (≥ 20 million perft leaves per second,
//! single thread) is measured by `perft/initial/4` here and by
//! `cescacs perft 4`; unit tests never time anything.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use cescacs::{perft, Position};

const MIDDLE_GAME: &str = "/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 20";
const KINGS_AND_ROOKS: &str = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1";

fn legal_moves(c: &mut Criterion) {
    let mut g = c.benchmark_group("legal_moves");
    for (name, pdtl) in [("initial", cescacs::INITIAL_PDTL), ("middle-game", MIDDLE_GAME), ("kings-rooks", KINGS_AND_ROOKS)] {
        let pos: Position = pdtl.parse().unwrap();
        g.throughput(Throughput::Elements(pos.legal_moves().len() as u64));
        g.bench_function(name, |b| b.iter(|| std::hint::black_box(&pos).legal_moves()));
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
        g.bench_function(name, |b| b.iter(|| assert_eq!(perft(std::hint::black_box(&pos), depth), leaves)));
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

criterion_group!(benches, legal_moves, perft_bench, notation);
criterion_main!(benches);
