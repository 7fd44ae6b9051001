"""cescacs.positions reads the generator's files (research/src/bin/gen_positions.rs) with
the Rust reader: the records agree field by field with the byte layout read by NumPy
alone, one at a time and in NumPy batches, and broken files raise PositionsFileError
with the record and offset."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict

import numpy as np
import pytest

import cescacs
from cescacs.positions import PositionRecord, PositionsFileError, PositionsReader, read_batch

ROOT = Path(__file__).resolve().parents[2]
# Where cargo builds (scripts/test-python.sh sets CARGO_TARGET_DIR).
BINARY = ROOT / os.environ.get("CARGO_TARGET_DIR", "target") / "release" / "gen_positions"
LAYOUT = np.dtype(
    [("packed", "u1", 58), ("score", "<i2"), ("result", "u1"), ("pad", "u1"), ("ply", "<u2")]
)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 150-position file of the generator (60 nodes a move, two threads)."""
    if shutil.which("cargo") is None:
        pytest.skip("needs cargo to build the generator")
    subprocess.run(
        ["cargo", "build", "--release", "-q", "-p", "cescacs-research", "--bin", "gen_positions"],
        cwd=ROOT,
        check=True,
    )
    path = tmp_path_factory.mktemp("positions") / "gen.bin"
    args = [
        str(BINARY),
        "--positions",
        "150",
        "--nodes",
        "60",
        "--seed",
        "5",
        "--threads",
        "2",
        "--out",
        str(path),
    ]
    subprocess.run(args, check=True, capture_output=True)
    return path


def layout(path: Path) -> np.ndarray:
    data = np.fromfile(path, dtype=np.uint8)
    assert bytes(data[:8]) == b"CESPOS1\0"
    return data[8:].view(LAYOUT)


def test_the_generators_file_reads_back(generated: Path) -> None:
    raw = layout(generated)
    assert len(raw) == 150
    records = list(PositionsReader(generated))
    assert [r.index for r in records] == list(range(150))
    for r, row in zip(records, raw):
        assert isinstance(r, PositionRecord)
        assert r.packed == row["packed"].tobytes()
        assert (r.score, r.result, r.ply) == (row["score"], row["result"], row["ply"])
        assert r.white_points == (None if r.result == 255 else r.result)
        board = r.board()
        assert isinstance(board, cescacs.Board)
        assert board.turn == (cescacs.BLACK if row["packed"][0] & 1 else cescacs.WHITE)
        assert not board.is_check()  # the generator leaves positions in check out
    assert records[0].ply == 8  # after the eight random opening plies
    assert "PositionRecord(index=0" in repr(records[0])


def test_batches_are_the_records_as_columns(generated: Path) -> None:
    raw = layout(generated)
    whole: Dict[str, np.ndarray] = read_batch(generated)
    assert whole["packed"].shape == (150, 58) and whole["packed"].dtype == np.uint8
    assert (
        whole["score"].dtype == np.int16
        and whole["result"].dtype == np.uint8
        and whole["ply"].dtype == np.uint16
    )
    for key in ("packed", "score", "result", "ply"):
        assert np.array_equal(whole[key], raw[key]), key
    with PositionsReader(generated) as reader:
        sizes = []
        while True:
            part = reader.read_batch(64)
            sizes.append(len(part["score"]))
            if sizes[-1] < 64:
                break
        assert sizes == [64, 64, 22]
        assert reader.records_read == 150
        assert list(reader) == []
    assert len(read_batch(generated, limit=10)["ply"]) == 10
    with pytest.raises(ValueError):
        PositionsReader(generated).read_batch(-1)


def test_broken_files_raise_with_their_place(generated: Path, tmp_path: Path) -> None:
    data = generated.read_bytes()
    cut = tmp_path / "cut.bin"
    cut.write_bytes(data[: 8 + 3 * 64 + 10])
    reader = PositionsReader(cut)
    assert len([next(reader) for _ in range(3)]) == 3
    with pytest.raises(PositionsFileError) as e:
        next(reader)
    assert (e.value.record, e.value.offset) == (3, 200)
    assert str(e.value) == f"{cut}: truncated at byte 200: record 3 has 10 of its 64 bytes"
    assert list(reader) == []  # nothing more after an error
    with pytest.raises(PositionsFileError) as e:
        read_batch(cut)
    assert e.value.offset == 200

    version = tmp_path / "v2.bin"
    version.write_bytes(b"CESPOS2\0" + data[8:])
    with pytest.raises(PositionsFileError, match="version") as e:
        PositionsReader(version)
    assert e.value.record is None and e.value.offset is None
    wrong = tmp_path / "wrong.bin"
    wrong.write_bytes(b"PAR1" + data[4:])
    with pytest.raises(PositionsFileError, match="not a positions file"):
        read_batch(wrong)
    assert issubclass(PositionsFileError, ValueError)

    bad = bytearray(data[: 8 + 2 * 64])
    bad[8 + 64 + 60] = 7  # the second record's result
    (tmp_path / "bad.bin").write_bytes(bytes(bad))
    with pytest.raises(PositionsFileError, match="result byte 7") as e:
        list(PositionsReader(tmp_path / "bad.bin"))
    assert (e.value.record, e.value.offset) == (1, 72)
    bad = bytearray(data[: 8 + 64])
    bad[8 + 2 : 8 + 24] = b"\xff" * 22  # every hex occupied: no position
    (tmp_path / "nopos.bin").write_bytes(bytes(bad))
    (record,) = list(PositionsReader(tmp_path / "nopos.bin"))
    with pytest.raises(PositionsFileError) as e:
        record.board()
    assert (e.value.record, e.value.offset) == (0, 8)
    with pytest.raises(FileNotFoundError):
        PositionsReader(tmp_path / "missing.bin")
