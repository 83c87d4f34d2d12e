"""The Odyssey's vocabulary: the kernel operations shared with the Project, bound to its
items; its own operations as schema and words; its schemas bounded and committed; and the
game not registered until its rules are (docs/odyssey-authoring.md 4, 5)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

from artemis.games.odyssey.content import core_registry
from artemis.games.odyssey.vocabulary import KERNEL_DESCRIPTIONS
from artemis.kernel.operations import KERNEL_OPERATIONS

ROOT = Path(__file__).resolve().parents[2]


def _game(tally=None, vp=5):
    players = [SimpleNamespace(vp=vp, res=[0, 2, 0, 1, 0, 3])]
    state = SimpleNamespace(players=players, tally=tally, scoped_modifiers=[],
                            bank=[20, 20, 20, 20, 20, 20])
    log = []
    return SimpleNamespace(state=state, log=log, logging=True, observers=False,
                           emit=lambda kind, **data: log.append({"type": kind, **data}))


def test_seven_kernel_operations_and_twelve_of_its_own():
    registry = core_registry()
    shared = [n for n in registry.operations if n in KERNEL_OPERATIONS]
    assert sorted(shared) == sorted(KERNEL_OPERATIONS)
    assert len(registry.operations) == 19
    assert registry.operations["gain"].description == KERNEL_DESCRIPTIONS["gain"]
    # the kernel's code runs the shared ones; the Odyssey's own run the rules' code
    assert all(registry.operations[n].run is not None for n in KERNEL_OPERATIONS)
    assert [n for n, op in registry.operations.items() if op.run is None] == []
    assert all(q.count is not None for q in registry.quantities.values())
    assert all(t.select is not None for t in registry.targets.values())


def test_vp_outside_a_score_action_moves_the_marker_never_below_zero():
    game = _game(vp=1)
    ops = core_registry().operations
    ops["vp"].run(game, 0, -2, ("artifact",))
    assert game.state.players[0].vp == 0  # OR9: the track stops at 0
    ops["vp"].run(game, 0, 3, ("build",))
    assert game.state.players[0].vp == 3
    assert [e["amount"] for e in game.log] == [-2, 3]


def test_vp_inside_a_score_action_adds_to_the_tally():
    game = _game(tally={}, vp=20)
    core_registry().operations["vp"].run(game, 0, 4, ("score",))
    assert game.state.tally == {0: 4} and game.state.players[0].vp == 20


def test_modify_keeps_the_change_for_the_acting_player_and_its_scope():
    from artemis.games.odyssey.items import ScopedModifier

    game = _game()
    core_registry().operations["modify"].run(
        game, 0, {"param": "score_card_vp", "add": 3, "scope": "this_score"}, ("artifact",))
    assert game.state.scoped_modifiers == [
        ScopedModifier(0, "score_card_vp", "add", 3, "this_score")]
    assert game.log == [{"type": "modify", "player": 0, "param": "score_card_vp",
                         "mode": "add", "value": 3, "scope": "this_score"}]


def test_gain_and_pay_use_the_resource_cards():
    game = _game()
    ops = core_registry().operations
    ops["gain"].run(game, 0, {"water": 2}, ())
    assert ops["pay"].run(game, 0, {"water": 1, "food": 1}, ()) is True
    assert game.state.players[0].res[:2] == [1, 1]
    assert game.state.bank[:2] == [19, 21]  # taken from the bank and paid back
    assert ops["pay"].run(game, 0, {"energy": 2}, ()) is False  # pays nothing
    assert game.log[-1] == {"type": "pay_failed", "player": 0}


def test_the_vocabulary_loads_in_a_plugin_host_with_its_code():
    """A game's plugin host refuses an operation without code; the Odyssey's all have it."""
    from artemis.kernel.plugins import load_plugins

    registry = load_plugins(entry_point_plugins=False).registry("odyssey")
    assert registry.operations["produce"].run is not None


def test_the_game_is_registered_by_its_entry_point():
    from artemis.kernel.games import games

    assert "odyssey" in games()
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'odyssey = "artemis.games.odyssey.ruleset:RULESET"' in text
    assert '"content/odyssey" = "artemis/_data/content/odyssey"' in text  # with its base


def test_the_registered_ruleset_loads_its_content(odyssey):
    from artemis.kernel.games import get_game

    ruleset = get_game("odyssey")
    result = ruleset.content.load_content([], core_registry())
    assert result.ok
    assert ruleset.content.content_summary(result.catalog) == (
        "9 systems, 42 planets, 55 Action cards, 17 Alien Artifacts, 13 Singularity cards, "
        "5 Missions")


# -- the schemas -----------------------------------------------------------------------------


def _rendered() -> dict[str, str]:
    from artemis.games.odyssey.ruleset import RULESET

    return {f"odyssey/{name}": json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
            for name, schema in RULESET.content.schemas(core_registry()).items()}


def test_the_committed_schemas_are_the_rendered_ones():
    """``ARTEMIS_EXPORT_ODYSSEY_SCHEMAS=1 pytest tests/odyssey/test_vocabulary.py`` writes
    them (until the game is registered and `artemis schema export` does)."""
    rendered = _rendered()
    if os.environ.get("ARTEMIS_EXPORT_ODYSSEY_SCHEMAS") == "1":
        for name, text in rendered.items():
            (ROOT / "schemas" / name).write_text(text, encoding="utf-8")
    on_disk = {p.relative_to(ROOT / "schemas").as_posix()
               for p in (ROOT / "schemas" / "odyssey").glob("*.json")}
    assert on_disk == set(rendered)
    stale = [n for n, text in rendered.items()
             if (ROOT / "schemas" / n).read_text(encoding="utf-8") != text]
    assert stale == []


def _integers(schema, path=""):
    if isinstance(schema, dict):
        kind = schema.get("type")
        if kind == "integer" or (isinstance(kind, list) and "integer" in kind):
            yield path, schema
        for key, value in schema.items():
            yield from _integers(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from _integers(value, f"{path}/{i}")


def test_every_integer_is_bounded_and_listed_in_the_authoring_guide():
    from artemis.games.odyssey.ruleset import RULESET

    text = (ROOT / "docs" / "odyssey-authoring.md").read_text(encoding="utf-8")
    section = text.split("## 5. ", 1)[1].split("\n## ", 1)[0]
    rows = [line.split(" | ")[:2] for line in section.splitlines()
            if line.startswith("| ") and "`" in line.split(" | ")[0]]
    missing = set()
    for schema in RULESET.content.schemas(core_registry()).values():
        for path, node in _integers(schema):
            assert "minimum" in node and "maximum" in node, path
            parts = [p for p in path.split("/") if p]
            names = [parts[i + 1] for i, p in enumerate(parts[:-1]) if p == "properties"]
            bound = f"{node['minimum']} to {node['maximum']}"
            if not any(f"`{names[-1]}`" in f and r == bound for f, r in rows):
                missing.add((names[-1], bound))
    assert sorted(missing) == []
