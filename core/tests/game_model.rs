//! The game model (issue: one game model in the core): `History` keeps its
//! answers as it goes, `Game` applies one after-the-end policy and one
//! result policy, every record can be taken back to its start, and
//! `pgn::Reader` streams games with their spans.
//!
//! The incremental answers are checked against brute force: the
//! repetition count and the end of the game recomputed from every position
//! of the line, on seeded random games that reach repetitions and the
//! automatic draws.

use std::fs;
use std::io::BufReader;
use std::path::PathBuf;

use cescacs::pgn::{read_game, read_game_entries, write_game, PgnErrorKind, Reader, Splitter};
use cescacs::{
    Ctl, DrawClaim, Game, GameError, GameResult, History, MoveTextError, Outcome, ParseMoveError,
    Position, ResolveMoveError, Termination,
};

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

/// A small deterministic generator (xorshift64*), so that the random games
/// are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The end of a line recomputed from scratch, in the order of RULES.md §6:
/// at each ply, fivefold repetition (counting every earlier equal
/// position), the 75-move rule, insufficient material; checkmate and
/// stalemate only at the last ply.
fn brute_end(positions: &[Position]) -> Option<(usize, Outcome)> {
    let hashes: Vec<u64> = positions.iter().map(Position::zobrist_hash).collect();
    let last = positions.len() - 1;
    for (ply, pos) in positions.iter().enumerate() {
        if ply == last {
            if let Some(o) = pos.outcome() {
                if matches!(
                    o.termination,
                    Termination::Checkmate | Termination::Stalemate
                ) {
                    return Some((ply, o));
                }
            }
        }
        let count = hashes[..=ply].iter().filter(|&&h| h == hashes[ply]).count();
        let draw = |termination| {
            Some((
                ply,
                Outcome {
                    termination,
                    winner: None,
                },
            ))
        };
        if count >= 5 {
            return draw(Termination::FivefoldRepetition);
        }
        if pos.is_seventyfive_moves() {
            return draw(Termination::SeventyFiveMoves);
        }
        if pos.is_insufficient_material() {
            return draw(Termination::InsufficientMaterial);
        }
    }
    None
}

/// Plays a random game on `h` (biased towards returning moves so that
/// positions repeat), checking after every ply the history's incremental
/// answers against brute force, and popping now and then.
fn random_walk(h: &mut History, rng: &mut Rng, plies: usize) -> usize {
    let mut checked = 0;
    let mut positions: Vec<Position> = h.positions().cloned().collect();
    for _ in 0..plies {
        let moves = h.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        // Mostly undo the side's previous move when that is a legal
        // reversible move, so that positions come back (and fivefold
        // repetition is reached); otherwise any move.
        let back = h
            .len()
            .checked_sub(1)
            .and_then(|p| h.move_at(p))
            .and_then(|prev| {
                moves.iter().copied().find(|m| {
                    !m.is_zeroing()
                        && m.from() == prev.to()
                        && m.to() == prev.from()
                        && m.castling().is_none()
                })
            });
        let captures: Vec<_> = moves.iter().copied().filter(|m| m.is_capture()).collect();
        let m = match back {
            Some(b) if rng.below(10) < 8 => b,
            _ if !captures.is_empty() && rng.below(3) == 0 => captures[rng.below(captures.len())],
            _ => moves[rng.below(moves.len())],
        };
        h.push(m).expect("a legal move");
        positions.push(h.position().clone());
        if rng.below(12) == 0 {
            h.pop().expect("a move to take back");
            positions.pop();
        }
        let hashes: Vec<u64> = positions.iter().map(Position::zobrist_hash).collect();
        let last = *hashes.last().unwrap();
        assert_eq!(h.zobrist_hash(), last);
        assert_eq!(
            h.repetition_count(),
            hashes.iter().filter(|&&x| x == last).count(),
            "{}",
            h.position()
        );
        assert_eq!(h.end(), brute_end(&positions), "{}", h.position());
        assert_eq!(h.len() + 1, positions.len());
        checked += 1;
    }
    checked
}

#[test]
fn history_answers_equal_brute_force_on_random_games() {
    let starts = [
        cescacs::INITIAL_PDTL,
        "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
        // The Knight can take the Rook: then King and Knight against a bare
        // King, insufficient material.
        "/27:1k/25:r3/21:1N3/1:1K/ w -- - 0 1",
        // A high halfmove clock: the 75-move rule comes soon.
        "/27:1k/25:r3/3:R2R/1:1K/ w -- - 140 70",
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut checked = 0;
    let mut ends = std::collections::HashSet::new();
    for start in starts {
        for _ in 0..12 {
            let mut h = History::new(start.parse().unwrap());
            checked += random_walk(&mut h, &mut rng, 160);
            if let Some((_, o)) = h.end() {
                ends.insert(o.termination);
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
    // The walks reach the automatic draws, so those paths are exercised.
    for t in [
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::InsufficientMaterial,
    ] {
        assert!(ends.contains(&t), "no random game ended by {t:?}: {ends:?}");
    }
}

/// 1 + 4k plies: Knights out and back from the initial position.
fn knight_shuffle(game: &mut Game, rounds: usize) {
    for _ in 0..rounds {
        for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"] {
            game.push_ctl(m).unwrap();
        }
    }
}

#[test]
fn no_move_after_the_end_in_a_game_record_but_a_history_takes_them() {
    // 75-move rule at the start (the example of the issue).
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 150 80".parse().unwrap();
    let mut game = Game::from_position(start.clone());
    let o = game.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner),
        (Termination::SeventyFiveMoves, None)
    );
    let m = start.parse_ctl("RC3-C5").unwrap();
    assert_eq!(game.push(m), Err(GameError::GameOver(o)));
    assert!(matches!(
        game.push_ctl("RC3-C5"),
        Err(GameError::GameOver(_))
    ));
    assert!(game.is_empty(), "a refused move changes nothing");
    assert_eq!(game.result(), GameResult::Draw);
    let mut history = History::new(start);
    history.push(m).unwrap();
    assert_eq!(
        history.end(),
        Some((0, o)),
        "the first end stays the outcome"
    );

    // Fivefold repetition: refused, until a move is taken back.
    let mut game = Game::new();
    knight_shuffle(&mut game, 4);
    let o = game.outcome().unwrap();
    assert_eq!(o.termination, Termination::FivefoldRepetition);
    assert!(matches!(
        game.push_ctl("NG3-I7"),
        Err(GameError::GameOver(_))
    ));
    assert_eq!(game.len(), 16);
    assert_eq!(
        game.pop().map(|am| am.mv.long()),
        Some("I21-G25".to_string())
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.repetition_count(),
        4,
        "the position after NI7-G3, for the fourth time"
    );
    game.push_ctl("NI21-G25").unwrap();
    assert_eq!(
        game.outcome().unwrap().termination,
        Termination::FivefoldRepetition
    );

    // Checkmate: the record of a real game refuses more (no legal move
    // anyway, but the error says why).
    let mut mated = read_game(&read_file("2023-09-11.ctl-pgn")).unwrap();
    assert_eq!(mated.outcome().unwrap().termination, Termination::Checkmate);
    assert!(matches!(
        mated.push_ctl("E7-E9"),
        Err(GameError::GameOver(_))
    ));

    // A record read with moves after an automatic draw keeps them (records
    // are facts), ends where the draw was, and takes no more.
    let text = "[Variant \"C'escacs\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????-??-??\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"1-1\"]\n\
                [PDTL \"/27:1k/25:r3/3:R2R/1:1K/ w -- - 149 80\"]\n80. RC3-C5, RC25-C23\n81. RC5-C7\n1-1\n";
    let mut late = read_game(text).unwrap();
    assert_eq!(late.len(), 3);
    assert_eq!(
        late.end().map(|(ply, o)| (ply, o.termination)),
        Some((1, Termination::SeventyFiveMoves))
    );
    assert!(matches!(
        late.push_ctl("RC23-C21"),
        Err(GameError::GameOver(_))
    ));
    assert_eq!(write_game(&late), text);
    // Taken back to before the draw, it goes on again.
    for _ in 0..3 {
        late.pop().unwrap();
    }
    assert_eq!(late.outcome(), None);
    late.push_ctl("RC3-C5").unwrap();
    assert_eq!(
        late.outcome().map(|o| o.termination),
        Some(Termination::SeventyFiveMoves)
    );
}

#[test]
fn every_real_record_is_taken_back_to_its_start() {
    for file in GAME_FILES {
        let mut game = read_game(&read_file(file)).unwrap();
        let replayed: Vec<Position> = game.positions().cloned().collect();
        let moves: Vec<_> = game.moves().collect();
        let start_pdtl = game.start().to_pdtl();
        for ply in (0..moves.len()).rev() {
            let am = game
                .pop()
                .unwrap_or_else(|| panic!("{file}: nothing to take back at ply {ply}"));
            assert_eq!(am.mv, moves[ply], "{file} ply {ply}");
            assert_eq!(game.position(), &replayed[ply], "{file} ply {ply}");
            assert_eq!(game.len(), ply);
        }
        assert!(game.pop().is_none(), "{file}");
        assert_eq!(game.position().to_pdtl(), start_pdtl, "{file}");
        assert_eq!(
            game.result(),
            GameResult::Unfinished,
            "{file}: an empty record states no result"
        );
        // And played forward again, it is the same record.
        for m in &moves {
            game.push(*m).unwrap();
        }
        assert_eq!(game.position(), replayed.last().unwrap(), "{file}");
    }
}

#[test]
fn the_written_result_is_the_stated_one_until_the_line_changes() {
    // 2020-07-20 states 0-3 (tag and result line) although White mates
    // (RULES.md §10, D29): the record keeps its statement as read...
    let mut game = read_game(&read_file("2020-07-20.ctl-pgn")).unwrap();
    assert_eq!(game.result(), GameResult::BlackWins);
    assert_eq!(game.rules_result(), GameResult::WhiteWins);
    assert_eq!(game.stated_result(), Some(GameResult::BlackWins));
    assert!(!game.check_result().is_empty());
    // ...until a move is taken back: then the rules decide, and the Result
    // tag follows.
    let last = game.pop().unwrap();
    assert_eq!(game.result(), GameResult::Unfinished);
    assert_eq!(game.tag("Result"), Some("*"));
    assert!(game.check_result().is_empty());
    game.push_annotated(last).unwrap();
    assert_eq!(game.result(), GameResult::WhiteWins);
    assert_eq!(game.tag("Result"), Some("3-0"));
    assert!(game.check_result().is_empty());

    // A stated result for an unfinished game (a resignation) is written.
    let mut game = Game::new();
    game.push_ctl("E7-E13").unwrap();
    game.set_tag("Result", "*");
    game.set_result(GameResult::WhiteWins);
    assert_eq!(game.tag("Result"), Some("3-0"));
    let text = write_game(&game);
    assert!(text.ends_with("1. E7-E13\n3-0\n"), "{text}");
    assert_eq!(read_game(&text).unwrap(), game);
    // Stating what the rules say is the same as stating nothing.
    let mut other = game.clone();
    other.pop();
    other.push_ctl("E7-E13").unwrap();
    other.set_result(GameResult::Unfinished);
    assert_eq!(other.stated_result(), None);
}

#[test]
fn draw_claims_come_from_the_history() {
    let mut game = Game::new();
    knight_shuffle(&mut game, 2);
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.claimable_draw(), Some(DrawClaim::ThreefoldRepetition));
    assert!(!game.can_claim(DrawClaim::FiftyMoves));
    let h = game.history();
    assert_eq!(
        (0..=8)
            .map(|p| h.repetition_count_at(p).unwrap())
            .collect::<Vec<_>>(),
        [1, 1, 1, 1, 2, 2, 2, 2, 3]
    );
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w -- - 99 80".parse().unwrap();
    let mut game = Game::from_position(start);
    assert!(!game.can_claim_draw());
    game.push_ctl("RC3-C5").unwrap();
    assert_eq!(game.claimable_draw(), Some(DrawClaim::FiftyMoves));
}

#[test]
fn a_game_record_of_a_board_history_keeps_its_moves() {
    let mut h = History::default();
    for m in ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"]
        .iter()
        .cycle()
        .take(20)
    {
        h.push_ctl(m).unwrap();
    }
    assert_eq!(
        h.end().map(|(ply, o)| (ply, o.termination)),
        Some((16, Termination::FivefoldRepetition))
    );
    let game = Game::from_history(h.clone());
    assert_eq!(game.len(), 20);
    assert_eq!(game.end(), h.end());
    let again = read_game(&write_game(&game)).unwrap();
    assert_eq!(again, game);
}

#[test]
fn reader_streams_games_with_their_spans() {
    let text = concat!(
        "[Event \"one\"]\n1. E7-E13, E21-E15\n2. F8-F12\n*\n\n",
        // Without tags and without a result, then a tag section: two games.
        "1. H6-H12 { a [bracket] in a comment\n[not a tag] }\n",
        "[Event \"three\"]\n1. E7-E13\n3-0 { final }\n",
        // Tagless records ended by their results.
        "1. I5-I9\n*\n1. B4-B6\n*\n",
    );
    let entries: Vec<_> = Reader::new(text.as_bytes()).collect();
    let games: Vec<&Game> = entries.iter().map(|e| e.game.as_ref().unwrap()).collect();
    assert_eq!(games.len(), 5, "{entries:?}");
    assert!(entries.iter().all(|e| e.errors.is_empty()), "{entries:?}");
    assert_eq!(
        games.iter().map(|g| g.len()).collect::<Vec<_>>(),
        [3, 1, 1, 1, 1]
    );
    assert_eq!(
        games[1].mainline().moves[0].comments,
        ["a [bracket] in a comment\n[not a tag]"]
    );
    assert_eq!(games[2].tag("Event"), Some("three"));
    assert_eq!(games[2].final_comments, ["final"]);
    let spans: Vec<&str> = entries.iter().map(|e| &text[e.span.clone()]).collect();
    assert_eq!(
        spans,
        [
            "[Event \"one\"]\n1. E7-E13, E21-E15\n2. F8-F12\n*",
            "1. H6-H12 { a [bracket] in a comment\n[not a tag] }",
            "[Event \"three\"]\n1. E7-E13\n3-0 { final }",
            "1. I5-I9\n*",
            "1. B4-B6\n*",
        ]
    );
    // Each span reads back as its game.
    for (e, g) in entries.iter().zip(&games) {
        assert_eq!(&read_game(&text[e.span.clone()]).unwrap(), *g);
    }
    // The same through read_game_entries and through a file.
    assert_eq!(read_game_entries(text), entries);
}

#[test]
fn reader_over_a_file_of_every_real_game() {
    // Two of the records have neither tags nor a result line: each record
    // gets its result line, so that where one ends is clear.
    let texts: Vec<String> = GAME_FILES
        .iter()
        .map(|f| {
            let text = read_file(f);
            let result = read_game(&text).unwrap().result();
            format!("{text}{result}\n")
        })
        .collect();
    let joined = texts.join("\n");
    let dir = std::env::temp_dir().join(format!("cescacs-reader-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("all.ctl-pgn");
    fs::write(&path, &joined).unwrap();
    let reader = Reader::new(BufReader::with_capacity(64, fs::File::open(&path).unwrap()));
    let entries: Vec<_> = reader.collect();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(entries.len(), 5);
    for ((e, text), file) in entries.iter().zip(&texts).zip(GAME_FILES) {
        assert!(e.errors.is_empty(), "{file}: {:?}", e.errors);
        assert_eq!(e.game.as_ref(), Some(&read_game(text).unwrap()), "{file}");
        assert_eq!(joined[e.span.clone()].trim_end(), text.trim_end(), "{file}");
    }
}

#[test]
fn reader_errors_count_lines_from_the_start_of_the_input() {
    let text =
        "[Event \"a\"]\n1. E7-E13\n*\n[Event \"b\"]\n1. E7-E15\n*\n[Event \"c\"]\n1. H6-H12\n*\n";
    let entries: Vec<_> = Reader::new(text.as_bytes()).collect();
    assert_eq!(entries.len(), 3);
    assert!(entries[0].errors.is_empty() && entries[2].errors.is_empty());
    let e = &entries[1].errors[0];
    assert_eq!((e.line, e.column), (5, 4), "{e}");
    assert!(matches!(e.kind, PgnErrorKind::Move { .. }), "{e}");
    assert_eq!(
        entries[1].game.as_ref().unwrap().len(),
        0,
        "the moves before the error are kept"
    );

    // Bytes that are not UTF-8: reported where they are, reading goes on.
    let mut bytes = b"[Event \"a\"]\n1. E7-E13 {caf".to_vec();
    bytes.extend_from_slice(&[0xE9, b'}', b'\n', b'*', b'\n']);
    bytes.extend_from_slice(b"[Event \"b\"]\n1. H6-H12\n*\n");
    let entries: Vec<_> = Reader::new(&bytes[..]).collect();
    assert_eq!(entries.len(), 2);
    let e = &entries[0].errors[0];
    assert_eq!(
        (e.line, e.column, &e.kind),
        (2, 15, &PgnErrorKind::InvalidUtf8)
    );
    assert!(entries[1].errors.is_empty());
}

#[test]
fn splitter_needs_movetext_before_a_tag_starts_a_game() {
    let mut s = Splitter::default();
    assert!(!s.starts_game("[Event \"x\"]"));
    assert!(!s.starts_game("{ comment before the moves }"));
    assert!(!s.starts_game("[Site \"y\"]"), "still the tag section");
    assert!(!s.starts_game("1. E7-E13"));
    assert!(s.starts_game("  [Event \"next\"]"));
    s.reset();
    assert!(!s.starts_game("[Event \"next\"]"));
}

#[test]
fn ctl_is_read_once_and_resolved_against_a_position() {
    let pos = Position::default();
    for m in pos.legal_moves() {
        let text = pos.ctl(&m);
        let ctl: Ctl = text.parse().unwrap();
        assert_eq!(ctl.to_move(&pos), Ok(m), "{text}");
        assert_eq!(ctl.to_string().parse::<Ctl>(), Ok(ctl));
    }
    let rooks: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    for m in rooks.castlings() {
        let ctl = Ctl::parse(&rooks.ctl(&m)).unwrap();
        assert_eq!(ctl, Ctl::Castling(m.castling().unwrap()));
        assert_eq!(ctl.to_move(&rooks), Ok(m));
    }
    // Syntax errors need no position; resolution errors depend on it.
    assert!(matches!(
        Ctl::parse("E7-"),
        Err(ParseMoveError::BadHex { .. })
    ));
    assert!(matches!(
        Ctl::parse("RC3-NC23"),
        Err(ParseMoveError::Syntax { .. })
    ));
    assert!(matches!(
        "E7-E15".parse::<Ctl>().unwrap().to_move(&pos),
        Err(ResolveMoveError::Illegal { .. })
    ));
    assert!(matches!(
        pos.parse_ctl("E7-"),
        Err(MoveTextError::Syntax(_))
    ));
    assert!(matches!(
        pos.parse_ctl("E7-E15"),
        Err(MoveTextError::Resolve(_))
    ));
    // Errors name the text as written.
    let e = pos.parse_ctl("RE3-E5 ?!").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move \"RE3-E5 ?!\": no rook of the side to move on E3"
    );
}

/// Each way a well-formed move text fails against a position, with its
/// message (the resolution finds what is wrong, the message is built apart).
#[test]
fn ctl_resolution_errors_say_what_is_wrong() {
    // 1. A5-A7 A23-A21: White's Pegasus on F6 can take the pawn on A21.
    let pos: Position = "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:1peepp/22:2pjp2/21:1p1pp3/20:3p3/\
                         8:3P3/7:1P1PP3/6:2PJP2/5:1PEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 2"
        .parse()
        .unwrap();
    let message = |text: &str| {
        let ctl: Ctl = text.parse().unwrap();
        ctl.to_move(&pos).unwrap_err().to_string()
    };
    assert!(pos.parse_ctl("JF6×PA21").is_ok());
    assert_eq!(
        message("JF6×DA21"),
        "move \"JF6×DA21\": the captured piece is a pawn, not a queen"
    );
    assert_eq!(
        message("E7×E9"),
        "move \"E7×E9\": the separator says a capture, but the move is a move without capture"
    );
    assert_eq!(
        message("RE3-E5"),
        "move \"RE3-E5\": no rook of the side to move on E3"
    );
    let pdtl = pos.to_pdtl();
    assert_eq!(
        message("E7-E15"),
        format!("move \"E7-E15\" is not legal in position {pdtl}")
    );
    assert_eq!(
        message("KRK-HIO"),
        format!("move \"KRK-HIO\" is not legal in position {pdtl}")
    );
    // A pawn onto its promotion hex without naming a piece.
    let pos: Position = "/27:1k/21:1P6/1:1K/ w -- - 0 1".parse().unwrap();
    let ctl: Ctl = "A21-A23".parse().unwrap();
    assert_eq!(
        ctl.to_move(&pos).unwrap_err().to_string(),
        "move \"A21-A23\": a promotion piece (=D, =V, =R, =G, =N or =J) is required"
    );
}

#[test]
fn white_share_is_whites_part_of_the_points_awarded() {
    use cescacs::GameResult;
    assert_eq!(GameResult::WhiteWins.white_share(), Some(1.0));
    assert_eq!(GameResult::WhiteStalemates.white_share(), Some(2.0 / 3.0));
    assert_eq!(GameResult::Draw.white_share(), Some(0.5));
    assert_eq!(GameResult::BlackStalemates.white_share(), Some(1.0 / 3.0));
    assert_eq!(GameResult::BlackWins.white_share(), Some(0.0));
    assert_eq!(GameResult::Unfinished.white_share(), None);
}

#[test]
fn points_and_rewards_come_from_the_result() {
    use cescacs::{Color, GameResult, Outcome, Termination};
    let table = [
        (GameResult::WhiteWins, Some((3, 0)), 1.0, -1.0),
        (GameResult::BlackWins, Some((0, 3)), -1.0, 1.0),
        (
            GameResult::WhiteStalemates,
            Some((2, 1)),
            1.0 / 3.0,
            -1.0 / 3.0,
        ),
        (
            GameResult::BlackStalemates,
            Some((1, 2)),
            -1.0 / 3.0,
            1.0 / 3.0,
        ),
        (GameResult::Draw, Some((1, 1)), 0.0, 0.0),
        (GameResult::Unfinished, None, 0.0, 0.0),
    ];
    for (result, points, white, black) in table {
        assert_eq!(result.points(), points, "{result}");
        assert_eq!(
            (result.reward(Color::White), result.reward(Color::Black)),
            (white, black),
            "{result}"
        );
    }
    // A draw is +0.0 for both sides, never -0.0.
    assert!(GameResult::Draw.reward(Color::Black).is_sign_positive());
    let outcomes = [
        (
            Outcome {
                termination: Termination::Checkmate,
                winner: Some(Color::Black),
            },
            GameResult::BlackWins,
        ),
        (
            Outcome {
                termination: Termination::Stalemate,
                winner: Some(Color::White),
            },
            GameResult::WhiteStalemates,
        ),
        (
            Outcome {
                termination: Termination::FivefoldRepetition,
                winner: None,
            },
            GameResult::Draw,
        ),
    ];
    for (outcome, result) in outcomes {
        assert_eq!(GameResult::from_outcome(&outcome), result);
        for side in [Color::White, Color::Black] {
            assert_eq!(
                outcome.reward(side).to_bits(),
                result.reward(side).to_bits(),
                "{outcome} {side:?}"
            );
        }
    }
}
