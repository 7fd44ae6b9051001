//! The lines a search prints: `info` for each report of the engine,
//! `bestmove` at its end, as Stockfish prints them. Lines outside the
//! aspiration window (`lowerbound`/`upperbound`) and the root move under
//! search (`currmove`) are printed only once the search has run
//! [`REPORT_DELAY`], as Stockfish does, so that short searches stay terse.

use std::time::Duration;

use cescacs::{Move, Position};
use cescacs_engine::{Info, LineInfo, Score, ScoreBound, Wdl};

/// How long a search runs before it prints bounds and `currmove` lines.
pub const REPORT_DELAY: Duration = Duration::from_secs(1);

/// The `info` line of `info` from `root` (`None`: nothing to print yet);
/// `wdl` adds the win/draw/loss chances (UCI `UCI_ShowWDL`).
pub fn info_line(root: &Position, info: &Info, wdl: bool) -> Option<String> {
    match info {
        Info::Line(l) if l.bound == ScoreBound::Exact || l.time >= REPORT_DELAY => {
            Some(line(root, l, wdl))
        }
        Info::CurrMove(c) if c.time >= REPORT_DELAY => Some(format!(
            "info depth {} currmove {} currmovenumber {}",
            c.depth,
            root.ctl(&c.mv),
            c.number
        )),
        _ => None,
    }
}

/// `info depth … seldepth … multipv … score … [wdl W D L] [lowerbound|upperbound]
/// nodes … nps … hashfull … time … pv …`, the PV in CTL-AN.
fn line(root: &Position, l: &LineInfo, wdl: bool) -> String {
    let ms = l.time.as_millis();
    let nps = if l.time.as_secs_f64() > 0.0 {
        (l.nodes as f64 / l.time.as_secs_f64()) as u64
    } else {
        0
    };
    let wdl = if wdl {
        format!(" {}", Wdl::from_score(l.score))
    } else {
        String::new()
    };
    let bound = match l.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{wdl}{bound} nodes {} nps {nps} hashfull {} \
         time {ms} pv {}",
        l.depth,
        l.seldepth,
        l.multipv,
        l.score,
        l.nodes,
        l.hashfull,
        pv_text(root, &l.pv)
    )
}

/// The line of a position without a legal move, before its `bestmove
/// 0000`: mated (`score mate 0`), or stalemated, which loses (RULES.md §6).
pub fn no_move_line(score: Score, wdl: bool) -> String {
    let wdl = if wdl {
        format!(" {}", Wdl::from_score(score))
    } else {
        String::new()
    };
    format!("info depth 0 score {score}{wdl}")
}

/// `bestmove M ponder R` for a search's PV from `root` (`ponder R` when it
/// has a second move; `bestmove 0000`, UCI's null move, when it is empty:
/// no legal move).
pub fn bestmove_line(root: &Position, pv: &[Move]) -> String {
    match pv {
        [] => "bestmove 0000".to_string(),
        [m] => format!("bestmove {}", root.ctl(m)),
        [m, r, ..] => format!("bestmove {} ponder {}", root.ctl(m), root.after(*m).ctl(r)),
    }
}

fn pv_text(root: &Position, pv: &[Move]) -> String {
    let mut pos = root.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &m in pv {
        words.push(pos.ctl(&m));
        pos.play_unchecked(m);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs_engine::CurrMoveInfo;

    #[test]
    fn bounds_and_root_moves_wait_for_the_delay() {
        let root = Position::default();
        let m = root.legal_moves()[0];
        let at = |time, bound| {
            Info::Line(LineInfo {
                depth: 7,
                seldepth: 9,
                score: Score::Cp(35),
                bound,
                nodes: 5000,
                time,
                pv: vec![m],
                multipv: 1,
                hashfull: 12,
            })
        };
        let early = Duration::from_millis(10);
        assert_eq!(info_line(&root, &at(early, ScoreBound::Lower), false), None);
        let ctl = root.ctl(&m);
        assert_eq!(
            info_line(&root, &at(Duration::from_secs(2), ScoreBound::Lower), true).unwrap(),
            format!(
                "info depth 7 seldepth 9 multipv 1 score cp 35 {} lowerbound nodes 5000 \
                 nps 2500 hashfull 12 time 2000 pv {ctl}",
                Wdl::from_score(Score::Cp(35))
            )
        );
        assert!(info_line(&root, &at(early, ScoreBound::Exact), false)
            .unwrap()
            .contains("score cp 35 nodes 5000"));
        let upper = info_line(&root, &at(REPORT_DELAY, ScoreBound::Upper), false).unwrap();
        assert!(upper.contains("score cp 35 upperbound nodes"), "{upper}");
        let curr = |time| {
            Info::CurrMove(CurrMoveInfo {
                depth: 12,
                mv: m,
                number: 3,
                time,
            })
        };
        assert_eq!(info_line(&root, &curr(early), false), None);
        assert_eq!(
            info_line(&root, &curr(REPORT_DELAY), false).unwrap(),
            format!("info depth 12 currmove {ctl} currmovenumber 3")
        );
        assert_eq!(
            no_move_line(Score::Mate(0), true),
            "info depth 0 score mate 0 wdl 0 0 1000"
        );
        assert_eq!(bestmove_line(&root, &[]), "bestmove 0000");
    }
}
