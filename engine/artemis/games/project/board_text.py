"""The Artemis Project's board for the terminal seat: the seat's view, from the same board
data the browser draws (`artemis.games.project.board_data`), as a compact rich layout: a line
for the round, phase, start player and Event; a table of the seven regions in the order they
resolve with what each holds and the dice on it; a table of every player's mat.
"""

from __future__ import annotations

from artemis.games.project.board_data import board


def _dice(dice: list, names: list[str]) -> str:
    """"Ada 3, Bo 5 (sent marine)" in placement order; "" for none."""
    out = []
    for d in dice:
        if d is None:
            continue
        text = f"{names[d['seat']]} {d['face']}"
        if d.get("sent"):
            text += f" (sent {d['sent']})"
        if d.get("pioneers"):
            text += f" (+{d['pioneers']} pioneers)"
        out.append(text)
    return ", ".join(out)


def board_text(game, view: dict, names: list[str]):
    """A rich Group: the head line, the regions table and the mats table of ``view`` (a
    seat's `Game.view`), players called by ``names`` (by seat)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    data = board(game, view)
    head = (f"Round {data['round']}, {data['phase']}; start player "
            f"{names[data['start']]}")
    event = data["event"]
    if event:
        head += f"; Event {event['name']} (resolves {event['when']})"
        if event["text"]:
            head += f": {event['text']}"
        for m in event["modifiers"]:
            if m["text"] not in event["text"]:  # as the browser: the card's text says it
                head += f"; {m['text']} this round"
    regions = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    regions.add_column("region", style="bold", no_wrap=True)
    regions.add_column("holds")
    regions.add_column("dice")
    for r in data["regions"]:
        if r["id"] == "basecamp":
            for i, c in enumerate(r["expeditions"]):
                rewards = " / ".join(
                    rw["text"] + (f" [{rw['tile']}]" if rw["tile"] else "")
                    + (f" [+{rw['colonists']}]" if rw["colonists"] else "")
                    for rw in c["rewards"])
                regions.add_row(r["name"] if i == 0 else "",
                                f"{c['name']} (difficulty {c['difficulty']}): {rewards}",
                                _dice(c["dice"], names))
        elif r["id"] == "gantry":
            for i, t in enumerate(r["tiles"]):
                regions.add_row(r["name"] if i == 0 else "",
                                f"{t['name']} [{', '.join(t['slots'])}]: {t['ability']}",
                                _dice(t["dice"], names))
        elif r["id"] == "academy":
            spaces = "; ".join(
                "empty" if a is None else f"{names[a['seat']]} {a['face']} ({a['colonist']})"
                for a in r["spaces"])
            regions.add_row(r["name"], f"supply {r['stock']}", spaces)
        else:
            regions.add_row(r["name"], r["stock"], _dice(r.get("dice", []), names))
    # short headings with the legend below, so the numbers and dice print whole at 80
    # characters and only the colonists and buildings wrap
    mats = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("player", "VP", "En", "Min", "Tk", "bdg", "RT"):
        mats.add_column(column, justify="left" if column == "player" else "right",
                        no_wrap=True)
    mats.add_column("dice", no_wrap=True)
    mats.add_column("colonists and buildings")
    for p in data["players"]:
        buildings = "; ".join(f"{b['name']} [{', '.join(b['slots'])}]: {b['staff']}"
                              for b in p["buildings"])
        where = f"Shelters {p['shelters']}"
        if p["arriving"] != "none":
            where += f"; arriving {p['arriving']}"
        if buildings:
            where += f"; {buildings}"
        mats.add_row(names[p["seat"]], str(p["vp"]), str(p["energy"]), str(p["minerals"]),
                     str(p["toolkits"]), str(p["badges"]), str(p["relief"]),
                     " ".join(str(f) for f in p["dice"]) or "-", where)
    legend = Text("En Energy, Min Minerals, Tk Toolkits, bdg badges, RT Relief Track space",
                  style="dim")
    return Group(Text(head, style="bold"), regions, mats, legend, Text(f"bag: {data['bag']}"))
