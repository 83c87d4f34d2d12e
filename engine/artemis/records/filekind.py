"""What kind of artemis file a path holds, told from its first bytes: for a command given the
wrong kind (a save to `artemis replay`, a config to `artemis play --load`) to say what the file
is instead of a parse error.

A guess from the start of the file only, never a validation: the command that reads the file
still checks it in full.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from pathlib import Path

#: How much of a file is looked at.
HEAD_BYTES = 64 * 1024

#: The kinds told apart, with what writes or reads each (for people).
KINDS = {
    "save": "a save (written by `artemis play --save`)",
    "log": "a game log (written by `artemis play --log`)",
    "config": "a game config",
    "scenario": "a scenario file",
    "content": "a content file",
    "manifest": "a content pack manifest",
    "report": "a simulate report (written by `artemis simulate --out`)",
    "gzip": "a gzip-compressed file",
}

#: The first bytes of a gzip file (RFC 1952): `simulate --out NAME.gz` writes reports so.
_GZIP_MAGIC = b"\x1f\x8b"

_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:", re.MULTILINE)
_SAVE = re.compile(r'"format"\s*:\s*"artemis-save"')
_REPORT = re.compile(r'"format"\s*:\s*"artemis-simulate/')


def file_kind(path: str | Path) -> str | None:
    """The kind of the file at ``path``, a key of `KINDS`, or None when it is none of them,
    cannot be read or is not text.

    - ``save``: JSON whose opening object has ``"format": "artemis-save"``;
    - ``report``: JSON, plain or gzipped, whose opening object has a ``"format"`` of
      ``"artemis-simulate/N"`` (docs/simulate.md);
    - ``gzip``: any other gzip file, or a cut-short one (artemis reads logs, saves and
      configs uncompressed);
    - ``log``: JSON lines, the first an object with ``"type": "game"``;
    - YAML by its top-level keys: ``kind`` and ``items`` a content file; ``files`` and
      ``provenance`` a manifest; ``scenario`` (one scenario) or ``scenarios`` (a list of them)
      a scenario file (docs/scenarios.md); ``players`` with none of those a game config."""
    try:
        with open(path, "rb") as f:
            raw = f.read(HEAD_BYTES)
    except OSError:
        return None
    if raw.startswith(_GZIP_MAGIC):  # only a report is written gzipped
        try:
            with gzip.open(path, "rb") as f:
                inner = f.read(HEAD_BYTES).decode("utf-8", errors="strict")
        except (OSError, EOFError, zlib.error, UnicodeDecodeError):
            return "gzip"
        return "report" if _REPORT.search(inner[:4096]) else "gzip"
    try:
        head = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        return None
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("{"):
        first = text.split("\n", 1)[0]
        try:
            record = json.loads(first)
        except ValueError:
            record = None
        if isinstance(record, dict) and record.get("type") == "game":
            return "log"
        if _SAVE.search(text[:4096]):
            return "save"
        if _REPORT.search(text[:4096]):
            return "report"
        return None
    keys = set(_TOP_KEY.findall(text))
    if {"kind", "items"} <= keys:
        return "content"
    if {"files", "provenance"} <= keys:
        return "manifest"
    if keys & {"scenario", "scenarios"}:  # checks may all be expect steps; no config has these
        return "scenario"
    if "players" in keys:
        return "config"
    return None


def what_it_is(path: str | Path, expected: str) -> str | None:
    """"PATH is a save (written by ...), not a game log" when the file at ``path`` is of a
    known kind other than ``expected`` (a key of `KINDS`); None otherwise."""
    kind = file_kind(path)
    if kind is None or kind == expected:
        return None
    return f"{path} is {KINDS[kind]}, not {KINDS[expected].split(' (')[0]}"
