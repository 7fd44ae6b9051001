//! Ops on games: making, cloning and freeing them, playing, reading and
//! taking back moves, and the position's plain facts.

use super::*;

impl Driver<'_> {
    /// Op `0` of [`Driver::step`].
    pub(super) unsafe fn op_game_new(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let mut g = null_mut();
            if b.byte() & 1 == 0 {
                assert_eq!(self.rc("new", (api.cescacs_game_new)(&mut g)), OK);
                self.keep_game(slot, g, Vec::new());
            } else {
                assert_eq!(
                    self.rc("new(NULL)", (api.cescacs_game_new)(null_mut())),
                    NULL_POINTER
                );
            }
        }
    }

    /// Op `1` of [`Driver::step`].
    pub(super) unsafe fn op_game_from_pdtl(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let choice = b.byte();
            let text = if choice < 0x40 {
                let mut t = PDTLS[usize::from(choice) % PDTLS.len()].as_bytes().to_vec();
                t.push(0);
                t
            } else {
                b.text()
            };
            let mut g = null_mut();
            match self.rc(
                "from_pdtl",
                (api.cescacs_game_from_pdtl)(text.as_ptr().cast(), &mut g),
            ) {
                OK => {
                    let written = self.pdtl(g);
                    // The canonical text reads back to itself.
                    let mut h = null_mut();
                    let c = written.clone() + "\0";
                    assert_eq!(
                        self.rc(
                            "from_pdtl again",
                            (api.cescacs_game_from_pdtl)(c.as_ptr().cast(), &mut h)
                        ),
                        OK
                    );
                    assert_eq!(self.pdtl(h), written);
                    (api.cescacs_game_free)(h);
                    self.keep_game(slot, g, Vec::new());
                }
                INVALID_UTF8 => {
                    assert!(g.is_null() && std::str::from_utf8(&text[..text.len() - 1]).is_err())
                }
                rc => assert!(rc == BAD_PDTL && g.is_null(), "from_pdtl: {rc}"),
            }
            assert_eq!(
                self.rc(
                    "from_pdtl(NULL)",
                    (api.cescacs_game_from_pdtl)(null(), &mut g)
                ),
                NULL_POINTER
            );
        }
    }

    /// Op `3` of [`Driver::step`].
    pub(super) unsafe fn op_game_clone(&mut self, b: &mut Bytes, slot: usize, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let mut g = null_mut();
            let rc = self.rc("clone", (api.cescacs_game_clone)(game, &mut g));
            if game.is_null() {
                assert_eq!(rc, NULL_POINTER);
            } else {
                assert_eq!(rc, OK);
                assert_eq!(self.pdtl(g), self.pdtl(game));
                let undo = self.games[slot]
                    .as_ref()
                    .map(|s| s.undo.clone())
                    .unwrap_or_default();
                let history = self.history_len(game);
                assert_eq!(
                    self.history_len(g),
                    history,
                    "a clone keeps the undo history"
                );
                self.keep_game(b.index(), g, undo);
            }
        }
    }

    /// Op `5` of [`Driver::step`].
    pub(super) unsafe fn op_game_pdtl(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let r = self.text_out("pdtl", b, |buf, len, out| {
                (api.cescacs_game_pdtl)(game, buf, len, out)
            });
            if let Ok(text) = &r {
                assert_eq!(*text, self.pdtl(game));
            }
            if game.is_null() {
                assert!(matches!(r, Err(NULL_POINTER)), "pdtl(NULL): {r:?}");
            }
        }
    }

    /// Op `6` of [`Driver::step`].
    pub(super) unsafe fn op_game_turn(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // The plain queries, with the out-pointer NULL or not.
            let null_out = b.byte() & 1 == 1;
            let mut u = 0u32;
            let mut flag = false;
            let mut o = Outcome::default();
            let mut n = 0usize;
            let mut h = 0u64;
            let rcs = [
                (api.cescacs_game_turn)(game, if null_out { null_mut() } else { &mut u }),
                (api.cescacs_game_is_check)(game, if null_out { null_mut() } else { &mut flag }),
                (api.cescacs_game_outcome)(game, if null_out { null_mut() } else { &mut o }),
                (api.cescacs_game_history_len)(game, if null_out { null_mut() } else { &mut n }),
                (api.cescacs_game_ply_count)(game, if null_out { null_mut() } else { &mut n }),
                (api.cescacs_game_zobrist_hash)(game, if null_out { null_mut() } else { &mut h }),
                (api.cescacs_game_repetition_count)(
                    game,
                    if null_out { null_mut() } else { &mut n },
                ),
                (api.cescacs_game_is_repetition)(
                    game,
                    u32::from(b.byte()),
                    if null_out { null_mut() } else { &mut flag },
                ),
                (api.cescacs_game_can_claim_draw)(
                    game,
                    if null_out { null_mut() } else { &mut flag },
                ),
            ];
            for rc in rcs {
                let want = if null_out || game.is_null() {
                    NULL_POINTER
                } else {
                    OK
                };
                assert_eq!(self.rc("query", rc), want);
            }
            if !null_out && !game.is_null() {
                assert!(o.termination <= 5 && o.winner <= 2, "{o:?}");
                let mut list = null_mut();
                assert_eq!(
                    self.rc(
                        "legal_moves",
                        (api.cescacs_game_legal_moves)(game, &mut list)
                    ),
                    OK
                );
                let mut len = 0;
                assert_eq!(
                    self.rc("len", (api.cescacs_move_list_len)(list, &mut len)),
                    OK
                );
                (api.cescacs_move_list_free)(list);
                // Mate and stalemate are exactly "no legal move" (an
                // automatic draw earlier in the record comes first).
                if len == 0 {
                    assert!(matches!(o.termination, 1..=5), "no legal move but {o:?}");
                } else {
                    assert!(
                        !matches!(o.termination, 1 | 2),
                        "{len} legal moves but {o:?}"
                    );
                }
            }
        }
    }

    /// Op `8..=10` of [`Driver::step`].
    pub(super) unsafe fn op_game_legal_moves(&mut self, op: u8, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let make = [
                api.cescacs_game_legal_moves,
                api.cescacs_game_king_leaps,
                api.cescacs_game_castlings,
            ][usize::from(op - 8)];
            let mut list = null_mut();
            let rc = self.rc("make list", make(game, &mut list));
            if game.is_null() {
                assert!(rc == NULL_POINTER && list.is_null());
            } else {
                assert_eq!(rc, OK);
                let pdtl = self.pdtl(game);
                self.keep_list(b.index(), list, Some(pdtl));
            }
        }
    }

    /// Op `11` of [`Driver::step`].
    pub(super) unsafe fn op_game_legal_moves_into(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let target = b.index();
            let list = self.list(target);
            let rc = self.rc(
                "legal_moves_into",
                (api.cescacs_game_legal_moves_into)(game, list),
            );
            if game.is_null() || list.is_null() {
                assert_eq!(rc, NULL_POINTER);
            } else {
                assert_eq!(rc, OK);
                let pdtl = self.pdtl(game);
                if let Some(l) = self.lists[target % SLOTS].as_mut() {
                    l.pdtl = Some(pdtl);
                }
            }
        }
    }

    /// Op `19` of [`Driver::step`].
    pub(super) unsafe fn op_game_undo(&mut self, slot: usize, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let rc = self.rc("undo", (api.cescacs_game_undo)(game));
            if game.is_null() {
                assert_eq!(rc, NULL_POINTER);
                return;
            }
            let expected = self.games[slot].as_mut().and_then(|g| g.undo.pop());
            match expected {
                Some(before) => {
                    assert_eq!(rc, OK);
                    assert_eq!(
                        self.pdtl(game),
                        before,
                        "undo restores the position before the move"
                    );
                }
                None => assert_eq!(rc, NOTHING_TO_UNDO),
            }
        }
    }

    /// Op `20` of [`Driver::step`].
    pub(super) unsafe fn op_game_perft(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // perft 0 and 1 agree with the legal moves (deeper is slow).
            let depth = u32::from(b.byte() % 2);
            let mut nodes = u64::MAX;
            let rc = self.rc("perft", (api.cescacs_game_perft)(game, depth, &mut nodes));
            if game.is_null() {
                assert_eq!(rc, NULL_POINTER);
                return;
            }
            assert_eq!(rc, OK);
            if depth == 0 {
                assert_eq!(nodes, 1);
            } else {
                let mut list = null_mut();
                assert_eq!(
                    self.rc("legal", (api.cescacs_game_legal_moves)(game, &mut list)),
                    OK
                );
                let mut n = 0;
                assert_eq!(
                    self.rc("len", (api.cescacs_move_list_len)(list, &mut n)),
                    OK
                );
                (api.cescacs_move_list_free)(list);
                assert_eq!(nodes, n as u64);
            }
        }
    }

    /// Op `27` of [`Driver::step`].
    pub(super) unsafe fn op_game_find_moves(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // The moves between two hexes: those of a legal move, or
            // the fuzzer's (maybe not hexes).
            let pick = b.byte();
            let legal = if game.is_null() {
                Vec::new()
            } else {
                self.legal(game)
            };
            let (from, to) = match legal.get(usize::from(pick)) {
                Some(m) if pick < 0x80 => (m.from, m.to),
                _ => (self.hex_arg(b), self.hex_arg(b)),
            };
            let null_out = b.byte() & 1 == 1;
            let mut list = null_mut();
            let rc = self.rc(
                "find_moves",
                (api.cescacs_game_find_moves)(
                    game,
                    from,
                    to,
                    if null_out { null_mut() } else { &mut list },
                ),
            );
            let valid = (api.cescacs_hex_is_valid)(from) && (api.cescacs_hex_is_valid)(to);
            if game.is_null() || null_out || !valid {
                let want = if game.is_null() || null_out {
                    NULL_POINTER
                } else {
                    BAD_HEX
                };
                assert_eq!(rc, want, "find_moves {from:?}-{to:?}");
                assert!(list.is_null(), "find_moves wrote on failure");
                return;
            }
            assert_eq!(rc, OK);
            let found = self.list_moves(list);
            let want: Vec<Move> = legal
                .into_iter()
                .filter(|m| m.from == from && m.to == to)
                .collect();
            assert_eq!(
                found, want,
                "find_moves {from:?}-{to:?}: the legal moves between them, in order"
            );
            let pdtl = self.pdtl(game);
            self.keep_list(b.index(), list, Some(pdtl));
        }
    }
}
