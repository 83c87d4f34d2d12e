"""Reading the galaxy: which planets are available to a player, who can travel where, what
Assets yield and count (rulebook, Travel, Produce, Scoring Options; OR12, OR13, OR29)."""

from __future__ import annotations

from artemis.games.odyssey.state import (
    COLONY,
    FACTORY,
    NOBODY,
    STARSHIP,
    TERRAFORMER,
    Planet,
)

ALIEN = "alien"


def available(planet: Planet, seat: int) -> bool:
    """Whether ``seat`` may land on ``planet`` (rulebook, Travel): face down, or face up
    holding no Asset of another player."""
    return not planet.up or planet.owner in (NOBODY, seat)


def starship_planets(state, seat: int) -> list[Planet]:
    """The planets holding a Starship of ``seat``."""
    return [p for p in state.planets if p.owner == seat and p.pieces[STARSHIP]]


def moves(state, seat: int, system: str, same_system: bool = False,
          exclude: str | None = None) -> list[tuple]:
    """Every travel of ``seat`` into ``system``: (from planet, to planet), the target
    available and not the origin (OR2, OR29); ``same_system``: the Starship must already be
    in ``system`` (a drift within a system); ``exclude``: a planet whose one Starship may not
    move (the one that just moved: a `travel` of ``starship: another``), unless another of
    the player's Starships stands there too. The Starting system is never a destination
    (OR13)."""
    if system == state.planets[0].system:
        return []
    targets = [p for p in state.in_system(system) if available(p, seat)]
    out = []
    for origin in starship_planets(state, seat):
        if same_system and origin.system != system:
            continue
        if origin.id == exclude and origin.pieces[STARSHIP] < 2:
            continue
        out.extend((origin, t) for t in targets if t is not origin)
    return out


def can_travel(state, seat: int, system: str, same_system: bool = False,
               exclude: str | None = None) -> bool:
    """OR29's test: a Starship on some planet O and an available planet T != O there."""
    return bool(moves(state, seat, system, same_system, exclude))


def yield_of(planet: Planet) -> int:
    """What its Assets produce (rulebook, Produce): 1 per Colony or Starship, 2 per Factory;
    nothing on an Alien planet, nothing for Terraformers."""
    if planet.type == ALIEN:
        return 0
    pc = planet.pieces
    return pc[COLONY] + pc[STARSHIP] + 2 * pc[FACTORY]


def owed(state, resource: str) -> list[int]:
    """Per seat, the cards a Produce of ``resource`` pays (revealed planets only)."""
    out = [0] * state.n
    for p in state.planets:
        if p.up and p.type == resource and p.owner != NOBODY:
            out[p.owner] += yield_of(p)
    return out


def alien_present(state, seat: int) -> int:
    """Alien planets holding any of ``seat``'s Assets."""
    return sum(1 for p in state.planets if p.owner == seat and p.type == ALIEN)


def systems_present(state, seat: int) -> int:
    """Systems, the Sun included, holding any of ``seat``'s Assets."""
    return len({p.system for p in state.planets if p.owner == seat})


def concentration(state, seat: int) -> int:
    """``seat``'s Assets in its fullest system, the Sun included (OR12)."""
    per: dict[str, int] = {}
    for p in state.planets:
        if p.owner == seat:
            per[p.system] = per.get(p.system, 0) + sum(p.pieces)
    return max(per.values(), default=0)


def assets_in_play(state, seat: int, kinds=None, on: str | None = None) -> int:
    """``seat``'s Assets in play, of the Asset indices ``kinds`` (default all), on planets
    of type ``on`` (a planet type, ``production`` for any but Alien, None for any)."""
    kinds = range(4) if kinds is None else kinds
    n = 0
    for p in state.planets:
        if p.owner != seat:
            continue
        if on is not None and (p.type == ALIEN if on == "production" else p.type != on):
            continue
        n += sum(p.pieces[k] for k in kinds)
    return n


def face_down_left(state) -> int:
    """Planets still face down (OR16: the last planet is discovered at 0)."""
    return sum(1 for p in state.planets if not p.up)


def terraformers_with_colony_or_factory(state, seat: int) -> int:
    """``seat``'s Terraformers sharing a planet with its Colony or Factory."""
    return sum(p.pieces[TERRAFORMER] for p in state.planets
               if p.owner == seat and (p.pieces[COLONY] or p.pieces[FACTORY]))
