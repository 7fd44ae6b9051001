//! Records nobody wrote by hand: nesting as deep as the text is long, stray
//! brackets by the million, huge comments and tags. Each must read to a
//! result or a typed error, in time linear in its size, without recursion:
//! the deep cases run on a thread with a 256 KiB stack.

use cescacs::pgn::{read_game, read_game_entries, read_games_lenient, write_game, PgnErrorKind};
use cescacs::Game;

/// Runs `f` on a thread with a small stack: recursion per nesting level
/// would overflow it within a few thousand levels.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic")
}

/// `1. H6-H12 (1. H6-H12 (1. H6-H12 … ))) *`: each variation replaces the
/// move before it, `depth` levels deep.
fn nested(depth: usize) -> String {
    let mut s = String::with_capacity(depth * 12 + 16);
    s.push_str("1. H6-H12");
    for _ in 0..depth {
        s.push_str(" (1. H6-H12");
    }
    s.extend(std::iter::repeat_n(')', depth));
    s.push_str("\n*\n");
    s
}

/// The nesting depth of a game's first variations.
fn depth_of(game: &Game) -> usize {
    let mut depth = 0;
    let mut line = game.mainline();
    while let Some(v) = line.moves.first().and_then(|m| m.variations.first()) {
        depth += 1;
        line = &v.line;
    }
    depth
}

#[test]
fn a_hundred_thousand_nested_variations_read_write_clone_compare_and_drop() {
    on_small_stack(|| {
        let depth = 100_000;
        let game = read_game(&nested(depth)).expect("a valid record");
        assert_eq!(depth_of(&game), depth);
        let text = write_game(&game);
        let again = read_game(&text).expect("the written record reads back");
        assert_eq!(depth_of(&again), depth);
        assert!(again == game, "read back equal");
        assert_eq!(write_game(&again), text, "the writer is stable");
        let copy = game.clone();
        assert!(copy == game);
        let debug = format!("{:?}", copy.mainline());
        assert_eq!(debug.matches("Variation {").count(), depth);
        // Nesting dots are capped: the text stays linear in the depth.
        assert!(text.len() < 60 * depth, "{} bytes", text.len());
        drop((game, again, copy));
    });
}

#[test]
fn an_unclosed_deep_nest_is_one_typed_error_at_the_innermost_paren() {
    on_small_stack(|| {
        let depth = 50_000;
        let mut text = nested(depth);
        text.retain(|c| c != ')');
        let (games, errors) = read_games_lenient(&text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].kind, PgnErrorKind::UnterminatedVariation);
        // The innermost `(` opens at column 11 * depth (each level is 11 characters).
        assert_eq!((errors[0].line, errors[0].column), (1, 11 * depth));
        // Everything read is kept.
        assert_eq!(depth_of(&games[0]), depth);
    });
}

#[test]
fn a_million_stray_parens_give_a_bounded_list_of_errors() {
    let mut text = String::from("1. H6-H12 ");
    text.extend(std::iter::repeat_n(')', 1_000_000));
    text.push_str("\n*\n");
    let entries = read_game_entries(&text);
    assert_eq!(entries.len(), 1);
    let errors = &entries[0].errors;
    assert_eq!(errors.len(), 17, "sixteen kept and one count of the rest");
    assert!(errors[..16]
        .iter()
        .all(|e| e.kind == PgnErrorKind::UnexpectedCloseParen));
    assert_eq!(errors[16].kind, PgnErrorKind::MoreErrors(1_000_000 - 16));
    assert_eq!(entries[0].game.as_ref().expect("the game is kept").len(), 1);
}

#[test]
fn huge_comments_tags_and_many_tags_read_whole() {
    let comment = "x".repeat(5_000_000);
    let value = "v".repeat(1_000_000);
    let mut text = format!("[Event \"{value}\"]\n");
    for k in 0..100_000 {
        text.push_str(&format!("[T{k} \"{k}\"]\n"));
    }
    text.push_str(&format!("{{ {comment} }}\n1. H6-H12\n*\n"));
    let game = read_game(&text).expect("valid");
    assert_eq!(game.tag("Event").map(str::len), Some(1_000_000));
    // Variant, the roster (Event among them) and the others.
    assert_eq!(game.tags.len(), 8 + 100_000);
    assert_eq!(game.mainline().comments[0].len(), 5_000_000);
    assert_eq!(read_game(&write_game(&game)).expect("reads back"), game);
}

#[test]
fn nul_bytes_overflowing_numbers_and_random_brackets_are_typed_errors() {
    for text in [
        "1. H6-H12\0\n*\n",
        "99999999999999999999. H6-H12\n*\n",
        "1. H6-H12 $99999999999999999999\n*\n",
        "1. H6-H12 ($[99999999999999999999] 1. E7-E13)\n*\n",
        "((((({{{{)))}}}}[[[[]]]]",
        "]]]]",
        "{",
        "\u{FEFF}1. H6-H12\r\n*\r\n",
    ] {
        // Whatever the verdict, it comes as values, never as a panic.
        let (_games, errors) = read_games_lenient(text);
        for e in errors {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
        }
    }
    // BOM and CRLF read normally.
    let game = read_game("\u{FEFF}[Event \"x\"]\r\n1. H6-H12, I23-I19\r\n*\r\n").expect("valid");
    assert_eq!(game.len(), 2);
}

#[test]
fn ten_megabyte_pdtl_and_move_texts_are_typed_errors() {
    use cescacs::Position;
    let pos = Position::default();
    let huge = "H".repeat(10_000_000);
    assert!(Position::from_pdtl(&huge).is_err());
    assert!(Position::from_pdtl(&format!("/28:{huge}/ w - - 0 1")).is_err());
    assert!(pos.parse_ctl(&huge).is_err());
    assert!(pos.parse_ctl(&format!("H6-H12{huge}")).is_err());
    let nul = "\0".repeat(1_000_000);
    assert!(Position::from_pdtl(&nul).is_err());
    assert!(pos.parse_ctl(&nul).is_err());
}

/// A long main line (40,000 plies of Knights going back and forth) with
/// 40,000 variations on its first move, written after its last: finding
/// the move a variation replaces does not walk the line, so this reads in
/// time linear in the text (walking back would take 1.6 × 10⁹ steps).
#[test]
fn many_variations_on_the_first_move_of_a_long_line_read_in_linear_time() {
    let (plies, variations) = (40_000, 40_000);
    let mut text = String::new();
    for n in 1..=plies / 2 {
        let (w, b) = if n % 2 == 1 {
            ("NG3-I7", "NG25-I21")
        } else {
            ("NI7-G3", "NI21-G25")
        };
        text.push_str(&format!("{n}. {w}, {b}\n"));
    }
    for _ in 0..variations {
        text.push_str("(1. NG3-I13) ");
    }
    text.push_str("\n*\n");
    let game = read_game(&text).expect("every move and variation is legal");
    assert_eq!(game.len(), plies);
    let first = &game.mainline().moves[0];
    assert_eq!(first.variations.len(), variations);
    assert!(first
        .variations
        .iter()
        .all(|v| v.line.moves.len() == 1 && v.line.moves[0].mv.long() == "G3-I13"));
    assert!(game.mainline().moves[1..]
        .iter()
        .all(|am| am.variations.is_empty()));
}

#[test]
fn a_binary_stream_gives_a_bounded_list_of_errors() {
    use cescacs::pgn::Reader;
    // 10,000 lines that are not UTF-8 and no game boundary: one entry.
    let mut bytes = Vec::new();
    for k in 0..10_000u32 {
        bytes.extend_from_slice(&[0xff, 0xfe, (k % 200) as u8 + 1, b'\n']);
    }
    let entries: Vec<_> = Reader::new(&bytes[..]).collect();
    let errors: Vec<_> = entries.iter().flat_map(|e| &e.errors).collect();
    assert!(
        errors.len() <= 17 * entries.len(),
        "{} errors in {} entries",
        errors.len(),
        entries.len()
    );
    let utf8 = errors
        .iter()
        .filter(|e| e.kind == PgnErrorKind::InvalidUtf8)
        .count();
    let more: usize = errors
        .iter()
        .map(|e| {
            if let PgnErrorKind::MoreErrors(n) = e.kind {
                n
            } else {
                0
            }
        })
        .sum();
    // Every line that is not UTF-8 is reported or counted, once.
    assert!(utf8 + more >= 10_000, "{utf8} reported and {more} counted");
    let first = entries
        .iter()
        .find(|e| !e.errors.is_empty())
        .expect("errors");
    assert!(first
        .errors
        .iter()
        .any(|e| (e.line, e.column, &e.kind) == (1, 1, &PgnErrorKind::InvalidUtf8)));
}
