"""The Odyssey's observation encoder (the ``observation`` part, `artemis.kernel.parts`; read
by `artemis.rl`): a seat's view as one vector of numbers, written from the state through the
same gates as `artemis.games.odyssey.view` (docs/odyssey-rulings.md OR3, OR4, OR14, OR18).

Public, as in the view: the Planning board's occupants (a card only once revealed, or the
observing seat's own, or in solo where cards go face up), face-up planets and their pieces,
the bank, scores, Resource hands, supplies, each player's unrevealed cards and Score discard
pile by card kind, Artifacts held (how many), used and played, deck sizes, the solo Mission,
the Trade in progress, and with teams the seats. Only where the view shows it: a face-down
planet's type (the seat peeked at it; in solo only with ``memory_aid``), the observing seat's
hand (with teams its own dealt cards) and its (team's) Artifacts, the Singularity cards it
peeked at, its partner's unrevealed cards, its own pending question.

Per-player slices are relative to the observing player (with teams, its team): index j is the
player j places after it; padding up to 5 players stays 0. Per-seat slices (teams) are
relative to the observing seat, up to 8. An Action card is written by its kind (its id less
its colour: ``produce-1``), the colour being its player's. Counts are capped at their slice's
``high``. The layout depends on the catalog, never on the player count; ``python -m
artemis.rl.layout odyssey`` prints it.
"""

from __future__ import annotations

from operator import attrgetter

from artemis.games.odyssey.rules.rounds import face_up_planning
from artemis.games.odyssey.rules.setup import MAX_PER_STAR
from artemis.games.odyssey.vocabulary import ASSETS
from artemis.kernel.observation import Cells, Layout, Slice, catalog_plan

#: raised when a slice's meaning changes (artemis.rl's layout_version)
layout_version = 1

P = 5  # the most players: 5, or 4 teams at 8 seats (OR14)
SEATS = 8
SUN_PLACES = 5  # the Sun holds a planet per player (team): at most 5
PHASES = ("setup", "planning", "action", "end_of_round", "over")
# ints: a capped value stays an int, which artemis.rl packs cheaply (a float costs more)
CAP_ROUND, CAP_VP, CAP_RES, CAP_CARDS = 50, 200, 60, 30


def card_kind(card_id: str) -> str:
    """An Action card's kind: its id less its colour ("red-produce-1" -> "produce-1")."""
    return card_id.split("-", 1)[1]


class _Plan:
    """The layout for a catalog and the offsets the writer reads, computed once per
    catalog."""

    def __init__(self, catalog, questions):
        self.kinds = {k: i for i, k in enumerate(questions)}
        self.card_kinds = {}
        for c in catalog.action_cards:
            self.card_kinds.setdefault(card_kind(c.id), len(self.card_kinds))
        self.card = {c.id: self.card_kinds[card_kind(c.id)] for c in catalog.action_cards}
        self.artifacts = {a.id: i for i, a in enumerate(catalog.artifacts)}
        self.singularity = {c.id: i for i, c in enumerate(catalog.singularity_cards)}
        self.missions = {m.id: i for i, m in enumerate(catalog.missions)}
        self.types = {t.id: i for i, t in enumerate(catalog.planet_types)}
        self.slots = {x.slot: i for i, x in enumerate(catalog.board.slots)}
        places = {}
        for x in catalog.systems:
            for k in range(1, (SUN_PLACES if x.start else MAX_PER_STAR) + 1):
                places[f"{x.id}.{k}"] = len(places)
        self.places = places
        K, C, A = len(questions), len(self.card_kinds), len(self.artifacts)
        S, M, T = len(self.singularity), len(self.missions), len(self.types)
        self.per_slot = 2 + P + 1 + C + 1
        self.per_player = 1 + 6 + 4 + 1 + C + C + 1 + 1 + A
        self.per_planet = 1 + T + 1 + P + 4
        # the planets' ids -> their in-play cells, each planet's cells (`_galaxy`) and its
        # place in the list
        self.in_play: dict[tuple, tuple] = {}
        #: the last galaxy written (`_face_up`)
        self.last_galaxy: tuple = (None,) * 7
        #: the galaxy's kept cells (`_face_up`), one `Cells` per content: the same object
        #: for a clone's galaxy as for its original's
        self.galaxy_cells: dict[tuple, Cells] = {}
        self.per_seat = P + 4
        slices = [
            Slice("seats", SEATS, doc="1 for each seat present, relative to the observing "
                  "seat"),
            Slice("players_present", P, doc="1 for each player (team) present, relative"),
            Slice("question", K + 1, doc="the observing seat's own pending question: kind "
                  "one-hot (the ruleset's questions, in order), last cell 1 when asked"),
            Slice("round", 1, high=CAP_ROUND, doc="the round, capped"),
            Slice("phase", len(PHASES), doc="one-hot: " + ", ".join(PHASES)),
            Slice("first_player", P, doc="the First Player (team), relative"),
            Slice("end", 2, doc="the end is latched (OR27); someone reached 42"),
            Slice("mission", M + 1, doc="the solo Mission one-hot; last cell: solo"),
            Slice("planning", len(self.slots) * self.per_slot,
                  doc=f"per Planning board slot ({self.per_slot} cells): in use at this count; "
                  "the Singularity slot; occupant relative, or empty (last); the card's kind "
                  "where the view shows it, else face down (last)"),
            Slice("hand", C, doc="the observing seat's hand: 1 for each card kind in it (a "
                  "colour has one card of each kind; with teams: its own dealt cards)"),
            Slice("players", P * self.per_player, high=CAP_VP,
                  doc=f"per relative player ({self.per_player} cells): VP (capped); Resources "
                  f"(6); supply by Asset ({', '.join(ASSETS)}); hand size; unrevealed cards "
                  "by kind (1 each); Score discard by kind (1 each); Artifacts held; used; "
                  "played (one-hot over the catalog's Artifacts)"),
            Slice("own_artifacts", A, doc="the Artifacts the observing player (team) holds"),
            Slice("galaxy", len(places) * self.per_planet, high=CAP_RES,
                  doc=f"per planet place ({self.per_planet} cells; the Sun's 5, each star's "
                  f"{MAX_PER_STAR}): in play; type one-hot where the view shows it (face up, or "
                  "peeked at); face up; owner relative; pieces by Asset"),
            Slice("bank", 6, high=CAP_RES, doc="the bank's Resource cards"),
            Slice("decks", 2, high=CAP_CARDS, doc="Artifact and Singularity deck sizes"),
            Slice("singularity_known", 2 * S, high=CAP_CARDS,
                  doc="per Singularity card: peeked at by the observing player; its depth in "
                  "the deck (top 0)"),
            Slice("trade", P + 1 + P + P + 12, high=CAP_RES,
                  doc="a Trade in progress: the Planner relative; bank trades made; players "
                  "blocked from an offer; the offer's target relative; what it gives and "
                  "gets (6 Resources each)"),
            Slice("teams", SEATS * self.per_seat + C, high=CAP_CARDS,
                  doc=f"team games only (zeros otherwise): per relative seat ({self.per_seat} "
                  "cells) its team relative, speaker, cards in hand, the marker seat, the "
                  "Planner seat; then the partner's unrevealed cards by kind"),
        ]
        self.layout = Layout(slices)
        off = self.layout.offset
        self.o = {sl.name: sl.start for sl in self.layout.slices}
        self.slot_base = {slot: off("planning") + i * self.per_slot
                          for slot, i in self.slots.items()}
        self.planet_base = {pid: off("galaxy") + k * self.per_planet
                            for pid, k in places.items()}
        # per place: its type one-hot's cell of each planet type (read through map)
        self.type_cell = {pid: {ty: b + 1 + i for ty, i in self.types.items()}
                          for pid, b in self.planet_base.items()}
        self.asked = off("question") + K
        self.phases = {p: off("phase") + i for i, p in enumerate(PHASES)}
        # card id -> its cell, per relative player: in hand or face down; in the Score
        # discard; and in the observing seat's own hand (read through map: no Python loop)
        players, width = off("players"), self.per_player
        self.hand_cell = [{c: players + j * width + 12 + k for c, k in self.card.items()}
                          for j in range(P)]
        self.discard_cell = [{c: players + j * width + 12 + C + k
                              for c, k in self.card.items()} for j in range(P)]
        self.own_hand_cell = {c: off("hand") + k for c, k in self.card.items()}
        #: per relative player, {cards (a tuple of ids): their cells}, of hands (with the
        #: face-down cards' cells) and of Score discards (`_cells`)
        self.hand_ones: list[dict] = [{} for _ in range(P)]
        #: {(seats, players): their cells}; {(slots in use, Singularity slot): (each slot's
        #: first cell, the cells set for the board in use)}; the cells as `Cells`
        self.present: dict = {}
        self.used: dict = {}
        self.discard_ones: list[dict] = [{} for _ in range(P)]
        self.own_ones: dict = {}  # the same of the observing seat's own hand
        #: a player's VP, Resources, supply, hand size (12 cells), Artifacts held and used
        self.player_at = [Cells((*range(b, b + 12), b + 12 + 2 * C, b + 13 + 2 * C))
                          for b in range(players, players + P * width, width)]
        #: the round's cell; the bank's and the decks' (`Cells`: runs of ``at``)
        self.round_at = Cells((off("round"),))
        self.bank_at = Cells(range(off("bank"), off("bank") + 8))
        #: {the cells of the rarer values (a Singularity card's depth, a Trade, teams):
        #: one `Cells` per content}
        self.extra_at: dict[tuple, Cells] = {}


_LAST_PLAN: list = [None, None]  # the last catalog planned and its plan: a writer's calls
# come for one catalog at a time, and catalog_plan's key and look-up cost about 1k each


def _plan(catalog, ruleset) -> _Plan:
    last = _LAST_PLAN
    if last[0] is catalog:
        return last[1]
    plan = catalog_plan(_Plan, catalog, tuple(ruleset.questions))
    last[0], last[1] = catalog, plan
    return plan


def observation_layout(config) -> Layout:
    """The Odyssey's `Layout` for ``config`` (a GameConfig or its dict): the same for every
    player count (1 to 5; 6 and 8 as teams); its content sets the catalog's slices. Raises
    ConfigError for a bad config."""
    from artemis.kernel.action_space import space_game

    game = space_game(config)
    return _plan(game.catalog, game.ruleset).layout


def write_observation(game, seat, ones, at, values, base=None) -> None:
    """Append ``seat``'s observation of ``game`` (None: a spectator, seated as seat 0 and
    shown nothing private) to ``ones`` (indices set to 1) and ``at``/``values`` (other
    cells). With ``base`` (a list), the cells kept while a game does not change them (the
    seats and players present, the Planning slots in use, the galaxy's planets in play and
    face-up planets' types) go to it as three `artemis.kernel.observation.Cells`, the same
    for every seat, not to ``ones``; and ``at`` gets runs (`Cells`), not indices
    (`artemis.kernel.observation`)."""
    s = game.state
    p = _plan(game.catalog, game.ruleset)
    o = p.o
    t = s.teams
    n = len(s.players)
    seats = n if t is None else t.seats
    me_seat = 0 if seat is None else seat
    me = me_seat if t is None else t.team_of(me_seat)
    card = p.card
    C = len(p.card_kinds)
    present = p.present.get((seats, n))
    if present is None:  # the seats and the players (teams) present: one tuple a count
        present = p.present[seats, n] = Cells((*range(o["seats"], o["seats"] + seats),
                                               *range(o["players_present"],
                                                      o["players_present"] + n)))
    pending = game.pending
    if pending is not None and seat is not None and pending.player == seat:
        ones.append(o["question"] + p.kinds[pending.kind])
        ones.append(p.asked)
    put_at = at.extend if base is None else at.append  # indices, or runs of them
    put_at(p.round_at)
    r = s.round
    values.append(r if r < CAP_ROUND else CAP_ROUND)  # min() costs about 1k more (callgrind)
    phase = p.phases.get(s.phase)
    if phase is not None:
        ones.append(phase)
    ones.append(o["first_player"] + (s.first - me) % n)
    if s.end is not None:
        ones.append(o["end"])
    if s.reached_42:
        ones.append(o["end"] + 1)
    if s.mission is not None:
        ones.append(o["mission"] + p.missions[s.mission])
    if n == 1 and t is None:
        ones.append(o["mission"] + len(p.missions))
    # the Planning board (view: a card shows once revealed, to its player, or face up in solo)
    face_up = n == 1 and face_up_planning(game)  # only ever in solo
    P1 = 2 + P
    rel = _relative(me, n)
    slots = (s.slots, s.singularity_slot)  # a game's slots in use: fixed at setup
    used = p.used.get(slots)
    if used is None:  # each slot in use, the Singularity slot's cell: one tuple a board
        bases = tuple(map(p.slot_base.__getitem__, s.slots))
        used = p.used[slots] = (bases, Cells((*bases, *(b + 1 for slot, b
                                                         in zip(s.slots, bases, strict=True)
                                                         if slot == slots[1]))))
    bases = used[0]
    # the players' face-down cards (counted in their hands below), found in the same loop
    down = None
    board, nb, revealed = s.board, len(s.board), s.revealed  # nb: 0 before the first round
    for i, first in enumerate(bases):
        entry = board[i] if i < nb else None
        if entry is None:
            ones.append(first + P1)
            continue
        who = entry[0]
        ones.append(first + 2 + rel[who])
        if revealed[i]:
            ones.append(first + P1 + 1 + card[entry[1]])
            continue
        if down is None:
            down = [[] for _ in range(n)]
        down[who].append(entry[1])
        by = who if t is None else t.board_seat[i]
        if (seat is not None and by == seat) or face_up:
            ones.append(first + P1 + 1 + card[entry[1]])
        else:
            ones.append(first + P1 + 1 + C)
    # the observing seat's hand (with teams: its dealt cards; a team's hand is never shown)
    if seat is not None:
        own = s.players[me].hand if t is None else t.dealt[seat]
        cards = tuple(own)
        got = p.own_ones.get(cards)
        if got is None:
            got = _cells(p.own_ones, cards, p.own_hand_cell)
        ones += got
    # players
    width = p.per_player
    artifacts = p.artifacts
    hand_cell, discard_cell = p.hand_cell, p.discard_cell
    hand_ones, discard_ones = p.hand_ones, p.discard_ones
    player_at = p.player_at
    for pl in s.players:
        j = rel[pl.seat]
        put_at(player_at[j])
        v, hand = pl.vp, pl.hand
        values.append(v if v < CAP_VP else CAP_VP)
        values += pl.res
        values += pl.supply
        values += (len(hand), len(pl.artifacts), pl.artifacts_used)
        # a hand's and a Score discard's cells kept by their cards: a colour's cards are few,
        # and a tuple's look-up costs a fraction of a cell's
        cards = tuple(hand)
        got = hand_ones[j].get(cards)
        if got is None:
            got = _cells(hand_ones[j], cards, hand_cell[j])
        ones += got
        if down is not None and down[pl.seat]:
            ones += map(hand_cell[j].__getitem__, down[pl.seat])
        cards = tuple(pl.score_discard)
        got = discard_ones[j].get(cards)
        if got is None:
            got = _cells(discard_ones[j], cards, discard_cell[j])
        ones += got
        if pl.artifacts_played:
            played = o["players"] + j * width + 14 + 2 * C
            for a in pl.artifacts_played:
                ones.append(played + artifacts[a])
        if pl.seat == me and seat is not None:
            for a in pl.artifacts:
                ones.append(o["own_artifacts"] + artifacts[a])
    # the galaxy (view: a face-down planet's type only where the seat peeked, OR4 in solo)
    remembers = n > 1 or t is not None or game.config.options.get("memory_aid")
    known = s.known[me_seat] if seat is not None and remembers else ()
    planets = s.planets
    ups = [pl.up for pl in planets]  # the one read of every planet (attrgetter costs more)
    last = p.last_galaxy
    if last[0] is not planets or last[1] != ups:  # another game, or a planet turned up
        last = p.last_galaxy = _face_up(p, planets, ups, last)
    cells, place = last[2], last[3]
    # every planet's in-play cell; a face-up planet's type and face-up cells
    if base is None:
        ones += present
        ones += used[1]
        ones += last[4]
    else:
        base += (present, used[1], last[4])
    push = ones.append
    # the Assets: only a face-up planet holds any, and only an owner's
    for pl, owner_at, pieces_at in last[5]:
        owner = pl.owner
        if owner >= 0:
            push(owner_at + rel[owner])
            put_at(pieces_at)
            values += pl.pieces
    for pid in known:
        k = place[pid]
        if not planets[k].up:
            push(cells[k][0][planets[k].type])
    put_at(p.bank_at)
    values += s.bank
    n_artifacts, n_singularities = len(s.artifact_deck), len(s.singularity_deck)
    values += (n_artifacts if n_artifacts < CAP_CARDS else CAP_CARDS,
               n_singularities if n_singularities < CAP_CARDS else CAP_CARDS)
    extra = at if base is None else []  # the rarer values' cells, one run
    if seat is not None and s.sing_known[me]:
        deck = s.singularity_deck
        known_at = o["singularity_known"]
        for c in s.sing_known[me]:
            if c in deck:
                k = p.singularity[c]
                ones.append(known_at + 2 * k)
                extra.append(known_at + 2 * k + 1)
                values.append(min(deck.index(c), CAP_CARDS))
    if s.trade is not None:
        _trade(game, me, n, o["trade"], ones, extra, values)
    if t is not None:
        _teams(s, t, seat, me_seat, p, card, ones, extra, values)
    if extra and base is not None:
        key = tuple(extra)
        run = p.extra_at.get(key)
        if run is None:
            if len(p.extra_at) >= 4096:  # bounded: a catalog's such runs are a few hundred
                p.extra_at.clear()
            run = p.extra_at[key] = Cells(key)
        at.append(run)


_ID = attrgetter("id")


def _cells(kept: dict, cards: tuple, cell: dict) -> tuple:
    """The cells of ``cards`` (``cell`` maps a card id to its cell), kept in ``kept`` (at
    most 4,096 entries: a game's hands and discards are a few hundred)."""
    if len(kept) >= 4096:
        kept.clear()
    got = kept[cards] = tuple(map(cell.__getitem__, cards))
    return got


def _face_up(p: _Plan, planets: list, ups: list, last: tuple) -> tuple:
    """What the galaxy's cells need of ``planets`` (a game's planets in play, ``ups`` their
    face-up flags): ``(planets, ups, cells, place, fixed, up, in_play)``: ``cells`` and
    ``place`` as `_galaxy` gives them, ``fixed`` the cells that stand while no planet turns
    up (every planet's in-play cell, a face-up planet's type and face-up cells: one `Cells`
    per content, kept in ``p.galaxy_cells``), ``up`` per
    face-up planet (the planet, its owner cell, its pieces' cells). ``last`` (the previous
    answer) is reused when it was for the same list: a game's planets in play are fixed once
    set up (rules/setup.py; a loaded position builds a new list), so the same list object
    holds the same planets in the same order (kept in ``last``, its id is not reused)."""
    if last[0] is planets:
        cells, place, in_play = last[2], last[3], last[6]
    else:  # another game (a clone has its own list): by the planets' ids
        ids = tuple(map(_ID, planets))
        memo = p.in_play.get(ids)
        if memo is None:  # the planets in play change only when the galaxy does
            if len(p.in_play) > 256:  # a bounded memo: one entry per galaxy seen
                p.in_play.clear()
            memo = p.in_play[ids] = _galaxy(p, ids)
        in_play, cells, place = memo
    fixed = list(in_play)
    up = []
    for pl, cell, is_up in zip(planets, cells, ups, strict=True):
        if is_up:
            type_cell, up_at, owner_at, pieces_at = cell
            fixed += (type_cell[pl.type], up_at)
            up.append((pl, owner_at, pieces_at))
    fixed = tuple(fixed)
    kept = p.galaxy_cells.get(fixed)
    if kept is None:
        if len(p.galaxy_cells) >= 4096:  # a bounded memo: a galaxy's states are a few dozen
            p.galaxy_cells.clear()
        kept = p.galaxy_cells[fixed] = Cells(fixed)
    return planets, ups, cells, place, kept, up, in_play


_RELATIVE: dict = {}  # (me, n) -> each player's place relative to me


def _relative(me: int, n: int) -> list[int]:
    """``[(x - me) % n for x in range(n)]``, made once per (me, n)."""
    rel = _RELATIVE.get((me, n))
    if rel is None:
        rel = _RELATIVE[me, n] = [(x - me) % n for x in range(n)]
    return rel


def _galaxy(p: _Plan, ids: tuple) -> tuple:
    """For the planets in play, ``ids`` in order: their in-play cells; per planet its type
    one-hot's cell by type, its face-up flag's cell, the cell its relative owner starts at
    and its pieces' cells; its place by id."""
    T = len(p.types)
    bases = [p.planet_base[i] for i in ids]
    cells = [(p.type_cell[i], b + T + 1, b + T + 2, Cells(range(b + T + 2 + P, b + T + 6 + P)))
             for i, b in zip(ids, bases, strict=True)]
    return bases, cells, {pid: k for k, pid in enumerate(ids)}


def _trade(game, me, n, base, ones, at, values) -> None:
    """The Trade in progress, as the view's ``trade`` shows it."""
    tr = game.state.trade
    ones.append(base + (tr.planner - me) % n)
    at.append(base + P)
    values.append(min(tr.k, CAP_RES))
    for b in tr.blocked:
        ones.append(base + P + 1 + (b - me) % n)
    pending = game.pending
    if pending is not None and pending.kind in ("offer_edit", "offer_reply"):
        ones.append(base + 2 * P + 1 + (tr.target - me) % n)
        at += range(base + 3 * P + 1, base + 3 * P + 13)
        values += tr.give
        values += tr.get


def _teams(s, t, seat, me_seat, p, card, ones, at, values) -> None:
    """The view's ``teams`` part (OR14, OR30), per seat relative to the observing one."""
    base = p.o["teams"]
    per = p.per_seat
    seats, n = t.seats, len(s.players)
    me = t.team_of(me_seat)
    speakers = {t.speaker(team) for team in range(n)}
    for x in range(seats):
        b = base + ((x - me_seat) % seats) * per
        ones.append(b + (t.team_of(x) - me) % n)
        if x in speakers:
            ones.append(b + P)
        at.append(b + P + 1)
        values.append(len(t.dealt[x]))
        if x == t.marker:
            ones.append(b + P + 2)
        if x == t.planner:
            ones.append(b + P + 3)
    if seat is not None:
        partner = t.partner(seat)
        down = [e[1] for i, e in enumerate(s.board)
                if e is not None and not s.revealed[i] and t.board_seat[i] == partner]
        ones += [base + SEATS * per + card[c] for c in t.dealt[partner] + down]
