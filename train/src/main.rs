//! `cescacs-train`: trains a network on a positions file and writes the
//! engine's network file and the run's record (arguments, the losses per
//! epoch, the quantized network against the float one).
//!
//! ```text
//! cescacs-train --data positions.bin --out net.nnue [--epochs 10] [--seed 1] ...
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use cescacs_engine::nnue::Base;
use cescacs_train::data::{read_positions, target, Dataset};
use cescacs_train::model::{black_frame, king_buckets, Inputs, Scratch, Shape};
use cescacs_train::trainer::{train, Settings};
use clap::Parser;

/// Trains the engine's evaluation network on CPU (docs/NNUE.md).
#[derive(Parser, Debug)]
#[command(name = "cescacs-train", version)]
struct Args {
    /// The positions file (research/src/bin/gen_positions.rs).
    #[arg(long)]
    data: PathBuf,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// The run's record, JSON [default: OUT.json].
    #[arg(long)]
    record: Option<PathBuf>,
    /// Read at most this many positions.
    #[arg(long, default_value_t = usize::MAX, hide_default_value = true)]
    max_positions: usize,
    /// The share of positions held out for validation: the file's last ones (its last games).
    #[arg(long, default_value_t = 0.05)]
    validation: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 10)]
    epochs: usize,
    /// Accumulator size N (per side).
    #[arg(long, default_value_t = 64)]
    acc: usize,
    /// Hidden units H.
    #[arg(long, default_value_t = 16)]
    hidden: usize,
    /// King buckets B: 1 (none, input kind 1) or 2 to 6 (input kind 2, a version-4 file: each
    /// region of the own King's hex has its own weights; docs/NNUE.md).
    #[arg(long, default_value_t = 1)]
    buckets: usize,
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    #[arg(long, default_value_t = 1e-3)]
    lr: f32,
    /// The learning rate's factor after each epoch.
    #[arg(long, default_value_t = 0.8)]
    lr_decay: f32,
    /// Weight decay of the hex rows (AdamW), against learning hex by hex what the piece rows explain.
    #[arg(long, default_value_t = 3.0)]
    hex_decay: f32,
    /// Weight of the search score in the target; the rest is the side to move's share of the
    /// game's points (a draw a half).
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Centipawns of an output of 1.0.
    #[arg(long, default_value_t = 400)]
    scale: u32,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The piece values whose material balance the layers correct, as `--eval values=…`
    /// reads them: `depth2` (fitted to depth-2 games), `fitted` (the hand-written
    /// evaluation's), `reference`, `site` or eight numbers `P/E/J/N/G/R/V/D`.
    #[arg(long, default_value = "fitted")]
    values: String,
    /// Nothing beside the layers: they are the whole evaluation (overrides `--base` and
    /// `--values`).
    #[arg(long)]
    no_material: bool,
    /// What the layers correct: `material` (the balance by `--values`) or `hand` (the
    /// hand-written evaluation with its default settings, whose own values then count).
    #[arg(long, value_enum, default_value_t = BaseArg::Hand)]
    base: BaseArg,
    /// Quantization-aware training: the passes run on the weights rounded as the engine's
    /// file holds them, the gradient applied to the float weights.
    #[arg(long)]
    qat: bool,
    /// Keep the positions whose move was a capture (left out by default).
    #[arg(long)]
    keep_captures: bool,
}

/// `--base`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum BaseArg {
    Material,
    Hand,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cescacs-train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    if !(args.acc >= 1
        && args.acc <= cescacs_engine::nnue::MAX_ACCUMULATOR
        && args.hidden >= 1
        && args.hidden <= cescacs_engine::nnue::MAX_HIDDEN)
    {
        return Err(format!(
            "--acc must be 1..{} and --hidden 1..{}",
            cescacs_engine::nnue::MAX_ACCUMULATOR,
            cescacs_engine::nnue::MAX_HIDDEN
        )
        .into());
    }
    let max_buckets = cescacs_engine::nnue::features::MAX_BUCKETS;
    if !(1..=max_buckets).contains(&args.buckets) {
        return Err(format!("--buckets must be 1..{max_buckets}").into());
    }
    if !(0.0..1.0).contains(&args.validation) {
        return Err("--validation must be in [0, 1)".into());
    }
    let values = cescacs_engine::piece_values(&args.values)
        .map_err(|e| format!("--values {}: {e}", args.values))?;
    let started = Instant::now();
    let data = Dataset::read(
        &args.data,
        args.max_positions,
        !args.keep_captures,
        args.threads,
    )?;
    let held = ((data.len() as f64 * args.validation) as usize)
        .clamp(1, data.len().saturating_sub(1).max(1));
    let cut = data.len() - held;
    eprintln!(
        "{} positions read in {:.1} s: {cut} to train on, {held} held out",
        data.len(),
        started.elapsed().as_secs_f64()
    );
    let idx: Vec<u32> = (0..data.len() as u32).collect();
    let settings = Settings {
        shape: Shape {
            acc: args.acc,
            hidden: args.hidden,
            buckets: args.buckets,
        },
        seed: args.seed,
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_decay: args.lr_decay,
        hex_decay: args.hex_decay,
        lambda: args.lambda,
        scale: args.scale as f32,
        threads: args.threads,
        material: if args.no_material { [0; 9] } else { values },
        base: match args.base {
            BaseArg::Hand if !args.no_material => Base::HandWritten,
            BaseArg::Hand | BaseArg::Material => Base::Material,
        },
        qat: args.qat,
    };
    let (params, curve) = train(&data, &idx[..cut], &idx[cut..], &settings, |e, _| {
        eprintln!(
            "epoch {}: train {:.6} validation {:.6} ({:.0} s)",
            e.epoch,
            e.train,
            e.validation,
            started.elapsed().as_secs_f64()
        );
    });
    let net = params
        .quantize(args.scale, settings.material)?
        .with_base(settings.base);
    std::fs::write(&args.out, net.to_bytes())?;

    // The quantized network against the float one on held-out positions.
    let positions = read_positions(&args.data, data.record(cut), 20_000)?;
    let (flip, mut scratch) = (black_frame(), Scratch::new(settings.shape));
    let mut diffs = Vec::new();
    for (pos, _, _) in &positions {
        let mut white = Vec::new();
        cescacs_engine::nnue::features::for_each_feature(pos, cescacs::Color::White, |f| {
            white.push(f as u16)
        });
        let material = net.base_eval(pos) as f32 / args.scale as f32;
        let inputs = Inputs {
            white: &white,
            black_to_move: pos.turn() == cescacs::Color::Black,
            flip: &flip,
            material,
            buckets: king_buckets(pos, args.buckets),
        };
        let float_cp = f64::from(params.forward(&inputs, &mut scratch)) * f64::from(args.scale);
        diffs.push((float_cp.clamp(-20_000.0, 20_000.0) - f64::from(net.evaluate(pos))).abs());
    }
    let mean_diff = diffs.iter().sum::<f64>() / diffs.len().max(1) as f64;
    // The static evaluations against the held-out targets: the network's
    // and the hand-written one's, on the same positions and target.
    let hand = cescacs_engine::Engine::new(cescacs_engine::EngineOptions {
        hash_mb: 1,
        use_nnue: false,
        ..Default::default()
    });
    let (mut net_loss, mut hand_loss) = (0.0, 0.0);
    for (pos, score, result) in &positions {
        let y = f64::from(target(
            *score,
            *result,
            pos.turn() == cescacs::Color::Black,
            args.lambda,
            args.scale as f32,
        ));
        let p = |cp: i32| 1.0 / (1.0 + (-f64::from(cp) / f64::from(args.scale)).exp());
        net_loss += (p(net.evaluate(pos)) - y).powi(2);
        hand_loss += (p(hand.static_eval(pos)) - y).powi(2);
    }
    let (net_loss, hand_loss) = (
        net_loss / positions.len().max(1) as f64,
        hand_loss / positions.len().max(1) as f64,
    );
    eprintln!("held-out loss of the static evaluations on {} positions: network {net_loss:.6}, hand-written {hand_loss:.6}", positions.len());
    let max_diff = diffs.iter().copied().fold(0.0, f64::max);
    eprintln!("quantized against float on {} held-out positions: mean |diff| {mean_diff:.1} cp, max {max_diff:.0} cp", diffs.len());

    let record = serde_json::json!({
        "data": args.data.display().to_string(),
        "positions": data.len(),
        "held_out": held,
        "args": {
            "seed": args.seed, "epochs": args.epochs, "acc": args.acc, "hidden": args.hidden, "buckets": args.buckets,
            "batch": args.batch, "lr": args.lr, "lr_decay": args.lr_decay, "hex_decay": args.hex_decay, "lambda": args.lambda,
            "scale": args.scale, "material": settings.material, "base": if settings.base == Base::Material { "material" } else { "hand" }, "validation": args.validation, "threads": args.threads, "qat": args.qat,
        },
        "curve": curve.iter().map(|e| serde_json::json!({"epoch": e.epoch, "train": e.train, "validation": e.validation})).collect::<Vec<_>>(),
        "quantized_vs_float": {"positions": diffs.len(), "mean_abs_cp": mean_diff, "max_abs_cp": max_diff},
        "static_loss": {"positions": positions.len(), "network": net_loss, "hand_written": hand_loss},
        "seconds": started.elapsed().as_secs_f64(),
    });
    let record_path = args
        .record
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{}.json", args.out.display())));
    std::fs::write(&record_path, serde_json::to_string_pretty(&record)? + "\n")?;
    eprintln!("wrote {} and {}", args.out.display(), record_path.display());
    Ok(())
}
