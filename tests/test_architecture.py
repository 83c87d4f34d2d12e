"""The import contracts of pyproject.toml ([tool.importlinter]): the kernel never imports a
game, nothing imports the command line but ``artemis.__main__``, and the layers import only
downwards (cli; games; sim | scenario; records; players; kernel; content; effects; util), with
no exceptions. lint-imports also fails on an ``ignore_imports`` line that matches no import,
so any exception added later stays exact."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lint_imports() -> Path:
    """`lint-imports` (import-linter, in the test extra), beside this interpreter."""
    script = Path(sys.executable).parent / ("lint-imports.exe" if os.name == "nt"
                                            else "lint-imports")
    assert script.exists(), f"no {script}: pip install -e '.[test]' installs import-linter"
    return script


def test_the_import_contracts_are_kept():
    run = subprocess.run([str(lint_imports()), "--no-cache", "--no-logo",
                          str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "COLUMNS": "200"})
    if run.returncode != 0 or "0 broken" not in run.stdout:
        pytest.fail(f"lint-imports (exit {run.returncode}):\n{run.stdout}{run.stderr}",
                    pytrace=False)
