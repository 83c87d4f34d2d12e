"""A bot's strength (benchmarks/README.md, "strength.py"): seeded games of one tested bot
against another bot, with the figures of docs/simulate.md's strength tables, which this script
writes itself. Not a test: nothing is asserted.

    .venv/bin/python benchmarks/strength.py --game project --players 2 --bot mcts \\
        --against greedy --seeds 1000000:40 [-j 2] [--json part.json]
    .venv/bin/python benchmarks/strength.py --merge part1.json part2.json \\
        [--write-docs docs/simulate.md --table NAME]
    .venv/bin/python benchmarks/strength.py --players 4 --bot greedy --all-same --seeds 0:20

Game of seed s (``--seeds FIRST:COUNT``: seeds FIRST to FIRST + COUNT - 1) puts the tested bot
(``--bot``, any bot spec `artemis.players.play.make_bots` takes) at seat s mod players, every
other seat ``--against``; so the tested seat goes round the seats, and ranges of seeds run
apart (``--json``) merge (``--merge``) into the figures of the whole range. ``--all-same``
makes every seat the tested bot (no win rate: mean VP a seat and dice by region over all
seats). ``-j`` plays games in that many processes; the games and figures do not depend on it.

Figures: games, wins (a game the rules give several winners, e.g. the Odyssey's tied
leaders, counts 1/k for each of its k winners: a two-way tie is half a win; the Project's
tie-break (R15) always names one winner), the win rate with its 95% Wilson interval, the
tested bot's CPU seconds a decision (`time.process_time` around its choice, so one core and
not other processes' load; decisions with one legal answer left out), median and p90, mean VP
by seat kind and by the tested seat's position, and, in the Project, the dice the tested bot
placed by region (every region, the Academy too).

``--write-docs FILE --table NAME`` replaces the block between ``<!-- strength:NAME -->`` and
``<!-- /strength:NAME -->`` in FILE with the figures as markdown and a line naming the commit
the games were played at, the command that plays them again, the seeds, the bot specs with
their options, and the CPU; it refuses a run made with uncommitted changes to engine/,
content/ or plugins/ (the commit would not be the code that played). tests/
test_strength_docs.py checks every such block names its command and a commit of the history.
``--publish FILE`` writes the run's games beside it, a row a game (seed, seats, VP, winners,
dice, decisions and their CPU median; benchmarks/results/NAME.json), so a reader replaying a
few seeds compares them game by game; the test checks each published file writes its block
again (``--merge FILE`` reads it).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = ".venv/bin/python benchmarks/strength.py"
#: the folders whose uncommitted changes would make the commit not the code that played
CODE_DIRS = ("engine", "content", "plugins")
#: the Project's regions in board order (rulebook, "Placement Phase"), the Academy included
PROJECT_REGIONS = ("basecamp", "vents", "quarry", "gantry", "doorstep", "academy", "outfitter")
#: the keys of a run that must agree for its parts to merge
SAME = ("game", "players", "bot", "against", "all_same", "commit")


class StrengthError(Exception):
    """Bad input or a refused write: its message is printed, without a traceback."""


# -- the figures ------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval (low, high), 0 to 1, of ``wins`` successes in ``n``
    trials (``wins`` may be fractional: half wins for ties); (0, 1) when ``n`` is 0."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values`` by the nearest rank (the value at index
    ceil(q * n) - 1 of the sorted list); nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def parse_seeds(text: str) -> tuple[int, int]:
    """``FIRST:COUNT`` as (first, count). Raises StrengthError for another shape."""
    m = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", text)
    if not m or int(m.group(2)) < 1:
        raise StrengthError(f"--seeds is FIRST:COUNT (whole numbers, COUNT at least 1), "
                            f"got '{text}'")
    return int(m.group(1)), int(m.group(2))


# -- one game -----------------------------------------------------------------------------


def play_one(task: tuple) -> dict:
    """One game: ``task`` is (game, players, bot, against, all_same, seed). Returns its row:
    ``seed``, ``tested`` (the tested seats), ``kinds`` (each seat's spec), ``vp`` (by seat),
    ``winners``, ``credit`` (the tested bot's share of the win, 0 to 1), ``tie_break``
    (the tested bot tied on VP for the top and the rules' tie-break named one winner),
    ``seconds`` (CPU
    seconds of each tested decision with more than one legal answer), ``forced`` (those with
    one) and ``dice`` ({region: dice} the tested seats placed; the Project only)."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.players.play import make_bots

    game_id, players, bot, against, all_same, seed = task
    seat = seed % players
    kinds = [bot] * players if all_same else [against] * players
    kinds[seat] = bot
    tested = set(range(players)) if all_same else {seat}
    config = GameConfig(game=game_id, players=players, seed=seed)
    game = Game.new(config)
    game.logging = False
    bots = make_bots(config, kinds)
    seconds, forced, dice = [], 0, Counter()
    clock = time.process_time
    while not game.is_over:
        who = game.current_player
        if who in tested:
            choices = len(game.legal_actions())
            start = clock()
            action = bots[who].choose(game)
            spent = clock() - start
            if choices > 1:
                seconds.append(spent)
            else:
                forced += 1
            if action.kind == "place" and game_id == "project":
                dice[action.args[2]] += 1
        else:
            action = bots[who].choose(game)
        game.apply(action)
    result = game.result
    vps = [row["vp"] for row in sorted(result["players"], key=lambda r: r["seat"])]
    winners = list(result["winners"]) if "winners" in result else [result["winner"]]
    credit = (sum(1 for s in winners if s in tested) / len(winners)) if winners else 0.0
    top = [s for s, v in enumerate(vps) if v == max(vps)]
    return {"seed": seed, "tested": sorted(tested), "kinds": kinds, "vp": vps,
            "winners": winners, "credit": credit,
            "tie_break": len(top) > 1 and len(winners) == 1 and bool(tested & set(top)),
            "seconds": seconds, "forced": forced, "dice": dict(dice)}


def play_range(game: str, players: int, bot: str, against: str, first: int, count: int,
               all_same: bool = False, jobs: int = 1, progress=None) -> list[dict]:
    """The rows (`play_one`) of the games of seeds ``first`` to ``first + count - 1``, in
    seed order, played in ``jobs`` processes; ``progress(row)`` is called as each ends."""
    tasks = [(game, players, bot, against, all_same, s) for s in range(first, first + count)]
    rows = []
    if jobs <= 1:
        for task in tasks:
            rows.append(play_one(task))
            if progress:
                progress(rows[-1])
        return rows
    with multiprocessing.Pool(jobs) as pool:
        for row in pool.imap(play_one, tasks):
            rows.append(row)
            if progress:
                progress(row)
    return rows


# -- what a run is --------------------------------------------------------------------------


def git(*args: str) -> str | None:
    """``git args`` in the checkout's root, its output stripped; None outside a checkout."""
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                             check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def cpu_name() -> str:
    """The CPU's model name (Linux's /proc/cpuinfo; else `platform.processor`)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def bot_options(spec: str, game: str) -> str:
    """``spec`` with every option the bot plays with, given or default (``mcts`` ->
    ``mcts:iterations=200,horizon=round,...``); a kind without options as itself."""
    from artemis.kernel.games import get_game
    from artemis.players.bots import make_bot

    made = make_bot(spec, 0, get_game(game))
    options = getattr(made, "options", None)
    if not options:
        return spec
    kind = spec.split(":", 1)[0].strip()
    return kind + ":" + ",".join(f"{k}={v}" for k, v in options.items())


def run_meta(args) -> dict:
    """The run's description: its matchup, seeds, commit and whether engine/, content/ or
    plugins/ had uncommitted changes (``dirty``), the bots' options, the CPU."""
    status = git("status", "--porcelain", "--", *CODE_DIRS)
    return {"game": args.game, "players": args.players, "bot": args.bot,
            "against": args.against, "all_same": args.all_same,
            "seeds": [[args.first, args.count]],
            "commit": git("rev-parse", "--short", "HEAD"),
            "dirty": bool(status) if status is not None else None,
            "budget": {"bot": bot_options(args.bot, args.game),
                       "against": bot_options(args.against, args.game)},
            "cpu": cpu_name(), "python": platform.python_version()}


def seed_ranges(seeds: list[int]) -> list[list[int]]:
    """Sorted seeds as [first, count] runs of consecutive seeds."""
    runs: list[list[int]] = []
    for s in sorted(seeds):
        if runs and runs[-1][0] + runs[-1][1] == s:
            runs[-1][1] += 1
        else:
            runs.append([s, 1])
    return runs


def same_code(a: str, b: str) -> str | None:
    """The later of commits ``a`` and ``b`` when one descends from the other and engine/,
    content/ and plugins/ are the same at both (the same games); else None."""
    if git("diff", "--quiet", a, b, "--", *CODE_DIRS) is None:
        return None
    if git("merge-base", "--is-ancestor", a, b) is not None:
        return b
    if git("merge-base", "--is-ancestor", b, a) is not None:
        return a
    return None


def merge(parts: list[dict]) -> tuple[dict, list[dict]]:
    """The meta and rows of several ``--json`` parts of one run (the same matchup, played by
    the same code: the same commit, or commits of one line whose engine/, content/ and
    plugins/ are the same, the later named; a seed given twice counts once). Raises
    StrengthError when they differ."""
    meta = dict(parts[0]["meta"])
    for part in parts[1:]:
        other = part["meta"]
        for key in SAME:
            if other.get(key) == meta.get(key):
                continue
            later = (same_code(meta[key], other[key])
                     if key == "commit" and meta.get(key) and other.get(key) else None)
            if later is None:
                raise StrengthError(f"the parts differ in {key}: {meta.get(key)!r} and "
                                    f"{other.get(key)!r}; only parts of one run merge"
                                    + (" (played by the same engine/, content/ and "
                                       "plugins/ on one line of commits)"
                                       if key == "commit" else ""))
            meta["commit"] = later
        meta["dirty"] = bool(meta.get("dirty")) or bool(other.get("dirty"))
    rows = {r["seed"]: r for part in parts for r in part["rows"]}
    ordered = [rows[s] for s in sorted(rows)]
    meta["seeds"] = seed_ranges(list(rows))
    return meta, ordered


# -- the report -------------------------------------------------------------------------


def figures(rows: list[dict], meta: dict) -> dict:
    """The figures of ``rows``: ``games``, ``wins`` (ties shared), ``tied`` (games the tested
    bot shared the win), ``tie_break`` (games it tied on VP for the top and the rules'
    tie-break decided), ``rate``, ``wilson`` (low, high), ``cpu`` (median, p90, decisions:
    CPU seconds a tested decision), ``vp`` ({seat kind: mean VP}: "tested" and "against", or
    "seat" under --all-same), ``by_position`` ({seat: (games, wins, tested VP, others' VP)}),
    ``dice`` ({region: dice}, every Project region) and ``dice_total``."""
    n = len(rows)
    wins = sum(r["credit"] for r in rows)
    tied = sum(1 for r in rows if 0 < r["credit"] < 1)
    tie_break = sum(1 for r in rows if r.get("tie_break"))
    seconds = [s for r in rows for s in r.get("seconds", ())]
    tested_vp = [r["vp"][s] for r in rows for s in r["tested"]]
    others_vp = [v for r in rows for s, v in enumerate(r["vp"]) if s not in r["tested"]]
    vp = ({"seat": _mean(tested_vp)} if meta["all_same"] else
          {"tested": _mean(tested_vp), "against": _mean(others_vp)})
    by_position = {}
    if not meta["all_same"]:
        for seat in sorted({r["tested"][0] for r in rows}):
            at = [r for r in rows if r["tested"][0] == seat]
            by_position[seat] = (len(at), sum(r["credit"] for r in at),
                                 _mean([r["vp"][seat] for r in at]),
                                 _mean([v for r in at for s, v in enumerate(r["vp"])
                                        if s != seat]))
    dice: Counter = Counter()
    for r in rows:
        dice.update(r["dice"])
    if meta["game"] == "project":
        dice = Counter({region: dice.get(region, 0) for region in PROJECT_REGIONS} | dice)
    return {"games": n, "wins": wins, "tied": tied, "tie_break": tie_break,
            "rate": wins / n if n else math.nan,
            "wilson": wilson(wins, n),
            "cpu": ((statistics.median(seconds) if seconds else math.nan,
                     percentile(seconds, 0.9), len(seconds))
                    # a published run keeps its CPU figures, not each decision's seconds
                    if seconds or "cpu_seconds" not in meta else tuple(meta["cpu_seconds"])),
            "vp": vp, "by_position": by_position, "dice": dict(dice),
            "dice_total": sum(dice.values())}


def _mean(values: list[float]) -> float:
    return statistics.mean(values) if values else math.nan


def _wins(x: float) -> str:
    return f"{x:g}"


def report_lines(rows: list[dict], meta: dict) -> list[str]:
    """The figures of ``rows`` for the console."""
    if not rows:
        return ["no games"]
    f = figures(rows, meta)
    lines = [f"{f['games']} {meta['game']} games of {meta['players']} players: "
             + (f"every seat {meta['bot']}" if meta["all_same"] else
                f"{meta['bot']} against {meta['against']}")
             + f"; seeds {seeds_text(meta['seeds'])}; commit {meta.get('commit') or '?'}"
             + (" (with uncommitted changes to the code)" if meta.get("dirty") else "")]
    if not meta["all_same"]:
        low, high = f["wilson"]
        lines.append(f"{meta['bot']} won {_wins(f['wins'])} of {f['games']} ({f['rate']:.1%}; "
                     f"a win shared by k winners counts 1/k: {f['tied']} games; "
                     f"{f['tie_break']} games tied on VP for the top went by the rules' "
                     f"tie-break), 95% Wilson interval {low:.1%} to {high:.1%}")
        lines.append(f"mean VP: {meta['bot']} {f['vp']['tested']:.1f}, "
                     f"{meta['against']} {f['vp']['against']:.1f}")
        for seat, (games, won, mine, others) in f["by_position"].items():
            lines.append(f"  at seat {seat}: won {_wins(won)}/{games}, mean VP {mine:.1f}, "
                         f"the others' {others:.1f}")
    else:
        lines.append(f"mean VP a seat {f['vp']['seat']:.1f}")
    median, p90, decisions = f["cpu"]
    lines.append(f"CPU seconds a decision of {meta['bot']}: median {median:.3f}, p90 "
                 f"{p90:.3f} ({decisions} decisions with a choice)")
    if f["dice_total"]:
        lines.append("dice by region: " + ", ".join(
            f"{region} {100 * v / f['dice_total']:.0f}%" for region, v in f["dice"].items()))
    return lines


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def seeds_text(seeds: list[list[int]]) -> str:
    """[[first, count], ...] as "1000000-1000039, 5-9"."""
    return ", ".join(f"{a}-{a + c - 1}" if c > 1 else f"{a}" for a, c in seeds)


def canonical_command(meta: dict, table: str | None = None, doc: str | None = None) -> str:
    """The one command that plays ``meta``'s games again (``-j`` changes no game, so it is
    left out), with the ``--write-docs`` part when ``table`` is given."""
    parts = [COMMAND, "--game", meta["game"], "--players", str(meta["players"]),
             "--bot", meta["bot"]]
    if meta["all_same"]:
        parts.append("--all-same")
    else:
        parts += ["--against", meta["against"]]
    for first, count in meta["seeds"]:
        parts += ["--seeds", f"{first}:{count}"]
    if table:
        parts += ["--write-docs", doc, "--table", table]
    return " ".join(shlex.quote(p) if p != COMMAND else p for p in parts)


def markdown(rows: list[dict], meta: dict, table: str, doc: str) -> str:
    """The block's text: the figures' tables and the line naming how they were made."""
    f = figures(rows, meta)
    median, p90, decisions = f["cpu"]
    out = []
    if meta["all_same"]:
        out += ["| game | players | every seat | games | mean VP a seat | "
                "CPU s a decision, median (p90) |",
                "|---|---:|---|---:|---:|---|",
                f"| {meta['game']} | {meta['players']} | `{meta['bot']}` | {f['games']} | "
                f"{f['vp']['seat']:.1f} | {median:.3f} ({p90:.3f}) |"]
    else:
        low, high = f["wilson"]
        out += ["| game | players | tested bot | against | games | wins | win rate | "
                "95% Wilson | CPU s a decision, median (p90) | mean VP, tested / against |",
                "|---|---:|---|---|---:|---:|---:|---|---|---|",
                f"| {meta['game']} | {meta['players']} | `{meta['bot']}` | "
                f"`{meta['against']}` | {f['games']} | {_wins(f['wins'])} | {f['rate']:.1%} | "
                f"{low:.1%}-{high:.1%} | {median:.3f} ({p90:.3f}) | "
                f"{f['vp']['tested']:.1f} / {f['vp']['against']:.1f} |",
                "",
                "| tested bot at seat | games | wins | mean VP, tested / the others |",
                "|---:|---:|---:|---|"]
        out += [f"| {seat} | {games} | {_wins(won)} | {mine:.1f} / {others:.1f} |"
                for seat, (games, won, mine, others) in f["by_position"].items()]
    if f["dice_total"]:
        who = "every seat" if meta["all_same"] else f"`{meta['bot']}`"
        out += ["", f"| dice by region ({who}) | " + " | ".join(
                    r.capitalize() for r in f["dice"]) + " |",
                "|---|" + "---:|" * len(f["dice"]),
                f"| share of {f['dice_total']} dice | " + " | ".join(
                    f"{100 * v / f['dice_total']:.0f}%" for v in f["dice"].values()) + " |",
                # the counts too: a region a few dice visit must not read as none (0%)
                "| dice | " + " | ".join(str(v) for v in f["dice"].values()) + " |"]
    budget = meta["budget"]
    out += ["", f"Written by `{canonical_command(meta, table, doc)}` at commit "
            f"`{meta['commit']}`.",
            f"Seeds {seeds_text(meta['seeds'])} ({f['games']} games"
            + ("" if meta["all_same"] else ", the tested bot at seat seed mod players")
            + f"); bots `{budget['bot']}`"
            + ("" if meta["all_same"] else f" against `{budget['against']}`") + ";",
            f"CPU seconds by `time.process_time` over {decisions} decisions with a choice, on "
            f"{meta['cpu']} (Python {meta['python']})."]
    if not meta["all_same"]:
        out.append(f"A win the rules give k seats counts 1/k ({_games(f['tied'])}); in "
                   f"{_games(f['tie_break'])} the tested bot tied on VP for the top and the "
                   f"rules' tie-break decided.")
    return "\n".join(line.rstrip() for line in out)


def write_docs(path: str, table: str, text: str) -> None:
    """Replace the block between ``<!-- strength:TABLE -->`` and ``<!-- /strength:TABLE -->``
    in the file ``path`` with ``text``. Raises StrengthError when the file or block is
    missing."""
    file = Path(path)
    try:
        doc = file.read_text()
    except OSError as e:
        raise StrengthError(f"cannot read {path}: {e.strerror}") from None
    begin, end = f"<!-- strength:{table} -->", f"<!-- /strength:{table} -->"
    if doc.count(begin) != 1 or doc.count(end) != 1 or doc.index(begin) > doc.index(end):
        raise StrengthError(f"{path} has no block '{begin}' ... '{end}' (each once, in that "
                            f"order); add one where the table goes")
    head, rest = doc.split(begin)
    _, tail = rest.split(end)
    file.write_text(f"{head}{begin}\n{text}\n{end}{tail}")


def published(rows: list[dict], meta: dict) -> dict:
    """The run as published beside its table (benchmarks/results/NAME.json): every game's row
    without the CPU seconds of each decision (its count and median instead), the run's CPU
    figures (median, p90, decisions) in the meta's ``cpu_seconds``; `markdown` of it writes
    the same table."""
    f = figures(rows, meta)
    out = []
    for r in rows:
        row = {k: v for k, v in r.items() if k != "seconds"}
        row["decisions"] = len(r.get("seconds", ()))
        row["cpu_median"] = round(statistics.median(r["seconds"]), 4) if r.get("seconds") \
            else None
        out.append(row)
    return {"meta": {**meta, "cpu_seconds": list(f["cpu"])}, "rows": out}


def check_writable(meta: dict) -> None:
    """Refuse (StrengthError) to write docs for a run whose commit is unknown or whose code
    had uncommitted changes."""
    if not meta.get("commit"):
        raise StrengthError("not in a git checkout: the table could not name its commit")
    if meta.get("dirty") is not False:
        raise StrengthError(f"the games ran with uncommitted changes to "
                            f"{', '.join(d + '/' for d in CODE_DIRS)} (git status): commit "
                            f"them and run again, so the table's commit is the code that "
                            f"played")


# -- the command ----------------------------------------------------------------------------


def parse(argv: list[str]):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].rstrip(":"))
    ap.add_argument("--game", default="project", help="a registered game: project, odyssey")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="mcts", help="the tested bot's spec (KIND:KEY=VALUE,...)")
    ap.add_argument("--against", default="greedy", help="every other seat's spec")
    ap.add_argument("--all-same", action="store_true", help="every seat the tested bot")
    ap.add_argument("--seeds", action="append", metavar="FIRST:COUNT",
                    help="seeds FIRST to FIRST+COUNT-1 (default 0:20; may be repeated)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes playing games")
    ap.add_argument("--json", help="write the run's rows to this file (to --merge later)")
    ap.add_argument("--merge", nargs="+", metavar="JSON", help="the figures of these parts")
    ap.add_argument("--publish", metavar="FILE", help="write the run's games, a row each "
                    "(VP, winners, dice, CPU median), to FILE (benchmarks/results/NAME.json)")
    ap.add_argument("--write-docs", metavar="FILE", help="write the table into FILE's block")
    ap.add_argument("--table", help="the block's NAME (<!-- strength:NAME -->)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no line per game")
    return ap.parse_args(argv)


def run(argv: list[str]) -> None:
    args = parse(argv)
    if bool(args.write_docs) != bool(args.table):
        raise StrengthError("--write-docs FILE and --table NAME go together")
    if args.table and not re.fullmatch(r"[A-Za-z0-9_.-]+", args.table):
        raise StrengthError(f"--table is a name of letters, digits, '-', '_' or '.', got "
                            f"'{args.table}'")
    if args.merge:
        parts = []
        for path in args.merge:
            try:
                parts.append(json.loads(Path(path).read_text()))
            except (OSError, ValueError) as e:
                raise StrengthError(f"cannot read {path} as a --json part: {e}") from None
        meta, rows = merge(parts)
    else:
        from artemis.kernel.games import get_game
        from artemis.players.bots import check_bot

        if args.jobs < 1:
            raise StrengthError(f"-j is at least 1, got {args.jobs}")
        from artemis.kernel.game import ConfigError, Game, GameConfig

        try:
            ruleset = get_game(args.game)
            Game.new(GameConfig(game=args.game, players=args.players, seed=0))
            for spec in (args.bot, args.against):
                if check_bot(spec, ruleset) == "human":
                    raise StrengthError("a human seat cannot play a benchmark: give a bot")
        except (ConfigError, ValueError) as e:
            raise StrengthError(str(e).strip("'\"")) from None
        ranges = [parse_seeds(s) for s in (args.seeds or ["0:20"])]
        args.first, args.count = ranges[0]
        meta = run_meta(args)
        meta["seeds"] = seed_ranges([s for a, c in ranges for s in range(a, a + c)])
        if args.write_docs:  # refused before the games, not after them
            check_writable(meta)

        def progress(row: dict) -> None:
            if args.quiet:
                return
            cpu = statistics.median(row["seconds"]) if row["seconds"] else 0.0
            mark = {1.0: "won", 0.0: "lost"}.get(row["credit"], f"won {row['credit']:g}")
            print(f"seed {row['seed']}: seats {','.join(row['kinds'])}: {mark}, VP "
                  f"{row['vp']}, {cpu:.3f} s a decision", flush=True)

        rows = []
        for first, count in meta["seeds"]:
            rows += play_range(args.game, args.players, args.bot, args.against, first, count,
                               args.all_same, args.jobs, progress)
        if args.json:
            Path(args.json).write_text(json.dumps({"meta": meta, "rows": rows}))
    print("\n".join(report_lines(rows, meta)))
    if args.write_docs:
        check_writable(meta)
        write_docs(args.write_docs, args.table, markdown(rows, meta, args.table,
                                                         args.write_docs))
        print(f"wrote the block '{args.table}' of {args.write_docs}")
    if args.publish:
        Path(args.publish).write_text(json.dumps(published(rows, meta), indent=None) + "\n")
        print(f"wrote the games, a row each, to {args.publish}")


def main() -> None:
    try:
        run(sys.argv[1:])
    except StrengthError as e:
        print(f"strength.py: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:  # the output piped into a reader that stopped (head)
        sys.stderr.close()
        sys.exit(1)


if __name__ == "__main__":
    main()
