"""Writing the assembled JSON Schemas to a folder (`artemis schema export DIR`)."""

from __future__ import annotations

import json
from pathlib import Path

from artemis.effects.registry import Registry


def render_schemas(registry: Registry | None = None) -> dict[str, str]:
    """Every schema file's path (relative to the schemas folder: kernel files at the top, each
    game's content schemas under its id) and its exact text (sorted keys, 2-space indent,
    newline)."""
    from artemis.games.project.content import core_registry
    from artemis.games.project.content_schemas import all_schemas

    schemas = all_schemas(registry or core_registry())
    from artemis.records.save import SAVE_SCHEMA

    schemas["save.schema.json"] = SAVE_SCHEMA
    from artemis.scenario.schema import SCENARIO_SCHEMA

    schemas["scenario.schema.json"] = SCENARIO_SCHEMA
    kernel = {"expansion.schema.json", "game-config.schema.json", "save.schema.json",
              "scenario.schema.json"}
    return {(name if name in kernel else f"project/{name}"):
            json.dumps(s, indent=2, ensure_ascii=False) + "\n"
            for name, s in schemas.items()}


def export_schemas(folder: Path, registry: Registry | None = None) -> list[Path]:
    """Write every schema into ``folder`` (created if needed); returns the paths written.

    Raises OSError when the folder cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render_schemas(registry).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
