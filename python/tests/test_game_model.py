"""The one game model of the core, through Python: taking read records back
to their start, the after-the-end policy (Game refuses, Board accepts), the
result after push/pop, and ``read_game`` over a multi-game stream."""

from __future__ import annotations

import io
from typing import Iterator, List

import pytest

import cescacs
import cescacs.pgn
from cescacs import (
    Board,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidPgnError,
    Move,
    Outcome,
    Termination,
)

from conftest import DATA

GAME_FILES = sorted(p.name for p in (DATA / "games").glob("*.ctl-pgn"))
SHUFFLE = ["NG3-I7", "NG25-I21", "NI7-G3", "NI21-G25"]
FOOLS_MATE = [
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
    "GL5-H6#",
]
# Kings and rooks, halfmove clock 150: drawn by the 75-move rule at the start.
SEVENTYFIVE = "/27:1k/25:r3/3:R2R/1:1K/ w RKRrk - 150 80"


class Pipe:
    """A non-seekable text stream (``readline`` and ``read`` only)."""

    def __init__(self, text: str) -> None:
        self._text = text

    def readline(self) -> str:
        cut = self._text.find("\n") + 1 or len(self._text)
        out, self._text = self._text[:cut], self._text[cut:]
        return out

    def read(self, n: int = -1) -> str:
        out, self._text = (self._text, "") if n < 0 else (self._text[:n], self._text[n:])
        return out

    def seekable(self) -> bool:
        return False


# ----- undo of read records ------------------------------------------------------------


def test_game_files_are_there() -> None:
    assert len(GAME_FILES) >= 5


@pytest.mark.parametrize("name", GAME_FILES)
def test_read_record_taken_back_to_its_start(name: str) -> None:
    game = cescacs.pgn.read_game((DATA / "games" / name).read_text(encoding="utf-8"))
    start = game.board().pdtl()
    # The positions replayed independently, move by move, on a Board.
    board = game.board()
    replayed = [board.pdtl()]
    moves = game.mainline_moves()
    for m in moves:
        board.push(m)
        replayed.append(board.pdtl())
    assert len(replayed) == game.ply() + 1 > 1
    stated = game.result
    for k in range(len(moves), 0, -1):
        assert game.end_board().pdtl() == replayed[k]
        assert game.pop() == moves[k - 1]
        assert game.ply() == k - 1
        assert game.end_board().pdtl() == replayed[k - 1]
        # Once the main line changed, the result is the rules' one.
        assert game.result == ("*" if game.outcome() is None else game.outcome().result())
        if "Result" in game.headers:
            assert game.headers["Result"] == game.result
    assert game.end_board().pdtl() == start == replayed[0]
    assert game.mainline_moves() == []
    with pytest.raises(IndexError):
        game.pop()
    # The emptied record takes the moves again and ends as it did.
    for m in moves:
        game.push(m)
    assert game.end_board().pdtl() == replayed[-1]
    assert game.outcome() is not None and game.outcome().termination is Termination.CHECKMATE
    assert game.result == game.outcome().result()
    assert stated in ("3-0", "0-3")


# ----- the after-the-end policy --------------------------------------------------------


def test_game_over_error_is_an_illegal_move_error() -> None:
    assert issubclass(GameOverError, IllegalMoveError)
    assert issubclass(GameOverError, ValueError)
    assert cescacs.GameOverError is GameOverError
    assert "GameOverError" in cescacs.__all__


def test_seventyfive_moves_at_the_start() -> None:
    game = Game(SEVENTYFIVE)
    assert game.outcome() == Outcome(Termination.SEVENTYFIVE_MOVES, None, (1, 1))
    assert game.end_ply() == 0 and game.result == "1-1"
    with pytest.raises(GameOverError, match=r"the game is over: 1-1"):
        game.push_ctl("RC3-C5")
    with pytest.raises(GameOverError):
        game.push(Move.from_long("C3-C5"))
    # An unreadable or illegal move is refused as over too: the end comes first.
    with pytest.raises(GameOverError):
        game.push(Move.from_long("E7-E13"))
    assert game.ply() == 0
    # The Board (python-chess's model) never refuses a legal move.
    board = Board(SEVENTYFIVE)
    board.push_ctl("RC3-C5")
    board.push(Move.from_long("C25-C23"))
    assert board.ply() == 2
    assert board.outcome() == Outcome(Termination.SEVENTYFIVE_MOVES, None, (1, 1))
    with pytest.raises(IllegalMoveError) as e:
        board.push(Move.from_long("E7-E13"))
    assert not isinstance(e.value, GameOverError)
    # A record of those moves keeps them; it ended at ply 0.
    record = Game(board)
    assert (record.ply(), record.end_ply()) == (2, 0)
    with pytest.raises(GameOverError):
        record.push_ctl("RC5-C7")
    assert record.pop() == Move.from_long("C25-C23")
    assert record.pop() == Move.from_long("C3-C5")
    with pytest.raises(IndexError):
        record.pop()


def test_checkmate_ends_the_game() -> None:
    game = Game()
    for m in FOOLS_MATE:
        game.push_ctl(m)
    assert game.outcome().termination is Termination.CHECKMATE
    assert game.result == "0-3"
    with pytest.raises(GameOverError, match=r"the game is over: 0-3"):
        game.push_ctl("E7-E13")
    board = game.end_board()
    assert board.is_checkmate()
    with pytest.raises(IllegalMoveError) as e:
        board.push_ctl("E7-E13")  # no legal move: illegal, not "over"
    assert not isinstance(e.value, GameOverError)
    # Take the mate back: the game goes on, and the mate can be played again.
    assert game.pop().long() == "L5-H6"
    assert game.outcome() is None and game.result == "*"
    assert game.push_ctl("GL5-H6").long() == "L5-H6"
    assert game.result == "0-3"


def test_fivefold_repetition_ends_the_game_not_the_board() -> None:
    game, board = Game(), Board()
    for _ in range(4):
        for m in SHUFFLE:
            game.push_ctl(m)
            board.push_ctl(m)
    assert game.outcome() == Outcome(Termination.FIVEFOLD_REPETITION, None, (1, 1))
    with pytest.raises(GameOverError, match=r"fivefold repetition"):
        game.push_ctl(SHUFFLE[0])
    # The board plays on; the first end stays its outcome.
    for m in SHUFFLE:
        board.push_ctl(m)
    assert board.ply() == 20 and board.repetition_count() == 6
    assert board.outcome() == Outcome(Termination.FIVEFOLD_REPETITION, None, (1, 1))
    record = Game(board)
    assert (record.ply(), record.end_ply()) == (20, 16)
    with pytest.raises(GameOverError):
        record.push_ctl(SHUFFLE[0])
    for _ in range(4):
        record.pop()
    # Back at the fifth occurrence: still over.
    assert record.end_ply() == 16
    with pytest.raises(GameOverError):
        record.push_ctl(SHUFFLE[0])
    record.pop()
    assert record.outcome() is None and record.result == "*"
    record.push_ctl(SHUFFLE[3])
    assert record.result == "1-1"


def test_result_after_push_and_pop() -> None:
    text = '[Event "agreed"]\n[Result "1-1"]\n1. E7-E13, E21-E15\n1-1\n'
    game = cescacs.pgn.read_game(text)
    assert game.result == "1-1" and game.headers["Result"] == "1-1"
    game.push_ctl("F8-F12")
    assert game.result == "*" and game.headers["Result"] == "*"
    game.pop()
    # The stated result no longer applies once the main line changed.
    assert game.result == "*" and game.headers["Result"] == "*"
    game.result = "1-1"
    assert game.result == "1-1" and game.headers["Result"] == "1-1"
    assert str(game).endswith("1-1\n")
    # A record read without a Result tag has one (the Seven Tag Roster),
    # the game's result; one deleted is not added back.
    game = cescacs.pgn.read_game("1. E7-E13, E21-E15\n3-0\n")
    assert game.result == "3-0" and game.headers["Result"] == "3-0"
    del game.headers["Result"]
    game.pop()
    assert game.result == "*" and "Result" not in game.headers
    assert '\n[Result "*"]\n' in str(game)
    with pytest.raises(ValueError):
        game.result = "2-0"


# ----- read_game over a multi-game stream ------------------------------------------------

MULTI = (
    '[Variant "C\'escacs"]\n[Event "A"]\n1. E7-E13, E21-E15\n2. F8-F12\n3-0\n'
    # A tag-less record without a result ...
    "1. H6-H12, I23-I19\n"
    # ... followed by a tag section: two games.
    '[Event "C"]\n'
    "1. E7-E13 { a comment with [brackets]\n"
    '[Event "not a tag"] inside the comment }\n'
    "1. …, E21-E15\n*\n"
    # Tag-less games ended by their results, two on one line.
    "1. K4-K10\n0-3\n"
    "1. E7-E13 1-1 1. F8-F12, F20-F16 *\n"
)
# A game read without an Event tag has the roster's "?".
MULTI_EXPECTED = [
    ("A", 3, "3-0"),
    ("?", 2, "*"),
    ("C", 2, "*"),
    ("?", 1, "0-3"),
    ("?", 1, "1-1"),
    ("?", 2, "*"),
]


def summary(game: Game) -> tuple:
    return (game.headers.get("Event"), game.ply(), game.result)


def streams(text: str, tmp_path) -> Iterator[object]:
    yield io.StringIO(text)
    yield Pipe(text)
    path = tmp_path / "multi.ctl-pgn"
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as f:
        yield f


def test_read_game_one_at_a_time(tmp_path) -> None:
    whole = cescacs.pgn.read_games(MULTI)
    assert [summary(g) for g in whole] == MULTI_EXPECTED
    for source in streams(MULTI, tmp_path):
        games: List[Game] = []
        while (g := cescacs.pgn.read_game(source)) is not None:
            games.append(g)
        assert games == whole, type(source).__name__
        assert cescacs.pgn.read_game(source) is None
    # Each call leaves the stream just after its game.
    f = io.StringIO(MULTI)
    cescacs.pgn.read_game(f)
    assert f.read().startswith("1. H6-H12, I23-I19\n[Event")
    f.seek(0)
    for _ in range(2):
        cescacs.pgn.read_game(f)
    assert f.read().startswith('[Event "C"]')
    f.seek(0)
    for _ in range(4):
        cescacs.pgn.read_game(f)
    assert f.read() == "1. E7-E13 1-1 1. F8-F12, F20-F16 *\n"


def test_read_game_after_a_damaged_game(tmp_path) -> None:
    text = '[Event "bad"]\n1. E7-E13, E21-E15\n2. F8-F20\n*\n[Event "good"]\n1. H6-H12\n*\n1. E7-E17\n3-0\n1. K4-K10\n0-3\n'
    for source in streams(text, tmp_path):
        with pytest.raises(InvalidPgnError) as e:
            cescacs.pgn.read_game(source)
        assert (e.value.line, e.value.column) == (3, 4)
        assert summary(cescacs.pgn.read_game(source)) == ("good", 1, "*")
        # An error in a tag-less game sharing its text with the next one.
        with pytest.raises(InvalidPgnError) as e:
            cescacs.pgn.read_game(source)
        assert (e.value.line, e.value.column) == (8, 4)
        assert summary(cescacs.pgn.read_game(source)) == ("?", 1, "0-3")
        assert cescacs.pgn.read_game(source) is None


def test_pickle_and_copy_past_the_end() -> None:
    import copy
    import pickle

    board = Board()
    for _ in range(5):
        for m in SHUFFLE:
            board.push_ctl(m)
    assert board.ply() == 20
    for b in (
        pickle.loads(pickle.dumps(board)),
        copy.copy(board),
        copy.deepcopy(board),
        board.copy(),
    ):
        assert b == board and b.move_stack == board.move_stack
        assert b.repetition_count() == 6 and b.outcome() == board.outcome()
        assert b.root() == Board()
    fresh = board.copy(stack=False)
    assert fresh == board and fresh.ply() == 0 and fresh.repetition_count() == 1
    # A record of those moves keeps the ones past the end through a pickle.
    record = Game(board)
    back = pickle.loads(pickle.dumps(record))
    assert back == record and (back.ply(), back.end_ply()) == (20, 16)
    with pytest.raises(GameOverError):
        back.push_ctl(SHUFFLE[0])
