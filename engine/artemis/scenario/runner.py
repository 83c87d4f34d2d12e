"""Running a scenario's steps on its given position and checking its expectations
(docs/scenarios.md). The rule queue is driven only through the game's scenario support
(`Ruleset.scenario`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from artemis.records.log import same_json
from artemis.scenario.loader import Scenario, Step
from artemis.scenario.matchers import is_matcher, mismatch

_MISSING = object()


@dataclass
class Failure:
    """Why a scenario failed: ``code`` (S3xx, S4xx), ``message``, where in the file (``line``,
    ``column``), for a value that differs its ``path``, ``expected`` and ``actual``, and the
    number of the step that failed (1 the first; None: the scenario's own ``expect``)."""

    code: str
    message: str
    line: int
    column: int
    path: str | None = None
    expected: Any = None
    actual: Any = None
    step: int | None = None

    def as_dict(self) -> dict:
        """JSON form: {code, message, line, column, path, expected, actual, step}."""
        return {"code": self.code, "message": self.message, "line": self.line,
                "column": self.column, "path": self.path, "expected": self.expected,
                "actual": self.actual, "step": self.step}


@dataclass
class Outcome:
    """The result of one run: ``passed``, the first ``failure`` (None when passed), the game
    after the steps, and ``steps_run``."""

    scenario: Scenario
    passed: bool
    failure: Failure | None
    game: Any = field(repr=False, default=None)
    steps_run: int = 0


class _RunError(Exception):
    def __init__(self, code: str, message: str, step: Step):
        self.code, self.message, self.step = code, message, step
        super().__init__(message)


def _who(scenario: Scenario, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    name = scenario.names[seat] if seat < len(scenario.names) else None
    return f"player {seat} ({name})" if name else f"player {seat}"


def _decision_text(scenario: Scenario, game) -> str:
    ids = [a.id for a in game.legal_actions()]
    shown = ", ".join(ids[:12]) + (f", ... ({len(ids)} in all)" if len(ids) > 12 else "")
    kind = game.pending.kind
    article = "an" if kind[:1] in "aeiou" else "a"
    seat = game.current_player
    name = scenario.names[seat] if seat is not None and seat < len(scenario.names) else None
    example = f"{name if name else seat}: {ids[0]}" if ids and seat is not None else ""
    # a phase or resolve step runs until a player must choose; the choice is the next step
    after = (f"; write the answer as the step after it, for example `{example}`"
             if example else "")
    return (f"{_who(scenario, seat)} must answer {article} {kind} question; legal: {shown}"
            f"{after}")


class _Checked(Exception):
    """An expect step failed: the run stops there with ``failure``."""

    def __init__(self, failure: Failure, step: Step):
        self.failure, self.step = failure, step
        super().__init__(failure.message)


class _Goal:
    """Where a resolve, until or phase step stops."""

    def __init__(self, step: Step, pos):
        self.step = step
        self.pos = pos  # the game's scenario support
        self.depth: int | None = None

    def watch(self, task: tuple, depth: int) -> None:
        """See each step before it runs: remember the depth of the one that resolves the
        target; the target is done when the queue is back to that depth."""
        target, pos = self.step.target, self.pos
        if self.depth is None and self.step.kind == "resolve" and pos.resolves(task, target):
            self.depth = depth

    def done(self, game) -> bool:
        pos = self.pos
        if self.step.kind == "until":
            return pos.at_moment(game, self.step.target)
        if self.step.kind == "phase":  # a moment reached with no question pending
            return game.pending is None and pos.at_moment(game, self.step.target)
        if self.step.target == "round":
            return pos.resolution_over(game)
        return self.depth is not None and pos.queue_depth(game) <= self.depth


def _advance(scenario: Scenario, game, goal: _Goal) -> bool:
    """Run rule steps until ``goal`` is reached (True) or a decision is pending (False).
    Raises _RunError S305 when the game ends (or nothing is left to run) first. A moment
    (``until``) may be reached with a question pending (the start-player choice)."""
    for _ in range(game.ruleset.max_steps):
        if goal.step.kind == "until" and goal.done(game):
            return True
        if game.pending is not None:
            return False
        if goal.done(game):
            return True
        task = goal.pos.next_task(game)
        if task is None:
            raise _RunError("S305", "the game " + ("is over" if game.is_over else
                                                   "has nothing left to run")
                            + " and that has not happened", goal.step)
        goal.pos.step_once(game, goal.watch)
    raise _looping(game, goal.step)


def _settle(game, base: int, step: Step) -> None:
    """Run the rule steps an answer left scheduled above ``base`` (the queue as the steps
    found it: the rest of the phase and round) until a decision is pending: the follow-up of
    an earlier answer (a Marine after paying for its send, the next player's placement) runs,
    and the next phase waits for a step that asks for it."""
    pos = game.ruleset.scenario
    for _ in range(game.ruleset.max_steps):  # the loop guard of `artemis.kernel.flow.run`
        if game.pending is not None or pos.queue_depth(game) <= base:
            return
        pos.step_once(game)
    raise _looping(game, step)


def _looping(game, step: Step) -> _RunError:
    """S306 for a loop guard that ran out (`_advance`, `_settle`): the ruleset's
    ``max_steps`` rule steps without a decision, while running ``step``."""
    return _RunError("S306", f"no decision after {game.ruleset.max_steps} rule steps: the "
                     "rules or a plugin schedule steps for ever", step)


def position_at(scenario: Scenario, step: int | None = None,
                until: str | None = None) -> Outcome:
    """The position a scenario reaches, its expectations left unchecked: after every step, or
    only the steps before step ``step`` (1 is the first: the position that step meets), then
    on to the moment ``until`` (one of the game's ``MOMENTS``) when given. ``passed`` is False
    (with the failure) when a step could not run. For `artemis scenario actions`."""
    steps = scenario.steps if step is None else scenario.steps[: max(0, step - 1)]
    steps = [s for s in steps if s.kind != "expect"]
    if until is not None:
        steps.append(Step("until", -1, scenario.line, 1, f"until: {until}", target=until))
    return run_scenario(scenario, steps)


def run_scenario(scenario: Scenario, steps: list[Step] | None = None) -> Outcome:
    """Run the steps on a clone of the given position, then check ``expect``; with ``steps``
    (`position_at`), run those instead and check nothing.

    Never raises for anything a scenario holds: an engine exception becomes failure S306."""
    game = scenario.game.clone()
    game.forced = []  # questions answered at once: a step may state them (checked, not asked)
    stop = steps
    steps = scenario.steps if steps is None else steps
    run_error: _RunError | None = None
    count = 0
    try:
        count = _run_steps(scenario, game, steps)
    except _Checked as exc:
        return Outcome(scenario, False, exc.failure, game, exc.step.index)
    except _RunError as exc:
        run_error = exc
        count = exc.step.index
    except Exception as exc:  # the engine broke on this position: report, do not crash
        run_error = _RunError("S306", f"the engine failed: {type(exc).__name__}: {exc}",
                              Step("engine", -1, scenario.line, 1, ""))
    if stop is not None:
        failure = None
        if run_error is not None:
            failure = _run_failure(run_error)
        return Outcome(scenario, failure is None, failure, game, count)
    expected = scenario.error
    if run_error is not None:
        if expected is None or not expected.matches(run_error.code, run_error.message):
            failure = _run_failure(run_error)
            if expected is not None:
                failure = Failure("S404", f"expected {expected}, got {run_error.code}: "
                                  f"{failure.message}", expected.line, expected.column,
                                  "error", expected.code, run_error.code)
            return Outcome(scenario, False, failure, game, count)
    elif expected is not None:
        return Outcome(scenario, False, Failure(
            "S403", f"expected {expected}, but every step ran", expected.line,
            expected.column, "error", expected.code, None), game, count)
    for e in scenario.expect:
        failure = check(scenario, game, e)
        if failure is not None:
            return Outcome(scenario, False, failure, game, count)
    return Outcome(scenario, True, None, game, count)


def _run_failure(run_error: _RunError) -> Failure:
    step = run_error.step
    where = f"step {step.index + 1} ({step.text}): " if step.index >= 0 else ""
    return Failure(run_error.code, where + run_error.message, step.line, step.column,
                   step=step.index + 1 if step.index >= 0 else None)


def _run_steps(scenario: Scenario, game, steps: list[Step]) -> int:
    goal: _Goal | None = None
    support = game.ruleset.scenario
    base = support.queue_depth(game)
    heard = [0]  # game.forced[:heard[0]] are stated or past
    for step in steps:
        if step.kind == "expect":
            for e in step.expect:
                failure = check(scenario, game, e)
                if failure is not None:
                    failure.message = f"step {step.index + 1} (expect): {failure.message}"
                    failure.step = step.index + 1
                    raise _Checked(failure, step)
            continue
        if step.kind == "action":
            _act(scenario, game, step, heard)
            if goal is not None:
                if _advance(scenario, game, goal):
                    goal = None
                    base = support.queue_depth(game)
            else:
                _settle(game, base, step)
            continue
        if game.pending is not None and (goal is not None or step.kind == "final_scoring"):
            stuck = goal.step if goal is not None else step
            raise _RunError("S302", f"unanswered decision: {_decision_text(scenario, game)}",
                            stuck)
        if step.kind == "final_scoring":
            if not game.is_over:
                support.score_now(game)
            continue
        # a decision pending here (the Placement phase's first) is answered by the steps after
        goal = _Goal(step, support)
        if _advance(scenario, game, goal):
            goal = None
            base = support.queue_depth(game)
    if goal is not None:
        raise _RunError("S302", f"unanswered decision: {_decision_text(scenario, game)}",
                        goal.step)
    return len(steps)


def _answers_open_question(game, step: Step) -> bool:
    """Whether ``step`` is a legal answer to the question pending, by the player asked."""
    if game.pending is None or step.player not in (None, game.current_player):
        return False
    return any(a.id == step.action for a in game.legal_actions())


def _stated(scenario: Scenario, game, step: Step, heard: list) -> bool:
    """Whether ``step`` states a question the engine answered at once (one legal answer)
    since the last answer: it is then checked, not asked; the ones before it are passed.
    A step that can answer the question pending answers it instead (docs/scenarios.md, "A
    question with a single legal answer")."""
    if _answers_open_question(game, step):
        return False
    forced = game.forced
    for i in range(heard[0], len(forced)):
        seat, _kind, action = forced[i]
        if action.id == step.action and step.player in (None, seat):
            heard[0] = i + 1
            return True
    return False


def _unstated(scenario: Scenario, game, heard: list) -> str:
    forced = game.forced[heard[0]:]
    if not forced:
        return ""
    return (" (answered at once since the last answer: "
            + ", ".join(f"{a.id} by {_who(scenario, seat)}" for seat, _k, a in forced[:6])
            + ")")


def _act(scenario: Scenario, game, step: Step, heard: list) -> None:
    from artemis.kernel.actions import IllegalAction

    if _stated(scenario, game, step, heard):
        if step.error is not None:
            raise _RunError("S403", f"expected {step.error}, but the engine answered that "
                            "question at once with this answer (its only legal one)", step)
        return
    code, message = "", ""
    if game.pending is None:
        code, message = "S303", ("the game is over" if game.is_over else
                                 "no decision is pending here") + _unstated(
                                     scenario, game, heard)
    elif step.player is not None and step.player != game.current_player:
        code, message = "S304", (f"the decision is not {_who(scenario, step.player)}'s: "
                                 + _decision_text(scenario, game))
    else:
        before = len(game.forced)
        try:
            game.ruleset.scenario.answer(game, step.action)
        except IllegalAction as exc:
            del game.forced[before:]
            code, message = "S301", str(exc)
        else:
            heard[0] = before  # the answers made at once before this question are past
    if not code:
        if step.error is not None:
            raise _RunError("S403", f"expected {step.error}, but the action was applied",
                            step)
        return
    if step.error is not None and step.error.matches(code, message):
        return
    if step.error is not None:
        raise _RunError("S404", f"expected {step.error}, got {code}: {message}", step)
    raise _RunError(code, message, step)


# -- expectations -------------------------------------------------------------------------------

def _root(scenario: Scenario, game, name: str, seat: int | None = None):
    if name == "result":
        return game.result
    if name == "decision":
        if game.pending is None:
            return None
        return {"player": game.current_player, "kind": game.pending.kind,
                "legal": [a.id for a in game.legal_actions()]}
    view = game.view(seat)
    if name not in view and name == "hidden":  # what no seat sees: the deck orders ...
        return game.full_view().get(name, _MISSING)
    return view.get(name, _MISSING)


def _player_row(scenario: Scenario, game, name: str) -> int | None:
    """The entry of the view's ``players`` a name reads: the game's own (its scenario
    support's optional ``player_row(game, names, name)``: with teams, a seat's team), else
    the named player's seat; None for no player."""
    row = getattr(game.ruleset.scenario, "player_row", None)
    if row is not None:
        return row(game, scenario.names, name)
    return scenario.names.index(name) if name in scenario.names else None


def _by_id(node: list, parts: list, i: int) -> tuple[int, int] | None:
    """The entry of ``node`` (a list of mappings) whose ``id`` is spelt by ``parts[i:]``'s
    first parts joined with dots (a planet ``leo.3`` is the parts ``leo``, ``3``): (index,
    parts used), the longest id first; None when no entry has such an id."""
    ids = [e.get("id") if isinstance(e, dict) else None for e in node]
    for n in range(len(parts) - i, 0, -1):
        wanted = ".".join(parts[i:i + n])
        if wanted in ids:
            return ids.index(wanted), n
    return None


def resolve_path(scenario: Scenario, game, path: str, seat: int | None = None):
    """The value at dotted ``path``: the first part is a key of game.view(seat) (``seat``
    None: the public view), or ``result`` (game.result) or ``decision``; a list is indexed by
    number, and a players list also by player name, and a list of mappings by their ``id``
    (an id holding dots written as is: ``planets.leo.3.pieces``). The root ``hidden`` reads
    `Game.full_view`'s hidden part (deck orders, every hand). Returns (value, None) or (None,
    why it was not found)."""
    parts = path.split(".")
    node = _root(scenario, game, parts[0], seat)
    if node is _MISSING:
        return None, f"the view has no '{parts[0]}'; it has: " \
            f"{', '.join(game.view(seat))}, and result, decision"
    if node is None and len(parts) > 1:
        why = ("the game is not over (result exists after final scoring)"
               if parts[0] == "result" else f"'{parts[0]}' is null")
        return None, why
    done = [parts[0]]
    i = 1
    while i < len(parts):
        part = parts[i]
        if isinstance(node, list):
            index = None
            found = _by_id(node, parts, i)
            if found is not None:
                index, used = found
                part = ".".join(parts[i:i + used])
                i += used - 1
            elif part.lstrip("-").isdigit():
                index = int(part)
            elif done[-1] == "players":
                index = _player_row(scenario, game, part)
            if index is None or not -len(node) <= index < len(node):
                return None, (f"'{'.'.join(done)}' is a list of {len(node)}; no entry "
                              f"'{part}'")
            node = node[index]
        elif isinstance(node, dict):
            if part not in node:
                return None, (f"'{'.'.join(done)}' has no '{part}'; it has: "
                              f"{', '.join(map(str, node))}")
            node = node[part]
        else:
            return None, f"'{'.'.join(done)}' is {json.dumps(node)}, not a list or mapping"
        done.append(part)
        i += 1
    return node, None


def first_difference(expected, actual, path: str):
    """The first place where ``actual`` does not hold ``expected``: (path, expected, actual,
    words) with ``words`` what was expected in words for a matcher (else None), or None; for
    a key an expected mapping lists and the actual one lacks, ``actual`` is `_MISSING` and
    ``words`` say which keys it has. A mapping checks only the keys it lists; a mapping of
    matchers (artemis.scenario.matchers) states something about the value; a list must match
    in full; true/false never equal numbers."""
    if is_matcher(expected):
        why = mismatch(expected, actual, lambda e, a: first_difference(e, a, path) is None)
        return None if why is None else (path, expected, actual, why)
    if isinstance(expected, dict) and isinstance(actual, dict):
        for k, v in expected.items():
            if k not in actual:  # read as a path not found (S402), as resolve_path says it
                return (f"{path}.{k}", v, _MISSING,
                        f"'{path}' has no '{k}'; it has: {', '.join(map(str, actual))}")
            diff = first_difference(v, actual[k], f"{path}.{k}")
            if diff:
                return diff
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return path, expected, actual, None
        for e, a in zip(expected, actual, strict=True):
            diff = first_difference(e, a, path)
            if diff:
                return path, expected, actual, None
        return None
    if not same_json(expected, actual):  # JSON types count, as in `replay --verify`
        return path, expected, actual, None
    return None


def check(scenario: Scenario, game, e) -> Failure | None:
    """Check one expectation; a Failure (S401 value differs, S402 path not found: the
    expectation's own path, or a key of an expected mapping) or None."""
    actual, why = resolve_path(scenario, game, e.path, e.seat)
    # a seat's view is named in the message: the same path reads otherwise in another view
    whose = "" if e.viewer is None else f" (view: {e.viewer})"
    if why is not None:
        return Failure("S402", f"{e.path}{whose}: not found: {why}", e.line, e.column,
                       e.path, e.value, None)
    diff = first_difference(e.value, actual, e.path)
    if diff is None:
        return None
    path, want, got, words = diff
    if got is _MISSING:
        return Failure("S402", f"{path}{whose}: not found: {words}", e.line, e.column, path,
                       want, None)
    shown = words if words is not None else _show(want, scenario, game, path)
    return Failure("S401", f"{path}{whose}: expected {shown}, actual "
                   f"{_show(got, scenario, game, path)}", e.line, e.column, path, want, got)


def _show(value, scenario: Scenario | None = None, game=None, path: str = "") -> str:
    """``value`` as JSON; a seat at a seat-valued ``path`` with its player's name: 0 (yellow)
    (where a team game's view holds a team, its seats' names: 1 (bo, ed))."""
    text = json.dumps(value, ensure_ascii=False)
    if scenario is None or not isinstance(value, int) or isinstance(value, bool):
        return text
    from artemis.scenario.seats import is_seat, seat_paths

    support = game.ruleset.scenario
    parts = tuple(path.split("."))
    if not is_seat(parts, seat_paths(support)):
        return text
    value_of = getattr(support, "seat_value", None)
    who = [name for seat, name in enumerate(scenario.names) if name and value == (
        seat if value_of is None else value_of(game, parts, seat))]
    return f"{text} ({', '.join(who)})" if who else text
