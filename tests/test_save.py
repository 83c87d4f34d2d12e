"""Save files: save at any decision and continue to the identical result; tampered saves are
refused with a message saying what does not match; writes are atomic; `artemis play --save`
and `--load`, Ctrl-C included."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import artemis.records.save as save_module
from artemis.cli import app
from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import RandomBot
from artemis.players.play import PlayInterrupted, make_bots, play_game, play_on
from artemis.records.digest import content_hash
from artemis.records.save import (
    SaveError,
    load_save,
    parse_save,
    restore,
    save_record,
    save_text,
    write_atomic,
    write_save,
)

REPO = Path(__file__).resolve().parent.parent
ARTEMIS = Path(sys.executable).parent / "artemis"
WIDE = {"COLUMNS": "200"}


def run(*args):
    return CliRunner().invoke(app, list(args), env=WIDE)


def _ids(game) -> list[str]:
    return [a.id for a in game.actions]


def _advance(config: GameConfig, kinds: list[str], decisions: int):
    """A new game and its bots after ``decisions`` bot decisions."""
    game = Game.new(config)
    bots = make_bots(config, kinds)
    for _ in range(decisions):
        game.apply(bots[game.current_player].choose(game))
    return game, bots


# --- save at every decision, load, continue: the identical game -----------------------------


@pytest.mark.parametrize("players, seed, params", [(2, 11, {}), (4, 18, {"rounds": 4})])
def test_saved_at_every_decision_the_continued_game_is_identical(players, seed, params):
    # the 4-player game is 4 rounds long to keep CI fast: every decision costs a whole game
    config = GameConfig(players=players, seed=seed, params=params)
    kinds = ["random"] * players
    full = play_game(config, kinds)
    expected = _ids(full)
    game, bots = _advance(config, kinds, 0)
    points = 0
    while True:
        data = parse_save(save_text(save_record(game, kinds, None, bots)))  # through the text
        loaded = restore(data)
        assert loaded.game.view() == game.view()
        assert loaded.game.log == game.log
        end = play_on(loaded.game, loaded.bots)
        assert _ids(end) == expected, f"continued from decision {points}"
        assert end.result == full.result
        points += 1
        if game.is_over:
            break
        game.apply(bots[game.current_player].choose(game))
    assert points == len(expected) + 1 > 100


def test_greedy_seats_continue_identically_too():
    config, kinds = GameConfig(players=2, seed=4), ["greedy", "random"]
    full = play_game(config, kinds)
    for point in (75,):
        game, bots = _advance(config, kinds, point)
        loaded = restore(parse_save(save_text(save_record(game, kinds, ["Ada", "Bo"], bots))))
        assert loaded.names == ["Ada", "Bo"] and loaded.kinds == kinds
        end = play_on(loaded.game, loaded.bots)
        assert _ids(end) == _ids(full) and end.result == full.result


def test_the_bots_rng_states_are_what_make_the_continuation_identical():
    # the same save with fresh bots plays on differently: the saved RNG states matter
    config, kinds = GameConfig(players=2, seed=11), ["random", "random"]
    full = play_game(config, kinds)
    game, bots = _advance(config, kinds, 30)
    loaded = restore(parse_save(save_text(save_record(game, kinds, None, bots))))
    fresh = play_on(loaded.game.clone(), make_bots(config, kinds))
    assert _ids(fresh) != _ids(full)
    assert _ids(play_on(loaded.game, loaded.bots)) == _ids(full)


def test_a_save_file_round_trips_through_load_save(tmp_path):
    config, kinds = GameConfig(players=3, seed=2), ["random"] * 3
    game, bots = _advance(config, kinds, 25)
    path = tmp_path / "game.save.json"
    data = write_save(path, game, kinds, None, bots)
    assert json.loads(path.read_text(encoding="utf-8")) == data
    assert data["format"] == "artemis-save" and data["format_version"] == 2
    assert data["actions"] == _ids(game) and len(data["actions"]) == 25
    assert data["content"]["sha256"] == content_hash(game.catalog)
    assert data["position"]["to_decide"] == game.current_player
    loaded = load_save(path)
    assert loaded.game.view() == game.view() and loaded.kinds == kinds
    assert loaded.names == ["P0", "P1", "P2"]
    assert play_on(loaded.game, loaded.bots).result == play_game(config, kinds).result


# --- tampered and corrupt saves are refused -------------------------------------------------


@pytest.fixture
def saved(tmp_path):
    """A 2-player game saved after 40 decisions: (path, the save document)."""
    config, kinds = GameConfig(players=2, seed=3), ["random", "random"]
    game, bots = _advance(config, kinds, 40)
    path = tmp_path / "game.save.json"
    return path, write_save(path, game, kinds, None, bots)


def _tampered(path: Path, data: dict, change) -> Path:
    data = json.loads(json.dumps(data))
    change(data)
    path.write_text(save_text(data), encoding="utf-8")
    return path


def _refused(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_save(path)
    return str(caught.value)


def test_a_changed_action_is_refused_naming_it_and_its_number(saved):
    path, data = saved
    assert data["actions"][16] == "recruit:stop"
    _tampered(path, data, lambda d: d["actions"].__setitem__(16, "recruit:engineer"))
    assert _refused(path) == (
        f"{path}: field /actions/16: action 17 'recruit:engineer' is not legal there: "
        "'recruit:engineer' is not legal: no Engineer is present at the Doorstep; legal: "
        "recruit:stop, recruit:pioneer, recruit:marine, recruit:steward (The Resolution "
        "Phase, 5. Doorstep; R9); the "
        "save's digest does not match either: it was edited")


def test_another_legal_action_is_refused_at_the_position_check(saved):
    path, data = saved
    game = Game.new(GameConfig(players=2, seed=3))
    for action_id in data["actions"][:-1]:
        game.apply(action_id)
    other = next(a.id for a in game.legal_actions() if a.id != data["actions"][-1])
    _tampered(path, data, lambda d: d["actions"].__setitem__(-1, other))
    message = _refused(path)
    assert message.startswith(f"{path}: field /position/")
    assert "the replay of the 40 actions does not reach the saved position: saved " in message


def test_a_changed_seed_is_refused(saved):
    path, data = saved
    _tampered(path, data, lambda d: d["config"].__setitem__("seed", 4))
    assert _refused(path) == (
        f"{path}: field /actions/1: action 2 'place:3:4:outfitter:0' is not legal there: "
        "'place:3:4:outfitter:0' is not legal: player 1 has no die showing 3 (dice: "
        "[2, 5, 5, 6, 6]) (Placement Phase); the save's digest does not match either: it was "
        "edited")


def test_a_changed_content_hash_is_refused(saved):
    path, data = saved
    _tampered(path, data, lambda d: d["content"].__setitem__("sha256", "ab12" + "0" * 60))
    now = data["content"]["sha256"]
    assert _refused(path) == (
        f"{path}: content differs from the save's: saved sha256 ab1200000000..., now "
        f"{now[:12]}...; the save was made with expansions [], packs [base 12.0.0] and plugins "
        "[project 0.1.0]; now loaded: packs [base 12.0.0] and plugins [project 0.1.0]; the "
        "save's digest does not match either: it was edited")


def test_changed_content_is_refused(tmp_path):
    # a save made with an expansion whose card changed since: the real-world case
    pack = tmp_path / "reef"
    shutil.copytree(REPO / "content" / "examples" / "project" / "reef_expansion", pack)
    config = GameConfig(players=2, seed=1, expansions=(str(pack),))
    game, bots = _advance(config, ["random", "random"], 10)
    path = tmp_path / "reef.save.json"
    data = write_save(path, game, ["random", "random"], None, bots)
    assert load_save(path).game.view() == game.view()
    cards = pack / "expeditions.yaml"
    cards.write_text(cards.read_text().replace("difficulty: 9", "difficulty: 10", 1))
    from artemis.kernel.game import _CATALOGS

    _CATALOGS.clear()  # the engine caches a catalog per process; a new process reads anew
    message = _refused(path)
    assert message.startswith(f"{path}: content differs from the save's: saved sha256 "
                              f"{data['content']['sha256'][:12]}..., now ")
    # the save stores the pack's path relative to its own folder, with /
    assert 'the save was made with expansions ["reef"], packs [base 12.0.0, ' in message
    # the same packs at the same versions: the pack's files changed, said so
    assert message.endswith("(the same packs and plugins at the same versions, but a pack's "
                            "files differ: it was edited after the game was played, without a "
                            "new version; use its files as they were, and give an edited pack "
                            "a new version)")


def test_a_changed_position_is_refused(saved):
    path, data = saved
    _tampered(path, data, lambda d: d["position"].__setitem__("round", 5))
    assert _refused(path) == (
        f"{path}: field /position/round: the replay of the 40 actions does not reach the "
        "saved position: saved round 5, replayed 3; the save's digest does not match either: "
        "it was edited")


@pytest.mark.parametrize("change, message", [
    (lambda d: d["config"].__setitem__("players", "2"),
     "field /config/players: expected a whole number, got \"2\""),
    (lambda d: d.__setitem__("format_version", 1),
     "unknown save format version 1; this artemis reads version 2"),
    (lambda d: d.__setitem__("format", "chess"),
     'not an artemis save ("format" is "chess", expected "artemis-save")'),
    (lambda d: d["seats"].pop(), "field /seats: 1 seats for 2 players"),
    (lambda d: d["config"].__setitem__("players", 3), "field /seats: 2 seats for 3 players"),
    (lambda d: d["seats"][0].__setitem__("kind", "oracle"),
     "field /seats/0/kind: 'oracle' is not a bot kind of The Artemis Project (random, greedy, "
     "mcts, strong, human)"),
    (lambda d: d["seats"][1].__setitem__("rng", None),
     "field /seats/1/rng: a random bot needs its RNG state"),
    (lambda d: d["seats"][1]["rng"]["internal"].__setitem__(7, -1),
     "field /seats/1/rng/internal/7: -1 is not a 32-bit word"),
    (lambda d: d["seats"][1]["rng"]["internal"].__setitem__(624, 999),
     "field /seats/1/rng/internal/624: the index must be at most 624"),
    (lambda d: d["actions"].__setitem__(3, 17), "field /actions/3: expected a string, got 17"),
    (lambda d: d["config"].__setitem__("players", 7),
     "field /config/players: 7 is not a player count of The Artemis Project (2, 3, 4, 5)"),
    (lambda d: d["config"].__setitem__("game", "chess"),
     "field /config/game: unknown game 'chess'; registered games: odyssey, project"),
    (lambda d: d["config"]["variants"].__setitem__("nope", {}),
     "field /config: unknown variant 'nope'"),
    (lambda d: d.pop("position"), "field /: 'position' is a required property"),
])
def test_a_malformed_save_is_refused_naming_the_field(saved, change, message):
    path, data = saved
    _tampered(path, data, change)
    assert _refused(path).startswith(f"{path}: {message}")


def test_a_truncated_or_garbled_file_is_refused(saved):
    path, _ = saved
    text = path.read_text(encoding="utf-8")
    path.write_text(text[:len(text) // 2], encoding="utf-8")
    message = _refused(path)
    assert message.startswith(f"{path}:")
    assert message.endswith("(a save cut short or edited by hand?)") and "bad JSON" in message
    path.write_text("{\"format\": artemis}", encoding="utf-8")
    assert _refused(path) == (f"{path}:1:12: bad JSON: Expecting value (a save cut short or "
                              "edited by hand?)")
    path.write_text("", encoding="utf-8")
    assert _refused(path) == f"{path}: the save is empty"
    path.write_bytes(b'{"format": "\xff"}')
    assert _refused(path) == f"{path}:1: the save is not UTF-8 text"
    path.write_text("[" * 50000 + "]" * 50000, encoding="utf-8")
    assert _refused(path).startswith(f"{path}: bad JSON: ")
    path.write_text("[1, 2]", encoding="utf-8")
    assert _refused(path) == f"{path}: a save is a JSON object, got list"
    assert _refused(path.with_name("missing.json")).startswith(
        f"{path.with_name('missing.json')}: cannot read the save: No such file")


def test_a_lone_surrogate_escape_is_refused(saved):
    path, data = saved
    data = json.loads(json.dumps(data))
    data["seats"][0]["name"] = "\ud800"
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII: the escape itself is valid
    assert _refused(path) == (f"{path}: a string holds a lone surrogate escape "
                              "(\\ud800-\\udfff), which is not text")
    data["seats"][0]["name"] = "\U0001f600"  # a surrogate pair escape is fine
    data["digest"] = save_module.document_digest(data)  # a name is an edit the digest sees
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_save(path).names == ["\U0001f600", "P1"]


def test_actions_after_the_end_of_the_game_are_refused(tmp_path):
    config, kinds = GameConfig(players=2, seed=5), ["random", "random"]
    game = play_game(config, kinds)
    path = tmp_path / "over.json"
    data = write_save(path, game, kinds, None, make_bots(config, kinds))
    assert load_save(path).game.result == game.result
    n = len(data["actions"])
    _tampered(path, data, lambda d: d["actions"].append(d["actions"][-1]))
    assert _refused(path).startswith(f"{path}: field /actions/{n}: action {n + 1} '")
    assert _refused(path).endswith("' comes after the end of the game; the save's digest "
                                   "does not match either: it was edited")


def test_save_error_is_a_value_error():
    assert issubclass(SaveError, ValueError)


# --- atomic writes: an interrupted write keeps the previous save ----------------------------


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_write_failing_half_way_leaves_the_old_save(saved, monkeypatch):
    path, data = saved
    before = path.read_bytes()
    game, bots = _advance(GameConfig(players=2, seed=3), ["random", "random"], 60)
    written: list[str] = []

    def half_then_fail(f, text):
        f.write(text[:len(text) // 2])
        f.flush()
        written.extend(p.read_text(encoding="utf-8") for p in path.parent.glob("*.tmp"))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save_module, "_write_all", half_then_fail)
    with pytest.raises(OSError, match="No space left"):
        write_save(path, game, ["random", "random"], None, bots)
    assert len(written) == 1 and written[0].startswith('{\n "format": "artemis-save",')
    with pytest.raises(json.JSONDecodeError):  # the temporary file was half written
        json.loads(written[0])
    assert path.read_bytes() == before
    assert _leftovers(path.parent) == []
    assert load_save(path).game.view()["round"] == data["position"]["round"]


def test_ctrl_c_during_fsync_leaves_the_old_save(saved, monkeypatch):
    path, _ = saved
    before = path.read_bytes()

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(save_module.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, "{}")
    assert path.read_bytes() == before and _leftovers(path.parent) == []


def test_a_process_killed_mid_write_leaves_the_old_save(saved):
    path, _ = saved
    before = path.read_bytes()
    script = (
        "import sys, time\n"
        "import artemis.records.save as s\n"
        "def slow(f, text):\n"
        "    f.write(text[:len(text) // 2]); f.flush()\n"
        "    print('HALF', flush=True); time.sleep(60)\n"
        "s._write_all = slow\n"
        "s.write_atomic(__import__('pathlib').Path(sys.argv[1]), 'x' * 100000)\n")
    proc = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "HALF"
        stray = _leftovers(path.parent)
        assert len(stray) == 1 and stray[0].startswith(f".{path.name}.")
        assert (path.parent / stray[0]).stat().st_size == 50000
        proc.kill()
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert path.read_bytes() == before
    assert load_save(path).game.view()["round"] == 3


def test_a_new_file_gets_ordinary_permissions(tmp_path):
    path = tmp_path / "new.json"
    write_atomic(path, "{}\n")
    umask = os.umask(0)
    os.umask(umask)
    assert path.read_text() == "{}\n"
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask


# --- Ctrl-C inside the rules: the save is of the last consistent decision -------------------


def test_an_interrupt_inside_the_rules_saves_the_decision_before_it(monkeypatch):
    import artemis.kernel.game as game_module

    config, kinds = GameConfig(players=2, seed=9), ["random", "random"]
    full = play_game(config, kinds)
    game, bots = _advance(config, kinds, 0)
    real_run = game_module.run
    calls = {"n": 0}

    def run_then_stop(g):
        calls["n"] += 1
        if calls["n"] == 50 and g is game:
            raise KeyboardInterrupt  # the answer is taken, its consequences not yet run
        return real_run(g)

    monkeypatch.setattr(game_module, "run", run_then_stop)
    with pytest.raises(PlayInterrupted) as stop:
        play_on(game, bots)
    monkeypatch.undo()
    stopped = stop.value.game
    assert len(stopped.actions) == 49 and stopped is not game
    loaded = restore(parse_save(save_text(save_record(stopped, kinds, None, bots))))
    assert play_on(loaded.game, loaded.bots).result == full.result
    assert _ids(loaded.game) == _ids(full)


def test_an_interrupt_while_saving_after_a_round_keeps_that_decision():
    config, kinds = GameConfig(players=3, seed=9), ["random"] * 3
    full = play_game(config, kinds)
    game, bots = _advance(config, kinds, 0)

    def stop_at_round_3(g):
        if g.state.round == 3:
            raise KeyboardInterrupt

    with pytest.raises(PlayInterrupted) as stop:
        play_on(game, bots, after_round=stop_at_round_3)
    assert stop.value.game is game and game.state.round == 3
    assert _ids(game) == _ids(full)[:len(game.actions)]
    loaded = restore(parse_save(save_text(save_record(game, kinds, None, bots))))
    assert play_on(loaded.game, loaded.bots).result == full.result


# --- the command line ---------------------------------------------------------------------


def test_cli_save_interrupt_and_load_give_the_uninterrupted_scores(tmp_path, monkeypatch):
    whole = json.loads(run("play", "--players", "3", "--seed", "7", "--json").stdout)
    path = tmp_path / "game.json"
    real_choose = RandomBot.choose
    calls = {"n": 0}

    def choose_until_ctrl_c(self, game):
        calls["n"] += 1
        if calls["n"] == 90:
            raise KeyboardInterrupt
        return real_choose(self, game)

    monkeypatch.setattr(RandomBot, "choose", choose_until_ctrl_c)
    stopped = run("play", "--players", "3", "--seed", "7", "--save", str(path), "--json")
    monkeypatch.undo()
    assert stopped.exit_code == 130
    assert stopped.stderr == (f"interrupted: saved to {path} (round 4, 89 actions)\n"
                              f"    continue with: artemis play --load {path}\n")
    assert len(json.loads(path.read_text())["actions"]) == 89

    continued = run("play", "--load", str(path), "--json")
    assert continued.exit_code == 0, continued.output
    result = json.loads(continued.stdout)
    assert result["players"] == whole["players"] and result["winner"] == whole["winner"]
    assert result["config"] == whole["config"]
    assert "continuing" in continued.stderr and "89 actions replayed and checked" in \
        continued.stderr
    assert json.loads(path.read_text())["position"]["over"] is True  # saved back at the end
    # loaded again, the finished game is said to be finished, its result shown again
    again = run("play", "--load", str(path), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout) == result
    assert again.stderr.startswith(f"{path} holds a finished game: round ")
    assert "continuing" not in again.stderr


def test_cli_save_after_every_round(tmp_path, monkeypatch):
    path = tmp_path / "rounds.json"
    rounds: list[int] = []
    real = save_module.write_save

    def spy(p, game, *args, **kwargs):
        rounds.append(game.state.round if not game.is_over else 0)
        return real(p, game, *args, **kwargs)

    monkeypatch.setattr(save_module, "write_save", spy)
    result = run("play", "--players", "2", "--seed", "1", "--save", str(path), "--quiet")
    assert result.exit_code == 0, result.output
    assert rounds == [1, 2, 3, 4, 5, 6, 0]  # the first decision, each new round, the end
    assert load_save(path).game.is_over


def test_cli_load_refuses_conflicting_flags_and_bad_saves(saved, tmp_path):
    path, data = saved
    clash = run("play", "--load", str(path), "--players", "3", "--seed", "2", "--variant", "x")
    assert clash.exit_code == 2
    assert clash.stderr == ("error: --load continues the saved game with its own config and "
                            "seats; do not also give --players, --seed, --variant\n")
    _tampered(path, data, lambda d: d["actions"].__setitem__(16, "place:9:9:basecamp:0"))
    bad = run("play", "--load", str(path))
    assert bad.exit_code == 1
    assert bad.stderr.startswith(f"error: the save is refused: {path}: field /actions/16: "
                                 "action 17 'place:9:9:basecamp:0' is not legal there")
    assert "Traceback" not in bad.output
    nowhere = run("play", "--players", "2", "--save", str(tmp_path / "no" / "dir" / "s.json"))
    assert nowhere.exit_code == 1
    assert nowhere.stderr.startswith(f"error: cannot write the save '{tmp_path / 'no'}")
    assert "No such file or directory" in nowhere.stderr


def test_cli_a_human_seat_without_input_keeps_the_save(tmp_path):
    path = tmp_path / "h.json"
    result = CliRunner().invoke(app, ["play", "--players", "2", "--bots", "random,human",
                                      "--save", str(path)], input="", env=WIDE)
    assert result.exit_code == 1
    data = json.loads(path.read_text())
    n = len(data["actions"])
    assert data["position"]["to_decide"] == 1 and data["position"]["over"] is False
    said = "1 action" if n == 1 else f"{n} actions"
    assert f"saved to {path} (round 1, {said}); continue with: artemis play --load " \
        f"{path}\n" in result.stderr
    assert "error: no input for a human seat" in result.stderr


def _as_from_a_shell() -> None:
    """In the child before exec: Ctrl-C handled and no signal blocked, as a shell starts a
    command. A signal disposition ignored or a mask left by another test in this process
    would be inherited through exec, and the game would never see the Ctrl-C it is sent."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, set())


def _play_human(args: list[str], answers: int | None, signum=signal.SIGINT):
    """Run `artemis play` with a human seat 0 answering "1" to every question; with
    ``answers``, send ``signum`` (SIGINT: Ctrl-C) once that many questions are answered and
    the next is asked. Returns (exit code, stdout, stderr)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    proc = subprocess.Popen([str(ARTEMIS), "play", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            preexec_fn=_as_from_a_shell)
    out: list[bytes] = []
    asked = threading.Semaphore(0)

    def read() -> None:
        while chunk := proc.stdout.read1(65536):
            out.append(chunk)
            for _ in range(chunk.count(b"> ")):
                asked.release()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    def next_question() -> bool:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if asked.acquire(timeout=0.05):
                return True
            if proc.poll() is not None:
                return asked.acquire(timeout=0.5)
        return False

    try:
        for n in range(10000):
            if not next_question():
                break
            if answers is not None and n == answers:
                time.sleep(0.2)  # let it block in input()
                proc.send_signal(signum)
                # stdin stays open until it has stopped, as a terminal's does: closed at once,
                # a loaded machine could hand input() the end of the input before the signal
                try:
                    proc.wait(timeout=120)
                except subprocess.TimeoutExpired:
                    pass
                break
            proc.stdin.write(b"1\n")
            proc.stdin.flush()
        proc.stdin.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
    finally:
        proc.kill()
    reader.join(timeout=10)
    return proc.returncode, b"".join(out).decode(), err


def test_real_ctrl_c_at_a_human_seat_saves_and_load_continues(tmp_path):
    path = tmp_path / "human.json"
    seat_args = ["--players", "2", "--seed", "6", "--bots", "human,random"]
    code, whole_out, whole_err = _play_human([*seat_args, "--quiet"], None)
    assert code == 0, whole_err
    code, _, err = _play_human([*seat_args, "--save", str(path), "--quiet"], 12)
    assert code == 130, err
    assert err.startswith(f"interrupted: saved to {path} (round ")
    saved_actions = json.loads(path.read_text())["actions"]
    # a placement takes up to three answers at the terminal (die, region, Toolkit change;
    # a target of one is taken at once), so 12 answers are at least 4 of the human's
    # decisions, with the random seat's between them
    assert len(saved_actions) >= 7
    code, out, err = _play_human(["--load", str(path), "--quiet"], None)
    assert code == 0, err
    final = [line for line in out.splitlines() if " VP (" in line or line.startswith("winner")]
    expected = [line for line in whole_out.splitlines()
                if " VP (" in line or line.startswith("winner")]
    assert len(final) == 3 and final == expected


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a child process is POSIX")
def test_sigterm_saves_like_ctrl_c_and_load_continues(tmp_path):
    """`kill`, `timeout`, a CI job cancelled: SIGTERM saves the game and says how to go on."""
    path = tmp_path / "term.json"
    seat_args = ["--players", "2", "--seed", "6", "--bots", "human,random"]
    code, whole_out, whole_err = _play_human([*seat_args, "--quiet"], None)
    assert code == 0, whole_err
    code, _, err = _play_human([*seat_args, "--save", str(path), "--quiet"], 12,
                               signal.SIGTERM)
    assert code == 143, err
    assert err.startswith(f"interrupted by SIGTERM: saved to {path} (round ")
    assert err.endswith(f"    continue with: artemis play --load {path}\n")
    assert "Traceback" not in err
    assert len(json.loads(path.read_text())["actions"]) >= 7  # 12 answers, 3 a placement
    code, out, err = _play_human(["--load", str(path), "--quiet"], None)
    assert code == 0, err
    final = [line for line in out.splitlines() if " VP (" in line or line.startswith("winner")]
    assert final == [line for line in whole_out.splitlines()
                     if " VP (" in line or line.startswith("winner")]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM to a child process is POSIX")
def test_sigterm_without_save_says_the_game_is_not_saved():
    code, _, err = _play_human(["--players", "2", "--seed", "6", "--bots", "human,random",
                                "--quiet"], 3, signal.SIGTERM)
    assert code == 143
    assert err == "interrupted by SIGTERM: the game is not saved (give --save FILE to keep it)\n"


# --- new-user trial findings (issue 5): hostile paths, edits the replay cannot see ----------


def test_a_save_that_is_not_a_regular_file_is_refused_unread(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: reading it would block forever
    assert _refused(fifo) == (f"{fifo}: cannot read the save: not a regular file (a device or "
                              "pipe); give the path of a save file")
    assert _refused(Path("/dev/zero")) == (  # endless, and its size says 0
        "/dev/zero: cannot read the save: not a regular file (a device or pipe); give the path "
        "of a save file")
    assert _refused(tmp_path) == f"{tmp_path}: cannot read the save: is a folder, not a file"
    result = run("play", "--load", "/dev/zero")
    assert result.exit_code == 1
    assert result.stderr == ("error: the save is refused: /dev/zero: cannot read the save: not "
                             "a regular file (a device or pipe); give the path of a save file\n")


def test_save_targets_that_are_not_save_files_are_refused_before_playing(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    for target, why in [
        (fifo, "cannot save there: not a regular file (a device or pipe); give the name of a "
               "save file"),
        (tmp_path, "cannot save there: it is a folder, not a file"),
        (notes, "the file exists and is not an artemis save: not overwriting it; give another "
                "file name for --save"),
    ]:
        result = run("play", "--players", "2", "--save", str(target), "--quiet")
        assert result.exit_code == 1, target
        assert result.stderr == f"error: {target}: {why}\n"
        assert result.stdout == ""  # refused before playing
    assert fifo.is_fifo() and notes.read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "pipe"]  # no .tmp left
    empty = tmp_path / "empty.json"
    empty.touch()  # nothing to lose: an empty file may become a save
    assert run("play", "--players", "2", "--save", str(empty), "--quiet").exit_code == 0
    assert json.loads(empty.read_text())["position"]["over"] is True
    # an existing save is overwritten as before
    assert run("play", "--players", "2", "--seed", "4", "--save", str(empty),
               "--quiet").exit_code == 0
    assert load_save(empty).game.config.seed == 4


def test_write_atomic_refuses_a_pipe_and_follows_a_symlink(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:
        write_atomic(fifo, "{}")
    assert caught.value.strerror == "not a regular file (a device or pipe): not replacing it"
    assert fifo.is_fifo()
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    link.symlink_to(target.name)  # dangling: the target is created
    write_atomic(link, "one\n")
    write_atomic(link, "two\n")
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert target.read_text() == "two\n"


def test_cli_save_and_log_through_symlinks_write_their_targets(tmp_path):
    save_link, log_link = tmp_path / "s.json", tmp_path / "l.jsonl"
    save_link.symlink_to(tmp_path / "real.json")
    log_link.symlink_to(tmp_path / "real.jsonl")
    result = run("play", "--players", "2", "--seed", "2", "--save", str(save_link), "--log",
                 str(log_link), "--quiet")
    assert result.exit_code == 0, result.output
    assert save_link.is_symlink() and log_link.is_symlink()
    assert json.loads((tmp_path / "real.json").read_text())["config"]["seed"] == 2
    header = json.loads((tmp_path / "real.jsonl").read_text().splitlines()[0])
    assert (header["type"], header["seed"]) == ("game", 2)
    assert load_save(save_link).game.is_over


@pytest.mark.parametrize("change", [
    lambda d: (d["seats"][0].__setitem__("kind", d["seats"][1]["kind"]),
               d["seats"][1].__setitem__("kind", "greedy")),
    lambda d: d["seats"][1]["rng"]["internal"].__setitem__(5, 12345),
    lambda d: d["seats"][0].__setitem__("name", "Ada"),
    lambda d: d.__setitem__("engine_version", "9.9.9"),
])
def test_edits_the_replay_cannot_check_are_refused_by_the_digest(saved, change):
    path, data = saved
    assert data["digest"] == save_module.document_digest(data)
    assert load_save(path).names == ["P0", "P1"]
    _tampered(path, data, change)
    assert _refused(path) == (
        f"{path}: field /digest: the save was changed after it was written: its digest "
        f"\"{data['digest'][:12]}\"... does not match its content (seats, bots' random states "
        "and names are not checked by the replay, so any edit is refused)")


def test_the_digest_covers_the_document_without_itself(saved):
    _, data = saved
    from artemis.records.digest import sha256_of

    assert data["digest"] == sha256_of({k: v for k, v in data.items() if k != "digest"})
    assert list(data)[-1] == "digest"


@pytest.mark.parametrize("change, message", [
    (lambda t: t.replace('"players": 2,', '"players": 2, "players": 3,', 1),
     'bad JSON: duplicate key "players" in an object'),
    (lambda t: t.replace('"seed": 3', '"seed": ' + "9" * 5000, 1),
     "bad JSON: the number 999999999999... has 5000 digits, too long (at most 40)"),
    (lambda t: t.replace('"seed": 3', '"seed": -1', 1),
     "field /config/seed: -1 is less than the minimum of 0"),
    (lambda t: t.replace('"seed": 3', f'"seed": {2**63}', 1),
     f"field /config/seed: {2**63} is greater than the maximum of {2**63 - 1}"),
])
def test_duplicate_keys_long_numbers_and_wild_seeds_are_refused(saved, change, message):
    path, _ = saved
    text = path.read_text(encoding="utf-8")
    path.write_text(change(text), encoding="utf-8")
    assert _refused(path) == f"{path}: {message}"


def test_ctrl_c_after_the_game_is_over_names_the_final_save(tmp_path, monkeypatch, capsys):
    import artemis.cli as cli
    import artemis.cli.play as play_command

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C while the account is printed

    monkeypatch.setattr(play_command, "print_account", interrupted)
    path = tmp_path / "over.json"
    monkeypatch.setattr(sys, "argv", ["artemis", "play", "--players", "2", "--save", str(path)])
    with pytest.raises(SystemExit) as caught:
        cli.main()
    assert caught.value.code == 130
    assert capsys.readouterr().err == (f"interrupted: the game is over; its final save is "
                                       f"{path}\n")
    assert load_save(path).game.is_over


def _ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt


def test_ctrl_c_before_the_first_decision_says_nothing_is_saved(tmp_path, monkeypatch, capsys):
    """Ctrl-C while the game is set up (content, plugins, Game.new): before, exit 130 said
    nothing at all."""
    import artemis.cli as cli
    import artemis.kernel.game as game_module

    monkeypatch.setattr(game_module.Game, "new", _ctrl_c)
    path = tmp_path / "early.json"
    monkeypatch.setattr(sys, "argv", ["artemis", "play", "--players", "2", "--save", str(path)])
    with pytest.raises(SystemExit) as caught:
        cli.main()
    assert caught.value.code == 130
    assert capsys.readouterr().err == (
        "interrupted before the game's first decision: nothing is saved (--save writes "
        f"{path} from the first decision on)\n")
    assert not path.exists()


def test_ctrl_c_while_loading_a_save_says_it_is_unchanged(saved, monkeypatch, capsys):
    import artemis.cli as cli
    import artemis.records.save as save_module

    path, _ = saved
    before = path.read_bytes()
    monkeypatch.setattr(save_module, "load_save", _ctrl_c)
    monkeypatch.setattr(sys, "argv", ["artemis", "play", "--load", str(path)])
    with pytest.raises(SystemExit) as caught:
        cli.main()
    assert caught.value.code == 130
    assert capsys.readouterr().err == (f"interrupted while loading {path}: the save is "
                                       f"unchanged; continue with: artemis play --load {path}\n")
    assert path.read_bytes() == before


def test_ctrl_c_at_the_first_decision_names_the_save_written(tmp_path, monkeypatch, capsys):
    """Between the first save and the play loop: the save is there, and said."""
    import artemis.cli as cli
    import artemis.players.play as play_module

    monkeypatch.setattr(play_module, "play_on", _ctrl_c)
    path = tmp_path / "first.json"
    monkeypatch.setattr(sys, "argv", ["artemis", "play", "--players", "2", "--save", str(path)])
    with pytest.raises(SystemExit) as caught:
        cli.main()
    assert caught.value.code == 130
    assert capsys.readouterr().err == (f"interrupted at the game's first decision: saved to "
                                       f"{path}\n    continue with: artemis play --load {path}\n")
    assert load_save(path).game.actions == []
