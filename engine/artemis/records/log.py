"""Game logs as JSON lines: reading, replaying and verifying them (`artemis replay`).

A log (written by `write_log`) is a header line ``{"type": "game", "game", "players", "seed",
"params", "variants", "options", "expansions", "rules_version", "content_version", "bots",
"names", "content"}`` followed by every entry of ``game.log`` in order: actions (``{"type":
"action", "player", "id", "label"}``) and their consequences. ``game`` (default ``project``),
``options`` and ``content`` (the content digest, packs and plugins, as in a save) are absent
from logs written before games had ids; such logs still replay. ``rules_version`` (the game's
rules version it was played under, `artemis.kernel.ruleset.Ruleset.rules_version`) is absent
from logs written before rules had versions: they replay under
`artemis.kernel.ruleset.UNVERSIONED` (`played_config`); so is ``content_version`` (the version
of the base content, `artemis.kernel.ruleset.Ruleset.content_version`) from logs written
before content had versions, which replay on the first.

Two keys of an entry are the kernel's marks: ``to`` (the seats that may see a private record;
absent: public) and ``reveals`` (the action's consequences showed hidden or random
information). A log written before they existed (its header has no ``content``, which came
with them) lacks them: `verify` ignores there a mark the recorded entry does not have, and
in any later log compares them as every other key, so an edited log that drops one differs.

A replay builds the game from the header's config and seed and applies the logged action ids
in order; `verify` then compares every regenerated entry with the recorded
one after JSON normalisation and reports the first difference.

Numbering: entry ``index`` counts from 0 after the header; ``step`` = index + 1; the file
``line`` is where the entry was read (index + 2 when the log has no blank lines; the header is
line 1). Values compare with their JSON types (`same_json`: 2 is not 2.0). The kernel knows
no Artemis names: it needs a game with ``apply(id)``, ``log``, ``is_over``,
``current_player``, ``legal_actions()`` and a ``new_game(config)`` factory.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: Largest log file read (bytes); a 5-player game's log is about 150 kB.
MAX_LOG_BYTES = 64 * 1024 * 1024
#: Seeds a log or save may hold: 0 <= seed <= MAX_SEED (a game takes any int; files keep to
#: 64-bit values so every tool reading them can).
MAX_SEED = 2**63 - 1
#: Longest integer literal read from a log or save (a seed has at most 19 digits); `write_log`
#: refuses to write a log holding a longer one, and no content can make one: every number of
#: every content schema is bounded (docs/authoring.md 13.6), so a game's VP and resources stay
#: far below 10**40.
JSON_NUMBER_DIGITS = 40
HEADER_FIELDS = {"players": int, "seed": int, "params": dict, "variants": dict,
                 "expansions": list, "bots": list, "names": list}
#: Header fields added later: absent in older logs, checked when present.
OPTIONAL_HEADER_FIELDS = {"game": str, "options": dict, "content": dict, "rules_version": int,
                          "content_version": int}
#: The kernel's marks on entries (see the module docstring)
MARKS = ("to", "reveals")


class LogError(ValueError):
    """A log that cannot be read or replayed: the message names the file, the line and what
    is wrong (bad JSON, no header, a field of the wrong type, an action not legal)."""


@dataclass
class GameLog:
    """A read log: ``header`` (line 1), ``entries`` (line 2 on, plain JSON data),
    ``source`` (the file name, for messages) and ``lines``, the file line of each entry
    (blank lines are skipped, so entry i is not always on line i + 2)."""

    header: dict
    entries: list[dict]
    source: str = "<log>"
    lines: list[int] = field(default_factory=list)
    folder: str = "."  # the log file's folder: its expansion paths are relative to it

    def line_of(self, index: int) -> int:
        """The file line of entry ``index`` (one past the last entry's line for the end)."""
        if 0 <= index < len(self.lines):
            return self.lines[index]
        if self.lines and index >= len(self.lines):
            return self.lines[-1] + index - len(self.lines) + 1
        return index + 2

    @property
    def config(self) -> dict:
        """The game config: game, players, seed, params, variants, options, expansions,
        rules_version and content_version (a log that names no game is a Project log; one
        that names no rules or content version was played under the first,
        `played_config`)."""
        from artemis.kernel.games import DEFAULT_GAME
        from artemis.records.paths import loaded

        h = self.header
        return played_config(
            {"game": h.get("game", DEFAULT_GAME), "players": h["players"], "seed": h["seed"],
             "params": h["params"], "variants": h["variants"], "options": h.get("options", {}),
             "expansions": loaded(h["expansions"], Path(self.folder)),
             "rules_version": h.get("rules_version"),
             "content_version": h.get("content_version")})

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


def played_config(config: dict) -> dict:
    """A recorded config (a log's header, a save's ``config``) as the game it records: without
    a ``rules_version`` (or with None) it was written before rules had versions, so it plays
    under `artemis.kernel.ruleset.UNVERSIONED` with that version's variants, not today's
    rules, and replays as it was played; without a ``content_version``, before the base
    content had versions, so it plays the first content version's base pack. Returns a new
    dict."""
    from artemis.kernel.ruleset import UNVERSIONED

    out = dict(config)
    if out.get("rules_version") is None:
        out["rules_version"] = UNVERSIONED
    if out.get("content_version") is None:  # the first content version, as for rules
        out["content_version"] = UNVERSIONED
    return out


@dataclass
class Difference:
    """The first place a replay departs from a log. ``index`` is the entry's 0-based index
    (``step`` = index + 1); ``file_line`` its line in the file (index + 2 when not given: a
    log without blank lines); ``recorded`` and ``replayed`` are the
    two entries (None where one side has no entry there); ``note`` says why in words."""

    index: int
    recorded: Any
    replayed: Any
    note: str = ""
    keys: list[str] = field(default_factory=list)
    file_line: int | None = None

    @property
    def step(self) -> int:
        """1-based entry number."""
        return self.index + 1

    @property
    def line(self) -> int:
        """Line in the log file (the header is line 1)."""
        return self.file_line if self.file_line is not None else self.index + 2

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


def read_limited(path: str | Path, limit: int, what: str, error: type[Exception]) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; reads at most ``limit`` + 1
    bytes whatever the file claims. Raises ``error`` ("PATH: cannot read the WHAT: ...")
    for a missing or unreadable file, a folder, a path that is not a regular file (a device
    or pipe, which may never end: it is opened without blocking and not read) and a file
    over ``limit``."""
    shown = shown_path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise error(f"{shown}: cannot read the {what}: is a folder, not a file") from None
    except OSError as exc:
        raise error(f"{shown}: cannot read the {what}: {exc.strerror or exc}") from None
    except ValueError as exc:  # an embedded NUL in the path, say
        raise error(f"{shown}: cannot read the {what}: {exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{shown}: cannot read the {what}: is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{shown}: cannot read the {what}: not a regular file (a device or "
                        f"pipe); give the path of a {what} file")
        if info.st_size > limit:
            raise error(f"{shown}: the {what} is {info.st_size} bytes, more than the limit "
                        f"of {limit}")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise error(f"{shown}: cannot read the {what}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # grew while we read
        raise error(f"{shown}: the {what} is more than the limit of {limit} bytes")
    return data


def json_pairs(pairs: list[tuple[str, Any]]) -> dict:
    """``object_pairs_hook`` for json.loads: a dict, refusing a key given twice (ValueError
    naming it): the second value would silently win."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {_show(key)} in an object")
        out[key] = value
    return out


def parse_json_int(text: str) -> int:
    """``parse_int`` for json.loads: refuses (ValueError) a literal of more than
    `JSON_NUMBER_DIGITS` digits, which Python would refuse to print or read slowly."""
    if len(text) > JSON_NUMBER_DIGITS:
        raise ValueError(f"the number {text[:12]}... has {len(text)} digits, too long (at "
                         f"most {JSON_NUMBER_DIGITS})")
    return int(text)


def read_log(path: str | Path) -> GameLog:
    """Read a JSON-lines game log. Raises LogError (file and line in the message) when the
    file cannot be read, is not a regular file, is not UTF-8 or too large (`MAX_LOG_BYTES`;
    at most that + 1 bytes are read), a line holds a key twice or a number over
    `JSON_NUMBER_DIGITS` digits, a line is not a JSON
    object, the first line is not a ``{"type": "game"}`` header with the fields and types of
    `HEADER_FIELDS`, or an entry has no string ``type`` (an action no string ``id``)."""
    shown = shown_path(path)
    data = read_limited(path, MAX_LOG_BYTES, "log", LogError)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise LogError(f"{shown}:{line}: the log is not UTF-8 text") from None
    log = parse_log(text, shown)
    log.folder = str(Path(path).parent)
    return log


def parse_log(text: str, source: str = "<log>") -> GameLog:
    """A `GameLog` from the text of a log file; ``source`` names it in messages. Raises
    LogError as `read_log` does."""
    header: dict | None = None
    entries: list[dict] = []
    lines: list[int] = []
    for number, line in enumerate(text.split("\n"), start=1):  # not splitlines: \x1c is no end
        if not line.strip():
            continue
        try:
            value = json.loads(line, parse_constant=no_constant, object_pairs_hook=json_pairs,
                               parse_int=parse_json_int)
        except (ValueError, RecursionError) as exc:
            if isinstance(exc, json.JSONDecodeError):
                at = f" column {exc.colno}" if exc.msg.endswith(" at") else ""
                raise LogError(f"{source}:{number}:{exc.colno}: bad JSON: {exc.msg}{at} (a log "
                               "cut short or edited by hand?)") from None
            raise LogError(f"{source}:{number}: bad JSON: {str(exc) or 'too deep'}") from None
        if _SURROGATE.search(line) and not encodable(value):
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
        lines.append(number)
    if header is None:
        raise LogError(f"{source}: the log is empty: no header line")
    return GameLog(header, entries, source, lines)


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def encodable(value: Any) -> bool:
    """Whether every string in ``value`` is text (no lone surrogate from a \\u escape)."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def no_constant(name: str):
    """``json.loads``'s parse_constant: NaN and Infinity are not JSON; raises ValueError."""
    raise ValueError(f"{name} is not a JSON number")


def _json_type(value: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null",
            int: "a whole number", float: "a number"}.get(type(value), type(value).__name__)


def _check_header(header: dict, source: str) -> None:
    optional = {k: v for k, v in OPTIONAL_HEADER_FIELDS.items() if k in header}
    for name, kind in {**HEADER_FIELDS, **optional}.items():
        value = header.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise LogError(f"{source}:1: header field \"{name}\" must be "
                           f"{_json_type(kind())}, got {_show(value)}")
    if not 0 <= header["seed"] <= MAX_SEED:
        raise LogError(f"{source}:1: header field \"seed\" must be 0 to 2**63 - 1, got "
                       f"{header['seed']}")
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
        from artemis.kernel.game import Game

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
    from artemis.kernel.actions import IllegalAction
    from artemis.kernel.replay import ReplayFailed, apply_actions

    make = new_game or default_new_game(host)
    try:
        game = make(log.config)
    except Exception as exc:  # ConfigError, ContentError, a bad param value deep in setup
        raise LogError(f"{log.source}:1: cannot set up the logged game: "
                       f"{_reason(exc)}") from None
    check_content(log, game)
    indexed = log.actions()
    try:
        apply_actions(game, [action_id for _, action_id in indexed])
    except ReplayFailed as failed:
        index, action_id = indexed[failed.number - 1]
        if isinstance(failed.cause, IllegalAction):
            if stop_at_illegal:
                raise LogError(f"{log.source}:{log.line_of(index)}: action '{action_id}' is "
                               "not legal "
                               f"in the replay: {failed.cause}") from None
            return Replay(game, index, str(failed.cause))
        # a rule failing on a forged action: still the log's fault
        raise LogError(f"{log.source}:{log.line_of(index)}: replaying action '{action_id}' "
                       f"failed: {_reason(failed.cause)}") from None
    return Replay(game)


def content_record(game) -> dict:
    """What content a game was played with, as logs and saves record it: {"sha256" (the
    canonical catalog's digest), "packs" ["id version"], "plugins" {name: version}}."""
    from artemis.records.digest import content_hash

    host = game.host
    game_id = game.ruleset.id
    plugins = ({name: str(host.loaded.get(name, "")) for name in sorted(host.names())
                if host.game_of(name) == game_id} if host is not None else {})
    packs = getattr(game.catalog, "packs", ())  # a game without content has no catalog
    return {"sha256": content_hash(game.catalog),
            "packs": [f"{p.id} {p.version}" for p in packs],
            "plugins": plugins}


def edited_version_note(game, recorded_packs, named: bool = True) -> str:
    """A sentence for a content mismatch whose cause is plain: the file's recorded packs
    (``recorded_packs``, ``["base 1.0.0", ...]``) hold the base pack of another content
    version than the one its config plays (``game``'s), which is what editing a file's
    ``content_version`` does (docs/saves.md, "Content versions"); ``named``: whether the file
    names one (one without it plays version 1). "" otherwise."""
    from artemis.content.manifest import pack_label

    ruleset, played = game.ruleset, game.config.content_version
    recorded = set(map(str, recorded_packs or ()))
    for version in range(1, (ruleset.content_version or 0) + 1):
        if version == played:
            continue
        try:
            base = ruleset.content.base_pack_of(version)
        except ValueError:  # not shipped here: the mismatch message says the rest
            continue
        label = pack_label(base) if base is not None else None
        if label and label in recorded:
            if not named:  # a file of before content versions: version 1
                return (f"; it names no content_version, so version {played} is played, but "
                        f"its packs hold {label}, the base of content version {version}: was "
                        f"content_version taken out? Add content_version {version}")
            return (f"; it names content_version {played}, but its packs hold {label}, the "
                    f"base of content version {version}: was content_version edited? Set it "
                    f"back to {version}")
    return ""


def loaded_now(game) -> str:
    """What content is loaded for ``game``, as a refused log or save names it: "now loaded:
    packs [base 11.0.0] and plugins [project 0.1.0]" (`content_record`)."""
    now = content_record(game)
    plugins = ", ".join(f"{k} {v}".strip() for k, v in now["plugins"].items())
    return f"now loaded: packs [{', '.join(now['packs'])}] and plugins [{plugins}]"


def same_names_note(recorded_packs, recorded_plugins, game) -> str:
    """A sentence for a content mismatch whose packs and plugins, names and versions, are the
    ones loaded now (``recorded_packs``: ``["base 1.0.0", ...]``; ``recorded_plugins``: {name:
    version}): the files of a pack changed without a new version. "" otherwise."""
    now = content_record(game)
    plugins = {str(k): str(v) for k, v in (recorded_plugins or {}).items()}
    if list(map(str, recorded_packs or ())) != now["packs"] or plugins != now["plugins"]:
        return ""
    return (" (the same packs and plugins at the same versions, but a pack's files differ: "
            "it was edited after the game was played, without a new version; use its files "
            "as they were, and give an edited pack a new version)")


def check_content(log: GameLog, game) -> None:
    """Raise LogError naming the difference when the log records the content it was played
    with and the content loaded now differs (another pack or plugin, edited content): a
    replay would otherwise depart at some later step for no visible reason."""
    saved = log.header.get("content")
    if not isinstance(saved, dict) or not isinstance(saved.get("sha256"), str):
        return  # a log from before content was recorded
    now = content_record(game)
    if saved["sha256"] == now["sha256"]:
        return
    packs = ", ".join(map(str, saved.get("packs") or [])) or "none"
    plugins = ", ".join(f"{k} {v}".strip() for k, v in (saved.get("plugins") or {}).items())
    edited = (edited_version_note(game, saved.get("packs"), "content_version" in log.header)
              or same_names_note(saved.get("packs"), saved.get("plugins"), game))
    raise LogError(
        f"{log.source}:1: the content differs from the log's: logged sha256 "
        f"{saved['sha256'][:12]}..., now {now['sha256'][:12]}...; the log was made with packs "
        f"[{packs}]" + (f" and plugins [{plugins}]" if plugins else "")
        + f"; {loaded_now(game)}"
        + (edited or " (install or remove what differs, or replay with the content the game "
                     "was played with)"))


def missing_plugins(recorded, host) -> list[str]:
    """The plugins a log's or save's content record lists (``{name: version}``) that ``host``
    does not have now: a replay without them may not be the recorded game."""
    if not isinstance(recorded, dict) or host is None:
        return []
    names = host.names()
    return sorted(str(n) for n in recorded if n not in names)


def visible(entries: list[dict], seat: int | None) -> list[dict]:
    """The entries ``seat`` may see (``seat`` None: a spectator): a record with ``to`` only
    for the seats it names, and no record's ``seed`` (the setup record's game seed, which
    replays every hidden card, die and deck: no seat is told it)."""
    return [{k: v for k, v in e.items() if k != "seed"} if "seed" in e else e
            for e in entries if "to" not in e or (seat is not None and seat in e["to"])]


def _reason(exc: Exception) -> str:
    problems = getattr(exc, "problems", None)
    if problems:
        return "; ".join(p.format().splitlines()[0] for p in problems[:3])
    return f"{exc}" if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"


def verify(log: GameLog, host=None, new_game: Callable | None = None) -> Difference | None:
    """Replay ``log`` and compare every regenerated entry with the recorded one (both
    JSON-normalised). Returns the first `Difference`, or None when every entry matches and
    the game is over where the log ends. The marks ``to`` and ``reveals`` are compared too,
    except in a log older than them (its header has no ``content``). Raises LogError when
    the game cannot be set up."""
    result = replay(log, host, new_game, stop_at_illegal=False)
    game = result.game
    recorded = log.entries
    replayed = [normalise(e) for e in game.log]
    def diff(index: int, a: Any, b: Any, note: str = "", keys: list | None = None):
        return Difference(index, a, b, note, keys or [], log.line_of(index))

    # the marks (``to``, ``reveals``) came with the header's content record: a log without
    # one was written before them and is compared without them; any later log holds every
    # mark, so a record missing one (an edited log) differs
    unmarked = "content" not in log.header
    for index, (a, b) in enumerate(zip(recorded, replayed, strict=False)):
        if unmarked and isinstance(a, dict) and isinstance(b, dict):
            b = {k: v for k, v in b.items() if k in a or k not in MARKS}
        if not same_json(a, b):
            keys = (sorted(k for k in a.keys() | b.keys()
                           if not same_json(a.get(k, _ABSENT), b.get(k, _ABSENT)))
                    if isinstance(a, dict) and isinstance(b, dict) else [])
            return diff(index, a, b, keys=keys)
    common = len(replayed)
    if result.failed_at is not None:
        if common < result.failed_at:
            return diff(common, recorded[common], None, _waiting(game, "here"))
        return diff(result.failed_at, recorded[result.failed_at], None,
                    f"the action is not legal in the replay: {result.error}")
    if common < len(recorded):
        return diff(common, recorded[common], None,
                    _waiting(game, "here") if not game.is_over
                    else "the replayed game is over here")
    if common > len(recorded):
        return diff(len(recorded), None, replayed[len(recorded)], "the recorded log ends here")
    if not game.is_over:
        return diff(common, None, None, "the log ends before the game does: "
                    + _waiting(game, "next"))
    return None


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON values are equal with their JSON types: 2 is not 2.0, 0 not false
    (Python's == says both are), an object's keys and an array's order count."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return a == b


_ABSENT = object()


def _waiting(game, where: str) -> str:
    legal = [a.id for a in game.legal_actions()[:4]]
    return (f"the replay asks player {game.current_player} to decide {where} "
            f"(legal: {', '.join(legal)}{', ...' if len(game.legal_actions()) > 4 else ''})")


def output_mode(path: str | Path, cannot: str, error: type[Exception]) -> int | None:
    """The ``st_mode`` of a path a file will be written to (symlinks followed), or None when
    it does not exist yet. Raises ``error`` ("CANNOT: reason") when it cannot be looked up or
    is a folder."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return None  # a new file (a dangling symlink: its target is created)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise error(f"{cannot}: {reason}") from None
    if stat.S_ISDIR(mode):
        raise error(f"{cannot}: it is a folder, not a file")
    return mode


def check_log_target(path: str | Path) -> None:
    """Check, before a game is played, that ``--log`` may write ``path``: it does not exist,
    is empty, is a device or pipe (written through), or is an artemis log (its first line a
    ``{"type": "game"}`` header). Raises LogError for a folder and for an existing file that
    is not a log (it is not overwritten)."""
    mode = output_mode(path, f"{path}: cannot write the log there", LogError)
    if mode is None:
        return
    if not stat.S_ISREG(mode):
        return  # /dev/stdout, a pipe: written through on purpose
    try:
        with open(path, "rb") as f:
            first = f.readline(1 << 16)
    except OSError as exc:
        raise LogError(f"{path}: cannot write the log there: {exc.strerror}") from None
    if not first.strip():
        return
    try:
        ours = json.loads(first).get("type") == "game"
    except (ValueError, AttributeError, RecursionError):
        ours = False
    if not ours:
        raise LogError(f"{path}: the file exists and is not an artemis log: not overwriting "
                       "it; give another file name for --log")


def config_record(game, kinds: list[str], names: list[str] | None = None) -> dict:
    """What a game was: players, seed, seats, names, variants, expansions and the rules and
    content versions (the log's first line and --json's "config")."""
    from artemis.players.bots import recorded_spec

    c = game.config
    return {"game": c.game, "players": c.players, "seed": c.seed,
            "bots": [recorded_spec(k, game.ruleset) for k in kinds],
            "names": names or [f"P{seat}" for seat in range(len(kinds))],
            "params": c.params, "variants": c.variants, "options": c.options,
            "expansions": list(c.expansions), "rules_version": c.rules_version,
            "content_version": c.content_version}


def write_log(game, path: str | Path, kinds: list[str], names: list[str] | None = None) -> None:
    """Write the game as JSON lines: a header with config and seats, then every action and
    consequence in order. A regular file is written atomically
    (`artemis.records.save.write_atomic`; a symlink is followed, its target replaced and the
    link kept); a device or pipe (an existing non-regular path such as /dev/stdout, or a
    symlink to one) is written directly.

    The writer refuses what the reader refuses: the text is read back with `parse_log` (and
    its size held to `MAX_LOG_BYTES`) before anything is written. Content cannot make a log
    the reader refuses (every number it holds is bounded, docs/authoring.md 13.6); a rule
    parameter given in a config can (``start_energy`` of 42 digits, say).

    Raises OSError when it cannot be written, ValueError for an empty path or a log that
    would not read back (the reader's message)."""
    path = Path(path)
    if path.name == "":  # "" and "/" alike
        raise ValueError("--log needs a file name")
    from artemis.records.paths import stored

    header = {"type": "game", **config_record(game, kinds, names),
              "content": content_record(game)}
    # expansions relative to the log's folder, with "/": the log replays on another system
    # (a log written to a device or pipe has no folder: its paths stay as given)
    if not os.path.exists(path) or os.path.isfile(path):
        header["expansions"] = stored(header["expansions"], Path(path).parent)
    lines = [json.dumps(header)] + [json.dumps(entry, default=list) for entry in game.log]
    text = "\n".join(lines) + "\n"
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_LOG_BYTES:
        raise ValueError(f"it would not read back: {size:,} bytes, more than a log may hold "
                         f"({MAX_LOG_BYTES:,})")
    try:
        parse_log(text, shown_path(path))
    except LogError as exc:
        raise ValueError(f"it would not read back: {exc}") from None
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as f:
            f.write(text)
        return
    from artemis.records.save import write_atomic

    write_atomic(path, text)
