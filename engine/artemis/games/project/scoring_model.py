"""The designer's scoring model: the VP a seat is expected to score at each step of the End of
the Game under solid play, at a few player counts (`scoring_model.yaml` in a content pack;
the base game's is a reconstruction from the rulebook and the content). `artemis simulate`
sets the run's mean per step against it (docs/simulate.md, "The scoring model").

The file is read and checked as content files are (safe YAML with positions, a JSON Schema,
located problems with E1xx/E2xx codes), but it is not part of the catalog: it changes no game,
so the content hash, saves and logs do not depend on it. A fan pack overrides it by shipping
its own `scoring_model.yaml`: the packs are read in load order and a later pack's entry for a
player count replaces the earlier one.
"""

from __future__ import annotations

from pathlib import Path

from artemis.games.project.rules.scoring import STEPS

#: The file a content pack's folder may hold.
MODEL_FILE = "scoring_model.yaml"

_VP = {"type": "number", "minimum": -100, "maximum": 100}

#: The End of the Game's steps in words (rulebook, End of the Game).
STEP_WORDS = {"saved_resources": "1. Saved Energy and saved Minerals.",
              "surface_buildings": "2. Fully staffed Surface buildings.",
              "buildings": "3. Number of buildings (chart A).",
              "colonist_sets": "4. Colonist sets.",
              "leftover_colonists": "5. Leftover colonists.",
              "badges": "6. Expedition badges (chart B).",
              "most_toolkits": "7. Most Toolkits."}


def model_schema() -> dict:
    """The JSON Schema (draft-07) of a `scoring_model.yaml`: {kind: scoring_model, items:
    [{players, steps: {step: expected VP}, in_game?, provenance}]}, the seven steps of the
    End of the Game named as the report names them (`rules.scoring.STEPS`); a plugin's
    scoring item may be given too (any other name)."""
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "artemis content: the designer's scoring model",
        "description": "Expected VP per seat at each step of the End of the Game under solid "
        "play, per player count; `artemis simulate` sets the run's means against it "
        "(docs/simulate.md, \"The scoring model\").",
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", "items"],
        "properties": {
            "kind": {"const": "scoring_model", "description": "The kind of this file."},
            "items": {
                "description": "One entry per player count.",
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["players", "steps", "provenance"],
                    "properties": {
                        "players": {"type": "integer", "minimum": 1, "maximum": 8,
                                    "description": "The player count this entry is for."},
                        "steps": {
                            "type": "object",
                            "description": "Expected VP per seat at each final-scoring step.",
                            "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
                            "required": list(STEPS),
                            "additionalProperties": {**_VP, "description": "A plugin's "
                                                     "scoring item, by its name."},
                            "properties": {step: {**_VP, "description": STEP_WORDS[step]}
                                           for step in STEPS},
                        },
                        "in_game": {**_VP, "description": "Expected VP per seat earned during "
                                    "the game (not a final-scoring step)."},
                        "provenance": {"type": "string", "minLength": 1,
                                       "description": "Where the values come from."},
                    },
                },
            },
        },
    }


def read_model(path: Path) -> list[dict]:
    """The entries of the scoring model at ``path``. Raises ContentError with its located
    problems (unreadable, bad YAML, a schema error, one player count twice)."""
    from jsonschema import Draft7Validator

    from artemis.content.problems import ContentError, Problem
    from artemis.content.schema_check import schema_problems
    from artemis.content.yamlio import YamlProblem, load

    try:
        doc = load(path)
    except YamlProblem as exc:
        raise ContentError([exc.problem]) from None
    problems = schema_problems(doc, Draft7Validator(model_schema()))
    if not problems:
        seen: dict = {}
        for i, entry in enumerate(doc.data["items"]):
            if entry["players"] in seen:
                line, col = doc.position(("items", i, "players"))
                problems.append(Problem(doc.file, line, col, f"/items/{i}/players", "E204",
                                        f"players {entry['players']} is given twice (first "
                                        f"in entry {seen[entry['players']]})",
                                        "give each player count once"))
            seen.setdefault(entry["players"], i)
    if problems:
        raise ContentError(problems)
    return list(doc.data["items"])


def model_problems(packs) -> list:
    """The problems of the scoring model files of the loaded ``packs`` (`artemis.content.
    loader.Pack`: each folder's `scoring_model.yaml`, when it has one), so that `artemis
    validate` reports them with the pack's other problems (`content_checks.check_all`)."""
    from artemis.content.problems import ContentError

    out: list = []
    for pack in packs:
        path = Path(pack.root) / MODEL_FILE
        if path.is_file():
            try:
                read_model(path)
            except ContentError as exc:
                out.extend(exc.problems)
    return out


def load_model(packs) -> dict:
    """The scoring model of ``packs``, (pack id, folder) pairs in load order: {players: {steps,
    in_game, provenance, source}}, a later pack's entry replacing an earlier one's for its
    player count; {} when no pack has one. ``source`` names the file as "pack:file" (the
    same on every machine). Raises ContentError for a bad file."""
    out: dict = {}
    for pack, root in packs:
        path = Path(root) / MODEL_FILE
        if path.is_file():
            for entry in read_model(path):
                out[entry["players"]] = {"steps": dict(entry["steps"]),
                                         "in_game": entry.get("in_game"),
                                         "provenance": entry["provenance"],
                                         "source": f"{pack}:{MODEL_FILE}"}
    return out


def expected_at(model: dict, players: int) -> dict | None:
    """The model's expectation at ``players``: {players (the counts it is read from), steps
    {step: VP}, in_game, provenance, source}. A count the model gives is read as it is; one
    between two given counts is interpolated linearly step by step (3 players halfway between
    2 and 4); one outside them takes the nearest given count. None for an empty model."""
    if not model:
        return None
    counts = sorted(model)
    if players in model or players < counts[0] or players > counts[-1]:
        near = players if players in model else min(counts, key=lambda c: abs(c - players))
        e = model[near]
        return {"players": [near], "steps": dict(e["steps"]), "in_game": e["in_game"],
                "provenance": e["provenance"], "source": e["source"]}
    lo = max(c for c in counts if c < players)
    hi = min(c for c in counts if c > players)
    w = (players - lo) / (hi - lo)
    a, b = model[lo], model[hi]

    def mix(x, y):
        return None if x is None or y is None else round(x + w * (y - x), 4)

    steps = {s: mix(a["steps"].get(s), b["steps"].get(s))
             for s in dict.fromkeys([*a["steps"], *b["steps"]])}
    return {"players": [lo, hi], "steps": {s: v for s, v in steps.items() if v is not None},
            "in_game": mix(a["in_game"], b["in_game"]),
            "provenance": f"interpolated between {lo} and {hi} players",
            "source": (a["source"] if a["source"] == b["source"]
                       else f"{a['source']}, {b['source']}")}
