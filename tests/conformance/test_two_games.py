"""Two games in one process do not interfere: the toy game ("race", `toy_game`, registered by
this folder's conftest) and The Artemis Project, played one action each in turn, end exactly
as each does when played alone: the same actions, log, full view and result. Each game has
its own StepTable, streams and state; a content-less game goes through Game.new's catalog and
plugin path (load_catalog returns None)."""

from __future__ import annotations

import random

from artemis.kernel.game import Game
from artemis.kernel.games import get_game

PROJECT = {"game": "project", "players": 3, "seed": 12}
# toy games one after another, so that the whole Project game is interleaved with one
RACES = [{"game": "race", "players": 2, "seed": 1},
         {"game": "race", "players": 3, "seed": 2, "options": {"target": 30}},
         {"game": "race", "players": 2, "seed": 3, "options": {"target": 50}},
         {"game": "race", "players": 3, "seed": 4, "options": {"target": 50}},
         {"game": "race", "players": 2, "seed": 5, "options": {"target": 50}}]


def _bot(config: dict) -> random.Random:
    return random.Random(f"bot:{config['game']}:{config['seed']}")


def _ending(game: Game) -> dict:
    return {"actions": [a.id for a in game.actions], "log": game.log,
            "full": game.full_view(), "result": game.result}


def play_alone(config: dict) -> dict:
    game, bot = Game.new(dict(config)), _bot(config)
    while not game.is_over:
        game.apply(bot.choice(game.legal_actions()))
    return _ending(game)


def test_a_toy_game_without_content_plays_through_the_kernel(race):
    assert get_game("race") is race
    game = Game.new({"game": "race", "players": 2, "seed": 0})
    assert game.catalog is None and game.ruleset is race
    assert game.config.options == {"target": 10}  # the schema's default
    assert game.steps is race.table.steps and game.steps is not get_game("project").table.steps
    assert play_alone({"game": "race", "players": 2, "seed": 0})["result"]["winner"] in (0, 1)


def test_a_toy_game_and_a_project_game_interleaved_end_as_when_played_alone():
    expected = [play_alone(PROJECT)] + [play_alone(c) for c in RACES]
    project, project_bot = Game.new(dict(PROJECT)), _bot(PROJECT)
    races = iter(RACES)
    played = [project]
    race = bot = None
    turns = 0
    while not project.is_over or race is not None:
        if race is None:
            config = next(races, None)
            if config is not None:
                race, bot = Game.new(dict(config)), _bot(config)
                played.append(race)
        if race is not None:
            race.apply(bot.choice(race.legal_actions()))
            if race.is_over:
                race = None
        if not project.is_over:
            project.apply(project_bot.choice(project.legal_actions()))
        turns += 1
    assert len(played) == len(expected), "the Project game ended before the toy games"
    assert turns > 100 and all(g.is_over for g in played)
    for game, alone in zip(played, expected, strict=True):
        got = _ending(game)
        for key in alone:
            assert got[key] == alone[key], f"{game.config.game} seed {game.config.seed}: {key}"
