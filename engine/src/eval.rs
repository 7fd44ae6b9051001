//! Static evaluation, in centipawns from the side to move's view.
//!
//! Five terms, each switchable so a match can measure it (see
//! `cescacs match` and docs/ENGINE.md): material (RULES.md §2.1),
//! mobility, King safety, pawn progress toward promotion and passed pawns.

use std::sync::OnceLock;

use cescacs::{Bitboard, Color, Dir, Hex, Piece, Position, Role};

/// The weights of the evaluation. `Default` is the engine's play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct EvalConfig {
    /// Centipawns per piece, indexed by [`Role::index`] (the King's is
    /// unused): [`FITTED_VALUES`] by default.
    pub values: [i32; 9],
    /// Centipawns per legal move more than the opponent had a ply before.
    /// Off by default: at 4 it lost its match (docs/ENGINE.md), and without
    /// it quiescence can stand pat before generating moves.
    pub mobility: i32,
    /// Centipawns per own piece next to the own King, minus per enemy
    /// piece next to it.
    pub king_safety: i32,
    /// Scale of the bonus for pawns near promotion (quadratic in the steps
    /// made toward it); 0 turns it off.
    pub pawn_progress: i32,
    /// Scale of the extra bonus for a passed pawn (no enemy pawn ahead of
    /// it on its own or a neighbouring column): `passed × (2 + s²/4)` for
    /// `s` steps made; 0 turns it off.
    pub passed: i32,
}

/// The rules site's values (RULES.md §2.1): P 1, E 2, J 3, N 4, G 8, R 10, V 15, D 16.
pub const SITE_VALUES: [i32; 9] = [100, 200, 300, 400, 800, 1000, 1500, 1600, 0];
/// The reference evaluator's values (RULES.md §2.1): P 1, E 2, J 3, N 4, G 8, R 11, V 14, D 15.
pub const REFERENCE_VALUES: [i32; 9] = [100, 200, 300, 400, 800, 1100, 1400, 1500, 0];
/// The values fitted to 569 distinct depth-5 engine games (docs/BALANCE.md): P 100, E 58,
/// J 245, N 163, G 617, R 440, V 846, D 896. They beat the values fitted to depth-2 games
/// ([`DEPTH2_VALUES`]) by +85 ± 39 Elo at 1 s + 10 ms a game (SPRT), so they are the default.
pub const FITTED_VALUES: [i32; 9] = [100, 58, 245, 163, 617, 440, 846, 896, 0];
/// The values fitted to 1,798 depth-2 engine games (docs/BALANCE.md, `scripts/engine-study.sh
/// fit`): P 100, E 11, J 224, N 149, G 592, R 438, V 786, D 864.
pub const DEPTH2_VALUES: [i32; 9] = [100, 11, 224, 149, 592, 438, 786, 864, 0];

impl Default for EvalConfig {
    fn default() -> EvalConfig {
        EvalConfig {
            values: FITTED_VALUES,
            mobility: 0,
            king_safety: 8,
            pawn_progress: 6,
            passed: 6,
        }
    }
}

impl EvalConfig {
    /// The hand-written evaluation of `pos` with these settings,
    /// centipawns for its side to move, without the mobility term (which
    /// needs the move counts a search keeps).
    pub fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(pos, self, 0)
    }

    /// Material only.
    pub fn material_only() -> EvalConfig {
        EvalConfig {
            mobility: 0,
            king_safety: 0,
            pawn_progress: 0,
            passed: 0,
            ..EvalConfig::default()
        }
    }
}

/// Why an evaluation text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalConfigError(pub String);

impl std::fmt::Display for EvalConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad evaluation setting: {}", self.0)
    }
}

impl std::error::Error for EvalConfigError {}

impl std::str::FromStr for EvalConfig {
    type Err = EvalConfigError;

    /// `default`, `material`, or comma-separated changes to the default:
    /// `mobility=N`, `king=N`, `pawn=N`, `passed=N`, `values=fitted|depth2|site|reference|P/E/J/N/G/R/V/D`
    /// (centipawns), e.g. `king=0,values=reference`.
    fn from_str(text: &str) -> Result<EvalConfig, EvalConfigError> {
        let bad = |what: &str| EvalConfigError(format!("{what} in {text:?}"));
        let mut cfg = EvalConfig::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.split_once('=') {
                None if part == "default" => cfg = EvalConfig::default(),
                None if part == "material" => cfg = EvalConfig::material_only(),
                None => return Err(bad(&format!("unknown word {part:?}"))),
                Some((key, value)) => {
                    let number = || {
                        value
                            .parse::<i32>()
                            .ok()
                            .filter(|v| v.abs() <= 10_000)
                            .ok_or_else(|| {
                                bad(&format!("{key} needs a number up to 10000, not {value:?}"))
                            })
                    };
                    match key {
                        "mobility" => cfg.mobility = number()?,
                        "king" => cfg.king_safety = number()?,
                        "pawn" => cfg.pawn_progress = number()?,
                        "passed" => cfg.passed = number()?,
                        "values" => cfg.values = piece_values(value).map_err(|e| bad(&e.0))?,
                        _ => return Err(bad(&format!("unknown setting {key:?}"))),
                    }
                }
            }
        }
        Ok(cfg)
    }
}

/// A set of piece values by name, `fitted`, `depth2`, `site` or
/// `reference`, or as eight centipawn numbers `P/E/J/N/G/R/V/D` (0..3000;
/// the King's value is 0): what `values=` reads in an [`EvalConfig`] text.
pub fn piece_values(text: &str) -> Result<[i32; 9], EvalConfigError> {
    Ok(match text {
        "fitted" => FITTED_VALUES,
        "depth2" => DEPTH2_VALUES,
        "site" => SITE_VALUES,
        "reference" => REFERENCE_VALUES,
        list => {
            let v: Vec<i32> = list
                .split('/')
                .map(|x| x.parse::<i32>())
                .collect::<Result<_, _>>()
                .map_err(|_| EvalConfigError("values must be fitted, depth2, site, reference or eight numbers P/E/J/N/G/R/V/D".into()))?;
            if v.len() != 8 || v.iter().any(|&x| !(0..=3000).contains(&x)) {
                return Err(EvalConfigError(
                    "values must be eight numbers 0..3000 P/E/J/N/G/R/V/D".into(),
                ));
            }
            [v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], 0]
        }
    })
}

/// Pawn steps (two lines each) from `h` to `color`'s promotion hex of its column.
fn steps_to_promotion(h: Hex, color: Color) -> i32 {
    let c = i32::from(h.column());
    let top = 28 - (c - 7).abs();
    let bottom = (c - 7).abs();
    match color {
        Color::White => (top - i32::from(h.line())) / 2,
        Color::Black => (i32::from(h.line()) - bottom) / 2,
    }
}

/// The most steps a pawn can have left (a pawn on its first line in the
/// centre column): the bonus counts steps made below this.
const PAWN_START_STEPS: i32 = 10;

/// The hexes ahead of a `color` pawn on each hex, on its own column and the
/// two beside it: an enemy pawn there can block or take it (or be passed
/// by an oblique step, which the bonus ignores).
fn passed_spans(color: Color) -> &'static [Bitboard; 169] {
    static SPANS: OnceLock<[[Bitboard; 169]; 2]> = OnceLock::new();
    let spans = SPANS.get_or_init(|| {
        let mut out = [[Bitboard::EMPTY; 169]; 2];
        for h in Hex::all() {
            for t in Hex::all() {
                if (i32::from(t.column()) - i32::from(h.column())).abs() <= 1 {
                    if t.line() > h.line() {
                        out[0][h.index()].insert(t);
                    } else if t.line() < h.line() {
                        out[1][h.index()].insert(t);
                    }
                }
            }
        }
        out
    });
    &spans[usize::from(color == Color::Black)]
}

/// `pos` seen by the side to move. `mobility` is the side to move's legal
/// move count minus the opponent's a ply before (0 when unknown).
pub(crate) fn evaluate(pos: &Position, cfg: &EvalConfig, mobility: i32) -> i32 {
    let white = white_view(pos, cfg);
    let own = if pos.turn() == Color::White {
        white
    } else {
        -white
    };
    own + cfg.mobility * mobility
}

fn white_view(pos: &Position, cfg: &EvalConfig) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let v = cfg.values[role.index()];
        if v != 0 {
            let w = pos.pieces(Piece::new(Color::White, role)).count() as i32;
            let b = pos.pieces(Piece::new(Color::Black, role)).count() as i32;
            score += v * (w - b);
        }
    }
    if cfg.pawn_progress != 0 || cfg.passed != 0 {
        for color in Color::ALL {
            let enemy_pawns = pos.pieces(Piece::new(!color, Role::Pawn));
            let spans = passed_spans(color);
            let (mut side, mut passed) = (0, 0);
            for h in pos.pieces(Piece::new(color, Role::Pawn)) {
                let made = (PAWN_START_STEPS - steps_to_promotion(h, color)).max(0);
                side += made * made;
                if (spans[h.index()] & enemy_pawns).is_empty() {
                    passed += 8 + made * made;
                }
            }
            score += sign(color) * (cfg.pawn_progress * side + cfg.passed * passed) / 4;
        }
    }
    if cfg.king_safety != 0 {
        for color in Color::ALL {
            let king = pos.king(color);
            let (mut own, mut theirs) = (0, 0);
            for d in Dir::ALL {
                if let Some(p) = king.step(d).and_then(|h| pos.piece_at(h)) {
                    if p.color == color {
                        own += 1;
                    } else {
                        theirs += 1;
                    }
                }
            }
            score += sign(color) * cfg.king_safety * (own - theirs);
        }
    }
    score
}

fn sign(c: Color) -> i32 {
    if c == Color::White {
        1
    } else {
        -1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_position_is_level_and_symmetric_terms_cancel() {
        let pos = Position::default();
        assert_eq!(evaluate(&pos, &EvalConfig::default(), 0), 0);
        let with_mobility = EvalConfig {
            mobility: 4,
            ..EvalConfig::default()
        };
        assert_eq!(evaluate(&pos, &with_mobility, 3), 12);
    }

    #[test]
    fn material_counts_from_the_movers_view() {
        // White: King and Queen; Black: King and Rook. Black to move.
        let pos: Position = "/27:1k/25:r3/3:D3/1:1K/ b -- - 0 1".parse().unwrap();
        assert_eq!(
            evaluate(&pos, &EvalConfig::material_only(), 0),
            -(896 - 440)
        );
        let site = EvalConfig {
            values: SITE_VALUES,
            ..EvalConfig::material_only()
        };
        assert_eq!(evaluate(&pos, &site, 0), -600);
    }

    #[test]
    fn settings_read_from_text() {
        let c: EvalConfig = "material,king=3,values=100/200/300/400/700/1000/1400/1500"
            .parse()
            .unwrap();
        assert_eq!(
            c,
            EvalConfig {
                values: [100, 200, 300, 400, 700, 1000, 1400, 1500, 0],
                mobility: 0,
                king_safety: 3,
                pawn_progress: 0,
                passed: 0
            }
        );
        assert_eq!("passed=0".parse::<EvalConfig>().unwrap().passed, 0);
        assert_eq!(
            "values=reference".parse::<EvalConfig>().unwrap().values,
            REFERENCE_VALUES
        );
        assert_eq!(
            "values=site".parse::<EvalConfig>().unwrap().values,
            SITE_VALUES
        );
        assert_eq!(
            "values=depth2".parse::<EvalConfig>().unwrap().values,
            DEPTH2_VALUES
        );
        assert_eq!(
            "values=fitted".parse::<EvalConfig>().unwrap(),
            EvalConfig::default()
        );
        assert!("king=x".parse::<EvalConfig>().is_err());
        assert!("values=1/2".parse::<EvalConfig>().is_err());
        assert!("speed=3".parse::<EvalConfig>().is_err());
        assert_eq!(
            "values=1/2".parse::<EvalConfig>().unwrap_err().0,
            "values must be eight numbers 0..3000 P/E/J/N/G/R/V/D in \"values=1/2\""
        );
    }

    #[test]
    fn a_set_of_values_reads_alone() {
        assert_eq!(piece_values("depth2"), Ok(DEPTH2_VALUES));
        assert_eq!(
            piece_values("1/2/3/4/5/6/7/8"),
            Ok([1, 2, 3, 4, 5, 6, 7, 8, 0])
        );
        // A whole evaluation text is not a set of values.
        assert!(piece_values("fitted,king=0").is_err());
        assert!(piece_values("1/2/3/4/5/6/7/3001").is_err());
    }

    #[test]
    fn a_passed_pawn_is_one_no_enemy_pawn_can_meet_ahead() {
        let passed_only = EvalConfig {
            passed: 4,
            ..EvalConfig::material_only()
        };
        // White pawn F8 against a Black pawn on G19 or I19.
        let both: Position = "/27:1k/19:5p2/8:3P3/1:1K/ w -- - 0 1".parse().unwrap();
        let one: Position = "/27:1k/19:4p3/8:3P3/1:1K/ w -- - 0 1".parse().unwrap();
        assert_eq!(
            one.piece_at("G19".parse().unwrap()),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
        assert_eq!(
            both.piece_at("I19".parse().unwrap()),
            Some(Piece::new(Color::Black, Role::Pawn))
        );
        let material = EvalConfig::material_only();
        let bonus = |pos: &Position| evaluate(pos, &passed_only, 0) - evaluate(pos, &material, 0);
        // Black's pawn on G19 stands on a column beside F: neither pawn is passed.
        assert_eq!(bonus(&one), 0);
        // On I19 they pass each other: each side gets 8 + s², s its steps made.
        let made = |h: &str, c: Color| {
            (PAWN_START_STEPS - steps_to_promotion(h.parse().unwrap(), c)).max(0)
        };
        let (w, b) = (made("F8", Color::White), made("I19", Color::Black));
        assert_eq!(bonus(&both), 4 * ((8 + w * w) - (8 + b * b)) / 4);
        // Pawns behind each other do not stop each other.
        let behind: Position = "/27:1k/10:3P3/6:3p3/1:1K/ w -- - 0 1".parse().unwrap();
        let (w, b) = (made("F10", Color::White), made("F6", Color::Black));
        assert_eq!(bonus(&behind), 4 * ((8 + w * w) - (8 + b * b)) / 4);
    }

    #[test]
    fn promotion_distance_per_column() {
        let f8: Hex = "F8".parse().unwrap();
        assert_eq!(steps_to_promotion(f8, Color::White), 10);
        let a5: Hex = "A5".parse().unwrap();
        assert_eq!(steps_to_promotion(a5, Color::White), 9);
        let f28: Hex = "F28".parse().unwrap();
        assert_eq!(steps_to_promotion(f28, Color::White), 0);
        let f0: Hex = "F0".parse().unwrap();
        assert_eq!(steps_to_promotion(f0, Color::Black), 0);
    }
}
