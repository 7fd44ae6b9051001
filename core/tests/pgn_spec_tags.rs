//! The written records against the rules a minimal reader relies on
//! (NOTATION.md §6.7 and §6.2): `[Variant "C'escacs"]` first, the Seven Tag
//! Roster next in its order, a `Result` tag equal to the result line,
//! `PDTL` last; and the reader's side: a foreign `Variant` is refused with
//! its place, a record without tags is read.

use cescacs::pgn::{
    read_game, read_games, write_game, write_games, PgnErrorKind, SEVEN_TAG_ROSTER,
};
use cescacs::{Game, GameResult, Position, ResultSource};

/// The tag lines of a written record (`(name, value)`, in order) and the
/// result line, read as a minimal reader reads them: tags are the lines
/// that open with `[`, the result line is the last line that is no comment.
fn minimal_read(text: &str) -> (Vec<(String, String)>, String) {
    let mut tags = Vec::new();
    for line in text.lines().take_while(|l| l.starts_with('[')) {
        let (name, rest) = line[1..]
            .split_once(' ')
            .expect("a tag is [Name \"value\"]");
        let value = rest
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix("\"]"))
            .expect("a quoted value");
        tags.push((name.to_string(), value.to_string()));
    }
    let result = text
        .lines()
        .rev()
        .find(|l| !l.starts_with('{') && !l.ends_with('}'))
        .expect("a result line");
    (tags, result.to_string())
}

/// Checks the tag section of `text` (§6.2) and returns its tags after the
/// roster.
fn check_written(text: &str) -> Vec<(String, String)> {
    assert!(text.starts_with("[Variant \"C'escacs\"]\n"), "{text}");
    let (tags, result) = minimal_read(text);
    let names: Vec<&str> = tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names[1..8],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"],
        "{text}"
    );
    assert_eq!(
        tags[7].1, result,
        "the Result tag is the result line: {text}"
    );
    assert!(GameResult::parse(&result).is_some(), "{result}");
    if let Some(k) = names.iter().position(|&n| n == "PDTL") {
        assert_eq!(k, names.len() - 1, "PDTL is the last tag: {text}");
    }
    assert_eq!(
        names.iter().filter(|&&n| n == "Variant").count(),
        1,
        "{text}"
    );
    tags[8..].to_vec()
}

#[test]
fn a_new_game_is_written_with_variant_and_the_roster() {
    let mut game = Game::new();
    game.push_ctl("E7-E13").unwrap();
    assert_eq!(
        write_game(&game),
        "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n1. E7-E13\n*\n"
    );
    assert!(check_written(&write_game(&game)).is_empty());
    // The defaults are the spec's: `?` unknown, a date of unknown digits.
    assert_eq!(SEVEN_TAG_ROSTER[2], ("Date", "????-??-??"));
    assert_eq!(read_game(&write_game(&game)).unwrap(), game);
}

#[test]
fn the_roster_comes_first_in_its_order_whatever_order_the_tags_were_set_in() {
    let mut game = Game::new();
    for (name, value) in [
        ("Annotator", "Cescacs"),
        ("Black", "Ros, Xus"),
        ("Lang", "ca"),
        ("Event", "CG"),
        ("Date", "2022-08-14"),
    ] {
        game.try_set_tag(name, value).unwrap();
    }
    game.try_set_tag("Variant", "C'escacs").unwrap();
    let text = write_game(&game);
    let others = check_written(&text);
    let (tags, _) = minimal_read(&text);
    assert_eq!(
        (tags[1].1.as_str(), tags[3].1.as_str(), tags[6].1.as_str()),
        ("CG", "2022-08-14", "Ros, Xus")
    );
    assert_eq!(
        others,
        [
            ("Annotator".to_string(), "Cescacs".to_string()),
            ("Lang".to_string(), "ca".to_string())
        ]
    );
    assert_eq!(read_game(&text).unwrap(), game);
}

#[test]
fn the_result_tag_is_the_games_result() {
    // A mate: the rules' result, in the tag and the result line.
    let mut mated = Game::new();
    for m in [
        "H6-H12", "I23-I19", "JF6-C15", "GH26-Z11", "L5-L7", "NG25-L17", "EH4-H8", "GZ11-L5",
        "I5-I9", "NL17-G9", "K4-K10", "GL5-H6",
    ] {
        mated.push_ctl(m).unwrap();
    }
    let text = write_game(&mated);
    check_written(&text);
    assert!(
        text.contains("[Result \"0-3\"]\n") && text.ends_with("\n0-3\n"),
        "{text}"
    );
    // A resignation states it.
    let mut resigned = Game::new();
    resigned.push_ctl("E7-E13").unwrap();
    resigned.set_result(GameResult::WhiteWins);
    let text = write_game(&resigned);
    check_written(&text);
    assert!(
        text.contains("[Result \"3-0\"]\n") && text.ends_with("\n3-0\n"),
        "{text}"
    );
    // A record read without a Result tag gets its result line's.
    let game = read_game("1. E7-E13\n1-1\n").unwrap();
    assert_eq!(game.tag("Result"), Some("1-1"));
    check_written(&write_game(&game));
}

#[test]
fn a_result_tag_and_a_result_line_that_disagree_keep_the_result_line() {
    // The record keeps one result, the result line's, and writes it in
    // both places; the check still reports what the tag said.
    let text = "[Result \"2-1\"]\n1. E7-E13\n0-3\n";
    let game = read_game(text).unwrap();
    assert_eq!(game.result(), GameResult::BlackWins);
    assert_eq!(game.tag("Result"), Some("0-3"));
    let issues = game.check_result();
    assert_eq!(issues.len(), 1);
    assert_eq!(
        (issues[0].source, issues[0].stated.as_str()),
        (ResultSource::Tag, "2-1")
    );
    let written = write_game(&game);
    assert!(
        written.contains("[Result \"0-3\"]\n") && written.ends_with("\n0-3\n"),
        "{written}"
    );
    let again = read_game(&written).unwrap();
    assert_eq!(again, game);
    assert!(
        again.check_result().is_empty(),
        "the text written states one result"
    );
    // An unreadable tag states nothing, and is reported.
    let game = read_game("[Result \"x\"]\n1. E7-E13\n").unwrap();
    assert_eq!(
        (game.result(), game.tag("Result")),
        (GameResult::Unfinished, Some("*"))
    );
    assert_eq!(game.check_result()[0].stated, "x");
}

#[test]
fn a_game_from_a_pdtl_start_has_pdtl_last() {
    let start = Position::from_pdtl("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20").unwrap();
    let mut game = Game::from_position(start);
    game.try_set_tag("Annotator", "Cescacs").unwrap();
    game.push_ctl("RC3-C5").unwrap();
    let text = write_game(&game);
    let others = check_written(&text);
    assert_eq!(
        others.last().unwrap(),
        &(
            "PDTL".to_string(),
            "/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20".to_string()
        )
    );
    assert_eq!(read_game(&text).unwrap(), game);
    // Read with Redefine and PDTL in another order, written in standard
    // letters with PDTL last.
    let text = "[PDTL \"/27:1k/25:t3/3:T2T/1:1K/ w -- - 0 20\"]\n[Redefine \"T@R\"]\n[Annotator \"Cescacs\"]\n20. TC3-C5\n*\n";
    let read = read_game(text).unwrap();
    assert_eq!(read, game);
    assert_eq!(write_game(&read), write_game(&game));
}

#[test]
fn a_foreign_variant_is_refused_where_it_is() {
    for (text, at) in [
        ("[Variant \"Grand C'escacs\"]\n1. E7-E13\n*\n", (1, 1)),
        (
            "[Event \"x\"]\n  [Variant \"Chess\"]\n1. E7-E13\n*\n",
            (2, 3),
        ),
        // Every Variant tag is checked.
        (
            "[Variant \"C'escacs\"]\n[Variant \"Chess\"]\n1. E7-E13\n*\n",
            (2, 1),
        ),
    ] {
        let err = read_game(text).unwrap_err();
        assert_eq!((err.line, err.column), at, "{text:?}");
        let variant = if text.contains("Grand") {
            "Grand C'escacs"
        } else {
            "Chess"
        };
        assert_eq!(err.kind, PgnErrorKind::UnsupportedVariant(variant.into()));
    }
    // Without a Variant tag (real files have no tags at all), or with
    // blanks around the name, the record is read as C'escacs, and written
    // with one Variant tag.
    for text in [
        "1. E7-E13\n*\n",
        "[Variant \" C'escacs \"]\n1. E7-E13\n*\n",
        "[Variant \"C'escacs\"]\n[Variant \"C'escacs\"]\n1. E7-E13\n*\n",
    ] {
        let game = read_game(text).unwrap();
        assert_eq!(
            game.tags.iter().filter(|(n, _)| n == "Variant").count(),
            1,
            "{text:?}"
        );
        let written = write_game(&game);
        assert!(check_written(&written).is_empty(), "{written}");
        assert_eq!(read_game(&written).unwrap(), game);
        assert_eq!(write_game(&read_game(&written).unwrap()), written);
    }
}

#[test]
fn written_collections_keep_every_game_apart() {
    // Each record opens with its tags, so a game that opens with comments
    // stays apart from the one before.
    let mut first = Game::new();
    first.push_ctl("E7-E13").unwrap();
    let mut second = Game::new();
    second.comments_mut().push("context".to_string());
    second.push_ctl("H6-H12").unwrap();
    let games = vec![first, second];
    let text = write_games(&games);
    assert_eq!(read_games(&text).unwrap(), games);
    for part in text.split("\n\n") {
        check_written(part);
    }
}
