//! Line handles (`cescacs_line_*`): every line of a record reads as the
//! core's tree says, a line keeps the record it was made from, and going
//! down a nest of variations shares the record instead of copying it.

use rules::{Game, Line, Position};

use super::*;

fn fools_mate_variations() -> String {
    let path = format!(
        "{}/../examples/cpp/front/tests/fools-mate-variations.ctl-pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

fn mainline(g: *const cescacs_game) -> *mut cescacs_line {
    let mut line = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live game of this test and a local out-pointer.
        unsafe { cescacs_game_mainline(g, &mut line) },
        cescacs_result::Ok
    );
    line
}

fn enter(line: *const cescacs_line, index: usize, rank: usize) -> *mut cescacs_line {
    let mut v = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live line of this test and a local out-pointer.
        unsafe { cescacs_line_variation(line, index, rank, &mut v) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    v
}

/// A count answered through `f(line, index, &mut count)`.
fn count_at(
    f: unsafe extern "C" fn(*const cescacs_line, usize, *mut usize) -> cescacs_result,
    line: *const cescacs_line,
    index: usize,
) -> usize {
    let mut n = usize::MAX;
    assert_eq!(
        // SAFETY: a live line of this test and a local out-pointer.
        unsafe { f(line, index, &mut n) },
        cescacs_result::Ok,
        "{}",
        last_error()
    );
    n
}

/// A value answered through `f(line, &mut value)`.
fn value_of(
    f: unsafe extern "C" fn(*const cescacs_line, *mut usize) -> cescacs_result,
    line: *const cescacs_line,
) -> usize {
    let mut n = usize::MAX;
    // SAFETY: a live line of this test and a local out-pointer.
    assert_eq!(unsafe { f(line, &mut n) }, cescacs_result::Ok);
    n
}

/// Checks `handle` against the core's `line`, which starts from `start`
/// at `depth` and `start_ply`, and returns its variations to check next,
/// each with the position it starts from.
fn check_line<'a>(
    handle: *const cescacs_line,
    line: &'a Line,
    start: &Position,
    depth: usize,
    start_ply: usize,
    label: &str,
) -> Vec<(*mut cescacs_line, &'a Line, Position, usize, String)> {
    assert_eq!(value_of(cescacs_line_depth, handle), depth);
    assert_eq!(value_of(cescacs_line_start_ply, handle), start_ply);
    assert_eq!(value_of(cescacs_line_ply_count, handle), line.moves.len());
    assert_eq!(
        value_of(cescacs_line_opening_comment_count, handle),
        line.comments.len()
    );
    assert_eq!(
        // SAFETY: a live line of this test, the buffer and length `out_text` gives.
        out_text(|b, l, o| unsafe { cescacs_line_label(handle, b, l, o) }),
        label
    );
    for (i, c) in line.comments.iter().enumerate() {
        assert_eq!(
            // SAFETY: a live line of this test, the buffer and length `out_text` gives.
            &out_text(|b, l, o| unsafe { cescacs_line_opening_comment(handle, i, b, l, o) }),
            c
        );
    }
    let mut below = Vec::new();
    let mut pos = start.clone();
    for (i, am) in line.moves.iter().enumerate() {
        assert_eq!(
            // SAFETY: a live line of this test, the buffer and length `out_text` gives.
            out_text(|b, l, o| unsafe { cescacs_line_pdtl_at(handle, i, b, l, o) }),
            pos.to_pdtl()
        );
        assert_eq!(
            // SAFETY: a live line of this test, the buffer and length `out_text` gives.
            out_text(|b, l, o| unsafe { cescacs_line_move_ctl_at(handle, i, b, l, o) }),
            pos.ctl(&am.mv)
        );
        let mut m = cescacs_move::default();
        assert_eq!(
            // SAFETY: a live line of this test and a local out-pointer.
            unsafe { cescacs_line_move_at(handle, i, &mut m) },
            cescacs_result::Ok
        );
        assert_eq!(m, cescacs_move::from(am.mv));
        let mut nag = u8::MAX;
        assert_eq!(
            // SAFETY: a live line of this test and a local out-pointer.
            unsafe { cescacs_line_assessment(handle, i, &mut nag) },
            cescacs_result::Ok
        );
        assert_eq!(nag, am.assessment.map_or(0, |a| a.nag()));
        assert_eq!(
            count_at(cescacs_line_comment_count, handle, i),
            am.comments.len()
        );
        for (k, c) in am.comments.iter().enumerate() {
            assert_eq!(
                // SAFETY: a live line of this test, the buffer and length `out_text` gives.
                &out_text(|b, l, o| unsafe { cescacs_line_comment(handle, i, k, b, l, o) }),
                c
            );
        }
        assert_eq!(
            count_at(cescacs_line_variation_count, handle, i),
            am.variations.len()
        );
        for (r, v) in am.variations.iter().enumerate() {
            let label = v.label.clone().unwrap_or_default();
            below.push((
                enter(handle, i, r),
                &*v.line,
                pos.clone(),
                start_ply + i,
                label,
            ));
        }
        pos.play(am.mv).unwrap();
    }
    let n = line.moves.len();
    assert_eq!(
        // SAFETY: a live line of this test, the buffer and length `out_text` gives.
        out_text(|b, l, o| unsafe { cescacs_line_pdtl_at(handle, n, b, l, o) }),
        pos.to_pdtl()
    );
    // The line as a game: the core's own copy of it.
    let mut g = ptr::null_mut();
    assert_eq!(
        // SAFETY: a live line of this test and a local out-pointer.
        unsafe { cescacs_line_game(handle, &mut g) },
        cescacs_result::Ok
    );
    assert_eq!(
        write_pgn(g),
        rules::pgn::write_game(&Game::from_line(start.clone(), line).unwrap())
    );
    assert_eq!(ply_count(g), n);
    // SAFETY: made above and not used after this.
    unsafe { cescacs_game_free(g) };
    below
}

#[test]
fn every_line_of_a_record_reads_as_the_cores() {
    let texts = [
        fools_mate_variations(),
        game_file("2020-07-20.ctl-pgn"),
        game_file("2023-09-18.ctl-pgn"),
    ];
    // Under Miri, the record with variations (nested, labelled) only.
    let texts = if cfg!(miri) { &texts[..1] } else { &texts[..] };
    let mut lines_seen = 0;
    for text in texts {
        let core = rules::pgn::read_game(text).unwrap();
        let g = from_pgn(text);
        // Every line, depth first, with a stack of handles (no recursion).
        let mut stack = vec![(
            mainline(g),
            core.mainline(),
            core.start().clone(),
            0,
            0,
            String::new(),
        )];
        while let Some((handle, line, start, depth, start_ply, label)) = stack.pop() {
            for (h, l, s, p, lab) in check_line(handle, line, &start, depth, start_ply, &label) {
                stack.push((h, l, s, depth + 1, p, lab));
            }
            // SAFETY: made by this test and not used after this.
            unsafe { cescacs_line_free(handle) };
            lines_seen += 1;
        }
        // A variation of the main line as a game: as cescacs_game_variation makes it.
        let main = mainline(g);
        if let Some(ply) = core
            .mainline()
            .moves
            .iter()
            .position(|am| !am.variations.is_empty())
        {
            let v = enter(main, ply, 0);
            let (mut a, mut b) = (ptr::null_mut(), ptr::null_mut());
            // SAFETY: live handles of this test and locals.
            unsafe {
                assert_eq!(cescacs_line_game(v, &mut a), cescacs_result::Ok);
                assert_eq!(
                    cescacs_game_variation(g, ply, 0, &mut b),
                    cescacs_result::Ok
                );
            }
            assert_eq!(write_pgn(a), write_pgn(b));
            // SAFETY: made above and not used after this.
            unsafe {
                cescacs_game_free(a);
                cescacs_game_free(b);
                cescacs_line_free(v);
            }
        }
        // SAFETY: made by this test and not used after this.
        unsafe {
            cescacs_line_free(main);
            cescacs_game_free(g);
        }
    }
    // The main lines and fool's mate's three variations (one nested).
    let core_lines: usize = texts
        .iter()
        .map(|t| {
            let game = rules::pgn::read_game(t).unwrap();
            let mut n = 0;
            let mut todo = vec![game.mainline().clone()];
            while let Some(l) = todo.pop() {
                n += 1;
                todo.extend(
                    l.moves
                        .iter()
                        .flat_map(|am| am.variations.iter().map(|v| Line::clone(&v.line))),
                );
            }
            n
        })
        .sum();
    assert_eq!(lines_seen, core_lines);
    assert_eq!(lines_seen, texts.len() + 3);
}

#[test]
fn a_line_keeps_the_record_it_was_made_from() {
    let g = from_pgn(&fools_mate_variations());
    let main = mainline(g);
    // SAFETY: live handles of this test (read only here).
    unsafe {
        assert!(
            std::sync::Arc::ptr_eq((*main).view.record(), &(*g).record),
            "the main line shares the record"
        );
    }
    let c = CString::new("later").unwrap();
    // SAFETY: live handles of this test and CStrings as texts.
    unsafe {
        assert_eq!(
            cescacs_game_add_comment(g, 0, c.as_ptr()),
            cescacs_result::Ok
        );
        assert_eq!(cescacs_game_undo(g), cescacs_result::Ok);
        assert!(
            !std::sync::Arc::ptr_eq((*main).view.record(), &(*g).record),
            "the game copied its record to change it"
        );
    }
    assert_eq!(ply_count(g), 11);
    assert_eq!(value_of(cescacs_line_ply_count, main), 12);
    assert_eq!(count_at(cescacs_line_comment_count, main, 0), 0);
    // The game freed, its lines still read.
    // SAFETY: made by this test and not used after this.
    unsafe { cescacs_game_free(g) };
    let v = enter(main, 8, 0);
    assert_eq!(
        // SAFETY: the buffer and length `out_text` gives.
        out_text(|b, l, o| unsafe { cescacs_line_label(v, b, l, o) }),
        "2"
    );
    assert_eq!(value_of(cescacs_line_start_ply, v), 8);
    assert_eq!(value_of(cescacs_line_ply_count, v), 5);
    // SAFETY: made by this test and not used after this (any order).
    unsafe {
        cescacs_line_free(main);
        assert_eq!(count_at(cescacs_line_comment_count, v, 0), 1);
        cescacs_line_free(v);
        cescacs_line_free(ptr::null_mut());
    }
}

#[test]
fn bad_arguments_are_refused_and_write_nothing() {
    let g = from_pgn(&fools_mate_variations());
    let main = mainline(g);
    let sentinel = ptr::NonNull::<cescacs_line>::dangling().as_ptr();
    let mut out = sentinel;
    let mut n = 77usize;
    let mut buf = [b'k' as c_char; 8];
    // SAFETY: live handles of this test, NULL where NULL is tested, locals.
    unsafe {
        assert_eq!(
            cescacs_game_mainline(ptr::null(), &mut out),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_game_mainline(g, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_line_variation(main, 12, 0, &mut out),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_variation(main, 8, 1, &mut out),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_variation(main, 7, 0, &mut out),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_variation(ptr::null(), 8, 0, &mut out),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_line_variation(main, 8, 0, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(out, sentinel);
        assert_eq!(
            cescacs_line_ply_count(ptr::null(), &mut n),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_line_depth(main, ptr::null_mut()),
            cescacs_result::NullPointer
        );
        assert_eq!(
            cescacs_line_comment_count(main, 12, &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_variation_count(main, 12, &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(n, 77);
        assert_eq!(
            cescacs_line_comment(main, 6, 1, buf.as_mut_ptr(), buf.len(), &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_opening_comment(main, 1, buf.as_mut_ptr(), buf.len(), &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_pdtl_at(main, 13, buf.as_mut_ptr(), buf.len(), &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(
            cescacs_line_move_ctl_at(main, 12, buf.as_mut_ptr(), buf.len(), &mut n),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(n, 77);
        assert_eq!(
            cescacs_line_pdtl_at(main, 0, buf.as_mut_ptr(), buf.len(), &mut n),
            cescacs_result::BufferTooSmall
        );
        assert!(n > buf.len());
        assert!(
            buf.iter().all(|&c| c == b'k' as c_char),
            "nothing written on failure"
        );
        let mut m = cescacs_move::default();
        assert_eq!(
            cescacs_line_move_at(main, 12, &mut m),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(m, cescacs_move::default());
        let mut nag = 9u8;
        assert_eq!(
            cescacs_line_assessment(main, 12, &mut nag),
            cescacs_result::IndexOutOfRange
        );
        assert_eq!(nag, 9);
        let untouched = ptr::NonNull::<cescacs_game>::dangling().as_ptr();
        let mut game = untouched;
        assert_eq!(
            cescacs_line_game(ptr::null(), &mut game),
            cescacs_result::NullPointer
        );
        assert_eq!(game, untouched);
        assert_eq!(last_error(), "line is NULL");
        cescacs_line_free(main);
        cescacs_game_free(g);
    }
}

/// `levels` nested variations of the first move, closed.
fn nest(levels: usize) -> String {
    let mut text = String::with_capacity(12 * levels + 16);
    text.push_str("1. H6-H12");
    for _ in 0..levels {
        text.push_str(" (1. H6-H12");
    }
    text.push_str(&")".repeat(levels));
    text.push_str("\n*\n");
    text
}

#[test]
fn going_down_a_nest_shares_the_record_and_holds_one_line() {
    // Under Miri (about a thousand times slower), enough levels to run
    // every path.
    let levels_wanted: usize = if cfg!(miri) { 30 } else { 100_000 };
    // A small stack: nothing recurses on the depth.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let g = from_pgn(&nest(levels_wanted));
            let mut line = mainline(g);
            let mut levels = 0;
            while count_at(cescacs_line_variation_count, line, 0) == 1 {
                let next = enter(line, 0, 0);
                // SAFETY: live handles of this test (read only here).
                unsafe {
                    // One step copies nothing of the record: the new line
                    // points into the shared one and holds the positions of
                    // its own move only.
                    assert!(std::sync::Arc::ptr_eq((*next).view.record(), &(*g).record));
                    assert_eq!(std::sync::Arc::strong_count(&(*g).record), 3);
                    let view = &(*next).view;
                    assert_eq!((view.len(), view.depth()), (1, levels + 1));
                    assert!(view.position(1).is_some() && view.position(2).is_none());
                    cescacs_line_free(line);
                }
                line = next;
                levels += 1;
            }
            assert_eq!(levels, levels_wanted);
            assert_eq!(value_of(cescacs_line_depth, line), levels_wanted);
            assert_eq!(value_of(cescacs_line_start_ply, line), 0);
            assert_eq!(value_of(cescacs_line_ply_count, line), 1);
            assert_eq!(
                // SAFETY: the buffer and length `out_text` gives.
                out_text(|b, l, o| unsafe { cescacs_line_move_ctl_at(line, 0, b, l, o) }),
                "H6-H12"
            );
            let mut bottom = ptr::null_mut();
            // SAFETY: live handles of this test and locals; each freed once.
            unsafe {
                assert_eq!(cescacs_line_game(line, &mut bottom), cescacs_result::Ok);
                assert_eq!(ply_count(bottom), 1);
                cescacs_game_free(bottom);
                cescacs_game_free(g);
                // The last share of the record: freed with the line.
                assert_eq!(std::sync::Arc::strong_count((*line).view.record()), 1);
                cescacs_line_free(line);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn lines_of_one_record_read_on_other_threads_while_the_game_changes() {
    let rounds = if cfg!(miri) { 3 } else { 200 };
    let g = from_pgn(&fools_mate_variations());
    /// A handle handed to another thread, as C hands one over.
    struct Handed(*mut cescacs_line);
    // SAFETY: the handle is used by the receiving thread alone; what it
    // shares with other handles is only read (the header's contract).
    unsafe impl Send for Handed {}
    let lines: Vec<Handed> = (0..2).map(|_| Handed(mainline(g))).collect();
    let readers: Vec<_> = lines
        .into_iter()
        .map(|handed| {
            std::thread::spawn(move || {
                let handed = handed;
                let main = handed.0;
                for _ in 0..rounds {
                    assert_eq!(value_of(cescacs_line_ply_count, main), 12);
                    assert_eq!(count_at(cescacs_line_comment_count, main, 0), 0);
                    let v = enter(main, 8, 0);
                    let nested = enter(v, 3, 0);
                    // SAFETY: the buffer and length `out_text` gives; each
                    // line made here is freed here, once.
                    unsafe {
                        assert_eq!(
                            out_text(|b, l, o| cescacs_line_move_ctl_at(nested, 0, b, l, o)),
                            "GH6-K12"
                        );
                        cescacs_line_free(nested);
                        cescacs_line_free(v);
                    }
                }
                // SAFETY: this thread's handle, freed once.
                unsafe { cescacs_line_free(main) };
            })
        })
        .collect();
    let c = CString::new("meanwhile").unwrap();
    for _ in 0..rounds {
        // SAFETY: the game is used by this thread only.
        unsafe {
            assert_eq!(
                cescacs_game_add_comment(g, 0, c.as_ptr()),
                cescacs_result::Ok
            );
            assert_eq!(cescacs_game_undo(g), cescacs_result::Ok);
            play(g, "GL5-H6#");
        }
    }
    for r in readers {
        r.join().unwrap();
    }
    assert_eq!(ply_count(g), 12);
    // SAFETY: made by this test and not used after this.
    unsafe { cescacs_game_free(g) };
}
