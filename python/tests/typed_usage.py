"""A script using the public API, type-checked by ``mypy --strict`` in
test_attacks.py (the stubs must describe what the package really does)."""

from __future__ import annotations

import io
from typing import Any, Dict, List, Optional, Tuple

import cescacs
import cescacs.encode
import cescacs.pgn


def threats(board: cescacs.Board) -> Dict[str, List[str]]:
    """The hexes each side attacks, by name."""
    return {
        c.name: sorted(h.name for h in board.attacked_hexes(c))
        for c in (cescacs.WHITE, cescacs.BLACK)
    }


def main() -> None:
    board = cescacs.Board.empty()
    for hex, piece in [("G1", "K"), ("C3", "R"), ("I3", "R"), ("G27", "k"), ("C25", "r")]:
        board.set_piece_at(hex, piece)
    board.set_castling("RKRrk")
    board.turn = cescacs.WHITE
    status: List[str] = board.status()
    assert board.is_valid() and not status
    moves: List[cescacs.Move] = list(board.legal_moves)
    captures = [m for m in moves if m.is_capture]
    shared = board.generate_legal_moves(cescacs.HexSet(["G1"]), ["H6"])
    pinned: bool = board.is_pinned(cescacs.WHITE, "C3")
    ray: cescacs.HexSet = board.pin(cescacs.WHITE, "C3") & board.attacks("C3")
    mask: int = int(ray)
    first: cescacs.Hex = cescacs.HEXES[0]
    cx, cy = first.center
    corner: Tuple[float, float] = first.corners[0]
    clicked: Optional[cescacs.Hex] = cescacs.Hex.at_point(
        (cx + corner[0]) / 2, (cy + corner[1]) / 2
    )
    assert clicked == first
    counts: List[int] = cescacs.count_legal_moves([board.pdtl()])
    maybe: List[Optional[int]] = cescacs.count_legal_moves(["nonsense"], errors="none")
    games: List[cescacs.Game] = cescacs.pgn.read_games("1. E7-E13\n*\n")
    lenient: Tuple[List[cescacs.Game], List[cescacs.InvalidPgnError]] = cescacs.pgn.read_games(
        "1. E7-E15\n", lenient=True
    )
    split: List[Tuple[str, int]] = board.perft_divide(1)
    print(
        len(moves),
        len(captures),
        len(shared),
        pinned,
        mask > 0,
        first,
        counts,
        maybe,
        len(games),
        len(lenient[1]),
        len(split),
    )
    print(board.result(), len(threats(board)["WHITE"]))
    x = cescacs.encode.planes([board], grid=True)
    index: int = cescacs.encode.move_index(moves[0])
    again: cescacs.Move = cescacs.encode.index_move(board, index)
    names: Tuple[str, ...] = cescacs.encode.PLANE_NAMES
    games = cescacs.random_games(2, max_plies=10, seed=1)
    print(
        x.shape, cescacs.encode.legal_mask(board).sum(), again == moves[0], len(names), len(games)
    )
    batch: cescacs.GameBatch = cescacs.selfplay(3, max_plies=10, seed=1, first=2)
    one: cescacs.Game = batch[0]
    part: cescacs.GameBatch = batch[1:]
    picked: cescacs.GameBatch = batch[[2, -1]]
    kept: cescacs.GameBatch = batch[batch.results != 5]
    samples: Dict[str, Any] = batch.samples(planes=False)
    seed: Optional[int] = batch.seed
    print(
        one.ply(),
        len(part),
        len(picked),
        len(kept),
        sorted(samples),
        seed,
        batch.moves.sum(),
        cescacs.pgn.read_batch(io.StringIO("1. E7-E13\n*\n")).plies,
    )


if __name__ == "__main__":
    main()
