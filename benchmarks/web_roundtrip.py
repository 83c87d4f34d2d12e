"""`artemis serve`'s action round trip and page weight (``python benchmarks/web_roundtrip.py``;
needs the web extra; not a test). Figures in docs/performance.md, "The action round trip and
the page weight".

**Round trip.** ``artemis serve`` runs under uvicorn in a subprocess on 127.0.0.1 and a free
port (`web_bench.serve`). ``--concurrent`` games at once (1, then 4 by default), each driven
by its own thread: one human seat played by this script and random bots at pace 0 (the
Project at 2 players, the Odyssey at 3, alternately). The script reads the seat's page,
picks one of its buttons at random and posts it with the form's fields, as a browser does;
the round trip is from the POST of ``/act`` to the next page read in full (the server's 303
followed to the seat's page, the bots' decisions made on the way). When the bots still
decide after it, the script polls (not timed) until its seat is asked again. Each thread
takes ``--actions`` actions (a game over, a new one starts). Printed: p50 and p95 of the
round trips over every thread, in milliseconds.

**Page weight.** The bytes of a seat's page of each game after ``--mid`` actions (the human
seat's own page, the board drawn), and of the static CSS and JavaScript, as sent
(no compression).
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_bench import form_fields, get_text, new_game, post, serve  # noqa: E402

ACTION = re.compile(r'name="action" value="([^"]+)"')
#: The games driven, alternately: (game, players).
GAMES = [("project", 2), ("odyssey", 3)]


def _start(url: str, n: int) -> tuple[str, str]:
    """A new game ``GAMES[n % 2]`` with seat 0 human and bots elsewhere: (id, seat link)."""
    game_id, count = GAMES[n % len(GAMES)]
    fields = {"game": game_id, "players": str(count), "seed": str(1000 + n),
              "seat0": "human", **{f"seat{i}": "random" for i in range(1, count)}}
    game = new_game(url, fields)
    return game["id"], game["seats"][0]["link"]


def _asked(url: str, link: str) -> str | None:
    """The seat's page once it is asked (polling while the bots decide); None: game over."""
    while True:
        page = get_text(url + link)
        if ACTION.search(page):
            return page
        if "the game is over" in page:
            return None
        time.sleep(0.01)


def drive(url: str, n: int, actions: int, times: list[float]) -> None:
    """Play ``actions`` actions of the human seat of games started anew, timing each POST
    of /act to the next page read (appended to ``times``, seconds)."""
    rng = random.Random(n)
    _, link = _start(url, n)
    page = _asked(url, link)
    games = 1
    for _ in range(actions):
        if page is None:
            _, link = _start(url, n + 2 * games)
            games += 1
            page = _asked(url, link)
        fields = form_fields(page, f"{link}/act")
        choice = html.unescape(rng.choice(ACTION.findall(page)))
        t0 = time.perf_counter()
        with post(url + f"{link}/act", {**fields, "action": choice}, accept_json=False) as r:
            after = r.read().decode()
        times.append(time.perf_counter() - t0)
        page = after if ACTION.search(after) else _asked(url, link)


def round_trips(url: str, concurrent: int, actions: int) -> list[float]:
    """The round trips (seconds) of ``concurrent`` threads each taking ``actions`` actions."""
    times: list[float] = []
    threads = [threading.Thread(target=drive, args=(url, 10 * k, actions, times))
               for k in range(concurrent)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def weights(url: str, mid: int) -> dict[str, int]:
    """Bytes of a seat's page of each game after ``mid`` of its human seat's actions, and of
    the static files."""
    out = {}
    for n, (game_id, count) in enumerate(GAMES):
        rng = random.Random(n)
        _, link = _start(url, n + 500)
        page = _asked(url, link)
        for _ in range(mid):
            if page is None:
                break
            fields = form_fields(page, f"{link}/act")
            post(url + f"{link}/act", {**fields, "action": html.unescape(
                rng.choice(ACTION.findall(page)))}, accept_json=False).close()
            page = _asked(url, link)
        out[f"{game_id} {count}-player seat page"] = len(
            get_text(url + link).encode())
    for name in ("style.css", "app.js"):
        out[f"static {name}"] = len(get_text(f"{url}/static/{name}").encode())
    return out


def _pct(times: list[float], q: int) -> float:
    return statistics.quantiles(times, n=100)[q - 1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--concurrent", type=int, nargs="+", default=[1, 4],
                        help="games played at once, one run each")
    parser.add_argument("--actions", type=int, default=100,
                        help="timed actions of each game's human seat")
    parser.add_argument("--mid", type=int, default=30,
                        help="the human seat's actions before a page is weighed")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as data, serve(data) as (_, url):
        for size, n in weights(url, args.mid).items():
            print(f"page weight: {size}: {n / 1024:.1f} KiB ({n} bytes)")
        for concurrent in args.concurrent:
            times = round_trips(url, concurrent, args.actions)
            print(f"round trip (POST act -> next page), {concurrent} game(s) at once: "
                  f"p50 {_pct(times, 50):.1f} ms, p95 {_pct(times, 95):.1f} ms "
                  f"(n={len(times)})")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
