"""`artemis serve`: the time to apply an action and render the next page, and the page weight
(``python benchmarks/web.py``; needs the web extra and httpx; not a test).

A 2-player Project game with two human seats is played through HTTP requests (Starlette's
TestClient, in process: no network) over a fresh data folder; each step is one POST of an
action (applied, then the game saved atomically) and one GET of the next seat's page (its view
drawn, the grouped chooser, the account). Prints the median and p90 of each and of the pair,
and the weight of a seat's page at a placement (HTML, gzipped) and of the page's CSS and
JavaScript. Figures in docs/performance.md.
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import statistics
import tempfile
import time
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from artemis.web.app import build_app  # noqa: E402

ACTION = re.compile(r'name="action" value="([^"]+)"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=120, help="actions to time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import html

    with tempfile.TemporaryDirectory() as data:
        c = TestClient(build_app(data), follow_redirects=False)
        r = c.post("/games", data={"game": "project", "players": "2", "seed": str(args.seed),
                                   "seat0": "human", "seat1": "human"})
        links = re.findall(r'href="(/g/[0-9a-f]{12}/s/[^"]+)"', c.get(r.headers["location"]).text)
        game_id = links[0].split("/")[2]
        rng = random.Random(args.seed)
        posts, gets, weight = [], [], None
        page = None
        for _ in range(args.actions):
            seat = c.get(f"/g/{game_id}/poll").json()
            if seat["over"]:
                break
            link = links[seat["to_decide"]]
            if page is None:
                page = c.get(link).text
            if weight is None and 'class="die"' in page:
                weight = (len(page.encode()), len(gzip.compress(page.encode())))
            choice = html.unescape(rng.choice(ACTION.findall(page)))
            t0 = time.perf_counter()
            nxt = c.post(f"{link}/act", data={"action": choice},
                         headers={"Accept": "application/json"}).json()
            t1 = time.perf_counter()
            if nxt["over"]:
                break
            page = c.get(links[nxt["to_decide"]]).text
            t2 = time.perf_counter()
            posts.append(t1 - t0)
            gets.append(t2 - t1)
        css = len(c.get("/static/style.css").content)
        js = len(c.get("/static/app.js").content)

    def row(name: str, values: list[float]) -> str:
        q = statistics.quantiles(values, n=10)
        return (f"| {name} | {statistics.median(values) * 1000:.1f} | {q[-1] * 1000:.1f} | "
                f"{len(values)} |")

    print("| step | median ms | p90 ms | n |\n|---|---|---|---|")
    print(row("POST an action (apply + atomic save)", posts))
    print(row("GET the next seat's page (render)", gets))
    print(row("both: an action and its page", [a + b for a, b in zip(posts, gets, strict=True)]))
    if weight:
        print(f"\npage weight at a placement: {weight[0] / 1024:.1f} KiB HTML "
              f"({weight[1] / 1024:.1f} KiB gzipped); style.css {css / 1024:.1f} KiB, "
              f"app.js {js / 1024:.1f} KiB; nothing else is fetched")


if __name__ == "__main__":
    main()
