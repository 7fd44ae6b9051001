//! `LineView` over a shared record: views read the record as it was when
//! they were made while the game changes (the game copies only the line it
//! changes, sharing its variations' lines with the views), and deep nests
//! are walked and freed without recursion.

use std::sync::Arc;

use cescacs::pgn::read_game;
use cescacs::{History, LineView, Move, Position};

/// Knights out and back: any number of plies from the initial position,
/// every one legal.
const CYCLE: [&str; 4] = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"];

/// The text of plies `ply` and `ply + 1` of the knights' cycle, numbered as
/// a line starting at `ply` writes them.
fn two_plies(ply: usize) -> String {
    let (number, next) = (ply / 2 + 1, ply / 2 + 2);
    let (a, b) = (CYCLE[ply % 4], CYCLE[(ply + 1) % 4]);
    if ply % 2 == 0 {
        format!("{number}. {a}, {b}")
    } else {
        format!("{number}. …, {a} {next}. {b}")
    }
}

/// A record of `levels` variations, each of two moves and nested on the
/// second move of the line above: level `k` starts at ply `k`.
fn staircase(levels: usize) -> String {
    let mut text = two_plies(0);
    for k in 1..=levels {
        text.push_str(" (");
        text.push_str(&two_plies(k));
    }
    text.push_str(&")".repeat(levels));
    text.push_str("\n*\n");
    text
}

#[test]
fn a_view_reads_the_record_it_was_made_from_while_the_game_changes() {
    let text = "1. E7-E13 ($[1] 1. H6-H12, I23-I19 (1. …, E21-E15)), E21-E15\n*\n";
    let mut game = Arc::new(read_game(text).unwrap());
    let main = LineView::mainline(Arc::clone(&game));
    let alternative = main.variation(0, 0).unwrap();
    let record = Arc::as_ptr(&game);
    // The game changes: its record is copied, the views keep the old one.
    let changed = Arc::make_mut(&mut game);
    changed.pop().unwrap();
    changed.push_ctl("E21-E17").unwrap();
    changed.comments_mut().push("changed".into());
    assert!(!std::ptr::eq(Arc::as_ptr(&game), record));
    assert!(std::ptr::eq(Arc::as_ptr(main.record()), record));
    assert_eq!(
        (main.ctl(1).unwrap().as_str(), main.line().comments.len()),
        ("E21-E15", 0)
    );
    assert_eq!(game.mainline().moves[1].mv.long(), "E21-E17");
    // The copy shares the variation's line with the view: nothing below
    // the main line was copied.
    assert!(std::ptr::eq(
        alternative.line(),
        &*game.mainline().moves[0].variations[0].line
    ));
    assert_eq!((alternative.label(), alternative.len()), (Some("1"), 2));
    // A view outlives every other holder of the record.
    drop((game, main));
    let deeper = alternative.variation(1, 0).unwrap();
    drop(alternative);
    assert_eq!(
        deeper
            .moves_before(1)
            .iter()
            .map(Move::long)
            .collect::<Vec<_>>(),
        ["H6-H12", "E21-E15"]
    );
}

#[test]
fn the_path_to_a_deep_line_goes_through_every_line_above() {
    let levels = 1_000;
    let game = read_game(&staircase(levels)).unwrap();
    let mut line = LineView::mainline(Arc::new(game));
    for k in 1..=levels {
        line = line
            .variation(1, 0)
            .expect("a variation on the second move");
        assert_eq!((line.depth(), line.start_ply(), line.len()), (k, k, 2));
    }
    let path = line.moves_before(2);
    assert_eq!(path.len(), levels + 2);
    // The long form leaves out the piece letter.
    assert!(path
        .iter()
        .enumerate()
        .all(|(p, m)| m.long() == CYCLE[p % 4][1..]));
    // The view's positions are those of the game its moves make.
    let mut replayed = History::new(Position::default());
    path.iter().for_each(|&m| replayed.push_unchecked(m));
    assert_eq!(line.position(2), Some(replayed.position()));
}

#[test]
fn a_million_nested_variations_are_walked_and_freed_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let depth = 1_000_000;
            let mut text = String::with_capacity(12 * depth + 16);
            text.push_str("1. H6-H12");
            text.push_str(&" (1. H6-H12".repeat(depth));
            text.push_str(&")".repeat(depth));
            text.push_str("\n*\n");
            let game = Arc::new(read_game(&text).unwrap());
            let mut line = LineView::mainline(Arc::clone(&game));
            let top = line.variation(0, 0).unwrap();
            let mut levels = 0;
            while let Some(next) = line.variation(0, 0) {
                line = next;
                levels += 1;
            }
            assert_eq!((levels, line.depth(), line.len()), (depth, depth, 1));
            // The game goes first: the views free the lines they hold, the
            // top one the whole nest.
            drop(game);
            drop(line);
            assert_eq!(top.depth(), 1);
            drop(top);
        })
        .unwrap()
        .join()
        .unwrap();
}
