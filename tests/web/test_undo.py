"""Undo over HTTP (POST /g/ID/s/TOKEN/undo, docs/serve.md, "Undo"): a seat takes back its own
last decision by the kernel's rule (artemis.kernel.undo); the save, the log and the account
lose the action; a refusal (another seat decided, something was revealed, nothing decided,
another seat's token) changes nothing; the hotseat screen offers it to the seat that just
decided; a bot's pending move and an undo never both happen."""

from __future__ import annotations

import html
import random

from artemis.records.save import load_save, read_save

from .helpers import client, news, offered, start

UNDO_BUTTON = 'id="undo"'


def _session(c, game_id):
    return c.app.state.store.get(game_id)


def _save_bytes(folder, game_id):
    return (folder / game_id / "game.json").read_bytes()


def _two_humans(tmp_path, **fields):
    c = client(tmp_path)
    game_id, host, links = start(c, seat0="human", seat1="human", name0="Ada", name1="Bob",
                                 **fields)
    return c, game_id, host, dict(enumerate(links))


def _act(c, link, rng=None, index=0):
    choices = offered(c, link)
    choice = rng.choice(choices) if rng else choices[index]
    r = c.post(f"{link}/act", data={"action": choice})
    assert r.status_code == 303, r.text
    return choice


def _refused(c, link, status, words, **kwargs):
    r = c.post(f"{link}/undo", **kwargs)
    assert r.status_code == status, r.text
    assert words in html.unescape(r.text), (words, r.text)
    assert "Traceback" not in r.text
    return r


def test_undo_takes_back_the_seats_decision_and_leaves_no_trace(tmp_path):
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    seat = session.to_decide
    link = links[seat]
    before = {"save": read_save(tmp_path / game_id / "game.json")["actions"],
              "view": session.game.view(seat), "account": session.account(None),
              "log": list(session.game.log), "offered": offered(c, link)}
    assert UNDO_BUTTON not in c.get(link).text  # nothing to take back yet
    prior = session.game.clone()
    taken = _act(c, link)
    # the decision in the words it was offered in (parts.Words.describe_action), not its label
    action = next(a for a in prior.legal_actions() if a.id == taken)
    label = prior.ruleset.words.describe_action(prior, action, ["Ada", "Bob"])
    page = c.get(link).text  # waiting for the other seat, or deciding again: either way
    assert UNDO_BUTTON in page and f"Undo my last decision: {html.escape(label)}" in page
    assert read_save(tmp_path / game_id / "game.json")["actions"] == [taken]

    r = c.post(f"{link}/undo")
    assert r.status_code == 303 and r.headers["location"] == link
    saved = read_save(tmp_path / game_id / "game.json")
    assert saved["actions"] == before["save"] == []
    assert session.game.log == before["log"] and session.account(None) == before["account"]
    assert session.game.view(seat) == before["view"] and session.to_decide == seat
    assert offered(c, link) == before["offered"]
    assert UNDO_BUTTON not in c.get(link).text
    # the same decision again: the game goes on as if the undone one had never been
    assert _act(c, link, index=0) == taken
    as_json = c.post(f"{link}/undo", headers={"Accept": "application/json"})
    assert as_json.status_code == 200
    assert as_json.json() == {"ok": True, "actions": 0, "round": 1, "to_decide": seat,
                              "over": False, "pace": 0.5, "undone": label,
                              "thinking": False}
    # a new server over the folder loads the save: the undone action is not there
    assert load_save(tmp_path / game_id / "game.json").game.actions == []
    assert news(client(tmp_path), game_id)["actions"] == 0


def test_undo_goes_back_along_the_seats_own_decisions_one_at_a_time(tmp_path):
    """A seat that decided several times in a row (nothing revealed) takes them back one by
    one, last first."""
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    game = session.game
    seat = session.to_decide
    taken = []
    while session.to_decide == seat and len(taken) < 6 and game.revealed_at == 0:
        taken.append(_act(c, links[seat]))
    run = [a.id for a in game.actions]
    assert len(run) >= 2, "the first seat decides at least twice before the other"
    undone = 0
    while session.undo_refusal(seat) is None:
        r = c.post(f"{links[seat]}/undo", headers={"Accept": "application/json"})
        assert r.status_code == 200
        undone += 1
        assert [a.id for a in game.actions] == run[:len(run) - undone]
        assert read_save(tmp_path / game_id / "game.json")["actions"] == run[:len(run) - undone]
    assert undone == len(run) - game.revealed_at


def test_undo_is_refused_once_another_seat_has_decided(tmp_path):
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    first = session.to_decide
    while session.to_decide == first:
        _act(c, links[first])
    other = session.to_decide
    _act(c, links[other])
    assert UNDO_BUTTON not in c.get(links[first]).text
    before = _save_bytes(tmp_path, game_id)
    actions = [a.id for a in session.game.actions]
    _refused(c, links[first], 409,
             "cannot undo: another player has decided since your last decision")
    j = _refused(c, links[first], 409, "another player has decided since",
                 headers={"Accept": "application/json"})
    assert j.json()["ok"] is False and j.json()["status"] == 409
    assert _save_bytes(tmp_path, game_id) == before
    assert [a.id for a in session.game.actions] == actions


def test_undo_is_refused_for_another_seats_token_and_a_foreign_token(tmp_path):
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    seat = session.to_decide
    other = 1 - seat
    # before any decision: nothing to take back, for either seat
    _refused(c, links[seat], 409, "nothing has been decided yet")
    _act(c, links[seat])
    before = _save_bytes(tmp_path, game_id)
    # the other seat's token cannot take back this seat's decision
    _refused(c, links[other], 409, "Bob cannot undo" if other == 1 else "Ada cannot undo")
    _refused(c, f"/g/{game_id}/s/not-a-token-of-this-game", 403, "not a seat of this game")
    _refused(c, f"/g/{'0' * 12}/s/x", 404, "no game")
    r = c.get(f"{links[seat]}/undo")
    assert r.status_code == 405
    assert c.post(f"{links[seat]}/undo", content=b"<a/>",
                  headers={"content-type": "text/xml"}).status_code == 415
    assert _save_bytes(tmp_path, game_id) == before and len(session.game.actions) == 1


def test_undo_is_refused_after_a_roll_or_a_draw(tmp_path):
    """In the Project the last placement of a round ends it: dice are rolled and cards drawn
    for the next (Game.reveal); that decision stands."""
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    game = session.game
    rng = random.Random(2)
    for _ in range(500):
        seat = session.to_decide
        _act(c, links[seat], rng)
        if game.revealed_at == len(game.actions):
            break
    else:
        raise AssertionError("no decision revealed anything in 500")
    record = [r for r in game.log if r["type"] == "action"][-1]
    assert record["reveals"] is True and record["player"] == seat
    before = _save_bytes(tmp_path, game_id)
    _refused(c, links[seat], 409, "your last decision revealed something hidden or random")
    assert _save_bytes(tmp_path, game_id) == before


def test_hotseat_the_seat_that_just_decided_takes_it_back_before_passing_on(tmp_path):
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    key = session.host_key
    hand = c.get(f"/g/{game_id}/hotseat/{key}").text
    assert UNDO_BUTTON not in hand  # nobody has decided
    seat = session.to_decide
    name = session.names[seat]
    link = f"{links[seat]}?hotseat={key}"
    r = c.post(f"{links[seat]}/act?hotseat={key}", data={"action": offered(c, link)[0]})
    taken = 1
    while session.to_decide == seat:  # straight on while the same seat decides
        assert r.headers["location"] == link
        r = c.post(f"{links[seat]}/act?hotseat={key}", data={"action": offered(c, link)[0]})
        taken += 1
    assert r.headers["location"] == f"/g/{game_id}/hotseat/{key}"
    hand = c.get(r.headers["location"]).text
    undo_url = f"{links[seat]}/undo?hotseat={key}"
    assert f'action="{undo_url}"' in hand and UNDO_BUTTON in hand
    assert f"{name}: undo your last decision" in hand
    assert html.escape(session.game.actions[-1].label) not in hand  # the screen shows nothing
    r = c.post(undo_url)
    assert r.status_code == 303 and r.headers["location"] == link  # back to the seat's page
    assert len(session.game.actions) == taken - 1
    page = c.get(link)
    assert page.status_code == 200 and "your decision" in page.text


def test_a_bot_deciding_after_the_person_makes_undo_refused(tmp_path):
    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="random", name0="Ada", name1="Bot")
    session = _session(c, game_id)
    c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "0"})
    link = links[0]
    for _ in range(50):  # at pace 0 the bot answers at once, in the same request
        _act(c, link)
        if [r for r in session.game.log if r["type"] == "action"][-1]["player"] == 1:
            break
    assert session.to_decide == 0
    before = _save_bytes(tmp_path, game_id)
    _refused(c, link, 409, "another player has decided since your last decision")
    assert _save_bytes(tmp_path, game_id) == before
    assert _session(c, game_id).undo_seat() is None


def test_a_bot_pending_at_a_pace_and_an_undo_never_both_happen(tmp_path):
    """At a pace the bot waits its time: the person may take the decision back meanwhile,
    and the bot then has nothing to answer; once the bot has decided, undo is refused. The
    save always holds exactly the game's actions."""
    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="random", name0="Ada", name1="Bot")
    session = _session(c, game_id)
    c.post(f"/g/{game_id}/pace", data={"key": session.host_key, "pace": "5"})
    link = links[0]
    while session.to_decide != 0:
        session.advance(session.next_bot_at)
    while session.to_decide == 0:
        _act(c, link)
    assert session.to_decide == 1  # the bot's turn, waiting its 5 s
    taken = [a.id for a in session.game.actions]
    due = session.next_bot_at
    r = c.post(f"{link}/undo")
    assert r.status_code == 303
    assert session.to_decide == 0 and len(session.game.actions) == len(taken) - 1
    assert session.advance(due + 10) == 0  # the person decides again: the bot waits
    assert read_save(tmp_path / game_id / "game.json")["actions"] == taken[:-1]
    _act(c, link)
    while session.to_decide == 0:
        _act(c, link)
    assert session.advance(session.next_bot_at) == 1  # the bot's time came first
    mine = [a.id for a in session.game.actions]
    _refused(c, link, 409, "another player has decided since your last decision")
    assert read_save(tmp_path / game_id / "game.json")["actions"] == mine


def test_an_undo_whose_save_fails_changes_nothing(tmp_path, monkeypatch):
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    seat = session.to_decide
    _act(c, links[seat])
    before = (_save_bytes(tmp_path, game_id), [a.id for a in session.game.actions],
              session.game.view(None))

    def full(_session):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "write", full)
    r = c.post(f"{links[seat]}/undo")
    assert r.status_code == 500
    assert "the game cannot be saved (No space left on device); the decision was not " \
           "taken back" in r.text
    assert (_save_bytes(tmp_path, game_id), [a.id for a in session.game.actions],
            session.game.view(None)) == before


def test_an_odyssey_seat_takes_back_a_card_played_face_down(tmp_path):
    c = client(tmp_path)
    game_id, _, links = start(c, game="odyssey", seat0="human", seat1="human", name0="Ada",
                              name1="Bob", seed="3")
    session = _session(c, game_id)
    seat = session.to_decide
    link = links[seat]
    before = offered(c, link)
    _act(c, link)
    assert UNDO_BUTTON in c.get(link).text
    assert c.post(f"{link}/undo").status_code == 303
    assert offered(c, link) == before and session.game.actions == []


def test_the_pages_quick_answer_agrees_with_the_rule(tmp_path):
    """`Session.may_undo` (the page's button, read from the log when it can) says what the
    kernel's rule says, for every seat at every point of a game's first 60 decisions."""
    c, game_id, _, links = _two_humans(tmp_path)
    session = _session(c, game_id)
    rng = random.Random(9)
    allowed = 0
    for _ in range(60):
        for seat in (0, 1):
            assert session.may_undo(seat) == (session.undo_refusal(seat) is None)
            allowed += session.may_undo(seat)
        _act(c, links[session.to_decide], rng)
    assert 0 < allowed < 120


def test_a_token_of_another_game_acts_for_no_seat_of_this_one(tmp_path):
    c = client(tmp_path)
    game_a, _, links_a = start(c, seat0="human", seat1="human")
    game_b, _, links_b = start(c, seat0="human", seat1="human")
    session_b = _session(c, game_b)
    _act(c, links_b[session_b.to_decide])
    before = _save_bytes(tmp_path, game_b)
    token = links_a[0].rsplit("/", 1)[1]
    for method, path, kwargs in (("get", "", {}), ("post", "/act", {"data": {"action": "x"}}),
                                 ("post", "/undo", {})):
        r = getattr(c, method)(f"/g/{game_b}/s/{token}{path}", **kwargs)
        assert r.status_code == 403 and "not a seat of this game" in r.text, (path, r.text)
    r = c.post(f"/g/{game_b}/pace", data={"key": token, "pace": "1"})
    assert r.status_code == 403
    assert _save_bytes(tmp_path, game_b) == before


def test_the_undo_button_says_the_decision_in_the_games_words(tmp_path):
    """Not the recorded label's building index ("move a pioneer from the Shelters to Shuttle
    Bay #0"): the words the chooser offered it in (parts.Words.describe_action), also at the
    terminal and in the answer to the undo."""
    from artemis.kernel.game import GameConfig
    from artemis.web.render import page, seat_page
    from artemis.web.store import GameStore

    session = GameStore(tmp_path).create(GameConfig(players=2, seed=3), ["human"] * 2,
                                         ["Ada", "Bob"])
    game, rng = session.game, random.Random(3)
    while True:
        seat, actions = game.current_player, list(game.legal_actions())
        indexed = [a for a in actions if "#" in a.label]
        action = rng.choice(indexed or actions)
        words = game.ruleset.words.describe_action(game, action, ["Ada", "Bob"])
        game.apply(action)
        if indexed and session.may_undo(seat):
            break
    text = html.unescape(page("seat.html", **seat_page(session, seat), act_url="/act",
                              undo_url="/undo", pace_key=None, hotseat=None,
                              form_token=lambda path: ""))
    assert "#" in action.label and "#" not in words
    assert f"Undo my last decision: {words}</button>" in text
    assert session.undo(seat) == words and action not in game.actions[-1:]


def test_the_odyssey_undo_button_names_cards_and_planets_as_the_board_does(tmp_path):
    """Found by a new user: the button read "play red-travel-1 (...)" and "move the Starship
    on aries.3 to leo.1" where the answers and the undo's own answer name the red card and
    "planet 3 of Aries": the button says it in the browser's words too."""
    from artemis.kernel.game import GameConfig
    from artemis.web.render import describe, page, seat_page
    from artemis.web.store import GameStore

    names = ["Ada", "Bob", "Cy"]
    session = GameStore(tmp_path).create(GameConfig(game="odyssey", players=3, seed=7),
                                         ["human"] * 3, names)
    game, rng = session.game, random.Random(7)
    kinds = set()
    for _ in range(400):
        if game.is_over:
            break
        seat, actions = game.current_player, list(game.legal_actions())
        action = rng.choice(actions)
        words = describe(game, action, names)
        game.apply(action)
        raw = game.ruleset.words.describe_action(game, action, names)
        if words == raw or not session.may_undo(seat):
            continue
        text = html.unescape(page("seat.html", **seat_page(session, seat), act_url="/act",
                                  undo_url="/undo", pace_key=None, hotseat=None,
                                  form_token=lambda path: ""))
        assert f"Undo my last decision: {words}</button>" in text, (action.id, words)
        assert session.undo_words(seat) == words
        kinds.add(action.kind)
        if len(kinds) >= 2:
            break
    assert len(kinds) >= 2, kinds  # a card played and a Starship moved, at least
