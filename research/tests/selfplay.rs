//! Seeded random games: reproducible whatever the thread count, every move
//! legal, and each game stopped exactly where the rules end it (or at the
//! ply limit).

use cescacs::random::SplitMix64;
use cescacs::{Game, Position};
use cescacs_research::selfplay::{random_game, RandomGames};

#[test]
fn same_seed_same_games_whatever_the_threads() {
    let one = RandomGames::new(24)
        .seed(2026)
        .max_plies(120)
        .threads(1)
        .run()
        .unwrap();
    for threads in [2, 3, 0] {
        assert_eq!(
            RandomGames::new(24)
                .seed(2026)
                .max_plies(120)
                .threads(threads)
                .run()
                .unwrap(),
            one
        );
    }
    let other = RandomGames::new(24)
        .seed(2027)
        .max_plies(120)
        .run()
        .unwrap();
    assert_ne!(other, one);
    // Games of one run differ from each other.
    assert!(one.windows(2).all(|w| w[0] != w[1]));
}

#[test]
fn every_move_is_legal_and_games_stop_at_their_end() {
    let games = RandomGames::new(60).seed(1).max_plies(400).run().unwrap();
    let mut ended = 0;
    for g in &games {
        // Replaying through the game record (which refuses moves after the
        // end and illegal moves) gives the same game.
        let mut replay = Game::from_position(g.start().clone());
        for m in g.moves() {
            replay
                .push(m)
                .unwrap_or_else(|e| panic!("{}: {e}", m.long()));
        }
        assert_eq!(replay.position(), g.position());
        match g.end() {
            Some((ply, _)) => {
                assert_eq!(ply, g.len(), "no move after the end");
                ended += 1;
            }
            None => assert_eq!(g.len(), 400, "an unfinished game ran to the limit"),
        }
    }
    // Random play ends many games within 400 plies (mates, the 75-move rule,
    // bare Kings); a sanity check that the loop does stop at the end.
    assert!(ended > 0, "{ended}");
}

#[test]
fn a_game_from_a_set_up_position() {
    let start: Position = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1".parse().unwrap();
    let g = random_game(&start, 5, 50);
    assert_eq!(g.start(), &start);
    assert_eq!(g, random_game(&start, 5, 50));
    let games = RandomGames::new(3)
        .start(&start)
        .max_plies(10)
        .run()
        .unwrap();
    assert!(games.iter().all(|g| g.start() == &start && g.len() <= 10));
    assert!(RandomGames::new(0).run().unwrap().is_empty());
}

#[test]
fn a_set_flag_stops_the_run() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    assert!(RandomGames::new(5).cancel_flag(&stop).run().is_err());
}

#[test]
fn splitmix_is_the_reference_generator() {
    // First outputs for seed 0 (the published SplitMix64 reference values).
    let mut r = SplitMix64::new(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    let mut r = SplitMix64::new(9);
    assert!((0..1000).all(|_| r.below(7) < 7));
}

/// FNV-1a over the moves (long form) of a run and its game lengths.
fn fingerprint(games: &[Game]) -> (usize, u64) {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut plies = 0;
    for g in games {
        for m in g.moves() {
            for byte in m.long().to_string().bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        plies += g.len();
        hash = (hash ^ g.len() as u64).wrapping_mul(0x0100_0000_01b3);
    }
    (plies, hash)
}

/// The games of a seed are fixed: this pins them, so a change of how the
/// runs play or share out their games cannot change them unnoticed.
#[test]
fn the_games_of_a_seed_are_pinned() {
    let games = RandomGames::new(30)
        .seed(1)
        .max_plies(200)
        .threads(2)
        .run()
        .unwrap();
    assert_eq!(fingerprint(&games), (6000, 3_647_462_856_029_527_820));
}
