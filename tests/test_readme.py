"""The README's set-up lines: the two that .ci/run runs come first, unchanged; below them, an
install line for players (no test extras) and the Python version pyproject.toml requires."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _sh_blocks() -> list[list[str]]:
    return [block.strip().splitlines() for block in re.findall(r"```sh\n(.*?)```", README,
                                                               re.DOTALL)]


def test_the_first_two_lines_are_what_ci_runs():
    first = _sh_blocks()[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert len(first) == 2 and first == ci[-2:]


def test_a_player_install_line_follows_with_no_test_extras():
    blocks = _sh_blocks()
    installs = [line for block in blocks[1:] for line in block if "pip install" in line]
    assert installs == ["python3 -m pip install ."]
    assert README.index("python3 -m pip install .") > README.index(blocks[0][1])


def test_the_python_version_is_the_one_pyproject_requires():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    minimum = project["requires-python"].removeprefix(">=")
    assert f"Python {minimum} or newer" in README
