"""Scenario files: rules tests as data (docs/scenarios.md).

A scenario is a YAML file with a position (``given``), what happens (``steps``) and what must
hold afterwards (``expect``). `load_scenario(path)` returns a `Scenario` or raises
`ScenarioError` carrying located `artemis.content.problems.Problem` records (and nothing
else, for any input bytes); `run_scenario(scenario)` returns an `Outcome` (passed, or the
first failure with its path, expected and actual values); `scenario_files(paths)` expands
folders. The codes are in `CODES` (artemis.scenario.codes).
"""

from __future__ import annotations

from pathlib import Path

from artemis.scenario.codes import CODES
from artemis.scenario.loader import Scenario, ScenarioError, load_scenario
from artemis.scenario.runner import Failure, Outcome, run_scenario

__all__ = ["CODES", "Failure", "Outcome", "Scenario", "ScenarioError", "load_scenario",
           "run_scenario", "scenario_files"]


def scenario_files(paths) -> list[Path]:
    """Every scenario file named: a file as given, a folder's ``*.yaml``/``*.yml`` files at
    any depth, sorted by path. A path that does not exist is returned as is, for the loader to
    report (E101)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted((f for f in p.rglob("*") if f.suffix in (".yaml", ".yml")
                               and f.is_file()), key=lambda f: f.as_posix()))
        else:
            out.append(p)
    return out
