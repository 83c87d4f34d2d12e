"""`artemis schema export DIR [--game GAME]`: the JSON Schemas of the content files,
gathered from every layer: the kernel's (content pack manifest, game config, save, scenario)
at the top, each registered game's content schemas under its id (with --game, that game's
only)."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import JsonFlag, ruleset_of
from artemis.effects.registry import Registry

schema_app = typer.Typer(help="The JSON Schemas of the content files.", no_args_is_help=True)


@schema_app.command("export")
def schema_export(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Folder to write into.")],
    game_id: Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help="Only this game's content schemas (with the kernel's) "
        "\\[default: every game's].", show_default=False)] = None,
    as_json: JsonFlag = False,
) -> None:
    """Write the JSON Schemas assembled from the effect registry into DIR: the kernel's and
    every game's (--game: that game's)."""
    if game_id is not None:
        ruleset_of(game_id)
    if folder.exists() and not folder.is_dir():
        print(f"error: cannot write the schemas into {folder}: it is a file, not a folder; "
              "give a folder (made if missing)", file=sys.stderr)
        raise typer.Exit(1)
    try:
        written = export_schemas(folder, game=game_id)
    except OSError as exc:
        print(f"error: cannot write to {folder}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(1) from None
    if as_json:
        print(json.dumps([str(p) for p in written]))
    else:
        for p in written:
            print(f"wrote {p}")


def render_schemas(registry: Registry | None = None, game: str | None = None) -> dict[str, str]:
    """Every schema file's path (relative to the schemas folder: kernel files at the top, each
    game's content schemas under ``<game id>/``) and its exact text (sorted keys, 2-space
    indent, newline). Each game's schemas are assembled from its core vocabulary alone (no
    installed plugin), or from ``registry`` for ``game`` (default: every game)."""
    from artemis.content.manifest import manifest_schema
    from artemis.kernel.games import games
    from artemis.kernel.plugins import load_plugins
    from artemis.records.config_file import CONFIG_SCHEMA
    from artemis.records.save import SAVE_SCHEMA
    from artemis.scenario.schema import file_schema

    schemas: dict[str, dict] = {
        "expansion.schema.json": manifest_schema(),
        "game-config.schema.json": CONFIG_SCHEMA,
        "save.schema.json": SAVE_SCHEMA,
        "scenario.schema.json": file_schema(),
    }
    host = None
    for game_id, ruleset in games().items():
        if game is not None and game_id != game:
            continue
        if registry is not None and game is not None:
            reg = registry
        else:
            host = host or load_plugins(entry_point_plugins=False)
            reg = host.registry(game_id)
        for name, schema in ruleset.content.schemas(reg).items():
            schemas[f"{game_id}/{name}"] = schema
    return {name: json.dumps(s, indent=2, ensure_ascii=False) + "\n"
            for name, s in schemas.items()}


def export_schemas(folder: Path, registry: Registry | None = None,
                   game: str | None = None) -> list[Path]:
    """Write every schema into ``folder`` (created if needed); returns the paths written.

    Raises OSError when the folder cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in render_schemas(registry, game).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
