//! The engine's evaluation from C: the network (NNUE) or the hand-written
//! terms (UCI `Use NNUE`), another network file (UCI `EvalFile`), and the
//! static evaluation of a game's position.

use std::ffi::c_char;

use search::nnue::Network;

use super::cescacs_result;
use super::engine::cescacs_engine;
use super::error::Error;
use super::game::cescacs_game;
use super::guard::{borrow, guard, guard_out, text_arg};

/// Chooses the evaluation of the engine's next searches: the network
/// (`use_nnue` true, an engine's default) or the hand-written terms (false).
///
/// Errors: `NULL_POINTER`.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_set_use_nnue(
    engine: *const cescacs_engine,
    use_nnue: bool,
) -> cescacs_result {
    guard("cescacs_engine_set_use_nnue", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        e.lock().engine.set_use_nnue(use_nnue);
        Ok(())
    })
}

/// Reads the network file at `path` (a NUL-terminated file name) and makes
/// it the engine's network; NULL restores the network built into the
/// library. A file that is missing, of another format version, truncated
/// or corrupt is refused (the message says which) and the engine keeps
/// its network.
///
/// Errors: `NULL_POINTER` (engine), `INVALID_UTF8`, `BAD_ARGUMENT` (the
/// file cannot be read as a network).
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_load_network(
    engine: *const cescacs_engine,
    path: *const c_char,
) -> cescacs_result {
    guard("cescacs_engine_load_network", || {
        // SAFETY: `engine` is NULL or a live handle (the header's contract).
        let e = unsafe { borrow(engine) }?;
        if path.is_null() {
            e.lock().engine.set_network(Network::default_network());
            return Ok(());
        }
        // SAFETY: not NULL, so a NUL-terminated string (the header's contract).
        let path = unsafe { text_arg(path, "path") }?;
        e.lock().engine.load_network(path).map_err(|err| {
            Error::new(
                cescacs_result::BadArgument,
                format!("{path}: {err}; the network is unchanged"),
            )
        })
    })
}

/// Writes the static evaluation of `game`'s current position, in
/// centipawns for its side to move, to `*cp_out`: by the evaluation the
/// engine searches with (`cescacs_engine_set_use_nnue`).
///
/// Errors: `NULL_POINTER`. `*cp_out` is written only on success.
#[no_mangle]
pub unsafe extern "C" fn cescacs_engine_static_eval(
    engine: *const cescacs_engine,
    game: *const cescacs_game,
    cp_out: *mut i32,
) -> cescacs_result {
    // SAFETY: `cp_out` is NULL or writable; `engine` and `game` are NULL or
    // live handles (the header's contract).
    unsafe {
        guard_out("cescacs_engine_static_eval", cp_out, "cp_out", || {
            let e = borrow(engine)?;
            let g = borrow(game)?;
            let cp = e.lock().engine.static_eval(g.record.history().position());
            Ok(cp)
        })
    }
}
