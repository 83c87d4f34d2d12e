"""A simulation report's tables as data, for the tables a game adds to it (its report part's
`report_tables`, `artemis.kernel.parts.Report`).

A game says what its tables hold; the command line draws them (rich, 80 columns), so a game
needs no console. The number formats here are the ones every table of the report uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ReportTable:
    """One table: ``title``; ``columns`` as (header, how), how "left" or "right" (never
    wraps: ids and numbers) or "fold" (a name, folded onto a second line); ``rows`` of cell
    texts, one per column."""

    title: str
    columns: list[tuple[str, str]]
    rows: list[tuple[str, ...]] = field(default_factory=list)

    def add_row(self, *cells: str) -> None:
        """Append a row; ValueError when it has not one cell per column."""
        if len(cells) != len(self.columns):
            raise ValueError(f"table {self.title!r}: a row of {len(cells)} cells for "
                             f"{len(self.columns)} columns")
        self.rows.append(tuple(cells))


def num(x) -> str:
    """A figure as a cell: "-" for None, a float with two decimals, else as is."""
    return "-" if x is None else f"{x:.2f}" if isinstance(x, float) else str(x)  # aligned


def pct(x) -> str:
    """A share (0 to 1) as whole percents, "-" for None."""
    return "-" if x is None else f"{100 * x:.0f}%"


def rate_ci(rate, ci) -> str:
    """"50.0% (24-76)": a win rate with its 95% interval, in percent (whole percents: the
    interval is no more precise than that); "-" for None."""
    if rate is None:
        return "-"
    return f"{100 * rate:.1f}% ({100 * ci[0]:.0f}-{100 * ci[1]:.0f})"


def odds_ratio_text(test: dict | None) -> str:
    """A Mantel-Haenszel test's odds ratio as a cell: "-" for no test (no stratum informed),
    "n/a" for a test whose odds ratio is undefined (in every informative stratum the exposed
    all won or all lost, or the others did: its p-value still stands), else two decimals."""
    if not test or test.get("p") is None:
        return "-"
    return "n/a" if test.get("odds_ratio") is None else f"{test['odds_ratio']:.2f}"


def odds_q(x: dict) -> tuple[str, str]:
    """An item's adjusted odds ratio (`odds_ratio_text`) and its q-value (a report item's
    ``adjusted``), "*" after a flagged one."""
    a = x.get("adjusted") or {}
    ratio = odds_ratio_text(a)
    q = "-" if a.get("q") is None else f"{a['q']:.3f}" + ("*" if a.get("flagged") else " ")
    return ratio, q
