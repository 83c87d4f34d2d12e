"""PNG charts of a simulation report (matplotlib, the ``plot`` extra; Agg, no display needed).

Drawn from the report alone, so a saved report.json can be charted again later."""

from __future__ import annotations

from pathlib import Path

PLOT_MISSING = "--plot needs the plot extra: pip install 'artemis-engine[plot]'"


def require_matplotlib() -> None:
    """Raise ImportError with PLOT_MISSING when matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError(PLOT_MISSING) from None


def plot_report(report: dict, folder: Path) -> list[Path]:
    """Write ``final_vp_by_bot.png`` (the final VP distribution of each bot kind, one bar per
    VP value, as a share of that kind's seats) and ``win_rate_by_building.png`` (the owners'
    win rate of every building owned in some game, best first, with the even-chance line at
    1/players) into ``folder`` (created). Returns the paths written.

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

    owned = [x for x in report["items"] if x["kind"] == "building" and x["owners"]]
    owned.sort(key=lambda x: (-x["owners_win_rate"], x["id"]))
    fig = Figure(figsize=(8, max(3.0, 0.22 * len(owned) + 1.2)), layout="constrained")
    ax = fig.add_subplot()
    ax.barh([x["id"] for x in owned], [x["owners_win_rate"] for x in owned])
    ax.invert_yaxis()
    ax.axvline(1 / players, color="grey", linestyle="--", label=f"even chance (1/{players})")
    ax.set_xlabel("owners' win rate (owner seats that won)")
    ax.set_title(f"Win rate by building ({report['finished']} games)")
    ax.tick_params(axis="y", labelsize=7)
    ax.legend(loc="lower right")
    path = folder / "win_rate_by_building.png"
    fig.savefig(path, dpi=100)
    written.append(path)
    return written
