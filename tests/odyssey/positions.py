"""Positions for the Odyssey's rules tests: a game of the given colours whose galaxy, hands,
scores and decks are then set by hand, and a step run on it (as docs/odyssey-rulings.md's
worked examples set them)."""

from __future__ import annotations

from artemis.games.odyssey.state import ASSET_INDEX, NOBODY, Planet
from artemis.games.odyssey.vocabulary import RESOURCES
from artemis.kernel.flow import push, run
from artemis.kernel.game import Game


def table(colours: list[str], seed: int = 1) -> Game:
    """A game of ``colours`` (seats in order) with an empty galaxy, empty hands, empty decks
    and nothing on the board; set what the example needs with `planet`, `hand` ..."""
    game = Game.new({"game": "odyssey", "players": len(colours), "seed": seed,
                     "options": {"colours": colours}})
    s = game.state
    s.planets = []
    # a face-down planet far away, so that no example discovers the last planet
    s.planets.append(Planet("scorpio.7", "scorpio", "food"))
    for p in s.players:
        p.res = [0] * 6
        p.supply = [4, 4, 4, 4]
    s.artifact_deck = []
    s.board = [None] * len(s.slots)
    s.revealed = [False] * len(s.slots)
    return game


def planet(game, planet_id: str, kind: str, up: bool = True, owner: int = NOBODY,
           **pieces: int) -> Planet:
    """Add a planet (pieces by Asset name); the owner's supply gives the pieces."""
    s = game.state
    p = Planet(planet_id, planet_id.split(".")[0], kind, up, owner if pieces else NOBODY)
    for asset, n in pieces.items():
        p.pieces[ASSET_INDEX[asset]] = n
        s.players[owner].supply[ASSET_INDEX[asset]] -= n
    order = [x.id for x in game.catalog.systems]
    s.planets.append(p)
    s.planets.sort(key=lambda x: (order.index(x.system), int(x.id.split(".")[1])))
    return p


def hand(game, seat: int, **cards: int) -> None:
    """Set ``seat``'s Resource cards (by Resource name); the rest are 0."""
    game.state.players[seat].res = [cards.get(r, 0) for r in RESOURCES]


def resolve(game, *steps: tuple) -> Game:
    """Run ``steps`` on the position up to the next question."""
    game.tasks = []
    game.pending = None
    game.forced = []
    push(game, *steps)
    run(game)
    return game


def ids(game) -> list[str]:
    return [a.id for a in game.legal_actions()]
