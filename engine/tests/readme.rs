//! The README's Rust engine example runs as written: the code between the
//! markers below is the README's block, character for character.

#[test]
fn the_readme_engine_example_runs_as_written() {
    // README begin
    use cescacs::History;
    use cescacs_engine::{Engine, Limits};

    let mut engine = Engine::new(Default::default()); // 16 MiB table, one thread
    let stop = engine.control(); // clone it to another thread: stop.stop() ends a search
    let r = engine.search(&History::default(), &Limits::depth(4), |info| {
        if let Some(line) = info.completed_line() {
            println!("depth {} score {}", line.depth, line.score);
        }
    });
    println!("{} {} {}", r.best_move.unwrap().long(), r.score, r.nodes);
    assert!(!stop.is_stopped());
    // README end

    let source = include_str!("readme.rs");
    let (_, rest) = source.split_once("    // README begin\n").unwrap();
    let (body, _) = rest.split_once("    // README end\n").unwrap();
    let code: String = body
        .lines()
        .map(|l| format!("{}\n", l.strip_prefix("    ").unwrap_or(l)))
        .collect();
    let readme = include_str!("../../README.md");
    assert!(
        readme.contains(&format!("```rust\n{code}```\n")),
        "README.md's engine example is not:\n{code}"
    );
}
