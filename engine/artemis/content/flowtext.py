"""Values written as YAML flow text (``{a: [b, c]}``, ``true``, ``~``), for hints and for
effects shown as data."""

from __future__ import annotations

import json
import re
from typing import Any

_NEEDS_QUOTES = re.compile(r"[:#,\[\]{}]|^\s|\s$")


def flow_text(value: Any) -> str:
    """``value`` (dicts, lists, tuples, scalars) as one line of YAML flow text."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(flow_text(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "~"
    if isinstance(value, str) and (not value or _NEEDS_QUOTES.search(value)):
        return json.dumps(value)
    return str(value)
