"""What a browser sends, checked (docs/serve.md, "Safe by default").

A request body is read up to `MAX_BODY` bytes (a larger one, announced or not, is refused with
413 before it is parsed) and parsed as a form (``application/x-www-form-urlencoded``, at most
`MAX_FIELDS` fields) or as a JSON object; `new_game` turns the new-game form into a
`GameConfig` with its seats, every field checked with a message naming it. An uploaded file
(`read_upload`: a replay's log or save) comes in a ``multipart/form-data`` body of at most
`MAX_UPLOAD` bytes, read whole before it is parsed.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

from artemis.web.session import Refused

#: The largest request body read (bytes); a new-game form takes well under 2 kB.
MAX_BODY = 16 * 1024
#: The most fields a form may have.
MAX_FIELDS = 64
#: The longest seat name.
MAX_NAME = 40
#: The largest seed a new game takes (as `artemis play --seed`).
MAX_SEED = 2**63 - 1
#: The largest file a replay takes (bytes): a 5-player Project log is about 150 kB, a long
#: 4-player Odyssey log about 1 MB; a save is a tenth of its log.
MAX_UPLOAD = 4 * 1024 * 1024
#: What a multipart body may hold beyond its file: the part headers and boundaries.
UPLOAD_SLACK = 16 * 1024


async def read_body(request, limit: int = MAX_BODY) -> bytes:
    """The request's body, at most ``limit`` bytes (`MAX_BODY`). Raises Refused (413) for a
    larger one, whether its Content-Length says so or its stream runs past the limit."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise Refused(400, "the Content-Length header is not a number")
        if int(length) > limit:
            raise Refused(413, f"the request body is {int(length)} bytes; at most {limit} "
                          "are accepted")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(413, f"the request body is over {limit} bytes; at most "
                          f"{limit} are accepted")
    return bytes(body)


async def read_upload(request, name: str = "file", check=None) -> tuple[str, bytes]:
    """The file sent in field ``name`` of a ``multipart/form-data`` body (the upload form):
    (its file name as the browser gave it, cut to 80 printable characters; its bytes).
    ``check``: called with the body's other fields ({name: [values]}) once it is parsed,
    before the file is looked at (the form's token). Raises Refused: 415 for another body
    type, 413 for a body or file over `MAX_UPLOAD` (the body is never read past it), 400 for
    a body that is not multipart or holds no such file or more than one."""
    from starlette.datastructures import UploadFile
    from starlette.formparsers import MultiPartException, MultiPartParser

    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "multipart/form-data":
        raise Refused(415, f"send the file with the page's upload form (multipart/form-data, "
                      f"field '{name}'), not {kind[:60] or 'a body without a type'}")
    body = await read_body(request, MAX_UPLOAD + UPLOAD_SLACK)

    async def stream():
        yield body
        yield b""

    try:
        form = await MultiPartParser(request.headers, stream(), max_files=1, max_fields=8,
                                     max_part_size=MAX_BODY).parse()
    except MultiPartException as exc:
        raise Refused(400, f"the upload cannot be read: {exc.message}") from None
    try:
        if check is not None:
            check({key: [v for v in form.getlist(key) if isinstance(v, str)]
                   for key in form.keys()})
        files = form.getlist(name)
        if len(files) != 1 or not isinstance(files[0], UploadFile):
            raise Refused(400, f"no file sent: choose a log (.jsonl) or a save (.json) in the "
                          f"field '{name}'")
        raw = await files[0].read(MAX_UPLOAD + 1)
        if len(raw) > MAX_UPLOAD:
            raise Refused(413, f"the file is over {MAX_UPLOAD} bytes; at most {MAX_UPLOAD} "
                          "are accepted")
        shown = "".join(ch for ch in (files[0].filename or "") if ch.isprintable())
        shown = shown.replace("\\", "/").rsplit("/", 1)[-1][:80] or "the file"
        return shown, raw
    finally:
        await form.close()


async def read_fields(request) -> dict[str, list[str]]:
    """The request's form fields ({name: [values]}), from a form body or a JSON object
    (a value or a list of values per name). Raises Refused (400) for a body that is neither,
    (413) for one over `MAX_BODY`."""
    body = await read_body(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the request body is not UTF-8 text") from None
    if kind == "application/json":
        try:
            data = json.loads(text) if text.strip() else {}
        except (ValueError, RecursionError):
            raise Refused(400, "the request body is not JSON") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request body must be a JSON object of fields")
        out: dict[str, list[str]] = {}
        for key, value in data.items():
            values = value if isinstance(value, list) else [value]
            if not all(isinstance(v, str | int | float) and not isinstance(v, bool)
                       for v in values):
                raise Refused(400, f"field '{key[:40]}': a string or number expected")
            out[key] = [str(v) for v in values]
        return out
    if kind not in ("", "application/x-www-form-urlencoded"):
        raise Refused(415, f"a form or JSON body expected, not {kind[:60]}")
    try:  # undecodable bytes kept as surrogates, to name the field that holds them
        fields = parse_qs(text, keep_blank_values=True, max_num_fields=MAX_FIELDS,
                          errors="surrogateescape")
    except ValueError as exc:
        raise Refused(400, f"the form cannot be read: {exc}") from None
    for key, values in fields.items():
        if not _utf8(key):
            raise Refused(400, "a field's name is not UTF-8 text (its percent-encoded bytes "
                          f"are not UTF-8): {_shown(key)}")
        if not all(_utf8(v) for v in values):
            raise Refused(400, f"field '{key[:40]}': the value is not UTF-8 text (its "
                          "percent-encoded bytes are not UTF-8)")
    return fields


def _utf8(text: str) -> bool:
    """Whether ``text`` came from UTF-8 bytes (holds no surrogate `surrogateescape` left)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(text: str) -> str:
    """``text`` with its undecodable bytes as ``\\xNN``, cut to 40 characters, quoted."""
    return repr(text.encode("utf-8", "surrogateescape")[:40].decode("ascii", "backslashreplace"))


def one(fields: dict[str, list[str]], name: str, default: str | None = None) -> str:
    """The single value of field ``name`` (``default`` when absent). Raises Refused (400)
    when it is missing without a default or given twice."""
    values = fields.get(name)
    if not values:
        if default is None:
            raise Refused(400, f"field '{name}' is missing")
        return default
    if len(values) > 1:
        raise Refused(400, f"field '{name}' is given {len(values)} times")
    return values[0]


def decision(fields: dict[str, list[str]]) -> int:
    """The field ``decision`` of a decision's or an undo's form: the number of actions the
    game had when the page was shown (`Session.act`, `Session.undo`: another number changes
    nothing). Raises Refused (400) when it is missing or not a whole number."""
    raw = one(fields, "decision", "")
    if not raw:
        raise Refused(400, "field 'decision' is missing: send the decision count the page's "
                      "form carries (its number of actions taken), so a form sent twice acts "
                      "once")
    return _int(raw, "decision")


@dataclass(frozen=True)
class NewGame:
    """A checked new-game form: the ``config`` (`GameConfig`), each seat's ``kinds`` and
    ``names``."""

    config: object
    kinds: list[str]
    names: list[str]


def new_game(fields: dict[str, list[str]], host, packs_folder: Path | None) -> NewGame:
    """The new game a form asks for: ``game`` (a registered game id), ``players`` (one of its
    counts), ``seatN`` (a bot kind or human) and ``nameN`` per seat, ``seed`` (blank: a
    random one), ``variants`` (lines ``NAME`` or ``NAME.KEY=VALUE``, a value read as YAML),
    ``options`` (lines ``KEY=VALUE``, the game's own options), ``content_version`` (blank: the
    current base content; docs/saves.md, "Content versions") and ``expansion`` (names of pack
    folders in ``packs_folder``, the only packs a browser may ask for). Raises Refused (400)
    naming the field; the game checks variants and options when it is set up."""
    from artemis.kernel.game import GameConfig
    from artemis.kernel.games import UnknownGame, get_game

    game_id = one(fields, "game", "project")
    try:
        ruleset = get_game(game_id)
    except UnknownGame as exc:
        raise Refused(400, f"field 'game': {exc}") from None
    counts = ruleset.player_counts
    players = _int(one(fields, "players", str(counts[0])), "players")
    if players not in counts:
        raise Refused(400, f"field 'players': {players} is not a player count of "
                      f"{ruleset.name or ruleset.id} ({', '.join(map(str, counts))})")
    kinds, names = seats(fields, ruleset, players)
    raw_seed = one(fields, "seed", "").strip()
    if re.fullmatch(r"[+-]?[0-9]+", raw_seed):  # a whole number: out of range is said so
        seed = int(raw_seed) if len(raw_seed) <= 30 else MAX_SEED + 1
    else:
        seed = _int(raw_seed, "seed") if raw_seed else secrets.randbelow(2**31)
    if not 0 <= seed <= MAX_SEED:
        raise Refused(400, f"field 'seed': a seed is a whole number from 0 to {MAX_SEED}")
    variants = _variants(one(fields, "variants", ""))
    options = _game_options(one(fields, "options", ""))
    available = packs(packs_folder)
    expansions = []
    for name in fields.get("expansion", []):
        if name not in available:
            raise Refused(400, f"field 'expansion': '{name[:40]}' is not a pack of the data "
                          f"folder's packs/ ({', '.join(available) or 'none there'})")
        expansions.append(str(available[name]))
    raw_version = one(fields, "content_version", "").strip()
    version = None
    if raw_version:  # blank: the current base content
        from artemis.kernel.game import ConfigError, content_version

        try:
            version = content_version(ruleset, _int(raw_version, "content_version"))
        except ConfigError as exc:
            raise Refused(400, f"field 'content_version': {exc}") from None
    config = GameConfig(players=players, seed=seed, variants=variants, options=options,
                        expansions=tuple(expansions), game=ruleset.id,
                        content_version=version)
    return NewGame(config, kinds, names)


def seats(fields: dict[str, list[str]], ruleset, players: int,
          kinds: list[str] | None = None, names: list[str] | None = None
          ) -> tuple[list[str], list[str]]:
    """Each seat's kind and name from the fields ``seatN`` (a bot spec of ``ruleset``'s game,
    human included, written as `check_bot` writes it) and ``nameN`` (blank: ``names[N]``,
    else PN), for ``players`` seats; absent fields default to ``kinds`` (each one that is a
    spec of the game; else human for seat 0, random for the others). Raises
    Refused (400) naming the field: an unknown kind, a name over `MAX_NAME` printable
    characters, two seats with one name."""
    from artemis.players.bots import UnknownBot, bot_kinds, check_bot

    kinds_known = bot_kinds(ruleset)
    out_kinds, out_names = [], []
    for seat in range(players):
        default = "human" if seat == 0 else "random"
        if kinds:
            try:  # a recorded spec with options (mcts:iterations=20) is kept too
                default = check_bot(kinds[seat], ruleset)
            except ValueError:
                pass
        kind = one(fields, f"seat{seat}", default)
        try:
            kind = check_bot(kind, ruleset)
        except UnknownBot:
            raise Refused(400, f"field 'seat{seat}': '{kind[:40]}' is not a seat kind of "
                          f"{ruleset.name or ruleset.id} ({', '.join(kinds_known)})") from None
        except ValueError as exc:
            raise Refused(400, f"field 'seat{seat}': {str(exc)[:300]}") from None
        name = (" ".join(one(fields, f"name{seat}", "").split())
                or (names[seat] if names else "") or f"P{seat}")
        if len(name) > MAX_NAME or not name.isprintable():
            raise Refused(400, f"field 'name{seat}': a name is at most {MAX_NAME} printable "
                          "characters")
        out_kinds.append(kind)
        out_names.append(name)
    if len(set(out_names)) != len(out_names):
        raise Refused(400, "two seats have the same name; give each its own")
    return out_kinds, out_names


def packs(folder: Path | None) -> dict[str, Path]:
    """The content packs a new game may add: the folders of ``folder`` holding an
    ``expansion.yaml``, by folder name (none when ``folder`` does not exist)."""
    if folder is None or not folder.is_dir():
        return {}
    return {p.name: p for p in sorted(folder.iterdir())
            if p.is_dir() and (p / "expansion.yaml").is_file()}


def _int(text: str, field: str) -> int:
    """``text`` as a whole number (a sign allowed: the game names the range a negative one
    misses); Refused 400 for anything else or more than 20 digits."""
    text = text.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not (digits.isdigit() and digits.isascii()):
        raise Refused(400, f"field '{field}': '{text[:40]}' is not a whole number")
    if len(digits) > 20:
        raise Refused(400, f"field '{field}': '{text[:24]}...' has {len(digits)} digits: "
                           "too large for any of a game's numbers")
    return int(text)


def _value(raw: str):
    """A variant or game option's value, read as YAML as the command line reads it
    (``3`` a number, ``true`` a boolean); text that is not YAML stays text."""
    from artemis.content.yamlio import YamlProblem, parse

    if not raw.strip():
        return ""
    try:
        return parse(f"v: {raw}\n").data["v"]
    except (YamlProblem, KeyError, TypeError):
        return raw


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _variants(text: str) -> dict:
    """{variant: {option: value}} from lines ``NAME`` or ``NAME.KEY=VALUE``."""
    out: dict = {}
    for line in _lines(text):
        key, sep, raw = line.partition("=")
        name, dot, option = key.strip().partition(".")
        if not name.isidentifier() or (sep and not (dot and option.isidentifier())) \
                or (dot and not sep):
            raise Refused(400, f"field 'variants': '{line[:60]}' is not NAME or "
                          "NAME.KEY=VALUE, e.g. game_length.rounds=5")
        options = out.setdefault(name, {})
        if sep:
            options[option] = _value(raw)
    return out


def _game_options(text: str) -> dict:
    """{key: value} from lines ``KEY=VALUE``."""
    out: dict = {}
    for line in _lines(text):
        key, sep, raw = line.partition("=")
        if not sep or not key.strip().isidentifier():
            raise Refused(400, f"field 'options': '{line[:60]}' is not KEY=VALUE")
        out[key.strip()] = _value(raw)
    return out
