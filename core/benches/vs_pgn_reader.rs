//! Validated game-record reading: cescacs's streaming CTL-PGN reader against
//! pgn-reader + shakmaty (Rust, streaming, every SAN resolved and played on
//! the board) on an orthodox PGN file of the same size, single thread, in
//! the same run, both read from files through a `BufReader`.
//!
//! The files are generated, none is committed:
//! - `cescacs.ctl-pgn`: the real games of `tests/data/games`, each copy
//!   under its own `Event` tag, until the size is reached;
//! - `orthodox.pgn`: seeded random orthodox games (shakmaty), written in SAN
//!   with a seven-tag header, until the same size.
//!
//! `cargo bench -p cescacs --bench vs_pgn_reader -- [MB] [cescacs|orthodox] [--cli BIN] [--rounds N]`
//! (default 30 MB, both sides, best of 3; `--rounds N`: best of N, for a
//! steadier figure on a machine whose speed drifts). Naming one side times only it, so
//! that `/usr/bin/time` can give each side's peak memory
//! (`scripts/bench-pgn.sh` does). `--cli BIN` also times the command line
//! (`BIN pgn FILE`, its summary lines read through a pipe and thrown away)
//! on the same collection in the same run, a whole process each round, and
//! gives its rate against both readers. The files are kept in
//! `$TMPDIR/cescacs-pgn-bench/` for the Python benchmark.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pgn_reader::{BufferedReader, SanPlus, Skip, Visitor};
use shakmaty::san::SanPlus as ChessSanPlus;
use shakmaty::{Chess, Position};

/// The rounds of each side, the best one counted, unless `--rounds` says.
const ROUNDS: usize = 3;

/// What a reading produced: games, plies, and games with an error.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    plies: u64,
    bad: u64,
}

fn read_cescacs(path: &Path) -> Tally {
    let mut t = Tally::default();
    let file = BufReader::new(File::open(path).expect("the generated file"));
    for entry in cescacs::pgn::Reader::new(file) {
        t.games += 1;
        match (&entry.game, entry.errors.is_empty()) {
            (Some(g), true) => t.plies += g.len() as u64,
            _ => t.bad += 1,
        }
    }
    t
}

/// pgn-reader's validator (its `validate` example): main lines only, every
/// SAN resolved in the position and played.
struct Validator {
    pos: Chess,
    ok: bool,
    plies: u64,
}

impl Visitor for Validator {
    type Result = (bool, u64);

    fn begin_game(&mut self) {
        self.pos = Chess::default();
        self.ok = true;
        self.plies = 0;
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn san(&mut self, san_plus: SanPlus) {
        if self.ok {
            match san_plus.san.to_move(&self.pos) {
                Ok(m) => {
                    self.pos.play_unchecked(&m);
                    self.plies += 1;
                }
                Err(_) => self.ok = false,
            }
        }
    }

    fn end_game(&mut self) -> (bool, u64) {
        (self.ok, self.plies)
    }
}

fn read_orthodox(path: &Path) -> Tally {
    let mut t = Tally::default();
    let mut reader = BufferedReader::new(File::open(path).expect("the generated file"));
    let mut v = Validator {
        pos: Chess::default(),
        ok: true,
        plies: 0,
    };
    while let Some((ok, plies)) = reader.read_game(&mut v).expect("readable") {
        t.games += 1;
        t.plies += plies;
        t.bad += u64::from(!ok);
    }
    t
}

/// The C'escacs collection: copies of the real games until `bytes`.
fn write_cescacs(path: &Path, bytes: u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/games");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data/games")
        .map(|e| e.expect("entry").path())
        .collect();
    names.sort();
    let games: Vec<String> = names
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a game"))
        .collect();
    let mut out = BufWriter::new(File::create(path).expect("writable"));
    let (mut size, mut n) = (0u64, 0u64);
    while size < bytes {
        for g in &games {
            let text = format!("[Event \"copy {n}\"]\n{}\n\n", g.trim_end_matches('\n'));
            out.write_all(text.as_bytes()).expect("written");
            size += text.len() as u64;
            n += 1;
        }
    }
}

/// SplitMix64: the orthodox games are the same on every machine.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Random orthodox games (at most 160 plies each) until `bytes`.
fn write_orthodox(path: &Path, bytes: u64) {
    let mut out = BufWriter::new(File::create(path).expect("writable"));
    let (mut size, mut n, mut rng) = (0u64, 0u64, 1u64);
    while size < bytes {
        let mut pos = Chess::default();
        let mut moves = String::new();
        for ply in 0..160 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(next(&mut rng) % legal.len() as u64) as usize].clone();
            if ply % 2 == 0 {
                moves.push_str(&format!("{}. ", ply / 2 + 1));
            }
            moves.push_str(&ChessSanPlus::from_move_and_play_unchecked(&mut pos, &m).to_string());
            moves.push(if ply % 20 == 19 { '\n' } else { ' ' });
        }
        let text = format!(
            "[Event \"random {n}\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n{}*\n\n",
            moves
        );
        out.write_all(text.as_bytes()).expect("written");
        size += text.len() as u64;
        n += 1;
    }
}

/// The command line `cli pgn path` as a whole process, its output read and
/// thrown away; the games and plies are the core reader's count of the same
/// file. The command exits 1 when a game's verdict is BAD (the collection
/// has games whose Result tag disagrees with their end), so its verdicts are
/// not counted as reading errors; any other failure stops the bench.
fn read_cli(cli: &str, path: &Path, (games, plies): (u64, u64)) -> Tally {
    let mut child = Command::new(cli)
        .arg("pgn")
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("--cli {cli}: {e}"));
    let mut out = child.stdout.take().expect("piped");
    std::io::copy(&mut out, &mut std::io::sink()).expect("the command's output");
    match child.wait().expect("the command ends").code() {
        Some(0 | 1) => {}
        other => panic!("{cli} pgn {}: exit status {other:?}", path.display()),
    }
    Tally {
        games,
        plies,
        bad: 0,
    }
}

fn best(rounds: usize, f: impl Fn() -> Tally) -> (Tally, Duration) {
    let mut best = Duration::MAX;
    let mut tally = Tally::default();
    for _ in 0..rounds {
        let t = Instant::now();
        tally = f();
        best = best.min(t.elapsed());
    }
    (tally, best)
}

fn report(name: &str, path: &Path, (t, d): (Tally, Duration)) -> f64 {
    let mb = std::fs::metadata(path).expect("the file").len() as f64 / 1e6;
    let rate = t.plies as f64 / d.as_secs_f64();
    println!(
        "{name:<26} {mb:.1} MB, {} games ({} with errors), {} plies in {:.3} s = {:.2} M plies/s, {:.0} MB/s",
        t.games,
        t.bad,
        t.plies,
        d.as_secs_f64(),
        rate / 1e6,
        mb / d.as_secs_f64()
    );
    rate
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    // The value after a switch, and the place of that value in the arguments.
    let value = |name: &str| {
        all.iter()
            .position(|a| a == name)
            .and_then(|i| Some((i + 1, all.get(i + 1)?.clone())))
    };
    let cli = value("--cli");
    let rounds = value("--rounds");
    let rounds_n = rounds.as_ref().map_or(ROUNDS, |(_, n)| {
        n.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
            eprintln!("--rounds takes a number of rounds above 0, not {n:?}");
            std::process::exit(2)
        })
    });
    let values = [
        cli.as_ref().map(|(i, _)| *i),
        rounds.as_ref().map(|(i, _)| *i),
    ];
    let cli = cli.map(|(_, bin)| bin);
    let args: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && !values.contains(&Some(i)))
        .map(|(_, a)| a.clone())
        .collect();
    let mb: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(30);
    let only = args
        .iter()
        .find(|a| matches!(a.as_str(), "cescacs" | "orthodox"))
        .cloned();
    let dir = std::env::temp_dir().join("cescacs-pgn-bench");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (ctl, pgn) = (
        dir.join(format!("cescacs-{mb}.ctl-pgn")),
        dir.join(format!("orthodox-{mb}.pgn")),
    );
    if !ctl.exists() {
        write_cescacs(&ctl, mb * 1_000_000);
    }
    if !pgn.exists() {
        write_orthodox(&pgn, mb * 1_000_000);
    }
    let core = (only.as_deref() != Some("orthodox")).then(|| best(rounds_n, || read_cescacs(&ctl)));
    let counts = core.as_ref().map_or((0, 0), |(t, _)| (t.games, t.plies));
    let ours = core.map(|c| report("cescacs pgn::Reader", &ctl, c));
    let theirs = (only.as_deref() != Some("cescacs")).then(|| {
        report(
            "pgn-reader + shakmaty",
            &pgn,
            best(rounds_n, || read_orthodox(&pgn)),
        )
    });
    let command = match (&cli, ours) {
        (Some(cli), Some(_)) => Some(report(
            "cescacs pgn (command)",
            &ctl,
            best(rounds_n, || read_cli(cli, &ctl, counts)),
        )),
        _ => None,
    };
    if let (Some(a), Some(b)) = (ours, theirs) {
        println!("ratio cescacs/pgn-reader (plies/s): {:.2}", a / b);
    }
    if let (Some(c), Some(a)) = (command, ours) {
        println!("ratio command/core reader (plies/s): {:.2}", c / a);
        if let Some(b) = theirs {
            println!("ratio command/pgn-reader (plies/s): {:.2}", c / b);
        }
    }
}
