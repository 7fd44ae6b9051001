//! `cargo run --release -p cescacs-engine --example go -- DEPTH [PDTL|-] [EVAL]`:
//! one search with an info line per iteration.
use cescacs::{History, Position};
use cescacs_engine::{Engine, EngineOptions, Limits};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos: Position = match args.get(2).map(String::as_str) {
        None | Some("-") => Position::default(),
        Some(p) => p.parse().expect("a valid PDTL"),
    };
    let eval = args.get(3).map_or_else(Default::default, |e| {
        e.parse().expect("an evaluation setting")
    });
    let mut engine = Engine::new(EngineOptions {
        eval,
        ..Default::default()
    });
    let r = engine.search(&History::new(pos.clone()), &Limits::depth(depth), |info| {
        let Some(i) = info.completed_line() else {
            return;
        };
        let pv: Vec<String> = i.pv.iter().map(|m| m.long()).collect();
        println!(
            "depth {} seldepth {} score {} nodes {} time {:?} nps {:.0} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.time,
            i.nodes as f64 / i.time.as_secs_f64(),
            pv.join(" ")
        );
    });
    println!(
        "bestmove {}",
        r.best_move.map_or("none".into(), |m| pos.ctl(&m))
    );
}
