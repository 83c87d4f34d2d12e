"""`artemis serve` at scale: the games list's time at many games, and the server's memory after
many games played through it (``python benchmarks/web_bench.py``; needs the web extra and
httpx; not a test). Figures in docs/performance.md, "The browser front end".

**The games list.** One 2-player Project game is started through the new-game form and
played a few dozen actions; its folder (save and seats file) is then copied under fresh ids
until the data folder holds ``--games`` games (1,000 by default). A server started anew over
that folder answers ``GET /`` (Starlette's TestClient, in process, so the figure is the
server's work and not the network's): the first answer (the games index is built from the
saves when it is missing: docs/serve.md, "The data folder") and then the median and p90 of
``--repeat`` more (the index is fresh), in wall-clock time and in the process's CPU time (the
client and the server's thread are this process; steadier on a shared machine). The same for
the list alone (`GameStore.listing`).

**Memory.** ``artemis serve`` runs in a subprocess on 127.0.0.1 and a free port over a fresh
data folder; ``--played`` games (50) of two random bots at pace 0 are started through
``POST /games`` and polled (``GET /g/ID/poll``, where the bots move) until each is over. The
server's resident memory (VmRSS, from /proc; Linux only) is printed after it starts, after
the games, and after a second round of polls once every game is over.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import json
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings
from pathlib import Path

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from artemis.web.app import LIST_PAGE, build_app  # noqa: E402

_FORM = re.compile(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', re.S)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


def form_fields(page: str, action: str) -> dict[str, str]:
    """The hidden fields (the form's token ``csrf``, a decision's count...) of the form of
    ``page`` (HTML) posting to ``action``, as a browser sends them (docs/serve.md)."""
    for target, inner in _FORM.findall(page):
        if html.unescape(target) == action:
            return {k: html.unescape(v) for k, v in _HIDDEN.findall(inner)}
    raise KeyError(f"no form posting to {action} in the page")


def make_games(data: Path, count: int, actions: int = 40) -> None:
    """``count`` games in ``data``: one played ``actions`` actions through requests, then
    copied under fresh ids (the save does not hold its folder's id)."""
    import random

    c = TestClient(build_app(data), follow_redirects=False)
    r = c.post("/games", data={**form_fields(c.get("/").text, "/games"), "game": "project",
                               "players": "2", "seed": "1", "seat0": "human",
                               "seat1": "human"})
    links = re.findall(r'href="(/g/[0-9a-f]{12}/s/[^"]+)"', c.get(r.headers["location"]).text)
    game_id = links[0].split("/")[2]
    rng = random.Random(1)
    for _ in range(actions):
        seat = c.get(f"/g/{game_id}/poll").json()["to_decide"]
        page = c.get(links[seat]).text
        choice = html.unescape(rng.choice(re.findall(r'name="action" value="([^"]+)"', page)))
        c.post(f"{links[seat]}/act", data={**form_fields(page, f"{links[seat]}/act"),
                                           "action": choice})
    source = data / game_id
    for _ in range(count - 1):
        copy = data / secrets.token_hex(6)
        shutil.copytree(source, copy)


def time_list(data: Path, repeat: int) -> dict:
    """Milliseconds of GET / (first, then median and p90 of ``repeat``) and of the list
    alone, on a server started anew over ``data``."""
    app = build_app(data)
    c = TestClient(app, follow_redirects=False)
    t0 = time.perf_counter()
    r = c.get("/")
    first = (time.perf_counter() - t0) * 1000
    assert r.status_code == 200, r.text
    pages, cpu, lists, lists_cpu, firsts = [], [], [], [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        c.get("/")
        pages.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        t0, c0 = time.perf_counter(), time.process_time()
        listed = app.state.store.listing()
        lists.append((time.perf_counter() - t0) * 1000)
        lists_cpu.append((time.process_time() - c0) * 1000)
        t0 = time.perf_counter()
        app.state.store.listing_page(0, LIST_PAGE)  # what GET / lists: its first page
        firsts.append((time.perf_counter() - t0) * 1000)
    q = statistics.quantiles(pages, n=10)
    return {"games": len(listed), "first": first, "median": statistics.median(pages),
            "p90": q[-1], "cpu": statistics.median(cpu), "list_median": statistics.median(lists),
            "list_cpu": statistics.median(lists_cpu), "page_bytes": len(r.content),
            "page_list": statistics.median(firsts)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _get(url: str, timeout: float = 30) -> dict:
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


def post(url: str, fields: dict, accept_json: bool = True):
    """POST ``fields`` as a form to ``url``; the answer (a redirect followed)."""
    from urllib.parse import urlencode

    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if accept_json:
        headers["Accept"] = "application/json"
    req = urllib.request.Request(url, data=urlencode(fields).encode(), headers=headers)
    return urllib.request.urlopen(req, timeout=60)


def get_text(url: str) -> str:
    """The page at ``url``."""
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.read().decode()


@contextlib.contextmanager
def serve(data: str | Path):
    """``artemis serve`` over ``data`` in a subprocess on 127.0.0.1 and a free port, once it
    answers: (the process, its base URL); stopped (SIGTERM) at the end."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "artemis", "serve", "--port", str(port),
                             "--data", str(data)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"the server did not start: "
                                     f"{proc.stderr.read().decode()}") from None
                time.sleep(0.1)
        yield proc, url
    finally:
        proc.terminate()
        proc.wait(30)


def new_game(url: str, fields: dict, pace: float | None = 0) -> dict:
    """Start a game through the new-game form (``fields`` beside its token) and set its
    bots' pace through the host page's form: the JSON answer {id, host, seats}."""
    token = form_fields(get_text(url + "/"), "/games")
    with post(url + "/games", {**token, **fields}) as r:
        game = json.loads(r.read())
    if pace is not None:
        host_key = game["host"].rsplit("/", 1)[-1]
        where = f"/g/{game['id']}/pace"
        pace_form = form_fields(get_text(url + game["host"]), where)
        post(url + where, {**pace_form, "key": host_key, "pace": str(pace)}).close()
    return game


def memory(played: int) -> dict:
    """The server's RSS (KiB) after it starts, after ``played`` games of random bots at pace
    0, and after polling every finished game once more."""
    with tempfile.TemporaryDirectory() as data, serve(data) as (proc, url):
        started = _rss_kib(proc.pid)
        ids = []
        t0 = time.perf_counter()
        for seed in range(played):
            game = new_game(url, {"game": "project", "players": "2", "seed": str(seed),
                                  "seat0": "random", "seat1": "random"})
            while not _get(f"{url}/g/{game['id']}/poll")["over"]:
                pass
            ids.append(game["id"])
        seconds = time.perf_counter() - t0
        after = _rss_kib(proc.pid)
        for game_id in ids:
            _get(f"{url}/g/{game_id}/poll")
        again = _rss_kib(proc.pid)
    return {"played": played, "seconds": seconds, "start": started, "after": after,
            "again": again}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in the data folder")
    parser.add_argument("--repeat", type=int, default=20, help="timed loads of the list")
    parser.add_argument("--played", type=int, default=50,
                        help="random-bot games played through a real server (0: skip)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    if args.games:
        with tempfile.TemporaryDirectory() as tmp:
            data = Path(tmp)
            t0 = time.perf_counter()
            make_games(data, args.games)
            made = time.perf_counter() - t0
            t = time_list(data, args.repeat)
        print(f"games list at {t['games']} games (made in {made:.1f} s): GET / first "
              f"{t['first']:.1f} ms, then median {t['median']:.1f} ms (p90 {t['p90']:.1f} ms; "
              f"CPU median {t['cpu']:.1f} ms; n={args.repeat}); the list alone median "
              f"{t['list_median']:.1f} ms (CPU {t['list_cpu']:.1f} ms), its first page of "
              f"{LIST_PAGE} {t['page_list']:.1f} ms; page "
              f"{t['page_bytes'] / 1024:.0f} KiB")
        print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.played:
        m = memory(args.played)
        print(f"server memory (RSS): {m['start'] / 1024:.1f} MiB at start, "
              f"{m['after'] / 1024:.1f} MiB after {m['played']} random-bot games "
              f"({m['seconds']:.1f} s), {m['again'] / 1024:.1f} MiB after polling each again")


if __name__ == "__main__":
    main()
