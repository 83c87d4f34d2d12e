"""Playing a whole game with bots, and its account for people as lines of text (`artemis play`
prints them)."""

from __future__ import annotations

import json
from pathlib import Path

from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import make_bot


def play_game(config: GameConfig, kinds: list[str], plugins=None) -> Game:
    """Play one whole game, seat i played by a bot of ``kinds[i]`` seeded from the game seed;
    ``plugins`` is a PluginHost (default: the core and the installed plugins)."""
    game = Game.new(config, plugins=plugins)
    return play_on(game, make_bots(config, kinds))


def make_bots(config: GameConfig, kinds: list[str]) -> list:
    """One bot per seat, seat i's seeded with ``config.seed * 31 + i``."""
    return [make_bot(k, config.seed * 31 + seat) for seat, k in enumerate(kinds)]


class PlayInterrupted(Exception):
    """Ctrl-C (KeyboardInterrupt) while a seat was deciding or the rules were running.

    ``game`` is the game at the last decision point reached, consistent (a game interrupted
    inside the rules is rebuilt from its config and earlier actions); the interrupted seat's
    bot has its RNG state from before that decision, so a save of (game, bots) continues
    exactly as the uninterrupted game would have."""

    def __init__(self, game: Game):
        super().__init__("interrupted")
        self.game = game


def play_on(game: Game, bots: list, after_round=None, plugins=None) -> Game:
    """Play ``game`` from its current decision to the end with ``bots`` (seat order).

    ``after_round(game)`` is called at the first decision of every new round and once when the
    game is over (where ``artemis play --save`` writes). Raises PlayInterrupted on Ctrl-C;
    ``plugins`` (the PluginHost the game was made with) is needed to rebuild a game
    interrupted inside the rules."""
    from artemis.records.save import rng_state, set_rng_state

    round_ = game.state.round
    while not game.is_over:
        bot, before, applied = None, None, False
        taken = len(game.actions)
        try:
            bot = bots[game.current_player]
            before = rng_state(bot)
            game.apply(bot.choose(game))
            applied = True
            if after_round is not None and (game.state.round != round_ or game.is_over):
                round_ = game.state.round
                after_round(game)
        except KeyboardInterrupt:
            if not applied:  # the decision is taken again: its bot's RNG as before it
                set_rng_state(bot, before)
                if len(game.actions) != taken:  # stopped inside the rules: half-done state
                    game = rebuild(game, taken, plugins)
            raise PlayInterrupted(game) from None
    return game


def rebuild(game: Game, actions: int, plugins=None) -> Game:
    """A new game from ``game``'s config with its first ``actions`` actions applied."""
    fresh = Game.new(game.config, catalog=game.catalog, registry=game.registry,
                     plugins=plugins)
    for action in game.actions[:actions]:
        fresh.apply(action.id)
    return fresh


def seat_labels(kinds: list[str], names: list[str] | None = None) -> list[str]:
    """How seats are shown: "P0 (random)", or "Alice (greedy)" with a config's names."""
    names = names or [f"P{seat}" for seat in range(len(kinds))]
    return [f"{name} ({kind})" for name, kind in zip(names, kinds, strict=True)]


def config_record(game: Game, kinds: list[str], names: list[str] | None = None) -> dict:
    """What a game was: players, seed, seats, names, variants and expansions (the log's first
    line and --json's "config")."""
    c = game.config
    return {"players": c.players, "seed": c.seed, "bots": kinds,
            "names": names or [f"P{seat}" for seat in range(len(kinds))],
            "params": c.params, "variants": c.variants, "expansions": list(c.expansions)}


def write_log(game: Game, path: Path, kinds: list[str], names: list[str] | None = None) -> None:
    """Write the game as JSON lines: a header with config and seats, then every action and
    consequence in order. A regular file is written atomically
    (`artemis.records.save.write_atomic`; a symlink is followed, its target replaced and the
    link kept); a device or pipe (an existing non-regular path such as /dev/stdout, or a
    symlink to one) is written directly.

    Raises OSError when it cannot be written, ValueError for an empty path."""
    if not str(path) or path.name == "":
        raise ValueError("--log needs a file name")
    header = {"type": "game", **config_record(game, kinds, names)}
    lines = [json.dumps(header)] + [json.dumps(entry, default=list) for entry in game.log]
    text = "\n".join(lines) + "\n"
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as f:
            f.write(text)
        return
    from artemis.records.save import write_atomic

    write_atomic(path, text)


ITEMS = {"energy": "Energy", "minerals": "Minerals", "toolkits": "Toolkits",
         "badges": "badges"}
REGIONS = {"basecamp": "Basecamp", "vents": "Vents", "quarry": "Quarry", "gantry": "Gantry",
           "doorstep": "Doorstep", "academy": "Academy", "outfitter": "Outfitter"}


def account_lines(game: Game, kinds: list[str], names: list[str] | None = None) -> list[str]:
    """The game's story from its log, a line per round header, region, event and Upkeep:
    what each player took, paid, recruited, built, trained and lost, and their Relief."""
    cat = game.catalog
    names = seat_labels(kinds, names)
    out: list[str] = []
    section: list[str] = []
    title = ""

    def name_of(x: str) -> str:
        return cat.by_id[x].name if x in cat.by_id else x

    def flush() -> None:
        if section:
            out.append(f"  {title}: " + "; ".join(section))
        section.clear()

    def start(new_title: str) -> None:
        nonlocal title
        flush()
        title = new_title

    for e in game.log:
        kind = e["type"]
        who = names[e["player"]] if isinstance(e.get("player"), int) else ""
        if kind == "board_setup":
            start("")
            out.append(f"── Round {e['round']} " + "─" * 60)
            out.append("  Board: Expeditions " + ", ".join(name_of(c) for c in e["cards"])
                       + f"; Vents {e['vents']} Energy; Quarry {e['quarry']} Minerals; "
                       f"Doorstep {sum(e['doorstep'])} colonists; Gantry "
                       + ", ".join(name_of(t) for t in e["gantry"]))
        elif kind == "event_revealed":
            when = ("resolves at once" if e["when"] == "immediate"
                    else f"resolves at spot {e['when']}")
            out.append(f"  Event revealed: {name_of(e['event'])} ({when})")
        elif kind == "event":
            start(f"Event {name_of(e['event'])}")
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
            item = _item(e["item"], e["amount"])
            if title == "Placement":
                section.append(f"{who} +{e['amount']} {item} at the Outfitter")
            else:
                section.append(f"{who} +{e['amount']} {item}")
        elif kind == "lose":
            section.append(f"{who} -{e['amount']} {_item(e['item'], e['amount'])}")
        elif kind == "vp":
            section.append(f"{who} {e['amount']:+d} VP")
        elif kind == "exposed":
            section.append(f"{who}'s {e['face']} is exposed")
        elif kind == "relief":
            section.append(f"{who} Relief to space {e['space']}")
        elif kind == "sent":
            n = e["count"]
            section.append(f"{who} sends {n} {e['colonist']}s" if n > 1
                           else f"{who} sends {_a(e['colonist'])}")
        elif kind == "recruited":
            section.append(f"{who} recruits {_a(e['colonist'])}")
        elif kind == "expedition":
            outcome = "success" if e["success"] else "failed"
            ranking = ", ".join(names[p] for p in e["ranking"])
            section.append(f"{name_of(e['card'])} {e['total']}/{e['difficulty']} {outcome} "
                           f"({ranking})")
        elif kind == "action" and e["id"].startswith(("reward:", "reward_first:", "choose:")):
            section.append(f"{who} takes {e['label']}")
        elif kind == "gantry_bought":
            section.append(f"{who} builds {name_of(e['tile'])} for {e['price']} Minerals")
        elif kind == "gantry_declined":
            section.append(f"{who} declines {name_of(e['tile'])}")
        elif kind == "building_claimed" and title != "Gantry":
            section.append(f"{who} gains {name_of(e['tile'])}")
        elif kind == "trained":
            change = (f"keeps {_a(e['colonist'])} (trained into its own type)"
                      if e["colonist"] == e["becomes"]
                      else f"trains {_a(e['colonist'])} into {_a(e['becomes'])}")
            section.append(f"{who} {change}")
        elif kind == "academy_wasted":
            section.append(f"{who}'s training is wasted: the supply is out")
        elif kind == "activated":
            section.append(f"{who} activates {name_of(e['tile'])}")
        elif kind == "heated" and e["colonists"]:
            section.append(f"{who} heats {e['colonists']} colonists for {e['energy']} Energy")
        elif kind == "frozen":
            section.append(f"{who} loses {', '.join(e['colonists'])} to the cold")
        elif kind == "colonist_discarded":
            section.append(f"{who} discards {_a(e['colonist'])}")
        elif kind == "stock":
            unit = {"vents": "Energy", "quarry": "Minerals"}.get(e["region"], "colonists")
            section.append(f"{REGIONS[e['region']]} {e['amount']:+d} {unit}")
        elif kind == "modify":
            section.append(f"{e['param']} {e['mode']} {e['value']} this round")
    flush()
    return out


def tie_note(game: Game, names: list[str] | None = None) -> str:
    """", tied on VP, ..." when the winner was found by the tie-break (R15)."""
    result = game.result
    vp = {r["seat"]: r["vp"] for r in result["players"]}
    tied = [seat for seat in result["ranking"] if vp[seat] == vp[result["winner"]]]
    if len(tied) < 2:
        return ""
    return (f" (tied on {vp[result['winner']]} VP with "
            + ", ".join(names[s] if names else f"P{s}" for s in tied[1:])
            + "; earlier in the final round's turn order)")


def _item(item: str, amount: int) -> str:
    name = ITEMS.get(item, item)
    return name[:-1] if amount == 1 and name in ("Toolkits", "badges") else name


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
