//! The clock the search reads: `std::time::Instant`, except on
//! `wasm32-unknown-unknown`, where the standard library has no clock
//! (`Instant::now` panics there) and `web_time::Instant` reads the host's
//! `performance.now()` (a browser, a Web Worker or Node) instead.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
