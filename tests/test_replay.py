"""Game logs: reading, `artemis replay [--verify]`, and the golden playthroughs.

The golden logs in tests/data/golden/ (docs/design.md, "Testing habits") were recorded with
`artemis play ... --log` (commands in tests/data/golden/README.md); every run replays them and
compares every entry, so any change of behaviour shows as the first differing entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.kernel.game import GameConfig
from artemis.kernel.plugins import load_plugins
from artemis.players.play import play_game
from artemis.records.log import LogError, parse_log, read_log, replay, verify, write_log

GOLDEN = Path(__file__).parent / "data" / "golden"
GOLDEN_LOGS = sorted(GOLDEN.glob("*.jsonl"))
#: the golden logs recorded before rules had versions: they replay under rules version 1
GOLDEN_V1_LOGS = sorted((GOLDEN / "rules-v1").glob("*.jsonl"))
WIDE = {"COLUMNS": "200"}


def run(*args):
    return CliRunner().invoke(app, list(args), env=WIDE)


@pytest.fixture(scope="module")
def builtin_host():
    """The core and the built-in plugins (the golden harsh game needs `harsh`); tests load no
    installed entry points (tests/conftest.py), so they are registered here."""
    import artemis_plugins.harsh as harsh
    import artemis_plugins.house_rules as house_rules

    host = load_plugins(entry_point_plugins=False)
    host.pm.register(harsh, name="harsh")
    host.pm.register(house_rules, name="house_rules")
    return host


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    """A finished 3-player random game and its log file."""
    game = play_game(GameConfig(players=3, seed=5), ["random"] * 3)
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    write_log(game, path, ["random"] * 3)
    return game, path


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# --- golden playthroughs ------------------------------------------------------------------


def test_the_golden_logs_cover_two_to_five_players_and_harsh_mode():
    headers = [read_log(p).header for p in GOLDEN_LOGS]
    assert sorted(h["players"] for h in headers) == [2, 3, 4, 5]
    assert [h["variants"] for h in headers if h["variants"]] == [{"harsh": {}}]
    assert {k for h in headers for k in h["bots"]} == {"random", "greedy"}


@pytest.mark.parametrize("path", GOLDEN_LOGS, ids=lambda p: p.stem)
def test_golden_log_replays_identically(path, builtin_host):
    log = read_log(path)
    difference = verify(log, builtin_host)
    assert difference is None, (
        f"the engine no longer plays {path.name} as recorded (if the change is meant, "
        f"re-record it as tests/data/golden/README.md says):\n{difference.format(path.name)}")
    assert log.entries[-1]["type"] == "final_scoring"
    assert len(log.actions()) > 100


def test_the_golden_logs_record_the_current_rules_version():
    assert {read_log(p).header["rules_version"] for p in GOLDEN_LOGS} == {2}
    assert [read_log(p).config["rules_version"] for p in GOLDEN_V1_LOGS] == [1] * 4


@pytest.mark.parametrize("path", GOLDEN_V1_LOGS, ids=lambda p: p.stem)
def test_golden_log_of_rules_version_1_replays_identically(path, builtin_host):
    """A log that names no rules version replays under version 1 (the old_rulings variant),
    entry by entry as it was recorded (tests/data/golden/rules-v1/README.md)."""
    log = read_log(path)
    assert "rules_version" not in log.header
    difference = verify(log, builtin_host)
    assert difference is None, difference.format(path.name)
    assert log.entries[-1]["type"] == "final_scoring"


def test_a_rules_version_1_log_verified_under_version_2_differs_at_a_gantry_decline(
        builtin_host):
    log = read_log(GOLDEN / "rules-v1" / "4p-harsh-seed303.jsonl")
    log.header["rules_version"] = 2
    difference = verify(log, builtin_host)
    # version 2 records the die each offer was made at (R8)
    assert difference.line == 102 and difference.keys == ["die"]
    assert difference.replayed == {"type": "gantry_declined", "player": 3,
                                   "tile": "volcanic_extractor_2", "die": 6}


def test_a_rules_version_1_game_cannot_go_on_under_version_2(builtin_host):
    """2p-random-seed101, round 5: player 0 declines the Dry Dock at its 6, player 1 cannot pay
    its 5. Version 1 took player 1 out and the tile went unsold; version 2 offers player 1 the
    tile at its 3, a question the recorded game never asked, so its actions stop fitting."""
    log = read_log(GOLDEN / "rules-v1" / "2p-random-seed101.jsonl")
    log.header["rules_version"] = 2
    result = replay(log, builtin_host, stop_at_illegal=False)
    assert result.failed_at is not None
    offers = [(e["player"], e["die"]) for e in result.game.log
              if e["type"] == "gantry_declined" and e["tile"] == "dry_dock"]
    assert offers[-3:] == [(0, 6), (1, 5), (1, 3)]  # round 5's, the replay's last
    assert [(e["player"], e.get("die")) for e in log.entries
            if e["type"] == "gantry_declined" and e["tile"] == "dry_dock"][-2:] == [
        (0, None), (1, None)]


def test_artemis_replay_verify_accepts_a_log_of_rules_version_1(builtin_host, monkeypatch):
    from artemis.kernel import plugins

    monkeypatch.setitem(plugins.HOSTS, "default", builtin_host)
    path = GOLDEN / "rules-v1" / "2p-random-seed101.jsonl"
    result = run("replay", str(path), "--verify", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ok"] is True


def test_golden_failure_message_shows_the_first_difference(builtin_host, tmp_path):
    path = GOLDEN_LOGS[0]
    lines = _lines(path)
    index = next(i for i, line in enumerate(lines)
                 if json.loads(line)["type"] == "gain" and i > 200) - 1  # entry index
    entry = json.loads(lines[index + 1])
    entry["amount"] += 5
    lines[index + 1] = json.dumps(entry)
    difference = verify(read_log(_write(tmp_path / "golden.jsonl", lines)), builtin_host)
    text = difference.format("golden.jsonl")
    assert f"difference at step {index + 1} (line {index + 2} of golden.jsonl)" in text
    assert f'"amount": {entry["amount"]}' in text.splitlines()[1]
    assert f'"amount": {entry["amount"] - 5}' in text.splitlines()[2]
    assert f"differs in: amount (recorded {entry['amount']}, replayed {entry['amount'] - 5})" \
        in text


# --- verify finds the first difference ----------------------------------------------------


def test_an_untouched_log_verifies(game_log):
    game, path = game_log
    log = read_log(path)
    assert verify(log) is None
    assert len(log.entries) == len(game.log)
    assert replay(log).game.result == game.result


def test_cli_verify_finds_a_changed_amount_at_its_step(game_log, tmp_path):
    _, path = game_log
    lines = _lines(path)
    line_no = next(n for n, line in enumerate(lines, start=1)
                   if n > 150 and json.loads(line)["type"] == "gain")
    entry = json.loads(lines[line_no - 1])
    old = entry["amount"]
    entry["amount"] = old + 1
    lines[line_no - 1] = json.dumps(entry)
    bad = _write(tmp_path / "changed.jsonl", lines)
    result = run("replay", str(bad), "--verify")
    assert result.exit_code == 1, result.output
    out = result.stdout.splitlines()
    assert out[0] == f"difference at step {line_no - 1} (line {line_no} of {bad}):"
    assert out[1] == f"  recorded: {json.dumps(entry)}"
    entry["amount"] = old
    assert out[2] == f"  replayed: {json.dumps(entry)}"
    assert out[3] == f"  differs in: amount (recorded {old + 1}, replayed {old})"

    as_json = json.loads(run("replay", str(bad), "--verify", "--json").stdout)
    assert as_json["ok"] is False
    assert (as_json["step"], as_json["line"], as_json["keys"]) == (line_no - 1, line_no,
                                                                   ["amount"])
    assert as_json["recorded"]["amount"] == old + 1 and as_json["replayed"]["amount"] == old


def test_cli_verify_passes_an_untouched_log(game_log):
    game, path = game_log
    result = run("replay", str(path), "--verify")
    assert result.exit_code == 0, result.output
    actions = sum(1 for e in game.log if e["type"] == "action")
    assert result.stdout.strip() == (f"verified: all {len(game.log)} entries ({actions} "
                                     f"actions) of {path} match the replay")
    data = json.loads(run("replay", str(path), "--verify", "--json").stdout)
    assert data == {"ok": True, "entries": len(game.log), "actions": actions}


def test_verify_reports_a_changed_action_where_it_stops_being_legal(game_log, tmp_path):
    _, path = game_log
    lines = _lines(path)
    line_no = next(n for n, line in enumerate(lines, start=1)
                   if n > 100 and json.loads(line).get("id", "").startswith("place:"))
    entry = json.loads(lines[line_no - 1])
    entry["id"] = "place:9:9:nowhere:0"
    lines[line_no - 1] = json.dumps(entry)
    difference = verify(read_log(_write(tmp_path / "action.jsonl", lines)))
    assert (difference.step, difference.line) == (line_no - 1, line_no)
    assert difference.recorded == entry and difference.replayed is None
    assert difference.note.startswith("the action is not legal in the replay: "
                                      "'place:9:9:nowhere:0' is not legal")


def test_verify_reports_a_removed_consequence_and_an_extra_line(game_log, tmp_path):
    game, path = game_log
    lines = _lines(path)
    gone = next(n for n in range(300, len(lines))  # lines[n] is entry index n - 1
                if json.loads(lines[n])["type"] not in ("action", json.loads(lines[n + 1])["type"]))
    removed = lines[:gone] + lines[gone + 1:]
    difference = verify(read_log(_write(tmp_path / "removed.jsonl", removed)))
    assert difference.index == gone - 1
    assert difference.recorded == json.loads(lines[gone + 1])
    assert difference.replayed == json.loads(lines[gone])

    extra = lines + [json.dumps({"type": "vp", "player": 0, "amount": 3})]
    difference = verify(read_log(_write(tmp_path / "extra.jsonl", extra)))
    assert (difference.step, difference.line) == (len(game.log) + 1, len(game.log) + 2)
    assert difference.replayed is None and difference.recorded["amount"] == 3
    assert difference.note == "the replayed game is over here"

    # cut among an action's consequences: the first line from 200 on that is not an action
    at = next(n for n in range(200, len(lines)) if json.loads(lines[n])["type"] != "action")
    cut = verify(read_log(_write(tmp_path / "cut.jsonl", lines[:at])))
    assert cut.index == at - 1 and cut.recorded is None
    assert cut.replayed == json.loads(lines[at])
    assert cut.note == "the recorded log ends here"
    at_decision = next(n for n in range(250, len(lines)) if '"type": "action"' in lines[n])
    cut = verify(read_log(_write(tmp_path / "cut2.jsonl", lines[:at_decision])))
    assert cut.index == at_decision - 1 and cut.recorded is None and cut.replayed is None
    assert cut.note.startswith("the log ends before the game does: the replay asks player")


# --- replay prints the account ------------------------------------------------------------


def test_cli_replay_prints_the_account_of_the_logged_game(game_log):
    game, path = game_log
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    for n in range(1, 7):
        assert f"Round {n}" in result.stdout
    winner = game.result["winner"]
    assert f"Winner: P{winner} (random)" in result.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["players"] == game.result["players"]
    assert data["config"]["seed"] == 5 and data["config"]["bots"] == ["random"] * 3


# --- corrupt logs: a clear error, exit 1, no traceback --------------------------------------


@pytest.mark.parametrize("change, message", [
    (lambda lines: lines[:40] + ["{not json"] + lines[41:], ":41:2: bad JSON: Expecting "
     "property name enclosed in double quotes"),
    (lambda lines: lines[1:], ":1: no header: the first line of a log is"),
    (lambda lines: [], ": the log is empty: no header line"),
    (lambda lines: lines[:10] + ["[1, 2]"] + lines[11:], ":11: an entry is a JSON object, "
     "got an array"),
    (lambda lines: [lines[0].replace('"players": 3', '"players": "3"')] + lines[1:],
     ':1: header field "players" must be a whole number, got "3"'),
    (lambda lines: [lines[0].replace('"bots": ["random", "random", "random"]',
                                     '"bots": ["random"]')] + lines[1:],
     ':1: header field "bots" has 1 entries for 3 players'),
    (lambda lines: lines[:5] + ['{"type": "action", "player": 0}'] + lines[6:],
     ':6: an action entry needs a string "id"'),
    (lambda lines: lines[:5] + ['{"amount": NaN, "type": "gain"}'] + lines[6:],
     ":6: bad JSON: NaN is not a JSON number"),
    (lambda lines: lines[:7] + ["[" * 100000 + "]" * 100000] + lines[8:], ":8: bad JSON"),
    (lambda lines: [lines[0].replace('"P0"', '"\\ud800"')] + lines[1:],
     ":1: a string holds a lone surrogate escape (\\ud800-\\udfff), which is not text"),
])
def test_corrupt_logs_are_refused_with_file_and_line(game_log, tmp_path, change, message):
    _, path = game_log
    bad = _write(tmp_path / "bad.jsonl", change(_lines(path)))
    with pytest.raises(LogError) as caught:
        read_log(bad)
    assert f"{bad}{message}" in str(caught.value)
    for args in (("replay", str(bad)), ("replay", str(bad), "--verify")):
        result = run(*args)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: {bad}{message}"), result.stderr
        assert "Traceback" not in result.output


def test_an_unknown_action_stops_a_plain_replay_at_its_line(game_log, tmp_path):
    _, path = game_log
    lines = _lines(path)
    n = next(n for n, line in enumerate(lines, start=1) if '"type": "action"' in line)
    lines[n - 1] = json.dumps({"type": "action", "player": 0, "id": "teleport:home"})
    bad = _write(tmp_path / "unknown.jsonl", lines)
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {bad}:{n}: action 'teleport:home' is not legal in "
                                    "the replay: 'teleport:home' is not legal")


def test_unreadable_logs(tmp_path):
    missing = tmp_path / "missing.jsonl"
    with pytest.raises(LogError, match="missing.jsonl: cannot read the log: No such file"):
        read_log(missing)
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"type": "game"}\n{"x": "\xe9"}\n')
    with pytest.raises(LogError, match=r"latin.jsonl:2: the log is not UTF-8 text"):
        read_log(latin)
    with pytest.raises(LogError, match="cannot set up the logged game: players must be 2 to 5"):
        replay(parse_log(json.dumps({"type": "game", "players": 9, "seed": 0, "params": {},
                                     "variants": {}, "expansions": [], "bots": ["random"] * 9,
                                     "names": ["x"] * 9})))
    with pytest.raises(LogError, match="cannot set up the logged game: unknown variant 'nope'"):
        replay(parse_log(json.dumps({"type": "game", "players": 2, "seed": 0, "params": {},
                                     "variants": {"nope": {}}, "expansions": [],
                                     "bots": ["random"] * 2, "names": ["a", "b"]})))


def test_cli_replay_of_a_log_cut_at_a_decision(game_log, tmp_path):
    _, path = game_log
    lines = _lines(path)
    at = next(n for n in range(250, len(lines)) if '"type": "action"' in lines[n])
    cut = _write(tmp_path / "cut.jsonl", lines[:at])
    actions = sum('"type": "action"' in line for line in lines[:at])
    result = run("replay", str(cut))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {cut}: the log ends before the game does (after "
                                    f"{actions} actions, player ")


# --- new-user trial findings (issue 5): hostile paths, line numbers, strict JSON types ----


def _changed_gain(path: Path) -> tuple[list[str], int, dict]:
    """The log's lines with the first gain after line 150 changed to 2.0 times as float:
    (lines, its 1-based line, the original entry)."""
    lines = _lines(path)
    line_no = next(n for n, line in enumerate(lines, start=1)
                   if n > 150 and json.loads(line)["type"] == "gain")
    return lines, line_no, json.loads(lines[line_no - 1])


def test_verify_reports_the_real_file_line_when_the_log_has_blank_lines(game_log, tmp_path):
    _, path = game_log
    lines, line_no, entry = _changed_gain(path)
    entry["amount"] += 1
    lines[line_no - 1] = json.dumps(entry)
    # two blank lines after the header and one before the end: the step stays, the line moves
    spaced = [lines[0], "", "  ", *lines[1:-1], "", lines[-1]]
    bad = _write(tmp_path / "spaced.jsonl", spaced)
    diff = verify(read_log(bad))
    assert (diff.step, diff.line) == (line_no - 1, line_no + 2)
    assert spaced[diff.line - 1] == json.dumps(entry)
    out = run("replay", str(bad), "--verify").stdout.splitlines()
    assert out[0] == f"difference at step {line_no - 1} (line {line_no + 2} of {bad}):"


def test_verify_compares_json_types_strictly(game_log, tmp_path):
    _, path = game_log
    lines, line_no, entry = _changed_gain(path)
    amount = entry["amount"]
    assert type(amount) is int
    lines[line_no - 1] = json.dumps({**entry, "amount": float(amount)})  # 2 written as 2.0
    diff = verify(read_log(_write(tmp_path / "float.jsonl", lines)))
    assert (diff.step, diff.keys) == (line_no - 1, ["amount"])
    assert diff.recorded["amount"] == float(amount) and type(diff.recorded["amount"]) is float
    assert diff.replayed["amount"] == amount and type(diff.replayed["amount"]) is int


def test_same_json_tells_ints_floats_and_booleans_apart():
    from artemis.records.log import same_json

    assert same_json({"a": [1, 2.5, True, None, "x"]}, {"a": [1, 2.5, True, None, "x"]})
    assert not same_json(2, 2.0) and not same_json(0, 0.0) and not same_json(1, True)
    assert not same_json(0, False) and not same_json([1], [1.0]) and not same_json({"a": 1}, {})


def test_a_log_that_is_not_a_regular_file_is_refused_unread(tmp_path):
    import os

    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)  # nobody writes to it: reading it would block forever
    with pytest.raises(LogError) as caught:
        read_log(fifo)
    assert str(caught.value) == (f"{fifo}: cannot read the log: not a regular file (a device "
                                 "or pipe); give the path of a log file")
    with pytest.raises(LogError) as caught:
        read_log("/dev/zero")  # endless: its size says 0
    assert str(caught.value) == ("/dev/zero: cannot read the log: not a regular file (a device "
                                 "or pipe); give the path of a log file")
    with pytest.raises(LogError) as caught:
        read_log(tmp_path)
    assert str(caught.value) == f"{tmp_path}: cannot read the log: is a folder, not a file"
    result = run("replay", "/dev/zero")
    assert result.exit_code == 1
    assert result.stderr == ("error: /dev/zero: cannot read the log: not a regular file (a "
                             "device or pipe); give the path of a log file\n")


def test_read_limited_reads_at_most_the_limit(tmp_path):
    from artemis.records.log import read_limited

    path = tmp_path / "big.jsonl"
    path.write_bytes(b"x" * 20)
    assert read_limited(path, 20, "log", LogError) == b"x" * 20
    with pytest.raises(LogError) as caught:
        read_limited(path, 19, "log", LogError)
    assert str(caught.value) == f"{path}: the log is 20 bytes, more than the limit of 19"


_HEADER = {"type": "game", "players": 2, "seed": 0, "params": {}, "variants": {},
           "expansions": [], "bots": ["random"] * 2, "names": ["a", "b"]}


@pytest.mark.parametrize("text, message", [
    ('{"type": "game", "seed": 1, "seed": 2}',
     '<log>:1: bad JSON: duplicate key "seed" in an object'),
    (json.dumps(_HEADER)[:-1] + ', "x": {"k": 1, "k": 1}}',
     '<log>:1: bad JSON: duplicate key "k" in an object'),
    (json.dumps(_HEADER).replace('"seed": 0', '"seed": ' + "7" * 5000),
     "<log>:1: bad JSON: the number 777777777777... has 5000 digits, too long (at most 40)"),
    (json.dumps({**_HEADER, "seed": -1}),
     '<log>:1: header field "seed" must be 0 to 2**63 - 1, got -1'),
    (json.dumps({**_HEADER, "seed": 2**63}),
     f'<log>:1: header field "seed" must be 0 to 2**63 - 1, got {2**63}'),
])
def test_duplicate_keys_long_numbers_and_wild_seeds_are_refused(text, message):
    with pytest.raises(LogError) as caught:
        parse_log(text)
    assert str(caught.value) == message


def test_cli_replay_json_errors_are_json(tmp_path, game_log):
    bad = _write(tmp_path / "bad.jsonl", ["{nope"])
    result = run("replay", str(bad), "--json")
    assert result.exit_code == 1 and result.stderr == ""
    assert json.loads(result.stdout) == {
        "ok": False, "error": f"{bad}:1:2: bad JSON: Expecting property name enclosed in double "
        "quotes (a log cut short or edited by hand?)"}
    _, path = game_log
    lines = _lines(path)
    at = next(n for n in range(250, len(lines)) if '"type": "action"' in lines[n])
    cut = _write(tmp_path / "cut.jsonl", lines[:at])
    out = json.loads(run("replay", str(cut), "--json").stdout)
    assert out["ok"] is False
    assert out["error"].startswith(f"{cut}: the log ends before the game does (after ")


def test_log_refuses_the_save_file_and_files_that_are_not_logs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "--players", "2", "--seed", "1", "--save", "same.json", "--log",
                 "same.json", "--quiet")
    assert result.exit_code == 2 and not (tmp_path / "same.json").exists()
    assert "--log and the save are the same file 'same.json'" in result.output
    (tmp_path / "notes.txt").write_text("precious\n")
    result = run("play", "--players", "2", "--seed", "1", "--log", "notes.txt", "--quiet")
    assert result.exit_code == 1
    assert "notes.txt: the file exists and is not an artemis log: not overwriting" in (
        result.output)
    assert (tmp_path / "notes.txt").read_text() == "precious\n"
    for seed in ("1", "2"):  # an artemis log, and an empty file, may be written again
        assert run("play", "--players", "2", "--seed", seed, "--log", "g.jsonl",
                   "--quiet").exit_code == 0
    assert json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])["seed"] == 2


def test_a_log_cut_inside_a_line_names_line_column_and_the_likely_cause(tmp_path):
    log = tmp_path / "g.jsonl"
    assert run("play", "--players", "2", "--seed", "1", "--log", str(log),
               "--quiet").exit_code == 0
    lines = log.read_text().splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:9]) + "\n" + lines[9][:12])
    result = run("replay", str(tmp_path / "cut.jsonl"), "--verify")
    assert result.exit_code == 1
    try:
        json.loads(lines[9][:12])
    except json.JSONDecodeError as exc:
        column, message = exc.colno, exc.msg
    assert f"cut.jsonl:10:{column}: bad JSON: {message}" in result.output
    assert "(a log cut short or edited by hand?)" in result.output


# --- the header records the content: a log made with other content is named as such -------


class _ReefPlugin:
    """A plugin installed after the game was logged: it brings the reef expansion's pack."""

    from artemis.kernel.hookspecs import hookimpl

    @staticmethod
    @hookimpl
    def artemis_register_content(register):
        register(Path(__file__).resolve().parents[1] / "content" / "examples" / "project"
                 / "reef_expansion")


def test_a_log_made_before_a_plugin_was_installed_names_the_content_difference(tmp_path):
    path = tmp_path / "before.jsonl"
    host = load_plugins(entry_point_plugins=False)
    write_log(play_game(GameConfig(players=3, seed=12), ["random"] * 3, plugins=host), path,
              ["random"] * 3)
    later = load_plugins(entry_point_plugins=False)
    later.pm.register(_ReefPlugin(), name="reef")
    with pytest.raises(LogError) as caught:
        verify(read_log(path), later)
    message = str(caught.value)
    assert message.startswith(f"{path}:1: the content differs from the log's: logged sha256 ")
    assert "the log was made with packs [base 12.0.0] and plugins [project 0.1.0]" in message
    assert ("now loaded: packs [base 12.0.0, reef_expansion 0.1.0] and plugins "
            "[project 0.1.0, reef] (install or remove what differs") in message
    # with the content it was made with, the same log verifies
    assert verify(read_log(path), host) is None


# --- the marks: to and reveals -------------------------------------------------------------


def _odyssey_log(tmp_path) -> Path:
    game = play_game(GameConfig(game="odyssey", players=3, seed=2), ["random"] * 3)
    path = tmp_path / "odyssey.jsonl"
    write_log(game, path, ["random"] * 3)
    return path


@pytest.mark.parametrize("mark", ["to", "reveals"])
def test_verify_finds_a_mark_dropped_from_a_log_that_has_marks(tmp_path, mark):
    path = _odyssey_log(tmp_path)
    lines = _lines(path)
    index = next(i for i, line in enumerate(lines) if f'"{mark}"' in line)
    entry = json.loads(lines[index])
    del entry[mark]
    lines[index] = json.dumps(entry)
    difference = verify(read_log(_write(tmp_path / "edited.jsonl", lines)))
    assert difference is not None and difference.index == index - 1
    assert difference.keys == [mark]
    assert verify(read_log(path)) is None  # the untouched log verifies


def test_a_log_older_than_the_marks_verifies_without_them(builtin_host):
    old = read_log(GOLDEN_V1_LOGS[0])
    assert "content" not in old.header
    assert not any("reveals" in e or "to" in e for e in old.entries)
    assert verify(old, builtin_host) is None


#: Odyssey logs recorded before its rules version 2 (tests/data/golden/odyssey-v1/README.md)
ODYSSEY_V1_LOGS = sorted((GOLDEN / "odyssey-v1").glob("*.jsonl"))


def test_the_odyssey_version_1_logs_cover_solo_teams_drafts_and_artifact_passes():
    assert [p.name for p in ODYSSEY_V1_LOGS] == [
        "odyssey-1p-seed3.jsonl", "odyssey-2p-seed4.jsonl", "odyssey-3p-seed1.jsonl",
        "odyssey-6p-seed2.jsonl"]
    text = "".join(p.read_text(encoding="utf-8") for p in ODYSSEY_V1_LOGS)
    assert '"id": "artifact:pass"' in text and '"draft_keep:' in text


@pytest.mark.parametrize("path", ODYSSEY_V1_LOGS, ids=lambda p: p.stem)
def test_odyssey_log_of_rules_version_1_replays_identically(path):
    log = read_log(path)
    assert log.header["rules_version"] == 1 and "content" in log.header  # marks compared
    assert verify(log) is None
