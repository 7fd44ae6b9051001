//! Threats: attacked hexes, attackers, checkers and pins, for front ends
//! that show them. Every answer is the core's (`Position::is_attacked`,
//! `attackers`, `attacks`, `attacked_hexes`, `checkers`, `pin`); this file
//! only translates. "Attacked" is the sense of check detection (RULES.md
//! §5.1): pins and the attacker's own King do not matter, and a King's
//! Leap never attacks (§5.2).

use rules::Bitboard;

use super::cescacs_result;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, guard, guard_out, out_ptr};
use super::types::{cescacs_color, cescacs_hex};

/// Writes to `*attacked_out` whether `hex` is attacked by the side `by`
/// (`CESCACS_COLOR_WHITE` or `CESCACS_COLOR_BLACK`, passed as its value): a
/// piece of `by` could capture there were an enemy piece on it (RULES.md
/// §5.1), whatever stands on `hex` and whether or not that capture would be
/// legal (pins and `by`'s own King do not matter). The King's Leaps never
/// attack. The side to move is in check when its King's hex is attacked by
/// the other side.
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (`by` is not a colour),
/// `BAD_HEX`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_is_attacked(
    game: *const cescacs_game,
    by: u32,
    hex: cescacs_hex,
    attacked_out: *mut bool,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `attacked_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out(
            "cescacs_game_is_attacked",
            attacked_out,
            "attacked_out",
            || {
                let g = borrow(game)?;
                let by = cescacs_color::arg(by, "by")?;
                Ok(g.position.is_attacked(hex.to_core()?, by))
            },
        )
    }
}

/// Writes the hexes of the pieces of side `by` that attack `hex` (in the
/// sense of `cescacs_game_is_attacked`), in board order (see
/// `CESCACS_HEX_COUNT`), into `buf` (room for `len` hexes), and their
/// number to `*count_out`. `CESCACS_HEX_COUNT` entries are always enough;
/// call with `buf` NULL and `len` 0 to learn the number.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BAD_ARGUMENT` (`by` is not a colour), `BAD_HEX`,
/// `BUFFER_TOO_SMALL` (`buf` is untouched and `*count_out` gets the
/// number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_attackers(
    game: *const cescacs_game,
    by: u32,
    hex: cescacs_hex,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` hexes,
    // `count_out` NULL or writable (the header's contract).
    unsafe {
        guard_hexes("cescacs_game_attackers", buf, len, count_out, || {
            let g = borrow(game)?;
            let by = cescacs_color::arg(by, "by")?;
            Ok(g.position.attackers(hex.to_core()?, by))
        })
    }
}

/// Writes the hexes the piece on `hex` attacks (none if `hex` is empty), in
/// board order, into `buf` (room for `len` hexes), and their number to
/// `*count_out`: along each of its rays up to and including the first
/// occupied hex (own pieces included: they are defended), its knight jumps,
/// a pawn's two forward diagonals, an Elephant's (up to) six hexes, a
/// King's (up to) twelve neighbours (never its Leaps). Buffer sizes as
/// `cescacs_game_attackers`.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BAD_HEX`, `BUFFER_TOO_SMALL` (`buf` is untouched and
/// `*count_out` gets the number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_attacks(
    game: *const cescacs_game,
    hex: cescacs_hex,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` hexes,
    // `count_out` NULL or writable (the header's contract).
    unsafe {
        guard_hexes("cescacs_game_attacks", buf, len, count_out, || {
            let g = borrow(game)?;
            Ok(g.position.attacks(hex.to_core()?))
        })
    }
}

/// Writes every hex attacked by side `by` (the union of
/// `cescacs_game_attacks` over its pieces: exactly the hexes for which
/// `cescacs_game_is_attacked` says true, those of `by`'s own pieces
/// included), in board order (see `CESCACS_HEX_COUNT`), into `buf` (room
/// for `len` hexes), and their number to `*count_out`. `CESCACS_HEX_COUNT`
/// entries are always enough.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BAD_ARGUMENT` (`by` is not a colour), `BUFFER_TOO_SMALL`
/// (`buf` is untouched and `*count_out` gets the number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_attacked_hexes(
    game: *const cescacs_game,
    by: u32,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` hexes,
    // `count_out` NULL or writable (the header's contract).
    unsafe {
        guard_hexes("cescacs_game_attacked_hexes", buf, len, count_out, || {
            let g = borrow(game)?;
            Ok(g.position.attacked_hexes(cescacs_color::arg(by, "by")?))
        })
    }
}

/// Writes the hexes of the pieces giving check — the other side's pieces
/// that attack the King of the side to move — in board order, into `buf`
/// (room for `len` hexes), and their number to `*count_out`: 0 when the
/// side to move is not in check, 2 for a double check. Buffer sizes as
/// `cescacs_game_attackers`.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BUFFER_TOO_SMALL` (`buf` is untouched and `*count_out` gets
/// the number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_checkers(
    game: *const cescacs_game,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` hexes,
    // `count_out` NULL or writable (the header's contract).
    unsafe {
        guard_hexes("cescacs_game_checkers", buf, len, count_out, || {
            Ok(borrow(game)?.position.checkers())
        })
    }
}

/// Tells whether the piece of side `color` on `hex` is pinned to its King
/// (moving it off the line would expose the King to the pinning piece) and
/// where it may still go: writes the pin ray — the hexes from the King
/// (excluded) to the pinning piece (included), the pinned piece's own hex
/// among them — in board order (see `CESCACS_HEX_COUNT`) into `buf` (room
/// for `len` hexes), and their number to `*count_out`. The number is 0 when
/// the piece is not pinned, and also when `hex` is empty, holds a piece of
/// the other side or holds the King (never pinned). A pinned piece's legal
/// moves all end on its ray (some pieces have none there: a pinned Knight
/// cannot move). Buffer sizes as `cescacs_game_attackers`;
/// `cescacs_game_is_pinned` answers only yes or no.
///
/// Errors: `NULL_POINTER` (`game` or `count_out` NULL, or `buf` NULL with
/// `len` > 0), `BAD_ARGUMENT` (`color` is not a colour), `BAD_HEX`,
/// `BUFFER_TOO_SMALL` (`buf` is untouched and `*count_out` gets the
/// number).
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_pin(
    game: *const cescacs_game,
    color: u32,
    hex: cescacs_hex,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle, `buf` NULL or `len` hexes,
    // `count_out` NULL or writable (the header's contract).
    unsafe {
        guard_hexes("cescacs_game_pin", buf, len, count_out, || {
            let g = borrow(game)?;
            let color = cescacs_color::arg(color, "color")?;
            Ok(g.position.pin(color, hex.to_core()?).unwrap_or_default())
        })
    }
}

/// Writes to `*pinned_out` whether the piece of side `color` on `hex` is
/// pinned to its King (see `cescacs_game_pin`; false for an empty hex, a
/// piece of the other side and the King).
///
/// Errors: `NULL_POINTER`, `BAD_ARGUMENT` (`color` is not a colour),
/// `BAD_HEX`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_game_is_pinned(
    game: *const cescacs_game,
    color: u32,
    hex: cescacs_hex,
    pinned_out: *mut bool,
) -> cescacs_result {
    // SAFETY: `game` is NULL or a live handle and `pinned_out` NULL or
    // writable (the header's contract).
    unsafe {
        guard_out("cescacs_game_is_pinned", pinned_out, "pinned_out", || {
            let g = borrow(game)?;
            let color = cescacs_color::arg(color, "color")?;
            Ok(g.position.is_pinned(color, hex.to_core()?))
        })
    }
}

/// The body of an exported function that answers with a set of hexes:
/// under `guard`, checks `count_out` (required) and `buf` (NULL only with
/// `len` 0) first, then runs `hexes` and writes the set's hexes in index
/// order into the caller's array `buf` of `len` entries and their number to
/// `*count_out`. If they do not fit, `buf` is left untouched, the number is
/// still written and the result is `BUFFER_TOO_SMALL` (the size query of
/// the API: `buf` NULL, `len` 0).
///
/// # Safety
/// `buf` is NULL or valid for writing `len` hexes; `count_out` is NULL or
/// valid for writing a `usize`.
unsafe fn guard_hexes(
    function: &'static str,
    buf: *mut cescacs_hex,
    len: usize,
    count_out: *mut usize,
    hexes: impl FnOnce() -> Result<Bitboard, Error>,
) -> cescacs_result {
    guard(function, || {
        out_ptr(count_out, "count_out")?;
        if buf.is_null() && len != 0 {
            return Err(Error::null("buf (with a non-zero length)"));
        }
        let set = hexes()?;
        let n = set.count() as usize;
        // SAFETY: not NULL (checked above), so writable (this function's
        // contract).
        unsafe { count_out.write(n) };
        if n > len {
            return Err(Error::new(
                cescacs_result::BufferTooSmall,
                format!("the answer has {n} hexes, the array has room for {len}"),
            ));
        }
        for (i, h) in set.enumerate() {
            // SAFETY: `i` < `n` <= `len`, so `buf` is not NULL (checked
            // above: `len` > 0) and entry `i` is writable (this function's
            // contract).
            unsafe { buf.add(i).write(h.into()) };
        }
        Ok(())
    })
}
