"""The report of a run, summed from per-game summaries. Game-agnostic: it knows seats, bots,
a winner, VP per seat with named scoring steps, decisions, and items with a kind, appeared,
taken and owners; nothing of any one game's rules.

Summaries are added in game-index order and every figure is summed exactly (VP and decisions
are whole numbers: sums and sums of squares are Python ints), so a report depends only on which
games were played, never on how many workers played them or in what order they finished. It
holds no timing, so two reports of the same run compare equal, unless the run had games stopped
by the game timeout (``timed_out``): those depend on the machine.
"""

from __future__ import annotations

import math
from collections import Counter

FORMAT = "artemis-simulate/1"


class Stats:
    """Count, mean, population standard deviation, min and max of numbers added one by one,
    summed exactly for whole numbers."""

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0
        self.lo = None
        self.hi = None

    def add(self, x) -> None:
        """Add one value."""
        self.n += 1
        self.total += x
        self.squares += x * x
        self.lo = x if self.lo is None or x < self.lo else self.lo
        self.hi = x if self.hi is None or x > self.hi else self.hi

    def as_dict(self) -> dict:
        """{n, mean, std, min, max}; mean and std rounded to 4 places, None when empty."""
        if not self.n:
            return {"n": 0, "mean": None, "std": None, "min": None, "max": None}
        variance = max(0, self.n * self.squares - self.total * self.total)  # n**2 * var
        return {"n": self.n, "mean": round(self.total / self.n, 4),
                "std": round(math.sqrt(variance) / self.n, 4), "min": self.lo, "max": self.hi}


class _Item:
    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.appeared = self.taken = self.owners = self.owner_wins = 0
        self.owner_vp = Stats()
        self.by_kind: dict = {}  # bot kind -> [owner seats, of which won]


def _ranges(indices: list[int]) -> list[list[int]]:
    """Sorted game indices as [start, stop) ranges: [0, 1, 2, 5] -> [[0, 3], [5, 6]]."""
    out: list[list[int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return out


def _rate(part: int, whole: int):
    return round(part / whole, 4) if whole else None


Z95 = 1.959964  # the standard normal's 97.5th percentile: a two-sided 95% interval


def wilson(part: int, whole: int, z: float = Z95):
    """The Wilson score interval [low, high] of the rate ``part / whole`` (95% by default),
    rounded to 4 places; None when ``whole`` is 0. Unlike rate +- z*sd it stays inside [0, 1]
    and is honest for small counts and rates near 0 or 1 (Wilson 1927)."""
    if not whole:
        return None
    p = part / whole
    centre = p + z * z / (2 * whole)
    margin = z * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole))
    scale = 1 + z * z / whole
    return [round(max(0.0, (centre - margin) / scale), 4),
            round(min(1.0, (centre + margin) / scale), 4)]


def build_report(results: list[dict], bots: list[str], items: list[tuple] = (),
                 config: dict | None = None, games: int | None = None,
                 interrupted: bool = False) -> dict:
    """The report of ``results`` (game summaries and error records, each with ``index``),
    for seats played by ``bots`` (a kind per seat). ``items`` lists (id, kind) of every item
    of the content, reported even when it never appeared; ``config`` is copied in; ``games``
    is the number of games asked for (default: as many as results).

    Returns {format, config, games, played, indices, finished, interrupted,
    wins: {by_seat, by_bot}, vp: {final, in_game, steps, by_seat, by_bot}, decisions, rounds,
    items, errors, timed_out}. ``indices`` lists the game indices played as [start, stop)
    ranges (all of them unless interrupted); ``timed_out`` the games stopped by the game
    timeout (a result carrying ``timed_out``: its seconds), {index, seed, seconds, replay},
    which depend on the machine, unlike the rest of the report; each statistic is {n, mean,
    std, min, max} over seats of finished games (``decisions`` and ``rounds``, the game
    length: over games; each scoring step adds ``per_game``, its VP summed over the seats of
    a finished game, on average, partners who share a score counted once: a summary's
    ``team``); win rates count the engine's winner (its tie-break), or
    every one of a summary's ``winners`` (a game where tied leaders all win), and are
    wins / games for a seat, wins / seats played for a bot kind; an item's ``appeared`` and
    ``taken`` count games, ``owners`` counts owner seats over all games, ``owners_win_rate``
    is the share of those seats that won (a winner of the game, or, for an item whose summary
    gives ``won``, the owners listed there: a solo Mission is won on its goals). Every win
    rate has its sample size beside it (``games``, ``seats``, ``owners``) and a 95% Wilson
    interval (``*_ci``: [low, high] or None); with more than one bot kind,
    ``owners_by_bot`` splits an item's owners by the bot kind of their seat: {kind: {owners,
    wins, win_rate}}. ``errors`` carry ``where`` (the innermost frame) when the task gives
    it."""
    ordered = sorted(results, key=lambda r: r["index"])
    late = [r for r in ordered if "timed_out" in r]
    finished = [r for r in ordered if "error" not in r and "timed_out" not in r]
    errors = [r for r in ordered if "error" in r and "timed_out" not in r]
    seats = len(bots)
    kinds = list(dict.fromkeys(bots))
    seat_wins = [0] * seats
    kind_wins = Counter()
    final, in_game, decisions, rounds = Stats(), Stats(), Stats(), Stats()
    by_seat = [Stats() for _ in range(seats)]
    by_kind = {k: Stats() for k in kinds}
    histogram = {k: Counter() for k in kinds}
    steps: dict[str, Stats] = {}
    step_totals: Counter = Counter()  # per scoring step, VP summed once per score held
    stats = {i: _Item(kind) for i, kind in items}
    for r in finished:
        # every winner of a game whose rules let tied leaders all win (the Odyssey's
        # Endgame); else the one winner of its tie-break
        winners = r["winners"] if "winners" in r else [r["winner"]]  # []: nobody won
        for seat in winners:
            seat_wins[seat] += 1
            kind_wins[bots[seat]] += 1
        decisions.add(r["decisions"])
        if "rounds" in r:
            rounds.add(r["rounds"])
        for seat in range(seats):
            vp = r["vp"][seat]
            final.add(vp)
            by_seat[seat].add(vp)
            by_kind[bots[seat]].add(vp)
            histogram[bots[seat]][vp] += 1
            if r.get("in_game") is not None:
                in_game.add(r["in_game"][seat])
            # a team's partners each show the team's score: its VP counts once a game
            own = "team" not in r or r["team"].index(r["team"][seat]) == seat
            for name, points in r["steps"][seat].items():
                steps.setdefault(name, Stats()).add(points)
                if own:
                    step_totals[name] += points
        for item_id, x in r["items"].items():
            s = stats.setdefault(item_id, _Item(x["kind"]))
            s.appeared += bool(x["appeared"])
            s.taken += bool(x["taken"])
            won = x.get("won")  # owners that won on their own terms (a solo Mission)
            for seat in x["owners"]:
                wins = seat in winners if won is None else seat in won
                s.owners += 1
                s.owner_wins += wins
                s.owner_vp.add(r["vp"][seat])
                tally = s.by_kind.setdefault(bots[seat], [0, 0])
                tally[0] += 1
                tally[1] += wins
    n = len(finished)
    listed = {i for i, _ in items}
    extra = sorted((i for i in stats if i not in listed), key=lambda i: (stats[i].kind, i))
    return {
        "format": FORMAT,
        "config": dict(config or {}),
        "games": games if games is not None else len(results),
        "played": len(ordered),
        "indices": _ranges([r["index"] for r in ordered]),
        "finished": n,
        "interrupted": interrupted,
        "wins": {
            "by_seat": [{"seat": seat, "bot": bots[seat], "wins": seat_wins[seat],
                         "games": n, "win_rate": _rate(seat_wins[seat], n),
                         "win_rate_ci": wilson(seat_wins[seat], n)}
                        for seat in range(seats)],
            "by_bot": [{"bot": k, "seats": n * bots.count(k), "wins": kind_wins[k],
                        "win_rate": _rate(kind_wins[k], n * bots.count(k)),
                        "win_rate_ci": wilson(kind_wins[k], n * bots.count(k))}
                       for k in kinds],
        },
        "vp": {
            "final": final.as_dict(),
            "in_game": in_game.as_dict(),
            "steps": {name: {**s.as_dict(), "per_game": _rate(step_totals[name], n)}
                      for name, s in steps.items()},
            "by_seat": [{"seat": seat, "bot": bots[seat], **by_seat[seat].as_dict()}
                        for seat in range(seats)],
            "by_bot": [{"bot": k, **by_kind[k].as_dict(),
                        "histogram": [[vp, c] for vp, c in sorted(histogram[k].items())]}
                       for k in kinds],
        },
        "decisions": decisions.as_dict(),
        "rounds": rounds.as_dict(),
        "items": [_item(i, stats[i], kinds) for i in [*(i for i, _ in items), *extra]],
        "errors": [{k: r[k] for k in ("index", "seed", "error", "where", "decisions", "action",
                                      "replay") if k in r} for r in errors],
        "timed_out": [{"index": r["index"], **({"seed": r["seed"]} if "seed" in r else {}),
                       "seconds": r["timed_out"],
                       **({"replay": r["replay"]} if "replay" in r else {})} for r in late],
    }


def _item(item_id: str, s: _Item, kinds: list[str]) -> dict:
    out = {"id": item_id, "kind": s.kind, "appeared": s.appeared, "taken": s.taken,
           "owners": s.owners, "owners_win_rate": _rate(s.owner_wins, s.owners),
           "owners_win_rate_ci": wilson(s.owner_wins, s.owners),
           "owners_mean_vp": s.owner_vp.as_dict()["mean"]}
    if len(kinds) > 1:
        out["owners_by_bot"] = {}
        for k in kinds:
            owners, wins = s.by_kind.get(k, (0, 0))
            out["owners_by_bot"][k] = {"owners": owners, "wins": wins,
                                       "win_rate": _rate(wins, owners)}
    return out
