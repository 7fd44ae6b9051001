"""Sphinx configuration of the Python API reference (``scripts/docs.sh`` builds it).

The pages document the installed ``cescacs`` package with autodoc. Its classes
and functions written in Rust (the extension ``cescacs._cescacs``) carry their
docstrings but no annotations; their signatures are taken from the package's
type stubs, ``cescacs/_cescacs.pyi``, so the reference shows the same types a
type checker sees. The ``>>>`` examples of the pages and docstrings run as
doctests (``sphinx-build -b doctest``).
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import cescacs
from cescacs import _cescacs

project = "cescacs"
author = "the cescacs authors"
release = cescacs.__version__
version = release

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest", "sphinx.ext.intersphinx"]

# The optional extras' packages (cescacs[arrow], cescacs[env]) stand in as mocks
# where they are not installed: cescacs.env imports PettingZoo and Gymnasium at
# its top, cescacs.dataset imports pyarrow when called.
autodoc_mock_imports = [
    name for name in ("pyarrow", "pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None
]
autodoc_default_options = {"members": True, "member-order": "bysource", "show-inheritance": True}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
autoclass_content = "class"
intersphinx_mapping: Dict[str, Tuple[str, Optional[str]]] = {}

# `name` in a docstring: the Rust-written docstrings use Markdown's code spans, which read
# here as references to Python objects (code, linked where the name resolves).
default_role = "py:obj"

# Every example runs against the package as installed.
doctest_global_setup = "import cescacs"

html_theme = "alabaster"
html_title = f"cescacs {release} — Python API"
html_static_path: List[str] = []
templates_path: List[str] = []
exclude_patterns = ["_build"]


class _Unquote(ast.NodeTransformer):
    """Turns the quoted forward references of a stub's annotations (``"Board"``)
    into names, as they read in the reference."""

    def visit_arg(self, node: ast.arg) -> ast.arg:
        if node.annotation is not None:
            node.annotation = _unquoted(node.annotation)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        self.generic_visit(node)
        if node.returns is not None:
            node.returns = _unquoted(node.returns)
        return node


def _unquoted(annotation: ast.expr) -> ast.expr:
    """``annotation`` with each string constant in it read as the expression it
    quotes (those of ``Literal[...]`` are values and stay)."""

    class Strings(ast.NodeTransformer):
        def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
            if isinstance(node.value, ast.Name) and node.value.id == "Literal":
                return node
            self.generic_visit(node)
            return node

        def visit_Constant(self, node: ast.Constant) -> ast.expr:
            if isinstance(node.value, str):
                return ast.parse(node.value, mode="eval").body
            return node

    return Strings().visit(annotation)


def _stub_signatures(path: Path) -> Dict[str, List[Tuple[str, str]]]:
    """Each function and method of the stub file, by dotted name (``"perft"``,
    ``"Board.push_ctl"``), as its (arguments, return annotation) texts, one per
    overload; a class's own entry is its ``__new__`` or ``__init__`` without
    the first argument."""
    found: Dict[str, List[Tuple[str, str]]] = {}

    def signature(node: ast.FunctionDef, drop_first: bool) -> Tuple[str, str]:
        _Unquote().visit(node)
        args = node.args
        if drop_first:
            args = ast.arguments(
                posonlyargs=args.posonlyargs[1:] if args.posonlyargs else [],
                args=args.args[1:] if not args.posonlyargs else args.args,
                vararg=args.vararg,
                kwonlyargs=args.kwonlyargs,
                kw_defaults=args.kw_defaults,
                kwarg=args.kwarg,
                defaults=args.defaults,
            )
        returns = ast.unparse(node.returns) if node.returns is not None else ""
        return f"({ast.unparse(args)})", returns

    def is_static(node: ast.FunctionDef) -> bool:
        return any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.setdefault(node.name, []).append(signature(node, drop_first=False))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                sig = signature(item, drop_first=not is_static(item))
                if item.name in ("__new__", "__init__"):
                    found.setdefault(node.name, []).append((sig[0], ""))
                found.setdefault(f"{node.name}.{item.name}", []).append(sig)
    return found


_STUBS = _stub_signatures(Path(_cescacs.__file__).with_name("_cescacs.pyi"))


def _rust_name(obj: Any, fullname: str) -> Optional[str]:
    """The stub name of ``obj`` if the extension module defines it (a class,
    one of its methods or a function), else None (Python code: autodoc reads
    its signature itself)."""
    if inspect.isfunction(obj) or inspect.ismethod(obj):
        return None
    parts = fullname.split(".")
    for start in range(len(parts)):
        head = parts[start]
        if getattr(_cescacs, head, None) is None:
            continue
        name = ".".join(parts[start:])
        if name in _STUBS:
            return name
    return None


def _signature_from_stub(app: Any, what: str, name: str, obj: Any, options: Any, signature: Optional[str],
                         return_annotation: Optional[str]) -> Optional[Tuple[str, str]]:
    """autodoc-process-signature: the typed signature of the stub for what the
    extension module defines."""
    if what not in ("class", "function", "method"):
        return None
    stub = _rust_name(obj, name)
    if stub is None:
        return None
    return _STUBS[stub][0]


def _overloads_from_stub(app: Any, what: str, name: str, obj: Any, options: Any, lines: List[str]) -> None:
    """autodoc-process-docstring: the typed overloads of the stub, listed at the
    head of the docstring of what the extension module defines with several
    (the signature line shows the first)."""
    if what not in ("function", "method"):
        return
    stub = _rust_name(obj, name)
    if stub is None or len(_STUBS[stub]) < 2:
        return
    short = name.rsplit(".", 1)[-1]
    listed = [f"* ``{short}{args} -> {ret}``" for args, ret in _STUBS[stub]]
    lines[:0] = ["Overloads:", "", *listed, ""]


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _signature_from_stub)
    app.connect("autodoc-process-docstring", _overloads_from_stub)
