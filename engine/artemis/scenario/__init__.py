"""Scenario files: rules tests as data (docs/scenarios.md).

A scenario is a YAML file with a position (``given``), what happens (``steps``) and what must
hold (``expect``, and ``expect`` steps); a file may hold several (``scenarios:``).
`load_scenarios(path)` returns its `Scenario`s (`load_scenario`: a file's only one) or raises
`ScenarioError` carrying located `artemis.content.problems.Problem` records (and nothing
else, for any input bytes); `run_scenario(scenario)` returns an `Outcome` (passed, or the
first failure with its path, expected and actual values); `position_at` the position at a
step or a named moment; `scenario_files(paths)` expands folders. The codes are in `CODES`
(artemis.scenario.codes).
"""

from __future__ import annotations

from pathlib import Path

from artemis.scenario.codes import CODES
from artemis.scenario.loader import Scenario, ScenarioError, load_scenario, load_scenarios
from artemis.scenario.runner import Failure, Outcome, position_at, run_scenario

__all__ = ["CODES", "Failure", "Outcome", "Scenario", "ScenarioError", "load_scenario",
           "load_scenarios", "position_at", "run_scenario", "scenario_files"]


def scenario_files(paths) -> list[Path]:
    """Every scenario file named: a file as given; a folder's ``*.yaml``/``*.yml`` files at
    any depth, sorted by path, leaving out content packs (a folder holding ``expansion.yaml``,
    which a scenario's ``config.expansions`` names) and hidden files and folders (a name
    starting with "."). A path that does not exist is returned as is, for the loader to
    report (E101)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if not p.is_dir():
            out.append(p)
            continue
        packs = {f.parent for f in p.rglob("expansion.yaml")}
        out.extend(sorted((f for f in p.rglob("*") if f.suffix in (".yaml", ".yml")
                           and f.is_file()
                           and not any(part.startswith(".")
                                       for part in f.relative_to(p).parts)
                           and not any(d in packs for d in f.parents)),
                          key=lambda f: f.as_posix()))
    return out
