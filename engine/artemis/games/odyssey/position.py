"""The Odyssey's scenario support (`artemis.kernel.ruleset.Ruleset.scenario`;
docs/scenarios.md, "Odyssey positions"): the one module that maps a scenario's names onto the
Odyssey's state and rule queue, as `artemis.games.project.position` does for the Project.

`new_position` makes the game a scenario starts from (the Setup of its config and seed);
`apply_given` sets the ``given`` position on it, checking it where the engine needs it, and
schedules the rest of the round (`start_phase`); with teams (6 and 8 seats: OR14) it lists
seats, merges what partners share into their team and deals each seat its ``hand`` (`_rows`,
`_deal`), and `seat_value` and `player_row` read a seat's name as its team where the view
holds teams; `step_once`, `answer` and the moments of
``until:`` (`MOMENTS`, `at_moment`) are what the runner (`artemis.scenario.runner`) drives
the queue with. The rest of artemis.scenario reads the game through `Game.view()` (with
``hidden``: `Game.full_view`), `Game.result` and `Game.legal_actions()`.
"""

from __future__ import annotations

from collections.abc import Callable

from artemis.content.problems import Problem, did_you_mean, pointer
from artemis.games.odyssey.scenario_schema import (  # noqa: F401 - the scenario support
    DEFINITIONS,
    GIVEN_SCHEMA,
    MAX_SLOT,
    PHASE_STEPS,
    RESOLVE_NOUN,
    RESOLVE_TARGETS,
)
from artemis.games.odyssey.vocabulary import ASSETS, COLOURS, RESOURCES
from artemis.scenario.schema import RESERVED_NAMES
from artemis.scenario.seats import player_seat  # noqa: F401 - the scenario support

#: The seat-valued places of the Odyssey's view (artemis.scenario.seats): a player's name
#: may stand there in ``expect``.
SEAT_PATHS = ("first_player", "board.*.player", "planets.*.owner", "planets.*.*.owner",
              "players.*.seat", "result.winners.*", "board.*.seat", "teams.marker_seat",
              "teams.planner_seat")

#: With teams (OR14) the players are the teams: at these seat-valued paths the view holds
#: the team, so a seat's name written there stands for its team (`seat_value`).
TEAM_PATHS = tuple(tuple(p.split(".")) for p in (
    "first_player", "board.*.player", "planets.*.owner", "planets.*.*.owner",
    "players.*.seat"))


def seat_value(game, parts: tuple, seat: int) -> int:
    """What the view holds at the seat-valued path ``parts`` for ``seat``: the seat, or with
    teams its team where the view holds a team (`TEAM_PATHS`)."""
    from artemis.scenario.seats import is_seat

    t = game.state.teams
    return seat if t is None or not is_seat(parts, TEAM_PATHS) else t.team_of(seat)


def player_row(game, names: list, name: str) -> int | None:
    """The row of the view's ``players`` that ``name`` reads in a path (``players.blue.vp``):
    the named seat's; with teams its team's, and a team's colour names its row."""
    s = game.state
    if name in names:
        seat = names.index(name)
        return seat if s.teams is None else s.teams.team_of(seat)
    if s.teams is not None:
        colours = [p.colour for p in s.players]
        return colours.index(name) if name in colours else None
    return None

# the moments an ``until:`` step runs to (docs/scenarios.md, Odyssey positions), in the order
# of a round (rulebook, Game Round: Planning Phase, Action Phase, End of the Round)
MOMENTS = {
    "end_of_planning": "every slot holds its Action card: the Action phase is next",
    **{name: text for n in range(1, MAX_SLOT + 1) for name, text in (
        (f"slot_{n}_revealed", f"slot {n}'s card is face up, before anyone resolves it "
         "(the Singularity slot: its card about to be turned)"),
        (f"slot_{n}_resolved", f"slot {n} has fully resolved, Reaching 42's draft included: "
         "the next slot, or the End of the Round, is next"))},
    "end_of_actions": "every slot has resolved: the End of the Round is next",
    "end_of_round": "the End of the Round is over (hand limit, the First player marker, "
    "cards back to hand and to the Score discard piles): the next round's Planning phase, or "
    "the Endgame, is next",
    "end_of_game": "the game is over: result holds the scores",
}


def new_position(config):
    """A game of ``config`` at the end of Setup (its galaxy, hands, decks and First player
    drawn by the seed), with an empty queue and no decision. Raises ConfigError and
    ContentError as `Game.new`."""
    from artemis.kernel.game import Game

    game = Game.new(config)
    game.pending = None
    game.tasks = []
    game.log = []
    game.actions = []
    game.final = None
    s = game.state
    s.round = 1
    s.phase = "action"
    return game


def _seats(doc, given: dict) -> int:
    """The seats of the position: ``given.players``' count, else config.players."""
    config = (doc.data.get("config") or {}) if isinstance(doc.data, dict) else {}
    return len(given.get("players") or []) or config.get("players") or 0


def team_count(seats: int) -> int | None:
    """The teams of a game of ``seats`` seats, None without teams: more seats than the box
    has colours play as teams of two, seats s and s + N/2 (Team Play; OR14)."""
    return seats // 2 if seats > len(COLOURS) else None


def _team_entries(players: list, teams: int, team: int) -> list[dict]:
    """The ``given.players`` entries of the two seats of ``team`` (those listed)."""
    return [players[seat] for seat in (team, team + teams) if seat < len(players)]


def _colours(doc, given: dict) -> list:
    """The colour of each seat: ``given.players[i].colour``, else config.options.colours,
    else red, blue, yellow, green, purple by seat, skipping the colours given. With teams
    each seat has its team's colour, given on either partner (`team_count`)."""
    players = given.get("players") or []
    options = ((doc.data.get("config") or {}).get("options") or {}) if isinstance(
        doc.data, dict) else {}
    configured = options.get("colours")
    n = _seats(doc, given)
    teams = team_count(n)
    if teams is not None:  # a row per team, then each seat its team's
        rows = [{"colour": e["colour"]} if (e := next((x for x in _team_entries(
            players, teams, k) if "colour" in x), None)) else {} for k in range(teams)]
        per_team = _colours_of(rows, configured, teams)
        return [per_team[seat % teams] for seat in range(n)]
    return _colours_of(players, configured, n)


def _colours_of(rows: list, configured, n: int) -> list:
    if configured and len(configured) == n and not any("colour" in p for p in rows):
        return list(configured)
    taken = {p["colour"] for p in rows if "colour" in p}
    spare = [c for c in COLOURS if c not in taken]
    return [p["colour"] if "colour" in p else (spare.pop(0) if spare else None)
            for p in (rows or [{}] * n)]


def player_names(doc, given: dict, report: Callable) -> list:
    """The name of each seat: its ``name``, else its colour (so that steps and paths may say
    ``blue``); with teams only its ``name`` (partners share a colour: the colour names the
    team in ``players.red``). Two players with one name or colour, or a name steps use, is
    S105."""
    names: list = []
    colours = _colours(doc, given)
    teams = team_count(_seats(doc, given)) is not None
    for i, p in enumerate(given.get("players") or []):
        name = p.get("name") or (None if teams else colours[i])
        if name is not None and name in names and "name" not in p:
            name = None  # a colour given twice: S105 where the colours are checked
        elif name is not None and (name in names or name in RESERVED_NAMES or name in PHASE_STEPS):
            why = ("is used twice" if name in names else "is a word steps use")
            field = "name" if "name" in p else "colour"
            report(("given", "players", i, field), "S105", f"player name '{name}' {why}",
                   "give every player a different name and colour")
            name = None
        names.append(name)
    return names


class _Given:
    """Applies one ``given`` mapping; collects located problems instead of raising."""

    def __init__(self, game, doc, names: list):
        self.game = game
        self.doc = doc
        self.names = names
        self.problems: list[Problem] = []
        self.places: dict[str, tuple] = {}  # card id -> the path of the first place holding it

    def problem(self, path: tuple, code: str, message: str, hint: str = "",
                key: bool = False) -> None:
        line, col = self.doc.position(path, key=key)
        self.problems.append(Problem(self.doc.file, line, col, pointer(path), code, message,
                                     hint))

    def seat(self, value, path: tuple) -> int | None:
        """The seat ``value`` names (with teams one of the N seats), or None (S102)."""
        from artemis.games.odyssey.rules.teams import seat_count

        return player_seat(seat_count(self.game.state), self.names, value, path, self.problem)

    def player(self, value, path: tuple) -> int | None:
        """The player (with teams: the team of the seat) ``value`` names, or None (S102)."""
        from artemis.games.odyssey.rules.teams import team_of

        seat = self.seat(value, path)
        return None if seat is None else team_of(self.game.state, seat)

    def known(self, item: str, path: tuple, kind: str, ids) -> bool:
        """Whether ``item`` is a ``kind`` id of the loaded content (else S103)."""
        if item in ids:
            return True
        self.problem(path, "S103", f"no {kind} with id '{item}'",
                     did_you_mean(item, list(ids)) or "`artemis content list --game odyssey` "
                     "shows them")
        return False

    def hold(self, item: str, path: tuple) -> bool:
        """Put ``item`` in one place; a second place is S202."""
        if item in self.places:
            first = self.places[item]
            self.problem(path, "S202", f"'{item}' is already at {pointer(first)}",
                         f"line {self.doc.position(first)[0]}; every card is in one place")
            return False
        self.places[item] = path
        return True


def apply_given(game, doc, data: dict, names: list) -> list[Problem]:
    """Set ``data["given"]`` on ``game`` (from `new_position`) and schedule the phase.

    Returns the located problems (S1xx, S2xx; docs/scenarios.md); the game is only usable when
    the list is empty."""
    from artemis.games.odyssey.rules.teams import marker_seat, marker_to, seat_count, team_of

    g = _Given(game, doc, names)
    s, cat = game.state, game.catalog
    given = data.get("given") or {}
    G = ("given",)
    s.round = given.get("round", 1)
    if "first_player" in given:
        seat = g.seat(given["first_player"], (*G, "first_player"))
        if seat is not None:  # with teams the marker seat, its team the First player
            marker_to(s, team_of(s, seat), seat)
    s.reached_42 = given.get("reached_42", False)
    phase = given.get("phase", "action")
    if "next" in given and phase != "action":
        g.problem((*G, "next"), "S206", "next names the slot revealed next: it needs phase "
                  "action", "remove next or set phase: action", key=True)
    if "turn" in given and phase != "planning":
        g.problem((*G, "turn"), "S206", "turn names the player who plays a card next: it "
                  "needs phase planning", "remove turn or set phase: planning", key=True)

    _players(g, given)
    _board(g, given)
    _galaxy(g, given)
    _bank(g, given)
    if s.teams is not None:
        _deal(g, given)
    for p in s.players:  # a hand left out: the colour's cards not placed elsewhere
        if p.hand is None:
            p.hand = [c.id for c in cat.cards_of(p.colour) if c.id not in g.places]
    s.artifact_deck = _deck(g, given, "artifact_deck", s.artifact_deck,
                            {a.id for a in cat.artifacts}, "Alien Artifact")
    if "singularity_deck" in given and s.singularity_slot is None:
        g.problem((*G, "singularity_deck"), "S204", f"Singularity cards are used at 1 and 2 "
                  f"players, not {s.n}", "remove singularity_deck", key=True)
    s.singularity_deck = _deck(g, given, "singularity_deck", s.singularity_deck,
                               {c.id for c in cat.singularity_cards}, "Singularity card")
    s.known = [set() for _ in range(seat_count(s))]  # a peek is a seat's (OR14)
    s.art_known = [{a: p.seat for a in p.artifacts} for p in s.players]
    s.sing_known = [set() for _ in range(s.n)]
    turn = marker_seat(s)  # with teams the marker seat plans first, not its team's number
    if "turn" in given:
        seat = g.seat(given["turn"], (*G, "turn"))
        turn = seat if seat is not None else turn
    nxt = _next_slot(g, given, phase)
    if phase == "planning":
        _hands_fill_the_board(g, turn)
    if not g.problems:
        start_phase(game, phase, nxt, turn)
    return g.problems


#: What partners share (Team Play: one colour, Resource hand, Score marker, Score discard
#: pile and Artifact hand per team), given on either partner's entry; ``hand`` is a seat's.
TEAM_FIELDS = ("colour", "vp", "resources", "score_discard", "artifacts", "artifacts_used")


def _rows(g: _Given, entries: list) -> list[tuple[dict, dict]]:
    """Each player's fields and, for each field, the index of the ``given.players`` entry
    that gave it: an entry per seat, or with teams per team, the partners' entries merged
    (a field given on both is S204 unless they agree)."""
    t = g.game.state.teams
    if t is None:
        return [(pd, dict.fromkeys(pd, i)) for i, pd in enumerate(entries)]
    rows = []
    for team in range(t.count):
        fields: dict = {}
        origin: dict = {}
        for seat in t.seats_of(team):
            if seat >= len(entries):
                continue
            for key in TEAM_FIELDS:
                if key not in entries[seat]:
                    continue
                if key in fields and fields[key] != entries[seat][key]:
                    g.problem(("given", "players", seat, key), "S204", f"seats {origin[key]} "
                              f"and {seat} are partners: they share the team's {key}, given "
                              f"as {fields[key]!r} and {entries[seat][key]!r}", "give it on "
                              "one of them (Team Play)", key=True)
                    continue
                fields[key], origin[key] = entries[seat][key], seat
        rows.append((fields, origin))
    return rows


def _players(g: _Given, given: dict) -> None:
    s, cat = g.game.state, g.game.catalog
    colours = _colours(g.doc, given)
    cards = {c.id: c for c in cat.action_cards}
    artifacts = {a.id for a in cat.artifacts}
    entries = given.get("players") or []
    rows = _rows(g, entries)
    if entries:  # the colour of each player (with teams: each team's first seat's)
        g.game.config.options["colours"] = colours[:s.n]
    for i, (pd, origin) in enumerate(rows):
        p = s.players[i]

        def at(key: str, origin=origin, i=i) -> tuple:
            return ("given", "players", origin.get(key, i), key)

        if colours[i] in colours[:i]:
            g.problem(at("colour"), "S105", f"colour {colours[i]} is given twice",
                      "give every player a different colour", key="colour" in pd)
        p.colour = colours[i]
        p.hand = None  # filled once the board and the discard piles are known
        if "vp" in pd:
            p.vp = pd["vp"]
        if "resources" in pd:
            p.res = [pd["resources"].get(r, 0) for r in RESOURCES]
        if "artifacts_used" in pd:
            p.artifacts_used = pd["artifacts_used"]
        p.score_discard = own_cards(g, p, pd.get("score_discard") or [], at("score_discard"),
                                    cards)
        if "hand" in pd and s.teams is None:
            p.hand = own_cards(g, p, pd["hand"], at("hand"), cards)
        p.artifacts = [a for j, a in enumerate(pd.get("artifacts") or [])
                       if g.known(a, (*at("artifacts"), j), "Alien Artifact", artifacts)
                       and g.hold(a, (*at("artifacts"), j))]
    for p in s.players[len(rows):]:
        p.hand = None


def own_cards(g: _Given, p, listed: list, path: tuple, cards: dict) -> list[str]:
    """The Action cards ``listed`` at ``path`` (a hand, dealt cards or a Score discard pile,
    by the last part of ``path``) that are known, in no other place and of ``p``'s colour,
    each other one reported; only Score cards go to the Score discard pile (S204)."""
    out = []
    for j, card in enumerate(listed):
        where = (*path, j)
        if not g.known(card, where, "Action card", cards) or not g.hold(card, where):
            continue
        if cards[card].colour != p.colour:
            g.problem(where, "S204", f"'{card}' is a {cards[card].colour} card and "
                      f"this player is {p.colour}", "a player holds only the Action "
                      "cards of its colour")
            continue
        if path[-1] == "score_discard" and cards[card].action != "score":
            g.problem(where, "S204", f"'{card}' is a {cards[card].action} card: only "
                      "Score cards go to the Score discard pile", "put it in the hand")
            continue
        out.append(card)
    return out


def _deal(g: _Given, given: dict) -> None:
    """Team Play: each seat's ``hand`` is the Action cards dealt to it (of its team's
    colour); the team's hand is both seats' cards. A seat whose hand is left out holds its
    team's cards not placed elsewhere (its partner's listed hand, the board, the Score
    discard pile); both left out, the seed's deal less the cards placed elsewhere (cards the
    deal did not give, of a colour given, go one at a time to the seat first clockwise from
    the marker seat, then its partner, as the deal does)."""
    s, t = g.game.state, g.game.state.teams
    cards = {c.id: c for c in g.game.catalog.action_cards}
    entries = given.get("players") or []
    for team, p in enumerate(s.players):
        seats = t.seats_of(team)
        listed = {seat: own_cards(g, p, entries[seat]["hand"], ("given", "players", seat,
                                                                "hand"), cards)
                  for seat in seats if seat < len(entries) and "hand" in entries[seat]}
        rest = [c.id for c in g.game.catalog.cards_of(p.colour) if c.id not in g.places]
        if listed:  # a seat left out holds what its partner's listed hand leaves
            for seat in seats:
                t.dealt[seat] = listed.get(seat, rest)
        else:
            for seat in seats:
                t.dealt[seat] = [c for c in t.dealt[seat] if c in rest]
            order = (t.speaker(team), t.partner(t.speaker(team)))
            undealt = [c for c in rest if not any(c in t.dealt[seat] for seat in seats)]
            for i, card in enumerate(undealt):
                t.dealt[order[i % 2]].append(card)
        p.hand = [c for seat in seats for c in t.dealt[seat]]


def _board(g: _Given, given: dict) -> None:
    from artemis.games.odyssey.rules.teams import clear_board, team_of

    s, cat = g.game.state, g.game.catalog
    cards = {c.id: c for c in cat.action_cards}
    s.board = [None] * len(s.slots)
    s.revealed = [False] * len(s.slots)
    clear_board(s)
    for j, entry in enumerate(given.get("board") or []):
        B = ("given", "board", j)
        slot = entry["slot"]
        if slot not in s.slots:
            g.problem((*B, "slot"), "S204", f"slot {slot} is not used at {s.n} players",
                      f"the slots in use: {', '.join(map(str, s.slots))}")
            continue
        if slot == s.singularity_slot:
            g.problem((*B, "slot"), "S204", f"slot {slot} holds the Singularity token at "
                      f"{s.n} players", "place Action cards in the other slots")
            continue
        i = s.slots.index(slot)
        if s.board[i] is not None:
            g.problem((*B, "slot"), "S202", f"slot {slot} already holds a card",
                      "one card per slot")
            continue
        seat = g.seat(entry["player"], (*B, "player"))  # with teams: the seat that played it
        card = entry["card"]
        if seat is None or not g.known(card, (*B, "card"), "Action card", cards):
            continue
        if not g.hold(card, (*B, "card")):
            continue
        player = team_of(s, seat)
        colour = s.players[player].colour
        if cards[card].colour != colour:
            g.problem((*B, "card"), "S204", f"'{card}' is a {cards[card].colour} card and "
                      f"that player is {colour}", "a player plans only its own colour's cards")
            continue
        s.board[i] = (player, card)
        if s.teams is not None:
            s.teams.board_seat[i] = seat


def _galaxy(g: _Given, given: dict) -> None:
    from artemis.games.odyssey.state import NOBODY, Planet

    s, cat = g.game.state, g.game.catalog
    if "planets" not in given:
        return
    systems = [x.id for x in cat.systems]
    tokens = {t.id: t.tokens for t in cat.planet_types}
    used = dict.fromkeys(tokens, 0)
    planets: list[Planet] = []
    seen: dict[str, int] = {}
    for j, pd in enumerate(given["planets"]):
        P = ("given", "planets", j)
        system, position = pd["id"].rsplit(".", 1)
        if not g.known(system, (*P, "id"), "system", systems):
            continue
        if pd["id"] in seen:
            g.problem((*P, "id"), "S202", f"planet '{pd['id']}' is given twice",
                      f"first at line {g.doc.position(('given', 'planets', seen[pd['id']]))[0]}")
            continue
        seen[pd["id"]] = j
        used[pd["type"]] += 1
        planet = Planet(pd["id"], system, pd["type"], pd.get("up", True))
        pieces = pd.get("pieces") or {}
        if any(pieces.values()):
            if "owner" not in pd:
                g.problem(P, "S204", "Asset pieces need an owner", "add owner: PLAYER",
                          key=False)
                continue
            if not planet.up:
                g.problem((*P, "up"), "S204", "a face-down planet holds no Asset",
                          "set up: true, or remove the pieces")
                continue
            owner = g.player(pd["owner"], (*P, "owner"))  # with teams: a seat's team
            if owner is None:
                continue
            planet.owner = owner
            planet.pieces = [pieces.get(a, 0) for a in ASSETS]
        elif "owner" in pd:
            g.problem((*P, "owner"), "S204", "an owner without pieces: a planet belongs to "
                      "the player whose Assets stand on it", "add pieces, or remove owner",
                      key=True)
        planets.append(planet)
    for kind, n in used.items():
        if n > tokens[kind]:
            g.problem(("given", "planets"), "S204", f"{n} {kind} planets, the box holds "
                      f"{tokens[kind]}", "take some out", key=True)
    if not any(p.system == cat.start.id for p in planets):
        g.problem(("given", "planets"), "S204", f"the galaxy needs a planet of the Starting "
                  f"system ({cat.start.name}): each player starts on one",
                  f"add {cat.start.id}.1", key=True)
    planets.sort(key=lambda p: (systems.index(p.system), int(p.id.rsplit(".", 1)[1])))
    s.planets = planets
    for p in s.players:  # the supply holds every piece not in play
        p.supply = [4] * len(ASSETS)
    for planet in planets:
        if planet.owner != NOBODY:
            for k in range(len(ASSETS)):
                s.players[planet.owner].supply[k] -= planet.pieces[k]
    for p in s.players:
        for k, a in enumerate(ASSETS):
            if p.supply[k] < 0:
                g.problem(("given", "planets"), "S204", f"{4 - p.supply[k]} {a} pieces of "
                          f"{p.colour} in play; a colour has 4", "take some out", key=True)


def _bank(g: _Given, given: dict) -> None:
    s, cat = g.game.state, g.game.catalog
    box = [t.resource_cards for t in cat.planet_types if t.id != "alien"]
    held = [sum(p.res[k] for p in s.players) for k in range(len(RESOURCES))]
    if "bank" in given:
        s.bank = [given["bank"].get(r, 0) for r in RESOURCES]
    else:
        s.bank = [box[k] - held[k] for k in range(len(RESOURCES))]
    for k, r in enumerate(RESOURCES):
        name = r.capitalize()
        if "bank" not in given and held[k] > box[k]:  # the bank is what the hands leave
            g.problem(("given", "players"), "S204", f"the hands hold {held[k]} {name} cards, "
                      f"more than the {box[k]} {name} cards in the box",
                      f"give the players at most {box[k]} {name} cards in all", key=True)
        elif s.bank[k] < 0 or s.bank[k] + held[k] > box[k]:
            g.problem(("given", "bank"), "S204", f"{held[k]} {name} cards in hands and "
                      f"{s.bank[k]} in the bank make {held[k] + s.bank[k]}, more than the "
                      f"{box[k]} {name} cards in the box",
                      "hands and bank together hold at most the box's cards", key=True)


def _deck(g: _Given, given: dict, key: str, default: list, ids, kind: str) -> list:
    path = ("given", key)
    if key not in given:
        return [c for c in default if c not in g.places]
    value = given[key]
    top = value["top"] if isinstance(value, dict) else value
    tpath = (*path, "top") if isinstance(value, dict) else path
    out = [c for j, c in enumerate(top)
           if g.known(c, (*tpath, j), kind, ids) and g.hold(c, (*tpath, j))]
    if isinstance(value, dict):
        out += [c for c in default if c not in g.places]
    return out


def _hands_fill_the_board(g: _Given, turn: int) -> None:
    """The Planning phase goes on until every slot is full, turns going clockwise from
    ``turn`` (rulebook, Planning Phase): each player must hold a card for each of its turns
    (else S206)."""
    from artemis.games.odyssey.rules.rounds import free_slots
    from artemis.games.odyssey.rules.teams import hand_of, seat_count, team_of

    s = g.game.state
    free = len(free_slots(s))
    seats = seat_count(s)  # with teams each seat plays from the cards dealt to it (OR14)
    for seat in range(seats):
        needed = sum(1 for j in range(free) if (turn + j) % seats == seat)
        held = len(hand_of(s, seat))
        if held < needed:
            colour = s.players[team_of(s, seat)].colour
            who = colour if s.teams is None else f"seat {seat} ({colour} team)"
            g.problem(("given", "players", seat, "hand") if seat < len(
                g.doc.data.get("given", {}).get("players") or []) else ("given",), "S206",
                f"{who} plays {needed} more card{'s' * (needed != 1)} "
                f"to fill the board and holds {held}", "give the hand more cards, or fill "
                "more slots on the board", key=True)


def _next_slot(g: _Given, given: dict, phase: str) -> int:
    """The index of the slot revealed next (Action phase): ``given.next``'s, else 0."""
    s = g.game.state
    if "next" not in given:
        return 0
    slot = given["next"]
    if slot not in s.slots:
        g.problem(("given", "next"), "S204", f"slot {slot} is not used at {s.n} players",
                  f"the slots in use: {', '.join(map(str, s.slots))}")
        return 0
    return s.slots.index(slot)


def start_phase(game, phase: str, first_slot: int, turn: int) -> None:
    """Schedule the rest of the round from ``phase`` as the engine's own steps would
    (artemis.games.odyssey.rules.rounds): the Planning phase from ``turn`` (its first
    question asked at once); the Action phase from slot index ``first_slot``, the slots left
    of it face up and done, the empty slots skipped; or the End of the Round. The rounds
    after follow as usual."""
    from artemis.kernel.flow import push

    s = game.state
    s.phase = phase
    if phase == "planning":
        push(game, ("plan", turn), ("action_phase",))
        # ask the first card, as the Planning phase would (after the turn's Artifact window)
        while game.pending is None and game.tasks and game.tasks[-1][0] != "action_phase":
            step_once(game)
        return
    if phase == "end_of_round":
        push(game, ("end_of_round",))
        return
    for i in range(first_slot):
        if s.slots[i] == s.singularity_slot:
            s.singularity_resolved = True
        elif s.board[i] is not None:
            s.revealed[i] = True
    later = [i for i in range(first_slot, len(s.slots))
             if s.board[i] is not None or s.slots[i] == s.singularity_slot]
    push(game, *[("slot", i) for i in later], ("end_of_round",))


# -- driving the rule queue (the runner) ---------------------------------------------------------

def step_once(game, watch: Callable | None = None) -> None:
    """Run the next scheduled rule step; ``watch(step, depth)`` first sees the step and the
    number of steps scheduled under it."""
    task = game.tasks.pop()
    if watch is not None:
        watch(task, len(game.tasks))
    game.steps[task[0]](game, *task[1:])


def queue_depth(game) -> int:
    """How many rule steps are scheduled."""
    return len(game.tasks)


def next_task(game) -> tuple | None:
    """The step that runs next, or None when nothing is scheduled."""
    return game.tasks[-1] if game.tasks else None


def answer(game, action_id: str) -> None:
    """Apply ``action_id`` through `Game.apply`, running only the rule steps that answer sets
    off (the steps already scheduled wait). Raises IllegalAction as `Game.apply`, the state
    unchanged."""
    waiting = game.tasks
    game.tasks = []
    try:
        game.apply(action_id)
    finally:
        waiting.extend(game.tasks)
        game.tasks = waiting


def resolves(task: tuple, target: str) -> bool:
    """No rule step resolves a ``resolve:`` target of its own: the Odyssey's one target,
    ``round``, runs the Action phase to its end (`resolution_over`)."""
    return False


def _slot_done(s, i: int) -> bool:
    if s.slots[i] == s.singularity_slot:
        return s.singularity_resolved
    return s.revealed[i]


def at_moment(game, name: str) -> bool:
    """Whether the game stands at moment ``name`` (one of `MOMENTS`), as the rule queue shows
    it (artemis.games.odyssey.rules.rounds: a slot step reveals its card and schedules its
    action, ``after_action`` and ``check_42``; the End of the Round is ``end_of_round`` then
    ``round_over``; the next round is ``round_start``)."""
    s, task = game.state, next_task(game)
    if name == "end_of_game":
        return game.is_over
    if game.pending is not None or task is None:
        return False
    if name == "end_of_planning":
        return task == ("action_phase",)
    if name == "end_of_actions":
        return resolution_over(game)
    if name == "end_of_round":
        return upkeep_over(game)
    number, which = name[len("slot_"):].split("_")
    slot = int(number)
    if slot not in s.slots:
        return False
    i = s.slots.index(slot)
    if which == "revealed":
        if slot == s.singularity_slot:
            return task == ("singularity",) and not s.singularity_resolved
        entry = s.board[i]
        return (entry is not None and s.revealed[i] and len(task) == 3
                and task[1:] == entry and not any(s.revealed[i + 1:]))
    # resolved: slot i is done, no slot right of it is, and a later slot or the End of the
    # Round is next
    return (_slot_done(s, i) and not any(_slot_done(s, j) for j in range(i + 1, len(s.slots)))
            and (task == ("end_of_round",) or (task[0] == "slot" and task[1] > i)))


def resolution_over(game) -> bool:
    """Every slot has resolved: the End of the Round is next (``resolve: round``)."""
    return game.pending is None and next_task(game) == ("end_of_round",)


def upkeep_over(game) -> bool:
    """The End of the Round is over: the next round, or the Endgame, is next (the ``upkeep``
    step of a scenario runs the End of the Round)."""
    return game.pending is None and next_task(game) in (("round_start",), ("final",))


def score_now(game) -> None:
    """End the game now (the ``final_scoring`` step): drop what is left of the round and run
    the Endgame's ranking on the scores as they stand."""
    from artemis.kernel.flow import push

    game.tasks.clear()
    push(game, ("final",))
    while game.tasks and game.pending is None:
        step_once(game)
