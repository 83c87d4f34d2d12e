"""The conformance checks every registered game must pass, through the decision API only
(`artemis.kernel.game.Game` and the game's `Ruleset`), at every decision of seeded random
games. OpenSpiel's random-simulation test is the model. `artemis.testing` runs them over a
game (`check_game`); a game's own tests may call each one.

Each check raises AssertionError with the game, the seed and the decision in its message.
They need no test framework: plain functions for any test runner or a script.
"""

from __future__ import annotations

import random

from artemis.kernel.actions import IllegalAction
from artemis.kernel.game import Game
from artemis.players.bots import RandomBot
from artemis.records.log import visible
from artemis.records.save import parse_save, restore, save_record, save_text

ILLEGAL = "no_such_action:1"  # an id no game lists
# Every decision determinizes each seat and compares its view; playing the determinized world
# on to the end costs a game's remainder per seat, so that is done every PLAYOUT_EVERY
# decisions (the first included).
PLAYOUT_EVERY = 25
# A save is loaded by replaying every action from the seed, so loading at each of a game's
# ~300 decisions costs ~300 games: saves are made every SAVE_EVERY decisions (the first and
# the finished game included), and each is continued to the end.
SAVE_EVERY = 40
# Check 7 applies, per public part of a hidden answer, at most this many answers (the first,
# the last and evenly between): an Odyssey Planning turn offers up to ten cards per slot.
INDISTINGUISHABLE_LIMIT = 3
# Check 8 applies, in each seat's determinized world, at most this many of the world's legal
# answers (the first, the last and evenly between; all of a shorter list): the Project's
# placements are some sixty a turn, a toy game's a few.
WORLD_APPLY_LIMIT = 8
# Check 12 applies at most this many of a decision's answers (the first, the last and evenly
# between) and compares what each seat's history says of each pair.
HISTORY_LIMIT = 3


def where(game: Game, decision: int) -> str:
    c = game.config
    return f"{c.game}, {c.players} players, seed {c.seed}, decision {decision}"


def differences(before, after, limit: int = 3, width: int = 60) -> str:
    """A short account of how ``after`` differs from ``before`` (views, lists of records or
    ids): at most ``limit`` differing keys or positions, each with both values (their reprs
    cut to ``width`` characters), e.g. ``"'hands': [[1, 2]] then [[1, 3]]"``."""
    def cut(value) -> str:
        text = repr(value)
        return text if len(text) <= width else text[:width - 3] + "..."

    if isinstance(before, dict) and isinstance(after, dict):
        keys = [k for k in [*before, *(k for k in after if k not in before)]
                if before.get(k, "(absent)") != after.get(k, "(absent)")]
        parts = [f"{k!r}: {cut(before.get(k, '(absent)'))} then {cut(after.get(k, '(absent)'))}"
                 for k in keys[:limit]]
        more = len(keys) - limit
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        at = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
        parts = [f"[{i}]: {cut(before[i])} then {cut(after[i])}" for i in at[:limit]]
        more = len(at) - limit
    else:
        return f"{cut(before)} then {cut(after)}"
    return "; ".join(parts) + (f"; and {more} more" if more > 0 else "")


def legal_ids(game: Game, at: str) -> list[str]:
    """Check 1: the legal ids are unique and the same on a second call."""
    ids = [a.id for a in game.legal_actions()]
    assert len(set(ids)) == len(ids), f"{at}: duplicate legal ids {sorted(ids)}"
    assert [a.id for a in game.legal_actions()] == ids, f"{at}: legal ids changed between calls"
    return ids


def snapshot(game: Game, at: str) -> dict:
    """Every seat's view, the spectator's, the full view and the legal ids."""
    seats = range(game.config.players)
    return {"views": {seat: game.view(seat) for seat in [*seats, None]},
            "full": game.full_view(), "legal": legal_ids(game, at)}


def check_clone(game: Game, snap: dict, at: str) -> Game:
    """Check 2 (first half): a clone shows every view, the full view and the legal ids of the
    original, and an answer applied to another clone leaves the original as it was. Returns
    the clone."""
    clone = game.clone()
    assert clone is not game and clone.state is not game.state, f"{at}: clone shares its state"
    probe = game.clone()
    first = snap["legal"][0] if snap["legal"] else None
    if first is not None:
        probe.apply(first)
        assert game.full_view() == snap["full"], (
            f"{at}: applying '{first}' to a clone changed the original game too (its full "
            f"view: {differences(snap['full'], game.full_view())}): the clone shares lists or "
            "dicts with it; the state's own copy (Game.clone calls it) must copy every list "
            "and dict a rule changes in place")
    got = snapshot(clone, at)
    for seat, view in snap["views"].items():
        assert got["views"][seat] == view, f"{at}: the clone's view({seat}) differs"
    assert got["full"] == snap["full"], f"{at}: the clone's full_view() differs"
    assert got["legal"] == snap["legal"], f"{at}: the clone's legal ids differ"
    return clone


def refused(game: Game, at: str) -> None:
    """Applying ILLEGAL raises IllegalAction (AssertionError otherwise)."""
    try:
        game.apply(ILLEGAL)
    except IllegalAction:
        return
    raise AssertionError(f"{at}: '{ILLEGAL}' was applied, not refused with IllegalAction")


def check_illegal(game: Game, snap: dict, at: str) -> None:
    """Check 4: an id that is not legal raises IllegalAction and changes nothing."""
    assert ILLEGAL not in snap["legal"], f"{at}: '{ILLEGAL}' is listed as legal"
    log, actions, player = len(game.log), len(game.actions), game.current_player
    refused(game, at)
    assert game.full_view() == snap["full"], f"{at}: an illegal action changed the full view"
    assert [a.id for a in game.legal_actions()] == snap["legal"], \
        f"{at}: an illegal action changed the legal ids"
    assert len(game.log) == log, f"{at}: an illegal action was logged"
    assert len(game.actions) == actions, f"{at}: an illegal action was recorded"
    assert game.current_player == player, f"{at}: an illegal action changed who decides"


def play_random(game: Game, rng: random.Random, at: str) -> None:
    """Play ``game`` to the end with uniformly random legal actions, within the ruleset's
    max_decisions (counted from the game's first decision)."""
    bound = game.ruleset.max_decisions
    while not game.is_over:
        assert len(game.actions) < bound, f"{at}: not over after {bound} decisions"
        game.apply(rng.choice(game.legal_actions()))


def check_hidden_information(game: Game, snap: dict, key: int, at: str,
                             playout: bool = False, differed: bool = False,
                             private: set | None = None) -> bool:
    """Check 5 at one decision: for each seat s, ``game.determinize(s, random.Random(k))``
    shows s the same view (and a spectator the same public view: what is public, s sees), the
    same legal ids when s decides now, lists only answers that apply in it (check 8,
    `check_world_answers`), and leaves the original unchanged; with ``playout``,
    each determinized game is played on to the end with random moves. Returns whether some
    determinized game's full view differs from the original's (something hidden was
    resampled), or ``differed`` (then no full view is compared: it is known already).
    ``private``: a set that, while empty, gets the seats whose own view some world of another
    seat changed (`play_checked` asks that some world did, once something was hidden)."""
    for seat in range(game.config.players):
        k = key * 8 + seat
        world = game.determinize(seat, random.Random(k))
        here = f"{at}, determinize({seat}, Random({k}))"
        assert world is not game and world.state is not game.state, \
            f"{here}: not a clone"
        for who, name in ((seat, f"view({seat})"), (None, "the public view")):
            got = world.view(who)
            assert got == snap["views"][who], (
                f"{here}: {name} differs in the world ({differences(snap['views'][who], got)})"
                f": the view shows something determinize resamples (or determinize changed "
                "what the seat knows); if the rules reveal it, call game.reveal() where it "
                "comes out and keep it in determinize, else leave it out of the view")
        if private is not None and not private:
            # does the world show another seat something else (its hand, its face-down card)?
            private.update(other for other in range(game.config.players)
                           if other != seat and world.view(other) != snap["views"][other])
        if seat == game.current_player:
            assert legal_ids(world, here) == snap["legal"], f"{here}: the legal ids differ"
        check_world_answers(world, here)
        differed = differed or world.full_view() != snap["full"]
        if playout:
            play_random(world, random.Random(k), here)
    assert game.full_view() == snap["full"], f"{at}: determinize changed the original game"
    return differed


def spread(items: list, limit: int | None) -> list:
    """At most ``limit`` of ``items`` (None: all): the first, the last and evenly between."""
    if limit is None or len(items) <= limit:
        return list(items)
    if limit < 2:
        return list(items[:limit])
    step = (len(items) - 1) / (limit - 1)
    return [items[round(k * step)] for k in range(limit)]


def check_world_answers(world: Game, at: str, limit: int | None = WORLD_APPLY_LIMIT) -> int:
    """Check 8 in one determinized world: every legal answer the world lists applies in it
    (on a clone; at most ``limit`` of them, `spread`). A world whose pending question still
    lists what the resampling took away (another seat's real hand, dealt again) fails here,
    where that seat's view would not show it; such a question is asked again from the
    resampled world with `artemis.kernel.flow.reask`. Returns how many answers were
    applied."""
    chosen = spread(list(world.legal_actions()), limit)
    for action in chosen:
        trial = world.clone()
        try:
            trial.apply(action.id)
        except Exception as exc:
            raise AssertionError(
                f"{at}: the world lists '{action.id}' for player {world.current_player}, "
                f"but it does not apply there ({type(exc).__name__}: {exc}): determinize "
                "left the pending question as the real game asked it; ask it again from the "
                "resampled world (artemis.kernel.flow.reask)") from exc
    return len(chosen)


WHAT = {"view": "view differs", "records": "records differ", "legal": "legal ids differ"}


def _seen_after(game: Game, action, seats: list, logged: int) -> dict | None:
    """What each of ``seats`` (None: the spectator) sees once ``action`` is applied to a clone
    of ``game``: its view, the records new to it, and its legal ids when it decides next, and
    the clone itself (key "game"); None when the answer's consequences reveal something hidden
    (`Game.reveal`: the next drafter sees the cards passed on, a slot is turned), which a
    seat may then rightly see."""
    clone = game.clone()
    clone.apply(action.id)
    if clone.revealed_at == len(clone.actions):
        return None
    new = list(clone.log)[logged:]
    out: dict = {"game": clone}
    for seat in seats:
        out[seat] = {"view": clone.view(seat), "records": visible(new, seat),
                     "legal": ([a.id for a in clone.legal_actions()]
                               if seat is not None and clone.current_player == seat else None)}
    return out


def check_indistinguishable(game: Game, at: str, limit: int | None = None,
                            key: int | None = None) -> int:
    """Check 7 at one decision: each seat t that does not see the acting seat's answer
    (`Ruleset.action_seen_by`) cannot tell apart two legal answers with the same public part
    (`Ruleset.action_public`): applying either leaves t's view, the records new to t and t's
    legal ids (when t decides next) the same, and the spectator's view and records too. This
    catches a view that names a face-down card, directly or as the one missing from a hand.
    With ``key``, also the worlds of one such t (in turn by ``key``): where the first and the
    last such answer leave different games (their full views), ``determinize(t, Random(k))``
    after either gives the same world,
    as a determinize does that deals from what t has not seen in an order its rng alone sets
    (check 11 holds it to the same): a world that keeps the answer as it really is (one
    seat's face-down card, or its hand, left unresampled) is caught here, whichever seat.
    An answer whose consequences reveal something (`Game.reveal`) is left out: what comes out
    then may depend on it (the Artifact draft's next drafter sees the cards passed on).
    ``limit``: at most this many answers of each public part are applied (None: all).
    Returns how many answers were compared."""
    decision = game.pending
    ruleset = game.ruleset
    n = game.config.players
    groups: dict = {}
    for action in game.legal_actions():
        seen = ruleset.action_seen_by(game, decision, action)
        if seen is None:
            continue
        blind = tuple(seat for seat in range(n) if seat not in seen) + (None,)
        part = (ruleset.action_public(game, decision, action), blind)
        groups.setdefault(part, []).append(action)
    logged = len(game.log)
    applied = 0
    for (public, blind), actions in groups.items():
        if len(actions) < 2:
            continue
        actions = spread(actions, limit)  # the first, the last, and between
        seen = [(a, _seen_after(game, a, list(blind), logged)) for a in actions]
        seen = [(a, after) for a, after in seen if after is not None]
        for action, after in seen[1:]:
            for seat in blind:
                who = "the spectator" if seat is None else f"seat {seat}"
                for part in ("view", "records", "legal"):
                    first = seen[0][1][seat][part]
                    assert after[seat][part] == first, (
                        f"{at}: {who} can tell '{seen[0][0].id}' from '{action.id}' (the "
                        f"same public part {public!r}, hidden from it): its {WHAT[part]} "
                        f"after them ({differences(first, after[seat][part])}): leave what "
                        "the answer chose out of what that seat is shown, or, if the rules "
                        "turn it up then, call game.reveal() where it comes out")
        seats = [t for t in blind if t is not None]
        if key is not None and len(seen) > 1 and seats:
            # one blind seat a decision, in turn (the key): every seat over a game, at a
            # fraction of the cost of all at every decision
            _same_worlds(seen[0], seen[-1], [seats[key % len(seats)]], key, at,
                         decision.player)
        applied += len(seen) if len(seen) > 1 else 0
    return applied


def _same_worlds(first: tuple, last: tuple, blind: list, key: int, at: str,
                 player: int) -> None:
    """Part of check 7: after two answers of ``player`` that each seat of ``blind`` cannot
    tell apart, its determinized worlds (the same rng) are the same game."""
    (a, after_a), (b, after_b) = first, last
    games = after_a["game"], after_b["game"]
    if games[0].full_view() == games[1].full_view():
        return
    for t in blind:
        k = key * 8 + t
        worlds = [g.determinize(t, random.Random(k)).full_view() for g in games]
        assert worlds[0] == worlds[1], (
            f"{at}: seat {t} cannot tell player {player}'s '{a.id}' from '{b.id}' (hidden from "
            f"it), yet determinize({t}, Random({k})) gives different worlds after them "
            f"({differences(worlds[0], worlds[1])}): the world keeps what seat {t} has not "
            "seen as it really is; deal it again from everything seat "
            f"{t} has not seen, in an order the rng alone sets")


def check_seen_kept(game: Game, key: int, at: str) -> int:
    """Check 11 at one decision: an answer `Ruleset.action_seen_by` shows to a seat t other
    than the one answering (its log record's ``to``, `Game.history`) is not resampled by
    ``determinize(t)``. For the first and the last legal answers that a listed seat t sees,
    when t can tell them apart (its view or the records new to it differ) and the hidden
    state after them differs (their full views), ``determinize(t, Random(k))`` after one must
    not give the same world (full view) as after the other: what t saw would be lost. This
    holds a determinize that deals from what t has not seen, in an order its rng alone sets;
    answers seen by everyone (None) are left to check 5. Returns how many worlds were
    compared."""
    decision = game.pending
    ruleset = game.ruleset
    n = game.config.players
    listed = []
    for action in game.legal_actions():
        seen = ruleset.action_seen_by(game, decision, action)
        if seen is not None:
            listed.append((action, [t for t in seen if t != decision.player and 0 <= t < n]))
    if len(listed) < 2:
        return 0
    (first, seen_first), (last, seen_last) = listed[0], listed[-1]
    watchers = [t for t in seen_first if t in seen_last]
    if not watchers:
        return 0
    logged = len(game.log)
    after = []
    for action in (first, last):
        clone = game.clone()
        clone.apply(action.id)
        after.append(clone)
    if after[0].full_view() == after[1].full_view():
        return 0
    compared = 0
    for t in watchers:
        told = (after[0].view(t) != after[1].view(t)
                or visible(list(after[0].log)[logged:], t)
                != visible(list(after[1].log)[logged:], t))
        if not told:
            continue
        k = key * 8 + t
        worlds = [g.determinize(t, random.Random(k)).full_view() for g in after]
        assert worlds[0] != worlds[1], (
            f"{at}: seat {t} sees player {decision.player}'s answer (action_seen_by lists it, "
            f"the log shows it to seat {t}) and can tell '{first.id}' from '{last.id}', yet "
            f"determinize({t}, Random({k})) gives the same world after either: it resamples "
            f"what seat {t} saw. Keep that answer in seat {t}'s worlds, or leave seat {t} out "
            "of action_seen_by if the answer is face down to it")
        compared += 2
    return compared


def _told(game: Game, action, seat: int) -> object:
    """What ``seat``'s history says of ``action`` answered now (`Game.history`): its id when
    `Ruleset.action_seen_by` shows it to the seat, else its public part."""
    decision = game.pending
    seen = game.ruleset.action_seen_by(game, decision, action)
    if seen is None or seat in seen:
        return action.id
    return ("hidden", game.ruleset.action_public(game, decision, action))


def check_history_hides(game: Game, at: str, key: int,
                        limit: int | None = HISTORY_LIMIT) -> int:
    """Check 12 at one decision: a seat's history tells it no more of an answer than its view
    does. For two answers of the player on turn (at most ``limit``, `spread`) that leave
    different games (their full views) which a seat t, another than the player, cannot tell
    apart by its view, t's history must say the same of both (`Game.history`: the id when
    `Ruleset.action_seen_by` shows it to t, else `Ruleset.action_public`) whenever t's
    determinized worlds after them are the same (``determinize(t, Random(k))``: the world
    treats the answer as hidden from t), unless the answer's consequences reveal something
    (`Game.reveal`). Catches a face-down answer shown
    to everyone (action_seen_by None, the default) and a public part that names the answer
    (check 7 holds the records of answers with the same public part). Returns how many
    answers were applied."""
    decision = game.pending
    n = game.config.players
    seats = [t for t in range(n) if t != decision.player]
    if not seats:
        return 0
    logged = len(game.log)
    after = []
    for action in spread(list(game.legal_actions()), limit):
        seen = _seen_after(game, action, seats, logged)
        if seen is not None:
            after.append((action, seen))
    full: dict = {}  # made only for a pair some seat cannot tell apart (the costly view)
    for i, (a, seen_a) in enumerate(after):
        for b, seen_b in after[i + 1:]:
            blind = [t for t in seats if seen_a[t]["view"] == seen_b[t]["view"]]
            if not blind:
                continue
            for x, seen_x in ((a, seen_a), (b, seen_b)):
                if x.id not in full:
                    full[x.id] = seen_x["game"].full_view()
            if full[a.id] == full[b.id]:
                continue
            for t in blind:
                told = _told(game, a, t), _told(game, b, t)
                if told[0] == told[1]:
                    continue
                # told apart by the history: a leak only where t's worlds treat the answer as
                # hidden (one world after either); where determinize keeps it, it is public
                # news the view leaves out (a team game's call of one seat of a team)
                k = key * 8 + t
                worlds = [x["game"].determinize(t, random.Random(k)).full_view()
                          for x in (seen_a, seen_b)]
                assert worlds[0] != worlds[1], (
                    f"{at}: seat {t}'s view cannot tell player {decision.player}'s "
                    f"'{a.id}' from '{b.id}', yet its history does ({told[0]!r} then "
                    f"{told[1]!r}), while determinize({t}, Random({k})) treats the answer as "
                    "hidden (the same world after either): if the answer is face down to "
                    f"seat {t}, hide it (Ruleset.action_seen_by: the seats that see it) and "
                    "tell the others only what they learn (Ruleset.action_public, the same "
                    f"for every such answer); else keep it in seat {t}'s worlds and show it "
                    "in the view")
    return len(after)


def _reseeded(game: Game, rng: random.Random) -> Game | None:
    """A clone of ``game`` whose random streams (every `Streams` the state holds) are seeded
    again from ``rng``: the same position, another future. None when the state holds none."""
    from artemis.kernel.streams import Streams

    clone = game.clone()
    fields = getattr(clone.state, "__dict__", None) or {}
    found = False
    for name, value in list(fields.items()):
        if isinstance(value, Streams):
            setattr(clone.state, name, Streams.seeded(
                (stream, rng.getrandbits(64)) for stream in sorted(dict.keys(value))))
            found = True
    return clone if found else None


def check_reveal(game: Game, action, key: int, at: str) -> bool:
    """Check 13 at one decision: ``action`` (the answer about to be played) is applied to a
    clone of the game and to a clone whose random streams are seeded again (the same
    position, other rolls and draws to come). When some seat's view, or the records it is
    shown, then differ, that seat saw a random outcome (a roll, a card drawn): the answer
    must call `Game.reveal` (undo cannot take back an answer whose random outcome was seen);
    and a
    record that differs while the seat's view does not tells it what its view never shows
    (another seat's drawn card). Only an answer that reads a random stream is compared.
    Returns whether the clones were compared."""
    from artemis.kernel.streams import Streams

    real = game.clone()
    fields = getattr(real.state, "__dict__", None) or {}
    streams = {}
    for name, value in list(fields.items()):
        if isinstance(value, Streams):  # forked: a stream read afterwards is copied first
            streams[name] = value.fork()
            setattr(real.state, name, streams[name])
    held = {(name, stream): dict.__getitem__(value, stream)
            for name, value in streams.items() for stream in dict.keys(value)}
    logged = len(game.log)
    real.apply(action.id)
    if all(dict.get(getattr(real.state, name), stream) is generator
           for (name, stream), generator in held.items()):
        return False  # no stream was read: nothing random came out
    other = _reseeded(game, random.Random(key))
    other.apply(action.id)
    revealed = real.revealed_at == len(real.actions)
    for t in [*range(game.config.players), None]:
        who = "the spectator" if t is None else f"seat {t}"
        views = real.view(t), other.view(t)
        records = visible(list(real.log)[logged:], t), visible(list(other.log)[logged:], t)
        if views[0] == views[1] and records[0] == records[1]:
            continue
        here = f"{at}, '{action.id}' played with the random streams seeded again"
        assert views[0] != views[1], (
            f"{here}: the records {who} is shown differ ({differences(records[0], records[1])}"
            f") while its view does not: a record names a random outcome {who} may not know; "
            "address it to the seats that may (emit(..., to=[...])) or show it in the view")
        assert revealed, (
            f"{here}: {who}'s view differs afterwards ({differences(views[0], views[1])}): "
            "the answer brings out a random outcome (a roll, a card drawn), so undo "
            "must not take it back: call game.reveal() where it comes out")
    return True


_SPACES: dict = {}  # (game, players, params, variants, expansions, options, versions): space


def declared_space(game: Game):
    """The game's declared action space for its config (`parts.Tools.action_space`), made once
    per config (every seed shares it), or None when the game declares none
    (`NoActionSpace`)."""
    from artemis.kernel.action_space import NoActionSpace

    c = game.config
    key = (c.game, id(game.ruleset), c.players, repr(c.params), repr(c.variants),
           repr(c.expansions), repr(c.options), c.rules_version, c.content_version)
    if key not in _SPACES:
        try:
            space = game.ruleset.tools.action_space(c)
        except NoActionSpace:
            space = None
        else:
            space = ({kind: frozenset(listed) for kind, listed in space.by_question.items()},
                     dict(space.widest), space.max_options)
        if len(_SPACES) > 64:
            _SPACES.clear()
        _SPACES[key] = space
    return _SPACES[key]


def check_action_space(game: Game, legal: list[str], at: str) -> None:
    """Check 9 at one decision: every legal id is one the pending question's kind may list
    in the game's declared action space (`parts.Tools.action_space`), and there are no more of
    them than that question's widest and the game's `max_options`. Nothing to check for a
    game that declares none."""
    space = declared_space(game)
    if space is None or game.pending is None:
        return
    by_question, widest, most = space
    kind = game.pending.kind
    listed = by_question.get(kind)
    assert listed is not None, (
        f"{at}: the game asks a '{kind}' question, which its declared action space "
        f"(parts.Tools.action_space) does not have")
    for action_id in legal:
        assert action_id in listed, (
            f"{at}: '{action_id}' is a legal answer to the {kind} question, but not in the "
            "game's declared action space (parts.Tools.action_space)")
    bound = min(widest.get(kind, len(listed)), most)
    assert len(legal) <= bound, (
        f"{at}: the {kind} question lists {len(legal)} options, more than the declared "
        f"widest {bound} (parts.Tools.action_space, max_options)")


def check_search_game(config, iterations: int = 4) -> Game:
    """Check 9 in a game played by the search bot (`artemis.players.mcts`, ``iterations``
    a decision, seeded from the game seed): at every decision the legal ids lie in the
    declared action space, within its widest. A search bot plays other lines than a random
    one (long games, the options it favours). Returns the finished game."""
    from artemis.players.mcts import MCTSBot

    game = Game.new(config)
    game.logging = False
    bots = [MCTSBot(game.config.seed * 31 + seat, iterations=iterations)
            for seat in range(game.config.players)]
    decisions = 0
    while not game.is_over:
        at = where(game, decisions) + f", mcts:iterations={iterations}"
        assert decisions < game.ruleset.max_decisions, f"{at}: not over after max_decisions"
        check_action_space(game, [a.id for a in game.legal_actions()], at)
        game.apply(bots[game.current_player].choose(game))
        decisions += 1
    check_score_bounds(game, where(game, decisions) + f", mcts:iterations={iterations}")
    return game


def check_score_bounds(game: Game, at: str) -> None:
    """Check 10 at the end: every seat's result (its ``vp``) lies within the game's declared
    score bounds (`parts.Tools.score_bounds`); nothing to check for a game that declares none."""
    from artemis.kernel.ruleset import NoScoreBounds

    try:
        low, high = game.ruleset.tools.score_bounds(game.config)
    except NoScoreBounds:
        return
    assert low <= high, (
        f"{at}: the declared score bounds are reversed: low {low} above high {high} "
        "(parts.Tools.score_bounds returns (lowest, highest))")
    for row in game.result["players"]:
        assert low <= row["vp"] <= high, (
            f"{at}: seat {row['seat']} ends with {row['vp']} VP, outside the declared score "
            f"bounds {low} to {high} (parts.Tools.score_bounds)")


def check_result(game: Game, decisions: int, at: str) -> None:
    """Check 6 at the end: over within max_decisions, nothing left to decide, and a result
    whose ranking is a permutation of the seats (best first, VP not increasing) with
    ranking[0] the winner, or no winner (None) in a solo game lost (``won`` False)."""
    n = game.config.players
    assert game.is_over, f"{at}: not over"
    assert decisions <= game.ruleset.max_decisions, f"{at}: past max_decisions"
    assert game.current_player is None and game.legal_actions() == [], \
        f"{at}: over, yet a question is pending"
    refused(game, at)
    result = game.result
    assert result is not None and result == game.result, f"{at}: no stable result"
    assert [row["seat"] for row in result["players"]] == list(range(n)), \
        f"{at}: result rows {result['players']}"
    ranking = result["ranking"]
    assert sorted(ranking) == list(range(n)), f"{at}: ranking {ranking} is not the seats"
    winner = None if result.get("won") is False else ranking[0]
    assert result["winner"] == winner, f"{at}: winner {result['winner']}, {ranking=}"
    vps = [result["players"][seat]["vp"] for seat in ranking]
    assert vps == sorted(vps, reverse=True), f"{at}: VP {vps} along ranking {ranking}"
    check_score_bounds(game, at)


def play_checked(game: Game, bot: random.Random) -> Game:
    """Play ``game`` to the end with ``bot`` choosing uniformly among the legal actions,
    running checks 1, 2, 4, 5 (with 8), 7, 9, 11, 12 and 13 at every decision and 6 (with 10)
    at the end; asserts that some
    determinized world differed from the original (check 5 is not vacuous) unless the game
    has nothing hidden (its full view is always its public view), and, once some answer was
    hidden from a seat (`Ruleset.action_seen_by`), that some seat's world showed another seat
    a view other than its real one (determinize resamples what only others know). Returns
    it."""
    decisions = 0
    at = where(game, decisions)
    snap = snapshot(game, at)
    differed = False
    hidden = False  # whether the game has anything hidden at all (its full view shows more)
    blind = ""  # the first answer hidden from some seat (action_seen_by), if any
    private: set = set()  # seats whose own view some world of another seat changed
    while not game.is_over:
        hidden = hidden or snap["full"] != snap["views"][None]
        assert decisions < game.ruleset.max_decisions, \
            f"{at}: not over after max_decisions = {game.ruleset.max_decisions}"
        assert game.result is None, f"{at}: a result before the end"
        check_illegal(game, snap, at)
        check_action_space(game, snap["legal"], at)
        clone = check_clone(game, snap, at)
        key = game.config.seed * 100_003 + decisions
        check_indistinguishable(game, at, INDISTINGUISHABLE_LIMIT, key)
        differed = check_hidden_information(game, snap, key, at,
                                            playout=decisions % PLAYOUT_EVERY == 0,
                                            differed=differed, private=private)
        check_seen_kept(game, key, at)
        check_history_hides(game, at, key)
        action = bot.choice(game.legal_actions())
        check_reveal(game, action, key, at)
        seen = game.ruleset.action_seen_by(game, game.pending, action)
        if seen is not None and any(seat not in seen for seat in range(game.config.players)):
            blind = blind or f"'{action.id}' of player {game.current_player}, at decision " \
                f"{decisions}, hidden from seats " \
                f"{[seat for seat in range(game.config.players) if seat not in seen]}"
        game.apply(action)
        assert clone.full_view() == snap["full"], \
            f"{at}: applying '{action.id}' to the original changed its clone"
        clone.apply(action.id)  # by id: the same answer however given
        decisions += 1
        at = where(game, decisions)
        snap = snapshot(game, at)
        got = snapshot(clone, at)
        for seat, view in snap["views"].items():
            assert got["views"][seat] == view, f"{at}: after '{action.id}', view({seat}) of " \
                "the clone differs from the original's"
        assert got["full"] == snap["full"], f"{at}: after '{action.id}', the clone's full " \
            "view differs from the original's"
        assert got["legal"] == snap["legal"], f"{at}: after '{action.id}', the clone's " \
            "legal ids differ"
    check_result(game, decisions, at)
    # a game of perfect information (its full view never shows more than the public one) has
    # nothing to resample; any other must have resampled something somewhere
    assert differed or not hidden, (
        f"{where(game, decisions)}: no determinize() of any seat at any decision changed the "
        "full view: nothing hidden was ever resampled")
    assert private or not blind, (
        f"{where(game, decisions)}: answers were hidden from some seats (the first: {blind}), "
        "yet no determinize(t) world at any decision showed another seat a view other than its "
        "real one: determinize keeps what only other seats know (their hands, their face-down "
        "answers) as it really is; resample it from what t has not seen")
    return game


def check_save_continues(config) -> None:
    """Check 3: a game played by random bots (`RandomBot`, the kind a save records) is saved
    every SAVE_EVERY decisions and when over (`save_record`, through the file text:
    `save_text`, `parse_save`), loaded (`restore`) and continued with the loaded bots. Each
    loaded game has the original's full view, log and legal ids at the save point; its
    continuation takes the same actions with the same public view and legal ids decision by
    decision (the full view, costly for its stream digests, at the end only) and ends with the
    same full view, log and result."""
    game = Game.new(config)
    n = game.config.players
    kinds = ["random"] * n
    bots = [RandomBot(game.config.seed * 31 + seat) for seat in range(n)]
    public, logs, legal, ids = [game.view(None)], [len(game.log)], [legal_ids(game, "")], []
    saves = {}
    while True:
        decision = len(ids)
        if decision % SAVE_EVERY == 0 or game.is_over:
            saves[decision] = (save_text(save_record(game, kinds, None, bots)),
                               game.full_view())
        if game.is_over:
            break
        action = bots[game.current_player].choose(game)
        game.apply(action)
        ids.append(action.id)
        public.append(game.view(None))
        logs.append(len(game.log))
        legal.append([a.id for a in game.legal_actions()])
    for decision, (text, full) in saves.items():
        at = where(game, decision) + ", saved and loaded"
        loaded = restore(parse_save(text))
        copy = loaded.game
        assert copy.full_view() == full, f"{at}: the full view differs"
        assert copy.log == game.log[:logs[decision]], f"{at}: the log differs"
        step = decision
        while True:
            here = where(game, step) + f" (continued from a save at decision {decision})"
            assert copy.view(None) == public[step], f"{here}: the public view differs"
            assert [a.id for a in copy.legal_actions()] == legal[step], \
                f"{here}: the legal ids differ"
            if copy.is_over:
                break
            action = loaded.bots[copy.current_player].choose(copy)
            assert step < len(ids) and action.id == ids[step], \
                f"{here}: the loaded bot chose '{action.id}'"
            copy.apply(action)
            step += 1
        assert step == len(ids), f"{at}: the continuation ended after {step} decisions"
        assert copy.full_view() == saves[step][1], f"{at}: the final full view differs"
        assert copy.log == game.log, f"{at}: the continued game's log differs"
        assert copy.result == game.result, f"{at}: the continued game's result differs"
