"""Help text that says what each command does: --game of a command that plays nothing does not
say "played", and every argument is shown by an upper-case name (`[PATH...]`, not `[paths]`)."""

from __future__ import annotations

import re

import pytest
import typer
from typer.testing import CliRunner

from artemis.cli import app

WIDE = {"COLUMNS": "400"}


def _commands() -> dict[str, object]:
    """Every command of the app by its words ("content list"): its click command; a group
    that runs on its own with options (`simulate`, whose `merge` is a subcommand) too."""
    found: dict[str, object] = {}

    def walk(command, prefix: list[str]) -> None:
        subs = getattr(command, "commands", None)
        if subs is None or (prefix and command.params):
            found[" ".join(prefix)] = command
        for name, sub in (subs or {}).items():
            walk(sub, [*prefix, name])

    walk(typer.main.get_command(app), [])
    return found


COMMANDS = _commands()


def game_help(words: str) -> str:
    """The --game help of a command, as one line ("" when it has none)."""
    params = [p for p in COMMANDS[words].params if "--game" in getattr(p, "opts", ())]
    return " ".join((params[0].help or "").split()) if params else ""


def test_game_help_says_played_only_where_a_game_is_played():
    with_game = {w for w in COMMANDS if game_help(w)}
    assert {"play", "simulate", "validate", "replay", "content list", "content show",
            "scenario run", "schema export"} <= with_game
    played = {w for w in with_game if re.search(r"\bplayed\b", game_help(w))}
    assert played == {"play", "simulate"}
    assert game_help("validate") == (
        "The game (`artemis games` lists them); with no PATH, whose base content to validate; "
        "with PATHs, the game their packs' manifests name (another --game is a usage error), or "
        "a lone content file's \\[default: every game's, or the packs'].")
    assert "replayed as the game it names" in game_help("replay")


@pytest.mark.parametrize("words", sorted(COMMANDS))
def test_arguments_are_shown_in_capitals(words):
    result = CliRunner().invoke(app, [*words.split(), "--help"], env=WIDE)
    assert result.exit_code == 0, result.output
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    after = usage.split("[OPTIONS]", 1)[-1]
    assert re.search(r"[a-z]", re.sub(r"\.jsonl", "", after)) is None, usage


def test_validate_usage_names_its_paths():
    usage = CliRunner().invoke(app, ["validate", "--help"], env=WIDE).stdout
    assert "Usage: artemis validate [OPTIONS] [PATH...]" in usage
    assert "[paths]" not in usage
