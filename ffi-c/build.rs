//! Link-time settings of the shared library: its SONAME carries the ABI
//! version (`libcescacs.so.0`), so programs linked against it load only a
//! compatible library and several ABI versions can be installed side by
//! side (scripts/install-c.sh adds the usual `libcescacs.so` symlinks).

/// The ABI version: bumped when a change breaks programs linked against
/// an earlier library (a removed or changed function or type). Adding
/// functions keeps it.
const ABI_VERSION: u32 = 0;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcescacs.so.{ABI_VERSION}");
    }
}
