"""A round: Placement, Resolution from Event Spot A clockwise with the Event at its letter,
Upkeep, then Refresh and the start-player choice, or final scoring after the last round
(rulebook, Game Play; R18, R34)."""

from __future__ import annotations

from artemis.games.project import regions
from artemis.games.project.params import param
from artemis.games.project.records import RESOLVE
from artemis.games.project.rules.flow import push, step

# the Phase marker's path: each spot resolves just before the region after it
# (docs/authoring.md 13.3)
RESOLUTION = regions.RESOLUTION  # each region after the Event spot before it


@step("game_start")
def game_start(game) -> None:
    push(game, ("board_setup",), ("round",))


@step("round")
def play_round(game) -> None:
    push(game, ("placement",), ("resolution",), ("upkeep",), ("round_end",))


@step("resolution")
def resolution(game) -> None:
    game.state.phase = "resolution"
    push(game, *_RESOLVE_STEPS)


_RESOLVE_STEPS = tuple(("resolve", what, name) for what, name in RESOLUTION)  # steps are values


@step("resolve")
def resolve(game, what: str, name: str) -> None:
    s = game.state
    if what == "spot":
        if s.event is not None and game.catalog.by_id[s.event].when == name:
            push(game, ("event", s.event))
        return
    if game.logging or game.observers:  # a hot record: no keyword dict when nobody reads it
        game.record((RESOLVE, name))
    # asked only when a plugin implements it (Game.new): a pluggy call costs more than the region
    if game.region_hook and game.plugins.artemis_resolve_region(game=game, region=name):
        return  # a plugin resolves this region its own way
    region = regions.BY_ID.get(name)
    if region is None:
        return
    if region.step is not None:
        push(game, region.step)
    else:  # the dice were resolved at placement (the Outfitter); players take them back
        setattr(s, region.dice_field, [])


@step("round_end")
def round_end(game) -> None:
    s = game.state
    if s.round >= param(game, "rounds"):
        push(game, ("final_scoring",))
        return
    # Refresh, then the start-player choice (R18: immediate events count for the test)
    push(game, ("board_setup",), ("choose_start",), ("round",))
