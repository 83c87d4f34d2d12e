"""The example code expansion (content/examples/project/code_expansion): the artemis-salvage
distribution adds one effect operation, `salvage`, and a content pack using it.

First registered directly into a plugin host (no install): the operation and its schema, its
exact effect, and its content in seeded games. Then installed for real: the distribution is
built with the engine into a fresh virtual environment, where the ``artemis.plugins`` entry
point loads it and `artemis plugins` / `artemis play` use it.

The install test takes about 10 s with a warm pip cache (both folders are built by pip; the
venv is made ``--without-pip`` and filled by this interpreter's pip, as tests/test_wheel.py
does).
"""

from __future__ import annotations

import importlib
import json
import random
import re
import sys
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from ruamel.yaml import YAML
from venv_helpers import BIN, EXE, fresh_venv, run, show

from artemis.content.manifest import manifest_schema
from artemis.games.project.content import load_game_content
from artemis.games.project.content_schemas import file_schema
from artemis.kernel.game import Game
from artemis.kernel.plugins import describe_plugins, load_plugins

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "content" / "examples" / "project" / "code_expansion"
PACK = EXAMPLE / "artemis_salvage" / "content"
SEEDS = range(30)


@pytest.fixture(scope="module")
def salvage():
    """The artemis_salvage package, imported from the example folder."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        module = importlib.import_module("artemis_salvage")
    finally:
        sys.path.remove(str(EXAMPLE))
    assert Path(module.__file__).resolve().is_relative_to(EXAMPLE)
    return module


@pytest.fixture(scope="module")
def host(salvage):
    """The core plus the salvage plugin, registered as its entry point would be."""
    host = load_plugins(entry_point_plugins=False)
    host.pm.register(salvage, name="salvage")
    assert not host.failures
    return host


def play(host, seed: int, eager: bool = False) -> Game:
    """A 3-player game to the end, random.Random(seed) choosing among the legal actions.
    ``eager``: buy every Gantry tile and activate every Ocean tile offered, else random."""
    game = Game.new({"players": 3, "seed": seed}, plugins=host)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        wanted = [a for a in actions if eager and (
            a.id == "buy:buy" or (a.kind == "activate" and a.args[0] != "done"))]
        game.apply(wanted[0] if wanted else rng.choice(actions))
    return game


@pytest.fixture(scope="module")
def random_games(host):
    return [play(host, seed) for seed in SEEDS]


@pytest.fixture(scope="module")
def eager_games(host):
    return [play(host, seed, eager=True) for seed in SEEDS]


def salvaged(games) -> list[tuple[Game, int, dict]]:
    """Every `salvaged` event: (game, its index in the log, the event)."""
    return [(g, i, e) for g in games for i, e in enumerate(g.log) if e["type"] == "salvaged"]


# -- registered directly ------------------------------------------------------------------------

def test_the_plugin_registers_salvage_with_its_schema(host, salvage):
    registry = host.registry()
    op = registry.operations["salvage"]
    assert op is salvage.SALVAGE and op.plugin == "salvage" and op.run is salvage.run_salvage
    assert op.contexts == frozenset({"player"})
    step = registry.schema_definitions()["step"]["properties"]["salvage"]
    assert step == {**salvage.SALVAGE_PARAMS, "description": salvage.SALVAGE_DESCRIPTION,
                    "examples": [{"energy": 3}]}
    check = Draft7Validator(step)
    assert check.is_valid({"energy": 3})
    for bad in ({"energy": 0}, {"energy": 1.5}, {}, {"energy": 2, "minerals": 1}, 3):
        assert not check.is_valid(bad), bad
    row = next(r for r in describe_plugins(host)["plugins"] if r["name"] == "salvage")
    assert row["hooks"] == ["artemis_register_content", "artemis_register_vocabulary"]
    assert row["content"] == [str(PACK)]


def test_the_pack_validates_only_with_the_plugin(host):
    with_plugin = load_game_content([PACK], host.registry(), host.checks(),
                                    host.names())
    assert with_plugin.ok, [p.format() for p in with_plugin.problems]
    assert [p.id for p in with_plugin.catalog.packs] == ["base", "salvage_content"]
    core_only = load_game_content([PACK])
    assert {p.code for p in core_only.problems} >= {"E207", "E506"}
    e506 = next(p for p in core_only.problems if p.code == "E506")
    assert "requires 'salvage'" in e506.message  # the missing plugin is named
    assert all("salvage" in p.message for p in core_only.problems if p.code == "E207")


MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


@pytest.mark.parametrize("name", ["expansion.yaml", "buildings.yaml", "expeditions.yaml"])
def test_each_pack_file_names_its_schema_and_fits_the_plugins_schema(host, name):
    """tests/test_schemas.py leaves code expansions out: the committed schemas know only the
    core vocabulary. Here: the modeline names the repository's schema of the file's kind, and
    the file fits the schema assembled with the plugin (not the core one, for `salvage`)."""
    path = PACK / name
    text = path.read_text(encoding="utf-8")
    m = MODELINE.match(text.splitlines()[0])
    assert m, f"{name}: the first line must be '# yaml-language-server: $schema=...'"
    data = YAML(typ="safe").load(text)
    kind = "expansion" if name == "expansion.yaml" else data["kind"]
    target = (path.parent / m.group(1)).resolve()
    folder = REPO / "schemas" if kind == "expansion" else REPO / "schemas" / "project"
    assert target == (folder / f"{kind}.schema.json").resolve(), m.group(1)
    assert target.is_file()
    registry = host.registry()
    schema = manifest_schema() if kind == "expansion" else file_schema(registry, kind)
    assert not list(Draft7Validator(schema).iter_errors(data))
    core = [e.message for e in Draft7Validator(json.loads(target.read_text())).iter_errors(data)]
    assert core == ([] if kind == "expansion" else
                    ["Additional properties are not allowed ('salvage' was unexpected)"])


def test_salvage_converts_up_to_n_energy_into_as_many_minerals(host, salvage):
    game = Game.new({"players": 3, "seed": 0}, plugins=host)
    run = game.registry.operations["salvage"].run
    p = game.state.players[1]
    before = (p.toolkits, p.vp, [q.energy for q in game.state.players if q is not p])

    def salvage_with(energy: int, minerals: int, n: int):
        p.energy, p.minerals = energy, minerals
        del game.log[:]
        result = run(game, 1, {"energy": n}, ("building", 0))
        return result, (p.energy, p.minerals), game.log[:]

    assert salvage_with(5, 1, 3) == (None, (2, 4), [
        {"type": "lose", "player": 1, "item": "energy", "amount": 3},
        {"type": "gain", "player": 1, "item": "minerals", "amount": 3},
        {"type": "salvaged", "player": 1, "energy": 3, "minerals": 3,
         "source": ["building", 0]}])
    # fewer Energy than N: all of it
    assert salvage_with(2, 0, 4)[:2] == (None, (0, 2))
    # exactly N
    assert salvage_with(4, 0, 4)[:2] == (None, (0, 4))
    # no Energy: nothing moves, the event still says so, and the effect goes on
    assert salvage_with(0, 7, 3) == (None, (0, 7), [
        {"type": "salvaged", "player": 1, "energy": 0, "minerals": 0,
         "source": ["building", 0]}])
    assert (p.toolkits, p.vp, [q.energy for q in game.state.players if q is not p]) == before


def test_the_content_is_in_the_catalog(host):
    game = Game.new({"players": 3, "seed": 0}, plugins=host)
    yard, copy, dive = (game.catalog[i] for i in ("salvage_yard", "salvage_yard_2",
                                                    "wreck_dive"))
    assert yard.kind == "ocean" and yard.pack == "salvage_content"
    assert [s.to_data() for s in yard.upkeep] == [{"salvage": {"energy": 3}}]
    assert copy.duplicate_of == "salvage_yard" and copy.upkeep == yard.upkeep
    assert [s.to_data() for s in dive.rewards[0]] == [{"salvage": {"energy": 4}}, {"vp": 1}]
    assert dive.pack == "salvage_content"
    assert len(game.catalog.buildings) == 54 and len(game.catalog.expeditions) == 23


def test_the_content_turns_up_in_games(random_games):
    gantry = [g.config.seed for g in random_games if any(
        t in ("salvage_yard", "salvage_yard_2")
        for e in g.log if e["type"] == "board_setup" for t in e["gantry"])]
    basecamp = [g.config.seed for g in random_games if any(
        "wreck_dive" in e["cards"] for e in g.log if e["type"] == "board_setup")]
    assert gantry, "no Salvage Yard on the Gantry in any game"
    assert basecamp, "no Wreck Dive at the Basecamp in any game"


def check_events(found, cap: int) -> None:
    for game, i, e in found:
        assert 0 < e["energy"] <= cap and e["minerals"] == e["energy"], e
        assert game.log[i - 2:i] == [
            {"type": "lose", "player": e["player"], "item": "energy", "amount": e["energy"]},
            {"type": "gain", "player": e["player"], "item": "minerals",
             "amount": e["energy"]}], e


def test_the_wreck_dive_reward_salvages_in_random_games(random_games):
    found = salvaged(random_games)
    assert found, "salvage never ran in a random game"
    rewards = [(g, i, e) for g, i, e in found if e["source"][0] == "reward"]
    assert rewards, "Wreck Dive's reward never salvaged"
    # with no Energy in hand nothing moves, and only `salvaged` is logged
    check_events([x for x in rewards if x[2]["energy"]], cap=4)
    for game, i, e in rewards:
        assert game.log[i + 1] == {"type": "vp", "player": e["player"], "amount": 1,
                                   "source": e["source"]}, "the rest of the reward follows"


def test_the_salvage_yard_upkeep_salvages_for_an_eager_builder(eager_games):
    upkeep = [(g, i, e) for g, i, e in salvaged(eager_games) if e["source"][0] == "building"]
    assert upkeep, "no Salvage Yard was activated"
    check_events([x for x in upkeep if x[2]["energy"]], cap=3)
    for game, _, e in upkeep:
        tile = game.state.players[e["player"]].buildings[e["source"][1]].tile
        assert tile in ("salvage_yard", "salvage_yard_2")


# -- installed from its own distribution --------------------------------------------------------









@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv holding the engine and artemis-salvage, both built from their folders."""
    venv = tmp_path_factory.mktemp("salvage_venv") / "env"
    python, pip = fresh_venv(venv)
    proc = run([*pip, "install", "-q", REPO, EXAMPLE], timeout=600)
    assert proc.returncode == 0, "installing the engine and artemis-salvage failed:\n" + \
        show(proc)
    return venv


def test_installed_plugin_is_listed_and_plays(installed, tmp_path):
    artemis = installed / BIN / f"artemis{EXE}"
    proc = run([artemis, "plugins", "--json"], cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, show(proc)
    report = json.loads(proc.stdout)
    assert not report["failures"], report
    rows = {row["name"]: row for row in report["plugins"]}
    assert "salvage" in rows, report
    row = rows["salvage"]
    assert row["version"] == "0.1.0"
    assert row["hooks"] == ["artemis_register_content", "artemis_register_vocabulary"]
    # the pack is package data inside the installed wheel, not the example folder
    content = Path(row["content"][0])
    assert content.resolve().is_relative_to(installed.resolve()), content
    assert {p.name for p in content.iterdir()} >= {"expansion.yaml", "buildings.yaml",
                                                    "expeditions.yaml"}

    proc = run([artemis, "play", "--players", "3", "--seed", "1", "--quiet"], cwd=tmp_path,
                timeout=120)
    assert proc.returncode == 0, show(proc)
    assert "winner: P" in proc.stdout, show(proc)

    # the entry point's vocabulary and content reach a game of the default host
    python = installed / BIN / f"python{EXE}"
    proc = run([python, "-c", "from artemis.kernel.game import Game; g = Game.new({'players': 3}); "
                 "print(g.registry.operations['salvage'].plugin, "
                 "g.catalog['salvage_yard'].pack, g.catalog['wreck_dive'].pack)"],
                cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, show(proc)
    assert proc.stdout.split() == ["salvage", "salvage_content", "salvage_content"], show(proc)
