"""Blind Auction's words part (`artemis.kernel.parts.Words`): the question, each bid and the
story, players by name. The members the game leaves out get the kernel's defaults."""

from __future__ import annotations

from blind_auction.rules import LOTS


def question(game, names: list[str]) -> str:
    """"Ada: bid for lot 2 (2 VP)"."""
    s = game.state
    return f"{names[s.turn]}: bid for lot {s.lot + 1} ({LOTS[s.lot]} VP)"


def describe_action(game, action, names=None) -> str:
    """"bid your 7 face down"."""
    return f"bid your {action.args[0]} face down"


def seat_summary(game, seat: int) -> str:
    """"hand 2, 5, 9; 3 VP"."""
    s = game.state
    return f"hand {', '.join(map(str, s.hands[seat]))}; {s.vp[seat]} VP"


def account_lines(game, names: list[str], records=None, decisions=False) -> list[str]:
    """A line per lot revealed: "Lot 1: Ada 7, Bo 4; Ada takes 1 VP"."""
    lines = []
    for r in (game.log if records is None else records):
        if r["type"] != "revealed":
            continue
        b = r["bids"]
        took = ("nobody takes it" if r["taker"] is None
                else f"{names[r['taker']]} takes {LOTS[r['lot'] - 1]} VP")
        lines.append(f"Lot {r['lot']}: {names[0]} {b[0]}, {names[1]} {b[1]}; {took}")
    return lines
