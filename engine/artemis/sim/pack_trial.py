"""Trying an expansion in play: `artemis validate PATH --simulate N [--seed S]`.

What "appeared" and "taken" mean is the game's (`parts.Report.item_summary`): in The Artemis
Project, for buildings "taken" is bought or won as a reward, for expeditions "succeeded" (the
takers are the two rewarded players), for events "resolved" (events have no takers); in The
Artemis Odyssey an Action card is taken when played and revealed (its player the taker), an
Alien Artifact appears when drawn and is taken when used (docs/simulate.md).

Plays N random-bot games with the expansion loaded and reports games finished, each error with
the seed and action that reproduce it, and, for each item the expansion brings, how often it
appeared and was taken, and its takers' mean final VP against the other players'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean

from artemis.kernel.game import Game, GameConfig, failed_action
from artemis.players.play import PlayInterrupted, make_bots, play_on
from artemis.sim.runner import game_seed
from artemis.util import DEFAULT_GAME


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
          players: int = 4, variants: dict | None = None, plugins=None,
          game: str = DEFAULT_GAME, content_version: int | None = None) -> dict:
    """Play ``games`` seeded random games of ``game`` with the packs, on the base content of
    ``content_version`` (None: the newest); ``new_ids`` maps each expansion item id to its kind
    (buildings, expeditions, events). Returns the report as plain data."""
    stats = {i: ItemStats(i, k) for i, k in new_ids.items()}
    finished, errors = 0, []
    for n in range(games):
        seed_n = game_seed(seed, n)  # the seeds of `artemis simulate --seed S`
        config = GameConfig(players=players, seed=seed_n, variants=dict(variants or {}),
                            expansions=tuple(catalog_packs), game=game,
                            content_version=content_version)
        g = None
        try:
            g = Game.new(config, plugins=plugins)
            # the bots of `artemis play --seed S --players P --expansion PACK`, which replays
            # it; not resumable: Ctrl-C drops the game, so no bot's RNG is kept per decision
            play_on(g, make_bots(config, ["random"] * players), resumable=False)
        except PlayInterrupted:  # Ctrl-C stops the trial; it is no game's error
            raise KeyboardInterrupt from None
        except Exception as exc:  # reported with what reproduces it; the trial goes on
            failing = failed_action(exc)  # not in g.actions: apply put the game back
            taken = (len(g.actions) if g is not None else 0) + (failing is not None)
            errors.append({"seed": seed_n, "players": players, "action_index": taken,
                           "replay": "artemis play "
                           + (f"--game {game} " if game != DEFAULT_GAME else "")
                           + f"--seed {seed_n} --players {players} "
                           + (f"--content-version {content_version} "
                              if content_version is not None else "")
                           + " ".join(f"--expansion {p}" for p in catalog_packs),
                           "action": failing or (g.actions[-1].id if taken else None),
                           "error": f"{type(exc).__name__}: {exc}"})
            continue
        finished += 1
        _count(g, stats)
    return {"games": games, "finished": finished, "errors": errors,
            "items": [s.row() for s in stats.values()]}


def _count(g: Game, stats: dict[str, ItemStats]) -> None:
    """Add a finished game to ``stats`` from its game's item summary (the same figures
    `artemis simulate` reports: `parts.Report.item_summary`); takers are the owners."""
    final = {row["seat"]: row["vp"] for row in g.result["players"]}
    items = g.ruleset.report.item_summary(g)
    for item_id, s in stats.items():
        x = items.get(item_id)
        if x is None:
            continue
        if x["appeared"]:
            s.appeared += 1
        if x["taken"]:
            takers = set(x["owners"])
            s.taken += 1
            s.takers_vp += [final[p] for p in takers]
            s.others_vp += [v for p, v in final.items() if p not in takers]
