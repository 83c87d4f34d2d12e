"""PNG charts of a simulation report (matplotlib, the ``plot`` extra; Agg, no display needed).

Drawn from the report alone, so a saved report.json can be charted again later."""

from __future__ import annotations

from pathlib import Path

PLOT_MISSING = "--plot needs the plot extra: pip install 'artemis-engine[plot]'"
MIN_OWNERS = 5  # an item owned fewer times has a win rate too noisy to chart


def require_matplotlib() -> None:
    """Raise ImportError with PLOT_MISSING when matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError(PLOT_MISSING) from None


def plot_report(report: dict, folder: Path, owned_kind: str | None = None) -> list[Path]:
    """Write ``final_vp_by_bot.png`` (the final VP distribution of each bot kind, one bar per
    VP value, as a share of that kind's seats) and, given the item kind ``owned_kind`` (the
    game's `parts.Report.report_chart_kind`), ``win_rate_by_KIND.png`` (the owners' win rate of
    every item of that kind with at least MIN_OWNERS owner seats, best first, labelled "id
    (owner seats)", a flagged row (`flag_label`) marked and drawn in another colour, with its
    95% Wilson interval, the pooled win rate of all its owner seats and the 1/players line of
    any seat; none when the report has no item of that kind) into ``folder`` (created).
    Returns the paths written.

    Raises ImportError (PLOT_MISSING) without matplotlib, OSError when a file cannot be
    written."""
    require_matplotlib()
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    players = report["config"].get("players") or len(report["wins"]["by_seat"]) or 1

    fig = Figure(figsize=(8, 4.5), layout="constrained")
    ax = fig.add_subplot()
    rows = [r for r in report["vp"]["by_bot"] if r["n"]]
    width = 0.8 / max(1, len(rows))
    for k, row in enumerate(rows):
        xs = [vp + (k - (len(rows) - 1) / 2) * width for vp, _ in row["histogram"]]
        ax.bar(xs, [c / row["n"] for _, c in row["histogram"]], width=width,
               label=f"{row['bot']} (mean {row['mean']}, sd {row['std']}, {row['n']} seats)")
    ax.set_xlabel("final VP")
    ax.set_ylabel("share of seats")
    ax.set_title(f"Final VP by bot ({report['finished']} games, {players} players)")
    if rows:
        ax.legend()
    path = folder / "final_vp_by_bot.png"
    fig.savefig(path, dpi=100)
    written.append(path)

    if owned_kind is None or not any(x["kind"] == owned_kind for x in report["items"]):
        return written  # no kind charted, or none of it in this game
    owned, skipped, pooled = owned_rows(report, owned_kind)
    fig = Figure(figsize=(8, max(3.0, 0.22 * len(owned) + 1.4)), layout="constrained")
    ax = fig.add_subplot()
    ys = [flag_label(x) for x in owned]
    rates = [x["owners_win_rate"] for x in owned]
    cis = [x.get("owners_win_rate_ci") or [r, r] for x, r in zip(owned, rates, strict=True)]
    flagged = [bool((x.get("adjusted") or {}).get("flagged")) for x in owned]
    ax.barh(ys, rates, xerr=[[r - lo for r, (lo, _) in zip(rates, cis, strict=True)],
                             [hi - r for r, (_, hi) in zip(rates, cis, strict=True)]],
            color=["tab:orange" if f else "tab:blue" for f in flagged],
            error_kw={"elinewidth": 0.8, "capsize": 2, "ecolor": "dimgrey"})
    ax.invert_yaxis()
    if pooled is not None:
        ax.axvline(pooled, color="tab:red", linestyle=":",
                   label=f"any {owned_kind} owner ({pooled:.1%})")
    ax.axvline(1 / players, color="grey", linestyle="--",
               label=f"any seat (1/{players} = {1 / players:.1%})")
    ax.set_xlim(0, 1)
    ax.set_xlabel("owners' win rate (owner seats that won), 95% Wilson interval; "
                  "(n) = owner seats; * flagged (adjusted, Benjamini-Hochberg at FDR 5%)")
    note = (f"; {skipped} with fewer than {MIN_OWNERS} owner seats left out" if skipped
            else "")
    ax.set_title(f"Win rate by {owned_kind} ({report['finished']} games{note})")
    ax.tick_params(axis="y", labelsize=7)
    fig.legend(loc="outside lower center", ncols=2)  # below the chart: never over a bar
    path = folder / f"win_rate_by_{owned_kind}.png"
    fig.savefig(path, dpi=100)
    written.append(path)
    return written


def flag_label(x: dict) -> str:
    """A chart row's label: "id (owner seats)", then " *" when the row is flagged (its owners'
    win rate adjusted by Mantel-Haenszel survives Benjamini-Hochberg at FDR 5%, as the
    console's tables mark it: docs/simulate.md, "Owners' win rate, adjusted")."""
    flagged = (x.get("adjusted") or {}).get("flagged")
    return f"{x['id']} ({x['owners']})" + (" *" if flagged else "")


def owned_rows(report: dict, kind: str) -> tuple[list[dict], int, float | None]:
    """What the win-rate chart of item ``kind`` shows: the report's items of that kind with at
    least MIN_OWNERS owner seats, best owners' win rate first (then by id); how many owned
    items were left out for fewer owners; and the pooled win rate of every owner seat of that
    kind in the run (None when no item of it was owned), the chart's baseline."""
    items = [x for x in report["items"] if x["kind"] == kind and x["owners"]]
    owned = [x for x in items if x["owners"] >= MIN_OWNERS]
    owned.sort(key=lambda x: (-x["owners_win_rate"], x["id"]))
    seats = sum(x["owners"] for x in items)
    # wins back from the rounded rate: exact while owners < 5,000 (4 decimal places)
    wins = sum(round(x["owners_win_rate"] * x["owners"]) for x in items)
    return owned, len(items) - len(owned), (wins / seats if seats else None)
