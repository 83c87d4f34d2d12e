"""The named random streams are pinned: the same seed gives the same numbers on any machine
and Python version (game.py `stream`: sha256 of "seed:name" seeds a Mersenne Twister).

If a Python upgrade changed `random` (seeding, randint, random, shuffle), a replay or a saved
game would silently diverge; these exact numbers make that a test failure instead. They
also show that each part of the game draws from its own stream, so a variant that draws
fewer colonists does not shift the dice.
"""

from __future__ import annotations

import random

import pytest

from artemis.games.project.ruleset import RULESET
from artemis.kernel.game import Game
from artemis.kernel.streams import stream

STREAMS = RULESET.streams

# the integer each stream is seeded with: the first 8 bytes of sha256("seed:name"), big-endian
SEEDED_WITH = {
    0: {"dice": 10959245480151508873, "bag": 7198965807737269442,
        "ocean": 3691005049707389993, "surface": 6642703375068793185,
        "expeditions": 10439718602963484707, "events": 5786164151426970578,
        "start": 12444165742555920522},
    12345: {"dice": 6666497168235055412, "bag": 13276450360594359266,
            "ocean": 2210772522671179373, "surface": 7985316047919945055,
            "expeditions": 1114344121221311346, "events": 17387763869708159573,
            "start": 15989604791757005345},
}

# seed -> stream -> (first 5 randint(1, 6), first 3 random(), shuffle of range(10)),
# each from a fresh stream
FIRST = {
    0: {
        "dice": ([6, 3, 2, 3, 1],
                 [0.6335954468136771, 0.15122895956739257, 0.7903314384405945],
                 [3, 8, 4, 7, 1, 0, 6, 9, 2, 5]),
        "bag": ([2, 2, 5, 2, 6],
                [0.2076406794880079, 0.9499546477971188, 0.1505984267889382],
                [1, 7, 8, 0, 6, 4, 5, 2, 9, 3]),
        "ocean": ([6, 6, 5, 4, 6],
                  [0.7020582084904365, 0.5363876369899367, 0.9304773691517847],
                  [5, 1, 6, 0, 4, 3, 2, 9, 7, 8]),
        "surface": ([6, 6, 2, 3, 3],
                    [0.6707495127935786, 0.1774992637953764, 0.25363391119049716],
                    [6, 9, 1, 7, 5, 3, 0, 8, 4, 2]),
        "expeditions": ([2, 5, 1, 1, 6],
                        [0.1906729160084608, 0.8987939062537214, 0.11050150319764684],
                        [2, 4, 9, 8, 6, 7, 5, 1, 0, 3]),
        "events": ([1, 2, 6, 2, 2],
                   [0.09029624040315964, 0.7370675442703398, 0.12751154643977114],
                   [5, 4, 8, 6, 7, 0, 9, 2, 3, 1]),
        "start": ([4, 6, 5, 2, 5],
                  [0.43273759433064674, 0.5884551942530123, 0.5020595440140835],
                  [4, 8, 0, 2, 1, 7, 9, 5, 3, 6]),
    },
    12345: {
        "dice": ([6, 5, 2, 5, 1],
                 [0.6964713171163487, 0.5734651401151893, 0.5059290382912566],
                 [8, 1, 7, 2, 4, 5, 6, 0, 3, 9]),
        "bag": ([1, 3, 5, 6, 5],
                [0.8283006462087906, 0.9136996874190118, 0.9808924515443035],
                [0, 5, 2, 7, 9, 8, 6, 3, 4, 1]),
        "ocean": ([1, 6, 5, 5, 1],
                  [0.10337442682738396, 0.6182624835823968, 0.5543727731812785],
                  [3, 7, 5, 2, 6, 4, 0, 9, 8, 1]),
        "surface": ([3, 1, 4, 6, 6],
                    [0.30005760543563, 0.9539919453978211, 0.7061353157875656],
                    [0, 3, 9, 8, 2, 6, 5, 7, 1, 4]),
        "expeditions": ([4, 5, 3, 6, 3],
                        [0.4325783241710851, 0.5144206233880084, 0.6399326904560255],
                        [9, 1, 0, 3, 7, 2, 5, 4, 8, 6]),
        "events": ([6, 6, 2, 3, 3],
                   [0.723893342965115, 0.7864244181059701, 0.9522587078053679],
                   [6, 1, 2, 7, 0, 4, 9, 8, 5, 3]),
        "start": ([2, 6, 5, 5, 2],
                  [0.22386791286442242, 0.542334086135575, 0.5633939076129711],
                  [2, 5, 6, 4, 0, 7, 1, 9, 8, 3]),
    },
}

CASES = [(seed, name) for seed in FIRST for name in STREAMS]


def test_every_stream_is_pinned():
    assert set(STREAMS) == {"dice", "bag", "ocean", "surface", "expeditions", "events", "start"}
    for seed in FIRST:
        assert set(FIRST[seed]) == set(STREAMS) == set(SEEDED_WITH[seed])


@pytest.mark.parametrize(("seed", "name"), CASES)
def test_stream_is_seeded_from_sha256_of_seed_and_name(seed, name):
    expected = random.Random(SEEDED_WITH[seed][name])
    assert stream(seed, name).getstate() == expected.getstate()


@pytest.mark.parametrize(("seed", "name"), CASES)
def test_first_randint_values(seed, name):
    r = stream(seed, name)
    assert [r.randint(1, 6) for _ in range(5)] == FIRST[seed][name][0]


@pytest.mark.parametrize(("seed", "name"), CASES)
def test_first_random_values(seed, name):
    r = stream(seed, name)
    assert [r.random() for _ in range(3)] == FIRST[seed][name][1]  # exact floats


@pytest.mark.parametrize(("seed", "name"), CASES)
def test_first_shuffle(seed, name):
    r = stream(seed, name)
    deck = list(range(10))
    r.shuffle(deck)
    assert deck == FIRST[seed][name][2]


def test_streams_are_distinct():
    for seed in FIRST:
        firsts = [tuple(values[1]) for values in FIRST[seed].values()]
        assert len(set(firsts)) == len(STREAMS)
    assert FIRST[0]["dice"] != FIRST[12345]["dice"]


def first(g: Game, kind: str) -> dict:
    return next(e for e in g.log if e["type"] == kind)


def test_first_dice_and_expeditions_of_a_four_player_game():
    g = Game.new({"players": 4, "seed": 1})
    assert first(g, "setup")["start"] == 0
    setup = first(g, "board_setup")
    assert setup["round"] == 1
    assert setup["cards"] == ["pocket_floor", "sunken_wreck", "storm_chase"]
    assert setup["gantry"] == ["supply_depot", "field_station", "geothermal_tap", "manufactory"]
    assert setup["doorstep"] == [3, 2, 0, 1]
    assert first(g, "dice_rolled")["dice"] == {
        "0": [1, 1, 2, 3, 4],
        "1": [1, 2, 2, 3, 4],
        "2": [5, 5, 6, 6, 6],
        "3": [1, 2, 2, 5, 5],
    }


VARIANTS = [
    {"doorstep_draw_bonus": 0},
    {"vents_stock_bonus": 0, "quarry_stock_bonus": 0, "doorstep_draw_bonus": 0},  # harsh
]


def to_first_roll(g: Game) -> Game:
    """Answer any question asked before the first roll (an immediate Event at setup, e.g.
    Relief Convoy) with its first legal action."""
    while not any(e["type"] == "dice_rolled" for e in g.log):
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 296, 12345])  # 296 at 5 players: a question first
def test_fewer_colonists_drawn_do_not_shift_the_dice(seed, players, params):
    plain = to_first_roll(Game.new({"players": players, "seed": seed}))
    variant = to_first_roll(Game.new({"players": players, "seed": seed, "params": params}))
    # the variant did draw fewer colonists from the bag ...
    assert sum(first(variant, "board_setup")["doorstep"]) == \
        sum(first(plain, "board_setup")["doorstep"]) - 2
    # ... yet every other stream is untouched: same start, cards, tiles and round-1 dice
    assert first(variant, "setup") == first(plain, "setup")
    assert first(variant, "board_setup")["cards"] == first(plain, "board_setup")["cards"]
    assert first(variant, "board_setup")["gantry"] == first(plain, "board_setup")["gantry"]
    assert first(variant, "dice_rolled") == first(plain, "dice_rolled")


@pytest.mark.parametrize("seed", range(20))
def test_below_and_shuffle_draw_what_randrange_and_shuffle_draw(seed):
    """The engine's own `below` and `shuffle` (fewer Python calls) are CPython's
    ``randrange(n)`` and ``shuffle(x)``: the same numbers, the same order, and the stream left
    at the same point, so games replay the same whichever is used."""
    from artemis.kernel.streams import below, shuffle

    fast, slow = random.Random(seed), random.Random(seed)
    for n in (1, 2, 3, 5, 8, 17, 64, 65, 1000, 2**40 + 3):
        assert below(fast, n) == slow.randrange(n)
    for size in (0, 1, 2, 7, 30, 100):
        a, b = list(range(size)), list(range(size))
        shuffle(fast, a)
        slow.shuffle(b)
        assert a == b
    assert fast.random() == slow.random()
