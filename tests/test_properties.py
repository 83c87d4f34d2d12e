"""Property tests: random legal play (a seeded ``random.Random`` choosing among the legal
actions) keeps the game's invariants at every decision, for seeds and player counts (2-5)
chosen by hypothesis.

Checked at every decision: no stock below 0; all 84 colonists accounted for, 28/24/16/16 by
type; board limits (Gantry, Doorstep, Relief Track, die faces, 5 dice each); legal actions
non-empty, with unique ids and a stable order; an illegal action raises IllegalAction and
changes nothing. At the end: exactly 6 rounds, VP equal to the logged VP plus the final
scoring steps. Also: clone() then the same actions gives the same log and result; every
legal action applied to a clone does not raise; and a replay from scratch of the same
config, seed and actions gives an identical log (determinism).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from artemis.games.project.state import DOORSTEP_MAX, GANTRY_MAX, TYPES
from artemis.kernel.actions import Action, IllegalAction
from artemis.kernel.game import Game

COLONISTS = [28, 24, 16, 16]  # Pioneer, Engineer, Marine, Steward (R13)
ROUNDS = 6
DICE = 5  # per player
HARSH = {"vents_stock_bonus": 0, "quarry_stock_bonus": 0, "doorstep_draw_bonus": 0}  # R29

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=5)
bot_seeds = st.integers(min_value=0, max_value=2**16)

FAST = settings(max_examples=15, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# Applying every legal action to a clone at every decision costs about 100x a plain game
# (a Placement question has up to ~100 answers), so this one property plays fewer games.
SLOW_PROPERTY = settings(max_examples=3, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


# -- helpers -----------------------------------------------------------------------------------

def add(total: list[int], counts) -> None:
    for t in range(4):
        total[t] += counts[t]


def on_board(g: Game) -> list[int]:
    """Colonists by type over every place the state holds them: bag, discard pile, Doorstep,
    Academy supply, Expedition reward colonists, Pioneers and sent colonists beside Basecamp
    dice, Shelters, buildings, and Academy spaces."""
    s = g.state
    total = [0, 0, 0, 0]
    for place in (s.bag, s.discard, s.doorstep, s.academy_supply):
        add(total, place)
    for card in s.cards:
        for laid in card.reward_colonists:
            add(total, laid)
        for die in card.dice:
            total[0] += die.pioneers
            if die.sent is not None:
                total[die.sent] += 1
    for p in s.players:
        add(total, p.shelters)
        for b in p.buildings:
            add(total, b.staff)
    for space in s.academy:
        if space is not None and space[2] is not None:
            total[space[2]] += 1
    for p in s.players:
        add(total, p.arriving)  # gained or returning, waiting for the owner's choice (R30)
    return total


def negative_stocks(g: Game) -> list[str]:
    """Every stock below 0 (VP may be negative, R28)."""
    s = g.state
    bad = []

    def check(where: str, value: int) -> None:
        if value < 0:
            bad.append(f"{where} = {value}")

    for p in s.players:
        for item in ("energy", "minerals", "toolkits", "badges"):
            check(f"player {p.seat} {item}", getattr(p, item))
        for t, name in enumerate(TYPES):
            check(f"player {p.seat} shelters {name}", p.shelters[t])
            for i, b in enumerate(p.buildings):
                check(f"player {p.seat} building {i} {name}", b.staff[t])
    check("vents", s.vents)
    check("quarry", s.quarry)
    for where in ("bag", "discard", "doorstep", "academy_supply"):
        for t, name in enumerate(TYPES):
            check(f"{where} {name}", getattr(s, where)[t])
    for c, card in enumerate(s.cards):
        for r, laid in enumerate(card.reward_colonists):
            for t, name in enumerate(TYPES):
                check(f"card {c} reward {r} {name}", laid[t])
        for d, die in enumerate(card.dice):
            check(f"card {c} die {d} pioneers", die.pioneers)
    return bad


def out_of_bounds(g: Game) -> list[str]:
    """Board limits: at most 8 Gantry tiles and 12 Doorstep colonists (rulebook), Relief
    markers on the track, die faces 1-6, and during Placement each player's 5 dice in hand
    or on the board."""
    s = g.state
    bad = []
    if len(s.gantry) > GANTRY_MAX:
        bad.append(f"{len(s.gantry)} Gantry tiles")
    if sum(s.doorstep) > DOORSTEP_MAX:
        bad.append(f"{sum(s.doorstep)} Doorstep colonists")
    track = len(g.catalog.relief_track)
    bad += [f"player {p.seat} relief {p.relief}" for p in s.players if not 1 <= p.relief <= track]
    placed = [(d.player, d.face) for card in s.cards for d in card.dice]
    for dice in (s.vents_dice, s.quarry_dice, s.doorstep_dice, s.outfitter_dice):
        placed += dice
    placed += [die for tile in s.gantry for die in tile.dice]
    placed += [(a[0], a[1]) for a in s.academy if a is not None]
    faces = [face for _, face in placed] + [f for p in s.players for f in p.dice]
    bad += [f"die face {f}" for f in faces if not 1 <= f <= 6]
    if s.phase == "placement":
        for p in s.players:
            dice = len(p.dice) + sum(1 for seat, _ in placed if seat == p.seat)
            if dice != DICE:
                bad.append(f"player {p.seat} has {dice} dice")
    return bad


def snapshot(g: Game) -> str:
    return json.dumps(g.view(), sort_keys=True)


def ids(actions: list[Action]) -> list[str]:
    return [a.id for a in actions]


def play(g: Game, bot_seed: int, each=None) -> list[str]:
    """Play random legal actions to the end; call ``each(g, step)`` at every decision.
    Returns the ids applied."""
    rng = random.Random(bot_seed)
    played = []
    while not g.is_over:
        if each is not None:
            each(g, len(played))
        action = rng.choice(g.legal_actions())
        played.append(action.id)
        g.apply(action)
    if each is not None:
        each(g, len(played))
    return played


def where(g: Game, step: int) -> str:
    s = g.state
    kind = g.pending.kind if g.pending else "over"
    return (f"seed {g.config.seed}, {g.config.players} players, params {g.config.params}, "
            f"decision {step} ({kind}, round {s.round}, phase {s.phase})")


def vp_logged(g: Game) -> dict[int, int]:
    totals = {p.seat: 0 for p in g.state.players}
    for e in g.log:
        if e["type"] == "vp":
            totals[e["player"]] += e["amount"]
    return totals


# -- properties --------------------------------------------------------------------------------

@FAST
@given(seed=seeds, n=players, bot=bot_seeds, params=st.sampled_from([{}, HARSH]))
def test_invariants_hold_at_every_decision(seed, n, bot, params):
    g = Game.new({"players": n, "seed": seed, "params": params})

    def check(g: Game, step: int) -> None:
        at = where(g, step)
        assert negative_stocks(g) == [], at
        assert out_of_bounds(g) == [], at
        assert on_board(g) == COLONISTS, at
        if g.is_over:
            return
        legal = g.legal_actions()
        assert legal, at
        assert len(set(ids(legal))) == len(legal), f"{at}: duplicate ids {ids(legal)}"
        again = g.legal_actions()
        assert ids(again) == ids(legal), at
        assert [a.to_data() for a in again] == [a.to_data() for a in legal], at
        assert g.current_player in range(n), at

    play(g, bot, check)


@FAST
@given(seed=seeds, n=players, bot=bot_seeds)
def test_game_ends_after_six_rounds_with_vp_matching_the_log(seed, n, bot):
    g = Game.new({"players": n, "seed": seed})
    play(g, bot)
    assert g.is_over
    assert g.state.round == ROUNDS
    assert sum(1 for e in g.log if e["type"] == "board_setup") == ROUNDS
    assert sum(1 for e in g.log if e["type"] == "dice_rolled") == ROUNDS
    assert [e["type"] for e in g.log].count("final_scoring") == 1
    assert g.legal_actions() == []
    assert g.current_player is None
    logged = vp_logged(g)
    result = g.result
    for row in result["players"]:
        seat = row["seat"]
        assert row["vp"] == g.state.players[seat].vp
        assert row["vp"] == logged[seat] + sum(row["steps"].values()), (seat, row, logged)
    assert sorted(result["ranking"]) == list(range(n))
    assert result["winner"] == result["ranking"][0]
    best = max(row["vp"] for row in result["players"])
    assert result["players"][result["winner"]]["vp"] == best


ILLEGAL = ("place:9:9:nowhere:0", {"id": "place:9:9:nowhere:0"},
           Action("place", (9, 9, "nowhere", 0)), "", "move:skip:extra")


@FAST
@given(seed=seeds, n=players, bot=bot_seeds)
def test_illegal_actions_raise_and_change_nothing(seed, n, bot):
    g = Game.new({"players": n, "seed": seed})

    def check(g: Game, step: int) -> None:
        before, log, legal = snapshot(g), len(g.log), ids(g.legal_actions())
        player, actions = g.current_player, len(g.actions)
        for bad in ILLEGAL:
            with pytest.raises(IllegalAction):
                g.apply(bad)
            at = f"{where(g, step)}: after {bad!r}"
            assert len(g.log) == log and len(g.actions) == actions, at
            assert ids(g.legal_actions()) == legal and g.current_player == player, at
        assert snapshot(g) == before, f"{where(g, step)}: an illegal action changed the view"

    play(g, bot, check)
    with pytest.raises(IllegalAction):
        g.apply("move:skip")  # the game is over


@SLOW_PROPERTY
@given(seed=seeds, n=players, bot=bot_seeds)
def test_every_legal_action_applies_to_a_clone(seed, n, bot):
    g = Game.new({"players": n, "seed": seed})

    def check(g: Game, step: int) -> None:
        if g.is_over:
            return
        before, log = snapshot(g), len(g.log)
        for action in g.legal_actions():
            trial = g.clone()
            try:
                trial.apply(action)
            except Exception as e:  # report which action broke, then fail
                raise AssertionError(f"{where(g, step)}: {action.id} raised {e!r}") from e
        assert snapshot(g) == before and len(g.log) == log, f"{where(g, step)}: clone leaked"

    play(g, bot, check)


@FAST
@given(seed=seeds, n=players, bot=bot_seeds, cut=st.floats(min_value=0, max_value=1))
def test_clone_then_same_actions_gives_same_log_and_result(seed, n, bot, cut):
    g = Game.new({"players": n, "seed": seed})
    played = play(g.clone(), bot)
    stop = int(cut * len(played))
    for action_id in played[:stop]:
        g.apply(action_id)
    twin = g.clone()
    assert twin.log == g.log and snapshot(twin) == snapshot(g)
    for action_id in played[stop:]:
        g.apply(action_id)
    assert g.is_over
    for action_id in played[stop:]:
        twin.apply(action_id)
    assert twin.is_over
    assert twin.log == g.log
    assert twin.result == g.result
    assert snapshot(twin) == snapshot(g)


@FAST
@given(seed=seeds, n=players, bot=bot_seeds, params=st.sampled_from([{}, HARSH]))
def test_replay_from_scratch_is_deterministic(seed, n, bot, params):
    config = {"players": n, "seed": seed, "params": params}
    g = Game.new(config)
    played = play(g, bot)
    again = Game.new(config)
    assert again.log == g.log[: len(again.log)]
    for action_id in played:
        again.apply(action_id)
    assert again.is_over
    assert again.log == g.log
    assert again.result == g.result
    assert snapshot(again) == snapshot(g)


# -- the literal invariant, over the state's places only ----------------------------------------

def test_every_colonist_is_in_a_state_place_at_every_decision():
    def check(g: Game, step: int) -> None:
        assert on_board(g) == COLONISTS, where(g, step)

    for seed in range(5):  # seed 0 reaches its first 'house' question at decision 36
        play(Game.new({"players": 4, "seed": seed}), seed, check)
