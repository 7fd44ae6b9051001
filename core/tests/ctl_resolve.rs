//! CTL-AN resolution by candidates (`Ctl::to_move` tests the few moves the
//! piece letter, origin and destination name) against a resolver over the
//! full legal move list, in every golden position and along random games:
//! every legal move's text and its variants (another separator, another
//! captured letter, a promotion left out or named), and every origin of
//! the mover to every hex (blocked, pinned, not answering a check, a
//! promotion forced or required): the same move or the same error.

use std::path::PathBuf;

use cescacs::{Ctl, Hex, Move, MoveKind, Position, ResolveMoveError, Role, Separator};

mod random_play;
use random_play::random_game;

fn golden_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for name in [
        "probes.jsonl",
        "random-dev.jsonl",
        "castling.jsonl",
        "games.jsonl",
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/data")
            .join(name);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
            if let Some(pdtl) = v["pdtl"].as_str() {
                out.push(
                    pdtl.parse()
                        .unwrap_or_else(|e| panic!("{name}: {pdtl}: {e}")),
                );
            }
        }
    }
    out
}

/// The separator a move is written with.
fn separator_of(m: &Move) -> Separator {
    match m.kind() {
        _ if m.captured().is_none() => Separator::Quiet,
        MoveKind::EnPassant | MoveKind::ScornfulCapture => Separator::Special,
        _ => Separator::Capture,
    }
}

fn describe(s: Separator) -> &'static str {
    match s {
        Separator::Quiet => "a move without capture",
        Separator::Capture => "a capture",
        Separator::Special => "an en passant or scornful capture",
    }
}

/// A position with its legal moves and PDTL, worked out once.
struct Known<'a> {
    pos: &'a Position,
    all: Vec<Move>,
    pdtl: String,
}

/// What NOTATION.md §3 says `ctl` names in `k.pos`, from every legal move.
fn by_full_generation(k: &Known, ctl: &Ctl) -> Result<Move, ResolveMoveError> {
    let (pos, all) = (k.pos, &k.all);
    let text = ctl.to_string();
    let illegal = || ResolveMoveError::Illegal {
        text: text.clone(),
        pdtl: k.pdtl.clone(),
    };
    let (role, from, separator, captured, to, promotion) = match *ctl {
        Ctl::Castling(c) => {
            return all
                .iter()
                .find(|m| m.castling() == Some(c))
                .copied()
                .ok_or_else(illegal)
        }
        Ctl::ForcedPromotion { hex, promotion } => {
            return all
                .iter()
                .find(|m| {
                    m.from() == hex
                        && m.kind() == MoveKind::ForcedPromotion
                        && m.promotion() == Some(promotion)
                })
                .copied()
                .ok_or_else(illegal)
        }
        Ctl::Normal {
            role,
            from,
            separator,
            captured,
            to,
            promotion,
        } => (role, from, separator, captured, to, promotion),
    };
    match pos.piece_at(from) {
        Some(p) if p.color == pos.turn() && p.role == role => {}
        _ => {
            return Err(ResolveMoveError::NoSuchPiece {
                text,
                hex: from,
                expected: role,
            })
        }
    }
    let candidates: Vec<Move> = all
        .iter()
        .filter(|m| m.castling().is_none() && m.from() == from && m.to() == to)
        .copied()
        .collect();
    let m = match candidates.iter().find(|m| m.promotion() == promotion) {
        Some(m) => *m,
        None if promotion.is_none() && !candidates.is_empty() => {
            return Err(ResolveMoveError::PromotionRequired { text })
        }
        None => return Err(illegal()),
    };
    if separator_of(&m) != separator {
        return Err(ResolveMoveError::Separator {
            text,
            said: describe(separator),
            actual: describe(separator_of(&m)),
        });
    }
    if let (Some(said), Some(actual)) = (captured, m.captured()) {
        if said != actual {
            return Err(ResolveMoveError::CapturedPiece { text, said, actual });
        }
    }
    Ok(m)
}

/// Both resolvers on `ctl`; the number of texts compared (1).
fn same(k: &Known, ctl: Ctl) -> usize {
    assert_eq!(
        ctl.to_move(k.pos),
        by_full_generation(k, &ctl),
        "{ctl} in {}",
        k.pdtl
    );
    1
}

/// Every `variants_every`-th position: every legal move's text and its
/// variants; every `pairs_every`-th: every origin of the mover to every
/// hex. The texts compared.
fn check(positions: &[Position], variants_every: usize, pairs_every: usize) -> usize {
    let mut texts = 0;
    for (i, pos) in positions.iter().enumerate() {
        if i % variants_every != 0 && i % pairs_every != 0 {
            continue;
        }
        let k = Known {
            pos,
            all: pos.legal_moves().iter().copied().collect(),
            pdtl: pos.to_pdtl(),
        };
        let k = &k;
        for &m in k.all.iter().filter(|_| i % variants_every == 0) {
            let ctl: Ctl = pos.ctl_without_mark(&m).parse().expect("canonical text");
            assert_eq!(ctl.to_move(pos), Ok(m), "{ctl} in {}", k.pdtl);
            texts += same(k, ctl);
            let Ctl::Normal {
                role,
                from,
                separator,
                captured,
                to,
                promotion,
            } = ctl
            else {
                continue;
            };
            let with = |separator, captured, promotion| Ctl::Normal {
                role,
                from,
                separator,
                captured,
                to,
                promotion,
            };
            for s in [Separator::Quiet, Separator::Capture, Separator::Special] {
                if s != separator {
                    let c = if s == Separator::Quiet {
                        None
                    } else {
                        captured
                    };
                    texts += same(k, with(s, c, promotion));
                }
            }
            if separator != Separator::Quiet {
                for c in [Role::Pawn, Role::Queen, Role::Knight] {
                    texts += same(k, with(separator, Some(c), promotion));
                }
            }
            // A promotion left out (ambiguous: one move for each piece) or
            // named when there is none or another.
            texts += same(k, with(separator, captured, None));
            for p in Role::REGAINABLE {
                texts += same(k, with(separator, captured, Some(p)));
            }
        }
        if i % pairs_every != 0 {
            continue;
        }
        for from in Hex::all() {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            // Every kind letter on the origin: the right one (a move or not)
            // and a wrong one (no such piece).
            for role in [piece.role, Role::Knight] {
                for to in Hex::all() {
                    let separator = if pos.piece_at(to).is_some() {
                        Separator::Capture
                    } else {
                        Separator::Quiet
                    };
                    texts += same(
                        k,
                        Ctl::Normal {
                            role,
                            from,
                            separator,
                            captured: None,
                            to,
                            promotion: None,
                        },
                    );
                }
            }
        }
    }
    texts
}

#[test]
fn resolution_by_candidates_agrees_with_full_generation_in_golden_positions() {
    let positions = golden_positions();
    assert!(positions.len() > 1_000, "{} positions", positions.len());
    let texts = check(&positions, 1, 16);
    assert!(texts > 500_000, "{texts} texts");
}

#[test]
fn resolution_by_candidates_agrees_with_full_generation_in_random_games() {
    let mut positions = Vec::new();
    for seed in 0..12 {
        let g = random_game(&Position::default(), seed, 400);
        positions.extend(g.positions().cloned());
    }
    let texts = check(&positions, 3, 40);
    // With the golden positions, the sample holds what the candidates
    // treat apart.
    positions.extend(golden_positions());
    let kinds: Vec<MoveKind> = positions
        .iter()
        .flat_map(|p| p.legal_moves())
        .map(|m| m.kind())
        .collect();
    for kind in [
        MoveKind::ForcedPromotion,
        MoveKind::EnPassant,
        MoveKind::ScornfulCapture,
        MoveKind::KingLeap,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} in the sample");
    }
    assert!(kinds.iter().any(|k| matches!(k, MoveKind::Castling(_))));
    assert!(positions.iter().any(|p| p.is_check()));
    assert!(texts > 200_000, "{texts} texts");
}
