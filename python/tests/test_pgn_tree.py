"""The editable game tree of cescacs.pgn, shaped as python-chess's chess.pgn:
navigation (parent, next, variations), edits (add_variation,
add_main_variation, add_line, promote, demote, promote_to_main,
remove_variation, comments and NAGs), illegal moves refused without a
change, an engine's PV stored as a variation, and the visitors."""

from __future__ import annotations

import io
import threading
from typing import Any, Dict, List, Tuple

import pytest

import cescacs
import cescacs.engine
import cescacs.pgn
from cescacs import Game, IllegalMoveError
from cescacs.pgn import SKIP, BaseVisitor, BoardBuilder, GameBuilder, SkipVisitor


ROSTER = '[Variant "C\'escacs"]\n[Event "?"]\n[Site "?"]\n[Date "????-??-??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'


def movetext(game: Game) -> str:
    """The written record after its tags (Variant, then the Seven Tag
    Roster at its defaults, Result last), which every record opens with."""
    text = str(game)
    assert text.startswith(ROSTER), text
    result_tag, moves = text[len(ROSTER) :].split("\n", 1)
    assert result_tag.startswith("[Result "), text
    return moves


def ctls(nodes: List[Any]) -> List[str]:
    return [n.ctl for n in nodes]


def small_tree() -> Tuple[Game, Any, Any]:
    """1. E7-E13, E21-E15 2. F8-F12 with two alternatives to Black's move."""
    game = Game()
    first = game.add_variation("E7-E13")
    reply = first.add_variation("E21-E15")
    reply.add_variation("F8-F12")
    first.add_variation("D22-D16")
    first.add_variation(cescacs.Move("I23", "I19"))
    return game, first, reply


def test_a_tree_built_move_by_move_and_navigated() -> None:
    game, first, reply = small_tree()
    assert movetext(game) == "1. E7-E13, E21-E15\n(1. …, D22-D16)\n(1. …, I23-I19)\n2. F8-F12\n*\n"
    assert game.parent is None and game.is_mainline() and game.is_main_variation()
    assert game.variations == [first] and game.next() == first and game.variation(0) == first
    assert ctls(first.variations) == ["E21-E15", "D22-D16", "I23-I19"]
    main, d, i = first.variations
    assert main == reply == first.next() == first.variation("E21-E15")
    assert i == first.variation(cescacs.Move("I23", "I19")) == first.variation(-1)
    assert first.has_variation("D22-D16") and not first.has_variation("H22-H16")
    with pytest.raises(KeyError, match="no variation H22-H16 here"):
        first.variation("H22-H16")
    with pytest.raises(IndexError, match=r"variation index out of range \(3 variations\)"):
        first.variation(3)
    assert [(n.is_mainline(), n.is_main_variation()) for n in (main, d, i)] == [
        (True, True),
        (False, False),
        (False, False),
    ]
    assert d.parent == first and first.parent is game and d.next() is None
    assert [(n.ply(), n.move_number, n.turn) for n in (first, main, d)] == [
        (1, 1, cescacs.Color.WHITE),
        (2, 1, cescacs.Color.BLACK),
        (2, 1, cescacs.Color.BLACK),
    ]
    assert d.board().move_stack == [first.move, d.move] and d.board_before() == first.board()
    assert game.end() == first.end() == main.next() and main.next().ctl == "F8-F12"
    assert ctls(first.mainline()) == ["E21-E15", "F8-F12"]
    assert [m.long() for m in first.mainline_moves()] == ["E21-E15", "F8-F12"]
    assert ctls(game.mainline()) == ["E7-E13", "E21-E15", "F8-F12"]
    assert repr(d) == "<GameNode 1. …, D22-D16>"
    assert len({first, main, first.variation(0), d}) == 3
    assert d == d and d != first and d != "D22-D16"
    # Edits show in the text and in a re-read.
    again = cescacs.pgn.read_game(str(game))
    assert again == game and ctls(again.next().variations) == ["E21-E15", "D22-D16", "I23-I19"]
    # An empty game: the root is its own end.
    empty = Game()
    assert (
        empty.end() is empty and empty.next() is None and empty.variations == [] and empty.is_end()
    )


def test_illegal_moves_raise_and_change_nothing() -> None:
    game, first, reply = small_tree()
    before = str(game)
    with pytest.raises(IllegalMoveError):
        first.add_variation("E7-E9")  # White's pawn, Black to move
    with pytest.raises(IllegalMoveError, match="illegal move H6-H12"):
        first.add_variation(cescacs.Move("H6", "H12"))
    with pytest.raises(IllegalMoveError):
        reply.add_line(["H6-H12", "H22-H16", "H12-H18"])
    with pytest.raises(IllegalMoveError):
        game.add_main_variation("E21-E15")
    with pytest.raises(cescacs.InvalidMoveError):
        first.add_variation("E7-")
    with pytest.raises(TypeError, match="expected a Move or a CTL-AN str, got int"):
        first.add_variation(7)
    with pytest.raises(ValueError, match="no moves given"):
        first.add_line([])
    assert issubclass(IllegalMoveError, ValueError)
    assert str(game) == before


def test_add_main_variation_and_add_line() -> None:
    game, first, reply = small_tree()
    new = first.add_main_variation("H22-H16", comment="sharp", nags={3})
    assert ctls(first.variations) == ["H22-H16", "E21-E15", "D22-D16", "I23-I19"]
    assert new.is_mainline() and (new.comment, new.nags, new.assessment) == (
        "sharp",
        frozenset({3}),
        "!!",
    )
    assert [m.long() for m in game.mainline_moves()] == ["E7-E13", "H22-H16"]
    line_end = new.add_line(["H6-H12", "I23-I19"], comment="and so on", nags=[6])
    assert line_end.is_mainline() and line_end.ply() == 4
    alt_end = first.add_line(["F20-F16", "F8-F12"], starting_comment="quiet", comment="fine")
    assert (alt_end.ply(), alt_end.parent.starting_comment, alt_end.parent.is_main_variation()) == (
        3,
        "quiet",
        False,
    )
    assert movetext(game) == (
        "1. E7-E13, H22-H16 !!\n{ @B: sharp }\n"
        "(1. …, E21-E15\n.2. F8-F12)\n(1. …, D22-D16)\n(1. …, I23-I19)\n"
        "({ quiet }\n.1. …, F20-F16\n.2. F8-F12\n.{ @W: fine }\n)\n"
        "2. H6-H12, I23-I19 ?!\n{ @B: and so on }\n*\n"
    )
    assert cescacs.pgn.read_game(str(game)) == game
    # From the root: the old main line becomes the first variation.
    game.add_main_variation("I5-I9")
    assert ctls(game.variations) == ["I5-I9", "E7-E13"]
    assert game.ply() == 1


def test_promote_demote_promote_to_main_and_remove() -> None:
    game, first, reply = small_tree()
    d = first.variation("D22-D16")
    i = first.variation("I23-I19")
    first.promote(i)
    assert ctls(first.variations) == ["E21-E15", "I23-I19", "D22-D16"]
    assert i.ctl == "I23-I19" and i == first.variation(1)  # the node follows its move
    i.promote()  # without an argument: this node among its parent's variations
    assert ctls(first.variations) == ["I23-I19", "E21-E15", "D22-D16"]
    assert i.is_mainline() and [m.long() for m in game.mainline_moves()] == ["E7-E13", "I23-I19"]
    i.demote()
    assert ctls(first.variations) == ["E21-E15", "I23-I19", "D22-D16"] and not i.is_mainline()
    first.demote(2)  # the last stays last
    assert ctls(first.variations) == ["E21-E15", "I23-I19", "D22-D16"]
    d.promote_to_main()
    assert ctls(first.variations) == ["D22-D16", "E21-E15", "I23-I19"] and d.is_mainline()
    first.remove_variation("E21-E15")
    assert ctls(first.variations) == ["D22-D16", "I23-I19"]
    # Removing the main continuation makes the next variation the main one.
    first.remove_variation(d)
    assert ctls(first.variations) == ["I23-I19"] and i.is_mainline()
    with pytest.raises(ValueError, match="removed from its game"):
        d.comment
    first.remove_variation(0)
    assert first.variations == [] and movetext(game) == "1. E7-E13\n*\n"
    game.remove_variation(first)
    assert movetext(game) == "*\n" and game.ply() == 0


def test_comments_nags_and_indicators_are_settable() -> None:
    game, first, reply = small_tree()
    first.comment = "the usual"
    reply.nags = {5}
    reply.indicator = "(=)"
    d = first.variation(1)
    d.starting_comment = "solid"
    game.comment = "a demo"
    assert (
        first.comment,
        first.comments,
        reply.nags,
        reply.nag,
        d.starting_comment,
        game.comment,
    ) == ("the usual", ["the usual"], frozenset({5}), 5, "solid", "a demo")
    assert movetext(game) == (
        "{ a demo }\n1. E7-E13, E21-E15 !?(=)\n{ @W: the usual }\n"
        "({ solid }\n.1. …, D22-D16)\n(1. …, I23-I19)\n2. F8-F12\n*\n"
    )
    first.comment = ""
    reply.nags = set()
    reply.indicator = None
    assert (first.comments, reply.nags, reply.assessment) == ([], frozenset(), None)
    with pytest.raises(
        ValueError, match=r"NAG 10 is not a move assessment: CTL-PGN keeps \$1 … \$7"
    ):
        reply.nags = {10}
    with pytest.raises(ValueError, match="one assessment"):
        reply.nags = {1, 2}
    with pytest.raises(ValueError, match="only the first move of a variation"):
        reply.starting_comment = "no"
    with pytest.raises(ValueError, match="unknown indicator"):
        reply.indicator = "!"


def test_an_engine_pv_is_stored_as_a_variation() -> None:
    game = Game()
    node: Any = game
    for m in ["E7-E13", "E21-E15", "F8-F12", "F20-F16"]:
        node = node.add_variation(m)
    after_two = game.mainline()[1]
    info = cescacs.engine.analyse(after_two.board(), cescacs.engine.Limit(depth=3))
    pv = info["pv"]
    end = after_two.add_line(
        pv, starting_comment="engine, depth 3", comment=f"score {info['score'].relative!r}"
    )
    assert end.ply() == 2 + len(pv) and not end.is_mainline()
    start = after_two.variations[-1]
    assert [n.move for n in [start] + start.mainline()] == pv
    assert (repr(info["score"].relative), [m.long() for m in pv]) == (
        "Cp(+13)",
        ["C5-C11", "D22-D16", "E13-D16", "F22-D16"],
    )
    assert movetext(game) == (
        "1. E7-E13, E21-E15\n2. F8-F12, F20-F16\n"
        "({ engine, depth 3 }\n.2. C5-C11, D22-D16\n.3. E13×D16, JF22×D16\n.{ @B: score Cp(+13) }\n)\n*\n"
    )
    assert cescacs.pgn.read_game(str(game)) == game


def test_nodes_of_a_read_record_edit_it() -> None:
    text = "1. E7-E13 (1. H6-H12 (1. I5-I9)) (1. L5-L7), E21-E15\n*\n"
    game = cescacs.pgn.read_game(text)
    # Alternatives nested on a first move are the start's variations too.
    assert ctls(game.variations) == ["E7-E13", "H6-H12", "I5-I9", "L5-L7"]
    assert [v.parent is game for v in game.variations] == [True] * 4
    game.promote(game.variation("L5-L7"))
    assert ctls(game.variations) == ["E7-E13", "H6-H12", "L5-L7", "I5-I9"]
    assert movetext(game) == "1. E7-E13, E21-E15\n(1. H6-H12)\n(1. L5-L7)\n(1. I5-I9)\n*\n"


class Recorder(BaseVisitor[List[Tuple[Any, ...]]]):
    """Every call, in order."""

    def begin_game(self) -> None:
        self.calls: List[Tuple[Any, ...]] = [("begin_game",)]

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.calls.append(("header", tagname, tagvalue))

    def end_headers(self) -> None:
        self.calls.append(("end_headers",))

    def visit_board(self, board: cescacs.Board) -> None:
        self.calls.append(("board", board.ply()))

    def visit_move(self, board: cescacs.Board, move: cescacs.Move) -> None:
        self.calls.append(("move", board.ctl(move)))

    def visit_comment(self, comment: str) -> None:
        self.calls.append(("comment", comment))

    def visit_nag(self, nag: int) -> None:
        self.calls.append(("nag", nag))

    def begin_variation(self) -> None:
        self.calls.append(("begin_variation",))

    def end_variation(self) -> None:
        self.calls.append(("end_variation",))

    def visit_final_comment(self, comment: str) -> None:
        self.calls.append(("final", comment))

    def visit_result(self, result: str) -> None:
        self.calls.append(("result", result))

    def end_game(self) -> None:
        self.calls.append(("end_game",))

    def result(self) -> List[Tuple[Any, ...]]:
        return self.calls


RECORD = """[Variant "C'escacs"]
[Event "demo"]
{ opening }
1. E7-E13 !, E21-E15
{ @B: usual }
({ quiet } 1. …, D22-D16 (1. …, I23-I19 ?) 2. F8-F12)
2. F8-F12
1-1
{ agreed }
"""


def test_a_visitor_sees_the_record_in_order() -> None:
    calls = cescacs.pgn.read_game(io.StringIO(RECORD), Visitor=Recorder)
    assert calls == [
        # The headers of the game read: Variant and the Seven Tag Roster
        # (defaults where the text has none, as python-chess's Game() has).
        ("begin_game",),
        ("header", "Variant", "C'escacs"),
        ("header", "Event", "demo"),
        ("header", "Site", "?"),
        ("header", "Date", "????-??-??"),
        ("header", "Round", "?"),
        ("header", "White", "?"),
        ("header", "Black", "?"),
        ("header", "Result", "1-1"),
        ("end_headers",),
        ("board", 0),
        ("comment", "opening"),
        ("move", "E7-E13"),
        ("board", 1),
        ("nag", 1),
        ("move", "E21-E15"),
        ("board", 2),
        ("comment", "usual"),
        ("begin_variation",),
        ("comment", "quiet"),
        ("move", "D22-D16"),
        ("board", 2),
        ("begin_variation",),
        ("move", "I23-I19"),
        ("board", 2),
        ("nag", 2),
        ("end_variation",),
        ("move", "F8-F12"),
        ("board", 3),
        ("end_variation",),
        ("move", "F8-F12"),
        ("board", 3),
        ("final", "agreed"),
        ("result", "1-1"),
        ("end_game",),
    ]
    game = cescacs.pgn.read_game(RECORD)
    assert game.accept(Recorder()) == calls


class Rebuilt(GameBuilder):
    """A GameBuilder subclass: it builds the game through the visit."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        super().visit_header(tagname, tagvalue.upper() if tagname == "Event" else tagvalue)


def test_builders_and_skip() -> None:
    game = cescacs.pgn.read_game(RECORD, Visitor=GameBuilder)
    assert game == cescacs.pgn.read_game(RECORD)
    rebuilt = cescacs.pgn.read_game(RECORD, Visitor=Rebuilt)
    # The builder adds each move to its parent: the alternative written on
    # the variation's first move is listed with the others, in order.
    flat = str(game).replace(
        ".(1. …, I23-I19 ?)\n.2. F8-F12)\n", ".2. F8-F12)\n(1. …, I23-I19 ?)\n"
    )
    assert flat != str(game)
    assert str(rebuilt) == flat.replace('"demo"', '"DEMO"')
    board = cescacs.pgn.read_game(RECORD, Visitor=BoardBuilder)
    assert board == game.end_board() and board.ply() == 3
    stream = io.StringIO(RECORD + RECORD.replace("demo", "second"))
    assert cescacs.pgn.read_game(stream, Visitor=SkipVisitor) is True
    assert cescacs.pgn.read_game(stream).headers["Event"] == "second"
    assert cescacs.pgn.read_game(stream, Visitor=SkipVisitor) is None

    class NoVariations(Recorder):
        def begin_variation(self) -> Any:
            return SKIP

    calls = cescacs.pgn.read_game(RECORD, Visitor=NoVariations)
    assert [c for c in calls if c[0] == "move"] == [
        ("move", "E7-E13"),
        ("move", "E21-E15"),
        ("move", "F8-F12"),
    ]
    with pytest.raises(TypeError, match="Visitor must be a BaseVisitor subclass"):
        cescacs.pgn.read_game(RECORD, Visitor=Recorder())
    with pytest.raises(NotImplementedError):
        BaseVisitor().result()


def test_a_deep_nest_is_visited_and_built_on_a_small_stack() -> None:
    depth = 20_000
    text = "1. H6-H12" + " (1. H6-H12" * depth + ")" * depth + "\n*\n"
    out: Dict[str, Any] = {}

    class Count(BaseVisitor[Dict[str, int]]):
        def begin_game(self) -> None:
            self.counts = {"moves": 0, "begin": 0, "end": 0}

        def visit_move(self, board: cescacs.Board, move: cescacs.Move) -> None:
            self.counts["moves"] += 1

        def begin_variation(self) -> None:
            self.counts["begin"] += 1

        def end_variation(self) -> None:
            self.counts["end"] += 1

        def result(self) -> Dict[str, int]:
            return self.counts

    def run() -> None:
        try:
            out["counts"] = cescacs.pgn.read_game(text, Visitor=Count)
            out["rebuilt"] = str(cescacs.pgn.read_game(text, Visitor=Rebuilt)).count("(")
        except BaseException as e:  # noqa: BLE001 - handed to the test thread
            out["error"] = e

    old = threading.stack_size(256 * 1024)
    try:
        t = threading.Thread(target=run)
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    assert "error" not in out, out.get("error")
    assert out == {"counts": {"moves": depth + 1, "begin": depth, "end": depth}, "rebuilt": depth}


def test_held_nodes_follow_their_moves_through_edits() -> None:
    game = Game()
    game.add_line(["E7-E13", "E21-E15", "F8-F12", "F20-F16"])
    first = game.next()
    later = first.next().next()
    alt = first.add_variation("D22-D16")
    deep = alt.add_line(["F8-F12", "F20-F16"])
    deeper = deep.parent.add_variation("H22-H16")
    alt.promote_to_main()
    assert (deep.ctl, deep.ply(), deep.is_mainline()) == ("F20-F16", 4, True)
    assert (later.ctl, later.is_mainline(), deeper.ctl, deeper.parent.ctl) == (
        "F8-F12",
        False,
        "H22-H16",
        "F8-F12",
    )
    first.add_main_variation("I23-I19")
    assert ctls(first.variations) == ["I23-I19", "D22-D16", "E21-E15"]
    assert (alt.is_mainline(), deep.ctl, deep.is_mainline(), later.ctl) == (
        False,
        "F20-F16",
        False,
        "F8-F12",
    )
    assert movetext(game) == (
        "1. E7-E13, I23-I19\n(1. …, D22-D16\n.2. F8-F12, F20-F16\n.(2. …, H22-H16))\n"
        "(1. …, E21-E15\n.2. F8-F12, F20-F16)\n*\n"
    )
    game.remove_variation(first)
    assert movetext(game) == "*\n"
    for node in (first, alt, deep, deeper, later):
        with pytest.raises(ValueError, match="removed from its game"):
            node.ply()
