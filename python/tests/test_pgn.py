"""CTL-PGN games (cescacs.pgn, Game, GameNode) and the history rules of Board:
repetition, draw claims, fivefold repetition, Zobrist hashes."""

from __future__ import annotations

import copy
import io
import pickle
from collections import defaultdict
from typing import Dict, List, Tuple

import pytest

import cescacs
import cescacs.pgn
from cescacs import Board, Color, Game, InvalidPgnError, Outcome, Termination

from conftest import DATA, records

GAME_FILES = [
    "2020-07-20.ctl-pgn",
    "2022-08-14.1.ctl-pgn",
    "2022-08-14.2.ctl-pgn",
    "2023-09-11.ctl-pgn",
    "2023-09-18.ctl-pgn",
]
# (file, plies, winner by checkmate)
MATES = [
    ("2020-07-20.ctl-pgn", 69, Color.WHITE),
    ("2022-08-14.1.ctl-pgn", 100, Color.BLACK),
    ("2022-08-14.2.ctl-pgn", 69, Color.WHITE),
    ("2023-09-11.ctl-pgn", 113, Color.WHITE),
    ("2023-09-18.ctl-pgn", 133, Color.WHITE),
]


def game_text(name: str) -> str:
    return (DATA / "games" / name).read_text(encoding="utf-8")


def default_tags(result: str) -> str:
    """The tags written for a record without tags of its own (NOTATION.md
    §6.2): Variant, then the Seven Tag Roster at its defaults."""
    return (
        '[Variant "C\'escacs"]\n[Event "?"]\n[Site "?"]\n[Date "????-??-??"]\n[Round "?"]\n[White "?"]\n'
        f'[Black "?"]\n[Result "{result}"]\n'
    )


def golden_positions() -> Dict[str, Dict[int, str]]:
    out: Dict[str, Dict[int, str]] = defaultdict(dict)
    for r in records("games.jsonl"):
        file, ply = r["source"][len("game:") :].split("#ply")
        out[file][int(ply)] = r["pdtl"]
    return out


# ----- the five real records ------------------------------------------------------


@pytest.mark.parametrize("name,plies,winner", MATES)
def test_real_games_replay_to_their_mates(name: str, plies: int, winner: Color) -> None:
    with open(DATA / "games" / name, encoding="utf-8") as f:
        game = cescacs.pgn.read_game(f)
        assert cescacs.pgn.read_game(f) is None, "one game per file"
    assert isinstance(game, Game)
    assert game.ply() == plies
    assert len(game.mainline_moves()) == plies
    assert game.board().pdtl() == cescacs.INITIAL_PDTL
    assert game.board().ply() == 0
    end = game.end_board()
    assert end.is_checkmate()
    assert end.ply() == plies
    assert end.move_stack == game.mainline_moves()
    assert end.root().pdtl() == cescacs.INITIAL_PDTL
    assert game.outcome() == Outcome(
        Termination.CHECKMATE, winner, (3, 0) if winner is Color.WHITE else (0, 3)
    )
    assert end.outcome() == game.outcome()
    assert game.end_ply() == plies
    # The same from the text itself.
    assert cescacs.pgn.read_game(game_text(name)) == game


@pytest.mark.parametrize("name", GAME_FILES)
def test_real_games_round_trip(name: str) -> None:
    game = cescacs.pgn.read_game(game_text(name))
    text = str(game)
    assert text == cescacs.pgn.write_game(game)
    again = cescacs.pgn.read_game(text)
    assert again == game
    assert str(again) == text
    assert again != Game()


def test_real_games_positions_equal_games_jsonl() -> None:
    golden = golden_positions()
    checked = 0
    for name in GAME_FILES:
        game = cescacs.pgn.read_game(game_text(name))
        want = golden[name]
        assert len(want) == game.ply() + 1
        for ply in range(game.ply() + 1):
            board = game.board_at(ply)
            assert board.pdtl() == want[ply], f"{name} ply {ply}"
            assert board.ply() == ply
            checked += 1
        for node in game.mainline():
            assert node.board().pdtl() == want[node.ply()]
            assert node.board_before().pdtl() == want[node.ply() - 1]
        with pytest.raises(
            IndexError, match=rf"ply {game.ply() + 1} out of range 0..={game.ply()}"
        ):
            game.board_at(game.ply() + 1)
        with pytest.raises(IndexError):
            game.board_at(-1)
    assert checked == 489


def test_real_game_canonical_text_and_headers() -> None:
    game = cescacs.pgn.read_game(game_text("2020-07-20.ctl-pgn"))
    # Variant and the Seven Tag Roster first (NOTATION.md §6.2), then the record's own tags.
    assert list(game.headers.items()) == [
        ("Variant", "C'escacs"),
        ("Event", "CG"),
        ("Site", "?"),
        ("Date", "2020-07-20"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", "0-3"),
        ("Id", "Cescacs-A0001-24"),
        ("Annotator", "Cescacs"),
        ("AnnotatorId", "0001"),
    ]
    assert game.result == "0-3"
    text = str(game)
    assert "\n16. NE3-C7, DB10-D10+∞\n" in text
    assert "\n20. RI3-H2, GL5×GE5+^\n21. DE1×GE5, KRD-DE\n" in text
    assert text.endswith("\n34. RH2×RE5, DK16-F20\n35. DC19-E25#\n0-3\n")
    assert game.ctl_moves()[-1] == "DC19-E25#"
    assert (
        repr(game)
        == '<Game Event="CG" Id="Cescacs-A0001-24" Date="2020-07-20" plies=69 result="0-3">'
    )
    nodes = game.mainline()
    assert [n.ctl for n in nodes[40:42]] == ["DE1×GE5", "KRD-DE"]
    castle = nodes[41]
    assert (castle.ply(), castle.move_number, castle.turn) == (42, 21, Color.BLACK)
    assert castle.move.castling == "KRD-DE"
    assert castle.move.kind is cescacs.MoveKind.CASTLING
    assert repr(castle) == "<GameNode 21. …, KRD-DE>"
    assert (
        castle.comments,
        castle.comment,
        castle.variations,
        castle.assessment,
        castle.nag,
        castle.indicator,
    ) == ([], "", [nodes[42]], None, None, None)
    assert castle.parent.variations == [castle]


def test_check_result_reports_the_2020_07_20_tag() -> None:
    for name in GAME_FILES:
        game = cescacs.pgn.read_game(game_text(name))
        if name == "2020-07-20.ctl-pgn":
            assert game.check_result() == [
                'the Result tag says "0-3", but the game ended 3-0 (White wins by checkmate)'
            ]
        else:
            assert game.check_result() == [], name
    assert cescacs.pgn.read_game(game_text("2022-08-14.2.ctl-pgn")).result == "3-0"


def test_read_games_and_write_games_of_all_five() -> None:
    text = cescacs.pgn.write_games(cescacs.pgn.read_game(game_text(n)) for n in GAME_FILES)
    games = cescacs.pgn.read_games(text)
    assert [g.ply() for g in games] == [69, 100, 69, 113, 133]
    assert cescacs.pgn.read_games(io.StringIO(text)) == games
    games2, errors = cescacs.pgn.read_games(text, lenient=True)
    assert (games2, errors) == (games, [])
    # One at a time from a stream, then None at the end.
    f = io.StringIO(text)
    one_by_one = []
    while (g := cescacs.pgn.read_game(f)) is not None:
        one_by_one.append(g)
    assert one_by_one == games
    assert cescacs.pgn.read_game(f) is None
    # A str holds one game at most.
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(text)
    assert (e.value.line, e.value.column) == (49, 1)  # 47 lines (11 tags), then an empty one
    assert str(e.value) == "line 49, column 1: a second game starts here; expected a single game"


# ----- comments and variations ------------------------------------------------------

FOOLS_MATE_V = """[Variant "C'escacs"]
[Id "Cescacs-X01-V-en"]
[Lang "en"]
[Title "Fool's mate"]
{ Rules site example,
  with its variations }
1. H6-H12 ?!, I23-I19 ?!
2. JF6-C15 ?!, GH26-Z11 ?!
3. L5-L7, NG25-L17 ?!
4. EH4-H8 ??, GZ11-L5
{ @W: Removing ~EH4 leaves ~K unattended }
(4. GD2-F6
.{ @W would avoid ~gL5-H6+^ }
)
5. I5-I9 ??, NL17-G9
($[2] 5. K4-K10 ??, GL5-H6+
.{ @W: Displacing P threatens ~gL5 with ~RI3 }
.6. KG1-H4, GH6×RI3
.(6. ..., GH6-K12 !)
.7. KH4×GI3)
6. K4-K10 ??, GL5-H6#
0 - 3
{ final comment }
"""

FOOLS_MATE_V_CANONICAL = """[Variant "C'escacs"]
[Event "?"]
[Site "?"]
[Date "????-??-??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-3"]
[Id "Cescacs-X01-V-en"]
[Lang "en"]
[Title "Fool's mate"]
{ Rules site example,
  with its variations }
1. H6-H12 ?!, I23-I19 ?!
2. JF6-C15 ?!, GH26-Z11 ?!
3. L5-L7, NG25-L17 ?!
4. EH4-H8 ??, GZ11-L5
{ @W: Removing ~EH4 leaves ~K unattended }
(4. GD2-F6
.{ @W: @W would avoid ~gL5-H6+^ }
)
5. I5-I9 ??, NL17-G9
($[2] 5. K4-K10 ??, GL5-H6+^
.{ @W: Displacing P threatens ~gL5 with ~RI3 }
.6. KG1-H4, GH6×RI3
.(6. …, GH6-K12 !)
.7. KH4×GI3)
6. K4-K10 ??, GL5-H6#
0-3
{ final comment }
"""


def test_comments_and_nested_variations() -> None:
    game = cescacs.pgn.read_game(FOOLS_MATE_V)
    assert game.ply() == 12
    assert game.headers["Title"] == "Fool's mate"
    assert game.comments == ["Rules site example,\n  with its variations"]
    assert game.final_comments == ["final comment"]
    assert game.result == "0-3"
    assert game.check_result() == []
    nodes = game.mainline()
    assert [n.assessment for n in nodes[:3]] == ["?!", "?!", "?!"]
    assert [n.nag for n in nodes[:3]] == [6, 6, 6]
    # 4. EH4-H8 (ply 7): White's comment and the variation replacing it.
    n = nodes[6]
    assert (n.ply(), n.move_number, n.turn, n.ctl, n.assessment) == (
        7,
        4,
        Color.WHITE,
        "EH4-H8",
        "??",
    )
    assert n.comments == ["Removing ~EH4 leaves ~K unattended"]
    assert n.comment == "Removing ~EH4 leaves ~K unattended"
    # The moves the record holds after ply 6: the main one, then the variation.
    [main, vn] = n.parent.variations
    assert main == n and main.is_main_variation() and main.is_mainline()
    assert (vn.label, vn.starting_comment, vn.is_main_variation(), vn.is_mainline()) == (
        None,
        "",
        False,
        False,
    )
    assert vn.parent == nodes[5] and vn.next() is None and vn.variations == []
    assert vn.board_before().pdtl() == game.board_at(6).pdtl()
    assert (vn.ctl, vn.ply(), vn.move_number, vn.comments) == (
        "GD2-F6",
        7,
        4,
        ["@W would avoid ~gL5-H6+^"],
    )
    assert vn.move.long() == "D2-F6" and vn.mainline_moves() == []
    assert vn.board().ply() == 7
    assert vn.board().move_stack[:6] == game.mainline_moves()[:6]
    assert vn.board().move_stack[6] == cescacs.Move("D2", "F6")
    # 5. I5-I9 (ply 9): the labelled variation, with a nested one.
    [_, v] = nodes[7].variations
    assert v.label == "2"
    assert repr(v) == "<GameNode 5. K4-K10>"
    vnodes = [v] + v.mainline()
    assert [x.ctl for x in vnodes] == ["K4-K10", "GL5-H6+^", "KG1-H4", "GH6×RI3", "KH4×GI3"]
    assert [x.ply() for x in vnodes] == [9, 10, 11, 12, 13]
    assert vnodes[0].assessment == "??"
    assert vnodes[0].comments == ["Displacing P threatens ~gL5 with ~RI3"]
    assert [x.is_mainline() for x in vnodes] == [False] * 5
    assert vnodes[0].end() == vnodes[4]
    [main, nn] = vnodes[2].variations
    assert main == vnodes[3] and nn.parent == vnodes[2]
    assert (nn.ctl, nn.assessment, nn.turn, nn.move_number) == ("GH6-K12", "!", Color.BLACK, 6)
    assert nn.board_before().pdtl() == vnodes[3].board_before().pdtl()
    assert nn.board().ply() == 12
    assert vnodes[4].board_before().pdtl() == vnodes[3].board().pdtl() != vnodes[4].board().pdtl()
    # Written in canonical form, stable.
    assert str(game) == FOOLS_MATE_V_CANONICAL
    assert cescacs.pgn.read_game(str(game)) == game
    assert pickle.loads(pickle.dumps(game)) == game


# ----- damaged records ----------------------------------------------------------------

TWO_GAMES = """[Variant "C'escacs"]
[Event "first"]
1. E7-E13, E21-E15
2. F8-F12, F20-F16
3-0
[Variant "C'escacs"]
[Event "second"]
1. H6-H12, I23-I19
0-3
"""


class Pipe:
    """A non-seekable text stream."""

    def __init__(self, text: str) -> None:
        self._text = text

    def read(self, n: int = -1) -> str:
        out, self._text = (self._text, "") if n < 0 else (self._text[:n], self._text[n:])
        return out

    def readline(self) -> str:
        cut = self._text.find("\n") + 1 or len(self._text)
        out, self._text = self._text[:cut], self._text[cut:]
        return out

    def seekable(self) -> bool:
        return False


def test_damaged_record_raises_with_line_and_column() -> None:
    text = TWO_GAMES.replace("F20-F16", "F20-F14")
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_games(text)
    err = e.value
    assert isinstance(err, ValueError)
    assert (err.line, err.column) == (4, 12)
    assert str(err).startswith('line 4, column 12: move 2 of Black: move "F20-F14" is not legal')
    assert err.reason.startswith('move 2 of Black: move "F20-F14" is not legal')
    for source in (io.StringIO(text), Pipe(text)):
        with pytest.raises(InvalidPgnError) as e:
            cescacs.pgn.read_game(source)
        assert (e.value.line, e.value.column) == (4, 12)
        # The stream is left after the damaged game: the next one follows.
        assert cescacs.pgn.read_game(source).headers["Event"] == "second"
        assert cescacs.pgn.read_game(source) is None
    # A damaged real record: the Elephant of 4. …, EG23-F20 sent to F14.
    damaged = game_text("2020-07-20.ctl-pgn").replace("4. EG5-F8, EG23-F20", "4. EG5-F8, EG23-F14")
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(io.StringIO(damaged))
    assert (e.value.line, e.value.column) == (11, 12)
    assert str(e.value).startswith(
        'line 11, column 12: move 4 of Black: move "EG23-F14" is not legal'
    )
    # Truncated.
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game('[Event "cut"]\n1. E7-E13, E21-E15\n2. F8-F12,')
    assert (e.value.line, e.value.column) == (3, 11)
    assert str(e.value) == 'line 3, column 11: the record ends after "," where a move was expected'
    # A bad tag.
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_games(TWO_GAMES.replace('[Event "first"]', "[Event first]"))
    assert str(e.value) == "line 2, column 8: bad tag: the tag value must be in double quotes"


def test_error_in_a_later_game_of_a_stream() -> None:
    text = TWO_GAMES.replace("I23-I19", "I23-I13")
    for source in (io.StringIO(text), Pipe(text)):
        first = cescacs.pgn.read_game(source)
        assert first.headers["Event"] == "first"
        assert first.ply() == 4
        assert first.result == "3-0"
        with pytest.raises(InvalidPgnError) as e:
            cescacs.pgn.read_game(source)
        # Positions count from where reading the stream started.
        assert (e.value.line, e.value.column) == (8, 12)
        assert str(e.value).startswith('line 8, column 12: move 1 of Black: move "I23-I13"')
    # A malformed tag line starting the second game: the first is sound.
    text = TWO_GAMES.replace('[Event "second"]', "[Event second]")
    f = io.StringIO(text)
    assert cescacs.pgn.read_game(f).ply() == 4
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(f)
    assert (e.value.line, e.value.column) == (7, 8)
    text = TWO_GAMES.replace("3-0\n", "")
    f = io.StringIO(text.replace('[Variant "C\'escacs"]\n[Event "second"]', "[Event second]"))
    assert cescacs.pgn.read_game(f).ply() == 4
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(f)
    assert (e.value.line, e.value.column) == (5, 8)


def test_stream_position_after_each_game() -> None:
    text = TWO_GAMES.replace("3-0\n", "3-0\n{ after the first }\n")
    f = io.StringIO(text)
    first = cescacs.pgn.read_game(f)
    assert first.final_comments == ["after the first"]
    assert f.read() == TWO_GAMES[TWO_GAMES.index("[Variant", 1) :]
    # Tag-less games one after the other.
    f = io.StringIO("1. E7-E13\n3-0\n1. H6-H12\n*\n")
    assert [m.long() for m in cescacs.pgn.read_game(f).mainline_moves()] == ["E7-E13"]
    assert f.read() == "1. H6-H12\n*\n"
    pipe = Pipe("1. E7-E13\n3-0\n1. H6-H12\n*\n")
    assert cescacs.pgn.read_game(pipe).result == "3-0"
    assert cescacs.pgn.read_game(pipe).result == "*"
    assert cescacs.pgn.read_game(pipe) is None
    assert cescacs.pgn.read_game("") is None
    assert cescacs.pgn.read_game(io.StringIO("\n\n")) is None
    with pytest.raises(TypeError, match="text mode"):
        cescacs.pgn.read_game(io.BytesIO(b"1. E7-E13\n"))


class SlottedPipe:
    """A non-seekable text stream that takes no attributes."""

    __slots__ = ("_pipe",)

    def __init__(self, text: str) -> None:
        self._pipe = Pipe(text)

    def read(self, n: int = -1) -> str:
        return self._pipe.read(n)

    def readline(self) -> str:
        return self._pipe.readline()

    def seekable(self) -> bool:
        return False


def test_what_read_game_knows_of_a_stream_goes_with_the_stream() -> None:
    text = TWO_GAMES.replace("I23-I19", "I23-I13")
    pipe = Pipe(text)
    assert cescacs.pgn.read_game(pipe).headers["Event"] == "first"
    # The line count and the text read ahead live on the stream object.
    assert vars(pipe).keys() == {"_text", "_cescacs_pgn_stream"}
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(Pipe(text[text.index("[Variant", 1) :]))
    assert (e.value.line, e.value.column) == (3, 12), "a new stream counts from its own start"
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game(pipe)
    assert (e.value.line, e.value.column) == (8, 12)
    # A pipe that cannot keep it is read whole or by an iterator, which keeps it.
    with pytest.raises(TypeError, match="takes no attributes"):
        cescacs.pgn.read_game(SlottedPipe(TWO_GAMES))
    assert [g.headers["Event"] for g in cescacs.pgn.iter_games(SlottedPipe(TWO_GAMES))] == [
        "first",
        "second",
    ]
    assert [g.headers["Event"] for g in cescacs.pgn.read_games(SlottedPipe(TWO_GAMES))] == [
        "first",
        "second",
    ]


def test_lenient_mode_keeps_games_read_so_far() -> None:
    text = TWO_GAMES.replace("F20-F16", "F20-F14")
    for source in (text, io.StringIO(text)):
        games, errors = cescacs.pgn.read_games(source, lenient=True)
        assert len(games) == 2
        assert games[0].headers["Event"] == "first"
        assert [m.long() for m in games[0].mainline_moves()] == ["E7-E13", "E21-E15", "F8-F12"]
        assert games[1].headers["Event"] == "second"
        assert games[1].ply() == 2
        assert games[1].result == "0-3"
        assert len(errors) == 1
        assert isinstance(errors[0], InvalidPgnError)
        assert (errors[0].line, errors[0].column) == (4, 12)
    # Error positions in a stream count from where reading started.
    f = io.StringIO(TWO_GAMES + TWO_GAMES.replace("F20-F16", "F20-F14"))
    assert cescacs.pgn.read_game(f).ply() == 4
    games, errors = cescacs.pgn.read_games(f, lenient=True)
    assert [g.ply() for g in games] == [2, 3, 2]
    assert [(e.line, e.column) for e in errors] == [(13, 12)]
    assert str(errors[0]).startswith("line 13, column 12: move 2 of Black")


# ----- Game built in Python ------------------------------------------------------------


def test_game_built_in_python() -> None:
    game = Game()
    game.headers["Event"] = "demo"
    game.headers["Site"] = "here"
    for m in ["E7-E13", "E21-E15"]:
        game.push_ctl(m)
    assert game.push(cescacs.Move("F8", "F12")).long() == "F8-F12"
    moves = "1. E7-E13, E21-E15\n2. F8-F12\n"
    tags = default_tags("*").replace('Event "?"', 'Event "demo"').replace('Site "?"', 'Site "here"')
    assert str(game) == tags + moves + "*\n"
    assert cescacs.pgn.read_game(str(game)) == game
    game.headers["Event"] = "renamed"
    game.headers["Annotator"] = "me"
    del game.headers["Site"]
    game.result = "1-1"
    # A roster tag deleted is written at its default.
    tags = default_tags("1-1").replace('Event "?"', 'Event "renamed"')
    assert str(game) == tags + '[Annotator "me"]\n' + moves + "1-1\n"
    roster = {
        "Variant": "C'escacs",
        "Event": "renamed",
        "Date": "????-??-??",
        "Round": "?",
        "White": "?",
        "Black": "?",
    }
    assert dict(game.headers) == {**roster, "Result": "1-1", "Annotator": "me"}
    assert game.headers == {**roster, "Result": "1-1", "Annotator": "me"}
    assert "Site" not in game.headers and len(game.headers) == 8
    with pytest.raises(KeyError):
        del game.headers["Site"]
    with pytest.raises(ValueError, match="not set by hand"):
        game.headers["PDTL"] = cescacs.INITIAL_PDTL
    with pytest.raises(ValueError, match='is not "C\'escacs"'):
        game.headers["Variant"] = "Chess"
    with pytest.raises(ValueError, match="is not a tag name"):
        game.headers["Bad name"] = "x"
    with pytest.raises(ValueError, match="one line"):
        game.headers["Event"] = "a\nb"
    with pytest.raises(ValueError, match="unknown result"):
        game.result = "1-0"
    with pytest.raises(cescacs.IllegalMoveError):
        game.push_ctl("F20-F14")
    with pytest.raises(cescacs.InvalidMoveError):
        game.push_ctl("F2O-F16")
    assert game.ply() == 3
    # From a board: its root position and its stack.
    board = Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20")
    board.push_ctl("RC3-C5")
    g = Game(board)
    assert g == Game.from_board(board)
    assert g.board().pdtl() == "/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20"
    assert (
        str(g)
        == default_tags("*") + '[PDTL "/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20"]\n20. RC3-C5\n*\n'
    )
    assert Game("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20") == Game(board.root())
    with pytest.raises(cescacs.InvalidPdtlError):
        Game("not a pdtl")
    with pytest.raises(TypeError):
        Game(3)  # type: ignore[arg-type]


def test_pickling_and_copying_a_game() -> None:
    game = cescacs.pgn.read_game(game_text("2023-09-18.ctl-pgn"))
    back = pickle.loads(pickle.dumps(game))
    assert back == game and back is not game
    assert str(back) == str(game)
    assert copy.copy(game) == game
    assert copy.deepcopy(game) == game
    c = copy.copy(game)
    c.headers["Event"] = "copy"
    assert c.headers["Event"] == "copy"
    assert game.headers["Event"] == "?"
    assert c != game
    # The castling option is not written in CTL-PGN; pickles keep it.
    g = Game(Board(castling_allowed=False))
    g.push_ctl("E7-E13")
    back = pickle.loads(pickle.dumps(g))
    assert back == g
    assert back.board().castling_allowed is False
    assert back.end_board().castling_allowed is False


# ----- repetition, draw claims, Zobrist ------------------------------------------------

SHUFFLE = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"]


def test_knight_shuffle_threefold_then_fivefold() -> None:
    board = Board()
    assert (board.repetition_count(), board.is_repetition(1), board.is_repetition(2)) == (
        1,
        True,
        False,
    )
    for m in SHUFFLE:
        assert not board.can_claim_draw()
        board.push_ctl(m)
    assert board.repetition_count() == 2
    assert board.is_repetition(2) and not board.is_repetition()
    assert not board.can_claim_draw()
    for m in SHUFFLE:
        board.push_ctl(m)
    # Two cycles: the initial position for the third time.
    assert board.repetition_count() == 3
    assert board.is_repetition(3) and board.is_repetition() and not board.is_repetition(4)
    assert board.can_claim_draw()
    assert board.can_claim_threefold_repetition()
    assert not board.can_claim_fifty_moves()
    assert not board.is_fivefold_repetition()
    assert board.outcome() is None and not board.is_game_over()
    assert Game(board).can_claim_draw() and Game(board).is_repetition(3)
    for _ in range(2):
        for m in SHUFFLE:
            assert board.outcome() is None
            board.push_ctl(m)
    # Four cycles: the fifth occurrence ends the game.
    assert board.ply() == 16
    assert board.repetition_count() == 5
    assert board.is_fivefold_repetition()
    assert board.is_game_over()
    assert board.outcome() == Outcome(Termination.FIVEFOLD_REPETITION, None, (1, 1))
    assert board.outcome().result() == "1-1"
    assert not board.can_claim_draw() and not board.can_claim_threefold_repetition()
    game = Game(board)
    assert game.outcome() == Outcome(Termination.FIVEFOLD_REPETITION, None, (1, 1))
    assert game.end_ply() == 16
    with pytest.raises(
        cescacs.IllegalMoveError, match=r"the game is over: 1-1 \(draw by fivefold repetition\)"
    ):
        game.push_ctl("NG3-I7")
    # Taking back the last move undoes the repetition.
    board.pop()
    assert board.repetition_count() == 4 and board.outcome() is None
    # A record that goes on after the fifth occurrence: the game ended at ply 16.
    text = "".join(
        f"{n + 1}. {SHUFFLE[0]}, {SHUFFLE[1]}\n"
        if n % 2 == 0
        else f"{n + 1}. {SHUFFLE[2]}, {SHUFFLE[3]}\n"
        for n in range(9)
    )
    game = cescacs.pgn.read_game(text)
    assert game.ply() == 18
    assert game.end_ply() == 16
    assert game.outcome().termination is Termination.FIVEFOLD_REPETITION
    assert game.result == "1-1"
    assert game.end_board().outcome().termination is Termination.FIVEFOLD_REPETITION


def test_fifty_move_claim_and_seventy_five_moves() -> None:
    board = Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 98 80")
    board.push_ctl("RC3-C5")
    assert not board.can_claim_fifty_moves()
    board.push_ctl("RC25-C23")
    assert board.halfmove_clock == 100
    assert board.can_claim_fifty_moves() and board.can_claim_draw()
    assert not board.can_claim_threefold_repetition()
    assert board.outcome() is None
    board = Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 148 80")
    board.push_ctl("RC3-C5")
    board.push_ctl("RC25-C23")
    assert board.outcome() == Outcome(Termination.SEVENTYFIVE_MOVES, None, (1, 1))
    assert not board.can_claim_draw()


def test_zobrist_hash_identity() -> None:
    a, b = Board(), Board()
    for m in ["NG3-I7", "NG25-I21", "NE3-C7", "NE25-C21"]:
        a.push_ctl(m)
    for m in ["NE3-C7", "NE25-C21", "NG3-I7", "NG25-I21"]:
        b.push_ctl(m)
    assert a.pdtl() == b.pdtl()
    assert a.zobrist_hash() == b.zobrist_hash()
    assert isinstance(a.zobrist_hash(), int) and 0 <= a.zobrist_hash() < 2**64
    before = a.zobrist_hash()
    a.push_ctl("E7-E13")
    assert a.zobrist_hash() != before
    a.pop()
    assert a.zobrist_hash() == before
    # Clocks are not part of the identity; the side to move is.
    assert (
        Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 1").zobrist_hash()
        == Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 37 60").zobrist_hash()
    )
    assert (
        Board("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 1").zobrist_hash()
        != Board("/27:1k/25:r3/3:R2R/1:1K/ b -- - 0 1").zobrist_hash()
    )
    # Transposed positions count together for repetition.
    for m in ["NI7-G3", "NI21-G25", "NC7-E3", "NC21-E25"]:
        b.push_ctl(m)
    assert b.zobrist_hash() == Board().zobrist_hash()
    assert b.repetition_count() == 2


def test_games_one_by_one_from_a_file_with_crlf(tmp_path) -> None:
    path = tmp_path / "two.ctl-pgn"
    bad_second = TWO_GAMES.replace("I23-I19", "I23-I13")
    path.write_bytes((TWO_GAMES + bad_second).replace("\n", "\r\n").encode("utf-8"))
    with open(path, encoding="utf-8") as f:
        assert cescacs.pgn.read_game(f).headers["Event"] == "first"
        assert cescacs.pgn.read_game(f).headers["Event"] == "second"
        assert cescacs.pgn.read_game(f).ply() == 4
        with pytest.raises(InvalidPgnError) as e:
            cescacs.pgn.read_game(f)
        assert (e.value.line, e.value.column) == (17, 12)
        assert cescacs.pgn.read_game(f) is None
    # Moving the stream restarts the line count.
    with open(path, encoding="utf-8") as f:
        cescacs.pgn.read_game(f)
        f.seek(0)
        games, errors = cescacs.pgn.read_games(f, lenient=True)
        assert [g.headers["Event"] for g in games] == ["first", "second", "first", "second"]
        assert [(e.line, e.column) for e in errors] == [(17, 12)]


def test_annotating_a_game() -> None:
    game = cescacs.Game()
    game.push_ctl("E7-E13")
    game.push_ctl("E21-E15")
    game.comments = ["Club final, round 1"]
    game.final_comments = ["Adjourned"]
    game.set_move_comments(2, ["answered", "a brace } in it"])
    game.set_assessment(1, "!?")
    game.set_assessment(2, 2)
    game.set_assessment(2, "??")
    text = str(game)
    assert text == default_tags("*") + (
        "{ Club final, round 1 }\n1. E7-E13 !?, E21-E15 ??\n{ @B: answered }\n{ @B: a brace ) in it }\n*\n{ Adjourned }\n"
    )
    again = cescacs.pgn.read_game(text)
    assert str(again) == text
    assert [(n.assessment, n.nag) for n in again.mainline()] == [("!?", 5), ("??", 4)]
    assert again.comments == ["Club final, round 1"] and again.final_comments == ["Adjourned"]
    game.set_assessment(1, None)
    assert game.mainline()[0].assessment is None
    # Bad plies and marks change nothing.
    for ply in (0, 3):
        with pytest.raises(IndexError):
            game.set_assessment(ply, "!")
        with pytest.raises(IndexError):
            game.set_move_comments(ply, ["x"])
    with pytest.raises(ValueError):
        game.set_assessment(2, "!!!")
    with pytest.raises(ValueError):
        game.set_assessment(2, 8)
    assert game.mainline()[1].nag == 4
    game.pop()
    game.push_ctl("E21-E15")
    assert game.mainline()[1].comments == [] and game.mainline()[1].assessment is None


# ----- the tag rules of NOTATION.md §6.2 and §6.7 ---------------------------------------

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def tag_lines(record: str) -> List[Tuple[str, str]]:
    """The tags of a written record as a minimal reader reads them: the
    lines that open with ``[``, as ``(name, value)``."""
    tags = []
    for line in record.splitlines():
        if not line.startswith("["):
            break
        name, value = line[1:-1].split(" ", 1)
        tags.append((name, value.strip('"')))
    return tags


def check_minimal_reader_rules(record: str) -> List[Tuple[str, str]]:
    """Checks what a minimal reader relies on and returns the tags after
    the roster: Variant first, the roster in order, the Result tag equal to
    the result line, PDTL last."""
    assert record.startswith('[Variant "C\'escacs"]\n'), record
    tags = tag_lines(record)
    assert [n for n, _ in tags[1:8]] == ROSTER, record
    result_line = [
        line for line in record.splitlines() if not line.startswith("{") and not line.endswith("}")
    ][-1]
    assert tags[7] == ("Result", result_line), record
    names = [n for n, _ in tags]
    assert names.count("Variant") == 1
    if "PDTL" in names:
        assert names[-1] == "PDTL", record
    return tags[8:]


def test_written_records_follow_the_minimal_reader_rules() -> None:
    g = cescacs.Game()
    g.push_ctl("E7-E13")
    assert str(g) == default_tags("*") + "1. E7-E13\n*\n"
    assert check_minimal_reader_rules(str(g)) == []
    assert cescacs.pgn.read_game(str(g)) == g
    # Tags set in any order: the roster first, then the others in their order.
    g.headers["Annotator"] = "me"
    g.headers["Black"] = "Ros, Xus"
    g.headers["Variant"] = "C'escacs"
    assert check_minimal_reader_rules(str(g)) == [("Annotator", "me")]
    assert tag_lines(str(g))[6] == ("Black", "Ros, Xus")
    assert cescacs.pgn.read_game(str(g)) == g
    # A PDTL start: PDTL last.
    p = Game("/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20")
    p.headers["Annotator"] = "me"
    p.push_ctl("RC3-C5")
    assert check_minimal_reader_rules(str(p)) == [
        ("Annotator", "me"),
        ("PDTL", "/27:1k/25:r3/3:R2R/1:1K/ w -- - 0 20"),
    ]
    # A record read without tags gets the roster; its Variant is not doubled.
    for text in ["1. E7-E13\n3-0\n", '[Variant "C\'escacs"]\n1. E7-E13\n3-0\n']:
        read = cescacs.pgn.read_game(text)
        assert list(read.headers.items())[:2] == [("Variant", "C'escacs"), ("Event", "?")]
        assert read.headers["Result"] == "3-0"
        check_minimal_reader_rules(str(read))
        assert str(cescacs.pgn.read_game(str(read))) == str(read)


def test_self_play_records_have_their_result_tag() -> None:
    games = list(cescacs.selfplay(4, max_plies=60, seed=3))
    text = cescacs.pgn.write_games(games)
    records = text.split("\n\n")
    assert len(records) == 4
    for game, record in zip(games, records):
        check_minimal_reader_rules(record if record.endswith("\n") else record + "\n")
        assert f'\n[Result "{game.result}"]\n' in record
    mated = cescacs.Game()
    for m in [
        "H6-H12",
        "I23-I19",
        "JF6-C15",
        "GH26-Z11",
        "L5-L7",
        "NG25-L17",
        "EH4-H8",
        "GZ11-L5",
        "I5-I9",
        "NL17-G9",
        "K4-K10",
        "GL5-H6",
    ]:
        mated.push_ctl(m)
    assert '\n[Result "0-3"]\n' in cescacs.pgn.write_games([mated])
    assert cescacs.pgn.read_games(text) == games


def test_a_foreign_variant_is_refused() -> None:
    with pytest.raises(InvalidPgnError) as e:
        cescacs.pgn.read_game('[Event "x"]\n[Variant "Chess"]\n1. E7-E13\n*\n')
    assert isinstance(e.value, ValueError)
    assert (e.value.line, e.value.column) == (2, 1)
    assert (
        str(e.value)
        == 'line 2, column 1: unsupported variant "Chess" (this reader handles "C\'escacs")'
    )
    games, errors = cescacs.pgn.read_games(
        '[Variant "Grand C\'escacs"]\n1. E7-E13\n*\n[Event "ok"]\n1. E7-E13\n*\n', lenient=True
    )
    assert [g.headers["Event"] for g in games] == ["ok"]
    assert [(err.line, err.column) for err in errors] == [(1, 1)]
