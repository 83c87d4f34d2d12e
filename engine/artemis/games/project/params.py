"""Reading rule parameters for a player: docs/authoring.md 4.5 (R20).

Step 0 a variant's setting replaces the rulebook default; then ``set`` from the player's active
buildings, ``set`` from this round's events (an event overrides a building), every ``add``
(union for a set of places, which a ``set`` makes the set of its one place), and the clamp
at 0 for all but the ``*_adjust`` parameters.
"""

from __future__ import annotations

from artemis.games.project.rules.colonists import fully_staffed


def active_modifiers(game, player: int, name: str | None = None):
    """(modifier, building index) for the passives of ``player``'s active buildings, in
    building order; with ``name``, only the modifiers of that parameter."""
    out = []
    by_id = game.catalog.by_id
    for i, owned in enumerate(game.state.players[player].buildings):
        tile = by_id[owned.tile]
        passive = tile.passive
        if passive is None:
            continue
        for m in passive.modify:
            # the name first: most passives change another parameter than the one read
            if (name is None or m.param == name) and (
                    passive.requires == "owned" or fully_staffed(tile.slots, owned.staff)):
                out.append((m, i))
    return out


def param(game, name: str, player: int | None = None):
    """The value of rule parameter ``name`` for ``player`` (None for a global read).

    Place values: "shelters" or ("building", index). Raises KeyError for an unknown name."""
    spec = game.registry.parameters[name]
    value = game.param_defaults.get(name, spec.default)
    kind = spec.type
    places = kind == "places"
    if places:
        value = set(value)
    state = game.state
    # only the modifiers of ``name``; plain loops, since most reads find none
    buildings = ()
    if player is not None:
        by_id = game.catalog.by_id
        for owned in state.players[player].buildings:
            if by_id[owned.tile].passive is not None:  # most buildings have none
                buildings = active_modifiers(game, player, name)
                break
    events = ()
    if state.event_modifiers:
        events = []
        for m in state.event_modifiers:
            if m.param == name:
                events.append(m)
    if buildings or events:
        for m, i in buildings:
            if m.mode == "set":
                value = {_place(m.value, i)} if places else _place(m.value, i)
        for m in events:
            if m.mode == "set":
                value = {m.value} if places else m.value
        for m, i in buildings:
            if m.mode == "add":
                value = _add(value, _place(m.value, i))
        for m in events:
            if m.mode == "add":
                value = _add(value, m.value)
    if kind == "int" and value < 0 and not spec.signed:
        value = 0
    return value


def _place(value, building: int):
    return ("building", building) if value == "this_building" else value


def _add(value, extra):
    if isinstance(value, set):
        return value | {extra}
    return value + extra


def last_round(game) -> int:
    """The game's last round: the rule parameter ``rounds`` (six in the rulebook: Setup,
    General Setup, step 5), for "Round 4 of 6" (the words part)."""
    return param(game, "rounds")
