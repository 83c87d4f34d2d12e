"""A plugin that fails, changes what it observes or loops: the game is left exactly as before
the action, and the error names the plugin, its hook, the round and the seed, with the
command that replays it (docs/plugins.md, "When a plugin fails")."""

from __future__ import annotations

import random
import types

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import Game
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.plugins import load_plugins


def make_plugin(name="faulty_plugin", **hooks):
    module = types.ModuleType(name)
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))
    return module


def host_with(plugin, name="faulty_plugin"):
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(plugin, name=name)
    return host


def snapshot(game) -> dict:
    """What must not change when an action fails: everything a seat or a spectator sees, the
    legal actions, the log, the actions, the random streams and the rules still to run."""
    return {"full_view": game.full_view(), "legal": [a.id for a in game.legal_actions()],
            "player": game.current_player, "log": len(game.log), "actions": len(game.actions),
            "streams": {name: r.getstate() for name, r in dict.items(game.state.rng)},
            "tasks": list(game.tasks), "over": game.is_over}


FAULT = {"on": True}


def fault_observe(game, event):
    """Raises at the dice of round 2 while FAULT["on"]: a fault of the game's situation, so
    the replay up to the decision before it does not meet it."""
    if FAULT["on"] and event["type"] == "dice_rolled" and game.state.round == 2:
        raise RuntimeError("the plugin fails here on purpose")


def fault_resolve(game, region):
    """Raises at the gantry of round 2 while FAULT["on"], after a change: half done."""
    if FAULT["on"] and region == "gantry" and game.state.round == 2:
        game.state.players[0].vp += 5
        raise RuntimeError("the plugin fails here on purpose")


@pytest.fixture
def fault(monkeypatch):
    monkeypatch.setitem(FAULT, "on", True)
    return FAULT


def play_until_it_fails(game, rng):
    """Random actions until one raises: (the snapshot before it, the action, the error)."""
    while not game.is_over:
        before = snapshot(game)
        action = rng.choice(game.legal_actions())
        try:
            game.apply(action)
        except Exception as exc:
            return before, action, exc
    raise AssertionError("the plugin never failed")


@pytest.mark.parametrize("hook", ["artemis_observe_event", "artemis_resolve_region"])
def test_a_hook_that_raises_leaves_the_game_as_before_the_action(hook, fault):
    fn = fault_observe if hook == "artemis_observe_event" else fault_resolve
    host = host_with(make_plugin(**{hook: fn}))
    game = Game.new({"players": 3, "seed": 8}, plugins=host)
    rng = random.Random(8)
    before, action, exc = play_until_it_fails(game, rng)
    assert snapshot(game) == before  # not half-applied, the action not recorded
    from artemis.kernel.game import PluginError

    assert isinstance(exc, PluginError), repr(exc)
    assert exc.plugin == "faulty_plugin" and exc.hook == hook
    assert exc.seed == 8 and exc.round == 2 and exc.action == action.id and exc.restored
    assert isinstance(exc.__cause__, RuntimeError)
    assert str(exc) == (f"plugin 'faulty_plugin' raised in {hook} (round 2, seed 8, action "
                        f"'{action.id}'): RuntimeError: the plugin fails here on purpose")
    # the game goes on from where it was: the same action, once the plugin behaves
    fault["on"] = False
    game.apply(action.id)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    again = Game.new({"players": 3, "seed": 8}, plugins=host)
    for a in game.actions:
        again.apply(a.id)
    assert again.full_view() == game.full_view() and again.log == game.log


def test_a_plugin_that_does_not_answer_the_same_way_twice_stops_the_game():
    """The game is put back by replaying its actions, which calls the plugins' hooks again; a
    hook that answers otherwise the second time (it keeps its own count) cannot be replayed:
    the error says so, and the game refuses to go on from a half-applied state."""
    from artemis.kernel.game import PluginError

    calls = []

    def resolve(game, region):
        calls.append(region)
        if len(calls) >= 12:
            raise RuntimeError("the twelfth call fails")

    game = Game.new({"players": 2, "seed": 2},
                    plugins=host_with(make_plugin(artemis_resolve_region=resolve)))
    _, action, exc = play_until_it_fails(game, random.Random(2))
    assert isinstance(exc, PluginError) and not exc.restored
    assert str(exc).endswith("the twelfth call fails; the game could not be put back as it "
                             "was before the action: a plugin does not answer the same way "
                             "twice; the game stops here")
    with pytest.raises(PluginError) as again:
        game.apply(action.id)
    assert again.value is exc


def test_a_game_changed_outside_apply_is_restored_to_that_position(fault):
    """A determinized world (what a greedy bot tries actions on) is not its config's game: a
    failure there goes back to the world, not to the real game."""
    fault["on"] = False
    game = Game.new({"players": 2, "seed": 3},
                    plugins=host_with(make_plugin(artemis_resolve_region=fault_resolve)))
    rng = random.Random(3)
    while game.state.round < 2 or game.pending.kind != "place":
        game.apply(rng.choice(game.legal_actions()))
    world = game.determinize(game.current_player, random.Random(1))
    assert world.full_view() != game.full_view()
    fault["on"] = True
    trial = world.clone()
    before, _, exc = play_until_it_fails(trial, rng)
    assert snapshot(trial) == before and type(exc).__name__ == "PluginError"


def test_an_error_of_the_rules_themselves_also_leaves_the_game_unchanged():
    game = Game.new({"players": 2, "seed": 4})
    rng = random.Random(4)

    def broken(g, *args):
        raise ZeroDivisionError("a bug in a rule")

    game.steps = {**game.steps, "upkeep": broken}
    before, _, exc = play_until_it_fails(game, rng)
    assert isinstance(exc, ZeroDivisionError)  # not a plugin's: the error as it was raised
    assert snapshot(game) == before


# -- artemis play ---------------------------------------------------------------------------

RAISING = """
from artemis.kernel.hookspecs import hookimpl

CALLS = [0]


@hookimpl
def artemis_observe_event(game, event):
    if event["type"] == "dice_rolled" and game.state.round == 3:
        raise RuntimeError("this plugin fails in round 3")
"""


def test_play_names_the_plugin_that_raised_and_how_to_replay_it(tmp_path, monkeypatch):
    (tmp_path / "artemis_raising_plugin.py").write_text(RAISING)
    monkeypatch.syspath_prepend(str(tmp_path))
    save = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "5", "--plugin",
                                      "artemis_raising_plugin", "--save", str(save)],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 1, result.output
    err = result.stderr
    assert "internal error" not in err and "bug in artemis" not in err
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert err.startswith("error: plugin 'artemis_raising_plugin' raised in "
                          "artemis_observe_event (round 3, seed 5, action '")
    assert "RuntimeError: this plugin fails in round 3" in err
    assert ("replay: artemis play --players 2 --seed 5 --bots random,random --plugin "
            "artemis_raising_plugin") in err
    # the save holds the game at the decision before the failed action, ready to continue
    assert f"saved to {save} (round 3, " in err
    from artemis.records.save import load_save

    loaded = load_save(save, load_plugins(entry_point_plugins=False))
    assert loaded.game.state.round == 3 and not loaded.game.is_over


# -- a loop: steps scheduled for ever without a decision -------------------------------------


def loop_at_the_gantry(game, region):
    """Resolves the gantry of round 2 by scheduling its resolution again: for ever."""
    from artemis.kernel.flow import push

    if region == "gantry" and game.state.round == 2:
        push(game, ("resolve", "region", region))
        return True
    return None


def test_a_hook_that_schedules_steps_for_ever_stops_at_the_step_bound_with_its_seed():
    from artemis.kernel.flow import StepLimit

    game = Game.new({"players": 2, "seed": 6},
                    plugins=host_with(make_plugin(artemis_resolve_region=loop_at_the_gantry)))
    before, action, exc = play_until_it_fails(game, random.Random(6))
    assert isinstance(exc, StepLimit)
    assert game.ruleset.max_steps == exc.limit == 10_000  # the Project's bound
    assert (exc.seed, exc.round, exc.action) == (6, 2, action.id)
    assert str(exc) == (f"no decision after 10000 rule steps (round 2, seed 6, action "
                        f"'{action.id}'): the rules or a plugin's hook schedule steps for "
                        "ever; the next step was ('resolve', 'region', 'gantry')")
    assert snapshot(game) == before


LOOPING = """
from artemis.kernel.flow import push
from artemis.kernel.hookspecs import hookimpl


@hookimpl
def artemis_resolve_region(game, region):
    if region == "gantry" and game.state.round == 2:
        push(game, ("resolve", "region", region))
        return True
    return None
"""


def test_play_stops_a_loop_with_its_seed_and_how_to_replay_it(tmp_path, monkeypatch):
    (tmp_path / "artemis_looping_plugin.py").write_text(LOOPING)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--players", "3", "--seed", "2", "--plugin",
                                      "artemis_looping_plugin"], env={"COLUMNS": "200"})
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("error: no decision after 10000 rule steps (round 2, "
                                    "seed 2, action '")
    assert ("\n    replay: artemis play --players 3 --seed 2 --bots random,random,random "
            "--plugin artemis_looping_plugin\n") in result.stderr


# -- observers: a copy to look at, a change refused ------------------------------------------


def cheat(game, event):
    """Seat 0 gains 10 VP at every dice roll from round 2 on."""
    if event["type"] == "dice_rolled" and game.state.round >= 2:
        game.state.players[0].vp += 10


def draw(game, event):
    """Rolls a die of the game's own stream at every dice roll from round 2 on."""
    if event["type"] == "dice_rolled" and game.state.round >= 2:
        game.state.rng["dice"].randint(1, 6)


def edit_event(game, event):
    """Changes the logged event of every dice roll from round 2 on."""
    if event["type"] == "dice_rolled" and game.state.round >= 2:
        event["cheated"] = True


def look(game, event):
    """Only reads: the view, the labels, a stream's state."""
    game.full_view()
    [a.label for a in game.legal_actions()]
    game.state.rng["dice"].getstate()


@pytest.mark.parametrize("observer", [cheat, draw, edit_event])
def test_an_observer_that_changes_the_game_is_refused_by_name(observer):
    host = host_with(make_plugin("cheater", artemis_observe_event=observer), name="cheater")
    game = Game.new({"players": 3, "seed": 12}, plugins=host)
    before, action, exc = play_until_it_fails(game, random.Random(12))
    from artemis.kernel.game import ObserverChangedGame

    assert isinstance(exc, ObserverChangedGame), repr(exc)
    assert (exc.plugin, exc.hook, exc.seed, exc.round) == ("cheater", "artemis_observe_event",
                                                            12, 2)
    assert str(exc) == (f"plugin 'cheater' changed the game in artemis_observe_event (round 2, "
                        f"seed 12, action '{action.id}'): it changed the game it was shown (the "
                        "'dice_rolled' event); an observer must not change the game, so the "
                        "change is refused")
    assert snapshot(game) == before


def test_an_observer_that_only_looks_changes_nothing():
    plain = Game.new({"players": 3, "seed": 12})
    watched = Game.new({"players": 3, "seed": 12},
                       plugins=host_with(make_plugin(artemis_observe_event=look)))
    rng = random.Random(12)
    while not plain.is_over:
        action = rng.choice(plain.legal_actions())
        plain.apply(action.id)
        watched.apply(action.id)
    assert watched.full_view() == plain.full_view() and watched.log == plain.log


CHEATING = """
from artemis.kernel.hookspecs import hookimpl


@hookimpl
def artemis_observe_event(game, event):
    if event["type"] == "dice_rolled":
        game.state.players[0].vp += 10
"""


def test_play_refuses_an_observer_that_changes_the_winner(tmp_path, monkeypatch):
    (tmp_path / "artemis_cheating_plugin.py").write_text(CHEATING)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "1", "--plugin",
                                      "artemis_cheating_plugin", "--quiet"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: plugin 'artemis_cheating_plugin' changed the game "
                                    "in artemis_observe_event (round 1, seed 1, ")
    assert "winner" not in result.stdout


def test_an_observer_that_keeps_a_game_and_changes_it_later_changes_nothing():
    """An observer sees a copy of the game: one it kept from an earlier call and changes
    afterwards (the trial's "sneaky" observer adding VP to seat 0) is not the game played."""
    kept = []

    def sneaky(game, event):
        if kept:
            kept[0].state.players[0].vp += 1000
        kept.append(game)

    plain = Game.new({"players": 3, "seed": 14})
    watched = Game.new({"players": 3, "seed": 14},
                       plugins=host_with(make_plugin(artemis_observe_event=sneaky)))
    rng = random.Random(14)
    while not plain.is_over:
        action = rng.choice(plain.legal_actions())
        plain.apply(action.id)
        watched.apply(action.id)
    assert len(kept) > 100
    assert watched.result == plain.result and watched.full_view() == plain.full_view()


EXITS_IN_ROUND_2 = """
import sys

from artemis.kernel.hookspecs import hookimpl


@hookimpl
def artemis_resolve_region(game, region):
    if game.state.round == 2:
        sys.exit(0)
"""


def test_a_plugin_calling_sys_exit_is_its_error_not_a_success(tmp_path, monkeypatch):
    (tmp_path / "artemis_exits_at_import.py").write_text("import sys\nsys.exit(0)\n")
    (tmp_path / "artemis_exits_in_round_2.py").write_text(EXITS_IN_ROUND_2)
    monkeypatch.syspath_prepend(str(tmp_path))
    at_import = CliRunner().invoke(app, ["play", "--players", "2", "--plugin",
                                         "artemis_exits_at_import", "--quiet"])
    assert at_import.exit_code == 2
    assert "plugin 'artemis_exits_at_import'" in at_import.stderr
    assert "SystemExit" in at_import.stderr
    in_game = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "3", "--plugin",
                                       "artemis_exits_in_round_2", "--quiet"])
    assert in_game.exit_code == 1, in_game.output
    assert in_game.stderr.startswith("error: plugin 'artemis_exits_in_round_2' raised in "
                                     "artemis_resolve_region (round 2, seed 3, ")
    assert "SystemExit" in in_game.stderr and "replay: artemis play" in in_game.stderr


def test_a_log_made_with_a_plugin_not_loaded_now_is_said(tmp_path, monkeypatch):
    (tmp_path / "artemis_quiet_watcher.py").write_text(
        "from artemis.kernel.hookspecs import hookimpl\n\n\n@hookimpl\n"
        "def artemis_observe_event(game, event):\n    return None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    log = tmp_path / "game.jsonl"
    made = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "4", "--plugin",
                                    "artemis_quiet_watcher", "--log", str(log), "--quiet"])
    assert made.exit_code == 0, made.output
    replayed = CliRunner().invoke(app, ["replay", str(log)])
    assert ("warning: the log was made with plugin artemis_quiet_watcher, not loaded now "
            "(give --plugin or install it)") in replayed.stderr
    with_it = CliRunner().invoke(app, ["replay", str(log), "--plugin", "artemis_quiet_watcher"])
    assert with_it.exit_code == 0 and "warning" not in with_it.stderr


def test_the_continue_command_keeps_the_plugin_flags():
    from artemis.cli.saves import _continue_with

    assert _continue_with("g.save", ["my_rules"], ["harsh"]) == (
        "artemis play --load g.save --plugin my_rules --disable-plugin harsh")


def test_a_game_stopped_by_a_plugin_still_leaves_its_log(tmp_path, monkeypatch):
    (tmp_path / "artemis_exits_in_round_2.py").write_text(EXITS_IN_ROUND_2)
    monkeypatch.syspath_prepend(str(tmp_path))
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "3", "--plugin",
                                      "artemis_exits_in_round_2", "--log", str(log)])
    assert result.exit_code == 1
    assert "the log of the game so far" in result.stderr and log.is_file()
    from artemis.records.log import read_log

    assert read_log(log).entries[-1]["type"] != "final_scoring"


def test_a_plugins_scoring_item_has_its_column_in_the_score_table(tmp_path, monkeypatch):
    (tmp_path / "artemis_bonus_point.py").write_text(
        "from artemis.kernel.hookspecs import hookimpl\n\n\n@hookimpl\n"
        "def artemis_register_scoring(register):\n"
        "    register('bonus', lambda game, seat: 1)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "5", "--plugin",
                                      "artemis_bonus_point"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    # a row per step named in the browser's words (`scoring_columns`), the plugin's last
    rows = [line.strip("│ ").split("│")[0].strip() for line in result.stdout.splitlines()
            if line.startswith("│")]
    assert rows == ["in game", "1. saved resources", "2. staffed Surface", "3. buildings",
                    "4. colonist sets", "5. leftovers", "6. badges", "7. most Toolkits",
                    "8. bonus", "total VP"]
    assert "steps: " not in result.stdout  # no footnote: the rows say it
