"""Every registered game as an OpenSpiel game (`artemis.rl.openspiel`): OpenSpiel's own
random-simulation test at the issue's configs, states that serialize and clone independently,
and worlds from `resample_from_infostate` that the resampled seat cannot tell from the real
state (its information state and observation equal at every decision), with an OpenSpiel
history of their own that is empty."""

from __future__ import annotations

import random

import pytest

from .conftest import need

need("numpy", "pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from artemis.kernel.games import games  # noqa: E402
from artemis.rl import openspiel as aos  # noqa: E402

aos.register()


def _load(game_id: str, players: int, **params):
    return pyspiel.load_game(aos.short_name(game_id), {"players": players, **params})


def test_every_registered_game_is_registered_and_registering_again_is_fine():
    names = aos.register()
    assert names == [f"python_artemis_{g}" for g in sorted(games())]
    assert set(names) <= set(pyspiel.registered_names())
    game = _load("odyssey", 1)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM  # solo
    assert _load("odyssey", 3).get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 10_221
    with pytest.raises(ValueError, match="plays with 1, 2, 3, 4, 5, 6, 8 players, not 7"):
        _load("odyssey", 7)
    # -1 is the default; 0 and other negatives are no player count
    assert pyspiel.load_game("python_artemis_project", {"players": -1}).num_players() == 4
    with pytest.raises(ValueError, match="plays with 2, 3, 4, 5 players, not 0"):
        pyspiel.load_game("python_artemis_project", {"players": 0})
    with pytest.raises(ValueError, match=r"max_decisions must be 0 \(the game's own bound\) "
                                         r"or a whole number of 1 or more, not -3"):
        pyspiel.load_game("python_artemis_project", {"max_decisions": -3})
    # "auto", as PettingZoo's: the Project's 238k declared ids are too many, so slots
    auto = pyspiel.load_game("python_artemis_project", {"action_space": "auto"})
    assert auto.num_distinct_actions() == 7_855


@pytest.mark.parametrize("game_id,players", [("project", 2), ("project", 4), ("odyssey", 1),
                                             ("odyssey", 3), ("odyssey", 6)])
def test_openspiel_s_random_simulation_test(game_id, players):
    pyspiel.random_sim_test(_load(game_id, players, seed=players), num_sims=1,
                            serialize=False, verbose=False)


def test_a_state_serializes_and_comes_back_the_same():
    """``random_sim_test(serialize=True)`` cannot run: for a SAMPLED_STOCHASTIC game it asks
    ``Game.GetRNGState``, which open_spiel 2.0.2 does not forward to a Python game. A state's
    own ``serialize`` (its game's config and action ids, replayed on load) is checked here, at
    the history sizes random_sim_test would have used."""
    game = _load("project", 2, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.move_number() < 10 or state.move_number() & (state.move_number() - 1) == 0:
            back = game.deserialize_state(state.serialize())
            assert (str(back), back.history(), back.legal_actions()) == (
                str(state), state.history(), state.legal_actions())
            assert back.information_state_string(1) == state.information_state_string(1)
        state.apply_action(rng.choice(state.legal_actions()))
    assert game.deserialize_state(state.serialize()).returns() == state.returns()


def test_a_clone_and_its_original_play_on_independently():
    game = _load("odyssey", 3, seed=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    before = (str(state), state.legal_actions(), state.observation_tensor(0),
              state.information_state_string(0))
    clone = state.clone()
    assert str(clone) == str(state)
    for _ in range(5):
        clone.apply_action(clone.legal_actions()[-1])
    assert (str(state), state.legal_actions(), state.observation_tensor(0),
            state.information_state_string(0)) == before
    after = (str(clone), clone.legal_actions())
    state.apply_action(state.legal_actions()[0])
    assert (str(clone), clone.legal_actions()) == after
    assert set(vars(state)) == {"_t", "_g", "_trail", "_digest", "_world", "_strings"}


@pytest.mark.parametrize("game_id,players,seed", [("project", 3, 4), ("odyssey", 3, 5)])
def test_every_world_resampled_for_a_seat_shows_it_the_same_information_state(game_id,
                                                                               players, seed):
    game = _load(game_id, players, seed=seed, fixed_seed=True)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        key = state.information_state_string(seat)
        obs = state.observation_tensor(seat)
        other = (seat + 1) % players
        for _ in range(2):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == key, (decisions, seat)
            assert np.array_equal(world.observation_tensor(seat), obs)
            assert world.legal_actions() == state.legal_actions()
            assert world.history() == [] and world.current_player() == seat
        assert state.resample_from_infostate(other, sampler).information_state_string(
            other) == state.information_state_string(other)
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    assert decisions > 100
    real = state._live()
    for seat in range(players):
        assert state.history_of(seat) == real.history(seat)
    if game_id == "odyssey":  # face-down cards: another seat's placement shows as hidden
        assert any(i is None for _, i in real.history(0))
        assert "?place:" in state.information_state_string(0)


def test_an_illegal_number_is_refused_in_words_and_changes_nothing():
    state = _load("odyssey", 2, seed=1).new_initial_state()
    before = str(state)
    with pytest.raises(Exception, match="is not legal now"):
        state.apply_action(10_000)
    assert str(state) == before


def test_max_decisions_cuts_the_game_as_a_draw():
    state = _load("odyssey", 2, seed=1, max_decisions=7).new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() == 7 and state.returns() == [0.0, 0.0]
    assert str(state).endswith("truncated")
    # the engine's game goes on, but OpenSpiel's is over: no move, legal there or not
    live = state._live().legal_actions()
    assert live and state.legal_actions() == []
    with pytest.raises(Exception, match=r"the game was cut at max_decisions \(7\), no action "
                                        "is legal"):
        state.apply_action(state._t.actions.legal(state._live())[0])
    assert state.move_number() == 7


def test_a_finished_game_a_bad_seat_and_a_bot_at_the_end_are_refused_in_words():
    game = _load("odyssey", 3, seed=2)
    state = game.new_initial_state()
    for seat in (-1, 3, 9, True):
        with pytest.raises(ValueError, match=rf"a world is resampled for a seat, 0 to 2, not "
                                             rf"{seat!r}"):
            state.resample_from_infostate(seat, lambda: 0.5)
    bot = aos.ArtemisBot(game, "random", seed=1)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(Exception, match="action 5: the game is over, no action is legal"):
        state.apply_action(5)
    with pytest.raises(ValueError, match="the state is terminal: the bot has nothing to decide"):
        bot.step(state)


def test_is_mcts_searches_worlds_from_the_resampler():
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load("odyssey", 2, seed=7)
    search = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                              uct_c=2.0, max_simulations=5,
                              random_state=np.random.RandomState(2))
    search.set_resampler(aos.resampler(seed=3))
    state = game.new_initial_state()
    action = search.step(state)  # its own assert: every world has the root's key
    assert action in state.legal_actions()


def test_episodes_follow_the_seed_whatever_is_observed_or_cloned_first():
    """OpenSpiel sizes each ``observation_tensor`` call by observing a fresh state of its own
    (``ObservationTensorShape``): that must neither set a game up nor move the episodes on;
    and a state cloned before anyone read it plays the same game as its clone."""
    first = _load("odyssey", 4, seed=9)
    a = first.new_initial_state()
    expected = a.observation_tensor(1)
    for _ in range(3):
        a.observation_tensor(0)
    b = a.clone()  # a was never read: the clone must play a's game
    assert str(b) == str(a) and b.observation_tensor(1) == expected
    second_state = first.new_initial_state()
    again = _load("odyssey", 4, seed=9)  # the same episodes in the same order
    assert str(again.new_initial_state()) == str(a)
    assert str(again.new_initial_state()) == str(second_state)
    assert str(second_state) != str(a)
    fixed = _load("odyssey", 4, seed=9, fixed_seed=True)
    assert str(fixed.new_initial_state()) == str(fixed.new_initial_state())
    assert " seed 9 " in str(fixed.new_initial_state())


def test_an_unread_state_observed_then_overtaken_shows_its_own_game_once_read():
    game = _load("odyssey", 3, seed=12)
    a = game.new_initial_state()
    peeked = a.observation_string(0)
    b = game.new_initial_state()
    b.current_player()  # b is read first: it plays the game a was shown
    assert b.observation_string(0) == peeked
    a.current_player()
    assert str(a) != str(b)
    assert a.observation_string(0) == aos._canon(a._live().view(0)) != peeked
