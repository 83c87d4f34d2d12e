"""`artemis play --quiet` shows each seat's VP in its two parts; a negative final scoring is
taken away ("0 in game - 3 final scoring"), never added as "+ -3" (R28: VP may fall below 0)."""

from __future__ import annotations

from typer.testing import CliRunner

from artemis.cli import app


def test_a_negative_final_scoring_is_taken_away():
    # 2 players, seed 3, content version 3: P1 ends on -3 VP, all of it final scoring
    # (3 buildings +1, 6 badges -4)
    result = CliRunner().invoke(app, ["play", "--players", "2", "--seed", "3", "--quiet",
                                      "--content-version", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "P1 (random): -3 VP (0 in game - 3 final scoring)" in lines
    assert not any("+ -" in line for line in lines)
    assert any(" in game + " in line for line in lines)  # P0's positive part is still added
