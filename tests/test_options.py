"""A question's options as a sequence that lists them only when read (`artemis.kernel.actions.
Options`), and the Project's placements made that way (`rules.placement.Placements`): the same
actions, the same objects, in the same order whichever way they are read, and `Game.apply`
finds an answer in them without listing them."""

from __future__ import annotations

import pickle
import random

import pytest

from artemis.games.project.rules.placement import Placements, legal_placements
from artemis.kernel.actions import Action, IllegalAction, Options
from artemis.kernel.game import Game, GameConfig


class Listed(Options):
    """The smallest Options: its list only."""

    __slots__ = ("made", "calls")

    def __init__(self, made):
        super().__init__()
        self.made, self.calls = made, 0

    def _list(self):
        self.calls += 1
        return list(self.made)


ACTIONS = [Action("pick", (i,), f"pick {i}") for i in range(5)]


def test_an_options_sequence_reads_as_a_list():
    o = Listed(ACTIONS)
    assert len(o) == 5 and o[0] is ACTIONS[0] and o[-1] is ACTIONS[4]
    assert o[1:3] == ACTIONS[1:3] and list(o) == ACTIONS and o == ACTIONS
    assert o == tuple(ACTIONS) and o != ACTIONS[:4] and o == Listed(ACTIONS)
    assert Action("pick", (2,)) in o and Action("pick", (9,)) not in o and "pick:2" not in o
    assert o.index(ACTIONS[3]) == 3 and o.count(ACTIONS[3]) == 1
    with pytest.raises(IndexError):
        o[5]
    with pytest.raises(IndexError):
        o[-6]
    with pytest.raises(TypeError):
        o["0"]
    assert o.calls == 1  # listed once, kept
    assert repr(o) == repr(ACTIONS)
    again = pickle.loads(pickle.dumps(o))
    assert again.__class__ is list and [a.id for a in again] == [a.id for a in ACTIONS]
    with pytest.raises(TypeError):
        hash(o)


def test_find_gives_the_listed_object_for_an_equal_action():
    o = Listed(ACTIONS)
    assert o.find(ACTIONS[2]) is ACTIONS[2]
    assert o.find(Action("pick", (2,), "another label")) is ACTIONS[2]
    assert o.find(Action("pick", (7,))) is None and o.find(Action("drop", (2,))) is None


def _placement_positions(seeds, players):
    """(game, seat) at every placement question of random games, in order."""
    for seed in seeds:
        g = Game.new(GameConfig(players=players, seed=seed))
        g.logging = False
        rng = random.Random(seed)
        while not g.is_over:
            if g.pending.kind == "place":
                yield g, g.pending.player
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_placements_read_by_index_are_the_listed_placements(players):
    checked = 0
    for g, seat in _placement_positions(range(2), players):
        unread = legal_placements(g, seat)  # read item by item, never listed
        assert isinstance(unread, Placements) and unread._listed is None
        items = [unread[i] for i in range(len(unread))]
        assert unread._listed is None
        listed = list(legal_placements(g, seat))
        assert len(unread) == len(listed) and all(map(lambda a, b: a is b, items, listed))
        assert [unread[-1 - i] for i in range(3)] == listed[::-1][:3]
        for a in listed:
            assert unread.find(a) is a
            assert unread.find(Action(a.kind, a.args)) is a
        assert unread._listed is None
        checked += 1
    assert checked > 20


def test_dice_out_of_order_give_the_placements_of_the_same_dice_in_order():
    # a state made by hand (a scenario, a test) may hold its dice unsorted: each face is
    # placed once, lowest first, as for the sorted dice; a die of 0 is no face
    checked = 0
    for g, seat in _placement_positions([5], 4):
        p = g.state.players[seat]
        if len(set(p.dice)) < 2:
            continue
        ordered = p.dice[:]
        expected = [a.args for a in legal_placements(g, seat)]
        for shuffled in (ordered[::-1], ordered[1:] + ordered[:1], [0, *ordered]):
            p.dice = shuffled
            got = legal_placements(g, seat)
            assert [a.args for a in got] == expected
            assert [got[i].args for i in range(len(got))] == expected
        p.dice = ordered
        checked += 1
    assert checked > 5


def test_placements_find_nothing_that_is_not_legal():
    for g, seat in _placement_positions([3], 4):
        p, s = g.state.players[seat], g.state
        options = legal_placements(g, seat)
        legal = {a.args for a in options}
        faces = range(0, 8)
        regions = ("basecamp", "vents", "quarry", "doorstep", "gantry", "academy",
                   "outfitter", "moon")
        for rolled in faces:
            for final in faces:
                for region in regions:
                    for target in range(-1, max(len(s.cards), len(s.gantry)) + 1):
                        args = (rolled, final, region, target)
                        found = options.find(Action("place", args))
                        assert (found is not None) == (args in legal), (args, p.dice)
        die = p.dice[0]
        for odd in [(die, die, "vents", True), (die, die, "vents"), (float(die), die,
                    "vents", 0), [die, die, "vents", 0], (die, die, "vents", "0")]:
            assert options.find(Action("place", odd)) is None
        assert options.find(Action("send", (die, die, "vents", 0))) is None
        return


def test_apply_finds_an_equal_placement_and_refuses_an_illegal_one():
    g = Game.new(GameConfig(players=4, seed=5))
    assert g.pending.kind == "place"
    options = g.legal_actions()
    assert isinstance(options, Placements) and options is g.pending.options
    first = options[0]
    twin = g.clone()
    with pytest.raises(IllegalAction):
        g.apply(Action("place", (7, 7, "vents", 0)))
    assert g.legal_actions() is options  # unchanged by the refusal
    g.apply(Action(first.kind, first.args))
    twin.apply(first.id)
    assert g.actions[-1] is first and twin.actions[-1] is first
    assert g.log[-len(twin.log):] == twin.log[-len(twin.log):]


def test_a_list_of_options_is_handed_out_as_a_copy():
    g = Game.new(GameConfig(players=2, seed=0))
    rng = random.Random(0)
    while g.pending.options.__class__ is not list:
        g.apply(rng.choice(g.legal_actions()))
    mine = g.legal_actions()
    mine.clear()
    assert len(g.legal_actions()) > 0


def test_the_kept_board_matches_a_fresh_read_after_every_bid():
    """The Placement phase reads the board (its targets, each Gantry tile's lowest bid) at its
    first turn and `place` keeps the bids up to date: at every placement question the
    placements are those read afresh from the state, and a board replaced by hand (new lists
    of cards or tiles) is read again."""
    from artemis.games.project.state import Card

    checked = bids = 0
    for g, seat in _placement_positions(range(3), 4):
        s = g.state
        unread = legal_placements(g, seat)  # counted and read by index from the kept board
        kept = [unread[i].id for i in range(len(unread))]
        assert s.placement_board is not None and unread._listed is None
        lows, sums = s.placement_board[3], s.placement_board[4]
        s.placement_board = None
        assert [a.id for a in legal_placements(g, seat)] == kept
        assert (lows, sums) == s.placement_board[3:]  # the bids kept by `place` as read afresh
        bids += any(low > 1 for low in lows)
        checked += 1
    assert checked > 300 and bids > 50
    g = Game.new(GameConfig(players=4, seed=2))
    seat = g.pending.player
    legal_placements(g, seat)
    g.state.cards = [Card(g.state.cards[0].id)]  # one card left on Basecamp
    targets = {a.args[3] for a in legal_placements(g, seat) if a.args[2] == "basecamp"}
    assert targets == {0}
