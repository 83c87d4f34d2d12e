"""Driving `artemis serve` through HTTP requests, as a browser would (Starlette's TestClient)."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

with warnings.catch_warnings():  # starlette 1.x would rather have httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from artemis.web.app import build_app

SEAT_LINK = re.compile(r'href="(/g/[0-9a-f]{12}/s/[A-Za-z0-9_-]+)"')
ACTION = re.compile(r'name="action" value="([^"]+)"')


def client(data: Path, **kwargs) -> TestClient:
    """A client of a fresh app over the data folder ``data`` (a server started anew)."""
    return TestClient(build_app(data, **kwargs), follow_redirects=False)


def start(c: TestClient, **fields) -> tuple[str, str, list[str]]:
    """Start a game through the new-game form: (game id, host page path, seat links)."""
    form = {"game": "project", "players": "2", "seed": "5", **fields}
    r = c.post("/games", data=form)
    assert r.status_code == 303, r.text
    host = r.headers["location"]
    page = c.get(host)
    assert page.status_code == 200
    game_id = host.split("/")[2]
    return game_id, host, SEAT_LINK.findall(page.text)


def news(c: TestClient, game_id: str) -> dict:
    r = c.get(f"/g/{game_id}/poll", headers={"Accept": "application/json"})
    assert r.status_code == 200
    return r.json()


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
        choice = rng.choice(offered(c, link))
        r = c.post(f"{link}/act", data={"action": choice})
        assert r.status_code == 303, r.text
        taken += 1
    return taken
