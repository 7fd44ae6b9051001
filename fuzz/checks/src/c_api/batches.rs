//! Ops on game batches: made by self-play or read from a CTL-PGN text,
//! their lent moves and offsets checked against each game's facts and its
//! rebuilt game handle, which is kept in a slot (with its moves to undo).

use super::*;

/// Batches hold at most this many games in a run (the work per input stays
/// small).
const MAX_BATCH_GAMES: usize = 6;

impl Driver<'_> {
    /// Op `41` of [`Driver::step`].
    pub(super) unsafe fn op_game_batch(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let mut batch: *mut Batch = null_mut();
            let choice = b.byte();
            let origin = if choice & 1 == 0 {
                // Self-play on this thread (threads 1), or refused: more
                // threads than allowed, no out-pointer, a bad start.
                let (n, max_plies, seed, first) = (
                    b.index() % (MAX_BATCH_GAMES + 1),
                    b.index() % 64,
                    u64::from(b.byte()),
                    u64::from(b.byte()),
                );
                let start = b.byte();
                let text = if start < 0x80 {
                    let mut t = PDTLS[usize::from(start) % PDTLS.len()].as_bytes().to_vec();
                    t.push(0);
                    Some(t)
                } else if start < 0xC0 {
                    None
                } else {
                    Some(b.text())
                };
                let start_ptr = text.as_ref().map_or(null(), |t| t.as_ptr().cast());
                match choice >> 6 {
                    1 => {
                        let rc = self.rc(
                            "selfplay(257 threads)",
                            (api.cescacs_selfplay)(
                                n, max_plies, seed, first, 257, start_ptr, &mut batch,
                            ),
                        );
                        assert!(
                            rc == BAD_ARGUMENT && batch.is_null(),
                            "selfplay(257 threads): {rc}"
                        );
                        return;
                    }
                    2 => {
                        let rc = self.rc(
                            "selfplay(NULL)",
                            (api.cescacs_selfplay)(
                                n,
                                max_plies,
                                seed,
                                first,
                                1,
                                start_ptr,
                                null_mut(),
                            ),
                        );
                        assert_eq!(rc, NULL_POINTER);
                        return;
                    }
                    _ => {}
                }
                match self.rc(
                    "selfplay",
                    (api.cescacs_selfplay)(n, max_plies, seed, first, 1, start_ptr, &mut batch),
                ) {
                    OK => {}
                    INVALID_UTF8 | BAD_PDTL => {
                        assert!(
                            batch.is_null() && start >= 0xC0,
                            "selfplay refused a fixed start"
                        );
                        return;
                    }
                    rc => panic!("selfplay: {rc}"),
                }
                assert_eq!(self.batch_len(batch), n);
                Some((seed, first, max_plies))
            } else {
                // Read from the fuzzer's text through a reader, up to a
                // number of games.
                let text = b.text();
                let max_games = b.index() % (MAX_BATCH_GAMES + 1);
                let mut reader: *mut Reader = null_mut();
                match self.rc(
                    "pgn_reader_from_text",
                    (api.cescacs_pgn_reader_from_text)(text.as_ptr().cast(), &mut reader),
                ) {
                    OK => {}
                    rc => {
                        assert!(
                            rc == INVALID_UTF8 && reader.is_null(),
                            "pgn_reader_from_text: {rc}"
                        );
                        return;
                    }
                }
                let rc = self.rc(
                    "game_batch_read_pgn",
                    (api.cescacs_game_batch_read_pgn)(reader, max_games, &mut batch),
                );
                (api.cescacs_pgn_reader_free)(reader);
                match rc {
                    OK => assert!(self.batch_len(batch) <= max_games),
                    rc => {
                        assert!(
                            rc == BAD_PGN && batch.is_null(),
                            "game_batch_read_pgn: {rc}"
                        );
                        let (mut line, mut column) = (0, 0);
                        assert!((api.cescacs_last_error_location)(&mut line, &mut column));
                        assert!(line >= 1 && column >= 1);
                        return;
                    }
                }
                None
            };
            self.check_batch(b, slot, batch, origin);
            (api.cescacs_game_batch_free)(batch);
        }
    }

    fn batch_len(&mut self, batch: *const Batch) -> usize {
        // SAFETY: a live batch of this run; `out` is a local.
        self.count(|api, out| unsafe { (api.cescacs_game_batch_len)(batch, out) })
    }

    /// The lent arrays agree with each game's facts and its rebuilt
    /// handle; out-of-range indexes and a missing origin are refused
    /// without writing. One game (the fuzzer's pick) is kept in `slot`.
    unsafe fn check_batch(
        &mut self,
        b: &mut Bytes,
        slot: usize,
        batch: *mut Batch,
        origin: Option<(u64, u64, usize)>,
    ) {
        let api = self.api;
        // SAFETY: as in `op_game_batch`.
        unsafe {
            let n = self.batch_len(batch);
            let (mut moves, mut offsets): (*const u16, *const u64) = (null(), null());
            let (mut n_moves, mut n_offsets) = (usize::MAX, usize::MAX);
            assert_eq!(
                self.rc(
                    "game_batch_moves",
                    (api.cescacs_game_batch_moves)(batch, &mut moves, &mut n_moves)
                ),
                OK
            );
            assert_eq!(
                self.rc(
                    "game_batch_offsets",
                    (api.cescacs_game_batch_offsets)(batch, &mut offsets, &mut n_offsets)
                ),
                OK
            );
            let offsets = std::slice::from_raw_parts(offsets, n_offsets);
            assert_eq!(n_offsets, n + 1);
            assert_eq!((offsets[0], offsets[n]), (0, n_moves as u64));
            let keep = b.index() % n.max(1);
            for i in 0..n {
                let mut info = BatchGame::default();
                assert_eq!(
                    self.rc(
                        "game_batch_info",
                        (api.cescacs_game_batch_info)(batch, i, &mut info)
                    ),
                    OK
                );
                assert_eq!(
                    (info.first_move, info.plies),
                    (offsets[i], offsets[i + 1] - offsets[i]),
                    "game {i}"
                );
                let mut g = null_mut();
                assert_eq!(
                    self.rc(
                        "game_batch_game",
                        (api.cescacs_game_batch_game)(batch, i, &mut g)
                    ),
                    OK
                );
                // SAFETY: a live game of this run; `out` is a local.
                let plies = self.count(|api, out| (api.cescacs_game_ply_count)(g, out));
                assert_eq!(plies as u64, info.plies, "game {i}");
                let mut o = Outcome::default();
                assert_eq!(
                    self.rc("outcome", (api.cescacs_game_outcome)(g, &mut o)),
                    OK
                );
                assert_eq!(o.termination, info.termination, "game {i}");
                if let Some((_, _, max_plies)) = origin {
                    // Self-play: the rules' result, and a game stops only
                    // at its end or at the ply limit.
                    assert_eq!(
                        (o.white_points, o.black_points),
                        (info.white_points, info.black_points),
                        "game {i}"
                    );
                    assert!(
                        info.termination != 0 || plies == max_plies,
                        "game {i}: {plies} plies, not ended"
                    );
                }
                self.stats.batch_games += 1;
                if i == keep {
                    let undo = self.recorded(g);
                    self.keep_game(slot, g, undo);
                } else {
                    (api.cescacs_game_free)(g);
                }
            }
            let mut sentinel = BatchGame {
                first_move: 7,
                ..BatchGame::default()
            };
            assert_eq!(
                self.rc(
                    "game_batch_info(n)",
                    (api.cescacs_game_batch_info)(batch, n, &mut sentinel)
                ),
                INDEX_OUT_OF_RANGE
            );
            assert_eq!(
                sentinel,
                BatchGame {
                    first_move: 7,
                    ..BatchGame::default()
                },
                "info wrote on failure"
            );
            let mut g = null_mut();
            assert_eq!(
                self.rc(
                    "game_batch_game(n)",
                    (api.cescacs_game_batch_game)(batch, n + b.index(), &mut g)
                ),
                INDEX_OUT_OF_RANGE
            );
            assert!(g.is_null());
            let (mut seed, mut first) = (u64::MAX, u64::MAX);
            match origin {
                Some((s, f, _)) => {
                    assert_eq!(
                        self.rc(
                            "game_batch_origin",
                            (api.cescacs_game_batch_origin)(batch, &mut seed, &mut first)
                        ),
                        OK
                    );
                    assert_eq!((seed, first), (s, f));
                }
                None => {
                    assert_eq!(
                        self.rc(
                            "game_batch_origin",
                            (api.cescacs_game_batch_origin)(batch, &mut seed, &mut first)
                        ),
                        NOT_FOUND
                    );
                    assert_eq!(
                        (seed, first),
                        (u64::MAX, u64::MAX),
                        "origin wrote on failure"
                    );
                }
            }
            assert_eq!(
                self.rc(
                    "game_batch_len(NULL)",
                    (api.cescacs_game_batch_len)(null(), &mut 0)
                ),
                NULL_POINTER
            );
        }
    }
}
