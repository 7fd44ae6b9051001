"""The package's doctests and tests/typed_usage.py type-check as a user's
code under ``mypy --strict`` and ``pyright`` in strict mode, against the
stubs and the package's annotations. pyright's strict mode is kept but for
two reports: ``reportTypedDictNotRequiredAccess`` (an ``InfoDict``'s keys
depend on ``info=``, so they are not required, as in python-chess; mypy
allows the access) and ``reportUnusedExpression`` (a doctest shows values)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def sources(tmp_path: Path) -> Path:
    out = tmp_path / "typed"
    subprocess.run([sys.executable, str(HERE / "typecheck_sources.py"), str(out)], check=True)
    (
        out / "example_readme.py"
    ).unlink()  # the README mixes shell-only and sketch lines; its own test runs it
    shutil.copy(HERE / "typed_usage.py", out / "typed_usage.py")
    return out


@pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None,
    reason="mypy is not installed (scripts/test-python.sh installs it)",
)
def test_doctests_and_usage_pass_mypy_strict(tmp_path: Path) -> None:
    out = sources(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "."],
        cwd=out,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.skipif(
    importlib.util.find_spec("pyright") is None,
    reason="pyright is not installed (scripts/test-python.sh installs it)",
)
def test_doctests_and_usage_pass_pyright_strict(tmp_path: Path) -> None:
    out = sources(tmp_path)
    config = {
        "typeCheckingMode": "strict",
        "reportTypedDictNotRequiredAccess": False,
        "reportUnusedExpression": False,
        "pythonVersion": "3.9",
    }
    (out / "pyrightconfig.json").write_text(json.dumps(config))
    run = subprocess.run(
        [sys.executable, "-m", "pyright", "--pythonpath", sys.executable, "."],
        cwd=out,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
