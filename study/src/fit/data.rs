//! The data of a fit: the quiet positions of a game, reduced to their
//! material balance (White's count minus Black's, per role) and labelled
//! with White's share of the game's points.

use cescacs::{Color, Game, Piece, Position, Role};

/// The roles whose values are fitted, in the order of
/// [`EvalConfig::values`](cescacs_engine::EvalConfig::values): P E J N G R V D.
pub const FIT_ROLES: [Role; 8] = [
    Role::Pawn,
    Role::Elephant,
    Role::Bishop,
    Role::Knight,
    Role::Pegasus,
    Role::Rook,
    Role::Wyvern,
    Role::Queen,
];

/// White's count minus Black's of each of [`FIT_ROLES`].
pub fn material_balance(pos: &Position) -> [i8; 8] {
    FIT_ROLES.map(|role| {
        let count = |c| pos.pieces(Piece::new(c, role)).count() as i8;
        count(Color::White) - count(Color::Black)
    })
}

/// The sampled positions of one game: each distinct material balance with
/// the number of positions that had it, and White's share of the points.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSamples {
    /// White's share of the game's points (RULES.md §6: 3-0 is 1, 2-1 is
    /// 2/3, 1-1 is 1/2, 1-2 is 1/3, 0-3 is 0).
    pub share: f64,
    /// Each material balance sampled, with how many positions had it.
    pub balances: Vec<([i8; 8], u32)>,
}

impl GameSamples {
    /// How many positions were sampled.
    pub fn positions(&self) -> u64 {
        self.balances.iter().map(|&(_, n)| u64::from(n)).sum()
    }
}

/// The quiet positions of `game` from ply `skip` on: the side to move is
/// not in check and the move played next is neither a capture nor a
/// promotion (so the material on the board is what the position is worth
/// to the players). The last position has no next move and is left out.
/// `None` for a game without a result (`*`).
pub fn quiet_samples(game: &Game, skip: usize) -> Option<GameSamples> {
    let share = game.result().white_share()?;
    let mut balances: Vec<([i8; 8], u32)> = Vec::new();
    for (pos, m) in game.history().positions().zip(game.moves()).skip(skip) {
        if pos.is_check() || m.is_capture() || m.promotion().is_some() {
            continue;
        }
        let b = material_balance(pos);
        match balances.iter_mut().find(|(seen, _)| *seen == b) {
            Some((_, n)) => *n += 1,
            None => balances.push((b, 1)),
        }
    }
    Some(GameSamples { share, balances })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cescacs::GameResult;

    #[test]
    fn balance_counts_each_role() {
        // White: King, Queen, two Pawns; Black: King, Rook, Bishop, Pawn.
        let pos: Position = "/27:1k/25:r3/24:1j3/23:p5/5:PP4/3:D3/1:1K/ w -- - 0 1"
            .parse()
            .unwrap();
        assert_eq!(material_balance(&pos), [1, 0, -1, 0, 0, -1, 0, 1]);
        assert_eq!(material_balance(&Position::default()), [0; 8]);
    }

    #[test]
    fn samples_carry_the_results_share_of_white() {
        let mut game = cescacs::pgn::read_game(GAME).unwrap();
        for (result, share) in [
            (GameResult::WhiteWins, 1.0),
            (GameResult::WhiteStalemates, 2.0 / 3.0),
            (GameResult::BlackStalemates, 1.0 / 3.0),
            (GameResult::BlackWins, 0.0),
        ] {
            game.set_result(result);
            assert_eq!(quiet_samples(&game, 0).unwrap().share, share);
        }
    }

    /// An engine game (from `cescacs match`): captures at plies 14 (a
    /// Bishop takes a Pawn), 15 (a Pegasus takes the Bishop), 26 and 27; no
    /// check.
    const GAME: &str = "[Result \"1-1\"]
1. H6-I7, F20-F16 2. GH2-K6, E21-D20 3. G7-H8, D22-C21 4. GK6-H2, H22-I21
5. GD2-C7, G21-G19 6. GC7-T16, JF22-B22 7. JF4-L19, I23-K22 8. JL19xK22, GH26xJK22
9. GT16-P19, A23-T22 10. GP19-C7, GK22-X22 11. H8-H10, JB22-E13 12. D6-D10, JF24-A9
13. JF6-T6, GD26-E21 14. JT6xJA9, GE21xJA9 1-1";

    #[test]
    fn quiet_positions_leave_out_captures_and_the_opening() {
        let game = cescacs::pgn::read_game(GAME).unwrap();
        assert_eq!(game.len(), 28);
        // Plies 0..=13 level, 15 is before a capture, 16..=25 a Pawn up and a Bishop down.
        let all = quiet_samples(&game, 0).unwrap();
        assert_eq!(
            all,
            GameSamples {
                share: 0.5,
                balances: vec![([0; 8], 14), ([1, 0, -1, 0, 0, 0, 0, 0], 10)]
            }
        );
        assert_eq!(all.positions(), 24);
        let late = quiet_samples(&game, 16).unwrap();
        assert_eq!(late.balances, vec![([1, 0, -1, 0, 0, 0, 0, 0], 10)]);
        let mut unfinished = game.clone();
        unfinished.set_result(GameResult::Unfinished);
        assert_eq!(quiet_samples(&unfinished, 0), None);
    }
}
