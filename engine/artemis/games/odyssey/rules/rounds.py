"""The Game Round (rulebook): the Planning phase (OR22), the Action phase (slots left to
right), the End of the Round (OR17, OR23, OR31) and the Endgame (OR16, OR27, OR28)."""

from __future__ import annotations

from artemis.games.odyssey.rules import teams
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.galaxy import face_down_left
from artemis.games.odyssey.state import HAND_LIMIT
from artemis.games.odyssey.vocabulary import RESOURCE_NAMES, RESOURCES
from artemis.kernel.actions import Action


@step("game_start")
def game_start(game) -> None:
    push(game, ("round_start",))


@step("round_start")
def round_start(game) -> None:
    s = game.state
    s.round += 1
    s.phase = "planning"
    s.board = [None] * len(s.slots)
    s.revealed = [False] * len(s.slots)
    s.singularity_resolved = False
    teams.clear_board(s)
    game.emit("round", round=s.round, first=s.first, **teams.marker_field(s))
    teams.deal(game)  # Team Play: each team's cards dealt to its seats (OR14)
    push(game, ("plan", teams.marker_seat(s)), ("action_phase",))


def free_slots(state) -> list[int]:
    """Indices of the empty slots that take Action cards (OR22): not the Singularity slot."""
    return [i for i, slot in enumerate(state.slots)
            if state.board[i] is None and slot != state.singularity_slot]


def face_up_planning(game) -> bool:
    """Whether the Planning phase's cards go face up: in solo, whose three cards "do not need
    to be face down" (Solo Rules, Gameplay Changes; OR18: face up, seen by everyone), from
    rules version 2 on (version 1 placed them face down)."""
    return game.state.n == 1 and game.config.rules_version >= 2


def _place_label(card, slot: int, up: bool = False) -> str:
    from artemis.games.odyssey.words import card_shows

    return f"play {card.id} ({card_shows(card)}) {'face up' if up else 'face down'} into " \
        f"slot {slot}"


@step("plan")
def plan(game, seat: int, window_done: bool = False) -> None:
    """P1: ``seat`` plays an Action card from its hand face down into an empty slot, after
    its ``planning_turn`` window (OR7); turns go clockwise from the First player until every
    slot is full (rulebook, Planning Phase; with teams from the marker seat, each seat playing
    from the cards dealt to it: OR14); then the Action phase, scheduled after the Planning
    phase, comes."""
    s = game.state
    free = free_slots(s)
    if not free:
        return
    if not window_done:
        # the window is the player's; with teams the seat on turn is its team (OR14)
        push(game, ("window", "planning_turn", (teams.team_of(s, seat),), None),
             ("plan", seat, True))
        return
    order, actions = _placements(game.catalog)
    hand = sorted(set(teams.hand_of(s, seat)), key=order.__getitem__)
    slots = s.slots
    up = face_up_planning(game)
    ask(game, seat, "place", [actions[(card, slots[i], up)] for card in hand for i in free],
        seat)


class _Placements(dict):
    """A catalog's placement Actions by (card, slot, face up), made when first asked: an
    Action is an immutable value, so every game and clone on that catalog shares it."""

    def __init__(self, catalog):
        super().__init__()
        self.catalog = catalog

    def __missing__(self, key):
        card, slot, up = key  # up: placed face up (solo, OR18), which only the label says
        # the label, built only when read, shows what the card shows
        action = self[key] = Action("place", (card, slot),
                                    (_place_label, self.catalog.by_id[card], slot, up))
        return action


_PLACEMENTS: dict[int, tuple] = {}  # id(catalog): (catalog, card order, _Placements)


def _placements(catalog) -> tuple[dict, _Placements]:
    """({card id: its place in the catalog}, the placement Actions) of ``catalog``."""
    cached = _PLACEMENTS.get(id(catalog))
    if cached is None or cached[0] is not catalog:
        if len(_PLACEMENTS) > 64:  # many catalogs in one process (tests): start again
            _PLACEMENTS.clear()
        cached = _PLACEMENTS[id(catalog)] = (
            catalog, {c.id: i for i, c in enumerate(catalog.action_cards)},
            _Placements(catalog))
    return cached[1], cached[2]


@step("action_phase")
def action_phase(game) -> None:
    """The Action phase: the slots are revealed and resolved left to right, then the End of
    the Round (rulebook, Action Phase)."""
    s = game.state
    s.phase = "action"
    game.emit("action_phase", round=s.round)
    push(game, *[("slot", i) for i in range(len(s.slots))], ("end_of_round",))


@answer("place")
def _place(game, action, seat) -> None:
    s = game.state
    card, slot = action.args
    i = s.slots.index(slot)
    player = teams.played(s, seat, card, i)
    s.board[i] = (player, card)
    if face_up_planning(game):  # solo: the card is face up (OR18), its record public
        game.emit("placed", player=seat, slot=slot)
        game.emit("placed_card", player=seat, slot=slot, card=card)
    else:  # with teams the record names the team and the seat that played (OR14)
        by = teams.seat_field(s, seat)
        game.emit("placed", player=player, **by, slot=slot)
        game.emit("placed_card", to=[seat], player=player, **by, slot=slot, card=card)
    push(game, ("plan", teams.next_planner(s, seat)))


@step("slot")
def slot(game, i: int) -> None:
    """Reveal slot ``i`` and resolve it fully (rulebook, Action Phase); the Singularity slot
    turns the top Singularity card (Two-Player Rules)."""
    s = game.state
    if s.slots[i] == s.singularity_slot:
        push(game, ("singularity",), ("after_action", None))
        return
    seat, card_id = s.board[i]
    s.revealed[i] = True
    s.cancelled = False
    s.planner_choice = None
    teams.start_card(s, i)
    game.reveal()
    card = game.catalog.by_id[card_id]
    by = teams.planner_field(s)  # with teams, the Planner seat (OR14)
    game.emit("revealed", slot=s.slots[i], player=seat, card=card_id, action=card.action, **by)
    # the Artifact windows around the card: from the Planner's left, ending with the Planner
    order = tuple(s.order_from(seat + 1))
    push(game, ("window", "card_revealed", order, (seat, card_id)), (card.action, seat, card_id),
         ("after_action", (seat, card_id)))


@step("after_action")
def after_action(game, card: tuple | None = None) -> None:
    """A slot has fully resolved: scoped modifiers end, Reaching 42 and the end are checked
    (OR8, OR27), then the ``after_action`` window (OR7) of ``card`` (the Planner's seat and
    card id; None: the Singularity card, asked from the First player). The window is still
    the card's: with teams its Planner seat answers for its team there (OR30)."""
    s = game.state
    s.scoped_modifiers.clear()
    order = s.order_from(s.first if card is None else card[0] + 1)
    push(game, ("check_42",), ("window", "after_action", tuple(order), card), ("card_over",))


@step("card_over")
def card_over(game) -> None:
    """The card and its ``after_action`` window are over: no Planner seat, nobody called
    (Team Play)."""
    teams.end_card(game.state)


@step("end_of_round")
def end_of_round(game) -> None:
    """End of the Round (rulebook; OR31): step 1, the hand limit, clockwise from the First
    player; then steps 2-5 and the end check."""
    s = game.state
    s.phase = "end_of_round"
    game.emit("end_of_round", round=s.round)
    push(game, ("window", "end_of_round", tuple(s.order_from(s.first)), None),
         *[("hand_limit", seat) for seat in s.order_from(s.first)], ("round_over",))


@step("hand_limit")
def hand_limit(game, seat: int) -> None:
    """E1: a player holding more than ten Resource cards discards one of a type of its choice,
    one card at a time (OR23)."""
    p = game.state.players[seat]
    if sum(p.res) <= HAND_LIMIT:
        return
    ask(game, seat, "hand_discard",
        [Action("hand_discard", (r,), f"discard 1 {RESOURCE_NAMES[r]}")
         for i, r in enumerate(RESOURCES) if p.res[i]], seat)


@answer("hand_discard")
def _hand_discard(game, action, seat) -> None:
    from artemis.games.odyssey.ops import KERNEL

    KERNEL.items.change(game, seat, action.args[0], -1)
    push(game, ("hand_limit", seat))


@step("round_over")
def round_over(game) -> None:
    """End of the Round steps 2-5 (OR17): the marker to the player of the rightmost Score
    card played; Score cards to their owners' Score discard piles, the other cards back to
    hand, a full pile of four back to hand; then the game ends if marked (OR27) or at the
    round limit (OR28); solo only once the Singularity deck is empty, after round 13 (OR16),
    and its Mission is checked in `final` (OR31)."""
    s = game.state
    cat = game.catalog.by_id
    scores = [i for i, entry in enumerate(s.board) if entry and cat[entry[1]].action == "score"]
    if scores:
        teams.marker_from_slot(s, scores[-1])
    for entry in s.board:
        if entry is None:
            continue
        seat, card = entry
        p = s.players[seat]
        (p.score_discard if cat[card].action == "score" else p.hand).append(card)
    for p in s.players:
        if len(p.score_discard) >= 4:
            p.hand.extend(p.score_discard)
            p.score_discard = []
            game.emit("score_cards_back", player=p.seat)
    s.board = [None] * len(s.slots)
    s.revealed = [False] * len(s.slots)
    teams.clear_board(s)
    game.emit("round_end", round=s.round, first=s.first, vp=[p.vp for p in s.players])
    limit = game.config.options.get("max_rounds")
    if s.n == 1:
        # Solo Rules, Winning the Game (OR16, OR28): only the empty Singularity deck ends it
        if not s.singularity_deck:
            s.end = "singularity_exhausted"
    else:
        if s.end is None and face_down_left(s) == 0:
            s.end = "last_planet"
        if s.end is None and limit is not None and s.round >= limit:
            s.end = "round_limit"
    if s.end is not None:
        push(game, ("final",))
    else:
        push(game, ("round_start",))


def ranking(state) -> list[int]:
    """Seats by score, best first; equal scores by seat (all tied leaders win: OR27)."""
    return sorted(range(state.n), key=lambda seat: (-state.players[seat].vp, seat))


@step("final")
def final(game) -> None:
    """The game's end (Endgame; solo: Solo Rules, Winning the Game): ``game.final`` is
    {"vp", "ranking", "winners", "end_reason", "rounds"} and, solo, "mission" (the outcome of
    `artemis.games.odyssey.rules.mission.check`). ``winners`` are the tied leaders (OR27);
    solo it is [0] when the Mission is won and [] when it is lost."""
    s = game.state
    s.phase = "over"
    order = ranking(s)
    top = s.players[order[0]].vp
    winners = [seat for seat in order if s.players[seat].vp == top]
    game.final = {"vp": [p.vp for p in s.players], "ranking": order, "winners": winners,
                  "end_reason": s.end, "rounds": s.round}
    if s.mission is not None:  # solo: the Mission is checked now (OR31)
        from artemis.games.odyssey.rules.mission import check

        game.final["mission"] = outcome = check(game)
        # Solo Rules, Winning the Game: the player wins only with every goal met
        game.final["winners"] = winners = [0] if outcome["won"] else []
        game.emit("mission", **outcome)
    game.emit("game_end", reason=s.end, rounds=s.round, vp=[p.vp for p in s.players],
              winners=winners)
