"""Actions as integers (`artemis.rl.actions`) and the shared table of a config
(`artemis.rl._core`): the declared codec numbers a legal action by its index in the game's
action space, ascending; the slots codec by its place in the decision; both refuse an illegal
number with words, and a bad config is named."""

from __future__ import annotations

import random

import pytest

from .conftest import need

need("numpy")

from artemis.kernel.actions import IllegalAction  # noqa: E402
from artemis.rl._core import table  # noqa: E402


def test_the_declared_codec_numbers_every_legal_action_by_its_declared_index():
    t = table("odyssey", 3)
    game = t.new_game(4)
    rng = random.Random(4)
    for _ in range(150):
        if game.is_over:
            break
        legal = t.actions.legal(game)
        assert legal == sorted(legal) and len(legal) == len(game.legal_actions())
        assert [t.actions.name(game, n) for n in legal] == sorted(
            (a.id for a in game.legal_actions()), key=t.actions.index.__getitem__)
        mask = t.actions.mask(game)
        assert mask.dtype.name == "int8" and mask.shape == (10_671,)
        assert list(mask.nonzero()[0]) == legal
        n = rng.choice(legal)
        action = t.actions.action(game, n)
        assert action.id == t.actions.ids[n]
        game.apply(action)
    for outside in (10_671, -1):  # the space's range and the legal count, as slots say
        with pytest.raises(IllegalAction, match=rf"action {outside} is not in the action "
                                                r"space \(0 to 10670\); the \d+ legal now: "):
            t.actions.action(game, outside)
    # a name is asked of any number (OpenSpiel's action_to_string): one outside the space is
    # refused, a negative one too (it would name an id counted from the end)
    assert t.actions.name(game, 10_670) == t.actions.ids[-1]
    for outside in (10_671, -1):
        with pytest.raises(IllegalAction, match=rf"action {outside} is not in the action "
                                                r"space \(0 to 10670\)"):
            t.actions.name(game, outside)


def test_the_slots_codec_numbers_the_decision_s_options():
    t = table("project", 3, "slots")
    game = t.new_game(2)
    assert t.actions.size == 7_855
    width = len(game.legal_actions())
    assert t.actions.legal(game) == list(range(width))
    assert int(t.actions.mask(game).sum()) == width and t.actions.mask(game)[:width].all()
    assert t.actions.action(game, 0) is game.legal_actions()[0]
    with pytest.raises(IllegalAction, match=f"action slot {width} is not legal now: the "
                                            f"decision has {width} options"):
        t.actions.action(game, width)
    for never in (-1, 7_855):  # no decision has such a slot: said as the declared codec does
        with pytest.raises(IllegalAction, match=rf"action slot {never} is not in the action "
                                                rf"space \(0 to 7854\); the decision has "
                                                rf"{width} options"):
            t.actions.action(game, never)


def test_a_bad_config_is_named():
    with pytest.raises(ValueError, match="The Artemis Odyssey plays with 1, 2, 3, 4, 5, 6, 8 "
                                         "players, not 7"):
        table("odyssey", 7)
    with pytest.raises(ValueError, match="unknown action space 'dense'; action spaces: "
                                         "declared, slots"):
        table("odyssey", 2, "dense")
    assert table("odyssey", 2) is table("odyssey", 2)  # made once
