//! A slow, obviously correct legality oracle written from RULES.md alone, and
//! the fast generator checked against it on seeded random playouts.
//!
//! The oracle shares nothing with `movegen`: it keeps its own board indexed
//! by (column, line), lists the pseudo-legal moves of §3–§4 piece by piece,
//! plays each on a copy of that board and keeps those after which the mover's
//! King is not attacked (§5.4, make-and-test), with the King rules (§4.1,
//! §5.2) and forced promotion (§3.7.8) on top. Attacks (§5.1) are found by
//! listing every enemy piece's attacked hexes. The only things taken from the
//! crate are the state fields of a `Position` (read through its public
//! accessors) and the names and destinations of the 24 castlings (the table
//! of §4.5); rook paths are derived here from those destinations.
//!
//! Start positions: the initial position, the golden positions of
//! `tests/data/random-dev.jsonl`, and random set-ups (unmoved Kings and
//! Rooks, pawns about to promote, facing pawns for scornful moves and en
//! passant, Kings on the other's leap hexes). From each, random legal moves
//! are played and every position on the way is checked: the fast move set
//! equals the oracle's, and `play_unchecked` leaves the placement the oracle
//! expects.

use std::collections::BTreeSet;

use cescacs::{
    Castling, CastlingRooks, Color, Hex, Move, MoveKind, Piece, Position, Role, SpecialCapture,
};

// ----- board model ---------------------------------------------------------

type Coord = (i32, i32);

/// RULES.md §1.2: columns 0..=14, lines 0..=28, column + line odd, within
/// the hexagon.
fn on_board((c, l): Coord) -> bool {
    (0..=14).contains(&c)
        && (0..=28).contains(&l)
        && (c + l) % 2 == 1
        && (c - 7).abs() + (l - 14).abs() <= 14
}

fn add((c, l): Coord, (dc, dl): Coord) -> Coord {
    (c + dc, l + dl)
}

/// §1.4.
const ORTHOGONAL: [Coord; 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const DIAGONAL: [Coord; 6] = [(2, 0), (-2, 0), (1, 3), (1, -3), (-1, 3), (-1, -3)];
/// §1.5.
const JUMPS: [Coord; 12] = [
    (3, 1),
    (3, -1),
    (2, 4),
    (1, 5),
    (2, -4),
    (1, -5),
    (-3, 1),
    (-3, -1),
    (-2, 4),
    (-1, 5),
    (-2, -4),
    (-1, -5),
];
/// §4.2, White; Black mirrors the line.
const LEAPS_WHITE: [Coord; 5] = [(10, 5), (9, 6), (7, 6), (6, 5), (5, 2)];
/// §3.7.2, White; Black mirrors the line.
const TRIPLE_WHITE: [Coord; 8] = [
    (3, 4),
    (4, 5),
    (5, 6),
    (6, 7),
    (8, 7),
    (9, 6),
    (10, 5),
    (11, 4),
];

fn mirror_if(color: Color, (c, l): Coord) -> Coord {
    if color == Color::White {
        (c, l)
    } else {
        (c, 28 - l)
    }
}

fn king_home(color: Color) -> Coord {
    mirror_if(color, (8, 1))
}
fn queen_rook_home(color: Color) -> Coord {
    mirror_if(color, (4, 3))
}
fn king_rook_home(color: Color) -> Coord {
    mirror_if(color, (10, 3))
}
fn leap_hexes(color: Color) -> Vec<Coord> {
    LEAPS_WHITE.iter().map(|&h| mirror_if(color, h)).collect()
}
fn fwd(color: Color) -> i32 {
    if color == Color::White {
        1
    } else {
        -1
    }
}
/// §1.6: the last hex of the column in `color`'s forward direction.
fn is_promotion_hex(color: Color, (c, l): Coord) -> bool {
    match color {
        Color::White => l == 28 - (c - 7).abs(),
        Color::Black => l == (c - 7).abs(),
    }
}
/// §1.3: the hex colour depends on the line alone.
fn hex_colour((_, l): Coord) -> i32 {
    l % 3
}

fn coord(h: Hex) -> Coord {
    (h.column() as i32, h.line() as i32)
}
fn hex(c: Coord) -> Hex {
    Hex::new(c.0 as u8, c.1 as u8).expect("on the board")
}

#[derive(Clone, PartialEq, Eq)]
struct Board {
    cells: [[Option<Piece>; 29]; 15],
}

impl Board {
    fn from_position(p: &Position) -> Board {
        let mut cells = [[None; 29]; 15];
        for h in Hex::all() {
            let (c, l) = coord(h);
            cells[c as usize][l as usize] = p.piece_at(h);
        }
        Board { cells }
    }
    fn get(&self, (c, l): Coord) -> Option<Piece> {
        self.cells[c as usize][l as usize]
    }
    fn set(&mut self, (c, l): Coord, p: Option<Piece>) {
        self.cells[c as usize][l as usize] = p;
    }
    fn pieces(&self) -> impl Iterator<Item = (Coord, Piece)> + '_ {
        (0..15).flat_map(move |c| {
            (0..29).filter_map(move |l| self.cells[c][l].map(|p| ((c as i32, l as i32), p)))
        })
    }
    fn king(&self, color: Color) -> Coord {
        self.pieces()
            .find(|(_, p)| *p == Piece::new(color, Role::King))
            .expect("a King")
            .0
    }
    fn count(&self, p: Piece) -> usize {
        self.pieces().filter(|(_, q)| *q == p).count()
    }

    /// The hexes attacked by the piece `p` on `h` (RULES.md §5.1).
    fn attacks_of(&self, h: Coord, p: Piece) -> Vec<Coord> {
        let f = fwd(p.color);
        let mut out = Vec::new();
        let slide = |out: &mut Vec<Coord>, dirs: &[Coord]| {
            for &d in dirs {
                let mut t = add(h, d);
                while on_board(t) {
                    out.push(t);
                    if self.get(t).is_some() {
                        break;
                    }
                    t = add(t, d);
                }
            }
        };
        match p.role {
            Role::King => out.extend(ORTHOGONAL.iter().chain(&DIAGONAL).map(|&d| add(h, d))),
            Role::Queen => {
                slide(&mut out, &ORTHOGONAL);
                slide(&mut out, &DIAGONAL);
            }
            Role::Rook => slide(&mut out, &ORTHOGONAL),
            Role::Bishop => slide(&mut out, &DIAGONAL),
            Role::Wyvern => {
                slide(&mut out, &ORTHOGONAL);
                out.extend(JUMPS.iter().map(|&d| add(h, d)));
            }
            Role::Pegasus => {
                slide(&mut out, &DIAGONAL);
                out.extend(JUMPS.iter().map(|&d| add(h, d)));
            }
            Role::Knight => out.extend(JUMPS.iter().map(|&d| add(h, d))),
            Role::Elephant => {
                let one = add(h, (0, 2 * f));
                out.push(one);
                if on_board(one) && self.get(one).is_none() {
                    out.push(add(h, (0, 4 * f)));
                }
                for d in [(1, 3 * f), (-1, 3 * f), (1, -3 * f), (-1, -3 * f)] {
                    out.push(add(h, d));
                }
            }
            Role::Pawn => {
                out.push(add(h, (1, 3 * f)));
                out.push(add(h, (-1, 3 * f)));
            }
        }
        out.retain(|&t| on_board(t));
        out
    }

    fn attacked(&self, x: Coord, by: Color) -> bool {
        self.pieces()
            .any(|(h, p)| p.color == by && self.attacks_of(h, p).contains(&x))
    }

    /// §3.7.7: the kinds `color` may promote to on `h`.
    fn regainable(&self, color: Color, h: Coord) -> Vec<Role> {
        let initial = [
            (Role::Queen, 1),
            (Role::Wyvern, 1),
            (Role::Rook, 2),
            (Role::Pegasus, 2),
            (Role::Knight, 2),
        ];
        let mut out: Vec<Role> = initial
            .iter()
            .filter(|(r, n)| self.count(Piece::new(color, *r)) < *n)
            .map(|(r, _)| *r)
            .collect();
        let bishop_there = self
            .pieces()
            .any(|(b, p)| p == Piece::new(color, Role::Bishop) && hex_colour(b) == hex_colour(h));
        if !bishop_there {
            out.push(Role::Bishop);
        }
        out
    }
}

// ----- candidate moves -------------------------------------------------------

/// A move as the spec identifies it (§5.5), plus what playing it does to the
/// board.
#[derive(Clone)]
struct Candidate {
    id: Id,
    /// (hex, new content) in order.
    edits: Vec<(Coord, Option<Piece>)>,
    king_move: bool,
}

/// (from, to, promotion, castling index).
type Id = (Hex, Hex, Option<Role>, Option<usize>);

struct Oracle<'a> {
    pos: &'a Position,
    board: Board,
    us: Color,
    out: Vec<Candidate>,
}

impl Oracle<'_> {
    fn push(
        &mut self,
        from: Coord,
        to: Coord,
        promotion: Option<Role>,
        castling: Option<usize>,
        edits: Vec<(Coord, Option<Piece>)>,
    ) {
        let king_move = self.board.get(from).map(|p| p.role) == Some(Role::King);
        self.out.push(Candidate {
            id: (hex(from), hex(to), promotion, castling),
            edits,
            king_move,
        });
    }

    /// An ordinary move of the piece on `from` to `to` (capturing whatever
    /// stands there), with the promotion choices of §3.7.6 for pawns.
    fn simple(&mut self, from: Coord, to: Coord, removed: Option<Coord>) {
        let p = self.board.get(from).unwrap();
        let mut edits = vec![(from, None)];
        if let Some(r) = removed {
            edits.push((r, None));
        }
        if p.role == Role::Pawn && is_promotion_hex(self.us, to) {
            let mut after = self.board.clone();
            after.set(from, None);
            let kinds = after.regainable(self.us, to);
            if !kinds.is_empty() {
                for r in kinds {
                    let mut e = edits.clone();
                    e.push((to, Some(Piece::new(self.us, r))));
                    self.push(from, to, Some(r), None, e);
                }
                return;
            }
        }
        edits.push((to, Some(p)));
        self.push(from, to, None, None, edits);
    }

    /// Empty, or an enemy piece other than the King (§3.1).
    fn may_land(&self, t: Coord) -> bool {
        on_board(t)
            && self
                .board
                .get(t)
                .is_none_or(|q| q.color != self.us && q.role != Role::King)
    }
    fn empty(&self, t: Coord) -> bool {
        on_board(t) && self.board.get(t).is_none()
    }

    fn piece_moves(&mut self, h: Coord, p: Piece) {
        let f = fwd(self.us);
        let slides = |o: &mut Self, dirs: &[Coord]| {
            for &d in dirs {
                let mut t = add(h, d);
                while on_board(t) {
                    if o.may_land(t) {
                        o.simple(h, t, None);
                    }
                    if o.board.get(t).is_some() {
                        break;
                    }
                    t = add(t, d);
                }
            }
        };
        let jumps = |o: &mut Self| {
            for &d in &JUMPS {
                let t = add(h, d);
                if o.may_land(t) {
                    o.simple(h, t, None);
                }
            }
        };
        match p.role {
            Role::King => {
                for &d in ORTHOGONAL.iter().chain(&DIAGONAL) {
                    let t = add(h, d);
                    if self.may_land(t) {
                        self.simple(h, t, None);
                    }
                }
            }
            Role::Queen => {
                slides(self, &ORTHOGONAL);
                slides(self, &DIAGONAL);
            }
            Role::Rook => slides(self, &ORTHOGONAL),
            Role::Bishop => slides(self, &DIAGONAL),
            Role::Wyvern => {
                slides(self, &ORTHOGONAL);
                jumps(self);
            }
            Role::Pegasus => {
                slides(self, &DIAGONAL);
                jumps(self);
            }
            Role::Knight => {
                jumps(self);
                for &d in &JUMPS {
                    let mid = add(h, d);
                    let t = add(mid, d);
                    if self.empty(mid) && self.empty(t) {
                        self.simple(h, t, None);
                    }
                }
            }
            Role::Elephant => {
                let one = add(h, (0, 2 * f));
                if self.may_land(one) {
                    self.simple(h, one, None);
                }
                if self.empty(one) && self.may_land(add(h, (0, 4 * f))) {
                    self.simple(h, add(h, (0, 4 * f)), None);
                }
                for d in [(1, 3 * f), (-1, 3 * f), (1, -3 * f), (-1, -3 * f)] {
                    if self.may_land(add(h, d)) {
                        self.simple(h, add(h, d), None);
                    }
                }
            }
            Role::Pawn => {
                let s1 = add(h, (0, 2 * f));
                let s2 = add(h, (0, 4 * f));
                let s3 = add(h, (0, 6 * f));
                if self.empty(s1) {
                    self.simple(h, s1, None);
                    if self.empty(s2) {
                        self.simple(h, s2, None);
                        let triple = TRIPLE_WHITE.iter().any(|&t| mirror_if(self.us, t) == h);
                        if triple && self.empty(s3) {
                            self.simple(h, s3, None);
                        }
                    }
                }
                for dc in [1, -1] {
                    let t = add(h, (dc, f));
                    if self.empty(t) {
                        self.simple(h, t, None);
                    }
                    let t = add(h, (dc, 3 * f));
                    if on_board(t) && self.board.get(t).is_some() && self.may_land(t) {
                        self.simple(h, t, None);
                    }
                }
            }
        }
    }

    fn special_captures(&mut self) {
        let us = self.us;
        let f = fwd(us);
        match self.pos.special_capture() {
            SpecialCapture::None => {}
            // §3.7.4: the crossed hexes behind the stepped piece.
            SpecialCapture::EnPassant { pawn, steps } => {
                let victim = coord(pawn);
                if self.board.get(victim).is_none_or(|p| p.color == us) {
                    return;
                }
                for k in 1..steps as i32 {
                    let target = add(victim, (0, 2 * f * k));
                    if !self.empty(target) {
                        continue;
                    }
                    for dc in [1, -1] {
                        let from = add(target, (dc, -3 * f));
                        if on_board(from)
                            && self.board.get(from) == Some(Piece::new(us, Role::Pawn))
                        {
                            self.simple(from, target, Some(victim));
                        }
                    }
                }
            }
            // §3.7.5: the scorned pawn takes orthogonally.
            SpecialCapture::Scornful { capturer, pawn } => {
                let (from, to) = (coord(capturer), coord(pawn));
                if self.board.get(from) == Some(Piece::new(us, Role::Pawn))
                    && self.board.get(to).is_some()
                    && self.may_land(to)
                {
                    self.simple(from, to, None);
                }
            }
        }
    }

    /// §4.2–§4.6, before the "not attacked after the move" filter.
    fn king_gaits(&mut self) {
        let us = self.us;
        let them = !us;
        let rights = self.pos.castling_rights(us);
        let home = king_home(us);
        if !rights.king()
            || self.board.get(home) != Some(Piece::new(us, Role::King))
            || self.board.attacked(home, them)
        {
            return;
        }
        for t in leap_hexes(us) {
            if self.board.attacked(t, them) {
                continue;
            }
            match self.board.get(t) {
                None => self.simple(home, t, None),
                Some(_) if self.pos.castling_allowed() && self.may_land(t) => {
                    self.simple(home, t, None)
                }
                Some(_) => {}
            }
        }
        if !self.pos.castling_allowed() {
            return;
        }
        for c in Castling::ALL {
            let needs = match c.rooks() {
                CastlingRooks::KingRook => rights.king_rook(),
                CastlingRooks::QueenRook => rights.queen_rook(),
                CastlingRooks::Both => rights.king_rook() && rights.queen_rook(),
            };
            let king_to = coord(c.king_to(us));
            if !needs || !self.empty(king_to) || self.board.attacked(king_to, them) {
                continue;
            }
            let mut edits = vec![(home, None)];
            let mut placed = vec![(king_to, Some(Piece::new(us, Role::King)))];
            let mut ok = true;
            for (rf, rt) in c.rook_moves(us) {
                let (rf, rt) = (coord(rf), coord(rt));
                assert!(rf == queen_rook_home(us) || rf == king_rook_home(us));
                ok &= self.board.get(rf) == Some(Piece::new(us, Role::Rook))
                    && self.rook_path_empty(rf, rt);
                edits.push((rf, None));
                placed.push((rt, Some(Piece::new(us, Role::Rook))));
            }
            if ok {
                edits.extend(placed);
                self.push(home, king_to, None, Some(c.index()), edits);
            }
        }
    }

    /// The rook's orthogonal path to `to`, destination included, is empty.
    fn rook_path_empty(&self, from: Coord, to: Coord) -> bool {
        for d in ORTHOGONAL {
            let mut t = add(from, d);
            let mut path = Vec::new();
            while on_board(t) {
                path.push(t);
                if t == to {
                    return path.iter().all(|&h| self.board.get(h).is_none());
                }
                t = add(t, d);
            }
        }
        panic!("castling rook destination not on an orthogonal ray");
    }
}

/// The oracle's legal moves, each with the board after it.
fn oracle_moves(pos: &Position) -> Vec<(Id, Board)> {
    let board = Board::from_position(pos);
    let us = pos.turn();
    let them = !us;
    let in_check = board.attacked(board.king(us), them);
    let mut o = Oracle {
        pos,
        board: board.clone(),
        us,
        out: Vec::new(),
    };

    // §3.7.8: forced in-place promotions.
    if !in_check {
        let mut forced = Vec::new();
        for (h, p) in board.pieces() {
            if p == Piece::new(us, Role::Pawn) && is_promotion_hex(us, h) {
                for r in board.regainable(us, h) {
                    let mut after = board.clone();
                    after.set(h, Some(Piece::new(us, r)));
                    forced.push(((hex(h), hex(h), Some(r), None), after));
                }
            }
        }
        if !forced.is_empty() {
            return forced;
        }
    }

    let own: Vec<(Coord, Piece)> = board.pieces().filter(|(_, p)| p.color == us).collect();
    for (h, p) in own {
        o.piece_moves(h, p);
    }
    o.special_captures();
    o.king_gaits();

    // §5.2: the unmoved enemy King's leap hexes are closed to our King.
    let enemy_unmoved = pos.castling_rights(them).king();
    let closed = if enemy_unmoved {
        leap_hexes(them)
    } else {
        Vec::new()
    };
    let mut out = Vec::new();
    for c in o.out {
        let mut after = board.clone();
        for &(h, p) in &c.edits {
            after.set(h, p);
        }
        if c.king_move && closed.contains(&coord(c.id.1)) {
            continue;
        }
        if after.attacked(after.king(us), them) {
            continue;
        }
        out.push((c.id, after));
    }
    out
}

fn id_of(m: &Move) -> Id {
    (
        m.from(),
        m.to(),
        m.promotion(),
        m.castling().map(|c| c.index()),
    )
}

/// How often the rare kinds of move were met (so that a test can show it
/// exercised them): en passant, scornful capture, castling, leap, forced
/// promotion, promotion, positions in check.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    en_passant: usize,
    scornful: usize,
    castling: usize,
    leap: usize,
    forced: usize,
    promotion: usize,
    check: usize,
}

/// Checks one position; returns the legal moves.
fn check(pos: &Position, seen: &mut Seen) -> Vec<Move> {
    let fast: Vec<Move> = pos.legal_moves().to_vec();
    let fast_ids: BTreeSet<Id> = fast.iter().map(id_of).collect();
    assert_eq!(
        fast_ids.len(),
        fast.len(),
        "duplicate moves in {}",
        pos.to_pdtl()
    );
    let oracle = oracle_moves(pos);
    let oracle_ids: BTreeSet<Id> = oracle.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        oracle_ids.len(),
        oracle.len(),
        "oracle duplicates in {}",
        pos.to_pdtl()
    );
    if fast_ids != oracle_ids {
        let show = |s: &BTreeSet<Id>| -> Vec<String> {
            s.iter()
                .map(|(f, t, p, c)| format!("{f}-{t} {p:?} {c:?}"))
                .collect()
        };
        panic!(
            "{}\n  fast only:   {:?}\n  oracle only: {:?}",
            pos.to_pdtl(),
            show(&fast_ids.difference(&oracle_ids).copied().collect()),
            show(&oracle_ids.difference(&fast_ids).copied().collect())
        );
    }
    assert_eq!(
        pos.count_legal_moves(),
        fast.len(),
        "count vs list in {}",
        pos.to_pdtl()
    );
    seen.positions += 1;
    seen.check += pos.is_check() as usize;
    for m in &fast {
        match m.kind() {
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::ScornfulCapture => seen.scornful += 1,
            MoveKind::Castling(_) => seen.castling += 1,
            MoveKind::KingLeap => seen.leap += 1,
            MoveKind::ForcedPromotion => seen.forced += 1,
            _ => seen.promotion += m.promotion().is_some() as usize,
        }
    }
    for m in &fast {
        let after = pos.after(*m);
        let (_, want) = oracle.iter().find(|(id, _)| *id == id_of(m)).unwrap();
        assert!(
            Board::from_position(&after) == *want,
            "placement after {} in {}",
            m.long(),
            pos.to_pdtl()
        );
    }
    fast
}

// ----- random positions -----------------------------------------------------

/// SplitMix64: small, seeded, reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// PDTL placement text of a set of pieces (NOTATION.md §5).
fn pdtl(pieces: &[(Coord, Piece)], turn: Color, rights: &str) -> String {
    let mut out = String::from("/");
    for l in (0..=28).rev() {
        let mut text = String::new();
        let mut gap = 0;
        let mut any = false;
        for c in 0..=14 {
            if !on_board((c, l)) {
                continue;
            }
            match pieces.iter().find(|(h, _)| *h == (c, l)) {
                Some((_, p)) => {
                    if gap > 0 {
                        text += &gap.to_string();
                    }
                    gap = 0;
                    text.push(p.char());
                    any = true;
                }
                None => gap += 1,
            }
        }
        if any {
            out += &format!("{l}:{text}/");
        }
    }
    format!(
        "{out} {} {rights} - 0 1",
        if turn == Color::White { 'w' } else { 'b' }
    )
}

fn random_hex(rng: &mut Rng, taken: &[(Coord, Piece)]) -> Coord {
    loop {
        let h = (rng.below(15) as i32, rng.below(29) as i32);
        if on_board(h) && !taken.iter().any(|(t, _)| *t == h) {
            return h;
        }
    }
}

/// A random set-up position in which the King rules, promotions and the
/// special pawn captures are likely to matter.
fn random_setup(rng: &mut Rng) -> Option<Position> {
    let mut pieces: Vec<(Coord, Piece)> = Vec::new();
    let mut rights = String::new();
    for color in Color::ALL {
        let mut side = String::new();
        let unmoved = rng.chance(60);
        let king = if unmoved {
            king_home(color)
        } else if rng.chance(30) {
            // On (or next to) the other King's leap hexes.
            let l = leap_hexes(!color)[rng.below(5)];
            if pieces.iter().any(|(h, _)| *h == l) {
                random_hex(rng, &pieces)
            } else {
                l
            }
        } else {
            random_hex(rng, &pieces)
        };
        pieces.push((king, Piece::new(color, Role::King)));
        let mut queen_rook = false;
        let mut king_rook = false;
        if unmoved {
            for (home, flag) in [
                (queen_rook_home(color), &mut queen_rook),
                (king_rook_home(color), &mut king_rook),
            ] {
                if rng.chance(75) && !pieces.iter().any(|(h, _)| *h == home) {
                    pieces.push((home, Piece::new(color, Role::Rook)));
                    *flag = rng.chance(85);
                }
            }
        }
        if unmoved {
            if queen_rook {
                side.push('R');
            }
            side.push('K');
            if king_rook {
                side.push('R');
            }
        } else {
            side.push('-');
        }
        rights += &if color == Color::White {
            side
        } else {
            side.to_lowercase()
        };
    }
    let extra = 2 + rng.below(10);
    for _ in 0..extra {
        let color = if rng.chance(50) {
            Color::White
        } else {
            Color::Black
        };
        let role = [
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Pawn,
            Role::Elephant,
            Role::Bishop,
            Role::Knight,
            Role::Pegasus,
            Role::Rook,
            Role::Wyvern,
            Role::Queen,
        ][rng.below(11)];
        let mut h = random_hex(rng, &pieces);
        if role == Role::Pawn && rng.chance(50) {
            // Near its promotion edge, on it, or facing an enemy pawn.
            let c = rng.below(15) as i32;
            let edge = if color == Color::White {
                28 - (c - 7).abs()
            } else {
                (c - 7).abs()
            };
            let back = [0, 1, 2, 3, 4][rng.below(5)];
            let cand = (c, edge - fwd(color) * back);
            if on_board(cand) && !pieces.iter().any(|(t, _)| *t == cand) {
                h = cand;
            }
        }
        pieces.push((h, Piece::new(color, role)));
        if role == Role::Pawn && rng.chance(40) {
            let facing = add(h, (0, 2 * fwd(color)));
            if on_board(facing) && !pieces.iter().any(|(t, _)| *t == facing) {
                pieces.push((facing, Piece::new(!color, Role::Pawn)));
            }
        }
    }
    // Whatever the PDTL reader rejects (a side not to move in check, …) is
    // skipped by the caller.
    let turn = if rng.chance(50) {
        Color::White
    } else {
        Color::Black
    };
    let text = pdtl(&pieces, turn, &rights);
    let mut pos: Position = text.parse().ok()?;
    if rng.chance(10) {
        pos.set_castling_allowed(false);
    }
    Some(pos)
}

/// Plays up to `plies` random legal moves from `start`, checking every
/// position.
fn playout(rng: &mut Rng, start: Position, plies: usize, seen: &mut Seen) {
    let mut pos = start;
    for _ in 0..=plies {
        let moves = check(&pos, seen);
        if moves.is_empty() {
            break;
        }
        // Prefer the rare kinds so that they are met often.
        let special: Vec<&Move> = moves
            .iter()
            .filter(|m| {
                m.is_capture()
                    || m.promotion().is_some()
                    || m.role() == Role::Pawn
                    || m.role() == Role::King
            })
            .collect();
        let m = if !special.is_empty() && rng.chance(50) {
            *special[rng.below(special.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos.play_unchecked(m);
    }
}

#[test]
fn fast_generator_matches_the_oracle_from_the_initial_position() {
    let mut rng = Rng(0x5eed_0001);
    let mut seen = Seen::default();
    for _ in 0..50 {
        playout(&mut rng, Position::default(), 120, &mut seen);
    }
    assert!(
        seen.positions > 5_000 && seen.en_passant > 0 && seen.scornful > 0 && seen.castling > 0,
        "{seen:?}"
    );
}

#[test]
fn fast_generator_matches_the_oracle_on_golden_positions() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/random-dev.jsonl"
    ))
    .unwrap();
    let mut rng = Rng(0x5eed_0002);
    let mut seen = Seen::default();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let pos: Position = v["pdtl"].as_str().unwrap().parse().unwrap();
        playout(&mut rng, pos, 6, &mut seen);
    }
    assert!(
        seen.positions > 5_000 && seen.en_passant > 0 && seen.promotion > 0,
        "{seen:?}"
    );
}

#[test]
fn fast_generator_matches_the_oracle_on_random_setups() {
    let mut rng = Rng(0x5eed_0003);
    let mut seen = Seen::default();
    let mut setups = 0;
    while setups < 600 {
        let Some(pos) = random_setup(&mut rng) else {
            continue;
        };
        setups += 1;
        playout(&mut rng, pos, 30, &mut seen);
    }
    eprintln!("random set-ups: {seen:?}");
    assert!(seen.positions > 10_000, "{seen:?}");
    assert!(
        seen.castling > 100 && seen.leap > 100 && seen.promotion > 100 && seen.forced > 10,
        "{seen:?}"
    );
    assert!(
        seen.en_passant > 0 && seen.scornful > 10 && seen.check > 500,
        "{seen:?}"
    );
}
