"""A plugin's failure is the plugin's: an installed plugin that fails to import is a warning
on stderr once per process, naming its distribution, entry point and error (an error with
--strict-plugins or ARTEMIS_STRICT_PLUGINS=1); a plugin asked for by name (--plugin, a variant
of it, a config's variant of it) that failed is an error saying why; every misspelt hook of
every plugin is reported by the plugin's name with the nearest real hook, as is a hook
implementation with an argument its spec lacks. Such a plugin is refused as a whole.

The plugins here are real tiny modules in a real distribution (a ``.dist-info`` folder on
sys.path); only its entry points are loaded, never whatever is installed."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from importlib.metadata import PathDistribution

import pytest
from typer.testing import CliRunner

from artemis.cli import app, common
from artemis.kernel import plugins as plugin_module
from artemis.kernel.plugins import load_plugins

MISSING = "ModuleNotFoundError: No module named 'artemis_test_gone'"
BROKEN = ("plugin 'broken' (entry point broken = artemis_test_gone, distribution "
          f"artemis-test-plugins 0.3) failed to load: {MISSING}")

TYPO_A = """
    from artemis.kernel.hookspecs import hookimpl
    from artemis.kernel.variants import Variant

    @hookimpl
    def artemis_register_variants(register):
        register(Variant("short_game", "A shorter game."))

    @hookimpl
    def artemis_modify_scoreing(register):
        pass

    @hookimpl
    def artemis_observe_events(game, event):
        pass
"""
TYPO_B = """
    from artemis.kernel.hookspecs import hookimpl

    @hookimpl
    def artemis_resolve_regoin(game, region):
        return None
"""
EXTRA_ARG = """
    from artemis.kernel.hookspecs import hookimpl
    from artemis.kernel.variants import Variant

    @hookimpl
    def artemis_register_variants(register):
        register(Variant("seeded", "Set up from the seed."))

    @hookimpl
    def artemis_setup_params(params, variants, seed):
        pass
"""
GOOD = """
    from artemis.kernel.hookspecs import hookimpl
    from artemis.kernel.variants import Variant

    @hookimpl
    def artemis_register_variants(register):
        register(Variant("fine", "Works."))
"""


@pytest.fixture
def install(tmp_path, monkeypatch):
    """``install({entry point: module}, {module: source})``: a distribution
    artemis-test-plugins 0.3 with those entry points and modules, loaded as the default
    plugin host (returned); nothing else installed is loaded."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("ARTEMIS_LOAD_PLUGINS", raising=False)
    monkeypatch.delenv("ARTEMIS_STRICT_PLUGINS", raising=False)
    monkeypatch.setattr(common, "_WARNED", set())
    made: list[str] = []

    def install(eps: dict, modules: dict | None = None):
        for module, source in (modules or {}).items():
            (tmp_path / f"{module}.py").write_text(textwrap.dedent(source))
            made.append(module)
        info = tmp_path / "artemis_test_plugins-0.3.dist-info"
        info.mkdir(exist_ok=True)
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: artemis-test-plugins\n"
                                       "Version: 0.3\n")
        (info / "entry_points.txt").write_text(
            "[artemis.plugins]\n" + "".join(f"{n} = {m}\n" for n, m in eps.items()))
        found = PathDistribution(info).entry_points
        monkeypatch.setattr(plugin_module, "entry_points",
                            lambda group: found.select(group=group))
        importlib.invalidate_caches()
        host = load_plugins()
        monkeypatch.setitem(plugin_module.HOSTS, "default", host)
        return host

    yield install
    for module in made:
        sys.modules.pop(module, None)


def run(*args, env=None):
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200", **(env or {})})


# -- a plugin that fails to import ----------------------------------------------------------

def test_the_host_keeps_the_distribution_entry_point_and_error(install):
    host = install({"broken": "artemis_test_gone"})
    failure = host.failure_details["broken"]
    assert failure.entry_point == "broken = artemis_test_gone"
    assert failure.distribution == "artemis-test-plugins 0.3"
    assert failure.error == MISSING
    assert str(failure) == BROKEN
    assert host.failures["broken"] == MISSING  # the text, as before


def test_a_broken_installed_plugin_is_a_warning_on_stderr_once_per_process(install):
    install({"broken": "artemis_test_gone"})
    first = run("play", "--players", "2", "--quiet")
    assert first.exit_code == 0, first.output
    assert first.stderr.count(f"warning: {BROKEN}") == 1
    assert "--strict-plugins" in first.stderr  # says how to make it an error
    assert "winner: P" in first.stdout
    again = run("validate")
    assert again.exit_code == 0, again.output
    assert "broken" not in again.stderr  # once per process


def test_validate_warns_once_for_every_game(install):
    install({"broken": "artemis_test_gone"})
    result = run("validate")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("plugin 'broken'") == 1


COMMANDS = [["plugins"], ["games"], ["play", "--players", "2", "--quiet"],
            ["simulate", "--games", "1", "--workers", "1"], ["validate"], ["content", "list"],
            ["replay", "game.jsonl"], ["scenario", "run", "scenarios"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_strict_plugins_makes_it_an_error_on_every_command(install, command):
    install({"broken": "artemis_test_gone"})
    for result in (run(*command, "--strict-plugins"),
                   run(*command, env={"ARTEMIS_STRICT_PLUGINS": "1"})):
        assert result.exit_code == 2, result.output
        assert f"error: {BROKEN}" in result.stderr
        assert "Traceback" not in result.output


def test_strict_plugins_is_quiet_when_every_plugin_loads(install):
    install({"fine": "artemis_test_fine"}, {"artemis_test_fine": GOOD})
    result = run("play", "--players", "2", "--quiet", "--strict-plugins",
                 "--variant", "fine")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


# -- a plugin asked for by name ------------------------------------------------------------

def test_a_plugin_module_that_fails_is_an_error(install):
    install({})
    result = run("play", "--players", "2", "--quiet", "--plugin", "artemis_test_gone")
    assert result.exit_code == 2
    assert ("error: plugin 'artemis_test_gone' (--plugin artemis_test_gone) failed to load: "
            f"{MISSING}") in result.stderr
    assert "winner" not in result.stdout


def test_a_variant_of_a_plugin_that_failed_to_import_is_an_error(install):
    install({"harsh": "artemis_test_gone"})
    result = run("play", "--players", "2", "--variant", "harsh")
    assert result.exit_code == 2
    assert ("error: variant 'harsh' is unavailable: plugin 'harsh' (entry point harsh = "
            "artemis_test_gone, distribution artemis-test-plugins 0.3) failed to load: "
            f"{MISSING}") in result.stderr
    assert "unknown variant" not in result.stderr


def test_an_unknown_variant_names_the_plugins_that_failed(install):
    install({"broken": "artemis_test_gone"})
    result = run("play", "--players", "2", "--variant", "glow")
    assert result.exit_code == 2
    assert "unknown variant 'glow'" in result.stderr
    assert ("; or it may be from plugin 'broken' (entry point broken = artemis_test_gone, "
            f"distribution artemis-test-plugins 0.3), which failed to load: {MISSING}"
            ) in result.stderr


def test_a_variant_of_a_refused_plugin_says_why(install, tmp_path):
    install({"typo_a": "artemis_test_typo_a"}, {"artemis_test_typo_a": TYPO_A})
    why = ("variant 'short_game' is unavailable: plugin 'typo_a' (entry point typo_a = "
           "artemis_test_typo_a, distribution artemis-test-plugins 0.3) failed to load: "
           "unknown hook 'artemis_modify_scoreing' (did you mean 'artemis_register_scoring'?)")
    result = run("play", "--players", "2", "--variant", "short_game")
    assert result.exit_code == 2
    assert f"error: {why}" in result.stderr
    config = tmp_path / "game.yaml"
    config.write_text("players: 2\nvariants:\n  short_game: {}\n")
    result = run("play", "--config", str(config))
    assert result.exit_code == 2, result.output
    assert f"error: {why}" in result.stderr
    listed = run("plugins")
    assert "typo_a" in listed.stdout and "short_game" in listed.stdout


# -- misspelt hooks and wrong arguments -------------------------------------------------------

def test_every_misspelt_hook_of_every_plugin_is_reported_by_name(install):
    host = install({"typo_a": "artemis_test_typo_a", "typo_b": "artemis_test_typo_b",
                    "fine": "artemis_test_fine"},
                   {"artemis_test_typo_a": TYPO_A, "artemis_test_typo_b": TYPO_B,
                    "artemis_test_fine": GOOD})
    assert set(host.failures) == {"typo_a", "typo_b"}
    a, b = host.failures["typo_a"], host.failures["typo_b"]
    assert "unknown hook 'artemis_modify_scoreing' (did you mean " \
           "'artemis_register_scoring'?)" in a
    assert "unknown hook 'artemis_observe_events' (did you mean 'artemis_observe_event'?)" in a
    # a game's own hook specs are real hooks too (the Project's artemis_resolve_region)
    assert b == ("unknown hook 'artemis_resolve_regoin' (did you mean "
                 "'artemis_resolve_region'?)")
    assert host.failure_details["typo_a"].variants == ("short_game",)
    # refused as a whole: none of its hooks runs, the others' do
    assert host.pm.get_plugin("typo_a") is None and "typo_a" not in host.loaded
    assert "short_game" not in host.variants() and "fine" in host.variants()
    listed = run("plugins")
    assert listed.exit_code == 0, listed.output
    for text in ("typo_a", "artemis_modify_scoreing", "artemis_observe_events", "typo_b",
                 "artemis_resolve_regoin", "did you mean 'artemis_resolve_region'?"):
        assert text in listed.stdout, text
    data = json.loads(run("plugins", "--json").stdout)
    assert set(data["failures"]) == {"typo_a", "typo_b"}
    assert data["failed"][0] == {
        "name": "typo_a", "error": a, "entry_point": "typo_a = artemis_test_typo_a",
        "distribution": "artemis-test-plugins 0.3", "asked": False, "game": "project",
        "variants": ["short_game"]}


def test_a_hookimpl_with_an_argument_its_spec_lacks_is_named(install):
    host = install({"extra": "artemis_test_extra"}, {"artemis_test_extra": EXTRA_ARG})
    assert host.failures["extra"] == (
        "hook 'artemis_setup_params' takes the argument 'seed', which the hook does not "
        "give: artemis_setup_params(params, variants)")
    # refused as a whole, not half registered (pluggy stops at the bad hook)
    assert host.pm.get_plugin("extra") is None
    assert "seeded" not in host.variants()
    result = run("play", "--players", "2", "--variant", "seeded")
    assert result.exit_code == 2
    assert "variant 'seeded' is unavailable: plugin 'extra'" in result.stderr
    assert "takes the argument 'seed'" in result.stderr


def test_a_misspelt_hook_in_a_plugin_module_named_with_plugin(install):
    install({}, {"artemis_test_typo_b": TYPO_B})
    result = run("play", "--players", "2", "--plugin", "artemis_test_typo_b")
    assert result.exit_code == 2
    assert ("error: plugin 'artemis_test_typo_b' (--plugin artemis_test_typo_b) failed to "
            "load: unknown hook 'artemis_resolve_regoin' (did you mean "
            "'artemis_resolve_region'?)") in result.stderr


def test_a_logged_variant_of_a_plugin_that_failed_is_an_error_in_replay(install, tmp_path):
    install({"harsh": "artemis_plugins.harsh"})
    log = tmp_path / "game.jsonl"
    played = run("play", "--players", "2", "--quiet", "--variant", "harsh", "--log", str(log))
    assert played.exit_code == 0, played.output
    install({"harsh": "artemis_test_gone"})
    for result in (run("replay", str(log)), run("replay", "--verify", str(log))):
        assert result.exit_code == 2, result.output
        assert ("error: variant 'harsh' is unavailable: plugin 'harsh' (entry point harsh = "
                f"artemis_test_gone, distribution artemis-test-plugins 0.3) failed to load: "
                f"{MISSING}") in result.stderr


def test_plugin_of_an_installed_module_is_that_plugin(install):
    install({"fine": "artemis_test_fine"}, {"artemis_test_fine": GOOD})
    result = run("play", "--players", "2", "--quiet", "--plugin", "artemis_test_fine",
                 "--variant", "fine")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""


def test_a_saved_variant_of_a_plugin_that_failed_is_an_error_in_load(install, tmp_path):
    install({"harsh": "artemis_plugins.harsh"})
    save = tmp_path / "game.json"
    played = run("play", "--players", "2", "--quiet", "--variant", "harsh", "--save", str(save))
    assert played.exit_code == 0, played.output
    install({"harsh": "artemis_test_gone"})
    result = run("play", "--load", str(save))
    assert result.exit_code == 2, result.output
    assert "error: variant 'harsh' is unavailable: plugin 'harsh' (entry point harsh = " \
        "artemis_test_gone" in result.stderr


def test_two_entry_points_of_one_module_say_so(install):
    host = install({"fine": "artemis_test_fine", "fine_again": "artemis_test_fine"},
                   {"artemis_test_fine": GOOD})
    assert "fine" in host.loaded
    assert host.failures == {"fine_again": "its module is already loaded as the plugin 'fine'"}


def test_a_scenario_variant_of_a_plugin_that_failed_says_why(install, tmp_path):
    install({"harsh": "artemis_test_gone"})
    path = tmp_path / "s.yaml"
    path.write_text("scenario: x\nexpect: {round: 1}\nconfig: {variants: {harsh: {}}}\n")
    result = run("scenario", "run", str(path))
    assert result.exit_code == 1, result.output  # an invalid scenario, as any bad config
    assert "error[S101]: variant 'harsh' is unavailable: plugin 'harsh' (entry point harsh " \
        "= artemis_test_gone" in result.stdout
