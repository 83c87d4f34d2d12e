"""The content catalog: the immutable, typed form of content that the engine reads.

Built by `build_catalog` from validated items only; every class is a frozen dataclass, effects
are tuples of `Step`. Shapes follow docs/authoring.md sections 3 and 4.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from artemis.effects.model import Effect, parse_effect
from artemis.util.frozen import FrozenMap


@dataclass(frozen=True, slots=True)
class Modifier:
    """One rule parameter change: ``mode`` is "set" or "add" (docs/authoring.md 4.5)."""

    param: str
    mode: str
    value: object


@dataclass(frozen=True, slots=True)
class Passive:
    """A passive ability: ``requires`` is "fully_staffed" or "owned" (R22)."""

    requires: str
    modify: tuple[Modifier, ...]


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger ability: run ``effect`` when game event ``on`` happens to the owner."""

    on: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Building:
    """A building tile (docs/authoring.md 3.1): exactly one of upkeep/passive/trigger/scoring.

    ``slots`` are slot types ("any" is blank); ``duplicate_of`` names the original of a
    duplicate tile (removed at 2 players); ``source`` is "file:line".
    """

    id: str
    name: str
    kind: str
    slots: tuple[str, ...]
    upkeep: Effect | None
    passive: Passive | None
    trigger: Trigger | None
    scoring: Effect | None
    provenance: str
    duplicate_of: str | None = None
    pack: str = "base"
    source: str = ""

    @property
    def ability(self) -> str:
        """The tile's ability kind: "upkeep", "passive", "trigger" or "scoring"."""
        for name in ("upkeep", "passive", "trigger", "scoring"):
            if getattr(self, name) is not None:
                return name
        return "none"


@dataclass(frozen=True, slots=True)
class Expedition:
    """An Expedition card (docs/authoring.md 3.3): printed difficulty, the two top-left numbers
    (Energy and Minerals added at Board Setup) and exactly two rewards."""

    id: str
    name: str
    difficulty: int
    energy: int
    minerals: int
    rewards: tuple[Effect, Effect]
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Clause:
    """An event clause: ``target`` is None (a board effect), a bare target name, or
    (name, quantity) for a target with parameters."""

    target: object
    effect: Effect


@dataclass(frozen=True, slots=True)
class Event:
    """An Event card (docs/authoring.md 3.4): ``when`` is an event spot id."""

    id: str
    name: str
    when: str
    clauses: tuple[Clause, ...]
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class ReliefSpace:
    """One Relief Track space (docs/authoring.md 3.5); ``space`` counts from 1."""

    space: int
    reward: Effect
    provenance: str


@dataclass(frozen=True, slots=True)
class EventSpot:
    """An event spot: resolves ``before`` or ``after`` a region; neither for immediate."""

    spot: str
    before: str | None
    after: str | None
    provenance: str


@dataclass(frozen=True, slots=True)
class Component:
    """Colonists of one type in the box, and how many start in the Academy supply."""

    colonist: str
    count: int
    academy_supply: int
    provenance: str


@dataclass(frozen=True)
class Board:
    """The board tables (docs/authoring.md 13.3).

    ``academy[face]`` -> trained type; ``outfitter[face]`` -> Toolkits; ``doorstep[face]`` ->
    most colonists (faces 1..6, index 0 unused); charts: ``chart_buildings[n]`` VP for n
    buildings, the last entry open-ended; ``rows`` every row as plain data with provenance.
    """

    academy: tuple
    outfitter: tuple
    doorstep: tuple
    event_spots: tuple[EventSpot, ...]
    chart_buildings: tuple[int, ...]
    chart_badges: tuple[int, ...]
    components: tuple[Component, ...]
    rows: tuple = ()

    def chart_value(self, chart: tuple[int, ...], count: int) -> int:
        """VP of a final-scoring chart for ``count``; counts past the end use the last column."""
        return chart[min(count, len(chart) - 1)]


@dataclass(frozen=True)
class PackInfo:
    """A loaded content pack: id, name, version, folder."""

    id: str
    name: str
    version: str
    root: str


@dataclass(frozen=True)
class Catalog:
    """Everything loaded, immutable. ``by_id`` maps building, expedition and event ids."""

    packs: tuple[PackInfo, ...]
    buildings: tuple[Building, ...]
    expeditions: tuple[Expedition, ...]
    events: tuple[Event, ...]
    relief_track: tuple[ReliefSpace, ...]
    board: Board
    by_id: FrozenMap = field(default_factory=FrozenMap)

    def __getitem__(self, item_id: str):
        return self.by_id[item_id]


def _source(item) -> str:
    line, _ = item.where()
    return f"{item.doc.file}:{line}"


def _effect(data, ops) -> Effect:
    return parse_effect(data, ops)


def _target(data):
    if data is None or isinstance(data, str):
        return data
    name, quantity = next(iter(data.items()))
    (qname, qargs), = quantity.items()
    return (name, (qname, FrozenMap(qargs or {})))


def build_catalog(items, packs, op_names) -> Catalog:
    """Build the catalog from validated items (artemis.content.loader.Item) in load order."""
    # an item with replaces: true takes the place of the earlier item of its id
    last = {i.id: n for n, i in enumerate(items) if i.id is not None}
    items = [i for n, i in enumerate(items) if i.id is None or last[i.id] == n]
    raw_tiles = {i.id: i for i in items if i.kind == "buildings"}
    buildings, expeditions, events, relief, rows = [], [], [], [], []
    for item in items:
        d = item.data
        if item.kind == "buildings":
            orig = raw_tiles[d["duplicate_of"]].data if "duplicate_of" in d else d
            passive = None
            if "passive" in orig:
                p = orig["passive"]
                passive = Passive(p.get("requires", "fully_staffed"), tuple(
                    Modifier(m["param"], "set" if "set" in m else "add",
                             m["set"] if "set" in m else m["add"]) for m in p["modify"]))
            trigger = None
            if "trigger" in orig:
                trigger = Trigger(orig["trigger"]["on"], _effect(orig["trigger"]["effect"],
                                                                  op_names))
            buildings.append(Building(
                id=d["id"], name=orig["name"], kind=orig["kind"], slots=tuple(orig["slots"]),
                upkeep=_effect(orig["upkeep"], op_names) if "upkeep" in orig else None,
                passive=passive, trigger=trigger,
                scoring=_effect(orig["scoring"], op_names) if "scoring" in orig else None,
                provenance=d["provenance"], duplicate_of=d.get("duplicate_of"),
                pack=item.pack, source=_source(item)))
        elif item.kind == "expeditions":
            expeditions.append(Expedition(
                d["id"], d["name"], d["difficulty"], d["energy"], d["minerals"],
                tuple(_effect(r, op_names) for r in d["rewards"]), d["provenance"],
                item.pack, _source(item)))
        elif item.kind == "events":
            events.append(Event(
                d["id"], d["name"], d["when"],
                tuple(Clause(_target(c.get("target")), _effect(c["effect"], op_names))
                      for c in d["clauses"]), d["provenance"], item.pack, _source(item)))
        elif item.kind == "relief_track":
            relief.append(ReliefSpace(d["space"], _effect(d["reward"], op_names),
                                      d["provenance"]))
        elif item.kind == "board":
            rows.append(d)
    board = _board(rows)
    by_id = {x.id: x for x in (*buildings, *expeditions, *events)}
    infos = tuple(PackInfo(p.id, str((p.manifest.data or {}).get("name", p.id)),
                           str((p.manifest.data or {}).get("version", "")), str(p.root))
                  for p in packs)
    return Catalog(infos, tuple(buildings), tuple(expeditions), tuple(events),
                   tuple(sorted(relief, key=lambda s: s.space)), board, FrozenMap(by_id))


def _board(rows: list[dict]) -> Board:
    academy = [None] * 7
    outfitter = [0] * 7
    doorstep = [0] * 7
    spots, components, cb, cg = [], [], {}, {}
    for r in rows:
        t = r["table"]
        if t == "academy":
            academy[r["face"]] = r["becomes"]
        elif t == "outfitter":
            for f in r["faces"]:
                outfitter[f] = r["toolkits"]
        elif t == "doorstep":
            doorstep[r["face"]] = r["max_colonists"]
        elif t == "event_spots":
            spots.append(EventSpot(r["spot"], r.get("before"), r.get("after"), r["provenance"]))
        elif t == "chart_buildings":
            cb[r["count"]] = r["vp"]
        elif t == "chart_badges":
            cg[r["count"]] = r["vp"]
        elif t == "components":
            components.append(Component(r["colonist"], r["count"], r["academy_supply"],
                                        r["provenance"]))
    return Board(tuple(academy), tuple(outfitter), tuple(doorstep), tuple(spots),
                 tuple(cb[k] for k in sorted(cb)), tuple(cg[k] for k in sorted(cg)),
                 tuple(components), tuple(FrozenMap(r) for r in rows))
