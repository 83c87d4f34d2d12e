"""The account of a Project game for people: its story from the log, round by round."""

from __future__ import annotations

from artemis.games.project.regions import STOCK_ITEMS
from artemis.games.project.state import DOORSTEP_MAX
from artemis.games.project.vocabulary import REGION_NAMES
from artemis.util.plural import counted

#: An item's name for one and for several, as the account shows it.
ITEMS = {"energy": ("Energy", "Energy"), "minerals": ("Mineral", "Minerals"),
         "toolkits": ("Toolkit", "Toolkits"), "badges": ("badge", "badges")}
REGIONS = REGION_NAMES


def account_lines(game, names: list[str], records: list[dict] | None = None,
                  decisions: bool = False) -> list[str]:
    """The game's story from its log (or from ``records``, a seat's own), a line per round
    header, region, event and Upkeep: what each player took, paid, recruited, built, trained,
    gained and lost, and their Relief (an Event that changed nothing says so, with what it
    does; one whose records end while the game asks a player about it is "resolving now",
    not "no effect"); ``names`` are the seats' labels, by seat. With ``decisions``, each
    placement is told where it is made ("Ada places 3 in the Vents"), for a seat following
    the game as it is played; without, the story leaves placements to the regions' resolution."""
    cat = game.catalog
    out: list[str] = []
    section: list[str] = []
    title = ""

    def name_of(x: str) -> str:
        return cat.by_id[x].name if x in cat.by_id else x

    event = None  # the Event whose section this is (None: another section)

    def flush(last: bool = False) -> None:
        if section:
            out.append(f"  {title}: " + "; ".join(section))
        elif event is not None and last and game.pending is not None:
            # the records end inside the Event while the game asks: its effect is under
            # way (a player answers for it), not known to be none
            out.append(f"  {title}: resolving now ({_event_words(cat.by_id[event])})")
        elif event is not None:  # said, so that an Event that did nothing is not missed
            out.append(f"  {title}: no effect ({_event_words(cat.by_id[event])})")
        section.clear()

    def start(new_title: str, new_event: str | None = None) -> None:
        nonlocal title, event, gained
        flush()
        title, event, gained = new_title, new_event, None

    doorstep = None  # colonists at the Doorstep, followed from Board Setup on (None: unknown)
    told = None  # the player whose next colonist gained is told already (recruited, trained)
    gained = None  # (player, {type: count}, index in section) of the last colonists gained
    for e in game.log if records is None else records:
        kind = e["type"]
        who = names[e["player"]] if isinstance(e.get("player"), int) else ""
        if kind == "board_setup":
            start("")
            out.append(f"── Round {e['round']} " + "─" * 60)
            doorstep = sum(e["doorstep"])
            out.append("  Board: Expeditions " + ", ".join(name_of(c) for c in e["cards"])
                       + f"; Vents {_items('energy', e['vents'])}; Quarry "
                       f"{_items('minerals', e['quarry'])}; Doorstep "
                       f"{counted(doorstep, 'colonist')}; Gantry "
                       + ", ".join(name_of(t) for t in e["gantry"]))
        elif kind == "event_revealed":
            when = ("resolves at once" if e["when"] == "immediate"
                    else f"resolves at spot {e['when']}")
            out.append(f"  Event revealed: {name_of(e['event'])} ({when})")
        elif kind == "event":
            start(f"Event {name_of(e['event'])}", e["event"] if e["event"] in cat.by_id else None)
        elif kind == "start_player":
            start("")
            out.append(f"  Start player: {who}")
        elif kind == "dice_rolled":
            start("Placement")
        elif kind == "resolve":
            start(REGIONS[e["region"]])
        elif kind == "upkeep":
            start("Upkeep")
        elif kind == "final_scoring":
            start("")
        elif kind == "gain":
            gained = f"{who} +{_items(e['item'], e['amount'])}"
            section.append(f"{gained} at the Outfitter" if title == "Placement" else gained)
        elif kind == "lose":
            section.append(f"{who} -{_items(e['item'], e['amount'])}")
        elif kind == "vp":
            section.append(f"{who} {e['amount']:+d} VP")
        elif kind == "exposed":
            section.append(f"{who}'s {e['face']} is exposed")
        elif kind == "relief":
            section.append(f"{who} Relief to space {e['space']}")
        elif kind == "sent":
            n = e["count"]
            section.append(f"{who} sends {counted(n, e['colonist'])}" if n > 1
                           else f"{who} sends {_a(e['colonist'])}")
        elif kind == "recruited":
            doorstep = None if doorstep is None else doorstep - 1
            section.append(f"{who} recruits {_a(e['colonist'])}")
            told = e["player"]
        elif kind == "colonist_gained":
            if told == e["player"]:  # the colonist recruited or trained, told above
                told = None
                continue
            if gained is None or gained[0] != e["player"] or gained[2] != len(section) - 1:
                gained = (e["player"], {}, len(section))
                section.append("")
            counts = gained[1]
            counts[e["colonist"]] = counts.get(e["colonist"], 0) + 1
            section[gained[2]] = f"{who} +" + " and ".join(
                counted(n, t) for t, n in counts.items())
        elif kind == "expedition":
            outcome = "success" if e["success"] else "failed"
            ranking = ", ".join(names[p] for p in e["ranking"])
            section.append(f"{name_of(e['card'])} {e['total']}/{e['difficulty']} {outcome} "
                           f"({ranking})")
        elif kind == "action" and decisions and e["id"].startswith("place:"):
            section.append(f"{who} places {e['label']}")
        elif kind == "action" and e["id"].startswith(("reward:", "reward_first:", "choose:")):
            section.append(f"{who} takes {e['label']}")
        elif kind == "gantry_bought":
            section.append(f"{who} builds {name_of(e['tile'])} for "
                           f"{_items('minerals', e['price'])}")
        elif kind == "gantry_declined":  # "die": offered die by die (R8), absent in version 1
            at = f" at {e['die']}" if "die" in e else ""
            section.append(f"{who} declines {name_of(e['tile'])}{at}")
        elif kind == "building_claimed" and title != "Gantry":
            section.append(f"{who} gains {name_of(e['tile'])}")
        elif kind == "trained":
            change = (f"keeps {_a(e['colonist'])} (trained into its own type)"
                      if e["colonist"] == e["becomes"]
                      else f"trains {_a(e['colonist'])} into {_a(e['becomes'])}")
            section.append(f"{who} {change}")
            told = e["player"]
        elif kind == "academy_wasted":  # "back_to": where it is retrieved to (R10)
            back = e.get("back_to")
            place = ("" if back is None else f"; the {e['colonist']} goes back to "
                     + ("the Shelters" if back == "shelters" else name_of(back)))
            section.append(f"{who}'s training is wasted: the supply is out{place}")
        elif kind == "activated":
            section.append(f"{who} activates {name_of(e['tile'])}")
        elif kind == "heated" and e["colonists"]:
            section.append(f"{who} heats {counted(e['colonists'], 'colonist')} for "
                           f"{_items('energy', e['energy'])}")
        elif kind == "frozen":
            section.append(f"{who} loses {', '.join(e['colonists'])} to the cold")
        elif kind == "colonist_discarded":
            section.append(f"{who} discards {_a(e['colonist'])}")
        elif kind == "stock":
            if e["region"] == "doorstep" and doorstep is not None:
                doorstep += e["amount"]
            section.append(_stock_text(e, doorstep))
        elif kind == "modify":
            from artemis.games.project.words import describe_modify

            section.append(f"{describe_modify(e['param'], e['mode'], e['value'])} this round")
    flush(last=True)
    return out


def _event_words(card) -> str:
    """What an Event card does, in words, clause by clause ("each player: lose 1 Energy per
    die in the Quarry"): the reason an Event that changed nothing had no effect."""
    from artemis.games.project.words import describe_clause

    return "; ".join(describe_clause(c) for c in card.clauses)


def _items(item: str, amount: int) -> str:
    """"1 Mineral", "3 Toolkits", "2 Energy"; an item the account does not name, as logged."""
    one, many = ITEMS.get(item, (item, item))
    return counted(amount, one, many)


def _stock(region: str, amount: int) -> str:
    """A region's stock change: "+4 Energy", "-1 Mineral", "+3 colonists"."""
    item = STOCK_ITEMS.get(region)
    text = _items(item, abs(amount)) if item else counted(abs(amount), "colonist")
    return ("+" if amount >= 0 else "-") + text


def _stock_text(e: dict, doorstep: int | None) -> str:
    """A board effect on a region's stock; when it changed less than asked (only a draw to
    the Doorstep can), why: the Doorstep holds at most DOORSTEP_MAX colonists (rulebook,
    Board Setup, 5 Doorstep), else the bag and the discard pile ran out (docs/rulings.md,
    R12). ``doorstep`` is the count after the draw, None when the account could not follow
    it (a game that did not start at Board Setup)."""
    asked = e.get("asked", e["amount"])
    if e["region"] != "doorstep" or asked <= e["amount"]:
        return f"{REGIONS[e['region']]} {_stock(e['region'], e['amount'])}"
    if doorstep is not None and doorstep >= DOORSTEP_MAX:
        why = f"the Doorstep is full: {DOORSTEP_MAX} colonists at most"
    elif doorstep is not None:
        why = "the bag and the discard pile are empty"
    else:
        why = f"the Doorstep holds {DOORSTEP_MAX} colonists at most; the bag may run out"
    return f"Doorstep +{e['amount']} of {counted(asked, 'colonist')} ({why})"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
