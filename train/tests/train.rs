//! The trainer end to end on a small positions file: it reads what
//! `cescacs_research::positions` writes (the generator's own file is read
//! back in `research/tests/gen_positions.rs`), refuses broken files with their error, learns
//! (the training loss falls) and is deterministic (same seed, same file).

use std::path::PathBuf;

use cescacs::random::SplitMix64;
use cescacs::Position;
use cescacs_engine::nnue::Base;
use cescacs_engine::{Engine, EngineOptions};
use cescacs_research::positions::{
    PositionsError, Record, RecordError, Writer, HEADER, RECORD_LEN, UNFINISHED,
};
use cescacs_train::data::{target, white_share, DataError, Dataset};
use cescacs_train::model::Shape;
use cescacs_train::trainer::{train, Settings};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cescacs-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A positions file of random games, each position labelled with the
/// hand-written evaluation (the trainer does not care where labels come from).
fn positions_file(games: u64) -> (Vec<u8>, usize) {
    let hand = Engine::new(EngineOptions {
        hash_mb: 1,
        use_nnue: false,
        ..EngineOptions::default()
    });
    let mut out = Writer::new(Vec::new()).unwrap();
    for g in 0..games {
        let mut rng = SplitMix64::new(g);
        let mut pos = Position::default();
        for ply in 0..60u16 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !pos.is_check() {
                let score = hand.static_eval(&pos) as i16;
                out.write(&Record::new(&pos, score, UNFINISHED, ply))
                    .unwrap();
            }
            pos = pos.after(moves[rng.below(moves.len())]);
        }
    }
    let count = out.records() as usize;
    (out.finish().unwrap(), count)
}

fn settings(epochs: usize) -> Settings {
    Settings {
        shape: Shape {
            acc: 8,
            hidden: 4,
            buckets: 1,
        },
        seed: 3,
        epochs,
        batch: 64,
        lr: 3e-3,
        lr_decay: 0.9,
        hex_decay: 3.0,
        lambda: 1.0,
        scale: 400.0,
        threads: 2,
        material: [0; 9],
        base: Base::Material,
        qat: false,
    }
}

#[test]
fn it_reads_learns_and_repeats_itself() {
    let (bytes, count) = positions_file(40);
    let path = temp("positions.bin");
    std::fs::write(&path, &bytes).unwrap();
    let all = Dataset::read(&path, usize::MAX, false, 1).unwrap();
    assert_eq!(all.len(), count);
    let quiet = Dataset::read(&path, usize::MAX, true, 1).unwrap();
    assert!(
        quiet.len() < all.len(),
        "random games capture: {} of {}",
        quiet.len(),
        all.len()
    );
    assert_eq!(Dataset::read(&path, 100, false, 1).unwrap().len(), 100);

    let idx: Vec<u32> = (0..all.len() as u32).collect();
    let cut = all.len() * 9 / 10;
    let run = || train(&all, &idx[..cut], &idx[cut..], &settings(4), |_, _| {});
    let (params, curve) = run();
    assert_eq!(curve.len(), 4);
    // A few thousand positions of random games: the training loss falls
    // (the held-out one need not, on so little data).
    assert!(curve[3].train < 0.7 * curve[0].train, "{curve:?}");
    assert!(
        curve
            .iter()
            .all(|e| e.validation.is_finite() && e.validation > 0.0),
        "{curve:?}"
    );
    let (again, _) = run();
    assert_eq!(params, again, "same seed, same network");
    let bytes = params.quantize(400, [0; 9]).unwrap().to_bytes();
    assert_eq!(bytes, again.quantize(400, [0; 9]).unwrap().to_bytes());

    // Quantization-aware: it learns too, repeats itself, and its validation
    // loss is the quantized network's.
    let qat = Settings {
        qat: true,
        ..settings(4)
    };
    let run = || train(&all, &idx[..cut], &idx[cut..], &qat, |_, _| {});
    let (params, curve) = run();
    assert!(curve[3].train < 0.7 * curve[0].train, "{curve:?}");
    assert_eq!(params, run().0, "same seed, same network");
    let held = cescacs_train::trainer::mean_loss(&params.fake_quantized(), &all, &idx[cut..], &qat);
    assert_eq!(curve[3].validation, held);
}

#[test]
fn broken_files_are_refused_with_their_error() {
    let (bytes, _) = positions_file(1);
    let wrong = temp("wrong.bin");
    std::fs::write(&wrong, b"CESPOS9\0").unwrap();
    let err = Dataset::read(&wrong, usize::MAX, true, 1).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::File {
                source: PositionsError::UnsupportedVersion { found: [b'9', 0] },
                ..
            }
        ),
        "{err}"
    );
    std::fs::write(&wrong, b"PK\x03\x04 not positions").unwrap();
    let err = Dataset::read(&wrong, usize::MAX, true, 1).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::File {
                source: PositionsError::WrongMagic { .. },
                ..
            }
        ),
        "{err}"
    );
    let cut = temp("cut.bin");
    std::fs::write(&cut, &bytes[..8 + 3 * RECORD_LEN + 10]).unwrap();
    let err = Dataset::read(&cut, usize::MAX, false, 1).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::File {
                source: PositionsError::Truncated {
                    record: 3,
                    offset: 200,
                    got: 10
                },
                ..
            }
        ),
        "{err}"
    );
    assert!(err
        .to_string()
        .ends_with("cut.bin: truncated at byte 200: record 3 has 10 of its 64 bytes"));
    let empty = temp("empty.bin");
    std::fs::write(&empty, HEADER).unwrap();
    assert!(matches!(
        Dataset::read(&empty, usize::MAX, true, 1),
        Err(DataError::Empty { .. })
    ));
    let mut bad = bytes[..8 + RECORD_LEN].to_vec();
    bad[8 + 2..8 + 24].fill(0xFF);
    let bad_path = temp("bad.bin");
    std::fs::write(&bad_path, &bad).unwrap();
    let err = Dataset::read(&bad_path, usize::MAX, false, 1).unwrap_err();
    assert!(
        matches!(
            err,
            DataError::File {
                source: PositionsError::BadRecord {
                    record: 0,
                    offset: 8,
                    reason: RecordError::Position(_)
                },
                ..
            }
        ),
        "{err}"
    );
    assert!(matches!(
        Dataset::read(&temp("missing.bin"), 1, true, 1),
        Err(DataError::File {
            source: PositionsError::Io { offset: 0, .. },
            ..
        })
    ));
}

#[test]
fn the_command_writes_a_network_that_corrects_the_base_asked_and_refuses_unknown_values() {
    let (bytes, _) = positions_file(4);
    let (data, out) = (temp("cli.bin"), temp("cli.nnue"));
    std::fs::write(&data, bytes).unwrap();
    let run = |more: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cescacs-train"))
            .args([
                "--data",
                data.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--epochs",
                "1",
                "--acc",
                "8",
                "--hidden",
                "4",
            ])
            .args(more)
            .output()
            .unwrap()
    };
    // The defaults: the hand-written evaluation beside the layers (the default network's).
    let done = run(&[]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let net = cescacs_engine::nnue::Network::load(&out).unwrap();
    assert_eq!(net.base(), Base::HandWritten);
    assert_eq!(*net.material(), cescacs_engine::FITTED_VALUES);
    let done = run(&["--base", "material", "--values", "depth2"]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let net = cescacs_engine::nnue::Network::load(&out).unwrap();
    assert_eq!(net.base(), Base::Material);
    assert_eq!(*net.material(), cescacs_engine::DEPTH2_VALUES);
    // Nothing beside the layers, whatever the base's default.
    let done = run(&["--no-material"]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let net = cescacs_engine::nnue::Network::load(&out).unwrap();
    assert_eq!(net.base(), Base::Material);
    assert_eq!(*net.material(), [0; 9]);
    let refused = run(&["--values", "heavy"]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&refused.stderr).starts_with("cescacs-train: --values heavy: "),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    // King buckets: a version-4 file; more than the regions is refused.
    let done = run(&["--buckets", "3"]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    let net = cescacs_engine::nnue::Network::load(&out).unwrap();
    assert_eq!((net.buckets(), net.base()), (3, Base::HandWritten));
    for wrong in ["0", "7"] {
        let refused = run(&["--buckets", wrong]);
        assert_eq!(refused.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&refused.stderr),
            "cescacs-train: --buckets must be 1..6\n"
        );
    }
}

#[test]
fn it_reads_the_generators_file() {
    use cescacs_research::generate::{generate, Settings};
    let path = temp("generated.bin");
    let settings = Settings {
        positions: 90,
        nodes: 40,
        seed: 2,
        ..Settings::default()
    };
    let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    assert_eq!(generate(&settings, file).unwrap().positions, 90);
    let data = Dataset::read(&path, usize::MAX, false, 1).unwrap();
    assert_eq!(data.len(), 90);
    let records: Vec<Record> = cescacs_research::positions::Reader::open(&path)
        .unwrap()
        .map(Result::unwrap)
        .collect();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(data.record(i), i);
        assert_eq!(data.score(i), r.score);
        let pos = r.position().unwrap();
        assert_eq!(data.black_to_move(i), pos.turn() == cescacs::Color::Black);
        assert!(!data.features(i).is_empty());
    }
    let some = cescacs_train::data::read_positions(&path, 85, 10).unwrap();
    assert_eq!(some.len(), 5);
    assert_eq!(
        (some[0].1, some[0].2),
        (records[85].score, records[85].result)
    );
}

#[test]
fn a_bucketed_network_learns_repeats_itself_and_is_read_by_the_engine() {
    let (bytes, _) = positions_file(30);
    let path = temp("bucketed.bin");
    std::fs::write(&path, &bytes).unwrap();
    let all = Dataset::read(&path, usize::MAX, false, 1).unwrap();
    // Random games move their Kings: 10 pairs of buckets (of 4 × 4) are trained.
    let buckets: std::collections::BTreeSet<[usize; 2]> =
        (0..all.len()).map(|i| all.king_buckets(i, 4)).collect();
    assert_eq!(buckets.len(), 10, "{buckets:?}");
    let idx: Vec<u32> = (0..all.len() as u32).collect();
    let cut = all.len() * 9 / 10;
    let mut bucketed = settings(4);
    bucketed.shape.buckets = 4;
    let run = || train(&all, &idx[..cut], &idx[cut..], &bucketed, |_, _| {});
    let (params, curve) = run();
    assert!(curve[3].train < 0.7 * curve[0].train, "{curve:?}");
    assert_eq!(params, run().0, "same seed, same network");
    let net = params.quantize(400, [0; 9]).unwrap();
    assert_eq!(net.buckets(), 4);
    let file = net.to_bytes();
    assert_eq!(u16::from_le_bytes([file[8], file[9]]), 4);
    assert_eq!(
        cescacs_engine::nnue::Network::from_bytes(&file).unwrap(),
        net
    );
}

#[test]
fn the_results_share_of_the_target_is_the_side_to_moves_share_of_the_points() {
    // White's points as the record keeps them: 3-0, 2-1 (White stalemated
    // Black), 1-1 (the draw; 1-2 has the same byte), 0-3, unfinished.
    let shares = [
        (3, 1.0),
        (2, 2.0 / 3.0),
        (1, 0.5),
        (0, 0.0),
        (UNFINISHED, 0.5),
    ];
    for (result, white) in shares {
        assert_eq!(white_share(result), white, "result {result}");
        // With lambda 0 the target is the share alone, the side to move's.
        assert_eq!(target(300, result, false, 0.0, 400.0), white);
        assert_eq!(target(300, result, true, 0.0, 400.0), 1.0 - white);
    }
    // With lambda 1 the result does not count: sigmoid(score / scale).
    let from_score = 1.0 / (1.0 + (-300.0f32 / 400.0).exp());
    assert_eq!(target(300, 0, false, 1.0, 400.0), from_score);
    assert_eq!(target(300, 3, true, 1.0, 400.0), from_score);
    // A drawn game's positions pull both sides to the middle alike.
    assert_eq!(
        target(0, 1, false, 0.5, 400.0),
        target(0, 1, true, 0.5, 400.0)
    );
}

#[test]
fn threads_decode_chunks_into_the_same_dataset_and_the_first_bad_record_is_named() {
    // More records than a chunk (65,536): the 40 games' records over again.
    let (bytes, count) = positions_file(40);
    let records = &bytes[8..];
    let copies = 65_536 / count + 2;
    let mut big = bytes[..8].to_vec();
    for _ in 0..copies {
        big.extend_from_slice(records);
    }
    let path = temp("big.bin");
    std::fs::write(&path, &big).unwrap();
    let one = Dataset::read(&path, usize::MAX, true, 1).unwrap();
    assert_eq!(one, Dataset::read(&path, usize::MAX, true, 3).unwrap());
    assert_eq!(
        Dataset::read(&path, 70_000, false, 2).unwrap(),
        Dataset::read(&path, 70_000, false, 1).unwrap()
    );
    assert_eq!(
        Dataset::read(&path, 70_000, false, 2).unwrap().len(),
        70_000.min(count * copies)
    );

    // Two bad records in the second chunk, in different threads' shares:
    // the error is the first one's.
    let (first, second) = (66_000, count * copies - 3);
    for bad in [first, second] {
        let at = 8 + bad * RECORD_LEN;
        big[at + 2..at + 24].fill(0xFF);
    }
    std::fs::write(&path, &big).unwrap();
    for threads in [1, 2, 3] {
        match Dataset::read(&path, usize::MAX, false, threads).unwrap_err() {
            DataError::File {
                source: PositionsError::BadRecord { record, .. },
                ..
            } => assert_eq!(record, first as u64, "{threads} threads"),
            e => panic!("{e}"),
        }
    }
}
