"""`artemis validate --strict` prints a warning as an error (error[W102], severity "error",
counted as a problem), and the last line of a file given alone says whether the other files'
problems are errors or warnings (docs/errors.md, docs/authoring.md 9.1-9.2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.content.problems import Problem, as_error
from artemis.util.paths import base_pack


def others(*files: str) -> str:
    """The end of the count line: the other files of the pack, named."""
    return f"in other files of the pack ({', '.join(files)}: validate the pack folder to list them)"


def run(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def rich_copy(tmp_path) -> Path:
    """A copy of the base pack whose first 3-VP Surface tile scores 40 VP (one W102)."""
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack(), copy)
    buildings = copy / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    buildings.write_text(text.replace("scoring: [{vp: 3}]", "scoring: [{vp: 40}]", 1),
                         encoding="utf-8")
    return copy


def test_strict_prints_a_warning_as_an_error(rich_copy):
    plain = run("validate", str(rich_copy))
    assert plain.exit_code == 0
    assert ": warning[W102]: this Surface tile scores about 40 VP" in plain.stdout
    strict = run("validate", "--strict", str(rich_copy))
    assert strict.exit_code == 1
    lines = strict.stdout.splitlines()
    assert ": error[W102]: this Surface tile scores about 40 VP" in lines[0]
    assert "warning[" not in strict.stdout
    assert lines[-1] == "1 problem found (1 warning made an error by --strict)."


def test_strict_json_says_error(rich_copy):
    plain = json.loads(run("validate", "--json", str(rich_copy)).stdout)
    assert [(r["code"], r["severity"]) for r in plain] == [("W102", "warning")]
    strict = run("validate", "--strict", "--json", str(rich_copy))
    assert strict.exit_code == 1
    assert [(r["code"], r["severity"]) for r in json.loads(strict.stdout)] == [("W102", "error")]


def test_as_error_keeps_the_record():
    warning = Problem("f.yaml", 7, 5, "/items/0", "W102", "scores 40 VP", "a hint")
    made = as_error(warning)
    assert (made.severity, made.is_error, warning.is_error) == ("error", True, False)
    assert made.as_dict() == warning.as_dict()
    assert made.format() == "f.yaml:7:5: error[W102]: scores 40 VP\n    hint: a hint"
    error = Problem("f.yaml", 1, 1, "", "E201", "m")
    assert as_error(error) is error


def test_other_files_are_counted_as_errors_or_warnings(rich_copy):
    # the W102 is in buildings.yaml: events.yaml alone has none, and the other file a warning
    alone = run("validate", str(rich_copy / "events.yaml"))
    assert alone.exit_code == 0
    assert alone.stdout.splitlines()[0] == (
        f"no problem in the given files; and 1 warning {others('buildings.yaml')}; warnings "
        "do not fail validation (--strict makes them errors).")
    strict = run("validate", "--strict", str(rich_copy / "events.yaml"))
    assert strict.exit_code == 1
    assert strict.stdout.splitlines()[-1] == (
        f"no problem in the given files; and 1 error {others('buildings.yaml')}.")
    # an error and a warning elsewhere: both named
    events = rich_copy / "events.yaml"
    events.write_text(events.read_text(encoding="utf-8").replace("when:", "whenn:", 1),
                      encoding="utf-8")
    mixed = run("validate", str(rich_copy / "expeditions.yaml"))
    assert mixed.exit_code == 1
    last = mixed.stdout.splitlines()[-1]
    assert last.startswith("no problem in the given files; and ")
    assert last.endswith(f" 1 error and 1 warning {others('buildings.yaml', 'events.yaml')}.")
