"""A toy second game for the kernel's tests: "Race to 10".

A shuffled face-down deck of 12 cards (1-4, three of each); every player holds a private hand
of two. On a turn the player plays one card face up (one decision kind, ``play``): its value
adds to their total, then they draw; when the deck runs out the face-up pile is reshuffled
(the one named random stream, ``deck``). The first to reach the target (a game option, default
10) ends the game; the highest total wins, ties to the lower seat.

Hidden information: the deck order and the other players' hands. No content, no plugins: its
`load_catalog` is the Ruleset default (None). Not registered by an entry point: tests register
it with `artemis.kernel.games.register_game` and unregister it after.
"""

from __future__ import annotations

import hashlib
import random

from artemis.kernel.action_space import ActionSpace, ids
from artemis.kernel.actions import Action
from artemis.kernel.flow import StepTable, ask, push, reask
from artemis.kernel.game import game_options
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.streams import Streams

CARDS = (1, 2, 3, 4) * 3
HAND = 2

TABLE = StepTable()


class RaceState:
    """Totals and hands by seat, the deck (top last), the face-up pile, whose turn it is."""

    def __init__(self, n: int, rng: Streams):
        self.totals = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.pile: list[int] = []
        self.turn = 0
        self.rng = rng

    def clone(self) -> RaceState:
        c = RaceState.__new__(RaceState)
        c.totals = self.totals[:]
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.pile = self.pile[:]
        c.turn = self.turn
        c.rng = self.rng.fork()
        return c


@TABLE.step("game_start")
def _game_start(game) -> None:
    game.emit("start", players=len(game.state.totals))
    push(game, ("turn",))


def _options(hand: list[int]) -> list[Action]:
    return [Action("play", (v,), f"play a {v}") for v in sorted(set(hand))]


@TABLE.step("turn")
def _turn(game) -> None:
    s = game.state
    ask(game, s.turn, "play", _options(s.hands[s.turn]))


@TABLE.answer("play")
def _play(game, action: Action, ctx) -> None:
    s = game.state
    value = action.args[0]
    s.hands[s.turn].remove(value)
    s.pile.append(value)
    s.totals[s.turn] += value
    game.emit("play", player=s.turn, value=value, total=s.totals[s.turn])
    push(game, ("draw", s.turn), ("end_turn",))


@TABLE.step("draw")
def _draw(game, seat: int) -> None:
    s = game.state
    if not s.deck:
        s.deck, s.pile = s.pile, []
        s.rng["deck"].shuffle(s.deck)
        game.emit("reshuffle", cards=len(s.deck))
    if game.ruleset.reveals_draws:
        game.reveal()  # the drawer sees a card it had not: undo cannot take the turn back
    card = s.deck.pop()
    s.hands[seat].append(card)
    game.emit("draw", to=[seat], player=seat, card=card)


@TABLE.step("end_turn")
def _end_turn(game) -> None:
    s = game.state
    if s.totals[s.turn] >= game.config.options["target"]:
        push(game, ("final",))
        return
    s.turn = (s.turn + 1) % len(s.totals)
    push(game, ("turn",))


@TABLE.step("final")
def _final(game) -> None:
    s = game.state
    ranking = sorted(range(len(s.totals)), key=lambda seat: (-s.totals[seat], seat))
    game.final = {"totals": s.totals[:], "ranking": ranking}
    game.emit("final", ranking=ranking)


def _action_space(config):
    """A card of each value (1 to 4); a hand holds HAND cards, so a turn offers at most
    that many."""
    return ActionSpace({"play": tuple(ids("play", sorted(set(CARDS))))}, {"play": HAND})


def _score_bounds(config):
    """0 (nothing played) to target - 1 + 4: a seat plays while below the target, and
    its last card adds at most 4."""
    given = config.get("options", {}) if isinstance(config, dict) else config.options
    target = game_options(RaceRuleset, given)["target"]
    return 0, target - 1 + max(CARDS)


def _evaluate(game, seat: int) -> float:
    return float(game.state.totals[seat])


class RaceRuleset(Ruleset):
    """Race to 10: see the module docstring."""

    id = "race"
    name = "Race to 10"
    player_counts = (2, 3)
    streams = ("deck",)
    reveals_draws = True  # False plants a missing Game.reveal (tests/conformance)
    table = TABLE
    start_step = ("game_start",)
    # every play adds at least 1, so some seat reaches the target within n * (target - 1) + 1
    # plays; the schema caps the target at 50
    max_decisions = 3 * 49 + 1
    questions = {"play": "Race to 10: play one card from your hand"}
    config_schema = {
        "type": "object", "additionalProperties": False,
        "properties": {"target": {"type": "integer", "minimum": 1, "maximum": 50,
                                  "default": 10}},
    }
    scoring_parts = ()
    parts = {
        "tools": {
            "action_space": _action_space,
            "score_bounds": _score_bounds,
        },
        "players": {
            "evaluate": _evaluate,
        },
    }

    def setup(self, game, rng: Streams) -> RaceState:
        s = RaceState(game.config.players, rng)
        s.deck = list(CARDS)
        rng["deck"].shuffle(s.deck)
        for hand in s.hands:
            for _ in range(HAND):
                hand.append(s.deck.pop())
        return s

    def result(self, game) -> dict:
        totals, ranking = game.final["totals"], game.final["ranking"]
        return {"players": [{"seat": seat, "vp": vp} for seat, vp in enumerate(totals)],
                "ranking": ranking[:], "winner": ranking[0]}

    def view(self, game, seat: int | None) -> dict:
        s = game.state
        return {
            "turn": s.turn,
            "totals": s.totals[:],
            "hand_sizes": [len(h) for h in s.hands],
            "pile": s.pile[:],
            "deck_size": len(s.deck),
            "hand": sorted(s.hands[seat]) if seat is not None else None,
        }

    def full_view(self, game) -> dict:
        s = game.state
        out = self.view(game, None)
        out["hidden"] = {
            "hands": [h[:] for h in s.hands],
            "deck": s.deck[:],
            "streams": {name: hashlib.sha256(repr(r.getstate()).encode()).hexdigest()[:16]
                        for name, r in sorted(s.rng.items())},
        }
        return out

    def determinize(self, game, seat: int, rng: random.Random):
        """The deck and the other hands dealt again from the cards ``seat`` cannot see."""
        clone = game.clone()
        s = clone.state
        others = [i for i in range(len(s.hands)) if i != seat]
        unseen = s.deck + [card for i in others for card in s.hands[i]]
        rng.shuffle(unseen)
        for i in others:
            size = len(s.hands[i])
            s.hands[i], unseen = unseen[:size], unseen[size:]
        s.deck = unseen
        s.rng = Streams((name, random.Random(rng.getrandbits(64))) for name in self.streams)
        pending = clone.pending
        if pending is not None and pending.player != seat:
            # the question the clone shares lists the cards of a hand just dealt again: ask
            # it anew (as it stands, no card is played even when one option is left)
            reask(clone, _options(s.hands[pending.player]))
        return clone


RULESET = RaceRuleset()
