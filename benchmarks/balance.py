"""The balance tables of docs/balance.md (benchmarks/README.md, "balance.py"): issue 28's
verdicts, before and after a change of the base content, read from two merged `artemis
simulate` reports of one player count.

    .venv/bin/python benchmarks/balance.py --table project-2p \\
        --before before-2p.json --before-commit HASH --after after-2p.json --after-commit HASH \\
        [--write-docs docs/balance.md] [--extract benchmarks/results/balance/project-2p.json]

Each report is the merge of a study's `--start` ranges (`artemis simulate merge`). The script
keeps what the verdicts read of each (the "extract": seat and turn-position fairness, the
flagged rows, Expedition success by printed difficulty, the seats with the most Relief Track
gains, behind after round 3, dice by region (the Academy's take-up), each scoring step's share
of the winning margin, the building chart's flagged rows), writes it as JSON with
``--extract``, and renders the block ``<!-- balance:TABLE -->`` from it alone; ``--render
EXTRACT`` renders a stored extract again (tests/test_balance_docs.py checks that
docs/balance.md's blocks are exactly that, and that they name their commands and commits).
Exit 2 on a bad argument or report, in words.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

from artemis.games.project.report_tables import STEP_LABELS
from artemis.sim.significance import wilson

ROOT = Path(__file__).resolve().parent.parent
#: issue 28's bars: a band of Expeditions tried must succeed this often per try; fairness p
MIN_BAND_SUCCESS = 0.10
MIN_FAIRNESS_P = 0.05


class BalanceError(Exception):
    """A report this script cannot read, in words."""


def git_head() -> str | None:
    """This checkout's commit (12 hex digits), or None outside a git checkout."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT,
                             capture_output=True, text=True)
    except OSError:
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def extract(report: dict, commit: str) -> dict:
    """What the verdicts read of a merged simulate report (`artemis.sim.report.finish`'s
    shape), as plain JSON data; ``commit`` is where its games were played. Raises
    BalanceError for a report without the figures (one written before issue 28's verdicts)."""
    try:
        config = report["config"]
        figures = report["figures"]
        fairness = report["wins"]["fairness"]
        gap = report["vp"]["step_gap"]
        margin = report["vp"]["margin"]
    except (KeyError, TypeError) as e:
        raise BalanceError(f"not a simulate report with issue 28's figures: no {e}") from None
    if margin is None or "most_relief" not in figures:
        raise BalanceError("the report has no winning margin or most_relief figure: its games "
                           "were played before those figures existed (0c92978); play them again")
    tested = [x for x in report["items"] if (x.get("adjusted") or {}).get("p") is not None]
    return {
        "games": report["finished"], "indices": report["indices"],
        "timed_out": len(report["timed_out"]), "errors": len(report["errors"]),
        "players": config["players"], "bots": config["bots"], "seed": config["seed"],
        "content_version": config.get("content_version"),
        "packs": [f"{p['id']} {p['version']}" for p in config.get("packs", ())],
        "commit": commit,
        "seat_win_rates": [w["win_rate"] for w in report["wins"]["by_seat"]],
        "fairness": {"seat": (fairness.get("by_seat") or {}).get("p"),
                     **{k: (v or {}).get("p") for k, v in fairness["by_position"].items()}},
        "rows_tested": len(tested),
        "flagged": [{"id": x["id"], "kind": x["kind"],
                     "odds_ratio": x["adjusted"]["odds_ratio"], "q": x["adjusted"]["q"]}
                    for x in tested if x["adjusted"]["flagged"]],
        "expeditions": [{"difficulty": r["difficulty"], "cards": len(r["cards"]),
                         "tried": r["attempted"], "succeeded": r["succeeded"],
                         "per_try": r["success_per_attempt"]}
                        for r in figures["expeditions_by_difficulty"]],
        "most_relief": figures["most_relief"],
        "behind_after_round_3": figures["after_round_3_projected"]["behind"]["win_rate"],
        "behind_with_relief": [figures["after_round_3_projected"]["behind"][k]["win_rate"]
                               for k in ("with_relief", "without_relief")],
        "dice_by_region": {r: v["share"] for r, v in figures["dice_by_region"]["all"].items()},
        "margin": margin["difference"],
        "steps": {k: {"difference": g["difference"], "of_margin": g["of_margin"]}
                  for k, g in gap.items()},
        "chart_flagged": [r["buildings"] for r in figures["win_rate_by_buildings"]
                          if (r.get("adjusted") or {}).get("flagged")],
    }


def verdicts(x: dict) -> dict[str, bool]:
    """Issue 28's bars on one extract, {bar: holds}: no row flagged; every printed difficulty
    tried succeeds at least 10% of the tries, and none succeeds more often than the easier one
    before it beyond the two 95% intervals (a noisy inversion within them is no failure); the
    seats with the most Relief Track gains win at least a seat's share; no scoring step
    separates winners from the others by more than half the margin; every fairness test at
    p >= 0.05."""
    tried = [r for r in x["expeditions"] if r["tried"]]
    rates = [r["per_try"] for r in tried]
    most = x["most_relief"]
    return {
        "no building, Expedition or Event flagged": not x["flagged"],
        "every band tried succeeds 10%+ per try": all(r >= MIN_BAND_SUCCESS for r in rates),
        "success falls as difficulty rises (beyond noise)": not any(
            _above(hard, easy) for easy, hard in zip(tried, tried[1:], strict=False)),
        "the most Relief gains win at least 1/N": (most["win_rate"] or 0) >= most["at_random"],
        "no step above half the margin": all((g["of_margin"] or 0) <= 0.5
                                             for g in x["steps"].values()),
        "seat and turn-position fairness p >= 0.05": all(
            p is None or p >= MIN_FAIRNESS_P for p in x["fairness"].values()),
    }


def _above(hard: dict, easy: dict) -> bool:
    """A harder band succeeds more often per try than an easier one beyond chance: its rate is
    higher and the two 95% Wilson intervals do not overlap."""
    if hard["per_try"] <= easy["per_try"]:
        return False
    return wilson(hard["succeeded"], hard["tried"])[0] > wilson(easy["succeeded"],
                                                                 easy["tried"])[1]


def _pct(v) -> str:
    return "-" if v is None else f"{100 * v:.1f}%"


def _num(v, places: int = 2) -> str:
    return "-" if v is None else f"{v:.{places}f}"


def render(name: str, data: dict) -> str:
    """The docs block's text (between its markers) of the stored extract ``data``: {command,
    commit, before, after}."""
    b, a = data["before"], data["after"]
    out = [f"Written by `{data['command']}` at commit `{data['commit']}`.", ""]
    for label, x in (("Before", b), ("After", a)):
        first, last = x["indices"][0][0], x["indices"][-1][1]
        out.append(f"- {label}: content version {x['content_version']} ({', '.join(x['packs'])}),"
                   f" {x['games']} games (indices {first}-{last - 1} of seed {x['seed']}"
                   f"{', ' + str(x['timed_out']) + ' timed out' if x['timed_out'] else ''}), "
                   f"{x['players']} seats of `{x['bots'][0]}`"
                   + ("" if len(set(x["bots"])) == 1 else f" and others ({', '.join(x['bots'])})")
                   + f", played at commit `{x['commit']}`")
    out += ["", "| | before | after |", "|---|---|---|"]
    rows = [("seat win rates", " / ".join(_pct(v) for v in b["seat_win_rates"]),
             " / ".join(_pct(v) for v in a["seat_win_rates"]))]
    for key in b["fairness"]:
        rows.append((f"fairness p: {key.replace('_', ' ')}", _num(b["fairness"][key], 3),
                     _num(a["fairness"].get(key), 3)))
    rows.append(("rows flagged (Benjamini-Hochberg, FDR 5%)",
                 f"{len(b['flagged'])} of {b['rows_tested']}",
                 f"{len(a['flagged'])} of {a['rows_tested']}"))
    for side, col in (("before", b), ("after", a)):
        for f in col["flagged"]:
            found = f"OR {_num(f['odds_ratio'])}, q {_num(f['q'], 3)}"
            rows.append((f"flagged {side}: {f['id']} ({f['kind']})",
                         found if side == "before" else "", found if side == "after" else ""))

    def most(x: dict) -> str:
        m = x["most_relief"]
        return f"{_pct(m['win_rate'])} of {m['seats']} (a seat at random {_pct(m['at_random'])})"

    rows.append(("the most Relief gains: win rate", most(b), most(a)))
    rows.append(("behind after round 3 (projected): win rate", _pct(b["behind_after_round_3"]),
                 _pct(a["behind_after_round_3"])))
    rows.append(("behind after round 3: win rate with Relief gains later / without",
                 " / ".join(_pct(v) for v in b["behind_with_relief"]),
                 " / ".join(_pct(v) for v in a["behind_with_relief"])))
    regions = list(b["dice_by_region"]) + [r for r in a["dice_by_region"]
                                           if r not in b["dice_by_region"]]
    rows.append(("dice by region (share of the dice placed)",
                 ", ".join(f"{r} {_pct(b['dice_by_region'].get(r))}" for r in regions),
                 ", ".join(f"{r} {_pct(a['dice_by_region'].get(r))}" for r in regions)))
    rows.append(("winning margin (winners' mean VP minus the others')", _num(b["margin"]),
                 _num(a["margin"])))
    for step, label in STEP_LABELS.items():
        if step in b["steps"] or step in a["steps"]:
            gb, ga = b["steps"].get(step, {}), a["steps"].get(step, {})
            rows.append((f"step {label}: VP gap, share of the margin",
                         f"{_num(gb.get('difference'))}, {_pct(gb.get('of_margin'))}",
                         f"{_num(ga.get('difference'))}, {_pct(ga.get('of_margin'))}"))
    rows.append(("building chart rows flagged (buildings held)",
                 ", ".join(map(str, b["chart_flagged"])) or "none",
                 ", ".join(map(str, a["chart_flagged"])) or "none"))
    out += [f"| {r} | {v1} | {v2} |" for r, v1, v2 in rows]
    out += ["", "Expeditions by printed difficulty: succeeded of tried (per try)", "",
            "| difficulty | before: cards | before | after: cards | after |",
            "|---|---|---|---|---|"]
    levels = sorted({r["difficulty"] for r in b["expeditions"] + a["expeditions"]})
    eb = {r["difficulty"]: r for r in b["expeditions"]}
    ea = {r["difficulty"]: r for r in a["expeditions"]}

    def cell(r):
        return "-" if r is None else f"{r['succeeded']} of {r['tried']} ({_pct(r['per_try'])})"

    for d in levels:
        out.append(f"| {d} | {eb[d]['cards'] if d in eb else 0} | {cell(eb.get(d))} | "
                   f"{ea[d]['cards'] if d in ea else 0} | {cell(ea.get(d))} |")
    out += ["", "Issue 28's bars", "", "| bar | before | after |", "|---|---|---|"]
    vb, va = verdicts(b), verdicts(a)
    for bar in vb:
        out.append(f"| {bar} | {'holds' if vb[bar] else 'fails'} | "
                   f"{'holds' if va[bar] else 'fails'} |")
    return "\n".join(out) + "\n"


BLOCK = r"<!-- balance:{name} -->\n(.*?)<!-- /balance:{name} -->"


def write_docs(path: Path, name: str, text: str) -> None:
    """Replace the block ``name`` of ``path`` with ``text`` (appended when it has none)."""
    doc = path.read_text(encoding="utf-8")
    block = f"<!-- balance:{name} -->\n{text}<!-- /balance:{name} -->"
    pattern = re.compile(BLOCK.format(name=re.escape(name)), re.S)
    doc = (pattern.sub(lambda _m: block, doc) if pattern.search(doc)
           else doc.rstrip("\n") + "\n\n" + block + "\n")
    path.write_text(doc, encoding="utf-8")


def _load(path: str) -> dict:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise BalanceError(f"{path}: cannot read a JSON report ({e})") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", required=True, help="the block's name (<!-- balance:NAME -->)")
    ap.add_argument("--before", help="the merged report before the change")
    ap.add_argument("--before-commit", help="the commit its games were played at")
    ap.add_argument("--after", help="the merged report after the change")
    ap.add_argument("--after-commit", help="the commit its games were played at")
    ap.add_argument("--extract", help="write the extract (JSON) here")
    ap.add_argument("--render", help="render a stored extract instead of reports")
    ap.add_argument("--write-docs", help="write the block into this Markdown file")
    args = ap.parse_args(argv)
    try:
        if args.render:
            data = _load(args.render)
        else:
            if not (args.before and args.after and args.before_commit and args.after_commit):
                ap.error("give --before, --before-commit, --after and --after-commit "
                         "(or --render EXTRACT)")
            command = " ".join([".venv/bin/python benchmarks/balance.py",
                                *(a for a in sys.argv[1:] if a)]) if argv is None else \
                " ".join([".venv/bin/python benchmarks/balance.py", *argv])
            data = {"command": command, "commit": git_head() or "unknown",
                    "before": extract(_load(args.before), args.before_commit),
                    "after": extract(_load(args.after), args.after_commit)}
        text = render(args.table, data)
    except BalanceError as e:
        print(f"balance.py: {e}", file=sys.stderr)
        return 2
    if args.extract:
        Path(args.extract).parent.mkdir(parents=True, exist_ok=True)
        Path(args.extract).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if args.write_docs:
        write_docs(Path(args.write_docs), args.table, text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
