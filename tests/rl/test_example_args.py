"""docs/rl.md's example (examples/rl/ismcts_vs_greedy.py) refuses bad arguments and says when
the rl extra is missing, in words and without a traceback: these need no research library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "ismcts_vs_greedy.py"


@pytest.mark.parametrize("argv,said", [
    (["--simulations", "0"], "argument --simulations: 0 is less than 1"),
    (["--seed", "-1"], "argument --seed: -1 is less than 0"),
    (["--max-decisions", "-3"], "argument --max-decisions: -3 is less than 0"),
    (["--seed", "seven"], "argument --seed: 'seven' is not a whole number"),
])
def test_the_example_refuses_a_bad_argument_in_words(argv, said):
    out = subprocess.run([sys.executable, str(EXAMPLE), *argv], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip().endswith(f"ismcts_vs_greedy.py: error: {said}")
    assert "Traceback" not in out.stderr


def test_the_example_says_the_rl_extra_is_missing():
    # pyspiel made unimportable (a None in sys.modules), as in an install without the extra
    code = ("import runpy, sys; sys.modules['pyspiel'] = None; sys.argv = ['x']; "
            f"runpy.run_path({str(EXAMPLE)!r}, run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip() == ("ismcts_vs_greedy.py needs the rl extra (pyspiel is "
                                  "missing): pip install -e '.[rl]'")
