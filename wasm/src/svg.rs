//! `boardSvg(board, options)`: the core's SVG drawing (`cescacs::svg`), the
//! one Python's `cescacs.svg.board` draws, with its keywords in camelCase.

use cescacs::svg::{self, Arrow, CheckMark, SvgOptions, ARROW_COLOR, HIGHLIGHT_COLOR};
use cescacs::{Hex, Position};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::errors::{error, type_error};
use crate::types::{or_undefined, SvgOptionsArg};
use crate::values::{get, number, read_hex};

fn read_arrow(pos: &Position, value: &JsValue) -> Result<Arrow, JsValue> {
    let arrow = |tail: Hex, head: Hex, color: Option<String>| Arrow {
        tail,
        head,
        color: color.unwrap_or_else(|| ARROW_COLOR.to_string()),
    };
    if let Some(text) = value.as_string() {
        let (tail, head) = svg::arrow_hexes(pos, &text).ok_or_else(|| {
            error(
                "InvalidMoveError",
                format!(
                    "arrow {text:?} names no move of this board and not two hexes; give CTL-AN (\"E7-E13\"), [tail, head] or {{tail, head}}"
                ),
            )
        })?;
        return Ok(arrow(tail, head, None));
    }
    if Array::is_array(value) {
        let a = Array::from(value);
        let (tail, head) = (a.get(0).as_string(), a.get(1).as_string());
        if let (Some(tail), Some(head), 2..=3) = (tail, head, a.length()) {
            return Ok(arrow(
                read_hex(&tail)?,
                read_hex(&head)?,
                a.get(2).as_string(),
            ));
        }
    }
    let (tail, head) = match (
        get(value, "tail").as_string(),
        get(value, "head").as_string(),
    ) {
        (Some(t), Some(h)) => (t, h),
        // A Move object: from its origin to its destination.
        _ => match (get(value, "from").as_string(), get(value, "to").as_string()) {
            (Some(t), Some(h)) => (t, h),
            _ => return Err(type_error(
                "an arrow is CTL-AN text, a Move, [tail, head(, colour)] or {tail, head, color}",
            )),
        },
    };
    Ok(arrow(
        read_hex(&tail)?,
        read_hex(&head)?,
        get(value, "color").as_string(),
    ))
}

fn read_hexes(value: &JsValue, what: &str) -> Result<Vec<Hex>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(value) {
        return Err(type_error(format!("{what} is an array of hex names")));
    }
    Array::from(value)
        .iter()
        .map(|v| match v.as_string() {
            Some(name) => read_hex(&name),
            None => Err(type_error(format!("{what} is an array of hex names"))),
        })
        .collect()
}

/// `{hex: colour}` objects (and, for `highlight`, arrays of hexes in `default`).
fn read_colours(value: &JsValue, what: &str, default: &str) -> Result<Vec<(Hex, String)>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if Array::is_array(value) {
        return Ok(read_hexes(value, what)?
            .into_iter()
            .map(|h| (h, default.to_string()))
            .collect());
    }
    if !value.is_object() {
        return Err(type_error(format!("{what} is an object {{hex: colour}}")));
    }
    Object::entries(value.unchecked_ref())
        .iter()
        .map(|pair| {
            let pair = Array::from(&pair);
            let hex = read_hex(&pair.get(0).as_string().unwrap_or_default())?;
            let colour = pair
                .get(1)
                .as_string()
                .ok_or_else(|| type_error(format!("{what}: a colour is a string")))?;
            Ok((hex, colour))
        })
        .collect()
}

fn read_flipped(options: &JsValue) -> Result<bool, JsValue> {
    let flipped = get(options, "flipped");
    if let Some(b) = flipped.as_bool() {
        return Ok(b);
    }
    let o = get(options, "orientation");
    if o.is_undefined() || o.is_null() {
        return Ok(false);
    }
    // python-chess's bool: true is White at the bottom.
    if let Some(white) = o.as_bool() {
        return Ok(!white);
    }
    match o.as_string().as_deref() {
        Some("w" | "white") => Ok(false),
        Some("b" | "black") => Ok(true),
        _ => Err(type_error(
            "orientation is \"w\"/\"white\"/true or \"b\"/\"black\"/false",
        )),
    }
}

/// The SVG text of `board` with `options` (Python's `cescacs.svg.board`
/// keywords): `size`, `arrows`, `highlight`, `lastmove` (default `true`:
/// the board's last move), `check` (default: the checked King of the side
/// to move; `null`: none), `coordinates`, `orientation`/`flipped`, `fill`,
/// `squares`. Every hex is a `<polygon data-hex="E7">`.
#[wasm_bindgen(js_name = boardSvg)]
pub fn board_svg(board: &Board, options: Option<SvgOptionsArg>) -> Result<String, JsValue> {
    let options = or_undefined(options);
    let pos = board.pos();
    let mut o = SvgOptions::default();
    if let Some(size) = number(&options, "size")? {
        if !((1.0..=100_000.0).contains(&size) && size.fract() == 0.0) {
            return Err(crate::errors::range_error(format!(
                "size must be a whole number of pixels from 1 to 100000, not {size}"
            )));
        }
        o.size = size as u32;
    }
    let arrows = get(&options, "arrows");
    if !arrows.is_undefined() && !arrows.is_null() {
        if !Array::is_array(&arrows) {
            return Err(type_error("arrows is an array"));
        }
        o.arrows = Array::from(&arrows)
            .iter()
            .map(|a| read_arrow(pos, &a))
            .collect::<Result<_, _>>()?;
    }
    o.highlight = read_colours(&get(&options, "highlight"), "highlight", HIGHLIGHT_COLOR)?;
    o.fill = read_colours(&get(&options, "fill"), "fill", HIGHLIGHT_COLOR)?;
    o.squares = read_hexes(&get(&options, "squares"), "squares")?;
    let last = get(&options, "lastmove");
    let last = if last.is_undefined() || last.as_bool() == Some(true) {
        board.hist.last_move()
    } else if last.is_null() || last.as_bool() == Some(false) {
        None
    } else {
        // A Move object (or its text) of the position before it.
        let before = match board.hist.len().checked_sub(1) {
            Some(ply) => board.hist.position_at(ply).expect("a ply of the stack"),
            None => pos,
        };
        Some(crate::values::read_move(before, &last)?)
    };
    o.lastmove = last.map_or_else(Vec::new, |m| svg::move_hexes(&m));
    let check = get(&options, "check");
    o.check = if check.is_undefined() {
        CheckMark::Auto
    } else if check.is_null() || check.as_bool() == Some(false) {
        CheckMark::Off
    } else {
        match check.as_string() {
            Some(name) => CheckMark::At(read_hex(&name)?),
            None => return Err(type_error("check is a hex name or null")),
        }
    };
    if let Some(c) = get(&options, "coordinates").as_bool() {
        o.coordinates = c;
    }
    o.flipped = read_flipped(&options)?;
    Ok(svg::board_svg(pos, &o))
}
