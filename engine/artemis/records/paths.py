"""Expansion paths as saves and logs store them, so that a file made on one system loads on
another: relative to the file's own folder, with ``/`` between folders.

A game's expansions are the paths it was given (relative to the working folder, or absolute).
`stored` writes each relative to the save or log's folder in POSIX form (an absolute one when
no relative path exists, another drive on Windows); `loaded` reads a stored path back: an
absolute one as it is; a relative one from the file's folder when it is there, else from the
working folder, as saves and logs written before this stored them (they still load).
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath


def stored(expansions, folder: Path) -> list[str]:
    """``expansions`` (paths as the game was given them) relative to ``folder`` (the save or
    log file's), with ``/`` separators: what the file stores."""
    out = []
    for path in expansions:
        absolute = os.path.abspath(path)
        try:
            rel = os.path.relpath(absolute, os.path.abspath(folder))
        except ValueError:  # another drive (Windows): no relative path
            rel = absolute
        out.append(Path(rel).as_posix())
    return out


def loaded(expansions, folder: Path) -> tuple[str, ...]:
    """Stored expansion paths as paths to load: absolute ones as they are; relative ones
    (``/`` separators, or the system's in older files) from ``folder`` when they exist there,
    else from the working folder (how older saves and logs meant them)."""
    out = []
    for text in expansions:
        path = Path(PurePosixPath(text)) if "/" in text else Path(text)
        if path.is_absolute():
            out.append(str(path))
            continue
        beside = Path(folder) / path
        out.append(str(beside) if beside.exists() else str(path))
    return tuple(out)
