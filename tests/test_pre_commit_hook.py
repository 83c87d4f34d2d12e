"""The pre-commit hook (.pre-commit-hooks.yaml), run by pre-commit itself on a fan repository.

A snapshot of this working tree (the files a wheel is built from, committed in a temporary git
repository) is the hook's repository; a fan repository with a content pack names it in a
three-line .pre-commit-config.yaml (docs/authoring.md 9.3). pre-commit installs the engine in a
virtual environment of its own, from pip's cache (about 10 s), then runs the hook: it passes on
valid content and fails with the located error on invalid content.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = ["pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "engine", "plugins",
            "content/project/base", "content/odyssey/base", "schemas"]

pytest.importorskip("pre_commit")
if shutil.which("git") is None or not (ROOT / ".git").exists():
    pytest.skip("needs git and a git checkout of the engine", allow_module_level=True)


def git(*args: str, cwd: Path) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True,
                          text=True).stdout.strip()


def snapshot(target: Path) -> str:
    """Commit the engine's files as they are in this working tree (uncommitted and new files
    included, ignored ones not) in a new repository at ``target``; its commit id."""
    listed = git("ls-files", "-co", "--exclude-standard", "--", *SNAPSHOT, cwd=ROOT)
    for name in listed.splitlines():
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    git("init", "-q", cwd=target)
    git("add", "-A", cwd=target)
    git("commit", "-q", "-m", "snapshot", cwd=target)
    return git("rev-parse", "HEAD", cwd=target)


DOC_REPO = "https://github.com/OWNER/artemis-engine"
DOC_REV = "COMMIT"


def documented_config() -> str:
    """The .pre-commit-config.yaml of docs/authoring.md 9.3 (its one yaml block): `repos:`
    and three lines, naming the repository ``DOC_REPO`` at ``DOC_REV``."""
    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = text[text.index("### 9.3 "):text.index("\n## 10.")]
    block = section[section.index("```yaml\n") + 8:section.index("\n```", section.index("```yaml"))]
    return block + "\n"


def test_the_documented_config_is_three_lines_naming_a_commit():
    lines = documented_config().splitlines()
    assert lines[0] == "repos:" and len(lines) == 4
    assert lines[1] == f"  - repo: {DOC_REPO}"
    assert lines[2].startswith(f"    rev: {DOC_REV}  # a full commit id")
    assert lines[3] == "    hooks: [{id: artemis-validate}]"


TILE = ("kind: buildings\nitems:\n  - id: tide_mill\n    name: Tide Mill\n    kind: ocean\n"
        "    slots: [pioneer, any]\n    upkeep: [{gain: {energy: 2}}]\n"
        "    provenance: fan-made\n")


def test_pre_commit_runs_artemis_validate_on_a_fan_repository(tmp_path):
    engine = tmp_path / "engine"
    engine.mkdir()
    rev = snapshot(engine)
    fan = tmp_path / "fan"
    (fan / "reef").mkdir(parents=True)
    (fan / "reef" / "expansion.yaml").write_text(
        'id: reef\nname: Reef\nversion: "1.0"\nfiles: [buildings.yaml]\n'
        "provenance: fan-made\n", encoding="utf-8")
    (fan / "reef" / "buildings.yaml").write_text(TILE, encoding="utf-8")
    # the three lines docs/authoring.md 9.3 gives, with this snapshot as the repository
    (fan / ".pre-commit-config.yaml").write_text(
        documented_config().replace(DOC_REPO, engine.as_posix()).replace(DOC_REV, rev),
        encoding="utf-8")
    git("init", "-q", cwd=fan)
    git("add", "-A", cwd=fan)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
           "ARTEMIS_CACHE_DIR": str(tmp_path / "artemis-cache")}

    def pre_commit() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"],
                              cwd=fan, env=env, capture_output=True, text=True, timeout=600)

    passed = pre_commit()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "artemis validate" in passed.stdout and "Passed" in passed.stdout

    (fan / "reef" / "buildings.yaml").write_text(
        TILE.replace("[pioneer, any]", "[pioneer, anyy]"), encoding="utf-8")
    git("add", "-A", cwd=fan)
    failed = pre_commit()
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "Failed" in failed.stdout
    assert ("reef/buildings.yaml:6:22: error[E213]: unknown colonist type 'anyy'"
            in failed.stdout)
