"""The example third game (examples/games/blind_auction, docs/design.md "Adding a game"),
installed as a distribution of its own and run through the conformance library
(`artemis.testing.check_game`) by its own tests, from outside this checkout.

The fresh venv holds the example alone (pip, ``--no-deps``); it reads the engine from this
test venv's site-packages (a ``.pth`` line adding it, as a system site would), so the engine is
not built again: about 10 s with a warm pip cache.
"""

from __future__ import annotations

import sysconfig
from pathlib import Path

import pytest
from venv_helpers import fresh_venv, run, show

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "games" / "blind_auction"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The python of a fresh venv holding artemis-blind-auction, the engine read from here."""
    venv = tmp_path_factory.mktemp("blind_auction_venv") / "env"
    python, pip = fresh_venv(venv)
    proc = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
               timeout=60)
    site = Path(proc.stdout.strip())
    # the engine and pytest as this venv has them (its editable install's own .pth included)
    here = sysconfig.get_paths()["purelib"]
    (site / "engine_from_test_venv.pth").write_text(f"import site; site.addsitedir({here!r})\n")
    proc = run([*pip, "install", "-q", "--no-deps", "--no-build-isolation", EXAMPLE]
               if _has_hatchling() else [*pip, "install", "-q", "--no-deps", EXAMPLE],
               timeout=600)
    assert proc.returncode == 0, "installing artemis-blind-auction failed:\n" + show(proc)
    return python


def _has_hatchling() -> bool:
    try:
        import hatchling  # noqa: F401
    except ImportError:
        return False
    return True


def test_the_installed_example_passes_conformance(installed, tmp_path):
    """Its own tests (the conformance library over 20 seeds, one game's exact result) pass
    from a folder outside the checkout, against the installed package, not the folder."""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_conformance.py").write_bytes(
        (EXAMPLE / "tests" / "test_conformance.py").read_bytes())
    proc = run([installed, "-m", "pytest", "-q", "-p", "no:cacheprovider", tests], cwd=tmp_path,
               timeout=600)
    assert proc.returncode == 0, show(proc)
    assert "2 passed" in proc.stdout
    proc = run([installed, "-c", "import blind_auction; print(blind_auction.__file__)"],
               cwd=tmp_path, timeout=60)
    assert not Path(proc.stdout.strip()).resolve().is_relative_to(EXAMPLE), proc.stdout


def test_the_installed_example_is_a_registered_game(installed, tmp_path):
    artemis = [installed, "-m", "artemis"]
    proc = run([*artemis, "games", "--json"], cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, show(proc)
    assert "blind_auction" in proc.stdout
    proc = run([*artemis, "play", "--game", "blind_auction", "--players", "2", "--bots",
                "greedy,random", "--seed", "1"], cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, show(proc)
    assert proc.stdout.splitlines()[:3] == [
        "Lot 1: P0 (greedy) 1, P1 (random) 2; P1 (random) takes 1 VP",
        "Lot 2: P0 (greedy) 4, P1 (random) 3; P0 (greedy) takes 2 VP",
        "Lot 3: P0 (greedy) 8, P1 (random) 5; P0 (greedy) takes 3 VP"]
