"""`artemis scenario run PATH...`: run scenario files (docs/scenarios.md).

Its imports stay light: the engine loads only when a command
runs. Exit codes: 0 every scenario passed, 1 a scenario failed or a file is invalid (or no
scenario file was found), 2 usage error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import StrictOpt

scenario_app = typer.Typer(help="Scenario files: rules tests as data (docs/scenarios.md).",
                           no_args_is_help=True)


def run_files(paths: list[Path], game: str | None = None) -> list[dict]:
    """Load and run every scenario file under ``paths`` (a file that names no game is one of
    ``game``, default project); one record per file:
    {file, name, status: "pass" | "fail" | "invalid", failure (or None), problems}. Raises
    GameConflict for a file that names another game than ``game``."""
    from artemis.scenario import ScenarioError, load_scenario, run_scenario, scenario_files

    records = []
    for path in scenario_files(paths):
        try:
            scenario = load_scenario(path, game)
        except ScenarioError as exc:
            records.append({"file": str(path), "name": exc.name, "status": "invalid",
                            "failure": None,
                            "problems": [p.as_dict() for p in exc.problems]})
            continue
        outcome = run_scenario(scenario)
        records.append({"file": str(path), "name": scenario.name,
                        "status": "pass" if outcome.passed else "fail",
                        "failure": outcome.failure.as_dict() if outcome.failure else None,
                        "problems": []})
    return records


@scenario_app.command("run")
def run(
    paths: Annotated[list[Path], typer.Argument(
        metavar="PATH...", help="Scenario files, or folders to search for *.yaml files.")],
    game_id: Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help="The game of the scenarios that name none (a file's "
        "game: wins; another --game is a usage error) \\[default: project].",
        show_default=False)] = None,
    strict_plugins: StrictOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Run scenario files: PASS or FAIL per scenario with the first difference; exit 1 on any
    failure or invalid file."""
    from artemis.cli.common import conflict, plugin_host, ruleset_of
    from artemis.content.problems import Problem
    from artemis.kernel.games import GameConflict

    if game_id is not None:
        ruleset_of(game_id)
    plugin_host(None, None, strict_plugins)  # the scenarios' games use the default host
    try:
        records = run_files(paths, game_id)
    except GameConflict as exc:
        conflict(exc)
    counts = {s: sum(r["status"] == s for r in records) for s in ("pass", "fail", "invalid")}
    if as_json:
        print(json.dumps({"scenarios": records, "passed": counts["pass"],
                          "failed": counts["fail"], "invalid": counts["invalid"]},
                         indent=2, ensure_ascii=False))
    else:
        for r in records:
            if r["status"] == "pass":
                print(f"PASS {r['file']}: {r['name']}")
            elif r["status"] == "fail":
                f = r["failure"]
                print(f"FAIL {r['file']}:{f['line']}:{f['column']}: {r['name']}\n"
                      f"    error[{f['code']}]: {f['message']}")
            else:
                print(f"INVALID {r['file']}")
                for p in r["problems"]:
                    print("    " + Problem(**p).format().replace("\n", "\n    "))
        if not records:
            print("no scenario files found in " + ", ".join(map(str, paths)))
        else:
            print(f"scenarios: {counts['pass']} passed, {counts['fail']} failed, "
                  f"{counts['invalid']} invalid")
    raise typer.Exit(0 if records and counts["pass"] == len(records) else 1)
