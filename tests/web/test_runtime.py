"""`artemis serve` keeps answering while a bot thinks, stops at once when asked with every game
saved, and caps a bot's budget (docs/serve.md, "Bots think apart"; issue 26).

The first two tests run the real server (`artemis serve` under uvicorn, in a subprocess on
127.0.0.1 and a free port, tests/web/browser.py's `Server`); every request has a timeout, so a
server that froze fails the test instead of hanging it."""

from __future__ import annotations

import html
import json
import os
import signal
import statistics
import time
import urllib.error
import urllib.request

import pytest

from artemis.records.save import load_save, read_save
from artemis.web.store import GAME_ID

from .browser import Server
from .helpers import ACTION, client, form_fields, start

#: A budget a bot thinks on for minutes (a 2-player Project decision of 2,000 iterations
#: takes about a second), within the cap the server is started with.
LONG = 500_000


def _call(url: str, data: dict | None = None, timeout: float = 10.0, page: str = ""):
    """(status, JSON answer, seconds) of a GET (or a form POST with ``data``, carrying the
    hidden fields of the form of ``page``, the address of the page that posts it, as a
    browser would: its token and decision count)."""
    if data is not None and page:
        path = "/" + url.split("/", 3)[3]
        data = {**{k: urllib.request.quote(v) for k, v in
                   form_fields(_page(page, timeout)[0], path).items()}, **data}
    body = None if data is None else "&".join(f"{k}={v}" for k, v in data.items()).encode()
    req = urllib.request.Request(url, data=body, headers={
        "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read()), time.perf_counter() - t0
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), time.perf_counter() - t0


def _page(url: str, timeout: float = 10.0) -> tuple[str, float]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode(), time.perf_counter() - t0


def _new_game(server: Server, **seats) -> dict:
    status, game, _ = _call(server.url + "/games", {"game": "project", "players": "2",
                                                   "seed": "7", **seats},
                            page=server.url + "/")
    assert status == 201, game
    return game


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry))
    return out


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "games", tmp_path / "serve.log",
               ("--max-bot-budget", str(LONG))).start()
    yield s
    s.stop()


def test_a_thinking_bot_leaves_the_other_games_answering(server):
    """While a bot of one game thinks with a long budget (minutes), another game's seat page
    answers within 200 ms (the median of ten; none over a second on a loaded machine), and
    the thinking game's own news too."""
    people = _new_game(server, seat0="human", seat1="human")
    link = server.url + people["seats"][0]["link"]
    _page(link)  # its first drawing (the templates compiled) is not what is timed
    bots = _new_game(server, seat0=f"mcts:iterations={LONG}", seat1=f"mcts:iterations={LONG}")
    status, state, _ = _call(f"{server.url}/g/{bots['id']}/poll")
    assert status == 200 and state["thinking"] and state["actions"] == 0
    times = []
    for _ in range(10):
        text, seconds = _page(link, timeout=5)
        assert 'name="action"' in text or "to decide" in text
        times.append(seconds)
    status, state, seconds = _call(f"{server.url}/g/{bots['id']}/poll")
    assert state["thinking"] and state["actions"] == 0  # it was thinking all along
    assert statistics.median(times) < 0.2, times
    assert max(times) < 1.0, times
    assert seconds < 2.0  # the thinking game's news: at most the request's wait for its bot


def test_sigterm_stops_the_server_within_seconds_with_every_game_saved(server):
    """SIGTERM mid-thought: the server is gone within 5 s, its bots' worker processes with
    it; every game's save loads, holding each action the server answered for (the thinking
    bot's decision abandoned: its game is at its last action)."""
    people = _new_game(server, seat0="human", seat1="human")
    links = [server.url + s["link"] for s in people["seats"]]
    taken = []
    for _ in range(4):
        state = _call(f"{server.url}/g/{people['id']}/poll")[1]
        link = links[state["to_decide"]]
        choice = html.unescape(ACTION.findall(_page(link)[0])[0])
        status, after, _ = _call(f"{link}/act", {"action": urllib.request.quote(choice)},
                                  page=link)
        assert status == 200, after
        taken.append(choice)
    bots = _new_game(server, seat0=f"mcts:iterations={LONG}", seat1=f"mcts:iterations={LONG}")
    assert _call(f"{server.url}/g/{bots['id']}/poll")[1]["thinking"]
    workers = _children(server.proc.pid)
    assert workers, "the bot thinks in a worker process"

    t0 = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(timeout=10)
    assert time.monotonic() - t0 < 5.0, server.stderr
    assert server.proc.returncode in (0, -signal.SIGTERM), server.stderr
    deadline = time.monotonic() + 5
    while any(os.path.exists(f"/proc/{p}") for p in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(os.path.exists(f"/proc/{p}") for p in workers), "a worker outlived it"
    assert "Traceback" not in server.stderr and "leaked" not in server.stderr, server.stderr

    saved = load_save(server.data / people["id"] / "game.json")
    assert [a.id for a in saved.game.actions] == taken
    thinking = load_save(server.data / bots["id"] / "game.json")
    assert len(thinking.game.actions) == 0 and thinking.kinds[0] == f"mcts:iterations={LONG}"


def test_a_bot_budget_over_the_cap_is_refused_naming_the_seat_and_the_cap(tmp_path):
    c = client(tmp_path, max_bot_budget=150)
    for seat, kind, asked in (("seat1", "mcts:iterations=151", 151),
                              ("seat0", "mcts", 200)):  # mcts alone: 200 iterations
        r = c.post("/games", data={"game": "project", "players": "2", seat: kind},
                   headers={"Accept": "application/json"})
        assert r.status_code == 400
        assert r.json()["error"] == (
            f"field '{seat}': {kind} asks for {asked} search iterations a decision; this "
            "server allows at most 150 (artemis serve --max-bot-budget)")
    assert not any(GAME_ID.fullmatch(p.name) for p in tmp_path.iterdir())  # no game made
    # continuing a replay is a new game too: its seats are capped the same way
    game_id, _, _ = start(c, seat0="random", seat1="random")
    save = (tmp_path / game_id / "game.json").read_bytes()
    where = c.post("/replay", files={"file": ("game.json", save)}).headers["location"]
    r = c.post(f"{where}/continue", data={"step": "0", "seat0": "mcts:iterations=9999"})
    assert r.status_code == 400 and "field 'seat0'" in html.unescape(r.text)
    assert "at most 150" in r.text
    assert c.post("/games", data={"game": "project", "players": "2", "seat0": "human",
                                  "seat1": "mcts:iterations=150"}).status_code == 303
    # a strong bot's budget in mcts iterations of about the same CPU time
    r = c.post("/games", data={"game": "project", "players": "2", "seat1": "strong:time=0.1"},
               headers={"Accept": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == (
        "field 'seat1': strong:time=0.1 asks for 200 search iterations a decision (a strong "
        "playout counts 10, a CPU second of time= 2000); this server allows at most 150 "
        "(artemis serve --max-bot-budget)")
    assert c.post("/games", data={"game": "project", "players": "2", "seat0": "human",
                                  "seat1": "strong:iterations=15"}).status_code == 303


def test_serve_passes_its_budget_cap_to_the_app(tmp_path, monkeypatch):
    import uvicorn
    from typer.testing import CliRunner

    from artemis.cli import app as cli

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    result = CliRunner().invoke(cli, ["serve", "--data", str(tmp_path), "--max-bot-budget",
                                      "10"])
    assert result.exit_code == 0, result.output
    app, kw = calls[0]
    assert kw["timeout_graceful_shutdown"] <= 3  # a request still running is not waited on
    from starlette.testclient import TestClient

    c = TestClient(app, base_url="http://127.0.0.1")
    r = c.post("/games", data={**form_fields(c.get("/").text, "/games"),
                               "seat1": "mcts:iterations=11"})
    assert r.status_code == 400 and "at most 10 (artemis serve --max-bot-budget)" in r.text
    assert CliRunner().invoke(cli, ["serve", "--data", str(tmp_path),
                                    "--max-bot-budget", "0"]).exit_code == 2


class _Pending:
    """A worker's answer that comes when the test says so."""

    def __init__(self):
        self.value, self.done = None, False

    def ready(self):
        return self.done

    def wait(self, timeout):
        pass

    def get(self):
        return self.value


class _Thinker:
    """Records each decision asked; the test answers it (`_answer`)."""

    def __init__(self):
        self.asked = []

    def in_process(self, kind):
        return kind.startswith("mcts")

    def ask(self, *args):
        self.asked.append((args, _Pending()))
        return self.asked[-1][1]

    def close(self):
        pass


def _answer(thinker: _Thinker, index: int = -1) -> tuple[str, dict]:
    """Answer a decision asked as a worker would (`thinking._decide`, here)."""
    from artemis.web.thinking import _decide

    args, pending = thinker.asked[index]
    pending.value, pending.done = _decide(*args), True
    return pending.value


def test_a_workers_answer_is_applied_in_order_and_dropped_once_the_game_changed(tmp_path):
    """The bot's decision is asked once and applied when it comes (saved, with the bot's
    random state after it); an answer to a position a person took back is dropped, and the
    bot is asked again at the new one."""
    from artemis.kernel.game import GameConfig
    from artemis.players.bots import rng_state
    from artemis.web.store import GameStore

    thinker = _Thinker()
    store = GameStore(tmp_path, thinker=thinker)
    session = store.create(GameConfig(players=2, seed=3), ["human", "mcts:iterations=10"],
                           ["Ada", "Bot"])
    session.pace = 0
    save = tmp_path / session.id / "game.json"

    def bot_turn():  # the bot answered until Ada decides, then asked right after her
        acted = False
        while True:
            session.advance(wait=0)
            if session.thinking:
                if acted:
                    return
                _answer(thinker)
            else:
                session.act(0, session.game.legal_actions()[0].id)
                acted = True

    bot_turn()
    before = [a.id for a in session.game.actions]
    assert session.thinking and session.advance(wait=0) == 0  # asked once, not again
    (config, actions, kind, seed, rng), _ = thinker.asked[-1]
    assert (actions, kind, seed) == (before, "mcts:iterations=10", 3 * 31 + 1)
    assert rng == rng_state(session.bots[1])
    asked = len(thinker.asked)

    session.undo(0)  # Ada takes her decision back while the bot thinks
    undone = [a.id for a in session.game.actions]
    _answer(thinker)
    assert session.advance(wait=0) == 0 and not session.thinking
    assert [a.id for a in session.game.actions] == undone == read_save(save)["actions"]
    assert len(thinker.asked) == asked  # Ada is to decide: the bot is not asked

    bot_turn()
    action_id, state = _answer(thinker)
    assert session.advance(wait=0) == 1
    assert session.game.actions[-1].id == action_id
    assert read_save(save)["actions"][-1] == action_id
    assert rng_state(session.bots[1]) == state == read_save(save)["seats"][1]["rng"]


def test_a_workers_decision_is_the_bots_own():
    """The worker rebuilds the game from its config and actions and gives the decision, and
    the random state after it, that the server's own copy of the bot gives."""
    import random

    from artemis.kernel.game import Game, GameConfig
    from artemis.players.bots import make_bot, rng_state
    from artemis.web.thinking import _decide

    for game_name, players in (("project", 3), ("odyssey", 2)):
        game = Game.new(GameConfig(game=game_name, players=players, seed=4))
        rng = random.Random(1)
        for _ in range(25):
            game.apply(rng.choice(game.legal_actions()))
        bot = make_bot("mcts:iterations=15", 9, game.ruleset)
        bot.rng.random()  # a state that is not the seed's
        start = rng_state(bot)
        answer = _decide(game.config, [a.id for a in game.actions], "mcts:iterations=15", 9,
                         start)
        assert answer == (bot.choose(game).id, rng_state(bot))


def test_a_bots_worker_ignores_ctrl_c_so_the_server_alone_stops(monkeypatch):
    """issue 26: Ctrl-C reaches every process of the terminal's group; a worker that took it
    printed a KeyboardInterrupt traceback while the server was stopping."""
    from artemis.web import thinking

    monkeypatch.setattr(os, "nice", lambda n: 0)  # the test process keeps its priority
    before = signal.getsignal(signal.SIGINT)
    try:
        thinking._start_worker(((), ()))
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
