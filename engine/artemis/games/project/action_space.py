"""The Project's action space (docs/design.md, "The action space"): every action id a game
of a config can ever offer, by question, from the rulebook's bounds and the content catalog.

The bounds, each a rule or a count of the catalog (none read from a played game):

- dice: five a player (``DICE_PER_PLAYER``), faces 1 to 6, rolled and final;
- places: the Basecamp's players - 1 Expedition cards, the Gantry's ``GANTRY_MAX`` tiles,
  the Vents, Quarry, Doorstep, Academy and Outfitter one target each;
- a player's buildings: at most every building tile of the catalog, indexed from 0; a
  colonist's place is the Shelters or one of them;
- colonists of a type: at most the box's (the board's components: the bag, the Academy
  supply and every player's colonists come from it and go back to it);
- a pool question ("how many of the N resources are Energy"): N at most the largest
  resources amount of a gain, lose or pay in the catalog, or the Expedition send cost (the
  rule parameter as the config sets it, plus the most every modify of it in the catalog may
  add);
- a choose: at most the most options of a choose in the catalog; the Relief Track's spaces;
- the widest move question: its ids list a move or swap between any two of the catalog's
  places, but one decision lists only the player's own: a move takes a type present at one
  place to another (at most m x (k - 1), m the player's (place, type) pairs holding a
  colonist, k its places), a swap joins two such pairs (at most m x (m - 1) / 2), and m is
  at most the box's colonists (one each) and 4 types a place: with the base catalog 7,855
  options, not all 27,561 ids at once (a slot-numbered mask a third as wide).

A plugin that asks questions of its own is outside the space: the conformance checks name
the id it offers.
"""

from __future__ import annotations

from artemis.games.project.rules.placement import DICE_PER_PLAYER
from artemis.games.project.state import GANTRY_MAX, TYPES
from artemis.kernel.action_space import ActionSpace, effect_steps, ids, space_game
from artemis.kernel.operations import MAX_MODIFY

FACES = range(1, 7)
#: the regions with one target, in the order the placements list them
SINGLE = ("vents", "quarry", "doorstep", "academy", "outfitter")


def action_space(config) -> ActionSpace:
    """The Project's `ActionSpace` for ``config`` (see the module docstring for its bounds).
    Raises ConfigError for a bad config."""
    game = space_game(config)
    catalog = game.catalog
    n = game.config.players
    box = {c.colonist: c.count for c in catalog.board.components}
    buildings = range(len(catalog.buildings))
    places = ["shelters", *buildings]
    steps = [st for item in (*catalog.buildings, *catalog.expeditions, *catalog.events,
                             *catalog.relief_track) for st in effect_steps(item)]
    pools = [st.args["resources"] for st in steps
             if st.op in ("gain", "lose", "pay") and "resources" in st.args]
    spec = game.registry.parameters["expedition_send_cost"]
    send = game.param_defaults.get("expedition_send_cost", spec.default)
    modifies = sum(1 for st in steps if st.op == "modify"
                   and st.args.get("param") == "expedition_send_cost")
    most_paid = max([*pools, max(send, 0) + MAX_MODIFY * modifies])
    chooses = max([len(st.args) for st in steps if st.op == "choose"], default=0)
    targets = ([("basecamp", i) for i in range(n - 1)] + [("gantry", i) for i in
               range(GANTRY_MAX)] + [(region, 0) for region in SINGLE])
    colonist_types = TYPES[1:]  # a Pioneer is sent by number (R1)

    move = ids("move", ["skip"])
    move += [f"move:{t}:{a}:{b}" for t in TYPES for a in places for b in places if a != b]
    move += [f"swap:{t}:{a}:{u}:{b}" for i, a in enumerate(places) for b in places[i + 1:]
             for t in TYPES for u in TYPES if t != u]
    unpaid = []
    by_size: dict[int, int] = {}  # one heating question discards a fixed number (R23)
    for counts in _counts([box[t] for t in TYPES]):
        if any(counts):
            unpaid.append(":".join(["unpaid", *(TYPES[t] for t in range(4)
                                                for _ in range(counts[t]))]))
            by_size[sum(counts)] = by_size.get(sum(counts), 0) + 1
    by_question = {
        "place": [f"place:{r}:{f}:{region}:{i}" for r in FACES for f in FACES
                  for region, i in targets],
        "send": ids("send", ["none"]) + ids("send", ["pioneer"], range(1, box[TYPES[0]] + 1))
        + ids("send", colonist_types, places),
        "marine": ids("marine", range(n * DICE_PER_PLAYER), (1, 2)),
        "trainee": ids("trainee", TYPES, places),
        "reward": ids("reward", (0, 1)),
        "reward_first": ids("reward_first", (0, 1)),
        "hub_return": ids("hub_return", TYPES),
        "relief_reward": ids("relief_reward", [sp.space for sp in catalog.relief_track]),
        "house": ids("house", range(len(TYPES)), places),
        "fill": ids("fill", ["done", *TYPES]),
        "recruit": ids("recruit", ["stop", *TYPES]),
        "discard": ids("discard", TYPES),
        "move": move,
        "activate": ids("activate", ["done", *buildings]),
        "unpaid": unpaid,
        "start": ids("start", range(n)),
        "buy": ids("buy", ("buy", "decline")),
        "choose": ids("choose", range(chooses)),
        "split": ids("split", range(most_paid + 1)),
    }
    n_places = len(places)  # the Shelters and every building a player could own
    m = min(sum(box.values()), len(TYPES) * n_places)  # (place, type) pairs holding a colonist
    widest_move = min(len(move), 1 + m * (n_places - 1) + m * (m - 1) // 2)  # skip, moves, swaps
    return ActionSpace({k: tuple(v) for k, v in by_question.items()},
                       {"unpaid": max(by_size.values()), "move": widest_move})


def _counts(caps: list[int]):
    """Every tuple of counts, each from 0 to its cap."""
    if not caps:
        yield ()
        return
    for rest in _counts(caps[1:]):
        for c in range(caps[0] + 1):
            yield (c, *rest)
