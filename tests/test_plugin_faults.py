"""A plugin that fails, changes what it observes or loops: the game is left exactly as before
the action, and the error names the plugin, its hook, the round and the seed, with the
command that replays it (docs/plugins.md, "When a plugin fails")."""

from __future__ import annotations

import random
import types

import pytest

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
    rng = random.Random(6)
    with pytest.raises(StepLimit) as stop:
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    exc = stop.value
    assert game.ruleset.max_steps == exc.limit == 10_000  # the Project's bound
    assert (exc.seed, exc.round) == (6, 2)
    assert str(exc) == ("no decision after 10000 rule steps (round 2, seed 6): the rules or a "
                        "plugin's hook schedule steps for ever; the next step was ('resolve', "
                        "'region', 'gantry')")
