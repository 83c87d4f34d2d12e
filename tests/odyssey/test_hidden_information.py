"""What each seat may know of the Odyssey (docs/odyssey-rulings.md OR3, OR4, OR8, OR14,
OR18): a face-down card is never named, not even as the card missing from a hand; the
Artifact draft's keep is marked as revealing; solo hides earlier peeks from the view unless
``memory_aid``; solo's cards are face up, for everyone (rules version 2)."""

from __future__ import annotations

import json
import random

import pytest

from artemis.kernel.game import Game
from artemis.kernel.undo import UndoRefused, undo
from artemis.records.log import config_record, parse_log, verify, write_log


def _until(game: Game, kind: str, rng: random.Random, limit: int = 5000) -> Game:
    """Play random answers until the pending question is of ``kind``."""
    for _ in range(limit):
        if game.pending is not None and game.pending.kind == kind:
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no {kind} question within {limit} decisions")


def _place(game: Game, card: str, slot: int) -> None:
    game.apply(f"place:{card}:{slot}")


def test_another_seat_sees_the_unrevealed_cards_not_which_one_lies_face_down():
    game = _until(Game.new({"game": "odyssey", "players": 3, "seed": 5}), "place",
                  random.Random(1))
    seat = game.current_player
    me = game.state.players[seat]
    before = sorted(me.hand)
    card = before[0]
    _place(game, card, game.state.slots[0])
    other = (seat + 1) % 3
    row = game.view(other)["players"][seat]
    assert "hand" not in row  # which cards are still in hand is the player's secret
    assert row["unrevealed"] == before  # the hand before placing: public (OR3)
    assert row["hand_size"] == len(before) - 1
    assert game.view(other)["board"][0]["card"] is None
    assert game.view(None)["players"][seat] == row
    own = game.view(seat)["players"][seat]
    assert own["hand"] == before[1:] and own["unrevealed"] == before
    assert game.view(seat)["board"][0]["card"] == card


def test_two_cards_placed_in_one_slot_look_the_same_to_everyone_else():
    game = _until(Game.new({"game": "odyssey", "players": 4, "seed": 2}), "place",
                  random.Random(2))
    seat, slot = game.current_player, game.state.slots[2]
    hand = sorted(game.state.players[seat].hand)
    after = []
    for card in (hand[0], hand[-1]):
        clone = game.clone()
        _place(clone, card, slot)
        after.append({s: clone.view(s) for s in (*range(4), None) if s != seat})
    assert after[0] == after[1]


def test_a_partner_sees_its_partners_unrevealed_cards_not_which_it_placed():
    game = _until(Game.new({"game": "odyssey", "players": 6, "seed": 3}), "place",
                  random.Random(3))
    t = game.state.teams
    seat = game.current_player
    partner = t.partner(seat)
    dealt = sorted(t.dealt[seat])
    _place(game, dealt[0], game.state.slots[0])
    teams = game.view(partner)["teams"]
    assert teams["partner_unrevealed"] == dealt
    assert "partner_hand" not in teams and "partner_face_down" not in teams
    assert teams["cards_in_hand"][seat] == len(dealt) - 1
    assert all("hand" not in row for row in game.view(partner)["players"])
    assert game.view(partner)["board"][0]["card"] is None
    assert game.view(seat)["teams"]["hand"] == dealt[1:]


def test_a_determinized_world_keeps_the_view_and_moves_the_face_down_card():
    game = _until(Game.new({"game": "odyssey", "players": 3, "seed": 5}), "place",
                  random.Random(1))
    seat = game.current_player
    _place(game, sorted(game.state.players[seat].hand)[0], game.state.slots[0])
    other = game.current_player
    cards = set()
    for k in range(40):
        world = game.determinize(other, random.Random(k))
        assert world.view(other) == game.view(other)
        cards.add(world.state.board[0][1])
        # the re-asked question lists the determinized hand's cards
        assert {a.args[0] for a in world.legal_actions()} == set(
            world.state.players[other].hand)
    assert len(cards) > 1  # the face-down card is resampled among the unrevealed cards


def _at_draft_with_a_next_drafter(rules_version: int) -> Game:
    for seed in range(40):
        game = Game.new({"game": "odyssey", "players": 3, "seed": seed,
                         "rules_version": rules_version})
        rng = random.Random(seed)
        while not game.is_over:
            pending = game.pending
            if pending.kind == "draft_keep" and len(pending.ctx[0]) > 1 \
                    and len(pending.options) > 2:
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no Artifact draft with a next drafter in 40 games")


def test_a_draft_keep_followed_by_a_look_is_marked_revealing_and_stands():
    game = _at_draft_with_a_next_drafter(2)
    keeper = game.current_player
    game.apply(game.legal_actions()[0])
    record = [e for e in game.log if e["type"] == "action"][-1]
    assert record["id"].startswith("draft_keep:") and record["reveals"] is True
    assert record["to"] == [keeper]
    looks = [e for e in game.log if e["type"] == "draft_look"]
    assert looks[-1]["player"] == game.current_player != keeper
    with pytest.raises(UndoRefused, match="revealed something"):
        undo(game, keeper)


def test_rules_version_1_plays_the_draft_unmarked_so_its_logs_verify():
    game = _at_draft_with_a_next_drafter(1)
    game.apply(game.legal_actions()[0])
    record = [e for e in game.log if e["type"] == "action"][-1]
    assert record["id"].startswith("draft_keep:") and "reveals" not in record


@pytest.mark.parametrize("rules_version", [1, 2])
def test_logs_of_both_rules_versions_replay_and_verify(tmp_path, rules_version):
    from artemis.players.bots import RandomBot

    for players in (1, 3):
        game = Game.new({"game": "odyssey", "players": players, "seed": 11,
                         "rules_version": rules_version})
        bots = [RandomBot(seat) for seat in range(players)]
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        path = tmp_path / f"v{rules_version}-{players}.jsonl"
        write_log(game, path, ["random"] * players)
        log = parse_log(path.read_text())
        assert log.header["rules_version"] == rules_version
        assert verify(log) is None
    assert config_record(game, ["random"] * 3)["rules_version"] == rules_version


def _solo_at_planning(options: dict | None = None, rules_version: int | None = None):
    config = {"game": "odyssey", "players": 1, "seed": 7, "options": options or {}}
    if rules_version:
        config["rules_version"] = rules_version
    return _until(Game.new(config), "place", random.Random(7))


def test_solo_cards_go_face_up_for_everyone():
    game = _solo_at_planning()
    card = sorted(game.state.players[0].hand)[0]
    slot = game.state.slots[0]
    label = next(a.label for a in game.legal_actions() if a.id == f"place:{card}:{slot}")
    assert label.startswith(f"play {card} (") and label.endswith(f"face up into slot {slot}")
    _place(game, card, slot)
    assert game.view(None)["board"][0]["card"] == card
    records = [e for e in game.log if e["type"] in ("placed_card", "action")][-2:]
    assert all("to" not in e for e in records), records
    assert game.ruleset.action_seen_by(game, game.pending, game.legal_actions()[0]) is None


def test_solo_of_rules_version_1_kept_its_cards_face_down():
    game = _solo_at_planning(rules_version=1)
    card = sorted(game.state.players[0].hand)[0]
    _place(game, card, game.state.slots[0])
    assert game.view(None)["board"][0]["card"] is None
    assert game.view(0)["board"][0]["card"] == card


def _solo_after_a_peek(options: dict) -> Game:
    game = Game.new({"game": "odyssey", "players": 1, "seed": 3, "options": options})
    rng = random.Random(3)
    while not any(p.id in game.state.known[0] and not p.up for p in game.state.planets):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_solo_without_the_memory_aid_hides_earlier_peeks_from_the_view():
    game = _solo_after_a_peek({})
    peeked = [p.id for p in game.state.planets if p.id in game.state.known[0] and not p.up]
    planets = {p["id"]: p for p in game.view(0)["planets"]}
    assert all(planets[pid]["type"] is None for pid in peeked)
    aided = _solo_after_a_peek({"memory_aid": True})
    planets = {p["id"]: p for p in aided.view(0)["planets"]}
    types = {p.id: p.type for p in aided.state.planets}
    assert [planets[pid]["type"] for pid in peeked] == [types[pid] for pid in peeked]


def test_the_solo_account_tells_each_card_as_placed_face_up():
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    game = play_game(GameConfig(game="odyssey", players=1, seed=3), ["random"])
    lines = game.ruleset.words.account_lines(game, ["Ann"])
    planning = next(line for line in lines if line.startswith("  Planning:"))
    placed = [e for e in game.log if e["type"] == "placed_card"][:3]
    assert planning == "  Planning: " + "; ".join(
        f"Ann plays a card face up into slot {e['slot']} ({e['card']})" for e in placed)


def test_a_pass_at_an_artifact_window_is_the_players_alone():
    """Only a seat holding a card usable at a window is asked there (OR7), so a pass told to
    everyone would say which kind of card it holds: the others see no trace of it."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game
    from artemis.records.log import visible

    game = play_game(GameConfig(game="odyssey", players=3, seed=1), ["greedy"] * 3)
    passes = [e for e in game.log if e["type"] == "action" and e["id"] == "artifact:pass"]
    assert passes and all(e["to"] == [e["player"]] for e in passes)
    for seat in range(3):
        seen = [e for e in visible(list(game.log), seat)
                if e["type"] == "action" and e["id"] == "artifact:pass"]
        assert seen == [e for e in passes if e["player"] == seat]  # its own only
    assert not [e for e in visible(list(game.log), None) if e.get("id") == "artifact:pass"]


def test_replay_for_a_seat_does_not_tell_the_seed(tmp_path):
    """The seed replays every hidden card, planet and deck order: a seat's replay omits it."""
    from typer.testing import CliRunner

    from artemis.cli import app

    path = tmp_path / "g.jsonl"
    runner = CliRunner()
    assert runner.invoke(app, ["play", "--game", "odyssey", "--players", "3", "--seed", "5",
                               "--log", str(path), "--quiet"]).exit_code == 0
    for seat in (0, 2):
        out = runner.invoke(app, ["replay", str(path), "--seat", str(seat), "--json"])
        data = json.loads(out.stdout)
        assert data["seat"] == seat and "seed" not in data["config"]
        assert not [e for e in data["log"] if "seed" in e]  # the setup record's neither
        assert data["config"]["players"] == 3
    whole = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert whole["config"]["seed"] == 5  # the log's owner replays the whole game


def test_a_version_1_log_keeps_its_public_passes_and_verifies(tmp_path):
    """A log of rules version 1 told every pass to everyone: it replays and verifies so."""
    from artemis.kernel.game import GameConfig
    from artemis.players.play import play_game

    game = play_game(GameConfig(game="odyssey", players=3, seed=1, rules_version=1),
                     ["greedy"] * 3)
    passes = [e for e in game.log if e["type"] == "action" and e["id"] == "artifact:pass"]
    assert passes and not any("to" in e for e in passes)
    path = tmp_path / "v1.jsonl"
    write_log(game, path, ["greedy"] * 3)
    assert verify(parse_log(path.read_text())) is None


@pytest.mark.parametrize("rules_version", [2, 1])
def test_a_deep_scanner_peek_in_a_team_game_is_the_using_seats_alone(rules_version):
    """OR14: a peek is the peeking seat's alone; a Deep Scanner used by seat t + N/2 told
    its partner, seat t (the team's number), until rules version 2."""
    rng = random.Random(1)
    for seed in range(1, 30):
        game = Game.new({"game": "odyssey", "players": 6, "seed": seed,
                         "rules_version": rules_version})
        while not game.is_over:
            use = [a for a in game.legal_actions() if a.id == "artifact:deep-scanner"]
            if use and game.current_player >= 3:
                break
            game.apply(rng.choice(game.legal_actions()))
        else:
            continue
        seat = game.current_player
        before = [set(k) for k in game.state.known]
        game.apply(use[0])
        while game.pending.kind == "peek_system":
            game.apply(next(a for a in game.legal_actions() if a.id != "peek_system:stop"))
        learnt = [sorted(set(k) - b) for k, b in zip(game.state.known, before, strict=True)]
        told = [e for e in game.log if e["type"] == "peek_seen"][-1]
        who = seat if rules_version == 2 else seat % 3
        assert [bool(x) for x in learnt] == [s == who for s in range(6)]
        assert told["to"] == [who]
        return
    raise AssertionError("no Deep Scanner used by a seat 3-5 in 29 games")


@pytest.mark.parametrize("rules_version, marked", [(3, True), (2, False)])
def test_the_team_deal_of_a_round_is_marked_reveals_from_rules_version_3(rules_version, marked):
    """OR14 (docs/odyssey-rulings.md, "Rules versions"): each partner sees the cards the
    shuffle deals it, so the answer after which a round's deal comes is marked ``reveals``
    (undo stops there) from version 3; a version 2 file replays as it was recorded."""
    game = Game.new({"game": "odyssey", "players": 6, "seed": 1,
                     "rules_version": rules_version})
    assert any(e["type"] == "dealt" for e in game.log)  # the first round's, at setup
    rng = random.Random(1)
    while not game.is_over:
        before = len(game.log)
        game.apply(rng.choice(game.legal_actions()))
        new = list(game.log)[before:]
        if any(e["type"] == "dealt" for e in new):  # the next round's deal
            assert new[0]["type"] == "action" and bool(new[0].get("reveals")) is marked
            return
    raise AssertionError("no second round")


def test_a_trade_in_progress_and_its_offer_are_in_every_seat_s_view():
    """Rulebook, The Actions: Trade (OR6): the whole table hears an offer as it is built and
    answered, so each seat's view has it (a learner's observation reads nothing else)."""
    from .positions import hand, resolve, table

    game = table(["red", "yellow", "blue"])
    hand(game, 0, water=1)
    hand(game, 1, food=1)
    resolve(game, ("trade", 0, "red-trade"))
    assert game.view(2)["trade"] == {"planner": 0, "bank_trades": 0, "blocked": [],
                                     "offer": None}
    game.apply("trade:offer:1")
    game.apply("offer_edit:give:water")
    nothing = dict.fromkeys(("water", "food", "energy", "xanthium", "yoyodium", "zozodium"), 0)
    for seat in (0, 1, 2, None):
        assert game.view(seat)["trade"]["offer"] == {"target": 1,
                                                     "give": {**nothing, "water": 1},
                                                     "get": nothing}
    game.apply("offer_edit:get:food")
    game.apply("offer_edit:send")
    assert game.pending.kind == "offer_reply" and game.current_player == 1
    assert game.view(2)["trade"]["offer"]["get"] == {**nothing, "food": 1}
    game.apply("offer_reply:refuse")
    assert game.view(2)["trade"] == {"planner": 0, "bank_trades": 0, "blocked": [1],
                                     "offer": None}
    game.apply("trade:done")
    assert "trade" not in game.view(2) and "trade" not in game.view(None)


def test_a_save_written_during_a_trade_before_the_view_showed_it_still_loads():
    """tests/data/before_trade_view/: a save made by the engine of 9285e0a (its own code on
    PYTHONPATH), at an ``offer_edit`` question, when the view had no ``trade``: its recorded
    view_sha256 is that of the view without it (`Ruleset.former_views`); the save loads, at
    the same question, and a view changed in any other way is still refused."""
    from pathlib import Path

    from artemis.records.save import SaveError, load_save, read_save, restore

    path = (Path(__file__).parent.parent / "data" / "before_trade_view"
            / "odyssey-3p-seed5-offer_edit.save.json")
    loaded = load_save(path)
    game = loaded.game
    assert game.pending.kind == "offer_edit" and "trade" in game.view()
    data = read_save(path)
    data["position"]["view_sha256"] = "0" * 64
    with pytest.raises(SaveError, match="field /position/view_sha256: the replay"):
        restore(data, source="edited")
