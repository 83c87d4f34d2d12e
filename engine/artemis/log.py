"""Game logs as JSON lines: reading, replaying and verifying them (`artemis replay`).

A log (written by `artemis.play.write_log`) is a header line ``{"type": "game", "players",
"seed", "params", "variants", "expansions", "bots", "names"}`` followed by every entry of
``game.log`` in order: actions (``{"type": "action", "player", "id", "label"}``) and their
consequences. A replay builds the game from the header's config and seed and applies the
logged action ids in order; `verify` then compares every regenerated entry with the recorded
one after JSON normalisation and reports the first difference.

Numbering: entry ``index`` counts from 0 after the header; ``step`` = index + 1; the file
``line`` = index + 2 (the header is line 1). The kernel knows no Artemis names: it needs a game
with ``apply(id)``, ``log``, ``is_over``, ``current_player``, ``legal_actions()`` and a
``new_game(config)`` factory.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Largest log file read (bytes); a 5-player game's log is about 150 kB.
MAX_LOG_BYTES = 64 * 1024 * 1024
HEADER_FIELDS = {"players": int, "seed": int, "params": dict, "variants": dict,
                 "expansions": list, "bots": list, "names": list}


class LogError(ValueError):
    """A log that cannot be read or replayed: the message names the file, the line and what
    is wrong (bad JSON, no header, a field of the wrong type, an action not legal)."""


@dataclass
class GameLog:
    """A read log: ``header`` (line 1), ``entries`` (line 2 on, plain JSON data) and
    ``source`` (the file name, for messages)."""

    header: dict
    entries: list[dict]
    source: str = "<log>"

    @property
    def config(self) -> dict:
        """The game config: players, seed, params, variants, expansions."""
        h = self.header
        return {"players": h["players"], "seed": h["seed"], "params": h["params"],
                "variants": h["variants"], "expansions": tuple(h["expansions"])}

    @property
    def kinds(self) -> list[str]:
        """Who played each seat (bot kinds), from the header."""
        return list(self.header["bots"])

    @property
    def names(self) -> list[str]:
        """Seat names, from the header."""
        return list(self.header["names"])

    def actions(self) -> list[tuple[int, str]]:
        """(entry index, action id) of every action entry, in order."""
        return [(i, e["id"]) for i, e in enumerate(self.entries) if e["type"] == "action"]


@dataclass
class Difference:
    """The first place a replay departs from a log. ``index`` is the entry's 0-based index
    (``step`` = index + 1, file ``line`` = index + 2); ``recorded`` and ``replayed`` are the
    two entries (None where one side has no entry there); ``note`` says why in words."""

    index: int
    recorded: Any
    replayed: Any
    note: str = ""
    keys: list[str] = field(default_factory=list)

    @property
    def step(self) -> int:
        """1-based entry number."""
        return self.index + 1

    @property
    def line(self) -> int:
        """Line in the log file (the header is line 1)."""
        return self.index + 2

    def as_dict(self) -> dict:
        """JSON form: {ok: false, step, line, index, recorded, replayed, keys, note}."""
        return {"ok": False, "step": self.step, "line": self.line, "index": self.index,
                "recorded": self.recorded, "replayed": self.replayed, "keys": self.keys,
                "note": self.note}

    def format(self, source: str = "the log") -> str:
        """Lines for people: where, both values, the keys that differ, and the note."""
        out = [f"difference at step {self.step} (line {self.line} of {source}):",
               "  recorded: " + _show(self.recorded),
               "  replayed: " + _show(self.replayed)]
        if self.keys:
            out.append("  differs in: " + ", ".join(
                f"{k} (recorded {_show(self.recorded.get(k, '<absent>'))}, replayed "
                f"{_show(self.replayed.get(k, '<absent>'))})" for k in self.keys))
        if self.note:
            out.append(f"  {self.note}")
        return "\n".join(out)


def _show(value: Any) -> str:
    if value is None:
        return "(nothing)"
    return json.dumps(value, ensure_ascii=False, sort_keys=False)


def normalise(entry: Any) -> Any:
    """An entry as the log file holds it: JSON-dumped (tuples and sets as lists) and read back.
    Raises TypeError for a value with no JSON form."""
    return json.loads(json.dumps(entry, default=list))


def shown_path(path: str | Path) -> str:
    """``path`` as printable text: bytes that are not UTF-8 in a file name (kept by Python as
    lone surrogates) are shown as ``\\udcXX`` escapes instead of breaking a print."""
    return str(path).encode("utf-8", "backslashreplace").decode("utf-8")


def read_log(path: str | Path) -> GameLog:
    """Read a JSON-lines game log. Raises LogError (file and line in the message) when the
    file cannot be read, is not UTF-8 or too large (`MAX_LOG_BYTES`), a line is not a JSON
    object, the first line is not a ``{"type": "game"}`` header with the fields and types of
    `HEADER_FIELDS`, or an entry has no string ``type`` (an action no string ``id``)."""
    path = Path(path)
    shown = shown_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_LOG_BYTES:
            raise LogError(f"{shown}: the log is {size} bytes, more than the limit of "
                           f"{MAX_LOG_BYTES}")
        data = path.read_bytes()
    except LogError:
        raise
    except OSError as exc:
        raise LogError(f"{shown}: cannot read the log: {exc.strerror or exc}") from None
    except ValueError as exc:  # an embedded NUL in the path, say
        raise LogError(f"{shown}: cannot read the log: {exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise LogError(f"{shown}:{line}: the log is not UTF-8 text") from None
    return parse_log(text, shown)


def parse_log(text: str, source: str = "<log>") -> GameLog:
    """A `GameLog` from the text of a log file; ``source`` names it in messages. Raises
    LogError as `read_log` does."""
    header: dict | None = None
    entries: list[dict] = []
    for number, line in enumerate(text.split("\n"), start=1):  # not splitlines: \x1c is no end
        if not line.strip():
            continue
        try:
            value = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError) as exc:
            what = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc) or "too deep"
            raise LogError(f"{source}:{number}: bad JSON: {what}") from None
        if _SURROGATE.search(line) and not _encodable(value):
            raise LogError(f"{source}:{number}: a string holds a lone surrogate escape "
                           "(\\ud800-\\udfff), which is not text")
        if not isinstance(value, dict):
            raise LogError(f"{source}:{number}: an entry is a JSON object, got "
                           f"{_json_type(value)}")
        if header is None:
            if number != 1 or value.get("type") != "game":
                raise LogError(f"{source}:{number}: no header: the first line of a log is "
                               '{"type": "game", "players": ..., "seed": ..., ...} '
                               "(written by `artemis play --log`)")
            _check_header(value, source)
            header = value
            continue
        kind = value.get("type")
        if not isinstance(kind, str):
            raise LogError(f"{source}:{number}: an entry needs a string \"type\"")
        if kind == "action" and not isinstance(value.get("id"), str):
            raise LogError(f"{source}:{number}: an action entry needs a string \"id\"")
        entries.append(value)
    if header is None:
        raise LogError(f"{source}: the log is empty: no header line")
    return GameLog(header, entries, source)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _encodable(value: Any) -> bool:
    """Whether every string in ``value`` is text (no lone surrogate from a \\u escape)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _json_type(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _check_header(header: dict, source: str) -> None:
    for name, kind in HEADER_FIELDS.items():
        value = header.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise LogError(f"{source}:1: header field \"{name}\" must be "
                           f"{_json_type(kind())}, got {_show(value)}")
    for name in ("expansions", "bots", "names"):
        if not all(isinstance(v, str) for v in header[name]):
            raise LogError(f"{source}:1: header field \"{name}\" must list strings")
    for name in ("bots", "names"):
        if len(header[name]) != header["players"]:
            raise LogError(f"{source}:1: header field \"{name}\" has {len(header[name])} "
                           f"entries for {header['players']} players")


def default_new_game(host=None) -> Callable[[dict], Any]:
    """A factory building an Artemis game from a log config with the plugin ``host``."""

    def new_game(config: dict):
        from artemis.game import Game

        return Game.new(dict(config), plugins=host)

    return new_game


@dataclass
class Replay:
    """A replayed game and, if an action could not be applied, where: ``failed_at`` is the
    entry index of that action and ``error`` the engine's reason."""

    game: Any
    failed_at: int | None = None
    error: str = ""


def replay(log: GameLog, host=None, new_game: Callable | None = None,
           stop_at_illegal: bool = True) -> Replay:
    """Build the game from the log's config and seed and apply its action ids in order.

    Raises LogError when the config cannot be played (unknown variant, missing expansion) or,
    with ``stop_at_illegal``, when an action is not legal at its point (line in the message);
    otherwise the returned `Replay` says where the replay stopped."""
    from artemis.actions import IllegalAction

    make = new_game or default_new_game(host)
    try:
        game = make(log.config)
    except Exception as exc:  # ConfigError, ContentError, a bad param value deep in setup
        raise LogError(f"{log.source}:1: cannot set up the logged game: "
                       f"{_reason(exc)}") from None
    for index, action_id in log.actions():
        try:
            game.apply(action_id)
        except IllegalAction as exc:
            if stop_at_illegal:
                raise LogError(f"{log.source}:{index + 2}: action '{action_id}' is not legal "
                               f"in the replay: {exc}") from None
            return Replay(game, index, str(exc))
        except Exception as exc:  # a rule failing on a forged action: still the log's fault
            raise LogError(f"{log.source}:{index + 2}: replaying action '{action_id}' "
                           f"failed: {_reason(exc)}") from None
    return Replay(game)


def _reason(exc: Exception) -> str:
    problems = getattr(exc, "problems", None)
    if problems:
        return "; ".join(p.format().splitlines()[0] for p in problems[:3])
    return f"{exc}" if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"


def verify(log: GameLog, host=None, new_game: Callable | None = None) -> Difference | None:
    """Replay ``log`` and compare every regenerated entry with the recorded one (both
    JSON-normalised). Returns the first `Difference`, or None when every entry matches and
    the game is over where the log ends. Raises LogError when the game cannot be set up."""
    result = replay(log, host, new_game, stop_at_illegal=False)
    game = result.game
    recorded = log.entries
    replayed = [normalise(e) for e in game.log]
    for index, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if a != b:
            keys = (sorted(k for k in a.keys() | b.keys() if a.get(k, _ABSENT) != b.get(k, _ABSENT))
                    if isinstance(a, dict) and isinstance(b, dict) else [])
            return Difference(index, a, b, keys=keys)
    common = len(replayed)
    if result.failed_at is not None:
        if common < result.failed_at:
            return Difference(common, recorded[common], None, _waiting(game, "here"))
        return Difference(result.failed_at, recorded[result.failed_at], None,
                          f"the action is not legal in the replay: {result.error}")
    if common < len(recorded):
        return Difference(common, recorded[common], None,
                          _waiting(game, "here") if not game.is_over
                          else "the replayed game is over here")
    if common > len(recorded):
        return Difference(len(recorded), None, replayed[len(recorded)],
                          "the recorded log ends here")
    if not game.is_over:
        return Difference(common, None, None, "the log ends before the game does: "
                          + _waiting(game, "next"))
    return None


_ABSENT = object()


def _waiting(game, where: str) -> str:
    legal = [a.id for a in game.legal_actions()[:4]]
    return (f"the replay asks player {game.current_player} to decide {where} "
            f"(legal: {', '.join(legal)}{', ...' if len(game.legal_actions()) > 4 else ''})")
