"""The stable codes of problems only The Artemis Project reports: its content checks
(docs/errors.md: E213 its colonist types, E303-E314 across its files, E401-E405 the
rulebook's counts on its base pack, W101-W104 its balance warnings) and its scenario
positions (docs/scenarios.md: S201, S203, S205). The kernel's codes
(`artemis.content.problems.CODES`, `artemis.scenario.CODES`) are reported for its content
and scenarios as for any game's; the codes and titles here are as users' files and the docs
cite them."""

from __future__ import annotations

CODES: dict[str, str] = {
    # E2xx: the schema of its files (the mark ``artemis:enum:E213:...`` of its vocabulary)
    "E213": "unknown colonist or slot type",
    # E3xx: checks across its items and files
    "E303": "duplicate_of names no tile",
    "E304": "event spot does not exist",
    "E309": "building modifies a global rule parameter",
    "E310": "ability does not fit the building kind",
    "E311": "modifier value does not fit the parameter",
    "E312": "this_building outside a building passive",
    "E314": "from: reward outside an Expedition reward",
    # E4xx: the rulebook's counts, for the base game only
    "E401": "base game building count",
    "E402": "base game expedition count",
    "E403": "base game event count",
    "E404": "base game colonist count",
    "E405": "base game Academy supply",
    # W1xx: balance warnings (its ranges; warnings, not errors)
    "W101": "Ocean tile value outside its range",
    "W102": "Surface tile VP outside its range",
    "W103": "Expedition rewards outside the range for its difficulty",
    "W104": "Expedition stock outside its range",
}

#: The scenario position's problems only the Project's positions raise (S2xx: the given
#: position, docs/scenarios.md).
SCENARIO_CODES: dict[str, str] = {
    "S201": "colonist totals do not match the box",
    "S203": "colonists do not fit a building",
    "S205": "impossible dice",
}
