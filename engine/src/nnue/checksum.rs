//! CRC-32 (IEEE 802.3, the polynomial of zip, PNG and gzip), the checksum of
//! a network file.
//!
//! CRC-32 rather than FNV-1a: a CRC detects every burst of up to 32 flipped
//! bits and every odd number of flipped bits, the damage a file takes on a
//! disk or in a download, where a multiplicative hash gives only a
//! probabilistic guarantee. It is written here (a 256-entry table made at
//! compile time) rather than taken from a crate: twenty lines, no
//! dependency, and the trainer's Python side gets the same value from
//! `zlib.crc32`.

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// The byte-at-a-time table.
const TABLE: [u32; 256] = make_table();

const fn make_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { POLY ^ (c >> 1) } else { c >> 1 };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
}

/// The CRC-32 of `data` (the value of `zlib.crc32(data)`).
pub fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c = TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn known_values() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }
}
