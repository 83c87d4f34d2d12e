"""The Odyssey's game state as plain data (docs/design.md, "The state").

Compact on purpose, as the Project's: Resources are six counts in the order of
`artemis.games.odyssey.vocabulary.RESOURCES` (Water, Food, Energy, Xanthium, Yoyodium,
Zozodium), a planet's pieces are four counts in the order of ``ASSETS`` (Colony, Factory,
Starship, Terraformer), and `clone()` is a flat hand-written copy. Nothing here knows a rule:
the modules under `artemis.games.odyssey.rules` change the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from artemis.games.odyssey.vocabulary import ASSETS, RESOURCES
from artemis.kernel.streams import Streams

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
ASSET_INDEX = {a: i for i, a in enumerate(ASSETS)}
COLONY, FACTORY, STARSHIP, TERRAFORMER = range(4)
NOBODY = -1  # a planet's owner when it holds no Asset
HAND_LIMIT = 10  # End of the Round, step 1 (rulebook)

_new = object.__new__  # a clone fills the instance's __dict__ itself, skipping __init__
# A clone's __dict__ is dict(original's), not .copy(): a copy of an instance's dict keeps
# its class's shared (split) keys, whose attributes Python 3.11 reads unspecialized, about
# 3 times slower; a built dict's it reads almost as fast as the instance's own
# (docs/performance.md, issue 30's fourth round).


@dataclass
class Planet:
    """A planet around a star: ``id`` "<system>.<position>" (positions from 1, in the order
    the planets arrived), its ``system``, its ``type`` (a planet type id, known to the state
    even while face down), ``up`` once revealed, the ``owner`` of its pieces (`NOBODY` when
    it holds none: a planet never holds two players' Assets) and ``pieces`` (counts by Asset
    type)."""

    id: str
    system: str
    type: str
    up: bool = False
    owner: int = NOBODY
    pieces: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def clone(self) -> Planet:
        c = _new(Planet)
        d = c.__dict__ = dict(self.__dict__)
        d["pieces"] = self.pieces[:]
        return c

    @property
    def empty(self) -> bool:
        """Whether it holds no Asset."""
        return not any(self.pieces)


@dataclass
class Player:
    """One player (rulebook, Setup 1): ``colour``, ``vp`` (the Score marker), ``res`` (six
    Resource counts), ``supply`` (Asset pieces not in play, by type), ``hand`` (Action card
    ids in hand), ``score_discard`` (their Score discard pile), ``artifacts`` (Alien Artifact
    ids held, hidden from the others), ``artifacts_used`` (how many it has used),
    ``artifacts_played`` (their ids, in the order used: public once used, OR7) and ``scored``
    ({why: VP}, what each reason moved its marker by, as each ``vp`` record logs it: a scoring
    option's id for its Score actions; a simulation report's VP by scoring option)."""

    seat: int
    colour: str
    vp: int = 7
    res: list[int] = field(default_factory=lambda: [0] * 6)
    supply: list[int] = field(default_factory=lambda: [4, 4, 4, 4])
    hand: list[str] = field(default_factory=list)
    score_discard: list[str] = field(default_factory=list)
    artifacts: list[str] = field(default_factory=list)
    artifacts_used: int = 0
    artifacts_played: list[str] = field(default_factory=list)
    scored: dict[str, int] = field(default_factory=dict)

    def clone(self) -> Player:
        c = _new(Player)
        d = c.__dict__ = dict(self.__dict__)
        d["res"] = self.res[:]
        d["supply"] = self.supply[:]
        d["hand"] = self.hand[:]
        d["score_discard"] = self.score_discard[:]
        d["artifacts"] = self.artifacts[:]
        d["artifacts_played"] = self.artifacts_played[:]
        d["scored"] = self.scored.copy()
        return c


@dataclass
class Trade:
    """The Trade action in progress (OR6): the Planner, ``k`` bank trades made, the
    ``seen`` positions (every hand plus k), the partners ``blocked`` since the last trade,
    the offer being built (``target``, ``give`` and ``get`` counts) and ``offers`` made."""

    planner: int
    k: int = 0
    seen: set = field(default_factory=set)
    blocked: set = field(default_factory=set)
    target: int | None = None
    give: list[int] = field(default_factory=lambda: [0] * 6)
    get: list[int] = field(default_factory=lambda: [0] * 6)
    offers: int = 0

    def clone(self) -> Trade:
        c = _new(Trade)
        d = c.__dict__ = dict(self.__dict__)
        d["seen"] = set(self.seen)
        d["blocked"] = set(self.blocked)
        d["give"] = self.give[:]
        d["get"] = self.get[:]
        return c


@dataclass
class State:
    """The whole game state.

    ``board`` holds, per slot in use (left to right, ``slots``), None or (seat, card id);
    ``revealed`` the slots turned face up; ``planets`` every planet in play in canonical
    order (systems as listed, then position); ``known`` per seat the ids of face-down planets
    it has peeked at (OR3); ``artifact_deck`` and ``singularity_deck`` top first;
    ``art_known`` per player {Artifact id: holder, or -1 for the deck} for the cards it
    knows the place of (OR3); ``sing_known`` per player the Singularity cards it has peeked at.
    With teams (6 or 8 seats: OR14) the players are the teams, ``first`` is the team of the
    marker seat and ``known`` stays per seat; ``teams`` holds what belongs to a seat
    (`artemis.games.odyssey.rules.teams.Teams`), None with 2 to 5 players.
    ``tally`` is {seat: VP} inside a Score action, else None (`artemis.games.odyssey.items`);
    ``end`` the latched end reason (OR27), None while the game goes on; ``mission`` the solo
    Mission (`artemis.games.odyssey.rules.mission`)."""

    players: list[Player]
    rng: Streams
    planets: list[Planet]
    bank: list[int]
    slots: tuple[int, ...]
    singularity_slot: int | None
    board: list = field(default_factory=list)
    revealed: list[bool] = field(default_factory=list)
    artifact_deck: list[str] = field(default_factory=list)
    singularity_deck: list[str] = field(default_factory=list)
    singularity_resolved: bool = False
    known: list[set] = field(default_factory=list)
    art_known: list[dict] = field(default_factory=list)
    sing_known: list[set] = field(default_factory=list)
    first: int = 0
    round: int = 0
    phase: str = "setup"
    reached_42: bool = False
    end: str | None = None
    tally: dict | None = None
    scoped_modifiers: list = field(default_factory=list)
    trade: Trade | None = None
    planner_choice: int | None = None  # a Hypnotic Device user's seat (OR32)
    cancelled: bool = False  # the card being resolved was cancelled (OR17)
    in_singularity: bool = False  # a Singularity card is resolving: Reaching 42 waits (OR33)
    # what the last Produce, travel and build were, for effects "same_as_trigger"
    last_produce: str | None = None
    last_travel: str | None = None
    last_build: str | None = None
    teams: object | None = None  # a team game's seats (`artemis.games.odyssey.rules.teams`)
    last_landed: str | None = None  # the planet the last travel landed on (Gravity Sling)
    mission: str | None = None  # the solo Mission's id (Solo Rules, Setup 6); None with 2+

    def clone(self) -> State:
        """A deep copy, written out by hand for speed (docs/design.md: not deepcopy)."""
        c = _new(State)
        d = c.__dict__ = dict(self.__dict__)
        d["players"] = [p.clone() for p in self.players]
        d["rng"] = self.rng.fork()
        d["planets"] = [p.clone() for p in self.planets]
        d["bank"] = self.bank[:]
        d["board"] = self.board[:]
        d["revealed"] = self.revealed[:]
        d["artifact_deck"] = self.artifact_deck[:]
        d["singularity_deck"] = self.singularity_deck[:]
        d["known"] = [set(k) for k in self.known]
        d["art_known"] = [dict(k) for k in self.art_known]
        d["sing_known"] = [set(k) for k in self.sing_known]
        d["tally"] = None if self.tally is None else dict(self.tally)
        d["scoped_modifiers"] = self.scoped_modifiers[:]
        d["trade"] = None if self.trade is None else self.trade.clone()
        d["teams"] = None if self.teams is None else self.teams.clone()
        return c

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.players)

    def order_from(self, seat: int) -> list[int]:
        """Every seat clockwise from ``seat`` (OR25: increasing seat number, modulo N)."""
        return [(seat + i) % self.n for i in range(self.n)]

    def planet(self, planet_id: str) -> Planet:
        """The planet named ``planet_id``. Raises KeyError for none."""
        for p in self.planets:
            if p.id == planet_id:
                return p
        raise KeyError(planet_id)

    def in_system(self, system: str) -> list[Planet]:
        """The planets of ``system``, by position."""
        return [p for p in self.planets if p.system == system]

    def mine(self, seat: int) -> list[Planet]:
        """The planets holding ``seat``'s Assets."""
        return [p for p in self.planets if p.owner == seat]
