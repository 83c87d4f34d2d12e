"""What happened in a finished game of the Project, from its log and state: the figures
`artemis simulate` and `artemis validate --simulate` report (docs/simulate.md).

Per item (`item_summary`): buildings, expeditions and events, each with whole-number
``counts`` that add up over games (staffing, cards laid out, who an Event hit); copies of one
building name their original as ``group``. Per game (`game_figures`): dice by region, Gantry
prices paid, Relief Track gains and who was behind after round 3; turn positions
(`turn_positions`) and the buildings each seat held (`buildings_held`, the confounder the
owners' win rates are adjusted for). `item_rates` and `figures_report` turn the summed
counts into the report's rates.
"""

from __future__ import annotations

from artemis.games.project.rules.colonists import fully_staffed

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
#: Round after which "behind" is judged (the issue's question: does the Relief Track catch
#: players up in the second half?).
BEHIND_AFTER = 3


#: The counts every item of a kind has (0 until counted); an Event adds ``hit_<item>``.
COUNTS = {"building": ("held", "fully_staffed", "bought", "paid"),
          "expedition": ("laid_out", "attempted", "succeeded"),
          "event": ("resolved", "hit", "hit_won", "hit_vp", "hit_final_vp", "rest", "rest_won",
                    "rest_final_vp")}


def log_figures(game) -> dict:
    """What a simulation report reads of a finished game, from one pass over its log:
    {"items": `item_summary`, "positions": `turn_positions`, "strata": `buildings_held`,
    "figures": `game_figures`} (`Ruleset.report_summary`). Each record that counts is read
    once, in order, with the round it happened in (0 before the first Board Setup), the
    others passed over (`_READ`); each part is built as its own function describes."""
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
    event = None  # the Event being resolved: [its item, VP per seat, items moved per seat]
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
                _event_counts(*event, n, winner, final_vp)
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
            for tile in (*e["gantry"], *e.get("reward_tiles", ())):
                item(tile, "building")["appeared"] = True
        elif t == "event_revealed":
            item(e["event"], "event")["appeared"] = True
        elif t == "event":
            x = item(e["event"], "event")
            x["taken"] = True
            event = [x, {}, {}]
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
            if e["success"]:
                x["taken"] = True
                _count(x, "succeeded")
                x["owners"] = sorted({*x["owners"], *e["ranking"][:2]})
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
        _event_counts(*event, n, winner, final_vp)
    for player, action_id in game.log.answers():  # no answer counts for anything else
        if action_id.startswith("relief_reward:"):
            r = seats[player]["relief"]
            space = action_id.split(":")[1]
            r["reward"][space] = r["reward"].get(space, 0) + 1
    last_round = s.round
    for p in s.players:
        for b in p.buildings:
            x = item(b.tile, "building")
            x["appeared"] = True
            x["owners"].append(p.seat)
            tile = by_id[b.tile]
            _count(x, "held")
            _count(x, "fully_staffed", int(fully_staffed(tile.slots, b.staff)))
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
        lead, best = max(vp_then), max(final.values())
        for seat in range(n):
            side = "behind" if vp_then[seat] < lead else "level"
            with_relief = int(relief_after[seat] > 0)
            won = int(seat == result["winner"])
            seats[seat]["after_round_3"] = {side: {
                "seats": 1, "won": won, "relief": relief_after[seat],
                "with_relief": with_relief, "with_relief_won": with_relief * won,
                "gap": lead - vp_then[seat], "final_gap": best - final[seat]}}
    return {"items": items, "positions": positions, "strata": buildings_held(game),
            "figures": {"game": {"gantry": gantry}, "seats": seats}}


def _count(x: dict, name: str, n: int = 1) -> None:
    x["counts"][name] = x["counts"].get(name, 0) + n


def item_summary(game) -> dict:
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
    return log_figures(game)["items"]


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


def _event_counts(x, vp, moved, n, winner, final_vp) -> None:
    """Count who the Event ``x`` changed, and how, once its resolution is read (``vp`` and
    ``moved`` by seat, `_event_record`)."""
    _count(x, "resolved")
    for seat in range(n):
        won = int(seat == winner)
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


def game_figures(game) -> dict:
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
    return log_figures(game)["figures"]


def _rate(part, whole):
    return round(part / whole, 4) if whole else None


def item_rates(kind: str, counts: dict, games: int) -> dict:
    """The rates of an item's summed ``counts`` (see `item_summary`): a building's
    ``fully_staffed_rate`` (of the copies held at the end), ``active_rate`` (rounds activated
    of the rounds held, Upkeep tiles) and ``mean_price``; an expedition's
    ``success_per_laid_out`` (with its Wilson interval) and ``success_per_attempt``; an
    Event's per hit seat ``hit_mean_vp`` (the VP it moved), ``hit_mean`` (each item it
    moved), and the hit seats' and the rest's final VP and win rate."""
    from artemis.sim.significance import wilson

    c = counts
    if kind == "building":
        return {"fully_staffed_rate": _rate(c.get("fully_staffed", 0), c.get("held", 0)),
                "active_rate": _rate(c.get("activated", 0), c.get("upkeep_rounds", 0)),
                "mean_price": _rate(c.get("paid", 0), c.get("bought", 0))}
    if kind == "expedition":
        return {"success_per_laid_out": _rate(c.get("succeeded", 0), c.get("laid_out", 0)),
                "success_per_laid_out_ci": wilson(c.get("succeeded", 0), c.get("laid_out", 0)),
                "success_per_attempt": _rate(c.get("succeeded", 0), c.get("attempted", 0))}
    if kind == "event":
        hit, rest = c.get("hit", 0), c.get("rest", 0)
        moved = {k[4:]: _rate(v, hit) for k, v in sorted(c.items())
                 if k.startswith("hit_") and k not in ("hit_won", "hit_vp", "hit_final_vp")}
        return {"hit_mean_vp": _rate(c.get("hit_vp", 0), hit), "hit_mean": moved,
                "hit_final_vp": _rate(c.get("hit_final_vp", 0), hit),
                "hit_win_rate": _rate(c.get("hit_won", 0), hit),
                "hit_win_rate_ci": wilson(c.get("hit_won", 0), hit),
                "rest_final_vp": _rate(c.get("rest_final_vp", 0), rest),
                "rest_win_rate": _rate(c.get("rest_won", 0), rest),
                "rest_win_rate_ci": wilson(c.get("rest_won", 0), rest)}
    return {}


def figures_report(figures: dict, games: int, bots: list[str]) -> dict:
    """The report's ``figures`` from the summed `game_figures` (``figures``: {"game": ...,
    "by_bot": {kind: ...}}) over ``games`` finished games with seats played by ``bots``:
    ``dice_by_region`` ({kind: {region: {dice, share}}}, "all" for every seat),
    ``gantry`` ({bought, paid, mean_price, per_game, prices: [[price, purchases]]}),
    ``relief`` ({kind: {gains, per_seat, ignored, space, reward}}) and ``after_round_3``
    ({behind, level}: {seats, wins, win_rate, win_rate_ci, mean_relief, mean_gap,
    mean_final_gap, with_relief: {seats, wins, win_rate}, without_relief: {...}})."""
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
    after = everyone.get("after_round_3", {})
    for side in ("behind", "level"):
        a = after.get(side, {})
        seats, won = a.get("seats", 0), a.get("won", 0)
        wr, wrw = a.get("with_relief", 0), a.get("with_relief_won", 0)
        out["after_round_3"][side] = {
            "seats": seats, "wins": won, "win_rate": _rate(won, seats),
            "win_rate_ci": wilson(won, seats), "mean_relief": _rate(a.get("relief", 0), seats),
            "mean_gap": _rate(a.get("gap", 0), seats),
            "mean_final_gap": _rate(a.get("final_gap", 0), seats),
            "with_relief": {"seats": wr, "wins": wrw, "win_rate": _rate(wrw, wr)},
            "without_relief": {"seats": seats - wr, "wins": won - wrw,
                               "win_rate": _rate(won - wrw, seats - wr)}}
    return out
