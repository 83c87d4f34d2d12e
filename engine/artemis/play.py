"""Playing a whole game with bots, and its account for people (`artemis play`)."""

from __future__ import annotations

import json
from pathlib import Path

from artemis.bots import make_bot
from artemis.game import Game, GameConfig
from artemis.rules.scoring import STEPS

STEP_NAMES = {
    "saved_resources": "saved resources",
    "surface_buildings": "staffed Surface",
    "buildings": "buildings",
    "colonist_sets": "colonist sets",
    "leftover_colonists": "leftovers",
    "badges": "badges",
    "most_toolkits": "most Toolkits",
}


def bot_kinds(spec: str | None, players: int) -> list[str]:
    """Bot kinds per seat from "random,greedy,..." (one name applies to every seat).

    Raises ValueError when the count does not match ``players`` or a kind is unknown."""
    kinds = [k.strip() for k in (spec or "random").split(",") if k.strip()]
    if len(kinds) == 1:
        kinds *= players
    if len(kinds) != players:
        raise ValueError(f"--bots names {len(kinds)} bots for {players} players")
    for k in kinds:
        make_bot(k, 0)
    return kinds


def play_game(config: GameConfig, kinds: list[str]) -> Game:
    """Play one whole game, seat i played by a bot of ``kinds[i]`` seeded from the game seed."""
    game = Game.new(config)
    bots = [make_bot(k, config.seed * 31 + seat) for seat, k in enumerate(kinds)]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return game


def write_log(game: Game, path: Path, kinds: list[str]) -> None:
    """Write the game as JSON lines: a header with config and seats, then every action and
    consequence in order. Writes a temporary file, then renames it."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as f:
        header = {"type": "game", "players": game.config.players, "seed": game.config.seed,
                  "params": game.config.params, "bots": kinds}
        f.write(json.dumps(header) + "\n")
        for entry in game.log:
            f.write(json.dumps(entry, default=list) + "\n")
    tmp.replace(path)


def print_account(console, game: Game, kinds: list[str]) -> None:
    """A round-by-round account from the log, then the final score table with each step."""
    from rich.table import Table

    cat = game.catalog
    names = [f"P{seat} ({k})" for seat, k in enumerate(kinds)]

    def name_of(tile_or_card: str) -> str:
        return cat.by_id[tile_or_card].name if tile_or_card in cat.by_id else tile_or_card

    for entry in game.log:
        kind = entry["type"]
        if kind == "board_setup":
            console.rule(f"Round {entry['round']}")
            console.print("Expeditions: " + ", ".join(name_of(c) for c in entry["cards"])
                          + f"; Vents {entry['vents']} Energy, Quarry {entry['quarry']} "
                          f"Minerals; Gantry: " + ", ".join(name_of(t) for t in entry["gantry"]))
        elif kind == "event_revealed":
            when = ("resolves at once" if entry["when"] == "immediate"
                    else f"at spot {entry['when']}")
            console.print(f"Event: {name_of(entry['event'])} ({when})")
        elif kind == "expedition":
            outcome = "success" if entry["success"] else "failed"
            order = ", ".join(names[p] for p in entry["ranking"])
            console.print(f"  {name_of(entry['card'])}: {entry['total']} against "
                          f"{entry['difficulty']}, {outcome} ({order})")
        elif kind == "gantry_bought":
            console.print(f"  {names[entry['player']]} builds {name_of(entry['tile'])} for "
                          f"{entry['price']} Minerals")
        elif kind == "trained":
            console.print(f"  {names[entry['player']]} trains {_a(entry['colonist'])} into "
                          f"{_a(entry['becomes'])}")
        elif kind == "start_player":
            console.print(f"  start player: {names[entry['player']]}")
    result = game.result
    table = Table(title="Final scores (End of the Game, steps 1-7)")
    table.add_column("player")
    for n, _ in enumerate(STEPS, start=1):
        table.add_column(str(n), justify="right")
    table.add_column("total VP", justify="right")
    for row in sorted(result["players"], key=lambda r: result["ranking"].index(r["seat"])):
        table.add_row(names[row["seat"]], *(str(row["steps"][s]) for s in STEPS),
                      str(row["vp"]))
    console.print(table)
    console.print("steps: " + "; ".join(f"{n} {STEP_NAMES[s]}" for n, s in
                                        enumerate(STEPS, start=1)))
    console.print(f"Winner: {names[result['winner']]}")


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
