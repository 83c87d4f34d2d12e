"""The display words of actions and questions (`parts.Words.describe_action`,
`parts.Words.question`, `parts.Words.choice_groups`; docs/terminal.md, "Labels and
descriptions"): over seeded games of both games, every legal answer at every decision is
described with what it gives and costs, players by name and no internal index, while the
recorded labels stay as they were."""

from __future__ import annotations

import random
import re

from artemis.kernel.choices import ChoiceGroup
from artemis.kernel.game import Game, GameConfig

NAMES = ["Ada", "Bo", "Cy"]


def _decisions(game_id: str, players: int, seed: int):
    """Each decision of a seeded random game: (game, its legal actions)."""
    game = Game.new(GameConfig(players=players, seed=seed, game=game_id))
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        yield game, actions
        game.apply(rng.choice(actions))


def test_project_words_name_players_and_buildings_and_say_costs():
    from artemis.games.project.rules.basecamp import difficulty
    from artemis.games.project.rules.gantry import price
    from artemis.util.plural import counted

    seen = set()
    for game, actions in _decisions("project", 3, 11):
        ruleset = game.ruleset
        seat = game.current_player
        question = ruleset.words.question(game, NAMES)
        assert question.startswith(f"{NAMES[seat]}, ") and "player " not in question
        for a in actions:
            words = ruleset.words.describe_action(game, a, NAMES)
            assert not re.search(r"#\d", words), words  # no building index
            assert "player " not in words and not re.search(r"\bbuilding \d", words), words
            seen.add(a.kind)
            if a.kind == "place":
                rolled, final, region, target = a.args
                if final != rolled:
                    assert words.startswith(f"{rolled}->{final} [") and "Toolkit" in words
                if region == "gantry":
                    tile = game.catalog.by_id[game.state.gantry[target].tile]
                    assert (f"bidding for {tile.name} (price "
                            f"{counted(price(game, seat, final), 'Mineral')} if bought; "
                            "slots ") in words
                elif region == "basecamp":
                    card = game.state.cards[target]
                    assert (f"on {game.catalog.by_id[card.id].name} (difficulty "
                            f"{difficulty(game, card)}, dice so far "
                            f"{sum(d.face + d.pioneers for d in card.dice)};") in words
                elif region == "academy":
                    becomes = game.catalog.board.academy[final]
                    assert words.endswith(f"(trains a colonist into {becomes.capitalize()})")
            elif a.kind == "buy" and a.args[0] == "buy":
                have = game.state.players[seat].minerals
                assert f"Minerals (you have {have}): slots " in words
            elif a.kind == "start":
                assert words == f"{NAMES[a.args[0]]} starts"
            elif a.kind == "relief_reward":
                assert words.startswith(a.label + " (") and words.endswith(
                    ("(the space just reached)", "(a space passed)"))
        if game.pending.kind == "relief_reward":
            assert "(Relief from " in question, question
        groups = ruleset.words.choice_groups(game, actions)
        if game.pending.kind == "place":
            leaves = [x for g in groups for x in g.actions()]
            assert sorted(a.id for a in leaves) == sorted(a.id for a in actions)
            assert [g.label for g in groups] == [
                f"die {d}" for d in sorted(set(game.state.players[seat].dice))]
        else:
            assert groups is None
    assert {"place", "buy", "relief_reward", "house", "send"} <= seen


def test_a_die_at_the_vents_is_promised_what_the_dice_before_it_leave():
    """Dice at or below a die's face lie left of it and resolve first (rulebook, The
    Resolution Phase, 2. Vents): a 5 placed beside a 2 with 4 Energy there takes at most
    2, not "up to 5 of 4 Energy"; the Quarry alike, and an empty region exposes."""
    game = Game.new(GameConfig(players=2, seed=3))
    seat = game.current_player
    s = game.state
    s.players[seat].toolkits = 6  # every face is offered
    describe = game.ruleset.words.describe_action

    def words(region: str, final: int) -> str:
        a = next(a for a in game.legal_actions()
                 if a.args[2] == region and a.args[1] == final and a.args[0] == final)
        return describe(game, a, NAMES).split(" (", 1)[1]

    die = s.players[seat].dice[-1]
    s.vents, s.vents_dice = 4, [(1 - seat, 2)]
    assert words("vents", die) == (f"up to {die} of the 2 Energy left after the dice before "
                                   "it)" if die <= 2 else f"only 2 Energy left after the dice "
                                   f"before it for your {die})")
    s.vents, s.vents_dice = 4, [(1 - seat, die + 1)]  # a higher die resolves after it
    assert words("vents", die) == (f"up to {die} of 4 Energy)" if die <= 4
                                   else f"only 4 Energy there for your {die})")
    s.quarry, s.quarry_dice = 1, [(1 - seat, 1)]
    assert words("quarry", die) == ("no Minerals left after the dice before it: exposed (1 "
                                    "step on the Relief Track))")


def test_recorded_labels_are_unchanged_by_the_words():
    """The log keeps each action's label (what `replay --verify` compares), not its words."""
    game = Game.new(GameConfig(players=2, seed=5))
    action = game.legal_actions()[0]
    words = game.ruleset.words.describe_action(game, action, NAMES)
    game.apply(action)
    record = next(e for e in game.log if e["type"] == "action")
    assert record["label"] == action.label != words


def test_odyssey_long_questions_are_grouped_and_colours_are_named():
    grouped = set()
    for game, actions in _decisions("odyssey", 3, 4):
        ruleset = game.ruleset
        groups = ruleset.words.choice_groups(game, actions)
        if groups is not None:
            grouped.add(game.pending.kind)
            leaves = [a for g in groups
                      for a in (g.actions() if isinstance(g, ChoiceGroup) else [g])]
            assert sorted(a.id for a in leaves) == sorted(a.id for a in actions)
            assert len(actions) > 12
        for a in actions:
            words = ruleset.words.describe_action(game, a, NAMES)
            for seat, p in enumerate(game.state.players):
                if re.search(rf"\b{p.colour.capitalize()}\b", a.label):
                    assert f"{p.colour.capitalize()} ({NAMES[seat]})" in words
        if game.state.round > 3:
            break
    assert "place" in grouped
