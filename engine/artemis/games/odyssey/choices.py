"""The Odyssey's questions for people: the question with the player's name (`question`), each
answer's words with players named as well as by colour (`describe_action`), and long lists
grouped for choosing step by step (`choice_groups`): a Planning card, then its slot; a
Starship, then where it goes; an Asset, then where it is built; bank trades by what is given.

Display words only: a log records each action's label, unchanged (docs/terminal.md, "Labels
and descriptions").
"""

from __future__ import annotations

import re

from artemis.kernel.choices import ChoiceGroup

#: A question's words by kind ({name}: the player deciding).
QUESTION_WORDS = {
    "place": "{name}, Planning: play an Action card face down into a free slot",
    "artifact": "{name}, use an Alien Artifact now?",
    "produce_type": "{name}, Produce: which Resource?",
    "produce_next": "{name}, Produce: the bank is short; which Resource next?",
    "travel_system": "{name}, Travel: declare a system",
    "travel_call": "{name}, Travel: call a player to travel",
    "travel_go": "{name}, Travel?",
    "travel_move": "{name}, Travel: move which Starship where?",
    "singularity_peek": "{name}, peek at a Singularity card?",
    "keep_artifact": "{name}, keep the Alien Artifact?",
    "build": "{name}, Build: what, and where?",
    "build_call": "{name}, Build: call a player to build",
    "trade": "{name}, Trade: trade with the bank or make an offer",
    "offer_edit": "{name}, Trade: your offer",
    "offer_reply": "{name}, Trade: an offer is made to you",
    "late_trade": "{name}, Trade",
    "score_option": "{name}, Score: which scoring option?",
    "score_call": "{name}, Score: call a player to score",
    "discard_identical": "{name}, Score: discard which identical Resources?",
    "discard_different": "{name}, Score: discard which different Resources?",
    "draft_keep": "{name}, Reaching 42: which Alien Artifact do you keep?",
    "hand_discard": "{name}, End of the Round: discard down to your hand limit",
    "bank_exchange": "{name}, exchange with the bank",
    "peek_system": "{name}, peek at which system?",
    "target_planet": "{name}, which planet?",
    "score_card": "{name}, take which Score card back?",
    "choose": "{name}, choose one",
}

#: Lists longer than this are grouped, where a grouping is known.
GROUP_OVER = 12


def _names(game, names: list[str] | None) -> list[str]:
    return names or [f"P{i}" for i in range(game.config.players)]


def question(game, names: list[str]) -> str:
    """The pending question in words, the deciding seat named (with teams, the seat, not its
    team): "Ada, Travel: declare a system"; "" when the game is over."""
    pending = game.pending
    if pending is None:
        return ""
    name = _names(game, names)[pending.player]
    text = QUESTION_WORDS.get(pending.kind, "{name}: " + pending.kind.replace("_", " "))
    text = text.format(name=name)
    if pending.kind in ("offer_edit", "offer_reply") and game.state.trade is not None:
        text += _offer_so_far(game, _names(game, names), pending.kind)
    return text


def _offer_so_far(game, names: list[str], kind: str) -> str:
    """The offer being built or answered, for the question that builds or answers it (the
    rulebook's Trade: the Planner builds an offer card by card, R2): " to Blue (Bo) so far:
    you give 1 Water; you ask for nothing", " from Red (Ada): you get 1 Water for 1 Food".
    Only the Planner and the player it is made to are asked these."""
    from artemis.games.odyssey.vocabulary import RESOURCE_NAMES, RESOURCES

    t = game.state.trade

    def cards(counts) -> str:
        given = zip(RESOURCES, counts, strict=True)
        return " and ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in given if n) or "nothing"

    def who(seat: int) -> str:
        colour = game.state.players[seat].colour.capitalize()
        return colour if game.state.teams is not None else f"{colour} ({names[seat]})"

    if kind == "offer_edit":
        return (f" to {who(t.target)} so far: you give {cards(t.give)}; you ask for "
                f"{cards(t.get)}")
    return f" from {who(t.planner)}: you get {cards(t.give)} for {cards(t.get)}"


def describe_action(game, action, names: list[str] | None = None) -> str:
    """``action``'s words: its label with each colour that names a player followed by that
    player's name ("make an offer to Blue (Bo)"); with teams, the label as it is (a colour is
    a team)."""
    label = action.label
    s = game.state
    if s.teams is not None or names is None:
        return label
    for seat, p in enumerate(s.players):
        colour = p.colour.capitalize()
        label = re.sub(rf"\b{colour}\b(?! \()", f"{colour} ({names[seat]})", label)
    return label


def _card_part(label: str) -> str:
    """"play blue-trade (Trade) face down into slot 9" -> "blue-trade (Trade)"."""
    m = re.match(r"play (.*) face down into (slot \d+.*)$", label)
    return m.group(1) if m else label


def _slot_part(label: str) -> str:
    m = re.match(r"play (.*) face down into (slot \d+.*)$", label)
    return m.group(2) if m else label


def choice_groups(game, actions: list) -> list[ChoiceGroup] | None:
    """Long questions (more than GROUP_OVER answers) as steps: Planning by card then slot;
    Travel moves by the Starship that moves; Build by Asset; a trade with the bank (Trade, the
    two-player late trade, an effect's exchange) by the Resource given, then offers and being
    done; Different Resources discarded by how many. None for a short list or another
    question."""
    if len(actions) <= GROUP_OVER:
        return None
    kinds = {a.kind for a in actions}
    if kinds == {"place"}:
        return _group(actions, lambda a: a.args[0], lambda a: _card_part(a.label),
                      lambda a: _slot_part(a.label))
    if kinds == {"travel_move"}:
        return _group(actions, lambda a: a.id.split(":", 1)[1].split(">")[0],
                      lambda a: "the Starship on " + a.id.split(":", 1)[1].split(">")[0])
    if kinds == {"build"}:
        return _group(actions, lambda a: a.id.split(":")[1],
                      lambda a: "a " + a.id.split(":")[1].capitalize())
    if kinds == {"discard_different"}:  # by how many cards go: the VP they score
        return _group(actions, lambda a: a.id.count("+"),
                      lambda a: f"discard {a.id.count('+') + 1} different Resources")
    if len(kinds) == 1 and kinds <= {"trade", "late_trade", "bank_exchange"}:
        def key(a):
            parts = a.id.split(":")
            return ":".join(parts[:3]) if parts[1] == "bank" else parts[1]

        def words(a):
            parts = a.id.split(":")
            if parts[1] == "bank":
                return f"give {parts[2].capitalize()} to the bank"
            return {"offer": "make an offer to a player"}.get(parts[1], a.label)

        return _group(actions, key, words)
    return None


def _group(actions: list, key, words, short=None) -> list:
    """``actions`` grouped by ``key`` (a group per key in the engine's order, labelled
    ``words`` of its first action); a group of one is that action itself."""
    groups: dict = {}
    for a in actions:
        groups.setdefault(key(a), []).append(a)
    out: list = []
    for items in groups.values():
        if len(items) == 1:
            out.append(items[0])
        else:
            out.append(ChoiceGroup(words(items[0]), tuple(items),
                                   tuple(short(a) for a in items) if short else ()))
    return out


def seat_summary(game, seat: int) -> str:
    """The line a human seat reads before each question: colour (with teams, its team's, and
    its partner), VP, Resource cards, Artifacts held; with the option ``memory_aid`` (OR4), the
    face-down planets it peeked at and their types."""
    from artemis.games.odyssey.rules.teams import team_of
    from artemis.games.odyssey.vocabulary import RESOURCE_NAMES, RESOURCES
    from artemis.util.plural import counted

    p = game.state.players[team_of(game.state, seat)]
    cards = ", ".join(f"{p.res[i]} {RESOURCE_NAMES[r]}" for i, r in enumerate(RESOURCES)
                      if p.res[i]) or "no Resource cards"
    t = game.state.teams
    who = p.colour if t is None else (
        f"{p.colour} team, seat {seat} with partner {t.partner(seat)}")
    line = f"{who}: {p.vp} VP; {cards}; {counted(len(p.artifacts), 'Alien Artifact')}"
    s = game.state
    if game.config.options.get("memory_aid") and s.known[seat]:
        # OR4: a human relies on memory for earlier peeks unless memory_aid is set
        seen = ", ".join(f"{q.id} {q.type.capitalize()}" for q in s.planets
                         if q.id in s.known[seat] and not q.up)
        line += f"; peeked at: {seen}"
    return line


def last_round(game) -> int | None:
    """13 in a solo game (Solo Rules, Winning the Game); None otherwise: the game ends when a
    player reaches 42 VP (or at the stall limit, OR28), not at a round."""
    from artemis.games.odyssey.solo_heuristic import SOLO_ROUNDS

    solo = len(game.state.players) == 1 and game.state.teams is None
    return SOLO_ROUNDS if solo else None


def outcome_words(result: dict) -> str | None:
    """A solo game's outcome, "Mission Trailblazer: won" (or lost; rulebook, Solo Play), from
    its ``result``; None for a game with a winner."""
    if "won" not in result:
        return None
    mission = result.get("mission", {})
    return f"Mission {mission.get('name', '')}: {'won' if result['won'] else 'lost'}"
