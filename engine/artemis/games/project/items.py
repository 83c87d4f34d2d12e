"""The Artemis Project's items, as the kernel operations (`artemis.kernel.operations`) see
them: Energy, Minerals and Toolkits on a player's mat, and ``resources``, a pick-any pool of
Energy and Minerals (rulebook, Some General Rules) split with the ``split`` question."""

from __future__ import annotations

from artemis.games.project.catalog import Modifier
from artemis.kernel.operations import EffectItems, Pool, items_schema

RESOURCES = Pool("resources", ("energy", "minerals"), ("Energy", "Minerals"), "split")

ITEMS_SCHEMA = items_schema(
    {
        "energy": "Energy.",
        "minerals": "Minerals.",
        "toolkits": "Toolkits.",
        "resources": "Resources: Energy and Minerals in any mix the acting player picks.",
    },
    "Items taken, returned or paid: any of energy, minerals, toolkits and resources (any mix "
    "of Energy and Minerals, the acting player splits), each a positive whole number "
    "(docs/authoring.md 4).",
    examples=[{"minerals": 2}, {"resources": 1, "toolkits": 1}],
)


class ProjectItems(EffectItems):
    """Items are the attributes of `artemis.games.project.state.Player` (the defaults of
    EffectItems); an untargeted `modify` joins this round's event modifiers
    (``state.event_modifiers``, read by `artemis.games.project.params.param` until the next
    Board Setup, R18)."""

    names = ("energy", "minerals", "toolkits")
    pools = (RESOURCES,)
    schema = ITEMS_SCHEMA

    def record_modifier(self, game, param, mode, value) -> None:
        game.state.event_modifiers.append(Modifier(param, mode, value))


ITEMS = ProjectItems()
