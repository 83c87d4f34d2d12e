"""Issue 27 made `artemis simulate` faster without changing what it writes: its play loop copies
no bot's RNG, and a game's summary reads the log once (`parts.Report.report_summary`). Two checks,
each a few seconds:

- the report and the game lines of a small run equal those computed the old, straightforward
  way: each game played by `play_game` (the resumable loop, the RNG copied at every decision)
  and summed up by calling each of the ruleset's report hooks in turn, each reading the log;
- the summaries of a few fixed games hash to digests stored from the code before issue 27
  (commit f89df67): that guards the Project's one-pass reading of the log against its three
  readings before. A deliberate change of the rules, the content or the summaries changes
  them: check the change, then store the new digests printed by the failing assertion. The
  games are played on content version 1, the base content the digests were stored from
  (issue 28's rebalance made version 2: docs/saves.md, "Content versions").

Issue 28 added figures to the summaries (the projected score after round 3, wins by
buildings held, staffed holders, Expeditions by difficulty, an Event's hit seats by
standing, the seats with the most Relief Track gains): the digests are of the summaries
without those additions (`_before_issue_28`),
so everything the summaries held before is checked unchanged, and the straightforward way
keeps each round's projected scores as the run does.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import Game, game_catalog
from artemis.kernel.games import get_game
from artemis.players.play import make_bots, play_on
from artemis.sim import GameTask, build_report
from artemis.sim.lines import game_lines

#: sha256 of json.dumps([GameTask(players, bots, seed=27, game).play(i) for i < games]),
#: computed at f89df67, before issue 27 (so on content version 1)
DIGESTS = {
    ("project", ("random",) * 4, 8):
        "7b2f6ee400af652b1a62bef1ad4ea64fd63cbb69e659c47949a27a1ed9b12829",
    ("project", ("greedy", "random"), 2):
        "9802c0bf7aec0b818e49b18bf9cfcdb74a80b69b19b6af8da68757f98febc64c",
    ("odyssey", ("random",) * 3, 4):
        "bd0ef0d7cead145e776e8a194667c04e68cbc0325b860d4d17076f10edd95df7",
}


def _before_issue_28(summary: dict) -> dict:
    """``summary`` without the figures issue 28 added (in place; returned)."""
    figures = summary.get("figures") or {}
    figures.get("game", {}).pop("expeditions", None)
    for seat in figures.get("seats", ()):
        seat.pop("after_round_3_projected", None)
        seat.pop("buildings_held", None)
        seat.pop("most_relief", None)
    items = summary.get("items", {})
    # a targeted Event's would-be targets are counted in games it was not dealt in too, where
    # it has a row only for them (it never appeared)
    for item_id in [i for i, x in items.items() if x["kind"] == "event" and not x["appeared"]]:
        del items[item_id]
    for x in items.values():
        counts = x.get("counts", {})
        if x["kind"] == "building":
            counts.pop("staffed_won", None)
            counts.pop("unstaffed_won", None)
            counts.pop("at_claim", None)
        elif x["kind"] == "event":
            counts.pop("standing", None)
            counts.pop("would_be", None)
        elif x["kind"] == "expedition":
            counts.pop("at_claim", None)
    return summary


@pytest.mark.parametrize(("game", "bots", "games"), list(DIGESTS))
def test_game_summaries_hash_as_before_issue_27(game, bots, games):
    task = GameTask(players=len(bots), bots=bots, seed=27, game=game, content_version=1)
    text = json.dumps([_before_issue_28(task.play(i)) for i in range(games)])
    assert hashlib.sha256(text.encode()).hexdigest() == DIGESTS[(game, bots, games)]


def _played(config, bots: list[str]):
    """``config`` played by ``bots`` as `artemis play` plays it (the resumable loop, the RNG
    copied at every decision), with each round's `round_figures` at its first decision
    (and before the first) kept for a game that `reads_rounds`: (game, rounds or None)."""
    game = Game.new(config)
    rules = game.ruleset
    if not rules.report.reads_rounds:
        return play_on(game, make_bots(config, bots)), None
    rounds = {rules.words.round_of(game): rules.report.round_figures(game)}

    def keep(g):
        if not g.is_over:
            rounds[rules.words.round_of(g)] = rules.report.round_figures(g)

    return play_on(game, make_bots(config, bots), after_round=keep), rounds


def _old_summary(game, rounds=None) -> dict:
    """`artemis.sim.task.summarize` as it was before issue 27: each report hook called
    on its own (the Project's three each read the whole log), given the rounds kept."""
    result, rules = game.result, game.ruleset
    players = result["players"]
    kept = (rounds,) if rules.report.reads_rounds else ()
    optional = {key: value for key, value in (
        ("positions", rules.report.turn_positions(game)),
        ("strata", rules.report.owner_strata(game)),
        ("figures", rules.report.game_figures(game, *kept))) if value}
    return {"seed": game.config.seed, "winner": result["winner"],
            "ranking": list(result["ranking"]),
            **({"winners": list(result["winners"])} if "winners" in result else {}),
            "vp": [r["vp"] for r in players],
            "in_game": ([r["in_game"] for r in players]
                        if all("in_game" in r for r in players) else None),
            "steps": rules.report.vp_parts(game), "decisions": len(game.actions),
            "rounds": rules.words.round_of(game), "items": rules.report.item_summary(game, *kept),
            **optional,
            **({"team": [r["team"] for r in players]}
               if players and all("team" in r for r in players) else {})}


@pytest.mark.parametrize(("game", "bots", "games"), [
    ("project", ("random", "greedy"), 3),
    ("project", ("random",) * 4, 6),
    ("odyssey", ("random", "greedy", "random"), 2),
    ("project", ("random", "greedy", "strong:iterations=2,width=2,sample=2,depth=3"), 1),
])
def test_simulate_writes_what_the_straightforward_way_computes(tmp_path, game, bots, games):
    lines = tmp_path / "games.jsonl"
    result = CliRunner().invoke(app, [
        "simulate", "--game", game, "--games", str(games), "--players", str(len(bots)),
        "--bots", ",".join(bots), "--seed", "5", "--workers", "1", "--game-timeout", "0", "--json",
        "--games-out", str(lines)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    task = GameTask(players=len(bots), bots=bots, seed=5, game=game)
    ruleset = get_game(game)
    results = []
    for i in range(games):
        summary = _old_summary(*_played(task.config(i), list(bots)))
        results.append({**summary, "index": i})
    items = [x[:2] for x in ruleset.report.report_items(game_catalog(ruleset, (), task.host()))]
    expected = build_report(results, list(bots), items, report["config"], games, False,
                            ruleset)
    assert result.stdout == json.dumps(expected, indent=2) + "\n"
    assert lines.read_text() == game_lines(results, list(bots))
