"""Setup (rulebook, Setup 1-11; the galaxy procedure of docs/odyssey-rulings.md OR24, OR26):
the galaxy, the starting planets, the bank, the decks, the Planning board, the First player and
the Score markers on 7."""

from __future__ import annotations

from artemis.games.odyssey.rules.teams import new_teams
from artemis.games.odyssey.state import FACTORY, STARSHIP, Planet, Player, State
from artemis.games.odyssey.variants import rule
from artemis.games.odyssey.vocabulary import COLOURS, RESOURCES

MIN_PER_STAR, MAX_PER_STAR = 3, 7  # rulebook, Setup 5


def colours(game) -> list[str]:
    """The players' (with 6 or 8 seats: the teams') colours: the config option ``colours``,
    else the first P of red, blue, yellow, green, purple, P counting players or teams
    (OR25)."""
    given = game.config.options.get("colours")
    return list(given) if given else list(COLOURS[:player_count(game.catalog, game.config.players)])


def player_count(catalog, seats: int) -> int:
    """The players for every rule at ``seats`` seats: the seats, or with 6 or 8 the teams
    (rulebook, Team Play: set up as for 3 or 4 players; OR14)."""
    return catalog.setup_for(seats).teams or seats


def travel_stars(catalog, colour: str) -> set[str]:
    """The stars shown on ``colour``'s Travel cards: the solo galaxy's (Solo Rules, Setup 2)."""
    return {x for c in catalog.cards_of(colour) for x in c.systems}


def deal_galaxy(catalog, players: int, rng, stars: list[str] | None = None,
                colour: str | None = None) -> list[Planet]:
    """The planets in play, in canonical order (systems as listed, then position).

    Setup 2: the Alien planets by player count; Setup 4: one planet of each production type
    shuffled, one to each seat in seat order (``sun.<seat+1>``), the rest back to the supply;
    Setup 5: the supply shuffled, 3 planets to each star in order, then each remaining planet
    to a star drawn uniformly among those holding fewer than 7. ``rng`` is the ``galaxy``
    stream; ``stars`` the stars in play (default: all but the Sun; `reachable_stars`). Solo (a
    setup row with ``stars: own_travel_cards``; Solo Rules, Setup 2; OR18): one random planet
    of the whole supply, Alien ones included, goes to the Sun, and only the stars on
    ``colour``'s Travel cards take planets."""
    row = catalog.setup_for(players)
    production = [t.id for t in catalog.planet_types if t.id != "alien"]
    supply = [t for t in production for _ in range(row.production_per_type)]
    supply += ["alien"] * row.alien_planets
    sun = catalog.start.id
    planets = {s.id: [] for s in catalog.systems}
    if stars is None:
        stars = [s.id for s in catalog.systems if not s.start]
    if row.stars == "own_travel_cards":
        shown = travel_stars(catalog, colour)
        stars = [x for x in stars if x in shown]
        planets[sun].append(supply.pop(rng.randrange(len(supply))))
    else:
        start = production[:]
        rng.shuffle(start)
        for seat in range(players):
            supply.remove(start[seat])
            planets[sun].append(start[seat])
    rng.shuffle(supply)
    for star in stars:
        for _ in range(MIN_PER_STAR):
            planets[star].append(supply.pop())
    while supply:
        room = [s for s in stars if len(planets[s]) < MAX_PER_STAR]
        planets[rng.choice(room)].append(supply.pop())
    return [Planet(f"{system}.{i + 1}", system, kind, up=(system == sun))
            for system, kinds in planets.items() for i, kind in enumerate(kinds)]


def reachable_stars(game, colours: list[str]) -> list[str] | None:
    """The stars in play: under the ``reachable_only`` variant only the stars some player's
    Travel cards show (OR15: with blue against yellow Libra, with green against purple
    Scorpio, is left out and its planets go around the others); as the rulebook (no variant):
    None, every star. Raises OptionError when the stars kept cannot take the planets dealt."""
    if not rule(game, "galaxy_reachable_only") \
            or game.catalog.setup_for(len(colours)).stars == "own_travel_cards":
        return None  # solo plays only its own Travel cards' stars already
    shown = {x for colour in colours for c in game.catalog.cards_of(colour) for x in c.systems}
    stars = [s.id for s in game.catalog.systems if not s.start and s.id in shown]
    row = game.catalog.setup_for(len(colours))
    dealt = (len(game.catalog.planet_types) - 1) * row.production_per_type \
        + row.alien_planets - len(colours)
    if not MIN_PER_STAR * len(stars) <= dealt <= MAX_PER_STAR * len(stars):
        from artemis.kernel.game import ConfigError

        raise ConfigError(f"variant 'reachable_only' puts {dealt} planets around the "
                          f"{len(stars)} stars these colours reach, and each takes 3 to 7: "
                          "play without the variant, or choose other colours")
    return stars


def new_state(game, rng) -> State:
    """The state after Setup for ``game.config.players`` (1 to 5; 6 and 8 as 3 and 4 teams,
    each team starting on ``sun.<team+1>``: OR14), from the named streams ``rng``; solo (Solo
    Rules, Setup) draws its galaxy by `deal_galaxy`, keeps the Artifacts usable in solo and
    picks the Mission (`artemis.games.odyssey.rules.mission`)."""
    catalog = game.catalog
    seats = game.config.players
    n = player_count(catalog, seats)
    row = catalog.setup_for(n)
    seat_colours = colours(game)
    planets = deal_galaxy(catalog, n, rng["galaxy"], reachable_stars(game, seat_colours),
                          seat_colours[0])
    players = []
    for seat, colour in enumerate(seat_colours):
        p = Player(seat, colour, vp=catalog.board.score_start)
        p.hand = [c.id for c in catalog.cards_of(colour)]
        home = planets[seat]
        home.owner = seat
        home.pieces[FACTORY] = home.pieces[STARSHIP] = 1
        p.supply[FACTORY] -= 1
        p.supply[STARSHIP] -= 1
        p.res = [1] * len(RESOURCES)  # Setup 8
        players.append(p)
    bank = [t.resource_cards - n for t in catalog.planet_types if t.id != "alien"]
    # Solo Rules, Setup 5: the four Artifacts marked solo: false leave the game
    deck = [a.id for a in catalog.artifacts if a.solo or n > 1]
    rng["artifacts"].shuffle(deck)
    singularity = []
    if row.singularity:
        singularity = [c.id for c in catalog.singularity_cards]
        rng["singularity"].shuffle(singularity)
    slots = tuple(catalog.board.player_slots(n))
    sing_slot = catalog.board.singularity_slot(n)
    if sing_slot is not None:
        slots = tuple(sorted((*slots, sing_slot)))
    state = State(players, rng, planets, bank, slots, sing_slot,
                  board=[None] * len(slots), revealed=[False] * len(slots),
                  artifact_deck=deck, singularity_deck=singularity,
                  known=[set() for _ in range(seats)], art_known=[{} for _ in range(n)],
                  sing_known=[set() for _ in range(n)])
    first = rng["setup"].randrange(seats)  # a seat (Setup 10); with teams its team is first
    state.first = first % n
    if seats != n:
        state.teams = new_teams(seats, first, len(slots))
    if row.mission:
        from artemis.games.odyssey.rules.mission import choose_mission

        state.mission = choose_mission(game, rng["setup"])
    return state
