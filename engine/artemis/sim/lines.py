"""The compact export of a run: one JSON line per game (`artemis simulate --games-out`, and
``games.jsonl`` beside the full logs of ``--log-dir``), for a designer's own spreadsheet or
notebook. Game-agnostic: what a summary holds, without the per-item detail."""

from __future__ import annotations

import json

#: The keys of a line, in order: a summary's, those it has (``winners`` for tied leaders,
#: ``positions``, ``strata``), then the game's per-seat figures as ``seats``.
KEYS = ("index", "seed", "bots", "vp", "winner", "winners", "ranking", "rounds",
        "decisions", "steps", "positions", "strata")


def game_line(summary: dict, bots: list[str]) -> dict:
    """One game's line: {index, seed, bots, vp (per seat), winner, ranking, rounds,
    decisions, steps (per seat, {part: VP}), positions, strata, seats (the game's figures
    per seat: the Project's dice by region, Relief Track, Gantry purchases, who was behind
    after round 3)}; a game that did not finish: {index, seed, bots, error or timed_out,
    replay}."""
    if "error" in summary or "timed_out" in summary:
        return {"index": summary["index"], "seed": summary.get("seed"), "bots": list(bots),
                **{k: summary[k] for k in ("error", "timed_out", "replay") if k in summary}}
    line = {"bots": list(bots)}
    line.update({k: summary[k] for k in KEYS if k in summary})
    seats = (summary.get("figures") or {}).get("seats")
    if seats:
        line["seats"] = seats
    return {k: line[k] for k in (*KEYS[:2], "bots", *KEYS[3:], "seats") if k in line}


def game_lines(results: list[dict], bots: list[str]) -> str:
    """Every game's line (`game_line`) in game-index order, as JSON-lines text."""
    ordered = sorted(results, key=lambda r: r["index"])
    return "".join(json.dumps(game_line(r, bots), separators=(",", ":")) + "\n"
                   for r in ordered)
