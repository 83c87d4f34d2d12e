"""`artemis schema export DIR`: the JSON Schemas of the content files."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import JsonFlag

schema_app = typer.Typer(help="The JSON Schemas of the content files.", no_args_is_help=True)


@schema_app.command("export")
def schema_export(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="Folder to write into.")],
    as_json: JsonFlag = False,
) -> None:
    """Write the JSON Schemas assembled from the effect registry into DIR."""
    from artemis.content.schema_export import export_schemas

    try:
        written = export_schemas(folder)
    except OSError as exc:
        print(f"error: cannot write to {folder}: {exc.strerror or exc}", file=sys.stderr)
        raise typer.Exit(1) from None
    if as_json:
        print(json.dumps([str(p) for p in written]))
    else:
        for p in written:
            print(f"wrote {p}")
