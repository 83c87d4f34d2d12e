"""docs/authoring.md section 10 shows real output: each ```text block there that starts with
``$ artemis ...`` is that command's output today, and the sentence on noisy means quotes the
figures those commands give. A change to the rules, the bots or the content that moves the
figures fails here instead of leaving the doc stale.

To bring the section up to date after such a change (check the difference first):

    python tests/test_authoring_simulation.py

rewrites the blocks and the sentence in place.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "authoring.md"
START, END = "## 10. Simulating: `--simulate N`", "## 11. Playing and browsing"
COLUMNS = "110"  # what the section tells a reader to set
BLOCK = re.compile(r"```text\n\$ (artemis [^\n]*)\n(.*?)```", re.DOTALL)
#: The sentence on noise: one item's takers against the others, over 20 and over 300 games.
NOISE = re.compile(r"\(above, `(?P<id>\w+)`'s takers (?:lead|trail) by [\d.]+ VP\);\s+over\s+"
                   r"300 games \(`--simulate 300 --seed 1000`\) they (?:lead|trail): "
                   r"[\d.]+ against [\d.]+\.")
PACK = "content/examples/project/reef_expansion"


def _run(command: str) -> str:
    """The stdout of ``command`` (``artemis ...``, run from the repository's root)."""
    import os

    from typer.testing import CliRunner

    from artemis.cli import app

    here = os.getcwd()
    os.chdir(ROOT)  # the documented paths are the repository's
    try:
        result = CliRunner().invoke(app, shlex.split(command)[1:], env={"COLUMNS": COLUMNS})
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return result.stdout


def _shown(command: str, output: str) -> str:
    """What the doc shows of ``output``: all of it, or for --json its start up to the end of
    the first item, then ``...``."""
    if "--json" not in command:
        return output
    lines = output.splitlines()
    end = lines.index("    },") + 1
    return "\n".join([*lines[:end], "    ..."]) + "\n"


def _noise(twenty: list[dict]) -> str:
    """The sentence on noise, for the item whose takers' mean VP is furthest from the others'
    in the 20 games above, with the same item over 300 games."""
    def gap(item: dict) -> float:
        return item["takers_mean_vp"] - item["others_mean_vp"]

    def says(a: float, b: float) -> str:
        return "lead" if a >= b else "trail"

    taken = [i for i in twenty if i["takers_mean_vp"] is not None
             and i["others_mean_vp"] is not None]
    item = max(taken, key=lambda i: (abs(gap(i)), i["id"]))
    report = json.loads(_run(f"artemis validate {PACK} --simulate 300 --seed 1000 --json"))
    wide = next(i for i in report["items"] if i["id"] == item["id"])
    return (f"(above, `{item['id']}`'s takers "
            f"{says(item['takers_mean_vp'], item['others_mean_vp'])} by "
            f"{abs(gap(item)):.2f} VP);\nover 300 games (`--simulate 300 --seed 1000`) they "
            f"{says(wide['takers_mean_vp'], wide['others_mean_vp'])}: "
            f"{wide['takers_mean_vp']} against {wide['others_mean_vp']}.")


def regenerated(text: str) -> str:
    """``text`` (the doc) with section 10's command blocks and its sentence on noise made from
    the commands' real output."""
    start, end = text.index(START), text.index(END)
    section = text[start:end]
    commands = [m.group(1) for m in BLOCK.finditer(section)]
    assert commands, "no ```text block with a $ artemis command in section 10"
    section = BLOCK.sub(lambda m: f"```text\n$ {m.group(1)}\n"
                        f"{_shown(m.group(1), _run(m.group(1)))}```", section)
    table = next(c for c in commands if "--json" not in c)
    twenty = json.loads(_run(f"{table} --json"))["items"]
    assert NOISE.search(section), "the sentence on noisy means is not in section 10"
    section = NOISE.sub(lambda m: _noise(twenty), section)
    return text[:start] + section + text[end:]


def test_the_simulation_section_shows_the_real_output():
    text = DOC.read_text(encoding="utf-8")
    fresh = regenerated(text)
    assert fresh == text, ("docs/authoring.md section 10 is stale: run "
                           "`python tests/test_authoring_simulation.py` and check the diff")


if __name__ == "__main__":
    DOC.write_text(regenerated(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"rewrote {DOC.relative_to(ROOT)} section 10 from the commands' output")
