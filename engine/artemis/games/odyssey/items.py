"""The Artemis Odyssey's items, as the kernel operations (`artemis.kernel.operations`) see
them: the six Resources a player holds as Resource cards, and ``ore``, a pick-any pool of the
three Ores (rulebook, Components; docs/odyssey-authoring.md 4).

Two rules of the Odyssey differ from the kernel's defaults and are kept here:

- ``vp`` inside a Score action adds to that card's tally, which the rules keep as
  ``state.tally`` ({seat: VP}, None outside a Score action); elsewhere it moves the Score
  marker at once, and the marker never goes below 0 (OR9);
- ``modify`` is scoped to one travel or one Score action of the acting player: the change
  is kept as a `ScopedModifier` (`artemis.games.odyssey.ops.modify`), not as a modifier of
  the round.
"""

from __future__ import annotations

from dataclasses import dataclass

from artemis.games.odyssey.vocabulary import MAX_CARDS, ORES, RESOURCE_NAMES, RESOURCES
from artemis.kernel.operations import EffectItems, Pool, items_schema

ORE = Pool("ore", ORES, tuple(RESOURCE_NAMES[o] for o in ORES), "ore")

ITEMS_SCHEMA = items_schema(
    {**{r: f"{RESOURCE_NAMES[r]} cards." for r in RESOURCES},
     "ore": "Ore cards: Xanthium, Yoyodium and Zozodium in any mix the acting player picks."},
    "Resource cards taken, returned or paid: any of water, food, energy, xanthium, yoyodium, "
    "zozodium and ore (Ores in any mix), each a whole number from 1 to 25, the cards of one "
    "type in the box (docs/odyssey-authoring.md 4).",
    examples=[{"water": 2, "food": 2}, {"energy": 2, "ore": 1}],
    maximum=MAX_CARDS,
)


@dataclass(frozen=True, slots=True)
class ScopedModifier:
    """A rule parameter change for one player until its scope ends: ``scope`` is
    "this_travel" or "this_score" (`artemis.games.odyssey.vocabulary.SCOPES`), ``mode``
    "set" or "add"."""

    player: int
    param: str
    mode: str
    value: object
    scope: str


class OdysseyItems(EffectItems):
    """Items are the Resource counts of a player of the state (``state.players[seat]``, an
    attribute per Resource, and ``vp``, the Score marker); see the module for ``vp``. The
    Odyssey records no modifier of the round: its ``modify`` is `ops.modify`."""

    names = RESOURCES
    pools = (ORE,)
    schema = ITEMS_SCHEMA

    def held(self, game, player: int, item: str) -> int:
        """How many Resource cards of ``item`` ``player`` holds."""
        return game.state.players[player].res[RESOURCES.index(item)]

    def change(self, game, player: int, item: str, n: int) -> None:
        """Move ``n`` cards of ``item`` between the bank and ``player``'s hand: a gain takes
        only what the bank holds (OR21), a loss returns the cards; log ``gain`` or ``lose``
        {player, item, amount} when any card moved."""
        state = game.state
        i = RESOURCES.index(item)
        if n > 0:
            n = min(n, state.bank[i])
        state.players[player].res[i] += n
        state.bank[i] -= n
        if n:
            game.emit("gain" if n > 0 else "lose", player=player, item=item, amount=abs(n))

    def add_vp(self, game, player: int, n: int) -> None:
        """Inside a Score action (``state.tally`` not None) add ``n`` to ``player``'s tally;
        else move the marker by ``n``, stopping at 0 (OR9)."""
        state = game.state
        tally = getattr(state, "tally", None)
        if tally is not None:
            tally[player] = tally.get(player, 0) + n
            return
        p = state.players[player]
        p.vp = max(0, p.vp + n)


ITEMS = OdysseyItems()
