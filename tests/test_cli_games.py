"""Every command knows which game: `--game` on play, simulate, validate, content, schema export,
scenario run and replay (a check); a game named in a file wins and a conflicting `--game` is a
usage error; `artemis games`; bare `validate` listing every game; `replay --seat`.

A toy second game ("Count", id ``count``: 2 or 3 players take 1 or 2 points a turn until one
reaches the target, a game option; each take is also told to its player alone in a private
record; one bot kind of its own, ``eager``; no content) is registered around the tests that
need it with `artemis.kernel.games.register_game` and unregistered after.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.actions import Action
from artemis.kernel.flow import StepTable, ask, push
from artemis.kernel.games import register_game, unregister_game
from artemis.kernel.hookspecs import hookimpl
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.variants import Variant
from artemis.players.bots import RandomBot

WIDE = {"COLUMNS": "200"}
TABLE = StepTable()


def run(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env=WIDE)


class CountState:
    def __init__(self, n: int, rng):
        self.totals, self.turn, self.rng = [0] * n, 0, rng

    def clone(self):
        c = CountState.__new__(CountState)
        c.totals, c.turn, c.rng = self.totals[:], self.turn, self.rng.fork()
        return c


@TABLE.step("game_start")
def _start(game) -> None:
    push(game, ("turn",))


@TABLE.step("turn")
def _turn(game) -> None:
    ask(game, game.state.turn, "take", [Action("take", (1,), "take 1"),
                                       Action("take", (2,), "take 2")])


@TABLE.answer("take")
def _take(game, action: Action, ctx) -> None:
    s = game.state
    s.totals[s.turn] += action.args[0]
    game.emit("took", player=s.turn, amount=action.args[0])
    game.emit("total", to=[s.turn], player=s.turn, total=s.totals[s.turn])  # private
    if s.totals[s.turn] >= game.config.options["target"]:
        game.final = {"totals": s.totals[:]}
        return
    s.turn = (s.turn + 1) % len(s.totals)
    push(game, ("turn",))


class EagerBot(RandomBot):
    kind = "eager"

    def choose(self, game):
        return game.legal_actions()[-1]


def _bots():
    return {"eager": EagerBot}


class CountRuleset(Ruleset):
    id = "count"
    name = "Count"
    player_counts = (2, 3)
    streams = ("draw",)
    table = TABLE
    max_decisions = 100
    questions = {"take": "Count: take points"}
    config_schema = {"type": "object", "additionalProperties": False, "properties": {
        "target": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5,
                   "description": "Points that end the game."}}}
    parts = {
        "players": {
            "bots": _bots,
        },
    }

    def setup(self, game, rng):
        return CountState(game.config.players, rng)

    def result(self, game):
        totals = game.final["totals"]
        ranking = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        return {"players": [{"seat": s, "vp": v} for s, v in enumerate(totals)],
                "ranking": ranking, "winner": ranking[0]}

    def view(self, game, seat):
        return {"totals": game.state.totals[:], "turn": game.state.turn}


class CountVariants:
    """A plugin of the count game: one variant."""

    ARTEMIS_GAME = "count"

    @staticmethod
    @hookimpl
    def artemis_register_variants(register):
        register(Variant(name="quick", description="A shorter count.", plugin="count_rules"))


@pytest.fixture
def builtin_host(monkeypatch):
    """The built-in plugins (harsh, house_rules) in the default host, as their entry points
    would register them (as tests/plugins/conftest.py's fixture)."""
    import artemis_plugins.harsh as harsh
    import artemis_plugins.house_rules as house_rules
    from artemis.kernel import plugins
    from artemis.kernel.plugins import load_plugins

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(harsh, name="harsh")
    host.pm.register(house_rules, name="house_rules")
    monkeypatch.setitem(plugins.HOSTS, "default", host)
    return host


@pytest.fixture
def count(builtin_host, monkeypatch):
    """The count game registered (with its variant plugin in the default host) for one test."""
    from artemis.kernel import plugins

    ruleset = register_game(CountRuleset())
    # registering a game renews the default host; the count game has no core plugin or hook
    # specs of its own, so the built-in host serves it as it is
    monkeypatch.setitem(plugins.HOSTS, "default", builtin_host)
    builtin_host.pm.register(CountVariants, name="count_rules")
    builtin_host._hooks.clear()
    yield ruleset
    unregister_game("count")


# --- artemis games -------------------------------------------------------------------------


def test_games_lists_the_project_with_its_variants_and_bots(builtin_host):
    result = run("games", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    odyssey, project = report["games"]
    assert odyssey["id"] == "odyssey" and odyssey["player_counts"] == [1, 2, 3, 4, 5, 6, 8]
    assert [o["name"] for o in odyssey["options"]] == [
        "colours", "mission", "memory_aid", "max_rounds"]
    assert [v["name"] for v in odyssey["variants"]] == [
        "one_terraformer_per_planet", "reachable_only", "trade_offer_limit"]
    assert project["id"] == "project" and project["name"] == "The Artemis Project"
    assert project["player_counts"] == [2, 3, 4, 5] and project["options"] == []
    assert [(v["name"], v["plugin"]) for v in project["variants"]] == [
        ("game_length", "house_rules"), ("harsh", "harsh"), ("old_rulings", "project"),
        ("rich_start", "house_rules")]
    assert project["bots"] == ["random", "greedy", "mcts", "strong", "human"]
    assert report["failures"] == {}
    text = run("games").stdout
    assert "project: The Artemis Project\n  players: 2 to 5\n  options: none\n" in text


def test_games_lists_a_second_game_with_its_options_variants_and_bots(count):
    report = json.loads(run("games", "--json").stdout)
    assert [g["id"] for g in report["games"]] == ["count", "odyssey", "project"]
    game = report["games"][0]
    assert game == {"id": "count", "name": "Count", "player_counts": [2, 3],
                    "options": [{"name": "target", "default": 5,
                                 "description": "Points that end the game."}],
                    "variants": [{"name": "quick", "plugin": "count_rules",
                                  "description": "A shorter count.", "options": []}],
                    "bots": ["random", "greedy", "mcts", "strong", "human", "eager"],
                    "rules_version": 1, "content_version": 1, "rules_versions": [1],
                    "content_versions": [1]}
    project = next(g for g in report["games"] if g["id"] == "project")
    assert (project["rules_version"], project["content_version"]) == (2, 12)
    assert project["content_versions"] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert "quick" not in [v["name"] for v in report["games"][2]["variants"]]
    text = run("games").stdout
    assert ("count: Count\n  players: 2 or 3\n  options: target=5 (Points that end the "
            "game.)\n  variants: quick (count_rules)\n"
            "  bots: random, greedy, mcts, strong, human, eager\n"
            "  versions: rules 1, content 1 (a new game plays the newest; docs/saves.md)\n"
            ) in text
    assert ("  versions: rules 1 to 2, content 1 to 12 (a new game plays the newest; "
            "docs/saves.md)\n") in text


def test_games_lists_the_games_that_failed_to_load(monkeypatch, builtin_host):
    from artemis.kernel import games

    monkeypatch.setitem(games._FAILURES, "broken", "ImportError: no module named broken")
    report = json.loads(run("games", "--json").stdout)
    assert report["failures"] == {"broken": "ImportError: no module named broken"}
    assert "failed to load game broken: ImportError" in run("games").stdout


# --- validate --------------------------------------------------------------------------------


def test_bare_validate_lists_every_game(count):
    result = run("validate")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "valid: count: no content",
        "valid: odyssey: base 1.0.0: 9 systems, 42 planets, 55 Action cards, 17 Alien "
        "Artifacts, 13 Singularity cards, 5 Missions",
        "valid: project: base 12.0.0: 52 buildings, 22 expeditions, 14 events, 10 Relief "
        "Track spaces, 47 board rows"]
    only = run("validate", "--game", "count")
    assert (only.exit_code, only.stdout) == (0, "valid: count: no content\n")
    assert run("validate", "--json").stdout.strip() == "[]"


def test_bare_validate_fails_when_one_game_is_invalid(count, monkeypatch):
    from artemis.content.loader import LoadResult
    from artemis.content.problems import Problem

    bad = Problem("count/x.yaml", 1, 1, "", "E203", "unknown key 'x'", "")
    monkeypatch.setattr(count.content, "load_content",
                        lambda *a, **k: LoadResult([bad], [], []))
    result = run("validate")
    assert result.exit_code == 1
    assert "count/x.yaml:1:1: error[E203]: unknown key 'x'" in result.stdout
    assert run("validate", "--game", "project").exit_code == 0


def test_validate_with_an_unknown_game_is_a_usage_error():
    result = run("validate", "--game", "chess")
    assert result.exit_code == 2
    assert "unknown game 'chess'; registered games: odyssey, project" in result.stderr


def _pack(tmp_path, name, game=None):
    pack = tmp_path / name
    pack.mkdir()
    (pack / "expansion.yaml").write_text(
        (f"game: {game}\n" if game else "") + f"id: {name}\nname: {name}\nversion: '0.1.0'\n"
        "files: [buildings.yaml]\nprovenance: RECONSTRUCTED\n", encoding="utf-8")
    (pack / "buildings.yaml").write_text("kind: buildings\nitems: []\n", encoding="utf-8")
    return pack


def test_validate_paths_takes_the_packs_game(count, tmp_path):
    project_pack = _pack(tmp_path, "mine")
    result = run("validate", project_pack)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("valid: base 12.0.0, mine 0.1.0: ")
    assert run("validate", project_pack, "--game", "project").exit_code == 0
    clash = run("validate", project_pack, "--game", "count")
    assert clash.exit_code == 2
    assert (f"--game count conflicts with {project_pack}, which is for the game 'project'"
            in clash.stderr)
    other = _pack(tmp_path, "theirs", game="count")
    mixed = run("validate", project_pack, other)
    assert mixed.exit_code == 2 and "the packs are for different games" in mixed.stderr
    assert f"{project_pack} is for 'project', {other} is for 'count'" in mixed.stderr


def test_validate_simulate_checks_players_against_the_game():
    result = run("validate", "--simulate", "1", "--players", "6")
    assert result.exit_code == 2
    assert "--players 6: The Artemis Project is for 2 to 5 players" in result.stderr


# --- play and simulate -----------------------------------------------------------------------


def test_play_takes_any_count_the_game_allows_and_no_other(count):
    assert run("play", "--players", "6").exit_code == 2
    assert "The Artemis Project is for 2 to 5 players" in run("play", "--players", "6").stderr
    assert run("play", "--players", "1").exit_code == 2
    result = run("play", "--game", "count", "--players", "3", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["config"]["game"] == "count" and data["config"]["players"] == 3
    assert data["config"]["options"] == {"target": 5}
    four = run("play", "--game", "count", "--players", "4")
    assert four.exit_code == 2 and "--players 4: Count is for 2 or 3 players" in four.stderr
    # no --players: 4 where the game allows it, else its smallest count
    assert json.loads(run("play", "--game", "count", "--json").stdout)["config"]["players"] == 2


def test_play_seats_are_the_games_bot_kinds(count):
    result = run("play", "--game", "count", "--bots", "eager,random", "--quiet")
    assert result.exit_code == 0, result.output
    assert "P0 (eager)" in result.stdout
    bad = run("play", "--bots", "eager", "--players", "2")
    assert bad.exit_code == 2 and "unknown bot 'eager'" in bad.stderr


def test_play_with_an_unknown_game_is_a_usage_error():
    result = run("play", "--game", "chess")
    assert result.exit_code == 2
    assert ("--game chess: unknown game 'chess'; registered games: odyssey, project"
            in result.stderr)


def test_a_config_file_names_its_game_and_options(count, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("game: count\nplayers: [{seat: eager}, {seat: random}]\n"
                    "options: {target: 3}\nvariants: {quick: {}}\n", encoding="utf-8")
    result = run("play", "--config", path, "--json")
    assert result.exit_code == 0, result.output
    config = json.loads(result.stdout)["config"]
    assert (config["game"], config["options"], config["bots"], config["variants"]) == (
        "count", {"target": 3}, ["eager", "random"], {"quick": {}})
    assert run("play", "--config", path, "--game", "count", "--json").exit_code == 0
    clash = run("play", "--config", path, "--game", "project")
    assert clash.exit_code == 2
    assert (f"--game project conflicts with {path}, which is for the game 'count'"
            in clash.stderr)


def test_a_config_file_without_a_game_takes_the_flags(count, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("players: 3\noptions: {target: 2}\n", encoding="utf-8")
    result = run("play", "--config", path, "--game", "count", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["config"]["options"] == {"target": 2}
    # as a Project config: the option is the Project's to refuse
    project = run("play", "--config", path)
    assert project.exit_code == 1
    assert "error[E604]: project has no config option 'target'" in project.stdout


@pytest.mark.parametrize("text, expected", [
    ("game: count\nplayers: 4\n", ("E205", 2, 10, "4 players: Count is for 2 or 3 players")),
    ("game: count\nplayers: [{seat: random}, {seat: robot}]\n",
     ("E204", 2, 34, "unknown seat 'robot' for Count")),
    ("game: count\nplayers: 2\noptions: {target: 50}\n",
     ("E604", 3, 19, "option target: 50 is greater than the maximum of 20")),
    ("game: count\nplayers: 2\noptions: {goal: 3}\n",
     ("E604", 3, 11, "count has no config option 'goal'; options: target")),
    ("game: count\nplayers: 2\nvariants: {harsh: {}}\n",
     ("E601", 3, 12, "unknown variant 'harsh'")),
])
def test_a_config_is_checked_against_its_game(count, builtin_host, tmp_path, text, expected):
    from artemis.records.config_file import load_config

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    loaded, problems = load_config(path, builtin_host)
    assert loaded is None
    assert [(p.code, p.line, p.column, p.message) for p in problems] == [expected]
    result = run("play", "--config", path)
    assert result.exit_code == 1 and f"error[{expected[0]}]" in result.stdout


def test_simulate_plays_the_game_named(count):
    # the toy game is registered in this process only: played here, without a game timeout
    # (a worker process, which enforces one, would not know it)
    result = run("simulate", "--game", "count", "--games", "4", "--players", "3",
                 "--bots", "eager", "--workers", "1", "--game-timeout", "0", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["config"]["game"] == "count" and report["finished"] == 4
    assert report["config"]["bots"] == ["eager"] * 3
    too_many = run("simulate", "--game", "count", "--games", "1", "--players", "5")
    assert too_many.exit_code == 2 and "Count is for 2 or 3 players" in too_many.stderr
    human = run("simulate", "--game", "count", "--games", "1", "--players", "2",
                "--bots", "human")
    assert (human.exit_code == 2
            and "simulate takes random, greedy, mcts, strong or eager" in human.stderr)
    assert run("simulate", "--games", "1", "--players", "1").exit_code == 2


# --- play --load and replay ------------------------------------------------------------------


def test_load_plays_the_saves_game_and_refuses_another(tmp_path, builtin_host, count):
    save = tmp_path / "game.save"
    assert run("play", "--players", "2", "--seed", "3", "--save", save, "--quiet").exit_code == 0
    clash = run("play", "--load", save, "--game", "count")
    assert clash.exit_code == 2
    assert f"--game count conflicts with {save}, which is for the game 'project'" in clash.stderr
    assert run("play", "--load", save, "--game", "project", "--quiet").exit_code == 0


def test_a_save_with_a_games_own_bot_kind_loads(tmp_path, count):
    save = tmp_path / "count.save"
    made = run("play", "--game", "count", "--bots", "eager,random", "--seed", "2", "--save",
               save, "--quiet")
    assert made.exit_code == 0, made.output
    loaded = run("play", "--load", save, "--quiet")
    assert loaded.exit_code == 0, loaded.output
    assert "P0 (eager)" in loaded.stdout


@pytest.fixture
def project_log(tmp_path, builtin_host):
    path = tmp_path / "game.jsonl"
    assert run("play", "--players", "3", "--seed", "4", "--log", path, "--quiet").exit_code == 0
    return path


def test_replay_game_is_only_a_check(project_log, count):
    assert run("replay", project_log, "--game", "project").exit_code == 0
    clash = run("replay", project_log, "--game", "count")
    assert clash.exit_code == 2
    assert (f"--game count conflicts with {project_log}, which is for the game 'project'"
            in clash.stderr)
    unknown = run("replay", project_log, "--game", "chess")
    assert unknown.exit_code == 2 and "unknown game 'chess'" in unknown.stderr


def test_replay_seat_of_a_project_game_equals_the_plain_replay(project_log):
    plain = run("replay", project_log)
    for seat in range(3):
        seen = run("replay", project_log, "--seat", seat)
        assert seen.exit_code == 0 and seen.stdout == plain.stdout
    data = json.loads(run("replay", project_log, "--seat", "1", "--json").stdout)
    entries = [json.loads(line) for line in project_log.read_text().splitlines()[1:]]
    assert data["seat"] == 1 and data["log"] == [
        {k: v for k, v in e.items() if k != "seed"} for e in entries]  # the seed is not told
    whole = json.loads(run("replay", project_log, "--json").stdout)
    del whole["config"]["seed"]  # a seat is not told the seed (it replays what is hidden)
    assert {k: v for k, v in data.items() if k not in ("seat", "log")} == whole


@pytest.mark.parametrize("seat", ["3", "-1"])
def test_replay_seat_is_checked_against_the_players(project_log, seat):
    result = run("replay", project_log, "--seat", seat)
    assert result.exit_code == 2
    assert "the logged game has 3 players, seats 0 to 2" in result.stderr


def test_replay_seat_drops_the_records_private_to_other_seats(count, tmp_path):
    path = tmp_path / "count.jsonl"
    assert run("play", "--game", "count", "--players", "2", "--log", path,
               "--quiet").exit_code == 0
    entries = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    private = [e for e in entries if "to" in e]
    assert private and {tuple(e["to"]) for e in private} == {(0,), (1,)}
    assert run("replay", path, "--verify").exit_code == 0
    for seat in (0, 1):
        data = json.loads(run("replay", path, "--seat", seat, "--json").stdout)
        assert data["log"] == [e for e in entries if e.get("to", [seat]) == [seat]]
        assert [e for e in data["log"] if "to" in e] == [e for e in private
                                                           if e["to"] == [seat]]
    assert run("replay", path, "--seat", "0", "--verify").exit_code == 2


def test_replay_seat_account_reads_only_the_visible_records(project_log, monkeypatch):
    """The account is built from the filtered records: a record private to seat 0 is in the
    account lines of seat 0's replay only."""
    from artemis.games.project.ruleset import RULESET

    seen: dict = {}

    def account_lines(game, names, records=None, decisions=False):
        seen.setdefault("logs", []).append(list(game.log if records is None else records))
        return []

    real_emit = __import__("artemis.kernel.game", fromlist=["Game"]).Game.emit

    def emit(self, kind, **data):
        if kind == "setup":
            data["to"] = [0]
        real_emit(self, kind, **data)

    monkeypatch.setattr(RULESET.words, "account_lines", account_lines)
    monkeypatch.setattr("artemis.kernel.game.Game.emit", emit)
    assert run("replay", project_log, "--seat", "0").exit_code == 0
    assert run("replay", project_log, "--seat", "1").exit_code == 0
    mine, theirs = seen["logs"]
    assert [e["type"] for e in mine if "to" in e] == ["setup"]
    assert all(e["type"] != "setup" for e in theirs)
    assert len(mine) == len(theirs) + 1


def test_replay_seat_of_an_odyssey_game_names_only_its_own_face_down_cards(tmp_path):
    """Each seat's account is told from its own records: the cards it planned face down are
    named on its Planning lines, in the order it played them; no other seat's is, and the
    plain (spectator's) account names none."""
    path = tmp_path / "odyssey.jsonl"
    assert run("play", "--game", "odyssey", "--players", "3", "--seed", "5", "--log", path,
               "--quiet").exit_code == 0
    entries = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    plain = run("replay", path)
    assert plain.exit_code == 0 and "face down" not in plain.stdout
    accounts = {}
    for seat in (0, 1):
        result = run("replay", path, "--seat", seat)
        assert result.exit_code == 0, result.output
        accounts[seat] = result.stdout
        own = [e["card"] for e in entries
               if e["type"] == "placed_card" and e["to"] == [seat]]
        planned = [part for line in result.stdout.splitlines()
                   if line.startswith("  Planning: ")
                   for part in line[len("  Planning: "):].split("; ")]
        assert own and planned == [
            f"P{seat} (random) plays a card face down into slot {e['slot']} ({e['card']})"
            for e in entries if e["type"] == "placed_card" and e["to"] == [seat]]
        # the rest of the account is the spectator's
        rest = [line for line in result.stdout.splitlines()
                if not line.startswith("  Planning: ")]
        assert rest == plain.stdout.splitlines()
    assert accounts[0] != accounts[1]


# --- content, schema export, scenario run ----------------------------------------------------


def test_content_goes_through_the_games_browser(count):
    listed = run("content", "list", "events", "--game", "project", "--json")
    assert listed.exit_code == 0 and len(json.loads(listed.stdout)) == 14
    assert run("content", "show", "greenhouse", "--game", "project").exit_code == 0
    none = run("content", "list", "--game", "count")
    assert none.exit_code == 2 and "Count (count) has no content to browse" in none.stderr
    assert run("content", "show", "greenhouse", "--game", "chess").exit_code == 2


def test_schema_export_one_game_or_all(count, tmp_path):
    every = run("schema", "export", tmp_path / "all", "--json")
    one = run("schema", "export", tmp_path / "one", "--game", "count", "--json")
    assert every.exit_code == 0 and one.exit_code == 0
    names = {Path(p).relative_to(tmp_path / "one").as_posix() for p in json.loads(one.stdout)}
    assert names == {"expansion.schema.json", "game-config.schema.json", "save.schema.json",
                     "scenario.schema.json"}
    assert any("/all/project/effect.schema.json" in p for p in json.loads(every.stdout))
    project = run("schema", "export", tmp_path / "p", "--game", "project", "--json")
    odyssey = run("schema", "export", tmp_path / "o", "--game", "odyssey", "--json")
    assert len(json.loads(project.stdout)) + len(json.loads(odyssey.stdout)) - 4 == \
        len(json.loads(every.stdout))  # the four schemas of every game once
    bad = run("schema", "export", tmp_path / "x", "--game", "chess")
    assert bad.exit_code == 2 and "unknown game 'chess'" in bad.stderr


def test_scenario_run_game(count, tmp_path):
    source = Path(__file__).parent / "scenarios" / "academy_example.yaml"
    named = tmp_path / "named.yaml"
    named.write_text("game: project\n" + source.read_text(encoding="utf-8"), encoding="utf-8")
    assert run("scenario", "run", source, "--game", "project").exit_code == 0
    assert run("scenario", "run", named).exit_code == 0
    clash = run("scenario", "run", named, "--game", "count")
    assert clash.exit_code == 2
    assert f"--game count conflicts with {named}, which is for the game 'project'" in clash.stderr
    # a file that names no game is one of --game's: the count game has no scenario support
    other = run("scenario", "run", source, "--game", "count")
    assert other.exit_code == 1 and "has no scenario support" in other.stdout
    assert run("scenario", "run", source, "--game", "chess").exit_code == 2


def test_a_game_without_content_refuses_packs(count, tmp_path):
    played = run("play", "--game", "count", "--expansion", tmp_path / "nowhere", "--quiet")
    assert played.exit_code == 2
    assert "takes no content packs; leave out the expansions" in played.stderr
    checked = run("validate", "--game", "count", tmp_path)
    assert checked.exit_code == 2 and "takes no content packs" in checked.stderr


def test_game_options_from_the_command_line(count):
    played = run("play", "--game", "count", "--game-option", "target=3", "--json")
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["config"]["options"] == {"target": 3}
    bad = run("play", "--game", "count", "--game-option", "tarket=3")
    assert bad.exit_code == 2 and "no config option 'tarket'" in bad.stderr
    malformed = run("play", "--game", "count", "--game-option", "target")
    assert malformed.exit_code == 2 and "is not KEY=VALUE" in malformed.stderr
    sim = run("simulate", "--game", "count", "--games", "2", "--workers", "1",
              "--game-timeout", "0", "--game-option", "target=4", "--json")
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.stdout)["config"]["options"] == {"target": 4}


def test_a_variant_of_another_game_says_so(count):
    result = run("play", "--game", "count", "--variant", "harsh", "--quiet")
    assert result.exit_code == 2
    assert "variant 'harsh' is for the game 'project', not 'count'" in result.stderr


def test_a_misspelt_game_gets_a_did_you_mean():
    """Issue 26: `--game odysey` names the game meant; a name like none stays as it was."""
    from artemis.kernel.games import UnknownGame, get_game

    with pytest.raises(UnknownGame, match=r"unknown game 'odysey'; registered games: "
                       r"odyssey, project; did you mean 'odyssey'\?$"):
        get_game("odysey")
    with pytest.raises(UnknownGame, match=r"registered games: odyssey, project$"):
        get_game("chess")


def test_a_human_seat_of_a_game_without_a_board_sees_its_view_as_a_tree(count):
    result = CliRunner().invoke(app, ["play", "--game", "count", "--players", "2", "--bots",
                                      "human,random", "--seed", "1"],
                                input="1\n" * 40, env=WIDE)
    assert result.exit_code == 0, result.output
    shown = result.output
    assert "Count: the board as P0 sees it" in shown
    # the generic drawing (artemis.cli.terminal.generic_board): a line a key, a list in a line
    assert "the view\n├── totals: 0, 0\n└── turn: 0" in shown
    assert "{'totals'" not in shown  # not Python's repr of the view
