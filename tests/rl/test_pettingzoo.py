"""Every registered game as a PettingZoo AEC environment (`artemis.rl.pettingzoo`):
PettingZoo's own api_test and seed_test at the issue's configs, an observation of one finite
shape for every player count, a mask that is the legal set, ``reset(seed=s)`` playing the
engine's game of seed s, truncation at a decision count, and bad input refused in words."""

from __future__ import annotations

import random
import warnings

import pytest

from .conftest import need

need("numpy", "pettingzoo", "gymnasium")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from artemis.kernel.actions import IllegalAction  # noqa: E402
from artemis.kernel.game import Game  # noqa: E402
from artemis.kernel.games import UnknownGame, get_game  # noqa: E402
from artemis.rl.pettingzoo import env, raw_env  # noqa: E402

CONFIGS = [("project", 3), ("odyssey", 2), ("odyssey", 6)]

# what api_test says of every environment whose observation is a dict with an action mask
# (it lists PettingZoo's own such games by name, and warns for any other)
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def _play(e, seed: int, limit: int | None = None):
    """Random legal numbers from the masks until the game ends (or ``limit`` decisions);
    yields (agent, observation) before each decision."""
    rng = random.Random(seed)
    k = 0
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        yield agent, obs
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        k += 1
        if limit is not None and k >= limit:
            return


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_pettingzoo_s_api_test(game_id, players):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(env(game_id, players), num_cycles=1000)
    assert {str(w.message) for w in said} == DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_pettingzoo_s_seed_test(game_id, players):
    seed_test(lambda: env(game_id, players))


@pytest.mark.parametrize("game_id", ["project", "odyssey"])
def test_the_observation_is_finite_and_one_shape_for_every_player_count(game_id):
    shapes = {}
    for n in get_game(game_id).player_counts:
        e = env(game_id, n)
        e.reset(seed=n)
        for agent in e.agents:
            obs = e.observe(agent)
            assert np.isfinite(obs["observation"]).all()
            assert e.observation_space(agent).contains(obs)
        shapes[n] = obs["observation"].shape
    assert set(shapes.values()) == {({"project": 1365, "odyssey": 1796}[game_id],)}, shapes


@pytest.mark.parametrize("game_id,players,codec,size", [("project", 3, "slots", 7_855),
                                                        ("odyssey", 4, "declared", 10_899)])
def test_the_mask_is_the_legal_set_and_other_agents_get_none(game_id, players, codec, size):
    e = env(game_id, players)
    assert e.table.actions.kind == codec and e.action_space("player_0").n == size
    e.reset(seed=5)
    decisions = 0
    for agent, obs in _play(e, 5):
        game = e.game
        assert agent == f"player_{game.current_player}"
        legal = list(np.flatnonzero(obs["action_mask"]))
        if codec == "slots":
            assert legal == list(range(len(game.legal_actions())))
        else:
            ids = e.table.actions.ids
            assert sorted(ids[n] for n in legal) == sorted(a.id for a in game.legal_actions())
        other = e.possible_agents[(game.current_player + 1) % players]
        assert not e.observe(other)["action_mask"].any()
        decisions += 1
    assert decisions > 100 and e.game.is_over and e.agents == []


@pytest.mark.parametrize("game_id,players,seed", [("project", 3, 11), ("odyssey", 4, 12)])
def test_reset_with_a_seed_plays_the_engine_s_game_of_that_seed(game_id, players, seed):
    e = env(game_id, players)
    e.reset(seed=seed)
    engine = Game.new({"game": game_id, "players": players, "seed": seed})
    rng = random.Random(seed)
    codec = e.table.actions
    while not engine.is_over and e.decisions < 150:
        assert e.agent_selection == f"player_{engine.current_player}"
        assert e.game.view(None) == engine.view(None)
        mask = e.observe(e.agent_selection)["action_mask"]
        options = engine.legal_actions()
        assert int(mask.sum()) == len(options)
        wanted = options[rng.randrange(len(options))]
        # the engine's answer as the env's number: its declared index, or its place
        n = (codec.code(wanted) if codec.kind == "declared"
             else [a.id for a in options].index(wanted.id))
        assert mask[n] == 1
        e.step(n)
        engine.apply(wanted.id)
    assert e.decisions == 150 and e.game.view(None) == engine.view(None)
    again = env(game_id, players)  # the set-up game kept for resets was not played on
    again.reset(seed=seed)
    assert again.game.view(None) == Game.new({"game": game_id, "players": players,
                                              "seed": seed}).view(None)
    e.reset()  # without a seed: the next one
    assert e.game.config.seed == seed + 1
    assert e.game.view(None) == Game.new({"game": game_id, "players": players,
                                          "seed": seed + 1}).view(None)


def test_a_whole_game_ends_with_the_win_loss_rewards_summing_to_zero():
    e = env("odyssey", 3)
    e.reset(seed=2)
    seen = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(2)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        seen[agent] += reward
        if terminated or truncated:
            assert terminated and not truncated and info == {}
            e.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
    winners = e.game.result["winners"]
    assert winners and sum(seen.values()) == pytest.approx(0.0)
    for agent, total in seen.items():
        seat = int(agent.split("_")[1])
        assert total == (pytest.approx(1.0 / len(winners) * 1.5 - 0.5) if seat in winners
                         else pytest.approx(-0.5)), (agent, winners)


def test_max_decisions_truncates_every_agent_with_no_reward():
    e = env("odyssey", 2, max_decisions=7)
    e.reset(seed=1)
    assert len(list(_play(e, 1))) == 7
    assert e.agents == [] and not e.game.is_over and e.decisions == 7
    e.reset(seed=1)
    for _ in _play(e, 1, limit=7):
        pass
    assert e.truncations == {"player_0": True, "player_1": True}
    assert e.terminations == {"player_0": False, "player_1": False}
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
    obs, reward, terminated, truncated, _ = e.last()
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert not obs["action_mask"].any()  # nobody is asked any more
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)


def test_bad_input_is_refused_in_words_and_an_illegal_number_changes_nothing():
    with pytest.raises(ValueError, match="plays with 1, 2, 3, 4, 5, 6, 8 players, not 7"):
        env("odyssey", 7)
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        env("chess", 2)
    with pytest.raises(ValueError, match="unknown action space 'dense'; action spaces: auto, "
                                         "declared, slots"):
        env("odyssey", 2, action_space="dense")
    with pytest.raises(ValueError, match="unknown render mode 'human'; render modes: ansi"):
        env("odyssey", 2, render_mode="human")
    with pytest.raises(ValueError, match="max_decisions must be a whole number of 1 or more"):
        env("odyssey", 2, max_decisions=0)
    with pytest.raises(ValueError, match="vp_margin reward needs score bounds"):
        env("odyssey", 2, reward="vp_margin")
    for players in ("3", 2.5, True):
        with pytest.raises(ValueError, match=r"players must be a whole number \(or None for "
                                             r"the game's default\), not "):
            env("project", players)
    # after a table of 3 or 1 players is made and kept, 3.0 and True are still refused (a
    # cache keyed by the count took them for 3 and 1)
    env("project", 3), env("odyssey", 1)
    for game, players in (("project", 3.0), ("odyssey", True)):
        with pytest.raises(ValueError, match=rf"players must be a whole number .*, not "
                                             rf"{players!r}"):
            env(game, players)
    e = raw_env("odyssey", 2)
    e.reset(seed=4)
    before = (e.game.view(None), e.agent_selection, e.decisions)
    with pytest.raises(IllegalAction, match=r"action 0 \(.*\) is not legal now"):
        e.step(0)
    with pytest.raises(ValueError, match=r"player_\d is asked to decide: None is an action only"):
        e.step(None)
    for wrong in ("x", 1.5, True):  # True is 1 to Python, but a mask's value
        with pytest.raises(IllegalAction, match=rf"{wrong!r} is not an action number: give a "
                                                r"whole number"):
            e.step(wrong)
    # the legal numbers shown, and how many more there are when they are cut (66 here)
    legal = e.table.actions.legal(e.game)
    with pytest.raises(IllegalAction) as info:
        e.step(0)
    shown = ", ".join(map(str, legal[:8]))
    assert len(legal) > 8
    more = f" and {len(legal) - 8} more"
    assert str(info.value).endswith(f"the {len(legal)} legal: {shown}{more}")
    assert (e.game.view(None), e.agent_selection, e.decisions) == before
    # an unknown agent's name, a seed that is not a number: said, not a bare KeyError
    for call in (e.observe, e.observation_space, e.action_space):
        with pytest.raises(KeyError, match=r"'player_9' is not an agent of this environment; "
                                           r"its agents: player_0, player_1"):
            call("player_9")
    with pytest.raises(ValueError, match=r"seed must be a whole number \(or None\), not 'abc'"):
        e.reset(seed="abc")
    # numpy integers are whole numbers, for the settings as for the actions
    e = raw_env("odyssey", np.int64(3), max_decisions=np.int64(10))
    e.reset(seed=np.int64(5))
    assert len(e.possible_agents) == 3 and e.max_decisions == 10 and e.game.config.seed == 5


def test_an_episode_used_before_reset_or_after_its_end_says_so():
    e = raw_env("odyssey", 2)
    for call in (e.last, lambda: e.step(0), lambda: e.observe("player_0")):
        with pytest.raises(AttributeError, match=r"before reset\(\): call reset\(seed=\.\.\.\) "
                                                 r"before last\(\), step\(\) or observe\(\)"):
            call()
    assert not hasattr(e, "agent_selection")  # hasattr still answers (an AttributeError)
    # PettingZoo's own iterator would yield nothing: the loop would end at once, silently
    with pytest.raises(AttributeError, match=r"before reset\(\): call reset\(seed=\.\.\.\) "
                                             r"before agent_iter\(\)"):
        e.agent_iter()
    e.reset(seed=1)
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0]))
    assert e.agents == []
    for call in (lambda: e.step(None), e.last):  # PettingZoo's own last() raised a KeyError
        with pytest.raises(RuntimeError, match=r"the episode is over and every agent has "
                                               r"left: call reset\(\) to play another"):
            call()


def test_the_ansi_render_draws_the_spectator_s_board():
    e = env("odyssey", 2, render_mode="ansi")
    assert e.render() is None  # nothing to draw before a reset
    e.reset(seed=3)
    text = e.render()
    assert text.startswith("The Artemis Odyssey 2p seed 3 decision 0: player_0 to decide\n")
    assert "Planning board" in text and all(line == line.rstrip() for line in
                                            text.splitlines())
    quiet = env("odyssey", 2)
    quiet.reset(seed=3)
    assert quiet.render() is None


def test_register_enters_every_game_in_pettingzoo_s_registry_once():
    import pettingzoo

    from artemis.rl.pettingzoo import register

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second call overrides nothing
        ids = register()
        assert register() == ids == ["artemis/odyssey_v0", "artemis/project_v0"]
    e = pettingzoo.make("aec", "artemis/odyssey_v0", players=4, max_cycles=3)
    assert isinstance(e, pettingzoo.AECEnv) and e.possible_agents == [
        f"player_{s}" for s in range(4)]
    e.reset(seed=5)
    for _ in range(3):
        mask = e.last()[0]["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert all(e.truncations.values()) and e.max_decisions == 3
    assert pettingzoo.make("aec", "artemis/project", players=2).table.players == 2
    with pytest.raises(ValueError, match=r"max_cycles \(5\) is another name for "
                                         r"max_decisions \(4\)"):
        env("project", max_decisions=4, max_cycles=5)


@pytest.mark.parametrize("game_id,players", [("project", 3), ("odyssey", 4)])
def test_the_agent_s_observation_is_the_encoder_s_at_every_decision(game_id, players):
    """`observe` writes from scratch (`Encoder.fresh`): the same numbers as the incremental
    `Encoder.array`, for the deciding agent and the others, and a fresh array each call."""
    e = env(game_id, players)
    e.reset(seed=41)
    enc = e.table.require_encoder()
    for k, (agent, obs) in enumerate(_play(e, 41, limit=120)):
        seat = e.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], enc.array(e.game, seat))
        other = e.possible_agents[(seat + 1) % players]
        assert np.array_equal(e.observe(other)["observation"],
                              enc.array(e.game, (seat + 1) % players))
        if k == 0:
            obs["observation"][:] = 9.0  # a caller's writes reach no later observation
    assert np.array_equal(e.observe(agent)["observation"], enc.array(e.game, seat))
