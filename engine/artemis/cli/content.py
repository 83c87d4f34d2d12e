"""`artemis content list|show`: browse a game's loaded content (its ruleset's ``browse``
module gives the rows and fields, `Ruleset.browse`; this module prints them)."""

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import (
    ContentGameOpt,
    ContentReadVersionOpt,
    ExpansionOpt,
    JsonFlag,
    StrictOpt,
    console,
    content_version_line,
    load_with_plugins,
    path_game,
    print_problems,
    ruleset_of,
    usage_error,
)
from artemis.util.plural import counted

content_app = typer.Typer(help="Browse the loaded content.", no_args_is_help=True)


def _catalog_or_exit(game_id: str | None, expansions: list[Path] | None, as_json: bool,
                     strict: bool = False, version: int | None = None):
    """The game's browser and its catalog with ``expansions`` (their manifests name the game,
    as for `artemis validate`), on the base content of ``version`` (None: the newest; an
    older one its frozen copy, docs/saves.md "Content versions"); exit 2 for a game without
    content to browse or a version it does not ship, 1 for content with problems."""
    expansions = list(expansions or [])
    ruleset = ruleset_of(path_game(game_id, expansions))
    browse = ruleset.browse
    if browse is None and ruleset.content.base_pack() is None:
        usage_error(f"{ruleset.name or ruleset.id} ({ruleset.id}) has no content to browse")
    if browse is None:  # a game may validate its content before it offers a browser for it
        usage_error(f"{ruleset.name or ruleset.id} ({ruleset.id}) offers no content browser "
                    f"yet; `artemis validate --game {ruleset.id}` checks its content")
    base = None
    if version is not None:
        from artemis.kernel.game import ConfigError, content_version

        try:
            base = ruleset.content.base_pack_of(content_version(ruleset, version))
        except (ConfigError, ValueError) as exc:
            usage_error(f"--content-version {version}: {exc}")
    _, result = load_with_plugins(expansions, ruleset, strict, base=base)
    if result is None:
        usage_error(f"{ruleset.name or ruleset.id} ({ruleset.id}) has no content to browse")
    if not result.ok:
        print_problems(result.problems, as_json)
        raise typer.Exit(1)
    return browse, result.catalog


@content_app.command("list")
def content_list(
    kind: Annotated[str | None, typer.Argument(
        metavar="KIND", help="One kind of the game's content (a kind it does not have is an "
        "error naming those it has); default: all.", show_default=False)] = None,
    provenance: Annotated[str | None, typer.Option(
        help="Only items whose provenance contains this tag (rulebook, research, "
        "reconstructed), ignoring case.", show_default=False)] = None,
    game_id: ContentGameOpt = None,
    expansion: ExpansionOpt = None,
    strict_plugins: StrictOpt = False,
    content_version: ContentReadVersionOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """List the loaded content, optionally by kind and provenance."""
    browse, catalog = _catalog_or_exit(game_id, expansion, as_json, strict_plugins,
                                       content_version)
    try:
        rows = browse.list_rows(catalog, kind, provenance)
    except browse.UnknownKind as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if content_version is not None:  # an older version's rows look like today's otherwise
        print(content_version_line(content_version, catalog))
    print_rows(console(), rows, browse)


@content_app.command("show")
def content_show(
    item_id: Annotated[str, typer.Argument(metavar="ID", help="An item's id, as `content "
                                           "list` shows it.")],
    game_id: ContentGameOpt = None,
    expansion: ExpansionOpt = None,
    strict_plugins: StrictOpt = False,
    content_version: ContentReadVersionOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Show one item of the game's content in full: its effects in words, its data, its
    provenance and where it is defined."""
    from artemis.content.problems import did_you_mean

    browse, catalog = _catalog_or_exit(game_id, expansion, as_json, strict_plugins,
                                       content_version)
    # a browser may hold items the catalog has no id for (the Odyssey's board slots)
    find = getattr(browse, "find_item", None)
    item = find(catalog, item_id) if find is not None else catalog.by_id.get(item_id)
    if item is None:
        ids = browse.item_ids(catalog) if hasattr(browse, "item_ids") else catalog.by_id
        ruleset = ruleset_of(path_game(game_id, list(expansion or [])))
        # an exact id of another game says which --game to ask; else the nearest id here
        hint = _other_game_hint(item_id, ruleset) or did_you_mean(item_id, ids) or did_you_mean(
            item_id.strip().lower().replace(" ", "_").replace("-", "_"), ids) or did_you_mean(
            item_id.strip().lower().replace(" ", "-").replace("_", "-"), ids)
        if not hint:
            game = "" if ruleset.id == "project" else f" --game {ruleset.id}"
            hint = f"no id is close; `artemis content list{game}` shows every id"
        noun = getattr(browse, "NOUN", "content item")
        print(f"error: no {noun} with id '{item_id}'\n    hint: {hint}", file=sys.stderr)
        raise typer.Exit(1)
    if as_json:
        print(json.dumps(browse.item_data(item, catalog), indent=2, ensure_ascii=False))
        return
    if content_version is not None:
        print(content_version_line(content_version, catalog))
    print_item(console(), item, catalog, browse)


def _other_game_hint(item_id: str, ruleset) -> str | None:
    """"'gaia-seed' is an item of The Artemis Odyssey: add `--game odyssey`" when ``item_id``
    is no item of ``ruleset``'s game but one of another registered game's base content (an
    id asked of the wrong game); None when no other game has it. Only an id not found is
    looked for there, so only a miss pays for loading the other games' content."""
    from artemis.kernel.games import games

    for other in games().values():
        if other.id == ruleset.id or other.browse is None or other.content.base_pack() is None:
            continue
        try:
            _, result = load_with_plugins([], other)
        except (Exception, SystemExit):  # a game whose content fails to load has no hint
            continue
        if result is None or not result.ok:
            continue
        find = getattr(other.browse, "find_item", None)
        found = (find(result.catalog, item_id) if find is not None
                 else result.catalog.by_id.get(item_id))
        if found is not None:
            flag = (f"use `--game {other.id}`" if other.id != "project"
                    else "use `--game project` (the default: leave --game out)")
            return f"'{item_id}' is an item of {other.name or other.id}: {flag}"
    return None


def print_rows(out, rows: list[dict], browse) -> None:
    """Print rows of ``browse.list_rows`` as rich tables (``browse``: the game's browser),
    one per kind, with each kind's fields in words, and their count. No cell is cut short
    with an ellipsis: on a terminal a word too long for its column folds onto the next line;
    when stdout is not a terminal (a pipe, a file) each table is as wide as its longest
    cells, so an id or a "defined at" file:line prints whole on one line."""
    from rich.measure import Measurement
    from rich.table import Table
    from rich.text import Text

    for kind, columns, cells in browse.list_tables(rows):
        if kind is None:  # rows of a kind the browser does not know
            table = Table(*(header for header, _ in columns))
            for column in table.columns:
                column.overflow = "fold"
        else:
            table = Table(title=f"{kind} ({len(cells)})", title_justify="left")
            for header, key in columns:
                # ids are what `content show` takes: never cut them short
                table.add_column(header, no_wrap=key == "id", min_width=len(header),
                                 overflow="fold")
        for row in cells:
            table.add_row(*(Text(text) for text in row))
        if out.is_terminal:
            out.print(table)
            continue
        # nobody's screen to fit: print every cell whole (print's own width is capped at the
        # console's, so the console is widened for this table)
        natural = Measurement.get(out, out.options.update_width(10_000), table).maximum
        width = out.width
        out.width = max(width, natural)
        try:
            out.print(table)
        finally:
            out.width = width
    out.print(Text(counted(len(rows), "item")))


def print_item(out, item, catalog, browse) -> None:
    """Print one item in a rich panel: every field, its effects in words and as data; a
    duplicate tile names its original (``browse.item_fields``; ``browse``: the game's
    browser)."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    item_fields, kind_of = browse.item_fields, browse.kind_of
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")  # a long path folds, never cut (its :line last)
    for label, text in item_fields(item, catalog):
        table.add_row(Text(label), Text(text))
    title = Text(browse.title(item) if hasattr(browse, "title") else f"{item.name} ({item.id})")
    out.print(Panel(table, title=title, subtitle=Text(kind_of(item)),
                    title_align="left", expand=False))
