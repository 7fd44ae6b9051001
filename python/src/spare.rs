//! The memory of large `cescacs.encode` results, kept for the next batch.
//!
//! A legal mask is 30 kB a board, so a batch of thousands is hundreds of
//! megabytes. An array that large comes from `mmap`: fresh pages, which
//! the kernel finds (reclaiming page cache if it must) and zeroes at their
//! first touch, at a cost several times that of writing memory the process
//! already has. One call per board never pays it, since the malloc heap
//! hands each small array the memory of one freed before. So a large batch
//! is a view of a byte buffer kept here: once every view of it is gone (its
//! reference count is ours alone), the next batch of about its size clears
//! and reuses it instead of paging in new memory.

use std::sync::Mutex;

use numpy::{PyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// Results of this many bytes or more are views of kept buffers: glibc's
/// largest `mmap` threshold. Smaller arrays come from the malloc heap,
/// which reuses freed memory already.
pub(crate) const KEEP_FROM: usize = 32 << 20;

/// Buffers kept per function: two, so that a loop which rebinds its result
/// (`mask = legal_mask(batch)`, the old mask freed after the new one is
/// made) reuses the one before last.
const KEPT: usize = 2;

/// The kept buffers of one function (uint8 NumPy arrays).
pub(crate) struct Spares(Mutex<Vec<Py<PyArray1<u8>>>>);

impl Spares {
    pub(crate) const fn new() -> Self {
        Spares(Mutex::new(Vec::new()))
    }

    /// A byte buffer of at least `len` bytes (at most a quarter more) that
    /// nothing else refers to, and whether it is all zeros: a kept one no
    /// view refers to any more (`false`: its old bytes are still there), or
    /// a new zeroed one, which is then kept in place of one nothing refers
    /// to, or of the older one.
    pub(crate) fn take<'py>(
        &self,
        py: Python<'py>,
        len: usize,
    ) -> (Bound<'py, PyArray1<u8>>, bool) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let fits = |a: &Py<PyArray1<u8>>| (len..=len + len / 4).contains(&a.bind(py).len());
        // Our reference alone: no view of it is left (the GIL is held).
        // SAFETY: a reference count read with the GIL held, of a live object.
        let free = |a: &Py<PyArray1<u8>>| unsafe { pyo3::ffi::Py_REFCNT(a.as_ptr()) } == 1;
        if let Some(a) = kept.iter().find(|a| free(a) && fits(a)) {
            return (a.bind(py).clone(), false);
        }
        if kept.len() == KEPT {
            let i = kept.iter().position(free).unwrap_or(0);
            kept.remove(i);
        }
        let new = PyArray1::<u8>::zeros(py, len, false);
        kept.push(new.clone().unbind());
        (new, true)
    }

    /// Forgets the kept buffers: each is freed now, or when its last view goes.
    pub(crate) fn release(&self) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}
