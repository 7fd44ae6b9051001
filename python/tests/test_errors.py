"""Every exception path: type, ValueError ancestry and the message."""

from __future__ import annotations

import pickle

import pytest

import cescacs
from cescacs import (
    Board,
    Hex,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPdtlError,
    Move,
    Piece,
    PieceKind,
)

from conftest import records

INITIAL = cescacs.INITIAL_PDTL


def test_exception_hierarchy() -> None:
    for exc in (InvalidPdtlError, InvalidMoveError, IllegalMoveError):
        assert issubclass(exc, ValueError)
        assert exc.__module__ == "cescacs"
    assert not issubclass(IllegalMoveError, InvalidMoveError)
    e = pickle.loads(pickle.dumps(InvalidPdtlError("x")))
    assert type(e) is InvalidPdtlError and str(e) == "x"


@pytest.mark.parametrize(
    ("pdtl", "message"),
    [
        ("", "empty PDTL"),
        (
            "/27:1k/1:1K/",
            "PDTL has 1 fields; expected 2 to 6 (placement, turn, castling, special capture, halfmove clock, move number)",
        ),
        ("27:1k/1:1K/ w", "placement field \"27:1k/1:1K/\" must start and end with '/'"),
        ("/27:1x/1:1K/ w", "placement record \"27:1x\": unknown piece letter 'x'"),
        ("/27:1k/1:1K/ x", "turn field \"x\": expected 'w' or 'b'"),
        ("/27:1k/1:1K/ w -- - z", "halfmove clock field \"z\": expected a number or '-'"),
        ("/27:1k/1:1K/ w -- - 0 0", "move number field \"0\": expected a number >= 1, '?' or '-'"),
        ("/27:1k/ w", "placement: White has 0 kings; exactly one is required"),
        ("/27:Dk/1:1K/ w", "the side not to move (Black) is in check"),
    ],
)
def test_invalid_pdtl(pdtl: str, message: str) -> None:
    with pytest.raises(InvalidPdtlError) as info:
        Board(pdtl)
    assert str(info.value) == message
    with pytest.raises(InvalidPdtlError) as info:
        cescacs.perft(pdtl, 1)
    assert str(info.value) == message


def test_board_argument_types() -> None:
    with pytest.raises(TypeError):
        Board(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Board().push("E7-E13")  # type: ignore[arg-type]


def test_push_illegal_move() -> None:
    b = Board()
    with pytest.raises(IllegalMoveError) as info:
        b.push(Move("E7", "E17"))
    assert str(info.value) == f"illegal move E7-E17 in position {INITIAL}"
    assert b == Board() and b.move_stack == []
    with pytest.raises(IllegalMoveError) as info:
        b.ctl(Move.from_long("G1-H6+I3-I5"))
    assert str(info.value) == f"illegal move G1-H6+I3-I5 in position {INITIAL}"
    # A move of another position, complete with its kind, is still checked here.
    other = Board("/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1").parse_ctl("KRK-HIO")
    with pytest.raises(IllegalMoveError):
        b.push(other)
    with pytest.raises(IllegalMoveError) as info:
        Move.from_long("E7-E17", b)
    assert str(info.value) == f'move "E7-E17" is not legal in position {INITIAL}'


@pytest.mark.parametrize(
    ("text", "exc", "message"),
    [
        ("", InvalidMoveError, "empty move text"),
        ("Q7-E13", InvalidMoveError, 'move "Q7-E13": invalid hex "Q": unknown column letter'),
        (
            "KRK-XYZ",
            InvalidMoveError,
            'move "KRK-XYZ": unknown castling "KRK-XYZ" (the 24 names are KRK-…, KRD-…, KRR-…)',
        ),
        ("E7-E17", IllegalMoveError, f'move "E7-E17" is not legal in position {INITIAL}'),
        ("NE7-E9", IllegalMoveError, 'move "NE7-E9": no knight of the side to move on E7'),
        ("KRK-HIO", IllegalMoveError, f'move "KRK-HIO" is not legal in position {INITIAL}'),
    ],
)
def test_ctl_errors(text: str, exc: type, message: str) -> None:
    b = Board()
    for call in (b.parse_ctl, b.push_ctl):
        with pytest.raises(exc) as info:
            call(text)
        assert str(info.value) == message
    assert b == Board() and b.ply() == 0


def test_ctl_separator_and_captured_piece_errors() -> None:
    b = Board()
    with pytest.raises(IllegalMoveError) as info:
        b.parse_ctl("NG3×I7")
    assert (
        str(info.value)
        == 'move "NG3×I7": the separator says a capture, but the move is a move without capture'
    )
    # A capture whose text names the wrong captured piece.
    for r in records("games.jsonl"):
        g = Board(r["pdtl"])
        captures = [
            m
            for m in g.legal_moves
            if m.captured is PieceKind.PAWN and m.piece_kind is PieceKind.ROOK
        ]
        if captures:
            m = captures[0]
            break
    text = f"R{m.from_hex}×N{m.to_hex}"
    assert g.parse_ctl(f"R{m.from_hex}×{m.to_hex}") == m
    with pytest.raises(IllegalMoveError) as info:
        g.parse_ctl(text)
    assert str(info.value) == f'move "{text}": the captured piece is a pawn, not a knight'


@pytest.mark.parametrize(
    ("text", "exc", "message"),
    [
        ("", InvalidMoveError, "empty move text"),
        (
            "E7",
            InvalidMoveError,
            "move \"E7\": expected '-' between origin and destination at character 2",
        ),
        (
            "E7-E13=Q",
            InvalidMoveError,
            'move "E7-E13=Q": expected a promotion letter D V R G N J at character 7',
        ),
        ("E7-E17", IllegalMoveError, f'move "E7-E17" is not legal in position {INITIAL}'),
        ("G1-H6+I3-I5", IllegalMoveError, f'move "G1-H6+I3-I5" is not legal in position {INITIAL}'),
    ],
)
def test_long_errors(text: str, exc: type, message: str) -> None:
    b = Board()
    for call in (b.parse_long, b.push_long):
        with pytest.raises(exc) as info:
            call(text)
        assert str(info.value) == message
    assert b.ply() == 0


def test_promotion_required() -> None:
    b = Board("/27:1k/21:1P6/1:1K/ w -- - 0 1")
    with pytest.raises(IllegalMoveError) as info:
        b.parse_long("A21-A23")
    assert (
        str(info.value)
        == 'move "A21-A23": a promotion piece (=D, =V, =R, =G, =N or =J) is required'
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move text"),
        ("E7", "move \"E7\": expected '-' between origin and destination at character 2"),
        ("E7-E7", 'move "E7-E7": origin and destination are the same hex at character 0'),
        ("E7E13", "move \"E7E13\": expected '-' between origin and destination at character 2"),
        ("F15-F17", 'move "F15-F17": invalid hex "F15": not a hex of the board'),
        ("E7-E13=K", 'move "E7-E13=K": expected a promotion letter D V R G N J at character 7'),
        ("A23=", 'move "A23=": expected a promotion letter D V R G N J at character 4'),
        (
            "G1-H6+I3-I9",
            "move \"G1-H6+I3-I9\": not one of the 24 castlings (King's move, then each rook's) at character 0",
        ),
        (
            "F2-H6+I3-I5",
            "move \"F2-H6+I3-I5\": not one of the 24 castlings (King's move, then each rook's) at character 0",
        ),
        (
            "G1-H6+I3",
            "move \"G1-H6+I3\": expected '-' between origin and destination at character 8",
        ),
    ],
)
def test_move_from_long_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move.from_long(text)
    assert str(info.value) == message


def test_move_constructor_errors() -> None:
    with pytest.raises(InvalidMoveError) as info:
        Move("A21", "A23", "K")
    assert str(info.value) == "a pawn cannot promote to a king (regainable kinds: D V R G N J)"
    with pytest.raises(InvalidMoveError) as info:
        Move("E7", "E7")
    assert (
        str(info.value)
        == "move E7-E7: origin and destination are the same hex (only a forced promotion HEX=X stays)"
    )
    with pytest.raises(ValueError) as info:
        Move("E7", "E13", "Q")
    assert (
        str(info.value)
        == "not a piece kind: 'Q' (expected a PieceKind or one of the letters P E J N G R V D K)"
    )
    with pytest.raises(ValueError) as info:
        Move("E7", "F15")
    assert str(info.value) == 'invalid hex "F15": not a hex of the board'
    with pytest.raises(TypeError) as info:
        Move(1, 2)  # type: ignore[arg-type]
    assert str(info.value) == "expected a Hex or a hex name like 'F14', got 1"


def test_stack_errors() -> None:
    b = Board()
    with pytest.raises(IndexError) as info:
        b.pop()
    assert str(info.value) == "pop from empty move stack"
    with pytest.raises(IndexError) as info:
        b.peek()
    assert str(info.value) == "peek at empty move stack"


def test_hex_errors() -> None:
    for text, reason in [
        ("F15", "not a hex of the board"),
        ("J3", "unknown column letter"),
        ("F014", "line number must be 0..28 without leading zero"),
        ("F", "missing line number"),
        ("F14x", "trailing characters after the hex"),
        ("", "empty"),
    ]:
        with pytest.raises(ValueError) as info:
            Hex(text)
        assert str(info.value) == f"invalid hex {text!r}: {reason}".replace("'", '"')
    with pytest.raises(ValueError) as info:
        Hex.from_index(169)
    assert str(info.value) == "hex index 169 out of range 0..169"
    with pytest.raises(ValueError) as info:
        Hex.from_index(-1)
    assert str(info.value) == "hex index -1 out of range 0..169"
    with pytest.raises(ValueError) as info:
        Hex.from_coords(7, 15)
    assert str(info.value) == "no hex at column 7, line 15"
    with pytest.raises(TypeError):
        Hex(3.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Board().piece_at("Q3")


def test_piece_and_colour_errors() -> None:
    with pytest.raises(ValueError) as info:
        Piece.from_symbol("x")
    assert str(info.value) == 'not a piece symbol: "x" (expected one of PEJNGRVDK or pejngrvdk)'
    with pytest.raises(ValueError) as info:
        Piece.from_symbol("NN")
    assert str(info.value) == 'not a piece symbol: "NN" (expected one of PEJNGRVDK or pejngrvdk)'
    with pytest.raises(ValueError) as info:
        Board().pieces("P", "red")
    assert str(info.value) == "not a colour: 'red' (expected Color.WHITE, Color.BLACK, 'w' or 'b')"
    with pytest.raises(ValueError) as info:
        Board().king(1)
    assert str(info.value) == "not a colour: 1 (expected Color.WHITE, Color.BLACK, 'w' or 'b')"
    with pytest.raises(ValueError) as info:
        Board().pieces("X", "w")
    assert (
        str(info.value)
        == "not a piece kind: 'X' (expected a PieceKind or one of the letters P E J N G R V D K)"
    )


def test_batch_errors() -> None:
    with pytest.raises(InvalidPdtlError) as info:
        cescacs.count_legal_moves([INITIAL, "nonsense"])
    assert (
        str(info.value)
        == "PDTL #1: PDTL has 1 fields; expected 2 to 6 (placement, turn, castling, special capture, halfmove clock, move number)"
    )
    with pytest.raises(InvalidPdtlError) as info:
        cescacs.legal_moves_long(["", INITIAL])
    assert str(info.value) == "PDTL #0: empty PDTL"
    with pytest.raises(InvalidPdtlError) as info:
        cescacs.perft_many([INITIAL, "/27:1k/1:1K/ x"], 1)
    assert str(info.value) == "PDTL #1: turn field \"x\": expected 'w' or 'b'"
    with pytest.raises(ValueError) as info:
        cescacs.count_legal_moves([INITIAL], errors="ignore")  # type: ignore[arg-type]
    assert str(info.value) == "errors must be 'raise' or 'none', not \"ignore\""
    with pytest.raises(TypeError) as info:
        cescacs.count_legal_moves(INITIAL)
    assert str(info.value) == "expected an iterable of PDTL strings, got a single str"
    with pytest.raises(TypeError):
        cescacs.count_legal_moves([INITIAL, 3])
    with pytest.raises(TypeError):
        cescacs.count_legal_moves(3)  # type: ignore[arg-type]


def test_corrupt_pickles() -> None:
    with pytest.raises(ValueError) as info:
        Move._restore(0, 500, None, None, None)
    assert str(info.value) == "corrupt pickled Move"
    with pytest.raises(ValueError):
        Move._restore(0, 1, 99, None, None)
    with pytest.raises(ValueError):
        Move._restore(0, 1, None, None, (0, None, 7))  # a castling kind without a castling
    with pytest.raises(IllegalMoveError):
        Board._restore(INITIAL, True, ["E7-E17"])
    with pytest.raises(InvalidPdtlError):
        Board._restore("nonsense", True, [])
