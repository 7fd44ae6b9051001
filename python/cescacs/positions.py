"""Training-position files (``CESPOS1``): what the network's generator writes
(``cargo run --release -p cescacs-research --bin gen_positions``, docs/NNUE.md) and
its trainer reads, read here by the same Rust reader (``cescacs_research::positions``).

A file is an eight-byte header (``CESPOS``, the format's version as a digit, a zero
byte) and 64-byte records: the packed position, the search's score (centipawns for
the side to move), the game's result (White's points 0-3, 255 unfinished) and the ply.

>>> from cescacs.positions import PositionsReader, read_batch
>>> with PositionsReader("positions.bin") as reader:  # doctest: +SKIP
...     for record in reader:
...         board, score = record.board(), record.score
>>> columns = read_batch("positions.bin")  # doctest: +SKIP
>>> columns["packed"].shape, columns["score"].dtype  # doctest: +SKIP
((10000, 58), dtype('int16'))

A file that is not one, of an unknown version, truncated or with a bad record raises
``PositionsFileError`` (a ``ValueError``; ``.record`` and ``.offset`` say where); a
missing file ``FileNotFoundError``.
"""

from __future__ import annotations

import os
from types import TracebackType
from typing import Dict, Iterator, Optional, Type, Union

import numpy as np

from ._cescacs import PositionRecord, PositionsFileError, _PositionsReader

__all__ = ["PositionRecord", "PositionsFileError", "PositionsReader", "read_batch", "VERSION"]

#: The format's version this package reads.
VERSION = 1

PathLike = Union[str, "os.PathLike[str]"]


class PositionsReader:
    """The records of a positions file in order, one in memory at a time: iterate for
    :class:`PositionRecord` objects, or take NumPy columns with :meth:`read_batch`."""

    def __init__(self, path: PathLike) -> None:
        self._native = _PositionsReader(os.fspath(path))

    def __iter__(self) -> Iterator[PositionRecord]:
        return self

    def __next__(self) -> PositionRecord:
        return next(self._native)

    def read_batch(self, n: int) -> Dict[str, np.ndarray]:
        """Up to ``n`` next records as columns: ``packed`` (k x 58 ``uint8``), ``score``
        (``int16``), ``result`` (``uint8``), ``ply`` (``uint16``); k < n only at the end."""
        if n < 0:
            raise ValueError(f"read_batch: n must be at least 0, not {n}")
        return self._native.read_batch(n)

    @property
    def records_read(self) -> int:
        """The records read so far."""
        return self._native.records_read

    def close(self) -> None:
        """Closes the file."""
        self._native.close()

    def __enter__(self) -> "PositionsReader":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        self.close()


def read_batch(path: PathLike, limit: Optional[int] = None) -> Dict[str, np.ndarray]:
    """The records of a file (the first ``limit`` of them if given) as the columns of
    :meth:`PositionsReader.read_batch`."""
    with PositionsReader(path) as reader:
        if limit is not None:
            return reader.read_batch(limit)
        parts = []
        while True:
            part = reader.read_batch(1 << 20)
            parts.append(part)
            if len(part["score"]) < 1 << 20:
                break
        if len(parts) == 1:
            return parts[0]
        return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
