"""The Project's observation encoder (the ``observation`` part, `artemis.kernel.parts`; read
by `artemis.rl`): a seat's view as one vector of numbers, written from the state.

Everything in the Project's view is public (`artemis.games.project.view`), so every seat's
observation holds the same facts, rotated: index j of a per-player slice is the player j
seats after the observing one (``(seat + j) % n``; padding up to 5 players stays 0), and
owners, the start player and bidders are written relative the same way. The hidden parts
(the Expedition deck, the tile stacks, the Event deck, the Events seen, the streams) are never
read, not even their lengths. The one thing only the observing seat sees is its own pending
question (``question``: its kind and that it is asked): who else is asked, and about what, is
left out.

Counts are written as they are, capped at their slice's ``high`` (an observation is capped,
not exact, past a cap no game reaches in practice). The layout depends on the catalog (its
buildings, Expedition cards and Events, so an expansion changes it), never on the player
count. ``python -m artemis.rl.layout project`` prints it.
"""

from __future__ import annotations

from artemis.games.project.state import GANTRY_MAX, TYPES
from artemis.kernel.observation import Layout, Slice, catalog_plan

#: raised when a slice's meaning changes (artemis.rl's layout_version); 2: question_detail,
#: and the players' low bound (VP may fall below 0)
layout_version = 2

P = 5  # the most players (rulebook: 2 to 5)
PHASES = ("setup", "placement", "resolution", "upkeep", "over")
ACADEMY_SPACES = 2  # 1 at two players, else 2 (rulebook, Setup)
CARDS = P - 1  # Expedition cards at Basecamp: one fewer than the players (rulebook, Setup)
# ints: a capped value stays an int, which artemis.rl packs cheaply (a float costs more)
CAP_ROUND, CAP_RES, CAP_VP, CAP_COUNT = 20, 60, 500, 30
#: a player's scalars: energy, minerals, toolkits, badges, vp, relief
SCALARS = ("energy", "minerals", "toolkits", "badges", "vp", "relief")
SCALAR_CAPS = (CAP_RES, CAP_RES, CAP_RES, CAP_RES, CAP_VP, CAP_COUNT)
FACES = (1, 2, 3, 4, 5, 6)


class _Plan:
    """The layout for a catalog and the offsets the writer reads, computed once per
    catalog."""

    def __init__(self, catalog, questions):
        self.kinds = {k: i for i, k in enumerate(questions)}
        self.buildings = {b.id: i for i, b in enumerate(catalog.buildings)}
        self.events = {e.id: i for i, e in enumerate(catalog.events)}
        self.expeditions = {x.id: i for i, x in enumerate(catalog.expeditions)}
        B, E, X, K = len(self.buildings), len(self.events), len(self.expeditions), len(questions)
        self.per_player = 6 + 6 + 4 + 4 + B + B  # scalars, dice by face, shelters, arriving,
        # buildings owned, staff on each
        self.per_card = X + P + 1 + 4 + 8 + 2
        self.per_gantry = B + P
        self.per_academy = P + 1 + 4
        slices = [
            Slice("seats", P, doc="1 for each player present, relative to the observing seat"),
            Slice("question", K + 1, doc="the observing seat's own pending question: kind "
                  "one-hot (the ruleset's questions, in order), last cell 1 when asked"),
            Slice("question_detail", 2, high=CAP_COUNT,
                  doc="what the seat's question is about beyond its kind, from its context: "
                  "how many (a split's resources, an unpaid question's colonists left unpaid); "
                  "1 when a split gains them (0: pays or loses)"),
            Slice("round", 1, high=CAP_ROUND, doc="the round (0 before the first)"),
            Slice("phase", len(PHASES), doc="one-hot: " + ", ".join(PHASES)),
            Slice("start_player", P, doc="the start player, relative"),
            Slice("event", E + 1, doc="the round's Event, one-hot over the catalog's Events; "
                  "last cell: none"),
            Slice("players", P * self.per_player, low=-CAP_VP, high=CAP_VP,
                  doc=f"per relative player ({self.per_player} cells): "
                  + ", ".join(SCALARS) + " (capped; VP may fall below 0); dice to place by "
                  f"face 1-6; Shelters and arriving colonists by type ({', '.join(TYPES)}); "
                  "buildings owned (one cell per catalog building); staff on each building"),
            Slice("supplies", 18, high=CAP_RES, doc="bag, discard, Doorstep, Academy supply "
                  "(colonists by type); Vents and Quarry stock"),
            Slice("expeditions", CARDS * self.per_card, high=CAP_COUNT,
                  doc=f"per Expedition card at Basecamp ({self.per_card} cells): card one-hot; "
                  "dice per relative owner; Pioneers sent; other colonists sent by type; the "
                  "two rewards' colonists by type; reward tiles present"),
            Slice("region_dice", 3 * 2 * P, high=200.0,
                  doc="Vents, Quarry, Doorstep: dice per relative owner, then their face sum"),
            Slice("gantry", GANTRY_MAX * self.per_gantry, high=6.0,
                  doc=f"per Gantry tile ({self.per_gantry} cells): the building one-hot; the "
                  "highest face bid per relative owner"),
            Slice("academy", ACADEMY_SPACES * self.per_academy, high=6.0,
                  doc=f"per Academy space ({self.per_academy} cells): owner relative; face; "
                  "colonist type one-hot"),
        ]
        self.layout = Layout(slices)
        off = self.layout.offset
        self.o_seats, self.o_question = off("seats"), off("question")
        self.asked = self.o_question + K
        self.o_detail = off("question_detail")
        self.o_round, self.o_phase = off("round"), off("phase")
        self.phases = {p: self.o_phase + i for i, p in enumerate(PHASES)}
        self.o_start, self.o_event, self.no_event = off("start_player"), off("event"), \
            off("event") + E
        self.o_players, self.o_supplies = off("players"), off("supplies")
        self.o_cards, self.o_region = off("expeditions"), off("region_dice")
        self.o_gantry, self.o_academy = off("gantry"), off("academy")
        # the runs of per-player cells turned by the observing seat (observation_rotation)
        runs = [(self.o_start, P, 1), (self.o_players, P, self.per_player)]
        runs += [(self.o_cards + k * self.per_card + X, P, 1) for k in range(CARDS)]
        runs += [(self.o_region + r * P, P, 1) for r in range(3 * 2)]
        runs += [(self.o_gantry + k * self.per_gantry + B, P, 1) for k in range(GANTRY_MAX)]
        runs += [(self.o_academy + k * self.per_academy, P, 1) for k in range(ACADEMY_SPACES)]
        self.runs = tuple(runs)
        # the writer's cells per relative player j, card k, region r and Gantry tile k, made
        # once: appending a tuple, or mapping ids through a dict, is C code, not a loop. A
        # cell that is 0 is not written where that is cheap to know (the buffer is zeroed):
        # past the players present, arriving colonists and rewards' colonists none; each
        # number written costs about 200 instructions to pack and assign (artemis.rl)
        bases = [self.o_players + j * self.per_player for j in range(P)]
        #: a player's scalars (energy, minerals, toolkits, badges, relief, then
        #: the VP), then its Shelters; its arriving colonists
        self.player_at = [(b, b + 1, b + 2, b + 3, b + 5, b + 4, *range(b + 12, b + 16))
                          for b in bases]
        self.arriving_at = [tuple(range(b + 16, b + 20)) for b in bases]
        self.dice_at = [tuple(range(b + 6, b + 12)) for b in bases]
        self.owned = [{t: b + 20 + i for t, i in self.buildings.items()} for b in bases]
        self.staffed = [{t: b + 20 + B + i for t, i in self.buildings.items()} for b in bases]
        self.supplies_at = tuple(range(self.o_supplies, self.o_supplies + 18))
        cards = [self.o_cards + k * self.per_card for k in range(CARDS)]
        self.card_cell = [{x: b + i for x, i in self.expeditions.items()} for b in cards]
        # per player count n (index n): the cells of the first n relative owners
        #: per card: its dice per owner, Pioneers, other colonists sent
        self.card_at = [[(*range(b + X, b + X + n), *range(b + X + P, b + X + P + 5))
                         for b in cards] for n in range(P + 1)]
        #: per card: its two rewards' colonists
        self.reward_at = [(tuple(range(b + X + P + 5, b + X + P + 9)),
                           tuple(range(b + X + P + 9, b + X + P + 13))) for b in cards]
        self.tiles_at = [b + X + P + 13 for b in cards]
        regions = [self.o_region + r * 2 * P for r in range(3)]
        #: per region: its dice per owner, then their face sum per owner
        self.region_at = [[(*range(b, b + n), *range(b + P, b + P + n)) for b in regions]
                          for n in range(P + 1)]
        gantry = [self.o_gantry + k * self.per_gantry for k in range(GANTRY_MAX)]
        self.gantry_cell = [{t: b + i for t, i in self.buildings.items()} for b in gantry]
        self.gantry_at = [[tuple(range(b + B, b + B + n)) for b in gantry]
                          for n in range(P + 1)]
        # the dense writer's (`_public_dense`) first cells: a player's block, a card's dice
        # per owner (then, P on, its Pioneers and colonists sent, its rewards' colonists and
        # tiles), a region's dice per owner (P on: their faces), a Gantry tile's best faces
        self.bases = bases
        self.card_dice = [b + X for b in cards]
        self.regions = regions
        self.gantry_best = [b + B for b in gantry]


_LAST: list = [None, None]  # the last catalog planned and its plan: asked 2 or 3 times a call


def _plan(catalog, ruleset) -> _Plan:
    last = _LAST
    if last[0] is not catalog:
        last[1] = catalog_plan(_Plan, catalog, tuple(ruleset.questions))
        last[0] = catalog
    return last[1]


def observation_layout(config) -> Layout:
    """The Project's `Layout` for ``config`` (a GameConfig or its dict): the same for every
    player count; its content (expansions) sets the catalog's slices. Raises ConfigError for
    a bad config."""
    from artemis.kernel.action_space import space_game

    game = space_game(config)
    return _plan(game.catalog, game.ruleset).layout


def observation_rotation(game, seat) -> tuple:
    """(runs, players, the observing seat): every cell but the seat's own question is public
    and written relative to the observing seat, so a seat's observation is the one seat 0
    sees with each run of per-player cells (``(start, 5, width)``: 5 blocks of ``width``
    cells, padding past the players left in place) turned by the seat."""
    return _plan(game.catalog, game.ruleset).runs, len(game.state.players), \
        0 if seat is None else seat


def write_observation(game, seat, ones, at, values, memo=None, dense=None) -> None:
    """Append ``seat``'s observation of ``game`` (None: a spectator, seated as seat 0 with no
    question) to ``ones`` (indices set to 1) and ``at``/``values`` (other cells). With
    ``memo`` (`artemis.kernel.observation.Memo`), only the sections whose key changed since
    the memo's last call: with ``memo.shared``, the public ones as seat 0 sees them (the head,
    each player, the supplies, the Expedition cards, the regions' dice, the Gantry and the
    Academy; `observation_rotation` turns them for a seat); else the seat's question.

    With ``dense`` (a bytearray of the layout's size, zeros; no memo), every cell is written
    into it as a byte instead, where its value is 0 to 255 (every cell but a VP below 0 or
    past 255, which goes to ``at``/``values``): the same numbers, with no index lists to
    pack (`artemis.rl.observe.Encoder.fresh`). Raises ValueError for another cell outside
    0..255 (a count no game reaches), the bytearray then part written: write it again
    without ``dense``."""
    p = _plan(game.catalog, game.ruleset)
    if dense is not None:
        _public_dense(game, p, 0 if seat is None else seat, dense, at, values)
        kind, many, gains = _question(game, seat)
        if kind is not None:
            dense[p.o_question + p.kinds[kind]] = 1
            dense[p.asked] = 1
            if many:
                dense[p.o_detail] = many if many < CAP_COUNT else CAP_COUNT
            if gains:
                dense[p.o_detail + 1] = 1
        return
    if memo is None or memo.shared:
        _public(game, p, 0 if seat is None or memo is not None else seat, ones, at, values,
                memo)
    if memo is None or not memo.shared:
        kind, many, gains = _question(game, seat)
        if (memo is None or memo.changed("question", (kind, many, gains))) \
                and kind is not None:
            ones.append(p.o_question + p.kinds[kind])
            ones.append(p.asked)
            if many:
                at.append(p.o_detail)
                values.append(min(many, CAP_COUNT))
            if gains:
                ones.append(p.o_detail + 1)


def _question(game, seat) -> tuple:
    """(kind, how many, 1 when a split gains) of ``seat``'s own pending question; (None, 0,
    0) when it is not asked."""
    pending = game.pending
    kind = (pending.kind if pending is not None and seat is not None
            and pending.player == seat else None)
    many = gains = 0
    if kind == "split":  # context (player, resources, +1 to gain or -1 to pay or lose)
        _, many, sign = pending.ctx
        gains = int(sign > 0)
    elif kind == "unpaid":  # each option names the colonists left unpaid, one per type
        many = len(pending.options[0].args)
    return kind, many, gains


_ONES = [b"\x01" * k for k in range(P + 1)]  # the seats present, as bytes
_NO_FACES = (0,) * 6


def _public_dense(game, p, me, dense: bytearray, at, values) -> None:
    """The public sections relative to seat ``me``, written into ``dense`` (see
    `write_observation`): the cells `_public` names, each run of neighbouring cells one slice
    assignment, which converts its numbers in C. Keep the two in step: tests/rl/test_observe.py
    checks that both give the same observation at every decision of seeded games. The
    per-owner tallies `_public` calls (`_card_dice`, `_region_dice`, `_best_faces`) are
    inlined here: this is the path an agent's loop runs, and their calls cost about 2% of an
    AEC decision on the clock (docs/performance.md, "A ninth round")."""
    s = game.state
    n = len(s.players)
    dense[p.o_seats:p.o_seats + n] = _ONES[n]
    r = s.round
    dense[p.o_round] = r if r < CAP_ROUND else CAP_ROUND
    phase = p.phases.get(s.phase)
    if phase is not None:
        dense[phase] = 1
    dense[p.o_start + (s.start - me) % n] = 1
    dense[p.no_event if s.event is None else p.o_event + p.events[s.event]] = 1
    bases = p.bases
    for pl in s.players:
        j = (pl.seat - me) % n
        b = bases[j]
        e, m, t, bd, r, v = pl.energy, pl.minerals, pl.toolkits, pl.badges, pl.relief, pl.vp
        if not (e < CAP_COUNT and m < CAP_COUNT and t < CAP_COUNT and bd < CAP_COUNT
                and r < CAP_COUNT):
            e, m, t, bd = (e if e < CAP_RES else CAP_RES, m if m < CAP_RES else CAP_RES,
                           t if t < CAP_RES else CAP_RES, bd if bd < CAP_RES else CAP_RES)
            r = r if r < CAP_COUNT else CAP_COUNT
        if not 0 <= v <= 255:  # not a byte: a cell of its own (as a rule, never)
            at.append(b + 4)
            values.append(min(max(v, -CAP_VP), CAP_VP))
            v = 0
        dice = pl.dice
        if dice:
            faces = _BY_FACE.get(tuple(dice))
            if faces is None:
                faces = _by_face(dice)
        else:
            faces = _NO_FACES
        # energy, minerals, toolkits, badges, VP, relief; dice by face; Shelters; arriving
        dense[b:b + 20] = (e, m, t, bd, v, r, *faces, *pl.shelters, *pl.arriving)
        built = pl.buildings
        if built:
            owned = p.owned[j]
            for bd in built:
                tile = bd.tile
                dense[owned[tile]] = 1
                staff = bd.staff
                if staff[0] or staff[1] or staff[2] or staff[3]:
                    staff = sum(staff)
                    dense[p.staffed[j][tile]] = staff if staff < CAP_COUNT else CAP_COUNT
    vents, quarry = s.vents, s.quarry
    o = p.o_supplies
    dense[o:o + 18] = (*s.bag, *s.discard, *s.doorstep, *s.academy_supply,
                       vents if vents < CAP_RES else CAP_RES,
                       quarry if quarry < CAP_RES else CAP_RES)
    for k, card in enumerate(s.cards[:CARDS]):
        dense[p.card_cell[k][card.id]] = 1
        b = p.card_dice[k]
        dice = card.dice
        if dice:  # `_card_dice`, inlined (see the function's docstring)
            tally = [0] * (P + 5)  # dice per owner (P cells), Pioneers, sent by type
            for d in dice:
                tally[(d.player - me) % n] += 1
                tally[P] += d.pioneers
                if d.sent is not None:
                    tally[P + 1 + d.sent] += 1
            if tally[P] > CAP_COUNT:
                tally[P] = CAP_COUNT
            dense[b:b + P + 5] = tally
        r0, r1 = card.reward_colonists
        if r0 != _NONE:
            dense[b + P + 5:b + P + 9] = r0
        if r1 != _NONE:
            dense[b + P + 9:b + P + 13] = r1
        tiles = card.reward_tiles
        if tiles != _NO_TILES:
            for t, tile in enumerate(tiles):
                if tile is not None:
                    dense[b + P + 13 + t] = 1
    for b, dice in zip(p.regions, (s.vents_dice, s.quarry_dice, s.doorstep_dice),
                       strict=True):
        if not dice:
            continue
        tally = [0] * (2 * P)  # `_region_dice`, inlined: dice per owner, then faces
        for player, face in dice:
            j = (player - me) % n
            tally[j] += 1
            tally[P + j] += face
        dense[b:b + 2 * P] = tally
    cells, best_at = p.gantry_cell, p.gantry_best
    for k, g in enumerate(s.gantry[:GANTRY_MAX]):
        dense[cells[k][g.tile]] = 1
        dice = g.dice
        if dice:  # `_best_faces`, inlined
            best = [0] * n
            for player, face in dice:
                j = (player - me) % n
                if face > best[j]:
                    best[j] = face
            dense[best_at[k]:best_at[k] + n] = best
    for k, space in enumerate(s.academy[:ACADEMY_SPACES]):
        if space:
            base = p.o_academy + k * p.per_academy
            dense[base + (space[0] - me) % n] = 1
            dense[base + P] = space[1]
            if space[2] is not None:  # no colonist goes along when none could (R10)
                dense[base + P + 1 + space[2]] = 1


def _public(game, p, me, ones, at, values, memo) -> None:
    """The public sections, relative to seat ``me``."""
    s = game.state
    n = len(s.players)
    if memo is None or memo.changed("head", (n, s.round, s.phase, s.start, s.event)):
        _head(s, p, me, n, ones, at, values)
    # players
    for pl in s.players:
        j = (pl.seat - me) % n
        if memo is not None and not memo.changed(
                j, (n, pl.energy, pl.minerals, pl.toolkits, pl.badges, pl.vp, pl.relief,
                    tuple(pl.dice), *pl.shelters, *pl.arriving,
                    [(bd.tile, *bd.staff) for bd in pl.buildings])):
            continue
        # attributes read in bytecode: 3.11 reads them for less than attrgetter does in C
        e, m, t, b, r, v = pl.energy, pl.minerals, pl.toolkits, pl.badges, pl.relief, pl.vp
        at += p.player_at[j]
        # no cap reached: no test each. Compared one by one: max() parses its keywords and
        # iterates, about 1.2k instructions more a player (callgrind)
        if (e < CAP_COUNT and m < CAP_COUNT and t < CAP_COUNT and b < CAP_COUNT
                and r < CAP_COUNT and -CAP_VP <= v <= CAP_VP):
            values += (e, m, t, b, r, v, *pl.shelters)  # one tuple, one extend
        else:
            values += (e if e < CAP_RES else CAP_RES, m if m < CAP_RES else CAP_RES,
                       t if t < CAP_RES else CAP_RES, b if b < CAP_RES else CAP_RES,
                       r if r < CAP_COUNT else CAP_COUNT, min(max(v, -CAP_VP), CAP_VP),
                       *pl.shelters)
        if pl.arriving != _NONE:  # as a rule, none
            at += p.arriving_at[j]
            values += pl.arriving
        dice = pl.dice
        if dice:  # by face, 1 to 6: `_by_face`'s look-up inlined (a call fewer a player)
            at += p.dice_at[j]
            faces = _BY_FACE.get(tuple(dice))
            values += _by_face(dice) if faces is None else faces
        built = pl.buildings
        if built:
            owned = p.owned[j]
            for bd in built:
                tile = bd.tile
                ones.append(owned[tile])
                staff = bd.staff
                if staff[0] or staff[1] or staff[2] or staff[3]:
                    staff = sum(staff)
                    at.append(p.staffed[j][tile])
                    values.append(staff if staff < CAP_COUNT else CAP_COUNT)
    if memo is None or memo.changed("supplies", (*s.bag, *s.discard, *s.doorstep,
                                                 *s.academy_supply, s.vents, s.quarry)):
        at += p.supplies_at
        vents, quarry = s.vents, s.quarry
        values += (*s.bag, *s.discard, *s.doorstep, *s.academy_supply,
                   vents if vents < CAP_RES else CAP_RES,
                   quarry if quarry < CAP_RES else CAP_RES)
    # Expedition cards at Basecamp
    cards = s.cards[:CARDS]
    if memo is None or memo.changed("cards", (me, n, [
            (c.id, [(d.player, d.pioneers, d.sent) for d in c.dice], *c.reward_colonists[0],
             *c.reward_colonists[1], *c.reward_tiles) for c in cards])):
        _cards(p, cards, me, n, ones, at, values)
    # dice on the Vents, the Quarry and the Doorstep ((player, face) tuples)
    regions = (s.vents_dice, s.quarry_dice, s.doorstep_dice)
    if memo is None or memo.changed("regions", (me, n, *map(tuple, regions))):
        region_at = p.region_at[n]
        for r, dice in enumerate(regions):
            if not dice:
                continue
            at += region_at[r]
            values += _region_dice(dice, me, n)
    # the Gantry
    gantry = s.gantry[:GANTRY_MAX]
    if memo is None or memo.changed("gantry", (me, n, [(g.tile, *g.dice) for g in gantry])):
        cells, gantry_at = p.gantry_cell, p.gantry_at[n]
        for k, g in enumerate(gantry):
            ones.append(cells[k][g.tile])
            dice = g.dice
            if dice:
                at += gantry_at[k]
                values += _best_faces(dice, me, n)
    # the Academy ((player, face, type, origin) tuples, or None)
    academy = s.academy[:ACADEMY_SPACES]
    if memo is None or memo.changed("academy", (me, n, *academy)):
        for k, space in enumerate(academy):
            if space:
                base = p.o_academy + k * p.per_academy
                ones.append(base + (space[0] - me) % n)
                at.append(base + P)
                values.append(space[1])
                if space[2] is not None:  # no colonist goes along when none could (R10)
                    ones.append(base + P + 1 + space[2])


def _card_dice(dice: list, me: int, n: int) -> list:
    """An Expedition card's dice (BasecampDie) as its cells: dice per owner relative to
    ``me`` (n cells), the Pioneers sent (capped), the other colonists sent by type (4)."""
    tally = [0] * (n + 5)
    for d in dice:
        tally[(d.player - me) % n] += 1
        tally[n] += d.pioneers
        if d.sent is not None:
            tally[n + 1 + d.sent] += 1
    if tally[n] > CAP_COUNT:
        tally[n] = CAP_COUNT
    return tally


def _region_dice(dice: list, me: int, n: int) -> list:
    """A region's dice ((player, face) tuples) as its cells: dice per owner relative to
    ``me`` (n cells), then their faces' sum per owner (n)."""
    tally = [0] * (2 * n)
    for player, face in dice:
        j = (player - me) % n
        tally[j] += 1
        tally[n + j] += face
    return tally


def _best_faces(dice: list, me: int, n: int) -> list:
    """A Gantry tile's bids ((player, face) tuples): the highest face per owner relative to
    ``me``."""
    best = [0] * n
    for player, face in dice:
        j = (player - me) % n
        if face > best[j]:
            best[j] = face
    return best


_BY_FACE: dict = {}  # tuple(dice) -> how many of each face, 1 to 6


def _by_face(dice: list) -> tuple:
    """How many of ``dice`` (a player's unplaced faces) show each face, 1 to 6: counted once
    per hand met (a player's dice are kept sorted, so the hands are a few hundred), about
    1.5k instructions against 5.4k for six counts through ``map`` (callgrind)."""
    key = tuple(dice)
    faces = _BY_FACE.get(key)
    if faces is None:
        if len(_BY_FACE) >= 4096:  # a bound, should a rule ever leave them unsorted
            _BY_FACE.clear()
        faces = _BY_FACE[key] = tuple(map(dice.count, FACES))
    return faces


_NO_TILES = [None, None]
_NONE = [0, 0, 0, 0]  # no colonist of any type


def _head(s, p, me, n, ones, at, values) -> None:
    """The seats present, the round, the phase, the start player and the Event."""
    ones += range(p.o_seats, p.o_seats + n)
    at.append(p.o_round)
    r = s.round
    values.append(r if r < CAP_ROUND else CAP_ROUND)  # min() costs about 1k more
    phase = p.phases.get(s.phase)
    if phase is not None:
        ones.append(phase)
    ones.append(p.o_start + (s.start - me) % n)
    ones.append(p.no_event if s.event is None else p.o_event + p.events[s.event])


def _cards(p, cards, me, n, ones, at, values) -> None:
    """The Expedition cards at Basecamp: per card, its one-hot, dice per relative owner,
    Pioneers and other colonists sent, the rewards' colonists and tiles."""
    card_at = p.card_at[n]
    for k, card in enumerate(cards):
        ones.append(p.card_cell[k][card.id])
        dice = card.dice
        if dice:  # none: its owners, Pioneers and colonists sent all 0
            at += card_at[k]
            values += _card_dice(dice, me, n)
        r0, r1 = card.reward_colonists
        if r0 != _NONE:
            at += p.reward_at[k][0]
            values += r0
        if r1 != _NONE:
            at += p.reward_at[k][1]
            values += r1
        tiles = card.reward_tiles
        if tiles != _NO_TILES:  # the common case compared in C
            for t, tile in enumerate(tiles):
                if tile is not None:
                    ones.append(p.tiles_at[k] + t)
