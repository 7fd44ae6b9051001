//! The trainer end to end on a small positions file: it reads what
//! `gen_positions` writes, refuses broken files with their error, learns
//! (the training loss falls) and is deterministic (same seed, same file).

use std::path::PathBuf;

use cescacs::random::SplitMix64;
use cescacs::Position;
use cescacs_engine::nnue::Base;
use cescacs_engine::{Engine, EngineOptions};
use cescacs_research::packed::{pack_into, MAX_PACKED};
use cescacs_train::data::{DataError, Dataset, MAGIC, RECORD};
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
    let mut out = MAGIC.to_vec();
    let mut count = 0;
    for g in 0..games {
        let mut rng = SplitMix64::new(g);
        let mut pos = Position::default();
        for ply in 0..60u16 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if !pos.is_check() {
                let start = out.len();
                pack_into(&pos, &mut out);
                out.resize(start + MAX_PACKED, 0);
                out.extend_from_slice(&(hand.static_eval(&pos) as i16).to_le_bytes());
                out.extend_from_slice(&[255, 0]);
                out.extend_from_slice(&ply.to_le_bytes());
                count += 1;
            }
            pos = pos.after(moves[rng.below(moves.len())]);
        }
    }
    (out, count)
}

fn settings(epochs: usize) -> Settings {
    Settings {
        shape: Shape { acc: 8, hidden: 4 },
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
    }
}

#[test]
fn it_reads_learns_and_repeats_itself() {
    let (bytes, count) = positions_file(40);
    let path = temp("positions.bin");
    std::fs::write(&path, &bytes).unwrap();
    let all = Dataset::read(&path, usize::MAX, false).unwrap();
    assert_eq!(all.len(), count);
    let quiet = Dataset::read(&path, usize::MAX, true).unwrap();
    assert!(
        quiet.len() < all.len(),
        "random games capture: {} of {}",
        quiet.len(),
        all.len()
    );
    assert_eq!(Dataset::read(&path, 100, false).unwrap().len(), 100);

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
}

#[test]
fn broken_files_are_refused_with_their_error() {
    let (bytes, _) = positions_file(1);
    let wrong = temp("wrong.bin");
    std::fs::write(&wrong, b"CESPOS9\0").unwrap();
    assert!(matches!(
        Dataset::read(&wrong, usize::MAX, true),
        Err(DataError::WrongMagic { .. })
    ));
    let cut = temp("cut.bin");
    std::fs::write(&cut, &bytes[..8 + 3 * RECORD + 10]).unwrap();
    let err = Dataset::read(&cut, usize::MAX, false).unwrap_err();
    assert!(
        matches!(err, DataError::Truncated { extra: 10, .. }),
        "{err}"
    );
    let empty = temp("empty.bin");
    std::fs::write(&empty, MAGIC).unwrap();
    assert!(matches!(
        Dataset::read(&empty, usize::MAX, true),
        Err(DataError::Empty { .. })
    ));
    let mut bad = bytes[..8 + RECORD].to_vec();
    bad[8 + 2..8 + 24].fill(0xFF);
    let bad_path = temp("bad.bin");
    std::fs::write(&bad_path, &bad).unwrap();
    let err = Dataset::read(&bad_path, usize::MAX, false).unwrap_err();
    assert!(
        matches!(err, DataError::BadRecord { record: 0, .. }),
        "{err}"
    );
    assert!(matches!(
        Dataset::read(&temp("missing.bin"), 1, true),
        Err(DataError::Io { .. })
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
}
