"""Helpers of The Artemis Odyssey's tests: fan packs in a temporary folder, problems as
tuples, and the base pack loaded from an edited copy."""

from __future__ import annotations

import shutil
from pathlib import Path

MANIFEST = ("id: fan_pack\ngame: odyssey\nname: Fan pack\nversion: '1.0'\nfiles: [{files}]\n"
            "provenance: 'fan-made: a test'\n")


def write_pack(folder: Path, files: dict[str, str]) -> Path:
    """A fan pack of the Odyssey in ``folder`` holding ``files`` {name: text}."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "expansion.yaml").write_text(MANIFEST.format(files=", ".join(files)),
                                           encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def found(result) -> list[tuple]:
    """(code, file name, line, column, message) of each problem."""
    return [(p.code, Path(p.file).name, p.line, p.column, p.message) for p in result.problems]


def edited_base(tmp_path: Path, name: str, old: str, new: str):
    """The base pack loaded from a copy in which ``old`` becomes ``new`` in file ``name``."""
    from artemis.content.loader import load_content
    from artemis.games.odyssey.content import game_spec
    from artemis.util.paths import base_pack

    copy = tmp_path / "base"
    shutil.copytree(base_pack("odyssey"), copy)
    text = (copy / name).read_text(encoding="utf-8")
    assert old in text, old
    (copy / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    spec = game_spec()
    spec.base = copy
    return load_content([], spec)
