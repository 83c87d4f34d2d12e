"""The few tests a balance report needs, in pure Python (no SciPy: a dozen lines each, and the
report must be the same on any install): the Wilson interval of a rate, the Cochran-Mantel-
Haenszel test of a 2x2 table per stratum, and the Benjamini-Hochberg correction for many rows.

Why these (docs/simulate.md, "Owners' win rate, adjusted"): an item's owners win more often
for reasons that are not the item, above all because owning more buildings goes with winning,
and because a stronger bot buys more. Comparing owners with the other seats *of the same
stratum* (the same bot kind holding as many buildings) and pooling the strata by Mantel-
Haenszel removes that; and it is computed from whole-number counts per stratum, which add up
exactly when reports of index ranges are merged (a logistic regression would not).
"""

from __future__ import annotations

import math

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


def mantel_haenszel(tables) -> dict | None:
    """The Cochran-Mantel-Haenszel test over ``tables``, one 2x2 table per stratum given as
    (a, b, c, d): a exposed and won, b exposed and lost, c others that won, d others that
    lost (whole numbers). Strata with one row or one column empty carry no information and
    are skipped.

    Returns {odds_ratio, chi2, p} (odds_ratio None when undefined: no discordant pair; chi2 the
    1-degree-of-freedom statistic without continuity correction; p its two-sided p-value), or
    None when no stratum informs (nothing to test). Reference: Mantel & Haenszel 1959;
    Agresti, Categorical Data Analysis, 6.3."""
    num = den = dev = var = 0.0
    informative = False
    for a, b, c, d in tables:
        n = a + b + c + d
        rows, cols = (a + b, c + d), (a + c, b + d)
        if n < 2 or 0 in rows or 0 in cols:
            continue
        informative = True
        num += a * d / n
        den += b * c / n
        dev += a - rows[0] * cols[0] / n
        var += rows[0] * rows[1] * cols[0] * cols[1] / (n * n * (n - 1))
    if not informative or var <= 0:
        return None
    chi2 = dev * dev / var
    return {"odds_ratio": round(num / den, 4) if den else None, "chi2": round(chi2, 4),
            "p": chi2_p(chi2)}


def chi2_p(chi2: float) -> float:
    """The upper tail P(X >= chi2) of a chi-square with 1 degree of freedom: erfc(sqrt(x/2)),
    rounded to 6 significant digits (so a report is the same on every platform's libm)."""
    return float(f"{math.erfc(math.sqrt(chi2 / 2)):.6g}")


def benjamini_hochberg(pvalues: list[float]) -> list[float]:
    """The Benjamini-Hochberg adjusted p-values (q-values) of ``pvalues``, in their order: a
    row is a discovery at false discovery rate Q when its q-value is at most Q. q_(i) =
    min over j >= i of p_(j) * m / j, capped at 1 (Benjamini & Hochberg 1995)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        out[i] = float(f"{min(1.0, running):.6g}")
    return out
