"""An Odyssey content file that could not be read is the only problem reported for it: no count,
reference or table check blames another file for what it may hold
(`artemis.content.loader.may_hold`, as the Project's checks do: tests/test_unread_files.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from artemis.games.odyssey.content import load_game_content
from artemis.util.paths import base_pack

BASE_FILES = sorted(f.name for f in base_pack("odyssey").glob("*.yaml")
                    if f.name != "expansion.yaml")


@pytest.mark.parametrize("name", BASE_FILES)
def test_an_unreadable_base_file_is_its_only_problem(tmp_path, name):
    # before: systems.yaml gave 30 E302 in action_cards.yaml and an E451 in planet_types.yaml;
    # action_cards.yaml an E453 at systems.yaml:5, planet_types.yaml seven E452 there
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack("odyssey"), copy)
    spoilt = copy / name
    spoilt.write_text("%YAML 1.1\n---\n" + spoilt.read_text(encoding="utf-8"), encoding="utf-8")
    found = [(Path(p.file).name, p.line, p.code) for p in load_game_content([copy]).problems]
    assert found == [(name, 1, "E112")]


def test_the_base_counts_are_still_checked_when_every_file_reads(tmp_path):
    """The guard skips only what an unread file may hold: a Mission short is still E456."""
    copy = tmp_path / "mybase"
    shutil.copytree(base_pack("odyssey"), copy)
    missions = copy / "missions.yaml"
    text = missions.read_text(encoding="utf-8")
    start, end = text.index("  - id: trailblazer"), text.index("  - id: industrial-magnate")
    missions.write_text(text[:start] + text[end:], encoding="utf-8")
    found = [(Path(p.file).name, p.code) for p in load_game_content([copy]).problems]
    assert found == [("missions.yaml", "E456")]
