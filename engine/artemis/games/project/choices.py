"""The Project's questions for people: each legal answer in words that say what it gives and
costs (`describe_action`), the placements grouped die, region, target, Toolkit change
(`placement_groups` for the browser's chooser, `choice_groups` for the terminal), and the
question itself with the player's name (`question`).

These are display words only. A log records each action's label (the rules' text, compared by
`artemis replay --verify`), and nothing here changes it (docs/terminal.md, "Labels and
descriptions").
"""

from __future__ import annotations

import re

from artemis.games.project.regions import BY_ID as REGION
from artemis.games.project.vocabulary import REGIONS
from artemis.games.project.words import (
    colonist_name,
    describe,
    describe_ability,
    item_name,
    region_name,
    with_article,
)
from artemis.kernel.choices import ChoiceGroup, web_steps
from artemis.util.plural import counted

#: A question's words by kind ({name}: the player deciding), as the rulebook asks it.
QUESTION_WORDS = {
    "place": "{name}, place a die",
    "send": "{name}, send a colonist along with the die?",
    "marine": "{name}, which die does your Marine reduce?",
    "trainee": "{name}, which colonist goes to the Academy?",
    "recruit": "{name}, recruit a colonist at the Doorstep?",
    "buy": "{name}, buy the Gantry tile?",
    "reward": "{name}, you chose first: which Expedition reward do you take?",
    "reward_first": "{name}, you take both rewards: which resolves first?",
    "relief_reward": "{name}, which Relief Track reward do you take?",
    "move": "{name}, Upkeep: one move or swap of your colonists?",
    "activate": "{name}, Upkeep: activate a fully staffed building?",
    "unpaid": "{name}, Upkeep: not enough Energy to heat; which colonists go unpaid?",
    "start": "{name}, who starts the next round?",
    "hub_return": "{name}, a colonist returns to the Expedition Hub: which?",
    "house": "{name}, where does the gained colonist go?",
    "fill": "{name}, move colonists from the Shelters into the new building?",
    "split": "{name}, how do you pay (Energy and Minerals)?",
    "choose": "{name}, choose one",
    "discard": "{name}, which colonist is discarded?",
}


def question(game, names: list[str]) -> str:
    """The pending question in words, the player named: "Ada, place a die"; "" when the
    game is over (the seat's holdings are `parts.Words.seat_summary`'s)."""
    pending = game.pending
    if pending is None:
        return ""
    name = names[pending.player]
    text = QUESTION_WORDS.get(pending.kind, "{name}: " + pending.kind.replace("_", " "))
    text = text.format(name=name)
    if pending.kind == "relief_reward":
        source = relief_source(game, pending.player)
        if source:
            text += f" (Relief from {source})"
    elif pending.kind == "split":
        text = split_question(game, name)
    elif pending.kind == "fill" and isinstance(pending.ctx, tuple):
        player, building = pending.ctx  # (player, index of the building just gained)
        tile = game.state.players[player].buildings[building].tile
        text = text.replace("the new building", f"the new {game.catalog.by_id[tile].name}")
    return text


def split_question(game, name: str) -> str:
    """The ``split`` question in words: whether the player is gaining, paying or losing
    resources (Energy and Minerals in any mix, rulebook, Some General Rules), how many, and
    why, from the log: "Ada, you gain 4 resources from the Relief Track (space 7): how many
    of each (Energy and Minerals)?", "Ada, the Event Leviathan Sighting takes 2 resources
    from you: which (Energy and Minerals)?"."""
    player, n, sign = game.pending.ctx
    cause = pool_cause(game, player)
    what = counted(n, "resource")
    if sign > 0:
        where = f" from {cause}" if cause else ""
        return f"{name}, you gain {what}{where}: how many of each (Energy and Minerals)?"
    if cause.startswith("the Event "):
        return f"{name}, {cause} takes {what} from you: which (Energy and Minerals)?"
    why = f" for {cause}" if cause else ""
    return f"{name}, you pay {what}{why}: how many of each (Energy and Minerals)?"


def pool_cause(game, player: int) -> str:
    """What makes ``player`` gain, pay or lose resources now, from the log (its latest
    record that says): "the Event Leviathan Sighting", "the Relief Track (space 7)",
    "Research Lab, activated at Upkeep", "the Expedition Sunken Wreck's reward", "sending
    a Pioneer to the Expedition Sunken Wreck"; "" when the log does not say."""
    by_id = game.catalog.by_id

    def name(item: str) -> str:
        return by_id[item].name if item in by_id else item

    for e in reversed(game.log):
        kind = e["type"]
        mine = e.get("player") == player
        if kind == "event":
            return f"the Event {name(e['event'])}"
        if kind == "activated" and mine:
            return f"{name(e['tile'])}, activated at Upkeep"
        if kind == "sent" and mine:
            card = game.state.cards[e["card"]] if e["card"] < len(game.state.cards) else None
            what = (f"{e['count']} Pioneers" if e["count"] > 1
                    else with_article(colonist_name(e["colonist"])))
            to = f" to the Expedition {name(card.id)}" if card is not None else ""
            return f"sending {what}{to}"
        if kind == "action" and mine and e["id"].startswith("relief_reward:"):
            return f"the Relief Track (space {e['id'].split(':')[1]})"
        if kind == "expedition":
            return f"the Expedition {name(e['card'])}'s reward"
        if kind in ("resolve", "upkeep", "dice_rolled", "board_setup"):
            return ""
    return ""


def relief_source(game, player: int) -> str:
    """What gave ``player`` the gain on the Relief Track being rewarded now, from the log:
    "the Event Solar Storm", "the Expedition Sunken Wreck (6/9, failed)", "your 4 exposed
    in the Vents", "being outbid for Research Lab on the Gantry"; "" when the log does not
    say (a game without a log)."""
    by_id = game.catalog.by_id
    for e in reversed(game.log):
        kind = e["type"]
        if kind == "expedition":
            card = by_id.get(e["card"])
            outcome = "success" if e["success"] else "failed"
            return (f"the Expedition {card.name if card else e['card']} "
                    f"({e['total']}/{e['difficulty']}, {outcome})")
        if kind == "exposed" and e.get("player") == player:
            return f"your {e['face']} exposed {_in_region(e['region'])}"
        if kind == "event":
            card = by_id.get(e["event"])
            return f"the Event {card.name if card else e['event']}"
        if kind in ("gantry_bought", "gantry_unsold"):
            tile = by_id.get(e["tile"])
            return f"being outbid for {tile.name if tile else e['tile']} on the Gantry"
        if kind == "activated":
            tile = by_id.get(e["tile"])
            return f"{tile.name if tile else e['tile']}, activated"
        if kind in ("resolve", "upkeep", "dice_rolled", "board_setup"):
            return region_name(e["region"]) if kind == "resolve" else ""
    return ""


def _in_region(region: str) -> str:
    return {"vents": "in the Vents", "quarry": "in the Quarry",
            "doorstep": "at the Doorstep"}.get(region, f"at {region_name(region)}")


def describe_action(game, action, names: list[str] | None = None) -> str:
    """What ``action`` (a legal answer now) gives and costs, in words, for people choosing it:
    a placement with what its target holds (an Expedition's difficulty and rewards, a Gantry
    tile's price and ability, what the Academy trains, how many the Doorstep lets recruit,
    the stock of the Vents or Quarry, the Toolkits of the Outfitter), a reward with what is
    laid on it, a building by name (never an index); players by ``names`` (default P0, P1).
    The recorded label is unchanged (`Action.label`)."""
    names = names or [f"P{i}" for i in range(game.state.n)]
    kind = action.kind
    if kind == "place":
        return _placement(game, action)
    label = action.label
    pending = game.pending
    player = pending.player if pending is not None else None
    if kind == "start":
        return f"{names[action.args[0]]} starts"
    if kind == "send":
        return _send_words(game, action, _named_buildings(game, player, label))
    if kind == "marine":
        card = game.state.cards[pending.ctx[1]]
        d = card.dice[action.args[0]]
        by = action.args[1]
        return f"reduce {names[d.player]}'s {d.face} by {by} (to {d.face - by})"
    if kind in ("reward", "reward_first"):
        index = pending.ctx[2] if kind == "reward" else pending.ctx[1]
        return label + _laid(game, index, action.args[0])
    if kind == "buy" and action.args[0] == "buy":
        tile = game.catalog.by_id[pending.ctx[0]]
        have = game.state.players[player].minerals
        return f"{label} (you have {have}): {_building_words(tile)}"
    if kind == "split":  # the recorded label says "1 Minerals"; people read "1 Mineral"
        return re.sub(r"\b1 Minerals\b", "1 Mineral", label)
    if kind == "relief_reward":
        reached = game.state.players[player].relief
        where = "the space just reached" if action.args[0] == reached else "a space passed"
        return f"{label} ({where})"
    if player is not None:
        return _named_buildings(game, player, label)
    return label


#: What one sent colonist adds to an Expedition (rulebook: The Placement Phase, 1.
#: Basecamp, "Sending Colonists on Expeditions"; a Pioneer's is the card's total, said apart).
_SENT_ADDS = {
    "engineer": "if the Expedition succeeds, gain any 2 resources",
    "marine": "reduce an opponent's die on this Expedition by 1 or 2 now",
    "steward": "if the Expedition succeeds and you choose a reward first, gain 1 VP",
}


def _send_words(game, action, label: str) -> str:
    """A Basecamp send with what it costs and what it adds to the Expedition (R1): "send 2
    Pioneers for 1 resource (Energy or Minerals): +2 to your die, the total 9 -> 11 of 14";
    "send no colonist (pay nothing)"."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.basecamp import difficulty

    if action.args[0] == "none":
        return f"{label} (pay nothing)"
    player, index, _ = game.pending.ctx
    cost = param(game, "expedition_send_cost", player)
    paid = f"for {counted(cost, 'resource')} (Energy or Minerals)" if cost else "for nothing"
    if action.args[0] == "pioneer":
        card = game.state.cards[index]
        total = sum(d.face + d.pioneers for d in card.dice)
        k = action.args[1]
        adds = (f"+{k} to your die, the Expedition's total {total} -> {total + k} of "
                f"{difficulty(game, card)}")
    elif action.args[0] == "marine" and not any(
            d.player != player and d.face >= 2 for d in game.state.cards[index].dice):
        adds = "no opponent's die on this Expedition to reduce (R2)"
    else:
        adds = _SENT_ADDS.get(action.args[0], "")
    return f"{label} {paid}: {adds}" if adds else f"{label} {paid}"


def _placement(game, action) -> str:
    """A placement's words: the die (and its Toolkit change, with its cost), then the target
    and what it offers: "3->4 [1 Toolkit] in the Vents (up to 4 of 11 Energy)"."""
    rolled, final, region, target = action.args[:4]
    cost = abs(final - rolled)
    die = f"{rolled}->{final} [{counted(cost, 'Toolkit')}]" if cost else f"{final}"
    return f"{die} {_target_words(game, region, target, final)}"


def _target_words(game, region: str, target: int, face: int | None = None) -> str:
    """Where a die goes and what it offers there: "at Basecamp on The Pocket Floor
    (difficulty 14, dice so far 6; rewards: gain 2 Minerals / 3 VP)"."""
    s, cat, board = game.state, game.catalog, game.catalog.board
    player = game.pending.player if game.pending is not None else 0
    if region == "basecamp":
        from artemis.games.project.rules.basecamp import difficulty

        card = s.cards[target]
        x = cat.by_id[card.id]
        total = sum(d.face + d.pioneers for d in card.dice)  # a Pioneer is a pip (R3)
        rewards = " / ".join(describe(r) + _laid(game, target, i)
                             for i, r in enumerate(x.rewards))
        hard, event = _with_event(game, region, lambda: difficulty(game, card))
        return (f"at Basecamp on {x.name} (difficulty {hard}{event}, dice so far {total}; "
                f"rewards: {rewards})")
    if REGION[region].stock is not None:  # the Vents, the Quarry
        stock = getattr(s, REGION[region].stock_field)
        take = (_harvest(game, region, face) if face
                else f"{_stock_words(region, stock)} there{_stock_event(game, region, stock)}")
        return f"{REGION[region].where} ({take})"
    if region == "gantry":
        g = s.gantry[target]
        tile = cat.by_id[g.tile]
        price = ""
        if face:
            from artemis.games.project.rules.gantry import price as gantry_price

            cost, event = _with_event(game, region, lambda: gantry_price(game, player, face))
            price = f"price {counted(cost, 'Mineral')}{event} if bought; "
        return f"on the Gantry, bidding for {tile.name} ({price}{_building_words(tile)})"
    if region == "doorstep":
        most = board.doorstep[face] if face else None
        from artemis.games.project.params import param

        each, event = _with_event(game, region,
                                  lambda: param(game, "doorstep_cost_per_colonist", player))
        offer = f"recruit up to {most}, " if most is not None else ""
        return f"at the Doorstep ({offer}{each} Energy each{event}; {sum(s.doorstep)} there)"
    if region == "academy":
        trains = board.academy[face] if face else None
        what = f"trains a colonist into {colonist_name(trains)}" if trains else "train a colonist"
        return f"at the Academy ({what})"
    if region == "outfitter":
        gain = board.outfitter[face] if face else None
        return "at the Outfitter" + (f" (gain {counted(gain, 'Toolkit')})" if gain else "")
    return region_name(region)


def _building_words(tile) -> str:
    """A building's slots and what it does: "slots engineer, any; ..."."""
    slots = ", ".join(getattr(tile, "slots", ()) or ()) or "none"
    return f"slots {slots}; {describe_ability(tile)}"


def _laid(game, card_index: int, reward: int) -> str:
    """What Board Setup laid on an Expedition card's reward: " (laid on it: Submarine Dock, 1
    Pioneer)", or "" when nothing is."""
    card = game.state.cards[card_index]
    parts = []
    tile = card.reward_tiles[reward] if reward < len(card.reward_tiles) else None
    if tile:
        parts.append(game.catalog.by_id[tile].name if tile in game.catalog.by_id else tile)
    if reward < len(card.reward_colonists):
        from artemis.games.project.state import TYPES

        counts = card.reward_colonists[reward]
        parts += [f"{n} {colonist_name(TYPES[t], n)}" for t, n in enumerate(counts) if n]
    return f" (laid on it: {', '.join(parts)})" if parts else ""


def _named_buildings(game, player: int, label: str) -> str:
    """``label`` with a player's buildings by name instead of their index ("Machine Shop #0",
    "building 2"): the name alone, or with "the 2nd" when the player has several of it."""
    buildings = game.state.players[player].buildings
    if "#" not in label and "building " not in label:
        return label
    by_id = game.catalog.by_id
    names = [by_id[b.tile].name for b in buildings]
    for i in range(len(buildings) - 1, -1, -1):
        name = names[i]
        same = [j for j, n in enumerate(names) if n == name]
        shown = name if len(same) == 1 else f"{name} (the {_ordinal(same.index(i) + 1)})"
        label = re.sub(rf"{re.escape(name)} #{i}\b", shown, label)
        label = re.sub(rf"\bbuilding {i}\b", shown, label)
    return label


def _ordinal(n: int) -> str:
    return f"{n}{'tsnrhtdd'[(n // 10 % 10 != 1) * (n % 10 < 4) * n % 10::4]}"


def placement_groups(actions: list, describe_action=None) -> list[dict] | None:
    """The legal placements grouped for the browser's chooser: die face rolled, then region,
    then target, then the Toolkit change (each leaf an action: id, its words and its cost);
    None when the question is not a placement. ``actions`` are `Action`s of kind "place"
    with args (rolled, final, region, target); ``describe_action(action)`` gives a leaf's
    words (default: its recorded label)."""
    if not actions or any(a.kind != "place" for a in actions):
        return None
    words = describe_action or (lambda a: a.label)
    dice: dict = {}
    for a in actions:
        rolled, final, region, target = a.args[:4]
        regions = dice.setdefault(rolled, {})
        targets = regions.setdefault(region, {})
        targets.setdefault(target, []).append({"id": a.id, "label": words(a), "final": final,
                                               "cost": abs(final - rolled),
                                               "recorded": a.label})
    return [{"die": rolled, "regions": [
        {"id": region, "name": region_name(region), "targets": [
            {"target": target, "label": _target_label(options[0]["recorded"]),
             "options": sorted(options, key=lambda o: (o["cost"], o["final"]))}
            for target, options in targets.items()]}
        for region, targets in sorted(regions.items(), key=lambda kv: REGIONS.index(kv[0]))]}
        for rolled, regions in sorted(dice.items())]


def web_choices(game, actions: list, describe_action=None) -> list[dict] | None:
    """The browser's grouped chooser (the boards part's ``web_choices``, in the kernel's
    `web_steps` shape): `placement_groups` of ``actions``, a step each for the die ("die 3"),
    the region (keyed by its id, which the board's regions carry as ``data-choice``) and the
    target; their words name no engine id, so ``game`` is not read."""
    groups = placement_groups(actions, describe_action)
    if groups is None:
        return None
    return web_steps(
        (((g["die"], f"die {g['die']}"), (r["id"], r["name"]), (t["target"], t["label"])),
         {"id": o["id"], "label": o["label"]})
        for g in groups for r in g["regions"] for t in r["targets"] for o in t["options"])


def _change(game, action) -> str:
    """A placement's Toolkit change and what the die's face then gives, for the last step:
    "as rolled: 3 (up to 3 of 11 Energy)", "3->4 for 1 Toolkit (up to 4 of 11 Energy)"."""
    rolled, final, region, target = action.args[:4]
    offer = _face_offer(game, region, target, final)
    tail = f" ({offer})" if offer else ""
    if rolled == final:
        return f"as rolled: {final}{tail}"
    return f"{rolled}->{final} for {counted(abs(final - rolled), 'Toolkit')}{tail}"


def _face_offer(game, region: str, target: int, face: int) -> str:
    """What a die of ``face`` gets at a target, where it depends on the face."""
    s, board = game.state, game.catalog.board
    player = game.pending.player if game.pending is not None else 0
    if region == "basecamp":
        from artemis.games.project.rules.basecamp import difficulty

        card = s.cards[target]
        total = sum(d.face + d.pioneers for d in card.dice) + face
        hard, event = _with_event(game, region, lambda: difficulty(game, card))
        return f"total {total} of {hard}{event}"
    if REGION[region].stock is not None:  # the Vents, the Quarry
        return _harvest(game, region, face)
    if region == "gantry":
        from artemis.games.project.rules.gantry import price

        cost, event = _with_event(game, region, lambda: price(game, player, face))
        return f"price {counted(cost, 'Mineral')}{event}"
    if region == "doorstep":
        return f"recruit up to {board.doorstep[face]}"
    if region == "academy":
        return f"trains into {colonist_name(board.academy[face])}"
    if region == "outfitter":
        return f"gain {counted(board.outfitter[face], 'Toolkit')}"
    return ""


def _stock_words(region: str, n: int) -> str:
    """``n`` of the Vents' Energy or the Quarry's Minerals: "4 Energy", "1 Mineral"."""
    item = REGION[region].stock
    return counted(n, item_name(item, 1), item_name(item, 2))


def _harvest(game, region: str, face: int) -> str:
    """What a die of ``face`` would take at the Vents or the Quarry as the region stands: the
    dice already there at or below its face lie left of it and resolve first (rulebook, The
    Placement Phase, 2. Vents, and The Resolution Phase, 2. Vents: the Exposure mechanism),
    so it takes from what they leave: "up to 3 of 11 Energy", "up to 3 of the 4 Energy left
    after the dice before it", "only 2 Energy there for your 5", "no Energy left after the
    dice before it: exposed (1 step on the Relief Track)"."""
    s = game.state
    stock = getattr(s, REGION[region].stock_field)
    change, event = _event_stock(game, region)
    stock = max(stock + change, 0)  # the region's stock is never negative (ops "stock")
    dice = getattr(s, REGION[region].dice_field)
    ahead = sum(f for _, f in dice if f <= face)
    left = max(stock - ahead, 0)
    after = " left after the dice before it" if ahead else " there"
    if left == 0:
        noun = item_name(REGION[region].stock, 2)
        return f"no {noun}{after}{event}: exposed (1 step on the Relief Track)"
    if left < face:
        return f"only {_stock_words(region, left)}{after}{event} for your {face}"
    if ahead:
        return f"up to {face} of the {_stock_words(region, left)}{after}{event}"
    return f"up to {face} of {_stock_words(region, left)}{event}"


def _pending_event(game, region: str):
    """The round's Event card when it is revealed but not yet resolved (the Placement Phase)
    and its spot comes before ``region`` on the Phase marker's path (rulebook, Game Play: each
    spot resolves just before the region after it), so it changes what a die placed there
    gets; else None."""
    from artemis.games.project.rules.rounds import RESOLUTION

    s = game.state
    if s.event is None or s.phase != "placement":
        return None
    card = game.catalog.by_id[s.event]
    spot, place = ("spot", card.when), ("region", region)
    if spot not in RESOLUTION or place not in RESOLUTION:
        return None  # an immediate Event has resolved already
    return card if RESOLUTION.index(spot) < RESOLUTION.index(place) else None


def _board_steps(card, op: str):
    """The ``op`` steps of an Event's board clauses (those without a target)."""
    return [step for clause in card.clauses if clause.target is None
            for step in clause.effect if step.op == op]


def _with_event(game, region: str, compute):
    """``compute()`` (a rule parameter's reading, e.g. a difficulty or a price) as it will be
    when a die at ``region`` resolves: with the untargeted ``modify`` of the round's pending
    Event (`_pending_event`) in force. (value, words): words " with the Event Whiteout" when
    the Event changes the value, else ""."""
    card = _pending_event(game, region)
    steps = _board_steps(card, "modify") if card is not None else []
    if not steps:
        return compute(), ""
    from artemis.games.project.catalog import Modifier

    s = game.state
    before = s.event_modifiers
    plain = compute()
    s.event_modifiers = [*before, *(
        Modifier(step.args["param"], mode, step.args[mode])
        for step in steps for mode in ("set", "add") if mode in step.args)]
    try:  # a new list, restored at once: the game's state is as it was
        value = compute()
    finally:
        s.event_modifiers = before
    return value, (f" with the Event {card.name}" if value != plain else "")


def _event_stock(game, region: str) -> tuple[int, str]:
    """How the round's pending Event (`_pending_event`) changes the Vents' or the Quarry's
    stock before the dice there take from it: (amount, words), e.g. (-4, ", after the Event
    Vent Eruption takes 4 Energy first"); (0, "") when it does not."""
    card = _pending_event(game, region)
    if card is None:
        return 0, ""
    change = sum(step.args["amount"] for step in _board_steps(card, "stock")
                 if step.args["region"] == region)
    if not change:
        return 0, ""
    verb = "takes" if change < 0 else "adds"
    return change, (f", after the Event {card.name} {verb} "
                    f"{_stock_words(region, abs(change))} first")


def _stock_event(game, region: str, stock: int) -> str:
    """What the round's pending Event leaves of a region's ``stock`` before the dice take
    from it, for the stock shown before a die is chosen: ", 3 once the Event Vent Eruption
    takes 4 Energy first"; "" when it changes nothing."""
    change, words = _event_stock(game, region)
    return f", {max(stock + change, 0)} once{words.removeprefix(', after')}" if change else ""


def _target_label(label: str) -> str:
    """The target part of a placement's label: "1 at Basecamp on The Pocket Floor" ->
    "at Basecamp on The Pocket Floor"."""
    head, _, rest = label.partition(" ")
    return rest.split(" (")[0] or label


def choice_groups(game, actions: list) -> list[ChoiceGroup] | None:
    """A placement as four short steps (`placement_groups`): the die, the region, the target
    (with what it offers), then the Toolkit change, each leaf one legal action; None for
    every other question (its list is short)."""
    groups = placement_groups(actions)
    if groups is None:
        return None
    by_id = {a.id: a for a in actions}
    out = []
    for g in groups:
        regions = []
        for r in g["regions"]:
            targets = []
            for t in r["targets"]:
                leaves = tuple(by_id[o["id"]] for o in t["options"])
                words = _target_words(game, r["id"], t["target"])
                short = tuple(_change(game, a) for a in leaves)
                targets.append(ChoiceGroup(words, leaves, short))
            regions.append(ChoiceGroup(r["name"], tuple(targets)))
        out.append(ChoiceGroup(f"die {g['die']}", tuple(regions)))
    return out


def seat_summary(game, seat: int) -> str:
    """A seat's holdings in a few words, shown to a human seat before it decides: "3 Energy, 2
    Minerals, 1 Toolkit, 4 VP; dice 2, 5"."""
    p = game.state.players[seat]
    return (f"{p.energy} Energy, {counted(p.minerals, 'Mineral')}, "
            f"{counted(p.toolkits, 'Toolkit')}, {p.vp} VP; "
            + (f"dice {', '.join(map(str, p.dice))}" if p.dice else "no dice left"))
