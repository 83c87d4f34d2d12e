"""A plugin's own quantities and targets, with their code, reach the interpreter the way its
operations do: through the game's registry (``game.registry.quantities[name].count``,
``game.registry.targets[name].select``), never through the core's tables."""

from __future__ import annotations

import random
import types
from pathlib import Path

import pytest

from artemis.effects.registry import Quantity, RegistryError, Target
from artemis.kernel.game import Game
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.plugins import load_plugins

SEEDS = range(12)

MANIFEST = """\
id: beacon_content
name: Beacon
version: 0.1.0
engine: ">=0.1"
requires: [base, beacon]
files: [events.yaml, expeditions.yaml, buildings.yaml]
description: "A test pack using the beacon plugin's quantity and target."
authors: ["tests"]
provenance: "tests"
"""

EVENT = """\
  - id: beacon_{n}
    name: Beacon {n}
    when: immediate
    clauses:
      - target: last_in_turn_order
        effect: [{{per: {{count: {{relief_space: {{}}}}, every: 1, effect: [{{vp: 1}}]}}}}]
      - target: {{players_with_most: {{relief_space: {{}}}}}}
        effect: [{{vp: 1}}]
    provenance: "tests"
"""

EXPEDITIONS = """\
kind: expeditions
items:
  - id: beacon_run
    name: Beacon Run
    difficulty: 3
    energy: 1
    minerals: 1
    rewards:
      - [{per: {count: {relief_space: {}}, every: 1, max: 3, effect: [{gain: {energy: 1}}]}}]
      - [{gain: {energy: 2}}]
    provenance: "tests"
"""

BUILDINGS = """\
kind: buildings
items:
  - id: beacon_tower
    name: Beacon Tower
    kind: surface
    slots: [any]
    scoring: [{per: {count: {relief_space: {}}, every: 1, effect: [{vp: 1}]}}]
    provenance: "tests"
"""


def beacon_plugin(calls: dict) -> types.ModuleType:
    """A plugin registering the quantity ``relief_space`` (the player's Relief Track space)
    and the bare target ``last_in_turn_order``, each with its code; ``calls`` counts the
    calls of each."""

    def relief_space(game, player, args):
        calls["count"] += 1
        return game.state.players[player].relief

    def last_in_turn_order(game, arg):
        calls["select"] += 1
        return game.state.turn_order()[-1:]

    def artemis_register_vocabulary(register):
        register(Quantity("relief_space", {"type": "object", "additionalProperties": False,
                                           "properties": {}},
                          "The player's Relief Track space.", count=relief_space,
                          plugin="beacon"))
        register(Target("last_in_turn_order", None, "The last player in turn order.",
                        select=last_in_turn_order, plugin="beacon"))

    module = types.ModuleType("beacon")
    module.artemis_register_vocabulary = hookimpl(artemis_register_vocabulary)
    return module


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("beacon_pack")
    (root / "expansion.yaml").write_text(MANIFEST)
    (root / "events.yaml").write_text(
        "kind: events\nitems:\n" + "".join(EVENT.format(n=n) for n in range(8)))
    (root / "expeditions.yaml").write_text(EXPEDITIONS)
    (root / "buildings.yaml").write_text(BUILDINGS)
    return root


@pytest.fixture(scope="module")
def calls() -> dict:
    return {"count": 0, "select": 0}


@pytest.fixture(scope="module")
def host(calls):
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(beacon_plugin(calls), name="beacon")
    assert not host.failures
    return host


def play(host, pack, seed: int) -> Game:
    game = Game.new({"players": 3, "seed": seed, "expansions": (str(pack),)}, plugins=host)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_plugins_quantity_and_target_play_whole_games(host, pack, calls):
    games = [play(host, pack, seed) for seed in SEEDS]
    assert all(g.is_over for g in games)
    drawn = [e["event"] for g in games for e in g.log if e["type"] == "event"]
    assert any(e.startswith("beacon_") for e in drawn), drawn
    assert calls["select"] > 0 and calls["count"] > 0


def test_the_interpreter_reads_quantities_and_targets_from_the_registry(host, pack, calls):
    from artemis.games.project.ops import quantity, targets
    from artemis.games.project.rules.scoring import _score_effect

    game = Game.new({"players": 3, "seed": 0, "expansions": (str(pack),)}, plugins=host)
    for p, space in zip(game.state.players, (4, 2, 4), strict=True):
        p.relief = space
    assert quantity(game, 1, {"relief_space": {}}) == 2
    order = game.state.turn_order()
    assert targets(game, "last_in_turn_order") == order[-1:]
    assert targets(game, ("players_with_most", ("relief_space", {}))) == [
        p for p in order if p in (0, 2)]
    tower = game.catalog["beacon_tower"]
    assert _score_effect(game, 0, tower.scoring) == 4


# -- vocabulary without code ---------------------------------------------------------------

CODELESS = {
    "operation": "Operation('glow', {'type': 'integer'}, 'Glow.')",
    "quantity": "Quantity('glow', {'type': 'object'}, 'Glow.')",
    "target": "Target('glow', None, 'Glow.')",
}
CODE_FIELD = {"operation": "run", "quantity": "count", "target": "select"}


def plugin_source(thing: str) -> str:
    return ("from artemis.effects.registry import Operation, Quantity, Target\n"
            "from artemis.kernel.hookspecs import hookimpl\n\n\n"
            "@hookimpl\n"
            "def artemis_register_vocabulary(register):\n"
            f"    register({thing})\n")


def plugin_module(thing: str) -> types.ModuleType:
    module = types.ModuleType("codeless")
    exec(plugin_source(thing), module.__dict__)
    return module


@pytest.mark.parametrize("kind", sorted(CODELESS))
def test_vocabulary_without_code_is_refused_naming_the_plugin(kind):
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(plugin_module(CODELESS[kind]), name="codeless")
    message = rf"plugin 'codeless': {kind} 'glow' has no code \({CODE_FIELD[kind]}=None\)"
    with pytest.raises(RegistryError, match=message) as info:
        host.registry()
    assert info.value.plugin == "codeless"
    with pytest.raises(RegistryError, match=message):
        Game.new({"players": 2, "seed": 1}, plugins=host)


@pytest.fixture
def installed_codeless(monkeypatch, tmp_path):
    """Entry points: ``codeless`` registers an operation without code; ``glow_twice``
    registers the core's ``gain`` again; ``fine`` is the harsh plugin. The default host is
    rebuilt from them."""
    from importlib.metadata import EntryPoint

    from artemis.kernel import plugins as plugins_module

    (tmp_path / "artemis_codeless.py").write_text(plugin_source(CODELESS["operation"]))
    (tmp_path / "artemis_gain_twice.py").write_text(plugin_source(
        "Operation('gain', {'type': 'integer'}, 'Again.', run=lambda *a: None)"))
    monkeypatch.syspath_prepend(str(tmp_path))
    eps = [EntryPoint("codeless", "artemis_codeless", "artemis.plugins"),
           EntryPoint("gain_twice", "artemis_gain_twice", "artemis.plugins"),
           EntryPoint("harsh", "artemis_plugins.harsh", "artemis.plugins")]
    monkeypatch.setattr(plugins_module, "entry_points", lambda group: eps)
    monkeypatch.delenv("ARTEMIS_LOAD_PLUGINS", raising=False)
    monkeypatch.delitem(plugins_module.HOSTS, "default", raising=False)
    return tmp_path


def test_a_plugin_refused_at_load_is_reported_and_the_rest_works(installed_codeless):
    host = load_plugins()
    assert set(host.failures) == {"codeless", "gain_twice"}
    assert host.failures["codeless"] == (
        "RegistryError: plugin 'codeless': operation 'glow' has no code (run=None); "
        "register it with its implementation")
    assert "'gain' is already registered" in host.failures["gain_twice"]
    assert "codeless" not in host.names() and "harsh" in host.names()
    assert "glow" not in host.registry().operations
    game = Game.new({"players": 2, "seed": 3, "variants": {"harsh": {}}}, plugins=host)
    assert game.current_player is not None


def test_the_cli_names_the_refused_plugin(installed_codeless, monkeypatch):
    import json

    from typer.testing import CliRunner

    from artemis.cli import app, common

    monkeypatch.setattr(common, "_WARNED", set())  # warned once per process: from here on

    def run(*args):
        return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})

    listed = run("plugins", "--json")
    assert listed.exit_code == 0, listed.output
    assert ("warning: plugin 'codeless' (entry point codeless = artemis_codeless) failed to "
            "load: RegistryError: plugin 'codeless': operation 'glow' has no code") \
        in listed.stderr
    report = json.loads(listed.stdout)
    assert "operation 'glow' has no code" in report["failures"]["codeless"]
    assert "codeless" not in {row["name"] for row in report["plugins"]}
    text = run("plugins")
    assert text.exit_code == 0
    assert ("plugin 'codeless' (entry point codeless = artemis_codeless) failed to load: "
            "RegistryError: plugin 'codeless': operation 'glow'") in text.output
    checked = run("validate")
    assert checked.exit_code == 0, checked.output
    assert "valid: project: base" in checked.stdout
    assert "codeless" not in checked.stderr  # warned once per process, by `plugins` above
    # asked for by name (the module of the installed 'codeless'), it is an error (exit 2)
    played = run("play", "--players", "2", "--quiet", "--plugin", "artemis_codeless")
    assert played.exit_code == 2, played.output
    assert ("error: plugin 'codeless' (entry point codeless = artemis_codeless) failed to "
            "load: RegistryError: plugin 'codeless': operation 'glow' has no code") \
        in played.stderr
    assert "winner" not in played.stdout
