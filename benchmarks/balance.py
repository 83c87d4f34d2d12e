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
Both reports must be Project reports of one player count, and each commit must name a commit
of this checkout's history (git is asked). A side of fewer than 400 finished games (issue 28's
bar) is said so in the block. ``--write-docs`` replaces the block of that name; a page without
it is refused unless ``--append`` is given (a misspelt --table would add a second block), and
an appended block is said so. Exit 2 on a bad argument or report, in words.
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
#: issue 28's bar on a side's finished games: fewer, and the block says its figures are thin
MIN_GAMES = 400


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


def check_commit(commit: str, option: str) -> None:
    """Raise BalanceError unless ``commit`` names a commit of this checkout's history (an
    ancestor of HEAD, or HEAD itself), as git says; a name (HEAD, a branch) is refused: the
    block records the hash, which stays."""
    def git(*args: str):
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        except OSError as e:
            raise BalanceError(f"cannot check {option} {commit}: git cannot be run ({e})") \
                from None

    if not re.fullmatch(r"[0-9a-f]{7,40}", commit):
        raise BalanceError(f"{option} {commit!r} is not a commit hash (7 to 40 hex digits, "
                           "which the block records): give the hash of the commit the games "
                           "were played at (`git rev-parse --short HEAD` prints this one's)")
    if git("rev-parse", "--is-inside-work-tree").returncode != 0:
        raise BalanceError(f"cannot check {option} {commit}: {ROOT} is not a git checkout")
    found = git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    if found.returncode != 0:
        raise BalanceError(f"{option} {commit} names no commit of this checkout (git rev-parse "
                           "finds none): give the hash of the commit the games were played at")
    if git("merge-base", "--is-ancestor", found.stdout.strip(), "HEAD").returncode != 0:
        raise BalanceError(f"{option} {commit} is a commit, but not in this checkout's history "
                           "(not an ancestor of HEAD): the block would name a commit a reader "
                           "of this branch cannot find; play the games on this branch, or "
                           "give the commit of its history they were played at")


def extract(report: dict, commit: str) -> dict:
    """What the verdicts read of a merged simulate report (`artemis.sim.report.finish`'s
    shape), as plain JSON data; ``commit`` is where its games were played. Raises
    BalanceError for what is not a Project report, or one without the figures (written
    before issue 28's verdicts)."""
    if not isinstance(report, dict):
        raise BalanceError(f"holds a JSON {_json_kind(report)}, not an `artemis simulate` "
                           "report (a JSON object: the file --out writes)")
    if not str(report.get("format", "")).startswith("artemis-simulate/"):
        raise BalanceError("is not an `artemis simulate` report (no \"format\": "
                           "\"artemis-simulate/2\"); give the merged report --out wrote"
                           + (" (this is an extract of balance.py: give it to --render)"
                              if {"before", "after"} <= set(report) else ""))
    config = report.get("config")
    if not isinstance(config, dict):
        raise BalanceError("is damaged: its \"config\" is not an object")
    game = config.get("game", "project")
    if game != "project":
        what = "an Odyssey report" if game == "odyssey" else f"a report of the game {game!r}"
        raise BalanceError(f"is {what} (its config's game is {game!r}): balance.py tables "
                           "issue 28's verdicts on The Artemis Project alone; give reports of "
                           "a study played with --game project")
    missing = [k for k in ("players", "bots", "seed") if k not in config]
    if missing:
        raise BalanceError(f"its config has no {', '.join(repr(k) for k in missing)}: it is not "
                           "as `artemis simulate` wrote it; give the report --out wrote")
    try:
        figures = report["figures"]
        fairness = report["wins"]["fairness"]
        gap = report["vp"]["step_gap"]
        margin = report["vp"]["margin"]
    except (KeyError, TypeError) as e:
        raise BalanceError(f"not a simulate report with issue 28's figures: no {e}") from None
    if margin is None or "most_relief" not in figures:
        raise BalanceError("the report has no winning margin or most_relief figure: its games "
                           "were played before those figures existed (0c92978); play them again")
    try:
        return _extract(report, config, figures, fairness, gap, margin, commit)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise BalanceError(f"is damaged: a figure cannot be read ({type(e).__name__}: {e}); "
                           "give the report as `artemis simulate` wrote it") from None


def _json_kind(value) -> str:
    return {list: "list", str: "string", int: "number", float: "number", bool: "boolean",
            type(None): "null"}.get(type(value), type(value).__name__)


def _extract(report, config, figures, fairness, gap, margin, commit) -> dict:
    tested = [x for x in report["items"] if (x.get("adjusted") or {}).get("p") is not None]
    def family(kind: str, name: str) -> dict | None:
        """The kind's own tests ``name`` (`_flag_rate_tests`), {tested, flagged}, or None in
        a report from before them."""
        rows = [x for x in report["items"] if x["kind"] == kind]
        if not any(name in (x.get("rates") or {}) for x in rows):
            return None
        tests = [(x, x["rates"][name]) for x in rows
                 if ((x.get("rates") or {}).get(name) or {}).get("p") is not None]
        # the strata of a test at the claim: "round N: band" since the claim's round was
        # held too; the band alone before (stored extracts without the key)
        by_round = any(str(k).startswith("round ") for x in rows
                       for k in ((x.get("counts") or {}).get(name) or {}))
        return {"tested": len(tests),
                "flagged": [{"id": x["id"], "odds_ratio": t["odds_ratio"], "q": t["q"]}
                            for x, t in tests if t["flagged"]],
                **({"by_round": True} if by_round else {})}

    # the buildings' and Expeditions' tests at their claim and the Events' within standing
    # (docs/simulate.md, "Buildings and Expeditions at their claim"): in reports from before
    # them, none, and the extract has no key (its block renders as it was)
    extra = {key: f for key, f in (("at_claim", family("building", "at_claim")),
                                   ("expeditions_at_claim", family("expedition", "at_claim")),
                                   ("events_within_standing",
                                    family("event", "within_standing")),
                                   ("events_card", family("event", "card_test")))
             if f is not None and (key != "at_claim" or f["tested"])}
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
        **extra,
    }


def verdicts(x: dict) -> dict[str, bool]:
    """Issue 28's bars on one extract, {bar: holds}: no row flagged (in an extract with the
    Events' test for the bar, no building or Expedition flagged at its claim and no Event by
    that test: an Event that picks players by a count against the seats it would have
    picked, the others within standing; in one with the tests at the claim but not that,
    no Event within standing; before them, no row of the owners' family); every printed difficulty
    tried succeeds at least 10% of the tries, and none succeeds more often than the easier one
    before it beyond the two 95% intervals (a noisy inversion within them is no failure); the
    seats with the most Relief Track gains win at least a seat's share; no scoring step
    separates winners from the others by more than half the margin; every fairness test at
    p >= 0.05."""
    tried = [r for r in x["expeditions"] if r["tried"]]
    rates = [r["per_try"] for r in tried]
    most = x["most_relief"]
    if "events_card" in x:  # an Event that picks by a count against its would-be targets
        flags = {"no building, Expedition or Event flagged (at their claim; Events against "
                 "the seats they would have hit, or within standing)": not any(
                     (x.get(k) or {}).get("flagged") for k in (
                         "at_claim", "expeditions_at_claim", "events_card"))}
    elif "expeditions_at_claim" in x:  # the bar on the tests at the claim (docs/balance.md)
        flags = {"no building, Expedition or Event flagged (at their claim; Events within "
                 "standing)": not any((x.get(k) or {}).get("flagged") for k in (
                     "at_claim", "expeditions_at_claim", "events_within_standing"))}
    else:
        flags = {"no building, Expedition or Event flagged": not x["flagged"]}
    return {
        **flags,
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
        out.append(f"- {label}: content version {x['content_version']} ({', '.join(x['packs'])}),"
                   f" {x['games']} games ({_indices(x['indices'])} of seed {x['seed']}"
                   f"{', ' + str(x['timed_out']) + ' timed out' if x['timed_out'] else ''}), "
                   f"{x['players']} seats of `{x['bots'][0]}`"
                   + ("" if len(set(x["bots"])) == 1 else f" and others ({', '.join(x['bots'])})")
                   + f", played at commit `{x['commit']}`")
    # the bar of the extract (a stored extract from before it carries none: its block is as
    # it was written, tests/test_balance_docs.py)
    bar = data.get("min_games")
    thin = [(label, x) for label, x in (("before", b), ("after", a))
            if bar is not None and x["games"] < bar]
    if thin:
        out += ["", "Few games: " + "; ".join(
            f"{label} has {x['games']}" for label, x in thin)
            + f", under issue 28's bar of {bar} a side: its rates and tests are rough, and a "
            "bar it holds or fails may not hold on more games."]
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

    if "at_claim" in b or "at_claim" in a:
        def claimed(x: dict, by_round: bool) -> str:
            c = x.get("at_claim")
            if c is None or bool(c.get("by_round")) != by_round:
                return "-"
            return f"{len(c['flagged'])} of {c['tested']}"

        # a row for each definition the two sides hold (the first, within the standing
        # alone, in extracts stored before the round was held too)
        for by_round in dict.fromkeys(bool((x.get("at_claim") or {}).get("by_round"))
                                      for x in (b, a) if "at_claim" in x):
            then = "the round and standing then" if by_round else "standing then"
            rows.append((f"buildings flagged at their claim (within {then}; FDR 5% over "
                         "the buildings)", claimed(b, by_round), claimed(a, by_round)))
        for side, col in (("before", b), ("after", a)):
            for f in (col.get("at_claim") or {}).get("flagged", ()):
                found = f"OR {_num(f['odds_ratio'])}, q {_num(f['q'], 3)}"
                rows.append((f"flagged at claim {side}: {f['id']}",
                             found if side == "before" else "", found if side == "after" else ""))
    for key, label, what in (
            ("expeditions_at_claim", "Expeditions flagged at their claim (rewarded explorers "
             "against other Expeditions', within the round and standing then; FDR 5% over the "
             "Expeditions)",
             "at claim"),
            ("events_within_standing", "Events flagged within standing (hit seats against the "
             "rest; FDR 5% over the Events)", "within standing"),
            ("events_card", "Events flagged for the bar (an Event that picks players by a count "
             "against the seats it would have picked in the games it was not dealt, the others "
             "within standing; FDR 5% over the Events)", "for the bar")):
        if key not in b and key not in a:
            continue
        rows.append((label, *(("-" if x.get(key) is None else
                               f"{len(x[key]['flagged'])} of {x[key]['tested']}")
                              for x in (b, a))))
        for side, col in (("before", b), ("after", a)):
            for f in (col.get(key) or {}).get("flagged", ()):
                found = f"OR {_num(f['odds_ratio'])}, q {_num(f['q'], 3)}"
                rows.append((f"flagged {what} {side}: {f['id']}",
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

    def said(v: dict, bar: str) -> str:  # "-": the extract is judged by the bar's other form
        return "-" if bar not in v else "holds" if v[bar] else "fails"

    for bar in dict.fromkeys([*vb, *va]):
        out.append(f"| {bar} | {said(vb, bar)} | {said(va, bar)} |")
    return "\n".join(out) + "\n"


def _indices(ranges: list) -> str:
    """[[0, 400]] -> "indices 0-399"; [[0, 100], [200, 300]] -> "indices 0-99, 200-299" (a
    merge of ranges with gaps: the games it holds, not the span)."""
    parts = [f"{a}-{b - 1}" if b - a > 1 else str(a) for a, b in ranges]
    return ("index " if len(parts) == 1 and "-" not in parts[0] else "indices ") + \
        ", ".join(parts)


BLOCK = r"<!-- balance:{name} -->\n(.*?)<!-- /balance:{name} -->"
NAMES = re.compile(r"<!-- balance:([A-Za-z0-9_.-]+) -->")


def write_docs(path: Path, name: str, text: str, append: bool = False) -> bool:
    """Replace the block ``name`` of ``path`` with ``text``; when the page has none, append it
    at the end with ``append``, else raise BalanceError naming the blocks it has. Returns
    whether it appended."""
    try:
        doc = path.read_text(encoding="utf-8")
    except (OSError, ValueError) as e:
        raise BalanceError(f"--write-docs {path}: cannot read the page ({e})") from None
    block = f"<!-- balance:{name} -->\n{text}<!-- /balance:{name} -->"
    pattern = re.compile(BLOCK.format(name=re.escape(name)), re.S)
    found = pattern.search(doc) is not None
    if not found and not append:
        have = NAMES.findall(doc)
        raise BalanceError(f"--write-docs {path} has no block '{name}' (it has "
                           f"{', '.join(have) if have else 'none'}): give --append to add it "
                           "at the end of the page, or the --table of a block it has")
    doc = (pattern.sub(lambda _m: block, doc) if found
           else doc.rstrip("\n") + "\n\n" + block + "\n")
    try:
        path.write_text(doc, encoding="utf-8")
    except OSError as e:
        raise BalanceError(f"--write-docs {path}: cannot write the page ({e})") from None
    return not found


def _load(path: str) -> dict:
    """The JSON report at ``path``, gzipped (as the reports kept in
    benchmarks/results/balance/reports/ are) or not (`artemis.sim.report.read_report_text`)."""
    import zlib

    from artemis.sim.report import read_report_text

    try:
        return json.loads(read_report_text(path))
    except (OSError, ValueError, EOFError, zlib.error) as e:
        raise BalanceError(f"{path}: cannot read a JSON report ({e})") from None


def _extract_of(path: str, commit: str, option: str) -> dict:
    """The extract of the report at ``path`` (given as ``option``), its errors naming it."""
    try:
        return extract(_load(path), commit)
    except BalanceError as e:
        text = str(e)
        raise BalanceError(text if text.startswith(f"{path}:") else
                           f"{option} {path}: {text}") from None


def _check_extract(path: str, data) -> None:
    """Raise BalanceError unless ``data`` is an extract --extract wrote ({command, commit,
    before, after})."""
    if isinstance(data, dict) and str(data.get("format", "")).startswith("artemis-simulate/"):
        raise BalanceError(f"--render {path} is an `artemis simulate` report, not an extract: "
                           "give reports as --before and --after (with their commits); "
                           "--render takes the JSON --extract wrote")
    if not isinstance(data, dict):
        raise BalanceError(f"--render {path} holds a JSON {_json_kind(data)}, not an extract "
                           "(the JSON object --extract wrote)")
    missing = [k for k in ("command", "commit", "before", "after") if k not in data]
    if missing:
        raise BalanceError(f"--render {path} is not an extract --extract wrote: no "
                           f"{', '.join(repr(k) for k in missing)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", required=True, help="the block's name (<!-- balance:NAME -->)")
    ap.add_argument("--before", help="the merged report before the change")
    ap.add_argument("--before-commit", help="the commit its games were played at")
    ap.add_argument("--after", help="the merged report after the change")
    ap.add_argument("--after-commit", help="the commit its games were played at")
    ap.add_argument("--extract", help="write the extract (JSON) here")
    ap.add_argument("--render", help="render a stored extract instead of reports")
    ap.add_argument("--write-docs", help="write the block into this Markdown file (it must "
                    "have the block, unless --append)")
    ap.add_argument("--append", action="store_true", help="with --write-docs: add the block "
                    "at the end of the page when it has none (said so on stderr)")
    args = ap.parse_args(argv)
    try:
        if args.render:
            data = _load(args.render)
            _check_extract(args.render, data)
        else:
            if not (args.before and args.after and args.before_commit and args.after_commit):
                ap.error("give --before, --before-commit, --after and --after-commit "
                         "(or --render EXTRACT)")
            command = " ".join([".venv/bin/python benchmarks/balance.py",
                                *(a for a in sys.argv[1:] if a)]) if argv is None else \
                " ".join([".venv/bin/python benchmarks/balance.py", *argv])
            before = _extract_of(args.before, args.before_commit, "--before")
            after = _extract_of(args.after, args.after_commit, "--after")
            if before["players"] != after["players"]:
                raise BalanceError(
                    f"--before {args.before} is of {before['players']} players and --after "
                    f"{args.after} of {after['players']}: a block compares one player count; "
                    "give two reports of the same --players")
            check_commit(args.before_commit, "--before-commit")
            check_commit(args.after_commit, "--after-commit")
            data = {"command": command, "commit": git_head() or "unknown",
                    "min_games": MIN_GAMES, "before": before, "after": after}
        try:
            text = render(args.table, data)
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as e:
            raise BalanceError(f"--render {args.render}: the extract is damaged "
                               f"({type(e).__name__}: {e}); write it again with --extract"
                               ) from None
        appended = (write_docs(Path(args.write_docs), args.table, text, args.append)
                    if args.write_docs else False)
    except BalanceError as e:
        print(f"balance.py: {e}", file=sys.stderr)
        return 2
    if args.extract:
        Path(args.extract).parent.mkdir(parents=True, exist_ok=True)
        Path(args.extract).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if appended:
        print(f"balance.py: {args.write_docs} had no block '{args.table}': appended it at the "
              "end of the page (move it under its heading)", file=sys.stderr)
    few = [f"{side} has {data[side]['games']} games" for side in ("before", "after")
           if data[side]["games"] < MIN_GAMES]
    if few:
        print(f"balance.py: warning: {', '.join(few)}, under issue 28's bar of {MIN_GAMES} a "
              "side", file=sys.stderr)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
