"""Pool the Project's flag tests over several studies of other seeds (docs/balance.md, "Version
7's two sets of seeds pooled"). `artemis simulate merge` joins index ranges of one run; two
studies on different seeds are two runs, which it refuses. Their rows can still be tested
together: each report keeps its 2x2 tables per stratum (``sums``), and Mantel-Haenszel pools
tables, so a study's strata are kept apart from another's and the test is the report's own
test over more games. Benjamini-Hochberg then runs over every tested row of the pool, as a
report's `_flag` does over its rows. A pool of one report gives that report's odds ratios,
p- and q-values (tests/test_pool_rows.py)::

    .venv/bin/python benchmarks/pool_rows.py A.json.gz B.json.gz          # one pool: A and B
    .venv/bin/python benchmarks/pool_rows.py A.json.gz B.json.gz --each   # and each alone
    .venv/bin/python benchmarks/pool_rows.py A.json.gz B.json.gz --fairness  # seats, turns

``--at-claim`` pools the buildings' test at their claim instead (docs/simulate.md, "Buildings
and Expeditions at their claim"): each report's standing bands kept apart as strata,
Benjamini-Hochberg over the buildings; every report must hold it (reports from before it do
not). The Expeditions' test at their claim is pooled too, q over the Expeditions, when every
report holds it, and the Events' test within standing, q over the Events: the three families
issue 28's flags bar is judged on.

``--fairness`` pools the seat and turn-position fairness tests instead: each report's wins per
seat and per position (its ``sums``) added, and the report's own chi-square tests run on the
sums, so a pool of one report gives its own p-values.

Reports are `artemis simulate` JSON reports (``artemis-simulate/2``, gzipped or not) of the
Project, of one player count and content; a report of another game, count or content, or
one sharing a game with another, is refused, said in words. The rows may pool reports of
other bots (each stratum is one bot kind's); ``--fairness`` refuses them (its seat test
compares seats of one bot). Prints a table (``--json`` the rows). Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path

from artemis.sim.report import FDR, read_report_text
from artemis.sim.report import _fairness as report_fairness  # the report's own tests
from artemis.sim.significance import benjamini_hochberg, mantel_haenszel


class PoolError(ValueError):
    """A report that cannot be pooled: the message names the file and the reason."""


def load(path: str) -> dict:
    """The report at ``path`` (``.gz`` read gzipped). Raises `PoolError` naming the file when
    it cannot be read or is not a mergeable Project report."""
    try:
        report = json.loads(read_report_text(path))
    except (OSError, EOFError, zlib.error, UnicodeDecodeError, json.JSONDecodeError) as e:
        # EOFError: a gzip file cut short
        raise PoolError(f"{path}: cannot be read as a JSON report ({e})") from None
    if not (isinstance(report, dict) and isinstance(report.get("sums"), dict)
            and isinstance(report.get("config"), dict)
            and isinstance(report.get("finished"), int) and report["sums"].get("item")):
        raise PoolError(f"{path}: not an `artemis simulate` report that keeps its sums "
                        "(format artemis-simulate/2)")
    if report["config"].get("game") != "project":
        raise PoolError(f"{path}: a report of {report['config'].get('game')!r}; the flag "
                        "tests pooled here are the Project's")
    return report


def _tables(report: dict, item_id: str) -> tuple[list[tuple], list[tuple]]:
    """The 2x2 tables (won, lost of the owners or hit seats; won, lost of the rest) of one
    row of ``report``, one per stratum: (the owners' by bot and buildings held, the hit
    seats' by standing at the start of the Event's round). The report tests the first and,
    where they inform nothing (an Event has no owners), the second (`report._item`)."""
    s = report["sums"]["item"].get(item_id)
    if s is None:
        return [], []
    standing = (s.get("counts") or {}).get("standing") or {}
    return ([tuple(t) for t in s["strata"].values()],
            [(x["hit_won"], x["hit"] - x["hit_won"], x["rest_won"], x["rest"] - x["rest_won"])
             for _, x in sorted(standing.items())])


def _packs(config: dict) -> list[tuple]:
    """(id, version, digest or None) of each pack a report's games loaded."""
    return [(p.get("id"), p.get("version"), p.get("digest")) for p in config.get("packs") or ()]


def _said(packs: list[tuple]) -> str:
    return ", ".join(f"{pid} {version}" for pid, version, _ in packs) or "none"


def _no_game_twice(reports: list[dict], names: list[str]) -> None:
    """Raise `PoolError` when two reports share a game (the same run seed and an index in
    both: the same report given twice, or overlapping ranges of one run, which `artemis
    simulate merge` joins instead)."""
    seen: dict = {}  # run seed -> [(name, set of indices)]
    for name, r in zip(names, reports, strict=True):
        indices = set()
        for first, last in r.get("indices") or ():
            indices.update(range(first, last))  # [start, stop)
        for other, theirs in seen.setdefault(r["config"].get("seed"), []):
            if indices & theirs:
                raise PoolError(f"{name} and {other} hold the same game (run seed "
                                f"{r['config'].get('seed')}, index {min(indices & theirs)}): "
                                "a report given twice, or two ranges of one run that overlap; "
                                "pool studies of other seeds, and merge ranges of one run "
                                "with `artemis simulate merge`")
        seen[r["config"].get("seed")].append((name, indices))


def _claim_tables(report: dict, item_id: str) -> list[tuple]:
    """A building's 2x2 tables at its claim (won, lost of the holders; won, lost of the rest),
    one per standing band (``counts.at_claim``)."""
    s = report["sums"]["item"].get(item_id) or {}
    cells = (s.get("counts") or {}).get("at_claim") or {}
    return [(x["held_won"], x["held"] - x["held_won"], x["rest_won"], x["rest"] - x["rest_won"])
            for _, x in sorted(cells.items())]


def pool(reports: list[dict], names: list[str] | None = None,
         at_claim: bool = False) -> list[dict]:
    """Each row of the reports tested over all of them: [{id, kind, games, odds_ratio, p, q,
    flagged}], ``games`` the games pooled, ``q`` the Benjamini-Hochberg q-value over every
    tested row (FDR 5%), None where no table informs. With ``at_claim``, the buildings' test
    at their claim, q over the buildings, the Expeditions' when every report holds it, q
    over the Expeditions, and the Events' within standing, q over the Events. Raises
    `PoolError` when the reports differ in players or content version, or share a game
    (``names`` name them in the message), or, with ``at_claim``, when one holds no test at
    the claim."""
    names = names or [f"report {i + 1}" for i in range(len(reports))]
    first = reports[0]["config"]
    for name, r in zip(names, reports, strict=True):
        for key in ("players", "content_version"):
            if r["config"].get(key) != first.get(key):
                raise PoolError(f"{name}: {key} {r['config'].get(key)!r}, but {names[0]} has "
                                f"{first.get(key)!r}: pool studies of one count and content")
        packs, mine = _packs(first), _packs(r["config"])
        if [p[:2] for p in packs] != [p[:2] for p in mine]:
            raise PoolError(f"{name}: packs {_said(mine)}, but {names[0]} has {_said(packs)}: "
                            "pool studies of one content")
        for (pid, _, one), (_, _, other) in zip(packs, mine, strict=True):
            if one and other and one != other:  # reports before digests have none to compare
                raise PoolError(f"{name}: its pack {pid!r} was played from other files than "
                                f"{names[0]}'s (their digests differ): pool studies of one "
                                "content")
    _no_game_twice(reports, names)
    games = sum(r["finished"] for r in reports)
    rows = []
    if at_claim:
        for name, r in zip(names, reports, strict=True):
            if not any("at_claim" in (x.get("rates") or {}) for x in r["items"]):
                raise PoolError(f"{name}: holds no test of the buildings at their claim (a "
                                "report from before it): pool reports that all hold it")
        # the Expeditions' test too when every report holds it (reports played before it
        # hold the buildings' alone); each kind a family of its own, as in the report
        kinds = ["building"] + (["expedition"] if all(
            any("at_claim" in (x.get("rates") or {}) for x in r["items"]
                if x["kind"] == "expedition") for r in reports) else [])
        for item in reports[0]["items"]:
            if item["kind"] in kinds:
                tables = [t for r in reports for t in _claim_tables(r, item["id"])]
            elif item["kind"] == "event":  # the Events' own test, within standing
                tables = [t for r in reports for t in _tables(r, item["id"])[1]]
            else:
                continue
            test = mantel_haenszel(tables)
            rows.append({"id": item["id"], "kind": item["kind"], "games": games,
                         "odds_ratio": test and test["odds_ratio"], "p": test and test["p"]})
    for item in () if at_claim else reports[0]["items"]:
        owners, hit = zip(*(_tables(r, item["id"]) for r in reports), strict=True)
        test = mantel_haenszel([t for ts in owners for t in ts])
        if test is None:
            test = mantel_haenszel([t for ts in hit for t in ts])
        rows.append({"id": item["id"], "kind": item["kind"], "games": games,
                     "odds_ratio": test and test["odds_ratio"], "p": test and test["p"]})
    kinds = dict.fromkeys(x["kind"] for x in rows)
    families = [[x for x in rows if x["kind"] == k] for k in kinds] if at_claim else [rows]
    for family in families:
        tested = [x for x in family if x["p"] is not None]
        for x, q in zip(tested, benjamini_hochberg([x["p"] for x in tested]), strict=True):
            x["q"], x["flagged"] = q, q <= FDR
    for x in rows:
        x.setdefault("q", None)
        x.setdefault("flagged", False)
    return rows


def fairness(reports: list[dict], names: list[str] | None = None) -> dict:
    """The seat and turn-position fairness tests over all of ``reports``, as one report gives
    them (``wins.fairness``: {by_seat, by_position: {name: test}}, each {chi2, df, p,
    min_expected} or None), on their wins added: ``wins`` {seat: [...], positions: {name:
    {position: [seats, wins]}}} and ``games``. Raises `PoolError` when the reports differ in
    players, content or bots (the seat test compares seats of one bot)."""
    names = names or [f"report {i + 1}" for i in range(len(reports))]
    pool(reports, names)  # the same checks of count and content
    bots = reports[0]["sums"]["bots"]
    seat_wins = [0] * len(bots)
    positions: dict = {}
    for name, r in zip(names, reports, strict=True):
        s = r["sums"]
        if s["bots"] != bots:
            raise PoolError(f"{name}: bots {', '.join(s['bots'])}, but {names[0]} has "
                            f"{', '.join(bots)}: pool studies of the same seats")
        seat_wins = [a + b for a, b in zip(seat_wins, s["seat_wins"], strict=True)]
        for table, rows in s["positions"].items():
            into = positions.setdefault(table, {})
            for position, (seats, won) in rows.items():
                n, w = into.get(position, (0, 0))
                into[position] = (n + seats, w + won)
    tests = report_fairness({"seat_wins": seat_wins, "positions": positions}, bots)
    return {**tests, "games": sum(r["finished"] for r in reports),
            "wins": {"seat": seat_wins, "positions": positions}}


def _print_fairness(columns: list[tuple[str, dict]]) -> None:
    """The fairness tests of each column: wins (of seats, or per position) and p."""
    for name, f in columns:
        print(f"{name}: {f['games']} games")
        test = f["by_seat"]
        print(f"  seats: wins {', '.join(map(str, f['wins']['seat']))}; "
              + ("p -" if test is None else f"p {test['p']:.3f}"))
        for table, rows in sorted(f["wins"]["positions"].items()):
            test = f["by_position"].get(table)
            shares = ", ".join(f"{pos}: {w} of {n} ({w / n:.1%})"
                               for pos, (n, w) in sorted(rows.items(), key=lambda kv: int(kv[0])))
            print(f"  {table}: {shares}; " + ("p -" if test is None else f"p {test['p']:.3f}"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].removesuffix("::")
                                 + ".")
    ap.add_argument("reports", nargs="+", metavar="REPORT",
                    help="simulate reports (.json, .json.gz)")
    ap.add_argument("--each", action="store_true", help="a column for each report alone too")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    ap.add_argument("--fairness", action="store_true",
                    help="the seat and turn-position fairness tests pooled, not the rows")
    ap.add_argument("--at-claim", action="store_true",
                    help="the buildings' and Expeditions' tests at their claim and the "
                         "Events' within standing pooled (each kind a family), not the owners' "
                         "rows")
    args = ap.parse_args(argv)
    try:
        reports = [load(p) for p in args.reports]
        if args.fairness:
            tests = [("pooled", fairness(reports, args.reports))]
            if args.each:
                tests += [(Path(p).name, fairness([r]))
                          for p, r in zip(args.reports, reports, strict=True)]
            if args.json:
                print(json.dumps(dict(tests), indent=1))
            else:
                _print_fairness(tests)
            return 0
        columns = [("pooled", pool(reports, args.reports, args.at_claim))]
        if args.each:
            columns += [(Path(p).name, pool([r], [p], args.at_claim))
                        for p, r in zip(args.reports, reports, strict=True)]
    except PoolError as e:
        print(f"pool_rows.py: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({name: rows for name, rows in columns}, indent=1))
        return 0
    print(f"{'row':24s} {'kind':10s} " + " ".join(f"{name[:26]:>26s}" for name, _ in columns))
    # each column's rows by id: a report alone may test kinds the pool does not (with
    # --at-claim, the Expeditions of a report that holds their test beside one that does not)
    by_id = [{x["id"]: x for x in rows} for _, rows in columns]
    ids = list(dict.fromkeys(x["id"] for _, rows in columns for x in rows))
    kinds = {x["id"]: x["kind"] for _, rows in columns for x in rows}
    for row in ({"id": i, "kind": kinds[i]} for i in ids):
        cells = []
        for rows in by_id:
            x = rows.get(row["id"], {"p": None})
            # an odds ratio may be undefined (every owner won, or none) where p is not
            ratio = "-" if x["odds_ratio"] is None else f"{x['odds_ratio']:.2f}"
            cells.append("-" if x["p"] is None else
                         f"{ratio} p {x['p']:.3f} q {x['q']:.3f}"
                         + (" *" if x["flagged"] else "  "))
        print(f"{row['id']:24s} {row['kind']:10s} " + " ".join(f"{c:>26s}" for c in cells))
    for name, rows in columns:
        flagged = [x["id"] for x in rows if x["flagged"]]
        print(f"{name}: {rows[0]['games']} games, {len(flagged)} of "
              f"{sum(x['p'] is not None for x in rows)} rows flagged (*)"
              + (f": {', '.join(flagged)}" if flagged else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
