//! One record per position across positions files (`cescacs_research::positions::Dedup`):
//! the first record of each position, in the order of the files and their records.
//!
//! ```text
//! cargo run --release -p cescacs-research --bin dedup_positions -- --out FILE IN...
//! ```
//!
//! Prints what it read and kept. The output is written to `FILE.tmp` and
//! renamed to `FILE` when whole, so a stopped run leaves no partial file
//! under the name. A bad argument exits with status 2; an input that cannot
//! be read (named, with the record and byte offset) or an output that
//! cannot be written, with 1.

use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;

use cescacs_research::positions::{Dedup, DedupSummary, Reader};

/// What `--help` prints.
const USAGE: &str = "\
Keeps the first record of each position across positions files, in the order of the files
and their records (docs/NNUE.md).

Usage: dedup_positions --out FILE IN...

  --out FILE   the positions file to write (FILE.tmp until whole)
  IN...        the positions files to read
  -h, --help   print this
";

fn parse_args() -> Result<(String, Vec<String>), String> {
    let mut out = None;
    let mut inputs = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--out" => out = Some(it.next().ok_or("--out needs a value")?),
            flag if flag.starts_with("--") => return Err(format!("unknown argument {flag}")),
            _ => inputs.push(arg),
        }
    }
    let out = out.ok_or("--out FILE is required")?;
    if inputs.is_empty() {
        return Err("no input files".into());
    }
    Ok((out, inputs))
}

fn run(out: &str, inputs: &[String]) -> Result<DedupSummary, String> {
    let tmp = format!("{out}.tmp");
    let file = File::create(&tmp).map_err(|e| format!("{tmp}: {e}"))?;
    let mut dedup = Dedup::new(BufWriter::new(file)).map_err(|e| format!("{tmp}: {e}"))?;
    for input in inputs {
        let reader = Reader::open(input).map_err(|e| format!("{input}: {e}"))?;
        dedup
            .push_all(reader)
            .map_err(|e| format!("{input}: {e}"))?;
    }
    let (_, summary) = dedup.finish().map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, out).map_err(|e| format!("{tmp} -> {out}: {e}"))?;
    Ok(summary)
}

fn main() -> ExitCode {
    if std::env::args().skip(1).any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (out, inputs) = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("dedup_positions: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&out, &inputs) {
        Ok(s) => {
            println!(
                "{} records read from {} files, {} kept, {} duplicates dropped",
                s.read,
                inputs.len(),
                s.kept,
                s.duplicates()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("dedup_positions: {e}");
            ExitCode::FAILURE
        }
    }
}
