//! The network file: a versioned little-endian header, the quantized
//! parameters, and a CRC-32 of everything before it.
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `CESNNUE\0` |
//! | 2 | format version: 2, 3 ([`VERSION`]) or 4 ([`VERSION_BUCKETED`]) |
//! | 2 | input kind: [`INPUT_KIND`] (hex × kind × colour, [`super::features`]) in versions 2 and 3, [`INPUT_KIND_BUCKETED`] (the same per King bucket) in version 4 |
//! | 4 | inputs: 3,042 for input kind 1, B × 3,042 for input kind 2 |
//! | 4 | accumulator size N (1 to [`MAX_ACCUMULATOR`]) |
//! | 4 | hidden size H (1 to [`MAX_HIDDEN`]) |
//! | 4 | output scale: centipawns of a network output of 1.0 (1 to [`MAX_SCALE`]) |
//! | 4 × 9 | material: centipawns per piece by [`cescacs::Role::index`], `i32` (±[`MAX_MATERIAL`]), added to the layers' output |
//! | 4 | versions 3 and 4: the base ([`Base`]), 0 the material above, 1 the hand-written evaluation |
//! | 4 | version 4 only: King buckets B (2 to [`MAX_BUCKETS`]) |
//! | 2 N | accumulator biases, `i16` |
//! | 2 × 3,042 B N | accumulator weights, `i16`, feature-major (feature f's N weights together; B = 1 before version 4) |
//! | 4 H | hidden biases, `i32` |
//! | 2 N H | hidden weights, `i8`, row-major (unit j's 2N weights together: own side's half, then the opponent's) |
//! | 4 | output bias, `i32` |
//! | H | output weights, `i8` |
//! | 4 | CRC-32 (IEEE, `zlib.crc32`) of all the bytes before it |
//!
//! Version 3 adds the base field: what the layers' output is added to.
//! A network whose base is material is written as version 2, byte for
//! byte the file it was before the field existed. Version 4 is the
//! network with King buckets (input kind 2, [`super::features::king_bucket`]):
//! version 3's fields, then the bucket count; a network without buckets is
//! never written as version 4, so version 2 and 3 files stay as they are.
//!
//! Reading checks, in order: the magic, the version, the input kind, the
//! sizes, the base, the buckets, the length (every size is bounded: a
//! file without buckets is at most about 6.8 MB, one with buckets at most
//! about 37.9 MB, [`MAX_FILE_LEN`], and nothing is allocated before the
//! data's length is checked against the header), then the checksum; any
//! failure is a [`FormatError`], never a panic.

use std::io::Read;
use std::path::Path;

use super::checksum::crc32;
use super::features::{INPUTS, MAX_BUCKETS};
use super::network::{Base, Network};

/// The first eight bytes of a network file.
pub const MAGIC: [u8; 8] = *b"CESNNUE\0";
/// The newest format version, which this engine reads and writes (it
/// reads and writes version 2 too: [`Base::Material`] networks).
pub const VERSION: u16 = 3;
/// The version without the base field: the layers correct material.
pub const VERSION_MATERIAL: u16 = 2;
/// The version of networks with King buckets (input kind 2): version 3's
/// header and a bucket count.
pub const VERSION_BUCKETED: u16 = 4;
/// The input kind this engine knows: one feature per hex, piece kind and
/// colour in each side's frame ([`super::features`]).
pub const INPUT_KIND: u16 = 1;
/// The input kind with King buckets: [`INPUT_KIND`]'s features once per
/// bucket of the side's own King ([`super::features::king_bucket`]).
pub const INPUT_KIND_BUCKETED: u16 = 2;
/// The largest accumulator (per side) a file may declare.
pub const MAX_ACCUMULATOR: usize = 1024;
/// The largest hidden layer a file may declare.
pub const MAX_HIDDEN: usize = 256;
/// The largest output scale a file may declare.
pub const MAX_SCALE: u32 = 100_000;
/// The largest material value (centipawns a piece) a file may declare.
pub const MAX_MATERIAL: i32 = 20_000;
/// The header's length in bytes in version 2 (version 3 adds the four
/// bytes of the base).
pub const HEADER_LEN: usize = 64;
/// The largest file [`Network::load`] reads (the largest valid file: a
/// version-4 file of [`MAX_BUCKETS`] buckets and the largest layers).
pub const MAX_FILE_LEN: usize = bucketed_file_len(MAX_ACCUMULATOR, MAX_HIDDEN, MAX_BUCKETS);

/// Why bytes are not a network.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The data ends before the header or the parameters it declares.
    #[error("truncated network file: it ends at byte {at}, {needed} bytes are needed")]
    Truncated {
        /// The data's length.
        at: usize,
        /// The length the header (or the header's own size) needs.
        needed: usize,
    },
    /// The first eight bytes are not [`MAGIC`].
    #[error("not a cescacs network file (wrong magic)")]
    WrongMagic,
    /// A format version other than 2, 3 and 4.
    #[error("unsupported network format version {found} (this engine reads versions {VERSION_MATERIAL}, {VERSION} and {VERSION_BUCKETED})")]
    UnsupportedVersion {
        /// The file's version.
        found: u16,
    },
    /// An input kind other than [`INPUT_KIND`] in versions 2 and 3, or
    /// other than [`INPUT_KIND_BUCKETED`] in version 4.
    #[error("unknown network input kind {found} for its version (this engine reads kind {INPUT_KIND} in versions {VERSION_MATERIAL} and {VERSION}, kind {INPUT_KIND_BUCKETED} in version {VERSION_BUCKETED})")]
    UnknownInputKind {
        /// The file's input kind.
        found: u16,
    },
    /// Layer sizes out of range, or inputs that do not match the input kind.
    #[error("wrong network sizes: {inputs} inputs (expected {INPUTS}), accumulator {accumulator} (1 to {MAX_ACCUMULATOR}), hidden {hidden} (1 to {MAX_HIDDEN})")]
    WrongSizes {
        /// Declared inputs.
        inputs: u32,
        /// Declared accumulator size.
        accumulator: u32,
        /// Declared hidden size.
        hidden: u32,
    },
    /// An output scale of 0 or above [`MAX_SCALE`].
    #[error("wrong network output scale {0} (1 to {MAX_SCALE})")]
    WrongScale(u32),
    /// A material value beyond ±[`MAX_MATERIAL`].
    #[error("wrong network material value {value} for piece kind {kind} (at most {MAX_MATERIAL} in size)")]
    WrongMaterial {
        /// The piece kind ([`cescacs::Role::index`]).
        kind: usize,
        /// The value.
        value: i32,
    },
    /// A version-4 bucket count out of 2..=[`MAX_BUCKETS`], or inputs
    /// other than the buckets times 3,042.
    #[error("wrong network King buckets: {buckets} buckets (2 to {MAX_BUCKETS}), {inputs} inputs (expected the buckets × {INPUTS})")]
    WrongBuckets {
        /// Declared buckets.
        buckets: u32,
        /// Declared inputs.
        inputs: u32,
    },
    /// A base other than 0 (material) and 1 (the hand-written evaluation).
    #[error("unknown network base {0} (0: material, 1: the hand-written evaluation)")]
    UnknownBase(u32),
    /// Bytes after the checksum.
    #[error("network file too long: {found} bytes, the header declares {expected}")]
    TrailingBytes {
        /// The length the header declares.
        expected: usize,
        /// The data's length.
        found: usize,
    },
    /// The stored CRC-32 is not that of the bytes.
    #[error("network file corrupt: checksum {stored:#010x} stored, {computed:#010x} computed")]
    ChecksumMismatch {
        /// The file's last four bytes.
        stored: u32,
        /// The CRC-32 of the bytes before them.
        computed: u32,
    },
    /// The file could not be read.
    #[error("cannot read network file: {0}")]
    Io(#[from] std::io::Error),
}

/// The length of a version-2 file with these sizes (a version-3 file is
/// four bytes longer).
pub const fn file_len(accumulator: usize, hidden: usize) -> usize {
    parameters_len(accumulator, hidden, 1) + HEADER_LEN
}

/// The length of a version-4 file (King buckets) with these sizes: the
/// header is eight bytes longer than version 2's (the base and the
/// buckets).
pub const fn bucketed_file_len(accumulator: usize, hidden: usize, buckets: usize) -> usize {
    parameters_len(accumulator, hidden, buckets) + HEADER_LEN + 8
}

/// The length of everything after the header, the checksum included.
const fn parameters_len(accumulator: usize, hidden: usize, buckets: usize) -> usize {
    2 * accumulator
        + 2 * buckets * INPUTS * accumulator
        + 4 * hidden
        + 2 * accumulator * hidden
        + 4
        + hidden
        + 4
}

/// Reads little-endian fields from a slice whose length is checked.
struct Cursor<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at + n;
        let bytes = self.data.get(self.at..end).ok_or(FormatError::Truncated {
            at: self.data.len(),
            needed: end,
        })?;
        self.at = end;
        Ok(bytes)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], FormatError> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
    fn u16(&mut self) -> Result<u16, FormatError> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u32(&mut self) -> Result<u32, FormatError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn i32(&mut self) -> Result<i32, FormatError> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, FormatError> {
        Ok(self
            .take(2 * n)?
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
    fn i32s(&mut self, n: usize) -> Result<Vec<i32>, FormatError> {
        Ok(self
            .take(4 * n)?
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
    fn i8s(&mut self, n: usize) -> Result<Vec<i8>, FormatError> {
        Ok(self.take(n)?.iter().map(|&b| b as i8).collect())
    }
}

/// The header's fields, checked.
struct Header {
    accumulator: usize,
    hidden: usize,
    scale: u32,
    material: [i32; 9],
    base: Base,
    /// King buckets: 1 before version 4.
    buckets: usize,
    /// The header's length: [`HEADER_LEN`], four more with the base,
    /// eight more with the base and the buckets.
    len: usize,
}

/// Refuses a material value beyond ±[`MAX_MATERIAL`] (`i32::MIN` included,
/// which has no absolute value).
pub(super) fn check_material(kind: usize, value: i32) -> Result<(), FormatError> {
    if (-MAX_MATERIAL..=MAX_MATERIAL).contains(&value) {
        Ok(())
    } else {
        Err(FormatError::WrongMaterial { kind, value })
    }
}

/// The header, checked.
fn read_header(c: &mut Cursor<'_>) -> Result<Header, FormatError> {
    if c.array::<8>()? != MAGIC {
        return Err(FormatError::WrongMagic);
    }
    let version = c.u16()?;
    let expected_kind = match version {
        VERSION_MATERIAL | VERSION => INPUT_KIND,
        VERSION_BUCKETED => INPUT_KIND_BUCKETED,
        _ => return Err(FormatError::UnsupportedVersion { found: version }),
    };
    let bucketed = version == VERSION_BUCKETED;
    let kind = c.u16()?;
    if kind != expected_kind {
        return Err(FormatError::UnknownInputKind { found: kind });
    }
    let (inputs, accumulator, hidden, scale) = (c.u32()?, c.u32()?, c.u32()?, c.u32()?);
    let in_range = |v: u32, max: usize| (1..=max).contains(&(v as usize));
    // With buckets the inputs are checked against the bucket count, read later.
    if (!bucketed && inputs as usize != INPUTS)
        || !in_range(accumulator, MAX_ACCUMULATOR)
        || !in_range(hidden, MAX_HIDDEN)
    {
        return Err(FormatError::WrongSizes {
            inputs,
            accumulator,
            hidden,
        });
    }
    if scale == 0 || scale > MAX_SCALE {
        return Err(FormatError::WrongScale(scale));
    }
    let mut material = [0i32; 9];
    for (kind, m) in material.iter_mut().enumerate() {
        *m = c.i32()?;
        check_material(kind, *m)?;
    }
    let base = if version == VERSION_MATERIAL {
        Base::Material
    } else {
        match c.u32()? {
            0 => Base::Material,
            1 => Base::HandWritten,
            other => return Err(FormatError::UnknownBase(other)),
        }
    };
    let buckets = if bucketed {
        let buckets = c.u32()?;
        if !(2..=MAX_BUCKETS).contains(&(buckets as usize))
            || u64::from(inputs) != u64::from(buckets) * INPUTS as u64
        {
            return Err(FormatError::WrongBuckets { buckets, inputs });
        }
        buckets as usize
    } else {
        1
    };
    Ok(Header {
        accumulator: accumulator as usize,
        hidden: hidden as usize,
        scale,
        material,
        base,
        buckets,
        len: c.at,
    })
}

impl Network {
    /// Reads a network from the bytes of a file (see the module docs).
    pub fn from_bytes(data: &[u8]) -> Result<Network, FormatError> {
        let mut c = Cursor { data, at: 0 };
        let Header {
            accumulator: n,
            hidden: h,
            scale,
            material,
            base,
            buckets,
            len,
        } = read_header(&mut c)?;
        let expected = parameters_len(n, h, buckets) + len;
        if data.len() < expected {
            return Err(FormatError::Truncated {
                at: data.len(),
                needed: expected,
            });
        }
        if data.len() > expected {
            return Err(FormatError::TrailingBytes {
                expected,
                found: data.len(),
            });
        }
        let stored = u32::from_le_bytes(data[expected - 4..].try_into().expect("4 bytes"));
        let computed = crc32(&data[..expected - 4]);
        if stored != computed {
            return Err(FormatError::ChecksumMismatch { stored, computed });
        }
        let (ft_bias, ft_weights, l1_bias, l1_weights) = (
            c.i16s(n)?,
            c.i16s(buckets * INPUTS * n)?,
            c.i32s(h)?,
            c.i8s(2 * n * h)?,
        );
        Ok(Network::from_parameters(
            scale,
            material,
            ft_bias,
            ft_weights,
            l1_bias,
            l1_weights,
            c.i32()?,
            c.i8s(h)?,
        )?
        .with_base(base))
    }

    /// Reads a network file; a file longer than [`MAX_FILE_LEN`] is refused
    /// as [`FormatError::TrailingBytes`] without being read whole.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, FormatError> {
        let mut data = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_FILE_LEN as u64 + 1)
            .read_to_end(&mut data)?;
        if data.len() > MAX_FILE_LEN {
            return Err(FormatError::TrailingBytes {
                expected: MAX_FILE_LEN,
                found: data.len(),
            });
        }
        Network::from_bytes(&data)
    }

    /// The bytes of the network's file (read back by [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let (n, h) = (self.accumulator_size(), self.hidden_size());
        let b = self.buckets;
        let mut out = Vec::with_capacity(bucketed_file_len(n, h, b));
        out.extend_from_slice(&MAGIC);
        let (version, kind) = if b > 1 {
            (VERSION_BUCKETED, INPUT_KIND_BUCKETED)
        } else if self.base == Base::Material {
            (VERSION_MATERIAL, INPUT_KIND)
        } else {
            (VERSION, INPUT_KIND)
        };
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&kind.to_le_bytes());
        for v in [(b * INPUTS) as u32, n as u32, h as u32, self.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend(self.material.iter().flat_map(|v| v.to_le_bytes()));
        if version != VERSION_MATERIAL {
            let base: u32 = match self.base {
                Base::Material => 0,
                Base::HandWritten => 1,
            };
            out.extend_from_slice(&base.to_le_bytes());
        }
        if version == VERSION_BUCKETED {
            out.extend_from_slice(&(b as u32).to_le_bytes());
        }
        out.extend(
            self.ft_bias
                .iter()
                .chain(&self.ft_weights)
                .flat_map(|v| v.to_le_bytes()),
        );
        out.extend(self.l1_bias.iter().flat_map(|v| v.to_le_bytes()));
        // Each in i8 range: from_parameters widened them from i8.
        out.extend(self.l1_weights.iter().map(|&v| v as i8 as u8));
        out.extend_from_slice(&self.l2_bias.to_le_bytes());
        out.extend(self.l2_weights.iter().map(|&v| v as u8));
        let crc = crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }
}
