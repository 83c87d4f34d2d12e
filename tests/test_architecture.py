"""The import contracts of pyproject.toml ([tool.importlinter]): the kernel never imports a
game, nothing imports the command line but ``artemis.__main__``, the layers import only
downwards (cli; web; games; sim | scenario | testing | rl; records; players; kernel; content;
effects; util), and only ``artemis.rl`` imports the research libraries (numpy, OpenSpiel,
PettingZoo, Gymnasium), with no exceptions. lint-imports also fails on an ``ignore_imports``
line that matches no import, so any exception added later stays exact."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lint_imports() -> Path:
    """`lint-imports` (import-linter, in the test extra), beside this interpreter."""
    script = Path(sys.executable).parent / ("lint-imports.exe" if os.name == "nt"
                                            else "lint-imports")
    assert script.exists(), f"no {script}: pip install -e '.[test]' installs import-linter"
    return script


def test_the_import_contracts_are_kept():
    run = subprocess.run([str(lint_imports()), "--no-cache", "--no-logo",
                          str(ROOT / "pyproject.toml")], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env={**os.environ, "COLUMNS": "200"})
    if run.returncode != 0 or "0 broken" not in run.stdout:
        pytest.fail(f"lint-imports (exit {run.returncode}):\n{run.stdout}{run.stderr}",
                    pytrace=False)


# -- docs/design.md names every module ------------------------------------------------------------

PACKAGE = ROOT / "engine" / "artemis"


def package_rows(design: str) -> dict[str, str]:
    """design.md's Packages table: each row's package path (``kernel``, ``games/project``;
    ``""`` for the row of ``artemis/`` itself) -> the row's text."""
    section = design[design.index("## Packages"):design.index("### Which package")]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| `([\w/]+)/`( itself)? \| (.*) \|$", line)
        if m:
            rows["" if m.group(2) else m.group(1)] = m.group(3)
    return rows


def unnamed_modules(design: str, package: Path = PACKAGE) -> list[str]:
    """The modules of ``package`` that design.md's Packages table does not name: each must be
    named in the row of the deepest package holding it, by its file name (`ops.py`), by its
    path from that package (`rules/flow.py`), or through its folder (`rules/`, a subpackage
    described as a whole). A package's own ``__init__.py`` is left out, save the root's."""
    rows = package_rows(design)
    missing = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if path.name == "__init__.py" and rel.parent != Path("."):
            continue
        folder = rel.parent.as_posix()
        owner = max((p for p in rows if p == "" or folder == p or folder.startswith(p + "/")),
                    key=len, default=None)
        inner = rel.as_posix()[len(owner) + 1 if owner else 0:]
        text = rows.get(owner, "")
        named = (f"`{inner}`" in text
                 or any(f"`{'/'.join(inner.split('/')[:k])}/`" in text
                        for k in range(1, inner.count("/") + 1)))
        if not named:
            missing.append(rel.as_posix())
    return missing


def test_design_md_names_every_module_in_its_packages_row():
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    missing = unnamed_modules(design)
    assert not missing, ("docs/design.md, \"Packages\": say what each of these modules holds "
                         "in its package's row: " + ", ".join(missing))


def test_the_module_check_sees_a_module_left_out(tmp_path):
    (tmp_path / "util").mkdir()
    (tmp_path / "games" / "demo" / "rules").mkdir(parents=True)
    for name in ("__init__.py", "util/__init__.py", "util/paths.py", "util/plural.py",
                 "games/__init__.py", "games/demo/__init__.py", "games/demo/ruleset.py",
                 "games/demo/rules/__init__.py", "games/demo/rules/flow.py"):
        (tmp_path / name).write_text("")
    design = ("## Packages\n\n| package | holds |\n|---|---|\n"
              "| `artemis/` itself | the version (`__init__.py`) |\n"
              "| `util/` | where the data lives (`paths.py`) |\n"
              "| `games/demo/` | its `Ruleset` (`ruleset.py`) and `rules/` |\n"
              "\n### Which package\n")
    assert unnamed_modules(design, tmp_path) == ["util/plural.py"]
