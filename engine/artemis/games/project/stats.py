"""What happened to the Project's content items in a finished game, from its log and state:
the figures `artemis simulate` and `artemis validate --simulate` report per item."""

from __future__ import annotations


def item_summary(game) -> dict:
    """The Project's items of a finished game, {id: {kind, appeared, taken, owners}}:

    - building: appeared on the Gantry or as an Expedition reward; taken = claimed by anyone
      (bought or won); owners = the seats holding it at the end;
    - expedition: drawn onto Basecamp; taken = succeeded at least once; owners = the players
      rewarded (the first two of a success, R32);
    - event: revealed; taken = resolved; no owners."""
    items: dict = {}

    def item(item_id: str, kind: str) -> dict:
        return items.setdefault(item_id, {"kind": kind, "appeared": False, "taken": False,
                                          "owners": []})

    for e in game.log:
        t = e["type"]
        if t == "board_setup":
            for card in e["cards"]:
                item(card, "expedition")["appeared"] = True
            for tile in (*e["gantry"], *e.get("reward_tiles", ())):
                item(tile, "building")["appeared"] = True
        elif t == "event_revealed":
            item(e["event"], "event")["appeared"] = True
        elif t == "event":
            item(e["event"], "event")["taken"] = True
        elif t == "building_claimed":
            x = item(e["tile"], "building")
            x["appeared"] = x["taken"] = True
        elif t == "expedition" and e["success"]:
            x = item(e["card"], "expedition")
            x["taken"] = True
            x["owners"] = sorted({*x["owners"], *e["ranking"][:2]})
    for p in game.state.players:
        for b in p.buildings:
            x = item(b.tile, "building")
            x["appeared"] = True
            x["owners"].append(p.seat)
    return items
