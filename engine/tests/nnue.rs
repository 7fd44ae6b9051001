//! The network: its file format reads back what it writes and refuses
//! every wrong, truncated or corrupt file with its error; the incremental
//! accumulator equals the from-scratch one after every move of the golden
//! games, after every legal move of the development positions, and after
//! undo.

use std::path::Path;

use cescacs::random::SplitMix64;
use cescacs::{History, Position};
use cescacs_engine::nnue::features::MAX_BUCKETS;
use cescacs_engine::nnue::format::{
    bucketed_file_len, file_len, FormatError, HEADER_LEN, MAX_FILE_LEN,
};
use cescacs_engine::nnue::MAX_ACCUMULATOR;
use cescacs_engine::nnue::MAX_HIDDEN;
use cescacs_engine::nnue::{Accumulator, Base, Network};
use cescacs_engine::EvalConfig;

fn data(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/data")
            .join(name),
    )
    .unwrap()
}

/// The games of `tests/data/games/`, as histories.
fn golden_games() -> Vec<History> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/games");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let (games, _) = cescacs::pgn::read_games_lenient(&std::fs::read_to_string(p).unwrap());
        out.extend(games.into_iter().map(|g| g.history().clone()));
    }
    out
}

/// The positions of `tests/data/random-dev.jsonl` (their `pdtl` fields).
fn dev_positions() -> Vec<Position> {
    data("random-dev.jsonl")
        .lines()
        .map(|l| {
            let start = l.find("\"pdtl\":\"").unwrap() + 8;
            let end = start + l[start..].find('"').unwrap();
            l[start..end].parse().unwrap()
        })
        .collect()
}

fn small_net() -> Network {
    Network::seeded(8, 4, 11)
}

#[test]
fn a_network_reads_back_what_it_writes() {
    for (n, h, seed) in [(1, 1, 0), (8, 4, 11), (64, 32, 3)] {
        let net = Network::seeded(n, h, seed);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), file_len(n, h));
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
    }
}

#[test]
fn a_network_over_the_hand_written_evaluation_is_version_3() {
    let net = small_net().with_base(Base::HandWritten);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_len(8, 4) + 4);
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 3);
    assert_eq!(bytes[HEADER_LEN..HEADER_LEN + 4], 1u32.to_le_bytes());
    let read = Network::from_bytes(&bytes).unwrap();
    assert_eq!(read, net);
    assert_eq!(read.base(), Base::HandWritten);
    // Only the base differs: the layers' part of the evaluation is the same.
    let plain = small_net();
    assert_eq!(plain.to_bytes()[8..10], 2u16.to_le_bytes());
    for pos in dev_positions().iter().take(50) {
        let layers = plain.evaluate(pos) - plain.material_balance(pos);
        assert_eq!(net.base_eval(pos), EvalConfig::default().evaluate(pos));
        assert_eq!(
            net.evaluate(pos),
            (layers + EvalConfig::default().evaluate(pos)).clamp(-20_000, 20_000),
            "{pos}"
        );
    }
    // A base the engine does not know, and a version-3 header cut short.
    let mut b = bytes.clone();
    b[HEADER_LEN..HEADER_LEN + 4].copy_from_slice(&2u32.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&b),
        Err(FormatError::UnknownBase(2))
    ));
    assert!(matches!(
        Network::from_bytes(&bytes[..HEADER_LEN + 2]),
        Err(FormatError::Truncated { at: 66, needed: 68 })
    ));
    assert!(
        matches!(Network::from_bytes(&bytes[..bytes.len() - 1]), Err(FormatError::Truncated { needed, .. }) if needed == bytes.len())
    );
}

#[test]
fn header_errors_are_named() {
    let bytes = small_net().to_bytes();
    let with = |at: usize, v: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + v.len()].copy_from_slice(v);
        Network::from_bytes(&b).unwrap_err()
    };
    assert!(matches!(with(0, b"X"), FormatError::WrongMagic));
    assert!(matches!(
        with(8, &1u16.to_le_bytes()),
        FormatError::UnsupportedVersion { found: 1 }
    ));
    assert!(matches!(
        with(10, &9u16.to_le_bytes()),
        FormatError::UnknownInputKind { found: 9 }
    ));
    assert!(matches!(
        with(12, &3041u32.to_le_bytes()),
        FormatError::WrongSizes { inputs: 3041, .. }
    ));
    assert!(matches!(
        with(16, &0u32.to_le_bytes()),
        FormatError::WrongSizes { accumulator: 0, .. }
    ));
    assert!(matches!(
        with(16, &u32::MAX.to_le_bytes()),
        FormatError::WrongSizes { .. }
    ));
    assert!(matches!(
        with(20, &257u32.to_le_bytes()),
        FormatError::WrongSizes { hidden: 257, .. }
    ));
    assert!(matches!(
        with(24, &0u32.to_le_bytes()),
        FormatError::WrongScale(0)
    ));
    assert!(matches!(
        with(28, &20_001i32.to_le_bytes()),
        FormatError::WrongMaterial {
            kind: 0,
            value: 20_001
        }
    ));
    assert!(matches!(
        with(28 + 4 * 8, &(-30_000i32).to_le_bytes()),
        FormatError::WrongMaterial {
            kind: 8,
            value: -30_000
        }
    ));
    // The most negative i32 has no absolute value: refused, not overflowed.
    assert!(matches!(
        with(28 + 4 * 4, &i32::MIN.to_le_bytes()),
        FormatError::WrongMaterial {
            kind: 4,
            value: i32::MIN
        }
    ));
    // A header that declares a larger network than the bytes hold.
    assert!(
        matches!(with(16, &9u32.to_le_bytes()), FormatError::Truncated { needed, .. } if needed == file_len(9, 4))
    );
    let msg = with(8, &7u16.to_le_bytes()).to_string();
    assert!(msg.contains("version 7"), "{msg}");
}

#[test]
fn parameters_of_the_wrong_sizes_or_values_are_refused() {
    let (n, h) = (2, 3);
    let make = |scale, material: [i32; 9], ft: usize, l1: usize| {
        Network::from_parameters(
            scale,
            material,
            vec![0; n],
            vec![0; ft],
            vec![0; h],
            vec![0; l1],
            0,
            vec![0; h],
        )
    };
    let (ft, l1) = (3042 * n, 2 * n * h);
    assert!(make(400, [0; 9], ft, l1).is_ok());
    assert!(matches!(
        make(400, [0; 9], ft - 1, l1),
        Err(FormatError::WrongSizes {
            accumulator: 2,
            hidden: 3,
            ..
        })
    ));
    assert!(matches!(
        make(400, [0; 9], ft, l1 + 1),
        Err(FormatError::WrongSizes { .. })
    ));
    assert!(matches!(
        make(0, [0; 9], ft, l1),
        Err(FormatError::WrongScale(0))
    ));
    let mut material = [0; 9];
    material[3] = 20_001;
    assert!(matches!(
        make(400, material, ft, l1),
        Err(FormatError::WrongMaterial {
            kind: 3,
            value: 20_001
        })
    ));
    material[3] = i32::MIN;
    assert!(matches!(
        make(400, material, ft, l1),
        Err(FormatError::WrongMaterial {
            kind: 3,
            value: i32::MIN
        })
    ));
}

#[test]
fn every_truncation_is_refused_at_its_length() {
    let bytes = small_net().to_bytes();
    for len in 0..bytes.len() {
        match Network::from_bytes(&bytes[..len]) {
            Err(FormatError::Truncated { at, needed }) => {
                assert_eq!(at, len);
                assert!(needed > len && needed <= bytes.len());
                if len >= HEADER_LEN {
                    assert_eq!(needed, bytes.len());
                }
            }
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(
        matches!(Network::from_bytes(&longer), Err(FormatError::TrailingBytes { expected, found }) if expected == bytes.len() && found == bytes.len() + 1)
    );
}

#[test]
fn every_flipped_bit_of_the_parameters_or_checksum_is_a_checksum_mismatch() {
    let bytes = small_net().to_bytes();
    let mut rng = SplitMix64::new(5);
    for at in HEADER_LEN..bytes.len() {
        let mut b = bytes.clone();
        b[at] ^= 1 << rng.below(8);
        assert!(
            matches!(
                Network::from_bytes(&b),
                Err(FormatError::ChecksumMismatch { .. })
            ),
            "byte {at}"
        );
    }
}

#[test]
fn files_load_and_oversized_files_are_refused_unread() {
    let dir = std::env::temp_dir().join(format!("cescacs-nnue-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let net = small_net();
    let path = dir.join("small.nnue");
    std::fs::write(&path, net.to_bytes()).unwrap();
    assert_eq!(Network::load(&path).unwrap(), net);
    let big = dir.join("big.nnue");
    std::fs::write(&big, vec![0u8; MAX_FILE_LEN + 10]).unwrap();
    assert!(
        matches!(Network::load(&big), Err(FormatError::TrailingBytes { found, .. }) if found == MAX_FILE_LEN + 1)
    );
    assert!(matches!(
        Network::load(dir.join("missing.nnue")),
        Err(FormatError::Io(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The accumulator's evaluation equals the from-scratch one.
fn assert_same(net: &Network, acc: &Accumulator, pos: &Position, what: &str) {
    let fresh = Accumulator::new(net, pos);
    for side in cescacs::Color::ALL {
        assert_eq!(
            acc.side(side),
            fresh.side(side),
            "{what}: {side:?}'s accumulator"
        );
    }
    assert_eq!(
        net.evaluate_accumulator(acc, pos),
        net.evaluate(pos),
        "{what}"
    );
}

#[test]
fn the_incremental_accumulator_follows_the_golden_games_and_their_undo() {
    // With either base: the material the accumulator keeps, and the
    // hand-written evaluation it does not.
    let games = golden_games();
    assert_eq!(games.len(), 5);
    let (mut moves, mut values) = (0, std::collections::BTreeSet::new());
    let plain = Network::seeded(32, 8, 2);
    let nets = [plain.clone(), plain.with_base(Base::HandWritten)];
    for (g, (net, h)) in nets
        .iter()
        .flat_map(|n| games.iter().map(move |h| (n, h)))
        .enumerate()
    {
        let net = net.clone();
        let mut acc = Accumulator::new(&net, h.start());
        for ply in 1..=h.len() {
            acc.push(
                &net,
                h.position_at(ply - 1).unwrap(),
                h.position_at(ply).unwrap(),
            );
            assert_same(
                &net,
                &acc,
                h.position_at(ply).unwrap(),
                &format!("game {g} ply {ply}"),
            );
            values.insert(net.evaluate(h.position_at(ply).unwrap()));
            moves += 1;
        }
        for ply in (0..h.len()).rev() {
            acc.pop();
            assert_eq!(acc.depth(), ply + 1);
            assert_same(
                &net,
                &acc,
                h.position_at(ply).unwrap(),
                &format!("game {g} undo to ply {ply}"),
            );
        }
    }
    assert!(moves > 960, "{moves} moves");
    assert!(
        values.len() > 50,
        "the evaluation takes {} values",
        values.len()
    );
}

#[test]
fn the_incremental_accumulator_follows_every_legal_move_of_the_dev_positions() {
    let net = Network::seeded(16, 4, 9);
    let positions = dev_positions();
    assert_eq!(positions.len(), 1000);
    let mut checked = 0;
    for (i, pos) in positions.iter().enumerate() {
        let mut acc = Accumulator::new(&net, pos);
        for m in pos.legal_moves() {
            let after = pos.after(m);
            acc.push(&net, pos, &after);
            assert_same(&net, &acc, &after, &format!("position {i}, {m:?}"));
            acc.pop();
            assert_same(&net, &acc, pos, &format!("position {i}, undo {m:?}"));
            checked += 1;
        }
    }
    assert!(checked > 50_000, "{checked} moves");
}

#[test]
fn the_evaluation_is_symmetric_under_the_colour_swapped_mirror() {
    // The initial position is its own colour-swapped mirror: either side to
    // move sees the same inputs.
    let net = Network::seeded(32, 8, 4);
    let white = Position::default();
    let black: Position = cescacs::INITIAL_PDTL.replace(" w ", " b ").parse().unwrap();
    assert_eq!(net.evaluate(&white), net.evaluate(&black));
}

/// The trainer's copy of the midline mirror (`scripts/nnue/mirror.txt`,
/// hex index ↦ mirrored hex index, one a line) is the core's. With
/// `CESCACS_WRITE_MIRROR=1` the test writes the file first.
#[test]
fn the_trainers_mirror_table_is_the_cores() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/nnue/mirror.txt");
    let table: String = cescacs::Hex::all()
        .map(|h| format!("{}\n", h.mirror().index()))
        .collect();
    if std::env::var_os("CESCACS_WRITE_MIRROR").is_some() {
        std::fs::write(&path, &table).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), table);
}

/// A network with King buckets (input kind 2, version 4).
fn bucketed_net(buckets: usize) -> Network {
    Network::seeded_bucketed(8, 4, buckets, 13)
}

#[test]
fn a_bucketed_network_is_version_4_and_reads_back_what_it_writes() {
    for (n, h, b, base) in [
        (1, 1, 2, Base::Material),
        (8, 4, 6, Base::Material),
        (16, 8, 4, Base::HandWritten),
    ] {
        let net = Network::seeded_bucketed(n, h, b, 5).with_base(base);
        assert_eq!(net.buckets(), b);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), bucketed_file_len(n, h, b));
        assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 4);
        assert_eq!(u16::from_le_bytes([bytes[10], bytes[11]]), 2);
        assert_eq!(bytes[12..16], ((b * 3042) as u32).to_le_bytes());
        let base_field = u32::from(base == Base::HandWritten);
        assert_eq!(bytes[HEADER_LEN..HEADER_LEN + 4], base_field.to_le_bytes());
        assert_eq!(
            bytes[HEADER_LEN + 4..HEADER_LEN + 8],
            (b as u32).to_le_bytes()
        );
        let read = Network::from_bytes(&bytes).unwrap();
        assert_eq!(read, net);
        assert_eq!(read.to_bytes(), bytes);
    }
    // One bucket is the network without buckets, byte for byte.
    assert_eq!(
        Network::seeded_bucketed(8, 4, 1, 11).to_bytes(),
        small_net().to_bytes()
    );
    assert!(bucketed_file_len(MAX_ACCUMULATOR, MAX_HIDDEN, MAX_BUCKETS) == MAX_FILE_LEN);
}

#[test]
fn bucketed_header_errors_are_named() {
    let bytes = bucketed_net(4).to_bytes();
    let with = |at: usize, v: &[u8]| {
        let mut b = bytes.clone();
        b[at..at + v.len()].copy_from_slice(v);
        Network::from_bytes(&b).unwrap_err()
    };
    // Version 4 takes input kind 2 only; versions 2 and 3 kind 1 only.
    assert!(matches!(
        with(10, &1u16.to_le_bytes()),
        FormatError::UnknownInputKind { found: 1 }
    ));
    let plain = small_net().to_bytes();
    let mut b = plain.clone();
    b[10..12].copy_from_slice(&2u16.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&b),
        Err(FormatError::UnknownInputKind { found: 2 })
    ));
    // Bucket counts out of 2..=6, and inputs that are not the buckets × 3042.
    let at = HEADER_LEN + 4;
    for buckets in [0u32, 1, 7, u32::MAX] {
        let inputs = 3042 * 4;
        assert!(
            matches!(with(at, &buckets.to_le_bytes()), FormatError::WrongBuckets { buckets: b, inputs: i } if b == buckets && i == inputs),
            "{buckets} buckets"
        );
    }
    assert!(matches!(
        with(at, &3u32.to_le_bytes()),
        FormatError::WrongBuckets {
            buckets: 3,
            inputs: 12168
        }
    ));
    assert!(matches!(
        with(12, &3042u32.to_le_bytes()),
        FormatError::WrongBuckets {
            buckets: 4,
            inputs: 3042
        }
    ));
    // Sizes and the base are still checked first.
    assert!(matches!(
        with(16, &0u32.to_le_bytes()),
        FormatError::WrongSizes { accumulator: 0, .. }
    ));
    assert!(matches!(
        with(HEADER_LEN, &5u32.to_le_bytes()),
        FormatError::UnknownBase(5)
    ));
    // A header that declares more buckets than the bytes hold.
    let mut b = bytes.clone();
    b[12..16].copy_from_slice(&((3042 * 5) as u32).to_le_bytes());
    b[at..at + 4].copy_from_slice(&5u32.to_le_bytes());
    assert!(
        matches!(Network::from_bytes(&b), Err(FormatError::Truncated { needed, .. }) if needed == bucketed_file_len(8, 4, 5))
    );
    let msg = with(at, &9u32.to_le_bytes()).to_string();
    assert!(msg.contains("9 buckets"), "{msg}");
}

#[test]
fn every_truncation_of_a_bucketed_file_is_refused_at_its_length() {
    let bytes = Network::seeded_bucketed(2, 2, 3, 1).to_bytes();
    for len in 0..bytes.len() {
        match Network::from_bytes(&bytes[..len]) {
            Err(FormatError::Truncated { at, needed }) => {
                assert_eq!(at, len);
                assert!(needed > len && needed <= bytes.len());
                if len >= HEADER_LEN + 8 {
                    assert_eq!(needed, bytes.len());
                }
            }
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Network::from_bytes(&longer),
        Err(FormatError::TrailingBytes { .. })
    ));
    let mut flipped = bytes.clone();
    flipped[HEADER_LEN + 20] ^= 4;
    assert!(matches!(
        Network::from_bytes(&flipped),
        Err(FormatError::ChecksumMismatch { .. })
    ));
}

#[test]
fn bucketed_parameters_are_read_by_their_length() {
    let (n, h) = (2, 3);
    let make = |ft: usize| {
        Network::from_parameters(
            400,
            [0; 9],
            vec![0; n],
            vec![0; ft],
            vec![0; h],
            vec![0; 2 * n * h],
            0,
            vec![0; h],
        )
    };
    for b in 1..=MAX_BUCKETS {
        assert_eq!(make(b * 3042 * n).unwrap().buckets(), b);
    }
    for ft in [7 * 3042 * n, 2 * 3042 * n + 1, 0] {
        assert!(
            matches!(make(ft), Err(FormatError::WrongSizes { .. })),
            "{ft} weights"
        );
    }
}

#[test]
fn a_bucketed_network_whose_buckets_are_equal_evaluates_as_the_network_without_buckets() {
    let plain = Network::seeded(16, 4, 21);
    let file = plain.to_bytes();
    // The parameters back from the file's bytes, the weights repeated per bucket.
    let n = 16;
    let at = HEADER_LEN;
    let i16s = |from: usize, count: usize| -> Vec<i16> {
        file[from..from + 2 * count]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect()
    };
    let ft_bias = i16s(at, n);
    let ft = i16s(at + 2 * n, 3042 * n);
    let rest = at + 2 * n + 2 * 3042 * n;
    let l1_bias: Vec<i32> = file[rest..rest + 16]
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let l1: Vec<i8> = file[rest + 16..rest + 16 + 2 * n * 4]
        .iter()
        .map(|&b| b as i8)
        .collect();
    let o = rest + 16 + 2 * n * 4;
    let l2_bias = i32::from_le_bytes(file[o..o + 4].try_into().unwrap());
    let l2: Vec<i8> = file[o + 4..o + 8].iter().map(|&b| b as i8).collect();
    let rebuilt = |buckets: usize| {
        Network::from_parameters(
            400,
            *plain.material(),
            ft_bias.clone(),
            ft.repeat(buckets),
            l1_bias.clone(),
            l1.clone(),
            l2_bias,
            l2.clone(),
        )
        .unwrap()
    };
    assert_eq!(rebuilt(1), plain);
    let bucketed = rebuilt(6);
    assert_eq!(bucketed.buckets(), 6);
    for h in golden_games().iter().take(2) {
        let mut acc = Accumulator::new(&bucketed, h.start());
        for ply in 1..=h.len() {
            let pos = h.position_at(ply).unwrap();
            acc.push(&bucketed, h.position_at(ply - 1).unwrap(), pos);
            assert_eq!(bucketed.evaluate(pos), plain.evaluate(pos), "ply {ply}");
            assert_eq!(
                bucketed.evaluate_accumulator(&acc, pos),
                plain.evaluate(pos)
            );
        }
    }
}

#[test]
fn the_bucketed_incremental_accumulator_follows_the_golden_games_and_their_undo() {
    let games = golden_games();
    let plain = Network::seeded_bucketed(32, 8, 6, 2);
    let nets = [plain.clone(), plain.with_base(Base::HandWritten)];
    let (mut moves, mut bucket_changes) = (0, 0);
    for (g, (net, h)) in nets
        .iter()
        .flat_map(|n| games.iter().map(move |h| (n, h)))
        .enumerate()
    {
        let mut acc = Accumulator::new(net, h.start());
        for ply in 1..=h.len() {
            let (before, after) = (h.position_at(ply - 1).unwrap(), h.position_at(ply).unwrap());
            for side in cescacs::Color::ALL {
                bucket_changes += usize::from(net.bucket(before, side) != net.bucket(after, side));
            }
            acc.push(net, before, after);
            assert_same(net, &acc, after, &format!("game {g} ply {ply}"));
            moves += 1;
        }
        for ply in (0..h.len()).rev() {
            acc.pop();
            assert_same(
                net,
                &acc,
                h.position_at(ply).unwrap(),
                &format!("game {g} undo to ply {ply}"),
            );
        }
    }
    assert_eq!(moves, 2 * 484);
    // Sides whose King changes bucket, over both nets' games (21 a net).
    assert_eq!(bucket_changes, 42);
}

#[test]
fn the_bucketed_incremental_accumulator_follows_every_legal_move_of_dev_positions() {
    let mut counts = Vec::new();
    for buckets in [2, 6] {
        let net = Network::seeded_bucketed(8, 4, buckets, 9);
        let (mut checked, mut refreshed) = (0, 0);
        for (i, pos) in dev_positions().iter().enumerate().take(300) {
            let mut acc = Accumulator::new(&net, pos);
            for m in pos.legal_moves() {
                let after = pos.after(m);
                let side = pos.turn();
                refreshed += usize::from(net.bucket(pos, side) != net.bucket(&after, side));
                acc.push(&net, pos, &after);
                assert_same(&net, &acc, &after, &format!("position {i}, {m:?}"));
                acc.pop();
                checked += 1;
            }
            assert_same(&net, &acc, pos, &format!("position {i}"));
        }
        counts.push((buckets, checked, refreshed));
    }
    // Moves checked, and of them moves whose King changes bucket.
    assert_eq!(counts, [(2, 31_114, 904), (6, 31_114, 1_004)]);
}

#[test]
fn a_king_in_another_bucket_reads_other_weights() {
    // The same pieces, the White King at home (G1) or on a leap hex (H6):
    // the bucketed network reads another block of weights for White, the
    // network without buckets only the King's own feature.
    // A pawn leaves H6, Black answers, the King leaps there.
    let h6: cescacs::Hex = "H6".parse().unwrap();
    let (home, leap) = Position::default()
        .legal_moves()
        .into_iter()
        .map(|m| Position::default().after(m))
        .filter(|p| !p.occupied_by(cescacs::Color::White).contains(h6))
        .map(|p| p.after(p.legal_moves()[0]))
        .find_map(|p| {
            let leap = p
                .legal_moves()
                .into_iter()
                .map(|m| p.after(m))
                .find(|q| q.king(cescacs::Color::White) == h6)?;
            Some((p, leap))
        })
        .expect("the King's Leap to H6");
    let net = bucketed_net(6);
    assert_eq!(net.bucket(&home, cescacs::Color::White), 0);
    assert_eq!(net.bucket(&leap, cescacs::Color::White), 1);
    assert_eq!(net.bucket(&leap, cescacs::Color::Black), 0);
    let mut acc = Accumulator::new(&net, &home);
    acc.push(&net, &home, &leap);
    assert_same(&net, &acc, &leap, "the leap");
}
