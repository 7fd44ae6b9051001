//! Line handles (`cescacs_line_*`), checked where op `35` opens a
//! variation as a game: the main line reads as the game's main line, the
//! variation's line as the game `cescacs_game_variation` made of it, and
//! each line below it (the first variation of each level, a few levels
//! down) as the game `cescacs_line_game` makes of it. No bytes of their
//! own, so the seeds keep their meaning.

use super::*;

/// Lines entered below the variation, at most.
const DEPTH: usize = 8;
/// Moves of a line compared one by one, at most.
const MOVES: usize = 64;

impl Driver<'_> {
    /// A line handle made by `make(out)`, which must succeed.
    fn line_from(&mut self, what: &str, make: impl FnOnce(*mut *mut Line) -> u32) -> *mut Line {
        let mut line = null_mut();
        assert_eq!(self.rc(what, make(&mut line)), OK, "{what}");
        assert!(!line.is_null(), "{what}: no handle");
        line
    }

    /// A `usize` a line call answers (must succeed).
    fn line_value(&mut self, what: &str, f: impl FnOnce(*mut usize) -> u32) -> usize {
        let mut n = usize::MAX;
        assert_eq!(self.rc(what, f(&mut n)), OK, "{what}");
        n
    }

    /// `line` reads as the main line of `model` (a game): its moves, the
    /// positions between them, comments, assessments, variation counts, at
    /// `depth` and `start` plies from the game's start.
    unsafe fn line_as_game(
        &mut self,
        line: *const Line,
        model: *const Game,
        depth: usize,
        start: usize,
    ) {
        let api = self.api;
        // SAFETY: live handles of this run, local out-pointers, buffers of
        // the stated lengths.
        unsafe {
            assert_eq!(
                self.line_value("line_depth", |o| (api.cescacs_line_depth)(line, o)),
                depth
            );
            assert_eq!(
                self.line_value("line_start_ply", |o| (api.cescacs_line_start_ply)(line, o)),
                start
            );
            let plies =
                self.line_value("line_ply_count", |o| (api.cescacs_line_ply_count)(line, o));
            assert_eq!(
                plies,
                self.count(|api, o| (api.cescacs_game_ply_count)(model, o)),
                "line_ply_count"
            );
            let n = self.line_value("line_opening_comment_count", |o| {
                (api.cescacs_line_opening_comment_count)(line, o)
            });
            assert_eq!(
                n,
                self.count(|api, o| (api.cescacs_game_opening_comment_count)(model, o))
            );
            for i in 0..n.min(4) {
                let a = self.text_at("line_opening_comment", |b, l, o| {
                    (api.cescacs_line_opening_comment)(line, i, b, l, o)
                });
                let m = self.text_at("opening_comment", |b, l, o| {
                    (api.cescacs_game_opening_comment)(model, i, b, l, o)
                });
                assert_eq!(a, m, "line_opening_comment {i}");
            }
            for i in 0..plies.min(MOVES) {
                let mut m = Move::default();
                assert_eq!(
                    self.rc("line_move_at", (api.cescacs_line_move_at)(line, i, &mut m)),
                    OK
                );
                assert_eq!(Some(m), self.move_at(model, i), "line_move_at {i}");
                let a = self.text_at("line_move_ctl_at", |b, l, o| {
                    (api.cescacs_line_move_ctl_at)(line, i, b, l, o)
                });
                let g = self.text_at("move_ctl_at", |b, l, o| {
                    (api.cescacs_game_move_ctl_at)(model, i, b, l, o)
                });
                assert_eq!(a, g, "line_move_ctl_at {i}");
                let a = self.text_at("line_pdtl_at", |b, l, o| {
                    (api.cescacs_line_pdtl_at)(line, i, b, l, o)
                });
                assert_eq!(a, self.pdtl_at(model, i), "line_pdtl_at {i}");
                let (mut a, mut g) = (0xEE, 0xEE);
                assert_eq!(
                    self.rc(
                        "line_assessment",
                        (api.cescacs_line_assessment)(line, i, &mut a)
                    ),
                    OK
                );
                assert_eq!(
                    self.rc(
                        "assessment",
                        (api.cescacs_game_assessment)(model, i, &mut g)
                    ),
                    OK
                );
                assert_eq!(a, g, "line_assessment {i}");
                let c = self.line_value("line_comment_count", |o| {
                    (api.cescacs_line_comment_count)(line, i, o)
                });
                assert_eq!(
                    c,
                    self.count(|api, o| (api.cescacs_game_comment_count)(model, i, o)),
                    "line_comment_count {i}"
                );
                for k in 0..c.min(4) {
                    let a = self.text_at("line_comment", |b, l, o| {
                        (api.cescacs_line_comment)(line, i, k, b, l, o)
                    });
                    let g = self.text_at("comment", |b, l, o| {
                        (api.cescacs_game_comment)(model, i, k, b, l, o)
                    });
                    assert_eq!(a, g, "line_comment {i} {k}");
                }
                let v = self.line_value("line_variation_count", |o| {
                    (api.cescacs_line_variation_count)(line, i, o)
                });
                assert_eq!(
                    v,
                    self.count(|api, o| (api.cescacs_game_variation_count)(model, i, o)),
                    "line_variation_count {i}"
                );
            }
            if plies <= MOVES {
                let a = self.text_at("line_pdtl_at", |b, l, o| {
                    (api.cescacs_line_pdtl_at)(line, plies, b, l, o)
                });
                assert_eq!(a, self.pdtl_at(model, plies), "line_pdtl_at the end");
            }
            // Past the end: refused, nothing written.
            let mut n = usize::MAX;
            assert_eq!(
                self.rc(
                    "line_comment_count",
                    (api.cescacs_line_comment_count)(line, plies, &mut n)
                ),
                INDEX_OUT_OF_RANGE
            );
            assert_eq!(n, usize::MAX, "line_comment_count wrote on failure");
            let mut buf = [SENTINEL; 8];
            let rc = (api.cescacs_line_pdtl_at)(
                line,
                plies + 1,
                buf.as_mut_ptr().cast(),
                buf.len(),
                null_mut(),
            );
            assert_eq!(self.rc("line_pdtl_at", rc), INDEX_OUT_OF_RANGE);
            assert!(
                buf.iter().all(|&c| c == SENTINEL),
                "line_pdtl_at wrote on failure"
            );
        }
    }

    /// The checks of this file for variation `index` of the move at `ply`
    /// of `game`, which `cescacs_game_variation` opened as `vgame` (NULL if
    /// it is out of range).
    pub(super) unsafe fn check_lines(
        &mut self,
        game: *const Game,
        ply: usize,
        index: usize,
        vgame: *const Game,
    ) {
        let api = self.api;
        // SAFETY: live handles of this run (or NULL where NULL is tested),
        // local out-pointers, buffers of the stated lengths; every line
        // made here is freed here, once.
        unsafe {
            let mut out = null_mut();
            assert_eq!(
                self.rc(
                    "mainline(NULL)",
                    (api.cescacs_game_mainline)(null(), &mut out)
                ),
                NULL_POINTER
            );
            assert_eq!(
                self.rc(
                    "mainline(NULL out)",
                    (api.cescacs_game_mainline)(game, null_mut())
                ),
                NULL_POINTER
            );
            assert_eq!(
                self.rc(
                    "line_variation(NULL)",
                    (api.cescacs_line_variation)(null(), ply, index, &mut out)
                ),
                NULL_POINTER
            );
            assert!(out.is_null(), "a refused line call wrote a handle");
            let main = self.line_from("mainline", |o| (api.cescacs_game_mainline)(game, o));
            self.line_as_game(main, game, 0, 0);
            let rc = self.rc(
                "line_variation",
                (api.cescacs_line_variation)(main, ply, index, &mut out),
            );
            if vgame.is_null() {
                assert_eq!(
                    rc, INDEX_OUT_OF_RANGE,
                    "line_variation {index} of ply {ply}"
                );
                assert!(out.is_null(), "line_variation wrote on failure");
                (api.cescacs_line_free)(main);
                return;
            }
            assert_eq!(rc, OK, "line_variation {index} of ply {ply}");
            // The variation outlives the main line's handle.
            (api.cescacs_line_free)(main);
            let mut line = out;
            self.line_as_game(line, vgame, 1, ply);
            let label = self.text_at("line_label", |b, l, o| {
                (api.cescacs_line_label)(line, b, l, o)
            });
            let want = self.text_at("variation_label", |b, l, o| {
                (api.cescacs_game_variation_label)(game, ply, index, b, l, o)
            });
            assert_eq!(label, want, "line_label");
            let mut start = ply;
            for depth in 1..=DEPTH {
                // The line as a game: the variation's game at the top.
                let g = self.line_from_game(line);
                if depth == 1 {
                    assert_eq!(
                        self.write_pgn(g),
                        self.write_pgn(vgame),
                        "line_game of a variation"
                    );
                } else {
                    self.line_as_game(line, g, depth, start);
                }
                (api.cescacs_game_free)(g);
                self.stats.lines += 1;
                // Down the first move's first variation, if any.
                let plies =
                    self.line_value("line_ply_count", |o| (api.cescacs_line_ply_count)(line, o));
                let with = (0..plies.min(MOVES)).find(|&i| {
                    self.line_value("line_variation_count", |o| {
                        (api.cescacs_line_variation_count)(line, i, o)
                    }) > 0
                });
                let Some(i) = with else { break };
                let next = self.line_from("line_variation", |o| {
                    (api.cescacs_line_variation)(line, i, 0, o)
                });
                (api.cescacs_line_free)(line);
                line = next;
                start += i;
            }
            (api.cescacs_line_free)(line);
        }
    }

    /// `cescacs_line_game` of a live line (must succeed).
    unsafe fn line_from_game(&mut self, line: *const Line) -> *mut Game {
        let mut g = null_mut();
        // SAFETY: a live line of this run, a local out-pointer.
        let rc = unsafe { (self.api.cescacs_line_game)(line, &mut g) };
        assert_eq!(self.rc("line_game", rc), OK);
        g
    }
}
