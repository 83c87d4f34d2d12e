"""The built wheel is self-contained: it ships the base game's content and the schemas, and a
fresh virtual environment with only the wheel (and its PyPI dependencies) validates the base game
from any folder.

Runs in CI (not marked slow): about 15 s with a warm pip cache. Speed-ups, none of which weakens
the check: pip's own cache is used (never ``--no-cache-dir``); the venv is made ``--without-pip``
and filled by the running interpreter's pip through ``pip --python`` (pip >= 22.3), which saves
the ~9 s of ensurepip plus an older bundled pip's slower install; the wheel is built once per
module.
"""

from __future__ import annotations

import os
import re
import sys
import zipfile
from pathlib import Path

import pytest
from venv_helpers import pip_has_python_option, run, show

REPO = Path(__file__).resolve().parent.parent
BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""










@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheelhouse")
    proc = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, REPO],
                timeout=300)
    assert proc.returncode == 0, "building the wheel failed:\n" + show(proc)
    wheels = list(out.glob("artemis_engine-*.whl"))
    assert len(wheels) == 1, f"expected one artemis_engine wheel, found {wheels}"
    return wheels[0]


@pytest.fixture(scope="module")
def venv_with_wheel(wheel, tmp_path_factory) -> Path:
    venv = tmp_path_factory.mktemp("venv") / "env"
    outer_pip = pip_has_python_option()
    cmd = [sys.executable, "-m", "venv", venv] + (["--without-pip"] if outer_pip else [])
    proc = run(cmd, timeout=300)
    python = venv / BIN / f"python{EXE}"
    if proc.returncode != 0 or not python.exists():
        pytest.skip("cannot create a virtual environment with `python -m venv` here:\n"
                    + show(proc))
    if outer_pip:
        install = [sys.executable, "-m", "pip", "--python", python, "install", "-q", wheel]
    else:
        install = [python, "-m", "pip", "install", "-q", wheel]
    proc = run(install, timeout=600)
    assert proc.returncode == 0, "installing the wheel (and its dependencies) failed:\n" + \
        show(proc)
    return venv


def test_wheel_ships_content_schemas_and_plugins(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "artemis/_data/content/project/base/buildings.yaml" in names
    assert "artemis/_data/schemas/project/buildings.schema.json" in names
    assert "artemis_plugins/__init__.py" in names
    # Every file of every game's base packs (the current one and any frozen older content
    # version, base-vN) and every schema, not just the two named above.
    expected = {f"artemis/_data/{p.relative_to(REPO).as_posix()}"
                for game in ("project", "odyssey")
                for pack in (REPO / "content" / game).glob("base*")
                for p in pack.rglob("*") if p.is_file()}
    expected |= {f"artemis/_data/schemas/{p.relative_to(REPO / 'schemas').as_posix()}"
                 for p in (REPO / "schemas").rglob("*") if p.is_file()}
    assert not expected - names, f"missing from the wheel: {sorted(expected - names)}"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert re.search(r"^artemis\s*=\s*artemis\.cli:main\s*$", text, re.M), text


def test_installed_wheel_validates_base_game_from_anywhere(venv_with_wheel, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    artemis = venv_with_wheel / BIN / f"artemis{EXE}"
    assert artemis.exists(), f"the wheel installed no `artemis` script into {artemis.parent}"

    proc = run([artemis, "validate"], cwd=elsewhere, timeout=120)
    assert proc.returncode == 0, show(proc)
    valid = re.search(r"^valid: project: .*$", proc.stdout, re.M)
    assert valid, show(proc)
    assert re.search(r"\b52 buildings\b", valid.group(0)), valid.group(0)
    assert re.search(r"^valid: odyssey: .*\b55 Action cards\b", proc.stdout, re.M), show(proc)

    # It read the data shipped inside the installed package, not the repository's folders.
    python = venv_with_wheel / BIN / f"python{EXE}"
    proc = run([python, "-c", "import artemis.util.paths as p; print(p.base_pack()); "
                 "print(p.schemas_root())"], cwd=elsewhere, timeout=60)
    assert proc.returncode == 0, show(proc)
    for line in proc.stdout.splitlines():
        path = Path(line).resolve()
        assert path.is_relative_to(venv_with_wheel.resolve()), line
        assert "_data" in path.parts, line
