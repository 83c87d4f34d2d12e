"""The few tests a balance report needs, in pure Python (no SciPy: a dozen lines each, and the
report must be the same on any install): the Wilson interval of a rate, the Cochran-Mantel-
Haenszel test of a 2x2 table per stratum, the Benjamini-Hochberg correction for many rows, and
Pearson's chi-square goodness of fit (wins by seat and by turn position against fair shares).

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


def chi2_sf(chi2: float, df: int) -> float:
    """The upper tail P(X >= chi2) of a chi-square with ``df`` (a whole number >= 1) degrees
    of freedom, in closed form (no series to truncate): for even df, exp(-x/2) times the sum
    of (x/2)^i / i! for i < df/2; for odd df, erfc(sqrt(x/2)) plus sqrt(2x/pi) exp(-x/2)
    times the sum of x^(i-1) / (1*3*...*(2i-1)) for 1 <= i <= (df-1)/2 (Abramowitz & Stegun
    26.4.4 and 26.4.5). Rounded to 6 significant digits, as `chi2_p`. Raises ValueError for
    df < 1 or a negative chi2."""
    if df < 1 or chi2 < 0:
        raise ValueError(f"chi2_sf needs df >= 1 and chi2 >= 0, got df={df}, chi2={chi2}")
    half = chi2 / 2
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        tail = math.exp(-half) * total
    else:
        tail = math.erfc(math.sqrt(half))
        if df > 1:
            term = total = 1.0
            for i in range(2, (df - 1) // 2 + 1):
                term *= chi2 / (2 * i - 1)
                total += term
            tail += math.sqrt(2 * chi2 / math.pi) * math.exp(-half) * total
    return float(f"{min(1.0, tail):.6g}")


def goodness_of_fit(observed: list[int], expected: list[float]) -> dict | None:
    """Pearson's chi-square goodness of fit of whole-number ``observed`` counts (wins per
    seat, per turn position) against ``expected`` counts (what a fair game would give each
    category: the same total, shared in proportion to its seats).

    Returns {chi2, df, p, min_expected}: the statistic sum((O - E)^2 / E) rounded to 4
    places, df = categories - 1, p its upper tail (`chi2_sf`) and the smallest expected
    count (below 5 the chi-square approximation is rough: read p with care). None when fewer
    than two categories have an expected count above 0 (nothing to compare). Raises
    ValueError when the lists differ in length. Reference: Pearson 1900; Agresti,
    Categorical Data Analysis, 1.5."""
    if len(observed) != len(expected):
        raise ValueError("goodness_of_fit: observed and expected differ in length")
    cells = [(o, e) for o, e in zip(observed, expected, strict=True) if e > 0]
    if len(cells) < 2:
        return None
    chi2 = sum((o - e) ** 2 / e for o, e in cells)
    return {"chi2": round(chi2, 4), "df": len(cells) - 1, "p": chi2_sf(chi2, len(cells) - 1),
            "min_expected": round(min(e for _, e in cells), 4)}


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
