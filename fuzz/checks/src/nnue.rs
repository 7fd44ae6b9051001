//! The property of the `nnue` fuzz target, shared with the stable replay
//! test (`engine/tests/fuzz_regressions.rs`): any bytes either read as a
//! network or give a `FormatError`, never a panic or an allocation the
//! header's bounded sizes do not allow; a network read writes back the very
//! bytes it comes from, and evaluates positions (from scratch and through
//! its accumulator, with the same result).
//!
//! Input layout: byte 0 flags (bit 0: replace the last four bytes with the
//! CRC-32 of the others, so mutations reach the parameters past the
//! checksum), then the file's bytes.

use cescacs::Position;
use cescacs_engine::nnue::{crc32, Accumulator, Network};

/// The file's bytes the input stands for.
pub fn file_bytes(data: &[u8]) -> Vec<u8> {
    let Some((&flags, rest)) = data.split_first() else {
        return Vec::new();
    };
    let mut bytes = rest.to_vec();
    if flags & 1 != 0 && bytes.len() >= 4 {
        let n = bytes.len() - 4;
        let crc = crc32(&bytes[..n]);
        bytes[n..].copy_from_slice(&crc.to_le_bytes());
    }
    bytes
}

/// Whether the input reads as a network.
pub fn accepts(data: &[u8]) -> bool {
    Network::from_bytes(&file_bytes(data)).is_ok()
}

/// Panics if the property fails (see the module docs).
pub fn check_nnue(data: &[u8]) {
    let bytes = file_bytes(data);
    let Ok(net) = Network::from_bytes(&bytes) else {
        return;
    };
    assert_eq!(net.to_bytes(), bytes, "a network writes back its bytes");
    let start = Position::default();
    let mut acc = Accumulator::new(&net, &start);
    let m = start.legal_moves()[0];
    let after = start.after(m);
    acc.push(&net, &start, &after);
    assert_eq!(net.evaluate_accumulator(&acc, &after), net.evaluate(&after));
    let cp = net.evaluate(&start);
    assert!(cp.abs() <= 20_000, "{cp} centipawns");
}
