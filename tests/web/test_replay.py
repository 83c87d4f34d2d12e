"""Replay over HTTP (docs/serve.md, "Replay"): a log or a save uploaded (never a server path),
checked in full, kept in the data folder; stepping and scrubbing show the game after k
actions, the decision asked there with its choices and the one taken; continue-from-here makes
a new game of the first k actions; malformed uploads are refused with nothing created; a new
server over the same folder opens both a game and a replay."""

from __future__ import annotations

import html
import json
import random
import re
import shutil
from pathlib import Path

import pytest
from markupsafe import escape

from artemis.kernel.game import Game, GameConfig
from artemis.players.play import make_bots
from artemis.records.log import write_log
from artemis.records.save import load_save, read_save, write_save
from artemis.web.forms import MAX_UPLOAD
from artemis.web.render import generic_view

from .helpers import client, news, offered, play_turns, start

REEF = Path(__file__).resolve().parents[2] / "content/examples/project/reef_expansion"
MESSAGE = re.compile(r'<p class="message">(.*?)</p>', re.S)


def _played(game_id="project", players=2, seed=3, steps=None, expansions=()):
    """A game played by random choices (to the end, or ``steps`` actions)."""
    game = Game.new(GameConfig(players=players, seed=seed, game=game_id,
                               expansions=tuple(expansions)))
    rng = random.Random(seed)
    while not game.is_over and (steps is None or len(game.actions) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def _log_bytes(tmp_path, game, kinds=("random", "greedy"), names=("Ada", "Bob")) -> bytes:
    path = tmp_path / "upload" / "game.jsonl"
    path.parent.mkdir(exist_ok=True)
    write_log(game, path, list(kinds), list(names))
    return path.read_bytes()


def _save_bytes(tmp_path, game, kinds=("human", "random"), names=("Ada", "Bob")) -> bytes:
    path = tmp_path / "upload" / "game.json"
    path.parent.mkdir(exist_ok=True)
    write_save(path, game, list(kinds), list(names), make_bots(game.config, list(kinds)))
    return path.read_bytes()


def _upload(c, raw: bytes, name="game.jsonl", **kwargs):
    return c.post("/replay", files={"file": (name, raw)}, **kwargs)


def _opened(c, raw, name="game.jsonl") -> str:
    r = _upload(c, raw, name)
    assert r.status_code == 303, r.text
    return r.headers["location"]


def _message(r) -> str:
    found = MESSAGE.search(r.text)
    return html.unescape(found.group(1)) if found else r.text


def _at(config, actions, k):
    game = Game.new(config)
    for a in actions[:k]:
        game.apply(a)
    return game


def test_the_replay_page_has_the_upload_form_and_the_index_links_it(tmp_path):
    c = client(tmp_path)
    assert 'href="/replay"' in c.get("/").text
    page = c.get("/replay")
    assert page.status_code == 200
    assert ('<form method="post" action="/replay" enctype="multipart/form-data"'
            in page.text)
    assert 'type="file" name="file" id="replay-file"' in page.text
    assert f"At most {MAX_UPLOAD // 1024} KiB" in page.text


def test_an_uploaded_log_is_kept_and_stepped_through(tmp_path):
    game = _played()
    raw = _log_bytes(tmp_path, game)
    data = tmp_path / "data"
    c = client(data)
    where = _opened(c, raw)
    replay_id = where.rsplit("/", 1)[1]
    assert re.fullmatch(r"/replay/[0-9a-f]{32}", where)
    folder = data / "replays" / replay_id
    assert (folder / "record.jsonl").read_bytes() == raw  # kept as uploaded
    about = json.loads((folder / "about.json").read_text())
    assert about == {"name": "game.jsonl", "kind": "log", "game": "project",
                     "names": ["Ada", "Bob"], "steps": len(game.actions)}
    assert c.app.state.store.ids() == []  # a replay is not a game of the folder
    actions = [a.id for a in game.actions]
    n = len(actions)
    for k in (0, 1, 17, n - 1):
        page = c.get(f"{where}?step={k}").text
        expected = _at(game.config, actions, k)
        # the board from the public view, as the game showed it after k actions
        assert generic_view(expected.view(None)) in page
        assert f"step {k} of {n}" in page
        assert f'<input type="range" id="scrub" name="step" min="0" max="{n}" value="{k}"' \
            in page
        assert f'name="step" value="{max(k - 1, 0)}"><button type="submit" id="step-back"' \
            in page
        assert f'name="step" value="{k + 1}"><button type="submit" id="step-forward">' in page
        # the decision asked there: every legal choice, the one taken marked
        labels = [html.escape(a.label) for a in expected.legal_actions()]
        choices = re.findall(r'<li(?: class="taken" aria-current="true")? title="[^"]*">'
                             r'(.*?)(?: <strong>&#8592; taken</strong>)?</li>', page)
        assert [html.unescape(x) for x in choices] == [html.unescape(x) for x in labels]
        taken = re.findall(r'<li class="taken" aria-current="true" title="([^"]*)">', page)
        assert [html.unescape(t) for t in taken] == [actions[k]]
        asked = expected.ruleset.words.question(expected, ["Ada", "Bob"])
        assert f"The decision after step {k}: {escape(asked)}" in page
        account = expected.ruleset.words.account_lines(expected, ["Ada", "Bob"])
        assert "\n".join(escape(line) for line in account[-5:]) in page
    assert 'id="step-back" disabled' in c.get(f"{where}?step=0").text
    end = c.get(f"{where}?step={n}").text
    assert "The end of the record" in end and 'id="step-forward" disabled' in end
    assert "Winner:" in end and 'id="continue"' not in end  # over: nothing to continue
    assert c.get(where).text == c.get(f"{where}?step=0").text  # opens at its first step
    as_json = c.get(f"{where}?step=5", headers={"Accept": "application/json"}).json()
    expected = _at(game.config, actions, 5)
    assert as_json["step"] == 5 and as_json["steps"] == n
    assert as_json["view"] == json.loads(json.dumps(expected.view(None)))
    assert [ch["id"] for ch in as_json["decision"]["choices"]] == \
        [a.id for a in expected.legal_actions()]
    assert [ch["id"] for ch in as_json["decision"]["choices"] if ch["taken"]] == [actions[5]]


def test_a_step_out_of_the_record_is_checked(tmp_path):
    c = client(tmp_path / "data")
    game = _played(steps=30)
    where = _opened(c, _save_bytes(tmp_path, game), "game.json")
    assert "step 30 of 30" in c.get(f"{where}?step=999").text  # past the end: the end
    for bad in ("-1", "abc", "1e3", "９"):
        r = c.get(f"{where}?step={bad}")
        assert r.status_code == 400 and "is not a step number" in _message(r), bad
    assert c.get(f"/replay/{'0' * 32}").status_code == 404
    r = c.get("/replay/../../etc")
    assert r.status_code == 404
    assert c.get("/replay/not-an-id").status_code == 404


def test_an_uploaded_save_replays_to_its_position_and_continues(tmp_path):
    """A save of a game in progress: its steps are its actions; continue-from-here at the
    end is the save's game, at an earlier step the game cut there."""
    game = _played(steps=40)
    raw = _save_bytes(tmp_path, game)
    data = tmp_path / "data"
    c = client(data)
    where = _opened(c, raw, "game.json")
    actions = [a.id for a in game.actions]
    replay_id = where.rsplit("/", 1)[1]
    assert (data / "replays" / replay_id / "record.json").read_bytes() == raw
    last = c.get(f"{where}?step=40").text
    assert generic_view(game.view(None)) in last
    assert "the record ends here" in last and 'id="continue"' in last
    # the continue form offers each seat its recorded kind first, with its name
    assert ('<select name="seat0"><option selected>human</option>' in last
            and '<select name="seat1"><option selected>random</option>' in last)
    assert 'name="name1" value="Bob"' in last
    for k in (40, 12):
        r = c.post(f"{where}/continue", data={"step": str(k), "seat0": "human",
                                              "seat1": "human"})
        assert r.status_code == 303, r.text
        host = r.headers["location"]
        game_id = host.split("/")[2]
        assert re.fullmatch(r"/g/[0-9a-f]{12}/host/[A-Za-z0-9_-]+", host)
        assert c.get(host).status_code == 200
        session = c.app.state.store.get(game_id)
        assert [a.id for a in session.game.actions] == actions[:k]
        assert session.names == ["Ada", "Bob"] and session.kinds == ["human", "human"]
        saved = read_save(data / game_id / "game.json")
        assert saved["actions"] == actions[:k]
        loaded = load_save(data / game_id / "game.json")  # its save replays
        assert [a.id for a in loaded.game.actions] == actions[:k]
        assert loaded.game.view(None) == _at(game.config, actions, k).view(None)


def test_continue_from_here_with_bots_and_the_seats_checked(tmp_path):
    game = _played()
    raw = _log_bytes(tmp_path, game, kinds=("random", "greedy"))
    data = tmp_path / "data"
    c = client(data)
    where = _opened(c, raw)
    actions = [a.id for a in game.actions]
    before = sorted(p.name for p in data.iterdir())
    for fields, status, words in (
            ({"step": "10", "seat0": "oracle"}, 400, "field 'seat0': 'oracle' is not a seat"),
            ({"step": "10", "name0": "Bob"}, 400, "two seats have the same name"),
            ({"step": "x"}, 400, "is not a step number"),
            ({"step": str(len(actions) + 1)}, 400, "is not a step of this replay"),
            ({}, 400, "field 'step' is missing"),
            ({"step": str(len(actions))}, 409, "the game is over at this step")):
        r = c.post(f"{where}/continue", data=fields)
        assert r.status_code == status and words in _message(r), (fields, r.text)
    assert sorted(p.name for p in data.iterdir()) == before  # no game was created
    # default: the seats as recorded (two bots): the new game plays on by itself
    r = c.post(f"{where}/continue", data={"step": "10"},
               headers={"Accept": "application/json"})
    assert r.status_code == 201
    body = r.json()
    assert [s["kind"] for s in body["seats"]] == ["random", "greedy"]
    game_id = body["id"]
    session = c.app.state.store.get(game_id)
    assert [a.id for a in session.game.actions][:10] == actions[:10]
    c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "0"})
    for _ in range(100):  # bots at pace 0: up to 60 decisions a request
        if news(c, game_id)["over"]:
            break
    loaded = load_save(data / game_id / "game.json")
    assert loaded.game.is_over and [a.id for a in loaded.game.actions][:10] == actions[:10]


def test_continue_from_here_keeps_a_recorded_bot_spec_with_options(tmp_path):
    """A log's seat ``mcts:iterations=20`` is offered first by the continue form and is the
    new game's seat by default, as a plain kind is (issue 25: it became a human or random)."""
    game = _played(steps=30)
    raw = _log_bytes(tmp_path, game, kinds=("mcts:iterations=20", "greedy"))
    c = client(tmp_path / "data")
    where = _opened(c, raw)
    page = c.get(f"{where}?step=10").text
    assert '<select name="seat0"><option selected>mcts:iterations=20</option>' in page
    r = c.post(f"{where}/continue", data={"step": "10"},
               headers={"Accept": "application/json"})
    assert r.status_code == 201, r.text
    assert [s["kind"] for s in r.json()["seats"]] == ["mcts:iterations=20", "greedy"]
    session = c.app.state.store.get(r.json()["id"])
    assert session.bots[0].iterations == 20


def test_malformed_uploads_are_refused_and_nothing_is_created(tmp_path):
    game = _played(steps=60)
    log = _log_bytes(tmp_path, game)
    save = _save_bytes(tmp_path, game)
    lines = log.decode().split("\n")
    edited_entry = "\n".join([lines[0], lines[1].replace('"seed": 3', '"seed": 4'),
                              *lines[2:]]).encode()
    action_line = next(i for i, line in enumerate(lines) if '"type": "action"' in line)
    illegal = "\n".join([*lines[:action_line],
                         json.dumps({"type": "action", "player": 0, "id": "place:9:9:x:0",
                                     "label": "?"}), *lines[action_line + 1:]]).encode()
    save_doc = json.loads(save)
    save_doc["seats"][1]["name"] = "Eve"  # an edit only the digest shows
    edited_save = json.dumps(save_doc).encode()
    other_pack = log.replace(b'"expansions": []', b'"expansions": ["../../etc/reef"]')
    data = tmp_path / "data"
    c = client(data)
    cases = [
        (b"\xff\xfe not text", "x.jsonl", 400, "x.jsonl:1: not UTF-8 text"),
        (b"", "empty.json", 400, "empty.json: the file is empty"),
        (b"  \n\n", "blank.json", 400, "the file is empty"),
        (b"hello, world\n", "notes.txt", 400, "notes.txt: neither an artemis game log"),
        (b'{"players": 2}\n', "config.json", 400, "neither an artemis game log"),
        (b"[1, 2]", "list.json", 400, "neither an artemis game log"),
        (log[:300], "cut.jsonl", 400, "cut.jsonl:1:"),
        (log.replace(b'"players": 2', b'"players": "two"', 1), "h.jsonl", 400,
         'h.jsonl:1: header field "players" must be a whole number'),
        (edited_entry, "e.jsonl", 400, "e.jsonl: the log is not the game its actions replay: "
                                       "difference at step 1"),
        (illegal, "i.jsonl", 400, "difference at step 7 (line 8 of i.jsonl): recorded: "),
        (illegal, "i.jsonl", 400, "'place:9:9:x:0' is not legal: player 1 has no die"),
        (other_pack, "p.jsonl", 400, "a replay uses only the packs of the data folder's "
                                     "packs/ (none there)"),
        (save[:200], "cut.json", 400, "cut.json:"),
        (save.replace(b'"artemis-save"', b'"other-save"'), "o.json", 400,
         'o.json: not an artemis save ("format" is "other-save"'),
        (edited_save, "d.json", 400, "d.json: field /digest: the save was changed"),
        (save.replace(b'"format_version": 2', b'"format_version": 9'), "v.json", 400,
         "unknown save format version 9"),
        (b"x" * (MAX_UPLOAD + 1), "big.jsonl", 413, f"at most {MAX_UPLOAD} are accepted"),
    ]
    for raw, name, status, words in cases:
        r = _upload(c, raw, name)
        assert r.status_code == status, (name, r.text)
        assert words in _message(r), (name, words, _message(r))
        assert "Traceback" not in r.text and "Nothing was changed." in r.text
    other = [
        (c.post("/replay", data={"file": "game.jsonl"}), 415, "multipart/form-data"),
        (c.post("/replay", files={"other": ("a.jsonl", log)}), 400, "no file sent"),
        (c.post("/replay", content=b"--x\r\nnot a part", headers={
            "content-type": "multipart/form-data; boundary=x"}), 400, ""),
        (c.post("/replay", content=b"x" * (MAX_UPLOAD + 20000), headers={
            "content-type": "multipart/form-data; boundary=x"}), 413, "are accepted"),
        (c.post("/replay", files=[("file", ("a.jsonl", log)), ("file", ("b.jsonl", log))]),
         400, ""),
    ]
    for r, status, words in other:
        assert r.status_code == status, r.text
        assert words in _message(r)
    j = _upload(c, b"hello", "hello.jsonl", headers={"Accept": "application/json"})
    assert j.status_code == 400 and j.json()["ok"] is False
    assert "neither an artemis game log" in j.json()["error"]
    assert not (data / "replays").exists() or list((data / "replays").iterdir()) == []
    assert c.app.state.store.ids() == []


def test_a_replay_of_a_game_with_a_pack_of_the_data_folder(tmp_path):
    """A recorded expansion path stands for the pack of that folder name in packs/; its
    content must be the recorded one; a continued game saves the pack beside it."""
    shutil.copytree(REEF, tmp_path / "elsewhere" / "reef")
    game = _played(steps=30, expansions=[str(tmp_path / "elsewhere" / "reef")])
    raw = _save_bytes(tmp_path, game)
    data = tmp_path / "data"
    c = client(data)
    r = _upload(c, raw, "reef.json")
    assert r.status_code == 400 and "put that pack there as packs/reef" in _message(r)
    shutil.copytree(REEF, data / "packs" / "reef")
    where = _opened(c, raw, "reef.json")
    assert generic_view(game.view(None)) in c.get(f"{where}?step=30").text
    r = c.post(f"{where}/continue", data={"step": "30"})
    game_id = r.headers["location"].split("/")[2]
    assert read_save(data / game_id / "game.json")["config"]["expansions"] == ["../packs/reef"]
    # the folder moved, with a pack changed: the replay no longer passes its checks, and says
    # so (a new folder, as a process loads a pack's content once)
    moved = tmp_path / "moved"
    shutil.copytree(data, moved)
    (moved / "packs" / "reef" / "expeditions.yaml").write_text(
        (REEF / "expeditions.yaml").read_text().replace("name: Coral Labyrinth",
                                                          "name: Coral Maze", 1))
    r = client(moved).get(where)
    assert r.status_code == 500 and "cannot be loaded" in _message(r)


def test_a_new_server_over_the_folder_opens_both_a_game_and_a_replay(tmp_path):
    game = _played()
    raw = _log_bytes(tmp_path, game)
    data = tmp_path / "data"
    c = client(data)
    where = _opened(c, raw)
    game_id, _, links = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob")
    rng = random.Random(5)
    play_turns(c, game_id, dict(enumerate(links)), rng, 15)
    pages = {k: c.get(f"{where}?step={k}").text for k in (0, 33)}
    seat_page = offered(c, links[news(c, game_id)["to_decide"]])

    c = client(data)  # the server started again
    assert 'href="' + where + '"' in c.get("/replay").text  # listed
    for k, text in pages.items():
        assert c.get(f"{where}?step={k}").text == text
    assert news(c, game_id)["actions"] == 15
    assert offered(c, links[news(c, game_id)["to_decide"]]) == seat_page
    assert play_turns(c, game_id, dict(enumerate(links)), rng, 3) == 3
    # a server open to the network lists no replays (their addresses are their keys)
    assert 'href="' + where + '"' not in client(data, show_host_links=False).get(
        "/replay").text


@pytest.mark.parametrize("kind", ["log", "save"])
def test_an_odyssey_record_steps_and_continues_from_the_generic_view(tmp_path, kind):
    game = _played("odyssey", steps=None if kind == "log" else 50, seed=2)
    raw = (_log_bytes(tmp_path, game) if kind == "log"
           else _save_bytes(tmp_path, game, kinds=("human", "greedy")))
    data = tmp_path / "data"
    c = client(data)
    where = _opened(c, raw, f"odyssey.{'jsonl' if kind == 'log' else 'json'}")
    actions = [a.id for a in game.actions]
    k = 23
    expected = _at(game.config, actions, k)
    page = c.get(f"{where}?step={k}").text
    assert generic_view(expected.view(None)) in page
    # the public view: a card face down stays face down on the board
    assert "The Artemis Odyssey" in page
    taken = re.findall(r'<li class="taken" aria-current="true" title="([^"]*)">', page)
    assert [html.unescape(t) for t in taken] == [actions[k]]
    r = c.post(f"{where}/continue", data={"step": str(k), "seat0": "human",
                                          "seat1": "random"})
    assert r.status_code == 303
    game_id = r.headers["location"].split("/")[2]
    loaded = load_save(data / game_id / "game.json")
    assert [a.id for a in loaded.game.actions][:k] == actions[:k]


def test_replay_folders_an_upload_left_without_its_about_file_are_removed_at_start(tmp_path):
    c = client(tmp_path)
    game_id, _, _ = start(c, seat0="random", seat1="random")
    save = (tmp_path / game_id / "game.json").read_bytes()
    kept = c.post("/replay", files={"file": ("game.json", save)}).headers["location"]
    cut = tmp_path / "replays" / ("ab" * 16)  # a crash between the record and its about.json
    cut.mkdir()
    (cut / "record.json").write_bytes(save)
    assert "ab" * 16 not in c.get("/replay").text  # not listed, even before a restart
    c = client(tmp_path)
    assert not cut.exists()
    page = c.get("/replay").text
    assert kept.rsplit("/", 1)[1] in page and "cannot be read" not in page
