"""An on-disk cache of read and schema-checked content files, so that a new process (an
``artemis validate`` run, a simulation worker) does not parse and check unchanged files again.

An entry holds what reading one file gave: its problems, its `Document` (plain values and
positions) and which items passed its schema. It is found by a SHA-256 of the file's text and
of everything else the outcome depends on: the name the file is shown by, its pack, the spec's
schemas and kind names, the engine's version, the loader's own source files (by size and time),
the installed jsonschema, PyYAML and ruamel.yaml, the YAML limits and the Python version.
A changed file, schema or engine is therefore a miss, never a stale hit.

Entries are written with `marshal` (plain values only: nothing in the cache can construct an
object), behind a SHA-256 of the payload, and renamed into place, so a torn, truncated or
corrupt entry is noticed and ignored (and rewritten). A folder that cannot be written leaves
loading as it was, without a cache. ``ARTEMIS_NO_CACHE=1`` turns the cache off;
``ARTEMIS_CACHE_DIR`` moves it (default: `artemis.util.paths.user_cache_dir`).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
from dataclasses import astuple
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from artemis.content.problems import Problem

FORMAT = 1
MAX_ENTRIES = 2000  # past this, the oldest half is removed
_CODE_FILES = ("loader.py", "yamlio.py", "yaml_fast.py", "schema_check.py", "cache.py")


def folder() -> Path | None:
    """The cache folder, or None when ``ARTEMIS_NO_CACHE`` is set (to anything but 0)."""
    if os.environ.get("ARTEMIS_NO_CACHE", "0") not in ("", "0"):
        return None
    where = os.environ.get("ARTEMIS_CACHE_DIR")
    if where:
        return Path(where)
    from artemis.util.paths import user_cache_dir

    return user_cache_dir() / "parsed"


def _stamp(path: str | None) -> str:
    try:
        st = os.stat(path) if path else None
    except OSError:
        return "-"
    return f"{st.st_mtime_ns}:{st.st_size}" if st else "-"


def _library(name: str) -> str:
    """A stamp of an installed library (its top file's time and size): a reinstall changes it."""
    try:
        spec = find_spec(name)
    except (ImportError, ValueError):
        return "-"
    return _stamp(spec.origin if spec else None)


def spec_key(schemas: Any, kinds: list[str], engine_version: str) -> str:
    """The part of every key that depends on the spec and the code, not on one file."""
    import json

    from artemis.content import yamlio

    here = Path(__file__).resolve().parent
    parts = [
        f"format {FORMAT}", sys.version, str(marshal.version), engine_version,
        json.dumps(schemas, sort_keys=True, default=repr), json.dumps(kinds),
        *(f"{name} {_stamp(str(here / name))}" for name in _CODE_FILES),
        f"problems {_stamp(str(here.parent / 'problems.py'))}",
        f"flowtext {_stamp(str(here.parent / 'flowtext.py'))}",
        *(f"{lib} {_library(lib)}" for lib in ("jsonschema", "yaml", "ruamel.yaml")),
        repr((yamlio.MAX_FILE_BYTES, yamlio.MAX_DEPTH, yamlio.MAX_NODES,
              yamlio.MAX_ALIAS_NODES, yamlio._FULL_PARSER_ONLY)),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def entry_key(spec_part: str, file: str, pack: str, role: str, text: str) -> str:
    """The key of one file's entry: ``role`` tells a manifest from a content file."""
    # file names that are not UTF-8 arrive as surrogate escapes: keep them, do not fail
    digest = hashlib.sha256(f"{spec_part}\0{file}\0{pack}\0{role}\0".encode(
        "utf-8", "surrogateescape"))
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


# what an entry holds: (problems, document or None, [item index])
Outcome = tuple[list[Problem], Any, list[int]]


def get(where: Path, key: str) -> Outcome | None:
    """The entry under ``key``, or None when it is missing, unreadable or corrupt."""
    from artemis.content.yamlio import Document

    try:
        raw = (where / key).read_bytes()
    except OSError:
        return None
    payload = raw[32:]
    if len(raw) < 32 or hashlib.sha256(payload).digest() != raw[:32]:
        return None
    try:
        fmt, problems, doc, items = marshal.loads(payload)
        if fmt != FORMAT:
            return None
        found = [Problem(*p) for p in problems]
        document = Document(doc[0], doc[1], doc[2], doc[3], doc[4]) if doc is not None else None
        return found, document, list(items)
    except (ValueError, TypeError, EOFError, IndexError):
        return None


def put(where: Path, key: str, outcome: Outcome) -> None:
    """Store ``outcome`` under ``key``; a failure to write is ignored (no cache then)."""
    problems, doc, items = outcome
    try:
        payload = marshal.dumps((
            FORMAT, [astuple(p) for p in problems],
            None if doc is None else (doc.file, doc.data, doc.values, doc.keys, doc.texts),
            list(items)))
    except ValueError:  # a value marshal cannot write: do without the cache
        return
    target = where / key
    tmp = target.with_name(f"{key}.{os.getpid()}.tmp")
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, target)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass
        return
    _prune(where)


def _prune(where: Path) -> None:
    """Keep the cache bounded: past `MAX_ENTRIES`, remove the least recently written half."""
    try:
        with os.scandir(where) as found:
            entries = [e for e in found if e.is_file()]
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort(key=lambda e: e.stat().st_mtime_ns)
        for e in entries[: len(entries) - MAX_ENTRIES // 2]:
            os.unlink(e.path)
    except OSError:
        pass
