"""Trying an expansion in play: `artemis validate PATH --simulate N [--seed S]`.

For buildings "taken" is bought or won as a reward, for expeditions "succeeded" (the takers are
the two rewarded players), for events "resolved" (events have no takers).

Plays N random-bot games with the expansion loaded and reports games finished, each error with
the seed and action that reproduce it, and, for each item the expansion brings, how often it
appeared and was taken, and its takers' mean final VP against the other players'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean

from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import make_bot


@dataclass
class ItemStats:
    """One expansion item's figures over the games played."""

    id: str
    kind: str
    appeared: int = 0
    taken: int = 0
    takers_vp: list = field(default_factory=list)
    others_vp: list = field(default_factory=list)

    def row(self) -> dict:
        return {"id": self.id, "kind": self.kind, "appeared": self.appeared,
                "taken": self.taken,
                "takers_mean_vp": round(mean(self.takers_vp), 2) if self.takers_vp else None,
                "others_mean_vp": round(mean(self.others_vp), 2) if self.others_vp else None}


def trial(catalog_packs: list[str], new_ids: dict[str, str], games: int, seed: int,
          players: int = 4, variants: dict | None = None, plugins=None) -> dict:
    """Play ``games`` seeded random games with the packs; ``new_ids`` maps each expansion item
    id to its kind (buildings, expeditions, events). Returns the report as plain data."""
    stats = {i: ItemStats(i, k) for i, k in new_ids.items()}
    finished, errors = 0, []
    for n in range(games):
        game_seed = seed + n
        config = GameConfig(players=players, seed=game_seed, variants=dict(variants or {}),
                            expansions=tuple(catalog_packs))
        # the same bots as `artemis play --seed S --players P --expansion PACK`, which replays it
        bots = [make_bot("random", game_seed * 31 + seat) for seat in range(players)]
        step, last = 0, None
        try:
            g = Game.new(config, plugins=plugins)
            while not g.is_over:
                last = bots[g.current_player].choose(g)
                g.apply(last)
                step += 1
        except Exception as exc:  # reported with what reproduces it; the trial goes on
            errors.append({"seed": game_seed, "players": players, "action_index": step,
                           "replay": f"artemis play --seed {game_seed} --players {players} "
                           + " ".join(f"--expansion {p}" for p in catalog_packs),
                           "action": last.id if last else None,
                           "error": f"{type(exc).__name__}: {exc}"})
            continue
        finished += 1
        _count(g, stats)
    return {"games": games, "finished": finished, "errors": errors,
            "items": [s.row() for s in stats.values()]}


def _count(g: Game, stats: dict[str, ItemStats]) -> None:
    final = {row["seat"]: row["vp"] for row in g.result["players"]}
    seen: set = set()
    takers: dict[str, set] = {}
    for e in g.log:
        t = e["type"]
        if t == "board_setup":
            seen.update(e["cards"])
            seen.update(e["gantry"])
            seen.update(e.get("reward_tiles", ()))
        elif t == "event_revealed":
            seen.add(e["event"])
        elif t == "building_claimed" and e["tile"] in stats:
            takers.setdefault(e["tile"], set()).add(e["player"])
        elif t == "expedition" and e["card"] in stats and e["success"]:
            takers.setdefault(e["card"], set()).update(e["ranking"][:2])
        elif t == "event" and e["event"] in stats:
            takers.setdefault(e["event"], set())
    for item_id, s in stats.items():
        if item_id in seen:
            s.appeared += 1
        if item_id in takers:
            s.taken += 1
            s.takers_vp += [final[p] for p in takers[item_id]]
            s.others_vp += [v for p, v in final.items() if p not in takers[item_id]]
