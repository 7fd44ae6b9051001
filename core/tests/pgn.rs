//! CTL-PGN reading and writing (NOTATION.md §6) and the game-level end
//! rules (RULES.md §6): the five real records of `tests/data/games/`, their
//! positions in `games.jsonl`, hand-made records and damaged files.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

use cescacs::pgn::{read_game, read_games, read_games_lenient, write_game};
use cescacs::{Color, Game, GameResult, PgnErrorKind, Position, ResultSource, Termination};
use serde_json::Value;

mod random_play;

const GAME_FILES: [&str; 5] = [
    "2020-07-20.ctl-pgn",
    "2022-08-14.1.ctl-pgn",
    "2022-08-14.2.ctl-pgn",
    "2023-09-11.ctl-pgn",
    "2023-09-18.ctl-pgn",
];

fn data_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

fn read_file(name: &str) -> String {
    fs::read_to_string(data_path(&format!("games/{name}")))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The tags written for a record without tags of its own (NOTATION.md
/// §6.2): `Variant`, then the Seven Tag Roster at its defaults.
fn default_tags(result: &str) -> String {
    format!(
        "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n[Round \"?\"]\n\
         [White \"?\"]\n[Black \"?\"]\n[Result \"{result}\"]\n"
    )
}

/// `games.jsonl`: file name → (ply → canonical PDTL).
fn golden_positions() -> HashMap<String, HashMap<usize, String>> {
    let text = fs::read_to_string(data_path("games.jsonl")).expect("games.jsonl");
    let mut out: HashMap<String, HashMap<usize, String>> = HashMap::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let r: Value = serde_json::from_str(line).expect("JSON line");
        let source = r["source"].as_str().unwrap();
        let rest = source.strip_prefix("game:").expect("game source");
        let (file, ply) = rest.split_once("#ply").expect("#plyN");
        out.entry(file.to_string()).or_default().insert(
            ply.parse().unwrap(),
            r["pdtl"].as_str().unwrap().to_string(),
        );
    }
    out
}

#[test]
fn real_games_replay_to_their_mates() {
    // (file, plies, winner)
    let expected = [
        ("2020-07-20.ctl-pgn", 69, Color::White),
        ("2022-08-14.1.ctl-pgn", 100, Color::Black),
        ("2022-08-14.2.ctl-pgn", 69, Color::White),
        ("2023-09-11.ctl-pgn", 113, Color::White),
        ("2023-09-18.ctl-pgn", 133, Color::White),
    ];
    for (file, plies, winner) in expected {
        let game = read_game(&read_file(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(game.len(), plies, "{file}");
        let last = game.position();
        assert!(last.is_checkmate(), "{file}");
        let (ply, outcome) = game.end().unwrap();
        assert_eq!(ply, plies, "{file}");
        assert_eq!(outcome.termination, Termination::Checkmate, "{file}");
        assert_eq!(outcome.winner, Some(winner), "{file}");
    }
}

#[test]
fn real_games_positions_equal_games_jsonl() {
    let golden = golden_positions();
    let mut checked = 0;
    for file in GAME_FILES {
        let game = read_game(&read_file(file)).unwrap();
        let want = &golden[file];
        let positions: Vec<&Position> = game.positions().collect();
        assert_eq!(
            positions.len(),
            want.len(),
            "{file}: one record per position"
        );
        for (ply, pos) in positions.iter().enumerate() {
            assert_eq!(pos.to_pdtl(), want[&ply], "{file} ply {ply}");
            assert_eq!(game.position_at(ply), Some(*pos));
            checked += 1;
        }
        assert_eq!(game.position_at(positions.len()), None);
    }
    assert_eq!(checked, 489);
}

#[test]
fn real_games_round_trip_byte_stable() {
    for file in GAME_FILES {
        let game = read_game(&read_file(file)).unwrap();
        let text = write_game(&game);
        let again = read_game(&text).unwrap_or_else(|e| panic!("{file} rewritten: {e}\n{text}"));
        assert_eq!(again, game, "{file}: read → write → read");
        assert_eq!(write_game(&again), text, "{file}: write → read → write");
    }
}

#[test]
fn real_game_canonical_text() {
    // Older marks (`+`, `^+`) become the refined ones; the tags come in
    // the order of NOTATION.md §6.2 (the roster first, at its defaults
    // where the record has none); a result line is added: the Result tag's
    // (wrong) `0-3` for 2020-07-20, and the mate's `3-0` for 2023-09-11,
    // which has neither tags nor a result line.
    let text = write_game(&read_game(&read_file("2020-07-20.ctl-pgn")).unwrap());
    assert!(text.starts_with(
        "[Variant \"C'escacs\"]\n[Event \"CG\"]\n[Site \"?\"]\n[Date \"2020-07-20\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"0-3\"]\n[Id \"Cescacs-A0001-24\"]\n[Annotator \"Cescacs\"]\n[AnnotatorId \"0001\"]\n1. E7-E13"
    ));
    assert!(text.contains("\n16. NE3-C7, DB10-D10+∞\n"));
    assert!(text.contains("\n20. RI3-H2, GL5×GE5+^\n21. DE1×GE5, KRD-DE\n"));
    assert!(text.ends_with("\n34. RH2×RE5, DK16-F20\n35. DC19-E25#\n0-3\n"));
    let text = write_game(&read_game(&read_file("2023-09-11.ctl-pgn")).unwrap());
    assert!(text.starts_with(&format!("{}1. E7-E13, E21-E15\n", default_tags("3-0"))));
    assert!(text.ends_with("\n57. VD26-G27#\n3-0\n"));
}

#[test]
fn result_check_reports_the_2020_07_20_tag() {
    for file in GAME_FILES {
        let game = read_game(&read_file(file)).unwrap();
        let issues = game.check_result();
        if file == "2020-07-20.ctl-pgn" {
            assert_eq!(issues.len(), 1);
            assert_eq!(issues[0].source, ResultSource::Tag);
            assert_eq!(issues[0].stated, "0-3");
            let o = issues[0].outcome.unwrap();
            assert_eq!(
                (o.termination, o.winner),
                (Termination::Checkmate, Some(Color::White))
            );
            assert_eq!(
                issues[0].to_string(),
                "the Result tag says \"0-3\", but the game ended 3-0 (White wins by checkmate)"
            );
            assert_eq!(
                game.result(),
                GameResult::BlackWins,
                "the record's statement is kept"
            );
        } else {
            assert_eq!(issues, vec![], "{file}");
        }
    }
    // The twin record states the right result.
    assert_eq!(
        read_game(&read_file("2022-08-14.2.ctl-pgn"))
            .unwrap()
            .result(),
        GameResult::WhiteWins
    );
}

const FOOLS_MATE_V: &str = "[Variant \"C'escacs\"]
[Id \"Cescacs-X01-V-en\"]
[Lang \"en\"]
[Title \"Fool's mate\"]
{ Rules site example,
  with its variations }
1. H6-H12 ?!, I23-I19 ?!
2. JF6-C15 ?!, GH26-Z11 ?!
3. L5-L7, NG25-L17 ?!
4. EH4-H8 ??, GZ11-L5
{ @W: Removing ~EH4 leaves ~K unattended }
(4. GD2-F6
.{ @W would avoid ~gL5-H6+^ }
)
5. I5-I9 ??, NL17-G9
($[2] 5. K4-K10 ??, GL5-H6+
.{ @W: Displacing P threatens ~gL5 with ~RI3 }
.6. KG1-H4, GH6×RI3
.(6. ..., GH6-K12 !)
.7. KH4×GI3)
6. K4-K10 ??, GL5-H6#
0 - 3
{ final comment }
";

#[test]
fn comments_and_nested_variations() {
    let game = read_game(FOOLS_MATE_V).unwrap();
    assert_eq!(game.len(), 12);
    assert_eq!(game.tag("Title"), Some("Fool's mate"));
    assert_eq!(
        game.mainline().comments,
        vec!["Rules site example,\n  with its variations".to_string()]
    );
    assert_eq!(game.final_comments, vec!["final comment".to_string()]);
    assert_eq!(game.result(), GameResult::BlackWins);
    let m = &game.mainline().moves;
    // 4. EH4-H8 is ply 6: White's comment and the variation replacing it.
    assert_eq!(
        m[6].comments,
        vec!["Removing ~EH4 leaves ~K unattended".to_string()]
    );
    assert_eq!(m[6].variations.len(), 1);
    let v = &m[6].variations[0];
    assert_eq!(v.label, None);
    assert_eq!(v.line.moves.len(), 1);
    let before = game.position_at(6).unwrap();
    assert_eq!(before.ctl(&v.line.moves[0].mv), "GD2-F6");
    // Without a prefix the comment belongs to the last move.
    assert_eq!(
        v.line.moves[0].comments,
        vec!["@W would avoid ~gL5-H6+^".to_string()]
    );
    assert!(m[7].comments.is_empty() && m[7].variations.is_empty());
    // 5. I5-I9 (ply 8) has the labelled variation with a nested one.
    let v = &m[8].variations[0];
    assert_eq!(v.label.as_deref(), Some("2"));
    assert_eq!(v.line.moves.len(), 5);
    assert_eq!(
        v.line.moves[0].assessment,
        Some(cescacs::Assessment::Blunder)
    );
    assert_eq!(
        v.line.moves[0].comments,
        vec!["Displacing P threatens ~gL5 with ~RI3".to_string()]
    );
    let nested = &v.line.moves[3].variations;
    assert_eq!(nested.len(), 1, "(6. …, GH6-K12) replaces Black's 6th move");
    assert_eq!(nested[0].line.moves.len(), 1);
    assert_eq!(
        nested[0].line.moves[0].assessment,
        Some(cescacs::Assessment::Good)
    );
    let mut pos = game.position_at(8).unwrap().clone();
    let ctl: Vec<String> = v
        .line
        .moves
        .iter()
        .map(|am| {
            let s = pos.ctl(&am.mv);
            pos.play_unchecked(am.mv);
            s
        })
        .collect();
    assert_eq!(ctl, ["K4-K10", "GL5-H6+^", "KG1-H4", "GH6×RI3", "KH4×GI3"]);

    let canonical = "[Variant \"C'escacs\"]
[Event \"?\"]
[Site \"?\"]
[Date \"????-??-??\"]
[Round \"?\"]
[White \"?\"]
[Black \"?\"]
[Result \"0-3\"]
[Id \"Cescacs-X01-V-en\"]
[Lang \"en\"]
[Title \"Fool's mate\"]
{ Rules site example,
  with its variations }
1. H6-H12 ?!, I23-I19 ?!
2. JF6-C15 ?!, GH26-Z11 ?!
3. L5-L7, NG25-L17 ?!
4. EH4-H8 ??, GZ11-L5
{ @W: Removing ~EH4 leaves ~K unattended }
(4. GD2-F6
.{ @W: @W would avoid ~gL5-H6+^ }
)
5. I5-I9 ??, NL17-G9
($[2] 5. K4-K10 ??, GL5-H6+^
.{ @W: Displacing P threatens ~gL5 with ~RI3 }
.6. KG1-H4, GH6×RI3
.(6. …, GH6-K12 !)
.7. KH4×GI3)
6. K4-K10 ??, GL5-H6#
0-3
{ final comment }
";
    let text = write_game(&game);
    assert_eq!(text, canonical);
    let again = read_game(&text).unwrap();
    assert_eq!(again, game);
    assert_eq!(write_game(&again), canonical);
}

#[test]
fn deeper_nesting_and_comment_sides() {
    let text = "1. E7-E13, E21-E15
{ @W: a classic start }
{ @B: symmetric }
(1. …, D22-D16
.(1. …, F20-F16
..{ @B: nested twice }
..2. F8-F12
..(2. H6-H12, I23-I19)
..)
.2. D6-D12)
2. F8-F12, F20-F16 ◇(=)
3. E13×F16 (=):
*
";
    let game = read_game(text).unwrap();
    assert_eq!(game.len(), 5);
    let m = &game.mainline().moves;
    assert_eq!(m[0].comments, vec!["a classic start".to_string()]);
    assert_eq!(m[1].comments, vec!["symmetric".to_string()]);
    let v1 = &m[1].variations[0].line;
    assert_eq!(v1.moves.len(), 2);
    let v2 = &v1.moves[0].variations[0].line;
    assert_eq!(v2.moves.len(), 2);
    assert_eq!(v2.moves[0].comments, vec!["nested twice".to_string()]);
    let v3 = &v2.moves[1].variations[0].line;
    assert_eq!(v3.moves.len(), 2);
    assert_eq!(m[3].assessment, Some(cescacs::Assessment::Forced));
    assert_eq!(m[3].indicator, Some(cescacs::Indicator::DrawOffer));
    assert_eq!(m[4].indicator, Some(cescacs::Indicator::DrawOfferLastMove));
    assert_eq!(game.result(), GameResult::Unfinished);
    let canonical = default_tags("*")
        + "1. E7-E13, E21-E15
{ @W: a classic start }
{ @B: symmetric }
(1. …, D22-D16
.(1. …, F20-F16
..{ @B: nested twice }
..2. F8-F12
..(2. H6-H12, I23-I19))
.2. D6-D12)
2. F8-F12, F20-F16 ◇(=)
3. E13×F16 (=):
*
";
    assert_eq!(write_game(&game), canonical);
    assert_eq!(read_game(&canonical).unwrap(), game);
}

#[test]
fn variation_moves_are_validated_against_the_replaced_position() {
    // GZ11-L5 is legal in the main line but not instead of 2. …, GH26-Z11.
    let text = "1. H6-H12, I23-I19\n2. JF6-C15, GH26-Z11\n(2. …, GZ11-L5)\n*\n";
    let err = read_game(text).unwrap_err();
    assert_eq!((err.line, err.column), (3, 8));
    assert!(
        matches!(
            err.kind,
            PgnErrorKind::Move {
                number: 2,
                color: Color::Black,
                ..
            }
        ),
        "{err}"
    );
    // A variation naming a move that is not there.
    let err = read_game("1. H6-H12, I23-I19\n(2. JF6-C15)\n*\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 2));
    assert_eq!(
        err.kind,
        PgnErrorKind::NoVariationTarget {
            number: 2,
            color: Color::White
        }
    );
    let err = read_game("1. H6-H12, I23-I19\n()\n*\n").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (2, 2, PgnErrorKind::EmptyVariation)
    );
}

/// NOTATION.md §7.4, castling field corrected to `RKrkr`, continued to the
/// mate with the moves of 2020-07-20 renumbered.
const FRAGMENT: &str = "[Variant \"C'escacs\"]
[Id \"Cescacs-A0001-24\"]
[Annotator \"Cescacs\"]
[AnnotatorId \"0001\"]
[Date \"2020-07-20\"]
[Result \"0-3\"]
[PDTL \"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2\"]
{ Don't remember move was the 20th; DPTL without movement number }
1? …, GL5×GE5+^
2. DE1×GE5, KRD-DE
3. JE11×A23, GH26-G23
4. DE5-A17, JF26-E23
5. NE7-C17, D22-D20
6. NC17-T18, JF22-C13+
7. KG1-E1, DK6-E21+
8. VF0-E5, DE21-K16+
9. KE1-D2, JE23-K8
10. NT18-B22^+, KD26-C25
11. JA23×C23, GG23×JC23
12. GF8-B20^+, GC23×GB20
13. DA17×GB20, RE27×VE5
14. DB20-C19+, ED24-C21
15. RH2×RE5, DK16-F20
16. DC19-E25#
";

fn without_move_number(pdtl: &str) -> &str {
    pdtl.rsplit_once(' ').unwrap().0
}

#[test]
fn pdtl_tag_fragment_with_unknown_move_number() {
    let game = read_game(FRAGMENT).unwrap();
    assert_eq!(game.start().turn(), Color::Black);
    assert_eq!(game.start().fullmove_number(), None);
    assert_eq!(game.len(), 30);
    assert_eq!(
        game.tag("PDTL"),
        None,
        "the PDTL tag became the start position"
    );
    // Every position equals the real game's from ply 39 on, but for the
    // unknown move number.
    let golden = &golden_positions()["2020-07-20.ctl-pgn"];
    for (k, pos) in game.positions().enumerate() {
        let pdtl = pos.to_pdtl();
        assert!(pdtl.ends_with(" ?"), "{pdtl}");
        assert_eq!(
            without_move_number(&pdtl),
            without_move_number(&golden[&(39 + k)]),
            "ply {k}"
        );
    }
    assert!(game.position().is_checkmate());
    assert_eq!(game.move_number(0), 1);
    assert_eq!(game.move_number(1), 2);
    assert_eq!(game.move_number(29), 16);
    // The stated 0-3 is reported, reading succeeds.
    assert_eq!(game.check_result().len(), 1);

    let text = write_game(&game);
    assert!(text.contains("[Result \"0-3\"]\n[Id \"Cescacs-A0001-24\"]\n[Annotator \"Cescacs\"]\n[AnnotatorId \"0001\"]\n[PDTL \"/28:v/27:1k/26:1jg/25:r1nr/24:pejep/23:pp2pp/22:2pjp2/21:4p3/11:3J4/9:4J3/8:3G3/7:2NN1P2/6:2P1Pd1/5:PPG2g/4:PE1EP/3:R3/2:2R/1:DK/0:V/ b RKrkr - 2 ?\"]\n{ Don't remember"));
    assert!(text.contains("}\n1? …, GL5×GE5+^\n2. DE1×GE5, KRD-DE\n"));
    assert!(text.ends_with("\n16. DC19-E25#\n0-3\n"));
    assert_eq!(read_game(&text).unwrap(), game);

    // The page's own spelling `DPTL` and its literal castling field `KRrkr`
    // (the reference's bug): read literally, White keeps only its King's
    // right, because the king's rook is not on I3.
    let page = FRAGMENT
        .replace("[PDTL", "[DPTL")
        .replace(" b RKrkr - 2", " b KRrkr - 2");
    let g = read_game(&page).unwrap();
    assert_eq!(g.len(), 30);
    assert_eq!(g.start().to_pdtl().split(' ').nth(2), Some("Krkr"));
    // Numbered from the PDTL when it has a number.
    let numbered = FRAGMENT
        .replace(" b RKrkr - 2\"]", " b RKrkr - 2 20\"]")
        .replace("1? …", "20. …");
    let err = read_game(&numbered).unwrap_err();
    assert_eq!(
        err.kind,
        PgnErrorKind::MoveNumber {
            expected: 21,
            found: 2
        }
    );
    assert_eq!((err.line, err.column), (10, 1));
}

#[test]
fn redefined_letters_are_translated() {
    let alt = "[Variant \"C'escacs\"]
[Redefine \"A@J, C@N, T@R\"]
[PDTL \"/28:v/27:dk/26:gag/25:tcct/24:peaep/23:ppeepp/22:2pap2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PAP2/5:PPEEPP/4:PEAEP/3:TCCT/2:GAG/1:DK/0:V/ w TKTtkt - 0 1\"]
1. E7-E13, E21-E15
2. F8-F12, F20-F16
3. E13×F16, E15×F12
4. EG5-F8, EG23-F20
5. G7-G13, F12@@G9
6. AF6×G9, EF20×F16
7. AF4-D10, CE25-C15
8. EE5-E7, CC15-F14
9. EF8-F12, EE23-E19
10. EF12×CF14, EF16×EF14
11. AF2-D8, EE19-E17
12. EE7-E11, EF14×EE11
13. AD8×EE11, EE17-E13
14. AD10×EE13, DE27×AE13
15. GH2-F8, DE13-B10
16. CE3-C7, DB10-D10+
17. CG3-E7, GD26×L5
18. GD2-E5, DD10-K10
19. I5-I7, DK10-K6
20. TI3-H2, GL5×GE5^+
21. DE1×GE5, KTD-DE
*
";
    let game = read_game(alt).unwrap();
    assert_eq!(game.tags, Game::new().tags, "no tag but the defaults");
    assert_eq!(game.start(), &Position::default());
    assert_eq!(game.len(), 42);
    let real = read_game(&read_file("2020-07-20.ctl-pgn")).unwrap();
    assert_eq!(
        game.moves().collect::<Vec<_>>(),
        real.moves().take(42).collect::<Vec<_>>()
    );
    assert_eq!(
        game.position().to_pdtl(),
        golden_positions()["2020-07-20.ctl-pgn"][&42]
    );
    // Written back in standard letters, without the Redefine tag.
    let text = write_game(&game);
    assert!(text.starts_with(&format!("{}1. E7-E13, E21-E15\n", default_tags("*"))));
    assert!(text.contains("\n14. JD10×EE13, DE27×JE13\n"));
    assert!(text.ends_with("\n21. DE1×GE5, KRD-DE\n*\n"));

    // Rook letter T next to pawns on column T; KTK castling; alternative
    // letters in the castling field.
    let alt = "[Redefine \"T@R\"]\n[PDTL \"/27:1k/25:t3/6:P6/3:T2T/1:1K/ w TKTtk - 0 1\"]\n\
               1. KTK-HIO, TC25-C21\n2. T6-T8, TC21×TC3\n*\n";
    let std = default_tags("*")
        + "[PDTL \"/27:1k/25:r3/6:P6/3:R2R/1:1K/ w RKRrk - 0 1\"]\n\
               1. KRK-HIO, RC25-C21\n2. T6-T8, RC21×RC3\n*\n";
    let a = read_game(alt).unwrap();
    assert_eq!(a, read_game(&std).unwrap());
    assert_eq!(write_game(&a), std);

    // FAN is refused, undeclared or disallowed pairs too.
    let err = read_game("[Variant \"C'escacs\"]\n[Redefine \"FAN\"]\n1. E7-E13\n*\n").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (2, 1, PgnErrorKind::FanNotSupported)
    );
    let err = read_game("[Redefine \"A@J, X@D\"]\n1. E7-E13\n*\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, 1));
    assert!(
        matches!(&err.kind, PgnErrorKind::BadRedefine { pair, .. } if pair == "X@D"),
        "{err}"
    );
    // Without the tag, `AF6` is no bishop move.
    let err = read_game("1. H6-H12, I23-I19\n2. AF6-C15\n*\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 4));
    assert!(
        matches!(
            err.kind,
            PgnErrorKind::Move {
                number: 2,
                color: Color::White,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn other_variant_is_refused() {
    let err = read_game("[Variant \"Grand C'escacs\"]\n1. E7-E13\n*\n").unwrap_err();
    assert_eq!((err.line, err.column), (1, 1));
    assert_eq!(
        err.kind,
        PgnErrorKind::UnsupportedVariant("Grand C'escacs".into())
    );
}

#[test]
fn move_number_forms_and_results() {
    // `...` for the ellipsis, `3 - 0` with spaces, several games.
    let text = "[PDTL \"/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1\"]
1. ..., E21-E15
2. F8-F12 1 - 1
1. E7-E13 E21-E15 2. F8-F12 *
[Event \"third\"]
1. H6-H12 ?!
3-0 { resigned }
";
    let games = read_games(text).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!((games[0].len(), games[0].result()), (2, GameResult::Draw));
    assert_eq!(
        (games[1].len(), games[1].result()),
        (3, GameResult::Unfinished)
    );
    assert_eq!(
        (games[2].len(), games[2].result()),
        (1, GameResult::WhiteWins)
    );
    assert_eq!(games[2].final_comments, vec!["resigned".to_string()]);
    assert!(write_game(&games[0]).ends_with("\n1. …, E21-E15\n2. F8-F12\n1-1\n"));
    let second = default_tags("*") + "1. E7-E13, E21-E15\n2. F8-F12\n*\n";
    assert_eq!(write_game(&games[1]), second);
    let third = default_tags("3-0").replace("\"?\"]\n[Site", "\"third\"]\n[Site")
        + "1. H6-H12 ?!\n3-0\n{ resigned }\n";
    assert_eq!(
        cescacs::pgn::write_games(&games[1..]),
        format!("{second}\n{third}")
    );
    let err = read_game(text).unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (4, 1, PgnErrorKind::SecondGame)
    );
    let err = read_game(" \n").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (1, 1, PgnErrorKind::NoGame)
    );
    assert_eq!(read_games(""), Ok(vec![]));
    for r in ["3-0", "0-3", "2-1", "1-2", "1-1", "*"] {
        assert_eq!(r.parse::<GameResult>().unwrap().to_string(), r);
    }
    assert_eq!(
        "2 ‐ 1".parse::<GameResult>(),
        Ok(GameResult::WhiteStalemates)
    );
    assert!("3-1".parse::<GameResult>().is_err());
    // Any blanks, either hyphen; nothing longer, shorter or other.
    assert_eq!(
        GameResult::parse(" 0 \u{2013} 3\n"),
        Some(GameResult::BlackWins)
    );
    assert_eq!(GameResult::parse("\u{a0}*\t"), Some(GameResult::Unfinished));
    for bad in ["", " ", "3-00", "1-1-", "3\u{2212}0", "×", "3-0*"] {
        assert_eq!(GameResult::parse(bad), None, "{bad:?}");
    }
    // A wrong number.
    let err = read_game("1. E7-E13, E21-E15\n3. F8-F12\n").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (
            2,
            1,
            PgnErrorKind::MoveNumber {
                expected: 2,
                found: 3
            }
        )
    );
    // White's move missing.
    let err = read_game("1. E7-E13, E21-E15\n2. …, F20-F16\n").unwrap_err();
    assert_eq!((err.line, err.column), (2, 4));
}

// ----- damaged files ------------------------------------------------------------

const TWO_GAMES: &str = "[Variant \"C'escacs\"]
[Event \"first\"]
1. E7-E13, E21-E15
2. F8-F12, F20-F16
3-0
[Variant \"C'escacs\"]
[Event \"second\"]
1. H6-H12, I23-I19
0-3
";

/// Replaces `from` by `to` in the first game of [`TWO_GAMES`], reads the
/// result leniently and checks that the second game is intact.
fn damaged(from: &str, to: &str) -> (Vec<Game>, Vec<cescacs::PgnError>) {
    assert!(TWO_GAMES.contains(from));
    let text = TWO_GAMES.replacen(from, to, 1);
    let (games, errors) = read_games_lenient(&text);
    let strict = read_games(&text).unwrap_err();
    assert_eq!(
        Some(&strict),
        errors.first(),
        "strict reading stops at the first error"
    );
    let second = games.last().unwrap();
    assert_eq!(second.tag("Event"), Some("second"));
    assert_eq!(second.len(), 2);
    assert_eq!(second.result(), GameResult::BlackWins);
    (games, errors)
}

#[test]
fn damaged_illegal_move() {
    let (games, errors) = damaged("2. F8-F12, F20-F16", "2. F8-F12, F20-F14");
    assert_eq!(errors.len(), 1);
    let e = &errors[0];
    assert_eq!((e.line, e.column), (4, 12));
    assert!(
        matches!(&e.kind, PgnErrorKind::Move { number: 2, color: Color::Black, source: cescacs::MoveTextError::Resolve(cescacs::ResolveMoveError::Illegal { text, .. }) } if text == "F20-F14"),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("line 4, column 12: move 2 of Black: move \"F20-F14\" is not legal"),
        "{e}"
    );
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].len(), 3, "the moves before the error are kept");
    assert_eq!(games[0].tag("Event"), Some("first"));
}

#[test]
fn damaged_bad_hex_and_syntax() {
    let (games, errors) = damaged("F8-F12, F20", "F8-F12, F21");
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].line, errors[0].column), (4, 12));
    assert!(
        matches!(
            errors[0].kind,
            PgnErrorKind::Move {
                source: cescacs::MoveTextError::Syntax(cescacs::ParseMoveError::BadHex { .. }),
                ..
            }
        ),
        "{}",
        errors[0]
    );
    assert_eq!(games[0].len(), 3);
    let (_, errors) = damaged("F8-F12, F20", "F8-F12, F2O");
    assert_eq!(
        errors[0].to_string(),
        "line 4, column 12: move 2 of Black: move \"F2O-F16\": expected a separator (-, ×, *, @ or @@) at character 2"
    );
    let (games, errors) = damaged("F8-F12, F20", "F8-F12,, F20");
    assert_eq!((errors[0].line, errors[0].column), (4, 11));
    assert_eq!(
        errors[0].kind,
        PgnErrorKind::Unexpected {
            found: ",".into(),
            expected: "a comma separates White's and Black's moves"
        }
    );
    assert_eq!(games[0].len(), 3);
}

#[test]
fn damaged_truncated() {
    let text = "[Event \"cut\"]\n1. E7-E13, E21-E15\n2. F8-F12,";
    let err = read_games(text).unwrap_err();
    assert_eq!((err.line, err.column), (3, 11));
    assert_eq!(err.kind, PgnErrorKind::Truncated { after: ",".into() });
    let (games, errors) = read_games_lenient(text);
    assert_eq!(errors, vec![err]);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].len(), 3);
    assert_eq!(games[0].result(), GameResult::Unfinished);
    // Cut inside a move number's line.
    let err = read_games("1. E7-E13, E21-E15\n2. ").unwrap_err();
    assert_eq!(
        (err.line, err.column, err.kind),
        (2, 4, PgnErrorKind::Truncated { after: "2.".into() })
    );
    // Cut inside a tag.
    let err = read_games("[Variant \"C'escacs\"]\n[Event \"cu").unwrap_err();
    assert_eq!((err.line, err.column), (2, 11));
    assert_eq!(
        err.kind,
        PgnErrorKind::TagSyntax("the tag value has no closing '\"' on its line")
    );
}

/// Tag values: `\"` and `\\` are escapes, any other backslash is itself,
/// a CR reads as a space; the writer writes the value back the same way.
#[test]
fn tag_value_escapes() {
    let text = "[Event \"say \\\"hi\\\" \\\\ a\\b\rc\"]\n[Site \"\\\\\"]\n*\n";
    let game = read_game(text).unwrap();
    assert_eq!(game.tag("Event"), Some("say \"hi\" \\ a\\b c"));
    assert_eq!(game.tag("Site"), Some("\\"));
    assert_eq!(read_game(&write_game(&game)).unwrap(), game);
}

/// Lexical errors name the token as written, where it starts.
#[test]
fn lexical_errors_name_the_token() {
    let cases: [(&str, (usize, usize), &str, &str); 5] = [
        (
            "1. E7-E13 ($x 1. H6-H12)\n*\n",
            (1, 12),
            "$x",
            "a variation label is '$' and a number, or '$[' number ']'",
        ),
        ("0. E7-E13\n*\n", (1, 1), "0.", "move numbers start at 1"),
        (
            "1. E7-E13 3-5\n",
            (1, 11),
            "3-5",
            "a result is 3-0, 0-3, 2-1, 1-2, 1-1 or *",
        ),
        ("1. E7-E13 ]\n*\n", (1, 11), "]", "']' only closes a tag"),
        (
            "1. E7-E13 12x\n*\n",
            (1, 11),
            "12x",
            "a move number (\"12.\", \"1?\") or a result (\"3-0\")",
        ),
    ];
    for (text, at, found, expected) in cases {
        let (_, errors) = read_games_lenient(text);
        assert_eq!(errors.len(), 1, "{text:?}");
        assert_eq!((errors[0].line, errors[0].column), at, "{text:?}");
        assert_eq!(
            errors[0].kind,
            PgnErrorKind::Unexpected {
                found: found.to_string(),
                expected
            },
            "{text:?}"
        );
    }
}

#[test]
fn damaged_tag_syntax() {
    let (games, errors) = damaged("[Event \"first\"]", "[Event first]");
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].line, errors[0].column), (2, 8));
    assert_eq!(
        errors[0].kind,
        PgnErrorKind::TagSyntax("the tag value must be in double quotes")
    );
    // Only the bad tag is lost.
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].tags,
        read_game("1. E7-E13\n3-0\n").unwrap().tags,
        "no tag but the defaults"
    );
    assert_eq!(games[0].len(), 4);
    assert_eq!(games[0].result(), GameResult::WhiteWins);
    let (_, errors) = damaged("[Event \"first\"]", "[Event \"first\"");
    assert_eq!((errors[0].line, errors[0].column), (2, 15));
    assert_eq!(
        errors[0].kind,
        PgnErrorKind::TagSyntax("expected ']' after the tag value")
    );
    let (_, errors) = damaged("[Event \"first\"]", "[ \"first\"]");
    assert_eq!((errors[0].line, errors[0].column), (2, 3));
    // A malformed first tag of a game after a game without result line.
    let text = "1. E7-E13\n[Event second]\n[Site \"here\"]\n1. H6-H12\n";
    let (games, errors) = read_games_lenient(text);
    assert_eq!(errors.len(), 1);
    assert_eq!((errors[0].line, errors[0].column), (2, 8));
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].len(), games[1].len()), (1, 1));
    assert_eq!(
        (games[1].tag("Event"), games[1].tag("Site")),
        (Some("?"), Some("here"))
    );
}

#[test]
fn damaged_braces() {
    // A stray '}' loses nothing.
    let (games, errors) = damaged("2. F8-F12, F20-F16\n", "2. F8-F12, F20-F16\n}\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].line, errors[0].column, errors[0].kind.clone()),
        (5, 1, PgnErrorKind::UnexpectedCloseBrace)
    );
    assert_eq!(games[0].len(), 4);
    assert_eq!(games[0].result(), GameResult::WhiteWins);
    // An unclosed '{' swallows the rest of the text.
    let text = "1. E7-E13, E21-E15\n{ @B: unclosed\n2. F8-F12\n*\n[Event \"lost\"]\n1. H6-H12\n*\n";
    let (games, errors) = read_games_lenient(text);
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].line, errors[0].column, errors[0].kind.clone()),
        (2, 1, PgnErrorKind::UnterminatedComment)
    );
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].len(), 2);
}

#[test]
fn damaged_parentheses() {
    // A stray ')' loses nothing.
    let (games, errors) = damaged("2. F8-F12, F20-F16\n", "2. F8-F12, F20-F16)\n");
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].line, errors[0].column, errors[0].kind.clone()),
        (4, 19, PgnErrorKind::UnexpectedCloseParen)
    );
    assert_eq!(games[0].len(), 4);
    // An unclosed '(' is reported where it opens; the partial variation is kept.
    let (games, errors) = damaged(
        "2. F8-F12, F20-F16\n",
        "2. F8-F12, F20-F16\n(2. …, D22-D16\n.3. G7-G13\n",
    );
    assert_eq!(errors.len(), 1);
    assert_eq!(
        (errors[0].line, errors[0].column, errors[0].kind.clone()),
        (5, 1, PgnErrorKind::UnterminatedVariation)
    );
    let first = &games[0];
    assert_eq!(first.len(), 4);
    assert_eq!(first.mainline().moves[3].variations[0].line.moves.len(), 2);
    // The result line was inside the unclosed variation: taken from the tag-less
    // first game's final position, which has not ended.
    assert_eq!(first.result(), GameResult::Unfinished);
}

// ----- repetition and the 50/75-move rules ------------------------------------------

const SHUFFLE: [&str; 4] = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"];

#[test]
fn threefold_is_claimable_and_fivefold_ends_the_game() {
    let mut game = Game::new();
    assert_eq!(game.repetition_count(), 1);
    for cycle in 1..=4 {
        for m in SHUFFLE {
            assert!(game.outcome().is_none());
            game.push_ctl(m).unwrap();
        }
        // The initial position has now occurred cycle + 1 times.
        assert_eq!(game.repetition_count(), cycle + 1);
    }
    assert_eq!(game.len(), 16);
    assert!(game.is_repetition(5));
    assert!(!game.can_claim_draw(), "the game is over, nothing to claim");
    let (ply, o) = game.end().unwrap();
    assert_eq!(
        (ply, o.termination, o.winner),
        (16, Termination::FivefoldRepetition, None)
    );
    assert_eq!(o.result(), "1-1");
    assert!(matches!(
        game.push_ctl("NG3-I7"),
        Err(cescacs::GameError::GameOver(_))
    ));
    assert_eq!(game.len(), 16);

    // Claimable after the second cycle (threefold), not before.
    let mut game = Game::new();
    for (k, m) in SHUFFLE.iter().chain(SHUFFLE.iter()).enumerate() {
        assert!(!game.can_claim_draw(), "ply {k}");
        game.push_ctl(m).unwrap();
    }
    assert_eq!(game.repetition_count(), 3);
    assert!(game.is_repetition(3) && !game.is_repetition(4));
    assert_eq!(
        game.claimable_draw(),
        Some(cescacs::DrawClaim::ThreefoldRepetition)
    );
    assert_eq!(game.outcome(), None);
    // Intermediate positions repeat too: after ply 1 and ply 5.
    assert_eq!(game.history().repetition_count_at(5), Some(2));
    assert_eq!(game.history().repetition_count_at(9), None);
    // The position after White's first knight move has occurred twice.
    game.push_ctl("NG3-I7").unwrap();
    assert_eq!(game.repetition_count(), 3);
    assert!(game.can_claim_draw());

    // Read from a record: the reader keeps moves played after the fifth
    // occurrence, the game still ended at ply 16.
    let mut text = String::new();
    for n in 0..9 {
        let (w, b) = if n % 2 == 0 {
            (SHUFFLE[0], SHUFFLE[1])
        } else {
            (SHUFFLE[2], SHUFFLE[3])
        };
        text.push_str(&format!("{}. {w}, {b}\n", n + 1));
    }
    let game = read_game(&text).unwrap();
    assert_eq!(game.len(), 18);
    let (ply, o) = game.end().unwrap();
    assert_eq!((ply, o.termination), (16, Termination::FivefoldRepetition));
    assert_eq!(
        game.result(),
        GameResult::Draw,
        "no result line: the rules' result"
    );
}

#[test]
fn fifty_and_seventy_five_move_rules() {
    let start = |clock: u32| {
        Position::from_pdtl(&format!("/27:1k/25:r3/3:R2R/1:1K/ w -- - {clock} 80")).unwrap()
    };
    // 98 + 2 quiet plies: 100, claimable.
    let mut game = Game::from_position(start(98));
    game.push_ctl("RC3-C5").unwrap();
    assert!(!game.can_claim_draw());
    game.push_ctl("RC25-C23").unwrap();
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.claimable_draw(), Some(cescacs::DrawClaim::FiftyMoves));
    assert_eq!(game.outcome(), None);
    // A capture resets the clock.
    game.push_ctl("RC5-C21").unwrap();
    game.push_ctl("RC23×RC21").unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
    assert!(!game.can_claim_draw());

    // 148 + 2 quiet plies: 150, the game ends.
    let mut game = Game::from_position(start(148));
    game.push_ctl("RC3-C5").unwrap();
    assert_eq!(game.outcome(), None);
    assert!(game.can_claim_draw());
    game.push_ctl("RC25-C23").unwrap();
    let (ply, o) = game.end().unwrap();
    assert_eq!(
        (ply, o.termination, o.winner),
        (2, Termination::SeventyFiveMoves, None)
    );
    assert!(matches!(
        game.push_ctl("RC5-C7"),
        Err(cescacs::GameError::GameOver(_))
    ));
    // Written and read back as a record with a high clock.
    game.set_result(GameResult::from_outcome(&o));
    let text = write_game(&game);
    assert_eq!(
        text,
        default_tags("1-1")
            + "[PDTL \"/27:1k/25:r3/3:R2R/1:1K/ w -- - 148 80\"]\n80. RC3-C5, RC25-C23\n1-1\n"
    );
    let again = read_game(&text).unwrap();
    assert_eq!(again, game);
    assert!(again.check_result().is_empty());
    // A wrong result for it is reported.
    let wrong = read_game(&text.replace("\n1-1\n", "\n3-0\n")).unwrap();
    let issues = wrong.check_result();
    assert_eq!(issues.len(), 1);
    assert_eq!(
        (issues[0].source, issues[0].stated.as_str()),
        (ResultSource::Movetext, "3-0")
    );
}

#[test]
fn each_draw_claim_is_told_apart() {
    use cescacs::DrawClaim::{FiftyMoves, ThreefoldRepetition};
    // Rooks out and back from a halfmove clock of 92: after two cycles the
    // start position has occurred three times and the clock is at 100.
    let start = Position::from_pdtl("/27:1k/25:r3/3:R2R/1:1K/ w -- - 92 80").unwrap();
    let mut game = Game::from_position(start);
    let cycle = ["RC3-C5", "RC25-C23", "RC5-C3", "RC23-C25"];
    for m in cycle {
        game.push_ctl(m).unwrap();
    }
    assert_eq!(
        (game.repetition_count(), game.position().halfmove_clock()),
        (2, 96)
    );
    assert!(!game.can_claim(ThreefoldRepetition) && !game.can_claim(FiftyMoves));
    for m in &cycle[..2] {
        game.push_ctl(m).unwrap();
    }
    // Clock 98, the position after the first two plies now seen twice.
    assert!(!game.can_claim(ThreefoldRepetition) && !game.can_claim(FiftyMoves));
    for m in &cycle[2..] {
        game.push_ctl(m).unwrap();
    }
    assert_eq!(
        (game.repetition_count(), game.position().halfmove_clock()),
        (3, 100)
    );
    assert!(game.can_claim(ThreefoldRepetition));
    assert!(game.can_claim(FiftyMoves));
    assert_eq!(
        game.claimable_draw(),
        Some(ThreefoldRepetition),
        "claimable_draw names the repetition first"
    );
    // Once the game is over (fivefold repetition) nothing can be claimed.
    for _ in 0..2 {
        for m in cycle {
            game.push_ctl(m).unwrap();
        }
    }
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::FivefoldRepetition)
    );
    assert!(!game.can_claim(ThreefoldRepetition) && !game.can_claim(FiftyMoves));
}

#[test]
fn insufficient_material_and_stalemate_results() {
    // King and Knight against King: over before any move.
    let game = Game::from_position(Position::from_pdtl("/27:1k/3:1N2/1:1K/ w -- - 0 1").unwrap());
    assert_eq!(
        game.outcome().map(|o| o.termination),
        Some(Termination::InsufficientMaterial)
    );
    // A stalemate result on a game that is not over is inconsistent.
    let game = read_game("[Result \"2-1\"]\n1. E7-E13\n2-1\n").unwrap();
    let issues = game.check_result();
    assert_eq!(issues.len(), 1);
    assert_eq!(
        (issues[0].source, issues[0].outcome),
        (ResultSource::Tag, None)
    );
    // Resignation results are fine.
    assert!(read_game("[Result \"0-3\"]\n1. E7-E13\n0-3\n")
        .unwrap()
        .check_result()
        .is_empty());
}

#[test]
fn reading_never_panics_on_damaged_text() {
    // Every prefix and every one-character deletion / substitution of a
    // record with tags, comments, nested variations and annotations: the
    // lenient reader returns, and each error has a position inside the text.
    let samples = [
        FOOLS_MATE_V.to_string(),
        FRAGMENT.to_string(),
        TWO_GAMES.to_string(),
    ];
    let mut reads = 0;
    for text in &samples {
        let chars: Vec<char> = text.chars().collect();
        let lines = text.lines().count() + 1;
        let mut variants = Vec::new();
        for k in 0..chars.len() {
            variants.push(chars[..k].iter().collect::<String>());
            variants.push(chars[..k].iter().chain(&chars[k + 1..]).collect::<String>());
            for c in [
                '(', ')', '{', '}', '[', ',', '.', '…', '?', '$', '9', 'K', '=', '@', '\n',
            ] {
                variants.push(
                    chars[..k]
                        .iter()
                        .chain(std::iter::once(&c))
                        .chain(&chars[k + 1..])
                        .collect::<String>(),
                );
            }
        }
        for v in &variants {
            let (games, errors) = read_games_lenient(v);
            for e in &errors {
                assert!(
                    e.line >= 1 && e.line <= lines && e.column >= 1,
                    "{e} in {v:?}"
                );
            }
            for g in &games {
                // Whatever was kept is a consistent game that writes and reads back.
                let text = write_game(g);
                assert_eq!(
                    &read_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}")),
                    g
                );
            }
            reads += 1;
        }
    }
    // A prefix, a deletion and 15 substitutions per character.
    assert_eq!(
        reads,
        samples
            .iter()
            .map(|t| t.chars().count() * 17)
            .sum::<usize>()
    );
}

#[test]
fn variations_as_games_and_comments_added_to_moves() {
    let mut game = read_game(FOOLS_MATE_V).unwrap();
    // 5. I5-I9 (ply 8) has the labelled variation of five moves.
    let v = game.variation(8, 0).unwrap();
    assert_eq!(v.start(), game.position_at(8).unwrap());
    assert_eq!(
        v.ctl_moves(),
        ["K4-K10", "GL5-H6+^", "KG1-H4", "GH6×RI3", "KH4×GI3"]
    );
    assert_eq!(
        v.mainline().moves[0].comments,
        ["Displacing P threatens ~gL5 with ~RI3"]
    );
    // Its nested variation replaces its fourth move, Black's 6. … GH6×RI3.
    let nested = v.variation(3, 0).unwrap();
    assert_eq!(nested.ctl_moves(), ["GH6-K12"]);
    assert!(
        game.variation(8, 1).is_none()
            && game.variation(7, 0).is_none()
            && game.variation(99, 0).is_none()
    );
    // A comment added to a move is written after its line and read back.
    game.move_comments_mut(11).unwrap().push("mate".to_string());
    assert!(game.move_comments_mut(12).is_none());
    let text = write_game(&game);
    assert!(
        text.contains("6. K4-K10 ??, GL5-H6#\n{ @B: mate }\n"),
        "{text}"
    );
    assert_eq!(read_game(&text).unwrap(), game);
}

/// A move comment with whitespace at its start (here a carriage return,
/// as `cescacs_game_add_comment` may add) is written trimmed, as the reader
/// trims the text after `@W:` / `@B:`: the written text reads back and
/// writes the same (a c_api fuzz finding,
/// fuzz/regressions/c_api/move-comment-with-leading-carriage-return).
#[test]
fn move_comment_with_leading_whitespace_round_trips() {
    for comment in ["\rx", " \t x \r", "\r", "} x"] {
        let mut game = read_game("1. E7-E13\n*\n").unwrap();
        game.move_comments_mut(0).unwrap().push(comment.to_string());
        let text = write_game(&game);
        let again = read_game(&text).unwrap_or_else(|e| panic!("{comment:?}: {e}\n{text}"));
        assert_eq!(
            write_game(&again),
            text,
            "{comment:?}: write → read → write"
        );
    }
}

/// A variation on every move of a long game: each starts from the position
/// before the move it replaces, whichever move of the line that is (the
/// reader keeps a position every few moves and replays the rest).
#[test]
fn variations_on_every_move_start_from_the_right_position() {
    use cescacs::{AnnotatedMove, Line, Variation};
    use std::sync::Arc;
    let played = random_play::random_game(&Position::default(), 7, 90);
    assert_eq!(played.len(), 90);
    let mut game = Game::new();
    let mut alternatives = Vec::new();
    for (j, m) in played.moves().enumerate() {
        let before = played.position_at(j).unwrap();
        let legal = before.legal_moves();
        let alt = legal
            .iter()
            .copied()
            .filter(|o| *o != m)
            .nth(j % 7)
            .unwrap_or(m);
        let reply = before.after(alt).legal_moves().first().copied();
        let mut am = AnnotatedMove::new(m);
        let mut line = Line {
            comments: Vec::new(),
            moves: vec![AnnotatedMove::new(alt)],
        };
        line.moves.extend(reply.map(AnnotatedMove::new));
        am.variations.push(Variation {
            label: None,
            line: Arc::new(line),
        });
        game.push_annotated(am).unwrap();
        alternatives.push((alt, reply));
    }
    let text = write_game(&game);
    let read = read_game(&text).unwrap();
    assert_eq!(read, game);
    for (j, (alt, reply)) in alternatives.into_iter().enumerate() {
        let v = &read.mainline().moves[j].variations[0].line.moves;
        assert_eq!(v[0].mv, alt, "ply {j}");
        assert_eq!(v.get(1).map(|am| am.mv), reply, "ply {j}");
    }
}

/// Variations on every move of a 40-ply main line, written after its last
/// move (each found by its number and read from the position before the
/// move it replaces), and a variation of the first move, 40 plies long,
/// with a variation of its own after each of its moves: each repeats the
/// move it replaces, which is legal only in the right position.
#[test]
fn variations_start_from_the_position_before_the_move_they_replace() {
    let shuffle = |n: u32| {
        if n % 2 == 1 {
            ("NG3-I7", "NG25-I21")
        } else {
            ("NI7-G3", "NI21-G25")
        }
    };
    let line = |first: u32| {
        let mut text = String::new();
        for n in first..first + 20 {
            let (w, b) = shuffle(n);
            text.push_str(&format!("{n}. {w} (${n} {n}. {w}), {b} ({n}. …, {b}) "));
        }
        text
    };
    let mut text = String::new();
    for n in 1..=20 {
        let (w, b) = shuffle(n);
        text.push_str(&format!("{n}. {w}, {b}\n"));
    }
    for n in 1..=20 {
        let (w, b) = shuffle(n);
        text.push_str(&format!("({n}. {w}) ({n}. …, {b})\n"));
    }
    text.push_str(&format!("({})\n*\n", line(1)));
    let game = read_game(&text).expect("every move and variation is legal");
    assert_eq!(game.len(), 40);
    let moves = &game.mainline().moves;
    for (j, am) in moves.iter().enumerate() {
        let repeats = |v: &cescacs::Variation| v.line.moves[0].mv == am.mv;
        assert_eq!(am.variations.len(), if j == 0 { 2 } else { 1 }, "ply {j}");
        assert!(repeats(&am.variations[0]), "ply {j}");
    }
    let long = &moves[0].variations[1].line.moves;
    assert_eq!(long.len(), 40);
    for (j, am) in long.iter().enumerate() {
        assert_eq!(am.variations.len(), 1, "ply {j} of the variation");
        assert_eq!(
            am.variations[0].line.moves[0].mv, am.mv,
            "ply {j} of the variation"
        );
    }
}

/// Assessments and indicators written against the move (`E7-E13?!`) are
/// read as if a space stood before them; a move ending in its
/// destination's digit carries none.
#[test]
fn annotations_written_against_the_move_are_read() {
    use cescacs::Assessment;
    let game = read_game("1. E7-E13?!, E21-E15◇\n2. F8-F12!!:, F20-F16\n3. NG3-I7 *\n")
        .expect("a legal record");
    let marks: Vec<_> = game
        .mainline()
        .moves
        .iter()
        .map(|am| (am.mv.long(), am.assessment, am.indicator.is_some()))
        .collect();
    assert_eq!(
        marks,
        [
            ("E7-E13".to_string(), Some(Assessment::Dubious), false),
            ("E21-E15".to_string(), Some(Assessment::Forced), false),
            ("F8-F12".to_string(), Some(Assessment::Brilliant), true),
            ("F20-F16".to_string(), None, false),
            ("G3-I7".to_string(), None, false),
        ]
    );
}

/// A move the lexer reads whole (the common shape) that names no legal
/// move is reported as the general reading reports it: the same error,
/// about the text as written, at the move's line and column.
#[test]
fn plain_move_errors_name_the_text_as_written() {
    let start = Position::default();
    for text in [
        "E7×E13",   // a capture sign on a quiet move
        "NE7-E13",  // no Knight there
        "E7-E15",   // a pawn cannot go there
        "NG3-I7+",  // legal: a control for the loop below
        "NG3×NI7",  // nothing to capture
        "E7@E13",   // no special capture
        "JF4-D10",  // blocked
        "DE1-E9^+", // blocked, with a check mark
        "F8xF12",   // 'x' for a quiet move
    ] {
        let record = format!("1. {text}\n*\n");
        match start.parse_ctl(text) {
            Ok(m) => assert_eq!(read_game(&record).unwrap().moves().next(), Some(m)),
            Err(source) => {
                let e = read_game(&record).unwrap_err();
                assert_eq!((e.line, e.column), (1, 4), "{text}");
                assert_eq!(
                    e.kind,
                    PgnErrorKind::Move {
                        number: 1,
                        color: Color::White,
                        source,
                    },
                    "{text}"
                );
            }
        }
    }
}
