"""What the commands share: their common options, the console, problems printed, the plugin
host and the content as the plugins see it, and the values of --bots, --variant and --option.

No ``from __future__ import annotations`` in the command modules: typer reads real annotations
faster than it evaluates strings (start-up: docs/performance.md). Heavy modules are imported
inside the functions.
"""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]
ExpansionOpt = Annotated[list[Path] | None, typer.Option(
    "--expansion", help="Also load this content pack (repeatable).", show_default=False)]
VariantOpt = Annotated[list[str] | None, typer.Option(
    "--variant", help="Switch a variant (house rule) on (repeatable).", show_default=False)]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", help="A variant option, NAME.KEY=VALUE (repeatable); switches NAME on.",
    show_default=False)]
PluginOpt = Annotated[list[str] | None, typer.Option(
    "--plugin", help="Also load this plugin module (repeatable).", show_default=False)]
DisableOpt = Annotated[list[str] | None, typer.Option(
    "--disable-plugin", help="Do not load this installed plugin (repeatable).",
    show_default=False)]


def console():
    """A rich console on stdout as the commands print: no highlighting, long lines kept."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def print_problems(problems, as_json: bool) -> None:
    """Content problems: a JSON list with --json, else each formatted for people."""
    if as_json:
        print(json.dumps([p.as_dict() for p in problems], indent=2, ensure_ascii=False))
        return
    for p in problems:
        print(p.format(), file=sys.stdout)


def plugin_host(extra: list[str] | None, disabled: list[str] | None):
    """The plugin host for --plugin and --disable-plugin (the default host without them); a
    plugin named with --plugin that fails to load is a warning on stderr."""
    from artemis.kernel.game import default_plugins
    from artemis.kernel.plugins import load_plugins

    if not extra and not disabled:
        return default_plugins()
    host = load_plugins(disable=tuple(disabled or ()), extra_modules=tuple(extra or ()))
    for name in extra or ():
        if name in host.failures:  # asked for by name: say so, and play on without it
            print(f"warning: plugin '{name}' failed to load: {host.failures[name]}",
                  file=sys.stderr)
    return host


def load_with_plugins(paths: list):
    """Content as the installed plugins see it: their vocabulary, checks and packs."""
    from artemis.games.project.content import load_game_content
    from artemis.kernel.plugins import default_host, host_registry
    from artemis.util.paths import base_pack

    host = default_host()  # validating needs the vocabulary, not the rule modules of a game
    for name, error in host.failures.items():  # its content may need it: say why it is off
        print(f"warning: plugin '{name}' failed to load: {error}", file=sys.stderr)
    registry = host_registry(host)
    plugin_packs = [p for p in host.content_packs() if str(p) != str(base_pack())]
    return host, load_game_content([*plugin_packs, *paths], registry, host.checks(),
                                   host.names())


def bot_kinds(spec: str | None, players: int) -> list[str]:
    """Bot kinds per seat from --bots "random,greedy,..." (one name applies to every seat).

    Raises ValueError when the count does not match ``players`` or a kind is unknown."""
    from artemis.players.bots import make_bot

    kinds = [k.strip() for k in (spec if spec is not None else "random").split(",")]
    if any(not k for k in kinds):
        raise ValueError(f"--bots has an empty name in '{spec}'; write e.g. random,greedy")
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players:
        raise ValueError(f"--bots names {len(kinds)} bots for {players} players")
    for k in kinds:
        make_bot(k, 0)
    return kinds


def parse_options(variants: list[str], options: list[str]) -> dict:
    """{variant: {option: value}} from ``--variant NAME`` and ``--option NAME.KEY=VALUE``
    flags; a value is read as YAML (``3`` is a number, ``true`` a boolean). An option turns its
    variant on. Raises ValueError for a malformed option."""
    from artemis.content.yamlio import YamlProblem, parse

    out: dict = {name: {} for name in variants}
    for text in options:
        key, sep, raw = text.partition("=")
        name, dot, option = key.partition(".")
        if not sep or not dot or not name or not option:
            raise ValueError(f"--option '{text}' is not NAME.KEY=VALUE, e.g. "
                             "game_length.rounds=5")
        try:
            value = parse(f"v: {raw}\n").data["v"] if raw.strip() else ""
        except YamlProblem:
            value = raw
        out.setdefault(name, {})[option] = value
    return out
