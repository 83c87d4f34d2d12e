"""The generated blocks of the docs (`<!-- KIND:NAME -->` ... `<!-- /KIND:NAME -->`), written by
a script under benchmarks/ (strength.py, balance.py): finding them, loading their script, and
checking that a commit a block names is in this checkout's history; and a small real report
for the scripts that read reports (`small_report`). Shared by tests/test_strength_docs.py,
tests/test_balance_docs.py and tests/test_pool_rows.py."""

from __future__ import annotations

import importlib.util
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: a block's first line: the command that wrote it and the commit it was written at
WRITTEN = re.compile(r"Written by `(?P<command>[^`]+)` at commit `(?P<commit>[0-9a-f]{7,40})`")


def block_pattern(kind: str) -> re.Pattern:
    """The pattern of a ``kind`` block: group 1 its name, group 2 its text."""
    return re.compile(rf"<!-- {kind}:([A-Za-z0-9_.-]+) -->\n(.*?)<!-- /{kind}:\1 -->", re.S)


def blocks_in(kind: str, paths: list[Path]) -> list[tuple[str, str, str]]:
    """(file name, block name, text) of every ``kind`` block of ``paths`` that exist."""
    pattern = block_pattern(kind)
    return [(path.name, m.group(1), m.group(2))
            for path in paths if path.exists()
            for m in pattern.finditer(path.read_text(encoding="utf-8"))]


def load_script(name: str, module: str):
    """benchmarks/NAME as a module (benchmarks/ is no package); the test is skipped where the
    tree has no benchmarks/ (an sdist)."""
    script = ROOT / "benchmarks" / name
    if not script.exists():
        pytest.skip("no benchmarks/ in this tree (an sdist)")
    spec = importlib.util.spec_from_file_location(module, script)
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def in_git_checkout() -> bool:
    """Whether this tree is a git work tree (an sdist is not)."""
    try:
        out = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=ROOT,
                             capture_output=True, text=True)
    except OSError:
        return False
    return out.returncode == 0 and out.stdout.strip() == "true"


def assert_ancestor(commit: str, where: str) -> None:
    """Fail unless ``commit`` is an ancestor of HEAD; skip the test outside a full (not
    shallow) git checkout, where the history cannot be looked up. ``where`` names the block in
    the failure."""
    try:
        shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                                 capture_output=True, text=True)
    except OSError:
        pytest.skip("no git: the commit cannot be looked up")
    if shallow.returncode != 0:
        pytest.skip("not a git checkout: the commit cannot be looked up")
    if shallow.stdout.strip() != "false":
        pytest.skip("a shallow clone: its history may not reach the commit")
    ancestor = subprocess.run(["git", "merge-base", "--is-ancestor", commit, "HEAD"],
                              cwd=ROOT, capture_output=True, text=True)
    assert ancestor.returncode == 0, (
        f"{where} names commit {commit}, which is not an ancestor of HEAD "
        f"({ancestor.stderr.strip() or 'not in its history'})")


def small_report(out: Path, games: int, seed: int) -> dict:
    """A real `artemis simulate` report of ``games`` 3-player games of random bots (run seed
    ``seed``), written to ``out`` with ``--out`` and read back."""
    import json

    from typer.testing import CliRunner

    from artemis.cli import app

    result = CliRunner().invoke(app, ["simulate", "--players", "3", "--games", str(games),
                                      "--bots", "random", "--seed", str(seed), "--workers",
                                      "1", "--game-timeout", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text())
