"""Browsing the catalog: rows for `artemis content list`, details for `artemis content show`."""

from __future__ import annotations

from artemis.effects.model import effect_to_data


class UnknownKind(ValueError):
    """Raised for a kind that `content list` does not know."""


KINDS = ("buildings", "expeditions", "events", "relief_track", "board")


def list_rows(catalog, kind: str | None, provenance: str | None) -> list[dict]:
    """Rows {kind, id, name, provenance} of the catalog, filtered by kind and provenance tag
    (content-data.md 10.4: contains, ignoring case). Raises UnknownKind."""
    if kind is not None and kind not in KINDS:
        raise UnknownKind(f"unknown kind '{kind}'; expected one of: {', '.join(KINDS)}")
    rows = []
    for b in catalog.buildings:
        rows.append({"kind": "buildings", "id": b.id, "name": b.name, "provenance": b.provenance})
    for x in catalog.expeditions:
        rows.append({"kind": "expeditions", "id": x.id, "name": x.name,
                     "provenance": x.provenance})
    for e in catalog.events:
        rows.append({"kind": "events", "id": e.id, "name": e.name, "provenance": e.provenance})
    for s in catalog.relief_track:
        rows.append({"kind": "relief_track", "id": f"space {s.space}", "name": "",
                     "provenance": s.provenance})
    for r in catalog.board.rows:
        rows.append({"kind": "board", "id": r["table"], "name": "", "provenance": r["provenance"]})
    if kind:
        rows = [r for r in rows if r["kind"] == kind]
    if provenance:
        tag = provenance.lower()
        rows = [r for r in rows if tag in r["provenance"].lower()]
    return rows


def print_rows(console, rows: list[dict]) -> None:
    """Print rows as a rich table."""
    from rich.table import Table

    table = Table("kind", "id", "name", "provenance")
    for r in rows:
        table.add_row(r["kind"], r["id"], r["name"], r["provenance"])
    console.print(table)
    console.print(f"{len(rows)} items")


def item_data(item) -> dict:
    """A catalog item as plain JSON data."""
    out = {}
    for name in item.__dataclass_fields__:
        value = getattr(item, name)
        if isinstance(value, tuple) and value and hasattr(value[0], "op"):
            value = effect_to_data(value)
        elif hasattr(value, "__dataclass_fields__"):
            value = {k: str(getattr(value, k)) for k in value.__dataclass_fields__}
        elif isinstance(value, tuple):
            value = [effect_to_data(v) if isinstance(v, tuple) and v and hasattr(v[0], "op")
                     else str(v) for v in value]
        out[name] = value
    return out


def print_item(console, item) -> None:
    """Print one item's fields."""
    from rich.table import Table

    table = Table(show_header=False)
    for k, v in item_data(item).items():
        table.add_row(k, str(v))
    console.print(table)
