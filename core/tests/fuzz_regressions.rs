//! Replays the fuzz corpora on stable `cargo test`: the committed seeds
//! (`fuzz/seeds/<target>/`) and every minimised crash input
//! (`fuzz/regressions/<target>/`) of the four rules targets, through the
//! very checks the cargo-fuzz targets run (`cescacs_checks::rules`,
//! fuzz/checks). The fuzzing itself is `scripts/fuzz.sh` (nightly features).

use cescacs_checks::replay::replay;
use cescacs_checks::rules;

#[test]
fn pdtl_corpus() {
    assert!(replay("pdtl", rules::check_pdtl) >= 100);
}

#[test]
fn move_text_corpus() {
    let positions = rules::positions();
    assert_eq!(positions.len(), 1 + 11 + 22 + 18);
    assert!(replay("move_text", |d| rules::check_move_text(d, &positions)) >= 100);
}

/// The `pgn_structured` target's generator on fixed inputs: a nest 12,800
/// levels deep (200 runs of 64 openings, then closings), with comments,
/// tags and stray brackets between; then the target's committed inputs, if
/// any (it has no seeds: its bytes are grammar pieces, not text).
#[test]
fn structured_pgn_inputs() {
    let mut deep = Vec::new();
    for _ in 0..200 {
        deep.extend_from_slice(&[4, 63]);
    }
    deep.extend_from_slice(&[10, 255].repeat(60));
    deep.extend_from_slice(&[8, 0]);
    let text = rules::structured_pgn(&deep);
    assert_eq!(text.matches('(').count(), 200 * 64);
    rules::check_pgn(text.as_bytes());
    for seed in 0u8..=255 {
        let data: Vec<u8> = (0..200u16)
            .map(|i| (i as u8).wrapping_mul(seed).wrapping_add(seed / 3))
            .collect();
        rules::check_pgn(rules::structured_pgn(&data).as_bytes());
    }
    replay("pgn_structured", |d| {
        rules::check_pgn(rules::structured_pgn(d).as_bytes())
    });
}

#[test]
fn pgn_corpus() {
    assert!(replay("pgn", rules::check_pgn) >= 10);
}

#[test]
fn play_corpus() {
    let positions = rules::positions();
    let total = std::cell::Cell::new(rules::PlayStats::default());
    let n = replay("play", |d| {
        let s = rules::check_play(d, &positions);
        let mut t = total.get();
        t.played += s.played;
        t.undone += s.undone;
        t.refused_after_end += s.refused_after_end;
        t.rebuilt += s.rebuilt;
        total.set(t);
    });
    assert!(n >= 64);
    // The seeds play real games: moves and undos both happen, a game that
    // has ended refuses a move, histories are rebuilt from their start.
    let t = total.get();
    assert!(t.played > 1000 && t.undone > 10, "{t:?}");
    assert!(t.refused_after_end > 0 && t.rebuilt > 1000, "{t:?}");
}

/// Found by the `pgn` target (fuzz/regressions/pgn/tag-value-with-carriage-return,
/// minimised by hand): the reader kept a raw CR inside a tag value while
/// the writer (`write_tag`) writes it as a space, so the game read back from
/// the written text differed from the game written. Fixed: the reader reads
/// a CR in a tag value as a space.
#[test]
fn pgn_tag_value_with_carriage_return_reads_back_equal() {
    let text = "[Site \"a\rb\"]\n*\n";
    let games = cescacs::pgn::read_games(text).unwrap();
    let again = cescacs::pgn::read_games(&cescacs::pgn::write_games(&games)).unwrap();
    assert_eq!(again, games);
}
