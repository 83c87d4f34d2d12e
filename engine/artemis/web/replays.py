"""Replays of uploaded game logs and saves (docs/serve.md, "Replay").

A browser uploads a log (`artemis play --log`, JSON lines) or a save (`artemis play --save`,
or a served game's ``game.json``); never a server path. The file is checked in full as
`artemis replay --verify` and `artemis play --load` check theirs: a log is replayed and every
recorded entry compared with the replay (`artemis.records.log.verify`); a save is replayed to
its saved position with its digest checked (`artemis.records.save.restore`). A file that is
neither, or fails a check, is refused with the check's message, and nothing is stored.

A checked file is kept as it was uploaded, byte for byte, in ``DIR/replays/<id>/`` (``id``:
32 hex digits, unguessable, as a replay shows every seat's choices) beside ``about.json``
(the file's name and what the listing shows), written last: a folder without it is an upload
that never finished (a crash, a full disk), which no one was given the id of, so it is not
listed and a server starting removes it. The uploaded file is the record: a server started
again reads and checks it as on upload, so there is no second format to keep honest.

Expansions: a recorded game names its packs by path, which on this server would be a server
path; a replay uses only the data folder's ``packs/``, the pack found by the path's last
folder name, and the content digest the file records must match what that pack loads.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from artemis.web.forms import MAX_UPLOAD, packs
from artemis.web.session import Refused

REPLAY_ID = re.compile(r"[0-9a-f]{32}")
#: The data folder's sub-folder of replays.
FOLDER = "replays"
ABOUT_NAME = "about.json"
#: A clone of the game is kept every this many actions, so a step is at most that many
#: actions away from a kept position.
CHECKPOINT = 25
#: Replays kept in memory at once (the least recently opened is read again when asked).
KEEP_OPEN = 16


@dataclass
class Replay:
    """A checked record: ``id``, ``name`` (the uploaded file's), ``kind`` ("log" or
    "save"), the game's ``config`` (`GameConfig`), the seats' recorded ``kinds`` and
    ``names``, every ``actions`` id in order, and ``ended`` (the game at the record's end).
    Step k is the game after its first k actions (0 to ``steps``)."""

    id: str
    name: str
    kind: str
    config: object
    kinds: list[str]
    names: list[str]
    actions: list[str]
    ended: object
    _kept: dict = field(default_factory=dict)  # step -> the game there (never handed out)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def steps(self) -> int:
        """How many actions the record holds."""
        return len(self.actions)

    @property
    def game_id(self) -> str:
        """The recorded game's id (project, odyssey, ...)."""
        return self.ended.ruleset.id

    def at(self, step: int):
        """A new game after the record's first ``step`` actions (0 <= step <= `steps`),
        built from the nearest kept position at or before it. Raises Refused (400) for a step
        outside the record."""
        if not 0 <= step <= self.steps:
            raise Refused(400, f"field 'step': {step} is not a step of this replay (0 to "
                          f"{self.steps})")
        from artemis.kernel.replay import apply_actions

        with self.lock:
            base = max(k for k in self._kept if k <= step)
            game = self._kept[base].clone()
        apply_actions(game, self.actions[base:step])
        return game

    def keep_positions(self, first) -> None:
        """Replay the record from ``first`` (the game at step 0, played on to the end: it
        becomes `ended`), keeping a clone every `CHECKPOINT` actions."""
        self._kept = {0: first.clone()}
        for i, action_id in enumerate(self.actions, start=1):
            first.apply(action_id)
            if i % CHECKPOINT == 0:
                self._kept[i] = first.clone()
        self.ended = first


def read_record(raw: bytes, name: str, host, packs_folder: Path) -> Replay:
    """The `Replay` of an uploaded file's bytes ``raw`` (its name ``name``, used in
    messages), played with the plugin ``host`` and the packs of ``packs_folder``. Raises
    Refused (400) naming the file and what is wrong: not UTF-8, empty, neither a log nor a
    save, or the check that failed (bad JSON at line and column, a header field, an action
    not legal at its step, a recorded entry the replay does not give, a save's position or
    digest, content that differs, an expansion that is not a pack of ``packs_folder``)."""
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise Refused(400, f"{name}:{line}: not UTF-8 text; a log or a save is") from None
    start = text.lstrip(" \t\r\n")
    if not start:
        raise Refused(400, f"{name}: the file is empty")
    first = start.split("\n", 1)[0]
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):
        header = None
    try:
        if (isinstance(header, dict) and header.get("type") == "game") or re.match(
                r'\{\s*"type"\s*:\s*"game"', first):  # a log, maybe cut in its header
            return _from_log(text, name, host, packs_folder)
        if start.startswith("{") and re.search(r'"format"\s*:', start[:4096]):
            return _from_save(text, name, host, packs_folder)
    except Refused:
        raise
    except Exception as exc:  # a forged value the rules trip over: still the file's fault
        raise Refused(400, f"{name}: the game cannot be replayed: {type(exc).__name__}: "
                      f"{str(exc)[:200]}") from None
    raise Refused(400, f"{name}: neither an artemis game log (JSON lines from `artemis play "
                  "--log`, the first {\"type\": \"game\", ...}) nor a save (from `artemis play "
                  "--save` or a served game's game.json, {\"format\": \"artemis-save\", ...})")


def _packs_of(recorded, name: str, packs_folder: Path) -> list[str]:
    """The pack folder names standing for a record's expansion paths: each path's last
    folder name, which must be a pack of ``packs_folder``. Raises Refused (400)."""
    available = packs(packs_folder)
    out = []
    for path in recorded:
        folder = PurePosixPath(str(path).replace("\\", "/")).name
        if folder not in available:
            raise Refused(400, f"{name}: the game was played with the expansion "
                          f"'{str(path)[:80]}'; a replay uses only the packs of the data "
                          f"folder's packs/ ({', '.join(available) or 'none there'}): put "
                          f"that pack there as packs/{folder[:40] or '...'}")
        out.append(folder)
    return out


def _from_log(text: str, name: str, host, packs_folder: Path) -> Replay:
    from artemis.records.log import LogError, parse_log, verify

    try:
        log = parse_log(text, name)
        log.header["expansions"] = _packs_of(log.header["expansions"], name, packs_folder)
        log.folder = str(packs_folder)
        difference = verify(log, host)
        # a log may end before the game does (a game stopped on the way): that is a record
        if difference is not None and not (difference.recorded is None
                                           and difference.replayed is None):
            first_line, *rest = difference.format(name).split("\n  ")
            raise Refused(400, f"{name}: the log is not the game its actions replay: "
                          f"{first_line} {'; '.join(rest)}")
    except LogError as exc:
        raise Refused(400, str(exc)) from None
    actions = [action_id for _, action_id in log.actions()]
    return _made(name, "log", log.config, log.kinds, log.names, actions, host)


def _from_save(text: str, name: str, host, packs_folder: Path) -> Replay:
    from artemis.records.save import SaveError, document_digest, parse_save, restore

    try:
        data = parse_save(text, name)
        edited = data["digest"] != document_digest(data)
        data["config"]["expansions"] = _packs_of(data["config"]["expansions"], name,
                                                 packs_folder)
        if not edited:  # the pack names stand for the paths it was written with
            data["digest"] = document_digest(data)
        loaded = restore(data, host, name, packs_folder)
    except SaveError as exc:
        raise Refused(400, str(exc)) from None
    return _made(name, "save", loaded.game.config, loaded.kinds, loaded.names,
                 list(data["actions"]), host)


def _made(name: str, kind: str, config, kinds, names, actions, host) -> Replay:
    """The `Replay` of a checked record: the game set up from ``config`` (a `GameConfig` or
    its dict) and played along ``actions``, positions kept on the way."""
    from artemis.kernel.game import Game

    first = Game.new(config, plugins=host)
    first.seat_names = list(names)
    record = Replay("", name, kind, first.config, list(kinds), list(names), actions, None)
    record.keep_positions(first)
    return record


@dataclass(frozen=True)
class ListedReplay:
    """A stored replay as the replay page lists it: ``id``, ``name`` (the file's),
    ``kind``, ``game`` (the game's id), ``names`` and ``steps``; ``problem`` when its
    about.json cannot be read."""

    id: str
    name: str
    kind: str
    game: str
    names: tuple[str, ...]
    steps: int
    problem: str = ""


class ReplayStore:
    """The replays in ``folder`` (``DIR/replays``, created when the first is stored),
    played with the plugin ``host`` and the data folder's ``packs_folder``. Thread-safe."""

    def __init__(self, folder: str | Path, host, packs_folder: Path):
        self.folder = Path(folder)
        self.host = host
        self.packs_folder = packs_folder
        self._open: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()
        self._clean()

    def _clean(self) -> None:
        """Remove the replay folders without an about.json: uploads a crash cut short
        (nobody has their id; the module's docstring)."""
        if not self.folder.is_dir():
            return
        for folder in self.folder.iterdir():
            if (REPLAY_ID.fullmatch(folder.name) and folder.is_dir()
                    and not folder.is_symlink() and not (folder / ABOUT_NAME).exists()):
                shutil.rmtree(folder, ignore_errors=True)

    def add(self, raw: bytes, name: str) -> Replay:
        """Check the uploaded file (`read_record`) and store it under a new id. Raises
        Refused (400 naming what is wrong; nothing is stored) or (500) when it cannot be
        written (nothing is left behind)."""
        from artemis.records.save import write_atomic

        record = read_record(raw, name, self.host, self.packs_folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        with self._lock:
            replay_id = secrets.token_hex(16)
            while (self.folder / replay_id).exists():
                replay_id = secrets.token_hex(16)
            folder = self.folder / replay_id
            folder.mkdir()
        try:
            (folder / f"record.{_suffix(record.kind)}").write_bytes(raw)
            write_atomic(folder / ABOUT_NAME, json.dumps({
                "name": name, "kind": record.kind, "game": record.game_id,
                "names": record.names, "steps": record.steps}) + "\n")
        except OSError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            raise Refused(500, f"the replay cannot be stored ({exc.strerror or exc}); "
                          "nothing was kept") from None
        record.id = replay_id
        self._remember(record)
        return record

    def get(self, replay_id: str) -> Replay:
        """The replay ``replay_id``, read and checked from its folder on first use. Raises
        Refused: 404 for an id that is not a stored replay, 500 naming the file when it no
        longer passes its checks (a pack changed, say)."""
        from artemis.records.log import LogError, read_limited

        if not isinstance(replay_id, str) or not REPLAY_ID.fullmatch(replay_id):
            raise Refused(404, "no such replay: a replay id is 32 hex digits, as in the "
                          "replay's address")
        with self._lock:
            record = self._open.get(replay_id)
            if record is not None:
                self._open.move_to_end(replay_id)
                return record
        folder = self.folder / replay_id
        about = _read_about(folder)
        if about is None:
            raise Refused(404, f"no replay '{replay_id}' in the data folder")
        path = folder / f"record.{_suffix(about['kind'])}"
        try:
            raw = read_limited(path, MAX_UPLOAD, "replay", LogError)
            record = read_record(raw, about["name"], self.host, self.packs_folder)
        except (LogError, Refused) as exc:
            reason = exc.message if isinstance(exc, Refused) else str(exc)
            raise Refused(500, f"the replay '{replay_id}' ({path}) cannot be loaded: "
                          f"{reason}") from None
        record.id = replay_id
        self._remember(record)
        return record

    def listing(self) -> list[ListedReplay]:
        """The stored replays, newest first, from their about.json (not replayed); a folder
        without one (an upload under way, or cut short) is not one."""
        if not self.folder.is_dir():
            return []
        found = [p for p in self.folder.iterdir()
                 if REPLAY_ID.fullmatch(p.name) and (p / ABOUT_NAME).exists()]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        out = []
        for folder in found:
            about = _read_about(folder)
            if about is None:
                out.append(ListedReplay(folder.name, "?", "?", "?", (), 0,
                                        f"{folder / ABOUT_NAME} cannot be read"))
                continue
            out.append(ListedReplay(folder.name, about["name"], about["kind"], about["game"],
                                    tuple(about["names"]), about["steps"]))
        return out

    def _remember(self, record: Replay) -> None:
        with self._lock:
            self._open[record.id] = record
            self._open.move_to_end(record.id)
            while len(self._open) > KEEP_OPEN:
                self._open.popitem(last=False)


def _suffix(kind: str) -> str:
    return "jsonl" if kind == "log" else "json"


def _read_about(folder: Path) -> dict | None:
    """A replay's about.json, checked, or None when it is missing or not one."""
    try:
        with open(folder / ABOUT_NAME, "rb") as f:
            data = json.loads(f.read(64 * 1024).decode("utf-8"))
    except (OSError, ValueError):
        return None
    ok = (isinstance(data, dict) and isinstance(data.get("name"), str)
          and data.get("kind") in ("log", "save") and isinstance(data.get("game"), str)
          and isinstance(data.get("names"), list)
          and all(isinstance(n, str) for n in data["names"])
          and isinstance(data.get("steps"), int) and not isinstance(data["steps"], bool))
    return data if ok else None
