"""Save files: a game at any decision point, as JSON that loading replays and checks.

A save (format ``artemis-save``, version `FORMAT_VERSION`, schema `SAVE_SCHEMA`, exported as
schemas/save.schema.json, described in docs/saves.md) holds the config (players, seed, params,
variants, expansions, the rules version: absent in older saves, which replay under the first,
`artemis.records.log.played_config`), the seats (bot kind, name, the bot's RNG state), the
engine version, the sha256 of the canonical content catalog
(`artemis.records.digest.content_hash`), the action ids taken so far, a digest of
``game.view()`` at the save point, and ``digest``: the sha256 of the whole document's
canonical JSON (without ``digest``), so an edit to a field the replay cannot check (seats,
names, the bots' random states) is refused too.

`load_save` replays the actions from the config and seed and checks everything: the content
hash before the first action, each action's legality at its point, then the position digest,
then the document digest. Any input that is not a good save raises `SaveError` naming what
and where; nothing else escapes. `write_save` writes atomically: a temporary file in the
same folder, flushed and fsynced, then `os.replace`; an interrupted write leaves the previous
save as it was. A symlink is followed (its target is replaced); `check_save_target` refuses a
device, pipe or folder, and an existing file that is not an artemis save, before a game is
played.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from artemis.records.digest import content_hash, sha256_of
from artemis.records.log import (
    MAX_SEED,
    edited_version_note,
    encodable,
    json_pairs,
    loaded_now,
    no_constant,
    output_mode,
    parse_json_int,
    played_config,
    read_limited,
    same_names_note,
    shown_path,
)

FORMAT = "artemis-save"
FORMAT_VERSION = 2
#: Largest save file read (bytes); a finished 5-player game saves in about 40 kB.
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: random.Random.getstate(): version 3, 624 words and the index, gauss_next.
RNG_WORDS = 625


class SaveError(ValueError):
    """A save file that cannot be read or does not replay to what it records. The message
    names the file and what does not match where (a field, an action number, a hash)."""


_SHA = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_OPTION = "[a-z][a-z0-9_]*=[A-Za-z0-9_.+-]+"
#: A seat's bot spec as saves keep it (`artemis.players.spec.spec_text`): KIND or
#: KIND:KEY=VALUE,KEY=VALUE; what it names is checked by `check_save` (`check_bot`).
SPEC_PATTERN = f"^[a-z][a-z0-9_]*(:{_OPTION}(,{_OPTION})*)?$"
_RNG = {
    "description": "The bot's random.Random state (getstate()), so a continued game plays "
    "on exactly as it would have; null for a human seat.",
    "type": ["object", "null"], "additionalProperties": False,
    "required": ["version", "internal", "gauss_next"],
    "properties": {
        "version": {"description": "random.Random state version (3).", "const": 3},
        "internal": {"description": "The Mersenne Twister's 624 words and its index.",
                     "type": "array", "minItems": RNG_WORDS, "maxItems": RNG_WORDS,
                     "items": {"type": "integer", "minimum": 0, "maximum": 2**32 - 1}},
        "gauss_next": {"description": "The cached normal variate, usually null.",
                       "type": ["number", "null"]},
    },
}

SAVE_SCHEMA: dict = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "artemis save",
    "description": "A game of The Artemis Project at a decision point (`artemis play --save "
    "FILE`, `--load FILE`): loading replays the actions from the config and seed and checks "
    "the content hash, each action and the position digest. See docs/saves.md.",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "format_version", "engine_version", "config", "seats", "content",
                 "actions", "position", "digest"],
    "properties": {
        "format": {"description": "Always \"artemis-save\".", "const": FORMAT},
        "format_version": {"description": "The save format version this file follows.",
                           "const": FORMAT_VERSION},
        "engine_version": {"description": "The artemis version that wrote the save "
                           "(informative: the replay checks decide).", "type": "string"},
        "config": {
            "description": "What the game is: the same as a log's header.",
            "type": "object", "additionalProperties": False,
            "required": ["players", "seed", "params", "variants", "expansions"],
            "properties": {
                "game": {"description": "The registered game's id (absent in saves written "
                         "before games had ids: project).", "type": "string"},
                "players": {"description": "Number of players (one of the game's player "
                            "counts).", "type": "integer", "minimum": 1, "maximum": 16},
                "seed": {"description": "The game seed, 0 to 2**63 - 1.", "type": "integer",
                         "minimum": 0, "maximum": MAX_SEED},
                "params": {"description": "Rule parameters replaced by the config.",
                           "type": "object"},
                "variants": {"description": "Enabled variants with their options.",
                             "type": "object",
                             "additionalProperties": {"type": "object"}},
                "expansions": {"description": "Content pack folders loaded beyond the base "
                               "game and the plugins' packs.", "type": "array",
                               "items": {"type": "string"}},
                "options": {"description": "The game's own config options.",
                            "type": "object"},
                "rules_version": {"description": "The version of the game's rules the game "
                                  "is played under (absent in saves written before rules had "
                                  "versions: 1, played with that version's variants).",
                                  "type": "integer"},
                "content_version": {"description": "The version of the game's base content "
                                    "the game is played with (absent in saves written "
                                    "before content had versions: 1, its frozen base "
                                    "pack).", "type": "integer"},
            },
        },
        "seats": {
            "description": "One entry per seat, seat 0 first.",
            "type": "array", "minItems": 1, "maxItems": 16,
            "items": {
                "description": "Who plays the seat.",
                "type": "object", "additionalProperties": False,
                "required": ["kind", "name", "rng"],
                "properties": {
                    "kind": {"description": "The seat's bot spec: random, greedy, human, "
                             "mcts, strong, or a bot kind of the game's own (`artemis games` lists "
                             "them), with its options if any (mcts:iterations=200,horizon="
                             "round; docs/simulate.md, Bots).", "type": "string",
                             "pattern": SPEC_PATTERN,
                             "examples": ["random", "human", "mcts:iterations=200"]},
                    "name": {"description": "The seat's name.", "type": "string"},
                    "rng": _RNG,
                },
            },
        },
        "content": {
            "description": "The content the game was played with.",
            "type": "object", "additionalProperties": False,
            "required": ["sha256", "packs", "plugins"],
            "properties": {
                "sha256": {"description": "sha256 of the canonical content catalog (base, "
                           "expansions and plugin content), artemis.records.digest.content_hash.",
                           **_SHA},
                "packs": {"description": "The loaded packs as \"id version\" (informative).",
                          "type": "array", "items": {"type": "string"}},
                "plugins": {"description": "Loaded plugins and their versions (informative).",
                            "type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "actions": {"description": "Every action id taken, in order (the ids the log uses).",
                    "type": "array", "items": {"type": "string"}},
        "position": {
            "description": "The save point, checked after the replay.",
            "type": "object", "additionalProperties": False,
            "required": ["round", "to_decide", "over", "view_sha256"],
            "properties": {
                "round": {"description": "The round at the save point.", "type": "integer"},
                "to_decide": {"description": "The seat asked to decide next (null when the "
                              "game is over).", "type": ["integer", "null"]},
                "over": {"description": "Whether the game is over.", "type": "boolean"},
                "view_sha256": {"description": "sha256 of the canonical JSON of game.view() "
                                "at the save point.", **_SHA},
            },
        },
        "digest": {"description": "sha256 of the canonical JSON (sorted keys, compact) of "
                   "this document without \"digest\": any edit is refused.", **_SHA},
    },
}


@dataclass
class LoadedSave:
    """A loaded save: the replayed ``game`` at the save point, the seats' ``kinds`` and
    ``names``, ``bots`` with their RNG states restored (seat order), and the save ``data``."""

    game: Any
    kinds: list[str]
    names: list[str]
    bots: list
    data: dict


# -- writing ------------------------------------------------------------------------------


from artemis.players.bots import rng_state, set_rng_state  # noqa: E402  (re-exported)


def save_record(game, kinds: list[str], names: list[str] | None, bots: list,
                host=None) -> dict:
    """The save document (plain JSON data, `SAVE_SCHEMA`) of ``game`` at its current decision
    point; ``bots`` give the RNG states, ``host`` the plugin names for the record."""
    from artemis._version import __version__
    from artemis.players.bots import recorded_spec
    from artemis.records.log import content_record

    c = game.config
    names = names or [f"P{seat}" for seat in range(len(kinds))]
    kinds = [recorded_spec(k, game.ruleset) for k in kinds]
    content = content_record(game)
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": __version__,
        "config": {"game": c.game, "players": c.players, "seed": c.seed, "params": c.params,
                   "variants": c.variants, "options": c.options,
                   "expansions": list(c.expansions), "rules_version": c.rules_version,
                   "content_version": c.content_version},
        "seats": [{"kind": k, "name": n, "rng": rng_state(b)}
                  for k, n, b in zip(kinds, names, bots, strict=True)],
        "content": content,
        "actions": [a.id for a in game.actions],
        "position": position(game),
    }
    data["digest"] = document_digest(data)
    return data


def document_digest(data: dict) -> str:
    """sha256 (hex) of the canonical JSON of the save document ``data`` without its
    ``digest`` field (`artemis.records.digest.canonical_json`)."""
    return sha256_of({k: v for k, v in data.items() if k != "digest"})


def position(game) -> dict:
    """The save point: round, seat to decide, over, and the view digest."""
    return {"round": game.ruleset.words.round_of(game), "to_decide": game.current_player,
            "over": game.is_over, "view_sha256": sha256_of(game.view())}


def write_save(path: str | Path, game, kinds: list[str], names: list[str] | None, bots: list,
               host=None) -> dict:
    """Write ``game``'s save to ``path`` atomically (`write_atomic`); returns the document.
    Raises OSError when it cannot be written."""
    from artemis.records.paths import stored

    data = save_record(game, kinds, names, bots, host)
    # expansions relative to the save's folder, with "/": the save loads on another system
    data["config"]["expansions"] = stored(data["config"]["expansions"], Path(path).parent)
    data["digest"] = document_digest(data)
    write_atomic(Path(path), save_text(data))
    return data


def save_text(data: dict) -> str:
    """The file text of a save document: one top-level field per line, one seat and one
    action per line (so an error's "/actions/16" is easy to find), compact values."""
    def dump(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    def field(key: str, value) -> str:
        if key in ("seats", "actions") and isinstance(value, list) and value:
            return f' "{key}": [\n' + ",\n".join(f"  {dump(v)}" for v in value) + "\n ]"
        return f" {dump(key)}: {dump(value)}"

    return "{\n" + ",\n".join(field(k, v) for k, v in data.items()) + "\n}\n"


def _write_all(f, text: str | bytes) -> None:
    """Write ``text`` to the open temporary file (a seam for the interrupted-write tests)."""
    f.write(text)


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (str: written as UTF-8; bytes: as they are) so that a
    reader, or a crash at any moment, sees the old file or the new one, never a mix: write a
    temporary file in the same folder, flush and fsync it, ``os.replace`` it over ``path``,
    then fsync the folder. On any error (or interrupt) the temporary file is removed and
    ``path`` is untouched; a process killed mid-write may leave a stray ``.NAME.*.tmp`` beside
    it, never a damaged ``path``.

    A symlink is followed: its target is replaced and the link kept. Raises OSError when
    the folder cannot be written or ``path`` is an existing device, pipe or folder (which a
    rename would replace)."""
    path = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    try:
        mode = path.stat().st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        raise OSError(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL,
                      "is a folder, not a file" if stat.S_ISDIR(mode)
                      else "not a regular file (a device or pipe): not replacing it")
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, _file_mode(path))  # mkstemp makes 0600; a save is an ordinary file
        with (os.fdopen(fd, "wb") if isinstance(text, bytes)
              else os.fdopen(fd, "w", encoding="utf-8")) as f:
            _write_all(f, text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable; not every system can open a folder
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def check_save_target(path: str | Path) -> None:
    """Check, before a game is played, that a save can go to ``path``: it does not exist, or
    is (or links to) an empty file or an artemis save. Raises SaveError for a device, pipe
    or folder, and for an existing file that is not an artemis save (it is not overwritten)."""
    shown = shown_path(path)
    mode = output_mode(path, f"{shown}: cannot save there", SaveError)
    if mode is None:
        return
    if not stat.S_ISREG(mode):
        raise SaveError(f"{shown}: cannot save there: not a regular file (a device or pipe); "
                        "give the name of a save file")
    try:
        raw = read_limited(path, MAX_SAVE_BYTES, "save", SaveError)
    except SaveError:
        raw = b"?"  # unreadable or too large: not a save we may replace
    if not raw:
        return
    try:
        data = json.loads(raw.decode("utf-8"))
        ours = isinstance(data, dict) and data.get("format") == FORMAT
    except (ValueError, RecursionError):
        ours = False
    if not ours:
        raise SaveError(f"{shown}: the file exists and is not an artemis save: not "
                        "overwriting it; give another file name for --save")


def _file_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# -- reading ------------------------------------------------------------------------------


def read_save(path: str | Path) -> dict:
    """The save document in ``path``, its format version and shape checked (`check_save`).
    Raises SaveError for an unreadable, oversized, non-UTF-8 or non-JSON file or a document
    that is not a save of this format version, and for a path that is not a regular file (a
    device or pipe is never read: at most `MAX_SAVE_BYTES` + 1 bytes are)."""
    shown = shown_path(path)
    return parse_save(read_limited(path, MAX_SAVE_BYTES, "save", SaveError), shown)


def parse_save(raw: bytes | str, source: str = "<save>") -> dict:
    """The save document in ``raw`` (bytes or text), checked by `check_save`; ``source``
    names it in messages. Raises SaveError."""
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            raise SaveError(f"{source}:{line}: the save is not UTF-8 text") from None
    else:
        text = raw
    if not text.strip():
        raise SaveError(f"{source}: the save is empty")
    try:
        data = json.loads(text, parse_constant=no_constant, object_pairs_hook=json_pairs,
                          parse_int=parse_json_int)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{source}:{exc.lineno}:{exc.colno}: bad JSON: {exc.msg} (a save cut "
                        "short or edited by hand?)") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"{source}: bad JSON: {exc or 'nested too deeply'}") from None
    if "\\u" in text and not encodable(data):
        raise SaveError(f"{source}: a string holds a lone surrogate escape (\\ud800-\\udfff), "
                        "which is not text")
    check_save(data, source)
    return data


def check_save(data: Any, source: str = "<save>") -> None:
    """Check the document's format, version and shape against `SAVE_SCHEMA`, and that the
    seats match the players. Raises SaveError naming the field (a JSON pointer)."""
    if not isinstance(data, dict):
        raise SaveError(f"{source}: a save is a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise SaveError(f"{source}: not an artemis save (\"format\" is "
                        f"{_short(data.get('format'))}, expected \"{FORMAT}\")")
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise SaveError(f"{source}: unknown save format version {_short(version)}; this "
                        f"artemis reads version {FORMAT_VERSION}")
    from jsonschema.exceptions import relevance

    try:
        errors = sorted(_validator().iter_errors(data), key=relevance)
    except RecursionError:
        raise SaveError(f"{source}: the save is nested too deeply") from None
    if errors:
        e = errors[0]
        where = "/" + "/".join(str(p) for p in e.absolute_path)
        raise SaveError(f"{source}: field {where}: {_schema_message(e)}"
                        f"{_versions_played(data, where)}")
    from artemis.kernel.games import UnknownGame, get_game

    try:
        ruleset = get_game(data["config"].get("game"))
    except UnknownGame as exc:
        raise SaveError(f"{source}: field /config/game: {exc}") from None
    players = data["config"]["players"]
    if players not in ruleset.player_counts:
        counts = ", ".join(map(str, ruleset.player_counts))
        raise SaveError(f"{source}: field /config/players: {players} is not a player count "
                        f"of {ruleset.name or ruleset.id} ({counts})")
    if len(data["seats"]) != players:
        raise SaveError(f"{source}: field /seats: {len(data['seats'])} seats for "
                        f"{players} players")
    from artemis.players.bots import UnknownBot, bot_kinds, check_bot

    kinds = bot_kinds(ruleset)
    for seat, s in enumerate(data["seats"]):
        try:
            check_bot(s["kind"], ruleset)
        except UnknownBot:
            raise SaveError(f"{source}: field /seats/{seat}/kind: '{_cut(s['kind'])}' is not "
                            f"a bot kind of {ruleset.name or ruleset.id} ({', '.join(kinds)})"
                            ) from None
        except ValueError as exc:
            raise SaveError(f"{source}: field /seats/{seat}/kind: {exc}") from None
        if s["kind"] != "human" and s["rng"] is None:
            raise SaveError(f"{source}: field /seats/{seat}/rng: a {s['kind']} bot needs its "
                            "RNG state")
        if s["rng"] is None:
            continue
        words = s["rng"]["internal"]
        bad = next((i for i, w in enumerate(words)
                    if type(w) is not int or not 0 <= w <= 0xFFFFFFFF), None)
        if bad is not None:
            raise SaveError(f"{source}: field /seats/{seat}/rng/internal/{bad}: "
                            f"{_short(words[bad])} is not a 32-bit word")
        if words[-1] > RNG_WORDS - 1:
            raise SaveError(f"{source}: field /seats/{seat}/rng/internal/{RNG_WORDS - 1}: the "
                            f"index must be at most {RNG_WORDS - 1}")


def _versions_played(data: dict, where: str) -> str:
    """For a malformed ``/config/content_version`` or ``/config/rules_version``, the versions
    the save's game plays, as the message's end (" (The Artemis Project plays 1 to 8)");
    "" for another field or a game not known."""
    field = {"/config/content_version": "content_version",
             "/config/rules_version": "rules_version"}.get(where)
    if field is None:
        return ""
    from artemis.kernel.games import UnknownGame, get_game

    try:
        ruleset = get_game(data["config"].get("game"))
    except (UnknownGame, TypeError):
        return ""
    newest = getattr(ruleset, field, None)
    if not isinstance(newest, int):
        return ""
    return f" ({ruleset.name or ruleset.id} plays {field} 1 to {newest})"


_VALIDATOR: list = []


def _validator():
    """A draft-07 validator of `SAVE_SCHEMA` without the per-word check of the RNG states
    (2,500 numbers; `check_save` checks them by hand, a hundred times faster)."""
    if not _VALIDATOR:
        import copy

        from jsonschema import Draft7Validator

        schema = copy.deepcopy(SAVE_SCHEMA)
        rng = schema["properties"]["seats"]["items"]["properties"]["rng"]
        del rng["properties"]["internal"]["items"]
        _VALIDATOR.append(Draft7Validator(schema))
    return _VALIDATOR[0]


#: a JSON Schema type in words
_JSON_TYPES = {"integer": "a whole number", "number": "a number", "string": "a string",
               "array": "an array", "object": "an object", "boolean": "true or false",
               "null": "null"}


def _schema_message(error) -> str:
    counts = {"minItems": "at least", "maxItems": "at most"}
    if error.validator in counts and isinstance(error.instance, list):
        return (f"{len(error.instance)} entries, {counts[error.validator]} "
                f"{error.validator_value} expected")
    if error.validator == "pattern" and error.validator_value == SPEC_PATTERN:
        return (f"'{_cut(error.instance)}' is not a bot spec (KIND or KIND:KEY=VALUE,KEY=VALUE, "
                "e.g. mcts:iterations=200; docs/simulate.md, Bots)")
    if error.validator == "type" and isinstance(error.validator_value, str):
        # in JSON's words, not Python's ("None is not of type 'integer'")
        return f"expected {_JSON_TYPES.get(error.validator_value, error.validator_value)}, " \
               f"got {_short(error.instance)}"
    message = error.message
    if len(message) > 200:
        message = message[:200] + "..."
    return message


def _short(value: Any) -> str:
    try:
        text = json.dumps(value) if _jsonable(value) else repr(value)
    except RecursionError:
        return "(a value nested too deeply)"
    return text if len(text) <= 80 else text[:77] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def load_save(path: str | Path, host=None) -> LoadedSave:
    """Read the save in ``path`` and replay it with the plugin ``host`` (default: the core and
    installed plugins): the game is set up from the saved config and seed, its content hash
    compared with the saved one, each saved action applied (each must be legal at its point),
    then the position compared with the saved round, seat and view digest; the bots get their
    saved RNG states back; last, the document digest (`document_digest`) must match, which
    refuses edits the replay cannot see (seat kinds, names, RNG states). Returns a
    `LoadedSave` at the save point.

    Raises SaveError, and nothing else, for any file that is not such a save; the message
    names what does not match and where (e.g. "action 17 'place:...' is not legal there")."""
    source = shown_path(path)
    data = read_save(path)
    try:
        return restore(data, host, source, Path(path).parent)
    except SaveError:
        raise
    except Exception as exc:  # a forged value that only the rules trip over; never a traceback
        raise SaveError(f"{source}: the save cannot be replayed: "
                        f"{type(exc).__name__}: {exc}") from None


def restore(data: dict, host=None, source: str = "<save>",
            folder: Path | None = None) -> LoadedSave:
    """Replay a checked save document (see `load_save`); its expansion paths are read from
    ``folder``, the save's (`artemis.records.paths.loaded`; None: the working folder).
    Raises SaveError."""
    from artemis.content.problems import ContentError
    from artemis.kernel.actions import IllegalAction
    from artemis.kernel.game import ConfigError, Game, default_plugins
    from artemis.kernel.replay import ReplayFailed, apply_actions
    from artemis.players.bots import seat_bot
    from artemis.records.paths import loaded

    host = host if host is not None else default_plugins()
    config = played_config(data["config"])  # a save naming no rules version: the first
    # checked last (a changed action keeps its own message) but known first, so a specific
    # failure can add that the file was edited: a changed seed shows as an illegal action
    edited = data["digest"] != document_digest(data)
    also = "; the save's digest does not match either: it was edited" if edited else ""
    try:
        game = Game.new({**config, "expansions": loaded(config["expansions"],
                                                        folder or Path("."))}, plugins=host)
    except ConfigError as exc:
        # a version out of range names its own field, as a version of the wrong type does
        named = next((f"/config/{k}_version" for k in ("rules", "content")
                      if str(exc).startswith(f"{k}_version ")), "/config")
        raise SaveError(f"{source}: field {named}: {exc}{also}") from None
    except ContentError as exc:
        first = exc.problems[0].format().splitlines()[0] if exc.problems else str(exc)
        raise SaveError(f"{source}: field /config/expansions: the save's content cannot be "
                        f"loaded: {first}") from None
    except Exception as exc:  # a rule parameter of a forged type, say
        raise SaveError(f"{source}: field /config: the game cannot be set up: "
                        f"{type(exc).__name__}: {exc}") from None
    saved_hash, now = data["content"]["sha256"], content_hash(game.catalog)
    if saved_hash != now:
        packs = ", ".join(data["content"]["packs"]) or "none"
        plugins = ", ".join(f"{k} {v}" for k, v in data["content"]["plugins"].items())
        raise SaveError(
            f"{source}: content differs from the save's: saved sha256 {saved_hash[:12]}..., "
            f"now {now[:12]}...; the save was made with expansions "
            f"{json.dumps(config['expansions'])}, packs [{packs}]"
            + (f" and plugins [{plugins}]" if plugins else "")
            + f"; {loaded_now(game)}"  # named as a refused log names them
            + (edited_version_note(game, data["content"]["packs"],
                                   "content_version" in data["config"])
               # an edited save is said so by ``also``; an intact one met other pack files
               or ("" if also else same_names_note(data["content"]["packs"],
                                                   data["content"]["plugins"], game)))
            + also)
    actions = data["actions"]
    try:
        apply_actions(game, actions)
    except ReplayFailed as failed:
        number, action_id, exc = failed.number, failed.action_id, failed.cause
        if failed.over:
            raise SaveError(f"{source}: field /actions/{number - 1}: action {number} "
                            f"'{_cut(action_id)}' comes after the end of the game{also}"
                            ) from None
        if isinstance(exc, IllegalAction):
            raise SaveError(f"{source}: field /actions/{number - 1}: action {number} "
                            f"'{_cut(action_id)}' is not legal there: {exc}{also}") from None
        # the rules tripping over what a forged config set up
        raise SaveError(f"{source}: field /actions/{number - 1}: action {number} "
                        f"'{_cut(action_id)}' cannot be replayed: "
                        f"{type(exc).__name__}: {exc}{also}") from None
    saved, here = data["position"], position(game)
    if saved["view_sha256"] != here["view_sha256"] and any(
            sha256_of(v) == saved["view_sha256"] for v in game.ruleset.former_views(game)):
        here["view_sha256"] = saved["view_sha256"]  # written before the view grew
    for key in ("over", "round", "to_decide", "view_sha256"):
        if saved[key] != here[key]:
            engine = _engine_note(data)
            raise SaveError(f"{source}: field /position/{key}: the replay of the "
                            f"{len(actions)} actions does not reach the saved position: "
                            f"saved {key} {_short(saved[key])}, replayed {_short(here[key])}"
                            f"{engine}{also}")
    kinds = [s["kind"] for s in data["seats"]]
    names = [s["name"] for s in data["seats"]]
    bots = []
    for seat, s in enumerate(data["seats"]):
        bot = seat_bot(s["kind"], config["seed"], seat, game.ruleset)
        try:
            set_rng_state(bot, s["rng"])
        except (ValueError, TypeError, OverflowError, AttributeError) as exc:
            raise SaveError(f"{source}: field /seats/{seat}/rng: not a usable RNG state: "
                            f"{exc}") from None
        bots.append(bot)
    if edited:
        raise SaveError(f"{source}: field /digest: the save was changed after it was written: "
                        f"its digest {_short(data['digest'][:12])}... does not match its "
                        "content (seats, bots' random states and names are not checked by the "
                        "replay, so any edit is refused)")
    return LoadedSave(game, kinds, names, bots, data)


def _cut(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _engine_note(data: dict) -> str:
    from artemis._version import __version__

    saved = data["engine_version"]
    return (f" (saved by artemis {_short(saved)}, this is {__version__})"
            if saved != __version__ else "")

