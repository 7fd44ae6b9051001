//! `_board_svg`: the core's SVG drawing (`cescacs::svg`) for
//! `cescacs.svg.board`, which reads its keywords (arrows as moves or text,
//! the last move, the check) and passes hexes and colours here.

use cescacs::svg::{board_svg, Arrow, CheckMark, SvgOptions};
use cescacs::Hex;
use pyo3::prelude::*;

use crate::board::PyBoard;
use crate::hex::extract_hex;

fn hexes(list: &[Bound<'_, PyAny>]) -> PyResult<Vec<Hex>> {
    list.iter().map(extract_hex).collect()
}

fn coloured(list: &[(Bound<'_, PyAny>, String)]) -> PyResult<Vec<(Hex, String)>> {
    list.iter()
        .map(|(h, c)| Ok((extract_hex(h)?, c.clone())))
        .collect()
}

/// The SVG text of `board`: arrows `(tail, head, colour)`, highlights and
/// fills `(hex, colour)`, the last move's hexes, the checked King's hex
/// (`None`: no mark), crosses, coordinates, Black at the bottom.
#[pyfunction]
#[pyo3(signature = (board, *, size, arrows, highlight, lastmove, check, coordinates, flipped, fill, squares))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _board_svg(
    board: PyRef<'_, PyBoard>,
    size: u32,
    arrows: Vec<(Bound<'_, PyAny>, Bound<'_, PyAny>, String)>,
    highlight: Vec<(Bound<'_, PyAny>, String)>,
    lastmove: Vec<Bound<'_, PyAny>>,
    check: Option<Bound<'_, PyAny>>,
    coordinates: bool,
    flipped: bool,
    fill: Vec<(Bound<'_, PyAny>, String)>,
    squares: Vec<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let options = SvgOptions {
        size,
        arrows: arrows
            .iter()
            .map(|(t, h, c)| {
                Ok(Arrow {
                    tail: extract_hex(t)?,
                    head: extract_hex(h)?,
                    color: c.clone(),
                })
            })
            .collect::<PyResult<_>>()?,
        highlight: coloured(&highlight)?,
        lastmove: hexes(&lastmove)?,
        check: match check {
            Some(h) => CheckMark::At(extract_hex(&h)?),
            None => CheckMark::Off,
        },
        coordinates,
        flipped,
        fill: coloured(&fill)?,
        squares: hexes(&squares)?,
    };
    Ok(board_svg(board.pos()?, &options))
}
