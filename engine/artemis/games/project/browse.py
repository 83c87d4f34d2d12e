"""Browsing the catalog: rows for `artemis content list`, details for `artemis content show`.

`list_rows` gives plain dicts (printed as JSON by ``--json``), each with ``kind``, ``id``,
``name``, ``provenance`` and a one-line ``summary`` in words, plus the fields of its kind.
`list_tables` groups them into one table per kind, as text cells; `item_data` and
`item_fields` give one building, expedition or event in full, its effects in words
(`artemis.games.project.words`). The command line prints them (`artemis.cli.content`).
"""

from __future__ import annotations

import difflib
from typing import Any

from artemis.effects.model import Step, effect_to_data
from artemis.games.project import words
from artemis.games.project.content_schemas import KINDS as CONTENT_KINDS
from artemis.util.frozen import thaw
from artemis.util.plural import counted


class UnknownKind(ValueError):
    """Raised for a kind that `content list` does not know."""


KINDS = CONTENT_KINDS
#: What an item of this catalog is called when an id names none (`artemis content show`).
NOUN = "building, expedition or event"

_TABLE_NAMES = {
    "academy": "Academy",
    "outfitter": "Outfitter",
    "doorstep": "Doorstep",
    "event_spots": "Event spots",
    "chart_buildings": "Chart A: buildings",
    "chart_badges": "Chart B: Expedition badges",
    "components": "Components",
}


# -- words for one item ------------------------------------------------------------------------


def flow(data: Any) -> str:
    """Plain data in YAML flow style, as content files write it: ``[{gain: {minerals: 2}}]``."""
    data = thaw(data)
    if isinstance(data, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in data.items()) + "}"
    if isinstance(data, list):
        return "[" + ", ".join(flow(v) for v in data) + "]"
    if isinstance(data, bool):
        return "true" if data else "false"
    if data is None:
        return "null"
    return str(data)


def slots_text(slots: tuple[str, ...]) -> str:
    """A tile's slots: "2 slots: engineer, any" (``any`` is a blank slot)."""
    n = len(slots)
    return f"{counted(n, 'slot')}: {', '.join(slots)}"


def when_text(when: str, catalog=None) -> str:
    """An event's spot with when it resolves (docs/authoring.md 13.3): "A (before Basecamp)"."""
    spot = None
    if catalog is not None:
        spot = next((s for s in catalog.board.event_spots if s.spot == when), None)
    if spot is None:
        return when
    if spot.before:
        return f"{when} (before {words.region_name(spot.before)})"
    if spot.after:
        return f"{when} (after {words.region_name(spot.after)})"
    return f"{when} (at reveal, the end of Board Setup)"


def _building_summary(b) -> str:
    text = f"{b.kind}; {slots_text(b.slots)}; {words.describe_ability(b)}"
    if b.duplicate_of:
        text += f" (copy of {b.duplicate_of})"
    return text


def _expedition_summary(x) -> str:
    return (f"difficulty {x.difficulty}; {x.energy} Energy, {x.minerals} Minerals; "
            f"A: {words.describe(x.rewards[0])}; B: {words.describe(x.rewards[1])}")


def _event_summary(e, catalog=None) -> str:
    clauses = "; ".join(words.describe_clause(c) for c in e.clauses)
    return f"at {when_text(e.when, catalog)}: {clauses}"


def board_row_text(row: dict) -> str:
    """One board-table row in words: "face 3 trains a Marine", "8+ buildings: 17 VP"."""
    t = row.get("table")
    try:
        if t == "academy":
            name = words.colonist_name(row["becomes"])
            article = "an" if name[:1].lower() in "aeiou" else "a"
            return f"face {row['face']} trains {article} {name}"
        if t == "outfitter":
            faces = list(row["faces"])
            band = f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else str(faces[0])
            n = row["toolkits"]
            return f"faces {band}: {n} {words.item_name('toolkits', n)}"
        if t == "doorstep":
            n = row["max_colonists"]
            return f"face {row['face']}: at most {counted(n, 'colonist')}"
        if t == "event_spots":
            if row.get("before"):
                return f"{row['spot']}: before {words.region_name(row['before'])}"
            if row.get("after"):
                return f"{row['spot']}: after {words.region_name(row['after'])}"
            return f"{row['spot']}: at reveal, the end of Board Setup"
        if t in ("chart_buildings", "chart_badges"):
            plus = "+" if row.get("open_ended") else ""
            noun = "buildings" if t == "chart_buildings" else "Expedition badges"
            return f"{row['count']}{plus} {noun}: {row['vp']} VP"
        if t == "components":
            return (f"{words.colonist_name(row['colonist'], 2)}: {row['count']} in the box, "
                    f"{row['academy_supply']} in the Academy supply")
    except (KeyError, IndexError, TypeError):
        pass
    return ", ".join(f"{k}: {flow(v)}" for k, v in row.items() if k not in ("table", "provenance"))


# -- content list ------------------------------------------------------------------------------


def list_rows(catalog, kind: str | None, provenance: str | None) -> list[dict]:
    """Rows of the catalog as plain JSON data, filtered by kind and provenance tag
    (docs/authoring.md 6: the provenance contains the tag, ignoring case). Raises UnknownKind.

    Every row has ``kind``, ``id``, ``name``, ``provenance`` and ``summary`` (one line in
    words). Buildings add ``tile_kind``, ``slots``, ``ability``, ``effect`` (words) and
    ``duplicate_of``; expeditions ``difficulty``, ``energy``, ``minerals`` and ``rewards``
    (words); events ``when``, ``resolves`` (the spot in words) and ``clauses`` (words);
    Relief spaces ``space`` and ``reward``; board rows ``table`` and ``row`` (the row's data).
    """
    if kind is not None and kind not in KINDS:
        near = difflib.get_close_matches(kind.lower(), KINDS, n=1, cutoff=0.6)
        hint = f"did you mean '{near[0]}'? " if near else ""
        raise UnknownKind(f"unknown kind '{kind}'; {hint}expected one of: {', '.join(KINDS)}")
    rows: list[dict] = []
    for b in catalog.buildings:
        rows.append({
            "kind": "buildings", "id": b.id, "name": b.name, "provenance": b.provenance,
            "summary": _building_summary(b), "tile_kind": b.kind, "slots": list(b.slots),
            "ability": b.ability, "effect": words.describe_ability(b),
            "duplicate_of": b.duplicate_of,
        })
    for x in catalog.expeditions:
        rows.append({
            "kind": "expeditions", "id": x.id, "name": x.name, "provenance": x.provenance,
            "summary": _expedition_summary(x), "difficulty": x.difficulty,
            "energy": x.energy, "minerals": x.minerals,
            "rewards": [words.describe(r) for r in x.rewards],
        })
    for e in catalog.events:
        rows.append({
            "kind": "events", "id": e.id, "name": e.name, "provenance": e.provenance,
            "summary": _event_summary(e, catalog), "when": e.when,
            "resolves": when_text(e.when, catalog),
            "clauses": [words.describe_clause(c) for c in e.clauses],
        })
    for s in catalog.relief_track:
        reward = words.describe(s.reward)
        rows.append({
            "kind": "relief_track", "id": f"space {s.space}", "name": "Relief Track",
            "provenance": s.provenance, "summary": reward, "space": s.space, "reward": reward,
        })
    for r in catalog.board.rows:
        table = r["table"]
        rows.append({
            "kind": "board", "id": table, "name": _TABLE_NAMES.get(table, table),
            "provenance": r["provenance"], "summary": board_row_text(r), "table": table,
            "row": {k: thaw(v) for k, v in r.items() if k not in ("table", "provenance")},
        })
    if kind:
        rows = [r for r in rows if r["kind"] == kind]
    if provenance:
        tag = provenance.lower()
        rows = [r for r in rows if tag in r["provenance"].lower()]
    return rows


# column header, row key (None: the summary), per kind
_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "buildings": (("id", "id"), ("name", "name"), ("kind", "tile_kind"), ("slots", "slots"),
                  ("ability", "effect"), ("provenance", "provenance")),
    "expeditions": (("id", "id"), ("name", "name"), ("diff.", "difficulty"),
                    ("Energy", "energy"), ("Minerals", "minerals"), ("reward A", "reward_a"),
                    ("reward B", "reward_b"), ("provenance", "provenance")),
    "events": (("id", "id"), ("name", "name"), ("when", "resolves"), ("clauses", "clauses"),
               ("provenance", "provenance")),
    "relief_track": (("space", "space"), ("reward", "reward"), ("provenance", "provenance")),
    "board": (("table", "name"), ("row", "summary"), ("provenance", "provenance")),
}


def _cell(row: dict, key: str) -> str:
    if key == "reward_a":
        return row["rewards"][0]
    if key == "reward_b":
        return row["rewards"][1]
    value = row.get(key, "")
    if key == "slots":
        return ", ".join(value)
    if key == "clauses":
        return "; ".join(value)
    if key == "name" and row.get("duplicate_of"):
        return f"{value} (copy of {row['duplicate_of']})"
    return "" if value is None else str(value)


#: one table of `list_tables`: (kind or None, [(header, row key)], [[cell text]])
ListTable = tuple[str | None, list[tuple[str, str]], list[list[str]]]


def list_tables(rows: list[dict]) -> list[ListTable]:
    """``rows`` (of `list_rows`) as tables of text: one (kind, columns, cells) per kind, in
    the order of KINDS, each kind with its fields in words; ``columns`` are (header, key) pairs
    (key "id" is an id `content show` takes). Rows of another kind come last in one table of
    kind None with the columns kind, id, name, summary and provenance."""
    tables: list[ListTable] = []
    for kind in KINDS:
        group = [r for r in rows if r["kind"] == kind]
        if group:
            columns = list(_COLUMNS[kind])
            tables.append((kind, columns, [[_cell(r, key) for _, key in columns]
                                           for r in group]))
    extra = [r for r in rows if r["kind"] not in KINDS]
    if extra:
        keys = ("kind", "id", "name", "summary", "provenance")
        tables.append((None, [(k, k) for k in keys],
                       [[str(r.get(k, "")) for k in keys] for r in extra]))
    return tables


# -- content show ------------------------------------------------------------------------------


def kind_of(item) -> str:
    """building, expedition or event (or the item's type in lower case)."""
    name = type(item).__name__
    return {"Building": "building", "Expedition": "expedition", "Event": "event"}.get(
        name, name.lower())


def _original(item, catalog):
    if catalog is None or not getattr(item, "duplicate_of", None):
        return None
    return catalog.by_id.get(item.duplicate_of)


def _is_effect(value) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(s, Step) for s in value)


def item_data(item, catalog=None) -> dict:
    """A catalog item as plain JSON data: every field (effects as content data), its kind and
    its effects in words (``words``). A duplicate tile also carries ``original`` (id, name,
    provenance of the tile it copies) when ``catalog`` is given."""
    kind = kind_of(item)
    out: dict[str, Any] = {"type": kind}
    for name in item.__dataclass_fields__:
        value = getattr(item, name)
        if name == "passive" and value is not None:
            value = {"requires": value.requires,
                     "modify": [{"param": m.param, m.mode: thaw(m.value)} for m in value.modify]}
        elif name == "trigger" and value is not None:
            value = {"on": value.on, "effect": effect_to_data(value.effect)}
        elif name == "clauses":
            value = [{"target": thaw(c.target), "effect": effect_to_data(c.effect)}
                     for c in value]
        elif name == "rewards":
            value = [effect_to_data(r) for r in value]
        elif _is_effect(value):
            value = effect_to_data(value)
        else:
            value = thaw(value)
        out[name] = value
    if kind == "building":
        out["words"] = words.describe_ability(item)
        original = _original(item, catalog)
        if original is not None:
            out["original"] = {"id": original.id, "name": original.name,
                               "provenance": original.provenance}
    elif kind == "expedition":
        out["words"] = [words.describe(r) for r in item.rewards]
    elif kind == "event":
        out["words"] = [words.describe_clause(c) for c in item.clauses]
    return out


def item_fields(item, catalog=None) -> list[tuple[str, str]]:
    """(label, text) pairs of one item for `artemis content show`, every field included: its
    effects in words and as data; a duplicate tile names its original."""
    kind = kind_of(item)
    rows: list[tuple[str, str]] = [("id", item.id), ("name", item.name)]
    if kind == "building":
        rows += [("kind", item.kind), ("slots", slots_text(item.slots)),
                 ("ability", item.ability)]
        if item.passive is not None:
            rows.append(("requires", item.passive.requires))
        if item.trigger is not None:
            rows.append(("on", item.trigger.on))
        rows.append(("effect in words", words.describe_ability(item)))
        data = item_data(item)
        rows.append(("effect as data", flow(data[item.ability])))
        if item.duplicate_of:
            original = _original(item, catalog)
            text = item.duplicate_of
            if original is not None:
                text += f" ({original.name}; its provenance: {original.provenance})"
            rows.append(("duplicate of", text + "; same data, removed at 2 players"))
    elif kind == "expedition":
        rows += [("difficulty", str(item.difficulty)),
                 ("energy", f"{item.energy} (added to the Vents at Board Setup)"),
                 ("minerals", f"{item.minerals} (added to the Quarry at Board Setup)")]
        for label, reward in zip("AB", item.rewards, strict=False):
            rows.append((f"reward {label}", words.describe(reward)))
            rows.append((f"reward {label} as data", flow(effect_to_data(reward))))
    elif kind == "event":
        rows.append(("when", when_text(item.when, catalog)))
        for n, clause in enumerate(item.clauses, 1):
            rows.append((f"clause {n}", words.describe_clause(clause)))
            rows.append((f"clause {n} target", words.describe_target(clause.target)))
            rows.append((f"clause {n} as data", flow(effect_to_data(clause.effect))))
    else:
        for k, v in item_data(item).items():
            if k not in ("id", "name", "provenance", "pack", "source", "type"):
                rows.append((k, flow(v)))
    rows += [("provenance", item.provenance), ("pack", item.pack), ("source", item.source)]
    return rows
