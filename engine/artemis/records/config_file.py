"""Game config files (YAML): players and their seats, seed, variants with options, expansions.

`load_config(path, host)` reads one with the same safe, located YAML reader as content, checks
it against `CONFIG_SCHEMA` (exported as schemas/game-config.schema.json), then checks every
variant and option against the plugins that are loaded, and returns the config or the located
problems (codes E601-E603, docs/errors.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jsonschema import Draft7Validator

from artemis.content.problems import Problem, did_you_mean, pointer

SEAT_KINDS = ("random", "greedy", "human")

CONFIG_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "artemis game config",
    "description": "A game of The Artemis Project: players and seats, seed, variants, "
    "expansions (`artemis play --config FILE`; command-line flags override it).",
    "type": "object",
    "additionalProperties": False,
    "required": ["players"],
    "properties": {
        "players": {
            "description": "The seats in order (seat 0 first; clockwise is increasing seat, "
            "R35), 2 to 5; or their number alone (players: 3), every seat a random bot, as in "
            "a save, log or scenario config.",
            "oneOf": [
                {"type": "integer", "minimum": 2, "maximum": 5,
                 "description": "The number of seats, 2 to 5, each a random bot.",
                 "examples": [3]},
                {"type": "array", "minItems": 2, "maxItems": 5,
                 "description": "The seats in order, 2 to 5.",
                 "items": {
                     "description": "One seat: who plays it.",
                     "type": "object", "additionalProperties": False, "required": ["seat"],
                     "properties": {
                         "seat": {"description": "random or greedy (bots) or human (the "
                                  "terminal).", "enum": list(SEAT_KINDS)},
                         "name": {"description": "A name to show for this seat.",
                                  "type": "string"},
                     },
                 }},
            ],
            "examples": [[{"seat": "greedy"}, {"seat": "random"}], 3],
        },
        "seed": {"description": "The game seed: the same config and seed, the same game.",
                 "type": "integer", "examples": [1]},
        "variants": {
            "description": "Variants (house rules) to switch on, each with its options; "
            "`artemis plugins` lists them.",
            "type": "object",
            "additionalProperties": {"type": "object",
                                     "description": "The variant's options ({} for none)."},
            "examples": [{"harsh": {}, "game_length": {"rounds": 5}}],
        },
        "expansions": {
            "description": "Content pack folders to play with, relative to this file.",
            "type": "array", "items": {"type": "string"},
        },
    },
}


@dataclass
class LoadedConfig:
    """A checked config file: the seats' kinds, seed, variants and expansion paths."""

    seats: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    seed: int = 0
    variants: dict = field(default_factory=dict)
    expansions: list[str] = field(default_factory=list)


def load_config(path: Path, host) -> tuple[LoadedConfig | None, list[Problem]]:
    """Read and check a config file; returns (config, []) or (None, problems)."""
    from artemis.content.schema_check import schema_problems
    from artemis.content.yamlio import YamlProblem, load
    from artemis.kernel.variants import VariantError, resolve_options

    shown = str(path)
    try:
        doc = load(Path(path), shown)
    except YamlProblem as exc:
        return None, [exc.problem]
    problems = schema_problems(doc, Draft7Validator(CONFIG_SCHEMA))
    if problems:
        return None, problems
    data = doc.data
    known = host.variants()
    for name, given in (data.get("variants") or {}).items():
        line, col = doc.position(("variants", name), key=True)
        if name not in known:
            problems.append(Problem(shown, line, col, pointer(("variants", name)), "E601",
                                    f"unknown variant '{name}'",
                                    did_you_mean(name, known) or "no variant is installed; "
                                    "`artemis plugins` lists them"))
            continue
        try:
            resolve_options(known[name], given)
        except VariantError as exc:
            bad = next((k for k in given if k not in known[name].options.get(
                "properties", {})), None) or next(iter(given), None)
            where = ("variants", name, bad) if bad is not None else ("variants", name)
            line, col = doc.position(where, key=bad is not None and bad not in
                                     known[name].options.get("properties", {}))
            problems.append(Problem(shown, line, col, pointer(where), "E602", str(exc),
                                    exc.hint))
    base = Path(path).parent
    expansions = [str(base / e) for e in data.get("expansions", [])]
    for i, e in enumerate(expansions):
        try:
            found = Path(e).exists()
        except OSError:  # a name too long to look up (ENAMETOOLONG)
            found = False
        if not found:
            line, col = doc.position(("expansions", i))
            problems.append(Problem(shown, line, col, pointer(("expansions", i)), "E603",
                                    f"expansion '{data['expansions'][i]}' not found",
                                    "paths are relative to the config file"))
    if problems:
        return None, problems
    players = data["players"]
    if isinstance(players, int):  # the shorthand: N random seats
        players = [{"seat": "random"}] * players
    names = [p.get("name", f"P{i}") for i, p in enumerate(players)]
    return LoadedConfig([p["seat"] for p in players], names, data.get("seed", 0),
                        {k: dict(v) for k, v in (data.get("variants") or {}).items()},
                        expansions), []
