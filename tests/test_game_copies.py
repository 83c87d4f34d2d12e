"""`copy.deepcopy(game)` is `clone()`, and a pickled game (its config and action ids, replayed
on load) is the same game: at 20 random decision points of each game (the Project with 2 and 4
players, the Odyssey with 2 and 3), the copy has the original's full view, every seat's view,
legal ids and state, and plays on to the same end (docs/design.md, "The decision API")."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from artemis.kernel.game import Game

GAMES = [("project", 2), ("project", 4), ("odyssey", 2), ("odyssey", 3)]
POINTS = 20


def state_data(value, depth: int = 0):
    """The state as plain data to compare: objects by their fields, random generators by
    their state (a Streams' copy-on-write generators read through the dict)."""
    assert depth < 40, "the state is nested too deep to compare"
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    if isinstance(value, dict):
        return {k: state_data(dict.__getitem__(value, k), depth + 1) for k in value}
    if isinstance(value, list | tuple):
        return [state_data(v, depth + 1) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return (type(value).__name__, state_data(vars(value), depth + 1))
    slots = getattr(type(value), "__slots__", None)
    if slots and not isinstance(value, str | bytes | int | float):
        return (type(value).__name__, {s: state_data(getattr(value, s, None), depth + 1)
                                       for s in slots if s != "shared"})
    return value


def same_game(a: Game, b: Game, at: str) -> None:
    assert b is not a and b.state is not a.state, f"{at}: the copy shares the state"
    assert b.full_view() == a.full_view(), f"{at}: the full view differs"
    for seat in [*range(a.config.players), None]:
        assert b.view(seat) == a.view(seat), f"{at}: view({seat}) differs"
    assert [x.id for x in b.legal_actions()] == [x.id for x in a.legal_actions()], \
        f"{at}: the legal ids differ"
    assert b.current_player == a.current_player, f"{at}: who decides differs"
    assert state_data(b.state) == state_data(a.state), f"{at}: the state differs"
    assert [x.id for x in b.actions] == [x.id for x in a.actions], f"{at}: the actions differ"


def decision_points(game_id: str, players: int) -> tuple[Game, list[int], list[str]]:
    """A finished random game of ``game_id``, POINTS decision numbers drawn from it and its
    action ids."""
    rng = random.Random(f"copies:{game_id}:{players}")
    game = Game.new({"game": game_id, "players": players, "seed": rng.randrange(1000)})
    ids = []
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        ids.append(action.id)
        game.apply(action)
    return game, sorted(rng.sample(range(len(ids) + 1), POINTS)), ids


@pytest.mark.parametrize("game_id, players", GAMES)
def test_deepcopy_and_pickle_give_the_same_game_at_random_decision_points(game_id, players):
    final, points, ids = decision_points(game_id, players)
    game = Game.new(final.config)
    done = 0
    for point in points:
        for action_id in ids[done:point]:
            game.apply(action_id)
        done = point
        at = f"{game_id}, {players} players, seed {game.config.seed}, decision {point}"
        same_game(game, copy.deepcopy(game), at + ", deepcopy")
        if point == points[0]:
            shallow = copy.copy(game)
            same_game(game, shallow, at + ", copy")
        loaded = pickle.loads(pickle.dumps(game))
        same_game(game, loaded, at + ", pickled")
        assert loaded.log == game.log, f"{at}: the pickled game's log differs"
    # a pickled game continues as the original did, to the same end
    loaded = pickle.loads(pickle.dumps(Game.new(final.config)))
    for action_id in ids:
        loaded.apply(action_id)
    same_game(final, loaded, f"{game_id}, {players} players: continued after a pickle")
    assert loaded.result == final.result and loaded.log == final.log


def test_a_pickled_game_with_the_log_off_keeps_it_off_and_plays_the_same():
    game = Game.new({"players": 3, "seed": 5})
    game.logging = False
    rng = random.Random(5)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    game.seat_names = ["Ada", "Bo", "Cy"]
    loaded = pickle.loads(pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL))
    same_game(game, loaded, "log off")
    assert loaded.logging is False and loaded.log == game.log
    assert loaded.who(1) == "Bo"
    action = rng.choice(game.legal_actions())
    game.apply(action)
    loaded.apply(action.id)
    same_game(game, loaded, "log off, one action on")


def test_a_determinized_world_deepcopies_but_does_not_pickle():
    game = Game.new({"game": "odyssey", "players": 2, "seed": 1})
    world = game.determinize(0, random.Random(3))
    same_game(world, copy.deepcopy(world), "a world's deepcopy")
    with pytest.raises(pickle.PicklingError, match="changed outside apply"):
        pickle.dumps(world)
    assert pickle.loads(pickle.dumps(game.clone())).full_view() == game.full_view()
