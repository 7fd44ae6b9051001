"""Writes the package's doctests and README's Python examples as modules
(one file each) into a directory, for ``mypy --strict`` and ``pyright``
(strict) to check them as a user's code: ``python typecheck_sources.py
DIR``. Used by test_typing.py."""

from __future__ import annotations

import doctest
import importlib
import re
import sys
from pathlib import Path
from typing import List

MODULES = [
    "cescacs",
    "cescacs.dataset",
    "cescacs.encode",
    "cescacs.engine",
    "cescacs.env",
    "cescacs.labels",
    "cescacs.pgn",
    "cescacs.study",
    "cescacs.uci",
]
README = Path(__file__).resolve().parents[1] / "README.md"


def doctest_sources() -> List[tuple[str, str]]:
    """``(name, source)`` of every docstring with examples, in the package's modules."""
    out = []
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in MODULES:
        module = importlib.import_module(name)
        for test in finder.find(module):
            if test.examples:
                lines = []
                for ex in test.examples:
                    if "doctest: +SKIP" in ex.source:
                        continue
                    lines.append(ex.source)
                out.append((test.name, "".join(lines)))
    return out


def readme_sources() -> List[tuple[str, str]]:
    """The README's ```python blocks, as one program (later blocks use
    earlier ones' names, as in a notebook)."""
    text = README.read_text(encoding="utf-8")
    return [("readme", "\n".join(re.findall(r"```python\n(.*?)```", text, re.S)))]


def main(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for name, source in doctest_sources() + readme_sources():
        stem = "example_" + re.sub(r"\W", "_", name)
        (target / f"{stem}.py").write_text(f"# {name}\n" + source, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
