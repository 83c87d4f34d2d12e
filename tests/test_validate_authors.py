"""Validation for authors: balance warnings and --strict, a working copy of an installed pack,
one file's problems, alias positions, the %YAML directive, knock-on errors, JSON records."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.content import yamlio
from artemis.content.problems import Problem, posix_path
from artemis.games.project.content import load_game_content
from artemis.games.project.content_balance import BALANCE, effect_value
from artemis.util.paths import base_pack


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def pack(folder: Path, files: dict[str, str], pack_id: str = "fan") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "expansion.yaml").write_text(
        f"id: {pack_id}\nname: Fan\nversion: '1.0'\nfiles: [{', '.join(files)}]\n"
        "provenance: fan-made\n", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


SPIRE = ("kind: buildings\nitems:\n  - id: golden_spire\n    name: Golden Spire\n"
         "    kind: surface\n    slots: [any]\n    scoring: [{vp: 40}]\n"
         "    provenance: fan-made\n")
WALK = ("kind: expeditions\nitems:\n  - id: short_walk\n    name: Short Walk\n"
        "    difficulty: 1\n    energy: 3\n    minerals: 4\n    rewards:\n"
        "      - [{vp: 10}]\n      - [{gain: {energy: 1}}]\n    provenance: fan-made\n")


# -- 1. balance warnings ------------------------------------------------------------------------

def test_the_base_pack_gives_no_warning():
    result = load_game_content()
    assert result.problems == []


def test_base_values_match_the_balance_notes():
    # the worths docs/authoring.md 13.5 gives the base tiles (Kelp Farm 1.85 u, Research Lab
    # 3.1 u, Battery Bank 2.25 u: a per at 75 % of its max 3)
    assert effect_value([{"gain": {"resources": 1, "toolkits": 1}}]) == pytest.approx(1.85)
    assert effect_value([{"vp": 1}, {"gain": {"resources": 1}}]) == pytest.approx(3.1)
    assert effect_value([{"per": {"count": {"held": {"item": "energy"}}, "every": 2, "max": 3,
                                  "effect": [{"gain": {"energy": 1}}]}}]) == pytest.approx(2.25)
    assert effect_value([{"modify": {"param": "outfitter_bonus", "add": 1}}]) is None
    assert BALANCE.u_per_difficulty == 0.8


def test_a_40_vp_surface_tile_and_a_rich_easy_expedition_warn(tmp_path):
    folder = pack(tmp_path / "fan", {"buildings.yaml": SPIRE, "expeditions.yaml": WALK})
    result = load_game_content([folder])
    assert result.ok and result.catalog is not None  # warnings do not stop content
    got = [(Path(p.file).name, p.line, p.column, p.code, p.severity) for p in result.problems]
    assert got == [("buildings.yaml", 7, 5, "W102", "warning"),
                   ("expeditions.yaml", 8, 5, "W103", "warning")]
    spire, walk = result.problems
    assert "scores about 40 VP; its slots [any] call for 1 to 2 VP" in spire.message
    assert "worth about 21 u together; difficulty 1 calls for 0 to 2.3 u" in walk.message


def test_the_ocean_and_surface_warnings_state_their_slot_ranges_alike(tmp_path):
    reef = Path(__file__).resolve().parent.parent / "content" / "examples" / "project" / \
        "reef_expansion"
    [ocean] = load_game_content([reef]).problems
    spire = load_game_content([pack(tmp_path / "fan", {"buildings.yaml": SPIRE})]).problems[0]
    assert [(p.code, p.message, p.hint) for p in (ocean, spire)] == [
        ("W101", "this Ocean tile is worth about 1 u per round; its slots [engineer, any] call "
         "for 1.9 to 2.6 u", "1 u plus a weight per slot (any 0.5, pioneer 0.6, engineer 0.75, "
         "marine 0.85, steward 1), within 0.35 u (docs/authoring.md 13.5)"),
        ("W102", "this Surface tile scores about 40 VP; its slots [any] call for 1 to 2 VP",
         "a weight per slot (any 1.5, pioneer 1.75, engineer 2, marine 2.5, steward "
         "2.75), within 0.5 VP; a per counts 75 % of its max (docs/authoring.md 13.5)")]

def test_warnings_exit_0_and_strict_exit_1(tmp_path):
    folder = pack(tmp_path / "fan", {"buildings.yaml": SPIRE})
    plain = run("validate", str(folder))
    assert plain.exit_code == 0, plain.output
    assert "warning[W102]" in plain.stdout
    assert "1 warning found; warnings do not fail validation" in plain.stdout
    assert "valid: base 12.0.0, fan 1.0" in plain.stdout
    strict = run("validate", "--strict", str(folder))
    assert strict.exit_code == 1
    assert "error[W102]" in strict.stdout and "valid:" not in strict.stdout
    records = json.loads(run("validate", "--json", str(folder)).stdout)
    assert [(r["code"], r["severity"]) for r in records] == [("W102", "warning")]


def test_a_warning_inside_an_item_with_an_error_is_left_out(tmp_path):
    # gain in a Surface tile's scoring is E308; its worth (a W102) would be a knock-on
    text = SPIRE.replace("[{vp: 40}]", "[{gain: {energy: 40}}]")
    result = load_game_content([pack(tmp_path / "fan", {"buildings.yaml": text})])
    assert [p.code for p in result.problems] == ["E308"]


# -- 2. a working copy of an installed pack -----------------------------------------------------

def test_a_copy_of_the_base_pack_is_validated_in_its_place(tmp_path):
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack(), copy)
    buildings = copy / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    buildings.write_text(text.replace("upkeep: [{gain: {minerals: 2}}]",
                                      "upkeep: [{gainz: {minerals: 2}}]", 1), encoding="utf-8")
    result = load_game_content([copy])
    # its own error, not "pack id 'base' is already used"
    assert [p.code for p in result.problems] == ["E207"]
    assert [p.root for p in result.packs] == [copy.resolve()]
    assert result.packs[0].replaces == base_pack().resolve()
    out = run("validate", str(copy))
    assert out.exit_code == 1
    assert "error[E207]" in out.stdout and "already used" not in out.stdout
    assert "in place of the installed" in out.stderr


def test_a_copy_of_the_base_pack_plays(tmp_path):
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack(), copy)
    buildings = copy / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    # Council Chamber (steward, vp 1 a round) renamed: the game is played with the copy
    buildings.write_text(text.replace("name: Council Chamber", "name: Council Hall"),
                         encoding="utf-8")
    from artemis.kernel.game import Game, GameConfig

    game = Game.new(GameConfig(players=2, seed=1, expansions=(str(copy),)))
    assert game.catalog.by_id["council_chamber"].name == "Council Hall"
    assert [p.id for p in game.catalog.packs] == ["base"]


def test_two_given_packs_with_one_id_still_clash(tmp_path):
    one = pack(tmp_path / "one", {"buildings.yaml": "kind: buildings\nitems: []\n"})
    two = pack(tmp_path / "two", {"buildings.yaml": "kind: buildings\nitems: []\n"})
    assert [p.code for p in load_game_content([one, two]).problems] == ["E503"]


SALVAGE = Path(__file__).resolve().parent.parent / "content" / "examples" / "project" / \
    "code_expansion"


@pytest.fixture
def salvage_installed(monkeypatch):
    """The example artemis_salvage plugin (an operation and a content pack) as an installed
    ``artemis.plugins`` entry point, and entry points loaded (the tests load none)."""
    from importlib.metadata import EntryPoint

    from artemis.kernel import plugins as plugins_module

    monkeypatch.syspath_prepend(str(SALVAGE))
    monkeypatch.delenv("ARTEMIS_LOAD_PLUGINS", raising=False)
    real = plugins_module.entry_points
    salvage = EntryPoint("salvage", "artemis_salvage", plugins_module.GROUP)
    monkeypatch.setattr(plugins_module, "entry_points", lambda group: (
        [salvage] if group == plugins_module.GROUP else real(group=group)))
    monkeypatch.setattr(plugins_module, "HOSTS", {})
    return SALVAGE / "artemis_salvage" / "content"


def test_validate_takes_disable_plugin(salvage_installed):
    loaded = run("validate", "--game", "project")
    assert loaded.exit_code == 0, loaded.output
    assert loaded.stdout.startswith("valid: project: base 12.0.0, salvage_content 0.1.0: 54 "
                                    "buildings, 23 expeditions,")
    result = run("validate", "--game", "project", "--disable-plugin", "salvage")
    assert result.exit_code == 0, result.output
    # the plugin's own pack is not loaded
    assert result.stdout.startswith("valid: project: base 12.0.0: 52 buildings, 22 expeditions,")
    # and content needing the disabled plugin's operation is refused for want of it
    needing = run("validate", str(salvage_installed), "--disable-plugin", "salvage")
    assert needing.exit_code == 1
    assert "error[E506]: requires 'salvage': no content pack or installed plugin" in \
        needing.stdout
    assert "error[E207]: unknown effect operation 'salvage'" in needing.stdout


def test_a_problem_is_an_error_unless_its_code_is_a_w_code():
    def problem(code: str) -> Problem:
        return Problem("f.yaml", 1, 1, "", code, "m")

    assert [problem(c).is_error for c in ("E201", "S301", "W101")] == [True, True, False]
    assert "W code" in (Problem.is_error.__doc__ or "")

# -- 3. one file's problems ---------------------------------------------------------------------

def test_a_file_given_alone_lists_only_its_problems(tmp_path):
    bad_building = SPIRE.replace("slots: [any]", "slots: [anyy]")
    bad_walk = WALK.replace("difficulty: 1", "difficulty: one")
    folder = pack(tmp_path / "fan", {"buildings.yaml": bad_building,
                                     "expeditions.yaml": bad_walk})
    result = run("validate", str(folder / "expeditions.yaml"))
    assert result.exit_code == 1
    assert "expeditions.yaml:5:17: error[E201]" in result.stdout
    assert not any("buildings.yaml" in line for line in result.stdout.splitlines()[:-1])
    assert result.stdout.splitlines()[-1] == (
        "1 problem found; and 1 error in other files of the pack (buildings.yaml: validate the "
        "pack folder to list them).")
    whole = run("validate", str(folder))
    assert "buildings.yaml" in whole.stdout and "expeditions.yaml" in whole.stdout


def test_packs_only_skips_yaml_outside_packs(tmp_path):
    folder = pack(tmp_path / "fan", {"buildings.yaml": "kind: buildings\nitems: []\n"})
    stray = tmp_path / ".pre-commit-config.yaml"
    stray.write_text("repos: []\n", encoding="utf-8")
    result = run("validate", "--packs-only", str(stray), str(folder / "buildings.yaml"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("valid: base 12.0.0, fan 1.0")
    alone = run("validate", "--packs-only", str(stray))
    assert (alone.exit_code, alone.stdout) == (
        0, "nothing to validate: no given file belongs to a content pack\n")
    assert run("validate", str(stray)).exit_code == 1  # without it: a content file, invalid


# -- 4. alias uses are located at the alias -----------------------------------------------------

ALIASED = ("kind: buildings\nitems:\n  - id: fan_a\n    name: Fan A\n    kind: ocean\n"
           "    slots: [any]\n    upkeep: &prod [{gain: {energy: 1, toolkits: 1}}]\n"
           "    provenance: fan\n"
           "  - id: fan_b\n    name: Fan B\n    kind: surface\n    slots: [any, any]\n"
           "    scoring: *prod\n    provenance: fan\n")


def test_a_problem_through_an_alias_is_at_the_alias(tmp_path):
    folder = pack(tmp_path / "fan", {"buildings.yaml": ALIASED})
    (problem,) = load_game_content([folder]).problems
    # the anchor is line 7 (a gain is fine in an upkeep); its use as scoring is line 13
    assert (problem.code, problem.line, problem.column) == ("E308", 13, 14)
    doc = yamlio.parse(ALIASED, "f.yaml")
    assert doc.position(("items", 1, "scoring", 0, "gain", "energy")) == (13, 14)
    assert doc.position(("items", 0, "upkeep", 0, "gain", "energy")) == (7, 36)


# -- 5. %YAML 1.1 -------------------------------------------------------------------------------

@pytest.mark.parametrize("full_only", [False, True])
def test_yaml_1_1_directive_is_refused_on_both_paths(monkeypatch, full_only):
    monkeypatch.setattr(yamlio, "_FULL_PARSER_ONLY", full_only)
    with pytest.raises(yamlio.YamlProblem) as info:
        yamlio.parse("# a comment\n%YAML 1.1\n---\nkind: buildings\nitems: [no]\n", "f.yaml")
    problem = info.value.problem
    assert (problem.code, problem.line, problem.column) == ("E112", 2, 1)
    assert "content is YAML 1.2" in problem.message
    assert "on, no and yes become booleans" in problem.hint
    doc = yamlio.parse("%YAML 1.2\n---\na: no\n", "f.yaml")
    assert doc.data == {"a": "no"}


# -- 6. knock-on errors -------------------------------------------------------------------------

def test_a_duplicate_of_a_tile_with_a_schema_error_is_not_reported_again(tmp_path):
    text = ("kind: buildings\nitems:\n  - id: fan_tile\n    name: Fan Tile\n    kind: ocean\n"
            "    slots: [any]\n    upkeep: [{gainz: {energy: 1}}]\n    provenance: fan\n"
            "  - id: fan_tile_2\n    duplicate_of: fan_tile\n    provenance: fan\n")
    result = load_game_content([pack(tmp_path / "fan", {"buildings.yaml": text})])
    assert [(p.code, p.line) for p in result.problems] == [("E207", 7)]  # no E303 at line 10
    # and a duplicate of a tile that is not there still is E303
    missing = text.replace("duplicate_of: fan_tile", "duplicate_of: fan_tiles")
    result = load_game_content([pack(tmp_path / "fan2", {"buildings.yaml": missing})])
    assert [(p.code, p.line) for p in result.problems] == [("E207", 7), ("E303", 10)]


def test_a_base_copy_with_a_schema_error_is_not_also_miscounted(tmp_path):
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack(), copy)
    events = copy / "events.yaml"
    text = events.read_text(encoding="utf-8")
    events.write_text(text.replace("when:", "whenn:", 1), encoding="utf-8")
    codes = [p.code for p in load_game_content([copy]).problems]
    assert "E403" not in codes and codes and all(c.startswith("E2") for c in codes)


# -- 8. posix paths in JSON ---------------------------------------------------------------------

def test_json_file_uses_slashes():
    assert posix_path("my_pack\\events.yaml", sep="\\") == "my_pack/events.yaml"
    assert posix_path("a\\b.yaml", sep="/") == "a\\b.yaml"  # a backslash in a POSIX name
    record = Problem("my_pack/events.yaml", 1, 1, "", "E201", "m").as_dict()
    assert record["file"] == "my_pack/events.yaml"
