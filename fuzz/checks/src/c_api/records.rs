//! Ops on game records: CTL-PGN in and out, tags, comments, variations,
//! assessments, the main line by ply, repetition and draw claims.

use super::*;

impl Driver<'_> {
    /// Op `2` of [`Driver::step`].
    pub(super) unsafe fn op_game_from_pgn(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let text = b.text();
            let mut g = null_mut();
            match self.rc(
                "from_pgn",
                (api.cescacs_game_from_pgn)(text.as_ptr().cast(), &mut g),
            ) {
                OK => {
                    let undo = self.recorded(g);
                    if b.byte() & 1 == 1 {
                        self.undo_to_start(g, undo);
                        self.keep_game(slot, g, Vec::new());
                    } else {
                        self.keep_game(slot, g, undo);
                    }
                }
                INVALID_UTF8 => assert!(g.is_null()),
                rc => {
                    assert!(rc == BAD_PGN && g.is_null(), "from_pgn: {rc}");
                    let (mut line, mut column) = (0, 0);
                    assert!((api.cescacs_last_error_location)(&mut line, &mut column));
                    assert!(line >= 1 && column >= 1);
                }
            }
        }
    }

    /// Op `21` of [`Driver::step`].
    pub(super) unsafe fn op_game_write_pgn(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // CTL-PGN: written text reads back and writes the same.
            let r = self.text_out("write_pgn", b, |buf, len, out| {
                (api.cescacs_game_write_pgn)(game, buf, len, out)
            });
            if let Ok(text) = r {
                let c = text.clone() + "\0";
                let mut g = null_mut();
                let rc = self.rc(
                    "from_pgn(written)",
                    (api.cescacs_game_from_pgn)(c.as_ptr().cast(), &mut g),
                );
                assert_eq!(
                    rc,
                    OK,
                    "{text:?} does not read back: {}",
                    c_str((api.cescacs_last_error)())
                );
                let mut buf = vec![0u8; text.len() + 1];
                let mut n = 0;
                assert_eq!(
                    self.rc(
                        "write_pgn again",
                        (api.cescacs_game_write_pgn)(g, buf.as_mut_ptr().cast(), buf.len(), &mut n)
                    ),
                    OK
                );
                (api.cescacs_game_free)(g);
                assert_eq!(
                    &buf[..n],
                    text.as_bytes(),
                    "CTL-PGN round trip through the C API"
                );
            }
        }
    }

    /// Op `22` of [`Driver::step`].
    pub(super) unsafe fn op_game_result(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let r = self.text_out("result", b, |buf, len, out| {
                (api.cescacs_game_result)(game, buf, len, out)
            });
            if let Ok(text) = r {
                assert!(
                    ["3-0", "0-3", "2-1", "1-2", "1-1", "*"].contains(&text.as_str()),
                    "{text:?}"
                );
            }
            let name = b.text();
            let r = self.text_out("tag", b, |buf, len, out| {
                (api.cescacs_game_tag)(game, name.as_ptr().cast(), buf, len, out)
            });
            if let Err(rc) = r {
                assert!(
                    matches!(
                        rc,
                        NULL_POINTER | INVALID_UTF8 | NOT_FOUND | BUFFER_TOO_SMALL
                    ),
                    "tag: {rc}"
                );
            }
        }
    }

    /// Op `23` of [`Driver::step`].
    pub(super) unsafe fn op_move_ctl_at(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let ply = b.index();
            let plies = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_ply_count)(game, out))
            };
            if !game.is_null() {
                let m = self.move_at(game, ply);
                assert_eq!(m.is_some(), ply < plies);
            }
            let r = self.text_out("move_ctl_at", b, |buf, len, out| {
                (api.cescacs_game_move_ctl_at)(game, ply, buf, len, out)
            });
            if game.is_null() {
                assert!(matches!(r, Err(NULL_POINTER)));
            } else if r.is_ok() {
                assert!(ply < plies);
            }
            let r = self.text_out("pdtl_at", b, |buf, len, out| {
                (api.cescacs_game_pdtl_at)(game, ply, buf, len, out)
            });
            if let Ok(text) = r {
                assert!(ply <= plies);
                if ply == plies {
                    assert_eq!(text, self.pdtl(game));
                }
            }
        }
    }

    /// Op `25` of [`Driver::step`].
    pub(super) unsafe fn op_games_from_pgn(&mut self, b: &mut Bytes, slot: usize) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Every game of a CTL-PGN text: the fuzzer's, or the
            // games of the live slots written and joined the way
            // `pgn::write_games` joins them (then each game read
            // writes its slot's text again).
            let mut written = Vec::new();
            let text = if b.byte() < 0x40 {
                for s in 0..SLOTS {
                    let g = self.game(s);
                    if !g.is_null() {
                        written.push(self.write_pgn(g));
                    }
                }
                let mut t = written.join("\n").into_bytes();
                t.push(0);
                t
            } else {
                b.text()
            };
            let own = written.len();
            let utf8 = std::str::from_utf8(&text[..text.len() - 1]).is_ok();
            // The size query: NULL and 0 give the count.
            let mut count = usize::MAX;
            let rc = self.rc(
                "games_from_pgn(size)",
                (api.cescacs_games_from_pgn)(text.as_ptr().cast(), null_mut(), 0, &mut count),
            );
            match rc {
                OK | BUFFER_TOO_SMALL => {
                    assert_eq!(rc == OK, count == 0, "games_from_pgn(size): {count} games")
                }
                INVALID_UTF8 => {
                    assert!(
                        !utf8 && count == usize::MAX,
                        "games_from_pgn: INVALID_UTF8 (count {count})"
                    );
                    return;
                }
                rc => {
                    assert!(
                        rc == BAD_PGN && count == usize::MAX,
                        "games_from_pgn: {rc} (count {count})"
                    );
                    assert!(
                        written.is_empty(),
                        "the games of the slots do not read back: {}",
                        c_str((api.cescacs_last_error)())
                    );
                    let (mut line, mut column) = (0, 0);
                    assert!((api.cescacs_last_error_location)(&mut line, &mut column));
                    assert!(line >= 1 && column >= 1);
                    return;
                }
            }
            if !written.is_empty() {
                assert_eq!(
                    count, own,
                    "games_from_pgn: the written games of {own} slots"
                );
            }
            // Calls that must fail without writing anything: NULL
            // text, NULL count, NULL array with a length, an array
            // one handle too small (only the count is written).
            let shape = b.byte();
            let mut handles = vec![null_mut::<Game>(); count + usize::from(shape >> 5)];
            let mut n = usize::MAX;
            let (what, rc) = match shape & 3 {
                0 => (
                    "games_from_pgn(NULL text)",
                    (api.cescacs_games_from_pgn)(
                        null(),
                        handles.as_mut_ptr(),
                        handles.len(),
                        &mut n,
                    ),
                ),
                1 => (
                    "games_from_pgn(NULL count)",
                    (api.cescacs_games_from_pgn)(
                        text.as_ptr().cast(),
                        handles.as_mut_ptr(),
                        handles.len(),
                        null_mut(),
                    ),
                ),
                _ => (
                    "games_from_pgn(NULL array)",
                    (api.cescacs_games_from_pgn)(
                        text.as_ptr().cast(),
                        null_mut(),
                        handles.len().max(1),
                        &mut n,
                    ),
                ),
            };
            assert_eq!(self.rc(what, rc), NULL_POINTER, "{what}");
            assert!(
                n == usize::MAX && handles.iter().all(|h| h.is_null()),
                "{what} wrote"
            );
            if count > 0 && shape & 4 != 0 {
                let rc = (api.cescacs_games_from_pgn)(
                    text.as_ptr().cast(),
                    handles.as_mut_ptr(),
                    count - 1,
                    &mut n,
                );
                assert_eq!(self.rc("games_from_pgn(too small)", rc), BUFFER_TOO_SMALL);
                assert_eq!(n, count, "games_from_pgn(too small): the count");
                assert!(
                    handles.iter().all(|h| h.is_null()),
                    "games_from_pgn wrote into a too-small array"
                );
                n = usize::MAX;
            }
            let rc = (api.cescacs_games_from_pgn)(
                text.as_ptr().cast(),
                handles.as_mut_ptr(),
                handles.len(),
                &mut n,
            );
            assert_eq!(self.rc("games_from_pgn", rc), OK);
            assert_eq!(n, count, "games_from_pgn: the count");
            assert!(
                handles[..count].iter().all(|h| !h.is_null()),
                "games_from_pgn: a NULL handle"
            );
            assert!(
                handles[count..].iter().all(|h| h.is_null()),
                "games_from_pgn wrote past the count"
            );
            self.stats.games_read += count as u64;
            // Keep the first games in the slots from `slot` on (the
            // first one maybe taken back to its start), free the rest.
            let keep = usize::from(b.byte() % 3);
            let undo_first = b.byte() & 1 == 1;
            // Games are told apart by their tags: a game without tags
            // that opens with a comment, after another game, reads as
            // that game's final comment (NOTATION.md §6.1; see
            // pgn::write_games). Those two games are not compared.
            let merged = |i: usize| written.get(i).is_some_and(|w| w.starts_with('{')) && i > 0;
            for (i, &g) in handles[..count].iter().enumerate() {
                if let Some(w) = written.get(i).filter(|_| !merged(i) && !merged(i + 1)) {
                    assert_eq!(
                        &self.write_pgn(g),
                        w,
                        "game {i} of the slots' CTL-PGN reads back different"
                    );
                }
                let mut undo = self.recorded(g);
                if i == 0 && undo_first {
                    self.undo_to_start(g, std::mem::take(&mut undo));
                }
                if i < keep {
                    self.keep_game(slot + i, g, undo);
                } else {
                    (api.cescacs_game_free)(g);
                }
            }
        }
    }

    /// Op `31` of [`Driver::step`].
    pub(super) unsafe fn op_tags_by_index(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Tags by index; each name's first value is what
            // cescacs_game_tag gives.
            let null_out = b.byte() & 1 == 1;
            let mut count = usize::MAX;
            let rc = self.rc(
                "tag_count",
                (api.cescacs_game_tag_count)(game, if null_out { null_mut() } else { &mut count }),
            );
            if game.is_null() || null_out {
                assert_eq!((rc, count), (NULL_POINTER, usize::MAX), "tag_count(NULL)");
            } else {
                assert_eq!(rc, OK);
            }
            let count = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_tag_count)(game, out))
            };
            let index = b.index();
            let r = self.text_out("tag_name_at", b, |buf, len, out| {
                (api.cescacs_game_tag_name_at)(game, index, buf, len, out)
            });
            Self::indexed("tag_name_at", &r, game.is_null(), index < count);
            let r = self.text_out("tag_value_at", b, |buf, len, out| {
                (api.cescacs_game_tag_value_at)(game, index, buf, len, out)
            });
            Self::indexed("tag_value_at", &r, game.is_null(), index < count);
            if !game.is_null() {
                let tags = self.tags(game);
                for (name, _) in &tags {
                    let first = &tags.iter().find(|(n, _)| n == name).expect("the name").1;
                    let c = name.clone() + "\0";
                    let value = self.text_at("tag", |buf, len, out| {
                        (api.cescacs_game_tag)(game, c.as_ptr().cast(), buf, len, out)
                    });
                    assert_eq!(&value, first, "tag {name:?}: the first value of that name");
                }
            }
        }
    }

    /// Op `32` of [`Driver::step`].
    pub(super) unsafe fn op_game_set_tag(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Setting a tag: a name and a value the fuzzer picks
            // (known ones, or its texts), maybe NULL.
            const NAMES: [&str; 10] = [
                "Event", "Site", "Date", "White", "Result", "Variant", "PDTL", "Redefine",
                "Bad name", "Évent_2",
            ];
            const VALUES: [&str; 16] = [
                "3-0",
                "0-3",
                "2-1",
                "1-2",
                "1-1",
                "*",
                "C'escacs",
                " C'escacs ",
                "two\nlines",
                "1-0",
                "a \"quoted\" \\ value",
                "",
                "line\u{2028}separator",
                "next\u{85}line",
                "tab\tand ] bracket",
                "back\\",
            ];
            let pick = b.byte();
            let mut name = if pick < 0x80 {
                NAMES[usize::from(pick) % NAMES.len()].as_bytes().to_vec()
            } else {
                b.text()
            };
            if pick < 0x80 {
                name.push(0);
            }
            let pick = b.byte();
            let mut value = if pick < 0x80 {
                VALUES[usize::from(pick) % VALUES.len()].as_bytes().to_vec()
            } else {
                b.text()
            };
            if pick < 0x80 {
                value.push(0);
            }
            let nulls = b.byte() % 8;
            let name_p: *const c_char = if nulls == 1 {
                null()
            } else {
                name.as_ptr().cast()
            };
            let value_p: *const c_char = if nulls == 2 {
                null()
            } else {
                value.as_ptr().cast()
            };
            let name_s = std::str::from_utf8(&name[..name.len() - 1]).ok();
            let value_s = std::str::from_utf8(&value[..value.len() - 1]).ok();
            if game.is_null() {
                // (The texts may be checked first.)
                let rc = self.rc(
                    "set_tag(NULL)",
                    (api.cescacs_game_set_tag)(game, name_p, value_p),
                );
                let bad_text =
                    (nulls != 1 && name_s.is_none()) || (nulls != 2 && value_s.is_none());
                assert!(
                    rc == NULL_POINTER || (rc == INVALID_UTF8 && bad_text),
                    "set_tag(NULL): {rc}"
                );
                return;
            }
            let (pgn, tags, pdtl, history) = (
                self.write_pgn(game),
                self.tags(game),
                self.pdtl(game),
                self.history_len(game),
            );
            let rc = self.rc("set_tag", (api.cescacs_game_set_tag)(game, name_p, value_p));
            assert_eq!(self.pdtl(game), pdtl, "set_tag changed the position");
            assert_eq!(self.history_len(game), history, "set_tag changed the moves");
            match rc {
                OK => {
                    let (name, value) =
                        (name_s.expect("UTF-8 name"), value_s.expect("UTF-8 value"));
                    assert!(nulls != 1 && nulls != 2);
                    let now = self.tags(game);
                    let new = !tags.iter().any(|(n, _)| n == name);
                    assert_eq!(
                        now.len(),
                        tags.len() + usize::from(new),
                        "set_tag {name:?}: the tag count"
                    );
                    let at = now
                        .iter()
                        .position(|(n, _)| n == name)
                        .expect("the tag set");
                    let stored = now[at].1.clone();
                    if name == "Result" {
                        let result = self.text_at("result", |buf, len, out| {
                            (api.cescacs_game_result)(game, buf, len, out)
                        });
                        assert_eq!(
                            stored, result,
                            "set_tag Result {value:?}: the game's result"
                        );
                    } else {
                        assert_eq!(stored, value, "set_tag {name:?}: the value");
                    }
                    for (i, t) in tags.iter().enumerate() {
                        if i != at {
                            assert_eq!(&now[i], t, "set_tag {name:?} changed another tag");
                        }
                    }
                    // The tag is written and read back.
                    self.stats.annotated += 1;
                    let g = self.pgn_round_trip(game);
                    let back = self.tags(g);
                    (api.cescacs_game_free)(g);
                    let no_result = |t: &Vec<(String, String)>| {
                        t.iter()
                            .filter(|(n, _)| n != "Result")
                            .cloned()
                            .collect::<Vec<_>>()
                    };
                    assert_eq!(
                        no_result(&back),
                        no_result(&now),
                        "set_tag {name:?} {value:?}: the tags read back"
                    );
                }
                rc => {
                    match rc {
                        NULL_POINTER => assert!(nulls == 1 || nulls == 2),
                        INVALID_UTF8 => assert!(name_s.is_none() || value_s.is_none()),
                        BAD_ARGUMENT => assert!(name_s.is_some() && value_s.is_some()),
                        rc => panic!("set_tag: {rc}"),
                    }
                    assert_eq!(
                        self.write_pgn(game),
                        pgn,
                        "a refused set_tag changed the game"
                    );
                }
            }
        }
    }

    /// Op `33` of [`Driver::step`].
    pub(super) unsafe fn op_read_comments(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Comments: opening, final, or those of a move.
            let kind = b.byte() % 3;
            let plies = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_ply_count)(game, out))
            };
            let ply = if b.byte() & 1 == 0 {
                plies.wrapping_sub(1 + b.index() % 3)
            } else {
                b.index()
            };
            let null_out = b.byte() & 1 == 1;
            let mut count = usize::MAX;
            let out = if null_out {
                null_mut()
            } else {
                &mut count as *mut usize
            };
            let rc = self.rc(
                "comment_count",
                match kind {
                    0 => (api.cescacs_game_opening_comment_count)(game, out),
                    1 => (api.cescacs_game_final_comment_count)(game, out),
                    _ => (api.cescacs_game_comment_count)(game, ply, out),
                },
            );
            let in_range = kind < 2 || ply < plies;
            if game.is_null() || null_out {
                assert_eq!(rc, NULL_POINTER);
            } else if !in_range {
                assert_eq!(
                    rc, INDEX_OUT_OF_RANGE,
                    "comment_count of ply {ply} of {plies}"
                );
            } else {
                assert_eq!(rc, OK);
            }
            if rc != OK {
                assert_eq!(count, usize::MAX, "comment_count wrote on failure");
            }
            let n = if rc == OK { count } else { 0 };
            let index = b.index() % (n + 2);
            let r = self.text_out("comment", b, |buf, len, out| match kind {
                0 => (api.cescacs_game_opening_comment)(game, index, buf, len, out),
                1 => (api.cescacs_game_final_comment)(game, index, buf, len, out),
                _ => (api.cescacs_game_comment)(game, ply, index, buf, len, out),
            });
            if rc == OK || game.is_null() {
                Self::indexed("comment", &r, game.is_null(), index < n);
            } else if !null_out {
                assert!(
                    matches!(r, Err(INDEX_OUT_OF_RANGE | NULL_POINTER)),
                    "comment of ply {ply} of {plies}: {r:?}"
                );
            }
        }
    }

    /// Op `34` of [`Driver::step`].
    pub(super) unsafe fn op_add_comment(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Adding a comment to a move, before the first move or
            // after the result (maybe not a move, maybe a NULL or
            // invalid text); the game still reads back.
            let mut text = b.text();
            if text.len() == 1 && b.byte() & 1 == 0 {
                text = b"a } brace { and\nlines  \0".to_vec();
            }
            let flags = b.byte();
            let null_text = flags & 0x80 != 0;
            // Bits 4-5: 1 an opening comment, 2 a final one, else a move's.
            let kind = match (flags >> 4) & 3 {
                1 => 0,
                2 => 1,
                _ => 2,
            };
            let plies = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_ply_count)(game, out))
            };
            let ply = if b.byte() & 1 == 0 {
                plies.wrapping_sub(1 + b.index() % 2)
            } else {
                b.index()
            };
            let text_p: *const c_char = if null_text {
                null()
            } else {
                text.as_ptr().cast()
            };
            let utf8 = std::str::from_utf8(&text[..text.len() - 1]).ok();
            let add = |g: *mut Game| match kind {
                0 => (api.cescacs_game_add_opening_comment)(g, text_p),
                1 => (api.cescacs_game_add_final_comment)(g, text_p),
                _ => (api.cescacs_game_add_comment)(g, ply, text_p),
            };
            if game.is_null() {
                // (The text may be checked first.)
                let rc = self.rc("add_comment(NULL)", add(game));
                assert!(
                    rc == NULL_POINTER || (rc == INVALID_UTF8 && !null_text && utf8.is_none()),
                    "add_comment(NULL): {rc}"
                );
                return;
            }
            let in_range = kind < 2 || ply < plies;
            let count = |me: &mut Self| match kind {
                0 => me.count(|api, out| (api.cescacs_game_opening_comment_count)(game, out)),
                1 => me.count(|api, out| (api.cescacs_game_final_comment_count)(game, out)),
                _ => me.count(|api, out| (api.cescacs_game_comment_count)(game, ply, out)),
            };
            let before = if in_range { count(self) } else { 0 };
            let pgn = self.write_pgn(game);
            let rc = self.rc("add_comment", add(game));
            match rc {
                OK => {
                    assert!(!null_text && in_range);
                    let n = count(self);
                    assert_eq!(n, before + 1, "add_comment: the count");
                    let last = self.text_at("comment", |buf, len, out| match kind {
                        0 => (api.cescacs_game_opening_comment)(game, n - 1, buf, len, out),
                        1 => (api.cescacs_game_final_comment)(game, n - 1, buf, len, out),
                        _ => (api.cescacs_game_comment)(game, ply, n - 1, buf, len, out),
                    });
                    assert_eq!(Some(last.as_str()), utf8, "add_comment: the comment read");
                    self.stats.annotated += 1;
                    let g = self.pgn_round_trip(game);
                    (api.cescacs_game_free)(g);
                }
                rc => {
                    match rc {
                        NULL_POINTER => assert!(null_text),
                        INVALID_UTF8 => assert!(utf8.is_none() && !null_text),
                        INDEX_OUT_OF_RANGE => assert!(!in_range && !null_text),
                        rc => panic!("add_comment: {rc}"),
                    }
                    assert_eq!(
                        self.write_pgn(game),
                        pgn,
                        "a refused add_comment changed the game"
                    );
                }
            }
        }
    }

    /// Op `35` of [`Driver::step`].
    pub(super) unsafe fn op_variations(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Variations of a move: counted, written, opened as games.
            let plies = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_ply_count)(game, out))
            };
            let ply = if b.byte() & 1 == 0 {
                b.index() % (plies + 1)
            } else {
                b.index()
            };
            let mut count = usize::MAX;
            let rc = self.rc(
                "variation_count",
                (api.cescacs_game_variation_count)(game, ply, &mut count),
            );
            if game.is_null() {
                assert_eq!(rc, NULL_POINTER);
            } else {
                assert_eq!(
                    rc,
                    if ply < plies { OK } else { INDEX_OUT_OF_RANGE },
                    "variation_count of ply {ply} of {plies}"
                );
            }
            assert_eq!(
                self.rc(
                    "variation_count(NULL out)",
                    (api.cescacs_game_variation_count)(game, ply, null_mut())
                ),
                NULL_POINTER
            );
            let n = if rc == OK { count } else { 0 };
            let index = if b.byte() & 1 == 0 {
                b.index() % (n + 1)
            } else {
                b.index()
            };
            let in_range = ply < plies && index < n;
            let r = self.text_out("variation_ctl", b, |buf, len, out| {
                (api.cescacs_game_variation_ctl)(game, ply, index, buf, len, out)
            });
            Self::indexed("variation_ctl", &r, game.is_null(), in_range);
            // The label (no byte of its own, so the seeds keep their
            // meaning): a size query, then a buffer of 16 bytes.
            let mut need = usize::MAX;
            let rc = self.rc(
                "variation_label",
                (api.cescacs_game_variation_label)(game, ply, index, null_mut(), 0, &mut need),
            );
            let mut buf = [SENTINEL; 16];
            let mut n = usize::MAX;
            let rc2 = self.rc(
                "variation_label",
                (api.cescacs_game_variation_label)(
                    game,
                    ply,
                    index,
                    buf.as_mut_ptr().cast(),
                    buf.len(),
                    &mut n,
                ),
            );
            if game.is_null() {
                assert_eq!((rc, rc2), (NULL_POINTER, NULL_POINTER));
            } else if !in_range {
                assert_eq!((rc, rc2), (INDEX_OUT_OF_RANGE, INDEX_OUT_OF_RANGE));
            } else {
                assert_eq!(rc, BUFFER_TOO_SMALL, "variation_label size query");
                if rc2 == OK {
                    assert_eq!(n, need, "variation_label: the length");
                    let label = std::str::from_utf8(&buf[..n]).expect("a UTF-8 label");
                    assert!(
                        buf[n] == 0 && label.bytes().all(|c| c.is_ascii_digit()),
                        "variation_label: {label:?}"
                    );
                } else {
                    assert!(
                        rc2 == BUFFER_TOO_SMALL && need >= buf.len(),
                        "variation_label: {rc2}"
                    );
                }
            }
            if rc2 != OK {
                assert!(
                    buf.iter().all(|&c| c == SENTINEL),
                    "variation_label wrote on failure"
                );
            }
            let null_out = b.byte() & 1 == 1;
            let mut v = null_mut();
            let rc = self.rc(
                "variation",
                (api.cescacs_game_variation)(
                    game,
                    ply,
                    index,
                    if null_out { null_mut() } else { &mut v },
                ),
            );
            if game.is_null() || null_out {
                assert_eq!(rc, NULL_POINTER);
            } else if !in_range {
                assert_eq!(rc, INDEX_OUT_OF_RANGE);
            } else {
                assert_eq!(rc, OK, "variation {index} of ply {ply}");
            }
            if rc != OK {
                assert!(v.is_null(), "variation wrote on failure");
                if !game.is_null() && !null_out {
                    self.check_lines(game, ply, index, null());
                }
                return;
            }
            self.check_lines(game, ply, index, v);
            // A new game's tags (Variant and the roster), the start before
            // the move, the moves of the text.
            assert_eq!(
                self.count(|api, out| (api.cescacs_game_tag_count)(v, out)),
                8,
                "a variation has a new game's tags"
            );
            assert_eq!(
                self.pdtl_at(v, 0),
                self.pdtl_at(game, ply),
                "a variation starts before its move"
            );
            let text = self.text_at("variation_ctl", |buf, len, out| {
                (api.cescacs_game_variation_ctl)(game, ply, index, buf, len, out)
            });
            let vplies = self.count(|api, out| (api.cescacs_game_ply_count)(v, out));
            let moves: Vec<String> = (0..vplies)
                .map(|i| {
                    self.text_at("move_ctl_at", |buf, len, out| {
                        (api.cescacs_game_move_ctl_at)(v, i, buf, len, out)
                    })
                })
                .collect();
            assert_eq!(
                moves.join(" "),
                text,
                "variation_ctl: the moves of the variation's game"
            );
            let undo = self.recorded(v);
            self.keep_game(b.index(), v, undo);
            self.stats.variations += 1;
        }
    }

    /// Op `40` of [`Driver::step`].
    pub(super) unsafe fn op_assessments(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Assessments: read, set (a glyph 0..=7, or a bad one),
            // read back and written as CTL-PGN.
            let plies = if game.is_null() {
                0
            } else {
                self.count(|api, out| (api.cescacs_game_ply_count)(game, out))
            };
            let ply = if b.byte() & 1 == 0 {
                b.index() % (plies + 1)
            } else {
                b.index()
            };
            let null_out = b.byte() & 1 == 1;
            let mut nag = 0xEE;
            let rc = self.rc(
                "assessment",
                (api.cescacs_game_assessment)(
                    game,
                    ply,
                    if null_out { null_mut() } else { &mut nag },
                ),
            );
            if game.is_null() || null_out {
                assert_eq!(rc, NULL_POINTER);
            } else {
                assert_eq!(
                    rc,
                    if ply < plies { OK } else { INDEX_OUT_OF_RANGE },
                    "assessment of ply {ply} of {plies}"
                );
            }
            if rc == OK {
                assert!(nag <= 7, "assessment: glyph {nag}");
            } else {
                assert_eq!(nag, 0xEE, "assessment wrote on failure");
            }
            let set = if b.byte() & 1 == 0 {
                b.byte() % 8
            } else {
                b.byte()
            };
            let pgn = if game.is_null() {
                String::new()
            } else {
                self.write_pgn(game)
            };
            let rc = self.rc(
                "set_assessment",
                (api.cescacs_game_set_assessment)(game, ply, set),
            );
            if game.is_null() {
                assert!(
                    rc == NULL_POINTER || (rc == BAD_ARGUMENT && set > 7),
                    "set_assessment(NULL): {rc}"
                );
                return;
            }
            match rc {
                OK => {
                    assert!(ply < plies && set <= 7);
                    let mut back = 0xEE;
                    assert_eq!(
                        self.rc(
                            "assessment",
                            (api.cescacs_game_assessment)(game, ply, &mut back)
                        ),
                        OK
                    );
                    assert_eq!(back, set, "set_assessment then assessment");
                    self.stats.annotated += 1;
                    let g = self.pgn_round_trip(game);
                    let mut read = 0xEE;
                    assert_eq!(
                        self.rc(
                            "assessment",
                            (api.cescacs_game_assessment)(g, ply, &mut read)
                        ),
                        OK
                    );
                    assert_eq!(read, set, "an assessment written and read back");
                    (api.cescacs_game_free)(g);
                }
                rc => {
                    match rc {
                        BAD_ARGUMENT => assert!(set > 7),
                        INDEX_OUT_OF_RANGE => assert!(ply >= plies && set <= 7),
                        rc => panic!("set_assessment: {rc}"),
                    }
                    assert_eq!(
                        self.write_pgn(game),
                        pgn,
                        "a refused set_assessment changed the game"
                    );
                }
            }
        }
    }
}
