"""Every registered artemis game as a PettingZoo AEC environment (issue 30), direct: no
Shimmy and no wrappers::

    from artemis.rl.pettingzoo import env
    e = env(game="odyssey", players=4)
    e.reset(seed=7)                      # the engine's game of seed 7
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else pick(obs["action_mask"])
        e.step(action)

The agents are the seats, ``player_0`` to ``player_<N-1>``; the one asked to decide is
``agent_selection`` (the Odyssey's face-down Planning is sequential turns, as in the engine).
An observation is ``{"observation": float32[D], "action_mask": int8[N]}``: the game's
observation encoder for that seat (its ``observation`` part, the same length for every
player count of a game) and a mask of the legal numbers, all zero for a seat not asked.
Rewards come at the end only (``win_loss`` or ``vp_margin``: `artemis.rl.rewards`); a game
cut at ``max_decisions`` is truncated for every agent with 0 rewards.

`register` enters every registered game in PettingZoo's own registry (``pettingzoo.make``)::

    import pettingzoo
    from artemis.rl.pettingzoo import register
    register()                           # artemis/project_v0, artemis/odyssey_v0
    e = pettingzoo.make("aec", "artemis/odyssey_v0", players=4, max_cycles=500)
"""

from __future__ import annotations

import io
import json
import random

from artemis.rl import require

require("numpy", "pettingzoo", "gymnasium")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

from artemis.rl._core import table, whole  # noqa: E402

#: The action spaces `env` takes: "auto" (the declared ids where a game has at most
#: `artemis.rl._core.AUTO_DECLARED_MAX` of them, else slots), "declared" or "slots".
ACTION_SPACES = ("auto", "declared", "slots")


def env(game: str = "project", players: int | None = None, *, action_space: str = "auto",
        max_decisions: int | None = None, render_mode: str | None = None,
        reward: str = "win_loss", max_cycles: int | None = None) -> ArtemisEnv:
    """An AEC environment of ``game`` (a registered artemis game id) at ``players`` seats
    (None: the game's default). ``action_space``: one of `ACTION_SPACES`;
    ``max_decisions``: cut the game after that many decisions (truncation, 0 rewards; None:
    the game's own bound, ``Ruleset.max_decisions``); ``render_mode``: None or "ansi";
    ``reward``: "win_loss" or "vp_margin". Raises UnknownGame, or ValueError naming a bad
    parameter (a player count the game does not play, an unknown action space, reward or
    render mode, a ``max_decisions`` below 1, a ``max_cycles`` other than it). ``max_cycles``
    is PettingZoo's name for ``max_decisions`` (``pettingzoo.make`` passes it)."""
    if max_cycles is not None:
        if max_decisions is not None and max_decisions != max_cycles:
            raise ValueError(f"max_cycles ({max_cycles!r}) is another name for max_decisions "
                             f"({max_decisions!r}): give one")
        max_decisions = max_cycles
    return ArtemisEnv(game, players, action_space=action_space, max_decisions=max_decisions,
                      render_mode=render_mode, reward=reward)


#: The namespace of the ids `register` enters: ``artemis/<game id>_v<VERSION>``.
NAMESPACE = "artemis"
#: The environments' version in their ids, raised when their behaviour changes.
VERSION = 0


def register() -> list[str]:
    """Enter every registered artemis game in PettingZoo's AEC registry as
    ``artemis/<game id>_v0`` (PettingZoo's convention: ``namespace/name_vN``, as its own
    ``classic/chess_v6``), made by `env` with ``game`` set; `pettingzoo.make("aec", id,
    **kwargs)` passes the other parameters (``players``, ``max_cycles``...). Returns the ids,
    sorted. Calling it again enters nothing new (no override warning)."""
    from pettingzoo import aec_registry
    from pettingzoo import register as enter

    from artemis.kernel.games import games

    ids = []
    for game_id in sorted(games()):
        env_id = f"{NAMESPACE}/{game_id}_v{VERSION}"
        if f"{NAMESPACE}/{game_id}-v{VERSION}" not in aec_registry:  # stored normalized
            enter("aec", env_id, entry_point=f"{__name__}:env", kwargs={"game": game_id})
        ids.append(env_id)
    return ids


#: What `ArtemisEnv.reset` sets (PettingZoo's own state of an episode).
_SET_BY_RESET = frozenset({"agent_selection", "rewards", "_cumulative_rewards",
                           "terminations", "truncations", "infos", "_skip_agent_selection"})


class _BeforeReset:
    """A class attribute standing for one of `_SET_BY_RESET` until `ArtemisEnv.reset` sets
    the instance's own (a non-data descriptor: the instance's attribute is found first): read
    before, it raises AttributeError saying to call reset() (so hasattr answers False). Not a
    ``__getattr__`` on the class: with one, every attribute read of the environment goes
    through it (``slot_tp_getattr_hook``, and Python 3.11 does not specialize the reads), about
    8k instructions an AEC decision of the Project at 3 players (callgrind)."""

    def __init__(self, name: str):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        raise AttributeError(f"{type(obj).__name__} has no {self.name} before reset(): call "
                             "reset(seed=...) before last(), step() or observe()")

#: PettingZoo's name for the unwrapped constructor: `env` wraps nothing, so it is the same.
raw_env = env


class ArtemisEnv(AECEnv):
    """One artemis game config as a PettingZoo ``AECEnv`` (see the module docstring and
    `env`). ``game`` is the artemis `Game` being played (None before `reset`)."""

    metadata = {"name": "artemis_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = "project", players: int | None = None, *,
                 action_space: str = "auto", max_decisions: int | None = None,
                 render_mode: str | None = None, reward: str = "win_loss"):
        super().__init__()
        if action_space not in ACTION_SPACES:
            raise ValueError(f"unknown action space {action_space!r}; action spaces: "
                             f"{', '.join(ACTION_SPACES)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"unknown render mode {render_mode!r}; render modes: "
                             f"{', '.join(self.metadata['render_modes'])}")
        if max_decisions is not None:
            if whole(max_decisions) is None or max_decisions < 1:
                raise ValueError(f"max_decisions must be a whole number of 1 or more (or "
                                 f"None), not {max_decisions!r}")
            max_decisions = whole(max_decisions)  # a numpy integer too
        self._t = t = table(game, players, action_space, reward)
        encoder = t.require_encoder()  # NoPart: a game without an observation encoder
        self.metadata = {**self.metadata, "name": f"artemis_{t.game_id}_v0"}
        self.render_mode = render_mode
        self.max_decisions = max_decisions or t.ruleset.max_decisions
        self.possible_agents = [f"player_{s}" for s in range(t.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = t.actions.size
        self._observation_spaces = {
            a: spaces.Dict({"observation": spaces.Box(encoder.low, encoder.high,
                                                      dtype=np.float32),
                            "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8)})
            for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._encoder, self._actions = encoder, t.actions
        self._next_seed: int | None = None
        self.game = None
        self.decisions = 0
        self._cut = False  # cut at max_decisions
        self.agents = []

    @property
    def table(self):
        """The shared `artemis.rl._core.Table` of this config (codec, encoder, reward)."""
        return self._t

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space (the same object on every call). Raises KeyError
        naming the agents for another name."""
        try:
            return self._observation_spaces[agent]
        except KeyError:
            raise self._unknown(agent) from None

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space (the same object on every call). Raises KeyError naming
        the agents for another name."""
        try:
            return self._action_spaces[agent]
        except KeyError:
            raise self._unknown(agent) from None

    def _unknown(self, agent) -> KeyError:
        return KeyError(f"{agent!r} is not an agent of this environment; its agents: "
                        f"{', '.join(self.possible_agents)}")

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a game: with ``seed``, the engine's game of that seed (``artemis play
        --seed``); without, the seed after the last one (a fresh random seed when none was
        given yet). ``options`` is accepted and unused."""
        if seed is not None:
            if whole(seed) is None:
                raise ValueError(f"seed must be a whole number (or None), not {seed!r}")
            self._next_seed = whole(seed)
        elif self._next_seed is None:
            self._next_seed = random.SystemRandom().getrandbits(63)
        self.game = self._t.initial_game(self._next_seed)
        self._next_seed += 1
        self.decisions = 0
        self._cut = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.current_player]

    def agent_iter(self, max_iter: int = 2**63):
        """PettingZoo's iterator over the agents to act (at most ``max_iter``). Raises
        AttributeError saying to call reset() first when no game has started: PettingZoo's
        own would yield nothing, and an agent's loop would end at once, silently."""
        if self.game is None:
            raise AttributeError(f"{type(self).__name__} has no game before reset(): call "
                                 "reset(seed=...) before agent_iter(), last() or step()")
        return super().agent_iter(max_iter)

    def last(self, observe: bool = True) -> tuple:
        """PettingZoo's ``(observation, cumulative reward, terminated, truncated, info)`` of
        ``agent_selection``. Raises RuntimeError once every agent has left (PettingZoo's own
        raised a bare KeyError), AttributeError before reset()."""
        agent = self.agent_selection
        rewards = self._cumulative_rewards
        if agent not in rewards:
            raise RuntimeError("the episode is over and every agent has left: call reset() "
                               "to play another")
        # PettingZoo's own last(), inlined: one Python call fewer an agent's decision
        return (self.observe(agent) if observe else None, rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict:
        """``{"observation": float32[D], "action_mask": int8[N]}`` of ``agent`` now: fresh
        arrays; the mask all zero unless the agent is asked to decide. Raises KeyError naming
        the agents for another name."""
        seat = self._seat.get(agent)
        if seat is None:
            raise self._unknown(agent)
        game = self.game
        try:
            pending = game.pending  # current_player's own read, without the property's call
        except AttributeError:  # None: no game yet
            raise AttributeError(f"{type(self).__name__} has no game before reset(): call "
                                 "reset(seed=...) before last(), step() or observe()") from None
        if pending is not None and seat == pending.player and not self._cut:
            mask = self._actions.mask(game)
        else:
            mask = np.zeros(self._actions.size, np.int8)
        # from scratch: an agent's loop reads one seat a decision, which the incremental
        # `Encoder.array` serves dearer (its shared buffer turned for each call)
        return {"observation": self._encoder.fresh(game, seat), "action_mask": mask}

    def step(self, action) -> None:
        """Play ``action`` (a legal number: the mask's 1s) for ``agent_selection``; None for
        an agent whose game has ended, which then leaves ``agents``. Raises IllegalAction
        naming the number when it is not legal now, the game unchanged."""
        agent = self.agent_selection
        try:
            done = self.terminations[agent] or self.truncations[agent]
        except KeyError:  # every agent has left: the episode is over
            raise RuntimeError("the episode is over and every agent has left: call reset() "
                               "to play another") from None
        if done:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is asked to decide: None is an action only once its "
                             "game has ended")
        game = self.game
        game.apply(self._actions.action(game, action))  # IllegalAction: nothing done
        self.decisions += 1
        # rewards come at the end only: until then every reward and cumulative reward is
        # 0, so there is nothing to clear (PettingZoo's _clear_rewards) before this step's
        if game.final is not None:  # is_over, without the property's call
            for a, r in zip(self.possible_agents, self._t.reward.returns(game.result),
                            strict=True):
                self.rewards[a] = r
                self._cumulative_rewards[a] += r
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        elif self.decisions >= self.max_decisions:
            self._cut = True
            self.truncations = dict.fromkeys(self.agents, True)  # a draw: 0 rewards
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[game.pending.player]  # not over

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the spectator's board as text (the game's terminal
        board, `parts.Boards.board_text`, or its public view as JSON where it draws none),
        under a line naming the game, seed, decision and who is to decide. None otherwise."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        game = self.game
        head = (f"{self._t.ruleset.name} {self._t.players}p seed {game.config.seed} decision "
                f"{self.decisions}: ")
        if game.is_over:
            head += "over"
        elif self._cut:
            head += f"cut at {self.max_decisions} decisions"
        else:
            head += f"{self.agent_selection} to decide"
        view = game.view(None)
        names = [f"player_{s}" for s in range(self._t.players)]
        drawn = game.ruleset.boards.board_text(game, view, names)
        if drawn is None:
            text = json.dumps(view, indent=1, sort_keys=True)
        elif isinstance(drawn, str):
            text = drawn
        else:  # a rich renderable (rich is one of the engine's own dependencies)
            from rich.console import Console

            out = io.StringIO()
            Console(file=out, width=100, color_system=None, force_terminal=False,
                    soft_wrap=False).print(drawn)
            text = out.getvalue()
        lines = [line.rstrip() for line in text.rstrip().splitlines()]  # rich pads its tables
        return "\n".join([head, *lines]) + "\n"

    def close(self) -> None:
        """Nothing to release (PettingZoo asks for it where `render` is defined)."""


for _name in _SET_BY_RESET:
    setattr(ArtemisEnv, _name, _BeforeReset(_name))
del _name
