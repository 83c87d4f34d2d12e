"""Where the shipped content packs and schemas are.

A wheel carries them inside the package (``artemis/_data``); an editable install or a source
checkout reads them from the repository's top-level ``content/`` and ``schemas/``.
"""

from __future__ import annotations

from pathlib import Path

from artemis.util import DEFAULT_GAME

_PKG = Path(__file__).resolve().parent.parent  # the artemis package
_REPO = _PKG.parent.parent


def _pick(name: str) -> Path:
    shipped = _PKG / "_data" / name
    if shipped.is_dir():
        return shipped
    return _REPO / name


def content_root() -> Path:
    """The folder holding the shipped content packs, a folder per game (project/base/, ...)."""
    return _pick("content")


def base_pack(game: str = DEFAULT_GAME) -> Path:
    """The base pack folder of ``game`` (a registered game's id): ``content/<game>/base``."""
    return content_root() / game / "base"


def schemas_root() -> Path:
    """The folder holding the exported JSON Schemas."""
    return _pick("schemas")


def user_cache_dir() -> Path:
    """This user's cache folder for artemis: ``$XDG_CACHE_HOME/artemis`` (default
    ``~/.cache/artemis``) on Linux and others, ``~/Library/Caches/artemis`` on macOS,
    ``%LOCALAPPDATA%/artemis/Cache`` on Windows."""
    import os
    import sys

    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "artemis" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "artemis"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "artemis"
