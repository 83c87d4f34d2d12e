"""What `artemis serve` refuses so that it is safe to expose (docs/serve.md, "Hosting a
playtest", issue 26): a request that changes something sent by a page of another site (by
its browser's headers, Sec-Fetch-Site and Origin, or without the token of the server's own
form), a decision's or an undo's form sent twice (or from a page out of date), text that is not
UTF-8. Each refusal is a 4xx page naming what is wrong,
never a traceback, and changes nothing."""

from __future__ import annotations

import html
import random
import stat

from artemis.kernel.game import Game, GameConfig
from artemis.records.log import write_log
from artemis.records.save import read_save
from artemis.web.app import build_app

from .helpers import ACTION, TestClient, client, form_fields, start


def _games(folder):
    return sorted(p.name for p in folder.iterdir() if p.is_dir())


def _state(folder):
    """Every file of the data folder and its bytes: what a refused request must not change."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _log(tmp_path) -> bytes:
    game = Game.new(GameConfig(players=2, seed=3))
    while len(game.actions) < 20:
        game.apply(game.legal_actions()[0])
    path = tmp_path / "upload" / "game.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_log(game, path, ["random", "random"], ["Ada", "Bob"])
    return path.read_bytes()


def _every_post(c, tmp_path):
    """A game of two people and an uploaded replay, and every request that changes
    something as the server's pages send it, the form's token included: [(path, fields,
    files)]."""
    data = tmp_path / "data"
    game_id, host, links = start(c, seat0="human", seat1="human")
    session = c.app.state.store.get(game_id)
    link = links[session.to_decide]
    page = c.get(link).text
    action = html.unescape(ACTION.findall(page)[0])
    up = form_fields(c.get("/replay").text, "/replay")
    r = c.post("/replay", data=up, files={"file": ("game.jsonl", _log(tmp_path))})
    assert r.status_code == 303, r.text
    where = r.headers["location"]
    posts = [
        ("/games", {**form_fields(c.get("/").text, "/games"), "game": "project"}, None),
        (f"{link}/act", {**form_fields(page, f"{link}/act"), "action": action}, None),
        (f"/g/{game_id}/pace", {**form_fields(page, f"/g/{game_id}/pace"), "key":
                                link.rsplit("/", 1)[1], "pace": "3"}, None),
        ("/replay", up, {"file": ("game.jsonl", _log(tmp_path / "again"))}),
        (f"{where}/continue", {**form_fields(c.get(where).text, f"{where}/continue"),
                               "step": "4"}, None),
    ]
    # an undo form: the seat's page once it has decided (the decision taken back at once)
    assert c.post(posts[1][0], data=posts[1][1]).status_code == 303
    undo = form_fields(c.get(link).text, f"{link}/undo")
    posts.append((f"{link}/undo", undo, None))
    assert c.post(f"{link}/undo", data=undo).status_code == 303
    posts[1] = (posts[1][0], {**posts[1][1], "decision": "0"}, None)
    assert all(fields.get("csrf") for _, fields, _ in posts), posts
    return data, session, posts


def test_a_field_of_percent_encoded_bytes_that_are_not_utf8_is_refused_by_name(tmp_path):
    c = client(tmp_path)
    token = form_fields(c.get("/").text, "/games")["csrf"]
    for body, words in [
        (b"game=project&players=2&name0=%FF%FE", "field 'name0': the value is not UTF-8 text"),
        (b"game=project&seed=1%C3", "field 'seed': the value is not UTF-8 text"),
        (b"game=project&na%FFme=x", "a field's name is not UTF-8 text"),
    ]:
        r = c.post("/games", content=body,
                   headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 400, r.text
        assert words in html.unescape(r.text)
        assert "\ufffd" not in r.text and "Traceback" not in r.text
    assert _games(tmp_path) == []
    # the same names in UTF-8 are a name
    r = c.post("/games", content=b"game=project&players=2&name0=%C3%89lodie&csrf="
               + token.encode(),
               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 303, r.text
    game_id = r.headers["location"].split("/")[2]
    assert c.app.state.store.get(game_id).names[0] == "Élodie"


def _page_form(c, link, what):
    """The seat's page at ``link`` and the hidden fields of its ``what`` (act, undo) form."""
    page = c.get(link).text
    return page, form_fields(page, f"{link}/{what}")


def _stale_answer(c, r, link):
    """``r`` is the answer to a stale form: back to the seat's page, which says so."""
    assert r.status_code == 303, r.text
    assert r.headers["location"] == f"{link}?notice=stale"
    page = c.get(r.headers["location"]).text
    assert 'id="notice"' in page and "it changed nothing" in html.unescape(page)


def test_an_odyssey_bank_trade_sent_twice_is_taken_once(tmp_path):
    """After a bank trade the seat is asked to trade again, where the same trade is often
    legal again: the form's decision count, not the action id, tells a second click."""
    c = client(tmp_path)
    game_id, _, links = start(c, game="odyssey", players="3", seed="2", seat0="human",
                              seat1="human", seat2="human")
    session = c.app.state.store.get(game_id)
    game, rng = session.game, random.Random(1)

    def repeatable(g):  # a bank trade legal again once taken
        if g.pending is None or g.pending.kind != "trade":
            return None
        for a in g.legal_actions():
            if a.id.startswith("trade:bank:"):
                again = g.clone()
                again.apply(a.id)
                if a.id in {b.id for b in again.legal_actions()}:
                    return a.id
        return None

    for _ in range(3000):
        if (trade := repeatable(game)) is not None:
            break
        session.act(game.current_player, rng.choice(game.legal_actions()).id)
    assert trade is not None, "a bank trade that stays legal"
    link = links[game.current_player]
    page, fields = _page_form(c, link, "act")
    assert trade in [html.unescape(v) for v in ACTION.findall(page)]
    before = len(game.actions)
    assert fields["decision"] == str(before)
    first = c.post(f"{link}/act", data={**fields, "action": trade})
    assert first.status_code == 303 and first.headers["location"] == link
    assert trade in [a.id for a in game.legal_actions()]  # legal again: a click would take it
    save = (tmp_path / game_id / "game.json").read_bytes()
    second = c.post(f"{link}/act", data={**fields, "action": trade})
    _stale_answer(c, second, link)
    assert [a.id for a in game.actions][before:] == [trade]
    assert (tmp_path / game_id / "game.json").read_bytes() == save
    j = c.post(f"{link}/act", data={**fields, "action": trade},
               headers={"Accept": "application/json"})
    assert j.status_code == 409 and "it was sent twice" in j.json()["error"]
    assert len(game.actions) == before + 1


def test_an_undo_sent_twice_takes_back_one_decision(tmp_path):
    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="human")
    session = c.app.state.store.get(game_id)
    seat = session.to_decide
    link = links[seat]
    # the first seat decides several times before the other, nothing revealed
    while session.to_decide == seat and len(session.game.actions) < 6 \
            and session.game.revealed_at == 0:
        page, fields = _page_form(c, link, "act")
        choice = html.unescape(ACTION.findall(page)[0])
        assert c.post(f"{link}/act", data={**fields, "action": choice}).status_code == 303
    run = [a.id for a in session.game.actions]
    assert len(run) - session.game.revealed_at >= 2, "two decisions to take back"
    assert session.undo_refusal(seat) is None
    _, fields = _page_form(c, link, "undo")
    assert set(fields) == {"csrf", "decision"} and fields["decision"] == str(len(run))
    assert c.post(f"{link}/undo", data=fields).status_code == 303
    _stale_answer(c, c.post(f"{link}/undo", data=fields), link)
    assert [a.id for a in session.game.actions] == run[:-1]
    assert read_save(tmp_path / game_id / "game.json")["actions"] == run[:-1]


def test_a_decision_or_undo_without_its_count_is_refused(tmp_path):
    c = client(tmp_path, plain=True)
    game_id, _, links = start(c, seat0="human", seat1="human")
    session = c.app.state.store.get(game_id)
    link = links[session.to_decide]
    action = html.unescape(ACTION.findall(c.get(link).text)[0])
    for what, data, words in [
        ("act", {"action": action}, "field 'decision' is missing"),
        ("act", {"action": action, "decision": "x1"}, "field 'decision': 'x1' is not a whole"),
        ("undo", {}, "field 'decision' is missing"),
    ]:
        token = c.app.state.form_keys.token(f"{link}/{what}")
        r = c.post(f"{link}/{what}", data={**data, "csrf": token})
        assert r.status_code == 400 and words in html.unescape(r.text), r.text
    assert len(session.game.actions) == 0


def test_a_form_without_its_token_or_with_another_is_refused_on_every_post(tmp_path):
    c = client(tmp_path / "data", plain=True)
    data, session, posts = _every_post(c, tmp_path)
    before = _state(data)
    others = {path: fields["csrf"] for path, fields, _ in posts}
    for path, fields, files in posts:
        other = next(t for p, t in others.items() if p != path)
        for sent, words in [
            ({k: v for k, v in fields.items() if k != "csrf"}, "the form's token (field "
             "'csrf') is missing"),
            ({**fields, "csrf": "0" * 40}, "is not the one this page's form carries"),
            ({**fields, "csrf": other}, "is not the one this page's form carries"),
        ]:
            r = c.post(path, data=sent, files=files)
            assert r.status_code == 403, (path, r.text)
            assert words in html.unescape(r.text) and "Traceback" not in r.text
            j = c.post(path, data=sent, files=files, headers={"Accept": "application/json"})
            assert j.status_code == 403 and words in j.json()["error"]
        assert _state(data) == before, path
    assert len(session.game.actions) == 0 and session.pace == 0.5
    # as the pages send them, each is taken (the decision and its undo last)
    for path, fields, files in posts:
        assert c.post(path, data=fields, files=files).status_code == 303, path
    # a JSON body carries the token as a field
    assert c.post("/games", json={"game": "project", "csrf": others["/games"]},
                  headers={"Accept": "application/json"}).status_code == 201


def test_a_page_of_another_site_is_refused_by_its_browsers_headers(tmp_path):
    """Even with the right token (which another site cannot read): a Sec-Fetch-Site other
    than same-origin or none, an Origin of another site (another port is another site), or
    Origin: null (a sandboxed frame) that the browser does not vouch for is refused before
    the body is read."""
    c = client(tmp_path / "data", plain=True)
    data, session, posts = _every_post(c, tmp_path)
    before = _state(data)
    for path, fields, files in posts:
        for headers, words in [
            ({"Sec-Fetch-Site": "cross-site"}, "(Sec-Fetch-Site: cross-site)"),
            ({"Sec-Fetch-Site": "same-site"}, "(Sec-Fetch-Site: same-site)"),
            ({"Origin": "null"}, "Origin: null"),
            ({"Origin": "null", "Sec-Fetch-Site": "cross-site"}, "Sec-Fetch-Site: cross"),
            ({"Origin": "http://evil.example"}, "a page of another site (http://evil.example)"),
            ({"Origin": "http://testserver:8001"}, "(http://testserver:8001)"),
            ({"Origin": "https://testserver"}, "have it send X-Forwarded-Proto"),
            ({"Origin": "not an origin"}, "a page of another site (not an origin)"),
        ]:
            r = c.post(path, data=fields, files=files, headers=headers)
            assert r.status_code == 403, (path, headers, r.text)
            assert words in html.unescape(r.text), (words, r.text)
            assert "only the game's own pages may change anything here" in html.unescape(
                r.text)
            assert r.headers["x-frame-options"] == "DENY"  # a page like any other
        assert _state(data) == before, path
    assert len(session.game.actions) == 0
    # the server's own pages: same-origin, its own Origin (the default port written or
    # not), or no origin where the browser vouches for it
    for headers in [{"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
                    {"Origin": "http://testserver:80"},
                    {"Sec-Fetch-Site": "same-origin", "Origin": "null"},
                    {"Sec-Fetch-Site": "none"}]:
        r = c.post("/games", data=posts[0][1], headers=headers)
        assert r.status_code == 303, (headers, r.text)


def test_behind_a_tls_proxy_the_origin_is_https(tmp_path):
    """uvicorn takes the scheme from X-Forwarded-Proto when the proxy's address is trusted
    (FORWARDED_ALLOW_IPS), so a page served as https://HOST may post to us over http."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    c = TestClient(ProxyHeadersMiddleware(build_app(tmp_path), trusted_hosts="*"),
                   follow_redirects=False)
    token = form_fields(c.get("/").text, "/games")["csrf"]
    proxied = {"Origin": "https://play.example", "Host": "play.example",
               "X-Forwarded-Proto": "https", "Sec-Fetch-Site": "same-origin"}
    r = c.post("/games", data={"game": "project", "csrf": token}, headers=proxied)
    assert r.status_code == 303, r.text
    r = c.post("/games", data={"game": "project", "csrf": token},
               headers={**proxied, "X-Forwarded-Proto": "http"})
    assert r.status_code == 403 and "X-Forwarded-Proto" in r.text


def test_the_form_key_is_kept_in_the_data_folder_for_a_restarted_server(tmp_path):
    c = client(tmp_path, plain=True)
    token = form_fields(c.get("/").text, "/games")["csrf"]
    key = tmp_path / "form-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    again = client(tmp_path, plain=True)  # the page was served before the restart
    assert again.post("/games", data={"game": "project", "csrf": token}).status_code == 303
    other = client(tmp_path / "elsewhere", plain=True)
    r = other.post("/games", data={"game": "project", "csrf": token})
    assert r.status_code == 403
    key.write_text("not a key")  # a damaged key is replaced; the old pages' tokens lapse
    fresh = client(tmp_path, plain=True)
    assert len(key.read_text().strip()) == 64
    assert fresh.post("/games", data={"game": "project", "csrf": token}).status_code == 403
