"""What `artemis serve` refuses so that it is safe to expose (docs/serve.md, "Hosting a
playtest", issue 26): a decision's or an undo's form sent twice (or from a page out of date),
text that is not UTF-8. Each refusal is a 4xx page naming what is wrong,
never a traceback, and changes nothing."""

from __future__ import annotations

import html
import random

from artemis.records.save import read_save

from .helpers import ACTION, client, form_fields, start


def _games(folder):
    return sorted(p.name for p in folder.iterdir() if p.is_dir())


def test_a_field_of_percent_encoded_bytes_that_are_not_utf8_is_refused_by_name(tmp_path):
    c = client(tmp_path)
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
    r = c.post("/games", content=b"game=project&players=2&name0=%C3%89lodie",
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
    assert fields == {"decision": str(len(run))}
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
        r = c.post(f"{link}/{what}", data=data)
        assert r.status_code == 400 and words in html.unescape(r.text), r.text
    assert len(session.game.actions) == 0
