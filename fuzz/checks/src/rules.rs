//! The properties of the rules targets (`pdtl`, `move_text`, `pgn`,
//! `pgn_structured`, `play`), replayed by `core/tests/fuzz_regressions.rs`.

use std::collections::BTreeSet;

use cescacs::pgn;
use cescacs::random::SplitMix64;
use cescacs::{Game, GameError, History, Move, MoveGroups, Outcome, Position, Role, Termination};

/// The studies of the golden data (one small position per tricky rule, and
/// the King's Leap and castling studies), read at compile time.
const PROBES: &str = include_str!("../../../tests/data/probes.jsonl");
const CASTLING: &str = include_str!("../../../tests/data/castling.jsonl");

/// Positions of `random-dev.jsonl` with the rarer move kinds: double
/// castling, en passant (two- and three-step), scornful step and capture,
/// promotion, waiting and forced promotion, check.
const EXTRA: [&str; 18] = [
    "/28:v/27:dk/26:gjg/25:rnnr/24:peje1/23:pp1e1p/22:2p1pp1/21:3p4/20:2ep3/19:4p3/17:5p2/15:2J5/10:1j2P2/9:3P4/8:2EP3/7:2E1P3/6:2P4/5:PP1EPP/4:P1JEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 6",
    "/28:v/27:dk/26:gjg/25:rnnr/24:peje1/23:pp1e1p/22:2p2p1/21:3p4/20:2ep3/19:4p3/18:4p2/17:5p2/15:2J5/10:1j2P2/9:3P1P2/8:2EP1P1/7:2E1P3/6:2P4/5:PP1E1P/4:P1JE1/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr K8@6 0 7",
    "/28:v/27:d1/26:1g1/25:r3/24:1e3/22:2p1e2/20:6k/19:1p2e3/18:1pe2p1/17:G5n1/15:2p1P3/14:4p2/13:4JP2/12:5N1/11:2gP4/10:2E4/9:3PER2/8:V4P1/7:1P1K4/6:jPP2P1/5:4G1/3:1N2/2:DJ1/ w -- - 0 52",
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeep1/22:2p1p2/21:4p3/20:3p3/18:5p1/13:4P3/12:3p3/10:4P2/9:6P1/8:3P3/7:1j6/6:2PJP2/5:PPEE2/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr G13@9-11 0 6",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:p1eep1/22:1pp1p2/21:4p3/20:3p3/19:2p5/18:5p1/10:4P2/9:4p1P1/8:3P3/7:1j6/6:1PPJPP1/5:1PEE2/4:PEJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr C19@21 0 9",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:p1ee2/22:1pp4/21:4p3/20:3p3/17:5p2/15:3p4/14:1P2p1P/11:2P2p2/10:4P2/9:3P4/8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr I11@13 0 20",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/14:1P1pppP/13:3P4/11:2P5/8:5P1/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr F14 0 23",
    "/28:v/27:dk/26:gjg/25:rnnr/24:1ejep/23:2ee2/22:1pp4/21:1p2p3/20:3p3/15:1P6/14:4ppP/13:3P4/12:3p3/11:2P5/9:5P2/7:1j2P3/6:1PPJ3/5:2Ep2/4:1EJE1/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr - 0 24",
    "/28:v/27:dk/26:gj1/25:rnnr/24:1ejep/23:2ee2/22:1pp4/20:4pg1/17:7P/16:p1Pp3/15:1P1P4/11:5J2/10:4p2/8:1P5/7:1j6/6:2PJ3/5:2E3/4:1EJE1/3:RNNR/2:G1K/1:D1/0:V/ w -rkr F16@18 0 36",
    "/28:v/27:dk/26:Pj1/25:rnnr/24:1ejep/23:3e2/21:2p4G/20:5g1/19:2P3J1/18:3p3/16:2p4/15:1P6/13:2R5/12:p6/11:5J2/8:1P3p1/6:2PJ3/5:2E3/4:jE1E1/3:1NNR/2:G1K/1:D1/0:V/ b -rkr - 0 44",
    "/28:v/27:dk/26:Pj1/25:1nnr/24:rejep/23:3e2/21:7G/20:1p4J/19:6J1/18:3p3/16:2p4/15:1P6/13:2RP4/8:3N3/6:3J3/5:p1E3/4:jE1Eg/3:2NR/2:G1K/1:D1/0:V/ b -kr - 0 50",
    "/28:v/27:dk/26:gjg/25:rnnr/24:p1je1/23:pp1e1p/22:2p2p1/21:2e5/20:2pp3/19:3e4/18:4pp1/16:4j2/15:4p3/13:4P3/12:3JP2/9:5P2/8:2PP1P1/7:2E5/6:1GP4/5:PPEE1P/4:P1JE1/3:RNNR/2:1JG/1:DK/0:V/ b RKRrkr H12@8-10 0 9",
    "/28:v/27:dk/26:g1j/25:rnnr/24:p1je1/23:pp3p/22:2p2g1/21:2e5/20:2pp1p1/19:3ee3/18:4pp1/15:4p3/13:4P3/12:3JP2/11:5P2/9:4E3/8:2PP1PN/7:j1E2R2/6:1GP4/5:PPE1KP/4:P1J2/3:RN2/2:1JG/1:DE/0:V/ b -rkr - 8 15",
    "/28:v/27:dk/26:gjg/25:r1nr/24:1eje1/23:p1Pe2/22:J1p1p2/21:3p4/20:3p3/19:2p5/17:5np1/16:5p1/15:2p5/11:2P5/10:4P2/9:2PEp3/7:1jP3P1/6:3J3/5:3EPP/4:1E1E1/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 22",
    "/26:2k/25:R3/24:1e3/23:4P1/21:4e3/20:3dGj1/17:3g4/16:3v3/15:3n4/14:5J1/13:3N4/11:7G/6:5J1/4:nE1E1/3:j3/2:2N/1:DK/0:V/ b K- I23@21 0 79",
    "/28:v/27:dk/26:gjg/25:r1nr/24:1eje1/23:2eepp/22:6p/21:3G4/20:2p4/19:2pj4/18:4p2/17:1p3n2/16:3p3/15:3p1P2/13:3P4/12:P3p2/11:1GP1P3/10:6P/8:3P3/6:2PJ3/5:2EE1P/4:PEJE1/3:RNNR/2:1J1/1:DK/0:V/ b RKRrkr G11 0 25",
    "/28:v/25:kDnr/24:p1jep/23:4pp/22:1N2p2/21:2e1p3/20:2pd3/13:2j5/9:4J3/8:5j1/7:2N2P2/6:2P1P2/5:PPR3/4:PE1EP/3:R3/2:K2/ b -- - 2 35",
    "/28:v/27:d1/26:gj1/25:Pn2/24:Pe1k1/23:P2e2/22:3j2r/19:3e4/17:2n5/16:P6/15:5P2/13:2p1P3/11:5P1g/8:3N3/7:2p5/6:J5j/5:2KE1R/4:1EJEr/3:2N1/2:GJG/1:D1/0:V/ w -- - 0 63",
];

/// The fixed positions the move-text and move-sequence targets start from:
/// the initial position, every study of `probes.jsonl` and `castling.jsonl`,
/// and [`EXTRA`].
pub fn positions() -> Vec<Position> {
    let studies = PROBES.lines().chain(CASTLING.lines()).filter_map(|line| {
        let start = line.find("\"pdtl\":\"")? + "\"pdtl\":\"".len();
        let len = line[start..].find('"')?;
        Some(&line[start..start + len])
    });
    std::iter::once(cescacs::INITIAL_PDTL)
        .chain(studies)
        .chain(EXTRA)
        .map(|pdtl| pdtl.parse().unwrap_or_else(|e| panic!("{pdtl}: {e}")))
        .collect()
}

/// The legal moves as a set of long-form texts (order-free comparison).
fn move_set(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(Move::long).collect()
}

/// Whether `m` would take the enemy King of `pos`: it captures a King, or
/// ends on the enemy King's hex. Kings are never captured (RULES.md §3.1):
/// no legal move may do either (the set-up bug `KG27×KF22` in
/// `/27:1k/22:3K3/ b -k - 0 1`, fixed in the move generator).
pub fn captures_king(pos: &Position, m: &Move) -> bool {
    m.captured() == Some(Role::King) || m.to() == pos.king(!pos.turn())
}

/// No legal move of `pos` takes the enemy King.
fn check_no_king_capture(pos: &Position, moves: &[Move]) {
    if let Some(m) = moves.iter().find(|m| captures_king(pos, m)) {
        panic!(
            "{}: the legal move {} takes the enemy King (Kings are never captured)",
            pos.to_pdtl(),
            m.long()
        );
    }
}

/// A position consistent with itself (`moves` are its legal moves): the
/// incremental hash equals the one computed from nothing, the outcome
/// agrees with the legal moves, and no legal move takes the enemy King.
/// Returns the position's outcome.
fn check_consistent(pos: &Position, moves: &[Move]) -> Option<Outcome> {
    assert_eq!(
        pos.zobrist_hash(),
        pos.zobrist_hash_from_scratch(),
        "{pos:?}: incremental hash"
    );
    // perft's last ply counts with its own fast paths: the same number.
    assert_eq!(
        pos.count_legal_moves(),
        moves.len(),
        "{pos:?}: count against list"
    );
    check_no_king_capture(pos, moves);
    let outcome = pos.outcome();
    match outcome.map(|o| o.termination) {
        Some(Termination::Checkmate) => {
            assert!(moves.is_empty() && pos.is_check(), "{pos:?}: mate")
        }
        Some(Termination::Stalemate) => {
            assert!(moves.is_empty() && !pos.is_check(), "{pos:?}: stalemate")
        }
        Some(Termination::SeventyFiveMoves) => {
            assert!(!moves.is_empty() && pos.is_seventyfive_moves(), "{pos:?}")
        }
        Some(Termination::InsufficientMaterial) => {
            assert!(
                !moves.is_empty() && pos.is_insufficient_material(),
                "{pos:?}"
            )
        }
        Some(Termination::FivefoldRepetition) => {
            panic!("{pos:?}: a single position cannot tell repetition")
        }
        None => assert!(
            !moves.is_empty() && !pos.is_seventyfive_moves() && !pos.is_insufficient_material(),
            "{pos:?}: no outcome"
        ),
    }
    if let Some(o) = outcome {
        if matches!(
            o.termination,
            Termination::Checkmate | Termination::Stalemate
        ) {
            assert_eq!(o.winner, Some(!pos.turn()), "{pos:?}: winner");
        } else {
            assert_eq!(o.winner, None, "{pos:?}: a draw has no winner");
        }
    }
    // The King's Leaps and castlings are legal moves of their own kind.
    for m in pos.king_leaps().iter().chain(pos.castlings().iter()) {
        assert!(
            moves.contains(m),
            "{pos:?}: {} is not among the legal moves",
            m.long()
        );
    }
    outcome
}

/// The position's PDTL reads back to a position with the same PDTL, the
/// same hash and the same legal moves (`moves`).
fn check_pdtl_round_trip(pos: &Position, moves: &[Move]) {
    let text = pos.to_pdtl();
    let again: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not read back: {e}"));
    assert_eq!(again.to_pdtl(), text, "PDTL round trip");
    assert_eq!(
        again.zobrist_hash(),
        pos.zobrist_hash(),
        "{text:?}: hash after the round trip"
    );
    let again_moves = again.legal_moves();
    if again_moves.as_slice() != moves {
        assert_eq!(
            move_set(&again_moves),
            move_set(moves),
            "{text:?}: legal moves after the round trip"
        );
    }
}

/// Target 1 (`pdtl`): any accepted PDTL round-trips and its moves generate.
pub fn check_pdtl(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = text.parse::<Position>() else {
        return;
    };
    let moves = pos.legal_moves();
    check_pdtl_round_trip(&pos, &moves);
    check_consistent(&pos, &moves);
}

/// A legal move's texts read back to it: canonical CTL-AN, CTL-AN without
/// mark, and the long form.
fn check_move_texts(pos: &Position, m: Move) {
    let ctl = pos.ctl(&m);
    let read = pos
        .parse_ctl(&ctl)
        .unwrap_or_else(|e| panic!("{pos:?}: {ctl:?} does not read back: {e}"));
    assert_eq!(read, m, "{pos:?}: {ctl:?}");
    assert_eq!(pos.ctl(&read), ctl);
    let bare = pos.ctl_without_mark(&m);
    assert_eq!(pos.parse_ctl(&bare).ok(), Some(m), "{pos:?}: {bare:?}");
    let long = m.long();
    assert_eq!(pos.parse_long(&long).ok(), Some(m), "{pos:?}: {long:?}");
}

/// `m` is refused (it is not legal here) and the position stays as it was.
fn check_refused(pos: &mut Position, m: Move) {
    let before = pos.clone();
    assert!(
        pos.play(m).is_err(),
        "{before:?}: {} played although not legal",
        m.long()
    );
    assert_eq!(*pos, before, "a refused move changed the position");
}

/// Target 2 (`move_text`): the first byte picks a fixed position, the
/// second another one, the rest is a move text read as CTL-AN and as the
/// long form. A text that reads names a legal move, never one taking the
/// enemy King, whose canonical texts read back to it and which plays to a
/// consistent position; reading never changes the position; a move the text
/// names in the other position that is not legal here is refused by `play`
/// and leaves the position untouched.
pub fn check_move_text(data: &[u8], positions: &[Position]) {
    let [which, other, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = &positions[usize::from(*which) % positions.len()];
    let other = &positions[usize::from(*other) % positions.len()];
    let legal = pos.legal_moves();
    let before = pos.clone();
    for read in [pos.parse_ctl(text), pos.parse_long(text)] {
        match read {
            Ok(m) => {
                assert!(
                    legal.contains(&m),
                    "{pos:?}: {text:?} read as {}, not a legal move",
                    m.long()
                );
                assert!(
                    !captures_king(pos, &m),
                    "{}: {text:?} read as {}, which takes the enemy King",
                    pos.to_pdtl(),
                    m.long()
                );
                check_move_texts(pos, m);
                let mut played = pos.clone();
                played
                    .play(m)
                    .unwrap_or_else(|e| panic!("{pos:?}: {text:?}: {e}"));
                check_consistent(&played, &played.legal_moves());
            }
            // Errors render (they carry the text they were given).
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        assert_eq!(*pos, before, "reading {text:?} changed the position");
    }
    for m in [other.parse_ctl(text), other.parse_long(text)]
        .into_iter()
        .flatten()
    {
        if !legal.contains(&m) {
            check_refused(&mut pos.clone(), m);
        }
    }
}

/// Target 3 (`pgn`): the strict and lenient readers never panic; an
/// accepted text writes canonical CTL-PGN that reads back to equal games
/// and writes the same text again; every game the lenient reader keeps
/// writes such a text too.
pub fn check_pgn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(games) = pgn::read_games(text) {
        // A game without tags that opens with comments, after another
        // game, would read back with its comments as the other's final
        // comments; the writer writes every game's tags (a game read has
        // Variant and the roster), so every collection read is kept apart.
        // Any other is checked game by game below.
        let apart = games
            .iter()
            .skip(1)
            .all(|g| !g.tags.is_empty() || g.mainline().comments.is_empty());
        let games = if apart { games } else { Vec::new() };
        let written = pgn::write_games(&games);
        let again = pgn::read_games(&written)
            .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
        assert_eq!(pgn::write_games(&again), written, "CTL-PGN round trip");
        assert_eq!(again, games, "{written:?}: the games read back differ");
    }
    let _ = pgn::read_game(text);
    let (games, _errors) = pgn::read_games_lenient(text);
    for game in &games {
        let written = pgn::write_game(game);
        let again = pgn::read_game(&written).unwrap_or_else(|e| {
            panic!("{written:?} (kept by the lenient reader) does not read back: {e}")
        });
        assert_eq!(
            pgn::write_game(&again),
            written,
            "CTL-PGN round trip of a lenient game"
        );
    }
}

/// What a move-sequence run did (the fuzz target prints the totals).
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayStats {
    pub played: u64,
    pub undone: u64,
    /// Moves the mirrored [`Game`] refused with `GameOver` (the history had
    /// ended before them) while the position and the history played them.
    pub refused_after_end: u64,
    /// Histories rebuilt from their start and compared with the incremental one.
    pub rebuilt: u64,
}

/// Histories this short are rebuilt from their start after every step;
/// longer ones only at the end of the input.
const REBUILD_WHILE_AT_MOST: usize = 16;

/// The automatic draw (RULES.md §6: fivefold repetition, 75-move rule,
/// insufficient material, in that order) of `pos`, reached for the
/// `repetitions`-th time.
fn automatic_draw(pos: &Position, repetitions: usize) -> Option<Termination> {
    if repetitions >= 5 {
        Some(Termination::FivefoldRepetition)
    } else if pos.is_seventyfive_moves() {
        Some(Termination::SeventyFiveMoves)
    } else if pos.is_insufficient_material() {
        Some(Termination::InsufficientMaterial)
    } else {
        None
    }
}

fn is_automatic_draw(t: Termination) -> bool {
    matches!(
        t,
        Termination::FivefoldRepetition
            | Termination::SeventyFiveMoves
            | Termination::InsufficientMaterial
    )
}

/// How many of the positions before `pos` (their hashes `earlier`, oldest
/// first) since the last irreversible move (the halfmove clock) have
/// `pos`'s hash `hash`, plus one for `pos` itself: the repetition count, by
/// brute force.
fn repetitions(earlier: &[u64], pos: &Position, hash: u64) -> usize {
    let window = (pos.halfmove_clock() as usize).min(earlier.len());
    1 + earlier[earlier.len() - window..]
        .iter()
        .filter(|&&h| h == hash)
        .count()
}

/// The incremental [`History`] mirrors the stack of positions it was
/// played along (their hashes `earlier`, oldest first, then `pos`, whose
/// hash is `hash`, legal moves `moves` and own outcome `outcome`): same
/// current position, hash and length; a repetition count equal to the
/// brute-force count; an end (`History::end`) no later than the last ply,
/// exactly there when the position itself ends the game (no legal move:
/// the same checkmate or stalemate; else the automatic draw the position
/// and its count give), and absent only when nothing ends the game here.
/// Returns that end.
fn check_history(
    history: &History,
    earlier: &[u64],
    pos: &Position,
    hash: u64,
    moves: &[Move],
    outcome: Option<Outcome>,
) -> Option<(usize, Outcome)> {
    let len = earlier.len();
    assert_eq!(history.len(), len, "{}: history length", pos.to_pdtl());
    assert!(
        history.position() == pos,
        "{}: the history is at {}",
        pos.to_pdtl(),
        history.position().to_pdtl()
    );
    assert_eq!(
        history.zobrist_hash(),
        hash,
        "{}: history hash",
        pos.to_pdtl()
    );
    let count = repetitions(earlier, pos, hash);
    assert_eq!(
        history.repetition_count(),
        count,
        "{}: repetition count at ply {len}",
        pos.to_pdtl()
    );
    // What this position alone says: checkmate or stalemate without legal
    // moves, else its automatic draw.
    let here = if moves.is_empty() {
        outcome.map(|o| o.termination)
    } else {
        automatic_draw(pos, count)
    };
    let end = history.end();
    match end {
        None => assert_eq!(
            here,
            None,
            "{}: the history has no end at ply {len}",
            pos.to_pdtl()
        ),
        Some((ply, o)) => {
            assert!(ply <= len, "{}: end at ply {ply} of {len}", pos.to_pdtl());
            if ply == len {
                assert_eq!(
                    Some(o.termination),
                    here,
                    "{}: the end at the last ply",
                    pos.to_pdtl()
                );
            } else {
                assert!(
                    is_automatic_draw(o.termination),
                    "{}: {o:?} at ply {ply} of {len}",
                    pos.to_pdtl()
                );
            }
            if is_automatic_draw(o.termination) {
                assert_eq!(o.winner, None, "{}: a draw has no winner", pos.to_pdtl());
            } else {
                assert_eq!(
                    Some(o),
                    outcome,
                    "{}: checkmate or stalemate",
                    pos.to_pdtl()
                );
            }
        }
    }
    end
}

/// Rebuilds `history` (whose end is `end`) from its start by replaying its
/// moves and checks that the incremental history (pushed and popped along
/// the way) equals it: the same end, repetition counts and hashes, ply by
/// ply. The end is also found from scratch: the first automatic draw
/// (brute-force repetition counts), unless it is at the last ply and that
/// position has no legal move (`outcome`, its checkmate or stalemate, comes
/// first). With `full` (at the end of an input; the comparisons of every
/// position are what makes the check costly), the rebuilt history also
/// equals the incremental one in every field, and the mirrored `game` holds
/// the same history when in step, else a prefix of it that is over (it
/// refused the next move).
fn check_rebuilt(
    history: &History,
    end: Option<(usize, Outcome)>,
    outcome: Option<Outcome>,
    no_moves: bool,
    game: &Game,
    full: bool,
) {
    let len = history.len();
    let mut fresh = History::new(history.start().clone());
    for m in history.moves() {
        fresh.push_unchecked(m);
    }
    let at = || history.position().to_pdtl();
    assert_eq!(
        fresh.end(),
        end,
        "{}: end, incremental vs from scratch after {len} plies",
        at()
    );
    assert_eq!(
        fresh.repetition_count(),
        history.repetition_count(),
        "{}: repetition count, incremental vs from scratch",
        at()
    );
    assert_eq!(
        fresh.zobrist_hash(),
        history.zobrist_hash(),
        "{}: hash, incremental vs from scratch",
        at()
    );
    let mut hashes = Vec::with_capacity(len + 1);
    let mut first_draw = None;
    for (k, pos) in history.positions().enumerate() {
        let hash = pos.zobrist_hash();
        let count = repetitions(&hashes, pos, hash);
        hashes.push(hash);
        assert_eq!(
            history.repetition_count_at(k),
            Some(count),
            "{}: repetition count at ply {k}",
            at()
        );
        assert_eq!(
            fresh.repetition_count_at(k),
            Some(count),
            "{}: rebuilt repetition count at ply {k}",
            at()
        );
        if first_draw.is_none() {
            first_draw = automatic_draw(pos, count).map(|t| (k, t));
        }
    }
    let expected = match first_draw {
        Some((k, t)) if k < len => Some((k, t)),
        _ if no_moves => Some((
            len,
            outcome
                .expect("no legal move: checkmate or stalemate")
                .termination,
        )),
        draw => draw,
    };
    assert_eq!(
        end.map(|(k, o)| (k, o.termination)),
        expected,
        "{}: the first end of the game",
        at()
    );
    if !full {
        return;
    }
    assert!(
        fresh == *history,
        "{}: the incremental history differs from the rebuilt one",
        at()
    );
    if game.len() == len {
        assert!(
            game.history() == history,
            "{}: the game's history differs",
            at()
        );
    } else {
        assert!(game.len() < len, "{}: the game is ahead", at());
        assert!(
            game.history().moves().eq(history.moves().take(game.len())),
            "{}: the game's moves",
            at()
        );
        assert!(
            game.is_game_over(),
            "{}: the game stayed behind although not over",
            at()
        );
    }
}

/// Target 4 (`play`): the first byte picks a fixed start position; every
/// next byte plays a legal move (`b % n`, alternately through `play` and
/// `play_unchecked`) or, for `b >= 0xF0`, undoes the last move (the undo
/// stack is a `Vec` of positions). After every step the incremental hash
/// equals a from-scratch hash, the PDTL round-trips, the outcome agrees with
/// the legal moves, no legal move takes the enemy King, the played move's
/// texts read back, and a move of the previous position that is not legal
/// now is refused.
///
/// The sequence is mirrored in the core's incremental game types. A
/// [`History`] (`push_unchecked` on play, `pop` on undo) must match the
/// stack after every step ([`check_history`]: position, hash, length,
/// brute-force repetition count, end consistent with the legal moves), and
/// equal a history rebuilt from its start by replaying its moves, end
/// found from scratch too ([`check_rebuilt`]: after every step while it is
/// short, and at the end of the input, there field by field with the
/// game's history as well). A [`Game`] follows while in step:
/// it takes each move (`Ok`, same position) unless the history had already
/// ended, when it must refuse with `GameError::GameOver` and stay unchanged;
/// it then stays behind until undos bring the stack back to its length,
/// and from there undoes along.
pub fn check_play(data: &[u8], positions: &[Position]) -> PlayStats {
    let mut stats = PlayStats::default();
    let Some((&which, steps)) = data.split_first() else {
        return stats;
    };
    let start = &positions[usize::from(which) % positions.len()];
    let mut pos = start.clone();
    let mut moves = pos.legal_moves();
    // The position before each move, with the move; `hashes` are those
    // positions' hashes, `hash` is `pos`'s.
    let mut stack: Vec<(Position, Move)> = Vec::new();
    let mut hashes: Vec<u64> = Vec::new();
    let mut history = History::new(start.clone());
    let mut game = Game::from_position(start.clone());
    let mut outcome = pos.outcome();
    let mut hash = pos.zobrist_hash();
    let mut end = check_history(&history, &[], &pos, hash, &moves, outcome);
    for (i, &b) in steps.iter().enumerate() {
        if b >= 0xF0 || moves.is_empty() {
            match stack.pop() {
                Some((previous, m)) => {
                    hash = hashes.pop().expect("a hash per position of the stack");
                    let in_step = game.len() == history.len();
                    assert_eq!(
                        history.pop(),
                        Some(m),
                        "{}: the history took back another move",
                        pos.to_pdtl()
                    );
                    if in_step {
                        assert_eq!(
                            game.pop().map(|am| am.mv),
                            Some(m),
                            "{}: the game took back another move",
                            pos.to_pdtl()
                        );
                    }
                    pos = previous;
                    moves = pos.legal_moves();
                    stats.undone += 1;
                }
                None => {
                    assert_eq!(history.pop(), None, "undo at the start");
                    continue;
                }
            }
        } else {
            let m = moves[usize::from(b) % moves.len()];
            assert!(
                !captures_king(&pos, &m),
                "{}: the legal move {} takes the enemy King",
                pos.to_pdtl(),
                m.long()
            );
            check_move_texts(&pos, m);
            let previous = pos.clone();
            if i % 2 == 0 {
                pos.play(m).unwrap_or_else(|e| panic!("{previous:?}: {e}"));
            } else {
                pos.play_unchecked(m);
            }
            assert_eq!(pos, previous.after(m), "play and after disagree");
            if m.is_zeroing() {
                assert_eq!(pos.halfmove_clock(), 0);
            } else {
                assert_eq!(pos.halfmove_clock(), previous.halfmove_clock() + 1);
            }
            assert_eq!(pos.turn(), !previous.turn());
            let now = pos.legal_moves();
            // A move of the previous position that is not legal now.
            if let Some(&stale) = moves.iter().find(|m| !now.contains(m)) {
                check_refused(&mut pos, stale);
            }
            moves = now;
            // The history takes every legal move, even after the end.
            let in_step = game.len() == history.len();
            history.push_unchecked(m);
            if in_step {
                match end {
                    Some((_, o)) => {
                        let before = game.clone();
                        match game.push(m) {
                            Err(GameError::GameOver(refused)) => {
                                assert_eq!(refused, o, "{}: GameOver outcome", previous.to_pdtl())
                            }
                            r => panic!(
                                "{}: the game ended ({o:?}) but {} gave {r:?}",
                                previous.to_pdtl(),
                                m.long()
                            ),
                        }
                        assert!(
                            game == before,
                            "{}: a refused move changed the game",
                            previous.to_pdtl()
                        );
                        stats.refused_after_end += 1;
                    }
                    None => {
                        // (Then at `pos`: checked below.)
                        game.push(m).unwrap_or_else(|e| {
                            panic!("{}: the game refused {}: {e}", previous.to_pdtl(), m.long())
                        });
                    }
                }
            }
            stack.push((previous, m));
            hashes.push(hash);
            hash = pos.zobrist_hash();
            stats.played += 1;
        }
        outcome = check_consistent(&pos, &moves);
        check_pdtl_round_trip(&pos, &moves);
        end = check_history(&history, &hashes, &pos, hash, &moves, outcome);
        if game.len() == history.len() {
            assert!(
                game.position() == &pos,
                "{}: the game is elsewhere",
                pos.to_pdtl()
            );
        }
        if history.len() <= REBUILD_WHILE_AT_MOST {
            check_rebuilt(&history, end, outcome, moves.is_empty(), &game, false);
            stats.rebuilt += 1;
        }
    }
    check_rebuilt(&history, end, outcome, moves.is_empty(), &game, true);
    stats.rebuilt += 1;
    check_random_play(&pos, data.len() as u64 ^ u64::from(which) << 32);
    stats
}

/// Random play from `pos` (which draws its moves without listing them all:
/// rejection sampling in the move generator) plays legal moves only, and
/// stops short only where the rules end the game.
fn check_random_play(pos: &Position, seed: u64) {
    const PLIES: usize = 6;
    let (mut history, mut groups, mut rng) = (
        History::new(pos.clone()),
        MoveGroups::new(),
        SplitMix64::new(seed),
    );
    while history.len() < PLIES && history.draw_before_now().is_none() {
        history.position().legal_move_groups_into(&mut groups);
        let Some(m) = groups.choose(history.position(), |n| rng.below(n)) else {
            break;
        };
        history.push_unchecked(m);
    }
    for (p, m) in history.positions().zip(history.moves()) {
        assert!(
            p.legal_moves().contains(&m),
            "{}: random play drew {}, not a legal move",
            p.to_pdtl(),
            m.long()
        );
    }
    if history.len() < PLIES {
        let last = history.position();
        assert!(
            last.legal_moves().is_empty() || history.end().is_some(),
            "{}: random play stopped with legal moves left",
            last.to_pdtl()
        );
    }
}

/// Turns fuzz bytes into a CTL-PGN text with structure: each byte picks a
/// piece of grammar (a move of a short legal game, a variation opened or
/// closed, a comment, a tag, a result, stray brackets), so the fuzzer
/// reaches deep nests and long records that random bytes almost never
/// form. The text is then checked as [`check_pgn`] checks any text.
pub fn structured_pgn(data: &[u8]) -> String {
    const MOVES: [&str; 8] = [
        "1. H6-H12",
        "1. E7-E13",
        ", I23-I19",
        ", E21-E15",
        "2. F8-F12",
        "2. JF6-C15",
        ", GH26-Z11",
        ", E15-D14",
    ];
    let mut text = String::new();
    let mut open = 0usize;
    let mut bytes = data.iter();
    while let Some(&b) = bytes.next() {
        let arg = usize::from(bytes.next().copied().unwrap_or(0));
        match b % 12 {
            0..=3 => text.push_str(MOVES[arg % MOVES.len()]),
            4 => {
                // A run of openings: the fuzzer reaches depth quickly.
                for _ in 0..=arg % 64 {
                    text.push_str(" (1. H6-H12");
                    open += 1;
                }
            }
            5 if open > 0 => {
                text.push(')');
                open -= 1;
            }
            5 => text.push(')'),
            6 => text.push_str(&format!(" {{ comment {arg} }}")),
            7 => text.push_str(&format!("\n[Tag{arg} \"value {arg}\"]\n")),
            8 => text.push_str(["\n*\n", "\n3-0\n", "\n1-1\n", " 0-3 "][arg % 4]),
            9 => text.push_str(["(", "}", "{", "]", "$[1]", "...", "…", "$"][arg % 8]),
            10 => text.push_str(&")".repeat(open.min(arg))),
            _ => text.push_str(&".".repeat(arg % 8)),
        }
        text.push(' ');
    }
    text
}
