//! The record editing API (`record_edit`): variations added, promoted,
//! demoted, removed and flattened, lines extended and cut, annotations set,
//! each checked against the rules and the paths, copy on write under views,
//! and a record nested a hundred thousand levels deep edited with loops.

use std::sync::Arc;

use cescacs::pgn::{read_game, write_game};
use cescacs::{
    Assessment, EditError, Fork, Game, GameError, GameResult, Indicator, LineView, Move,
    Termination,
};

/// The record as `write_game` writes it, after its tag section (Variant
/// and the Seven Tag Roster, which the writer always puts first).
fn movetext(game: &Game) -> String {
    let text = write_game(game);
    let header = "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n";
    let rest = text
        .strip_prefix(header)
        .unwrap_or_else(|| panic!("not the roster's header: {text}"));
    let (result_tag, moves) = rest.split_once('\n').unwrap();
    assert!(result_tag.starts_with("[Result "), "{rest}");
    moves.to_string()
}

/// The game after `moves` (CTL-AN) from the initial position.
fn game_of(moves: &[&str]) -> Game {
    let mut game = Game::new();
    for m in moves {
        game.push_ctl(m).unwrap();
    }
    game
}

/// `moves` read one after the other from the position before move `index`
/// of the line at `path`.
fn moves_at(game: &Game, path: &[Fork], index: usize, moves: &[&str]) -> Vec<Move> {
    let mut pos = game.position_in(path, index).unwrap();
    moves
        .iter()
        .map(|text| {
            let m = pos.parse_ctl(text).unwrap();
            pos.play(m).unwrap();
            m
        })
        .collect()
}

/// The first move of each variation of move `index` of the line at `path`.
fn firsts(game: &Game, path: &[Fork], index: usize) -> Vec<String> {
    game.line_at(path).unwrap().moves[index]
        .variations
        .iter()
        .map(|v| v.line.moves[0].mv.long())
        .collect()
}

#[test]
fn variations_are_added_after_the_others_and_checked() {
    let mut game = game_of(&["E7-E13", "E21-E15", "F8-F12"]);
    let d = moves_at(&game, &[], 1, &["D22-D16"]);
    assert_eq!(game.add_variation(&[], 1, &d), Ok(0));
    let i = moves_at(&game, &[], 1, &["I23-I19", "H6-H12"]);
    assert_eq!(game.add_variation(&[], 1, &i), Ok(1));
    assert_eq!(firsts(&game, &[], 1), ["D22-D16", "I23-I19"]);
    assert_eq!(
        movetext(&game),
        "1. E7-E13, E21-E15\n(1. …, D22-D16)\n(1. …, I23-I19\n.2. H6-H12)\n2. F8-F12\n*\n"
    );
    let before = game.clone();
    // A move legal elsewhere but not before Black's first move.
    let white = moves_at(&game, &[], 0, &["H6-H12"]);
    let err = game.add_variation(&[], 1, &white).unwrap_err();
    assert!(
        matches!(&err, EditError::Illegal(e) if e.mv == "H6-H12"),
        "{err:?}"
    );
    // Illegal second move: nothing of the line is added.
    let mut two = d.clone();
    two.push(d[0]);
    assert!(matches!(
        game.add_variation(&[], 1, &two),
        Err(EditError::Illegal(_))
    ));
    assert_eq!(game.add_variation(&[], 1, &[]), Err(EditError::NoMoves));
    // Bad addresses.
    assert_eq!(
        game.add_variation(&[], 3, &d),
        Err(EditError::NoMove {
            depth: 0,
            index: 3,
            len: 3
        })
    );
    assert_eq!(
        game.add_variation(&[Fork { index: 1, rank: 2 }], 0, &d),
        Err(EditError::NoVariation {
            depth: 0,
            index: 1,
            rank: 2,
            count: 2
        })
    );
    assert_eq!(
        game.add_variation(&[Fork { index: 1, rank: 1 }], 5, &d),
        Err(EditError::NoMove {
            depth: 1,
            index: 5,
            len: 2
        })
    );
    assert_eq!(game, before);
    assert_eq!(
        EditError::NoVariation {
            depth: 0,
            index: 1,
            rank: 2,
            count: 2
        }
        .to_string(),
        "step 0 of the path: move 1 has 2 variations, no variation 2"
    );
}

#[test]
fn lines_extend_at_their_end_and_the_main_line_keeps_the_games_rules() {
    let mut game = game_of(&["E7-E13", "E21-E15"]);
    let path = [Fork { index: 1, rank: 0 }];
    game.add_variation(&[], 1, &moves_at(&game, &[], 1, &["D22-D16"]))
        .unwrap();
    game.extend_line(&path, &moves_at(&game, &path, 1, &["F8-F12", "F20-F16"]))
        .unwrap();
    game.extend_line(&[], &moves_at(&game, &[], 2, &["H6-H12"]))
        .unwrap();
    assert_eq!(game.line_at(&path).unwrap().moves.len(), 3);
    assert_eq!(game.ctl_moves(), ["E7-E13", "E21-E15", "H6-H12"]);
    assert_eq!(
        game.moves_to(&path, 2)
            .unwrap()
            .iter()
            .map(Move::long)
            .collect::<Vec<_>>(),
        ["E7-E13", "D22-D16", "F8-F12"]
    );
    // Knights out and back: the fifth occurrence ends the game, and the
    // main line takes no more moves (nothing of the line is added).
    let mut game = Game::new();
    let cycle = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"];
    for _ in 0..3 {
        let moves = moves_at(&game, &[], game.len(), &cycle);
        game.extend_line(&[], &moves).unwrap();
    }
    let moves = moves_at(&game, &[], game.len(), &[cycle, cycle].concat());
    let err = game.extend_line(&[], &moves).unwrap_err();
    assert!(
        matches!(&err, EditError::Game(GameError::GameOver(o)) if o.termination == Termination::FivefoldRepetition),
        "{err:?}"
    );
    assert_eq!(game.len(), 12);
    // A variation is no game: it goes on after the repetition.
    game.add_variation(
        &[],
        11,
        &moves_at(
            &game,
            &[],
            11,
            &["NI21-G25", "NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"],
        ),
    )
    .unwrap();
    assert_eq!(
        game.line_at(&[Fork { index: 11, rank: 0 }])
            .unwrap()
            .moves
            .len(),
        5
    );
}

#[test]
fn a_main_variation_takes_the_place_of_the_continuation() {
    let mut game = game_of(&["E7-E13", "E21-E15", "F8-F12", "F20-F16"]);
    game.add_variation(&[], 1, &moves_at(&game, &[], 1, &["I23-I19"]))
        .unwrap();
    game.set_result(GameResult::Draw);
    game.add_main_variation(&[], 1, &moves_at(&game, &[], 1, &["D22-D16", "F8-F12"]))
        .unwrap();
    assert_eq!(game.ctl_moves(), ["E7-E13", "D22-D16", "F8-F12"]);
    // The old continuation is the first variation, the old variations follow.
    assert_eq!(firsts(&game, &[], 1), ["E21-E15", "I23-I19"]);
    assert_eq!(
        game.line_at(&[Fork { index: 1, rank: 0 }])
            .unwrap()
            .moves
            .len(),
        3
    );
    // The main line changed: the stated result is gone.
    assert_eq!(game.result(), GameResult::Unfinished);
    assert_eq!(
        movetext(&game),
        "1. E7-E13, D22-D16\n(1. …, E21-E15\n.2. F8-F12, F20-F16)\n(1. …, I23-I19)\n2. F8-F12\n*\n"
    );
    // In a variation, and at a line's end (where it extends the line).
    let path = [Fork { index: 1, rank: 0 }];
    game.add_main_variation(&path, 1, &moves_at(&game, &path, 1, &["H6-H12"]))
        .unwrap();
    game.add_main_variation(&path, 2, &moves_at(&game, &path, 2, &["H22-H16"]))
        .unwrap();
    assert_eq!(
        movetext(&game),
        "1. E7-E13, D22-D16\n(1. …, E21-E15\n.2. H6-H12, H22-H16\n.(2. F8-F12, F20-F16))\n(1. …, I23-I19)\n2. F8-F12\n*\n"
    );
    assert_eq!(read_game(&write_game(&game)).unwrap(), game);
    assert_eq!(read_game(&write_game(&game)).unwrap(), game);
}

#[test]
fn promote_demote_and_promote_to_main_reorder_the_alternatives() {
    let mut game = game_of(&["E7-E13", "E21-E15"]);
    for m in ["D22-D16", "I23-I19", "H22-H16"] {
        game.add_variation(&[], 1, &moves_at(&game, &[], 1, &[m]))
            .unwrap();
    }
    game.promote_variation(&[], 1, 2).unwrap();
    assert_eq!(firsts(&game, &[], 1), ["D22-D16", "H22-H16", "I23-I19"]);
    game.demote_variation(&[], 1, 0).unwrap();
    assert_eq!(firsts(&game, &[], 1), ["H22-H16", "D22-D16", "I23-I19"]);
    // The last one stays last.
    game.demote_variation(&[], 1, 2).unwrap();
    assert_eq!(firsts(&game, &[], 1), ["H22-H16", "D22-D16", "I23-I19"]);
    // Variation 0 promoted swaps with the continuation.
    game.promote_variation(&[], 1, 0).unwrap();
    assert_eq!(game.ctl_moves(), ["E7-E13", "H22-H16"]);
    assert_eq!(firsts(&game, &[], 1), ["E21-E15", "D22-D16", "I23-I19"]);
    game.promote_to_main(&[], 1, 2).unwrap();
    assert_eq!(game.ctl_moves(), ["E7-E13", "I23-I19"]);
    assert_eq!(firsts(&game, &[], 1), ["H22-H16", "E21-E15", "D22-D16"]);
    assert_eq!(
        game.promote_variation(&[], 1, 3),
        Err(EditError::NoVariation {
            depth: 0,
            index: 1,
            rank: 3,
            count: 3
        })
    );
    assert_eq!(
        movetext(&game),
        "1. E7-E13, I23-I19\n(1. …, H22-H16)\n(1. …, E21-E15)\n(1. …, D22-D16)\n*\n"
    );
}

#[test]
fn remove_truncate_and_annotate() {
    let mut game = game_of(&["E7-E13", "E21-E15", "F8-F12"]);
    game.add_variation(
        &[],
        1,
        &moves_at(&game, &[], 1, &["D22-D16", "F8-F12", "F20-F16"]),
    )
    .unwrap();
    game.add_variation(&[], 1, &moves_at(&game, &[], 1, &["I23-I19"]))
        .unwrap();
    let path = [Fork { index: 1, rank: 0 }];
    game.set_comments(&path, 1, vec!["the usual".into()])
        .unwrap();
    game.set_line_comments(&path, vec!["solid".into()]).unwrap();
    game.set_assessment(&path, 0, Some(Assessment::Interesting))
        .unwrap();
    game.set_indicator(&[], 2, Some(Indicator::DrawOffer))
        .unwrap();
    game.set_assessment(&[], 0, Some(Assessment::Good)).unwrap();
    assert_eq!(
        movetext(&game),
        "1. E7-E13 !, E21-E15\n({ solid }\n.1. …, D22-D16 !?\n.2. F8-F12, F20-F16\n.{ @W: the usual }\n)\n(1. …, I23-I19)\n2. F8-F12 (=)\n*\n"
    );
    assert_eq!(game.truncate_line(&path, 0), Err(EditError::EmptyVariation));
    let cut = game.truncate_line(&path, 1).unwrap();
    assert_eq!(
        cut.iter().map(|am| am.mv.long()).collect::<Vec<_>>(),
        ["F8-F12", "F20-F16"]
    );
    assert_eq!(cut[0].comments, ["the usual"]);
    let removed = game.remove_variation(&[], 1, 1).unwrap();
    assert_eq!(removed.line.moves[0].mv.long(), "I23-I19");
    assert_eq!(game.truncate_line(&[], 5).unwrap(), []);
    game.truncate_line(&[], 1).unwrap();
    assert_eq!(movetext(&game), "1. E7-E13 !\n*\n");
    assert_eq!(
        game.set_comments(&[], 1, Vec::new()),
        Err(EditError::NoMove {
            depth: 0,
            index: 1,
            len: 1
        })
    );
}

#[test]
fn flattening_lists_nested_first_move_alternatives_in_written_order() {
    let mut game = read_game(
        "1. H6-H12 (1. E7-E13 (1. F8-F12 (1. I5-I9)) (1. D6-D12)) (1. L5-L7), E21-E15\n*\n",
    )
    .unwrap();
    game.flatten_variations(&[], 0).unwrap();
    assert_eq!(
        firsts(&game, &[], 0),
        ["E7-E13", "F8-F12", "I5-I9", "D6-D12", "L5-L7"]
    );
    assert_eq!(
        movetext(&game),
        "1. H6-H12, E21-E15\n(1. E7-E13)\n(1. F8-F12)\n(1. I5-I9)\n(1. D6-D12)\n(1. L5-L7)\n*\n"
    );
    let flat = game.clone();
    game.flatten_variations(&[], 0).unwrap();
    assert_eq!(game, flat);
}

#[test]
fn views_made_before_an_edit_keep_the_record_as_it_was() {
    let mut game = Arc::new(
        read_game("1. E7-E13 (1. H6-H12, I23-I19 (1. …, E21-E15)), E21-E15\n*\n").unwrap(),
    );
    let main = LineView::mainline(Arc::clone(&game));
    let inner = main.variation(0, 0).unwrap().variation(1, 0).unwrap();
    let path = [Fork { index: 0, rank: 0 }, Fork { index: 1, rank: 0 }];
    let edited = Arc::make_mut(&mut game);
    let more = moves_at(edited, &path, 1, &["F8-F12"]);
    edited.extend_line(&path, &more).unwrap();
    edited.set_comments(&path, 0, vec!["new".into()]).unwrap();
    assert_eq!(game.line_at(&path).unwrap().moves.len(), 2);
    // The views still read the old lines, untouched.
    assert_eq!((inner.len(), inner.get(0).unwrap().comments.len()), (1, 0));
    assert_eq!(main.record().line_at(&path).unwrap().moves.len(), 1);
    // The lines beside the path stay shared.
    let sibling = |g: &Game| Arc::as_ptr(&g.mainline().moves[0].variations[0].line);
    assert!(!std::ptr::eq(sibling(&game), sibling(main.record())));
}

/// `1. H6-H12` with `depth` variations nested on the first move of the
/// line above.
fn nested(depth: usize) -> String {
    format!(
        "1. H6-H12{}{}\n*\n",
        " (1. H6-H12".repeat(depth),
        ")".repeat(depth)
    )
}

#[test]
fn a_record_nested_a_hundred_thousand_levels_is_edited_with_loops() {
    let depth = 100_000;
    let mut game = read_game(&nested(depth)).unwrap();
    let deepest = vec![Fork { index: 0, rank: 0 }; depth];
    assert_eq!(game.line_at(&deepest).unwrap().moves.len(), 1);
    let more = moves_at(&game, &deepest, 1, &["I23-I19"]);
    game.extend_line(&deepest, &more).unwrap();
    game.set_comments(&deepest, 1, vec!["deep".into()]).unwrap();
    let e = moves_at(&game, &deepest, 1, &["E21-E15"]);
    assert_eq!(game.add_variation(&deepest, 1, &e), Ok(0));
    game.promote_to_main(&deepest, 1, 0).unwrap();
    let line = game.line_at(&deepest).unwrap();
    assert_eq!(
        (
            line.moves[1].mv.long(),
            line.moves[1].variations[0].line.moves[0].comments.clone()
        ),
        ("E21-E15".into(), vec!["deep".to_string()])
    );
    assert_eq!(
        game.position_in(&deepest, 2).unwrap().turn(),
        cescacs::Color::White
    );
    let text = write_game(&game);
    assert_eq!(text.matches('(').count(), depth + 1);
    assert_eq!(text.matches("(1. H6-H12, E21-E15\n").count(), 1);
    assert_eq!(text.matches("(1. …, I23-I19\n").count(), 1);
    assert_eq!(text.matches("{ @B: deep }\n").count(), 1);
    assert_eq!(read_game(&text).unwrap(), game);
    // Cut the nest in the middle, then list everything under the first move flat.
    game.remove_variation(&deepest[..depth / 2], 0, 0).unwrap();
    assert!(game.line_at(&deepest[..depth / 2 + 1]).is_err());
    game.flatten_variations(&[], 0).unwrap();
    assert_eq!(game.mainline().moves[0].variations.len(), depth / 2);
    assert_eq!(
        movetext(&game),
        format!("1. H6-H12\n{}*\n", "(1. H6-H12)\n".repeat(depth / 2))
    );
}
