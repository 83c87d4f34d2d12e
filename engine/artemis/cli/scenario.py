"""`artemis scenario run PATH...`: run scenario files; `artemis scenario actions FILE`: the legal
answers at a scenario's position (docs/scenarios.md).

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
    ``game``, default project); one record per scenario (an invalid file: one record):
    {file, index, name, status: "pass" | "fail" | "invalid", failure (or None), problems};
    ``index`` is the scenario's place in a file of several, else None. Raises GameConflict
    for a file that names another game than ``game``."""
    from artemis.scenario import ScenarioError, load_scenarios, run_scenario, scenario_files

    records = []
    for path in scenario_files(paths):
        try:
            scenarios = load_scenarios(path, game)
        except ScenarioError as exc:
            records.append({"file": str(path), "index": None, "name": exc.name,
                            "status": "invalid", "failure": None,
                            "problems": [p.as_dict() for p in not_a_scenario(path, exc)]})
            continue
        for scenario in scenarios:
            outcome = run_scenario(scenario)
            records.append({"file": str(path), "index": scenario.index,
                            "name": scenario.name,
                            "status": "pass" if outcome.passed else "fail",
                            "failure": outcome.failure.as_dict() if outcome.failure else None,
                            "problems": []})
    return records


def not_a_scenario(path: Path, exc) -> list:
    """The problems to show for a file that did not load as a scenario (``exc``, a
    ScenarioError): when it is another kind of artemis file (a game config, a log, a save,
    content: `artemis.records.filekind`) and reads as no scenario at all (it does not parse as
    YAML, or has no ``scenario:``), one S100 naming its kind and the command that takes it,
    instead of the schema's or the YAML reader's words; else ``exc.problems``."""
    from artemis.cli.common import other_kind
    from artemis.content.problems import Problem

    unlike = any(p.code.startswith("E1") or (p.code == "E202" and p.pointer == ""
                                             and "'scenario'" in p.message)
                 for p in exc.problems)
    found = other_kind(path, "scenario") if unlike else None
    if found is None:
        return exc.problems
    return [Problem(str(path), 1, 1, "", "S100", found[0], found[1])]


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


@scenario_app.command("actions")
def actions(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A scenario file.")],
    step: Annotated[int | None, typer.Option(
        "--step", metavar="N", min=1, help="The position step N meets (the steps before it "
        "run): what step N may answer; 1 to the number of steps, expect steps counted. "
        "Default: after every step.")] = None,
    until: Annotated[str | None, typer.Option(
        "--until", metavar="MOMENT", help="Then run on to this moment (end_of_placement, "
        "start_player_choice, ...: docs/scenarios.md).")] = None,
    which: Annotated[str | None, typer.Option(
        "--scenario", metavar="NAME|N", help="In a file of several scenarios: its name or "
        "its number (1 the first).")] = None,
    game_id: Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help="The game of a file that names none "
        "\\[default: project].", show_default=False)] = None,
    strict_plugins: StrictOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """The legal answers (ids and labels) of the question pending at a scenario's position:
    after its steps, at step N, or at a named moment. Exit 1 when the file is invalid or a
    step before that point fails."""
    from artemis.cli.common import conflict, plugin_host, ruleset_of, usage_error
    from artemis.kernel.games import GameConflict
    from artemis.scenario import ScenarioError, load_scenarios, position_at

    if game_id is not None:
        ruleset_of(game_id)
    plugin_host(None, None, strict_plugins)
    try:
        # a file with no check yet is fine here: exploring a position comes before checking it
        scenarios = load_scenarios(path, game_id, checked=False)
    except GameConflict as exc:
        conflict(exc)
    except ScenarioError as exc:
        for p in not_a_scenario(path, exc):
            print(p.format())
        raise typer.Exit(1) from None
    scenario = _pick(scenarios, which, path)
    moments = scenario.game.ruleset.scenario.MOMENTS
    if until is not None and until not in moments:
        from artemis.scenario.loader import moment_hint

        hint = moment_hint(until, moments, scenario.game.ruleset.scenario.RESOLVE_TARGETS)
        usage_error(f"--until: no moment '{until}'; the moments are: {', '.join(moments)} "
                    f"({hint})")
    count = len(scenario.steps)
    if step is not None and step > count:
        # --step N is the position step N meets: a step that exists, 1 to the last
        usage_error(f"--step {step}: the scenario has " + (
            f"{count} step{'s' * (count != 1)} (use 1 to {count}, 1 the first, expect steps "
            "counted; leave --step out for the position after the last step)" if count else
            "no steps (leave --step out)"))
    outcome = position_at(scenario, step, until)
    game = outcome.game
    where = (f"at step {step}" if step is not None else "after every step") + (
        f", then until {until}" if until is not None else "")
    decision = None
    failure = outcome.failure.as_dict() if outcome.failure else None
    note = None
    if failure is not None and failure["code"] == "S302":
        # the run waits for an answer before the point asked for: that question is the answer
        note = (f"the run to {until}" if failure["step"] is None else
                failure["message"].split(": unanswered decision")[0])
        failure = None
    if failure is None and game.pending is not None:
        seat = game.current_player
        decision = {"player": seat, "name": scenario.names[seat] if seat < len(
                        scenario.names) else None,
                    "kind": game.pending.kind,
                    "rule": game.ruleset.questions.get(game.pending.kind, ""),
                    "actions": [{"id": a.id, "label": a.label} for a in game.legal_actions()]}
    if as_json:
        print(json.dumps({"file": str(path), "scenario": scenario.name, "step": step,
                          "until": until, "waiting": note, "over": bool(game.is_over),
                          "decision": decision, "failure": failure}, indent=2,
                         ensure_ascii=False))
    else:
        print(f"{path}: {scenario.name} ({where})")
        if failure is not None:
            print(f"    error[{failure['code']}]: {failure['message']}")
        elif decision is None:
            print("no decision is pending: " + ("the game is over" if game.is_over else
                                                "the rules wait for a step to run on"))
        else:
            who = f"player {decision['player']}" + (
                f" ({decision['name']})" if decision["name"] else "")
            rule = f" ({decision['rule']})" if decision["rule"] else ""
            if note is not None:
                print(f"the run waits here for an answer ({note} cannot go on before it)")
            print(f"{who} answers a {decision['kind']} question{rule}:")
            width = max(len(a["id"]) for a in decision["actions"])
            for a in decision["actions"]:
                print(f"  {a['id']:<{width}}  {a['label']}")
    raise typer.Exit(1 if failure is not None else 0)


def _pick(scenarios: list, which: str | None, path: Path):
    """The scenario ``--scenario`` names (a name, or a number from 1), or the file's only
    one; a usage error otherwise."""
    from artemis.cli.common import usage_error

    names = ", ".join(f"{i}. {s.name}" for i, s in enumerate(scenarios, 1))
    if which is None:
        if len(scenarios) == 1:
            return scenarios[0]
        usage_error(f"{path} holds {len(scenarios)} scenarios: name one with --scenario "
                    f"({names})")
    if which.isdigit() and 1 <= int(which) <= len(scenarios):
        return scenarios[int(which) - 1]
    found = [s for s in scenarios if s.name == which]
    if not found:
        usage_error(f"--scenario: no scenario '{which}' in {path} ({names})")
    return found[0]
