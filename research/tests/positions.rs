//! The positions file (`cescacs_research::positions`): records round-trip
//! byte for byte, and every broken input (truncated, wrong magic, unknown
//! version, bad fields, random bytes) is a typed error at its offset,
//! never a panic.

use cescacs::random::SplitMix64;
use cescacs::Position;
use cescacs_research::packed::{pack, UnpackError};
use cescacs_research::positions::{
    record_offset, PositionsError, Reader, Record, RecordError, Writer, HEADER, RECORD_LEN,
    UNFINISHED, VERSION,
};

/// Records of a seeded random game: every ply's position, varied labels.
fn records(n: usize) -> Vec<Record> {
    let mut rng = SplitMix64::new(7);
    let mut pos = Position::default();
    let mut out = Vec::new();
    for ply in 0..n {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let score = (ply as i16 * 37 - 500).clamp(-20_000, 20_000);
        let result = [0, 1, 2, 3, UNFINISHED][ply % 5];
        out.push(Record::new(&pos, score, result, ply as u16));
        pos = pos.after(moves[rng.below(moves.len())]);
    }
    out
}

fn file_of(records: &[Record]) -> Vec<u8> {
    let mut w = Writer::new(Vec::new()).unwrap();
    for r in records {
        w.write(r).unwrap();
    }
    assert_eq!(w.records(), records.len() as u64);
    w.finish().unwrap()
}

fn read_all(bytes: &[u8]) -> Result<Vec<Record>, PositionsError> {
    Reader::new(bytes)?.collect()
}

#[test]
fn records_round_trip_byte_for_byte() {
    let written = records(80);
    assert_eq!(written.len(), 80);
    let bytes = file_of(&written);
    assert_eq!(bytes.len(), 8 + 80 * RECORD_LEN);
    assert_eq!(&bytes[..8], b"CESPOS1\0");
    assert_eq!(VERSION, 1);
    let read = read_all(&bytes).unwrap();
    assert_eq!(read, written);
    let mut pos = Position::default();
    let mut rng = SplitMix64::new(7);
    for r in &read {
        // The layout: packed position, score, result, zero, ply.
        let raw = r.to_bytes();
        assert_eq!(&raw[..pack(&pos).len()], pack(&pos).as_slice());
        assert_eq!(i16::from_le_bytes([raw[58], raw[59]]), r.score);
        assert_eq!((raw[60], raw[61]), (r.result, 0));
        assert_eq!(u16::from_le_bytes([raw[62], raw[63]]), r.ply);
        assert_eq!(pack(&r.position().unwrap()), pack(&pos));
        assert_eq!(
            r.piece_count(),
            pos.occupied_by(cescacs::Color::White).count()
                + pos.occupied_by(cescacs::Color::Black).count()
        );
        assert_eq!(r.white_points(), (r.result != 255).then_some(r.result));
        let moves = pos.legal_moves();
        pos = pos.after(moves[rng.below(moves.len())]);
    }
    // A header alone is an empty file; records read one by one and skipped.
    assert_eq!(read_all(&HEADER).unwrap(), []);
    let mut reader = Reader::new(&bytes[..]).unwrap();
    assert_eq!(reader.skip_records(78).unwrap(), 78);
    assert_eq!(reader.read_record().unwrap(), Some(written[78]));
    assert_eq!(reader.records_read(), 79);
    assert_eq!(reader.skip_records(5).unwrap(), 1);
    assert_eq!(reader.read_record().unwrap(), None);
}

#[test]
fn a_truncated_file_says_which_record_and_where() {
    let bytes = file_of(&records(5));
    for cut in [8 + 1, 8 + 63, 8 + 2 * 64 + 10, bytes.len() - 1] {
        let got = (cut - 8) % RECORD_LEN;
        let record = ((cut - 8) / RECORD_LEN) as u64;
        let mut reader = Reader::new(&bytes[..cut]).unwrap();
        let items: Vec<_> = reader.by_ref().collect();
        assert_eq!(items.len(), record as usize + 1, "cut at {cut}");
        match items.last().unwrap() {
            Err(PositionsError::Truncated {
                record: r,
                offset,
                got: g,
            }) => {
                assert_eq!((*r, *offset, *g), (record, record_offset(record), got));
            }
            other => panic!("cut at {cut}: {other:?}"),
        }
        assert!(reader.next().is_none(), "the iterator ends after an error");
    }
    let err = read_all(&bytes[..8 + 2 * 64 + 10]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "truncated at byte 136: record 2 has 10 of its 64 bytes"
    );
    for cut in 0..8 {
        match Reader::new(&bytes[..cut]) {
            Err(PositionsError::ShortHeader { got }) => assert_eq!(got, cut),
            other => panic!("header cut at {cut}: {other:?}"),
        }
    }
}

#[test]
fn a_wrong_magic_or_version_is_refused() {
    let mut bytes = file_of(&records(2));
    bytes[6] = b'2';
    let err = Reader::new(&bytes[..]).unwrap_err();
    assert!(
        matches!(err, PositionsError::UnsupportedVersion { found: [b'2', 0] }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "positions file version [50, 0]: this reader reads version 1 (\"CESPOS1\\0\")"
    );
    bytes[6] = b'1';
    bytes[7] = b'x';
    assert!(matches!(
        Reader::new(&bytes[..]),
        Err(PositionsError::UnsupportedVersion {
            found: [b'1', b'x']
        })
    ));
    for text in [&b"PK\x03\x04junk"[..], b"CESPAS1\0", b"\0", b"cespos1\0"] {
        match Reader::new(text) {
            Err(PositionsError::WrongMagic { found }) => {
                assert_eq!(found, &text[..text.len().min(8)])
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

#[test]
fn bad_fields_are_typed_errors_at_their_offset() {
    let written = records(3);
    let mut bytes = file_of(&written);
    bytes[8 + 64 + 60] = 4; // the second record's result
    let read: Vec<_> = Reader::new(&bytes[..]).unwrap().collect();
    assert_eq!(read.len(), 2);
    assert_eq!(*read[0].as_ref().unwrap(), written[0]);
    match &read[1] {
        Err(PositionsError::BadRecord {
            record: 1,
            offset: 72,
            reason: RecordError::Result(4),
        }) => {}
        other => panic!("{other:?}"),
    }
    bytes[8 + 64 + 60] = 2;
    bytes[8 + 64 + 61] = 9;
    let err = read_all(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "record 1 at byte 72: byte 61 is 9, not zero"
    );
    // A packed position that is no position: found when it is unpacked.
    let mut r = written[0];
    r.packed[2..24].fill(0xFF);
    assert!(matches!(r.position(), Err(UnpackError::Truncated { .. })));
    let bytes = file_of(&[written[0], r]);
    let mut reader = Reader::new(&bytes[..]).unwrap();
    reader.read_record().unwrap();
    let bad = reader.read_record().unwrap().unwrap();
    let err = reader.bad_position(bad.position().unwrap_err());
    assert!(
        matches!(
            err,
            PositionsError::BadRecord {
                record: 1,
                offset: 72,
                reason: RecordError::Position(_)
            }
        ),
        "{err}"
    );
}

#[test]
fn random_bytes_never_panic() {
    let good = file_of(&records(4));
    let mut rng = SplitMix64::new(11);
    for _ in 0..2_000 {
        let mut bytes = good.clone();
        let len = rng.below(bytes.len() + 1);
        bytes.truncate(len);
        for _ in 0..rng.below(6) {
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] = rng.next_u64() as u8;
            }
        }
        if let Ok(reader) = Reader::new(&bytes[..]) {
            for record in reader.flatten() {
                let _ = record.position();
            }
        }
    }
}

/// An input that fails after its header is an I/O error at its offset.
#[test]
fn a_failing_input_is_an_io_error_at_its_offset() {
    struct Failing(usize);
    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0 == 0 {
                return Err(std::io::Error::other("disk gone"));
            }
            let n = buf.len().min(self.0);
            buf[..n].copy_from_slice(&HEADER.repeat(9)[..n]);
            self.0 -= n;
            Ok(n)
        }
    }
    let err = Reader::new(Failing(8)).unwrap().read_record().unwrap_err();
    assert!(matches!(err, PositionsError::Io { offset: 8, .. }), "{err}");
    assert_eq!(err.to_string(), "at byte 8: disk gone");
}
