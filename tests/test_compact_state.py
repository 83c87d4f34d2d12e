"""The compact state's speed devices keep their meaning (docs/design.md, "Randomness" and "The
decision API"): copy-on-write random streams in `State.clone`, and actions whose labels are
built when read."""

from __future__ import annotations

import copy
import pickle
import random

from artemis.games.project.rules.placement import legal_placements, placement_label
from artemis.games.project.state import Streams
from artemis.kernel.actions import Action
from artemis.kernel.game import Game, GameConfig


def _midgame(seed: int = 5, steps: int = 20) -> Game:
    g = Game.new(GameConfig(players=3, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_clones_draw_the_same_numbers_whichever_draws_first():
    g = _midgame()
    twin = g.clone()
    grandchild = twin.clone()
    first = [g.state.rng["dice"].random() for _ in range(3)]
    assert [twin.state.rng["dice"].random() for _ in range(3)] == first
    assert [grandchild.state.rng["dice"].random() for _ in range(3)] == first
    # each side moved on alone: the original's next draws are not the ones just taken
    assert [g.state.rng["dice"].random() for _ in range(3)] != first
    assert [twin.state.rng["bag"].random() for _ in range(2)] == \
        [g.state.rng["bag"].random() for _ in range(2)]


def test_a_clone_shares_no_generator_once_read():
    g = _midgame()
    twin = g.clone()
    assert twin.state.rng["dice"] is not g.state.rng["dice"]
    assert set(twin.state.rng) == set(g.state.rng) == {
        "dice", "bag", "ocean", "surface", "expeditions", "events", "start"}
    assert all(r is not s for r, s in zip(twin.state.rng.values(), g.state.rng.values(),
                                          strict=True))


def test_streams_survive_pickle_and_deepcopy_independently():
    g = _midgame()
    twin = g.clone()  # both sides now share every generator until read
    for other in (pickle.loads(pickle.dumps(g.state)), copy.deepcopy(g.state)):
        assert type(other.rng) is Streams and other.rng.shared == frozenset()
        assert other.rng["bag"].random() == twin.state.rng["bag"].random()
        twin = g.clone()


def test_a_plain_dict_of_streams_is_adopted_on_clone():
    g = _midgame()
    g.state.rng = dict(g.state.rng.items())
    twin = g.clone()
    assert type(g.state.rng) is Streams
    assert twin.state.rng["start"].random() == g.state.rng["start"].random()


def test_action_equality_and_hash_ignore_the_label():
    a = Action("place", (3, 4, "vents", 0), (placement_label, 3, 4, "in the Vents"))
    b = Action("place", (3, 4, "vents", 0), "another text")
    assert a == b and hash(a) == hash(b) and a != Action("place", (3, 3, "vents", 0))
    assert a.id == "place:3:4:vents:0"
    assert a.label == "3->4 in the Vents (1 Toolkit)"
    assert Action("move", ("skip",)).label == "move:skip"
    assert a.to_data() == {"id": "place:3:4:vents:0", "kind": "place",
                           "args": [3, 4, "vents", 0], "label": "3->4 in the Vents (1 Toolkit)"}
    again = pickle.loads(pickle.dumps(a))
    assert again == a and again.label == a.label


def test_placements_keep_their_labels_and_are_made_once():
    g = _midgame(seed=2, steps=0)
    while g.pending.kind != "place":
        g.apply(g.legal_actions()[0])
    first = legal_placements(g, g.pending.player)
    again = legal_placements(g, g.pending.player)
    assert [a.id for a in first] == [a.id for a in again]
    assert all(x is y for x, y in zip(first, again, strict=True))  # the same objects
    labels = {a.id: a.label for a in first}
    rolled = g.state.players[g.pending.player].dice[0]
    assert labels[f"place:{rolled}:{rolled}:vents:0"] == f"{rolled} in the Vents"
    assert labels[f"place:{rolled}:{rolled}:outfitter:0"] == f"{rolled} at the Outfitter"


def test_apply_accepts_an_equal_action_that_is_not_the_listed_object():
    g = _midgame(seed=3, steps=0)
    listed = g.legal_actions()[1]
    copy_of = Action(listed.kind, listed.args)
    twin = g.clone()
    g.apply(listed)
    twin.apply(copy_of)
    assert twin.log == g.log and twin.actions[-1].label == listed.label


def test_dice_rolls_draw_what_randint_draws():
    from artemis.games.project.rules.placement import roll

    for seed in range(50):
        fast, slow = random.Random(seed), random.Random(seed)
        assert roll(fast, 5) == sorted(slow.randint(1, 6) for _ in range(5))
        assert fast.random() == slow.random()  # the stream is left at the same point


def test_cached_placement_runs_match_a_fresh_listing_after_every_bid():
    from artemis.games.project.rules import placement

    for seed in (1, 4):
        g = Game.new(GameConfig(players=4, seed=seed))
        rng = random.Random(seed)
        checked = 0
        while not g.is_over:
            if g.pending.kind == "place":
                seat = g.pending.player
                cached = [a.id for a in legal_placements(g, seat)]
                placement._CACHES.clear()  # the boards and runs made again from the state
                assert [a.id for a in legal_placements(g, seat)] == cached
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
        assert checked >= 100  # 4 players x 5 dice x rounds, each turn compared
