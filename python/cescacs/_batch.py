"""The methods of :class:`cescacs.GameBatch` (and ``Board.reset``) written
in Python, attached to the extension's classes when the package is imported (the extension imports
no module of the package): readable result and termination columns, and
Arrow and Parquet through :mod:`cescacs.dataset` (imported when used, so
that ``import cescacs`` needs neither NumPy nor pyarrow)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._cescacs import Board, GameBatch, initial_pdtl

if TYPE_CHECKING:
    from .labels import ResultCodes, TerminationCodes


def _results(self: GameBatch) -> "ResultCodes":
    from .labels import ResultCodes

    return self._results().view(ResultCodes)  # type: ignore[no-any-return]


def _terminations(self: GameBatch) -> "TerminationCodes":
    from .labels import TerminationCodes

    return self._terminations().view(TerminationCodes)  # type: ignore[no-any-return]


def _to_arrow(self: GameBatch, *, moves: str = "index") -> Any:
    from . import dataset

    return dataset.to_arrow(self, moves=moves)


def _write_parquet(self: GameBatch, path: Any, *, moves: str = "ctl", **kwargs: Any) -> None:
    from . import dataset

    dataset.write_parquet(self, path, moves=moves, **kwargs)


def _from_arrow(table: Any) -> GameBatch:
    from . import dataset

    return dataset.from_arrow(table)


def _read_parquet(path: Any) -> GameBatch:
    from . import dataset

    return dataset.read_parquet(path)


def _attach() -> None:
    """Puts the methods above on ``GameBatch``, with the docs of what they call."""
    _results.__doc__ = 'Each game\'s result, a ``cescacs.labels.ResultCodes`` (uint8 codes that compare with ``"3-0"`` … ``"*"``).'
    _terminations.__doc__ = (
        "How each game ended, a ``cescacs.labels.TerminationCodes`` (uint8 codes that compare with "
        "``cescacs.Termination`` members, their values and ``None``)."
    )
    _to_arrow.__doc__ = "The games as a ``pyarrow.Table``: see :func:`cescacs.dataset.to_arrow`."
    _write_parquet.__doc__ = (
        "Writes the games to a Parquet file: see :func:`cescacs.dataset.write_parquet`."
    )
    _from_arrow.__doc__ = (
        "The batch of an Arrow table or data frame: see :func:`cescacs.dataset.from_arrow`."
    )
    _read_parquet.__doc__ = "The batch of a Parquet file: see :func:`cescacs.dataset.read_parquet`."
    for name, fn in (
        ("to_arrow", _to_arrow),
        ("write_parquet", _write_parquet),
        ("from_arrow", _from_arrow),
        ("read_parquet", _read_parquet),
    ):
        fn.__name__ = name
        fn.__qualname__ = f"GameBatch.{name}"
    GameBatch.results = property(_results, doc=_results.__doc__)
    GameBatch.terminations = property(_terminations, doc=_terminations.__doc__)
    GameBatch.to_arrow = _to_arrow
    GameBatch.write_parquet = _write_parquet
    GameBatch.from_arrow = staticmethod(_from_arrow)
    GameBatch.read_parquet = staticmethod(_read_parquet)


_attach()


def _reset(self: Board) -> None:
    """Back to the initial position, with an empty move stack
    (python-chess's ``Board.reset``)."""
    self.set_pdtl(initial_pdtl())


Board.reset = _reset
