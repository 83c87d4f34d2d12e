"""The `artemis` command itself: `--version`, running it with nothing, and help text that reads
whole at 80 columns."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version as dist_version
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from artemis.cli import app

NARROW = {"COLUMNS": "80"}


def test_version_flag_prints_the_distribution_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.stdout == dist_version("artemis-engine") + "\n"
    assert CliRunner().invoke(app, ["version"]).stdout == result.stdout


def _artemis() -> list[str]:
    """The console script installed beside this interpreter (the venv's), else -m artemis."""
    script = Path(sys.executable).with_name("artemis")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "artemis"]


def test_artemis_with_no_arguments_prints_usage_and_exits_2():
    """A real process, as a user types it: the usage and the commands, a usage error's exit."""
    env = {**os.environ, **NARROW}
    proc = subprocess.run(_artemis(), capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "Usage: artemis [OPTIONS] COMMAND [ARGS]..." in proc.stdout
    assert "simulate" in proc.stdout and "--version" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_version_flag_in_a_real_process():
    proc = subprocess.run([*_artemis(), "--version"], capture_output=True, text=True,
                          timeout=60)
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        0, dist_version("artemis-engine") + "\n", "")


# -- a closed stdout (`artemis ... | head -1`) --------------------------------------------------


@pytest.mark.parametrize("args", [
    ["content", "list"],  # rich tables
    ["games"],  # print()ed, written when the interpreter flushes at exit
    ["games", "--json"],
    ["play", "--players", "3", "--seed", "1"],  # the account and the score table
    ["play", "--game", "odyssey", "--players", "2", "--seed", "1", "--quiet"],
    ["--version"],  # written by the eager option, while click parses
], ids=" ".join)
def test_a_closed_stdout_exits_141_quietly(args):
    """Stdout closed before anything is written (the reader is gone, as after `head -1`):
    exit 141, as a shell reports for `cat` or `yes` killed by SIGPIPE there, with nothing on
    stderr (no traceback, no "Exception ignored")."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([*_artemis(), *args], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    finally:
        os.close(write)
    assert (proc.returncode, proc.stderr) == (141, "")


def test_a_pipe_closed_after_the_first_line_exits_141_quietly():
    """`artemis simulate ... --json | head -1`: the reader takes a line, then goes. The
    report (about 100 kB, written at once) is more than the pipe holds, so some of it is
    written after the reader has gone, whatever the timing."""
    proc = subprocess.Popen([*_artemis(), "simulate", "--games", "2", "--players", "2",
                             "--workers", "1", "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline() == "{\n"
    proc.stdout.close()
    assert proc.wait(timeout=120) == 141
    assert proc.stderr.read() == ""
    proc.stderr.close()


# -- help at 80 columns -------------------------------------------------------------------------


def _command_paths() -> list[list[str]]:
    """Every command and group of the app, as the arguments before --help."""
    paths: list[list[str]] = [[]]

    def walk(command, prefix: list[str]) -> None:
        for name, sub in getattr(command, "commands", {}).items():  # a group's
            paths.append([*prefix, name])
            walk(sub, [*prefix, name])

    walk(typer.main.get_command(app), [])
    assert len(paths) > 10 and ["schema", "export"] in paths
    return paths


def _breaks(text: str) -> list[str]:
    """Lines where a wrapped sentence breaks although its next word fits on the line: rich
    wraps greedily, so such a break is a line break kept from the source (a docstring's).

    Looks at consecutive lines of one block: the top text (one space of indent, padded to 80
    columns) and each cell of a panel (text between the borders; a row starts one space in, its
    cell continued further in, at a column where the line above has text). Lines that typer
    sets apart on purpose (``[default: ...]``, ``[env var: ...]``, ``[required]``) are
    skipped."""
    found = []
    lines = text.splitlines()
    for above, below in zip(lines, lines[1:], strict=False):
        boxed = above.startswith("│") and below.startswith("│")
        if boxed:
            above, below = above[1:-1], below[1:-1]
        elif above.startswith("│") or below.startswith("│") or "─" in above + below:
            continue
        words = below.split()
        if not words or not above.strip() or words[0].startswith("["):
            continue
        start = len(below) - len(below.lstrip())
        if (start == 0 or start >= len(above) or above[start - 1:start + 1].strip() == ""
                or (boxed and start == 1)):  # a panel's rows start one space in
            continue  # a new row (or a new block), not the line above continued
        room = len(above) - len(above.rstrip())
        if len(words[0]) + 1 < room:
            found.append(f"{above.strip()!r} / {below.strip()!r}")
    return found


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(p) or "artemis")
def test_help_at_80_columns_breaks_no_sentence_early(path):
    result = CliRunner().invoke(app, [*path, "--help"], env=NARROW)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert _breaks(result.stdout) == []


def test_the_break_check_sees_a_docstring_line_break():
    """What `artemis --help` showed before the help texts were flowed (`root.flowed`)."""
    before = ("│ validate  Validate content: YAML, schemas, cross-file checks. With no PATH,  │\n"
              "│           every game's base                                                  │\n"
              "│           content (--game: that game's); with PATHs, the packs' game. Exit 0 │\n")
    assert _breaks(before) == ["\"every game's base\" / \"content (--game: that game's); with "
                               "PATHs, the packs' game. Exit 0\""]
    after = ("│ validate  Validate content: YAML, schemas, cross-file checks. With no PATH,  │\n"
             "│           every game's base content (--game: that game's); with PATHs, the   │\n"
             "│           packs' game. Exit 0 valid, 1 invalid, 2 usage error.               │\n"
             "│ plugins   List every plugin found: version, hooks, variants and options, and │\n")
    assert _breaks(after) == []


def test_ctrl_c_while_importing_the_app_says_interrupted(monkeypatch, capsys):
    """A Ctrl-C in the first tenth of a second (Python importing typer and the commands) is a
    word and exit 130, not a traceback from the import."""
    import artemis.cli

    class CtrlC:
        def find_spec(self, name, path=None, target=None):
            if name == "artemis.cli.root":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "artemis.cli.root")
    monkeypatch.setattr(sys, "meta_path", [CtrlC(), *sys.meta_path])
    with pytest.raises(SystemExit) as stop:
        artemis.cli.main()
    assert stop.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"
