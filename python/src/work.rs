//! Long work in Rust that Python can stop: the GIL is released while it runs,
//! and Ctrl-C (or any signal whose handler raises) stops it within a tenth of
//! a second, the exception propagating as usual (`KeyboardInterrupt`).
//!
//! Python runs signal handlers only on the main thread and only when
//! `PyErr_CheckSignals` is called, so a call that sits in Rust for minutes
//! would ignore Ctrl-C. Here the work runs on a scoped thread with a stop
//! flag; the calling thread waits for it in slices of [`SLICE`], taking the
//! GIL between slices only to check for signals. The rules' long work
//! (`PerftJob`, the batch loops) reads the flag between small pieces of work.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use cescacs::{Interrupted, Position};
use pyo3::prelude::*;

/// How long the caller waits between two signal checks.
const SLICE: Duration = Duration::from_millis(100);

/// Runs `work` with the GIL released and a stop flag that is set when a
/// signal handler raises (Ctrl-C), whose exception is then returned once
/// `work` has returned. `work` must give up with `Err(Interrupted)` soon
/// after the flag is set; it gets `Err(Interrupted)` only that way.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> Result<T, Interrupted> + Send,
) -> PyResult<T> {
    interruptible_on(py, &AtomicBool::new(false), work)
}

/// [`interruptible`] with the caller's stop flag (one another handle may
/// also set, such as an engine's `Control`).
pub(crate) fn interruptible_on<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce(&AtomicBool) -> Result<T, Interrupted> + Send,
) -> PyResult<T> {
    let (tx, mut rx) = mpsc::channel();
    std::thread::scope(|s| {
        s.spawn(move || {
            // The receiver lives until the scope ends, after this thread.
            let _ = tx.send(work(stop));
        });
        loop {
            // A `Receiver` is `Send` but not `Sync`: it moves in and back out.
            let (back, received) = py.detach(move || {
                let r = rx.recv_timeout(SLICE);
                (rx, r)
            });
            rx = back;
            match received {
                Ok(Ok(value)) => return Ok(value),
                // Only the flag makes the work give up, and the flag is set
                // below just before returning: not reachable in practice,
                // but a clear error is better than a panic.
                Ok(Err(Interrupted)) => {
                    return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                        "interrupted",
                    ));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        // Wait for the worker (it stops within milliseconds)
                        // without the GIL, then raise the handler's error.
                        let _ = py.detach(move || rx.recv());
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The worker panicked: the scope re-raises its panic,
                    // which PyO3 turns into a PanicException.
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "worker thread ended without a result",
                    ));
                }
            }
        }
    })
}

/// The core's parallel perft with the GIL released, stopped by Ctrl-C.
/// `threads`: `None` or 0 for all cores.
pub(crate) fn perft_of(
    py: Python<'_>,
    pos: &Position,
    depth: u32,
    threads: Option<usize>,
) -> PyResult<u64> {
    interruptible(py, |stop| {
        pos.perft_job(depth)
            .threads(threads.unwrap_or(0))
            .cancel_flag(stop)
            .run()
    })
}
