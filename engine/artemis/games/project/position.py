"""The one module that maps a scenario's names onto the engine's internal state and queue.

`new_position` makes the game a scenario starts from; `apply_given` sets the `given` position on
it (checking it is consistent where the engine needs it); `start_phase` schedules the rest of
the round; `step_once`, `answer` and the goal tests are what the runner drives the rule queue
with. Everything else in artemis.scenario reads the game only through `Game.view()`,
`Game.result` and `Game.legal_actions()`, so a change of the compact state touches only this
file (state field names are kept stable: docs/design.md).
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.content.problems import Problem, did_you_mean, pointer
from artemis.games.project.scenario_ids import canonical_action  # noqa: F401 - house:TYPE
from artemis.games.project.scenario_schema import (  # noqa: F401 - the scenario support
    DEFINITIONS,
    EXAMPLES,
    GIVEN_SCHEMA,
    PHASE_STEPS,
    RESOLVE_NOUN,
    RESOLVE_TARGETS,
)
from artemis.games.project.state import SHELTERS
from artemis.games.project.view import SEAT_PATHS  # noqa: F401 - names as values in expect
from artemis.games.project.vocabulary import COLONIST_TYPES, REGIONS
from artemis.scenario.schema import RESERVED_NAMES
from artemis.scenario.seats import player_seat  # noqa: F401 - the scenario support

# flow step names the runner watches for (artemis.games.project.rules.rounds, upkeep, scoring)
END_OF_PLACEMENT = ("resolution",)
END_OF_RESOLUTION = ("upkeep",)
END_OF_UPKEEP = ("round_end",)
START_CHOICE = ("choose_start",)
NEXT_ROUND = (("round",), ("final_scoring",))

# the moments an ``until:`` step runs to (docs/scenarios.md, Stop points), in the order of a
# round, named after the rulebook's phases (Game Play; Setup, Board Setup; The Upkeep Phase)
MOMENTS = {
    "end_of_placement": "every die is placed: the Placement phase is over and the Resolution "
    "phase (Event Spot A) is next",
    "end_of_resolution": "every region and the Event have resolved: the Upkeep phase is next",
    "end_of_upkeep": "move/swap, activation and heating are done: Refresh the Game Board is "
    "next",
    "after_board_setup": "the board is refreshed for the next round (Board Setup, with an "
    "immediate Event resolved): the start-player choice is next",
    "start_player_choice": "the player with the fewest resources is asked to choose the next "
    "start player (R14)",
    "end_of_round": "the round is over, Refresh and the start-player choice included: the "
    "next round's Placement phase is next (after the last round, final scoring)",
    "end_of_game": "final scoring is done: result holds the scores",
}


def new_position(config):
    """A game from ``Game.new(config)`` (content, plugins, variants, parameters) reset to the
    state after General and Player Setup, before the first Board Setup: nothing on the board,
    no Event, an empty queue and no decision. Raises ConfigError and ContentError as Game.new."""
    from artemis.games.project.rules.setup import new_state
    from artemis.kernel.game import Game
    from artemis.kernel.streams import stream

    game = Game.new(config)
    game.pending = None
    game.tasks = []
    game.log = []
    game.actions = []
    game.final = None
    # fresh streams, of the engine's own container type: the setup below is then exactly a
    # new game's General and Player Setup for this seed
    rng = type(game.state.rng)((name, stream(game.config.seed, name))
                               for name in game.ruleset.streams)
    game.state = new_state(game, game.config.players, rng)
    game.state.round = 1
    return game


def _academy_origin(g, player, t: int, space: dict, path: tuple) -> int:
    """Where an Academy colonist of type index ``t`` came from (R10: where a wasted action
    retrieves it): SHELTERS by default or for ``from: shelters``, else the index of
    ``player``'s building that ``from: {building: INDEX}`` names. That building must exist
    (S204) and have a slot this type may stand in (S203); it may be full again (R30), and the
    colonist then goes to the Shelters. Problems are reported through ``g``; SHELTERS then."""
    from artemis.games.project.rules.colonists import fits

    origin = space.get("from", "shelters")
    if origin == "shelters":
        return SHELTERS
    index, where = origin["building"], (*path, "from", "building")
    if index >= len(player.buildings):
        g.problem(where, "S204", f"building {index}: the player owns "
                  f"{len(player.buildings)} building{'s' * (len(player.buildings) != 1)}",
                  "give the index of one of the player's buildings, 0 the first listed")
        return SHELTERS
    tile = g.game.catalog.by_id[player.buildings[index].tile]
    alone = [int(i == t) for i in range(len(COLONIST_TYPES))]
    if not fits(tile.slots, alone):
        g.problem(where, "S203", f"{tile.name}'s slots ({', '.join(tile.slots)}) cannot hold "
                  f"a {COLONIST_TYPES[t]}, so it did not come from there",
                  "a typed slot holds only its type; 'any' holds one of any type")
        return SHELTERS
    return index


class _Given:
    """Applies one `given` mapping; collects located problems instead of raising."""

    def __init__(self, game, doc, names: list):
        self.game = game
        self.doc = doc
        self.names = names
        self.problems: list[Problem] = []

    def problem(self, path: tuple, code: str, message: str, hint: str = "",
                key: bool = False) -> None:
        line, col = self.doc.position(path, key=key)
        self.problems.append(Problem(self.doc.file, line, col, pointer(path), code, message,
                                     hint))

    # -- names and ids ---------------------------------------------------------------------

    def seat(self, value, path: tuple) -> int | None:
        return player_seat(self.game.state.n, self.names, value, path, self.problem)

    def content_id(self, value, path: tuple, kind: str) -> bool:
        cat = self.game.catalog
        ids = {"building": [b.id for b in cat.buildings],
               "expedition": [x.id for x in cat.expeditions],
               "event": [e.id for e in cat.events]}[kind]
        if value in ids:
            return True
        self.problem(path, "S103", f"no {kind} with id '{value}'",
                     did_you_mean(value, ids) or f"`artemis content list {kind}s` shows them")
        return False


def player_names(doc, given: dict, report: Callable) -> list:
    """The name of each seat in given.players (None where none is given)."""
    names: list = []
    for i, p in enumerate(given.get("players") or []):
        name = p.get("name")
        if name is not None and (name in names or name in RESERVED_NAMES or name in PHASE_STEPS):
            why = ("is used twice" if name in names else "is a word steps use")
            report(("given", "players", i, "name"), "S105", f"player name '{name}' {why}",
                   "give every player a different name")
            name = None
        names.append(name)
    return names


def _counts(data) -> list[int]:
    data = data or {}
    return [int(data.get(t, 0)) for t in COLONIST_TYPES]


def _die(d) -> tuple:
    """(player reference, face) of a die written as [p, f] or {player, face}."""
    return (d[0], d[1]) if isinstance(d, list) else (d["player"], d["face"])


def apply_given(game, doc, data: dict, names: list) -> list[Problem]:
    """Set ``data["given"]`` on ``game`` (from `new_position`) and schedule the phase.

    Returns the located problems (S1xx, S2xx; docs/scenarios.md); the game is only usable when
    the list is empty."""
    from artemis.games.project.catalog import Modifier
    from artemis.games.project.params import param
    from artemis.games.project.rules.colonists import fits
    from artemis.games.project.state import (
        DOORSTEP_MAX,
        GANTRY_MAX,
        BasecampDie,
        Card,
        GantryTile,
        Owned,
    )

    g = _Given(game, doc, names)
    s = game.state
    cat = game.catalog
    given = data.get("given") or {}
    board = given.get("board") or {}
    G = ("given",)
    B = ("given", "board")
    box = [0, 0, 0, 0]
    for c in cat.board.components:
        box[COLONIST_TYPES.index(c.colonist)] = c.count
    placed = [0, 0, 0, 0]  # every colonist the given position puts somewhere but the bag
    places: dict[str, tuple] = {}  # item id -> path of the first place holding it

    def hold(item: str, path: tuple) -> None:
        if item in places:
            first = places[item]
            g.problem(path, "S202", f"'{item}' is already at {pointer(first)}",
                      f"line {doc.position(first)[0]}; every tile and card is in one place")
        else:
            places[item] = path

    def add(counts) -> None:
        for t in range(4):
            placed[t] += counts[t]

    def dice_list(key: str) -> list[tuple[int, int]]:
        out = []
        for i, d in enumerate(board.get(key) or []):
            who, face = _die(d)
            seat = g.seat(who, (*B, key, i))
            if seat is not None:
                out.append((seat, face))
        return out

    # -- round, phase, start player --------------------------------------------------------
    rounds = param(game, "rounds")
    s.round = given.get("round", 1)
    if s.round > rounds:
        g.problem((*G, "round"), "S204", f"round {s.round} is past the game's last round "
                  f"({rounds})", f"use a round from 1 to {rounds}")
    if "start_player" in given:
        seat = g.seat(given["start_player"], (*G, "start_player"))
        if seat is not None:
            s.start = seat
    phase = given.get("phase", "resolution")
    s.phase = phase
    if "next" in given and phase != "resolution":
        g.problem((*G, "next"), "S206", "next names the region resolved next: it needs phase "
                  "resolution", "remove next or set phase: resolution", key=True)
    if "turn" in given and phase != "placement":
        g.problem((*G, "turn"), "S206", "turn names the player who places next: it needs "
                  "phase placement", "remove turn or set phase: placement", key=True)

    # -- players -----------------------------------------------------------------------------
    track = len(cat.relief_track)
    for i, pd in enumerate(given.get("players") or []):
        p = s.players[i]
        P = (*G, "players", i)
        for key in ("energy", "minerals", "toolkits", "badges", "vp", "relief"):
            if key in pd:
                setattr(p, key, pd[key])
        if p.relief > track:
            g.problem((*P, "relief"), "S204", f"the Relief Track has {track} spaces",
                      f"use a space from 1 to {track}")
        if "shelters" in pd:
            p.shelters = _counts(pd["shelters"])
        for j, bd in enumerate(pd.get("buildings") or []):
            if not g.content_id(bd["tile"], (*P, "buildings", j, "tile"), "building"):
                continue
            hold(bd["tile"], (*P, "buildings", j, "tile"))
            staff = _counts(bd.get("staff"))
            tile = cat.by_id[bd["tile"]]
            if not fits(tile.slots, staff):
                g.problem((*P, "buildings", j, "staff"), "S203",
                          f"{tile.name}'s slots ({', '.join(tile.slots)}) cannot hold "
                          + ", ".join(f"{n} {t}{'s' * (n != 1)}" for t, n in zip(
                              COLONIST_TYPES, staff, strict=True) if n),
                          "a typed slot holds only its type; 'any' holds one of any type")
            p.buildings.append(Owned(bd["tile"], staff))
        if "dice" in pd:
            p.dice = sorted(pd["dice"])
            if p.dice and phase != "placement":
                g.problem((*P, "dice"), "S206", "dice in hand are rolled and not yet placed: "
                          "only in the Placement phase", "set phase: placement, or place the "
                          "dice in their regions")
    for p in s.players:
        add(p.shelters)
        for b in p.buildings:
            add(b.staff)

    # -- Basecamp ------------------------------------------------------------------------------
    s.cards = []
    for i, cd in enumerate(board.get("expeditions") or []):
        C = (*B, "expeditions", i)
        if not g.content_id(cd["card"], (*C, "card"), "expedition"):
            continue
        hold(cd["card"], (*C, "card"))
        card = Card(cd["card"])
        for j, dd in enumerate(cd.get("dice") or []):
            seat = g.seat(dd["player"], (*C, "dice", j, "player"))
            sent = dd.get("sent")
            pioneers = dd.get("pioneers", 0)
            if sent is not None and pioneers:
                g.problem((*C, "dice", j), "S205", "a die goes with Pioneers or with one other "
                          "colonist, not both (R1)", "keep pioneers or sent")
            if sent == "steward" and dd["face"] > 2:
                g.problem((*C, "dice", j, "face"), "S205", "a Steward goes only with a die of "
                          "1 or 2 (R4)", "use face 1 or 2")
            if seat is None:
                continue
            t = COLONIST_TYPES.index(sent) if sent else None
            card.dice.append(BasecampDie(seat, dd["face"], pioneers, t))
            placed[0] += pioneers
            if t is not None:
                placed[t] += 1
        for r, rd in enumerate(cd.get("rewards") or []):
            card.reward_colonists[r] = _counts(rd.get("colonists"))
            add(card.reward_colonists[r])
            if "tile" in rd and g.content_id(rd["tile"], (*C, "rewards", r, "tile"),
                                             "building"):
                hold(rd["tile"], (*C, "rewards", r, "tile"))
                card.reward_tiles[r] = rd["tile"]
        s.cards.append(card)

    # -- the Exposure regions, Gantry, Academy, Outfitter ---------------------------------------
    s.vents = board.get("vents", 0)
    s.quarry = board.get("quarry", 0)
    for key in ("vents_dice", "quarry_dice", "doorstep_dice"):
        dice = dice_list(key)
        setattr(s, key, dice)
        faces = [f for _, f in dice]
        if faces != sorted(faces):
            g.problem((*B, key), "S205", "Exposure dice lie left to right with faces never "
                      "going down (a die goes right of every die showing the same or lower)",
                      "list the dice in Exposure order")
    s.doorstep = _counts(board.get("doorstep"))
    add(s.doorstep)
    if sum(s.doorstep) > DOORSTEP_MAX:
        g.problem((*B, "doorstep"), "S204", f"at most {DOORSTEP_MAX} colonists are present at "
                  f"the Doorstep, given {sum(s.doorstep)}")
    s.gantry = []
    gantry = board.get("gantry") or []
    if len(gantry) > GANTRY_MAX:
        g.problem((*B, "gantry"), "S204", f"the Gantry shows at most {GANTRY_MAX} tiles, given "
                  f"{len(gantry)}")
    for i, td in enumerate(gantry):
        T = (*B, "gantry", i)
        if not g.content_id(td["tile"], (*T, "tile"), "building"):
            continue
        hold(td["tile"], (*T, "tile"))
        bids = []
        for j, d in enumerate(td.get("dice") or []):
            who, face = _die(d)
            seat = g.seat(who, (*T, "dice", j))
            if seat is not None:
                bids.append((seat, face))
        faces = [f for _, f in bids]
        if any(b <= a for a, b in zip(faces, faces[1:], strict=False)):
            g.problem((*T, "dice"), "S205", "each bid on a Gantry tile is higher than every "
                      "die already there", "list the bids in the order placed")
        s.gantry.append(GantryTile(td["tile"], bids))
    spaces = board.get("academy") or []
    if len(spaces) > len(s.academy):
        g.problem((*B, "academy"), "S204", f"the Academy has {len(s.academy)} space"
                  f"{'s' if len(s.academy) > 1 else ''} with {s.n} players")
    for i, a in enumerate(spaces[: len(s.academy)]):
        if a is None:
            continue
        seat = g.seat(a["player"], (*B, "academy", i, "player"))
        t = COLONIST_TYPES.index(a["colonist"])
        placed[t] += 1
        if seat is not None:
            origin = _academy_origin(g, s.players[seat], t, a, (*B, "academy", i))
            s.academy[i] = (seat, a["face"], t, origin)
    s.outfitter_dice = dice_list("outfitter_dice")
    if s.outfitter_dice and phase != "placement":
        g.problem((*B, "outfitter_dice"), "S206", "Outfitter dice are taken back when the "
                  "Outfitter resolves: only in the Placement phase", "remove them")

    # -- the Event, modifiers ---------------------------------------------------------------------
    s.event = board.get("event")
    s.events_seen = [s.event] if s.event is not None else []
    if s.event is not None and g.content_id(s.event, (*B, "event"), "event"):
        hold(s.event, (*B, "event"))
    s.event_modifiers = []
    for i, m in enumerate(given.get("modifiers") or []):
        M = (*G, "modifiers", i)
        spec = game.registry.parameters.get(m["param"])
        if spec is None:
            g.problem((*M, "param"), "S104", f"unknown rule parameter '{m['param']}'",
                      did_you_mean(m["param"], game.registry.parameters))
            continue
        modes = [k for k in ("set", "add") if k in m]
        if len(modes) != 1:
            g.problem(M, "S104", "a modifier gives exactly one of set or add",
                      "for example {param: outfitter_bonus, add: 1}")
            continue
        value = m[modes[0]]
        if spec.type == "int" and (not isinstance(value, int) or isinstance(value, bool)):
            g.problem((*M, modes[0]), "S104", f"'{spec.name}' is a whole number, got "
                      f"{value!r}", f"for example {modes[0]}: 1")
            continue
        if spec.type != "int" and value != "shelters":
            g.problem((*M, modes[0]), "S104", f"'{spec.name}' takes a place: an Event's "
                      "modify may name only shelters", f"{modes[0]}: shelters")
            continue
        s.event_modifiers.append(Modifier(spec.name, modes[0], value))

    # -- decks and stacks -----------------------------------------------------------------------
    def deck(key: str, default: list, kind: str, check: Callable | None = None) -> list:
        if key not in board:
            return [x for x in default if x not in places]
        out = []
        for i, item in enumerate(board[key]):
            if g.content_id(item, (*B, key, i), kind):
                hold(item, (*B, key, i))
                if check is None or check(item, (*B, key, i)):
                    out.append(item)
        return out

    s.event_deck = deck("event_deck", s.event_deck, "event")
    s.expedition_discard = deck("expedition_discard", [], "expedition")
    s.expedition_deck = deck("expedition_deck", s.expedition_deck, "expedition")
    stacks = board.get("stacks") or {}
    for name in stacks:
        if name not in s.stacks:
            g.problem((*B, "stacks", name), "S204", f"there is no '{name}' stack",
                      did_you_mean(name, s.stacks), key=True)
    in_game = {t for stack in s.stacks.values() for t in stack}
    buildings = {b.id for b in cat.buildings}
    for name in list(s.stacks):
        def kind_ok(tile: str, path: tuple, name=name) -> bool:
            if cat.by_id[tile].kind != name:
                g.problem(path, "S204", f"'{tile}' is a {cat.by_id[tile].kind} tile, not "
                          f"{name}", f"move it to the {cat.by_id[tile].kind} stack")
                return False
            return True
        if name in stacks:
            s.stacks[name] = deck_of(g, board, name, hold, kind_ok)
        else:
            s.stacks[name] = [t for t in s.stacks[name] if t not in places]
    for item, path in places.items():
        if item in buildings and item not in in_game:
            g.problem(path, "S204", f"'{item}' is not in this game (a duplicate tile, left "
                      f"out with {s.n} players)", "use the original tile's id")

    # -- colonist totals -------------------------------------------------------------------------
    if "academy_supply" in board:
        s.academy_supply = _counts(board["academy_supply"])
    s.discard = _counts(board.get("discard"))
    add(s.academy_supply)
    add(s.discard)
    if "bag" in board:
        s.bag = _counts(board["bag"])
        for t in range(4):
            if placed[t] + s.bag[t] != box[t]:
                g.problem((*B, "bag"), "S201", f"{placed[t] + s.bag[t]} {COLONIST_TYPES[t]}s "
                          f"in the position, the box holds {box[t]}",
                          "leave the bag out to have it hold every colonist not placed "
                          "elsewhere")
    else:
        s.bag = [box[t] - placed[t] for t in range(4)]
        for t in range(4):
            if s.bag[t] < 0:
                g.problem(G, "S201", f"{placed[t]} {COLONIST_TYPES[t]}s placed, the box holds "
                          f"{box[t]}", "take some out (Shelters, buildings, Doorstep, Academy "
                          "supply, discard, Basecamp)", key=True)

    # -- the phase ----------------------------------------------------------------------------
    turn = s.start
    if "turn" in given:
        seat = g.seat(given["turn"], (*G, "turn"))
        turn = seat if seat is not None else turn
    if phase != "placement":
        done = REGIONS if phase == "upkeep" else REGIONS[: REGIONS.index(
            given.get("next", "basecamp"))]
        for region in done:
            if _has_dice(s, region):
                g.problem((*B, _region_key(region)), "S206", f"dice at the {region.capitalize()}"
                          f", which has already resolved this round (phase {phase}"
                          + (f", next {given.get('next')}" if phase == "resolution" else "")
                          + ")", "remove the dice or resolve from an earlier region")
    if not g.problems:
        start_phase(game, phase, given.get("next", "basecamp"), turn)
    return g.problems


def deck_of(g: _Given, board: dict, name: str, hold: Callable, check: Callable) -> list:
    """The tiles of stack ``name`` as given, each checked and held in one place."""
    out = []
    for i, tile in enumerate(board["stacks"][name] or []):
        path = ("given", "board", "stacks", name, i)
        if g.content_id(tile, path, "building"):
            hold(tile, path)
            if check(tile, path):
                out.append(tile)
    return out


def _region_key(region: str) -> str:
    return {"basecamp": "expeditions", "gantry": "gantry", "academy": "academy"}.get(
        region, f"{region}_dice")


def _has_dice(s, region: str) -> bool:
    if region == "basecamp":
        return any(c.dice for c in s.cards)
    if region == "gantry":
        return any(t.dice for t in s.gantry)
    if region == "academy":
        return any(a is not None for a in s.academy)
    return bool(getattr(s, f"{region}_dice"))


def start_phase(game, phase: str, next_region: str, turn: int) -> None:
    """Schedule the rest of the round from ``phase`` as the engine's own steps would
    (artemis.games.project.rules.rounds): Placement from ``turn``; Resolution from the Event
    spot before ``next_region``; Upkeep. Then Refresh, and the rounds after, as usual."""
    from artemis.games.project.rules import flow
    from artemis.games.project.rules.rounds import RESOLUTION

    s = game.state
    s.log_round_turn_order = s.turn_order()
    later = [("upkeep",), ("round_end",)]
    if phase == "placement":
        flow.push(game, ("placement_turn", turn), ("resolution",), *later)
        step_once(game)  # ask the first player with dice, as the Placement phase would
        return
    if phase == "resolution":
        at = RESOLUTION.index(("region", next_region)) - 1  # the Event spot just before it
        flow.push(game, *[("resolve", what, name) for what, name in RESOLUTION[at:]], *later)
        return
    flow.push(game, *later)


# -- driving the rule queue (the runner) ---------------------------------------------------------

def step_once(game, watch: Callable | None = None) -> None:
    """Run the next scheduled rule step (as artemis.games.project.rules.flow.run does, one step);
    ``watch(step, depth)`` first sees the step and the number of steps scheduled under it."""
    from artemis.games.project.rules import flow

    task = game.tasks.pop()
    if watch is not None:
        watch(task, len(game.tasks))
    flow.STEPS[task[0]](game, *task[1:])


def queue_depth(game) -> int:
    """How many rule steps are scheduled."""
    return len(game.tasks)


def next_task(game) -> tuple | None:
    """The step that runs next, or None when nothing is scheduled."""
    return game.tasks[-1] if game.tasks else None


def answer(game, action_id: str) -> None:
    """Apply ``action_id`` to the pending decision through `Game.apply`, running only the rule
    steps that answer sets off (the steps already scheduled wait), so that a runner can stop
    exactly where a region ends. Raises IllegalAction as `Game.apply` does, state unchanged."""
    waiting = game.tasks
    game.tasks = []
    try:
        game.apply(action_id)
    finally:
        waiting.extend(game.tasks)
        game.tasks = waiting


def resolves(task: tuple, target: str) -> bool:
    """Whether ``task`` is the rule step that resolves a ``resolve:`` step's ``target``: a
    region's (``("resolve", "region", REGION)``) or an Event card's; ``round`` is not one
    step (`resolution_over` says when it is done)."""
    if target == "event":
        return task[0] == "event"
    return target in REGIONS and task == ("resolve", "region", target)


def resolution_over(game) -> bool:
    """The Resolution phase is over and Upkeep is next."""
    return game.state.phase == "resolution" and next_task(game) == END_OF_RESOLUTION


def at_moment(game, name: str) -> bool:
    """Whether the game stands at moment ``name`` (one of `MOMENTS`), as the rule queue shows
    it: the step scheduled next, and the question pending (artemis.games.project.rules.rounds:
    a round ends with Refresh, ``choose_start``, then the next ``round``)."""
    pending, task = game.pending, next_task(game)
    if name == "start_player_choice":
        return pending is not None and pending.kind == "start"
    if name == "end_of_game":
        return game.is_over
    if pending is not None:
        return False
    if name == "end_of_placement":
        return task == END_OF_PLACEMENT
    if name == "end_of_resolution":
        return resolution_over(game)
    if name == "end_of_upkeep":
        return upkeep_over(game)
    if name == "after_board_setup":
        return task == START_CHOICE
    return task in NEXT_ROUND  # end_of_round


def upkeep_over(game) -> bool:
    """The Upkeep phase is over and the round's end (Refresh or final scoring) is next."""
    return game.state.phase == "upkeep" and next_task(game) == END_OF_UPKEEP


def score_now(game) -> None:
    """End the game now: drop what is left of the round and run final scoring."""
    from artemis.games.project.rules import flow

    game.tasks.clear()
    flow.push(game, ("final_scoring",))
    while game.tasks and game.pending is None:
        step_once(game)
