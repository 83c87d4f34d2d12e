"""The Odyssey's content catalog: the immutable, typed form of its content.

Built by `build_catalog` from validated items only; every class is a frozen dataclass, effects
are tuples of `Step`. Shapes follow docs/odyssey-authoring.md section 3; each item keeps its
``provenance``, its ``pack`` and its ``source`` ("file:line").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from artemis.effects.model import Effect, parse_effect
from artemis.records.digest import UNHASHED
from artemis.util.frozen import FrozenMap, freeze


@dataclass(frozen=True, slots=True)
class System:
    """A star system (a star token): ``start`` is True for the Starting system, the Sun."""

    id: str
    name: str
    symbol: str
    start: bool
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class PlanetType:
    """A planet type: ``tokens`` in the box, ``resource_cards`` in the bank (0 for Alien),
    ``ore`` for Xanthium, Yoyodium and Zozodium."""

    id: str
    tokens: int
    resource_cards: int
    ore: bool
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Setup:
    """The setup of one player count (rulebook, Setup; Two-Player and Solo Rules).

    A team count (6, 8) sets up as ``as_players`` with ``teams`` teams; its other fields are
    then those of that count's row (`Catalog.setup_for`)."""

    players: int
    production_per_type: int
    alien_planets: int
    stars: str
    cards_per_player: int
    singularity: bool
    mission: bool
    provenance: str
    as_players: int | None = None
    teams: int | None = None
    pack: str = "base"
    source: str = ""

    @property
    def planets(self) -> int:
        """Planets in play: 6 production types' planets plus the Alien planets."""
        return 6 * self.production_per_type + self.alien_planets


@dataclass(frozen=True, slots=True)
class Asset:
    """An Asset: ``pieces`` per colour, ``cost`` (a Resource map; ``ore`` any Ore),
    ``yield_`` per Production planet, ``build_vp`` ({"on_alien" | "always": VP}) and the
    ``placement`` rule that says where it may be built."""

    id: str
    pieces: int
    cost: FrozenMap
    yield_: int
    build_vp: FrozenMap
    placement: str
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class ScoringOption:
    """A scoring option: the effect each player runs when it is chosen."""

    id: str
    effect: Effect
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Slot:
    """A Planning board slot: the player counts that use it (``players``) and those at which
    the Singularity token stands on it (``singularity``)."""

    slot: int
    players: tuple[int, ...]
    singularity: tuple[int, ...]
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True)
class PlanningBoard:
    """The Planning board: its slots left to right, and the Score track's start and floor
    (with the track row's provenance, pack and source)."""

    slots: tuple[Slot, ...]
    score_start: int
    score_floor: int
    track_provenance: str = ""
    track_pack: str = "base"
    # "file:line" of the Score track's row, relative to the folder artemis ran in: not part
    # of the content hash, or a log written in another folder would not replay here
    track_source: str = field(default="", metadata={UNHASHED: True})

    def player_slots(self, players: int) -> tuple[int, ...]:
        """The slots in use for Action cards at ``players`` (1 to 5), left to right."""
        return tuple(s.slot for s in self.slots if players in s.players)

    def singularity_slot(self, players: int) -> int | None:
        """The slot of the Singularity token at ``players``, or None."""
        return next((s.slot for s in self.slots if players in s.singularity), None)


@dataclass(frozen=True, slots=True)
class ActionCard:
    """An Action card: its colour and action, and what it shows (``resources`` for Produce,
    ``systems`` for Travel, ``options`` for Score; empty otherwise)."""

    id: str
    colour: str
    action: str
    resources: tuple[str, ...]
    systems: tuple[str, ...]
    options: tuple[str, ...]
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Artifact:
    """An Alien Artifact: ``solo`` False when removed in solo, the ``windows`` it may be used
    in, the Action card it targets (``target``: {"card_owner", "actions"} or None)."""

    id: str
    name: str
    solo: bool
    windows: tuple[str, ...]
    target: FrozenMap | None
    effect: Effect
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class SingularityCard:
    """A Singularity card: the effect each player may take."""

    id: str
    name: str
    effect: Effect
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True, slots=True)
class Goal:
    """A Mission goal: ``quantity`` (name, frozen parameters) must reach ``at_least``."""

    quantity: tuple[str, FrozenMap]
    at_least: int


@dataclass(frozen=True, slots=True)
class Mission:
    """A Mission card: every goal must hold at the end of the solo game."""

    id: str
    name: str
    goals: tuple[Goal, ...]
    provenance: str
    pack: str = "base"
    source: str = ""


@dataclass(frozen=True)
class PackInfo:
    """A loaded content pack: id, name, version, folder."""

    id: str
    name: str
    version: str
    root: str


@dataclass(frozen=True)
class Catalog:
    """Everything loaded, immutable; each table in load order. ``by_id`` maps the ids of
    systems, Action cards, Artifacts, Singularity cards and Missions."""

    packs: tuple[PackInfo, ...]
    systems: tuple[System, ...]
    planet_types: tuple[PlanetType, ...]
    setup: tuple[Setup, ...]
    assets: tuple[Asset, ...]
    scoring_options: tuple[ScoringOption, ...]
    board: PlanningBoard
    action_cards: tuple[ActionCard, ...]
    artifacts: tuple[Artifact, ...]
    singularity_cards: tuple[SingularityCard, ...]
    missions: tuple[Mission, ...]
    by_id: FrozenMap = field(default_factory=FrozenMap)

    def __getitem__(self, item_id: str):
        return self.by_id[item_id]

    @property
    def start(self) -> System:
        """The Starting system (the Sun)."""
        return next(s for s in self.systems if s.start)

    def setup_for(self, players: int) -> Setup:
        """The setup of ``players`` (a team count's: that of its ``as_players``, with its
        teams). Raises KeyError for a count the content does not set up."""
        rows = {s.players: s for s in self.setup}
        row = rows[players]
        if row.as_players is None:
            return row
        base = rows[row.as_players]
        return Setup(players, base.production_per_type, base.alien_planets, base.stars,
                     base.cards_per_player, base.singularity, base.mission, row.provenance,
                     row.as_players, row.teams, row.pack, row.source)

    def cards_of(self, colour: str) -> tuple[ActionCard, ...]:
        """One colour's Action cards."""
        return tuple(c for c in self.action_cards if c.colour == colour)


def _source(item) -> str:
    line, _ = item.where()
    return f"{item.doc.file}:{line}"


def build_catalog(items, packs, op_names) -> Catalog:
    """Build the catalog from validated items (`artemis.content.loader.Item`) in load order;
    an item with ``replaces: true`` takes the place of the earlier item of its id."""
    last = {i.id: n for n, i in enumerate(items) if i.id is not None}
    items = [i for n, i in enumerate(items) if i.id is None or last[i.id] == n]
    kinds: dict[str, list] = {}
    for item in items:
        kinds.setdefault(item.kind, []).append(item)

    def effect(data) -> Effect:
        return parse_effect(data, op_names)

    systems = tuple(System(d["id"], d["name"], d["symbol"], d.get("start", False),
                           d["provenance"], i.pack, _source(i))
                    for i in kinds.get("systems", []) for d in (i.data,))
    planet_types = tuple(PlanetType(d["id"], d["tokens"], d["resource_cards"], d["ore"],
                                    d["provenance"], i.pack, _source(i))
                         for i in kinds.get("planet_types", []) for d in (i.data,))
    setup = tuple(Setup(d["players"], d.get("production_per_type", 0),
                        d.get("alien_planets", 0), d.get("stars", "all"),
                        d.get("cards_per_player", 0), d.get("singularity", False),
                        d.get("mission", False), d["provenance"], d.get("as_players"),
                        d.get("teams"), i.pack, _source(i))
                  for i in kinds.get("setup", []) for d in (i.data,))
    assets = tuple(Asset(d["id"], d["pieces"], FrozenMap(d["cost"]), d["yield"],
                         FrozenMap(d.get("build_vp", {})), d["placement"], d["provenance"],
                         i.pack, _source(i))
                   for i in kinds.get("assets", []) for d in (i.data,))
    options = tuple(ScoringOption(d["id"], effect(d["effect"]), d["provenance"], i.pack,
                                  _source(i))
                    for i in kinds.get("scoring_options", []) for d in (i.data,))
    rows = kinds.get("planning_board", [])
    track = next((i for i in rows if i.data.get("table") == "score_track"), None)
    board = PlanningBoard(
        tuple(sorted((Slot(r["slot"], tuple(r["players"]), tuple(r.get("singularity", ())),
                           r["provenance"], i.pack, _source(i))
                      for i in rows for r in (i.data,) if "slot" in r),
                     key=lambda s: s.slot)),
        *((track.data.get("start", 0), track.data.get("floor", 0), track.data["provenance"],
           track.pack, _source(track)) if track is not None else (0, 0)))
    cards = tuple(ActionCard(d["id"], d["colour"], d["action"], tuple(d.get("resources", ())),
                             tuple(d.get("systems", ())), tuple(d.get("options", ())),
                             d["provenance"], i.pack, _source(i))
                  for i in kinds.get("action_cards", []) for d in (i.data,))
    artifacts = tuple(Artifact(d["id"], d["name"], d["solo"], tuple(d["windows"]),
                               freeze(d["target"]) if "target" in d else None,
                               effect(d["effect"]), d["provenance"], i.pack, _source(i))
                      for i in kinds.get("alien_artifacts", []) for d in (i.data,))
    singularity = tuple(SingularityCard(d["id"], d["name"], effect(d["effect"]),
                                        d["provenance"], i.pack, _source(i))
                        for i in kinds.get("singularity_cards", []) for d in (i.data,))
    missions = tuple(Mission(d["id"], d["name"], tuple(
        Goal(next((q, freeze(p or {})) for q, p in g["quantity"].items()), g["at_least"])
        for g in d["goals"]), d["provenance"], i.pack, _source(i))
        for i in kinds.get("missions", []) for d in (i.data,))
    by_id = {x.id: x for x in (*systems, *cards, *artifacts, *singularity, *missions)}
    infos = tuple(PackInfo(p.id, str((p.manifest.data or {}).get("name", p.id)),
                           str((p.manifest.data or {}).get("version", "")), str(p.root))
                  for p in packs)
    return Catalog(infos, systems, planet_types, setup, assets, options, board, cards,
                   artifacts, singularity, missions, FrozenMap(by_id))
