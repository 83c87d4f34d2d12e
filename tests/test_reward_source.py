"""E314: `from: reward` outside an Expedition reward validates no more (found by a new user:
such content used to pass and then crash the engine)."""

from pathlib import Path

from artemis.rules.content import load_game_content

DATA = Path(__file__).parent / "data" / "invalid_extra"


def test_gain_colonist_from_reward_in_an_event_is_e314():
    result = load_game_content([DATA / "reward_from_event.yaml"])
    found = [(p.code, p.line, p.column) for p in result.problems]
    assert found == [("E314", 9, 41)]
