//! Drawing the board: the plane geometry of the hexes (the core's
//! `Hex::center`, `Hex::corners`, `Hex::at_point`), every piece in one
//! call and the core's text picture of the board. This file only
//! translates.

use std::ffi::c_char;

use rules::Hex;

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, guard, guard_out, guard_text, out_ptr};
use super::types::{cescacs_color, cescacs_hex, cescacs_role};

/// The number of corners of a hex: `cescacs_hex_corners` writes this many
/// points.
pub const CESCACS_HEX_CORNERS: usize = 6;

/// A point of the plane in which the board is drawn (see
/// `cescacs_hex_center`).
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct cescacs_point {
    /// Horizontal coordinate, growing to White's right (column P left, Z right).
    pub x: f64,
    /// Vertical coordinate, growing towards Black (line 0 at the bottom).
    pub y: f64,
}

impl From<(f64, f64)> for cescacs_point {
    fn from((x, y): (f64, f64)) -> cescacs_point {
        cescacs_point { x, y }
    }
}

/// A piece on its hex, as `cescacs_game_pieces` lists them: `role` is
/// never `CESCACS_ROLE_NONE`.
#[repr(C)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct cescacs_placed_piece {
    /// Where the piece stands.
    pub hex: cescacs_hex,
    /// Its kind.
    pub role: cescacs_role,
    /// Its side.
    pub color: cescacs_color,
}

/// Writes the centre of `hex` to `*center_out`, in the plane the board is
/// drawn in — that of the SVG boards of the Python package, with y up:
///
/// * hexes are flat-topped (a horizontal edge at the top and the bottom, a
///   corner to the left and to the right) with circumradius 1 (centre to
///   corner; centre to edge is √3/2);
/// * the central hex F14 is at the origin (0, 0);
/// * x grows to White's right (column P left, Z right), y grows towards
///   Black: White's side (line 0) is at the bottom.
///
/// The centre of (column c, line l) is x = 1.5·(c − 7), y = √3/2·(l − 14):
/// F16 is at (0, √3), G15 at (1.5, √3/2); orthogonal neighbours are √3
/// apart, diagonal ones 3. The whole board fits in x ∈ [−11.5, 11.5],
/// y ∈ [−15·√3/2, 15·√3/2]. To draw on a screen with y down, scale by the
/// wanted circumradius in pixels and negate y (negate x too to put Black
/// at the bottom). `cescacs_hex_at_point` is the inverse.
///
/// Errors: `NULL_POINTER` (`center_out` NULL), `BAD_HEX`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_hex_center(
    hex: cescacs_hex,
    center_out: *mut cescacs_point,
) -> cescacs_result {
    // SAFETY: `center_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_hex_center", center_out, "center_out", || {
            Ok(hex.to_core()?.center().into())
        })
    }
}

/// Writes the `CESCACS_HEX_CORNERS` (6) corners of `hex` into
/// `corners_out` (an array of 6 points), in the plane of
/// `cescacs_hex_center`: counter-clockwise (with y up) from the corner on
/// the right, the centre plus (1, 0), (½, √3/2), (−½, √3/2), (−1, 0),
/// (−½, −√3/2), (½, −√3/2). They are the vertices of the hex's polygon
/// (clockwise once y is turned down); neighbouring hexes share corners.
///
/// Errors: `NULL_POINTER` (`corners_out` NULL), `BAD_HEX`. Nothing is
/// written on error.
#[no_mangle]
pub unsafe extern "C" fn cescacs_hex_corners(
    hex: cescacs_hex,
    corners_out: *mut cescacs_point,
) -> cescacs_result {
    guard("cescacs_hex_corners", || {
        out_ptr(corners_out, "corners_out")?;
        let corners = hex.to_core()?.corners();
        for (i, c) in corners.into_iter().enumerate() {
            // SAFETY: not NULL (checked above) and room for
            // CESCACS_HEX_CORNERS points (the header's contract); `i` < 6.
            unsafe { corners_out.add(i).write(c.into()) };
        }
        Ok(())
    })
}

/// Writes to `*hex_out` the hex whose hexagon contains the point (`x`,
/// `y`) of the plane of `cescacs_hex_center` — the hex a player clicked
/// on, once the click is brought back to that plane (divide by the scale,
/// negate y for a y-down screen). A point on an edge between two hexes
/// gives one of them.
///
/// Errors: `NULL_POINTER` (`hex_out` NULL), `NOT_FOUND` (the point is off
/// the board, or `x` or `y` is not a finite number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_hex_at_point(
    x: f64,
    y: f64,
    hex_out: *mut cescacs_hex,
) -> cescacs_result {
    // SAFETY: `hex_out` is NULL or writable (the header's contract).
    unsafe {
        guard_out("cescacs_hex_at_point", hex_out, "hex_out", || {
            Hex::at_point(x, y).map(cescacs_hex::from).ok_or_else(|| {
                Error::new(
                    cescacs_result::NotFound,
                    format!("({x}, {y}) is not on the board"),
                )
            })
        })
    }
}

/// Writes every piece of the current position, with its hex, in board
/// order (line 0 first, each line from left to right; see
/// `CESCACS_HEX_COUNT`), into `buf` (room for `len` entries), and their
/// number to `*count_out`: what a front end draws, in one call.
/// `CESCACS_HEX_COUNT` entries are always enough; call with `buf` NULL and
/// `len` 0 to learn the number.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BUFFER_TOO_SMALL` (`buf` is untouched and `*count_out` gets
/// the number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_pieces(
    game: *const cescacs_game,
    buf: *mut cescacs_placed_piece,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    guard("cescacs_game_pieces", || {
        out_ptr(count_out, "count_out")?;
        if buf.is_null() && len != 0 {
            return Err(Error::null("buf (with a non-zero length)"));
        }
        // SAFETY: `game` is NULL or a live handle (the header's contract).
        let g = unsafe { borrow(game) }?;
        let pieces: Vec<cescacs_placed_piece> = Hex::all()
            .filter_map(|h| {
                g.position.piece_at(h).map(|p| cescacs_placed_piece {
                    hex: h.into(),
                    role: p.role.into(),
                    color: p.color.into(),
                })
            })
            .collect();
        // SAFETY: not NULL (checked above), so writable (the header's
        // contract).
        unsafe { count_out.write(pieces.len()) };
        if pieces.len() > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!(
                    "the position has {} pieces, the array has room for {len}",
                    pieces.len()
                ),
            ));
        }
        // SAFETY: `pieces.len()` <= `len`, so `buf` is not NULL when there
        // is anything to copy (checked above) and holds `len` entries (the
        // header's contract); a fresh Vec never overlaps it.
        unsafe { std::ptr::copy_nonoverlapping(pieces.as_ptr(), buf, pieces.len()) };
        Ok(())
    })
}

/// Writes the board as text (the picture `cescacs show` prints) and a
/// terminating NUL into `buf` (room for `len` bytes), and its length to
/// `*out_len` if `out_len` is not NULL: 29 rows for lines 28 (Black's
/// side) down to 0, each starting with its line number, then a row of
/// column letters, every row ending with `'\n'`. Each column has a
/// two-character slot, so the rows interleave into the board's hexagonal
/// outline. Pieces are their PDTL letters (uppercase White) and empty hexes
/// `.`; with `unicode` true, FAN figurines and `·` (UTF-8).
///
/// Errors: `NULL_POINTER` (`game` NULL, or `buf` NULL with `len` > 0),
/// `BUFFER_TOO_SMALL` (the buffer is untouched and `*out_len` gets the
/// needed length: call with `buf` NULL and `len` 0 to ask for it).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_board_text(
    game: *const cescacs_game,
    unicode: bool,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` bytes,
    // `out_len` NULL or writable (the header's contract).
    unsafe {
        guard_text("cescacs_game_board_text", buf, len, out_len, || {
            Ok(borrow(game)?.position.board_text(unicode))
        })
    }
}
