"""What happened in a finished game of the Project, from its log and state: the figures
`artemis simulate` and `artemis validate --simulate` report (docs/simulate.md).

Per item (`item_summary`): buildings, expeditions and events, each with whole-number
``counts`` that add up over games (staffing, cards laid out, who an Event hit); copies of one
building name their original as ``group``. Per game (`game_figures`): dice by region, Gantry
prices, Relief Track gains, who was behind after round 3 (on the track, and on the projected
score), wins by buildings held and Expeditions by difficulty; turn positions
(`turn_positions`) and the buildings each seat held (`buildings_held`, the confounder the
owners' win rates are adjusted for). `item_rates` and `figures_report` turn the summed
counts into the report's rates. What the log does not hold of the game's middle, each seat's
projected score at the start of every round (`projected_scores`), is kept during play
(`artemis.sim.task.round_watch`) and given as ``rounds``.

This module is the Project's report part (`artemis.kernel.parts.Report`): its members are the
functions and constants of those names here.
"""

from __future__ import annotations

from artemis.games.project.report_tables import (  # noqa: F401 - report_tables: a member
    STEP_LABELS,
    report_tables,
)
from artemis.games.project.rules.colonists import fully_staffed
from artemis.games.project.rules.scoring import final_scores

#: Log records that end an Event's resolution: what follows is no longer the Event's doing
#: (its clauses run as consecutive steps, before the next region or phase; rulebook, The
#: Event; R18).
_AFTER_EVENT = frozenset({"resolve", "dice_rolled", "upkeep", "board_setup", "final_scoring",
                          "start_player", "event", "placement_done"})
#: What may change who an Event hit, in its resolution (`_event_record`).
_EVENT_HITS = frozenset({"vp", "gain", "lose", "colonist_gained", "colonist_discarded"})
#: The records `log_figures` reads (the answers apart, `Log.answers`), and those it reads
#: only while an Event resolves; no other record changes a figure, and passing over them
#: spares making their dicts.
_READ = frozenset({"placed", "vp", "board_setup", "event_revealed", "event", "building_claimed",
                   "gantry_bought", "activated", "expedition", "relief", "relief_ignored",
                   "setup", "start_player"})
_IN_EVENT = (_AFTER_EVENT | _EVENT_HITS) - _READ
#: The item kinds of a report's tables, in order: (kind, title, what "taken" means, whether
#: the owners' figures are shown): the report part's ``item_sections``.
item_sections = (
    ("building", "Buildings (claimed: bought or won; owners: holders at the end, their "
     "win rate and mean VP)", "claimed", True),
    ("expedition", "Expeditions (owners: the rewarded explorers of a success, their win "
     "rate and mean VP)", "succeeded", True),
    ("event", "Events", "", False),  # a revealed event is resolved: one column says it
)
vp_parts_title = "each End of the Game step"
owner_strata_label = "buildings held"
#: each seat's projected score at the start of every round: who is behind after round 3, an
#: Event's hit seats compared within their standing (docs/simulate.md)
reads_rounds = True
#: the End of the Game steps numbered as the rulebook does, in the report's tables (its own
#: tables, `report_tables`, are in artemis.games.project.report_tables)
report_labels = STEP_LABELS
#: the owners' win rates `simulate --plot` charts: win_rate_by_building.png
report_chart_kind = "building"

#: Round after which "behind" is judged (the issue's question: does the Relief Track catch
#: players up in the second half?).
BEHIND_AFTER = 3


#: The counts every item of a kind has (0 until counted); an Event adds ``hit_<item>``.
COUNTS = {"building": ("held", "fully_staffed", "bought", "paid", "staffed_won",
                       "unstaffed_won"),
          "expedition": ("laid_out", "attempted", "succeeded"),
          "event": ("resolved", "hit", "hit_won", "hit_vp", "hit_final_vp", "rest", "rest_won",
                    "rest_final_vp")}


def projected_scores(game) -> list[int]:
    """Each seat's projected score now: its VP on the track plus what final scoring would
    give it if the game ended here (the seven steps of the End of the Game and any plugin's
    scoring items, `final_scores`: read from the state, nothing changed). The standing the
    report judges "behind" by and controls an Event's hit seats for."""
    scores = final_scores(game)
    return [p.vp + sum(scores[p.seat].values()) for p in game.state.players]


#: The bands of a seat's standing (`_standing`), by its projected score's gap to the best
#: other seat's, VP: a band's lowest gap and its name. Rank alone was too coarse: at 2
#: players it is "leader or not", and an Event that picks the seats furthest behind (fewest
#: buildings, fewest colonists) then picked seats behind by more than the rest of their rank,
#: whose win rate it was compared with (docs/balance.md).
STANDING_BANDS = ((13, "ahead 13+"), (8, "ahead 8-12"), (4, "ahead 4-7"), (1, "ahead 1-3"),
                  (0, "level"), (-3, "behind 1-3"), (-7, "behind 4-7"), (-12, "behind 8-12"))
BEHIND_FURTHEST = "behind 13+"


def _standing(projected: list[int]) -> list[str]:
    """Each seat's standing: the band (`STANDING_BANDS`) of its projected score minus the best
    other seat's ("level": tied with the best other; a lone seat is level)."""
    out = []
    for seat, mine in enumerate(projected):
        others = [v for i, v in enumerate(projected) if i != seat]
        gap = mine - max(others) if others else 0
        out.append(next((name for low, name in STANDING_BANDS if gap >= low), BEHIND_FURTHEST))
    return out


def log_figures(game, rounds: dict | None = None) -> dict:
    """What a simulation report reads of a finished game, from one pass over its log:
    {"items": `item_summary`, "positions": `turn_positions`, "strata": `buildings_held`,
    "figures": `game_figures`} (`parts.Report.report_summary`). Each record that counts is read
    once, in order, with the round it happened in (0 before the first Board Setup), the
    others passed over (`_READ`); each part is built as its own function describes.
    ``rounds`` ({round: `projected_scores` at its first decision}, kept during play; None:
    not kept) gives the figures on the projected score; without it they are left out."""
    s = game.state
    n = s.n
    by_id = game.catalog.by_id
    result = game.result or {}
    winner = result.get("winner")
    final_vp = {r["seat"]: r["vp"] for r in result.get("players", ())}
    # buildings with copies: each copy, the original too, is listed in the original's row
    copied = {b.duplicate_of for b in game.catalog.buildings if b.duplicate_of}
    items: dict = {}

    def item(item_id: str, kind: str) -> dict:
        x = items.get(item_id)
        if x is None:
            x = items[item_id] = {"kind": kind, "appeared": False, "taken": False,
                                  "owners": [], "counts": dict.fromkeys(COUNTS[kind], 0)}
            original = getattr(by_id.get(item_id), "duplicate_of", None) or item_id
            if kind == "building" and original in copied:
                x["group"] = original
        return x

    claimed_in: dict = {}  # (seat, tile) -> round claimed
    starts: dict = {}  # round -> its start player (`turn_positions`)
    seats = [{"dice": {}, "relief": {"gains": 0, "ignored": 0, "space": {}, "reward": {}},
              "gantry": {"bought": 0, "paid": 0}} for _ in range(n)]
    gantry = {"bought": 0, "paid": 0, "price": {}}
    vp_then = [0] * n
    relief_after = [0] * n
    reached = False
    event = None  # the Event being resolved: [its item, VP per seat, items moved per seat,
    #               each seat's standing at the start of its round or None]
    by_difficulty: dict = {}  # Expeditions by printed difficulty
    rewarded: list = []  # (card, round, seat): each rewarded explorer of a success (R32)
    revealed_in: dict = {}  # Event -> the round it was dealt in (`_would_be_counts`)
    rnd = 0
    wanted = set(_READ)  # read at each record: an Event's resolution adds _IN_EVENT
    for e in game.log.of_types(wanted):
        t = e["type"]
        if t == "board_setup":
            rnd = e["round"]
        if rnd > BEHIND_AFTER:
            reached = True
        if event is not None:  # its resolution runs up to the next region, phase or Event
            if t in _AFTER_EVENT:
                _event_counts(*event, n=n, winner=winner, final_vp=final_vp)
                event = None
                wanted -= _IN_EVENT
            else:
                _event_record(e, t, event[1], event[2])
        if t == "placed":
            dice = seats[e["player"]]["dice"]
            dice[e["region"]] = dice.get(e["region"], 0) + 1
        elif t == "vp":
            if rnd <= BEHIND_AFTER:
                vp_then[e["player"]] += e["amount"]
        elif t == "board_setup":
            for card in e["cards"]:
                x = item(card, "expedition")
                x["appeared"] = True
                _count(x, "laid_out")
                d = _difficulty(by_difficulty, by_id, card)
                if d is not None:
                    d["laid_out"] += 1
                    d["cards"][card] = d["cards"].get(card, 0) + 1
            for tile in (*e["gantry"], *e.get("reward_tiles", ())):
                item(tile, "building")["appeared"] = True
        elif t == "event_revealed":
            item(e["event"], "event")["appeared"] = True
            revealed_in[e["event"]] = rnd
        elif t == "event":
            x = item(e["event"], "event")
            x["taken"] = True
            projected = _projected(rounds, rnd)
            event = [x, {}, {}, _standing(projected) if projected else None]
            wanted |= _IN_EVENT
        elif t == "building_claimed":
            x = item(e["tile"], "building")
            x["appeared"] = x["taken"] = True
            claimed_in[(e["player"], e["tile"])] = rnd
        elif t == "gantry_bought":
            x = item(e["tile"], "building")
            _count(x, "bought")
            _count(x, "paid", e["price"])
            price = str(e["price"])
            gantry["bought"] += 1
            gantry["paid"] += e["price"]
            gantry["price"][price] = gantry["price"].get(price, 0) + 1
            seats[e["player"]]["gantry"]["bought"] += 1
            seats[e["player"]]["gantry"]["paid"] += e["price"]
        elif t == "activated":
            _count(item(e["tile"], "building"), "activated")
        elif t == "expedition":
            x = item(e["card"], "expedition")
            _count(x, "attempted")
            d = _difficulty(by_difficulty, by_id, e["card"])
            if d is not None:
                d["attempted"] += 1
                d["succeeded"] += bool(e["success"])
            if e["success"]:
                x["taken"] = True
                _count(x, "succeeded")
                x["owners"] = sorted({*x["owners"], *e["ranking"][:2]})
                rewarded += [(e["card"], rnd, seat) for seat in e["ranking"][:2]]
        elif t == "relief":
            r = seats[e["player"]]["relief"]
            r["gains"] += 1
            r["space"][str(e["space"])] = r["space"].get(str(e["space"]), 0) + 1
            if rnd > BEHIND_AFTER:
                relief_after[e["player"]] += 1
        elif t == "relief_ignored":
            seats[e["player"]]["relief"]["ignored"] += 1
        elif t == "setup":
            starts[1] = e["start"]
        elif t == "start_player":
            starts[rnd] = e["player"]
    if event is not None:  # the log ends inside an Event's resolution
        _event_counts(*event, n=n, winner=winner, final_vp=final_vp)
    for player, action_id in game.log.answers():  # no answer counts for anything else
        if action_id.startswith("relief_reward:"):
            r = seats[player]["relief"]
            space = action_id.split(":")[1]
            r["reward"][space] = r["reward"].get(space, 0) + 1
    last_round = s.round
    standing_in: dict = {}  # round -> each seat's standing at its start (`_standing`)
    claims: list = []  # (row, the claimer's standing then, won, item) per building held
    for p in s.players:
        for b in p.buildings:
            x = item(b.tile, "building")
            x["appeared"] = True
            x["owners"].append(p.seat)
            if result and (p.seat, b.tile) in claimed_in:
                band = _claim_standing(claimed_in[(p.seat, b.tile)], p.seat, rounds,
                                       standing_in)
                if band is not None:
                    claims.append((x.get("group", b.tile), band, int(p.seat == winner), x))
            tile = by_id[b.tile]
            _count(x, "held")
            full = fully_staffed(tile.slots, b.staff)
            _count(x, "fully_staffed", int(full))
            # the holder's win, staffed against unstaffed copies (`item_rates`)
            _count(x, "staffed_won" if full else "unstaffed_won", int(p.seat == winner))
            if tile.upkeep:
                since = claimed_in.get((p.seat, b.tile), 1)
                _count(x, "upkeep_rounds", max(0, last_round - since + 1))
                x["counts"].setdefault("activated", 0)
    positions: dict = {}
    if starts:
        first, final = starts[min(starts)], starts[max(starts)]
        positions = {"first_round": [(seat - first) % n for seat in range(n)],
                     "final_round": [(seat - final) % n for seat in range(n)],
                     "starts": [sum(1 for v in starts.values() if v == seat)
                                for seat in range(n)]}
    if reached and result:
        final = {r["seat"]: r["vp"] for r in result["players"]}
        _behind(seats, "after_round_3", vp_then, relief_after, final, result["winner"])
        # the same on the projected score at the start of round 4 (its first decision)
        projected = _projected(rounds, BEHIND_AFTER + 1)
        if projected:
            _behind(seats, "after_round_3_projected", projected, relief_after, final,
                    result["winner"])
    _claim_counts(claims)
    # an Expedition's rewards, tested as a building's claims are: against the other
    # Expeditions' rewards of the game, within each explorer's standing at its round's start
    rewards: list = []
    for card, claimed, seat in rewarded if result else ():
        band = _claim_standing(claimed, seat, rounds, standing_in)
        if band is not None:
            rewards.append((card, band, int(seat == winner), items[card]))
    _claim_counts(rewards)
    if result:
        _would_be_counts(rounds, revealed_in, item, winner, standing_in)
    held = buildings_held(game)
    if result:
        for seat in range(n):
            seats[seat]["buildings_held"] = {str(held[seat]): {"seats": 1,
                                                               "won": int(seat == winner)}}
        # the seats with the most Relief Track gains (rulebook, The Relief Track): do they
        # win as often as a seat at random? (a game where nobody gained adds nothing)
        gains = [seats[seat]["relief"]["gains"] for seat in range(n)]
        if max(gains) > 0:
            for seat in range(n):
                if gains[seat] == max(gains):
                    seats[seat]["most_relief"] = {"seats": 1, "won": int(seat == winner)}
    game_tree = {"gantry": gantry}
    if by_difficulty:
        game_tree["expeditions"] = by_difficulty
    return {"items": items, "positions": positions, "strata": held,
            "figures": {"game": game_tree, "seats": seats}}


def _would_be_counts(rounds: dict | None, revealed_in: dict, item, winner,
                     standing_in: dict) -> None:
    """Count each targeted Event (`targeted_events`) against the seats it would have hit: in a
    game where it was dealt, in round r, the seats its targets picked at round r's first
    decision are its "hit" side; in a game where it was not dealt, the seats they picked at
    each round's first decision are its "rest" side of that round (`event_picks`, kept in
    ``rounds``, `round_figures`); each within the round and the standing (`_standing`) at the
    start of the round before, "start" in round 1: ``counts["would_be"]["round N: band"] =
    {hit, hit_won, rest, rest_won}``. The Event dealt in a round is the shuffled deck's
    (rulebook, Setup), so the two sides differ only by the card; the standing of the round
    before, not of the Event's round, is read before the card could move it. Compared with
    the seats of its own games it missed, its targets, who the count picks apart, look weak
    or strong whatever the card does (docs/simulate.md, "Events against the seats they would
    have hit"). Games whose rounds were not kept count nothing; ``standing_in`` is
    `_round_standing`'s."""
    kept = sorted(r for r, figures in (rounds or {}).items()
                  if isinstance(figures, dict) and figures.get("picks"))
    for event in sorted({e for r in kept for e in rounds[r]["picks"]}):
        dealt = revealed_in.get(event)
        side = "rest" if dealt is None else "hit"
        for rnd in kept if dealt is None else [dealt]:
            picks = (rounds.get(rnd) or {}).get("picks", {}).get(event)
            before = None if rnd <= 1 else _round_standing(rounds, rnd - 1, standing_in)
            if picks is None or (rnd > 1 and before is None):
                continue
            cells = item(event, "event")["counts"].setdefault("would_be", {})
            for seat in picks:
                band = "start" if before is None else before[seat]
                cell = cells.setdefault(f"round {rnd}: {band}",
                                        {"hit": 0, "hit_won": 0, "rest": 0, "rest_won": 0})
                cell[side] += 1
                cell[f"{side}_won"] += int(seat == winner)


def _behind(seats: list, key: str, then: list[int], relief_after: list[int], final: dict,
            winner: int) -> None:
    """Each seat's ``key`` figure: ``behind`` (fewer points ``then`` than the leader) or
    ``level``, with its win, Relief Track gains after, and its gaps then and at the end."""
    lead, best = max(then), max(final.values())
    for seat in range(len(seats)):
        side = "behind" if then[seat] < lead else "level"
        with_relief = int(relief_after[seat] > 0)
        won = int(seat == winner)
        seats[seat][key] = {side: {
            "seats": 1, "won": won, "relief": relief_after[seat],
            "with_relief": with_relief, "with_relief_won": with_relief * won,
            "gap": lead - then[seat], "final_gap": best - final[seat]}}


def _difficulty(by_difficulty: dict, by_id, card: str) -> dict | None:
    """The counts of the printed difficulty of Expedition ``card`` (None for a card without
    one)."""
    level = getattr(by_id.get(card), "difficulty", None)
    if level is None:
        return None
    return by_difficulty.setdefault(str(level), {"laid_out": 0, "attempted": 0,
                                                 "succeeded": 0, "cards": {}})


def _count(x: dict, name: str, n: int = 1) -> None:
    x["counts"][name] = x["counts"].get(name, 0) + n


def item_summary(game, rounds: dict | None = None) -> dict:
    """The Project's items of a finished game, {id: {kind, appeared, taken, owners[, group],
    counts}} (`log_figures` reads them with the rest):

    - building: appeared on the Gantry or as an Expedition reward; taken = claimed by anyone
      (bought or won); owners = the seats holding it at the end; ``group`` the original of a
      building that has copies (``duplicate_of``), for the original and each copy; counts:
      ``held`` (at the end), ``fully_staffed`` (of those, every slot filled at the end:
      rulebook, fully staffed; R31), ``bought`` and ``paid``
      (Gantry purchases and the price paid), and for a tile with an Upkeep effect
      ``upkeep_rounds`` (rounds held, from the round it was claimed) and ``activated`` (R33);
    - expedition: drawn onto Basecamp; taken = succeeded at least once; owners = the players
      rewarded (the first two of a success, R32); counts: ``laid_out`` (rounds the card lay
      on Basecamp), ``attempted`` (resolved with explorers) and ``succeeded``;
    - event: revealed; taken = resolved; no owners; counts: ``resolved``, ``hit`` (seats the
      Event changed: a gain, loss, VP or colonist of its own resolution), ``hit_won``,
      ``hit_vp`` (the VP it moved), ``hit_<item>`` (the Energy, Minerals, Toolkits, badges,
      colonists it moved, net), ``hit_final_vp``; ``rest``, ``rest_won``, ``rest_final_vp``
      for the other seats of those games."""
    return log_figures(game, rounds)["items"]


def _event_record(e: dict, t: str, vp: dict, moved: dict) -> None:
    """Add a record of an Event's resolution (one before the next region, phase or Event:
    `_AFTER_EVENT`) to who it changed: ``vp`` and ``moved`` by seat."""
    seat = e.get("player")
    if seat is None:
        return
    if t == "vp":
        vp[seat] = vp.get(seat, 0) + e["amount"]
    elif t in ("gain", "lose"):
        sign = 1 if t == "gain" else -1
        bucket = moved.setdefault(seat, {})
        bucket[e["item"]] = bucket.get(e["item"], 0) + sign * e["amount"]
    elif t in ("colonist_gained", "colonist_discarded"):
        bucket = moved.setdefault(seat, {})
        bucket["colonists"] = bucket.get("colonists", 0) + (1 if t == "colonist_gained"
                                                            else -1)
    else:
        return
    vp.setdefault(seat, 0)


def _event_counts(x, vp, moved, standing, n, winner, final_vp) -> None:
    """Count who the Event ``x`` changed, and how, once its resolution is read (``vp`` and
    ``moved`` by seat, `_event_record`), and, with each seat's ``standing`` at the start of
    the Event's round (None: not kept), the hit seats and the rest within each standing:
    ``counts["standing"][band] = {hit, hit_won, rest, rest_won}`` (`STANDING_BANDS`)."""
    _count(x, "resolved")
    for seat in range(n):
        won = int(seat == winner)
        if standing is not None:
            cell = x["counts"].setdefault("standing", {}).setdefault(
                str(standing[seat]), {"hit": 0, "hit_won": 0, "rest": 0, "rest_won": 0})
            side = "hit" if seat in vp else "rest"
            cell[side] += 1
            cell[f"{side}_won"] += won
        if seat in vp:
            _count(x, "hit")
            _count(x, "hit_won", won)
            _count(x, "hit_vp", vp[seat])
            _count(x, "hit_final_vp", final_vp.get(seat, 0))
            for name, amount in moved.get(seat, {}).items():
                _count(x, f"hit_{name}", amount)
        else:
            _count(x, "rest")
            _count(x, "rest_won", won)
            _count(x, "rest_final_vp", final_vp.get(seat, 0))


def _claim_standing(claimed: int, seat: int, rounds, standing_in: dict) -> str | None:
    """The stratum of a claim in round ``claimed`` by ``seat``: "round N: " and the seat's
    standing (`_standing`) at the round's start (``rounds``: the projected scores kept during
    play; ``standing_in`` keeps each round's), or None without them or for a claim before
    round 1. The round too, not the standing alone: a standing late in the game says more of
    who wins than the same standing early, and the tiles come in rounds (the Ocean tiles
    nearly all claimed in rounds 1-3, the Surface tiles from round 4), so claims of other
    rounds are not compared (docs/simulate.md, "Buildings and Expeditions at their
    claim")."""
    standing = _round_standing(rounds, claimed, standing_in)
    return None if standing is None else f"round {claimed}: {standing[seat]}"


def _round_standing(rounds, rnd: int, standing_in: dict) -> list[str] | None:
    """Each seat's standing (`_standing`) at round ``rnd``'s first decision, from the
    projected scores kept then (``rounds``), or None when none were; kept in ``standing_in``
    ({round: standing}) so that a game's claims and Events read each round once."""
    standing = standing_in.get(rnd)
    if standing is None:
        projected = _projected(rounds, rnd)
        if not projected:
            return None
        standing = standing_in[rnd] = _standing(projected)
    return standing


def _claim_counts(claims: list) -> None:
    """Count each row claimed in a game against the game's other claims of its kind, within
    the round each was claimed in and the claimer's standing at its start (``claims``: (row,
    stratum, won, item), all of one kind, the stratum `_claim_standing`'s: per building held
    at the end that its holder claimed in a round with a kept standing, or per rewarded
    explorer of an Expedition's success, R32): ``counts["at_claim"][stratum] = {held,
    held_won, rest, rest_won}``,
    "held" the row's claims, "rest" the other rows' claims of the same game, each claim once
    (copies of one building are one row; the cells go to the first copy's item, and the
    report adds copies up). Compared with other claims, not with every seat: holding any
    building (or a success's reward) adds VP, so against seats that took none every tile
    or card looks strong; compared within the round and the standing the claimer had when it
    took it, not the buildings held at the end, which the tiles partly caused
    (docs/simulate.md, "Buildings and Expeditions at their claim")."""
    first: dict = {}
    for row, _, _, x in claims:
        first.setdefault(row, x)
    for row, x in first.items():
        cells = x["counts"].setdefault("at_claim", {})
        for other, band, won, _ in claims:
            cell = cells.setdefault(str(band), {"held": 0, "held_won": 0, "rest": 0,
                                                "rest_won": 0})
            side = "held" if other == row else "rest"
            cell[side] += 1
            cell[f"{side}_won"] += won


def turn_positions(game) -> dict:
    """Each seat's turn position, 0 the start player, then clockwise (R35): ``first_round``
    (the game's first order), ``final_round`` (the last round's order) and ``starts`` (the
    rounds a seat was the start player). From the log's ``setup`` and ``start_player``
    (`log_figures`)."""
    return log_figures(game)["positions"]


def buildings_held(game) -> list[int]:
    """Buildings each seat holds at the end: the stratum of the adjusted owners' win rate
    (owning more buildings goes with winning, whichever they are)."""
    return [len(p.buildings) for p in game.state.players]


def game_figures(game, rounds: dict | None = None) -> dict:
    """A finished game's figures, {"game": {...}, "seats": [{...} per seat]}, whole numbers
    (`log_figures`):

    - game ``gantry``: {bought, paid, price: {price: purchases}} (rulebook, The Gantry);
    - seat ``dice``: {region: dice placed} (rulebook, Placement);
    - seat ``relief``: {gains, ignored, space: {space reached: gains}, reward: {space whose
      reward was taken: times}} (rulebook, The Relief Track; R11);
    - seat ``gantry``: {bought, paid};
    - seat ``after_round_3`` (games that reach round 4): ``behind`` or ``level`` (behind: fewer
      VP on the track than the leader at the end of round 3), each {seats, won, relief
      (Relief Track gains in the rounds after), with_relief (seats with any), with_relief_won,
      gap (VP behind the leader then), final_gap (VP behind the winner at the end)}."""
    return log_figures(game, rounds)["figures"]


def _rate(part, whole):
    return round(part / whole, 4) if whole else None


def item_rates(kind: str, counts: dict, games: int) -> dict:
    """The rates of an item's summed ``counts`` (see `item_summary`): a building's
    ``fully_staffed_rate`` (of the copies held at the end), ``active_rate`` (rounds activated
    of the rounds held, Upkeep tiles) and ``mean_price``; an expedition's
    ``success_per_laid_out`` (with its Wilson interval), ``success_per_attempt`` and
    ``at_claim`` (its rewarded explorers against the other Expeditions' of their games, as a
    building's claims; the report's q and flagged are over the Expeditions); an
    Event's per hit seat ``hit_mean_vp`` (the VP it moved), ``hit_mean`` (each item it
    moved), and the hit seats' and the rest's final VP and win rate. A building's
    ``staffed_win_rate`` and ``unstaffed_win_rate`` (with Wilson intervals): the share of its
    copies held at the end, fully staffed or not, whose holder won; its ``at_claim``: its
    claims' win against the other claims of their games, within the claimers' standing at
    the start of the round each claimed (`_claim_counts`), by Mantel-Haenszel {strata,
    odds_ratio, chi2, p} (the report adds q and flagged over the buildings), or None. An
    Event's
    ``adjusted`` (which the report moves into the row's own ``adjusted``): its hit seats' win
    against the rest's within each standing at the start of its round (`_standing`: the band,
    `STANDING_BANDS`, of the seat's projected score minus the best other seat's, "level" or
    "ahead"/"behind" by 1-3, 4-7, 8-12 or 13+ VP), pooled by Mantel-Haenszel {strata,
    odds_ratio, chi2, p}, or None when no standing was kept or none informs; the same test
    as ``within_standing``, whose q and flagged the report gives over the Events alone (the
    family issue 28's bar reads for an Event that picks no one apart, as it reads the
    buildings' and Expeditions' ``at_claim``; ``adjusted``'s q is over every row the report
    tests); ``would_be``, for an Event that picks players by a count (`targeted_events`), its
    picked seats against the seats it would have picked in the games it was not dealt
    (`_would_be_counts`), {strata, odds_ratio, chi2, p} or None; and ``card_test``, the flags
    bar's test of the Event, ``would_be`` for such an Event and ``within_standing`` for the
    others, with ``control`` naming which (the report's q and flagged over the Events)."""
    from artemis.sim.significance import mantel_haenszel, wilson

    c = counts
    if kind == "building":
        staffed, unstaffed = c.get("fully_staffed", 0), c.get("held", 0) - c.get("fully_staffed", 0)
        return {"fully_staffed_rate": _rate(c.get("fully_staffed", 0), c.get("held", 0)),
                "active_rate": _rate(c.get("activated", 0), c.get("upkeep_rounds", 0)),
                "mean_price": _rate(c.get("paid", 0), c.get("bought", 0)),
                "staffed_win_rate": _rate(c.get("staffed_won", 0), staffed),
                "staffed_win_rate_ci": wilson(c.get("staffed_won", 0), staffed),
                "unstaffed_win_rate": _rate(c.get("unstaffed_won", 0), unstaffed),
                "unstaffed_win_rate_ci": wilson(c.get("unstaffed_won", 0), unstaffed),
                "at_claim": _standing_test(c.get("at_claim"), mantel_haenszel, "held")}
    if kind == "expedition":
        return {"success_per_laid_out": _rate(c.get("succeeded", 0), c.get("laid_out", 0)),
                "success_per_laid_out_ci": wilson(c.get("succeeded", 0), c.get("laid_out", 0)),
                "success_per_attempt": _rate(c.get("succeeded", 0), c.get("attempted", 0)),
                "at_claim": _standing_test(c.get("at_claim"), mantel_haenszel, "held")}
    if kind == "event":
        hit, rest = c.get("hit", 0), c.get("rest", 0)
        test = _standing_test(c.get("standing"), mantel_haenszel)
        moved = {k[4:]: _rate(v, hit) for k, v in sorted(c.items())
                 if k.startswith("hit_") and k not in ("hit_won", "hit_vp", "hit_final_vp")}
        would_be = _standing_test(c.get("would_be"), mantel_haenszel)
        # the flags bar's test: a targeted Event's against the seats it would have hit, the
        # others' within standing (docs/simulate.md, "Events against the seats they would
        # have hit")
        control = "would_be" if "would_be" in c else "within_standing"
        card = would_be if control == "would_be" else test
        return {"hit_mean_vp": _rate(c.get("hit_vp", 0), hit), "hit_mean": moved,
                "hit_final_vp": _rate(c.get("hit_final_vp", 0), hit),
                "hit_win_rate": _rate(c.get("hit_won", 0), hit),
                "hit_win_rate_ci": wilson(c.get("hit_won", 0), hit),
                "rest_final_vp": _rate(c.get("rest_final_vp", 0), rest),
                "rest_win_rate": _rate(c.get("rest_won", 0), rest),
                "rest_win_rate_ci": wilson(c.get("rest_won", 0), rest),
                "adjusted": test,
                "within_standing": None if test is None else dict(test),
                "would_be": would_be,
                "card_test": None if card is None else {**card, "control": control}}
    return {}


def _standing_test(standing: dict | None, mantel_haenszel, side: str = "hit") -> dict | None:
    """An Event's hit seats (``side`` "hit", `_event_counts`), or a building's holders
    ("held", `_claim_counts`), against the rest within each standing, by Mantel-Haenszel:
    {strata, odds_ratio, chi2, p} or None."""
    if not standing:
        return None
    test = mantel_haenszel((x[f"{side}_won"], x[side] - x[f"{side}_won"], x["rest_won"],
                            x["rest"] - x["rest_won"]) for _, x in sorted(standing.items()))
    if test is None:
        return None
    return {"strata": len(standing), **test}


def figures_report(figures: dict, games: int, bots: list[str]) -> dict:
    """The report's ``figures`` from the summed `game_figures` (``figures``: {"game": ...,
    "by_bot": {kind: ...}}) over ``games`` finished games with seats played by ``bots``:
    ``dice_by_region`` ({kind: {region: {dice, share}}}, "all" for every seat),
    ``gantry`` ({bought, paid, mean_price, per_game, prices: [[price, purchases]]}),
    ``relief`` ({kind: {gains, per_seat, ignored, space, reward}}), ``after_round_3``
    ({behind, level}: {seats, wins, win_rate, win_rate_ci, mean_relief, mean_gap,
    mean_final_gap, with_relief: {seats, wins, win_rate}, without_relief: {...}}) and
    ``after_round_3_projected`` (the same, behind judged on the projected score), and
    ``win_rate_by_buildings`` ([{buildings, seats, wins, win_rate, win_rate_ci, adjusted}], by
    buildings held at the end, ``adjusted`` its flag, `_flag_chart_rows`), ``most_relief``
    ({seats, wins, win_rate, win_rate_ci, at_random}: the seats with a game's most Relief
    Track gains, tied ones each, and how often they won; ``at_random`` a seat's share, 1/N)
    and ``expeditions_by_difficulty`` ([{difficulty, cards,
    laid_out, attempted, succeeded, success_per_laid_out, success_per_laid_out_ci,
    success_per_attempt}], ``cards`` the ids laid out)."""
    from artemis.sim.report import add_tree
    from artemis.sim.significance import wilson

    by_bot = figures.get("by_bot", {})
    everyone: dict = {}
    for tree in by_bot.values():
        add_tree(everyone, tree)

    def dice(tree: dict) -> dict:
        d = tree.get("dice", {})
        total = sum(d.values())
        return {r: {"dice": v, "share": _rate(v, total)}
                for r, v in sorted(d.items(), key=lambda kv: -kv[1])}

    gantry = figures.get("game", {}).get("gantry", {})
    out = {
        "dice_by_region": {**{k: dice(t) for k, t in by_bot.items()}, "all": dice(everyone)},
        "gantry": {"bought": gantry.get("bought", 0), "paid": gantry.get("paid", 0),
                   "mean_price": _rate(gantry.get("paid", 0), gantry.get("bought", 0)),
                   "per_game": _rate(gantry.get("bought", 0), games),
                   "prices": sorted([int(p), c] for p, c in gantry.get("price", {}).items())},
        "relief": {},
        "after_round_3": {},
        "after_round_3_projected": {},
        "win_rate_by_buildings": [
            {"buildings": int(k), "seats": v["seats"], "wins": v["won"],
             "win_rate": _rate(v["won"], v["seats"]), "win_rate_ci": wilson(v["won"], v["seats"])}
            for k, v in sorted(everyone.get("buildings_held", {}).items(),
                               key=lambda kv: int(kv[0]))],
        "expeditions_by_difficulty": [
            {"difficulty": int(k), "cards": sorted(v.get("cards", {})),
             "laid_out": v["laid_out"], "attempted": v["attempted"], "succeeded": v["succeeded"],
             "success_per_laid_out": _rate(v["succeeded"], v["laid_out"]),
             "success_per_laid_out_ci": wilson(v["succeeded"], v["laid_out"]),
             "success_per_attempt": _rate(v["succeeded"], v["attempted"])}
            for k, v in sorted(figures.get("game", {}).get("expeditions", {}).items(),
                               key=lambda kv: int(kv[0]))],
    }
    for k, t in {**by_bot, "all": everyone}.items():
        r = t.get("relief", {})
        seats = games * (len(bots) if k == "all" else bots.count(k))
        out["relief"][k] = {"gains": r.get("gains", 0), "per_seat": _rate(r.get("gains", 0),
                                                                          seats),
                            "ignored": r.get("ignored", 0),
                            "space": sorted([int(s), c] for s, c in r.get("space", {}).items()),
                            "reward": sorted([int(s), c] for s, c in
                                             r.get("reward", {}).items())}
    for key in ("after_round_3", "after_round_3_projected"):
        out[key] = _behind_report(everyone.get(key, {}))
    most = everyone.get("most_relief", {})
    seats, won = most.get("seats", 0), most.get("won", 0)
    out["most_relief"] = {"seats": seats, "wins": won, "win_rate": _rate(won, seats),
                          "win_rate_ci": wilson(won, seats),
                          "at_random": _rate(1, len(bots)) if bots else None}
    _flag_chart_rows(out["win_rate_by_buildings"], by_bot)
    return out


def _flag_chart_rows(rows: list[dict], by_bot: dict) -> None:
    """Flag the rows of the building chart like the items (rulebook, End of the Game: the
    buildings chart): each row's seats (holding that many buildings at the end) against the
    other seats of the same bot kind, pooled over bot kinds by Mantel-Haenszel, the rows'
    p-values through Benjamini-Hochberg at FDR 5% (a family of their own: a row is a count,
    not an item a card or rule can fix alone). Adds ``adjusted`` {odds_ratio, p, q, flagged}
    to each row (q and flagged None where no table informs)."""
    from artemis.sim.report import FDR
    from artemis.sim.significance import benjamini_hochberg, mantel_haenszel

    kinds = {k: t.get("buildings_held", {}) for k, t in by_bot.items()}
    totals = {k: (sum(v["seats"] for v in h.values()), sum(v["won"] for v in h.values()))
              for k, h in kinds.items()}
    for row in rows:
        key = str(row["buildings"])
        tables = []
        for k, h in kinds.items():
            cell = h.get(key, {"seats": 0, "won": 0})
            seats, won = totals[k]
            tables.append((cell["won"], cell["seats"] - cell["won"], won - cell["won"],
                           seats - cell["seats"] - (won - cell["won"])))
        test = mantel_haenszel(tables)
        row["adjusted"] = {"odds_ratio": test["odds_ratio"] if test else None,
                           "p": test["p"] if test else None, "q": None, "flagged": None}
    tested = [r for r in rows if r["adjusted"]["p"] is not None]
    for r, q in zip(tested, benjamini_hochberg([r["adjusted"]["p"] for r in tested]),
                    strict=True):
        r["adjusted"]["q"] = q
        r["adjusted"]["flagged"] = q <= FDR


def _behind_report(after: dict) -> dict:
    """{behind, level} of a summed after-round-3 tree (`_behind`)."""
    from artemis.sim.significance import wilson

    out = {}
    for side in ("behind", "level"):
        a = after.get(side, {})
        seats, won = a.get("seats", 0), a.get("won", 0)
        wr, wrw = a.get("with_relief", 0), a.get("with_relief_won", 0)
        out[side] = {
            "seats": seats, "wins": won, "win_rate": _rate(won, seats),
            "win_rate_ci": wilson(won, seats), "mean_relief": _rate(a.get("relief", 0), seats),
            "mean_gap": _rate(a.get("gap", 0), seats),
            "mean_final_gap": _rate(a.get("final_gap", 0), seats),
            "with_relief": {"seats": wr, "wins": wrw, "win_rate": _rate(wrw, wr)},
            "without_relief": {"seats": seats - wr, "wins": won - wrw,
                               "win_rate": _rate(won - wrw, seats - wr)}}
    return out


owner_strata = buildings_held


def report_items(catalog) -> list[tuple[str, str, str, str]]:
    """Every building (copies in their original's row), expedition and event of the catalog,
    as (id, kind, display name, pack id) (simulation reports)."""
    return ([(b.id, "building", b.name, b.pack) for b in catalog.buildings
             if not b.duplicate_of]  # a copy is counted in its original's row
            + [(x.id, "expedition", x.name, x.pack) for x in catalog.expeditions]
            + [(e.id, "event", e.name, e.pack) for e in catalog.events])


def round_figures(game) -> dict:
    """What the report keeps of a round at its first decision: {"projected": each seat's
    projected score (`projected_scores`), "picks": `event_picks`}. ``projected`` is None when
    a plugin's scoring item cannot be read mid-game (one written for the end of the game may
    raise here), and ``picks`` {} when a plugin's count cannot: the figures on them leave that
    round out, and the game plays on as it would without them."""
    try:
        projected = projected_scores(game)
    except Exception:  # noqa: BLE001 - a report's figure must never stop a game
        projected = None
    try:
        picks = event_picks(game)
    except Exception:  # noqa: BLE001 - as above
        picks = {}
    return {"projected": projected, "picks": picks}


def targeted_events(catalog) -> list[tuple[str, list]]:
    """The Events whose clauses pick players by a count (``players_with_fewest`` or
    ``players_with_most`` a quantity, rulebook, The Event; R19), as [(event id, [the clauses'
    targets])]: the Events the report sets against the seats they would have hit
    (`_would_be_counts`). An Event of ``each_player`` or board clauses picks no one apart."""
    out = []
    for e in catalog.events:
        picked = [c.target for c in e.clauses
                  if c.target is not None and not isinstance(c.target, str)]
        if picked:
            out.append((e.id, picked))
    return out


def event_picks(game) -> dict[str, list[int]]:
    """{event id: the seats its targets pick now, ascending} for each `targeted_events` Event
    of the game's content, whether or not it is in this game's deck: who it would hit if it
    resolved now (the union of its clauses' targets; `ops.targets`)."""
    from artemis.games.project.ops import targets

    return {event: sorted({seat for target in picked for seat in targets(game, target)})
            for event, picked in targeted_events(game.catalog)}


def _projected(rounds: dict | None, rnd: int) -> list[int] | None:
    """The projected scores kept at round ``rnd``'s first decision (`round_figures`), or
    None."""
    kept = (rounds or {}).get(rnd)
    return kept.get("projected") if kept else None


def report_summary(game, rounds: dict | None = None) -> dict:
    """`artemis.kernel.parts.Report.report_summary`: the result rows' steps and the log's
    figures from one pass over the log (`log_figures`)."""
    return {"steps": [dict(row.get("steps", {})) for row in game.result["players"]],
            **log_figures(game, rounds)}


def scoring_model(catalog, players: int) -> dict | None:
    """The packs' ``scoring_model.yaml`` (`artemis.games.project.scoring_model`): the base
    game's, or a fan pack's in its place, at ``players``. Raises ContentError for a model file
    with problems."""
    from artemis.games.project.scoring_model import expected_at, load_model

    return expected_at(load_model((p.id, p.root) for p in catalog.packs), players)
