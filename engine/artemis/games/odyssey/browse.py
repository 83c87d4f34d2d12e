"""Browsing The Artemis Odyssey's catalog: rows for `artemis content list --game odyssey`, one
item in full for `artemis content show --game odyssey ID` (the browser interface of
`artemis.kernel.ruleset.Ruleset.browse`, as the Project's `artemis.games.project.browse`).

Every kind of the Odyssey's content is listed (docs/odyssey-authoring.md 3): systems, planet
types, setup rows, Assets, scoring options, the Planning board (its slots and the Score track),
Action cards by colour and action, Alien Artifacts with their windows, Singularity cards and
Missions. Each row is plain JSON data with ``kind``, ``id``, ``name``, ``provenance``,
``source`` (the "file:line" that defines it), ``pack`` and ``summary`` (one line in words,
`artemis.games.odyssey.words`), plus the fields of its kind. An item without an id in the
content files gets one here: a setup row is ``setup-N`` (N players), a board slot ``slot-N``,
the Score track ``score_track``.
"""

from __future__ import annotations

import difflib
from typing import Any

from artemis.effects.model import effect_to_data
from artemis.games.odyssey import words
from artemis.games.odyssey.content_schemas import KINDS as CONTENT_KINDS
from artemis.games.odyssey.vocabulary import (
    ACTION_NAMES,
    OPTION_NAMES,
    PLANET_NAMES,
    WINDOW_TEXT,
)
from artemis.util.frozen import thaw

KINDS = CONTENT_KINDS

#: What `content show` names when an id is unknown.
NOUN = "Odyssey content item"


class UnknownKind(ValueError):
    """Raised for a kind that `content list` does not know."""


def _counts(players) -> str:
    players = list(players)
    if not players:
        return "no player count"
    if len(players) == 1:
        return f"{players[0]} player{'s' if players[0] > 1 else ''}"
    return ", ".join(map(str, players[:-1])) + f" and {players[-1]} players"


def _goal(goal) -> str:
    name, params = goal.quantity
    return f"{words.describe_quantity({name: thaw(params)})}: at least {goal.at_least}"


def _windows(windows) -> list[str]:
    return [f"{w}: {WINDOW_TEXT.get(w, w)}" for w in windows]


def _target(target) -> str:
    if not target:
        return ""
    target = thaw(target)
    owner = {"other": "another player's", "own": "your own", "any": "any"}.get(
        target.get("card_owner"), str(target.get("card_owner")))
    actions = target.get("actions")
    kinds = ("/".join(ACTION_NAMES.get(a, a) for a in actions) + " ") if actions else ""
    return f"used on {owner} {kinds}Action card"


def _asset_summary(a) -> str:
    vp = thaw(a.build_vp)
    scored = ""
    if "on_alien" in vp:
        scored = f"; {vp['on_alien']} VP when built on an Alien planet"
    elif "always" in vp:
        scored = f"; {vp['always']} VP when built"
    return (f"{a.pieces} pieces; costs {words.describe_items(a.cost)}; yields {a.yield_} "
            f"Resource card{'s' if a.yield_ != 1 else ''} when its planet's type is "
            f"produced{scored}")


def _setup_summary(s) -> str:
    if s.as_players is not None:
        return f"plays as {s.as_players} players in {s.teams} teams of two"
    stars = ("every star" if s.stars == "all" else "the stars of the solo colour's own "
             "Travel cards")
    text = (f"{s.planets} planets ({s.production_per_type} of each production type, "
            f"{s.alien_planets} Alien); {stars}; {s.cards_per_player} Action cards per player "
            "per round")
    if s.singularity:
        text += "; Singularity cards"
    if s.mission:
        text += "; a Mission"
    return text


def _row(kind: str, item_id: str, name: str, item, summary: str, **fields) -> dict:
    return {"kind": kind, "id": item_id, "name": name, "provenance": item.provenance,
            "pack": item.pack, "source": item.source, "summary": summary, **fields}


def all_rows(catalog) -> list[dict]:
    """Every item of ``catalog`` as a row (see the module docstring), in the order of KINDS
    and, within a kind, of the content."""
    rows: list[dict] = []
    for s in catalog.systems:
        role = "the Starting system" if s.start else "a star"
        rows.append(_row("systems", s.id, s.name, s, f"{s.symbol} {s.name}: {role}",
                         symbol=s.symbol, start=s.start))
    for t in catalog.planet_types:
        ore = "; an Ore" if t.ore else ""
        rows.append(_row("planet_types", t.id, PLANET_NAMES.get(t.id, t.id), t,
                         f"{t.tokens} planets; {t.resource_cards} Resource cards{ore}",
                         tokens=t.tokens, resource_cards=t.resource_cards, ore=t.ore))
    for s in catalog.setup:
        rows.append(_row("setup", f"setup-{s.players}", _counts([s.players]), s,
                         _setup_summary(s), players=s.players,
                         production_per_type=s.production_per_type,
                         alien_planets=s.alien_planets, planets=s.planets, stars=s.stars,
                         cards_per_player=s.cards_per_player, singularity=s.singularity,
                         mission=s.mission, as_players=s.as_players, teams=s.teams))
    for a in catalog.assets:
        rows.append(_row("assets", a.id, words.asset_name(a.id), a, _asset_summary(a),
                         pieces=a.pieces, cost=thaw(a.cost), yield_=a.yield_,
                         build_vp=thaw(a.build_vp), placement=a.placement))
    for o in catalog.scoring_options:
        rows.append(_row("scoring_options", o.id, OPTION_NAMES.get(o.id, o.id), o,
                         words.describe(o.effect), effect=words.describe(o.effect)))
    board = catalog.board
    for s in board.slots:
        text = f"Action cards at {_counts(s.players)}"
        if s.singularity:
            text += f"; the Singularity token at {_counts(s.singularity)}"
        rows.append(_row("planning_board", f"slot-{s.slot}", f"Slot {s.slot}", s, text,
                         slot=s.slot, players=list(s.players),
                         singularity=list(s.singularity)))
    if board.track_source:
        rows.append({"kind": "planning_board", "id": "score_track", "name": "Score track",
                     "provenance": board.track_provenance, "pack": board.track_pack,
                     "source": board.track_source,
                     "summary": f"markers start on {board.score_start} and never go below "
                                f"{board.score_floor}",
                     "start": board.score_start, "floor": board.score_floor})
    for c in catalog.action_cards:
        rows.append(_row("action_cards", c.id,
                         f"{c.colour.capitalize()} {ACTION_NAMES.get(c.action, c.action)}", c,
                         words.card_shows(c), colour=c.colour, action=c.action,
                         resources=list(c.resources), systems=list(c.systems),
                         options=list(c.options)))
    for a in catalog.artifacts:
        effect = words.describe(a.effect)
        target = _target(a.target)
        solo = "" if a.solo else "; removed in solo"
        rows.append(_row("alien_artifacts", a.id, a.name, a,
                         f"{', '.join(a.windows)}: {effect}"
                         + (f" ({target})" if target else "") + solo,
                         windows=list(a.windows), solo=a.solo, target=target or None,
                         effect=effect))
    for c in catalog.singularity_cards:
        rows.append(_row("singularity_cards", c.id, c.name, c, words.describe(c.effect),
                         effect=words.describe(c.effect)))
    for m in catalog.missions:
        goals = [_goal(g) for g in m.goals]
        rows.append(_row("missions", m.id, m.name, m, "; ".join(goals), goals=goals))
    return rows


def list_rows(catalog, kind: str | None, provenance: str | None) -> list[dict]:
    """Rows of the catalog as plain JSON data (`all_rows`), filtered by kind and by a
    provenance tag (the provenance contains it, ignoring case: docs/odyssey-authoring.md 2).
    Raises UnknownKind for a kind not in KINDS, naming the nearest."""
    if kind is not None and kind not in KINDS:
        near = difflib.get_close_matches(kind.lower(), KINDS, n=1, cutoff=0.6)
        hint = f"did you mean '{near[0]}'? " if near else ""
        raise UnknownKind(f"unknown kind '{kind}'; {hint}expected one of: {', '.join(KINDS)}")
    rows = all_rows(catalog)
    if kind:
        rows = [r for r in rows if r["kind"] == kind]
    if provenance:
        tag = provenance.lower()
        rows = [r for r in rows if tag in r["provenance"].lower()]
    return rows


# column header, row key, per kind
_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "systems": (("id", "id"), ("name", "name"), ("symbol", "symbol"), ("", "summary")),
    "planet_types": (("id", "id"), ("planets", "tokens"), ("Resource cards", "resource_cards"),
                     ("", "summary")),
    "setup": (("id", "id"), ("setup", "summary")),
    "assets": (("id", "id"), ("name", "name"), ("Asset", "summary")),
    "scoring_options": (("id", "id"), ("name", "name"), ("scores", "summary")),
    "planning_board": (("id", "id"), ("name", "name"), ("use", "summary")),
    "action_cards": (("id", "id"), ("colour", "colour"), ("action", "action"),
                     ("shows", "summary")),
    "alien_artifacts": (("id", "id"), ("name", "name"), ("windows", "windows"),
                        ("effect", "effect"), ("solo", "solo")),
    "singularity_cards": (("id", "id"), ("name", "name"), ("effect", "summary")),
    "missions": (("id", "id"), ("name", "name"), ("goals", "summary")),
}


def _cell(row: dict, key: str) -> str:
    value = row.get(key, "")
    if key == "windows":
        return ", ".join(value)
    if key == "solo":
        return "kept" if value else "removed"
    return "" if value is None else str(value)


def list_tables(rows: list[dict]) -> list[tuple]:
    """``rows`` (of `list_rows`) as tables of text, one (kind, [(header, key)], [[cell]]) per
    kind in the order of KINDS, each with the provenance and source columns last; rows of
    another kind come last in one table of kind None."""
    tables: list[tuple] = []
    for kind in KINDS:
        group = [r for r in rows if r["kind"] == kind]
        if group:
            columns = [*_COLUMNS[kind], ("provenance", "provenance"), ("defined at", "source")]
            tables.append((kind, columns, [[_cell(r, key) for _, key in columns]
                                           for r in group]))
    extra = [r for r in rows if r["kind"] not in KINDS]
    if extra:
        keys = ("kind", "id", "name", "summary", "provenance", "source")
        tables.append((None, [(k, k) for k in keys],
                       [[str(r.get(k, "")) for k in keys] for r in extra]))
    return tables


# -- content show ------------------------------------------------------------------------------

_ITEMS = {"systems": "systems", "planet_types": "planet_types", "setup": "setup",
          "assets": "assets", "scoring_options": "scoring_options",
          "action_cards": "action_cards", "alien_artifacts": "artifacts",
          "singularity_cards": "singularity_cards", "missions": "missions"}


def item_ids(catalog) -> list[str]:
    """Every id `content show` takes, in listing order."""
    return [r["id"] for r in all_rows(catalog)]


def find_item(catalog, item_id: str) -> dict | None:
    """The row of ``item_id`` (`all_rows`) with the item's content data under ``data`` (its
    fields as the content file writes them, effects as data), or None."""
    row = next((r for r in all_rows(catalog) if r["id"] == item_id), None)
    if row is None:
        return None
    return {**row, "data": _data(catalog, row)}


def _data(catalog, row: dict) -> dict:
    kind = row["kind"]
    if kind == "planning_board":
        if row["id"] == "score_track":
            return {"table": "score_track", "start": row["start"], "floor": row["floor"]}
        return {"slot": row["slot"], "players": row["players"],
                "singularity": row["singularity"]}
    table = getattr(catalog, _ITEMS[kind])
    key = (lambda x: f"setup-{x.players}") if kind == "setup" else (lambda x: x.id)
    item = next(x for x in table if key(x) == row["id"])
    out: dict[str, Any] = {}
    for name in item.__dataclass_fields__:
        if name in ("provenance", "pack", "source"):
            continue
        value = getattr(item, name)
        if name in ("effect",):
            value = effect_to_data(value)
        elif name == "goals":
            value = [{"quantity": {g.quantity[0]: thaw(g.quantity[1])},
                      "at_least": g.at_least} for g in value]
        else:
            value = thaw(value)
        out[name.rstrip("_")] = list(value) if isinstance(value, tuple) else value
    return out


def kind_of(item: dict) -> str:
    """The item's kind in the singular, for people: "Action card", "Alien Artifact" ..."""
    return {"systems": "system", "planet_types": "planet type", "setup": "setup",
            "assets": "Asset", "scoring_options": "scoring option",
            "planning_board": "Planning board", "action_cards": "Action card",
            "alien_artifacts": "Alien Artifact", "singularity_cards": "Singularity card",
            "missions": "Mission"}.get(item["kind"], item["kind"])


def title(item: dict) -> str:
    """The panel title of `content show`: "Red Produce (red-produce-1)"."""
    return f"{item['name']} ({item['id']})"


def item_data(item: dict, catalog=None) -> dict:
    """One item (of `find_item`) as plain JSON data: ``type`` (its kind in words), the row's
    fields, ``words`` (its effects or use in words) and ``data`` (as the content file
    writes it)."""
    out = {"type": kind_of(item), **item}
    out["words"] = _words(item)
    return out


def _words(item: dict) -> list[str]:
    kind = item["kind"]
    if kind == "alien_artifacts":
        out = [f"effect: {item['effect']}"]
        out += [f"when: {w}" for w in _windows(item["windows"])]
        if item.get("target"):
            out.append(item["target"])
        out.append("kept in solo" if item["solo"] else "removed in solo")
        return out
    if kind == "missions":
        return list(item["goals"])
    return [item["summary"]]


def item_fields(item: dict, catalog=None) -> list[tuple[str, str]]:
    """(label, text) pairs of one item for `content show`: its id and name, its use or
    effects in words, its data as the content file writes it, its provenance, pack and where
    it is defined (file:line)."""
    from artemis.content.flowtext import flow_text

    rows: list[tuple[str, str]] = [("id", item["id"]), ("name", item["name"]),
                                   ("kind", kind_of(item))]
    kind = item["kind"]
    if kind == "alien_artifacts":
        rows.append(("effect in words", item["effect"]))
        for w in _windows(item["windows"]):
            rows.append(("window", w))
        if item.get("target"):
            rows.append(("target", item["target"]))
        rows.append(("solo", "kept in solo" if item["solo"] else "removed in solo"))
    elif kind == "missions":
        for n, goal in enumerate(item["goals"], 1):
            rows.append((f"goal {n}", goal))
    else:
        rows.append(("in words", item["summary"]))
    for key, value in item["data"].items():
        if key in ("id", "name") or value in ([], None):  # what the item does not use
            continue
        rows.append((f"{key} (data)", flow_text(value)))
    rows += [("provenance", item["provenance"]), ("pack", item["pack"]),
             ("defined at", item["source"])]
    return rows
