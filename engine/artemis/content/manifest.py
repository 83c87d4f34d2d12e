"""The content pack manifest (``expansion.yaml``): the kernel's, the same for every game.

A manifest names the game its pack is for (``game``; a manifest that names none is a
Project pack, as every pack written before games had ids); loading it for another game is
E507 (docs/errors.md).
"""

from __future__ import annotations

from artemis.util import DEFAULT_GAME

DRAFT = "http://json-schema.org/draft-07/schema#"

ID = {"description": "A unique id: lower case letters, digits and underscores.",
      "type": "string", "pattern": "^[a-z][a-z0-9_]*$"}

MANIFEST_PROPS = {
    "id": {**ID, "description": "The pack's id, unique among the loaded packs: lower case "
           "letters, digits and underscores."},
    "game": {"description": "The registered game this pack is for (`artemis games` lists "
             "them); absent: project, The Artemis Project.", "type": "string",
             "pattern": "^[a-z][a-z0-9_]*$", "examples": ["project"]},
    "name": {"description": "The pack's name, for people.", "type": "string", "minLength": 1},
    "version": {"description": "The pack's version, e.g. 1.0.0 (quote it if YAML would read "
                "a number).", "type": "string", "examples": ["1.0.0"]},
    "engine": {"description": "The engine versions this pack supports, a PEP 440 range.",
               "type": "string", "examples": [">=0.1"]},
    "requires": {"description": "Content pack ids and plugin names this pack needs.",
                 "type": "array", "items": {"type": "string"}},
    "files": {"description": "The content files, in load order, relative to this manifest.",
              "type": "array", "minItems": 1, "items": {"type": "string"},
              "examples": [["items.yaml", "more_items.yaml"]]},
    "description": {"description": "What the pack adds.", "type": "string"},
    "authors": {"description": "Who made it.", "type": "array", "items": {"type": "string"}},
    "provenance": {"description": "Where the pack's values come from (docs/authoring.md, "
                   "provenance tags).", "type": "string", "minLength": 1},
}


def manifest_schema(files: list[str] | None = None) -> dict:
    """The JSON Schema (draft-07) of ``expansion.yaml``; exported as
    schemas/expansion.schema.json. ``files``: an example of its ``files`` in a game's words
    (its content files: buildings.yaml, ...), for the hints of that game's packs."""
    props = MANIFEST_PROPS
    if files:
        props = {**props, "files": {**props["files"], "examples": [list(files)]}}
    return {
        "$schema": DRAFT,
        "title": "artemis content pack manifest (expansion.yaml)",
        "description": "A content pack of one game: its base content or an expansion.",
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "name", "version", "files", "provenance"],
        "properties": props,
    }


def pack_game(path) -> str | None:
    """The game the content pack folder ``path`` is for: its ``expansion.yaml``'s ``game``
    (``project`` when it names none). None when ``path`` is not a folder with a manifest or
    the manifest cannot be read as a mapping (the loader reports why)."""
    from pathlib import Path

    from artemis.content.yamlio import YamlProblem, load

    manifest = Path(path) / "expansion.yaml"
    try:
        if not manifest.is_file():
            return None
        data = load(manifest).data
    except (OSError, ValueError, YamlProblem):
        return None
    if not isinstance(data, dict):
        return None
    game = data.get("game", DEFAULT_GAME)
    return game if isinstance(game, str) else None


def pack_label(path) -> str | None:
    """``"<id> <version>"`` of the content pack folder ``path`` (as logs and saves record a
    pack: ``"base 3.0.0"``), or None when its ``expansion.yaml`` cannot be read or lacks
    either field."""
    from pathlib import Path

    from artemis.content.yamlio import YamlProblem, load

    manifest = Path(path) / "expansion.yaml"
    try:
        if not manifest.is_file():
            return None
        data = load(manifest).data
    except (OSError, ValueError, YamlProblem):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str)
                                             for k in ("id", "version")):
        return None
    return f"{data['id']} {data['version']}"
