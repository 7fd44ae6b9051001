#!/usr/bin/env python3
"""Runs the fenced code blocks of Markdown files as written: the READMEs' commands and examples.

    scripts/readme.py [--python PY] [--list] [--lang LANG]... FILE.md...

(scripts/test-readme.sh builds what they need and calls this on README.md, ffi-c/README.md and
python/README.md.) Every block runs from the repository's root; top-level files and
directories the blocks create (a program, a Parquet file, a CMake build directory) are removed
afterwards. `cescacs` is target/release/cescacs, `python` and `pip` the venv's (PY's directory
comes next on PATH); `$PREFIX` is a scratch install prefix. By the block's language:

- ``sh``: one bash script (`set -euo pipefail`) that must exit 0.
- ``console``: `$ COMMAND` lines, each followed by its expected output: the lines must be
  equal (trailing spaces aside); a line `...` stands for any number of lines.
- ``python``: run by PY (the venv's python with the package installed), a file's blocks in
  order in one interpreter and namespace (a block goes on from the one before). A statement
  that is an expression with a comment holding a Python literal, `len(board.legal_moves)  # 68`
  or `board.outcome()  # None; Outcome(...) when over` (the literal is the comment up to the
  first `;`; one with `...` is prose), must evaluate to that literal; other comments are
  prose. Tracebacks give the README's line numbers.
- ``rust``: each block is the body of a function returning `Result<(), Box<dyn Error>>` (so
  `?` works) in one generated program that depends on the workspace crates it names
  (`cescacs`, `cescacs_engine`, ...), built and run by cargo (target/readme/rust, in the workspace's target directory).
- any block with ``file=NAME`` (in the info string, after the language): the block is written
  to NAME before any block runs, for the blocks to build (`prog.c` in ffi-c/README.md).

Attributes after the language: `status=N` (an sh block must exit N instead), `no-run` (shown,
not run: the command that runs this test, installs and benchmarks that other scripts run; the
reason is said beside it). Blocks in other languages (cmake, c fragments, layout listings) are
not run. Prints one line per block run and `readme: N blocks passed` at the end; exits 1 at
the first failure, naming the file and the block's line.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "target" / "readme"
# The crates a Rust block may name, by library name.
CRATES = {
    "cescacs": "core",
    "cescacs_research": "research",
    "cescacs_engine": "engine",
    "cescacs_study": "study",
    "cescacs_train": "train",
}


@dataclass
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    lang: str
    attrs: dict[str, str] = field(default_factory=dict)
    text: str = ""

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of a Markdown file (fences of three backticks at the line's start)."""
    out: list[Block] = []
    current: Block | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if current is None:
            m = re.match(r"^```(\S*)\s*(.*)$", line)
            if m:
                attrs = {}
                for word in m.group(2).split():
                    key, _, value = word.partition("=")
                    attrs[key] = value
                current = Block(path, number, m.group(1), attrs)
        elif line.startswith("```"):
            out.append(current)
            current = None
        else:
            current.text += line + "\n"
    if current is not None:
        raise SystemExit(f"{current.where()}: unclosed code block")
    return out


class Failure(Exception):
    pass


def environment(python: Path) -> dict[str, str]:
    """PATH with `cescacs` first, then the venv's bin (`python`, `pip`); a scratch PREFIX."""
    bin_dir = SCRATCH / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    link = bin_dir / "cescacs"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(ROOT / "target" / "release" / "cescacs")
    prefix = SCRATCH / "prefix"
    shutil.rmtree(prefix, ignore_errors=True)
    prefix.mkdir(parents=True)
    env = dict(os.environ)
    path = [str(bin_dir), str(python.parent), env.get("PATH", "")]
    env["PATH"] = os.pathsep.join(path)
    env["PREFIX"] = str(prefix)
    return env


def run_sh(block: Block, env: dict[str, str]) -> None:
    want = int(block.attrs.get("status", "0"))
    script = "set -euo pipefail\n" + block.text
    r = subprocess.run(
        ["bash", "-c", script],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    if r.returncode != want:
        raise Failure(f"exit status {r.returncode}, expected {want}\n{r.stdout}{r.stderr}")


def matches(expected: list[str], got: list[str]) -> bool:
    """Line-by-line equality, `...` matching any run of lines (trycmd's rule)."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and matches(expected[1:], got[1:])


def run_console(block: Block, env: dict[str, str]) -> None:
    commands: list[tuple[str, list[str]]] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        elif commands:
            commands[-1][1].append(line.rstrip())
        else:
            raise Failure(f"output before any `$ ` command: {line!r}")
    for command, expected in commands:
        r = subprocess.run(
            ["bash", "-c", "set -euo pipefail\n" + command],
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        got = [line.rstrip() for line in r.stdout.splitlines()]
        if r.returncode != 0 or not matches(expected, got):
            raise Failure(
                f"$ {command}\nexit status {r.returncode}\n--- expected\n"
                + "\n".join(expected)
                + "\n--- got\n"
                + r.stdout
                + r.stderr
            )


# Runs a file's Python blocks in one namespace, each compiled with the README's line numbers
# (tracebacks point into the README) after its `expression  # literal` statements became checks.
DRIVER = r"""
import ast, io, json, sys, tokenize, traceback


def readme_check(value, expected, line):
    if value != expected:
        raise AssertionError(f"line {line}: got {value!r}, the README says {expected!r}")


def checked(source, where, first_line):
    comments = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string[1:].strip()
    tree = ast.parse(source, where)
    body = []
    for stmt in tree.body:
        comment = comments.get(stmt.end_lineno or stmt.lineno, "")
        text = comment.split(";")[0].strip()
        if isinstance(stmt, ast.Expr) and text and "..." not in text:
            try:
                ast.literal_eval(text)
            except (ValueError, SyntaxError):
                pass
            else:
                expected = ast.parse(text, mode="eval").body
                call = ast.Call(
                    ast.Name("__readme_check", ast.Load()),
                    [stmt.value, expected, ast.Constant(first_line + stmt.lineno)],
                    [],
                )
                stmt = ast.copy_location(ast.Expr(call), stmt)
        body.append(stmt)
    tree.body = body
    ast.fix_missing_locations(tree)
    ast.increment_lineno(tree, first_line)
    return compile(tree, where, "exec")


namespace = {"__name__": "__main__", "__readme_check": readme_check}
for where, path, first_line, source in json.load(sys.stdin):
    try:
        exec(checked(source, path, first_line), namespace)
    except BaseException:
        traceback.print_exc()
        print("readme-python: failed " + where)
        sys.exit(1)
    print("readme-python: ok " + where, flush=True)
"""


def run_python(blocks: list[Block], env: dict[str, str], python: str) -> list[str]:
    """A file's Python blocks in order, in one interpreter and one namespace (a block goes
    on from the one before it, as a reader does). Returns the blocks that passed."""
    program = [(b.where(), str(b.path.relative_to(ROOT)), b.line, b.text) for b in blocks]
    r = subprocess.run(
        [python, "-c", DRIVER],
        cwd=ROOT,
        env=env,
        input=json.dumps(program),
        capture_output=True,
        text=True,
        check=False,
    )
    passed = [line.split()[-1] for line in r.stdout.splitlines() if "readme-python: ok" in line]
    if r.returncode != 0:
        raise Failure(f"{r.stdout}{r.stderr}")
    return passed


def run_rust(rust: list[Block], env: dict[str, str]) -> None:
    """All Rust blocks as functions of one program, built once."""
    crate = SCRATCH / "rust"
    (crate / "src").mkdir(parents=True, exist_ok=True)
    used = sorted({c for b in rust for c in CRATES if re.search(rf"\b{c}\b", b.text)})
    deps = "\n".join(f'{c.replace("_", "-")} = {{ path = "{ROOT / CRATES[c]}" }}' for c in used)
    # The workspace's release profile and target directory: the crates built for the CLI are
    # reused, not built again.
    root = (ROOT / "Cargo.toml").read_text()
    profile = re.search(r"^\[profile\.release\]\n(?:[^\[\n].*\n)*", root, re.M)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "readme-blocks"\nversion = "0.0.0"\nedition = "2021"\n'
        f"publish = false\n\n[dependencies]\n{deps}\n\n[workspace]\n\n"
        + (profile.group(0) if profile else "")
    )
    functions, calls = [], []
    for i, b in enumerate(rust):
        body = "\n".join("    " + line for line in b.text.splitlines())
        functions.append(
            f"// {b.where()}\n#[allow(unused_mut, unused_variables)]\n"
            f"fn block_{i}() -> Result<(), Box<dyn std::error::Error>> {{\n{body}\n    Ok(())\n}}\n"
        )
        calls.append(
            f'    block_{i}().map_err(|e| format!("{b.where()}: {{e}}"))?;\n'
            f'    println!("readme: ok {b.where()} (rust)");\n'
        )
    (crate / "src" / "main.rs").write_text(
        "\n".join(functions)
        + "\nfn main() -> Result<(), Box<dyn std::error::Error>> {\n"
        + "".join(calls)
        + "    Ok(())\n}\n"
    )
    # The workspace's lock file, so the same versions build.
    shutil.copy(ROOT / "Cargo.lock", crate / "Cargo.lock")
    r = subprocess.run(
        ["cargo", "run", "--release", "-q", "--manifest-path", str(crate / "Cargo.toml")],
        cwd=ROOT,
        env={**env, "CARGO_TARGET_DIR": str(ROOT / "target")},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    sys.stdout.write("".join(line + "\n" for line in r.stdout.splitlines() if "readme: ok" in line))
    if r.returncode != 0:
        raise Failure(f"the Rust blocks\n{r.stdout}{r.stderr}")


def top_level() -> set[str]:
    return {p.name for p in ROOT.iterdir()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--python", default=sys.executable, help="the python that runs blocks")
    parser.add_argument("--list", action="store_true", help="list the blocks, run nothing")
    parser.add_argument("--lang", action="append", help="run only the blocks of this language")
    args = parser.parse_args()
    all_blocks = [b for f in args.files for b in blocks(f.resolve())]
    if args.lang:
        all_blocks = [b for b in all_blocks if b.lang in args.lang or "file" in b.attrs]
    if args.list:
        for b in all_blocks:
            print(b.where(), b.lang, " ".join(f"{k}={v}" if v else k for k, v in b.attrs.items()))
        return 0
    env = environment(Path(args.python))
    before = top_level()
    # A program a block writes (`file=NAME`) is there for the blocks before it too.
    for b in all_blocks:
        if "file" in b.attrs:
            (ROOT / b.attrs["file"]).write_text(b.text)
    passed = 0
    try:
        for b in all_blocks:
            if "no-run" in b.attrs:
                continue
            if "file" in b.attrs:
                continue
            if b.lang == "python":
                continue
            runner = {
                "sh": lambda b: run_sh(b, env),
                "console": lambda b: run_console(b, env),
            }.get(b.lang)
            if runner is None:
                continue
            try:
                runner(b)
            except Failure as e:
                print(f"readme: FAILED {b.where()} ({b.lang}): {e}")
                return 1
            print(f"readme: ok {b.where()} ({b.lang})")
            passed += 1
        for f in args.files:
            python = [
                b
                for b in all_blocks
                if b.path == f.resolve() and b.lang == "python" and "no-run" not in b.attrs
            ]
            if not python:
                continue
            try:
                for where in run_python(python, env, args.python):
                    print(f"readme: ok {where} (python)")
            except Failure as e:
                print(f"readme: FAILED the Python blocks of {f}: {e}")
                return 1
            passed += len(python)
        rust = [b for b in all_blocks if b.lang == "rust" and "no-run" not in b.attrs]
        if rust:
            try:
                run_rust(rust, env)
            except Failure as e:
                print(f"readme: FAILED {e}")
                return 1
            passed += len(rust)
    finally:
        for name in top_level() - before:
            path = ROOT / name
            tracked = subprocess.run(
                ["git", "ls-files", "--error-unmatch", name],
                cwd=ROOT,
                capture_output=True,
                check=False,
            )
            if tracked.returncode != 0:
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
    print(f"readme: {passed} blocks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
