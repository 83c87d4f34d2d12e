"""The game state as plain data (docs/design.md, "The state").

Compact on purpose: colonists are counts per type (index 0..3 = Pioneer, Engineer, Marine,
Steward), places are small lists, and `clone()` is a flat hand-written copy. Everything here
is JSON-serialisable through `to_data()`, and nothing here knows a rule: the rule modules under
`artemis.games.project.rules` change the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from artemis.games.project.vocabulary import COLONIST_TYPES
from artemis.kernel.streams import Streams

TYPES = COLONIST_TYPES  # index 0..3 in every count list
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
PIONEER, ENGINEER, MARINE, STEWARD = range(4)
SHELTERS = -1  # a place index: the Shelters; 0.. are the player's buildings by index
GANTRY_MAX = 8  # tiles shown on the Gantry (rulebook)
DOORSTEP_MAX = 12  # colonists present at the Doorstep (rulebook)


def zero() -> list[int]:
    """Four colonist counts, all 0."""
    return [0, 0, 0, 0]


_new = object.__new__  # a clone fills the instance's __dict__ itself, skipping __init__
# A clone's __dict__ is dict(original's), not .copy(): a copy of an instance's dict keeps
# its class's shared (split) keys, whose attributes Python 3.11 reads unspecialized, about
# 3 times slower; a built dict's it reads almost as fast as the instance's own
# (docs/performance.md, issue 30's fourth round).


@dataclass
class Owned:
    """A building a player owns: the tile id and its staff (counts by type)."""

    tile: str
    staff: list[int] = field(default_factory=zero)
    activated: bool = False

    def clone(self) -> Owned:
        c = _new(Owned)
        d = c.__dict__ = dict(self.__dict__)
        d["staff"] = self.staff[:]
        return c


@dataclass
class Player:
    """One player's mat and colony (rulebook: Player Setup).

    ``relief`` is the Relief Track space (1 = start); ``dice`` the unplaced faces rolled;
    ``arriving`` the colonists gained (or returning from an Expedition) whose place the owner
    has not yet chosen (R30), so that every colonist is always in some place of the state."""

    seat: int
    energy: int = 3
    minerals: int = 3
    toolkits: int = 1
    badges: int = 0
    vp: int = 0
    relief: int = 1
    shelters: list[int] = field(default_factory=zero)
    buildings: list[Owned] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    arriving: list[int] = field(default_factory=zero)

    def clone(self) -> Player:
        c = _new(Player)
        d = c.__dict__ = dict(self.__dict__)  # the numbers; then a copy of every list
        d["shelters"] = self.shelters[:]
        d["buildings"] = [b.clone() for b in self.buildings]
        d["dice"] = self.dice[:]
        d["arriving"] = self.arriving[:]
        return c


@dataclass
class BasecampDie:
    """A die beside an Expedition card: owner, face (after any Marine), Pioneers sent with it,
    the one non-Pioneer colonist type sent (or None), and where the colonists came from."""

    player: int
    face: int
    pioneers: int = 0
    sent: int | None = None
    origin: list = field(default_factory=list)  # [(place, type)] of every colonist sent

    def clone(self) -> BasecampDie:
        c = _new(BasecampDie)
        d = c.__dict__ = dict(self.__dict__)
        d["origin"] = self.origin[:]  # of (place, type) tuples
        return c


@dataclass
class Card:
    """An Expedition card laid out at Basecamp with its dice (bottom first) and the colonists
    and tiles laid on its two rewards (R6)."""

    id: str
    dice: list[BasecampDie] = field(default_factory=list)
    reward_colonists: list[list[int]] = field(default_factory=lambda: [zero(), zero()])
    reward_tiles: list[str | None] = field(default_factory=lambda: [None, None])

    def clone(self) -> Card:
        c = _new(Card)
        c.__dict__ = {"id": self.id, "dice": [d.clone() for d in self.dice],
                      "reward_colonists": [r[:] for r in self.reward_colonists],
                      "reward_tiles": self.reward_tiles[:]}
        return c


@dataclass
class GantryTile:
    """A building tile on the Gantry and the dice bid on it, as (player, face), in order."""

    tile: str
    dice: list[tuple[int, int]] = field(default_factory=list)

    def clone(self) -> GantryTile:
        c = _new(GantryTile)
        c.__dict__ = {"tile": self.tile, "dice": self.dice[:]}  # (player, face) tuples
        return c


@dataclass
class State:
    """The whole game state. See the module docstring for the conventions."""

    players: list[Player]
    rng: dict[str, random.Random]
    round: int = 0
    start: int = 0
    phase: str = "setup"
    bag: list[int] = field(default_factory=zero)
    discard: list[int] = field(default_factory=zero)
    doorstep: list[int] = field(default_factory=zero)
    academy_supply: list[int] = field(default_factory=zero)
    expedition_deck: list[str] = field(default_factory=list)
    expedition_discard: list[str] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    vents: int = 0
    quarry: int = 0
    vents_dice: list[tuple[int, int]] = field(default_factory=list)
    quarry_dice: list[tuple[int, int]] = field(default_factory=list)
    doorstep_dice: list[tuple[int, int]] = field(default_factory=list)
    gantry: list[GantryTile] = field(default_factory=list)
    # per space: (player, face, colonist type, where it came from: SHELTERS or a building)
    academy: list[tuple | None] = field(default_factory=list)
    outfitter_dice: list[tuple[int, int]] = field(default_factory=list)
    stacks: dict[str, list[str]] = field(default_factory=dict)
    event_deck: list[str] = field(default_factory=list)
    event: str | None = None
    events_seen: list[str] = field(default_factory=list)  # revealed so far, in order
    event_modifiers: list = field(default_factory=list)  # catalog Modifiers in force
    log_round_turn_order: list[int] = field(default_factory=list)
    # derived, not a field (not compared, not in views): the Placement phase's board tables
    # and each Gantry tile's lowest bid, kept by rules/placement.py while ``cards`` and
    # ``gantry`` are the lists it was read from; None until read
    placement_board = None

    def clone(self) -> State:
        """A deep copy, written out by hand for speed (docs/design.md: not deepcopy)."""
        if self.rng.__class__ is not Streams:
            self.rng = Streams(self.rng)
        c = _new(State)
        # the numbers and strings (round, start, phase, vents, quarry, event) are shared; every
        # list is copied, its items too when they are mutable (players, cards, Gantry tiles)
        d = c.__dict__ = dict(self.__dict__)
        d["players"] = [p.clone() for p in self.players]
        d["rng"] = self.rng.fork()
        d["bag"] = self.bag[:]
        d["discard"] = self.discard[:]
        d["doorstep"] = self.doorstep[:]
        d["academy_supply"] = self.academy_supply[:]
        d["expedition_deck"] = self.expedition_deck[:]
        d["expedition_discard"] = self.expedition_discard[:]
        d["cards"] = [x.clone() for x in self.cards]
        d["vents_dice"] = self.vents_dice[:]
        d["quarry_dice"] = self.quarry_dice[:]
        d["doorstep_dice"] = self.doorstep_dice[:]
        d["gantry"] = [g.clone() for g in self.gantry]
        d["academy"] = self.academy[:]
        d["outfitter_dice"] = self.outfitter_dice[:]
        d["stacks"] = {k: v[:] for k, v in self.stacks.items()}
        d["event_deck"] = self.event_deck[:]
        d["events_seen"] = self.events_seen[:]
        d["event_modifiers"] = self.event_modifiers[:]
        d["log_round_turn_order"] = self.log_round_turn_order[:]
        return c

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

    def turn_order(self) -> list[int]:
        """Seats from the start player clockwise (R35: increasing seat, modulo N)."""
        return [(self.start + i) % self.n for i in range(self.n)]
