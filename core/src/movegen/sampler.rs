//! The random-move sampler: draws one legal move uniformly while
//! generating as few pieces as it can ([`MoveGroups`], the move choice of
//! random play).

use std::sync::LazyLock;

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::gaits::{Castling, CastlingRooks, LEAP_HEXES, LEAP_ZONE};
use crate::geometry::{Hex, HEX_COUNT};
use crate::moves::{Move, MoveKind, MoveList, MAX_MOVES};
use crate::piece::{Color, Role};
use crate::position::Position;

use super::sink::{Moves, Sink};
use super::tables::{piece_targets, PAWN_CAPTURES, PAWN_OBLIQUES, PAWN_PUSHES, PROMOTION_ZONE};

/// Some legal moves, as the generator found them.
#[derive(Clone, Copy)]
enum Group {
    One(Move),
    /// The `n` moves of the piece on `from` to each hex of `to`.
    Set {
        from: Hex,
        role: Role,
        to: Bitboard,
        n: u8,
    },
    /// The `n` moves of the pawn on `from` held to `allowed`.
    Pawn {
        from: Hex,
        allowed: Bitboard,
        n: u8,
    },
    /// The moves of the piece on `from` held to `allowed`, not generated
    /// yet: at most `n` ([`MOVE_BOUNDS`]).
    Unknown {
        from: Hex,
        role: Role,
        allowed: Bitboard,
        n: u8,
    },
}

impl Group {
    /// The number of moves of the group (an upper bound for `Unknown`).
    #[inline(always)]
    fn weight(&self) -> usize {
        match *self {
            Group::One(_) => 1,
            Group::Set { n, .. } | Group::Pawn { n, .. } | Group::Unknown { n, .. } => {
                usize::from(n)
            }
        }
    }

    /// The group's `k`-th move (`k < weight()`, not `Unknown`) in `pos`.
    fn get(&self, pos: &Position, k: usize) -> Move {
        match *self {
            Group::One(m) => m,
            Group::Set { from, role, to, .. } => {
                let t = to.into_iter().nth(k).expect("k < the size of the set");
                Move::new(
                    from,
                    t,
                    role,
                    pos.piece_at(t).map(|p| p.role),
                    MoveKind::Normal,
                )
            }
            Group::Pawn { from, allowed, .. } => {
                let mut list = MoveList::new();
                pos.gen_pawn(
                    from,
                    pos.turn,
                    &mut Sink {
                        list: &mut list,
                        allowed,
                    },
                );
                list[k]
            }
            Group::Unknown { .. } => {
                unreachable!("an unknown group is generated before it is read")
            }
        }
    }

    #[inline(always)]
    fn set(from: Hex, role: Role, to: Bitboard) -> Group {
        // At most 72 targets: a Queen's rays from the centre.
        Group::Set {
            from,
            role,
            to,
            n: to.count() as u8,
        }
    }

    #[inline(always)]
    fn pawn(pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) -> Group {
        // At most 3 steps + 2 obliques + 2 captures, times the few
        // promotion choices: far below 256.
        Group::Pawn {
            from,
            allowed,
            n: pos.count_pawn(from, pos.turn, occupied, allowed) as u8,
        }
    }
}

/// `CASTLINGS_TO[colour][i][rights]`: the castlings whose King lands on
/// leap hex `i` ([`LEAP_HEXES`]) and whose rooks have their rights
/// (`rights`: bit 0 the king's rook, bit 1 the queen's rook).
static CASTLINGS_TO: LazyLock<[[[u8; 4]; 5]; 2]> = LazyLock::new(|| {
    let mut out = [[[0; 4]; 5]; 2];
    for color in Color::ALL {
        for c in Castling::ALL {
            let i = LEAP_HEXES[color.index()]
                .iter()
                .position(|&t| t == c.king_to(color))
                .expect("a castling's King lands on a leap hex");
            for (r, n) in out[color.index()][i].iter_mut().enumerate() {
                let (king_rook, queen_rook) = (r & 1 != 0, r & 2 != 0);
                let ok = match c.rooks() {
                    CastlingRooks::KingRook => king_rook,
                    CastlingRooks::QueenRook => queen_rook,
                    CastlingRooks::Both => king_rook && queen_rook,
                };
                *n += u8::from(ok);
            }
        }
    }
    out
});

/// Upper bounds on the number of moves of the pieces of one colour.
/// [`MoveGroups::choose`] draws against these and generates only the pieces
/// it draws.
struct MoveBounds {
    /// `piece[role][hex]`: the targets of the piece on an empty board, each
    /// promotion hex of a pawn counted for the six promotion choices.
    piece: [[u8; HEX_COUNT]; 8],
    /// `role[role]`: the largest `piece[role][hex]` (for pawns, off
    /// `near_promotion`), so that a role's pieces are bounded by a count.
    role: [u16; 8],
    /// The hexes from which a pawn may promote with its next move, and
    /// the largest bound of a pawn there.
    near_promotion: Bitboard,
    near_max: u16,
}

impl MoveBounds {
    /// A bound on the moves of the `role` pieces on `pieces`: more work
    /// saved, a looser bound than the sum of `piece`.
    #[inline(always)]
    fn of_role(&self, role: Role, pieces: Bitboard) -> usize {
        let r = role.index();
        if role == Role::Pawn {
            let near = (pieces & self.near_promotion).count() as usize;
            (pieces.count() as usize - near) * usize::from(self.role[r])
                + near * usize::from(self.near_max)
        } else {
            pieces.count_few() as usize * usize::from(self.role[r])
        }
    }
}

static MOVE_BOUNDS: LazyLock<[MoveBounds; 2]> = LazyLock::new(|| {
    Color::ALL.map(|us| {
        let c = us.index();
        let mut b = MoveBounds {
            piece: [[0; HEX_COUNT]; 8],
            role: [0; 8],
            near_promotion: Bitboard::EMPTY,
            near_max: 0,
        };
        let byte = |n: u32| u8::try_from(n).expect("fewer than 256 moves per piece");
        for from in Hex::all() {
            let i = from.index();
            let reach = PAWN_PUSHES[c][i] | PAWN_OBLIQUES[c][i] | PAWN_CAPTURES[c][i];
            let promotions = (reach & PROMOTION_ZONE[c]).count();
            let n = byte(reach.count() + promotions * (Role::REGAINABLE.len() as u32 - 1));
            b.piece[Role::Pawn.index()][i] = n;
            if promotions > 0 {
                b.near_promotion.insert(from);
                b.near_max = b.near_max.max(n.into());
            } else {
                b.role[Role::Pawn.index()] = b.role[Role::Pawn.index()].max(n.into());
            }
            for role in Role::ALL
                .into_iter()
                .filter(|&r| r != Role::Pawn && r != Role::King)
            {
                let n = byte(piece_targets(from, role, us, Bitboard::EMPTY).count());
                b.piece[role.index()][i] = n;
                b.role[role.index()] = b.role[role.index()].max(n.into());
            }
        }
        b
    })
});

/// The legal moves of a position as far as random play needs them, so that
/// one move is drawn uniformly without generating the others. Rejection
/// sampling over a superset of the moves:
///
/// - the pieces of each role but the King stand for a bound of their moves
///   (`MoveBounds::of_role`) until a draw lands on them; then each piece
///   stands for its own bound until a draw lands on it; then its moves are
///   generated and the bound becomes their number;
/// - the King's steps are unchecked candidates until one is drawn; then it
///   is tested for attacks (the costliest test a step needs);
/// - the King's Leaps and castlings stand for a bound
///   (`Position::king_gait_bound`) until a draw lands on them;
/// - pinned pieces stand for their own bound from the start; the rest (en
///   passant and scornful captures, forced promotions) are listed.
///
/// A draw that lands on a slot that turns out to be no legal move is
/// repeated. Each draw is uniform over the remaining slots, every legal
/// move keeps its one slot, so the move drawn is uniform over the legal
/// moves. Random play generates a few pieces a ply instead of all of them.
///
/// Filled by [`Position::legal_move_groups_into`], read once by
/// [`MoveGroups::choose`]; one value serves a whole game as scratch space.
///
/// ```
/// use cescacs::random::SplitMix64;
/// use cescacs::{MoveGroups, Position};
///
/// let pos = Position::default();
/// let (mut groups, mut rng) = (MoveGroups::new(), SplitMix64::new(7));
/// pos.legal_move_groups_into(&mut groups);
/// let m = groups.choose(&pos, |n| rng.below(n)).expect("the initial position has moves");
/// assert!(pos.legal_moves().contains(&m));
/// ```
pub struct MoveGroups {
    /// Per role: its free (unpinned) pieces whose moves are not generated
    /// yet, their weight (a bound of their moves: [`MoveBounds::of_role`]
    /// until `role_split`, then the sum of each piece's bound), the sum of
    /// those weights, and where the pieces may move.
    role_pieces: [Bitboard; 8],
    role_weights: [u16; 8],
    role_split: [bool; 8],
    roles_weight: usize,
    allowed: Bitboard,
    groups: ArrayVec<Group, MAX_MOVES>,
    /// The groups' weights, apart for a quick scan.
    weights: ArrayVec<u8, MAX_MOVES>,
    /// The sum of the groups' weights.
    weight: usize,
    /// [`MOVE_BOUNDS`] of the side to move.
    bounds: &'static MoveBounds,
    /// The King's Leaps and castlings once generated (`gaits_known`), and
    /// their weight: their number, or a bound
    /// ([`Position::king_gait_bound`]) before.
    gaits: MoveList,
    gaits_known: bool,
    gaits_weight: usize,
    king: Hex,
    /// The King's step destinations not yet tested for attacks, and their
    /// number.
    king_steps: Bitboard,
    king_step_count: usize,
}

impl Default for MoveGroups {
    fn default() -> MoveGroups {
        MoveGroups::new()
    }
}

impl MoveGroups {
    /// Empty groups, to be filled by [`Position::legal_move_groups_into`].
    pub fn new() -> MoveGroups {
        MoveGroups {
            role_pieces: [Bitboard::EMPTY; 8],
            role_weights: [0; 8],
            role_split: [false; 8],
            roles_weight: 0,
            allowed: Bitboard::EMPTY,
            groups: ArrayVec::new(),
            weights: ArrayVec::new(),
            weight: 0,
            bounds: &MOVE_BOUNDS[0],
            gaits: MoveList::new(),
            gaits_known: true,
            gaits_weight: 0,
            king: Hex::from_u8(0),
            king_steps: Bitboard::EMPTY,
            king_step_count: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, g: Group) {
        let w = g.weight();
        if w > 0 {
            self.weight += w;
            self.groups.push(g);
            self.weights.push(w as u8);
        }
    }

    /// A uniformly random legal move of `pos` (the position these groups
    /// were generated for), or `None` if it has none; `below(n)` draws a
    /// uniform index under `n`. Each groups value answers one draw: fill
    /// it again before the next.
    pub fn choose(
        &mut self,
        pos: &Position,
        mut below: impl FnMut(usize) -> usize,
    ) -> Option<Move> {
        loop {
            let n = self.roles_weight + self.weight + self.gaits_weight + self.king_step_count;
            if n == 0 {
                return None;
            }
            let mut k = below(n);
            let i = if k < self.roles_weight {
                let r =
                    find_slot(&self.role_weights, &mut k).expect("k < the sum of the role weights");
                if !self.role_split[r] {
                    // The block's first slots become its pieces' bounds, in
                    // order; the rest are no move.
                    self.split_role(r);
                    if k >= usize::from(self.role_weights[r]) {
                        continue;
                    }
                }
                // Slot k of the block: the piece, then its moves.
                let (from, bound) = self.role_pieces[r]
                    .map(|h| (h, usize::from(self.bounds.piece[r][h.index()])))
                    .find(|&(_, b)| {
                        k < b || {
                            k -= b;
                            false
                        }
                    })
                    .expect("k < the block's weight");
                self.role_pieces[r].remove(from);
                self.role_weights[r] -= bound as u16;
                self.roles_weight -= bound;
                let g = pos.piece_group(from, Role::ALL[r], self.allowed);
                debug_assert!(
                    g.weight() <= bound,
                    "{:?} on {from}: the bound holds",
                    Role::ALL[r]
                );
                if k >= g.weight() {
                    self.push(g);
                    continue;
                }
                self.push(g);
                self.groups.len() - 1
            } else {
                k -= self.roles_weight;
                if k >= self.weight + self.gaits_weight {
                    let t = self
                        .king_steps
                        .into_iter()
                        .nth(k - self.weight - self.gaits_weight)
                        .expect("k < n");
                    self.king_steps.remove(t);
                    self.king_step_count -= 1;
                    if let Some(m) = pos.king_step(self.king, t) {
                        return Some(m);
                    }
                    continue;
                }
                if k >= self.weight {
                    // The Leaps and castlings: generated when first drawn.
                    k -= self.weight;
                    if !self.gaits_known {
                        self.gaits_known_now(pos);
                        if k >= self.gaits_weight {
                            continue;
                        }
                    }
                    return Some(self.gaits[k]);
                }
                let i = find_slot(&self.weights, &mut k).expect("k < the sum of the weights");
                if let Group::Unknown {
                    from,
                    role,
                    allowed,
                    n,
                } = self.groups[i]
                {
                    let g = pos.piece_group(from, role, allowed);
                    debug_assert!(
                        g.weight() <= usize::from(n),
                        "{role:?} on {from}: the bound holds"
                    );
                    self.weight = self.weight - usize::from(n) + g.weight();
                    self.weights[i] = g.weight() as u8;
                    self.groups[i] = g;
                    if k >= g.weight() {
                        continue;
                    }
                }
                i
            };
            return Some(self.groups[i].get(pos, k));
        }
    }

    /// Generates the King's Leaps and castlings in place of their bound.
    fn gaits_known_now(&mut self, pos: &Position) {
        self.gaits.clear();
        let safe = pos.safe_leap_hexes();
        pos.gen_leaps(safe, |m| self.gaits.push(m));
        pos.gen_castlings(safe, |m| self.gaits.push(m));
        debug_assert!(
            self.gaits.len() <= self.gaits_weight,
            "the bound of the King's gaits holds"
        );
        self.gaits_weight = self.gaits.len();
        self.gaits_known = true;
    }

    /// Replaces the bound of the role `r`'s pieces with the sum of each
    /// piece's bound (at most the role's bound).
    fn split_role(&mut self, r: usize) {
        let sum: usize = self.role_pieces[r]
            .map(|h| usize::from(self.bounds.piece[r][h.index()]))
            .sum();
        debug_assert!(
            sum <= usize::from(self.role_weights[r]),
            "the role's bound holds"
        );
        self.roles_weight = self.roles_weight - usize::from(self.role_weights[r]) + sum;
        self.role_weights[r] = sum as u16;
        self.role_split[r] = true;
    }

    /// Every legal move, each piece generated (for tests).
    #[cfg(test)]
    fn all(&mut self, pos: &Position) -> Vec<Move> {
        for r in 0..8 {
            for from in std::mem::take(&mut self.role_pieces[r]) {
                self.push(pos.piece_group(from, Role::ALL[r], self.allowed));
            }
        }
        let mut out = Vec::new();
        for g in &mut self.groups {
            if let Group::Unknown {
                from,
                role,
                allowed,
                ..
            } = *g
            {
                *g = pos.piece_group(from, role, allowed);
            }
            out.extend((0..g.weight()).map(|k| g.get(pos, k)));
        }
        if !self.gaits_known {
            self.gaits_known_now(pos);
        }
        out.extend(self.gaits.iter().copied());
        out.extend(
            self.king_steps
                .into_iter()
                .filter_map(|t| pos.king_step(self.king, t)),
        );
        out
    }
}

impl Position {
    /// The moves of the side to move's `role` on `from` held to `allowed`,
    /// as [`Position::gen_piece`] generates them.
    fn piece_group(&self, from: Hex, role: Role, allowed: Bitboard) -> Group {
        let own = self.by_color[self.turn.index()];
        let occupied = own | self.by_color[(!self.turn).index()];
        let mut piece = PieceGroup(Group::Set {
            from,
            role,
            to: Bitboard::EMPTY,
            n: 0,
        });
        self.gen_piece(from, role, own, occupied, allowed, &mut piece);
        piece.0
    }
}

impl Moves for MoveGroups {
    #[inline(always)]
    fn add(&mut self, m: Move) {
        self.push(Group::One(m));
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, from: Hex, role: Role, to: Bitboard) {
        self.push(Group::set(from, role, to));
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.push(Group::pawn(pos, from, occupied, allowed));
    }
    #[inline(always)]
    fn add_piece(
        &mut self,
        _: &Position,
        from: Hex,
        role: Role,
        _: Bitboard,
        _: Bitboard,
        allowed: Bitboard,
    ) {
        if !allowed.is_empty() {
            let n = self.bounds.piece[role.index()][from.index()];
            self.push(Group::Unknown {
                from,
                role,
                allowed,
                n,
            });
        }
    }
    #[inline(always)]
    fn add_pieces(
        &mut self,
        _: &Position,
        role: Role,
        pieces: Bitboard,
        _: Bitboard,
        _: Bitboard,
        allowed: Bitboard,
    ) {
        if !allowed.is_empty() && !pieces.is_empty() {
            // Every free piece has the same `allowed`: the check mask.
            let w = self.bounds.of_role(role, pieces);
            self.role_pieces[role.index()] = pieces;
            self.role_weights[role.index()] =
                u16::try_from(w).expect("a bound of a few hundred moves");
            self.role_split[role.index()] = false;
            self.roles_weight += w;
            self.allowed = allowed;
        }
    }
    #[inline(always)]
    fn add_king_gaits(&mut self, pos: &Position) {
        self.gaits_weight = pos.king_gait_bound();
        self.gaits_known = self.gaits_weight == 0;
        self.gaits.clear();
    }
    #[inline(always)]
    fn add_king_steps(&mut self, _: &Position, king: Hex, candidates: Bitboard) {
        self.king = king;
        self.king_steps = candidates;
        self.king_step_count = candidates.count() as usize;
    }
}

/// The index of the weight whose slots hold slot `k` of `weights` (laid end
/// to end), and `k` made relative to it; `None` past the last slot.
#[inline(always)]
fn find_slot<W: Copy + Into<usize>>(weights: &[W], k: &mut usize) -> Option<usize> {
    weights.iter().position(|&w| {
        let w = w.into();
        *k < w || {
            *k -= w;
            false
        }
    })
}

/// Catches the one group [`Position::gen_piece`] makes of a piece's moves.
struct PieceGroup(Group);

impl Moves for PieceGroup {
    fn add(&mut self, _: Move) {
        unreachable!("a piece's moves come as a target set or as a pawn's")
    }
    #[inline(always)]
    fn add_set(&mut self, _: &Position, from: Hex, role: Role, to: Bitboard) {
        self.0 = Group::set(from, role, to);
    }
    #[inline(always)]
    fn add_pawn(&mut self, pos: &Position, from: Hex, occupied: Bitboard, allowed: Bitboard) {
        self.0 = Group::pawn(pos, from, occupied, allowed);
    }
}

impl Position {
    /// Replaces `groups` with the legal moves, kept as generated, for
    /// drawing one uniformly ([`MoveGroups::choose`]). Filled in place: the
    /// buffer is large, returning it would copy it.
    pub fn legal_move_groups_into(&self, groups: &mut MoveGroups) {
        groups.role_pieces = [Bitboard::EMPTY; 8];
        groups.role_weights = [0; 8];
        groups.roles_weight = 0;
        groups.groups.clear();
        groups.weights.clear();
        groups.weight = 0;
        groups.bounds = &MOVE_BOUNDS[self.turn.index()];
        groups.king_steps = Bitboard::EMPTY;
        groups.king_step_count = 0;
        groups.gaits.clear();
        groups.gaits_known = true;
        groups.gaits_weight = 0;
        self.generate(groups);
    }

    /// A bound on the King's Leaps and castlings of the side to move (its
    /// King unmoved): the leap hexes [`Position::safe_leap_hexes`] would test
    /// for attacks, plus, while castling is allowed, the castlings whose
    /// rooks have their rights and whose King lands on an empty one of them.
    /// No attack test: random play tests only if a draw lands on these.
    fn king_gait_bound(&self) -> usize {
        let us = self.turn;
        let blocked = self.by_color[us.index()]
            | self.by_role[Role::King.index()]
            | self.forbidden_leap_zone(us);
        let candidates = LEAP_ZONE[us.index()].without(blocked);
        let mut n = candidates.count_few() as usize;
        let rights = self.rights[us.index()];
        if self.castling_allowed && (rights.king_rook() || rights.queen_rook()) {
            let open = candidates.without(self.by_color[(!us).index()]);
            let r = usize::from(rights.king_rook()) | usize::from(rights.queen_rook()) << 1;
            for (i, &t) in LEAP_HEXES[us.index()].iter().enumerate() {
                if open.contains(t) {
                    n += usize::from(CASTLINGS_TO[us.index()][i][r]);
                }
            }
        }
        n
    }
}

/// The positions of the game of `seed`'s random moves from `start`, at
/// most `max_plies` moves, stopped where the rules end it: many varied
/// positions for the tests of the rules.
#[cfg(test)]
pub(crate) fn random_positions(start: &Position, seed: u64, max_plies: usize) -> Vec<Position> {
    use crate::history::History;
    use crate::random::SplitMix64;
    let (mut h, mut groups, mut rng) = (
        History::new(start.clone()),
        MoveGroups::new(),
        SplitMix64::new(seed),
    );
    while h.len() < max_plies && h.draw_before_now().is_none() {
        h.position().legal_move_groups_into(&mut groups);
        let Some(m) = groups.choose(h.position(), |n| rng.below(n)) else {
            break;
        };
        h.push_unchecked(m);
    }
    h.positions().cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::{random_positions, MoveGroups};
    use crate::moves::Move;
    use crate::position::Position;
    use crate::random::SplitMix64;

    /// The groups, generated, hold exactly the legal moves, and `choose`
    /// draws a legal move, or `None` when there is none, in every position of many random games and of set-up
    /// positions with promotions, checks, pins, leaps and castlings.
    #[test]
    fn move_groups_hold_the_legal_moves() {
        use std::collections::HashSet;
        let mut positions: Vec<Position> = Vec::new();
        for seed in 0..60 {
            positions.extend(random_positions(&Position::default(), seed, 300));
        }
        for file in ["probes.jsonl", "castling.jsonl"] {
            let data = std::fs::read_to_string(format!(
                "{}/../tests/data/{file}",
                env!("CARGO_MANIFEST_DIR")
            ))
            .unwrap();
            for line in data.lines().filter(|l| !l.trim().is_empty()) {
                let pdtl = line
                    .split("\"pdtl\":\"")
                    .nth(1)
                    .and_then(|r| r.split('"').next())
                    .expect("a pdtl field");
                positions.push(pdtl.parse().unwrap());
            }
        }
        let mut groups = MoveGroups::new();
        let mut rejected = 0;
        for pos in &positions {
            let moves = pos.legal_moves();
            pos.legal_move_groups_into(&mut groups);
            let slots = groups.roles_weight + groups.weight + groups.king_step_count;
            let all = groups.all(pos);
            let legal: HashSet<Move> = moves.iter().copied().collect();
            assert_eq!(all.len(), moves.len(), "{}", pos.to_pdtl());
            assert_eq!(
                all.into_iter().collect::<HashSet<_>>(),
                legal,
                "{}",
                pos.to_pdtl()
            );
            rejected += slots - moves.len();
            // Always drawing the first or the last slot generates and
            // drops the slots one by one until a legal move comes.
            for last in [false, true] {
                pos.legal_move_groups_into(&mut groups);
                let drawn = groups.choose(pos, |n| if last { n - 1 } else { 0 });
                assert_eq!(drawn.is_some(), !moves.is_empty(), "{}", pos.to_pdtl());
                assert!(
                    drawn.is_none_or(|m| legal.contains(&m)),
                    "{}",
                    pos.to_pdtl()
                );
            }
        }
        assert!(positions.len() > 15_000);
        assert!(
            rejected > 100_000,
            "the rejection path is exercised: {rejected}"
        );
    }

    /// `choose` is uniform over the legal moves, rejected slots and all:
    /// a King with attacked steps, pieces with far fewer moves than their
    /// bounds, a pin, a check, a promotion with its choices, and the 24
    /// castlings and the Leaps of an unmoved King.
    #[test]
    fn choose_is_uniform() {
        for pdtl in [
            "/27:1k/25:r3/13:3K3/3:R2R/ w -- - 0 1",
            "/28:r/26:kr1/24:Ge1ep/23:1p4/22:2p1p2/19:5p2/14:2P4/12:2n4/11:2j5/8:3PP2/5:P2ePP/4:PE1EP/3:1v1R/2:1J1/1:1K/0:V/ w KR- - 0 38",
            "/27:1k/24:2r2/20:4j2/14:3K3/5:5P/ w -- - 1 2",
            "/27:1k/21:1P6/1:1K/ w -- - 0 1",
            "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1",
        ] {
            let pos: Position = pdtl.parse().unwrap();
            let moves = pos.legal_moves();
            let mut groups = MoveGroups::new();
            let mut rng = SplitMix64::new(5);
            let draws = 400 * moves.len();
            let mut seen = std::collections::HashMap::<Move, usize>::new();
            for _ in 0..draws {
                pos.legal_move_groups_into(&mut groups);
                *seen.entry(groups.choose(&pos, |n| rng.below(n)).unwrap()).or_default() += 1;
            }
            assert_eq!(seen.len(), moves.len(), "{pdtl}");
            // 400 expected per move; a fixed seed, and ±30 % is over five
            // standard deviations (20) either way.
            assert!(seen.values().all(|&c| (280..=520).contains(&c)), "{pdtl}: {seen:?}");
        }
    }

    /// `choose` is uniform on positions of random games: a chi-square test
    /// per position (200 draws per legal move), as z-scores. A bias such as
    /// King steps drawn twice as often gives z in the tens.
    #[test]
    fn choose_is_uniform_on_random_positions() {
        let mut positions = Vec::new();
        for seed in 0..40 {
            positions.extend(
                random_positions(&Position::default(), seed, 200)
                    .into_iter()
                    .step_by(37),
            );
        }
        let mut rng = SplitMix64::new(99);
        let mut groups = MoveGroups::new();
        let mut zs = Vec::new();
        for pos in &positions {
            let moves = pos.legal_moves();
            if moves.len() < 2 {
                continue;
            }
            let per = 200;
            let mut seen = std::collections::HashMap::<Move, usize>::new();
            for _ in 0..per * moves.len() {
                pos.legal_move_groups_into(&mut groups);
                *seen
                    .entry(groups.choose(pos, |n| rng.below(n)).unwrap())
                    .or_default() += 1;
            }
            assert_eq!(seen.len(), moves.len(), "{}", pos.to_pdtl());
            let chi: f64 = seen
                .values()
                .map(|&c| (c as f64 - per as f64).powi(2) / per as f64)
                .sum();
            let df = (moves.len() - 1) as f64;
            zs.push((chi - df) / (2.0 * df).sqrt());
        }
        assert!(zs.len() > 200);
        let mean = zs.iter().sum::<f64>() / zs.len() as f64;
        // A fixed seed: these are the values of this run (mean 0.003, the
        // largest |z| 3.5), with room.
        assert!(mean.abs() < 0.3, "mean z {mean}");
        assert!(zs.iter().all(|z| z.abs() < 5.0), "{zs:?}");
    }
}
