//! The package's JavaScript values: moves, hex lists, outcomes and scores
//! as plain objects (structured-cloneable, so they cross to and from a
//! Web Worker as they are), and the arguments read back from JavaScript.

use cescacs::{Bitboard, Color, Hex, Move, MoveKind, Outcome, Position};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::errors::{error, type_error};

/// A plain object with these properties.
pub(crate) fn object(props: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in props {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

/// A property of `value` (`undefined` when absent or `value` is no object).
pub(crate) fn get(value: &JsValue, key: &str) -> JsValue {
    if !value.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(value, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn str_or_null(s: Option<String>) -> JsValue {
    s.map_or(JsValue::NULL, |s| JsValue::from_str(&s))
}

/// The `kind` string of a move: Python's `MoveKind` values.
pub(crate) fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep => "double_step",
        MoveKind::TripleStep => "triple_step",
        MoveKind::ScornfulStep => "scornful_step",
        MoveKind::EnPassant => "en_passant",
        MoveKind::ScornfulCapture => "scornful_capture",
        MoveKind::KingLeap => "king_leap",
        MoveKind::Castling(_) => "castling",
        MoveKind::ForcedPromotion => "forced_promotion",
    }
}

/// A legal move of `pos` as a `Move` object: its hexes, kind, pieces
/// (CTL-AN letters), castling name and rook moves, long form, and CTL-AN
/// in `pos` (check marks included).
pub(crate) fn move_value(pos: &Position, m: &Move) -> JsValue {
    let rooks: Array = m
        .rook_moves()
        .into_iter()
        .map(|(a, b)| -> JsValue { hex_pair(a, b).into() })
        .collect();
    object(&[
        ("from", JsValue::from_str(&m.from().to_string())),
        ("to", JsValue::from_str(&m.to().to_string())),
        ("kind", JsValue::from_str(kind_name(m.kind()))),
        ("piece", JsValue::from_str(&m.role().letter().to_string())),
        (
            "captured",
            str_or_null(m.captured().map(|r| r.letter().to_string())),
        ),
        (
            "promotion",
            str_or_null(m.promotion().map(|r| r.letter().to_string())),
        ),
        (
            "castling",
            str_or_null(m.castling().map(|c| c.name().to_string())),
        ),
        ("rookMoves", rooks.into()),
        ("long", JsValue::from_str(&m.long())),
        ("ctl", JsValue::from_str(&pos.ctl(m))),
    ])
}

fn hex_pair(a: Hex, b: Hex) -> Array {
    Array::of2(&a.to_string().into(), &b.to_string().into())
}

/// The moves of `pos` as an array of `Move` objects.
pub(crate) fn moves_value<'a>(pos: &Position, moves: impl IntoIterator<Item = &'a Move>) -> Array {
    moves.into_iter().map(|m| move_value(pos, m)).collect()
}

/// A line of moves from `pos`, each `Move` with its CTL-AN where it is played.
pub(crate) fn line_value(pos: &Position, moves: &[Move]) -> Array {
    let mut p = pos.clone();
    let out = Array::new();
    for m in moves {
        out.push(&move_value(&p, m));
        p.play_unchecked(*m);
    }
    out
}

/// A hex set as an array of hex names, in index order.
pub(crate) fn hexes_value(set: Bitboard) -> Array {
    set.map(|h| JsValue::from_str(&h.to_string())).collect()
}

/// An outcome as `{termination, winner, result, points}` (Python's
/// `Outcome`: winner `"w"`, `"b"` or `null`; points `[white, black]`).
pub(crate) fn outcome_value(o: Option<Outcome>) -> JsValue {
    let Some(o) = o else {
        return JsValue::NULL;
    };
    let (w, b) = o.points();
    object(&[
        ("termination", JsValue::from_str(o.termination.name())),
        (
            "winner",
            str_or_null(o.winner.map(|c| c.char().to_string())),
        ),
        ("result", JsValue::from_str(&o.result())),
        (
            "points",
            Array::of2(&f64::from(w).into(), &f64::from(b).into()).into(),
        ),
    ])
}

/// A hex from its name (`"F14"`); `InvalidHexError` otherwise.
pub(crate) fn read_hex(text: &str) -> Result<Hex, JsValue> {
    text.parse::<Hex>()
        .map_err(|e| error("InvalidHexError", e.to_string()))
}

/// A colour from `"w"`, `"b"`, `"white"` or `"black"` (as Python reads it).
pub(crate) fn read_color(text: &str) -> Result<Color, JsValue> {
    match text {
        "w" | "white" => Ok(Color::White),
        "b" | "black" => Ok(Color::Black),
        _ => Err(error(
            "InvalidHexError",
            format!("{text:?} is not a colour: give \"w\", \"b\", \"white\" or \"black\""),
        )),
    }
}

/// The legal move of `pos` that `value` names: CTL-AN text, or a `Move`
/// object (read by its `long` form, as a move made on another board).
pub(crate) fn read_move(pos: &Position, value: &JsValue) -> Result<Move, JsValue> {
    if let Some(text) = value.as_string() {
        return pos.parse_ctl(&text).map_err(crate::errors::move_text_error);
    }
    match get(value, "long").as_string() {
        Some(long) => pos
            .parse_long(&long)
            .map_err(crate::errors::move_text_error),
        None => Err(type_error(
            "a move is CTL-AN text (\"E7-E13\") or a Move object (with its `long` form)",
        )),
    }
}

/// A list of moves played one after the other from `pos` (each CTL-AN text
/// or a `Move`), each checked where it is played.
pub(crate) fn read_line(pos: &Position, values: &JsValue) -> Result<Vec<Move>, JsValue> {
    if !Array::is_array(values) {
        return Err(type_error(
            "moves are an array of CTL-AN texts or Move objects",
        ));
    }
    let mut p = pos.clone();
    let mut out = Vec::new();
    for v in Array::from(values).iter() {
        let m = read_move(&p, &v)?;
        p.play_unchecked(m);
        out.push(m);
    }
    Ok(out)
}

/// A number property of an options object (`undefined`/`null`: `None`); a
/// non-number is a `TypeError`.
pub(crate) fn number(options: &JsValue, key: &str) -> Result<Option<f64>, JsValue> {
    let v = get(options, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_f64()
        .map(Some)
        .ok_or_else(|| type_error(format!("option {key} must be a number")))
}

/// A whole-number property in `0..=max` (`undefined`/`null`: `None`).
pub(crate) fn count(options: &JsValue, key: &str, max: f64) -> Result<Option<u64>, JsValue> {
    match number(options, key)? {
        None => Ok(None),
        Some(x) if x.fract() == 0.0 && (0.0..=max).contains(&x) => Ok(Some(x as u64)),
        Some(x) => Err(crate::errors::range_error(format!(
            "option {key} must be a whole number from 0 to {max}, not {x}"
        ))),
    }
}
