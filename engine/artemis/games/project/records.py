"""The Project's compact log records: the records its rules log every turn, each a `Record`
naming its type and its keys in order (docs/design.md, "The log"). A rule logs one with
``game.record((PLACED, player, rolled, face, region, target))``; the log makes the dict
``{"type": "placed", "player": ..., ...}`` when it is read. The records its rules log now
and then are made as dicts (``game.emit``). Gains and losses of resources are the kernel's
(`artemis.kernel.log.GAIN`, ``LOSE``)."""

from __future__ import annotations

from artemis.kernel.log import Record

# Placement Phase (rulebook, "Placement Phase"; a Basecamp send, "Basecamp")
PLACED = Record("placed", "player", "rolled", "face", "region", "target")
SENT = Record("sent", "player", "card", "colonist", "count")
# Resolution Phase (rulebook, "Resolution Phase"): a region resolved, then its rules
RESOLVE = Record("resolve", "region")
#: the Vents and Quarry: what a die took (rulebook, "Exposure")
HARVESTED = Record("gain", "player", "item", "amount", "region", "face")
#: a die that took nothing (its player gains on the Relief Track)
EXPOSED = Record("exposed", "player", "region", "face")
RECRUITED = Record("recruited", "player", "colonist", "cost")
COLONIST_GAINED = Record("colonist_gained", "player", "colonist")
EXPEDITION = Record("expedition", "card", "total", "difficulty", "success", "ranking")
RETURNED = Record("returned", "player", "colonists")
GANTRY_BOUGHT = Record("gantry_bought", "player", "tile", "price")
#: a player who declined and may not be offered the tile again (gantry_decliner_out)
GANTRY_DECLINED = Record("gantry_declined", "player", "tile")
#: a player who declined with the die ``die``, who may be offered it again at a lower die
GANTRY_DECLINED_AT = Record("gantry_declined", "player", "tile", "die")
GANTRY_UNSOLD = Record("gantry_unsold", "tile")
BUILDING_CLAIMED = Record("building_claimed", "player", "tile")
RELIEF = Record("relief", "player", "space")
# Upkeep (rulebook, "Upkeep Phase")
MOVED = Record("moved", "player", "action")
HEATED = Record("heated", "player", "colonists", "energy")
