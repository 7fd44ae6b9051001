"""The Board, Move, Hex and Piece API."""

from __future__ import annotations

import pytest

import cescacs
from cescacs import Board, Color, Hex, HexColor, Move, MoveKind, Piece, PieceKind, Termination

from conftest import probe, records

INITIAL = cescacs.INITIAL_PDTL
KINGS_ROOKS = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 0 1"


def test_initial_board() -> None:
    b = Board()
    assert b.pdtl() == INITIAL
    assert Board(None) == b
    assert Board(INITIAL) == b
    assert b.turn is Color.WHITE
    assert b.halfmove_clock == 0
    assert b.fullmove_number == 1
    assert b.castling_allowed is True
    assert len(b.legal_moves) == 68
    assert b.legal_moves.count() == 68
    assert bool(b.legal_moves) is True
    assert b.move_stack == []
    assert b.ply() == 0
    assert b.outcome() is None
    assert b.is_game_over() is False
    assert b.king_leaps() == []
    assert b.castlings() == []
    assert b.checkers() == []


def test_push_pop_peek_move_stack() -> None:
    b = Board()
    m1 = b.push_ctl("E7-E13")
    assert m1 == Move.from_long("E7-E13")
    assert m1.kind is MoveKind.TRIPLE_STEP
    assert b.turn is Color.BLACK
    assert b.pdtl() == (
        "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/13:3P4/8:3P3/7:4P3/"
        "6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ b RKRrkr E13@9-11 0 1"
    )
    m2 = b.parse_ctl("E21-E17")
    b.push(m2)
    m3 = Move("G3", "I7")
    b.push(m3)
    assert b.move_stack == [m1, m2, m3]
    assert [m.long() for m in b.move_stack] == ["E7-E13", "E21-E17", "G3-I7"]
    assert b.move_stack[2].kind is MoveKind.NORMAL
    assert b.move_stack[2].piece_kind is PieceKind.KNIGHT
    assert b.peek() == m3
    assert b.ply() == 3
    assert b.fullmove_number == 2
    assert b.halfmove_clock == 1
    assert b.root() == Board()
    assert b.root().move_stack == []
    assert b.pop() == m3
    assert b.pop() == m2
    assert b.pop() == m1
    assert b == Board()
    assert b.move_stack == []


def test_push_long_and_from_long_with_board() -> None:
    b = Board()
    m = Move.from_long("G3-I7", b)
    assert m.kind is MoveKind.NORMAL
    assert m.piece_kind is PieceKind.KNIGHT
    assert m.captured is None
    assert m.is_capture is False
    assert b.push_long("G3-I7") == m
    assert b.ctl(b.parse_long("E21-E17")) == "E21-E17"


def test_legal_moves_collection() -> None:
    b = Board()
    lm = b.legal_moves
    moves = list(lm)
    assert moves == list(lm)
    assert len(moves) == 68
    assert Move("E7", "E13") in lm
    assert "E7-E13" in lm
    assert Move("E7", "E15") not in lm
    assert "nonsense" not in lm
    assert 42 not in lm
    assert repr(lm).startswith("<LegalMoves (68 moves): ")
    assert repr(lm).count(",") == 67
    assert lm.long() == sorted(m.long() for m in moves)
    # A snapshot: it keeps the position it was read in.
    b.push_ctl("E7-E13")
    assert "E7-E13" in lm
    assert "E7-E13" not in b.legal_moves


def test_is_legal_and_ctl() -> None:
    b = Board()
    assert b.is_legal(Move("E7", "E13"))
    assert not b.is_legal(Move("E7", "E17"))
    assert b.ctl(Move("G3", "I7")) == "NG3-I7"


def test_move_properties() -> None:
    m = Board().parse_ctl("NG3-I7")
    assert m.from_hex is Hex("G3")
    assert m.to_hex is Hex("I7")
    assert m.promotion is None
    assert m.castling is None
    assert m.rook_moves == []
    assert str(m) == "G3-I7"
    assert repr(m) == "Move.from_long('G3-I7')"

    ep = Board(probe("en-passant-answers-check")["pdtl"])
    (m,) = [m for m in ep.legal_moves if m.kind is MoveKind.EN_PASSANT]
    assert m.captured is PieceKind.PAWN
    assert m.piece_kind is PieceKind.PAWN
    assert m.is_capture is True

    r = probe("promotion-mandatory")
    promo = Board(r["pdtl"])
    promotions = sorted(m.long() for m in promo.legal_moves if m.promotion is not None)
    assert promotions == sorted(m for m in r["moves"] if "=" in m)
    assert [p[-1] for p in promotions[:6]] == list("DGJNRV")
    q = promo.parse_long("A21-A23=D")
    assert q.promotion is PieceKind.QUEEN
    assert q.piece_kind is PieceKind.PAWN
    assert Move("A21", "A23", PieceKind.QUEEN) == q
    assert Move("A21", "A23", "D") == q
    assert Move("A21", "A23") != q


def test_forced_promotion_moves() -> None:
    rs = [r for r in records("random-dev.jsonl") if "await_promotion" in r["tags"]]
    assert rs
    b = Board(rs[0]["pdtl"])
    for m in b.legal_moves:
        assert m.kind is MoveKind.FORCED_PROMOTION
        assert m.from_hex == m.to_hex
        assert m.long() == f"{m.from_hex}={m.promotion.letter}"
        assert Move(m.from_hex, m.to_hex, m.promotion) == m
        assert Move.from_long(m.long()) == m


def test_castling_moves() -> None:
    b = Board(KINGS_ROOKS)
    m = b.parse_ctl("KRK-HIO")
    assert m.kind is MoveKind.CASTLING
    assert m.castling == "KRK-HIO"
    assert m.long() == "G1-H6+I3-I5"
    assert m.rook_moves == [(Hex("I3"), Hex("I5"))]
    d = b.parse_ctl("KRR-HIH")
    assert d.long() == "G1-H6+C3-H8+I3-I7"
    assert d.rook_moves == [(Hex("C3"), Hex("H8")), (Hex("I3"), Hex("I7"))]
    leap = Move("G1", "H6")
    assert leap != m
    assert leap in b.legal_moves
    assert b.parse_long("G1-H6").kind is MoveKind.KING_LEAP
    assert Move.from_long("G1-H6+I3-I5") == m
    assert Move.from_long("G1-H6+I3-I5").castling == "KRK-HIO"
    assert Move.from_long("G1-H6+I3-I5").kind is None
    # Black's KRK-HIOO, rooks given in any order.
    black = Move.from_long("G27-H22+I25-I21")
    assert black.castling == "KRK-HIOO"
    assert black.rook_moves == [(Hex("I25"), Hex("I21"))]
    assert Move.from_long("G27-E23+I25-E21+C25-F22").long() == "G27-E23+C25-F22+I25-E21"
    b.push_ctl("KRK-HIO")
    # Black's King and queen's rook have never moved: its 8 KRD castlings.
    assert sorted(m.castling for m in b.castlings()) == [
        "KRD-DD",
        "KRD-DE",
        "KRD-ED",
        "KRD-EF",
        "KRD-FE",
        "KRD-FG",
        "KRD-HG",
        "KRD-HH",
    ]
    king_step = next(
        m for m in b.legal_moves if m.piece_kind is PieceKind.KING and m.kind is MoveKind.NORMAL
    )
    b.push(king_step)
    assert b.castlings() == []
    assert b.king_leaps() == []
    assert len(Board(KINGS_ROOKS, castling_allowed=False).legal_moves) == 90 - 24
    assert Board(KINGS_ROOKS, castling_allowed=False).castlings() == []


def test_bare_moves() -> None:
    m = Move("E7", "E13")
    assert m.kind is None and m.piece_kind is None and m.captured is None
    assert m.is_capture is None
    assert Move(Hex("E7"), Hex("E13")) == m
    assert hash(m) == hash(Board().parse_long("E7-E13"))
    assert {m, Board().parse_long("E7-E13")} == {m}
    assert m != "E7-E13"
    assert (m == 3) is False
    b = Board()
    b.push(m)
    assert b.peek().kind is MoveKind.TRIPLE_STEP


def test_check_mate_stalemate_outcome() -> None:
    r = probe("double-check-no-retreat")
    b = Board(r["pdtl"])
    assert b.is_check()
    assert len(b.checkers()) == 2
    assert not b.is_checkmate()

    s = Board(probe("stalemate")["pdtl"])
    assert s.is_stalemate() and not s.is_checkmate() and not s.is_check()
    o = s.outcome()
    assert o == cescacs.Outcome(Termination.STALEMATE, Color.WHITE, (2, 1))
    assert o.result() == "2-1"
    assert s.is_game_over()
    assert len(s.legal_moves) == 0
    assert not s.legal_moves

    k = Board("/27:1k/1:1K/ w -- - 0 1")
    assert k.is_insufficient_material()
    assert k.outcome() == cescacs.Outcome(Termination.INSUFFICIENT_MATERIAL, None, (1, 1))
    assert k.outcome().result() == "1-1"

    c = Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 150 80")
    assert c.is_seventyfive_moves()
    assert c.outcome().termination is Termination.SEVENTYFIVE_MOVES
    assert c.outcome().winner is None


def test_piece_queries() -> None:
    b = Board()
    assert b.piece_at("G1") is Piece(PieceKind.KING, Color.WHITE)
    assert b.piece_at(Hex("G27")) == Piece.from_symbol("k")
    assert b.piece_at("F14") is None
    assert [h.name for h in b.pieces(PieceKind.PAWN, Color.WHITE)] == [
        "B4",
        "K4",
        "A5",
        "C5",
        "I5",
        "L5",
        "D6",
        "H6",
        "E7",
        "G7",
        "F8",
    ]
    assert b.king(Color.WHITE) is Hex("G1")
    assert b.king("b") is Hex("G27")
    counts = {"P": 11, "E": 4, "J": 3, "N": 2, "G": 2, "R": 2, "V": 1, "D": 1, "K": 1}
    for kind in PieceKind:
        for color in Color:
            assert len(b.pieces(kind, color)) == counts[kind.letter]
    for r in records("random-dev.jsonl")[::50]:
        board = Board(r["pdtl"])
        pm = board.piece_map()
        from_pieces = {
            h: Piece(kind, color)
            for kind in PieceKind
            for color in Color
            for h in board.pieces(kind, color)
        }
        assert pm == from_pieces
        assert all(board.piece_at(h) is p for h, p in pm.items())


def test_piece_values() -> None:
    n = Piece.from_symbol("N")
    assert n.kind is PieceKind.KNIGHT and n.color is Color.WHITE
    assert n.symbol() == "N" and str(n) == "N"
    assert repr(n) == "Piece.from_symbol('N')"
    assert Piece("g", "b").symbol() == "g"
    assert Piece.from_symbol("k").figurine() == "♚"
    assert Piece.from_symbol("V").figurine() == "\U0001fa4f"
    assert len({Piece.from_symbol(c) for c in "PEJNGRVDKpejngrvdk"}) == 18
    assert n != Piece.from_symbol("n")
    assert n != "N"


def test_hexes() -> None:
    assert len(cescacs.HEXES) == cescacs.HEX_COUNT == 169
    for i, h in enumerate(cescacs.HEXES):
        assert h.index == i
        assert Hex(str(h)) is h
        assert Hex(h.name) is h
        assert Hex.from_index(i) is h
        assert Hex.from_coords(h.column, h.line) is h
        assert h.name == f"{h.letter}{h.line}"
        assert eval(repr(h), {"Hex": Hex}) is h
    f14 = Hex("F14")
    assert (f14.column, f14.line, f14.letter) == (7, 14, "F")
    assert Hex("f14") is f14
    assert f14.color is HexColor.COLOURED
    assert Hex("F16").color is HexColor.WHITE and Hex("F12").color is HexColor.BLACK
    colours = [h.color for h in cescacs.HEXES]
    assert (
        colours.count(HexColor.WHITE),
        colours.count(HexColor.BLACK),
        colours.count(HexColor.COLOURED),
    ) == (57, 57, 55)
    assert Hex("A5") < Hex("F14") <= Hex("F14") < Hex("F28")
    assert sorted([Hex("F28"), Hex("F0")]) == [Hex("F0"), Hex("F28")]
    assert f14 != "F14"
    assert len({Hex("F14"), Hex("F14"), Hex("F16")}) == 2


def test_enums() -> None:
    assert Color.WHITE.other is Color.BLACK and ~Color.BLACK is Color.WHITE
    assert cescacs.WHITE is Color.WHITE and cescacs.BLACK is Color.BLACK
    assert [k.letter for k in PieceKind] == list("PEJNGRVDK")
    assert PieceKind("N") is PieceKind.KNIGHT
    assert len(MoveKind) == 9 and len(Termination) == 5 and len(HexColor) == 3


def test_equality_copy_repr_str() -> None:
    b = Board()
    b.push_ctl("E7-E13")
    assert b != Board()
    assert b == Board(b.pdtl())
    assert (b == "x") is False
    assert b != "x"
    with pytest.raises(TypeError):
        hash(b)
    c = b.copy()
    assert c == b and c.move_stack == b.move_stack
    c.push_ctl("E21-E17")
    assert c != b and b.ply() == 1 and c.ply() == 2
    assert b.copy(stack=False).move_stack == []
    assert b.copy(stack=False) == b
    for r in records("games.jsonl")[::7]:
        board = Board(r["pdtl"])
        assert repr(board) == f"Board('{r['pdtl']}')"
        assert eval(repr(board), {"Board": Board}) == board
    nc = Board(KINGS_ROOKS, castling_allowed=False)
    assert repr(nc) == f"Board('{KINGS_ROOKS}', castling_allowed=False)"
    back = eval(repr(nc), {"Board": Board})
    assert back == nc and back.castling_allowed is False
    assert nc != Board(KINGS_ROOKS)


def test_str_draws_the_board() -> None:
    lines = str(Board()).split("\n")
    assert len(lines) == 30
    # The core's text board (Position::board_text), without its final newline.
    assert lines[0] == "28               v"
    assert lines[1] == "27             d   k"
    assert lines[14] == "14   .   .   .   .   .   .   ."
    assert lines[21] == " 7 .   .   .   P   P   .   .   ."
    assert lines[28] == " 0               V"
    assert lines[29] == "   P T A B C D E F G H I K L X Z"
    assert not str(Board()).endswith("\n")
    assert "n" not in str(Board("/27:1k/1:1K/ w -- - 0 1")).replace("\n", "")
