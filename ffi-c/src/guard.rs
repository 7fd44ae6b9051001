//! The panic boundary and the argument checks every exported function is
//! built from.
//!
//! Every exported function's body is one of three shapes: `guard_out`
//! (answers one value through an out-pointer), `guard_text` (answers a text
//! in a caller buffer) or plain `guard` (changes a handle, or writes several
//! outputs). Each checks what it can (NULL out-pointers first, so a failing
//! call writes nothing), catches panics and records the error; the function
//! itself says only what it computes.

use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::error::{cescacs_result, set_last_error, Error};

/// Runs the body of an exported function: catches panics, records the
/// error message and turns the outcome into a result code. Messages are
/// the core's own (a bad PDTL reads exactly as `cescacs moves` prints it);
/// only a caught panic names the function.
pub(crate) fn guard(
    function: &'static str,
    body: impl FnOnce() -> Result<(), Error>,
) -> cescacs_result {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => cescacs_result::Ok,
        Ok(Err(e)) => {
            set_last_error(e.message, e.location);
            e.code
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic payload".to_string());
            set_last_error(
                format!("internal error (panic) in {function}: {what}"),
                None,
            );
            cescacs_result::Panic
        }
    }
}

/// An opaque handle type, named in the NULL-pointer error message of the
/// parameter that passes it (every exported function calls it `game` or
/// `list`).
pub(crate) trait Handle {
    const PARAM: &'static str;
}

/// Borrows a handle the caller passed in; `NULL_POINTER` for NULL.
///
/// # Safety
/// `p` is NULL or points to a live handle that no other call is changing
/// (the header's contract for every handle argument).
pub(crate) unsafe fn borrow<'a, H: Handle>(p: *const H) -> Result<&'a H, Error> {
    // SAFETY: non-NULL means a live handle, not changed during the call
    // (this function's contract).
    unsafe { p.as_ref() }.ok_or_else(|| Error::null(H::PARAM))
}

/// Borrows a handle mutably; `NULL_POINTER` for NULL.
///
/// # Safety
/// `p` is NULL or points to a live handle that nothing else accesses
/// during the call.
pub(crate) unsafe fn borrow_mut<'a, H: Handle>(p: *mut H) -> Result<&'a mut H, Error> {
    // SAFETY: non-NULL means a live handle, used by this call alone (this
    // function's contract).
    unsafe { p.as_mut() }.ok_or_else(|| Error::null(H::PARAM))
}

/// Checks that an out-pointer is not NULL (before any work is done, so that
/// a failing call writes nothing).
pub(crate) fn out_ptr<T>(p: *mut T, what: &str) -> Result<(), Error> {
    if p.is_null() {
        Err(Error::null(what))
    } else {
        Ok(())
    }
}

/// The body of an exported function that answers with one value: under
/// `guard`, checks the out-pointer `out` (named `out_name` in the error)
/// first, so that a failing call writes nothing, then runs `value` and
/// writes its result to `*out`.
///
/// # Safety
/// `out` is NULL or valid for writing a `T`.
pub(crate) unsafe fn guard_out<T>(
    function: &'static str,
    out: *mut T,
    out_name: &str,
    value: impl FnOnce() -> Result<T, Error>,
) -> cescacs_result {
    guard(function, || {
        out_ptr(out, out_name)?;
        let v = value()?;
        // SAFETY: `out` is not NULL (checked above), so it is writable
        // (this function's contract); `write` needs no initialised target.
        unsafe { out.write(v) };
        Ok(())
    })
}

/// The body of an exported function that answers with a text: under
/// `guard`, runs `text` and writes its result with `write_text` into the
/// caller's buffer `buf` of `len` bytes (its length to `*out_len` if not
/// NULL).
///
/// # Safety
/// As `write_text` for `buf`, `len` and `out_len`.
pub(crate) unsafe fn guard_text<S: AsRef<str>>(
    function: &'static str,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
    text: impl FnOnce() -> Result<S, Error>,
) -> cescacs_result {
    guard(function, || {
        let t = text()?;
        // SAFETY: the buffer and length pointer come from our caller,
        // under the same contract as `write_text`'s.
        unsafe { write_text(t.as_ref(), buf, len, out_len) }
    })
}

/// Reads a NUL-terminated UTF-8 text argument.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that lives, unchanged,
/// for `'a`.
pub(crate) unsafe fn text_arg<'a>(p: *const c_char, what: &str) -> Result<&'a str, Error> {
    if p.is_null() {
        return Err(Error::null(what));
    }
    // SAFETY: not NULL, so a NUL-terminated string living for 'a (this
    // function's contract).
    let bytes = unsafe { CStr::from_ptr(p) };
    bytes.to_str().map_err(|e| {
        Error::new(
            cescacs_result::InvalidUtf8,
            format!(
                "{what} is not valid UTF-8 (invalid byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// Writes `text` and a terminating NUL into the caller's buffer `buf` of
/// `len` bytes, and the text's length (without the NUL) to `out_len` if it
/// is not NULL. A buffer that is too small is left untouched.
///
/// # Safety
/// `buf` is NULL or valid for writing `len` bytes and does not overlap
/// `text`; `out_len` is NULL or valid for writing a `usize`.
pub(crate) unsafe fn write_text(
    text: &str,
    buf: *mut c_char,
    len: usize,
    out_len: *mut usize,
) -> Result<(), Error> {
    if buf.is_null() && len != 0 {
        return Err(Error::null("buf (with a non-zero length)"));
    }
    let needed = text.len();
    if len < needed + 1 {
        if !out_len.is_null() {
            // SAFETY: not NULL, so writable (this function's contract).
            unsafe { out_len.write(needed) };
        }
        return Err(Error::new(
            cescacs_result::BufferTooSmall,
            format!(
                "the text needs {} bytes with its NUL, the buffer has {len}",
                needed + 1
            ),
        ));
    }
    // SAFETY: `len` ≥ `needed + 1` > 0, so `buf` is not NULL (checked
    // above) and holds `needed + 1` bytes, none of them in `text`;
    // `out_len` is written only if not NULL (this function's contract).
    unsafe {
        std::ptr::copy_nonoverlapping(text.as_ptr(), buf.cast::<u8>(), needed);
        *buf.add(needed) = 0;
        if !out_len.is_null() {
            *out_len = needed;
        }
    }
    Ok(())
}
