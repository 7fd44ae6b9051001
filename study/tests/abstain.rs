//! Abstaining from the King's gaits, through the search's root-move filter.

use cescacs::{History, MoveKind, Position};
use cescacs_engine::{EngineOptions, Limits};
use cescacs_study::{Abstain, Match, Player};

fn gait(m: &cescacs::Move) -> bool {
    matches!(m.kind(), MoveKind::KingLeap | MoveKind::Castling(_))
}

#[test]
fn an_engine_abstaining_from_the_kings_gaits_never_plays_them() {
    // White has the five King's Leaps and all 24 castlings (RULES.md §8).
    let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let abstain = Abstain {
        king_leaps: true,
        castling: true,
    };
    let moves = abstain.root_moves(&pos).expect("moves besides the gaits");
    assert!(moves.iter().all(|m| !gait(m)));
    assert_eq!(moves.len() + 29, pos.legal_moves().len());
    for depth in 1..=3 {
        let player = Player {
            depth,
            options: EngineOptions::default(),
            abstain,
        };
        let r = player.engine().search(
            &History::new(pos.clone()),
            &player.limits(&History::new(pos.clone())),
            |_| {},
        );
        let m = r.best_move.unwrap();
        assert!(!gait(&m), "{}", pos.ctl(&m));
    }
}

#[test]
fn each_gait_is_abstained_from_alone() {
    let pos: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let leaps = Abstain {
        king_leaps: true,
        castling: false,
    }
    .root_moves(&pos)
    .unwrap();
    assert!(
        leaps.iter().all(|m| m.kind() != MoveKind::KingLeap)
            && leaps
                .iter()
                .any(|m| matches!(m.kind(), MoveKind::Castling(_)))
    );
    let castling = Abstain {
        king_leaps: false,
        castling: true,
    }
    .root_moves(&pos)
    .unwrap();
    assert!(
        castling
            .iter()
            .all(|m| !matches!(m.kind(), MoveKind::Castling(_)))
            && castling.iter().any(|m| m.kind() == MoveKind::KingLeap)
    );
    // Nothing abstained from, or no gait to abstain from: no filter.
    assert_eq!(Abstain::default().root_moves(&pos), None);
    assert_eq!(
        Abstain {
            king_leaps: true,
            castling: true
        }
        .root_moves(&Position::default()),
        None
    );
    assert_eq!(
        Player::new(2, EngineOptions::default())
            .limits(&History::new(pos))
            .search_moves,
        None
    );
}

#[test]
fn an_abstaining_player_never_plays_a_gait_in_a_match() {
    // Games from positions where both Kings can leap and castle at once.
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let options = EngineOptions {
        hash_mb: 1,
        ..EngineOptions::default()
    };
    let a = Player {
        depth: 2,
        options,
        abstain: Abstain {
            king_leaps: true,
            castling: true,
        },
    };
    let mut m = Match::new(a, Player::new(2, options), 2);
    m.start = start;
    m.opening_plies = (0, 0);
    m.max_plies = 8;
    m.threads = 2;
    let result = m.run(&|_| {}).unwrap();
    assert_eq!(result.games.len(), 4);
    for g in &result.games {
        let mut h = History::new(g.start.clone());
        for &mv in &g.moves {
            if h.position().turn() == g.a_color {
                assert!(
                    !gait(&mv) || a.abstain.root_moves(h.position()).is_none(),
                    "A played {}",
                    h.position().ctl(&mv)
                );
            }
            h.push_unchecked(mv);
        }
    }
    // With Limits built by hand, the same filter.
    let h = History::new(m.start.clone());
    assert_eq!(
        a.limits(&h).search_moves,
        Limits::depth(2)
            .with_search_moves(a.abstain.root_moves(h.position()).unwrap())
            .search_moves
    );
}
