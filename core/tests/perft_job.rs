//! The parallel perft (`Position::perft_job`): same counts as the golden
//! data and the one-thread `perft`/`perft_divide`, on any number of threads;
//! cancellation and progress reports.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use cescacs::{perft_divide, Position};
use serde_json::Value;

/// (name, position, [(depth, leaves)]) of each entry of perft.json.
type Entry = (String, Position, Vec<(u32, u64)>);

fn perft_file() -> Vec<Entry> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/perft.json"
    ))
    .unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let counts = p["perft"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, n)| (k.parse().unwrap(), n.as_u64().unwrap()));
            (
                p["name"].as_str().unwrap().to_string(),
                p["pdtl"].as_str().unwrap().parse().unwrap(),
                counts.collect(),
            )
        })
        .collect()
}

#[test]
fn every_thread_count_gives_the_golden_counts() {
    for (name, pos, counts) in perft_file() {
        assert_eq!(pos.perft_job(0).threads(3).run(), Ok(1), "{name}");
        for (depth, want) in counts.into_iter().filter(|&(d, _)| d <= 3) {
            for threads in [1, 2, 3, 0] {
                assert_eq!(
                    pos.perft_job(depth).threads(threads).run(),
                    Ok(want),
                    "{name} depth {depth} threads {threads}"
                );
            }
        }
    }
}

#[test]
fn divide_matches_the_one_thread_divide_in_order() {
    for (name, pos, _) in perft_file() {
        for depth in 0..=3 {
            let want = perft_divide(&pos, depth);
            assert_eq!(
                pos.perft_job(depth).threads(2).divide(),
                Ok(want),
                "{name} depth {depth}"
            );
        }
    }
}

#[test]
fn progress_counts_every_root_move_once() {
    let pos = Position::default();
    for depth in [1, 2, 3] {
        let reports = Mutex::new(Vec::new());
        let split = pos
            .perft_job(depth)
            .threads(2)
            .on_progress(&|p| reports.lock().unwrap().push((p.done, p.total)))
            .divide()
            .unwrap();
        let mut reports = reports.into_inner().unwrap();
        reports.sort_unstable();
        let want: Vec<(usize, usize)> = (1..=split.len()).map(|d| (d, split.len())).collect();
        assert_eq!(reports, want, "depth {depth}");
    }
}

#[test]
fn a_set_flag_stops_the_run() {
    let pos = Position::default();
    let stop = AtomicBool::new(true);
    assert!(pos.perft_job(4).cancel_flag(&stop).run().is_err());
    assert!(pos.perft_job(0).cancel_flag(&stop).run().is_err());
    // Set while running: perft 7 would take hours; it must come back
    // interrupted, and after only a few root moves at most.
    let stop = AtomicBool::new(false);
    let done = AtomicUsize::new(0);
    let result = std::thread::scope(|s| {
        let run = s.spawn(|| {
            pos.perft_job(7)
                .threads(2)
                .cancel_flag(&stop)
                .on_progress(&|p| {
                    done.fetch_max(p.done, Ordering::Relaxed);
                })
                .run()
        });
        std::thread::sleep(std::time::Duration::from_millis(50));
        stop.store(true, Ordering::Relaxed);
        run.join().unwrap()
    });
    assert!(result.is_err());
    assert_eq!(done.load(Ordering::Relaxed), 0);
    let clear = AtomicBool::new(false);
    assert_eq!(pos.perft_job(2).cancel_flag(&clear).run(), Ok(4_612));
}
