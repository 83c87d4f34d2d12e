"""The report of a run, summed from per-game summaries. Game-agnostic: it knows seats, bots,
a winner, VP per seat with named scoring steps, decisions, turn positions, items with a kind,
appeared, taken, owners and counts, and each game's own figures as trees of whole numbers;
what those figures mean (their rates) is the game's (`parts.Report.item_rates`,
`parts.Report.figures_report`).

A report is made in two steps: the summaries are *tallied* into sums and counts only (whole
numbers: sums, sums of squares, minima and maxima, 2x2 tables per stratum; `tally`), and the
report is *finished* from the tally (`finish`: every rate, interval, test and correction).
The tally is kept in the report (``sums``), so reports of index ranges merge exactly: their
tallies add up to the whole run's and `merge_reports` finishes that (docs/simulate.md,
"Index ranges and merging"). A report depends only on which games were played, never on
how many workers played them or in what order they finished. It holds no timing, so two
reports of the same run compare equal, unless the run had games stopped by the game timeout
(``timed_out``): those depend on the machine.
"""

from __future__ import annotations

import copy
import gzip
import math
from pathlib import Path

from artemis.sim.significance import (
    Z95,
    benjamini_hochberg,
    goodness_of_fit,
    mantel_haenszel,
    wilson,
)

FORMAT = "artemis-simulate/2"
FDR = 0.05  # the false discovery rate of the Benjamini-Hochberg flags

__all__ = ["FDR", "FORMAT", "MergeError", "Stats", "Z95", "build_report", "finish",
           "merge_reports", "merge_tallies", "tally", "wilson"]


class MergeError(ValueError):
    """Reports that cannot be merged: another run's (config, bots or items differ), games
    in more than one of them, or not a report of this format. The message names which."""


class Stats:
    """Count, mean, population standard deviation, min and max of numbers added one by one,
    summed exactly for whole numbers; kept in a tally as [n, total, squares, min, max]."""

    def __init__(self, raw=None) -> None:
        self.n, self.total, self.squares, self.lo, self.hi = raw or (0, 0, 0, None, None)

    def add(self, x) -> None:
        """Add one value."""
        self.n += 1
        self.total += x
        self.squares += x * x
        self.lo = x if self.lo is None or x < self.lo else self.lo
        self.hi = x if self.hi is None or x > self.hi else self.hi

    def raw(self) -> list:
        """[n, total, squares, min, max]: what a tally keeps."""
        return [self.n, self.total, self.squares, self.lo, self.hi]

    def as_dict(self) -> dict:
        """{n, mean, std, min, max}; mean and std rounded to 4 places, None when empty."""
        if not self.n:
            return {"n": 0, "mean": None, "std": None, "min": None, "max": None}
        variance = max(0, self.n * self.squares - self.total * self.total)  # n**2 * var
        return {"n": self.n, "mean": round(self.total / self.n, 4),
                "std": round(math.sqrt(variance) / self.n, 4), "min": self.lo, "max": self.hi}


def _stats(raw) -> dict:
    return Stats(raw).as_dict()


def _add_stat(raw: list, x) -> None:
    """`Stats.add` on a tally's [n, total, squares, min, max], in place (no Stats made: it
    runs for every seat's every figure of every game)."""
    raw[0] += 1
    raw[1] += x
    raw[2] += x * x
    if raw[3] is None or x < raw[3]:
        raw[3] = x
    if raw[4] is None or x > raw[4]:
        raw[4] = x


def _merge_stat(a: list, b: list) -> list:
    lo = [x for x in (a[3], b[3]) if x is not None]
    hi = [x for x in (a[4], b[4]) if x is not None]
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2], min(lo) if lo else None,
            max(hi) if hi else None]


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


def add_tree(into: dict, tree: dict) -> dict:
    """Add the whole numbers of ``tree`` (nested dicts of ints, str keys) into ``into``, key by
    key (a key missing on one side counts 0); returns ``into``."""
    for key, value in tree.items():
        key = str(key)
        if isinstance(value, dict):
            add_tree(into.setdefault(key, {}), value)
        else:
            into[key] = into.get(key, 0) + value
    return into


def _new_item(kind: str) -> dict:
    return {"kind": kind, "appeared": 0, "taken": 0, "owners": 0, "owner_wins": 0,
            "owner_vp": Stats().raw(), "by_bot": {}, "strata": {}, "counts": {},
            "copies": {}}


def tally(results: list[dict], bots: list[str], items=(), games: int | None = None,
          interrupted: bool = False) -> dict:
    """The whole-number sums of ``results`` (game summaries and error records, each with
    ``index``) for seats played by ``bots``: what `finish` makes the report of, and what
    `merge_tallies` adds up. ``items`` lists (id, kind) of every item the report lists;
    ``games`` the games asked for (default: as many as results). JSON data (str keys only),
    kept in the report as ``sums``."""
    ordered = sorted(results, key=lambda r: r["index"])
    seats = len(bots)
    kinds = list(dict.fromkeys(bots))
    t = {"bots": list(bots), "items": [list(x) for x in items],
         "games": games if games is not None else len(results), "interrupted": interrupted,
         "indices": _ranges([r["index"] for r in ordered]), "finished": 0,
         "seat_wins": [0] * seats, "bot_wins": dict.fromkeys(kinds, 0),
         "final": Stats().raw(), "in_game": Stats().raw(), "decisions": Stats().raw(),
         "rounds": Stats().raw(), "by_seat": [Stats().raw() for _ in range(seats)],
         "by_bot": {k: Stats().raw() for k in kinds}, "histogram": {k: {} for k in kinds},
         "steps": {}, "step_totals": {}, "step_split": {},
         "final_split": {"winners": Stats().raw(), "others": Stats().raw()},
         "positions": {}, "item": {},
         "figures": {"game": {}, "by_bot": {}}, "errors": [], "timed_out": []}
    for r in ordered:
        if "timed_out" in r:
            t["timed_out"].append({"index": r["index"], **({"seed": r["seed"]} if "seed" in r
                                                            else {}),
                                   "seconds": r["timed_out"],
                                   **({"replay": r["replay"]} if "replay" in r else {})})
        elif "error" in r:
            t["errors"].append({k: r[k] for k in ("index", "seed", "error", "where",
                                                  "decisions", "action", "replay") if k in r})
        else:
            _tally_game(t, r, bots)
    for item_id, kind in items:
        t["item"].setdefault(item_id, _new_item(kind))
    return t


def _tally_game(t: dict, r: dict, bots: list[str]) -> None:
    """Add one finished game's summary ``r`` to the tally ``t``."""
    seats = len(bots)
    t["finished"] += 1
    # every winner of a game whose rules let tied leaders all win (the Odyssey's Endgame);
    # else the one winner of its tie-break
    winners = r["winners"] if "winners" in r else [r["winner"]]  # []: nobody won (solo)
    for seat in winners:
        t["seat_wins"][seat] += 1
        t["bot_wins"][bots[seat]] += 1
    _add_stat(t["decisions"], r["decisions"])
    if "rounds" in r:
        _add_stat(t["rounds"], r["rounds"])
    for seat in range(seats):
        vp = r["vp"][seat]
        _add_stat(t["final"], vp)
        _add_stat(t["by_seat"][seat], vp)
        _add_stat(t["by_bot"][bots[seat]], vp)
        hist = t["histogram"][bots[seat]]
        hist[str(vp)] = hist.get(str(vp), 0) + 1
        if r.get("in_game") is not None:
            _add_stat(t["in_game"], r["in_game"][seat])
        # a team's partners each show the team's score: its VP counts once a game
        own = "team" not in r or r["team"].index(r["team"][seat]) == seat
        side = "winners" if seat in winners else "others"
        # the winning margin that each step's gap is set against (`_step_gap`)
        _add_stat(t["final_split"][side], vp)
        for name, points in r["steps"][seat].items():
            _add_stat(t["steps"].setdefault(name, Stats().raw()), points)
            if own:
                t["step_totals"][name] = t["step_totals"].get(name, 0) + points
            # the step's VP of the game's winners and of the other seats (`_step_gap`)
            split = t["step_split"].setdefault(name, {"winners": Stats().raw(),
                                                      "others": Stats().raw()})
            _add_stat(split[side], points)
    # win rate by turn position: {"first": [position per seat], ...} -> [seats, wins]
    for name, per_seat in (r.get("positions") or {}).items():
        table = t["positions"].setdefault(name, {})
        for seat, position in enumerate(per_seat):
            row = table.setdefault(str(position), [0, 0])
            row[0] += 1
            row[1] += seat in winners
    strata = r.get("strata") or [0] * seats
    groups: dict = {}  # group id -> [appeared, taken, owner seats, won]
    for item_id, x in r["items"].items():
        group = x.get("group", item_id)  # copies of one building: one row
        s = t["item"].setdefault(group, _new_item(x["kind"]))
        won = x.get("won")  # owners that won on their own terms (a solo Mission)
        owners = sorted(set(x["owners"]))
        if "group" in x:  # one of several copies: its own figures too
            c = s["copies"].setdefault(item_id, {"appeared": 0, "taken": 0, "owners": 0,
                                                 "owner_wins": 0})
            c["appeared"] += bool(x["appeared"])
            c["taken"] += bool(x["taken"])
            c["owners"] += len(owners)
            c["owner_wins"] += sum((seat in winners) if won is None else (seat in won)
                                   for seat in owners)
        add_tree(s["counts"], x.get("counts", {}))
        g = groups.setdefault(group, [False, False, set(), won])
        g[0] = g[0] or bool(x["appeared"])
        g[1] = g[1] or bool(x["taken"])
        g[2].update(owners)
    cells = [f"{bots[seat]}|{strata[seat]}" for seat in range(seats)]  # each seat's stratum
    for group, (seen, took, held, won) in groups.items():
        _tally_item(t["item"][group], seen, took, held, won, winners, cells, r["vp"], bots)
    # the game's own figures: per game, and per seat summed by bot kind
    figures = r.get("figures") or {}
    add_tree(t["figures"]["game"], figures.get("game", {}))
    for seat, tree in enumerate(figures.get("seats", ())):
        add_tree(t["figures"]["by_bot"].setdefault(bots[seat], {}), tree)


def _tally_item(s: dict, seen: bool, took: bool, held: set, won, winners, cells, vp,
                bots: list[str]) -> None:
    """Count an item (its copies together) in one game: appeared and taken, its owner seats
    (a seat holding two copies is one owner), and, for the adjusted comparison, every seat of
    a game where it came into play into its stratum's 2x2 table (``cells``: each seat's
    "bot|stratum"): owner or not, won or not."""
    s["appeared"] += seen
    s["taken"] += took
    for seat in range(len(bots)):
        wins = (seat in winners) if won is None else (seat in won)
        owner = seat in held
        if owner:
            s["owners"] += 1
            s["owner_wins"] += wins
            _add_stat(s["owner_vp"], vp[seat])
            by = s["by_bot"].setdefault(bots[seat], [0, 0])
            by[0] += 1
            by[1] += wins
        if seen or owner:
            cell = s["strata"].setdefault(cells[seat], [0, 0, 0, 0])
            cell[(0 if owner else 2) + (0 if wins else 1)] += 1


def merge_tallies(tallies: list[dict], label=None) -> dict:
    """The tally of the runs of ``tallies`` together: counts and sums added, minima and
    maxima taken, game indices joined, errors in index order. Raises MergeError for tallies
    of other seats or items, sharing a game index, or one that cannot be added (damaged);
    ``label(i)`` names the i-th (from 1) in its messages (default: "report i")."""
    if not tallies:
        raise MergeError("no report to merge")
    label = label or (lambda i: f"report {i}")
    out = copy.deepcopy(tallies[0])
    for i, t in enumerate(tallies[1:], 2):
        try:
            out = _add_tally(out, t, i, label)
        except MergeError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MergeError(_damaged(label(i), exc)) from None
    return _canonical(out)


def _add_tally(out: dict, t: dict, i: int, label) -> dict:
    """Add the tally ``t`` (the i-th) into ``out``; returns ``out``."""
    for key in ("bots", "items"):
        if t[key] != out[key]:
            raise MergeError(f"{label(i)} has other {key} than {label(1)}: {t[key]!r}")
    played = {j for a, b in out["indices"] for j in range(a, b)}
    both = [j for a, b in t["indices"] for j in range(a, b) if j in played]
    if both:
        raise MergeError(f"{label(i)} repeats games already merged, the first: game "
                         f"{both[0]}")
    out["games"] += t["games"]
    out["interrupted"] = out["interrupted"] or t["interrupted"]
    out["indices"] = _ranges(sorted(played | {j for a, b in t["indices"]
                                              for j in range(a, b)}))
    out["finished"] += t["finished"]
    out["seat_wins"] = [a + b for a, b in zip(out["seat_wins"], t["seat_wins"],
                                              strict=True)]
    add_tree(out["bot_wins"], t["bot_wins"])
    for key in ("final", "in_game", "decisions", "rounds"):
        out[key] = _merge_stat(out[key], t[key])
    out["by_seat"] = [_merge_stat(a, b) for a, b in zip(out["by_seat"], t["by_seat"],
                                                       strict=True)]
    for k, raw in t["by_bot"].items():
        out["by_bot"][k] = _merge_stat(out["by_bot"][k], raw)
    add_tree(out["histogram"], t["histogram"])
    for name, raw in t["steps"].items():
        out["steps"][name] = _merge_stat(out["steps"].get(name, Stats().raw()), raw)
    add_tree(out["step_totals"], t["step_totals"])
    for name, split in t.get("step_split", {}).items():
        mine = out.setdefault("step_split", {}).setdefault(
            name, {"winners": Stats().raw(), "others": Stats().raw()})
        for side in ("winners", "others"):
            mine[side] = _merge_stat(mine[side], split[side])
    if "final_split" in t:  # a report from before the margin was kept has none
        mine = out.setdefault("final_split", {"winners": Stats().raw(),
                                              "others": Stats().raw()})
        for side in ("winners", "others"):
            mine[side] = _merge_stat(mine[side], t["final_split"][side])
    for name, table in t["positions"].items():
        mine = out["positions"].setdefault(name, {})
        for pos, (n, w) in table.items():
            row = mine.setdefault(pos, [0, 0])
            row[0] += n
            row[1] += w
    for item_id, s in t["item"].items():
        o = out["item"].setdefault(item_id, _new_item(s["kind"]))
        for key in ("appeared", "taken", "owners", "owner_wins"):
            o[key] += s[key]
        o["owner_vp"] = _merge_stat(o["owner_vp"], s["owner_vp"])
        for k, (n, w) in s["by_bot"].items():
            row = o["by_bot"].setdefault(k, [0, 0])
            row[0] += n
            row[1] += w
        for key, cell in s["strata"].items():
            mine = o["strata"].setdefault(key, [0, 0, 0, 0])
            mine[:] = [a + b for a, b in zip(mine, cell, strict=True)]
        add_tree(o["counts"], s["counts"])
        add_tree(o["copies"], s["copies"])
    add_tree(out["figures"], t["figures"])
    out["errors"] = sorted(out["errors"] + t["errors"], key=lambda e: e["index"])
    out["timed_out"] = sorted(out["timed_out"] + t["timed_out"], key=lambda e: e["index"])
    return out


def _canonical(t: dict) -> dict:
    """A tally with every mapping in one order (keys sorted where order carries nothing), so
    a merged tally is the same JSON as the whole run's."""
    for s in t["item"].values():
        for key in ("by_bot", "strata", "counts", "copies"):
            s[key] = _sorted_tree(s[key])
    for key in ("histogram", "figures", "positions"):
        t[key] = _sorted_tree(t[key])
    t["item"] = {k: t["item"][k] for k in sorted(t["item"])}
    return t


def _sorted_tree(tree):
    if isinstance(tree, dict):
        return {k: _sorted_tree(tree[k]) for k in sorted(tree, key=_key_order)}
    return tree


def _key_order(key: str):
    return (0, int(key), "") if key.lstrip("-").isdigit() else (1, 0, key)


def build_report(results: list[dict], bots: list[str], items: list[tuple] = (),
                 config: dict | None = None, games: int | None = None,
                 interrupted: bool = False, ruleset=None) -> dict:
    """The report of ``results`` (game summaries and error records, each with ``index``),
    for seats played by ``bots`` (a kind per seat): `finish` of their `tally`. ``items``
    lists (id, kind) of every item of the content, reported even when it never appeared;
    ``config`` is copied in; ``games`` is the number of games asked for (default: as many as
    results); ``ruleset`` (default: the game of ``config``, else none) gives the rates of its
    own counts and figures. See `finish` for the report's keys."""
    return finish(_canonical(tally(results, bots, items, games, interrupted)), config,
                  ruleset)


def merge_reports(reports: list[dict], ruleset=None, names: list[str] | None = None) -> dict:
    """One report of the runs of ``reports`` (reports of index ranges of one study): equal,
    key for key, to the report of the whole run. Their configs must agree but for ``games``
    and ``start`` (the merged config has the games added, the lowest start), and every pack
    they loaded must have the same ``digest`` in each (`_check_digests`). Raises MergeError
    naming the report and the key that differs, the pack whose content differs, a report
    without its ``sums`` (not of this format) or whose sums are damaged. ``names`` (the
    reports' files, say) name the reports in its messages beside their numbers."""
    if not reports:
        raise MergeError("no report to merge")

    def label(i: int) -> str:
        return f"report {i}" + (f" ({names[i - 1]})" if names and i <= len(names) else "")

    for i, r in enumerate(reports, 1):
        if not isinstance(r, dict) or r.get("format") != FORMAT or "sums" not in r:
            raise MergeError(f"{label(i)} is not an artemis simulate report of format "
                             f"{FORMAT} (with its sums)")
        if not isinstance(r.get("config"), dict) or not isinstance(r["sums"], dict):
            raise MergeError(f"{label(i)} is damaged: its "
                             f"{'config' if not isinstance(r.get('config'), dict) else 'sums'}"
                             " is not a JSON object; use the report as `artemis simulate "
                             "--out` wrote it, or play its range again")

    def plain(config: dict) -> dict:
        out = {k: v for k, v in config.items() if k not in ("games", "start")}
        if isinstance(out.get("packs"), list):  # digests: compared on their own, below
            out["packs"] = [{k: v for k, v in p.items() if k != "digest"}
                            if isinstance(p, dict) else p for p in out["packs"]]
        return out

    base = plain(reports[0]["config"])
    for i, r in enumerate(reports[1:], 2):
        other = plain(r["config"])
        for key in sorted(set(base) | set(other)):
            if base.get(key) != other.get(key):
                raise MergeError(f"{label(i)} is of another run: its config's '{key}' is "
                                 f"{other.get(key)!r}, {label(1)}'s {base.get(key)!r}")
    _check_digests(reports, label)
    for i, r in enumerate(reports, 1):  # a damaged report is named, not met in the sum
        try:
            if not all(len(pair) == 2 and all(isinstance(j, int) for j in pair)
                       for pair in r["sums"]["indices"]):
                raise ValueError(f"indices {r['sums']['indices']!r} are not [start, stop) "
                                 "pairs of game indices")
            finish(copy.deepcopy(r["sums"]), r["config"], ruleset)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MergeError(_damaged(label(i), exc)) from None
    config = dict(reports[0]["config"])
    if "games" in config:
        config["games"] = sum(r["config"].get("games", 0) for r in reports)
    if "start" in config:
        config["start"] = min(r["config"].get("start", 0) for r in reports)
    return finish(merge_tallies([r["sums"] for r in reports], label), config, ruleset)


def _damaged(label: str, exc: Exception) -> str:
    return (f"{label} is damaged: its sums cannot be read ({type(exc).__name__}: {exc}); use "
            "the report as `artemis simulate --out` wrote it, or play its range again")


def _check_digests(reports: list[dict], label) -> None:
    """Raise MergeError unless every pack that two reports both loaded (same id and version,
    checked before) has one digest in both: a pack edited between two ranges without a new
    version played other content. A report written before packs had digests (none of its
    packs has one) merges with its like, never with a report that has them: the content it
    played cannot be checked."""
    def digests(r: dict) -> dict | None:
        packs = [p for p in r["config"].get("packs") or () if isinstance(p, dict)]
        if not any("digest" in p for p in packs):
            return None
        return {p.get("id"): p.get("digest") for p in packs}

    first = digests(reports[0])
    for i, r in enumerate(reports[1:], 2):
        other = digests(r)
        if (first is None) != (other is None):
            without, having = (label(1), label(i)) if first is None else (label(i), label(1))
            raise MergeError(
                f"{without} records no digest of its content packs (written before reports "
                f"recorded them) and {having} does: the content {without} played cannot be "
                "checked against the other's; play its range again with this artemis")
        if first is None:
            continue
        for pack, digest in first.items():
            if other.get(pack) != digest:
                raise MergeError(
                    f"{label(i)} and {label(1)} played pack '{pack}' with other content: its "
                    f"digest is {other.get(pack)} in one, {digest} in the other (its files "
                    "were edited between the runs without a new version); play one range "
                    "again on the other's content, or give the edited pack a new version")


def _ruleset_of(config: dict | None):
    game = (config or {}).get("game")
    if game is None:
        return None
    from artemis.kernel.games import get_game

    try:
        return get_game(game)
    except Exception:  # an unknown game: its figures are reported as counted
        return None


def finish(t: dict, config: dict | None = None, ruleset=None) -> dict:
    """The report of the tally ``t``.

    Returns {format, config, games, played, indices, finished, interrupted,
    wins: {by_seat, by_bot, by_position, fairness}, vp: {final, in_game, steps, by_seat,
    by_bot, step_gap, margin}, decisions, rounds, items, scoring_model (with the config's
    ``scoring_model`` only), figures, errors, timed_out, sums}: ``fairness`` the chi-square
    goodness-of-fit tests of the wins by seat and turn position (`_fairness`), ``step_gap``
    each scoring step's winners against the others (`_step_gap`), ``scoring_model`` the
    means against the designer's model (`_against_model`). ``indices`` lists the game
    indices played as [start, stop) ranges (all of them unless interrupted); ``timed_out``
    the games stopped by the game timeout, {index, seed, seconds, replay}, which depend on
    the machine, unlike the rest of the report; each statistic is {n, mean, std, min, max}
    over seats of finished games (``decisions`` and ``rounds``, the game length: over games;
    each scoring step adds ``per_game``, its VP summed over the seats of a finished game, on
    average, partners who share a score counted once); win rates count the engine's winner
    (its tie-break), or every one of a summary's ``winners``, and are wins / games for a
    seat, wins / seats played for a bot kind and a turn position (``by_position``: {name:
    [{position, seats, wins, win_rate, win_rate_ci}]}, the game's positions: the Project's
    ``first_round`` and ``final_round`` order, 0 the start player, and ``starts``, rounds
    a seat started); an item's ``appeared`` and ``taken`` count games, ``owners`` counts
    owner seats over all games (a seat holding two copies of a building once), and
    ``owners_win_rate`` is the share of those seats that won, with its Wilson interval
    (``*_ci``); ``adjusted`` compares the owners with the other seats of the same bot kind
    and stratum (the game's confounder: the Project's buildings held) by Mantel-Haenszel
    {strata, odds_ratio, chi2, p, q, flagged}, ``q`` the Benjamini-Hochberg q-value over
    every tested row of the report and ``flagged`` whether it survives at FDR 5%; copies of
    one item (``copies``: {id: {appeared, taken, owners, owners_win_rate}}); ``counts`` (the
    game's whole numbers per item) with the game's ``rates`` of them; ``figures`` the game's
    figures (`parts.Report.figures_report` of the summed trees); ``sums`` the tally itself, for
    `merge_reports`."""
    if ruleset is None:
        ruleset = _ruleset_of(config)
    bots = t["bots"]
    seats = len(bots)
    kinds = list(dict.fromkeys(bots))
    n = t["finished"]
    listed = [i for i, _ in t["items"]]
    known = set(listed)
    extra = sorted((i for i in t["item"] if i not in known),
                   key=lambda i: (t["item"][i]["kind"], i))
    rows = [_item(i, t["item"][i], kinds, n, ruleset) for i in [*listed, *extra]]
    _flag(rows)
    _flag_rate_tests(rows)
    figures = t["figures"]
    if ruleset is not None:
        figures = ruleset.report.figures_report(copy.deepcopy(figures), n, bots)
    return {
        "format": FORMAT,
        "config": dict(config or {}),
        "games": t["games"],
        "played": n + len(t["errors"]) + len(t["timed_out"]),
        "indices": t["indices"],
        "finished": n,
        "interrupted": t["interrupted"],
        "wins": {
            "by_seat": [{"seat": seat, "bot": bots[seat], "wins": t["seat_wins"][seat],
                         "games": n, "win_rate": _rate(t["seat_wins"][seat], n),
                         "win_rate_ci": wilson(t["seat_wins"][seat], n)}
                        for seat in range(seats)],
            "by_bot": [{"bot": k, "seats": n * bots.count(k), "wins": t["bot_wins"][k],
                        "win_rate": _rate(t["bot_wins"][k], n * bots.count(k)),
                        "win_rate_ci": wilson(t["bot_wins"][k], n * bots.count(k))}
                       for k in kinds],
            "by_position": {
                name: [{"position": int(pos), "seats": s, "wins": w, "win_rate": _rate(w, s),
                        "win_rate_ci": wilson(w, s)}
                       for pos, (s, w) in sorted(table.items(), key=lambda kv: int(kv[0]))]
                for name, table in t["positions"].items()},
            "fairness": _fairness(t, bots),
        },
        "vp": {
            "final": _stats(t["final"]),
            "in_game": _stats(t["in_game"]),
            "steps": {name: {**_stats(raw), "per_game": _rate(t["step_totals"].get(name, 0),
                                                              n)}
                      for name, raw in t["steps"].items()},
            "by_seat": [{"seat": seat, "bot": bots[seat], **_stats(t["by_seat"][seat])}
                        for seat in range(seats)],
            "step_gap": _step_gap(t.get("step_split", {}), t.get("final_split")),
            "margin": _margin(t.get("final_split")),
            "by_bot": [{"bot": k, **_stats(t["by_bot"][k]),
                        "histogram": sorted([int(vp), c]
                                            for vp, c in t["histogram"][k].items())}
                       for k in kinds],
        },
        "decisions": _stats(t["decisions"]),
        "rounds": _stats(t["rounds"]),
        "items": rows,
        **_against_model((config or {}).get("scoring_model"), t),
        "figures": figures,
        "errors": t["errors"],
        "timed_out": t["timed_out"],
        "sums": t,
    }


def _against_model(model: dict | None, t: dict) -> dict:
    """{"scoring_model": ...}: the run's mean VP per seat at each scoring step set against
    the designer's model (the config's ``scoring_model``, `parts.Report.scoring_model`): {players,
    source, provenance, steps: {step: {expected, observed, difference}}, in_game, total},
    ``difference`` observed minus expected; {} without a model."""
    if not model:
        return {}

    def row(expected, raw) -> dict:
        observed = _stats(raw)["mean"]
        diff = (None if expected is None or observed is None
                else round(observed - expected, 4))
        return {"expected": expected, "observed": observed, "difference": diff}

    steps = {name: row(model["steps"].get(name), raw) for name, raw in t["steps"].items()}
    for name, expected in model["steps"].items():  # a step the run never scored
        steps.setdefault(name, row(expected, Stats().raw()))
    known = [model["steps"][k] for k in model["steps"]]
    total = (None if model.get("in_game") is None
             else round(sum(known) + model["in_game"], 4))
    return {"scoring_model": {
        "players": model["players"], "source": model["source"],
        "provenance": model["provenance"], "steps": steps,
        "in_game": row(model.get("in_game"), t["in_game"]),
        "total": row(total, t["final"])}}


def _fairness(t: dict, bots: list[str]) -> dict:
    """Chi-square goodness-of-fit tests of the wins against fair shares (`goodness_of_fit`):
    ``by_seat`` (every seat plays every game, so a fair game gives each the same share of
    the wins; None when the seats' bots differ, where the test would compare the bots, or
    at one seat) and ``by_position`` ({name: test}: each turn position's share in proportion
    to the seats that held it). Each {chi2, df, p, min_expected} or None."""
    wins = t["seat_wins"]
    by_seat = None
    if len(set(bots)) == 1 and sum(wins):
        fair = sum(wins) / len(wins)
        by_seat = goodness_of_fit(wins, [fair] * len(wins))
    by_position = {}
    for name, table in t["positions"].items():
        rows = sorted(table.items(), key=lambda kv: int(kv[0]))
        seats = sum(n for _, (n, _w) in rows)
        won = sum(w for _, (_n, w) in rows)
        by_position[name] = (goodness_of_fit([w for _, (_n, w) in rows],
                                             [won * n / seats for _, (n, _w) in rows])
                             if won else None)
    return {"by_seat": by_seat, "by_position": by_position}


def _step_gap(split: dict, final: dict | None = None) -> dict:
    """Each scoring step's VP of the winners' seats against the other seats' ({step:
    {winners, others, difference, of_margin, over_half}}): ``winners`` and ``others`` as {n,
    mean, std, min, max} over seats of finished games (every tied leader who wins is a
    winner), ``difference`` the winners' mean minus the others' (None when either side has no
    seat): the steps that decide games stand out. ``final`` (the same split of the final VP)
    gives the winning margin, the winners' mean final VP minus the others' (the steps'
    differences and the in-game VP's add up to it): ``of_margin`` is a step's difference over
    that margin and ``over_half`` says it is above one half (a step that alone separates
    winners from the others by more than half their margin; None without a margin)."""
    margin = _split_gap(final) if final else None
    out = {}
    for name, sides in split.items():
        diff = _split_gap(sides)
        share = (None if diff is None or not margin or margin <= 0
                 else round(diff / margin, 4))
        out[name] = {"winners": _stats(sides["winners"]), "others": _stats(sides["others"]),
                     "difference": diff, "of_margin": share,
                     "over_half": None if share is None else share > 0.5}
    return out


def _split_gap(sides: dict) -> float | None:
    """The winners' mean minus the others' of a {winners, others} split of raw stats."""
    w, o = sides["winners"], sides["others"]
    if not w[0] or not o[0]:
        return None
    return round(w[1] / w[0] - o[1] / o[0], 4)


def _margin(final: dict | None) -> dict | None:
    """The winning margin of a split of the final VP: {winners, others, difference}."""
    if not final:
        return None
    return {"winners": _stats(final["winners"]), "others": _stats(final["others"]),
            "difference": _split_gap(final)}


def _item(item_id: str, s: dict, kinds: list[str], games: int, ruleset) -> dict:
    out = {"id": item_id, "kind": s["kind"], "appeared": s["appeared"], "taken": s["taken"],
           "owners": s["owners"], "owners_win_rate": _rate(s["owner_wins"], s["owners"]),
           "owners_win_rate_ci": wilson(s["owner_wins"], s["owners"]),
           "owners_mean_vp": _stats(s["owner_vp"])["mean"]}
    if len(kinds) > 1:
        out["owners_by_bot"] = {}
        for k in kinds:
            owners, wins = s["by_bot"].get(k, (0, 0))
            out["owners_by_bot"][k] = {"owners": owners, "wins": wins,
                                       "win_rate": _rate(wins, owners)}
    test = mantel_haenszel(s["strata"].values())
    out["adjusted"] = {"strata": len(s["strata"]), **(test or {"odds_ratio": None,
                                                                "chi2": None, "p": None})}
    if s["copies"]:
        out["copies"] = {i: {"appeared": c["appeared"], "taken": c["taken"],
                             "owners": c["owners"],
                             "owners_win_rate": _rate(c["owner_wins"], c["owners"])}
                         for i, c in s["copies"].items()}
    if s["counts"]:
        out["counts"] = s["counts"]
        if ruleset is not None:
            out["rates"] = ruleset.report.item_rates(s["kind"], s["counts"], games)
            # an item kind without owners brings its own test (the Project's Events: the hit
            # seats against the rest within their standing), flagged with the owners' tests
            own = out["rates"].pop("adjusted", None)
            if own is not None and out["adjusted"]["p"] is None:
                out["adjusted"] = {**own, "own_test": True}
    return out


def read_report_text(path) -> str:
    """The text of a report file (``path``: str or Path): gzipped (``.json.gz``, known by
    gzip's first two bytes, whatever the name) or not. Raises OSError (gzip.BadGzipFile, a
    damaged gzip file, is one), EOFError (a gzip file cut short), zlib.error,
    UnicodeDecodeError. Read by `artemis simulate merge` and the scripts under benchmarks/
    that read kept reports."""
    raw = Path(path).read_bytes()
    if raw[:2] == b"\x1f\x8b":  # gzip's magic number
        raw = gzip.decompress(raw)
    return raw.decode("utf-8")


def _flag_rate_tests(rows: list[dict]) -> None:
    """Benjamini-Hochberg over each family of a game's own tests in its rows' ``rates`` (an
    entry {strata, odds_ratio, chi2, p}, as the Project's buildings' and Expeditions'
    ``at_claim``), each family (the entry's name within one item kind: the buildings' tests
    apart from the Expeditions') apart from the owners' and from the others: ``q`` and
    ``flagged`` (q <= FDR) added to each test with a p-value."""
    families: dict = {}
    for x in rows:
        for name, test in (x.get("rates") or {}).items():
            if isinstance(test, dict) and "odds_ratio" in test and "p" in test:
                families.setdefault((x.get("kind"), name), []).append(test)
    for tests in families.values():
        tested = [t for t in tests if t["p"] is not None]
        for t, q in zip(tested, benjamini_hochberg([t["p"] for t in tested]), strict=True):
            t["q"] = q
            t["flagged"] = q <= FDR


def _flag(rows: list[dict]) -> None:
    """Benjamini-Hochberg over every row with a p-value: ``q`` and ``flagged`` (q <= FDR)."""
    tested = [x for x in rows if x["adjusted"]["p"] is not None]
    qs = benjamini_hochberg([x["adjusted"]["p"] for x in tested])
    for x, q in zip(tested, qs, strict=True):
        x["adjusted"]["q"] = q
        x["adjusted"]["flagged"] = q <= FDR
    for x in rows:
        x["adjusted"].setdefault("q", None)
        x["adjusted"].setdefault("flagged", False)
