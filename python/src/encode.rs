//! The NumPy side of `cescacs.encode`: the research crate's planes and
//! move indices (research/src/encode.rs) for many positions at once, filled in Rust with the
//! GIL released on all cores, handed to NumPy without a copy, in White's
//! frame or a side's own (the research crate's mirror for Black).

use std::sync::atomic::{AtomicBool, Ordering};

use cescacs::{workers, Color, Hex, Interrupted, Position, HEX_COUNT};
use cescacs_research::encode::{
    action_id, action_index_for, mirror_action, piece_order, write_legal_mask_for_on_zeros,
    write_planes_for_on_zeros, ACTIONS, PLANES, PLANE_NAMES,
};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PySlice, PyString, PyTuple};

use crate::board::PyBoard;
use crate::convert::extract_color;
use crate::errors::{pdtl_error, IllegalMoveError};
use crate::hex::piece_obj;
use crate::moves::{new_move, PyMove};
use crate::spare::{Spares, KEEP_FROM};
use crate::work::interruptible;

/// Lines and columns of the grid form.
const LINES: usize = 29;
const COLUMNS: usize = 15;

/// Up to this many positions are encoded on the calling thread, with the
/// GIL released: they take well under a millisecond (1–2 µs a plane set),
/// far less than the tenth of a second between Ctrl-C checks, and starting
/// [`interruptible`]'s worker thread would cost many times one position's
/// work. More positions go to that thread (and the worker pool from 512).
const INLINE_UP_TO: usize = 256;

/// The frame of a `side` argument: `None` is White's.
fn side_of(side: Option<&Bound<'_, PyAny>>) -> PyResult<Color> {
    side.map_or(Ok(Color::White), extract_color)
}

/// The positions of a `boards` argument: a `Board`, a PDTL string, or an
/// iterable of them.
fn positions(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    let one = |item: &Bound<'_, PyAny>| -> PyResult<Position> {
        if let Ok(b) = item.cast::<PyBoard>() {
            return Ok(b.borrow().pos()?.clone());
        }
        if let Ok(s) = item.cast::<PyString>() {
            return Position::from_pdtl(&s.to_cow()?).map_err(pdtl_error);
        }
        Err(PyTypeError::new_err(format!(
            "expected a Board or a PDTL string, got {}",
            item.get_type().name()?
        )))
    };
    if obj.is_instance_of::<PyBoard>() || obj.is_instance_of::<PyString>() {
        return Ok(vec![one(obj)?]);
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        if i % 65_536 == 65_535 {
            obj.py().check_signals()?;
        }
        out.push(one(&item?)?);
    }
    Ok(out)
}

/// Positions per job of the worker pool: small enough that a worker slowed
/// by other processes leaves the rest to the others, large enough (a mask
/// job is about 2 MB, one huge page) that taking a job costs nothing.
const JOB: usize = 64;

/// An element of one byte for which the zero byte is a value (`0`,
/// `false`): the output arrays' elements, written as bytes where they are
/// cleared.
///
/// # Safety
///
/// `Self` is one byte and the byte 0 is a valid `Self`.
unsafe trait Byte: numpy::Element + Send {}
// SAFETY: one byte each; 0 is `0u8` and `false`.
unsafe impl Byte for u8 {}
unsafe impl Byte for bool {}

/// Zero bytes as elements.
fn zeros_as<T: Byte>(bytes: &mut [u8]) -> &mut [T] {
    debug_assert!(bytes.iter().all(|&b| b == 0));
    // SAFETY: `T` is one byte and the byte 0 is a `T` (`Byte`); every byte is 0.
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<T>(), bytes.len()) }
}

/// Elements as bytes, to be written only with 0 or the bytes of `T`s.
fn as_bytes<T: Byte>(elements: &mut [T]) -> &mut [u8] {
    // SAFETY: `T` is one byte, and every `T` is a valid byte; callers write
    // back only 0 (a `T`) or the bytes of `T`s.
    unsafe { std::slice::from_raw_parts_mut(elements.as_mut_ptr().cast::<u8>(), elements.len()) }
}

/// Fills `out` (one `width`-long chunk per position) with `fill`, over the
/// available cores (the rules crate's worker pool, jobs of [`JOB`]
/// positions) when there are many positions; stops on the flag. `out` is
/// all zeros, or with `clear` is zeroed job by job first (on the job's
/// thread, so the chunk is in its cache when `fill` writes it). `fill`
/// writes only the elements that are not zero. Each position's chunk is
/// written by `fill` alone, so the result does not depend on the threads.
fn fill_all<T: Byte>(
    positions: &[Position],
    out: &mut [u8],
    width: usize,
    clear: bool,
    stop: &AtomicBool,
    fill: impl Fn(&Position, &mut [T]) + Sync,
) -> Result<(), Interrupted> {
    let run = |ps: &[Position], chunk: &mut [u8]| -> Result<(), Interrupted> {
        if stop.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        if clear {
            chunk.fill(0);
        }
        for (p, o) in ps.iter().zip(zeros_as::<T>(chunk).chunks_mut(width)) {
            fill(p, o);
        }
        Ok(())
    };
    let threads = if positions.len() < 512 {
        1
    } else {
        cescacs::workers::worker_count(0, positions.len().div_ceil(JOB))
    };
    workers::for_each(
        threads,
        "encode",
        positions.chunks(JOB).zip(out.chunks_mut(JOB * width)),
        |(ps, o)| run(ps, o),
    )
}

/// `fill_all` into a NumPy array of `shape` (`positions.len()` first, then
/// the elements of one position), filled in place with the GIL released:
/// on the calling thread for a few positions, otherwise on
/// [`interruptible`]'s thread (Ctrl-C stops it). Up to [`KEEP_FROM`] bytes
/// it is a new zeroed array, allocated as NumPy allocates its own; from
/// there a view of one of `spares`' buffers (memory already paged in,
/// cleared by the workers), or of a new zeroed one kept there (huge pages
/// where the system offers them; `fill` writes only what is not zero, so
/// the kernel's zeroing at first touch is the one pass over it).
fn filled<'py, T: Byte>(
    py: Python<'py>,
    positions: &[Position],
    shape: &[usize],
    spares: &Spares,
    fill: impl Fn(&Position, &mut [T]) + Sync + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let width = shape[1..].iter().product();
    let len = positions.len() * width;
    let run = |out: &mut [u8], clear: bool| -> PyResult<()> {
        let mut work = |stop: &AtomicBool| fill_all(positions, out, width, clear, stop, &fill);
        if positions.len() <= INLINE_UP_TO {
            let never = AtomicBool::new(false);
            py.detach(move || work(&never)).map_err(|Interrupted| {
                pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")
            })
        } else {
            interruptible(py, work)
        }
    };
    if len < KEEP_FROM {
        let array = PyArrayDyn::<T>::zeros(py, shape, false);
        // SAFETY: the array was just made here, C-contiguous, and no other
        // reference to it exists until it is returned.
        let data =
            unsafe { array.as_slice_mut() }.map_err(|e| PyValueError::new_err(e.to_string()))?;
        run(as_bytes(data), false)?;
        return Ok(array.into_any());
    }
    let (buffer, zeroed) = spares.take(py, len);
    // SAFETY: `take` gives a C-contiguous buffer no other reference or view
    // refers to, and none is made until it is filled.
    let data =
        unsafe { buffer.as_slice_mut() }.map_err(|e| PyValueError::new_err(e.to_string()))?;
    run(&mut data[..len], !zeroed)?;
    let part = buffer.get_item(PySlice::new(py, 0, len as isize, 1))?;
    part.call_method1("view", (numpy::dtype::<T>(py),))?
        .call_method1("reshape", (PyTuple::new(py, shape)?,))
}

/// The buffers kept for large `planes` results.
static PLANES_KEPT: Spares = Spares::new();
/// The buffers kept for large `legal_mask` results.
static MASKS_KEPT: Spares = Spares::new();

/// Frees the buffers kept for large results (those still viewed by an
/// array go with their last view).
#[pyfunction]
pub(crate) fn _encode_release_buffers() {
    PLANES_KEPT.release();
    MASKS_KEPT.release();
}

/// `(N, PLANES, 169)` uint8 planes, or with `grid` `(N, PLANES, 29, 15)`
/// (line, column; 0 where a grid cell is not a hex), in `side`'s frame.
#[pyfunction]
#[pyo3(signature = (boards, *, grid = false, side = None))]
pub(crate) fn _encode_planes<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    grid: bool,
    side: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let side = side_of(side)?;
    let positions = positions(boards)?;
    let n = positions.len();
    let shape: &[usize] = if grid {
        &[n, PLANES, LINES, COLUMNS]
    } else {
        &[n, PLANES, HEX_COUNT]
    };
    filled(py, &positions, shape, &PLANES_KEPT, |p, out: &mut [u8]| {
        if grid {
            let mut flat = [0u8; PLANES * HEX_COUNT];
            write_planes_for_on_zeros(p, side, &mut flat);
            for h in Hex::all() {
                let cell = usize::from(h.line()) * COLUMNS + usize::from(h.column());
                for plane in 0..PLANES {
                    out[plane * LINES * COLUMNS + cell] = flat[plane * HEX_COUNT + h.index()];
                }
            }
        } else {
            write_planes_for_on_zeros(p, side, out);
        }
    })
}

/// `(N, ACTIONS)` bool: the legal moves of each position by move index in
/// `side`'s frame.
#[pyfunction]
#[pyo3(signature = (boards, *, side = None))]
pub(crate) fn _encode_legal_mask<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    side: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let side = side_of(side)?;
    let positions = positions(boards)?;
    let shape = [positions.len(), *ACTIONS];
    filled(
        py,
        &positions,
        &shape,
        &MASKS_KEPT,
        |p, out: &mut [bool]| write_legal_mask_for_on_zeros(p, side, out),
    )
}

/// The index of `move` (a `Move` from a board or built by hand) in
/// `side`'s frame.
#[pyfunction]
#[pyo3(signature = (r#move, side = None))]
pub(crate) fn _encode_move_index(
    r#move: PyRef<'_, PyMove>,
    side: Option<&Bound<'_, PyAny>>,
) -> PyResult<usize> {
    action_index_for(r#move.id(), side_of(side)?).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no legal move is {}: it has no index",
            r#move.long_text()
        ))
    })
}

/// The legal move of `board` with index `i` in `side`'s frame.
#[pyfunction]
#[pyo3(signature = (board, i, side = None))]
pub(crate) fn _encode_index_move(
    py: Python<'_>,
    board: PyRef<'_, PyBoard>,
    i: usize,
    side: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyMove>> {
    let not_index = || {
        PyValueError::new_err(format!(
            "{i} is not a move index (0 <= i < {}, not a from == to cell)",
            *ACTIONS
        ))
    };
    let side = side_of(side)?;
    let on_board = if side == Color::Black {
        mirror_action(i).ok_or_else(not_index)?
    } else {
        i
    };
    let id = action_id(on_board).ok_or_else(not_index)?;
    let pos = board.pos()?;
    let m = pos.resolve(id).ok_or_else(|| {
        IllegalMoveError::new_err(format!(
            "move index {i} ({}) is not a legal move in {}",
            id.long(),
            pos.to_pdtl()
        ))
    })?;
    new_move(py, &m)
}

/// `(ACTIONS,)` int64: [`mirror_action`] of every index.
#[pyfunction]
pub(crate) fn _encode_mirror_actions(py: Python<'_>) -> Bound<'_, PyArray1<i64>> {
    PyArray1::from_vec(
        py,
        (0..*ACTIONS)
            .map(|i| mirror_action(i).expect("below ACTIONS") as i64)
            .collect(),
    )
}

/// (PLANES, PLANE_NAMES, PIECE_ORDER, ACTIONS) for the Python module.
#[pyfunction]
pub(crate) fn _encode_layout(
    py: Python<'_>,
) -> (
    usize,
    Vec<&'static str>,
    Vec<Py<crate::hex::PyPiece>>,
    usize,
) {
    (
        PLANES,
        PLANE_NAMES.to_vec(),
        piece_order()
            .into_iter()
            .map(|p| piece_obj(py, p))
            .collect(),
        *ACTIONS,
    )
}
