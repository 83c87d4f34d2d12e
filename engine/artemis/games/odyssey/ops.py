"""The Odyssey's effect operations as code: the kernel operations (gain, lose, pay, vp,
choose, per; `artemis.kernel.operations`) bound to the Odyssey's items, in its words, and its
``modify``, scoped to one travel or one Score action of the acting player.

The Odyssey's own twelve operations (`artemis.games.odyssey.vocabulary.OPERATIONS`) act on the
galaxy, the decks and the Planning board: their code is part of the rules, which bind it to
them when the game is played.
"""

from __future__ import annotations

from artemis.games.odyssey.items import ITEMS, ScopedModifier
from artemis.games.odyssey.vocabulary import KERNEL_DESCRIPTIONS, KERNEL_EXAMPLES
from artemis.games.odyssey.words import describe
from artemis.kernel.operations import KernelOps

KERNEL = KernelOps(ITEMS, describe, KERNEL_DESCRIPTIONS, KERNEL_EXAMPLES)


def modify(game, player, args, source):
    """``modify: {param, set | add, scope}``: keep the change for ``player`` until the end of
    its scope, in ``game.state.scoped_modifiers`` (a list the Travel and Score rules read and
    clear: docs/odyssey-rulings.md OR32, OR9), and log ``modify`` {player, param, mode,
    value, scope}."""
    mode = "set" if "set" in args else "add"
    game.state.scoped_modifiers.append(
        ScopedModifier(player, args["param"], mode, args[mode], args["scope"]))
    game.emit("modify", player=player, param=args["param"], mode=mode, value=args[mode],
              scope=args["scope"])
