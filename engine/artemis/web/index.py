"""The games list's index (docs/serve.md, "The data folder"): ``DIR/index.sqlite3``, a row per
game with what the list shows, read from its save, and the save's stamp then (inode,
modification time in ns, size: a save is replaced whole at every write, so a new one has a new
inode).

The index is a cache, never a record: a row whose stamp is not its save's stamp now is read
again from the save, a row without a save is dropped, and an index that is missing, damaged
or cannot be written is rebuilt from the saves (or the list is read from the saves alone).
The list then stats each save (a few microseconds) instead of reading and parsing it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path

INDEX_NAME = "index.sqlite3"
#: The rows' layout; an index of another version is rebuilt.
VERSION = 2
#: What a row holds beside its game id and its save's stamp: the fields of the list's entry.
FIELDS = ("game", "seats", "actions", "round", "over", "problem")


def stamp(st: os.stat_result) -> tuple[int, int, int]:
    """A save's stamp: (inode, modification time in ns, size)."""
    return st.st_ino, st.st_mtime_ns, st.st_size


class GamesIndex:
    """The index file ``path``: `rows` and `put`. Thread-safe; an index that cannot be used
    (damaged and not removable, a read-only folder) makes `rows` empty and `put` do nothing,
    so the list is read from the saves."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._broken = False
        self._lock = threading.Lock()

    def _open(self) -> sqlite3.Connection | None:
        if self._db is None and not self._broken:
            for attempt in (1, 2):
                try:
                    self._db = self._connect()
                    break
                except sqlite3.Error:  # damaged, or of another layout: rebuilt from the saves
                    if attempt == 2:
                        self._broken = True
                        break
                    try:
                        self.path.unlink(missing_ok=True)
                    except OSError:
                        self._broken = True
                        break
        return self._db

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA synchronous=OFF")  # a cache: a crash loses nothing a save holds
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables and version != VERSION:
                raise sqlite3.DatabaseError(f"index version {version}, not {VERSION}")
            # the stamp in three columns, the entry's fields in their own (seats as JSON)
            db.execute("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, ino INTEGER, "
                       "mtime INTEGER, size INTEGER, game TEXT, seats TEXT, actions INTEGER, "
                       "round INTEGER, over INTEGER, problem TEXT)")
            db.execute(f"PRAGMA user_version={VERSION}")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def rows(self) -> dict[str, tuple[tuple, tuple]]:
        """{game id: (the save's stamp when read, the entry's `FIELDS`: game, seats (a
        tuple), actions, round, over (a bool), problem)}."""
        with self._lock:
            db = self._open()
            if db is None:
                return {}
            try:
                found = db.execute("SELECT * FROM games").fetchall()
            except sqlite3.Error:
                self._drop()
                return {}
        out = {}
        for game_id, ino, mtime, size, game, seats, actions, round_, over, problem in found:
            try:
                out[game_id] = ((ino, mtime, size), (game, tuple(json.loads(seats)), actions,
                                                     round_, bool(over), problem))
            except (ValueError, TypeError):
                continue  # a row not ours: read from the save again
        return out

    def put(self, rows: list[tuple[str, tuple, tuple]], gone: list[str] = ()) -> None:
        """Write the rows (game id, the save's stamp when read, the entry's `FIELDS`) and
        drop the games ``gone``, in one transaction."""
        if not rows and not gone:
            return
        with self._lock:
            db = self._open()
            if db is None:
                return
            try:
                with _transaction(db):
                    db.executemany(
                        "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [(i, *s, f[0], json.dumps(list(f[1])), *f[2:]) for i, s, f in rows])
                    db.executemany("DELETE FROM games WHERE id = ?", [(i,) for i in gone])
            except sqlite3.Error:
                self._drop()

    def _drop(self) -> None:
        """The index failed: closed and removed, to be rebuilt at the next use."""
        if self._db is not None:
            self._db.close()
            self._db = None
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            self._broken = True

    def close(self) -> None:
        """Close the file (the index stays, for the next start)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


class _transaction:
    def __init__(self, db):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN")

    def __exit__(self, kind, exc, tb):
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
