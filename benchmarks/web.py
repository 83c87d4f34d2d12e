"""`artemis serve`: the server's time to apply an action and render the next page, to take a
decision back, to open a replay and show one of its steps, and the page weight
(``python benchmarks/web.py``; needs the web extra and httpx; not a test).

A 2-player Project game with two human seats is played through HTTP requests (Starlette's
TestClient, in process: no network) over a fresh data folder; each step is one POST of an
action (applied, then the game saved atomically) and one GET of the next seat's page (its view
drawn, the grouped chooser, the account). Every fifth decision that its seat may take back is
undone (POST .../undo and the page again) and then taken again, so the game goes on the same.
The finished game's save is then uploaded to /replay and steps of it are opened at random.

Times are the process's CPU time (``time.process_time``: the client and the server's worker
thread are this process; the machine is shared, so wall-clock time is noisier) and, beside
them, the wall-clock time, which adds the save's fsync. Prints the median and p90 of each;
the page weight is the bytes of a seat's page at a placement (HTML, and gzipped) plus the
page's CSS and JavaScript. Figures in docs/performance.md, "The browser front end".
"""

from __future__ import annotations

import argparse
import gzip
import html
import random
import re
import statistics
import tempfile
import time
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from artemis.web.app import build_app  # noqa: E402

ACTION = re.compile(r'name="action" value="([^"]+)"')
FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def hidden(page: str, action: str) -> dict[str, str]:
    """The hidden fields (the form's token, the decision count) of the form of ``page``
    posting to ``action``, which a request sends as the browser would."""
    for target, inner in FORM.findall(page):
        if html.unescape(target) == action:
            return {k: html.unescape(v) for k, v in HIDDEN.findall(inner)}
    return {}


class Timer:
    """CPU and wall-clock seconds of the calls timed under one name."""

    def __init__(self):
        self.cpu: dict[str, list[float]] = {}
        self.wall: dict[str, list[float]] = {}

    def time(self, name: str | None, call, *args, **kwargs):
        """``call(*args, **kwargs)``'s value, its time kept under ``name`` (None: handed back
        instead, as (value, cpu, wall), for `put`)."""
        c0, w0 = time.process_time(), time.perf_counter()
        out = call(*args, **kwargs)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        if name is None:
            return out, cpu, wall
        self.put(name, cpu, wall)
        return out

    def put(self, name: str, cpu: float, wall: float) -> None:
        self.cpu.setdefault(name, []).append(cpu)
        self.wall.setdefault(name, []).append(wall)

    def add(self, name: str, *parts: str) -> None:
        """A row summing the rows ``parts`` call by call."""
        for store in (self.cpu, self.wall):
            store[name] = [sum(v) for v in zip(*(store[p] for p in parts), strict=True)]

    def rows(self) -> str:
        out = ["| step | median ms (CPU) | p90 ms (CPU) | median ms (wall) | n |",
               "|---|---|---|---|---|"]
        for name, values in self.cpu.items():
            q = statistics.quantiles(values, n=10) if len(values) > 1 else values
            out.append(f"| {name} | {statistics.median(values) * 1000:.1f} | "
                       f"{q[-1] * 1000:.1f} | "
                       f"{statistics.median(self.wall[name]) * 1000:.1f} | {len(values)} |")
        return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=400, help="actions to time at most")
    parser.add_argument("--steps", type=int, default=60, help="replay steps to open")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t = Timer()
    json = {"Accept": "application/json"}

    with tempfile.TemporaryDirectory() as data:
        c = TestClient(build_app(data), follow_redirects=False)
        r = c.post("/games", data={**hidden(c.get("/").text, "/games"), "game": "project",
                                   "players": "2", "seed": str(args.seed),
                                   "seat0": "human", "seat1": "human"})
        links = re.findall(r'href="(/g/[0-9a-f]{12}/s/[^"]+)"',
                           c.get(r.headers["location"]).text)
        game_id = links[0].split("/")[2]
        rng = random.Random(args.seed)
        weight, page, undoable = None, None, 0
        for _ in range(args.actions):
            seat = c.get(f"/g/{game_id}/poll").json()
            if seat["over"]:
                break
            link = links[seat["to_decide"]]
            if page is None:
                page = c.get(link).text
            if weight is None and 'class="die"' in page:
                weight = page.encode()
            choice = html.unescape(rng.choice(ACTION.findall(page)))
            nxt, cpu, wall = t.time(None, c.post, f"{link}/act",
                                    data={**hidden(page, f"{link}/act"), "action": choice},
                                    headers=json)
            nxt = nxt.json()
            if nxt["over"]:
                break
            t.put("POST an action (apply + atomic save)", cpu, wall)
            page = t.time("GET the next seat's page (render)", c.get,
                          links[nxt["to_decide"]]).text
            mine = c.get(link).text
            if 'id="undo"' in mine:
                undoable += 1
                if undoable % 5 == 0:
                    t.time("POST undo (the rule's replay + atomic save)", c.post,
                           f"{link}/undo", data=hidden(mine, f"{link}/undo"), headers=json)
                    again = t.time("GET the page after the undo", c.get, link).text
                    c.post(f"{link}/act",  # the same again
                           data={**hidden(again, f"{link}/act"), "action": choice})
                    page = c.get(links[c.get(f"/g/{game_id}/poll").json()["to_decide"]]).text
        t.add("both: an action and its page", "POST an action (apply + atomic save)",
              "GET the next seat's page (render)")
        css = len(c.get("/static/style.css").content)
        js = len(c.get("/static/app.js").content)

        save = (Path(data) / game_id / "game.json").read_bytes()
        up = t.time("POST /replay: upload and check the save", c.post, "/replay",
                    data=hidden(c.get("/replay").text, "/replay"),
                    files={"file": ("game.json", save)})
        where = up.headers["location"]
        steps = int(re.search(r'max="(\d+)"', c.get(where).text).group(1))
        replay_page = None
        for _ in range(args.steps):
            k = rng.randrange(steps + 1)
            replay_page = t.time("GET a replay step (rebuilt from a kept position)", c.get,
                                 f"{where}?step={k}").text

    print(t.rows())
    if weight:
        total = len(weight) + css + js
        print(f"\npage weight at a placement: {len(weight) / 1024:.1f} KiB HTML "
              f"({len(gzip.compress(weight)) / 1024:.1f} KiB gzipped) + style.css "
              f"{css / 1024:.1f} KiB + app.js {js / 1024:.1f} KiB = {total / 1024:.1f} KiB "
              f"({total} bytes); nothing else is fetched")
    if replay_page:
        print(f"a replay step's page: {len(replay_page.encode()) / 1024:.1f} KiB HTML")


if __name__ == "__main__":
    main()
