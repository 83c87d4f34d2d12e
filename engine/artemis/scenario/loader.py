"""Reading a scenario file: safe YAML with positions, the schema, the game config, the given
position, and the steps and expectations in checked form (docs/scenarios.md)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from artemis.content.problems import Problem, did_you_mean, pointer
from artemis.scenario.schema import RESERVED_NAMES, scenario_schema

#: the bare step every game's scenarios have: end the game now and score it
FINAL_SCORING = "final_scoring"


def bare_steps(support) -> tuple[str, ...]:
    """The steps written as a bare word in a game's scenarios: its phase steps (the scenario
    support's ``PHASE_STEPS``, each running the round to a moment: the Project's ``upkeep``)
    and ``final_scoring``."""
    return (*getattr(support, "PHASE_STEPS", {}), FINAL_SCORING)


def steps_hint(support) -> str:
    """The kinds of step, in the game's words: "upkeep, final_scoring, {resolve: REGION},
    {until: MOMENT}, {expect: {...}} or {PLAYER: ACTION_ID}"."""
    noun = getattr(support, "RESOLVE_NOUN", "TARGET")
    return (", ".join(bare_steps(support)) + f", {{resolve: {noun}}}, {{until: MOMENT}}, "
            "{expect: {...}} or {PLAYER: ACTION_ID}")


class ScenarioError(Exception):
    """Raised by `load_scenario` for a scenario file that cannot run; ``problems`` is a
    non-empty list of located `Problem` records (codes E1xx, E2xx, S1xx, S2xx); ``name`` is
    the file's ``scenario:`` when it could be read (else None)."""

    def __init__(self, problems: list[Problem], name: str | None = None):
        self.problems = list(problems)
        self.name = name
        first = self.problems[0].format() if self.problems else "invalid scenario"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


@dataclass
class ExpectedError:
    """An error a step or the scenario must stop with: ``code`` (None: any code), text the
    message must contain (``message``), a regular expression it must match (``pattern``,
    searched anywhere), and where it is written."""

    code: str | None
    message: str = ""
    pattern: str = ""
    line: int = 0
    column: int = 0

    def matches(self, code: str, message: str) -> bool:
        """Whether an error ``code`` with ``message`` is this one."""
        import re

        return ((self.code is None or self.code == code) and self.message in message
                and (not self.pattern or re.search(self.pattern, message) is not None))

    def __str__(self) -> str:
        text = f"error {self.code}" if self.code else "an error"
        if self.message:
            text += f" with '{self.message}'"
        if self.pattern:
            text += f" matching /{self.pattern}/"
        return text


@dataclass
class Expectation:
    """One ``expect`` entry: a dotted path and the value (or matcher) it must have, with its
    position; ``seat`` is whose view the path reads (None: the public view, a spectator's)
    and ``viewer`` how the file names it (None for the public view)."""

    path: str
    value: Any
    line: int
    column: int
    seat: int | None = None
    viewer: str | None = None


@dataclass
class Step:
    """One step: ``kind`` is "action" (``player`` seat or None for whoever is asked,
    ``action`` id, ``error`` expected or None), "resolve" (``target``), "until" (``target``:
    a named moment), "phase" (a bare step of the game's ``PHASE_STEPS``: ``target`` is the
    moment it runs to), "expect" (``expect``: the checks at that point) or "final_scoring";
    ``index`` is its place in the list, ``text`` how it reads."""

    kind: str
    index: int
    line: int
    column: int
    text: str
    player: int | None = None
    action: str = ""
    target: str = ""
    error: ExpectedError | None = None
    expect: list[Expectation] = field(default_factory=list)


@dataclass
class Scenario:
    """A loaded scenario: ``game`` is the given position, ready for the steps (run on a
    clone, so a Scenario can run many times); ``names`` the players' names by seat (None where
    not named); ``index`` its place in a file of several (``scenarios:``), else None."""

    file: str
    name: str
    game: Any
    names: list
    steps: list[Step] = field(default_factory=list)
    expect: list[Expectation] = field(default_factory=list)
    error: ExpectedError | None = None  # expect.error
    line: int = 1
    index: int | None = None


@functools.cache
def _validator(many: bool = False):
    """The Draft-7 validator of one scenario (`scenario_schema`) or, with ``many``, of a
    file of several (`many_schema`): built once per process, on first use."""
    from jsonschema import Draft7Validator

    from artemis.scenario.schema import many_schema

    return Draft7Validator(many_schema() if many else scenario_schema())


def load_scenario(path: Path | str, game: str | None = None, checked: bool = True) -> Scenario:
    """Read, check and set up the one scenario of a file, of its game: the file's ``game:``,
    else ``game`` (the one asked for, ``--game``), else ``project``.

    Returns a `Scenario`. Raises `ScenarioError` (and, whatever the bytes of the file, nothing
    else but `artemis.kernel.games.GameConflict` when the file names another game than
    ``game``) with every located problem found: E1xx for the YAML, E2xx for the schema, S1xx
    and S2xx for the config, names, ids and the given position; S199 marks a bug in this
    loader. A file of several scenarios (``scenarios:``) is E206 here: `load_scenarios`
    reads it. ``checked`` False accepts a scenario that states no check (no ``expect``, no
    expected error: E202 otherwise), to explore its position (`artemis scenario actions`)."""
    found = load_scenarios(path, game, checked)
    if len(found) != 1:
        raise ScenarioError([Problem(str(path), found[0].line, 1, "/scenarios", "E206",
                                     f"the file holds {len(found)} scenarios",
                                     "read it with load_scenarios (`artemis scenario run` "
                                     "runs them all)")], None)
    return found[0]


def load_scenarios(path: Path | str, game: str | None = None,
                   checked: bool = True) -> list[Scenario]:
    """Every scenario of a file: the file's one scenario, or each of its ``scenarios:`` in
    order (a file-level ``game:`` is the game of the items naming none). Raises as
    `load_scenario`, with the problems of every item (all or nothing); ``checked`` as
    there."""
    from artemis.kernel.games import GameConflict

    shown = str(path)
    try:
        return _load(Path(path), shown, game, checked)
    except (ScenarioError, GameConflict):
        raise
    except RecursionError:
        raise ScenarioError([Problem(shown, 1, 1, "", "E110", "nesting too deep",
                                     "flatten the structure")]) from None
    except Exception as exc:  # the promise: located problems only, never a traceback
        raise ScenarioError([Problem(shown, 0, 0, "", "S199", f"internal error: "
                                     f"{type(exc).__name__}: {exc}",
                                     "this is a bug in artemis; please report it")]) from None


def _load(path: Path, shown: str, asked: str | None = None,
          checked: bool = True) -> list[Scenario]:
    from artemis.content.schema_check import schema_problems
    from artemis.content.yamlio import YamlProblem, load

    try:
        doc = load(path, shown, empty_hint="a scenario is a mapping with scenario, given, "
                   "steps and expect")
    except YamlProblem as exc:
        raise ScenarioError([exc.problem]) from None
    if not (isinstance(doc.data, dict) and "scenarios" in doc.data):
        return [_one(path, doc, asked, checked)]
    problems = schema_problems(doc, _validator(many=True))
    if problems:
        raise ScenarioError(problems)
    named = doc.data.get("game")
    out: list[Scenario] = []
    for i, item in enumerate(doc.data["scenarios"]):
        sub = _item(doc, ("scenarios", i))
        if named is not None and "game" not in item:
            sub.data = {**item, "game": named}
        try:
            scenario = _one(path, sub, asked, checked)
        except ScenarioError as exc:
            problems += [dataclasses.replace(p, pointer=f"/scenarios/{i}{p.pointer}")
                         for p in exc.problems]
            continue
        scenario.index = i
        out.append(scenario)
    if problems:
        raise ScenarioError(problems)
    return out


def _item(doc, prefix: tuple):
    """The document of one item under ``prefix``: its paths relative to the item, its
    positions those of the file."""
    n = len(prefix)

    def under(table: dict) -> dict:
        return {p[n:]: v for p, v in table.items() if p[:n] == prefix}

    data = doc.data
    for key in prefix:
        data = data[key]
    return dataclasses.replace(doc, data=data, values=under(doc.values),
                               keys=under(doc.keys), texts=under(doc.texts))


def _one(path: Path, doc, asked: str | None, checked: bool = True) -> Scenario:
    from artemis.content.schema_check import schema_problems

    shown = doc.file
    if not isinstance(doc.data, dict):
        schema = schema_problems(doc, _validator())
        raise ScenarioError(schema or [Problem(shown, 1, 1, "", "E201", "expected a mapping")])
    name = doc.data.get("scenario")
    name = name if isinstance(name, str) else None
    named = doc.data.get("game")
    if isinstance(named, str) or (named is None and asked is not None):
        from artemis.kernel.games import game_for

        # a file that names no game is checked as one of the game asked for
        doc.data = {**doc.data, "game": game_for(named, asked, shown)}
    problems = schema_problems(doc, _validator())
    if problems:
        raise ScenarioError(problems, name)
    data = doc.data

    def at(p: tuple, code: str, message: str, hint: str = "", key: bool = False) -> None:
        line, col = doc.position(p, key=key)
        problems.append(Problem(shown, line, col, pointer(p), code, message, hint))

    from artemis.kernel.games import UnknownGame, get_game

    try:
        support = get_game(data.get("game")).scenario
    except UnknownGame as exc:
        at(("game",), "S101", str(exc), "see `artemis games`")
        raise ScenarioError(problems, name) from None
    if support is None:
        at(("game",), "S101", f"the game '{data['game']}' has no scenario support")
        raise ScenarioError(problems, name)
    given = data.get("given") or {}
    names = support.player_names(doc, given, at)
    game = _new_game(path, doc, data, given, at, support)
    if game is None:
        raise ScenarioError(problems, name)
    problems.extend(support.apply_given(game, doc, data, names))
    if any(names):
        game.seat_names = list(names)  # the engine's messages name the players (Game.who)
    n = game.config.players
    seats, viewer = _seat_namer(n, names, support, at, game), _viewer(n, names, support, at)
    steps = [st for i, raw in enumerate(data.get("steps") or [])
             if (st := _step(doc, i, raw, n, names, at, support, (seats, viewer)))
             is not None]
    error = None
    expect = _expectations(doc, ("expect",), data.get("expect") or {}, at, seats, viewer)
    if "error" in (data.get("expect") or {}):
        error = _step_error(doc, ("expect", "error"), data["expect"]["error"], at)
    if checked and not (expect or error or any(st.kind == "expect" or st.error
                                                for st in steps)):
        at((), "E202", "missing field 'expect': a scenario states what must hold",
           "add expect: {PATH: VALUE}, or {expect: {...}} steps (`artemis scenario "
           "actions` reads the file without them, to explore its position)")
    if problems:
        raise ScenarioError(sorted(problems, key=lambda p: (p.line, p.column)), name)
    return Scenario(shown, data["scenario"], game, names, steps, expect, error,
                    line=doc.position(())[0])


def _expectations(doc, path: tuple, mapping: dict, at, seats,
                  viewer=None) -> list[Expectation]:
    """The checks of one expect mapping at ``path`` (its ``error`` and ``view`` keys left
    out), each matcher's arguments checked, players' names where a seat belongs made seats
    (``seats(value, where)``: `_seat_namer`), and each read from the view ``view:`` names
    (``viewer(value, where)``: the seat, None for the public view)."""
    from artemis.scenario.matchers import matcher_problems

    seat, shown = None, None
    if "view" in mapping and viewer is not None:
        seat = viewer(mapping["view"], (*path, "view"))
        shown = None if seat is None else str(mapping["view"])
    out = []
    for key, value in mapping.items():
        if key in ("error", "view"):
            continue
        for where, message, hint in matcher_problems(value, (*path, key)):
            at(where, "E201", message, hint)
        line, col = doc.position((*path, key), key=True)
        out.append(Expectation(key, seats(value, (*path, key)), line, col, seat, shown))
    return out


def _viewer(n: int, names: list, support, at):
    """``viewer(value, where)``: the seat whose view an expect mapping's ``view:`` names (a
    seat number or a player's name), or None for ``spectator``, the public view; a seat out
    of range or an unknown name is S102, anything else E201, at ``where``."""
    from artemis.scenario.schema import SPECTATOR

    def viewer(value, where: tuple) -> int | None:
        if value == SPECTATOR:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            at(where, "E201", f"view names a seat (its number or its player's name) or "
               f"{SPECTATOR}, got {value!r}", f"for example view: 0, or view: {SPECTATOR} "
               "(the public view, the default)")
            return None
        return support.player_seat(n, names, value, where, at)

    return viewer


def _seat_namer(n: int, names: list, support, at, game=None):
    """``seats(value, where)``: the expected ``value`` of the expectation at ``where`` (its
    last part the dotted path) with players' names made seat numbers where the view holds a
    seat (`artemis.scenario.seats`), or what the game's view holds there for that seat (the
    support's optional ``seat_value(game, parts, seat)``: with teams, the seat's team); a name
    that is no player's is S102 at its line."""
    from artemis.scenario.seats import name_seats, seat_paths

    patterns = seat_paths(support)
    value_of = getattr(support, "seat_value", None)
    to_value = None if value_of is None else (lambda parts, seat: value_of(game, parts, seat))

    def seats(value, where: tuple):
        def unknown(inside: tuple, text: str) -> None:
            support.player_seat(n, names, text, (*where, *inside), at)

        return name_seats(value, tuple(str(where[-1]).split(".")), patterns, names, unknown,
                          to_value)

    return seats


def _new_game(path: Path, doc, data: dict, given: dict, at, support):
    from artemis.content.problems import ContentError
    from artemis.kernel.game import ConfigError

    config = dict(data.get("config") or {})
    if "game" in data:
        config["game"] = data["game"]
    if "players" in given:
        count = len(given["players"])
        if config.setdefault("players", count) != count:
            at(("given", "players"), "S101", f"given.players lists {count} players, config "
               f"says {config['players']}", "make them agree (or leave config.players out)")
            return None
    if "expansions" in config:
        config["expansions"] = [str(path.parent / e) for e in config["expansions"]]
        for i, e in enumerate(config["expansions"]):
            try:
                found = Path(e).is_dir()
            except OSError:  # a name too long to look up (ENAMETOOLONG)
                found = False
            if not found:
                at(("config", "expansions", i), "S101",
                   f"expansion '{data['config']['expansions'][i]}' not found",
                   "paths are relative to the scenario file")
                return None
    try:
        game = support.new_position(config)
        for name, value in (config.get("params") or {}).items():
            spec = game.registry.parameters[name]
            if spec.type == "int" and (not isinstance(value, int) or isinstance(value, bool)):
                at(("config", "params", name), "S101", f"rule parameter '{name}' is a whole "
                   f"number, got {value!r}", f"for example {name}: {spec.default}")
                return None
        return game
    except ConfigError as exc:
        at(("config",), "S101", str(exc), "see `artemis plugins` for variants and "
           "docs/scenarios.md for config")
    except ContentError as exc:
        for p in exc.problems:
            at(("config", "expansions"), "S101", f"content: {p.format()}")
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        # a rule parameter of the wrong type breaks setup itself
        at(("config",), "S101", f"the game cannot be set up with this config: {exc}",
           "check config.params against the rule parameters of docs/authoring.md 4.5")
    return None


def _step(doc, i: int, raw, n: int, names: list, at, support, namers) -> Step | None:
    targets, player_seat = support.RESOLVE_TARGETS, support.player_seat
    path = ("steps", i)
    line, col = doc.position(path)
    if isinstance(raw, str):
        phases = getattr(support, "PHASE_STEPS", {})
        if raw in phases:
            return Step("phase", i, line, col, raw, target=phases[raw])
        if raw == FINAL_SCORING:
            return Step(raw, i, line, col, raw)
        at(path, "E204", f"'{raw}' is not a step",
           did_you_mean(raw, bare_steps(support)) or f"a step is {steps_hint(support)}")
        return None
    if "until" in raw:
        return _until(doc, path, raw, at, support)
    if "expect" in raw:
        if len(raw) > 1:
            extra = next(k for k in raw if k != "expect")
            at((*path, extra), "E203", f"an expect step has no '{extra}'",
               "one mapping of checks: - expect: {PATH: VALUE}", key=True)
            return None
        checks = raw["expect"]
        if not isinstance(checks, dict) or not checks:
            at((*path, "expect"), "E201", f"an expect step is a mapping of checks, got "
               f"{checks!r}", "for example - expect: {PATH: VALUE}, a path of the view")
            return None
        if set(checks) == {"view"}:
            at((*path, "expect"), "E201", "an expect step is a mapping of checks: view alone "
               "checks nothing", "add the paths it reads, for example - expect: {view: 0, "
               "board.0.card: null}")
            return None
        if "error" in checks:
            at((*path, "expect", "error"), "E203", "an expect step checks the position; an "
               "error is expected by its step (error: beside the action) or by the "
               "scenario's expect", key=True)
            return None
        return Step("expect", i, line, col, "expect", expect=_expectations(
            doc, (*path, "expect"), checks, at, *namers))
    if "resolve" in raw:
        extra = [k for k in raw if k != "resolve"]
        target = raw["resolve"]
        if extra:
            at((*path, extra[0]), "E203", f"a resolve step has no '{extra[0]}'",
               "write the answers to its decisions as the steps after it", key=True)
            return None
        if target not in targets:
            at((*path, "resolve"), "E204", f"cannot resolve {target!r}",
               did_you_mean(str(target), targets) or "expected one of: "
               + ", ".join(targets))
            return None
        return Step("resolve", i, line, col, f"resolve: {target}", target=target)
    error = None
    if "error" in raw:
        error = _step_error(doc, (*path, "error"), raw["error"], at)
    if "action" in raw:
        extra = [k for k in raw if k not in ("player", "action", "error")]
        if extra:
            at((*path, extra[0]), "E203", f"unknown key '{extra[0]}' in an action step",
               did_you_mean(extra[0], ("player", "action", "error")), key=True)
            return None
        who, action = raw.get("player"), raw["action"]
        who_path = (*path, "player")
    else:
        keys = [k for k in raw if k != "error"]
        if len(keys) != 1:
            at(path, "E206", "an action step is {PLAYER: ACTION_ID} (one player)",
               "for example {PLAYER: ACTION_ID} or {player: 0, action: ACTION_ID}")
            return None
        who, action = keys[0], raw[keys[0]]
        if who in RESERVED_NAMES or who in getattr(support, "PHASE_STEPS", {}):
            at((*path, who), "E203", f"'{who}' is not a step",
               f"a step is {steps_hint(support)}", key=True)
            return None
        if isinstance(who, str) and who.isdigit():
            who = int(who)
        who_path = (*path, keys[0])
    seat = None
    if who is not None:
        # the player first: `frobnicate: 3` is an unknown player, not a bad action
        seat = player_seat(n, names, who, who_path, lambda p, c, m, h="": at(
            p, c, m, h, key="action" not in raw))
        if seat is None:
            return None
    if not isinstance(action, str):
        at((*path, "action") if "action" in raw else (*path, keys[0]), "E201",
           f"an action is its id (a string), got {action!r}", "for example 'buy:buy'")
        return None
    # a file that names no player (or fewer than the seats) has no name for this seat
    shown = names[seat] if seat is not None and seat < len(names) and names[seat] else seat
    text = f"{shown}: {action}" if seat is not None else action
    canonical = getattr(support, "canonical_action", None)  # another form the game accepts
    if canonical is not None:
        action = canonical(action)
    return Step("action", i, line, col, text, player=seat, action=action, error=error)


def _until(doc, path: tuple, raw: dict, at, support) -> Step | None:
    moments = support.MOMENTS
    extra = [k for k in raw if k != "until"]
    if extra:
        at((*path, extra[0]), "E203", f"an until step has no '{extra[0]}'",
           "write the answers to its decisions as the steps after it", key=True)
        return None
    target = raw["until"]
    if target not in moments:
        at((*path, "until"), "E204", f"no moment {target!r} to run until; the moments are: "
           + ", ".join(moments), moment_hint(target, moments, support.RESOLVE_TARGETS))
        return None
    line, col = doc.position(path)
    return Step("until", path[1], line, col, f"until: {target}", target=target)


def moment_hint(target, moments, targets=()) -> str:
    """The hint for an ``until:`` naming no moment: the moment ``target`` is close to, compared
    on the part after the words they share (``end_of_placment`` is close to
    ``end_of_placement``; ``end_of_quary`` to none, ``quary`` being far from ``placement``,
    ``game`` and the others); else, when that part is close to a ``resolve`` target
    (``targets``: the Project's regions, ...), the resolve step that stops there; else
    where the moments are explained (the message lists them)."""
    from difflib import SequenceMatcher

    word = str(target)
    best, score = "", 0.0
    for m in moments:
        shared = len(word) if word == m else len(_common_prefix(word, m))
        cut = word.rfind("_", 0, shared) + 1  # the whole words both names start with
        ratio = SequenceMatcher(None, word[cut:], m[cut:]).ratio()
        if ratio > score:
            best, score = m, ratio
    if score >= 0.55:
        return f"did you mean '{best}'?"
    rest = word.rsplit("_", 1)[-1] if word.startswith(("end_of_", "after_")) else word
    near = did_you_mean(rest, targets) if targets else ""
    if near.startswith("did you mean"):
        close = near.split("'")[1]
        return (f"no moment is close; to run until {close} has resolved, write "
                f"`resolve: {close}` (docs/scenarios.md, steps)")
    return ("none of the moments is close to this name; docs/scenarios.md (Stop points) says "
            "where each one stands")


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def _step_error(doc, path, value, at) -> ExpectedError | None:
    import re

    line, col = doc.position(path)
    code = r"[ES][0-9]{3}"
    if isinstance(value, str) and re.fullmatch(code, value):
        return ExpectedError(value, line=line, column=col)
    if (isinstance(value, dict) and value and set(value) <= {"code", "message", "match"}
            and all(isinstance(v, str) for v in value.values())
            and re.fullmatch(code, value.get("code", "S000"))):
        pattern = value.get("match", "")
        try:
            re.compile(pattern)
        except re.error as exc:
            at((*path, "match"), "E201", f"not a regular expression: {exc}",
               "Python's re syntax; quote the text in YAML")
            return None
        return ExpectedError(value.get("code"), value.get("message", ""), pattern, line, col)
    at(path, "E201", f"an expected error is a code or {{code, message, match}}, got {value!r}",
       "for example error: S301, or error: {code: S301, match: REGULAR_EXPRESSION}")
    return None
