//! `cescacs bench [DEPTH] [--eval hand|nnue | --eval-file NET]`: the
//! engine's speed on a fixed set of positions, as Stockfish's `bench` gives
//! it. Each position is searched to
//! DEPTH plies on one thread with a fresh table, so the total node count
//! depends only on the search's code: two builds that print the same count
//! search the same trees, and their nodes per second compare their speed.
//!
//! ```text
//! Position: 1/9 <PDTL>
//! bestmove NG3-I7 score cp 12 nodes 20480
//! …
//! ===========================
//! Total time (ms) : 1234
//! Nodes searched  : 456789
//! Nodes/second    : 370169
//! ```

use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cescacs::{History, Position};
use cescacs_engine::nnue::Network;
use cescacs_engine::{Engine, EngineOptions, Limits};

/// The depth `cescacs bench` searches to without one given.
pub const DEFAULT_DEPTH: u32 = 4;

/// The positions searched after the initial one: from random games of
/// `cescacs_research::selfplay::random_game` (the seed and the ply of each
/// are given), openings, middlegames and late middlegames, either side to move.
const POSITIONS: [&str; 8] = [
    // seed 1, ply 12
    "/28:v/27:dk/26:gjg/25:r2r/24:pejep/23:ppeepp/22:j3p2/21:3p1n2/20:2ppp2/17:1n6/15:2J5/13:5N2/10:3PP2/8:3P3/7:3P4/6:P1P4/5:1PEEPP/4:PEJEP/3:RN1R/2:GJG/1:DK/0:V/ w RKRrkr - 1 7",
    // seed 2, ply 25
    "/28:v/27:jk/26:gjg/25:rdnr/24:pe1ep/23:ppeep1/22:J1p1p2/21:3pp3/18:2pn1p1/17:5G2/12:3P3/11:2P5/10:2PP2j/9:3EP3/8:4E2/6:3JPG1/5:PP2PP/4:1E1EP/3:R1NR/2:1JN/1:DK/0:V/ b RKRrkr - 0 13",
    // seed 3, ply 36
    "/27:dk/26:j1g/25:rn1r/24:pej2/23:ppvep1/22:2p1pp1/21:3pe3/20:2e4/19:2jgp3/17:1J4p1/16:3R3/15:4P3/14:3n1N1/11:5P2/9:3P4/8:3E3/7:3P4/6:1PPJPN1/5:1P1EKP/4:PEJ1P/3:R3/2:G1G/1:D1/0:V/ w -rkr - 1 19",
    // seed 4, ply 51
    "/28:v/27:1k/26:1j1/25:r2r/24:j2e1/23:2eg1p/22:pppjp2/21:d1ne4/19:4ep2/18:3p2p/17:2p5/16:4p2/15:5n2/14:4N2/13:g2P4/11:2EE4/10:2GP3/8:1P2P2/7:4N3/6:1PPJP2/5:P3PP/4:R1JEP/3:2GR/2:1JE/1:DK/0:V/ b KRrkr - 1 26",
    // seed 5, ply 70
    "/28:v/27:dk/26:1j1/25:r1n1/24:1e1e1/23:ppe1p1/22:1p2p2/21:3p2p1/20:2pp3/19:3j4/18:5r1/17:2R1p3/16:1n2e2/15:5G2/14:g2PN2/12:5j1/11:5Pg1/10:1PEJ3/9:3P4/8:2P1NP1/7:3PE3/6:1P2P2/5:P1EE2/4:1GK1P/3:J2R/2:1J1/1:D1/0:V/ w -rk - 7 36",
    // seed 6, ply 91
    "/28:v/27:dk/26:ej1/25:r3/24:1ejep/23:1p1e1p/22:5g1/21:1p1Np3/20:1p5/19:3p4/17:1P1pp3/16:3DP2/14:2J4/13:2jP4/11:5E2/9:5p2/8:rP1P3/7:4N3/6:G1PJ3/5:2EEPP/4:nE1KJ/3:3R/2:G2/1:1V/ b -rk - 6 46",
    // seed 7, ply 30
    "/27:dk/26:gvg/25:rn1r/24:1e1ep/23:ppe1pp/22:5j1/21:1p2e3/20:2ppj2/19:4p3/18:4pJ1/17:4N3/16:2p4/15:N7/11:4P3/9:1j6/8:3P1P1/7:3P4/6:2P1P2/5:PPEEPP/4:PEJE1/3:RDKR/2:GJG/0:V/ w -rkr - 6 16",
    // seed 8, ply 61
    "/28:v/27:d1/26:1je/25:r1g1/24:pekep/23:ppe3/22:5pp/21:3p4/20:4n2/17:4p3/16:4P2/15:4pj2/14:6g/13:6D1/12:5r1/10:2P1JP1/9:2PPER2/8:1PEP3/7:1Pj3N1/6:3JP2/4:1E1E1/3:RG2/2:GJ1/1:1K/0:V/ b RK- - 7 31",
];

/// The evaluation `cescacs bench` searches with.
pub enum Eval {
    /// The engine's default.
    Default,
    /// The hand-written terms.
    Hand,
    /// A network: the built-in one or one read from a file, whose speed
    /// then compares with the built-in one's.
    Network(Arc<Network>),
}

/// Searches every position to `depth` with `eval` and prints each best
/// move, then the total time, nodes and nodes per second.
pub fn run(depth: u32, eval: &Eval, out: &mut dyn Write) -> io::Result<()> {
    let defaults = EngineOptions::default();
    let use_nnue = match eval {
        Eval::Default => defaults.use_nnue,
        Eval::Hand => false,
        Eval::Network(_) => true,
    };
    let positions: Vec<Position> = std::iter::once(Position::default())
        .chain(
            POSITIONS
                .iter()
                .map(|p| p.parse::<Position>().expect("a bench position reads")),
        )
        .collect();
    let mut nodes = 0u64;
    let mut time = Duration::ZERO;
    for (k, pos) in positions.iter().enumerate() {
        writeln!(
            out,
            "Position: {}/{} {}",
            k + 1,
            positions.len(),
            pos.to_pdtl()
        )?;
        let mut engine = Engine::new(EngineOptions {
            hash_mb: 16,
            threads: 1,
            use_nnue,
            ..defaults
        });
        if let Eval::Network(net) = eval {
            engine.set_network(Arc::clone(net));
        }
        let start = Instant::now();
        let r = engine.search(&History::new(pos.clone()), &Limits::depth(depth), |_| {});
        time += start.elapsed();
        nodes += r.nodes;
        let best = r
            .best_move
            .map_or_else(|| "(none)".to_string(), |m| pos.ctl(&m));
        writeln!(out, "bestmove {best} score {} nodes {}", r.score, r.nodes)?;
    }
    let ms = time.as_millis().max(1);
    writeln!(out, "===========================")?;
    writeln!(out, "Total time (ms) : {ms}")?;
    writeln!(out, "Nodes searched  : {nodes}")?;
    writeln!(
        out,
        "Nodes/second    : {}",
        (u128::from(nodes) * 1000 / ms) as u64
    )?;
    Ok(())
}
