//! `Episode` (one game as an environment steps it) agrees with `History`,
//! the game record's account of the rules, on every ply of random games:
//! the same legal moves, and the same end at the same ply.

use cescacs::{History, Position, Termination};
use cescacs_research::encode::action_index;
use cescacs_research::episode::{Episode, StepError};
use cescacs_research::selfplay::RandomGames;

#[test]
fn episodes_replay_random_games_exactly() {
    let games = RandomGames::new(200)
        .seed(23)
        .max_plies(3000)
        .run()
        .unwrap();
    let mut ends = std::collections::BTreeMap::new();
    for g in &games {
        let mut ep = Episode::new(g.start().clone());
        let mut history = History::new(g.start().clone());
        for (ply, m) in g.moves().enumerate() {
            let want: Vec<u16> = history
                .position()
                .legal_moves()
                .iter()
                .map(|m| action_index(m.id()).unwrap() as u16)
                .collect();
            assert_eq!(ep.legal_actions(), want.as_slice(), "ply {ply}");
            assert_eq!(ep.outcome(), None);
            let outcome = ep.step(action_index(m.id()).unwrap()).unwrap();
            history.push(m).unwrap();
            assert_eq!(outcome, history.outcome(), "ply {}", ply + 1);
            assert_eq!(ep.position(), history.position());
            assert_eq!(ep.plies(), ply + 1);
        }
        // Random play reaches the rules' end well within 3000 plies.
        let o = ep.outcome().expect("every game ended by the rules");
        assert!(ep.legal_actions().is_empty());
        *ends.entry(o.termination.name()).or_insert(0) += 1;
    }
    // The exact tally of this seed (fivefold repetition: the module's doctest).
    assert_eq!(
        format!("{ends:?}"),
        r#"{"75-move rule": 105, "checkmate": 58, "insufficient material": 36, "stalemate": 1}"#
    );
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut ep = Episode::new(Position::default());
    let before = ep.clone();
    // 0 is the cell P0 -> P0 (never a move); 169 * 40 + 41 is not legal at the start.
    assert_eq!(ep.step(0), Err(StepError::IllegalAction(0)));
    assert_eq!(
        ep.step(169 * 40 + 41),
        Err(StepError::IllegalAction(169 * 40 + 41))
    );
    assert_eq!(
        ep.step(usize::MAX),
        Err(StepError::IllegalAction(usize::MAX))
    );
    assert_eq!(ep.step_nth(68), None); // 68 legal moves: places 0..68
    assert_eq!(
        (ep.position(), ep.plies(), ep.legal_actions()),
        (before.position(), 0, before.legal_actions())
    );
    // step_nth(k) plays legal_actions()[k].
    let mut by_place = ep.clone();
    let k = 7;
    assert_eq!(by_place.step_nth(k), Some(None));
    assert_eq!(ep.step(usize::from(ep.legal_actions()[k])), Ok(None));
    assert_eq!(by_place.position(), ep.position());
}

#[test]
fn a_start_that_is_mate_is_over_at_once() {
    // A position without legal moves is over before the first step.
    let games = RandomGames::new(200).seed(5).max_plies(3000).run().unwrap();
    let mated = games
        .iter()
        .find(|g| {
            g.outcome()
                .is_some_and(|o| o.termination == Termination::Checkmate)
        })
        .expect("a mate among 200 random games");
    let ep = Episode::new(mated.position().clone());
    assert_eq!(ep.outcome(), mated.outcome());
    assert!(ep.legal_actions().is_empty());
    let mut ep2 = ep.clone();
    assert_eq!(
        ep2.step(0),
        Err(StepError::GameOver(mated.outcome().unwrap()))
    );
}
