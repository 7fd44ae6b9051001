//! One test per rule of RULES.md, each with the exact expected move set
//! (derived by hand from the spec's tables and examples), and the error
//! paths of the text readers.

use cescacs::{
    Castling, Color, MoveKind, MoveTextError, ParseMoveError, PdtlError, Position,
    ResolveMoveError, SpecialCapture, Termination,
};

fn pos(pdtl: &str) -> Position {
    pdtl.parse().unwrap_or_else(|e| panic!("{pdtl}: {e}"))
}

/// Destinations (long form without the origin) of the legal moves from `from`.
fn dests(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from().to_string() == from && m.castling().is_none())
        .map(|m| m.long()[from.len() + 1..].to_string())
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn union(a: &[&str], b: &[&str]) -> Vec<String> {
    let mut v = sorted(a);
    v.extend(sorted(b));
    v.sort();
    v
}

fn play(p: &mut Position, ctl: &str) {
    let m = p.parse_ctl(ctl).unwrap_or_else(|e| panic!("{ctl}: {e}"));
    p.play(m).unwrap();
}

// Slides and jumps from F14 on an otherwise empty board (RULES.md §1.4, §1.5).
const ORTHO_F14: &[&str] = &[
    "A19", "A9", "B10", "B18", "C11", "C17", "D12", "D16", "E13", "E15", "F0", "F10", "F12", "F16",
    "F18", "F2", "F20", "F22", "F24", "F26", "F28", "F4", "F6", "F8", "G13", "G15", "H12", "H16",
    "I11", "I17", "K10", "K18", "L19", "L9", "P21", "P7", "T20", "T8", "X20", "X8", "Z21", "Z7",
];
const DIAG_F14: &[&str] = &[
    "B14", "C23", "C5", "D14", "D20", "D8", "E11", "E17", "G11", "G17", "H14", "H20", "H8", "I23",
    "I5", "K14", "T14", "X14",
];
const JUMPS_F14: &[&str] = &[
    "C13", "C15", "D10", "D18", "E19", "E9", "G19", "G9", "H10", "H18", "I13", "I15",
];
const RIDES_F14: &[&str] = &[
    "B22", "B6", "D24", "D4", "H24", "H4", "K22", "K6", "T12", "T16", "X12", "X16",
];

/// A piece on F14 with the Kings out of its way (Black P15, White Z13).
fn on_f14(letter: char) -> Position {
    pos(&format!("/15:k7/14:3{letter}3/13:7K/ w -- - 0 1"))
}

#[test]
fn rook_slides_orthogonally() {
    assert_eq!(dests(&on_f14('R'), "F14"), sorted(ORTHO_F14));
}

#[test]
fn bishop_slides_diagonally() {
    assert_eq!(dests(&on_f14('J'), "F14"), sorted(DIAG_F14));
}

#[test]
fn queen_slides_both_ways() {
    assert_eq!(dests(&on_f14('D'), "F14"), union(ORTHO_F14, DIAG_F14));
}

#[test]
fn wyvern_slides_orthogonally_and_jumps() {
    assert_eq!(dests(&on_f14('V'), "F14"), union(ORTHO_F14, JUMPS_F14));
}

#[test]
fn pegasus_slides_diagonally_and_jumps() {
    assert_eq!(dests(&on_f14('G'), "F14"), union(DIAG_F14, JUMPS_F14));
}

#[test]
fn knight_jumps_and_rides() {
    assert_eq!(dests(&on_f14('N'), "F14"), union(JUMPS_F14, RIDES_F14));
}

#[test]
fn knight_ride_needs_an_empty_intermediate_and_never_captures() {
    // Own pawn on I15 blocks the jump there and the ride through it to X16;
    // a black pawn on K22 (a ride target) cannot be captured by riding.
    let p = pos("/22:5p1/15:k4P2/14:3N3/13:7K/ w -- - 0 1");
    let jumps: Vec<&str> = JUMPS_F14.iter().copied().filter(|h| *h != "I15").collect();
    let rides: Vec<&str> = RIDES_F14
        .iter()
        .copied()
        .filter(|h| *h != "X16" && *h != "K22")
        .collect();
    assert_eq!(dests(&p, "F14"), union(&jumps, &rides));
}

#[test]
fn sliders_stop_at_the_first_piece() {
    // Rook C3, own pawn C9, enemy pawn F6: captures F6, stops before C9.
    let p = pos("/28:k/9:2P5/6:3p3/3:R3/1:1K/ w -- - 0 1");
    assert_eq!(
        dests(&p, "C3"),
        sorted(&["A5", "B4", "C5", "C7", "D2", "D4", "E1", "E5", "F0", "F6", "P7", "T6"])
    );
}

#[test]
fn king_steps_to_twelve_neighbours() {
    // From G1 on an empty board: 7 steps (RULES.md §3.2).
    let p = pos("/28:k/1:1K/ w -- - 0 1");
    assert_eq!(
        dests(&p, "G1"),
        sorted(&["E1", "F0", "F2", "F4", "G3", "H2", "H4"])
    );
}

#[test]
fn king_may_not_step_onto_attacked_hexes_or_next_to_the_other_king() {
    // Black rook on H14 covers the H column; Black King on F6 covers its neighbours.
    let p = pos("/14:4r2/6:3k3/1:1K/ w -- - 0 1");
    // G1's steps are E1 F0 F2 F4 G3 H2 H4. The rook takes H2 and H4; F4 and
    // G3 are neighbours of the Black King on F6 (F4 F8 E5 E7 G5 G7 D6 H6 E3
    // G3 E9 G9), which Kings may never stand next to.
    assert_eq!(dests(&p, "G1"), sorted(&["E1", "F0", "F2"]));
}

#[test]
fn elephant_moves_white_and_black() {
    // RULES.md §3.5 examples: White E5 → E7, E9, F8, D8, F2, D2.
    let p = pos("/28:k/5:2E3/1:1K/ w -- - 0 1");
    assert_eq!(
        dests(&p, "E5"),
        sorted(&["D2", "D8", "E7", "E9", "F2", "F8"])
    );
    // Black E23 → E21, E19, F20, D20, F26, D26.
    let p = pos("/28:k/23:2e3/1:1K/ b -- - 0 1");
    assert_eq!(
        dests(&p, "E23"),
        sorted(&["D20", "D26", "E19", "E21", "F20", "F26"])
    );
}

#[test]
fn elephant_two_step_is_blocked_by_the_hex_between() {
    // A Black pawn on E7: the Elephant captures it and cannot go on to E9.
    let p = pos("/28:k/7:3p4/5:2E3/1:1K/ w -- - 0 1");
    assert_eq!(dests(&p, "E5"), sorted(&["D2", "D8", "E7", "F2", "F8"]));
}

#[test]
fn pawn_steps_double_triple_and_oblique() {
    // White E7 (a triple-step hex): E9, E11, E13, F8, D8 (RULES.md §3.7.1).
    let p = pos("/28:k/7:3P4/1:1K/ w -- - 0 1");
    assert_eq!(dests(&p, "E7"), sorted(&["D8", "E11", "E13", "E9", "F8"]));
    // Black E21: E19, E17, E15, F20, D20.
    let p = pos("/28:k/21:3p4/1:1K/ b -- - 0 1");
    assert_eq!(
        dests(&p, "E21"),
        sorted(&["D20", "E15", "E17", "E19", "F20"])
    );
    // F8 is not a triple-step hex: no F14.
    let p = pos("/28:k/8:3P3/1:1K/ w -- - 0 1");
    assert_eq!(dests(&p, "F8"), sorted(&["E9", "F10", "F12", "G9"]));
    // A piece on E11 stops the double step at E9.
    let p = pos("/28:k/11:3n4/7:3P4/1:1K/ w -- - 0 1");
    assert_eq!(dests(&p, "E7"), sorted(&["D8", "E9", "F8"]));
}

#[test]
fn pawn_captures_on_its_forward_diagonals_only() {
    // Black knights on D10 and F10 are captured; nothing else changes.
    let p = pos("/28:k/10:2nn3/7:3P4/1:1K/ w -- - 0 1");
    assert_eq!(
        dests(&p, "E7"),
        sorted(&["D10", "D8", "E11", "E13", "E9", "F10", "F8"])
    );
    let m = p.parse_ctl("E7×NF10").unwrap();
    assert_eq!(m.captured(), Some(cescacs::Role::Knight));
}

#[test]
fn en_passant_after_a_triple_step_on_the_far_hex() {
    let mut p = pos("/28:k/12:3p3/7:4P3/1:1K/ w -- - 0 1");
    play(&mut p, "G7-G13");
    assert_eq!(
        p.special_capture(),
        SpecialCapture::EnPassant {
            pawn: "G13".parse().unwrap(),
            steps: 3
        }
    );
    assert!(p.to_pdtl().contains(" G13@9-11 "));
    assert_eq!(dests(&p, "F12"), sorted(&["E11", "F10", "F8", "G11", "G9"]));
    let ep = p.parse_ctl("F12@@G9").unwrap();
    assert_eq!(ep.kind(), MoveKind::EnPassant);
    assert_eq!(p.ctl(&ep), "F12@@G9");
    p.play(ep).unwrap();
    assert_eq!(p.to_pdtl(), "/28:k/9:4p3/1:1K/ w -- - 0 2");
}

#[test]
fn en_passant_expires_after_one_move() {
    let mut p = pos("/28:k/12:3p3/7:4P3/1:1K/ w -- - 0 1");
    play(&mut p, "G7-G13");
    play(&mut p, "KF28-F26");
    play(&mut p, "KG1-G3");
    assert_eq!(dests(&p, "F12"), sorted(&["E11", "F10", "F8", "G11"]));
}

#[test]
fn scornful_pawn_capture() {
    // NOTATION.md §5.7 / RULES.md §3.7.5.
    let mut p = Position::default();
    for m in ["E7-E13", "E21-E15", "F8-F12", "E15-D14"] {
        play(&mut p, m);
    }
    assert_eq!(
        p.to_pdtl(),
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:4p3/20:3p3/14:2p4/13:3P4/12:3P3/7:4P3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr D14 0 3"
    );
    let m = p.parse_ctl("E13@D14").unwrap();
    assert_eq!(m.kind(), MoveKind::ScornfulCapture);
    // E13's moves: straight steps are blocked by nothing (E15 empty), the
    // scornful capture D14, oblique F14; no ordinary capture exists.
    assert_eq!(dests(&p, "E13"), sorted(&["D14", "E15", "E17", "F14"]));
    // The right lasts one move.
    play(&mut p, "A5-A7");
    play(&mut p, "A23-A21");
    assert_eq!(dests(&p, "E13"), sorted(&["E15", "E17", "F14"]));
}

#[test]
fn promotion_only_to_regainable_pieces_with_the_bishop_colour_rule() {
    // NOTATION.md §7.3: White lacks its white- and black-hex Bishops only.
    let p = pos("/27:1k/24:1P3/9:5r2/3:RNNR/2:GJG/1:DK/0:V/ w -- - 0 30");
    assert_eq!(dests(&p, "D24"), sorted(&["C25=J", "D26", "E25"]));
    let wait = p.parse_long("D24-D26").unwrap();
    assert_eq!(p.ctl(&wait), "D24-D26=&");
    assert_eq!(p.ctl(&p.parse_long("D24-C25=J").unwrap()), "D24-C25=J");
}

#[test]
fn promotion_is_mandatory_with_one_move_per_available_piece() {
    let p = pos("/27:1k/21:1P6/1:1K/ w -- - 0 1");
    let all = ["D", "V", "R", "G", "N", "J"];
    let mut want: Vec<String> = all
        .iter()
        .flat_map(|r| [format!("A23={r}"), format!("T22={r}")])
        .collect();
    want.sort();
    want.push("B22".to_string()); // the oblique step to B22 does not reach the edge
    want.sort();
    assert_eq!(dests(&p, "A21"), want);
    assert!(matches!(
        p.parse_ctl("A21-A23"),
        Err(MoveTextError::Resolve(
            ResolveMoveError::PromotionRequired { .. }
        ))
    ));
}

#[test]
fn forced_in_place_promotion_is_the_only_move() {
    let mut p = pos("/27:1k/24:1P3/9:5r2/3:RNNR/2:GJG/1:DK/0:V/ w -- - 0 30");
    play(&mut p, "D24-D26=&");
    play(&mut p, "RI9×RI3");
    let moves: Vec<String> = p.legal_moves().iter().map(|m| m.long()).collect();
    assert_eq!(moves, vec!["D26=R".to_string()]);
    let m = p.parse_ctl("D26=R").unwrap();
    assert_eq!(m.kind(), MoveKind::ForcedPromotion);
    p.play(m).unwrap();
    assert_eq!(
        p.to_pdtl(),
        "/27:1k/26:R2/3:RNNr/2:GJG/1:DK/0:V/ b -- - 0 31"
    );
}

#[test]
fn awaiting_pawn_steps_along_the_edge_and_promotes_on_a_bishop_hex() {
    let mut p = pos("/27:1k/24:1P3/9:5r2/3:RNNR/2:GJG/1:DK/0:V/ w -- - 0 30");
    play(&mut p, "D24-D26=&");
    play(&mut p, "KG27-H26");
    // D26 → E27 (black hex; the black-hex Bishop is regainable).
    assert_eq!(dests(&p, "D26"), sorted(&["E27=J"]));
}

#[test]
fn all_five_leaps_and_24_castlings() {
    let p = pos("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    let leaps: Vec<String> = p.king_leaps().iter().map(|m| m.long()).collect();
    assert_eq!(leaps.len(), 5);
    assert_eq!(
        {
            let mut l = leaps.clone();
            l.sort();
            l
        },
        sorted(&["G1-D2", "G1-E5", "G1-F6", "G1-H6", "G1-I5"])
    );
    let mut names: Vec<&str> = p
        .castlings()
        .iter()
        .map(|m| m.castling().unwrap().name())
        .collect();
    names.sort();
    let mut all: Vec<&str> = Castling::ALL.iter().map(|c| c.name()).collect();
    all.sort();
    assert_eq!(names, all);
    let double = p.parse_ctl("KRR-HIH").unwrap();
    assert_eq!(double.long(), "G1-H6+C3-H8+I3-I7");
    let after = p.after(double);
    assert_eq!(
        after.to_pdtl(),
        "/27:1k/25:r3/8:4R2/7:5R2/6:4K2/ b -rk - 1 1"
    );
}

#[test]
fn castling_destination_attacked_or_rook_opening_a_line() {
    // A Black Wyvern on A5 behind C3: the queen's rook leaving C3 opens the
    // line A5-B4-C3-D2, so the two D castlings are illegal; the Rook on I25
    // watches I5, so no I leap or I castling (RULES.md §4.3, §4.6).
    let p = pos("/27:1k/25:r2r/5:v5/3:R2R/1:1K/ w RKRrkr - 0 1");
    let mut names: Vec<&str> = p
        .castlings()
        .iter()
        .map(|m| m.castling().unwrap().name())
        .collect();
    names.sort();
    let mut want: Vec<&str> = Castling::ALL
        .iter()
        .map(|c| c.name())
        .filter(|n| !["KRK-II", "KRK-IK", "KRK-IH", "KRD-DD", "KRD-DE"].contains(n))
        .collect();
    want.sort();
    assert_eq!(names, want);
    let mut leaps: Vec<String> = p.king_leaps().iter().map(|m| m.long()).collect();
    leaps.sort();
    assert_eq!(leaps, sorted(&["G1-D2", "G1-E5", "G1-F6", "G1-H6"]));
}

#[test]
fn no_leap_or_castling_in_check_and_blocked_paths() {
    let p = pos("/27:1k/25:r2r/13:4d3/3:R2R/1:1K/ w RKRrkr - 0 1");
    assert!(p.is_check());
    assert!(p.king_leaps().is_empty() && p.castlings().is_empty());
    // Own Elephant on D4 blocks every queen's-rook path but KRD-DE's (D2, E1),
    // and so every double castling.
    let p = pos("/27:1k/25:r3/4:1E3/3:R2R/1:1K/ w RKRrk - 0 1");
    let queen_side: Vec<&str> = p
        .castlings()
        .iter()
        .filter(|m| m.castling().unwrap().rooks() != cescacs::CastlingRooks::KingRook)
        .map(|m| m.castling().unwrap().name())
        .collect();
    assert_eq!(queen_side, vec!["KRD-DE"]);
    assert_eq!(p.castlings().len(), 12);
}

#[test]
fn leap_captures_and_the_game_without_castling() {
    let mut p = pos("/27:1k/25:r2r/6:4e2/5:2p3/3:R2R/1:1K/ w RKRrkr - 0 1");
    let mut leaps: Vec<String> = p.king_leaps().iter().map(|m| p.ctl(m)).collect();
    leaps.sort();
    // D2 is attacked by the Black pawn on E5 (it captures towards D2 and F2).
    assert_eq!(leaps, sorted(&["KG1-F6", "KG1×E5", "KG1×EH6"]));
    assert!(p.castlings().iter().all(|m| m.to().to_string() == "F6"));
    p.set_castling_allowed(false);
    let leaps: Vec<String> = p.king_leaps().iter().map(|m| m.long()).collect();
    assert_eq!(leaps, sorted(&["G1-F6"]));
    assert!(p.castlings().is_empty());
}

#[test]
fn leap_zone_of_an_unmoved_king_is_closed_to_the_other_king() {
    // RULES.md §5.2 example.
    let p = pos("/27:1k/23:3K2/13:4R3/ w -k - 0 1");
    assert_eq!(dests(&p, "G23"), sorted(&["F20", "G21", "H20"]));
}

#[test]
fn outcomes_mate_stalemate_and_draws() {
    let mate = pos("/28:v/27:dk/26:gj1/25:rn1r/24:pejep/23:ppee1p/22:2pjp2/21:3pp3/20:3p3/19:5p2/15:2J5/12:4P2/10:5P1/9:4nP2/8:3PE2/7:3PP1P1/6:2P1g2/5:PPEE2/4:PEJ2/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 1 7");
    let o = mate.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner, o.result()),
        (
            Termination::Checkmate,
            Some(Color::Black),
            "0-3".to_string()
        )
    );
    let stale = pos("/28:k/24:2K2/ b -- - 0 1");
    let o = stale.outcome().unwrap();
    assert_eq!(
        (o.termination, o.winner, o.result()),
        (
            Termination::Stalemate,
            Some(Color::White),
            "2-1".to_string()
        )
    );
    let bare = pos("/28:k/1:1K/ w -- - 0 1");
    assert_eq!(
        bare.outcome().unwrap().termination,
        Termination::InsufficientMaterial
    );
    assert_eq!(bare.outcome().unwrap().result(), "1-1");
    assert!(pos("/28:k/8:3N3/1:1K/ w -- - 0 1").is_insufficient_material());
    assert!(pos("/28:k/8:3E3/1:1K/ w -- - 0 1").is_insufficient_material());
    assert!(!pos("/28:k/8:2R4/1:1K/ w -- - 0 1").is_insufficient_material());
    assert!(!pos("/28:k/20:3n3/8:3N3/1:1K/ w -- - 0 1").is_insufficient_material());
    assert!(!pos("/28:k/8:3P3/1:1K/ w -- - 0 1").is_insufficient_material());
    let clock = pos("/28:k/8:2R4/1:1K/ w -- - 150 90");
    assert_eq!(
        clock.outcome().unwrap().termination,
        Termination::SeventyFiveMoves
    );
    assert_eq!(pos("/28:k/8:2R4/1:1K/ w -- - 149 90").outcome(), None);
}

#[test]
fn pdtl_reads_the_reference_forms_and_writes_canonical() {
    for (input, canonical_fields) in [
        ("/27:1k/25:r2r/3:R2R/1:1K/ w RKR - 0 1", "RKR- - 0 1"),
        ("/27:1k/25:r2r/3:R2R/1:1K/ w rkr - 0 1", "-rkr - 0 1"),
        ("/27:1k/25:r2r/3:R2R/1:1K/ w - - 0 1", "-- - 0 1"),
        ("/27:1k/25:r2r/3:R2R/1:1K/ w RKRrkr - - -", "RKRrkr - 0 ?"),
        ("/27:1k/25:r2r/3:R2R/1:1K/ w", "RKRrkr - 0 ?"),
        // A King off its home hex has moved, whatever the field says.
        ("/27:1k/25:r2r/3:R2R/2:2K/ w RKRrkr - 0 1", "-rkr - 0 1"),
        // Reference special-capture forms.
        (
            "/28:k/13:4P3/1:1K/ b -- P@G9,11[G13] 0 1",
            "-- G13@9-11 0 1",
        ),
        ("/28:k/13:4P3/1:1K/ b -- G13@11-9 0 1", "-- G13@9-11 0 1"),
        ("/28:k/16:3P3/1:1K/ b -- P@F15[F16] 0 1", "-- - 0 1"),
    ] {
        let p = pos(input);
        let out = p.to_pdtl();
        assert!(out.ends_with(canonical_fields), "{input} → {out}");
        assert_eq!(pos(&out).to_pdtl(), out);
    }
}

#[test]
fn malformed_pdtl_is_a_typed_error_naming_the_problem() {
    let k = "/27:1k/1:1K/";
    type Case = (String, fn(&PdtlError) -> bool);
    let cases: Vec<Case> = vec![
        ("".into(), |e| matches!(e, PdtlError::Empty)),
        (k.into(), |e| matches!(e, PdtlError::FieldCount(1))),
        (format!("{k} w -- - 0 1 extra"), |e| {
            matches!(e, PdtlError::FieldCount(7))
        }),
        ("27:1k/1:1K/ w".into(), |e| {
            matches!(e, PdtlError::PlacementSlashes(_))
        }),
        ("/27:1k/1:1Q/ w".into(), |e| {
            matches!(e, PdtlError::UnknownPiece { letter: 'Q', .. })
        }),
        ("/27:1k/1:M1/ w".into(), |e| {
            matches!(e, PdtlError::UnknownPiece { letter: 'M', .. })
        }),
        ("/27:1k/1:1K1K/ w".into(), |e| {
            matches!(
                e,
                PdtlError::Overflow {
                    line: 1,
                    hexes: 2,
                    ..
                }
            )
        }),
        ("/29:k/1:1K/ w".into(), |e| {
            matches!(e, PdtlError::Record { .. })
        }),
        ("/27:1k/1:1K:1/ w".into(), |e| {
            matches!(e, PdtlError::Record { .. })
        }),
        ("/27:1k//1:1K/ w".into(), |e| {
            matches!(e, PdtlError::Record { .. })
        }),
        ("/27:1k/1:1K/27:1k/ w".into(), |e| {
            matches!(e, PdtlError::DuplicateLine(27))
        }),
        ("/27:kk/1:1K/ w".into(), |e| {
            matches!(
                e,
                PdtlError::KingCount {
                    color: Color::Black,
                    count: 2
                }
            )
        }),
        ("/1:1K/ w".into(), |e| {
            matches!(
                e,
                PdtlError::KingCount {
                    color: Color::Black,
                    count: 0
                }
            )
        }),
        ("/27:1k/3:RRRR/1:1K/ w".into(), |e| {
            matches!(
                e,
                PdtlError::TooMany {
                    role: cescacs::Role::Rook,
                    count: 4,
                    ..
                }
            )
        }),
        ("/27:1k/7:JJ6/1:1K/ w".into(), |e| {
            matches!(
                e,
                PdtlError::BishopColour {
                    color: Color::White,
                    ..
                }
            )
        }),
        (format!("{k} x"), |e| matches!(e, PdtlError::Turn(_))),
        (format!("{k} w RKX"), |e| {
            matches!(e, PdtlError::Castling { .. })
        }),
        (format!("{k} w RR"), |e| {
            matches!(e, PdtlError::Castling { .. })
        }),
        (format!("{k} w -- Q9"), |e| {
            matches!(e, PdtlError::Special { .. })
        }),
        (format!("{k} w -- E13@9-11"), |e| {
            matches!(e, PdtlError::Special { .. })
        }),
        (format!("{k} w -- - x"), |e| {
            matches!(e, PdtlError::Halfmove(_))
        }),
        (format!("{k} w -- - 0 0"), |e| {
            matches!(e, PdtlError::Fullmove(_))
        }),
        ("/27:1k/21:4R3/1:1K/ w".into(), |e| {
            matches!(e, PdtlError::OppositeCheck(Color::Black))
        }),
    ];
    for (text, check) in cases {
        match text.parse::<Position>() {
            Ok(_) => panic!("{text:?} was accepted"),
            Err(e) => {
                assert!(check(&e), "{text:?} gave {e:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    // Messages say what and where.
    let e = "/27:1k/1:1Q/ w"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("1:1Q") && e.contains("'Q'"), "{e}");
}

#[test]
fn malformed_or_illegal_ctl_is_a_typed_error_and_leaves_the_position_untouched() {
    let p = Position::default();
    let before = p.to_pdtl();
    type Case = (&'static str, fn(&MoveTextError) -> bool);
    let cases: Vec<Case> = vec![
        ("", |e| {
            matches!(e, MoveTextError::Syntax(ParseMoveError::Empty))
        }),
        ("Z99-Z9", |e| {
            matches!(e, MoveTextError::Syntax(ParseMoveError::BadHex { .. }))
        }),
        ("NF3-A11", |e| {
            matches!(e, MoveTextError::Syntax(ParseMoveError::BadHex { .. }))
        }),
        ("KRK-ZZ", |e| {
            matches!(
                e,
                MoveTextError::Syntax(ParseMoveError::UnknownCastling { .. })
            )
        }),
        ("KRK-HIO", |e| {
            matches!(e, MoveTextError::Resolve(ResolveMoveError::Illegal { .. }))
        }),
        ("RE3-E5", |e| {
            matches!(
                e,
                MoveTextError::Resolve(ResolveMoveError::NoSuchPiece { .. })
            )
        }),
        ("E7×E9", |e| {
            matches!(
                e,
                MoveTextError::Resolve(ResolveMoveError::Separator { .. })
            )
        }),
        ("E7E9", |e| {
            matches!(e, MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
        }),
        ("E7-E9x", |e| {
            matches!(e, MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
        }),
        ("E7-E15", |e| {
            matches!(e, MoveTextError::Resolve(ResolveMoveError::Illegal { .. }))
        }),
        ("E25-E23", |e| {
            matches!(
                e,
                MoveTextError::Resolve(ResolveMoveError::NoSuchPiece { .. })
            )
        }),
    ];
    for (text, check) in cases {
        let e = p.parse_ctl(text).unwrap_err();
        assert!(check(&e), "{text:?} gave {e:?}");
        assert!(e.to_string().contains(text) || text.is_empty(), "{e}");
    }
    let rooks = pos("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1");
    assert!(matches!(
        rooks.parse_ctl("RC3×NC25"),
        Err(MoveTextError::Resolve(
            ResolveMoveError::CapturedPiece { .. }
        ))
    ));
    assert!(rooks.parse_ctl("RC3×RC25").is_ok());
    assert!(matches!(
        rooks.parse_ctl("RC3-NC23"),
        Err(MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
    ));
    assert!(rooks.parse_ctl("RC3*C25").is_ok());
    assert!(
        rooks.parse_ctl("KRK‐HIO+∞").is_ok(),
        "U+2010 hyphen and a check mark"
    );
    // An illegal move given to play() leaves the position as it was.
    let mut q = p.clone();
    let m = rooks.parse_ctl("RC3×RC25").unwrap();
    assert!(q.play(m).is_err());
    assert_eq!(q.to_pdtl(), before);
}

#[test]
fn long_form_errors() {
    let p = Position::default();
    assert!(matches!(
        p.parse_long("E7-E15"),
        Err(MoveTextError::Resolve(ResolveMoveError::Illegal { .. }))
    ));
    assert!(matches!(
        p.parse_long("E7+E9"),
        Err(MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
    ));
    assert!(matches!(
        p.parse_long("E7E9"),
        Err(MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
    ));
    assert!(matches!(
        p.parse_long("E7-E9=Q"),
        Err(MoveTextError::Syntax(ParseMoveError::Syntax { .. }))
    ));
    assert!(matches!(
        p.parse_long("G1-H6+I3-I5"),
        Err(MoveTextError::Resolve(ResolveMoveError::Illegal { .. }))
    ));
    assert_eq!(p.parse_long("E7-E13").unwrap().kind(), MoveKind::TripleStep);
}

#[test]
fn a_king_standing_on_a_leap_hex_is_never_captured() {
    // RULES.md §3.1 (Kings are never captured) and §5.2 (a King set up on a
    // leap hex of the unmoved enemy King is not in check). Only the two Kings
    // are on the board, so the expected sets follow from the tables: the
    // unmoved King's steps and leaps minus the enemy King's hex and its 12
    // neighbours (which it attacks).
    let cases: [(&str, &str, &[&str]); 10] = [
        (
            "/5:4k/1:1K/ w K- - 0 1",
            "G1",
            &["D2", "E1", "E5", "F0", "F2", "F4", "F6", "G3"],
        ),
        (
            "/6:4k/1:1K/ w K- - 0 1",
            "G1",
            &["D2", "E1", "E5", "F0", "F2", "F4", "H2"],
        ),
        (
            "/6:3k/1:1K/ w K- - 0 1",
            "G1",
            &["D2", "E1", "F0", "F2", "H2", "H4", "I5"],
        ),
        (
            "/5:2k/1:1K/ w K- - 0 1",
            "G1",
            &["E1", "F0", "G3", "H2", "H4", "H6", "I5"],
        ),
        (
            "/2:k/1:1K/ w K- - 0 1",
            "G1",
            &["F0", "F4", "F6", "G3", "H2", "H4", "H6", "I5"],
        ),
        (
            "/27:1k/23:4K/ b -k - 0 1",
            "G27",
            &["D26", "E23", "E27", "F22", "F24", "F26", "F28", "G25"],
        ),
        (
            "/27:1k/22:4K/ b -k - 0 1",
            "G27",
            &["D26", "E23", "E27", "F24", "F26", "F28", "H26"],
        ),
        (
            "/27:1k/22:3K3/ b -k - 0 1",
            "G27",
            &["D26", "E27", "F26", "F28", "H24", "H26", "I23"],
        ),
        (
            "/27:1k/23:2K/ b -k - 0 1",
            "G27",
            &["E27", "F28", "G25", "H22", "H24", "H26", "I23"],
        ),
        (
            "/27:1k/26:K/ b -k - 0 1",
            "G27",
            &["F22", "F24", "F28", "G25", "H22", "H24", "H26", "I23"],
        ),
    ];
    for (pdtl, home, want) in cases {
        let p = pos(pdtl);
        assert!(!p.is_check(), "{pdtl}");
        let enemy_king = p.king(!p.turn());
        assert!(
            p.legal_moves().iter().all(|m| m.to() != enemy_king),
            "{pdtl}"
        );
        assert!(
            p.king_leaps().iter().all(|m| m.to() != enemy_king),
            "{pdtl}"
        );
        assert_eq!(dests(&p, home), sorted(want), "{pdtl}");
        assert_eq!(p.legal_moves().len(), want.len(), "{pdtl}");
    }
}

#[test]
fn no_castling_ends_on_the_enemy_king() {
    // The Black King (moved) stands on H6: the castlings to H6 are out (the
    // destination is not empty), and so are those to I5 and F6, next to it.
    let p = pos("/6:4k/3:R2R/1:1K/ w RKR- - 0 1");
    let mut names: Vec<&str> = p
        .castlings()
        .iter()
        .map(|m| m.castling().unwrap().name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec!["KRD-DD", "KRD-DE", "KRD-ED", "KRD-EF", "KRK-EE", "KRK-EF", "KRR-EEF"]
    );
    assert_eq!(
        dests(&p, "G1"),
        sorted(&["D2", "E1", "E5", "F0", "F2", "F4", "H2"])
    );
    // Black's mirror image.
    let p = pos("/27:1k/25:r2r/22:4K/ b -rkr - 0 1");
    let mut names: Vec<&str> = p
        .castlings()
        .iter()
        .map(|m| m.castling().unwrap().name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec!["KRD-DD", "KRD-DE", "KRD-ED", "KRD-EF", "KRK-EE", "KRK-EF", "KRR-EEF"]
    );
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| m.to() != p.king(Color::White)));
}
