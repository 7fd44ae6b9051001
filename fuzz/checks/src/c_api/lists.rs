//! Ops on move lists: making, reading, copying and refilling them, and
//! what a stale list may do.

use super::*;

impl Driver<'_> {
    /// Op `12` of [`Driver::step`].
    pub(super) unsafe fn op_move_list_new(&mut self, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let mut list = null_mut();
            assert_eq!(
                self.rc("list_new", (api.cescacs_move_list_new)(&mut list)),
                OK
            );
            let mut n = usize::MAX;
            assert_eq!(
                self.rc("len", (api.cescacs_move_list_len)(list, &mut n)),
                OK
            );
            assert_eq!(n, 0);
            self.keep_list(slot, list, None);
            assert_eq!(
                self.rc("list_new(NULL)", (api.cescacs_move_list_new)(null_mut())),
                NULL_POINTER
            );
        }
    }

    /// Op `14` of [`Driver::step`].
    pub(super) unsafe fn op_list_len_get_copy(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // len, get (index maybe out of range) and copy (capacity
            // maybe too small) agree.
            let list = self.list(slot);
            let mut len = usize::MAX;
            let rc = self.rc("len", (api.cescacs_move_list_len)(list, &mut len));
            if list.is_null() {
                assert_eq!(rc, NULL_POINTER);
                let mut m = Move::default();
                assert_eq!(
                    self.rc("get(NULL)", (api.cescacs_move_list_get)(list, 0, &mut m)),
                    NULL_POINTER
                );
                return;
            }
            assert_eq!(rc, OK);
            assert!(len <= MAX_MOVES);
            let index = b.index();
            let mut m = Move::default();
            let rc = self.rc("get", (api.cescacs_move_list_get)(list, index, &mut m));
            assert_eq!(rc, if index < len { OK } else { INDEX_OUT_OF_RANGE });
            if rc != OK {
                assert_eq!(m, Move::default(), "get wrote on failure");
            }
            assert_ne!(m.captured, ROLE_KING, "a listed move takes a King: {m:?}");
            let capacity = if b.byte() & 1 == 0 {
                usize::from(b.byte())
            } else {
                MAX_MOVES
            };
            let mut all = vec![Move::default(); capacity];
            let mut n = usize::MAX;
            let rc = self.rc(
                "copy",
                (api.cescacs_move_list_copy)(list, all.as_mut_ptr(), capacity, &mut n),
            );
            if capacity >= len {
                assert_eq!((rc, n), (OK, len));
                if index < len {
                    assert_eq!(all[index], m);
                }
            } else {
                assert_eq!(rc, BUFFER_TOO_SMALL);
                assert!(
                    all.iter().all(|x| *x == Move::default()),
                    "copy wrote on failure"
                );
            }
            assert_eq!(
                self.rc(
                    "copy(NULL)",
                    (api.cescacs_move_list_copy)(list, null_mut(), 3, &mut n)
                ),
                NULL_POINTER
            );
        }
    }

    /// Op `15 | 16` of [`Driver::step`].
    pub(super) unsafe fn op_move_list_ctl(&mut self, op: u8, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let list = self.list(slot);
            let index = b.index();
            let f = if op == 15 {
                api.cescacs_move_list_ctl
            } else {
                api.cescacs_move_list_long
            };
            let r = self.text_out("list text", b, |buf, len, out| {
                f(list, index, buf, len, out)
            });
            if let Ok(text) = r {
                assert!(
                    !text.is_empty() && text.len() < 32,
                    "{text:?}: CESCACS_MOVE_TEXT_MAX"
                );
            }
        }
    }

    /// Op `17` of [`Driver::step`].
    pub(super) unsafe fn op_play_from_list(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Plays a list move; the list's game may have moved on.
            let list = self.list(slot);
            let index = b.index();
            let target = b.index() % SLOTS;
            let game = self.game(target);
            let mut len = 0;
            if !list.is_null() {
                assert_eq!(
                    self.rc("len", (api.cescacs_move_list_len)(list, &mut len)),
                    OK
                );
                let mut m = Move::default();
                if index < len {
                    assert_eq!(
                        self.rc("get", (api.cescacs_move_list_get)(list, index, &mut m)),
                        OK
                    );
                }
                assert_ne!(m.captured, ROLE_KING, "a listed move takes a King: {m:?}");
            }
            let (before, history, over) = if game.is_null() {
                (String::new(), 0, false)
            } else {
                (self.pdtl(game), self.history_len(game), self.is_over(game))
            };
            let rc = self.rc("play", (api.cescacs_game_play)(game, list, index));
            if game.is_null() || list.is_null() {
                assert_eq!(rc, NULL_POINTER);
                return;
            }
            // Fresh exactly when made for the game's current position.
            match self.lists[slot].as_ref().and_then(|l| l.pdtl.clone()) {
                Some(of) if of == before => {
                    let want = if index >= len {
                        INDEX_OUT_OF_RANGE
                    } else if over {
                        GAME_OVER
                    } else {
                        OK
                    };
                    assert_eq!(rc, want, "play: index {index} of {len}, game over: {over}");
                }
                Some(of) => assert_eq!(
                    rc, STALE_MOVE_LIST,
                    "play: list of {of:?}, game at {before:?}"
                ),
                // A list never filled belongs to no position.
                None => assert!(
                    matches!(rc, STALE_MOVE_LIST | INDEX_OUT_OF_RANGE),
                    "play on a new list: {rc}"
                ),
            }
            if rc == OK {
                self.moved(target, before, history);
            } else {
                self.stats.game_over += u64::from(rc == GAME_OVER);
                self.assert_unchanged(game, &before, history, "a refused play");
            }
        }
    }

    /// Op `18` of [`Driver::step`].
    pub(super) unsafe fn op_move_list_long(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // A text of the fuzzer's, or a move text of a list.
            let long = b.byte() & 1 == 1;
            let list = self.list(b.index());
            let text = if !list.is_null() && b.byte() & 1 == 0 {
                let mut buf = vec![0u8; 64];
                let f = if long {
                    api.cescacs_move_list_long
                } else {
                    api.cescacs_move_list_ctl
                };
                match f(
                    list,
                    b.index(),
                    buf.as_mut_ptr().cast(),
                    buf.len(),
                    null_mut(),
                ) {
                    OK => buf[..=buf.iter().position(|&c| c == 0).expect("NUL")].to_vec(),
                    rc => {
                        self.rc("list text", rc);
                        return;
                    }
                }
            } else {
                b.text()
            };
            self.play_text(slot, &text, long);
        }
    }

    /// Op `28` of [`Driver::step`].
    pub(super) unsafe fn op_play_move_value(
        &mut self,
        b: &mut Bytes,
        slot: usize,
        game: *mut Game,
    ) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // A move value: a list's, a legal one, a past one of the
            // game or a zero one, maybe with one field changed.
            let choice = b.byte();
            let mut m = Move::default();
            match choice % 4 {
                0 => {
                    let list = self.list(b.index());
                    let i = b.index();
                    if !list.is_null() {
                        let rc = self.rc("get", (api.cescacs_move_list_get)(list, i, &mut m));
                        assert!(matches!(rc, OK | INDEX_OUT_OF_RANGE));
                    }
                }
                1 if !game.is_null() => {
                    m = self.legal(game).get(b.index()).copied().unwrap_or_default()
                }
                2 if !game.is_null() => m = self.move_at(game, b.index()).unwrap_or_default(),
                _ => {}
            }
            let v = b.byte();
            match b.byte() % 16 {
                0 => m.kind = u32::from(v),
                1 => m.from.column = v,
                2 => m.from.line = v,
                3 => m.to.column = v,
                4 => m.to.line = v,
                5 => m.role = u32::from(v),
                6 => m.captured = u32::from(v),
                7 => m.promotion = u32::from(v),
                8 => m.is_capture = v,
                9 => m.rook_move_count = v,
                10 => m.rook_moves[usize::from(v & 1)].to.line = v >> 1,
                11 => m.rook_moves[usize::from(v & 1)].from.column = v >> 1,
                _ => {}
            }
            let null_mv = choice & 0x80 != 0;
            let mv: *const Move = if null_mv { null() } else { &m };
            if game.is_null() {
                assert_eq!(
                    self.rc("play_move(NULL)", (api.cescacs_game_play_move)(game, mv)),
                    NULL_POINTER
                );
                return;
            }
            let (before, history, over) =
                (self.pdtl(game), self.history_len(game), self.is_over(game));
            let legal = self.legal(game).contains(&m);
            let rc = self.rc("play_move", (api.cescacs_game_play_move)(game, mv));
            let want = if null_mv {
                NULL_POINTER
            } else if over {
                GAME_OVER
            } else if legal {
                OK
            } else {
                ILLEGAL_MOVE
            };
            assert_eq!(rc, want, "play_move {m:?}: over {over}, legal {legal}");
            if rc == OK {
                self.moved(slot, before, history);
                assert_eq!(
                    self.last_move(game),
                    m,
                    "play_move: the move recorded is the one given"
                );
            } else {
                self.stats.game_over += u64::from(rc == GAME_OVER);
                self.assert_unchanged(game, &before, history, "a refused play_move");
            }
        }
    }

    /// Op `29` of [`Driver::step`].
    pub(super) unsafe fn op_parse_move_text(
        &mut self,
        b: &mut Bytes,
        slot: usize,
        game: *mut Game,
    ) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Reading a move text without playing it: the fuzzer's
            // text, or a list's; then maybe playing the move read.
            let long = b.byte() & 1 == 1;
            let lslot = b.index();
            let list = self.list(lslot);
            let mut listed = None;
            let text = if !list.is_null() && b.byte() & 1 == 0 {
                let i = b.index();
                let mut buf = vec![0u8; 64];
                let f = if long {
                    api.cescacs_move_list_long
                } else {
                    api.cescacs_move_list_ctl
                };
                match f(list, i, buf.as_mut_ptr().cast(), buf.len(), null_mut()) {
                    OK => {
                        let mut m = Move::default();
                        assert_eq!(
                            self.rc("get", (api.cescacs_move_list_get)(list, i, &mut m)),
                            OK
                        );
                        listed = Some(m);
                        buf[..=buf.iter().position(|&c| c == 0).expect("NUL")].to_vec()
                    }
                    rc => {
                        self.rc("list text", rc);
                        return;
                    }
                }
            } else {
                b.text()
            };
            let parse = if long {
                api.cescacs_game_parse_long
            } else {
                api.cescacs_game_parse_ctl
            };
            let sentinel = Move {
                kind: 0xEEEE,
                ..Move::default()
            };
            let mut m = sentinel;
            assert_eq!(
                self.rc("parse(NULL text)", parse(game, null(), &mut m)),
                NULL_POINTER
            );
            assert_eq!(
                self.rc(
                    "parse(NULL out)",
                    parse(game, text.as_ptr().cast(), null_mut())
                ),
                NULL_POINTER
            );
            assert_eq!(m, sentinel, "parse wrote on failure");
            if game.is_null() {
                assert_eq!(
                    self.rc(
                        "parse(NULL game)",
                        parse(game, text.as_ptr().cast(), &mut m)
                    ),
                    NULL_POINTER
                );
                assert_eq!(m, sentinel, "parse wrote on failure");
                return;
            }
            let (before, history) = (self.pdtl(game), self.history_len(game));
            let fresh = self.lists[lslot % SLOTS]
                .as_ref()
                .and_then(|l| l.pdtl.clone())
                .as_deref()
                == Some(before.as_str());
            let utf8 = std::str::from_utf8(&text[..text.len() - 1]).is_ok();
            let rc = self.rc("parse", parse(game, text.as_ptr().cast(), &mut m));
            self.assert_unchanged(game, &before, history, "parse");
            match rc {
                OK => {
                    self.stats.parsed += 1;
                    assert!(
                        self.legal(game).contains(&m),
                        "parse: {text:?} read as a move that is not legal: {m:?}"
                    );
                    assert_ne!(m.captured, ROLE_KING, "parse: {text:?} takes a King");
                    if let (Some(l), true) = (listed, fresh) {
                        assert_eq!(
                            m, l,
                            "parse: the text of a listed move reads as another move"
                        );
                    }
                }
                INVALID_UTF8 => assert!(!utf8),
                rc => {
                    assert!(matches!(rc, BAD_MOVE_TEXT | ILLEGAL_MOVE), "parse: {rc}");
                    assert!(
                        !(listed.is_some() && fresh),
                        "parse: the text {text:?} of a listed move is refused: {rc}"
                    );
                }
            }
            if rc != OK {
                assert_eq!(m, sentinel, "parse wrote on failure");
            } else if b.byte() & 1 == 1 {
                let over = self.is_over(game);
                let rc = self.rc("play_move(parsed)", (api.cescacs_game_play_move)(game, &m));
                if over {
                    assert_eq!(rc, GAME_OVER);
                    self.stats.game_over += 1;
                } else {
                    assert_eq!(rc, OK, "a parsed move does not play");
                    self.moved(slot, before, history);
                }
            }
        }
    }

    /// Op `30` of [`Driver::step`].
    pub(super) unsafe fn op_move_list_array(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // The moves of a list in place.
            let list = self.list(slot);
            let variant = b.byte() % 4;
            let mut p: *const Move = null();
            let mut n = usize::MAX;
            let f = api.cescacs_move_list_array;
            let rc = self.rc(
                "list_array",
                match variant {
                    0 => f(list, &mut p, &mut n),
                    1 => f(list, null_mut(), &mut n),
                    2 => f(list, &mut p, null_mut()),
                    _ => f(null(), &mut p, &mut n),
                },
            );
            if variant != 0 || list.is_null() {
                assert_eq!(rc, NULL_POINTER);
                assert!(
                    p.is_null() && n == usize::MAX,
                    "list_array wrote on failure"
                );
                return;
            }
            assert_eq!(rc, OK);
            assert!(!p.is_null(), "list_array: a NULL array");
            let moves = self.list_moves(list);
            assert_eq!(n, moves.len(), "list_array: the length");
            assert_eq!(
                std::slice::from_raw_parts(p, n),
                &moves[..],
                "list_array: the moves"
            );
            let (mut p2, mut n2) = (null(), 0);
            assert_eq!(self.rc("list_array again", f(list, &mut p2, &mut n2)), OK);
            assert_eq!(
                (p2, n2),
                (p, n),
                "list_array: the array moved without a refill"
            );
        }
    }
}
