"""The games of a data folder (`artemis serve --data DIR`, docs/serve.md, "The data folder").

Each game is a folder ``DIR/<id>/`` holding ``game.json``, the game in the save format
(docs/saves.md: `artemis play --load` continues it too), rewritten atomically after every
action, and ``seats.json``, what the save does not carry: each human seat's token, the host
key and the bots' pace (mode 0600, never inside the save). A game id is 12 lower-case hex
digits; anything else is not looked up on disk. Games are loaded (the save replayed and
checked, `artemis.records.save.load_save`) on first use, so a restarted server goes on where
it stopped. The games list reads each save's row of the index (`artemis.web.index`) while the
save is the one the row was read from, and the save itself otherwise.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from artemis.web.index import INDEX_NAME, GamesIndex, stamp
from artemis.web.session import MAX_PACE, Refused, Session, new_token

GAME_ID = re.compile(r"[0-9a-f]{12}")
SAVE_NAME = "game.json"
SEATS_NAME = "seats.json"
#: The largest seats file read (bytes): tokens for five seats take a few hundred.
MAX_SEATS_BYTES = 64 * 1024
#: The bots' pace of a new game (seconds between two bot decisions).
DEFAULT_PACE = 0.5


@dataclass(frozen=True)
class Listed:
    """A game of the data folder as the index lists it, read from its save without
    replaying it: ``id``, ``game`` (the game's id), ``seats`` ("Ada (human)", ...),
    ``actions`` taken, ``round``, ``over``, and ``problem`` (why it cannot be read, or "")."""

    id: str
    game: str
    seats: tuple[str, ...]
    actions: int
    round: int | None
    over: bool
    problem: str = ""


class GameStore:
    """The games in ``folder`` (created when missing), played with the plugin ``host``
    (default: the core and installed plugins); searching bots think with ``thinker`` (an
    `artemis.web.thinking.Thinker`; None: in the request's thread). Thread-safe."""

    def __init__(self, folder: str | Path, host=None, thinker=None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.host = host
        self.thinker = thinker
        self.index = GamesIndex(self.folder / INDEX_NAME)
        self._open: dict[str, Session] = {}
        self._host_keys: dict[str, str] = {}  # a game's host key never changes
        self._lock = threading.Lock()

    # -- finding games --------------------------------------------------------------------

    def _saves(self) -> dict[str, os.stat_result]:
        """{game id: its save's stat} for every game folder of the folder with a save."""
        found = {}
        with os.scandir(self.folder) as entries:
            for entry in entries:
                if GAME_ID.fullmatch(entry.name):
                    try:
                        st = os.stat(f"{entry.path}/{SAVE_NAME}")
                    except OSError:
                        continue
                    if stat.S_ISREG(st.st_mode):
                        found[entry.name] = st
        return found

    def ids(self) -> list[str]:
        """The ids of the games in the folder, newest first."""
        saves = self._saves()
        return sorted(saves, key=lambda i: saves[i].st_mtime_ns, reverse=True)

    def listing(self) -> list[Listed]:
        """Every game of the folder as `Listed`, newest first; a save that cannot be read is
        listed with its problem. A game's row of the index is used while its save is the one
        it was read from; any other save is read, and its row written."""
        return self.listing_page(0, None)[0]

    def listing_page(self, start: int, count: int | None) -> tuple[list[Listed], int]:
        """The games ``start`` to ``start + count`` (None: to the end) of `listing`, newest
        first, and how many games the folder holds: only those games' rows are made (a save
        is read only for one of them whose row is stale)."""
        saves = self._saves()
        rows = self.index.rows()
        out, fresh = [], []
        newest = sorted(saves, key=lambda i: saves[i].st_mtime_ns, reverse=True)
        stop = None if count is None else start + count
        for game_id in newest[start:stop]:
            now = stamp(saves[game_id])
            row = rows.get(game_id)
            if row is not None and row[0] == now:
                listed = Listed(game_id, *row[1])
            else:
                listed = self._read_listed(game_id)
                fresh.append((game_id, now, _row(listed)))
            if not listed.problem:  # a seats file that cannot be read: the game cannot be
                seats = self._seats_problem(game_id)  # served, though its save is intact
                if seats:
                    listed = replace(listed, problem=seats)
            out.append(listed)
        self.index.put(fresh, [i for i in rows if i not in saves])
        return out, len(saves)

    def _seats_problem(self, game_id: str) -> str:
        """Why the seats file of ``game_id`` cannot be used ("" when it can; read once when
        it can, as `host_key`)."""
        if game_id in self._host_keys:
            return ""
        try:
            self._host_keys[game_id] = self._read_seats(self.folder / game_id / SEATS_NAME)[
                "host"]
        except Refused as exc:
            return exc.message
        return ""

    def _here(self, text: str) -> str:
        """``text`` with the data folder's path left out of the paths it names (a remote
        player reads it): "/srv/games/0123456789ab/game.json" -> "0123456789ab/game.json"."""
        for folder in {str(self.folder), str(self.folder.resolve())}:
            text = text.replace(folder + os.sep, "")
        return text

    def _read_listed(self, game_id: str, data: dict | None = None) -> Listed:
        """``game_id`` as `Listed`, from its save document ``data`` (default: read)."""
        from artemis.records.save import SaveError, read_save

        problem = ""
        if data is None:
            from artemis.records.save import document_digest

            try:
                data = read_save(self.folder / game_id / SAVE_NAME)
            except SaveError as exc:
                return Listed(game_id, "?", (), 0, None, False, self._here(str(exc)))
            # an edited save (an action appended, a seat renamed) reads but does not load; its
            # digest says so without replaying it (docs/saves.md)
            if data["digest"] != document_digest(data):
                problem = (f"{game_id}/{SAVE_NAME}: the save was changed after it was "
                           "written (its digest does not match): it cannot be loaded")
        seats = tuple(f"{s['name']} ({s['kind']})" for s in data["seats"])
        pos = data["position"]
        return Listed(game_id, data["config"]["game"], seats, len(data["actions"]),
                      pos["round"], pos["over"], problem)

    def host_key(self, game_id: str) -> str | None:
        """The host key of ``game_id`` from its seats file, without loading the game (None
        when the file cannot be read); read once, as it never changes."""
        key = self._host_keys.get(game_id)
        if key is None:
            try:
                key = self._read_seats(self.folder / game_id / SEATS_NAME)["host"]
            except Refused:
                return None
            self._host_keys[game_id] = key
        return key

    def get(self, game_id: str) -> Session:
        """The served game ``game_id``, loaded from its save on first use. Raises Refused:
        404 for an id that is not a game of the folder, 500 naming the problem for a save or
        seats file that cannot be loaded."""
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise Refused(404, "no such game: a game id is 12 hex digits, as in the links "
                          "of the games list")
        with self._lock:
            session = self._open.get(game_id)
            if session is None:
                session = self._load(game_id)
                self._open[game_id] = session
        return session

    def _load(self, game_id: str) -> Session:
        from artemis.records.save import SaveError, load_save

        folder = self.folder / game_id
        if not (folder / SAVE_NAME).is_file():
            raise Refused(404, f"no game '{game_id}' in the data folder")
        try:  # the save first: a broken save is the game's problem, whatever its seats
            loaded = load_save(folder / SAVE_NAME, self.host)
        except SaveError as exc:
            problem = f"the game '{game_id}' cannot be loaded: {self._here(str(exc))}"
            self._mark_broken(game_id, problem)
            raise Refused(500, problem) from None
        seats = self._read_seats(folder / SEATS_NAME)
        tokens = seats["tokens"]
        if len(tokens) != len(loaded.kinds):
            raise Refused(500, f"{game_id}/{SEATS_NAME}: {len(tokens)} tokens for "
                          f"{len(loaded.kinds)} seats")
        loaded.game.seat_names = list(loaded.names)
        return Session(game_id, loaded.game, loaded.kinds, loaded.names, loaded.bots,
                       tokens, seats["host"], seats["pace"], folder / SAVE_NAME, self._write,
                       thinker=self.thinker)

    def _mark_broken(self, game_id: str, problem: str) -> None:
        """Keep ``problem`` in the index row of ``game_id`` while its save stays as it is, so
        the games list shows a save that reads but does not replay (an edited action) as
        broken once it has been opened."""
        try:
            now = stamp(os.stat(self.folder / game_id / SAVE_NAME))
        except OSError:
            return
        listed = replace(self._read_listed(game_id), problem=problem)
        self.index.put([(game_id, now, _row(listed))])

    @staticmethod
    def _read_seats(path: Path) -> dict:
        """The seats file, checked: {"host": key, "tokens": [token or null per seat],
        "pace": seconds}. Raises Refused (500) naming the file (as GAME_ID/seats.json: a
        remote player reads it) and what is wrong."""
        shown = f"{path.parent.name}/{path.name}"
        try:
            with open(path, "rb") as f:
                raw = f.read(MAX_SEATS_BYTES + 1)
            data = json.loads(raw.decode("utf-8"))
        except (OSError, ValueError) as exc:
            raise Refused(500, f"{shown}: cannot read the seats' tokens: "
                          f"{exc.strerror or exc if isinstance(exc, OSError) else exc}"
                          ) from None
        ok = (len(raw) <= MAX_SEATS_BYTES and isinstance(data, dict)
              and isinstance(data.get("host"), str) and len(data["host"]) >= 16
              and isinstance(data.get("tokens"), list)
              and all(t is None or (isinstance(t, str) and len(t) >= 16)
                      for t in data["tokens"])
              and isinstance(data.get("pace"), int | float)
              and not isinstance(data.get("pace"), bool) and 0 <= data["pace"] <= MAX_PACE)
        if not ok:
            raise Refused(500, f"{shown}: not a seats file (host, tokens, pace); the game's "
                          "save beside it is intact and `artemis play --load` continues it")
        return data

    # -- new games ------------------------------------------------------------------------

    def create(self, config, kinds: list[str], names: list[str],
               actions: list[str] = ()) -> Session:
        """Start a game of ``config`` (a `GameConfig`), seat i played by ``kinds[i]`` (a bot
        kind or "human") named ``names[i]``, with ``actions`` (ids) already taken (a game
        continued from a replay's step); write it to a new folder and return it, the bots
        seeded per seat from the game seed (`artemis.players.bots.seat_bot`). Raises
        ConfigError or ContentError from `Game.new` for a config the game refuses,
        `artemis.kernel.replay.ReplayFailed` for an action that is not legal at its point;
        nothing is written then."""
        from artemis.kernel.game import Game
        from artemis.kernel.replay import apply_actions
        from artemis.players.play import make_bots

        game = Game.new(config, plugins=self.host)
        apply_actions(game, actions)
        game.seat_names = list(names)
        bots = make_bots(config, kinds)
        with self._lock:
            game_id = secrets.token_hex(6)
            while (self.folder / game_id).exists():
                game_id = secrets.token_hex(6)
            (self.folder / game_id).mkdir()
        tokens = [new_token() if k == "human" else None for k in kinds]
        session = Session(game_id, game, list(kinds), list(names), bots, tokens,
                          new_token(), DEFAULT_PACE, self.folder / game_id / SAVE_NAME,
                          self._write, thinker=self.thinker)
        self._write(session)
        with self._lock:
            self._open[game_id] = session
        return session

    def forget(self, game_id: str) -> None:
        """Drop a loaded game from memory (the next `get` loads it from its save again)."""
        with self._lock:
            self._open.pop(game_id, None)

    def close(self) -> None:
        """The server is stopping: the bots' workers are killed (a decision under way is
        abandoned), each loaded game waits for a change under way to be saved and refuses
        any later one (`Session.close`); every game is then as its save holds it."""
        with self._lock:
            sessions = list(self._open.values())
        for session in sessions:
            session.close()
        if self.thinker is not None:
            self.thinker.close()
        self.index.close()

    # -- writing --------------------------------------------------------------------------

    def _write(self, session: Session) -> None:
        """Write the seats file (only when it changed) and the save, each atomically.
        Raises OSError."""
        from artemis.records.save import write_atomic, write_save

        seats = session.save_path.parent / SEATS_NAME
        text = json.dumps({"host": session.host_key, "tokens": session.tokens,
                           "pace": session.pace}) + "\n"
        if session.seats_text != text:
            if not seats.exists():  # the tokens let a browser act for a seat: owner only
                os.close(os.open(seats, os.O_WRONLY | os.O_CREAT, 0o600))
            write_atomic(seats, text)  # keeps the file's mode
            session.seats_text = text
        data = write_save(session.save_path, session.game, session.kinds, session.names,
                          session.bots, self.host)
        try:  # the list's row, so that the list need not read the save again
            now = stamp(os.stat(session.save_path))
        except OSError:
            return
        game_id = session.save_path.parent.name
        self.index.put([(game_id, now, _row(self._read_listed(game_id, data)))])


def _row(listed: Listed) -> tuple:
    """A `Listed`'s fields as the index keeps them (`artemis.web.index.FIELDS`)."""
    return (listed.game, listed.seats, listed.actions, listed.round, listed.over,
            listed.problem)
