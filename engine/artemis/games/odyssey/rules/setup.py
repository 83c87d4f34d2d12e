"""Setup (rulebook, Setup 1-11; the galaxy procedure of docs/odyssey-rulings.md OR24, OR26):
the galaxy, the starting planets, the bank, the decks, the Planning board, the First player and
the Score markers on 7."""

from __future__ import annotations

from artemis.games.odyssey.state import FACTORY, STARSHIP, Planet, Player, State
from artemis.games.odyssey.vocabulary import COLOURS, RESOURCES

MIN_PER_STAR, MAX_PER_STAR = 3, 7  # rulebook, Setup 5


def colours(game) -> list[str]:
    """The players' colours: the config option ``colours``, else the first P of red, blue,
    yellow, green, purple (OR25)."""
    given = game.config.options.get("colours")
    return list(given) if given else list(COLOURS[:game.config.players])


def travel_stars(catalog, colour: str) -> set[str]:
    """The stars shown on ``colour``'s Travel cards: the solo galaxy's (Solo Rules, Setup 2)."""
    return {x for c in catalog.cards_of(colour) for x in c.systems}


def deal_galaxy(catalog, players: int, rng, colour: str | None = None) -> list[Planet]:
    """The planets in play, in canonical order (systems as listed, then position).

    Setup 2: the Alien planets by player count; Setup 4: one planet of each production type
    shuffled, one to each seat in seat order (``sun.<seat+1>``), the rest back to the supply;
    Setup 5: the supply shuffled, 3 planets to each star in order, then each remaining planet
    to a star drawn uniformly among those holding fewer than 7. ``rng`` is the ``galaxy``
    stream. Solo (a setup row with ``stars: own_travel_cards``; Solo Rules, Setup 2; OR18):
    one random planet of the whole supply, Alien ones included, goes to the Sun, and only the
    stars on ``colour``'s Travel cards take planets."""
    row = catalog.setup_for(players)
    production = [t.id for t in catalog.planet_types if t.id != "alien"]
    supply = [t for t in production for _ in range(row.production_per_type)]
    supply += ["alien"] * row.alien_planets
    sun = catalog.start.id
    planets = {s.id: [] for s in catalog.systems}
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


def new_state(game, rng) -> State:
    """The state after Setup for ``game.config.players`` (1 to 5), from the named streams
    ``rng``; solo (Solo Rules, Setup) draws its galaxy by `deal_galaxy`, keeps the Artifacts
    usable in solo and picks the Mission (`artemis.games.odyssey.rules.mission`)."""
    catalog = game.catalog
    n = game.config.players
    row = catalog.setup_for(n)
    seat_colours = colours(game)
    planets = deal_galaxy(catalog, n, rng["galaxy"], seat_colours[0])
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
                  known=[set() for _ in range(n)], art_known=[{} for _ in range(n)],
                  sing_known=[set() for _ in range(n)])
    state.first = rng["setup"].randrange(n)
    if row.mission:
        from artemis.games.odyssey.rules.mission import choose_mission

        state.mission = choose_mission(game, rng["setup"])
    return state
