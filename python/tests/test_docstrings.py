"""Every public name of the package has a docstring, and no signature shows
a default as ``Ellipsis`` (what ``help()`` prints for a native default it
cannot render): found by introspection, so a new name without one fails."""

from __future__ import annotations

import enum
import importlib
import inspect
from typing import Any, Iterator, List, Tuple

import pytest

MODULES = [
    "cescacs",
    "cescacs.dataset",
    "cescacs.encode",
    "cescacs.engine",
    "cescacs.env",
    "cescacs.image",
    "cescacs.labels",
    "cescacs.pgn",
    "cescacs.study",
    "cescacs.svg",
    "cescacs.uci",
]

# Names documented by their class or module (dunder protocol methods, enum
# members, dataclass fields and NamedTuple fields carry no docstring of their own).
INHERITED = {"__init__", "__new__"}


def public_names(obj: Any) -> List[str]:
    names = getattr(obj, "__all__", None)
    if names is None:
        names = [n for n in dir(obj) if not n.startswith("_")]
    return list(names)


def members() -> Iterator[Tuple[str, Any]]:
    seen = set()
    for module_name in MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # pragma: no cover - an extra is missing
            continue
        yield module_name, module
        for name in public_names(module):
            obj = getattr(module, name)
            if (
                id(obj) in seen
                or isinstance(obj, (int, float, str, tuple, frozenset, enum.Enum))
                or obj is None
            ):
                continue
            seen.add(id(obj))
            yield f"{module_name}.{name}", obj
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for attr, value in vars(obj).items():
                    if attr.startswith("_") or isinstance(
                        value, (int, float, str, tuple, list, dict, enum.Enum)
                    ):
                        continue
                    if issubclass(obj, enum.Enum) and attr in obj.__members__:
                        continue
                    if isinstance(value, (staticmethod, classmethod)):
                        value = value.__func__
                    yield f"{module_name}.{name}.{attr}", value


def own_doc(obj: Any) -> str:
    doc = (
        obj.__doc__
        if not isinstance(obj, property)
        else (obj.__doc__ or (obj.fget.__doc__ if obj.fget else None))
    )
    return (doc or "").strip()


def inherited_doc(name: str) -> str:
    """The docstring of the method ``name`` (module.Class.method) in a base class."""
    module_name, _, rest = name.rpartition(".")
    owner_path, _, attr = name.rpartition(".")
    module_name, _, cls_name = owner_path.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module_name), cls_name)
    except (ImportError, AttributeError):
        return ""
    if not inspect.isclass(cls):
        return ""
    for base in cls.__mro__[1:]:
        doc = getattr(getattr(base, attr, None), "__doc__", None)
        if doc:
            return str(doc).strip()
    return ""


def test_every_public_name_has_a_docstring() -> None:
    """Methods that override a documented one (a visitor's ``result``) inherit its docstring, as ``help`` shows it."""
    missing = [
        name
        for name, obj in members()
        if (callable(obj) or isinstance(obj, property) or inspect.ismodule(obj))
        and not own_doc(obj)
        and not inherited_doc(name)
    ]
    assert missing == []


def test_no_signature_shows_ellipsis() -> None:
    shown = []
    for name, obj in members():
        if not callable(obj) or inspect.isclass(obj):
            continue
        try:
            sig = str(inspect.signature(obj))
        except (TypeError, ValueError):
            continue
        if "Ellipsis" in sig:
            shown.append(f"{name}{sig}")
    assert shown == []


@pytest.mark.parametrize("name", ["selfplay", "random_games"])
def test_selfplay_shows_its_defaults(name: str) -> None:
    import cescacs

    assert "max_plies=300" in str(inspect.signature(getattr(cescacs, name)))


def test_the_extension_imports_no_module_of_the_package() -> None:
    """The native layer is wrapped by the Python one, never the reverse:
    its sources import no ``cescacs`` module (``Board._repr_svg_`` is
    attached by ``cescacs.svg``)."""
    import re
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src"
    imported = set()
    for path in src.rglob("*.rs"):
        imported |= set(
            re.findall(r'import\(\s*"(cescacs[\w.]*)"', path.read_text(encoding="utf-8"))
        )
    assert imported == set()
