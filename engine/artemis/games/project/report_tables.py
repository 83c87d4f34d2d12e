"""The Project's own tables of a simulation report (docs/simulate.md): after the item tables,
its buildings' staffing and prices, Expeditions per card laid out and who an Event hit; after
the turn positions, dice by region, Gantry prices, Relief Track gains, who wins when behind
after round 3, wins by buildings held and Expeditions by printed difficulty. Read from the
report's items (`stats.item_rates`) and figures (`stats.figures_report`); drawn by the command
line (`artemis.sim.tables`)."""

from __future__ import annotations

from artemis.sim.tables import ReportTable, num, odds_q, odds_ratio_text, pct, rate_ci

#: The End of the Game steps as a report's tables name them: numbered as the rulebook does.
STEP_LABELS = {"saved_resources": "1 saved resources", "surface_buildings": "2 staffed Surface",
               "buildings": "3 buildings", "colonist_sets": "4 colonist sets",
               "leftover_colonists": "5 leftovers", "badges": "6 badges",
               "most_toolkits": "7 most Toolkits"}


def report_tables(report: dict, section: str) -> list[ReportTable | str]:
    """The tables (and lines) of ``section`` of a simulation ``report`` (`build_report`'s
    shape): "items" or "figures"; [] for another section or when the report holds none."""
    if section == "items":
        return _item_tables(report)
    if section == "figures":
        return _figure_tables(report)
    return []


def _item_tables(report: dict) -> list[ReportTable | str]:
    """Staffing and prices of buildings, Expeditions per card laid out, who an Event hit."""
    out: list[ReportTable | str] = []
    n = report["finished"]
    rows = [x for x in report["items"] if "rates" in x and x["appeared"]]
    buildings = [x for x in rows if x["kind"] == "building"]
    if buildings:
        table = ReportTable(f"Buildings over {n} games: copies held at the end, share fully "
                            "staffed then, Upkeep rounds activated of rounds held, mean Gantry "
                            "price; adjusted owners' odds ratio and q (* flagged: below)",
                            [("building", "left"), ("copies", "right"), ("held", "right"),
                             ("staffed", "right"), ("active", "right"), ("price", "right"),
                             ("adj. OR", "right"), ("q", "right")])
        for x in buildings:
            c, r = x["counts"], x["rates"]
            table.add_row(x["id"], str(len(x.get("copies", ())) or 1), str(c.get("held", 0)),
                          pct(r.get("fully_staffed_rate")), pct(r.get("active_rate")),
                          num(r.get("mean_price")), *odds_q(x))
        out.append(table)
    if buildings and any("staffed_won" in x["counts"] for x in buildings):
        table = ReportTable(f"Buildings over {n} games: copies held at the end, fully staffed "
                            "or not, and their holders' win rate",
                            [("building", "left"), ("staffed", "right"),
                             ("win rate (CI)", "right"), ("unstaffed", "right"),
                             ("win rate (CI)", "right")])
        for x in buildings:
            c, r = x["counts"], x["rates"]
            table.add_row(x["id"], str(c.get("fully_staffed", 0)),
                          rate_ci(r.get("staffed_win_rate"), r.get("staffed_win_rate_ci")),
                          str(c.get("held", 0) - c.get("fully_staffed", 0)),
                          rate_ci(r.get("unstaffed_win_rate"), r.get("unstaffed_win_rate_ci")))
        out.append(table)
    out += _at_claim_tables(buildings, n, "Buildings", "claims", "the round it claimed")
    cards = [x for x in rows if x["kind"] == "expedition"]
    difficulty = {card: d["difficulty"]
                  for d in (report.get("figures") or {}).get("expeditions_by_difficulty", ())
                  for card in d["cards"]}
    if cards:
        table = ReportTable(f"Expeditions over {n} games, per card laid out on Basecamp (a "
                            "round on display): d its difficulty, tried (resolved with "
                            "explorers), succeeded",
                            [("expedition", "left"), *([("d", "right")] if difficulty else []),
                             ("laid out", "right"), ("tried", "right"),
                             ("succeeded", "right"), ("per laid out (CI)", "right"),
                             ("adj. OR", "right"), ("q", "right")])
        for x in cards:
            c, r = x["counts"], x["rates"]
            table.add_row(x["id"], *([num(difficulty.get(x["id"]))] if difficulty else []),
                          str(c.get("laid_out", 0)), str(c.get("attempted", 0)),
                          str(c.get("succeeded", 0)),
                          rate_ci(r.get("success_per_laid_out"),
                                  r.get("success_per_laid_out_ci")), *odds_q(x))
        out.append(table)
    out += _at_claim_tables(cards, n, "Expeditions", "rewards",
                            "the round of the success it was rewarded for (R32)")
    events = [x for x in rows if x["kind"] == "event"]
    if events:
        table = ReportTable(f"Events over {n} games: seats hit (changed by its resolution) and "
                            "the rest; per hit seat the VP and Energy+Minerals it moved; final "
                            "VP and win rate of the hit seats against the rest",
                            [("event", "left"), ("hit", "right"), ("VP", "right"),
                             ("E+M", "right"), ("final", "right"), ("rest", "right"),
                             ("won", "right"), ("rest won", "right")])
        for x in events:
            c, r = x["counts"], x["rates"]
            moved = r.get("hit_mean") or {}
            em = (None if not c.get("hit") else
                  float((moved.get("energy") or 0) + (moved.get("minerals") or 0)))
            table.add_row(x["id"], f"{c.get('hit', 0)}/{c.get('hit', 0) + c.get('rest', 0)}",
                          num(r.get("hit_mean_vp")), num(em), num(r.get("hit_final_vp")),
                          num(r.get("rest_final_vp")), pct(r.get("hit_win_rate")),
                          pct(r.get("rest_win_rate")))
        out.append(table)
        tested = [x for x in events if x["adjusted"].get("p") is not None]
        # q over the Events alone (``within_standing``); a report from before it has the
        # owners' family's q only
        own = all("within_standing" in x["rates"] for x in tested)
        if tested:
            table = ReportTable("Events: the hit seats' win against the rest's within their "
                                "standing at the start of the Event's round (the band of the "
                                "seat's projected score minus the best other seat's: level, or "
                                "ahead or behind by 1-3, 4-7, 8-12 or 13+ VP), "
                                "Mantel-Haenszel; q over the "
                                + ("Events tested here" if own else "every tested row")
                                + " (* flagged)",
                                [("event", "left"), ("seats hit", "right"),
                                 ("hit won", "right"), ("rest won", "right"),
                                 ("OR in standing", "right"), ("p", "right"),
                                 ("q", "right")])
            for x in tested:
                c, r, a = x["counts"], x["rates"], x["adjusted"]
                table.add_row(x["id"], str(c.get("hit", 0)), pct(r.get("hit_win_rate")),
                              pct(r.get("rest_win_rate")),
                              odds_ratio_text(a),
                              f"{a['p']:.3g}",
                              odds_q({"adjusted": x["rates"]["within_standing"]} if own
                                     else x)[1])
            out.append(table)
        out += _would_be_table(events, n)
    return out


def _would_be_table(events: list[dict], n: int) -> list[ReportTable | str]:
    """The targeted Events' test against the seats they would have hit (``rates.would_be``,
    `stats._would_be_counts`), and the q of the flags bar's test (``rates.card_test``); [] for
    a report without it."""
    tested = [x for x in events if (x["rates"].get("would_be") or {}).get("p") is not None]
    if not tested:
        return []
    table = ReportTable(f"Events that pick players by a count, over {n} games: the seats "
                        "their target picked at the first decision of the round they were "
                        "dealt against the seats it would have picked then in the games they "
                        "were not dealt, within the standing at the start of the round before, "
                        "Mantel-Haenszel; q over the Events' tests for the flags bar (this "
                        "one for these Events, within standing for the others; * flagged)",
                        [("event", "left"), ("picked", "right"), ("won", "right"),
                         ("would be", "right"), ("won", "right"), ("OR", "right"),
                         ("p", "right"), ("q", "right")])
    for x in tested:
        a = x["rates"]["would_be"]
        cells = x["counts"]["would_be"].values()
        hit, rest = sum(c["hit"] for c in cells), sum(c["rest"] for c in cells)
        hit_won, rest_won = sum(c["hit_won"] for c in cells), sum(c["rest_won"] for c in cells)
        table.add_row(x["id"], str(hit), pct(hit_won / hit if hit else None), str(rest),
                      pct(rest_won / rest if rest else None), odds_ratio_text(a),
                      f"{a['p']:.3g}", odds_q({"adjusted": x["rates"]["card_test"]})[1])
    return [table]


def _at_claim_tables(rows: list[dict], n: int, title: str, claims: str,
                     when: str) -> list[ReportTable | str]:
    """The test at their claim of ``rows`` (buildings or Expeditions: ``rates.at_claim``,
    `stats._claim_counts`), a table of the tested rows and a line naming the untested ones;
    [] when none was tested."""
    tested = [x for x in rows if (x["rates"].get("at_claim") or {}).get("p") is not None]
    if not tested:
        return []
    table = ReportTable(f"{title} over {n} games: their {claims}' win against the other "
                        f"{claims} of their games, within {when} and each claimer's "
                        "standing at its start (the band of the projected score minus the "
                        "best other seat's), Mantel-Haenszel; q over the "
                        f"{title.lower()} tested here (* flagged)",
                        [(title[:-1].lower(), "left"), (claims, "right"),
                         ("adj. OR", "right"), ("p", "right"), ("q", "right")])
    for x in tested:
        a = x["rates"]["at_claim"]
        held = sum(c["held"] for c in x["counts"]["at_claim"].values())
        ratio, q = odds_q({"adjusted": a})
        table.add_row(x["id"], str(held), ratio, f"{a['p']:.3g}", q)
    out: list[ReportTable | str] = [table]
    untested = [x["id"] for x in rows if x["counts"].get("at_claim")
                and (x["rates"].get("at_claim") or {}).get("p") is None]
    if untested:
        out.append(f"{title} with {claims} but not testable at their claim (no standing held "
                   f"both its {claims} and others, with a win and a loss): "
                   + ", ".join(untested))
    return out


def _figure_tables(report: dict) -> list[ReportTable | str]:
    """Dice by region, Gantry prices, Relief Track gains, who wins when behind after round 3,
    wins by buildings held, Expeditions by printed difficulty."""
    out: list[ReportTable | str] = []
    f = report.get("figures") or {}
    dice = f.get("dice_by_region")
    if dice:
        kinds = [k for k in dice if k != "all"] if len(dice) > 2 else ["all"]
        regions = list(dice["all"])
        table = ReportTable("Dice by region (share of the dice placed)",
                            [("region", "left"), *[(k, "right") for k in kinds]])
        for region in regions:
            table.add_row(region, *[pct((dice[k].get(region) or {}).get("share"))
                                    for k in kinds])
        out.append(table)
    gantry = f.get("gantry")
    if gantry and gantry.get("bought"):
        prices = ", ".join(f"{p}: {c}" for p, c in gantry["prices"])
        out.append(f"Gantry: {gantry['bought']} tiles bought ({num(gantry['per_game'])} "
                   f"a game) at a mean price of {num(gantry['mean_price'])}; purchases "
                   f"by price {prices}")
    relief = f.get("relief")
    if relief:
        table = ReportTable("Relief Track gains per seat, and the spaces whose reward was taken",
                            [("bot", "left"), ("gains", "right"), ("per seat", "right"),
                             ("rewards by space", "fold")])
        for k, r in relief.items():
            table.add_row(k, str(r["gains"]), num(r["per_seat"]),
                          " ".join(f"{s}:{c}" for s, c in r["reward"]) or "-")
        out.append(table)
    for key, title in (("after_round_3", "After round 3: seats behind the leader on the VP "
                        "track, or level with it"),
                       ("after_round_3_projected", "After round 3, on the projected score "
                        "(the track plus what final scoring would give then): seats behind "
                        "the leader, or level with it")):
        after = f.get(key)
        if not after or not any(a["seats"] for a in after.values()):
            continue
        table = ReportTable(f"{title}; their win rate, with and without Relief Track gains "
                            "later",
                            [("", "left"), ("seats", "right"), ("win rate (CI)", "right"),
                             ("gap", "right"), ("final gap", "right"), ("relief", "right"),
                             ("with", "right"), ("without", "right")])
        for side, a in after.items():
            table.add_row(side, str(a["seats"]), rate_ci(a["win_rate"], a["win_rate_ci"]),
                          num(a["mean_gap"]), num(a["mean_final_gap"]),
                          num(a["mean_relief"]), pct(a["with_relief"]["win_rate"]),
                          pct(a["without_relief"]["win_rate"]))
        out.append(table)
    held = f.get("win_rate_by_buildings")
    if held:
        table = ReportTable("Wins by buildings held at the end (the building chart's rows): "
                            "adjusted odds ratio against the other seats and q over the rows "
                            "(* flagged)",
                            [("buildings", "left"), ("seats", "right"), ("wins", "right"),
                             ("win rate (CI)", "right"), ("adj. OR", "right"),
                             ("q", "right")])
        for row in held:
            table.add_row(str(row["buildings"]), str(row["seats"]), str(row["wins"]),
                          rate_ci(row["win_rate"], row["win_rate_ci"]), *odds_q(row))
        out.append(table)
    most = f.get("most_relief")
    if most and most["seats"]:
        out.append(f"The seats with a game's most Relief Track gains (tied ones each): "
                   f"{most['wins']} of {most['seats']} won, "
                   f"{rate_ci(most['win_rate'], most['win_rate_ci'])}; a seat at random "
                   f"wins {pct(most['at_random'])}")
    levels = f.get("expeditions_by_difficulty")
    if levels:
        table = ReportTable("Expeditions by printed difficulty: cards laid out, tried, "
                            "succeeded",
                            [("difficulty", "left"), ("cards", "right"), ("laid out", "right"),
                             ("tried", "right"), ("succeeded", "right"),
                             ("per laid out (CI)", "right"), ("per try", "right")])
        for row in levels:
            table.add_row(str(row["difficulty"]), str(len(row["cards"])), str(row["laid_out"]),
                          str(row["attempted"]), str(row["succeeded"]),
                          rate_ci(row["success_per_laid_out"], row["success_per_laid_out_ci"]),
                          pct(row["success_per_attempt"]))
        out.append(table)
    return out
