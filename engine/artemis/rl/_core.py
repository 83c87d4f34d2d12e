"""What every adapter of one game config shares (`Table`, made once per config by `table`):
the config, the action codec, the observation encoder and the reward. OpenSpiel's games and
states and PettingZoo's environments of a config hold the same table; building the Project's
declared action space (238k ids) happens once per process."""

from __future__ import annotations

import operator
from collections import OrderedDict
from functools import lru_cache

from artemis.rl import require

require("numpy")

from artemis.kernel.action_space import NoActionSpace  # noqa: E402
from artemis.kernel.game import Game, GameConfig  # noqa: E402
from artemis.kernel.games import get_game  # noqa: E402
from artemis.kernel.parts import NoPart, has_part  # noqa: E402
from artemis.rl.actions import CODECS, DeclaredActions, SlotActions  # noqa: E402
from artemis.rl.observe import Encoder  # noqa: E402
from artemis.rl.rewards import reward  # noqa: E402

#: ``codec="auto"`` numbers by the declared action space up to this many ids, else by slots
#: (the Project's 238k declared ids would cost a 238 KB mask a decision; its slots, 27k).
AUTO_DECLARED_MAX = 65_536

#: Set-up games kept per table for `Table.initial_game` (a reset costs a clone, not a setup).
_INITIAL_KEPT = 8


def whole(value) -> int | None:
    """``value`` as an int when it is a whole number (an int or a numpy integer, not a
    bool: Python counts True as 1), else None: the settings' check (players, seeds,
    ``max_decisions``, a seat), each caller naming its setting in its own error."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    return operator.index(value)


class Table:
    """One config's shared parts: ``game_id``, ``ruleset``, ``config`` (a dict for
    `Game.new`, seed left out), ``players``, ``actions`` (a codec of `artemis.rl.actions`;
    ``codec="auto"`` resolves to "declared" for at most `AUTO_DECLARED_MAX` ids, else
    "slots"), ``encoder`` (an `Encoder`, or None for a game without an observation encoder)
    and ``reward`` (`artemis.rl.rewards.Reward`)."""

    def __init__(self, game_id: str, players: int | None, codec: str, reward_kind: str,
                 max_slots: int = 0):
        self.key = (game_id, players, codec, reward_kind, max_slots)
        self.game_id = game_id
        self.ruleset = get_game(game_id)
        players = _player_count(players)
        if players is None:
            players = GameConfig().players
        if players not in self.ruleset.player_counts:
            counts = ", ".join(map(str, self.ruleset.player_counts))
            raise ValueError(f"{self.ruleset.name} plays with {counts} players, not {players}")
        self.players = players
        self.config = {"game": game_id, "players": players}
        if codec not in (*CODECS, "auto"):
            raise ValueError(f"unknown action space {codec!r}; action spaces: "
                             f"{', '.join(CODECS)}, auto")
        try:
            space = self.ruleset.tools.action_space(self.config)
        except NoActionSpace:
            if codec == "declared" or max_slots <= 0:
                raise
            space = None
        if codec == "auto":
            codec = ("declared" if space is not None and len(space.ids) <= AUTO_DECLARED_MAX
                     else "slots")
        if codec == "declared":
            self.actions = DeclaredActions(space)
        else:
            self.actions = SlotActions(space.max_options if space is not None else max_slots)
        self.encoder = (Encoder(self.ruleset, self.config)
                        if has_part(self.ruleset, "observation") else None)
        self.reward = reward(reward_kind, self.ruleset, self.config, players)
        self._initial: OrderedDict[int, Game] = OrderedDict()

    def require_encoder(self) -> Encoder:
        """The encoder; `NoPart` naming the game when it has none."""
        if self.encoder is None:
            raise NoPart(f"{self.ruleset.name} has no observation encoder (its ruleset's "
                         "parts name no 'observation'): strings only")
        return self.encoder

    def new_game(self, seed: int) -> Game:
        """A game of this config played on ``seed``, its log off (nobody reads it)."""
        game = Game.new({**self.config, "seed": int(seed)})
        game.logging = False
        return game

    def initial_game(self, seed: int) -> Game:
        """`new_game` of ``seed`` as a clone of one set up earlier (the last few seeds are
        kept): the same game, its dice included, for a fraction of a setup."""
        seed = int(seed)
        kept = self._initial.get(seed)
        if kept is None:
            kept = self._initial[seed] = self.new_game(seed)
            if len(self._initial) > _INITIAL_KEPT:
                self._initial.popitem(last=False)
        else:
            self._initial.move_to_end(seed)
        return kept.clone()

    def __deepcopy__(self, memo) -> Table:
        return self  # shared by every state of the config: OpenSpiel's Clone must not copy it

    def __reduce__(self):
        return (table, self.key)  # a pickle names the config; loading makes it (once) again

    def __repr__(self) -> str:
        return (f"<Table {self.game_id} {self.players}p {self.actions.kind} "
                f"{self.reward.kind}>")


def table(game_id: str, players: int | None = None, codec: str = "declared",
          reward_kind: str = "win_loss", max_slots: int = 0) -> Table:
    """The shared `Table` of a config, made once per process. ``codec``: "declared", "slots"
    or "auto". Raises ValueError (an unknown player count, codec or reward), ConfigError,
    NoActionSpace, UnknownGame."""
    # the count checked before the cache: it would take 3.0 or True for 3 or 1, as a dict
    # does, and hand back a table made for a whole number
    return _table(game_id, _player_count(players), codec, reward_kind, max_slots)


@lru_cache(maxsize=32)
def _table(game_id: str, players: int | None, codec: str, reward_kind: str,
           max_slots: int) -> Table:
    return Table(game_id, players, codec, reward_kind, max_slots)


def _player_count(players) -> int | None:
    """``players`` as an int, or None for the game's default (None, or OpenSpiel's -1).
    Raises ValueError for anything but a whole number (a float or a bool included)."""
    if players is None:
        return None
    count = whole(players)
    if count is None:
        raise ValueError(f"players must be a whole number (or None for the game's "
                         f"default), not {players!r}")
    return None if count == -1 else count  # -1: OpenSpiel's "the game's default"
