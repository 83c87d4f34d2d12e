"""The Odyssey's action space (docs/design.md, "The action space"): every action id a game
of a config can ever offer, by question, from the rulebook's bounds and the content catalog.

The bounds, each a rule or a count of the catalog (none read from a played game):

- cards: the catalog's Action cards (placed into any Planning board slot, taken back as Score
  cards), Alien Artifacts, scoring options and systems;
- planets: a system's planets numbered from 1, the Sun holding one a seat of the setup (one
  in solo), a star at most ``MAX_PER_STAR`` (rulebook, Setup 5); a Starship moves from any
  planet to any other;
- Resource cards of a type: at most the bank's (the catalog's ``resource_cards``: every
  hand's come from it), so a discard of identical cards names at most that many; a
  discard of different types is a set of types;
- a build: an Asset, a planet and a payment: the sorted cards of a cost the rules may ask
  (the Asset's, free, the Asset's less one card, or a cost an effect of the catalog names),
  its Ore drawn from the three Ores;
- seats: the config's player count (a call, an offer, who receives next);
- the ``ore`` pool question and a choose: at most the largest Ore amount and the most
  options of a choose in the catalog.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from artemis.games.odyssey.rules.setup import MAX_PER_STAR
from artemis.games.odyssey.vocabulary import ASSETS, ORES, RESOURCES
from artemis.kernel.action_space import ActionSpace, effect_steps, ids, space_game
from artemis.kernel.operations import MAX_ITEMS


def action_space(config) -> ActionSpace:
    """The Odyssey's `ActionSpace` for ``config`` (see the module docstring for its bounds).
    Raises ConfigError for a bad config."""
    game = space_game(config)
    catalog = game.catalog
    n = game.config.players
    row = catalog.setup_for(n)
    seats = range(n)
    sun = catalog.start.id
    planets = [f"{x.id}.{i}" for x in catalog.systems
               for i in range(1, (max(row.as_players or row.players, 1) if x.id == sun
                                  else MAX_PER_STAR) + 1)]
    cards = [c.id for c in catalog.action_cards]
    artifacts = [a.id for a in catalog.artifacts]
    systems = [x.id for x in catalog.systems]
    held = {t.id: t.resource_cards for t in catalog.planet_types}
    steps = [st for table in (catalog.action_cards, catalog.artifacts,
                              catalog.singularity_cards, catalog.missions,
                              catalog.scoring_options) for item in table
             for st in effect_steps(item)]
    chooses = max([len(st.args) for st in steps if st.op == "choose"], default=0)
    ores = max([st.args["ore"] for st in steps
                if st.op in ("gain", "lose", "pay") and isinstance(st.args, dict)
                and isinstance(st.args.get("ore"), int)], default=0)
    bank = [f"bank:{give}:{take}" for give in RESOURCES for take in RESOURCES
            if give != take]
    by_question = {
        "place": ids("place", cards, [slot.slot for slot in catalog.board.slots]),
        "hand_discard": ids("hand_discard", RESOURCES),
        "score_option": ids("score_option", [o.id for o in catalog.scoring_options]),
        "discard_identical": ids("discard_identical", ["pass"])
        + [f"discard_identical:{r}:{d}" for r in RESOURCES for d in range(held[r] + 1)],
        "discard_different": ids("discard_different", ["pass"])
        + ids("discard_different", ["+".join(c) for k in range(1, len(RESOURCES) + 1)
                                    for c in combinations(RESOURCES, k)]),
        "artifact": ids("artifact", ["pass", *artifacts]),
        "travel_system": ids("travel_system", ["decline", *systems]),
        "trade": ids("trade", ["done"]) + ids("trade", bank) + ids("trade", ["offer"], seats),
        "offer_edit": ids("offer_edit", ("give", "get"), RESOURCES)
        + ids("offer_edit", ("send", "withdraw")),
        "offer_reply": ids("offer_reply", ("accept", "refuse")),
        "late_trade": ids("late_trade", ["done", *bank]),
        "bank_exchange": ids("bank_exchange", ["done", *bank]),
        "travel_go": ids("travel_go", ("go", "decline")),
        "travel_move": ids("travel_move", [f"{a}>{b}" for a in planets for b in planets
                                           if a != b]),
        "keep_artifact": ids("keep_artifact", artifacts),
        "draft_keep": ids("draft_keep", artifacts),
        "singularity_peek": ids("singularity_peek", ("current", "next")),
        "peek_system": ids("peek_system", ["stop", *systems]),
        "target_planet": ids("target_planet", planets),
        "score_card": ids("score_card", cards),
        "produce_type": ids("produce_type", RESOURCES),
        "produce_next": ids("produce_next", seats),
        "build": ids("build", ["stop"]) + ids("build", ASSETS, planets,
                                              _payments(catalog, steps)),
        "travel_call": ids("travel_call", seats),
        "build_call": ids("build_call", seats),
        "score_call": ids("score_call", seats),
        "choose": ids("choose", range(chooses)),
        "ore": [f"ore:{a}:{b}" for a in range(min(ores, MAX_ITEMS) + 1)
                for b in range(min(ores, MAX_ITEMS) - a + 1)],
    }
    return ActionSpace({k: tuple(v) for k, v in by_question.items()}, {})


def _payments(catalog, steps) -> list[str]:
    """Every payment a build may name: the cards of each cost the rules ask (the Asset's,
    free, the Asset's less any one card, an effect's own cost), sorted as the rules sort them
    (by `RESOURCES`), its Ore any of the three; "free" for none."""
    costs = [{}]
    for asset in catalog.assets:
        base = dict(asset.cost)
        costs.append(base)
        for item in base:
            less = dict(base)
            less[item] -= 1
            costs.append({k: v for k, v in less.items() if v})
    for st in steps:
        if st.op == "build" and isinstance(st.args, dict) and hasattr(st.args.get("cost"),
                                                                       "items"):
            costs.append(dict(st.args["cost"]))
    out = {}
    for cost in costs:
        fixed = [r for r in RESOURCES for _ in range(cost.get(r, 0))]
        for chosen in combinations_with_replacement(ORES, cost.get("ore", 0)):
            paid = sorted(fixed + list(chosen), key=RESOURCES.index)
            out["+".join(paid) or "free"] = None
    return list(out)


def score_bounds(config):
    """None declared: a seat's VP never goes below 0 (OR9), but the rules fix no most. The game
    ends at the end of the round in which a marker reaches 77 (OR27; solo after round 13,
    OR16), and what one round adds has no bound the rulebook or the catalog sets: Alien
    Artifacts chain builds (the Replicator after each own build, the Xeno Archive drawing
    Artifacts back, Black Hole weapons returning pieces to be built again). Raises
    NoScoreBounds saying so (the tools part, `artemis.kernel.parts.Tools`)."""
    from artemis.kernel.ruleset import NoScoreBounds

    raise NoScoreBounds(
        "The Artemis Odyssey declares no score bounds: VP never go below 0 (OR9), but "
        "nothing fixes the most a round adds after a marker reaches 77 (OR27): Alien "
        "Artifacts chain builds within a round (Replicator, Xeno Archive)")
