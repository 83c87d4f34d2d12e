"""A game's log (`artemis.kernel.log`): compact records read as the dicts they stand for, the
log reads as a list of dicts, and a game's log is the same whether its records were kept
compactly or made at once (docs/design.md, "The log")."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from artemis.games.project import records as project_records
from artemis.kernel.actions import Action
from artemis.kernel.game import Game, GameConfig
from artemis.kernel.log import ACTION, GAIN, Log, Record

PLACED = project_records.PLACED


def test_a_compact_record_reads_as_its_dict_with_its_keys_in_order():
    log = Log()
    log.append((PLACED, 2, 3, 4, "basecamp", 1))
    assert log[0] == {"type": "placed", "player": 2, "rolled": 3, "face": 4,
                      "region": "basecamp", "target": 1}
    assert list(log[0]) == ["type", "player", "rolled", "face", "region", "target"]
    assert log[0] is log[0] and log[-1] is log[0]  # made once, then kept


def test_a_malformed_compact_record_is_refused_when_read_naming_it():
    for entry in [(GAIN, 0, "energy"), (GAIN, 0, "energy", 1, 2)]:
        with pytest.raises(ValueError, match=r"not a compact record.*keys player, item, amo"):
            Log([entry])[0]
    with pytest.raises(ValueError, match=r"\('note', 1\) is not a compact record"):
        list(Log([("note", 1)]))
    with pytest.raises(TypeError, match="a log is a list of records"):
        Log({"type": "upkeep"})


def test_an_action_record_reads_the_id_and_label_and_adds_to_and_reveals():
    move = Action("move", (1, "shelters"), "move a Pioneer")
    log = Log([(ACTION, 1, move, None, False), (ACTION, 0, move, [0], True)])
    assert log[0] == {"type": "action", "player": 1, "id": "move:1:shelters",
                      "label": "move a Pioneer"}
    assert log[1] == {"type": "action", "player": 0, "id": "move:1:shelters",
                      "label": "move a Pioneer", "to": [0], "reveals": True}
    assert list(log[1]) == ["type", "player", "id", "label", "to", "reveals"]


def test_the_log_reads_as_a_list_of_dicts():
    dicts = [{"type": "gain", "player": p, "item": "energy", "amount": p + 1} for p in range(4)]
    log = Log([(GAIN, p, "energy", p + 1) for p in range(4)])
    assert len(log) == 4 and log == dicts and dicts == list(log) and log == tuple(dicts)
    assert log[1:3] == dicts[1:3] and log[::-1] == dicts[::-1] and log[-1] == dicts[3]
    assert list(reversed(log)) == dicts[::-1] and dicts[2] in log
    assert log.index(dicts[2]) == 2 and log.count(dicts[0]) == 1
    assert log != dicts[:3] and log != "not a log"
    with pytest.raises(IndexError):
        log[4]
    with pytest.raises(TypeError):
        log["0"]
    del log[2:]
    assert log == dicts[:2]
    log += [{"type": "upkeep", "round": 1}]
    log.extend(Log([(GAIN, 9, "energy", 1)]))
    assert log[2:] == [{"type": "upkeep", "round": 1},
                       {"type": "gain", "player": 9, "item": "energy", "amount": 1}]
    del log[2:]
    log.clear()
    assert log == [] and len(log) == 0


def test_iterating_reads_records_added_meanwhile_as_a_list_does():
    log = Log([(GAIN, 0, "energy", 1)])
    seen = []
    for record in log:
        seen.append(record["player"])
        if len(log) < 3:
            log.append((GAIN, len(log), "energy", 1))
    assert seen == [0, 1, 2]


def test_a_copy_pickle_or_deepcopy_is_independent_and_equal():
    log = Log([(GAIN, 0, "energy", 1), {"type": "upkeep", "round": 1}])
    twin = log.copy()
    twin.append((GAIN, 1, "energy", 2))
    assert len(log) == 2 and len(twin) == 3
    for other in (pickle.loads(pickle.dumps(log)), copy.deepcopy(log), copy.copy(log)):
        assert isinstance(other, Log) and other == log


def test_json_takes_the_list_not_the_log():
    log = Log([(GAIN, 0, "energy", 1)])
    assert json.loads(json.dumps(list(log))) == [{"type": "gain", "player": 0,
                                                   "item": "energy", "amount": 1}]
    with pytest.raises(TypeError):
        json.dumps(log)


def test_assigning_a_list_to_a_games_log_replaces_its_records():
    game = Game.new(GameConfig(players=2, seed=1))
    game.log = [{"type": "upkeep", "round": 1}]
    assert isinstance(game.log, Log) and game.log == [{"type": "upkeep", "round": 1}]
    game.log.clear()
    assert game.log == []


def _played(seed: int, players: int, made_at_once: bool) -> tuple[list, list]:
    """A random game's log and results, its records kept compactly or (``made_at_once``)
    each made into its dict the moment it is logged."""
    game = Game.new(GameConfig(players=players, seed=seed))
    if made_at_once:  # the log of the same game, each record read as soon as it is added
        entries = game.log._entries
        made = []

        class Eager(list):
            def append(self, record):
                list.append(self, record if record.__class__ is dict else record[0].make(record))
                made.append(record)

        game.log._entries = Eager(entries)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    if made_at_once:
        assert made, "no record was kept compactly"
    return list(game.log), game.result


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_logs_the_same_records_kept_compactly_or_made_at_once(players):
    for seed in range(3):
        compact, result = _played(seed, players, False)
        eager, same_result = _played(seed, players, True)
        assert compact == eager and result == same_result
        assert json.dumps(compact) == json.dumps(eager)  # the same keys in the same order


@pytest.mark.parametrize(("game", "players"), [("project", 2), ("project", 5),
                                             ("odyssey", 1), ("odyssey", 3), ("odyssey", 4)])
def test_a_games_log_equals_its_json_round_trip(game, players):
    """A record read back from a log file is the record the game made: no key or value
    changes type through JSON (the Project's dice_rolled once had integer seat keys, which
    JSON turns into strings)."""
    for seed in range(2):
        played = Game.new(GameConfig(game=game, players=players, seed=seed))
        rng = random.Random(seed)
        while not played.is_over:
            played.apply(rng.choice(played.legal_actions()))
        log = list(played.log)
        assert log == json.loads(json.dumps(log))
        if game == "project":
            rolled = next(e for e in log if e["type"] == "dice_rolled")["dice"]
            assert list(rolled) == [str(seat) for seat in range(players)]


def test_every_record_kind_makes_its_type_then_its_keys_in_order():
    from artemis.kernel import log as kernel_log

    kinds = [v for v in (*vars(project_records).values(), *vars(kernel_log).values())
             if isinstance(v, Record) and v is not ACTION]
    assert len(kinds) == 19  # the Project's 17 and the kernel's gain and lose
    for kind in [*kinds, Record("setup_done"), Record("one", "only")]:
        values = [f"v{i}" for i in range(len(kind.keys))]
        made = kind.make((kind, *values))
        assert list(made) == ["type", *kind.keys]
        assert made == {"type": kind.type, **dict(zip(kind.keys, values, strict=True))}
    assert repr(GAIN) == "Record('gain', 'player', 'item', 'amount')"
    quoted = Record("it's", 'say "hi"')  # the literal is written from reprs
    assert quoted.make((quoted, 1)) == {"type": "it's", 'say "hi"': 1}


def test_of_types_reads_the_records_of_those_types_alone_and_makes_only_their_dicts():
    """Issue 27: a simulation's statistics read a few kinds of record; the others (the
    answers above all, whose labels cost most) stay compact."""
    action = Action("place", (1, 2), "place a die")
    log = Log([(PLACED, 2, 3, 4, "basecamp", 1), (ACTION, 0, action, None, False),
               {"type": "upkeep"}, (GAIN, 1, "energy", 2)])
    wanted = {"placed", "gain"}
    seen = []
    for record in log.of_types(wanted):
        seen.append(record)
        wanted.add("upkeep")  # looked at for each record in turn: from the next one on
    assert [r["type"] for r in seen] == ["placed", "upkeep", "gain"]
    assert log._entries[1].__class__ is tuple  # the answer was passed over, unmade
    assert seen[0] is log[0] and seen[2] is log[3]  # made once, then kept
    with pytest.raises(ValueError, match=r"\('note', 1\) is not a compact record"):
        list(Log([("note", 1)]).of_types({"placed"}))


def test_answers_give_the_player_and_id_of_each_answer_without_making_its_record():
    action = Action("relief_reward", (3, "energy"), (str.upper, "made when read"))
    log = Log([(ACTION, 2, action, None, False), (GAIN, 1, "energy", 2),
               {"type": "action", "player": 0, "id": "pass", "label": "Pass"}])
    assert log.answers() == [(2, "relief_reward:3:energy"), (0, "pass")]
    assert log._entries[0].__class__ is tuple and action.text.__class__ is tuple
