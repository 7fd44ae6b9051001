//! Ops on the board and hexes: hex texts and geometry, pieces, board text,
//! threats, result names, the version and the last error's place.

use super::*;

impl Driver<'_> {
    /// Op `7` of [`Driver::step`].
    pub(super) unsafe fn op_piece_at(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let hex = Hex {
                column: b.byte() % 20,
                line: b.byte() % 32,
            };
            let valid = (api.cescacs_hex_is_valid)(hex);
            let (mut role, mut color) = (u32::MAX, u32::MAX);
            let rc = self.rc(
                "piece_at",
                (api.cescacs_game_piece_at)(game, hex, &mut role, &mut color),
            );
            if game.is_null() {
                assert_eq!(rc, NULL_POINTER);
            } else if valid {
                assert_eq!(rc, OK);
                assert!(role <= 9);
                assert!(role == 0 || color <= 1);
            } else {
                assert_eq!(rc, BAD_HEX);
                assert_eq!(
                    (role, color),
                    (u32::MAX, u32::MAX),
                    "piece_at wrote on failure"
                );
            }
        }
    }

    /// Op `24` of [`Driver::step`].
    pub(super) unsafe fn op_hex_parse(&mut self, b: &mut Bytes) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let text = b.text();
            let mut hex = Hex {
                column: 0xEE,
                line: 0xEE,
            };
            match self.rc(
                "hex_parse",
                (api.cescacs_hex_parse)(text.as_ptr().cast(), &mut hex),
            ) {
                OK => {
                    assert!((api.cescacs_hex_is_valid)(hex));
                    let mut buf = [0u8; 4];
                    let mut n = 0;
                    assert_eq!(
                        self.rc(
                            "hex_write",
                            (api.cescacs_hex_write)(hex, buf.as_mut_ptr().cast(), 4, &mut n)
                        ),
                        OK
                    );
                    let mut again = Hex::default();
                    assert_eq!(
                        self.rc(
                            "hex_parse again",
                            (api.cescacs_hex_parse)(buf.as_ptr().cast(), &mut again)
                        ),
                        OK
                    );
                    assert_eq!(again, hex);
                }
                rc => {
                    assert!(matches!(rc, BAD_HEX | INVALID_UTF8), "hex_parse: {rc}");
                    assert_eq!(
                        hex,
                        Hex {
                            column: 0xEE,
                            line: 0xEE
                        },
                        "hex_parse wrote on failure"
                    );
                }
            }
            let any = Hex {
                column: b.byte(),
                line: b.byte(),
            };
            let valid = (api.cescacs_hex_is_valid)(any);
            let r = self.text_out("hex_write", b, |buf, len, out| {
                (api.cescacs_hex_write)(any, buf, len, out)
            });
            if !valid {
                assert!(
                    matches!(r, Err(BAD_HEX | NULL_POINTER | BUFFER_TOO_SMALL)),
                    "hex_write of {any:?}: {r:?}"
                );
            }
        }
    }

    /// Op `36` of [`Driver::step`].
    pub(super) unsafe fn op_game_pieces(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Every piece, against piece_at.
            let sentinel = PlacedPiece {
                hex: Hex {
                    column: 0xEE,
                    line: 0xEE,
                },
                role: 0xEEEE,
                color: 0xEEEE,
            };
            let r = self.array_out("pieces", b, sentinel, HEX_COUNT, |buf, len, out| {
                (api.cescacs_game_pieces)(game, buf, len, out)
            });
            if game.is_null() {
                assert!(matches!(r, Err(NULL_POINTER)), "pieces(NULL): {r:?}");
                return;
            }
            let all = self.pieces(game);
            if let Ok(ps) = &r {
                assert_eq!(ps, &all);
            }
            let hexes: Vec<Hex> = all.iter().map(|p| p.hex).collect();
            self.board_order("pieces", &hexes);
            let mut kings = [0; 2];
            for p in &all {
                assert!((1..=9).contains(&p.role) && p.color <= 1, "pieces: {p:?}");
                let (mut role, mut color) = (u32::MAX, u32::MAX);
                assert_eq!(
                    self.rc(
                        "piece_at",
                        (api.cescacs_game_piece_at)(game, p.hex, &mut role, &mut color)
                    ),
                    OK
                );
                assert_eq!((role, color), (p.role, p.color), "pieces and piece_at");
                if p.role == ROLE_KING {
                    kings[p.color as usize] += 1;
                }
            }
            assert_eq!(kings, [1, 1], "one King each");
            let mut occupied = 0;
            for &h in valid_hexes(api) {
                let (mut role, mut color) = (u32::MAX, u32::MAX);
                assert_eq!(
                    self.rc(
                        "piece_at",
                        (api.cescacs_game_piece_at)(game, h, &mut role, &mut color)
                    ),
                    OK
                );
                occupied += usize::from(role != 0);
            }
            assert_eq!(occupied, all.len(), "pieces: every occupied hex");
        }
    }

    /// Op `37` of [`Driver::step`].
    pub(super) unsafe fn op_game_board_text(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // The board as text.
            let unicode = b.byte() & 1 == 1;
            let r = self.text_out("board_text", b, |buf, len, out| {
                (api.cescacs_game_board_text)(game, unicode, buf, len, out)
            });
            if game.is_null() {
                assert!(matches!(r, Err(NULL_POINTER)), "board_text(NULL): {r:?}");
                return;
            }
            if let Ok(text) = r {
                assert!(text.ends_with('\n'));
                let rows: Vec<&str> = text.split_terminator('\n').collect();
                assert_eq!(rows.len(), 30, "board_text: 29 lines and the letters");
                if !unicode {
                    assert!(text.is_ascii(), "board_text: not ASCII");
                    let pieces = rows[..29]
                        .iter()
                        .flat_map(|r| r.chars())
                        .filter(char::is_ascii_alphabetic)
                        .count();
                    let empty = rows[..29]
                        .iter()
                        .flat_map(|r| r.chars())
                        .filter(|&c| c == '.')
                        .count();
                    let all = self.pieces(game).len();
                    assert_eq!(
                        (pieces, empty),
                        (all, HEX_COUNT - all),
                        "board_text: pieces and empty hexes"
                    );
                }
            }
        }
    }

    /// Op `38` of [`Driver::step`].
    pub(super) unsafe fn op_threats(&mut self, b: &mut Bytes, game: *mut Game) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // Threats: one call with the fuzzer's arguments, then
            // the answers checked against each other.
            let by = match b.byte() {
                x if x < 0xF0 => u32::from(x & 1),
                x => u32::from(x) << (x & 7),
            };
            let hex = self.hex_arg(b);
            let which = b.byte() % 7;
            let (color_ok, hex_ok) = (by <= 1, (api.cescacs_hex_is_valid)(hex));
            let sentinel = Hex {
                column: 0xEE,
                line: 0xEE,
            };
            let (uses_color, uses_hex) = [
                (true, true),
                (true, true),
                (false, true),
                (true, false),
                (false, false),
                (true, true),
                (true, true),
            ][usize::from(which)];
            let (rc, shape_null) = match which {
                0 | 6 => {
                    let null_out = b.byte() & 1 == 1;
                    let mut flag = false;
                    let f = if which == 0 {
                        api.cescacs_game_is_attacked
                    } else {
                        api.cescacs_game_is_pinned
                    };
                    let rc = self.rc(
                        "threat flag",
                        f(game, by, hex, if null_out { null_mut() } else { &mut flag }),
                    );
                    (rc, null_out)
                }
                _ => {
                    let r =
                        self.array_out("threat hexes", b, sentinel, HEX_COUNT, |buf, len, out| {
                            match which {
                                1 => (api.cescacs_game_attackers)(game, by, hex, buf, len, out),
                                2 => (api.cescacs_game_attacks)(game, hex, buf, len, out),
                                3 => (api.cescacs_game_attacked_hexes)(game, by, buf, len, out),
                                4 => (api.cescacs_game_checkers)(game, buf, len, out),
                                _ => (api.cescacs_game_pin)(game, by, hex, buf, len, out),
                            }
                        });
                    if let Ok(hexes) = &r {
                        self.board_order("threat hexes", hexes);
                    }
                    match r {
                        Ok(_) => (OK, false),
                        Err(NULL_POINTER) => (NULL_POINTER, true),
                        Err(rc) => (rc, false),
                    }
                }
            };
            let bad_color = uses_color && !color_ok;
            let bad_hex = uses_hex && !hex_ok;
            if game.is_null() || shape_null {
                assert_eq!(rc, NULL_POINTER, "threat {which}");
            } else if bad_color || bad_hex {
                assert!(
                    (bad_color && rc == BAD_ARGUMENT) || (bad_hex && rc == BAD_HEX),
                    "threat {which}: by {by}, {hex:?}: {rc}"
                );
            } else {
                assert!(matches!(rc, OK | BUFFER_TOO_SMALL), "threat {which}: {rc}");
            }
            if game.is_null() || !color_ok || !hex_ok {
                return;
            }
            // The answers agree.
            let attacked = self.hexes("attacked_hexes", |buf, len, out| {
                (api.cescacs_game_attacked_hexes)(game, by, buf, len, out)
            });
            let attackers = self.hexes("attackers", |buf, len, out| {
                (api.cescacs_game_attackers)(game, by, hex, buf, len, out)
            });
            let mut flag = false;
            assert_eq!(
                self.rc(
                    "is_attacked",
                    (api.cescacs_game_is_attacked)(game, by, hex, &mut flag)
                ),
                OK
            );
            assert_eq!(
                flag,
                attacked.contains(&hex),
                "is_attacked and attacked_hexes: {hex:?} by {by}"
            );
            assert_eq!(
                flag,
                !attackers.is_empty(),
                "is_attacked and attackers: {hex:?} by {by}"
            );
            let pieces = self.pieces(game);
            for a in &attackers {
                assert!(
                    pieces.iter().any(|p| p.hex == *a && p.color == by),
                    "attackers: {a:?} holds no piece of {by}"
                );
                let attacks = self.hexes("attacks", |buf, len, out| {
                    (api.cescacs_game_attacks)(game, *a, buf, len, out)
                });
                assert!(
                    attacks.contains(&hex),
                    "attackers: {a:?} does not attack {hex:?}"
                );
            }
            let pin = self.hexes("pin", |buf, len, out| {
                (api.cescacs_game_pin)(game, by, hex, buf, len, out)
            });
            assert_eq!(
                self.rc(
                    "is_pinned",
                    (api.cescacs_game_is_pinned)(game, by, hex, &mut flag)
                ),
                OK
            );
            assert_eq!(flag, !pin.is_empty(), "is_pinned and pin");
            if flag {
                let p = pieces
                    .iter()
                    .find(|p| p.hex == hex)
                    .expect("a pinned piece is there");
                assert!(
                    p.color == by && p.role != ROLE_KING && pin.contains(&hex),
                    "pin: {p:?}: {pin:?}"
                );
            }
            // Checkers: the other side's attackers of the King to move.
            let mut turn = u32::MAX;
            let mut check = false;
            assert_eq!(
                self.rc("turn", (api.cescacs_game_turn)(game, &mut turn)),
                OK
            );
            assert_eq!(
                self.rc("is_check", (api.cescacs_game_is_check)(game, &mut check)),
                OK
            );
            let checkers = self.hexes("checkers", |buf, len, out| {
                (api.cescacs_game_checkers)(game, buf, len, out)
            });
            let king = pieces
                .iter()
                .find(|p| p.role == ROLE_KING && p.color == turn)
                .expect("the King to move")
                .hex;
            let by_other = self.hexes("attackers", |buf, len, out| {
                (api.cescacs_game_attackers)(game, 1 - turn, king, buf, len, out)
            });
            assert_eq!(
                checkers, by_other,
                "checkers: the attackers of the King to move"
            );
            assert_eq!(check, !checkers.is_empty(), "is_check and checkers");
            // Now and then: attacked_hexes is the union of attacks.
            if b.byte() < 0x20 {
                let mut union = Vec::new();
                for p in pieces.iter().filter(|p| p.color == by) {
                    union.extend(self.hexes("attacks", |buf, len, out| {
                        (api.cescacs_game_attacks)(game, p.hex, buf, len, out)
                    }));
                }
                union.sort_by_key(|h| (h.line, h.column));
                union.dedup();
                assert_eq!(
                    union, attacked,
                    "attacked_hexes: the union of the attacks of {by}'s pieces"
                );
            }
        }
    }

    /// Op `39` of [`Driver::step`].
    pub(super) unsafe fn op_hex_geometry(&mut self, b: &mut Bytes) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            // The plane geometry of the hexes.
            let hex = self.hex_arg(b);
            let valid = (api.cescacs_hex_is_valid)(hex);
            let far = Point {
                x: 1e300,
                y: -1e300,
            };
            let mut c = far;
            let rc = self.rc("hex_center", (api.cescacs_hex_center)(hex, &mut c));
            assert_eq!(
                self.rc(
                    "hex_center(NULL)",
                    (api.cescacs_hex_center)(hex, null_mut())
                ),
                NULL_POINTER
            );
            let mut corners = [far; HEX_CORNERS + 1];
            let rc2 = self.rc(
                "hex_corners",
                (api.cescacs_hex_corners)(hex, corners.as_mut_ptr()),
            );
            assert_eq!(
                self.rc(
                    "hex_corners(NULL)",
                    (api.cescacs_hex_corners)(hex, null_mut())
                ),
                NULL_POINTER
            );
            assert_eq!(corners[HEX_CORNERS], far, "hex_corners wrote past 6 points");
            if !valid {
                assert_eq!((rc, rc2), (BAD_HEX, BAD_HEX), "{hex:?}");
                assert!(
                    c == far && corners.iter().all(|p| *p == far),
                    "hex_center / hex_corners wrote on failure"
                );
            } else {
                assert_eq!((rc, rc2), (OK, OK));
                let (x, y) = center_of(hex);
                assert!(
                    (c.x - x).abs() < 1e-9 && (c.y - y).abs() < 1e-9,
                    "hex_center {hex:?}: {c:?}"
                );
                let h3 = 3f64.sqrt() / 2.0;
                let offsets = [
                    (1.0, 0.0),
                    (0.5, h3),
                    (-0.5, h3),
                    (-1.0, 0.0),
                    (-0.5, -h3),
                    (0.5, -h3),
                ];
                for (p, (dx, dy)) in corners.iter().zip(offsets) {
                    assert!(
                        (p.x - x - dx).abs() < 1e-9 && (p.y - y - dy).abs() < 1e-9,
                        "hex_corners {hex:?}: {corners:?}"
                    );
                    // Inside, towards each corner: the same hex.
                    let mut h = Hex::default();
                    assert_eq!(
                        self.rc(
                            "hex_at_point",
                            (api.cescacs_hex_at_point)(x + 0.9 * dx, y + 0.9 * dy, &mut h)
                        ),
                        OK
                    );
                    assert_eq!(h, hex, "hex_at_point near a corner of {hex:?}");
                }
                let mut h = Hex::default();
                assert_eq!(
                    self.rc("hex_at_point", (api.cescacs_hex_at_point)(x, y, &mut h)),
                    OK
                );
                assert_eq!(h, hex, "hex_at_point of the centre");
            }
            // Any point: the fuzzer's bits, or a small one.
            let (x, y) = if b.byte() & 1 == 0 {
                let mut bits = [0u8; 16];
                bits.iter_mut().for_each(|x| *x = b.byte());
                (
                    f64::from_le_bytes(bits[..8].try_into().unwrap()),
                    f64::from_le_bytes(bits[8..].try_into().unwrap()),
                )
            } else {
                (
                    f64::from(b.byte() as i8) / 8.0,
                    f64::from(b.byte() as i8) / 8.0,
                )
            };
            let mut h = Hex {
                column: 0xEE,
                line: 0xEE,
            };
            let rc = self.rc("hex_at_point", (api.cescacs_hex_at_point)(x, y, &mut h));
            assert_eq!(
                self.rc(
                    "hex_at_point(NULL)",
                    (api.cescacs_hex_at_point)(x, y, null_mut())
                ),
                NULL_POINTER
            );
            match rc {
                OK => {
                    assert!(
                        (api.cescacs_hex_is_valid)(h),
                        "hex_at_point ({x}, {y}): {h:?}"
                    );
                    let (cx, cy) = center_of(h);
                    assert!(
                        (cx - x).hypot(cy - y) <= 1.0 + 1e-9,
                        "hex_at_point ({x}, {y}): {h:?} is not there"
                    );
                }
                NOT_FOUND => {
                    assert_eq!(
                        h,
                        Hex {
                            column: 0xEE,
                            line: 0xEE
                        },
                        "hex_at_point wrote on failure"
                    );
                    if x.is_finite() && y.is_finite() {
                        for &v in valid_hexes(api) {
                            let (cx, cy) = center_of(v);
                            assert!(
                                (cx - x).hypot(cy - y) >= 0.86,
                                "hex_at_point ({x}, {y}): NOT_FOUND inside {v:?}"
                            );
                        }
                    }
                }
                rc => panic!("hex_at_point: {rc}"),
            }
        }
    }

    /// Op `_` of [`Driver::step`].
    pub(super) unsafe fn op_result_name_and_version(&mut self, b: &mut Bytes) {
        let api = self.api;
        // SAFETY: handles are live ones of ours or NULL, out-pointers
        // valid or NULL, buffers of the length given, texts NUL-terminated.
        unsafe {
            let code = u32::from(b.byte());
            let name = c_str((api.cescacs_result_name)(code));
            assert!(name.starts_with("CESCACS_RESULT_"), "{name}");
            let known = RESULT_CODES.iter().find(|&&(_, c)| c == code);
            let want = known.map_or("UNKNOWN", |&(n, _)| n);
            assert_eq!(
                name,
                format!("CESCACS_RESULT_{want}"),
                "cescacs_result_name({code})"
            );
            let version = c_str((api.cescacs_version)());
            assert_eq!(
                version,
                format!("{}.{}.{}", VERSION.0, VERSION.1, VERSION.2),
                "cescacs_version and CESCACS_VERSION_*"
            );
            let (mut line, mut column) = (usize::MAX, usize::MAX);
            if !(api.cescacs_last_error_location)(&mut line, &mut column) {
                assert_eq!((line, column), (usize::MAX, usize::MAX));
            }
            (api.cescacs_last_error_location)(null_mut(), null_mut());
        }
    }
}
