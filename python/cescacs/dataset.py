"""Game datasets: :class:`cescacs.GameBatch` to and from Arrow tables and
Parquet files, through pyarrow (``pip install "cescacs[arrow]"``), and from
any data frame that speaks Arrow (Polars: ``pip install "cescacs[polars]"``).

A table has one row per game:

- ``moves``: the moves of the game, in one of three encodings:

  - ``list<string>``, ``moves="ctl"``: each move in canonical CTL-AN with
    its check or mate mark (``"E7-E13"``, ``"K8×E13+"``), what Polars and
    pandas read as moves without cescacs; the default of
    :func:`write_parquet`;
  - ``list<uint16>``, ``moves="index"``: the ``cescacs.encode`` move index
    of each ply, the batch's own memory (no copy); the default of
    :func:`to_arrow`;
  - or instead a ``ranks_v2`` column, ``moves="rank"``, ``list<uint8>``
    (``list<uint16>`` if a rank reaches 256): each move's rank
    (``GameBatch.ranks``), a slot among its position's pseudo-legal moves,
    which Parquet stores in about a byte a ply. The column's name carries
    the rank encoding's version (``GameBatch.RANK_VERSION``), so that data
    frames keep it; a ``ranks`` column (version 1) or one of another
    version is refused with ``RankVersionError`` (its ranks would name
    other moves);

- ``result``, ``dictionary<int8, string>``: the result in C'escacs points,
  White's first: ``3-0`` (White mates), ``2-1`` (White stalemates),
  ``1-1`` (a draw), ``1-2``, ``0-3`` or ``*`` (not ended). The dictionary
  is ``GameBatch.RESULTS``, so an index is the code ``GameBatch.results``
  gives: 0 ``3-0``, 1 ``0-3``, 2 ``2-1``, 3 ``1-2``, 4 ``1-1``, 5 ``*``;
- ``termination``, ``dictionary<int8, string>``: how the rules ended the
  game, by the rules' name (``checkmate``, ``stalemate``, ``fivefold
  repetition``, ``75-move rule``, ``insufficient material``), null if it
  had not ended; ``GameBatch.TERMINATIONS[code]`` for a code of
  ``GameBatch.terminations`` (code 0 is null);
- ``plies``, ``uint32``: the number of moves;
- ``seed``, ``uint64``: the self-play seed (null for games read from CTL-PGN);
- ``index``, ``uint64``: the game's index in the seed's stream (null likewise);
- ``start``, ``dictionary<int32, string>``: the start position (PDTL).

``GameBatch.from_arrow`` replays every move (an illegal one raises
``ValueError`` naming the game and ply), so a table read back is exactly the
batch written. It reads any of the three encodings, results and
terminations as dictionaries or plain strings, and takes a
``pyarrow.Table``, ``RecordBatch`` or ``RecordBatchReader``, anything with
``__arrow_c_stream__`` (a Polars ``DataFrame``) or a ``to_arrow()`` method,
or a pandas ``DataFrame`` (through pyarrow).

>>> import cescacs
>>> b = cescacs.selfplay(3, max_plies=20, seed=1)
>>> cescacs.GameBatch.from_arrow(b.to_arrow(moves="ctl")) == b  # doctest: +SKIP
True
"""

from __future__ import annotations

import os
from typing import Any, Optional, Tuple, Union

import numpy as np

from ._cescacs import GameBatch

__all__ = [
    "MissingExtraError",
    "RankVersionError",
    "from_arrow",
    "read_parquet",
    "to_arrow",
    "write_parquet",
]

PathLike = Union[str, "os.PathLike[str]"]


class MissingExtraError(ImportError):
    """An optional dependency of cescacs is not installed; the message names
    the extra that installs it."""


def _pyarrow() -> Any:
    try:
        import pyarrow  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
    except ImportError as e:
        raise MissingExtraError(
            "GameBatch Arrow/Parquet support needs pyarrow: pip install 'cescacs[arrow]'"
        ) from e
    return pyarrow


_ENCODINGS = ("ctl", "index", "rank")

#: The name of the ranks column this cescacs writes and reads.
_RANKS = f"ranks_v{GameBatch.RANK_VERSION}"


class RankVersionError(ValueError):
    """A table's ranks column is not of the rank encoding this cescacs
    reads (``GameBatch.RANK_VERSION``, named by the column: ``ranks_v2``;
    a ``ranks`` column is version 1): its ranks would name other moves."""


def _ranks_column(names: Any) -> Optional[str]:
    """The ranks column of a table with no ``moves`` column, if any;
    ``RankVersionError`` if its version is not this cescacs's."""
    if "moves" in names:
        return None
    found = [n for n in names if n == "ranks" or n.startswith("ranks_v")]
    if not found or _RANKS in found:
        return _RANKS if found else None
    version = "1" if found[0] == "ranks" else found[0][len("ranks_v") :]
    raise RankVersionError(
        f"the {found[0]!r} column holds ranks of version {version}; this cescacs reads rank version "
        f"{GameBatch.RANK_VERSION} only ({_RANKS!r}): write the games again with the cescacs that wrote them, "
        "as moves='ctl' or 'index', which every version reads"
    )


def _list_column(pa: Any, offsets: Any, values: Any) -> Any:
    """A list column of ``values`` cut by ``offsets`` (64-bit offsets only
    when 32 bits do not hold them)."""
    if offsets[-1] < 2**31:
        return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), values)
    return pa.LargeListArray.from_arrays(pa.array(offsets), values)


def _ctl_values(pa: Any, batch: GameBatch) -> Any:
    """Every move of ``batch`` in CTL-AN as one Arrow string array, made in
    Rust (``GameBatch._ctl_text``) and wrapped without a copy."""
    text, ply_offsets = batch._ctl_text()
    n = len(ply_offsets) - 1
    if ply_offsets[-1] < 2**31:
        return pa.StringArray.from_buffers(
            n, pa.py_buffer(ply_offsets.astype(np.int32)), pa.py_buffer(text)
        )
    return pa.LargeStringArray.from_buffers(n, pa.py_buffer(ply_offsets), pa.py_buffer(text))


def to_arrow(batch: GameBatch, *, moves: str = "index") -> Any:
    """The games of ``batch`` as a ``pyarrow.Table`` (see the module docs):
    with ``moves="index"`` a ``moves`` column whose values are the batch's
    own memory (no copy), with ``moves="ctl"`` a ``moves`` column of CTL-AN
    strings, with ``moves="rank"`` a ``ranks_v2`` column."""
    pa = _pyarrow()
    if moves == "index":
        name, values = "moves", pa.array(batch.moves)
    elif moves == "ctl":
        name, values = "moves", _ctl_values(pa, batch)
    elif moves == "rank":
        ranks = batch.ranks()
        name = _RANKS
        values = pa.array(ranks.astype(np.uint8) if len(ranks) == 0 or ranks.max() < 256 else ranks)
    else:
        raise ValueError(
            f"moves must be one of {', '.join(repr(e) for e in _ENCODINGS)}, not {moves!r}"
        )
    column = _list_column(pa, batch.offsets, values)
    n = len(batch)
    terminations = batch.terminations
    term_index = pa.array(
        (terminations.astype(np.int16) - 1).astype(np.int8), mask=terminations == 0
    )
    seed, first = batch.seed, batch.first
    if seed is None or first is None:
        seeds = pa.nulls(n, pa.uint64())
        index = pa.nulls(n, pa.uint64())
    else:
        seeds = pa.array(np.full(n, seed, dtype=np.uint64))
        index = pa.array(np.arange(first, first + n, dtype=np.uint64))
    # The seed also goes in the schema's metadata, for a table without rows.
    metadata = (
        None
        if seed is None
        else {b"cescacs.seed": str(seed).encode(), b"cescacs.first": str(first).encode()}
    )
    return pa.table(
        {
            name: column,
            "result": pa.DictionaryArray.from_arrays(
                pa.array(batch.results.astype(np.int8)), pa.array(GameBatch.RESULTS)
            ),
            "termination": pa.DictionaryArray.from_arrays(
                term_index, pa.array(GameBatch.TERMINATIONS[1:])
            ),
            "plies": pa.array(batch.plies.astype(np.uint32)),
            "seed": seeds,
            "index": index,
            "start": pa.DictionaryArray.from_arrays(
                pa.array(batch.start_indices.astype(np.int32)), pa.array(batch.starts)
            ),
        },
        metadata=metadata,
    )


def _table(pa: Any, data: Any) -> Any:
    """``data`` as a ``pyarrow.Table``: a table, a record batch or reader,
    anything with ``__arrow_c_stream__`` (Polars, DuckDB, nanoarrow…) or
    ``to_arrow()``, or a pandas data frame."""
    if isinstance(data, pa.Table):
        return data
    if isinstance(data, pa.RecordBatch):
        return pa.Table.from_batches([data])
    if isinstance(data, pa.RecordBatchReader):
        return data.read_all()
    if hasattr(data, "__arrow_c_stream__"):
        return pa.table(data)
    if hasattr(data, "to_arrow"):
        return _table(pa, data.to_arrow())
    if type(data).__module__.startswith("pandas") and hasattr(data, "columns"):
        return pa.Table.from_pandas(data, preserve_index=False)
    raise TypeError(
        "from_arrow takes a pyarrow Table, RecordBatch or RecordBatchReader, a data frame with __arrow_c_stream__ "
        f"or to_arrow() (Polars) or a pandas DataFrame; got {type(data).__name__}"
    )


def _plain(pa: Any, column: Any) -> Any:
    """One array of ``column`` (chunks combined), string views as large
    strings (which every pyarrow kernel takes)."""
    column = column.combine_chunks() if hasattr(column, "combine_chunks") else column
    is_view = getattr(pa.types, "is_string_view", lambda t: False)
    if is_view(column.type):
        column = column.cast(pa.large_string())
    return column


def _codes(pa: Any, column: Any, names: Tuple[Optional[str], ...], what: str) -> Any:
    """``uint8`` codes (positions in ``names``) of a string column; a null
    is the code of ``None`` in ``names``."""
    column = _plain(pa, column)
    if not pa.types.is_dictionary(column.type):
        column = column.dictionary_encode()
    table = {name: code for code, name in enumerate(names)}
    try:
        lookup = np.array(
            [table[v] for v in column.dictionary.to_pylist()] + [table.get(None, 255)],
            dtype=np.uint8,
        )
    except KeyError as e:
        raise ValueError(
            f"unknown {what} {e.args[0]!r} (expected one of {[n for n in names if n is not None]})"
        ) from None
    indices = (
        column.indices.fill_null(len(column.dictionary))
        .to_numpy(zero_copy_only=False)
        .astype(np.int64)
    )
    codes = lookup[indices]
    if (codes == 255).any():
        raise ValueError(f"the {what} column has nulls")
    return codes


def _ctl_buffers(pa: Any, values: Any) -> Tuple[Any, Any]:
    """The UTF-8 bytes and ``int64`` offsets (one per move and one more) of
    a string array, without a copy where its layout allows."""
    values = values.cast(pa.large_string())
    if values.null_count:
        raise ValueError("the moves column has null moves (give one CTL-AN string per ply)")
    buffers = values.buffers()
    offsets = np.frombuffer(buffers[1], dtype=np.int64)[
        values.offset : values.offset + len(values) + 1
    ]
    text = (
        np.frombuffer(buffers[2], dtype=np.uint8)
        if buffers[2] is not None
        else np.zeros(0, dtype=np.uint8)
    )
    return text, offsets


def _origin(table: Any) -> Optional[Tuple[int, int]]:
    """The seed and first index of a table's games: from the ``seed`` and
    ``index`` columns when every row has the same seed and consecutive
    indices, or from the schema's metadata for a table without rows."""
    meta = table.schema.metadata or {}
    if table.num_rows == 0 and b"cescacs.seed" in meta and b"cescacs.first" in meta:
        return (int(meta[b"cescacs.seed"]), int(meta[b"cescacs.first"]))
    if "seed" in table.column_names and "index" in table.column_names and table.num_rows:
        seeds, index = table.column("seed"), table.column("index")
        if seeds.null_count == 0 and index.null_count == 0:
            s = seeds.to_numpy().astype(np.uint64)
            i = index.to_numpy().astype(np.uint64)
            if (s == s[0]).all() and (i == i[0] + np.arange(len(i), dtype=np.uint64)).all():
                return (int(s[0]), int(i[0]))
    return None


def from_arrow(table: Any) -> GameBatch:
    """The batch a table of :func:`to_arrow`'s columns holds (any of its
    three move encodings; see the module docs for what else it takes);
    every move is replayed and checked (``ValueError`` names the game and
    ply). ``seed`` and ``index`` may be absent or null; the batch keeps its
    seed when every row has the same seed and consecutive indices."""
    pa = _pyarrow()
    table = _table(pa, table)
    ranks_name = _ranks_column(table.column_names)
    ranks = ranks_name is not None
    name = ranks_name or "moves"
    missing = [c for c in (name, "result", "termination", "start") if c not in table.column_names]
    if missing:
        raise ValueError(f"the table has no {', '.join(missing)} column (see cescacs.dataset)")
    moves = _plain(pa, table.column(name))
    if not (pa.types.is_list(moves.type) or pa.types.is_large_list(moves.type)) or moves.null_count:
        raise ValueError(
            f"the {name} column must be a list of integers (or of CTL-AN strings) without nulls"
        )
    offsets = moves.offsets.to_numpy(zero_copy_only=False).astype(np.int64)
    offsets = offsets - offsets[0]
    values = _plain(pa, moves.flatten())
    ctl = pa.types.is_string(values.type) or pa.types.is_large_string(values.type)
    if not ctl and not pa.types.is_integer(values.type):
        raise ValueError(
            f"the {name} column must be a list of integers or of CTL-AN strings, not {moves.type}"
        )
    start = _plain(pa, table.column("start"))
    if not pa.types.is_dictionary(start.type):
        start = start.dictionary_encode()
    if start.null_count:
        raise ValueError("the start column has nulls")
    columns = (
        np.ascontiguousarray(offsets),
        [str(p) for p in start.dictionary.to_pylist()],
        np.ascontiguousarray(start.indices.to_numpy(zero_copy_only=False), dtype=np.uint32),
        _codes(pa, table.column("result"), tuple(GameBatch.RESULTS), "result"),
        _codes(pa, table.column("termination"), tuple(GameBatch.TERMINATIONS), "termination"),
        _origin(table),
    )
    if ctl:
        text, ply_offsets = _ctl_buffers(pa, values)
        return GameBatch._from_ctl_parts(text, np.ascontiguousarray(ply_offsets), *columns)
    values = values.cast(pa.uint16()).to_numpy(zero_copy_only=False)
    return GameBatch._from_parts(np.ascontiguousarray(values, dtype=np.uint16), *columns, ranks)


def write_parquet(batch: GameBatch, path: PathLike, *, moves: str = "ctl", **kwargs: Any) -> None:
    """Writes ``batch.to_arrow(moves=moves)`` to a Parquet file,
    zstd-compressed unless ``compression`` says otherwise; other keywords go
    to ``pyarrow.parquet.write_table``. By default the moves are CTL-AN
    strings, which Polars and pandas read as moves without cescacs;
    ``moves="index"`` stores move indices (under two bytes a ply, the
    fastest to write), ``moves="rank"`` ranks (about a byte a ply, the
    smallest). docs/PERFORMANCE.md compares their sizes and times."""
    pa = _pyarrow()
    kwargs.setdefault("compression", "zstd")
    pa.parquet.write_table(to_arrow(batch, moves=moves), os.fspath(path), **kwargs)


def read_parquet(path: PathLike) -> GameBatch:
    """The batch of a Parquet file written by :func:`write_parquet` in any
    of its encodings (or any file with those columns)."""
    pa = _pyarrow()
    return from_arrow(pa.parquet.read_table(os.fspath(path)))
