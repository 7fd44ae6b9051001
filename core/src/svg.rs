//! The board as SVG text: one drawing for every front end (Python's
//! `cescacs.svg`, the npm package's `boardSvg`), over the plane of
//! [`Hex::center`](crate::Hex::center) and [`Hex::corners`](crate::Hex::corners).
//! Text out, no I/O: a writer like [`Position::board_text`].
//!
//! Each of the 169 hexes is one `<polygon>` with class `hex`, its colour
//! (`white`, `black`, `coloured`) and its name, and `data-hex="E7"` for
//! scripts; pieces are a disc with the piece's CTL-AN letter (no special
//! font needed); then the check mark, coordinates, crosses and arrows.
//!
//! ```
//! use cescacs::svg::{board_svg, SvgOptions};
//! use cescacs::Position;
//! let text = board_svg(&Position::default(), &SvgOptions::default());
//! assert_eq!(text.matches("<polygon").count(), 169);
//! assert!(text.contains(r#"data-hex="F14""#));
//! ```

use std::fmt::Write;

use crate::geometry::{Hex, HexColor};
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// Fill of a hex of each colour.
pub const fn hex_fill(color: HexColor) -> &'static str {
    match color {
        HexColor::White => "#f3ead7",
        HexColor::Coloured => "#d9a066",
        HexColor::Black => "#8b6a4e",
    }
}
/// The tint of the last move's hexes.
pub const LAST_MOVE_COLOR: &str = "#e8e84a";
/// The default tint of highlighted hexes.
pub const HIGHLIGHT_COLOR: &str = "#5fa8e8";
/// The default arrow colour.
pub const ARROW_COLOR: &str = "#1f7a3a";
/// The centre of the check mark.
pub const CHECK_COLOR: &str = "#e0201b";

/// An arrow from `tail` to `head` in `color` (any SVG colour).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Arrow {
    /// Where it starts.
    pub tail: Hex,
    /// Where it points.
    pub head: Hex,
    /// Its colour.
    pub color: String,
}

/// Where a drawing marks a checked King.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum CheckMark {
    /// The King of the side to move when it is in check.
    #[default]
    Auto,
    /// This hex.
    At(Hex),
    /// Nowhere.
    Off,
}

/// What a drawing shows besides the position (the keywords of Python's
/// `cescacs.svg.board`, which follow `chess.svg.board`).
#[derive(Clone, PartialEq, Debug)]
pub struct SvgOptions {
    /// Width in pixels (the height follows the board's shape).
    pub size: u32,
    /// Arrows, drawn last in this order.
    pub arrows: Vec<Arrow>,
    /// Hexes tinted towards a colour (after the last move's tint).
    pub highlight: Vec<(Hex, String)>,
    /// The last move's hexes, tinted ([`move_hexes`]).
    pub lastmove: Vec<Hex>,
    /// The check mark.
    pub check: CheckMark,
    /// Column letters and line numbers around the board.
    pub coordinates: bool,
    /// Black at the bottom (the board turned half a circle about F14).
    pub flipped: bool,
    /// Colours painted over hexes (last, over every tint).
    pub fill: Vec<(Hex, String)>,
    /// Hexes marked with a cross.
    pub squares: Vec<Hex>,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            size: 480,
            arrows: Vec::new(),
            highlight: Vec::new(),
            lastmove: Vec::new(),
            check: CheckMark::Auto,
            coordinates: true,
            flipped: false,
            fill: Vec::new(),
            squares: Vec::new(),
        }
    }
}

/// The hexes a drawing tints for move `m`: its origin and destination,
/// then a castling's rook moves.
pub fn move_hexes(m: &Move) -> Vec<Hex> {
    let mut out = vec![m.from(), m.to()];
    for (a, b) in m.rook_moves() {
        out.extend([a, b]);
    }
    out
}

/// The hexes an arrow's text names: the legal move of `pos` it is in
/// CTL-AN (so castlings and Leaps point where the King goes), else the last
/// two hex names in it (`"D2-H10"`, `"D2 H10"`); `None` when it names
/// fewer than two hexes.
pub fn arrow_hexes(pos: &Position, text: &str) -> Option<(Hex, Hex)> {
    if let Ok(m) = pos.parse_ctl(text) {
        return Some((m.from(), m.to()));
    }
    let names = hex_names(text);
    let [.., tail, head] = names.as_slice() else {
        return None;
    };
    Some((tail.parse().ok()?, head.parse().ok()?))
}

/// The hex names in `text`: a column letter then a line 0–28 that no
/// other digit follows (Python's `[PTABCDEFGHIKLXZ](?:2[0-8]|1[0-9]|[0-9])(?![0-9])`).
fn hex_names(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if b"PTABCDEFGHIKLXZ".contains(&bytes[i]) {
            let run = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let digits = &bytes[i + 1..i + 1 + run];
            let ok = match digits {
                [_] => true,
                [b'1', _] => true,
                [b'2', d] => *d <= b'8',
                _ => false,
            };
            if ok {
                out.push(&text[i..i + 1 + run]);
                i += 1 + run;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// `a` moved a fraction `t` towards `b` (`#rrggbb`; anything else gives `a`).
fn mix(a: &str, b: &str, t: f64) -> String {
    let rgb = |c: &str| -> Option<[f64; 3]> {
        let hex = c.strip_prefix('#').filter(|h| h.len() == 6)?;
        let ch = |k: usize| u8::from_str_radix(hex.get(k..k + 2)?, 16).ok();
        Some([f64::from(ch(0)?), f64::from(ch(2)?), f64::from(ch(4)?)])
    };
    let (Some(ca), Some(cb)) = (rgb(a), rgb(b)) else {
        return a.to_string();
    };
    let mut out = String::from("#");
    for (x, y) in ca.into_iter().zip(cb) {
        let v = (x + (y - x) * t).round_ties_even();
        let _ = write!(out, "{:02x}", v as u8);
    }
    out
}

/// `&`, `<` and `>` escaped (Python's `xml.sax.saxutils.escape`).
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn color_class(c: HexColor) -> &'static str {
    match c {
        HexColor::White => "white",
        HexColor::Black => "black",
        HexColor::Coloured => "coloured",
    }
}

/// The screen geometry: hex circumradius `s`, one cross-line step `h`.
struct Frame {
    s: f64,
    h: f64,
    margin: f64,
    sign: f64,
}

impl Frame {
    /// A point of the core's plane (y up, F14 at the origin) on screen
    /// (y down, in the margins); flipped boards turn about F14.
    fn point(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.margin + self.s * (11.5 + self.sign * x),
            self.margin + 15.0 * self.h - self.s * self.sign * y,
        )
    }

    fn centre(&self, hex: Hex) -> (f64, f64) {
        self.point(hex.center())
    }
}

/// `pos` drawn as SVG text with `options`.
pub fn board_svg(pos: &Position, options: &SvgOptions) -> String {
    let s = 20.0;
    let h = 3f64.sqrt() / 2.0 * s;
    let margin = if options.coordinates {
        1.9 * s
    } else {
        0.25 * s
    };
    let width = 23.0 * s + 2.0 * margin;
    let height = 30.0 * h + 2.0 * margin;
    let f = Frame {
        s,
        h,
        margin,
        sign: if options.flipped { -1.0 } else { 1.0 },
    };
    // Corners listed clockwise on screen from the right-hand one.
    let corner_order: [usize; 6] = std::array::from_fn(|j| {
        if options.flipped {
            (9 - j) % 6
        } else {
            (6 - j) % 6
        }
    });

    let mut fills: Vec<String> = Hex::all()
        .map(|x| hex_fill(x.color()).to_string())
        .collect();
    for x in &options.lastmove {
        fills[x.index()] = mix(hex_fill(x.color()), LAST_MOVE_COLOR, 0.55);
    }
    for (x, colour) in &options.highlight {
        fills[x.index()] = mix(&fills[x.index()], colour, 0.6);
    }
    for (x, colour) in &options.fill {
        fills[x.index()] = colour.clone();
    }
    let check = match options.check {
        CheckMark::At(x) => Some(x),
        CheckMark::Off => None,
        CheckMark::Auto => pos.is_check().then(|| pos.king(pos.turn())),
    };

    let mut out: Vec<String> = vec![
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{}" height="{:.0}" viewBox="0 0 {width:.2} {height:.2}">"#,
            options.size,
            f64::from(options.size) * height / width
        ),
        format!(
            concat!(
                "<defs>",
                r#"<radialGradient id="cescacs-check"><stop offset="0%" stop-color="{c}"/>"#,
                r#"<stop offset="55%" stop-color="{c}" stop-opacity="0.75"/>"#,
                r#"<stop offset="100%" stop-color="{c}" stop-opacity="0"/></radialGradient>"#,
                "</defs>"
            ),
            c = CHECK_COLOR
        ),
        format!(r##"<rect x="0" y="0" width="{width:.2}" height="{height:.2}" fill="#fbf8f2"/>"##),
        r##"<g class="board" stroke="#5a4632" stroke-width="0.8">"##.to_string(),
    ];
    for x in Hex::all() {
        let corners = x.corners();
        let points: Vec<String> = corner_order
            .iter()
            .map(|&k| {
                let (px, py) = f.point(corners[k]);
                format!("{px:.2},{py:.2}")
            })
            .collect();
        out.push(format!(
            r#"<polygon class="hex {} {x}" data-hex="{x}" points="{}" fill="{}"/>"#,
            color_class(x.color()),
            points.join(" "),
            escape(&fills[x.index()])
        ));
    }
    out.push("</g>".to_string());
    for &x in &options.squares {
        let (cx, cy) = f.centre(x);
        let r = 0.45 * s;
        out.push(format!(
            r##"<path class="cross {x}" stroke="#202020" stroke-width="{:.2}" stroke-linecap="round" d="M {:.2} {:.2} L {:.2} {:.2} M {:.2} {:.2} L {:.2} {:.2}"/>"##,
            0.12 * s,
            cx - r,
            cy - r,
            cx + r,
            cy + r,
            cx - r,
            cy + r,
            cx + r,
            cy - r
        ));
    }
    if let Some(x) = check {
        let (cx, cy) = f.centre(x);
        out.push(format!(
            r#"<circle class="check" cx="{cx:.2}" cy="{cy:.2}" r="{:.2}" fill="url(#cescacs-check)"/>"#,
            0.95 * s
        ));
    }
    if options.coordinates {
        out.push(coordinates(&f));
    }
    out.push(
        r#"<g class="pieces" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-weight="bold" text-anchor="middle">"#
            .to_string(),
    );
    for x in Hex::all() {
        let Some(piece) = pos.piece_at(x) else {
            continue;
        };
        let (cx, cy) = f.centre(x);
        let (disc, ink, edge) = match piece.color {
            Color::White => ("#ffffff", "#1a1a1a", "#1a1a1a"),
            Color::Black => ("#1f1f1f", "#ffffff", "#f0f0f0"),
        };
        out.push(format!(
            concat!(
                r#"<g class="piece {sym}"><circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" "#,
                r#"fill="{disc}" stroke="{edge}" stroke-width="1.2"/>"#,
                r#"<text x="{cx:.2}" y="{ty:.2}" font-size="{fs:.1}" fill="{ink}" stroke="none">"#,
                "{letter}</text></g>"
            ),
            sym = escape(&piece.char().to_string()),
            cx = cx,
            cy = cy,
            r = 0.64 * s,
            disc = disc,
            edge = edge,
            ty = cy + 0.3 * s,
            fs = 0.82 * s,
            ink = ink,
            letter = piece.role.letter()
        ));
    }
    out.push("</g>".to_string());
    for arrow in &options.arrows {
        out.push(arrow_svg(&f, arrow));
    }
    out.push("</svg>".to_string());
    out.join("\n")
}

fn arrow_svg(f: &Frame, arrow: &Arrow) -> String {
    let s = f.s;
    let (x1, y1) = f.centre(arrow.tail);
    let (x2, y2) = f.centre(arrow.head);
    let mut length = (x2 - x1).hypot(y2 - y1);
    if length == 0.0 {
        length = 1.0;
    }
    let (ux, uy) = ((x2 - x1) / length, (y2 - y1) / length);
    let (tip_x, tip_y) = (x2 - ux * 0.3 * s, y2 - uy * 0.3 * s);
    let head = (0.75 * s).min(length * 0.6);
    let (base_x, base_y) = (tip_x - ux * head, tip_y - uy * head);
    let wing = 0.42 * s;
    let colour = escape(&arrow.color);
    format!(
        concat!(
            r#"<g class="arrow" fill="{c}" stroke="{c}" opacity="0.8">"#,
            r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{bx:.2}" y2="{by:.2}" "#,
            r#"stroke-width="{sw:.2}" stroke-linecap="round"/>"#,
            r#"<path stroke="none" d="M {tx:.2} {ty:.2} L {ax:.2} {ay:.2} "#,
            r#"L {cx:.2} {cy:.2} Z"/></g>"#
        ),
        c = colour,
        x1 = x1,
        y1 = y1,
        bx = base_x,
        by = base_y,
        sw = 0.3 * s,
        tx = tip_x,
        ty = tip_y,
        ax = base_x - uy * wing,
        ay = base_y + ux * wing,
        cx = base_x + uy * wing,
        cy = base_y - ux * wing,
    )
}

/// Column letters above and below each column, line numbers in a ruler on each side.
fn coordinates(f: &Frame) -> String {
    let mut parts = String::from(
        r##"<g class="coordinates" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="9" fill="#5a4632" text-anchor="middle">"##,
    );
    // Columns in the order their first hex comes (as Python's dict keeps them).
    let mut columns: Vec<(u8, Vec<Hex>)> = Vec::new();
    for x in Hex::all() {
        match columns.iter_mut().find(|(c, _)| *c == x.column()) {
            Some((_, list)) => list.push(x),
            None => columns.push((x.column(), vec![x])),
        }
    }
    let y_of = |x: &Hex| f.centre(*x).1;
    for (_, hexes) in &columns {
        // The first hex with the least (greatest) y, as Python's min (max).
        let top = hexes.iter().fold(
            hexes[0],
            |best, x| {
                if y_of(x) < y_of(&best) {
                    *x
                } else {
                    best
                }
            },
        );
        let bottom = hexes.iter().fold(
            hexes[0],
            |best, x| {
                if y_of(x) > y_of(&best) {
                    *x
                } else {
                    best
                }
            },
        );
        for (x, dy) in [(top, -f.h - 5.0), (bottom, f.h + 11.0)] {
            let (cx, cy) = f.centre(x);
            let _ = write!(
                parts,
                r#"<text x="{cx:.2}" y="{:.2}">{}</text>"#,
                cy + dy,
                x.column_letter()
            );
        }
    }
    let xs = || Hex::all().map(|x| f.centre(x).0);
    let left = xs().fold(f64::INFINITY, f64::min) - f.s - 3.0;
    let right = xs().fold(f64::NEG_INFINITY, f64::max) + f.s + 3.0;
    for line in 0..=28u8 {
        let Some(first) = Hex::all().find(|x| x.line() == line) else {
            continue;
        };
        let y = f.centre(first).1 + 3.0;
        let _ = write!(
            parts,
            r#"<text x="{left:.2}" y="{y:.2}" text-anchor="end">{line}</text><text x="{right:.2}" y="{y:.2}" text-anchor="start">{line}</text>"#
        );
    }
    parts.push_str("</g>");
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_names_follow_the_python_pattern() {
        assert_eq!(hex_names("E7-E13"), ["E7", "E13"]);
        assert_eq!(hex_names("KRK-HIO"), Vec::<&str>::new());
        assert_eq!(hex_names("E29 F28 G130 H05 I1"), ["F28", "I1"]);
        assert_eq!(hex_names("NG3xI7+"), ["G3", "I7"]);
    }

    #[test]
    fn mix_rounds_half_to_even() {
        assert_eq!(mix("#000000", "#ffffff", 0.5), "#808080");
        assert_eq!(mix("#f3ead7", "#e8e84a", 0.55), "#ede989");
        assert_eq!(mix("#010101", "#020202", 0.5), "#020202");
        assert_eq!(mix("#030303", "#040404", 0.5), "#040404");
        assert_eq!(mix("#020202", "#030303", 0.5), "#020202");
        assert_eq!(mix("red", "#ffffff", 0.5), "red");
    }

    #[test]
    fn arrows_read_moves_then_hex_names() {
        let pos = Position::default();
        let e7: Hex = "E7".parse().unwrap();
        let e13: Hex = "E13".parse().unwrap();
        assert_eq!(arrow_hexes(&pos, "E7-E13"), Some((e7, e13)));
        assert_eq!(arrow_hexes(&pos, "E13 to E7"), Some((e13, e7)));
        assert_eq!(arrow_hexes(&pos, "nothing"), None);
    }

    #[test]
    fn every_hex_is_one_polygon_with_its_name() {
        let text = board_svg(&Position::default(), &SvgOptions::default());
        assert_eq!(text.matches("<polygon").count(), 169);
        for x in Hex::all() {
            assert_eq!(text.matches(&format!(r#"data-hex="{x}""#)).count(), 1);
        }
        assert_eq!(text.matches(r#"<g class="piece "#).count(), 54);
        assert!(!text.contains("class=\"check\""));
    }

    #[test]
    fn flipping_turns_the_board_about_f14() {
        let plain = board_svg(&Position::default(), &SvgOptions::default());
        let flipped = board_svg(
            &Position::default(),
            &SvgOptions {
                flipped: true,
                ..SvgOptions::default()
            },
        );
        // F14's polygon has the same corners either way; G1's moves.
        let poly = |t: &str, name: &str| {
            t.lines()
                .find(|l| l.contains(&format!(r#"data-hex="{name}""#)))
                .unwrap()
                .to_string()
        };
        assert_eq!(poly(&plain, "F14"), poly(&flipped, "F14"));
        assert_ne!(poly(&plain, "G1"), poly(&flipped, "G1"));
    }
}
