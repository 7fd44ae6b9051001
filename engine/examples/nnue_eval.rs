//! Evaluates the first positions of a positions file
//! (`cescacs-research`'s `gen_positions`) with a network file, one
//! evaluation (centipawns, side to move) a line: the trainer compares them
//! with its float network to check the quantized file.
//!
//! ```text
//! cargo run --release -p cescacs-engine --example nnue_eval -- NET POSITIONS [COUNT]
//! ```

use cescacs_engine::nnue::Network;
use cescacs_research::packed::unpack;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let net = Network::load(&args[0]).unwrap_or_else(|e| panic!("{}: {e}", args[0]));
    let data = std::fs::read(&args[1]).expect("the positions file");
    assert_eq!(&data[..8], b"CESPOS1\0", "not a positions file");
    let count: usize = args.get(2).map_or(100, |c| c.parse().expect("a count"));
    for record in data[8..].chunks_exact(64).take(count) {
        let pos = unpack(record).expect("a packed position");
        println!("{}", net.evaluate(&pos));
    }
}
