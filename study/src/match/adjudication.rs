//! Ending games early from the engines' own scores, as cutechess-cli's
//! `-resign` and `-draw` (with fastchess's reading of them): a side whose
//! score stays at or below `-score` for `move_count` of its moves in a row
//! loses; a game where both sides' scores stay within `score` of zero for
//! `move_count` moves each, once `move_number` full moves are played, is a
//! draw. A move without a score, or a pawn move or capture (the halfmove
//! clock back to zero), starts the draw count again.

use cescacs::Color;
use cescacs_engine::Score;

/// `--resign movecount=N score=CP`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of one side at or below `-score`.
    pub move_count: u32,
    /// Centipawns (a pawn is 100); a score of being mated always counts.
    pub score: i32,
}

/// `--draw movenumber=N movecount=N score=CP`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Full moves played (from the opening's start) before a draw is given.
    pub move_number: u32,
    /// Consecutive moves of each side within `score` of zero.
    pub move_count: u32,
    /// Centipawns; mate scores never count.
    pub score: i32,
}

/// The `key=value` pairs of `text` (`movecount=3 score=600`, spaces or
/// commas between), each key one of `keys`.
fn read_pairs(text: &str, keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut values = vec![None; keys.len()];
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("{word:?} is not key=value"))?;
        let i = keys
            .iter()
            .position(|k| *k == key)
            .ok_or_else(|| format!("unknown key {key:?} (expected {})", keys.join(", ")))?;
        values[i] = Some(
            value
                .parse::<i64>()
                .map_err(|_| format!("{key}: {value:?} is not a whole number"))?,
        );
    }
    keys.iter()
        .zip(values)
        .map(|(k, v)| v.ok_or_else(|| format!("{k}= is missing")))
        .collect()
}

fn positive(v: i64, key: &str) -> Result<u32, String> {
    u32::try_from(v).map_err(|_| format!("{key} must be >= 0"))
}

impl ResignRule {
    /// Reads `movecount=N score=CP`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let v = read_pairs(text, &["movecount", "score"])?;
        let score = positive(v[1], "score")? as i32;
        Ok(ResignRule {
            move_count: positive(v[0], "movecount")?.max(1),
            score,
        })
    }
}

impl DrawRule {
    /// Reads `movenumber=N movecount=N score=CP`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let v = read_pairs(text, &["movenumber", "movecount", "score"])?;
        let score = positive(v[2], "score")? as i32;
        Ok(DrawRule {
            move_number: positive(v[0], "movenumber")?,
            move_count: positive(v[1], "movecount")?.max(1),
            score,
        })
    }
}

/// The adjudication rules of a match (none by default).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Resign a side whose score stays hopeless.
    pub resign: Option<ResignRule>,
    /// Draw a game whose scores stay level.
    pub draw: Option<DrawRule>,
}

/// What an adjudication decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This side loses.
    Resign(Color),
    /// The game is drawn.
    Draw,
}

/// The counts of one game.
#[derive(Clone, Debug)]
pub(crate) struct Adjudicator {
    rules: Adjudication,
    resign_moves: [u32; 2],
    draw_moves: u32,
}

impl Adjudicator {
    pub(crate) fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            resign_moves: [0; 2],
            draw_moves: 0,
        }
    }

    /// Counts the move `side` just played with `score` (its own view);
    /// `zeroing` when it reset the halfmove clock; `full_moves` played so
    /// far. The verdict, if one is reached.
    pub(crate) fn after_move(
        &mut self,
        side: Color,
        score: Option<Score>,
        zeroing: bool,
        full_moves: usize,
    ) -> Option<Verdict> {
        let i = usize::from(side == Color::Black);
        if let Some(rule) = self.rules.resign {
            let hopeless = matches!(score, Some(Score::Cp(cp)) if cp <= -rule.score)
                || matches!(score, Some(Score::Mate(n)) if n <= 0);
            self.resign_moves[i] = if hopeless {
                self.resign_moves[i] + 1
            } else {
                0
            };
            if self.resign_moves[i] >= rule.move_count {
                return Some(Verdict::Resign(side));
            }
        }
        if let Some(rule) = self.rules.draw {
            let level = matches!(score, Some(Score::Cp(cp)) if cp.abs() <= rule.score);
            self.draw_moves = if level && !zeroing {
                self.draw_moves + 1
            } else {
                0
            };
            if full_moves >= rule.move_number as usize && self.draw_moves >= 2 * rule.move_count {
                return Some(Verdict::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_cutechess_style_pairs() {
        assert_eq!(
            ResignRule::parse("movecount=3 score=600"),
            Ok(ResignRule {
                move_count: 3,
                score: 600
            })
        );
        assert_eq!(
            DrawRule::parse("movenumber=40,movecount=8,score=10"),
            Ok(DrawRule {
                move_number: 40,
                move_count: 8,
                score: 10
            })
        );
        assert!(ResignRule::parse("movecount=3").is_err());
        assert!(ResignRule::parse("movecount=3 score=x").is_err());
        assert!(DrawRule::parse("movenumber=1 movecount=1 score=1 colour=2").is_err());
    }

    #[test]
    fn a_side_resigns_after_its_count_of_hopeless_scores() {
        let mut a = Adjudicator::new(Adjudication {
            resign: Some(ResignRule {
                move_count: 2,
                score: 500,
            }),
            draw: None,
        });
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(-600)), false, 1),
            None
        );
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(600)), false, 1),
            None
        );
        // A score above the threshold starts White's count again.
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(-100)), false, 2),
            None
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Mate(-3)), false, 3),
            None
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(-500)), false, 4),
            Some(Verdict::Resign(Color::White))
        );
    }

    #[test]
    fn a_level_game_is_drawn_after_its_move_number() {
        let mut a = Adjudicator::new(Adjudication {
            resign: None,
            draw: Some(DrawRule {
                move_number: 3,
                move_count: 1,
                score: 20,
            }),
        });
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(5)), false, 1),
            None
        );
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-5)), false, 2),
            None
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(0)), false, 3),
            Some(Verdict::Draw)
        );
        // A capture, a mate score or no score starts the count again.
        let mut a = Adjudicator::new(Adjudication {
            resign: None,
            draw: Some(DrawRule {
                move_number: 0,
                move_count: 1,
                score: 20,
            }),
        });
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(5)), false, 0),
            None
        );
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(5)), true, 1),
            None
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Mate(5)), false, 1),
            None
        );
        assert_eq!(a.after_move(Color::Black, None, false, 2), None);
    }
}
