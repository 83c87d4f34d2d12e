"""Score and the Scoring Options (rulebook, The Actions: Score, Scoring Options; OR1, OR9,
OR12, OR19, OR29).

The Planner takes the First Player marker and picks one of the card's two options (S1);
everyone scores it into this card's tally (``state.tally``): the option's effect from the
content, run for each player. For the two Resources options the Planner calls the players with
a legal discard one at a time, themselves included (S2,
`artemis.games.odyssey.rules.calls`), and each discards or passes (S3, S4).
Then every player tied for most gains 3 and every player tied for fewest loses 2, 0 included
for both (OR9), and all markers move together, never below 0."""

from __future__ import annotations

from itertools import combinations

from artemis.games.odyssey.rules.calls import calling, calls
from artemis.games.odyssey.rules.flow import answer, ask, push, step
from artemis.games.odyssey.rules.produce import chooser
from artemis.games.odyssey.rules.teams import marker_to
from artemis.games.odyssey.rules.track import move
from artemis.games.odyssey.vocabulary import OPTION_NAMES, RESOURCE_NAMES, RESOURCES
from artemis.kernel.actions import Action

MOST_BONUS, FEWEST_PENALTY = 3, -2  # rulebook, Score
DISCARD_OPTIONS = {"identical_resources": "identical", "different_resources": "different"}


@step("score")
def score(game, planner: int, card_id: str) -> None:
    s = game.state
    if s.cancelled:
        return
    marker_to(s, planner)  # the marker, at once (rulebook; OR17); with teams the Planner seat
    game.emit("first_player", player=planner)
    card = game.catalog.by_id[card_id]
    ask(game, chooser(s, planner), "score_option",
        [Action("score_option", (o,), f"score {OPTION_NAMES[o]}") for o in card.options],
        planner)


def option_effect(game, option: str):
    return next(o.effect for o in game.catalog.scoring_options if o.id == option)


@answer("score_option")
def _score_option(game, action, planner) -> None:
    s = game.state
    option = action.args[0]
    s.tally = {seat: 0 for seat in range(s.n)}
    game.emit("score_chosen", player=planner, option=option)
    effect = option_effect(game, option)
    if option in DISCARD_OPTIONS:
        push(game, calls("score_call", planner, option), ("score_finish", planner, option))
        return
    push(game, *[("effect", seat, effect, 0, ("score", option)) for seat in
                 s.order_from(planner)], ("score_finish", planner, option))


def discards(res: list[int], mode: str, least: int = 2) -> list[tuple]:
    """The legal discards: ``identical``: (type, d) for 2 <= d <= held; ``different``: each
    set of at least 2 types held (OR9)."""
    if mode == "identical":
        return [(r, d) for i, r in enumerate(RESOURCES) for d in range(least, res[i] + 1)]
    held = [r for i, r in enumerate(RESOURCES) if res[i]]
    return [combo for k in range(least, len(held) + 1) for combo in combinations(held, k)]


def scorers(game, planner: int, called: tuple, option: str) -> list[int]:
    """S2's answers: the uncalled players, the Planner included, with a legal discard
    (OR29)."""
    s = game.state
    mode = DISCARD_OPTIONS[option]
    return [seat for seat in range(s.n)
            if seat not in called and discards(s.players[seat].res, mode)]


def _score_turn(game, seat: int, planner: int, option: str) -> tuple:
    return (("effect", seat, option_effect(game, option), 0, ("score", option)),)


calling("score_call", "score", scorers, _score_turn)


def discard_question(game, seat: int, args: dict) -> None:
    """S3 or S4 for the `discard_for_vp` operation: a legal discard, or pass."""
    mode = args["mode"]
    kind = "discard_identical" if mode == "identical" else "discard_different"
    res = game.state.players[seat].res
    options = []
    for d in discards(res, mode, args["min"]):
        if mode == "identical":
            options.append(Action(kind, d, f"discard {d[1]} {RESOURCE_NAMES[d[0]]}"))
        else:
            options.append(Action(kind, ("+".join(d),),
                                  "discard " + ", ".join(RESOURCE_NAMES[r] for r in d)))
    options.append(Action(kind, ("pass",), "discard nothing"))
    ask(game, seat, kind, options, (seat, dict(args)))


def _discarded(game, seat: int, cards: list[str], args: dict) -> None:
    from artemis.games.odyssey.ops import KERNEL

    for r in cards:
        KERNEL.items.change(game, seat, r, -1)
    vp = len(cards) * args["vp_per_card"]
    if "max_vp" in args:
        vp = min(vp, args["max_vp"])
    game.emit("discard_for_vp", player=seat, cards=len(cards), vp=vp)
    KERNEL.vp(game, seat, vp, ("discard_for_vp",))


@answer("discard_identical")
def _discard_identical(game, action, ctx) -> None:
    seat, args = ctx
    if action.args[0] == "pass":
        return
    r, d = action.args
    _discarded(game, seat, [r] * d, args)


@answer("discard_different")
def _discard_different(game, action, ctx) -> None:
    seat, args = ctx
    if action.args[0] == "pass":
        return
    _discarded(game, seat, action.args[0].split("+"), args)


@step("score_finish")
def score_finish(game, planner: int, option: str) -> None:
    """Everyone's VP are counted: the ``score_tally`` window, clockwise from the Planner's
    left and ending with the Planner (OR1, OR7), then most and fewest."""
    s = game.state
    push(game, ("window", "score_tally", tuple(s.order_from(planner + 1)), option),
         ("score_settle", planner, option))


def _score_card_vp(state) -> None:
    """Add each player's ``score_card_vp`` changes (a Harmonic Amplifier) to its tally; they
    count when most and fewest are decided (OR9)."""
    for m in [m for m in state.scoped_modifiers if m.param == "score_card_vp"]:
        tally = state.tally
        tally[m.player] = m.value if m.mode == "set" else tally[m.player] + m.value
        state.scoped_modifiers.remove(m)


@step("score_settle")
def score_settle(game, planner: int, option: str) -> None:
    """Most and fewest (OR9), then every marker moves together; Reaching 42 next (OR8)."""
    s = game.state
    _score_card_vp(s)
    tally = s.tally
    s.tally = None
    top, low = max(tally.values()), min(tally.values())
    total = {}
    for seat in range(s.n):
        extra = (MOST_BONUS if tally[seat] == top else 0) + \
            (FEWEST_PENALTY if tally[seat] == low else 0)
        total[seat] = tally[seat] + extra
    game.emit("score_tally", option=option, tally=[tally[i] for i in range(s.n)],
              most=[i for i in range(s.n) if tally[i] == top],
              fewest=[i for i in range(s.n) if tally[i] == low])
    for seat in range(s.n):
        move(game, seat, total[seat], option)
