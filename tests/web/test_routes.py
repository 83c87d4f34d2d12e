"""`artemis serve` over HTTP (docs/serve.md): every route, a whole game played to the end
through requests, refusals that change nothing, tokens, hotseat, the bots' pace, a restart."""

from __future__ import annotations

import html
import json
import os
import random
import re
import stat

from artemis.kernel.game import Game
from artemis.records.save import load_save, read_save
from artemis.web.render import generic_view

from .helpers import client, news, offered, play_turns, start


def _session(c, game_id):
    return c.app.state.store.get(game_id)


SEAT_ROW = re.compile(r'<div class="seat-row" data-seat="(\d+)"( hidden)?>')


def test_the_new_game_form_shows_the_seats_of_the_count_and_says_what_each_variant_does(
        tmp_path):
    """A seat row per player of the chosen count (the others hidden until the count asks for
    them: app.js, or ?game=ID&players=N without a script), and each variant with its one-line
    description (as `artemis games` gives it)."""
    from artemis.kernel.game import default_plugins

    c = client(tmp_path)

    def shown(query: str) -> list[int]:
        return [int(n) for n, hidden in SEAT_ROW.findall(c.get(query).text) if not hidden]

    assert shown("/") == [0, 1] and len(SEAT_ROW.findall(c.get("/").text)) == 8
    assert shown("/?game=project&players=4") == [0, 1, 2, 3]
    assert shown("/?players=99") == shown("/?players=x") == [0, 1]  # not a count: the default
    page = c.get("/?game=odyssey&players=5").text
    assert shown("/?game=odyssey&players=5") == [0, 1, 2, 3, 4]
    assert '<option value="odyssey" selected>' in page
    assert '<a href="/?game=odyssey&amp;players=8#new-game">8</a>' in page
    for game in ("project", "odyssey"):
        variants = default_plugins().variants(game)
        assert variants
        for name, variant in variants.items():
            assert variant.description
            assert (f"<dd><code>{name}</code>: {variant.description}</dd>"
                    in html.unescape(page))
    # a count chosen with fewer rows shown still starts its game (the others default)
    game_id, _, _ = start(c, players="3")
    assert len(_session(c, game_id).names) == 3


def test_index_lists_games_and_offers_the_new_game_form(tmp_path):
    c = client(tmp_path)
    page = c.get("/")
    assert page.status_code == 200
    assert "No games in the data folder yet." in page.text
    assert ('<option value="project" selected>The Artemis Project (2, 3, 4, 5 players)'
            '</option>') in page.text
    assert '<option value="odyssey">' in page.text
    # the default game is offered first, and a seat row for each seat of the largest count
    # (the Odyssey's 8, as 4 teams)
    assert page.text.index('<option value="project" selected>') < page.text.index(
        '<option value="odyssey">')
    assert 'name="seat7"' in page.text and 'name="seat8"' not in page.text
    game_id, host, _ = start(c, seat0="human", seat1="random", name0="Ada", name1="Bob")
    page = c.get("/")
    assert f"<code>{game_id}</code>" in page.text and "Ada (human), Bob (random)" in page.text
    assert f'href="{host}"' in page.text  # the local server links the host page
    hidden = client(tmp_path, show_host_links=False).get("/")  # a server open to the network
    assert f"<code>{game_id}</code>" in hidden.text and "/host/" not in hidden.text


def test_a_new_game_is_saved_with_its_tokens_beside_the_save(tmp_path):
    c = client(tmp_path)
    game_id, host, links = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob",
                                 variants="old_rulings")
    folder = tmp_path / game_id
    seats = json.loads((folder / "seats.json").read_text())
    assert [f"/g/{game_id}/s/{t}" for t in seats["tokens"]] == links
    assert host == f"/g/{game_id}/host/{seats['host']}"
    assert stat.S_IMODE(os.stat(folder / "seats.json").st_mode) == 0o600
    save_text = (folder / "game.json").read_text()
    assert not any(t in save_text for t in [*seats["tokens"], seats["host"]])
    data = read_save(folder / "game.json")
    assert data["config"]["seed"] == 5 and data["config"]["variants"] == {"old_rulings": {}}
    assert [(s["kind"], s["name"]) for s in data["seats"]] == [("human", "Ada"), ("human", "Bob")]
    assert data["actions"] == []


def test_a_whole_project_game_through_requests_with_a_restart_halfway(tmp_path):
    """Two human seats, each acting from its own link with actions its page offers; the
    server is started anew (a new app over the same data folder) after 40 actions and the game
    goes on to its end; the final table shows every scoring part of the game's result."""
    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob")
    by_seat = dict(enumerate(links))
    rng = random.Random(7)
    assert play_turns(c, game_id, by_seat, rng, 40) == 40
    before = _session(c, game_id).game.view(None)
    assert (tmp_path / game_id / "game.json").is_file()

    c = client(tmp_path)  # the server restarted: the game is loaded from its save
    assert news(c, game_id)["actions"] == 40
    assert _session(c, game_id).game.view(None) == before
    assert play_turns(c, game_id, by_seat, rng, 1000) > 0
    state = news(c, game_id)
    assert state["over"] and state["to_decide"] is None
    game = _session(c, game_id).game
    result = game.result

    final = c.get(f"/g/{game_id}/final")
    assert final.status_code == 200
    for label in ("saved resources", "staffed Surface", "buildings", "colonist sets",
                  "leftovers", "badges", "most Toolkits"):
        assert label in final.text
    names = ["Ada", "Bob"]
    assert f"Winner: {names[result['winner']]}" in final.text
    for row in result["players"]:
        cells = "".join(f"<td>{row['steps'][p]}</td>" for p in game.ruleset.scoring_parts)
        assert (f"<tr><td>{names[row['seat']]}</td><td>{row['in_game']}</td>{cells}"
                f"<td><strong>{row['vp']}</strong></td></tr>") in final.text
    as_json = c.get(f"/g/{game_id}/final", headers={"Accept": "application/json"}).json()
    assert as_json["players"] == result["players"] and as_json["names"] == names
    # the save on disk is the whole game: loading it replays every action to the same end
    loaded = load_save(tmp_path / game_id / "game.json")
    assert [a.id for a in loaded.game.actions] == [a.id for a in game.actions]
    assert loaded.game.result == result
    assert offered(c, links[0]) == []  # nothing more to choose
    late = c.post(f"{links[0]}/act", data={"action": "place:1:1:vents:0"})
    assert late.status_code == 409 and "the game is over" in late.text


def _unchanged(tmp_path, game_id):
    """The save file's bytes, to compare before and after refused requests."""
    return (tmp_path / game_id / "game.json").read_bytes()


def test_illegal_and_malformed_requests_are_refused_and_change_nothing(tmp_path):
    c = client(tmp_path)
    game_id, _, (ada, bob) = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob")
    session = _session(c, game_id)
    mine = ada if session.to_decide == 0 else bob
    other = bob if mine == ada else ada
    before = _unchanged(tmp_path, game_id)
    game = session.game
    assert "place:1:6:vents:0" not in [a.id for a in game.legal_actions()]  # 5 Toolkits
    expected = str(game.ruleset.words.illegal(game, "place:1:6:vents:0"))
    cases = [
        # (link, body or kwargs, status, words in the answer)
        (mine, {"data": {"action": "place:1:6:vents:0"}}, 409, expected),
        (mine, {"data": {"action": "recruit:nobody"}}, 409,
         str(game.ruleset.words.illegal(game, "recruit:nobody"))),
        (mine, {"data": {}}, 400, "no action given"),
        (mine, {"data": {"action": "x" * 300}}, 400, "at most 200 printable"),
        (mine, {"data": {"action": ["a", "b"]}}, 400, "given 2 times"),
        (other, {"data": {"action": "place:1:1:vents:0"}}, 409, "turn"),
        (f"/g/{game_id}/s/not-a-token-of-this-game", {"data": {"action": "a"}}, 403,
         "not a seat of this game"),
        (f"/g/{'0' * 12}/s/x", {"data": {"action": "a"}}, 404, "no game"),
        ("/g/NOT-AN-ID/s/x", {"data": {"action": "a"}}, 404, "no such game"),
        (mine, {"content": b"action=" + b"a" * 20000,
                "headers": {"content-type": "application/x-www-form-urlencoded"}}, 413,
         "at most 16384"),
        (mine, {"content": iter([b"action=", b"b" * 20000]),
                "headers": {"content-type": "application/x-www-form-urlencoded"}}, 413,
         "over 16384 bytes"),
        (mine, {"content": b"action=\xff\xfe", "headers": {
            "content-type": "application/x-www-form-urlencoded"}}, 400, "not UTF-8"),
        (mine, {"content": b"{not json", "headers": {"content-type": "application/json"}},
         400, "not JSON"),
        (mine, {"content": b"[1]", "headers": {"content-type": "application/json"}}, 400,
         "a JSON object"),
        (mine, {"content": b"<a/>", "headers": {"content-type": "text/xml"}}, 415,
         "a form or JSON body"),
    ]
    for link, kwargs, status, words in cases:
        r = c.post(f"{link}/act", **kwargs)
        assert r.status_code == status, (link, kwargs, r.text)
        assert words in html.unescape(r.text), (words, r.text)
        assert "Traceback" not in r.text and "Nothing was changed." in r.text
    for link, action, status in ((mine, "place:1:6:vents:0", 409), (other, "x", 409),
                                 (f"/g/{game_id}/s/nope", "x", 403)):
        j = c.post(f"{link}/act", data={"action": action},
                   headers={"Accept": "application/json"})
        assert j.status_code == status and j.json()["ok"] is False, j.text
    assert j.json() == {"ok": False, "status": 403, "error": "this link is not a seat of "
                        "this game: ask the player who started it for your seat's link"}
    assert _unchanged(tmp_path, game_id) == before and len(game.actions) == 0
    assert c.get("/no/such/page").status_code == 404
    r = c.get(f"{mine}/act")
    assert r.status_code == 405 and "does not take that method" in r.text


def test_the_new_game_form_is_checked_field_by_field(tmp_path):
    c = client(tmp_path)
    cases = [
        ({"game": "chess"}, "field 'game'"),
        ({"players": "9"}, "field 'players': 9 is not a player count of The Artemis Project"),
        ({"players": "two"}, "field 'players': 'two' is not a whole number"),
        ({"seat1": "oracle"}, "field 'seat1': 'oracle' is not a seat kind"),
        ({"seed": "-1"}, "field 'seed': a seed is a whole number from 0 to"),
        ({"seed": "9" * 40}, "field 'seed': a seed is a whole number from 0 to"),
        ({"seed": "99999999999999999999"}, "field 'seed': a seed is a whole number from 0 to"),
        ({"seed": "x1"}, "field 'seed': 'x1' is not a whole number"),
        ({"variants": "harsh=1"}, "is not NAME or NAME.KEY=VALUE"),
        ({"variants": "no_such_variant"}, "the game cannot be set up"),
        ({"variants": "old_rulings.x=1"}, "the game cannot be set up"),
        ({"options": "=3"}, "field 'options'"),
        ({"name0": "Ada", "name1": "Ada"}, "two seats have the same name"),
        ({"name0": "x" * 41}, "field 'name0'"),
        ({"expansion": "../../etc"}, "is not a pack of the data folder's packs/"),
        ({"content_version": "13"}, "field 'content_version': content_version 13 is not a "
                                    "content version of The Artemis Project: this engine "
                                    "plays 1 to 12"),
        ({"content_version": "one"}, "field 'content_version': 'one' is not a whole number"),
        ({"content_version": "-1"}, "field 'content_version': content_version -1 is not a "
                                    "content version of The Artemis Project: this engine "
                                    "plays 1 to 12"),
        ({"content_version": "9" * 25}, "field 'content_version': '999999999999999999999999"
                                        "...' has 25 digits: too large"),
    ]
    for fields, words in cases:
        r = c.post("/games", data={"game": "project", "players": "2", **fields})
        assert r.status_code == 400, (fields, r.text)
        assert words in html.unescape(r.text), (words, r.text)
    assert [p.name for p in tmp_path.iterdir() if p.is_dir()] == []


def test_a_new_game_may_play_an_older_content_version(tmp_path):
    c = client(tmp_path)
    page = c.get("/").text
    assert 'name="content_version"' in page
    # the hint names each game's versions: the Project ships 1 to 12, the Odyssey only 1
    assert "The Artemis Project: 1 to 12; The Artemis Odyssey: 1." in page
    old_id, _, _ = start(c, content_version="1")
    new_id, _, _ = start(c)
    assert _session(c, old_id).game.config.content_version == 1
    assert _session(c, new_id).game.config.content_version == 12
    assert read_save(tmp_path / old_id / "game.json")["config"]["content_version"] == 1


def test_a_game_with_a_bot_plays_the_bot_on_the_server(tmp_path):
    """At pace 0 the bot's decisions are taken at once, and saved; at a pace of 5 s one
    decision waits for its time (`Session.advance`)."""
    c = client(tmp_path)
    game_id, host, links = start(c, seat0="random", seat1="human", name0="Bot", name1="Eve")
    session = _session(c, game_id)
    assert len(links) == 1  # a bot seat has no link
    r = c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "0"})
    assert r.status_code == 303 and r.headers["location"] == host
    state = news(c, game_id)
    assert state["to_decide"] == 1 and state["pace"] == 0
    assert len(read_save(tmp_path / game_id / "game.json")["actions"]) == state["actions"]
    rng = random.Random(3)
    play_turns(c, game_id, {1: links[0]}, rng, 3)
    assert news(c, game_id)["to_decide"] == 1  # the bot answered at once each time
    # at a pace, a bot decides once its time has come, one decision per request
    r = c.post(f"/g/{game_id}/pace", data={"key": links[0].split("/")[-1], "pace": "5"},
               headers={"Accept": "application/json"})
    assert r.json() == {"ok": True, "pace": 5.0}
    assert json.loads((tmp_path / game_id / "seats.json").read_text())["pace"] == 5.0
    while news(c, game_id)["to_decide"] != 0 and not news(c, game_id)["over"]:
        c.post(f"{links[0]}/act", data={"action": rng.choice(offered(c, links[0]))})
    if not news(c, game_id)["over"]:
        taken = len(session.game.actions)
        now = session.next_bot_at
        assert session.advance(now - 1) == 0 and len(session.game.actions) == taken
        assert session.advance(now) == 1 and len(session.game.actions) == taken + 1
    for bad, status in (({"pace": "11"}, 400), ({"pace": "nan"}, 400),
                        ({"pace": "fast"}, 400), ({"key": "nope", "pace": "1"}, 403)):
        r = c.post(f"/g/{game_id}/pace", data={"key": session.host_key, **bad})
        assert r.status_code == status


def test_hotseat_hands_the_device_over_between_seats(tmp_path):
    c = client(tmp_path)
    game_id, host, (ada, bob) = start(c, seat0="human", seat1="human", name0="Ada",
                                      name1="Bob")
    session = _session(c, game_id)
    key = session.host_key
    assert 'name="pace" type="number"' in c.get(host).text
    hand = c.get(f"/g/{game_id}/hotseat/{key}")
    first = session.names[session.to_decide]
    assert f"Pass the device to {first}" in hand.text
    link = (ada if first == "Ada" else bob) + f"?hotseat={key}"
    assert f'href="{link}"' in hand.text
    page = c.get(link)
    assert "your decision" in page.text
    r = c.post(f"{link.split('?')[0]}/act?hotseat={key}",
               data={"action": offered(c, link)[0]})
    nxt = session.names[session.to_decide]
    if nxt == first:  # the same seat decides again: straight on (the test below)
        assert r.status_code == 303 and r.headers["location"] == link
        r = c.post(f"{link.split('?')[0]}/act?hotseat={key}",
                   data={"action": offered(c, link)[0]})
        nxt = session.names[session.to_decide]
    assert r.status_code == 303 and r.headers["location"] == f"/g/{game_id}/hotseat/{key}"
    assert f"Pass the device to {nxt}" in c.get(r.headers["location"]).text
    # the seat that just played, opened through the hotseat, goes back to the hand-over
    if nxt != first:
        again = c.get(link)
        assert again.status_code == 303 and again.headers["location"].endswith(key)
    assert c.get(f"/g/{game_id}/hotseat/{'x' * 22}").status_code == 403
    assert c.get(f"/g/{game_id}/host/{'x' * 22}").status_code == 403


def test_a_seat_page_a_spectator_page_and_the_poll(tmp_path):
    c = client(tmp_path)
    game_id, _, (ada, bob) = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob")
    session = _session(c, game_id)
    page = c.get(ada if session.to_decide == 0 else bob)
    text = page.text
    # the Project's board: the seven regions, Expedition cards with difficulty, the Event
    for region in ("Basecamp", "Vents", "Quarry", "Gantry", "Doorstep", "Academy",
                   "Outfitter"):
        assert f"<h3>{region}</h3>" in text
    view = session.game.view(0)
    card = session.game.catalog.by_id[view["board"]["expeditions"][0]["card"]]
    assert (f'{card.name} <span class="difficulty" title="difficulty">{card.difficulty}'
            '</span>') in text
    event = session.game.catalog.by_id[view["event"]]
    assert (f"Event: {event.name}</strong>, spot {event.when}" if event.when != "immediate"
            else f"Event: {event.name}</strong>, resolved at once when revealed") in text
    # the grouped chooser: die, region, target, then the Toolkit change with its cost
    assert ('<details class="step" data-key="' in text and 'data-depth="0"><summary>die '
            in text and '<details class="step" data-key="gantry" data-depth="1">' in text)
    # the board's Gantry opens the chooser's Gantry step (static/app.js), its styles the game's
    assert 'data-choice="gantry"' in text
    assert '<link rel="stylesheet" href="/boards/project/board.css">' in text
    # each leaf in the game's words (parts.Words.describe_action): the Toolkit change's cost and
    # what the target offers, here an Expedition's difficulty
    assert "[1 Toolkit] at Basecamp on" in text and f"(difficulty {card.difficulty}," in text
    assert page.headers["referrer-policy"] == "same-origin"
    assert "default-src 'self'" in page.headers["content-security-policy"]
    watch = c.get(f"/g/{game_id}")
    assert watch.status_code == 200 and 'name="action"' not in watch.text
    assert c.get(f"/g/{game_id}/final").status_code == 409
    assert news(c, game_id) == {"ok": True, "actions": 0, "round": 1,
                                "to_decide": session.to_decide, "over": False,
                                "pace": 0.5, "moved": 0, "thinking": False}
    assert c.get("/static/app.js").status_code == 200
    assert c.get("/static/style.css").status_code == 200


def test_an_odyssey_game_plays_through_requests_from_the_generic_view(tmp_path):
    """The Odyssey's view is also rendered as tables ("the view as data" under its board) and
    its questions chosen grouped or from the plain list; a seat's page never shows another
    seat's face-down card."""
    c = client(tmp_path)
    game_id, _, links = start(c, game="odyssey", seat0="human", seat1="random",
                              name0="Ada", name1="Bot", seed="2",
                              options="max_rounds=4")
    session = _session(c, game_id)
    c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "0"})
    rng = random.Random(1)
    hidden = []
    while not hidden:  # until the bot has played an Action card face down
        play_turns(c, game_id, {0: links[0]}, rng, 1)
        theirs, mine = session.game.view(1)["board"], session.game.view(0)["board"]
        hidden = [(t, m) for t, m in zip(theirs, mine, strict=True)
                  if t["player"] == 1 and t["card"] is not None and m["card"] is None]
        assert not news(c, game_id)["over"]
    page = c.get(links[0]).text
    assert generic_view(session.game.view(0)) in page  # the seat's own view, as tables
    seen, secret = hidden[0][1], hidden[0][0]
    assert generic_view(seen) in page and generic_view(secret) not in page
    assert ("<fieldset data-kind=" in page or '<details class="step"' in page
            or 'id="chooser"' not in page)
    play_turns(c, game_id, {0: links[0]}, rng, 2000)
    assert news(c, game_id)["over"]
    final = c.get(f"/g/{game_id}/final")
    assert final.status_code == 200 and "Final scores (Endgame)" in final.text
    loaded = load_save(tmp_path / game_id / "game.json")
    assert loaded.game.result == session.game.result


def test_an_unexpected_error_is_a_500_page_without_a_traceback(tmp_path, monkeypatch):
    from .helpers import TestClient, build_app

    app = build_app(tmp_path)
    monkeypatch.setattr(app.state.store, "listing_page",
                        lambda *a: (_ for _ in ()).throw(RuntimeError("disk on fire")))
    c = TestClient(app, raise_server_exceptions=False)
    r = c.get("/")
    assert r.status_code == 500
    assert "internal error: RuntimeError: disk on fire" in r.text and "Traceback" not in r.text


def test_a_damaged_seats_file_or_save_is_named(tmp_path):
    c = client(tmp_path)
    game_id, _, _ = start(c, seat0="human", seat1="human")
    (tmp_path / game_id / "seats.json").write_text('{"host": 1}')
    fresh = client(tmp_path)
    r = fresh.get(f"/g/{game_id}")
    assert r.status_code == 500 and "not a seats file" in r.text
    game_id, _, _ = start(c, seat0="human", seat1="human")
    (tmp_path / game_id / "game.json").write_text("{")
    r = client(tmp_path).get(f"/g/{game_id}")
    assert r.status_code == 500
    assert f"the game '{game_id}' cannot be loaded" in html.unescape(r.text)
    assert "bad JSON" in client(tmp_path).get("/").text  # listed with its problem


def test_game_ids_are_the_saves_folders(tmp_path):
    c = client(tmp_path)
    game_id, _, _ = start(c, seat0="human", seat1="random")
    assert c.app.state.store.ids() == [game_id]
    assert isinstance(_session(c, game_id).game, Game)


def test_another_sites_page_and_another_host_name_are_refused(tmp_path):
    c = client(tmp_path)
    r = c.post("/games", data={"game": "project"}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.text
    assert [p.name for p in tmp_path.iterdir() if p.is_dir()] == []
    ok = c.post("/games", data={"game": "project"}, headers={"Origin": "http://testserver"})
    assert ok.status_code == 303
    local = client(tmp_path, allowed_hosts=["127.0.0.1", "localhost"])
    assert local.get("/").status_code == 400  # the test client's Host is "testserver"
    assert local.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200


def test_a_restart_loses_nothing_not_even_the_bots_random_state(tmp_path):
    """The same choices for the human seat give the same game whether or not the server was
    started anew halfway: the bot's random state is in the save too."""
    def play(folder, restart_after):
        c = client(folder)
        game_id, _, links = start(c, seat0="human", seat1="random", seed="11")
        c.post(f"/g/{game_id}/pace", data={"key": _session(c, game_id).host_key,
                                           "pace": "0"})
        rng = random.Random(4)
        play_turns(c, game_id, {0: links[0]}, rng, restart_after)
        c = client(folder)  # a new server over the same folder
        play_turns(c, game_id, {0: links[0]}, rng, 1000)
        game = _session(c, game_id).game
        return [a.id for a in game.actions], game.result

    straight = play(tmp_path / "a", 1000)
    assert play(tmp_path / "b", 12) == straight


def test_an_action_whose_save_fails_is_taken_back(tmp_path, monkeypatch):
    c = client(tmp_path)
    game_id, _, (ada, bob) = start(c, seat0="human", seat1="human")
    session = _session(c, game_id)
    link = ada if session.to_decide == 0 else bob
    before = (session.game.view(None), _unchanged(tmp_path, game_id))

    def full(_session):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "write", full)
    r = c.post(f"{link}/act", data={"action": offered(c, link)[0]})
    assert r.status_code == 500
    assert ("the game cannot be saved (No space left on device); the action was not taken"
            in r.text)
    session = _session(c, game_id)
    assert len(session.game.actions) == 0
    assert (session.game.view(None), _unchanged(tmp_path, game_id)) == before


def test_a_new_game_may_add_a_pack_of_the_data_folders_packs(tmp_path):
    import shutil
    from pathlib import Path

    reef = Path(__file__).resolve().parents[2] / "content/examples/project/reef_expansion"
    shutil.copytree(reef, tmp_path / "packs" / "reef")
    c = client(tmp_path)
    assert 'name="expansion" value="reef"' in c.get("/").text
    game_id, _, _ = start(c, seat0="human", seat1="human", expansion="reef")
    data = read_save(tmp_path / game_id / "game.json")
    assert data["config"]["expansions"] == ["../packs/reef"]
    assert any(p.startswith("reef") for p in data["content"]["packs"])
    assert client(tmp_path).get(f"/g/{game_id}").status_code == 200  # loads after a restart


def test_the_final_table_of_a_solo_game_names_a_winner_only_when_the_mission_is_won():
    from types import SimpleNamespace

    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game
    from artemis.web.render import final_table

    outcomes = {}
    for seed in (0, 1):  # greedy solo: seed 0 wins its Mission, seed 1 loses its Mission
        game = play_game(GameConfig(game="odyssey", players=1, seed=seed), ["greedy"])
        table = final_table(SimpleNamespace(game=game, names=["Ada"]))
        outcomes[seed] = (game.result["won"], table["winner"])
    assert outcomes == {0: (True, "Ada"), 1: (False, None)}


def test_a_game_with_an_mcts_seat_with_options_is_loaded_by_a_restarted_server(tmp_path):
    """A seat's bot spec with options (`mcts:iterations=20`) is in the save as the form gave
    it, so a server started anew loads the game and the seat is still that bot (issue 25:
    the save was refused, a 500)."""
    c = client(tmp_path)
    game_id, _, links = start(c, seat0="mcts:iterations=20", seat1="human", name1="Eve")
    news(c, game_id)  # its bot's first decision, if it is first to decide, is taken
    c.app.state.store.close()  # the server stops (its bots' worker processes with it)
    c = client(tmp_path)  # the server restarted: the game is loaded from its save
    page = c.get(f"/g/{game_id}")
    assert page.status_code == 200, page.text
    assert [s["kind"] for s in read_save(tmp_path / game_id / "game.json")["seats"]] == [
        "mcts:iterations=20", "human"]
    assert "P0 (mcts:iterations=20)" in page.text
    session = _session(c, game_id)
    assert session.kinds == ["mcts:iterations=20", "human"]
    assert (session.bots[0].iterations, session.bots[0].horizon) == (20, "round")
    # and it plays: at pace 0 each of its decisions is taken at once
    c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "0"})
    rng = random.Random(2)
    assert play_turns(c, game_id, {1: links[0]}, rng, 3) == 3
    assert news(c, game_id)["to_decide"] == 1
    assert len(session.game.actions) > 3  # the bot's decisions beside Eve's three


def test_hotseat_goes_straight_on_when_the_same_seat_decides_again(tmp_path):
    """No hand-over screen between one player's own consecutive decisions: the act goes back
    to that seat's page; when another seat is to decide, to the hand-over."""
    import random

    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="human")
    session = _session(c, game_id)
    key, game, rng = session.host_key, session.game, random.Random(3)
    kinds = {"same": 0, "other": 0}
    while not game.is_over and min(kinds.values()) < 3:
        seat = game.current_player
        link = f"{links[seat]}?hotseat={key}"
        r = c.post(f"{links[seat]}/act?hotseat={key}",
                   data={"action": rng.choice(offered(c, link))})
        assert r.status_code == 303
        if not game.is_over and game.current_player == seat:
            kinds["same"] += 1
            assert r.headers["location"] == link
            assert "your decision" in c.get(r.headers["location"]).text
        else:
            kinds["other"] += 1
            assert r.headers["location"] == f"/g/{game_id}/hotseat/{key}"
    assert min(kinds.values()) >= 3, kinds


def test_damaged_games_are_listed_as_broken_and_their_answers_name_no_server_path(tmp_path):
    """issue 26: a garbage seats file and an edited save (an action appended) are listed
    with their problem; a save that is not UTF-8 is the game's problem even without its
    seats file; the poll answers JSON; no answer shows the data folder's path."""
    c = client(tmp_path)
    garbage, _, _ = start(c, seat0="human", seat1="human")
    (tmp_path / garbage / "seats.json").write_text("garbage\n")
    edited, _, _ = start(c, seat0="human", seat1="random")
    save = json.loads((tmp_path / edited / "game.json").read_text())
    save["actions"].append(save["actions"][0])  # its space is taken: illegal
    (tmp_path / edited / "game.json").write_text(json.dumps(save))
    binary, _, _ = start(c, seat0="human", seat1="human")
    (tmp_path / binary / "game.json").write_bytes(b"\xff\xfe{")
    (tmp_path / binary / "seats.json").unlink()
    fresh = client(tmp_path)
    listed = html.unescape(fresh.get("/").text)
    assert f"{garbage}/seats.json: cannot read the seats' tokens" in listed
    assert f"{edited}/game.json: the save was changed after it was written" in listed
    assert f"{binary}/game.json:1: the save is not UTF-8 text" in listed
    page = fresh.get(f"/g/{binary}")
    assert page.status_code == 500 and "not UTF-8" in page.text and "seats" not in page.text
    for game_id in (garbage, edited, binary):
        poll = fresh.get(f"/g/{game_id}/poll")
        assert poll.status_code == 500 and poll.json()["ok"] is False
        for answer in (poll.text, fresh.get(f"/g/{game_id}").text, fresh.get("/").text):
            assert str(tmp_path) not in answer and str(tmp_path.resolve()) not in answer


def test_an_unknown_game_asked_of_the_form_is_said_with_a_suggestion(tmp_path):
    """issue 26: `/?game=chess` showed the default form without a word."""
    c = client(tmp_path)
    page = html.unescape(c.get("/?game=odysey").text)
    assert "?game=odysey: unknown game 'odysey'" in page and "did you mean 'odyssey'?" in page
    assert "unknown game" not in html.unescape(c.get("/?game=odyssey").text)


def test_each_game_serves_its_board_styles_and_the_page_stylesheet_names_no_games_pieces(
        tmp_path):
    c = client(tmp_path)
    project = c.get("/boards/project/board.css")
    odyssey = c.get("/boards/odyssey/board.css")
    assert project.status_code == odyssey.status_code == 200
    assert project.headers["content-type"].startswith("text/css")
    assert "span.die" in project.text and ".planet" in odyssey.text
    assert "span.die" not in odyssey.text and ".planet" not in project.text
    page = c.get("/static/style.css").text
    assert "span.die" not in page and ".planet" not in page and ".chosen" in page
    # the file is the game's named one: no other is served from its folder
    for wrong in ("/boards/chess/board.css", "/boards/project/board.html",
                  "/boards/project/web_board.py"):
        r = c.get(wrong)
        assert r.status_code == 404, wrong
        assert "Traceback" not in r.text
