"""Running commands in a fresh virtual environment, for the tests that install the project
(tests/test_wheel.py) or an example distribution (tests/plugins/test_code_expansion.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path


def child_env() -> dict[str, str]:
    """The child environment: nothing of this test venv or the repo's sources leaks in, and
    ARTEMIS_LOAD_PLUGINS and ARTEMIS_LOAD_GAMES (set by tests/conftest.py) are cleared so
    entry points load."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV",
                        "PYTHONNOUSERSITE", "PYTHONUSERBASE", "ARTEMIS_LOAD_PLUGINS",
                        "ARTEMIS_LOAD_GAMES")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def run(cmd: list, *, timeout: float, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``cmd`` in the child environment, capturing its output."""
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=child_env(), capture_output=True,
                          text=True, timeout=timeout)


def show(proc: subprocess.CompletedProcess) -> str:
    """A failed command, for an assertion message."""
    return (f"$ {' '.join(map(str, proc.args))}\nexit {proc.returncode}\n"
            f"--- stdout\n{proc.stdout[-4000:]}\n--- stderr\n{proc.stderr[-4000:]}")


def pip_has_python_option() -> bool:
    """Whether this pip can install into another environment (``pip --python``, 22.3+)."""
    try:
        major, minor = (int(x) for x in version("pip").split(".")[:2])
    except Exception:
        return False
    return (major, minor) >= (22, 3)


BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""


def fresh_venv(venv: Path) -> tuple[Path, list]:
    """A new virtual environment at ``venv``: (its python, the pip command that installs into
    it: this pip with ``--python`` where it can, else the venv's own). Skips the test (with
    the command's output) where ``python -m venv`` cannot make one."""
    import pytest

    outer = pip_has_python_option()
    proc = run([sys.executable, "-m", "venv", venv, *(["--without-pip"] if outer else [])],
               timeout=300)
    python = venv / BIN / f"python{EXE}"
    if proc.returncode != 0 or not python.exists():
        pytest.skip("cannot create a virtual environment with `python -m venv` here:\n"
                    + show(proc))
    pip = [sys.executable, "-m", "pip", "--python", python] if outer else [python, "-m", "pip"]
    return python, pip

