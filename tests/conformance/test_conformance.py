"""The conformance suite: every registered game (`artemis.kernel.games.games()`, plus the toy
games registered by this folder's conftest), at each of its player counts, plays seeded random
games checked at every decision (`artemis.testing.checks`): unique and stable legal ids;
clone() equal to the original, untouched by the original's next action, and equal again after
the same action; an illegal action refused without a trace; determinize(seat) keeps that seat's
view and legal ids, lists only answers that apply in the world, plays on to the end, and
resamples something at least once a game (what only other seats know, once an answer was
hidden), never an answer `action_seen_by` showed the seat; two answers hidden from a seat with
the same public part leave that seat's view, records and legal ids, and the spectator's, the
same; every legal id in the game's declared action space, within its widest question; the end
within max_decisions with a consistent result inside the declared score bounds; and save, load
and continue gives the identical game. A search-bot game of each player count stays in the
declared space too. A game registered later (an entry point in ``artemis.games``) is checked by
registration alone. A check a game fails today is listed in KNOWN_FAILURES, a strict xfail of
that check and game only.

The checks are the engine's own library (`artemis.testing`), which a game written as a
package of its own calls from its tests. CI plays SEEDS games per game and player count
(CHEAP_SEEDS for the toy games, whose games are a few dozen decisions: enough to catch a
determinize bug that shows in few worlds); the ``slow`` marker adds SLOW_SEEDS more
(``pytest -m slow tests/conformance``).
"""

from __future__ import annotations

import random

import pytest

from artemis.games.odyssey.ruleset import OdysseyRuleset
from artemis.games.project.ruleset import ProjectRuleset
from artemis.kernel.action_space import ActionSpace, ids
from artemis.kernel.actions import Action
from artemis.kernel.flow import reask
from artemis.kernel.game import ConfigError, Game
from artemis.kernel.games import register_game, unregister_game
from artemis.testing import CHEAP_SEEDS, SEEDS, check_game
from artemis.testing.checks import (
    check_action_space,
    check_hidden_information,
    check_indistinguishable,
    check_save_continues,
    check_score_bounds,
    check_search_game,
    check_seen_kept,
    check_world_answers,
    play_checked,
    snapshot,
)

from .sealed_bids import RULESET as BIDS
from .sealed_bids import (
    KeepsBids,
    KeepsFirstSeatsBid,
    LeakyHandView,
    PublicBids,
    PublicPartNamesTheBid,
    RecordNamesTheBid,
    SeenByAll,
    SharedHands,
)
from .toy_game import RULESET as RACE
from .toy_game import RaceRuleset

SLOW_SEEDS = 25
# a game of five seats or more is the costliest to check (an Odyssey game at 5 to 8: 10-40 s a
# seed, every seat's worlds at every decision): two seeds in CI, the rest with the slow ones
BIG_TABLE = 5
BIG_TABLE_SEEDS = 2
CHEAP = {RACE.id, BIDS.id}  # the toy games: CHEAP_SEEDS in CI

# (check, game id) -> (why it fails today, the exception): each an xfail(strict=True), so a
# fix shows up as an unexpected pass
KNOWN_FAILURES: dict = {}


def registered() -> dict:
    """Every registered game by id, the toy game included (registered by the conftest)."""
    from artemis.kernel.games import games

    return {**games(), RACE.id: RACE, BIDS.id: BIDS}


def cases(check: str) -> list:
    out = []
    for game_id, ruleset in sorted(registered().items()):
        for players in ruleset.player_counts:
            fast = (CHEAP_SEEDS if game_id in CHEAP
                    else SEEDS if players < BIG_TABLE else BIG_TABLE_SEEDS)
            for seed in range(fast + SLOW_SEEDS):
                marks = [pytest.mark.slow] if seed >= fast else []
                known = KNOWN_FAILURES.get((check, game_id))
                if known:
                    marks.append(pytest.mark.xfail(strict=True, reason=known[0],
                                                   raises=known[1]))
                out.append(pytest.param(game_id, players, seed, marks=marks,
                                        id=f"{game_id}-{players}p-seed{seed}"))
    return out


@pytest.mark.parametrize("game_id, players, seed", cases("play"))
def test_random_play_conforms(game_id, players, seed):
    game = Game.new({"game": game_id, "players": players, "seed": seed})
    play_checked(game, random.Random(f"conformance:{game_id}:{players}:{seed}"))


@pytest.mark.parametrize("game_id, players, seed", cases("save"))
def test_save_load_continues_identically(game_id, players, seed):
    check_save_continues({"game": game_id, "players": players, "seed": seed})


# -- the checks can fail ---------------------------------------------------------------------


class LeakyView(ProjectRuleset):
    """The Project with a broken view: every seat is shown everything (the full view)."""

    def view(self, game, seat):
        return self.full_view(game)


class NothingHidden(ProjectRuleset):
    """The Project with a determinize that resamples nothing."""

    def determinize(self, game, seat, rng):
        return game.clone()


def _project_game(players: int = 3, seed: int = 1, decisions: int = 20) -> Game:
    game = Game.new({"players": players, "seed": seed})
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_hidden_information_check_catches_a_view_that_shows_hidden_things():
    game = _project_game()
    at = "leaky"
    assert check_hidden_information(game, snapshot(game, at), 7, at)  # the real view passes
    game.ruleset = LeakyView()  # the clones share it
    with pytest.raises(AssertionError, match=r"view\(0\) differs"):
        check_hidden_information(game, snapshot(game, at), 7, at)


def test_the_hidden_information_check_catches_a_determinize_that_resamples_nothing():
    game = _project_game(players=2, decisions=0)
    game.ruleset = NothingHidden()
    with pytest.raises(AssertionError, match="nothing hidden was ever resampled"):
        play_checked(game, random.Random(0))


class OldOdysseyView(OdysseyRuleset):
    """The Odyssey with the view it had before OR3 was mended: every player's hand, so a
    card placed face down is named as the one missing from its player's hand."""

    def view(self, game, seat):
        out = super().view(game, seat)
        for row, p in zip(out["players"], game.state.players, strict=True):
            row["hand"] = sorted(p.hand)
        return out


def _first_planning_turn(game: Game) -> Game:
    rng = random.Random(0)
    while game.pending.kind != "place":
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_indistinguishability_check_catches_a_planted_leak_in_a_toy_game():
    game = Game.new({"game": "sealed_bids", "players": 2, "seed": 0})
    assert check_indistinguishable(game, "sealed bids") == 5  # the real view passes
    game.ruleset = LeakyHandView()
    with pytest.raises(AssertionError, match=r"seat 1 can tell 'bid:1' from 'bid:2' .*"
                                             r"its view differs"):
        check_indistinguishable(game, "sealed bids")
    game = Game.new({"game": "sealed_bids", "players": 3, "seed": 0})
    game.ruleset = LeakyHandView()
    with pytest.raises(AssertionError, match="can tell"):
        play_checked(game, random.Random(0))


def test_the_seen_answer_check_catches_a_determinize_that_resamples_what_a_seat_saw():
    game = Game.new({"game": "sealed_bids", "players": 2, "seed": 0})
    assert check_seen_kept(game, 5, "sealed bids") == 0  # a face-down bid: nothing to keep
    game.ruleset = SeenByAll()
    with pytest.raises(AssertionError, match=r"sealed bids: seat 1 sees player 0's answer .*"
                                             r"can tell 'bid:1' from 'bid:5', yet "
                                             r"determinize\(1, Random\(41\)\) gives the same "
                                             "world after either"):
        check_seen_kept(game, 5, "sealed bids")
    game = Game.new({"game": "sealed_bids", "players": 3, "seed": 0})
    game.ruleset = SeenByAll()
    with pytest.raises(AssertionError, match="resamples what seat 1 saw"):
        play_checked(game, random.Random(0))


@pytest.mark.parametrize("players", [2, 3])
def test_the_private_check_catches_a_determinize_that_keeps_the_face_down_bids(players):
    game = Game.new({"game": "sealed_bids", "players": players, "seed": 0})
    game.ruleset = KeepsBids()
    # the end-of-game check on its own (check 7's worlds part catches it first, below)
    with pytest.raises(AssertionError, match=r"the first: 'bid:\d' of player 0, at decision "
                                             r"0, hidden from seats \[1.*no determinize\(t\) "
                                             "world at any decision showed another seat"):
        _without_worlds_check(game.clone())
    with pytest.raises(AssertionError, match=r"decision 0: seat 1 cannot tell player 0's "
                                             r"'bid:1' from 'bid:5'"):
        play_checked(game, random.Random(0))


def test_the_worlds_check_catches_a_determinize_that_keeps_one_seats_bid():
    game = Game.new({"game": "sealed_bids", "players": 3, "seed": 0})
    game.ruleset = KeepsFirstSeatsBid()
    # the other seats' bids are dealt again, so some world differs: without the worlds
    # check the game passes; with it, seat 0's face-down bid is caught the first time a
    # seat that has not seen it decides
    play_checked_without = _without_worlds_check(game.clone())
    assert play_checked_without.is_over
    with pytest.raises(AssertionError, match=r"decision 0: seat 1 cannot tell player 0's "
                                             r"'bid:1' from 'bid:5' \(hidden from it\), yet "
                                             r"determinize\(1, Random\(1\)\) gives different "
                                             r"worlds after them"):
        play_checked(game, random.Random(0))
    # the real determinize gives one world after either answer
    real = Game.new({"game": "sealed_bids", "players": 3, "seed": 0})
    assert play_checked(real, random.Random(0)).is_over


@pytest.mark.parametrize("planted, message", [
    (PublicBids, r"decision 0: seat 1's view cannot tell player 0's 'bid:1' from 'bid:3', yet "
                 r"its history does \('bid:1' then 'bid:3'\), while determinize\(1, Random\(1\)\) "
                 r"treats the answer as hidden .*: if the answer is face down"),
    (PublicPartNamesTheBid, r"decision 0: seat 1's view cannot tell player 0's 'bid:1' from "
                            r"'bid:3', yet its history does \(\('hidden', 'bid:1'\) then "
                            r"\('hidden', 'bid:3'\)\)"),
    # check 7 holds a record of a hidden answer (the same public part): told in words
    (RecordNamesTheBid, r"decision 0: seat 1 can tell 'bid:1' from 'bid:3' \(the same public "
                        r"part \('bid',\), hidden from it\): its records differ after them "
                        r"\(\[0\]: \{'type': 'bid', 'player': 0, 'card': 1\} then"),
])
def test_the_history_check_catches_a_face_down_answer_told_in_the_history(planted, message):
    game = Game.new({"game": "sealed_bids", "players": 2, "seed": 0})
    game.ruleset = planted()
    with pytest.raises(AssertionError, match=message):
        play_checked(game, random.Random(0))


def test_the_reveal_check_catches_a_draw_that_does_not_call_reveal():
    config = {"game": "race", "players": 3, "seed": 2, "options": {"target": 30}}
    assert play_checked(Game.new(config), random.Random(0)).is_over  # it calls reveal()
    game = Game.new(config)
    game.ruleset = type("NoRevealRace", (RaceRuleset,), {"reveals_draws": False})()
    with pytest.raises(AssertionError, match=r"seed 2, decision 4, 'play:4' played with the "
                                             r"random streams seeded again: seat 0's view "
                                             r"differs afterwards \('hand'.*call "
                                             r"game.reveal\(\) where it comes out"):
        play_checked(game, random.Random(0))


def test_a_clone_that_shares_the_states_lists_is_named_as_such():
    game = Game.new({"game": "sealed_bids", "players": 2, "seed": 0})
    game.ruleset = SharedHands()
    game.state = SharedHands().setup(game, None)
    with pytest.raises(AssertionError, match=r"decision 0: applying 'bid:1' to a clone changed "
                                             r"the original game too .*the clone shares lists "
                                             r"or dicts with it"):
        play_checked(game, random.Random(0))


def _without_worlds_check(game):
    from artemis.testing import checks

    original = checks.check_indistinguishable
    try:
        checks.check_indistinguishable = lambda g, at, limit=None, key=None: original(
            g, at, limit)
        return checks.play_checked(game, random.Random(0))
    finally:
        checks.check_indistinguishable = original


def test_a_view_that_shows_what_determinize_resamples_is_named_with_both_values():
    game = _project_game()
    game.ruleset = LeakyView()
    with pytest.raises(AssertionError, match=r"view\(0\) differs in the world \('\w+': .* "
                                             r"then .*\): the view shows something determinize "
                                             r"resamples .*game\.reveal\(\)"):
        check_hidden_information(game, snapshot(game, "leaky"), 7, "leaky")


@pytest.mark.parametrize("players", [3, 6])
def test_the_indistinguishability_check_fails_on_the_odyssey_view_that_leaked(players):
    game = _first_planning_turn(Game.new({"game": "odyssey", "players": players, "seed": 4}))
    assert check_indistinguishable(game, "odyssey", limit=3) > 0  # today's view passes
    game.ruleset = OldOdysseyView()
    with pytest.raises(AssertionError, match=r"seat \d can tell 'place:.*its view differs"):
        check_indistinguishable(game, "odyssey", limit=3)


class StaleRace(RaceRuleset):
    """Race to 10 with a planted determinize bug: the other hands are dealt again, but the
    pending question still lists the acting player's real hand."""

    id = "stale_race"

    def determinize(self, game, seat, rng):
        world = super().determinize(game, seat, rng)
        world.pending = game.pending  # the real question, its real cards
        return world


@pytest.fixture
def stale_race():
    yield register_game(StaleRace())
    unregister_game(StaleRace.id)


def test_the_world_check_catches_a_determinize_that_keeps_the_real_hand(stale_race):
    # the real game passes at every decision of CHEAP_SEEDS games
    assert check_game(RACE.id, players=[2], seeds=CHEAP_SEEDS, saves=False) > 100
    with pytest.raises(AssertionError, match=r"stale_race, 2 players, seed \d+, decision \d+, "
                       r"determinize\(1, .*the world lists 'play:\d' for player 0, but it does "
                       r"not apply there \(ValueError.*reask"):
        check_game(StaleRace.id, players=[2], seeds=CHEAP_SEEDS, saves=False)


def test_the_world_check_applies_every_answer_of_a_world_and_a_limited_spread():
    game = Game.new({"game": "race", "players": 3, "seed": 1})
    world = game.determinize(1, random.Random(0))
    assert check_world_answers(world, "race") == len(world.legal_actions()) >= 1
    project = _project_game(players=2, decisions=3)
    world = project.determinize(1, random.Random(0))
    assert len(world.legal_actions()) > 8
    assert check_world_answers(world, "project") == 8
    assert check_world_answers(world, "project", limit=None) == len(world.legal_actions())


def test_reask_keeps_one_option_pending_and_refuses_none():
    game = Game.new({"game": "race", "players": 2, "seed": 0})
    pending = game.pending
    reask(game, [Action("play", (9,), "play a 9")])
    assert game.pending.player == pending.player and game.pending.ctx == pending.ctx
    assert [a.id for a in game.legal_actions()] == ["play:9"]
    with pytest.raises(ValueError, match="asked again with no options"):
        reask(game, [])
    game.pending = None
    with pytest.raises(ValueError, match="no question is pending"):
        reask(game, [Action("play", (1,))])


def test_check_game_refuses_an_unknown_game():
    with pytest.raises(ConfigError, match="no_such_game"):
        check_game("no_such_game")


# -- the declared action space and score bounds ------------------------------------------------


def search_cases() -> list:
    out = []
    for game_id, ruleset in sorted(registered().items()):
        for players in ruleset.player_counts:
            for seed in range(1 + SLOW_SEEDS // 5):
                marks = [pytest.mark.slow] if seed >= 1 else []
                out.append(pytest.param(game_id, players, seed, marks=marks,
                                        id=f"{game_id}-{players}p-seed{seed}"))
    return out


@pytest.mark.parametrize("game_id, players, seed", search_cases())
def test_a_search_bot_game_stays_in_the_declared_action_space(game_id, players, seed):
    game = check_search_game({"game": game_id, "players": players, "seed": seed})
    assert game.is_over


class NarrowRace(RaceRuleset):
    """Race to 10 declaring a space without the 4s, and a widest of one."""

    id = "narrow_race"
    parts = {**RaceRuleset.parts, "tools": {
        "action_space": lambda config: ActionSpace({"play": tuple(ids("play", (1, 2, 3)))},
                                                   {"play": 1}),
        "score_bounds": lambda config: (0, 5)}}


@pytest.fixture
def narrow_race():
    yield register_game(NarrowRace())
    unregister_game(NarrowRace.id)


def test_the_space_and_bounds_checks_catch_a_wrong_declaration(narrow_race):
    game = Game.new({"game": "narrow_race", "players": 2, "seed": 0})
    legal = [a.id for a in game.legal_actions()]
    assert len(legal) == 2
    with pytest.raises(AssertionError, match=r"lists 2 options, more than the declared "
                                             r"widest 1"):
        check_action_space(game, ["play:1", "play:2"], "narrow")
    with pytest.raises(AssertionError, match=r"'play:4' is a legal answer to the play "
                                             r"question, but not in the game's declared"):
        check_game("narrow_race", players=[2], seeds=5, saves=False)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(AssertionError, match=r"VP, outside the declared score bounds 0 to 5"):
        check_score_bounds(game, "narrow")
    game.ruleset = type("ReversedRace", (NarrowRace,), {"parts": {**NarrowRace.parts, "tools": {
        **NarrowRace.parts["tools"], "score_bounds": lambda config: (5, 0)}}})()
    with pytest.raises(AssertionError, match=r"the declared score bounds are reversed: low 5 "
                                             r"above high 0"):
        check_score_bounds(game, "narrow")


# (game, players): (ids, max_options), as docs/design.md gives them ("The action space")
SIZES = {("project", 2): (238_334, 7_855), ("project", 5): (238_475, 7_855),
         ("odyssey", 1): (10_221, 5_929), ("odyssey", 8): (10_919, 6_241)}


@pytest.mark.parametrize("game_id, players", sorted(SIZES))
def test_a_declared_space_numbers_every_id_once(game_id, players):
    ruleset = registered()[game_id]
    config = {"game": game_id, "players": players}
    space = ruleset.tools.action_space(config)
    ids_ = ruleset.tools.action_ids(config)
    assert (len(ids_), ruleset.tools.max_options(config)) == SIZES[game_id, players]
    assert len(set(ids_)) == len(ids_) == sum(len(v) for v in space.by_question.values())
    assert ids_ == ruleset.tools.action_ids(config)  # the same numbering every time
    if game_id == "project":
        assert {"place:3:4:basecamp:0", "move:skip", "split:0", "start:0"} <= set(ids_)
        assert f"place:1:1:basecamp:{players - 1}" not in ids_
    else:
        assert {"place:blue-build:1", "build:stop", "travel_move:aries.1>aries.2",
                f"build_call:{players - 1}"} <= set(ids_)
    assert f"start:{players}" not in ids_ and f"build_call:{players}" not in ids_


def test_the_projects_score_bounds_and_the_odysseys_reason_for_none():
    from artemis.kernel.ruleset import NoScoreBounds

    project = registered()["project"]
    assert [project.tools.score_bounds({"players": n}) for n in (2, 3, 4, 5)] == [
        (-4, 296), (-4, 314), (-4, 332), (-4, 350)]
    # versions 9 and 10's are 1 higher: content version 11's Ice Cathedral scores 6 VP, not 7
    # (its other changes keep each tile's most: the Council Chamber 1 VP a round, the Survey
    # Station 2 VP)
    for version in (9, 10):
        assert [project.tools.score_bounds({"players": n, "content_version": version})
                for n in (2, 3, 4, 5)] == [(-4, 297), (-4, 315), (-4, 333), (-4, 351)]
    # version 8's are 6 higher: its Survey Contract, the Event of the most VP, paid 2 VP, not
    # version 9's 1, over the 6 rounds (the Colony Hall's at most 5 VP is as it was)
    assert [project.tools.score_bounds({"players": n, "content_version": 8})
            for n in (2, 3, 4, 5)] == [(-4, 303), (-4, 321), (-4, 339), (-4, 357)]
    # version 7's are the same: version 8 changed only whom two Events take a resource from
    assert [project.tools.score_bounds({"players": n, "content_version": 7})
            for n in (2, 3, 4, 5)] == [(-4, 303), (-4, 321), (-4, 339), (-4, 357)]
    # older content versions' cards gave more VP: the bounds read the content the config plays
    # (version 6: the Marine Barracks' base VP, the Governor's Residence's and the Radio
    # Telescope's one more, taken off by version 7)
    assert [project.tools.score_bounds({"players": n, "content_version": 6})
            for n in (2, 3, 4, 5)] == [(-4, 306), (-4, 324), (-4, 342), (-4, 360)]
    # (versions 4 and 5: the Manufactory's 2 VP a round, 1 from version 6)
    for version in (4, 5):
        assert [project.tools.score_bounds({"players": n, "content_version": version})
                for n in (2, 3, 4, 5)] == [(-4, 312), (-4, 330), (-4, 348), (-4, 366)]
    assert [project.tools.score_bounds({"players": n, "content_version": 3})
            for n in (2, 3, 4, 5)] == [(-4, 367), (-4, 385), (-4, 403), (-4, 421)]
    assert [project.tools.score_bounds({"players": n, "content_version": 2})
            for n in (2, 3, 4, 5)] == [(-4, 396), (-4, 414), (-4, 432), (-4, 450)]
    assert [project.tools.score_bounds({"players": n, "content_version": 1})
            for n in (2, 3, 4, 5)] == [(-4, 400), (-4, 418), (-4, 436), (-4, 454)]
    with pytest.raises(NoScoreBounds, match=r"Odyssey declares no score bounds: VP never go "
                                            r"below 0 \(OR9\)"):
        registered()["odyssey"].tools.score_bounds({"game": "odyssey", "players": 3})


def test_a_game_without_a_declared_space_says_why():
    from artemis.kernel.action_space import NoActionSpace
    from artemis.kernel.ruleset import NoScoreBounds, Ruleset

    class Bare(Ruleset):
        id, name = "bare", "Bare"

    with pytest.raises(NoActionSpace, match="Bare declares no action space"):
        Bare().tools.action_ids({})
    with pytest.raises(NoScoreBounds, match="Bare declares no score bounds"):
        Bare().tools.score_bounds({})
