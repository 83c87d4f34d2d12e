"""Driving `artemis serve` through HTTP requests, as a browser would (Starlette's TestClient)."""

from __future__ import annotations

import html
import re
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():  # starlette 1.x would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from artemis.web.app import build_app
from artemis.web.session import Refused

SEAT_LINK = re.compile(r'href="(/g/[0-9a-f]{12}/s/[A-Za-z0-9_-]+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')
FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')
#: A seat's decision or undo form's target: (game id, what).
SEAT_POST = re.compile(r"/g/([0-9a-f]{12})/s/[^/?]+/(act|undo)$")


class FormClient(TestClient):
    """A test client whose POSTs carry what the server's pages put in their forms, when a
    test does not give it: the form's token (field ``csrf``, `artemis.web.guard`) and the
    decision count of a seat's decision or undo form (field ``decision``, the game's
    actions now). A body given as ``content`` is sent as it is."""

    def post(self, url, **kwargs):
        if "content" not in kwargs:
            extra = self.hidden_fields(str(url))
            if kwargs.get("json") is not None:
                kwargs["json"] = {**extra, **kwargs["json"]}
            else:
                kwargs["data"] = {**extra, **(kwargs.get("data") or {})}
        return super().post(url, **kwargs)

    def hidden_fields(self, url: str) -> dict[str, str]:
        """The hidden fields the page's form posting to ``url`` carries now."""
        path = url.split("?", 1)[0]
        extra = {"csrf": self.app.state.form_keys.token(path)}
        seat = SEAT_POST.search(path)
        if seat:
            try:
                session = self.app.state.store.get(seat.group(1))
                extra["decision"] = str(len(session.game.actions))
            except Refused:  # no such game: the request is refused for that
                pass
        return extra


def client(data: Path, plain: bool = False, **kwargs) -> TestClient:
    """A client of a fresh app over the data folder ``data`` (a server started anew): a
    `FormClient`, or with ``plain`` a client that sends only what a test gives."""
    kind = TestClient if plain else FormClient
    return kind(build_app(data, **kwargs), follow_redirects=False)


def form_fields(page: str, action: str) -> dict[str, str]:
    """The hidden fields of the form of ``page`` (HTML) posting to ``action``; an
    AssertionError when the page has no such form."""
    for target, inner in FORM.findall(page):
        if html.unescape(target) == action:
            return {k: html.unescape(v) for k, v in HIDDEN.findall(inner)}
    raise AssertionError(f"no form posting to {action} in the page")


def start(c: TestClient, **fields) -> tuple[str, str, list[str]]:
    """Start a game through the new-game form: (game id, host page path, seat links)."""
    form = {**form_fields(c.get("/").text, "/games"), "game": "project", "players": "2",
            "seed": "5", **fields}
    r = c.post("/games", data=form)
    assert r.status_code == 303, r.text
    host = r.headers["location"]
    page = c.get(host)
    assert page.status_code == 200
    game_id = host.split("/")[2]
    return game_id, host, SEAT_LINK.findall(page.text)


#: Seconds a bot may think in a worker process before a test gives up waiting (a worker's
#: first decision starts the process and loads the game's content).
THINK_WAIT = 60.0


def news(c: TestClient, game_id: str) -> dict:
    """The game's news (its poll), once no bot is thinking in a worker process: a searching
    bot's decision may outlast the request that asked for it (docs/serve.md)."""
    deadline = time.monotonic() + THINK_WAIT
    while True:
        r = c.get(f"/g/{game_id}/poll", headers={"Accept": "application/json"})
        assert r.status_code == 200
        state = r.json()
        if not state["thinking"]:
            return state
        assert time.monotonic() < deadline, f"a bot still thinks after {THINK_WAIT} s"
        time.sleep(0.05)


def offered(c: TestClient, link: str) -> list[str]:
    """The action ids the seat's page offers (its buttons), in order."""
    page = c.get(link)
    assert page.status_code == 200, page.text
    return [html.unescape(v) for v in ACTION.findall(page.text)]


def play_turns(c: TestClient, game_id: str, links: dict[int, str], rng, limit: int) -> int:
    """Act for the human seat to decide, through its page and its link, ``limit`` times at
    most or until the game is over; each action one of those the page offers, chosen with
    ``rng``. Returns the actions taken."""
    taken = 0
    while taken < limit:
        state = news(c, game_id)
        if state["over"]:
            break
        link = links[state["to_decide"]]
        page = c.get(link).text
        choice = rng.choice([html.unescape(v) for v in ACTION.findall(page)])
        r = c.post(f"{link}/act", data={**form_fields(page, f"{link}/act"), "action": choice})
        assert r.status_code == 303, r.text
        taken += 1
    return taken
