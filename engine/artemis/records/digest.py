"""Canonical JSON and sha256 digests of plain data, dataclasses and content catalogs.

Game-agnostic: saves, logs and tests use these to say "the same content" and "the same
position" without depending on Python's object identity, dict order or the machine's paths.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

#: Catalog fields left out of the content hash: where an item was read from (``source``,
#: "file:line") and a pack's folder (``root``) depend on the machine and on comments, not on
#: the rules; ``by_id`` only indexes items already hashed. A game's catalog marks any other
#: such field with ``dataclasses.field(metadata={UNHASHED: True})``.
UNHASHED_FIELDS = frozenset({"source", "root", "by_id"})

#: The field metadata key that leaves a field out of the content hash (a "file:line" under
#: another name, which depends on the folder the content was read from).
UNHASHED = "artemis_unhashed"


def canonical(value: Any, exclude: frozenset = UNHASHED_FIELDS) -> Any:
    """``value`` as plain JSON data: a dataclass becomes {"@type": class name, field: value}
    (fields named in ``exclude``, or marked `UNHASHED` in their metadata, left out), mappings
    keep their keys (as strings), tuples, lists and sets become lists (sets sorted), other
    scalars stay. Raises TypeError for a value with no JSON form."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict = {"@type": type(value).__name__}
        for f in dataclasses.fields(value):
            if f.name not in exclude and not f.metadata.get(UNHASHED):
                out[f.name] = canonical(getattr(value, f.name), exclude)
        return out
    if isinstance(value, dict):
        return {str(k): canonical(v, exclude) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v, exclude) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v, exclude) for v in value), key=canonical_json)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"no canonical JSON form for {type(value).__name__}")


def canonical_json(value: Any) -> str:
    """Compact JSON with sorted keys: one text for equal data, whatever the dict order."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=list, allow_nan=False)


def sha256_of(value: Any) -> str:
    """The sha256 (hex, 64 characters) of ``value``'s canonical JSON (plain data only; use
    `canonical` first for dataclasses)."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


_CONTENT_HASHES: dict = {}


def content_hash(catalog: Any) -> str:
    """sha256 (hex) of the canonical JSON of a content catalog's frozen dataclasses: every
    pack's id, name and version and every item with its effects, positions and machine paths
    left out (`UNHASHED_FIELDS`). Equal for the same content loaded on any machine; cached per
    catalog object (catalogs are immutable)."""
    key = id(catalog)
    cached = _CONTENT_HASHES.get(key)
    if cached is not None and cached[0] is catalog:
        return cached[1]
    digest = sha256_of(canonical(catalog))
    _CONTENT_HASHES[key] = (catalog, digest)
    return digest
