"""The Artemis Project's cross-file content checks (docs/authoring.md 3, 4, 13.4; R37).

Each check has its own code; see docs/errors.md.
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from artemis.content.checks import effect_budget, unique_ids, walk_effect
from artemis.content.checks import effect_contexts as _any_contexts
from artemis.content.loader import Item, Pack, may_hold
from artemis.content.problems import Problem, did_you_mean
from artemis.effects.registry import BOARD, PLAYER, SCORING, Registry
from artemis.games.project.content_balance import balance_warnings
from artemis.games.project.scoring_model import model_problems
from artemis.games.project.vocabulary import COLONIST_TYPES, PLACES

ABILITIES = ("upkeep", "passive", "trigger", "scoring")
OCEAN_ABILITIES = ("upkeep", "passive", "trigger")

# The rulebook's counts that the validator enforces on the base pack (docs/authoring.md 13.4).
BASE_TILES = {"ocean": 26, "surface": 26}
BASE_EXPEDITIONS = 22
BASE_EVENTS = 14
BASE_COLONISTS = {"pioneer": 28, "engineer": 24, "marine": 16, "steward": 16}
BASE_ACADEMY_SUPPLY = {"engineer": 4, "marine": 4, "steward": 4}

#: R37: a ``modify`` stands in a building's passive or an Event clause without a target only
effect_contexts = partial(_any_contexts, modify_where=(
    "a building passive or an untargeted event clause (R37)",
    "use a passive on an Ocean tile, or an event clause without a target"))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _entries(value) -> list:
    return value if isinstance(value, list) else []


def check_all(items: list[Item], packs: list[Pack], registry: Registry) -> list[Problem]:
    """Every cross-file check over the valid items, in load order.

    The loader passes only the items that passed their schema; each check still reads every
    field it needs with its type checked first, so an item that failed its schema (or a
    plugin's check run on any item) is skipped where it does not fit, never indexed blindly.
    The items that failed their schema (``Pack.invalid``) still exist for references and the
    base game's counts: a tile with a schema error named by a duplicate is not also E303.
    A file that could not be read (`Pack.unread`) may hold anything of its kind: no count,
    reference or table of that kind is checked until it is read (`may_hold`), so its problem
    is the only one reported for it."""
    items = [i for i in items if isinstance(i.data, dict)]
    invalid = [i for p in packs for i in p.invalid]
    known = items + invalid
    out = unique_ids(items, packs)
    out.extend(model_problems(packs))  # the designer's scoring model, beside the items
    tiles = {i.id: i for i in known if i.kind == "buildings" and isinstance(i.id, str)
             and "duplicate_of" not in i.data}
    spots = {r.data["spot"]: r for r in known
             if r.kind == "board" and r.data.get("table") == "event_spots"
             and isinstance(r.data.get("spot"), str)}
    # a reference into a file that could not be read is not known to be wrong
    tiles = None if may_hold(packs, "buildings") else tiles
    spots = None if may_hold(packs, "board") else spots
    for item in items:
        d = item.data
        if item.kind == "buildings":
            out.extend(_building(item, tiles, registry))
        elif item.kind == "expeditions":
            for k, reward in enumerate(_entries(d.get("rewards"))):
                out.extend(effect_contexts(item, reward, PLAYER, ("rewards", k), registry))
        elif item.kind == "events":
            out.extend(_event(item, spots, registry))
        elif item.kind == "relief_track":
            out.extend(effect_contexts(item, d.get("reward"), PLAYER, ("reward",), registry))
    for item in items:
        out.extend(_reward_items_outside_rewards(item, registry))
        for effects in _effects_run_at_once(item):
            out.extend(effect_budget(item, effects, registry))
    if not may_hold(packs, "relief_track"):
        out.extend(_relief_order([i for i in items if i.kind == "relief_track"]))
    out.extend(_board_tables([i for i in items if i.kind == "board"],
                             complete=not may_hold(packs, "board")))
    out.extend(_base_counts([i for i in known if i.pack == "base"],
                            [p for p in packs if p.id == "base"]))
    out.extend(balance_warnings(items))
    return out


def _building(item: Item, tiles: dict[str, Item] | None, registry: Registry
              ) -> list[Problem]:
    """A building tile's own checks; ``tiles``: the originals by id, None when a buildings file
    could not be read (a duplicate_of is then not checked)."""
    d = item.data
    out: list[Problem] = []
    if "duplicate_of" in d:
        if tiles is not None and (not isinstance(d["duplicate_of"], str)
                                  or d["duplicate_of"] not in tiles):
            out.append(item.problem("E303", f"duplicate_of '{d['duplicate_of']}' names no tile",
                                    did_you_mean(d["duplicate_of"], tiles) or
                                    "name the id of an original (non-duplicate) tile",
                                    "duplicate_of"))
        return out
    if d.get("kind") not in ("ocean", "surface"):
        return out  # the schema reports it
    present = [a for a in ABILITIES if a in d]
    allowed = OCEAN_ABILITIES if d["kind"] == "ocean" else ("scoring",)
    if len(present) != 1 or present[0] not in allowed:
        want = " / ".join(allowed)
        got = ", ".join(present) or "none"
        out.append(item.problem("E310", f"a{'n' if d['kind'] == 'ocean' else ''} {d['kind']} "
                                f"tile needs exactly one ability of {want}; found {got}",
                                "Ocean tiles act during the game, Surface tiles score at the end",
                                *((present[-1],) if present else ()), key=bool(present)))
    if "upkeep" in d:
        out.extend(effect_contexts(item, d["upkeep"], PLAYER, ("upkeep",), registry))
    if isinstance(d.get("trigger"), dict):
        out.extend(effect_contexts(item, d["trigger"].get("effect"), PLAYER,
                                   ("trigger", "effect"), registry))
    if "scoring" in d:
        out.extend(effect_contexts(item, d["scoring"], SCORING, ("scoring",), registry))
    if isinstance(d.get("passive"), dict):
        for k, m in enumerate(_entries(d["passive"].get("modify"))):
            if not isinstance(m, dict) or not isinstance(m.get("param"), str):
                continue
            at = ("passive", "modify", k)
            param = registry.parameters.get(m["param"])
            if param is not None and param.scope != "player":
                out.append(item.problem(
                    "E309", f"a building may change only player rule parameters; "
                    f"'{m['param']}' is global", "global parameters are for events and "
                    "plugins", *at, "param"))
            out.extend(_modifier_value(item, m, at, registry, passive=True))
    return out


def _modifier_value(item: Item, m: dict, at: tuple, registry: Registry,
                    passive: bool) -> list[Problem]:
    name = m.get("param") if isinstance(m, dict) else None
    param = registry.parameters.get(name) if isinstance(name, str) else None
    if param is None:
        return []
    mode = "set" if "set" in m else "add"
    value = m.get(mode)
    out = []
    if param.type == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            out.append(item.problem("E311", f"'{param.name}' is a whole number; {mode} "
                                    f"{value!r} does not fit", f"for example {mode}: 1",
                                    *at, mode))
    else:
        if not isinstance(value, str) or value not in PLACES:
            out.append(item.problem("E311", f"'{param.name}' takes a place; {value!r} is not one",
                                    did_you_mean(value, PLACES), *at, mode))
        elif param.type == "place" and mode == "add":
            out.append(item.problem("E311", f"'{param.name}' holds one place: use set, not add",
                                    f"set: {value}", *at, mode, key=True))
        elif value == "this_building" and not passive:
            out.append(item.problem("E312", "this_building is allowed only in a building "
                                    "passive", "use shelters", *at, mode))
    return out


def _event(item: Item, spots: dict | None, registry: Registry) -> list[Problem]:
    """An Event card's own checks; ``spots``: the board's event spots, None when a board file
    could not be read (its ``when`` is then not checked)."""
    d = item.data
    out: list[Problem] = []
    if spots is not None and isinstance(d.get("when"), str) and d["when"] not in spots:
        out.append(item.problem("E304", f"event spot '{d['when']}' is not on the board",
                                did_you_mean(d["when"], spots) or
                                "spots come from the board's event_spots table", "when"))
    for k, clause in enumerate(_entries(d.get("clauses"))):
        if not isinstance(clause, dict):
            continue
        context = PLAYER if "target" in clause else BOARD
        out.extend(effect_contexts(item, clause.get("effect"), context,
                                   ("clauses", k, "effect"), registry))
        if context == BOARD:
            for i, step in enumerate(_entries(clause.get("effect"))):
                if isinstance(step, dict) and "modify" in step:
                    out.extend(_modifier_value(item, step["modify"],
                                               ("clauses", k, "effect", i, "modify"), registry,
                                               passive=False))
    return out


def _relief_order(spaces: list[Item]) -> list[Problem]:
    spaces = [i for i in spaces if _is_int(i.data.get("space"))]
    for n, item in enumerate(spaces, start=1):
        if item.data["space"] != n:
            return [item.problem("E313", f"Relief Track space {item.data['space']} is out of "
                                 f"order: expected space {n}", "list spaces 1, 2, 3, ... in "
                                 "order", "space")]
    return []


def _board_tables(rows: list[Item], complete: bool = True) -> list[Problem]:
    """E313: every table complete and in order. A row given twice is reported where it is
    given the second time (an expansion's row, say), with a hint naming the first.
    ``complete`` False (a board file could not be read): rows may be missing, so only the
    rows given are checked."""
    out: list[Problem] = []
    by_table: dict[str, list[Item]] = {}
    for r in rows:
        if _row_fits(r.data):
            by_table.setdefault(r.data["table"], []).append(r)

    def first_at(item: Item, key: str) -> str:
        return f"first given at {item.doc.file}:{item.where(key)[0]}"

    def unique(table: str, key: str, what: str) -> dict:
        seen: dict = {}
        for r in by_table.get(table, []):
            value = r.data[key]
            if value in seen:
                out.append(r.problem("E313", f"{what} {value} is given twice",
                                     first_at(seen[value], key) + "; one row each", key))
            else:
                seen[value] = r
        return seen

    for table in ("academy", "doorstep"):
        seen = unique(table, "face", f"{table} face")
        missing = [f for f in range(1, 7) if f not in seen]
        if complete and rows and missing:
            anchor = (by_table.get(table) or rows)[-1]
            out.append(anchor.problem("E313", f"the {table} table has no row for face "
                                      f"{', '.join(map(str, missing))}",
                                      "give one row for each die face 1-6"))
    covered: dict[int, Item] = {}
    for r in by_table.get("outfitter", []):
        for face in r.data["faces"]:
            if face in covered:
                out.append(r.problem("E313", f"outfitter face {face} is in two bands",
                                     first_at(covered[face], "faces"), "faces"))
            else:
                covered[face] = r
    missing = [f for f in range(1, 7) if f not in covered]
    if complete and rows and missing:
        anchor = (by_table.get("outfitter") or rows)[-1]
        out.append(anchor.problem("E313", "no outfitter band covers face "
                                  f"{', '.join(map(str, missing))}",
                                  "the bands cover faces 1-6 once each, e.g. [1, 2], [3, 4], "
                                  "[5, 6]"))
    for table in ("chart_buildings", "chart_badges"):
        chart = by_table.get(table, [])
        for n, r in enumerate(chart):
            if r.data["count"] != n:
                out.append(r.problem("E313", f"{table} row counts {r.data['count']}, expected "
                                     f"{n}", "one row per count, 0, 1, 2, ... in order", "count"))
                break
        if complete and rows and not chart:
            out.append(rows[-1].problem("E313", f"the board has no {table} rows",
                                        "one row per count, starting at 0"))
    unique("event_spots", "spot", "event spot")
    types = unique("components", "colonist", "colonist type")
    missing_types = [t for t in COLONIST_TYPES if t not in types]
    if complete and rows and missing_types:
        anchor = (by_table.get("components") or rows)[-1]
        out.append(anchor.problem("E313", "the components table has no row for "
                                  + ", ".join(missing_types), "one row per colonist type"))
    return out


# the fields of each board table the checks and the catalog read, with their types
_ROW_FIELDS = {"academy": {"face": int}, "doorstep": {"face": int},
               "outfitter": {"faces": list}, "event_spots": {"spot": str},
               "chart_buildings": {"count": int}, "chart_badges": {"count": int},
               "components": {"colonist": str, "count": int, "academy_supply": int}}


def _row_fits(d: dict) -> bool:
    """Whether a board row has a known table and the fields its checks read, of their types
    (a row that failed its schema is left out: the schema reported it)."""
    fields = _ROW_FIELDS.get(d.get("table")) if isinstance(d.get("table"), str) else None
    if fields is None:
        return False
    for key, kind in fields.items():
        value = d.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            return False
    return d["table"] != "outfitter" or all(_is_int(f) for f in d["faces"])


def _base_counts(items: list[Item], base: list[Pack]) -> list[Problem]:
    """The rulebook's own counts, enforced on the base pack only (docs/authoring.md 13.4).

    ``base``: the base pack (or none). A count is not checked while a file of the pack that
    may hold that kind could not be read (`may_hold`); a kind with no item at all is reported
    at the manifest's ``files``, not in a file that is fine."""
    out: list[Problem] = []
    if not items:
        return out

    def count(kind: str, found: list[Item], code: str, message: str, hint: str) -> None:
        if may_hold(base, kind):
            return
        if found:
            out.append(found[0].problem(code, message, hint))
        elif base and base[0].manifest is not None:
            manifest = base[0].manifest
            line, col = manifest.position(("files",))
            out.append(Problem(manifest.file, line, col, "/files", code, message,
                               f"{hint}; list the file that holds them in files"))
        else:
            out.append(items[0].problem(code, message, hint))

    tiles = [i for i in items if i.kind == "buildings"]
    originals = {i.id: i.data for i in tiles
                 if isinstance(i.id, str) and "duplicate_of" not in i.data}
    # a kind that failed its schema (a mapping, a list) counts as no kind: it is reported there
    kinds = Counter(kind if isinstance(kind, str) else None for kind in (
        originals.get(i.data["duplicate_of"], i.data).get("kind")
        if isinstance(i.data.get("duplicate_of"), str) else i.data.get("kind") for i in tiles))
    for kind, n in BASE_TILES.items():
        if kinds.get(kind, 0) != n:
            count("buildings", tiles, "E401", f"the base game has {n} {kind} tiles; found "
                  f"{kinds.get(kind, 0)}", "rulebook: 52 building tiles, 26 Ocean and 26 Surface")
    exps = [i for i in items if i.kind == "expeditions"]
    if len(exps) != BASE_EXPEDITIONS:
        count("expeditions", exps, "E402", f"the base game has {BASE_EXPEDITIONS} Expedition "
              f"cards; found {len(exps)}", "rulebook: 22 expedition cards")
    evs = [i for i in items if i.kind == "events"]
    if len(evs) != BASE_EVENTS:
        count("events", evs, "E403", f"the base game has {BASE_EVENTS} Event cards; found "
              f"{len(evs)}", "rulebook: 14 event cards")
    comps = [i for i in items if i.kind == "board" and i.data.get("table") == "components"
             and _row_fits(i.data)]
    counts = {i.data["colonist"]: i for i in comps}
    for colonist, n in BASE_COLONISTS.items():
        row = counts.get(colonist)
        if row is not None and row.data["count"] != n:
            out.append(row.problem("E404", f"the base game has {n} {colonist}s; found "
                                   f"{row.data['count']}", "research: 84 colonists, 28 Pioneers, "
                                   "24 Engineers, 16 Marines, 16 Stewards", "count"))
        if row is not None and row.data["academy_supply"] != BASE_ACADEMY_SUPPLY.get(colonist, 0):
            out.append(row.problem("E405", f"the Academy supply starts with "
                                   f"{BASE_ACADEMY_SUPPLY.get(colonist, 0)} {colonist}s; found "
                                   f"{row.data['academy_supply']}", "rulebook: 4 each of "
                                   "Engineers, Marines and Stewards", "academy_supply"))
    return out



def _effects_run_at_once(item: Item) -> list[list[tuple]]:
    """The effects of ``item`` that run as one (E315 bounds each): a building's upkeep,
    trigger effect and scoring, each Expedition reward, a Relief reward, and an Event's clauses
    together; as [[(effect, sub), ...], ...]."""
    d = item.data
    if item.kind == "buildings":
        found = [[(d[a], (a,))] for a in ("upkeep", "scoring") if a in d]
        if isinstance(d.get("trigger"), dict):
            found.append([(d["trigger"].get("effect"), ("trigger", "effect"))])
        return found
    if item.kind == "expeditions":
        return [[(r, ("rewards", k))] for k, r in enumerate(_entries(d.get("rewards")))]
    if item.kind == "events":
        return [[(c.get("effect"), ("clauses", k, "effect"))
                 for k, c in enumerate(_entries(d.get("clauses"))) if isinstance(c, dict)]]
    if item.kind == "relief_track":
        return [[(d.get("reward"), ("reward",))]]
    return []


def _reward_items_outside_rewards(item: Item, registry: Registry) -> list[Problem]:
    """E314: `from: reward` takes what was laid on an Expedition reward at layout (R6), so it
    is allowed only in an Expedition card's rewards."""
    d = item.data
    effects = []
    if item.kind == "buildings":
        effects = [(d.get(a), (a,)) for a in ("upkeep", "scoring")]
        if isinstance(d.get("trigger"), dict):
            effects.append((d["trigger"].get("effect"), ("trigger", "effect")))
    elif item.kind == "events":
        effects = [(c.get("effect"), ("clauses", k, "effect"))
                   for k, c in enumerate(_entries(d.get("clauses"))) if isinstance(c, dict)]
    elif item.kind == "relief_track":
        effects = [(d.get("reward"), ("reward",))]
    out = []
    for effect, sub in effects:
        for name, params, path in walk_effect(effect, sub, registry):
            if isinstance(params, dict) and params.get("from") == "reward":
                out.append(item.problem(
                    "E314", f"'{name}' from: reward takes the items laid on an Expedition "
                    "reward; it is allowed only in an Expedition card's rewards (R6)",
                    "use gain_colonist {from: bag} here", *path, "from"))
    return out
