"""Game datasets: :class:`cescacs.GameBatch` to and from Arrow tables and
Parquet files, through pyarrow (``pip install "cescacs[arrow]"``).

A table has one row per game:

- ``moves``, ``list<uint16>``: the ``cescacs.encode`` move index of each ply;
  or instead ``ranks``, ``list<uint8>`` (``list<uint16>`` if a rank reaches
  256): each move's rank among its position's legal moves ordered by move
  index (``GameBatch.ranks``), which Parquet stores in about a byte a ply;
- ``result``, ``dictionary<int8, string>``: ``3-0``, ``0-3``, ``2-1``, ``1-2``, ``1-1`` or ``*``;
- ``termination``, ``dictionary<int8, string>``: a ``cescacs.Termination``
  value, null if the game had not ended;
- ``plies``, ``uint32``: the number of moves;
- ``seed``, ``uint64``: the self-play seed (null for games read from CTL-PGN);
- ``index``, ``uint64``: the game's index in the seed's stream (null likewise);
- ``start``, ``dictionary<int32, string>``: the start position (PDTL).

``GameBatch.from_arrow`` replays every move (an illegal one raises
``ValueError`` naming the game and ply), so a table read back is exactly the
batch written.

>>> import cescacs
>>> b = cescacs.selfplay(3, max_plies=20, seed=1)
>>> cescacs.GameBatch.from_arrow(b.to_arrow()) == b  # doctest: +SKIP
True
"""

from __future__ import annotations

import os
from typing import Any, Optional, Tuple, Union

import numpy as np

from ._cescacs import GameBatch

__all__ = ["MissingExtraError", "from_arrow", "read_parquet", "to_arrow", "write_parquet"]

PathLike = Union[str, "os.PathLike[str]"]


class MissingExtraError(ImportError):
    """An optional dependency of cescacs is not installed; the message names
    the extra that installs it."""


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
    except ImportError as e:
        raise MissingExtraError("GameBatch Arrow/Parquet support needs pyarrow: pip install 'cescacs[arrow]'") from e
    return pyarrow


def to_arrow(batch: GameBatch, *, moves: str = "index") -> Any:
    """The games of ``batch`` as a ``pyarrow.Table`` (see the module docs):
    with ``moves="index"`` a ``moves`` column whose values are the batch's
    own memory (no copy), with ``moves="rank"`` a ``ranks`` column."""
    pa = _pyarrow()
    if moves == "index":
        name, values = "moves", pa.array(batch.moves)
    elif moves == "rank":
        ranks = batch.ranks()
        name = "ranks"
        values = pa.array(ranks.astype(np.uint8) if len(ranks) == 0 or ranks.max() < 256 else ranks)
    else:
        raise ValueError(f"moves must be 'index' or 'rank', not {moves!r}")
    offsets = batch.offsets
    if offsets[-1] < 2**31:
        column = pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), values)
    else:
        column = pa.LargeListArray.from_arrays(pa.array(offsets), values)
    n = len(batch)
    terminations = batch.terminations
    term_index = pa.array((terminations.astype(np.int16) - 1).astype(np.int8), mask=terminations == 0)
    seed, first = batch.seed, batch.first
    if seed is None or first is None:
        seeds = pa.nulls(n, pa.uint64())
        index = pa.nulls(n, pa.uint64())
    else:
        seeds = pa.array(np.full(n, seed, dtype=np.uint64))
        index = pa.array(np.arange(first, first + n, dtype=np.uint64))
    # The seed also goes in the schema's metadata, for a table without rows.
    metadata = None if seed is None else {b"cescacs.seed": str(seed).encode(), b"cescacs.first": str(first).encode()}
    return pa.table(
        {
            name: column,
            "result": pa.DictionaryArray.from_arrays(pa.array(batch.results.astype(np.int8)), pa.array(GameBatch.RESULTS)),
            "termination": pa.DictionaryArray.from_arrays(term_index, pa.array(GameBatch.TERMINATIONS[1:])),
            "plies": pa.array(batch.plies.astype(np.uint32)),
            "seed": seeds,
            "index": index,
            "start": pa.DictionaryArray.from_arrays(pa.array(batch.start_indices.astype(np.int32)), pa.array(batch.starts)),
        },
        metadata=metadata,
    )


def _codes(pa: Any, column: Any, names: Tuple[Optional[str], ...], what: str) -> Any:
    """``uint8`` codes (positions in ``names``) of a string column; a null
    is the code of ``None`` in ``names``."""
    column = column.combine_chunks() if hasattr(column, "combine_chunks") else column
    if not pa.types.is_dictionary(column.type):
        column = column.dictionary_encode()
    table = {name: code for code, name in enumerate(names)}
    try:
        lookup = np.array([table[v] for v in column.dictionary.to_pylist()] + [table.get(None, 255)], dtype=np.uint8)
    except KeyError as e:
        raise ValueError(f"unknown {what} {e.args[0]!r} (expected one of {[n for n in names if n is not None]})") from None
    indices = column.indices.fill_null(len(column.dictionary)).to_numpy(zero_copy_only=False).astype(np.int64)
    codes = lookup[indices]
    if (codes == 255).any():
        raise ValueError(f"the {what} column has nulls")
    return codes


def from_arrow(table: Any) -> GameBatch:
    """The batch a table of :func:`to_arrow`'s columns holds; every move is
    replayed and checked (``ValueError`` names the game and ply). ``seed``
    and ``index`` may be absent or null; the batch keeps its seed when every
    row has the same seed and consecutive indices."""
    pa = _pyarrow()
    ranks = "moves" not in table.column_names and "ranks" in table.column_names
    name = "ranks" if ranks else "moves"
    missing = [c for c in (name, "result", "termination", "start") if c not in table.column_names]
    if missing:
        raise ValueError(f"the table has no {', '.join(missing)} column (see cescacs.dataset)")
    moves = table.column(name).combine_chunks()
    if not (pa.types.is_list(moves.type) or pa.types.is_large_list(moves.type)) or moves.null_count:
        raise ValueError(f"the {name} column must be a list of integers without nulls")
    values = moves.flatten().cast(pa.uint16()).to_numpy(zero_copy_only=False)
    offsets = moves.offsets.to_numpy(zero_copy_only=False).astype(np.int64)
    offsets = offsets - offsets[0]
    start = table.column("start").combine_chunks()
    if not pa.types.is_dictionary(start.type):
        start = start.dictionary_encode()
    if start.null_count:
        raise ValueError("the start column has nulls")
    results = _codes(pa, table.column("result"), tuple(GameBatch.RESULTS), "result")
    terminations = _codes(pa, table.column("termination"), tuple(GameBatch.TERMINATIONS), "termination")
    origin = None
    meta = table.schema.metadata or {}
    if table.num_rows == 0 and b"cescacs.seed" in meta and b"cescacs.first" in meta:
        origin = (int(meta[b"cescacs.seed"]), int(meta[b"cescacs.first"]))
    if "seed" in table.column_names and "index" in table.column_names and table.num_rows:
        seeds, index = table.column("seed"), table.column("index")
        if seeds.null_count == 0 and index.null_count == 0:
            s = seeds.to_numpy().astype(np.uint64)
            i = index.to_numpy().astype(np.uint64)
            if (s == s[0]).all() and (i == i[0] + np.arange(len(i), dtype=np.uint64)).all():
                origin = (int(s[0]), int(i[0]))
    return GameBatch._from_parts(
        np.ascontiguousarray(values, dtype=np.uint16),
        np.ascontiguousarray(offsets),
        [str(p) for p in start.dictionary.to_pylist()],
        np.ascontiguousarray(start.indices.to_numpy(zero_copy_only=False), dtype=np.uint32),
        results,
        terminations,
        origin,
        ranks,
    )


def write_parquet(batch: GameBatch, path: PathLike, *, moves: str = "rank", **kwargs: Any) -> None:
    """Writes ``batch.to_arrow(moves=moves)`` to a Parquet file, by default
    with ranks (about a byte a ply; ``moves="index"`` stores move indices,
    under two bytes a ply), zstd-compressed unless ``compression`` says
    otherwise; other keywords go to ``pyarrow.parquet.write_table``."""
    pa = _pyarrow()
    kwargs.setdefault("compression", "zstd")
    pa.parquet.write_table(to_arrow(batch, moves=moves), os.fspath(path), **kwargs)


def read_parquet(path: PathLike) -> GameBatch:
    """The batch of a Parquet file written by :func:`write_parquet` (or any
    file with those columns)."""
    pa = _pyarrow()
    return from_arrow(pa.parquet.read_table(os.fspath(path)))
