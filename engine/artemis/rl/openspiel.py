"""Every registered artemis game as an OpenSpiel game (issue 30): `register` loads
``python_artemis_<id>`` into ``pyspiel``, then ``pyspiel.load_game("python_artemis_odyssey",
{"players": 3})``.

How the games are modelled (the declared ``GameType``):

- dynamics SEQUENTIAL: one seat decides at a time. The Odyssey's face-down Planning is
  sequential turns whose answers only their player sees (`Ruleset.action_seen_by`);
- information IMPERFECT_INFORMATION: a seat knows its view and what it has seen of the
  decisions (``Game.history(seat)``);
- chance SAMPLED_STOCHASTIC, with no chance node: dice and draws happen inside an action, from
  the named random streams a state carries, so an action's outcome is random seen from
  outside but the same for a state and its clone. Nothing enumerates chance outcomes
  (``max_chance_outcomes`` 0); search must draw its worlds with `resample_from_infostate`
  (``Ruleset.determinize``), never from clones, which know the future dice;
- utility ZERO_SUM at 2 or more seats (both rewards sum to 0), GENERAL_SUM solo; rewards at
  the end only (TERMINAL).

Parameters: ``players`` (-1: the game's default), ``seed`` (episode k of a game object plays
the seed ``stream_seed(seed, "episode:k") >> 1``, k counting the states it made live; with
``fixed_seed`` every state plays ``seed``), ``action_space`` ("declared": the game's declared
ids; "slots": the decision's options; "auto": declared up to 65,536 ids, else slots),
``reward`` ("win_loss" or "vp_margin") and
``max_decisions`` (0: the game's own bound; else the game is cut there, a draw; negative: a
ValueError).
"""

from __future__ import annotations

import hashlib
import json
import random

from artemis.rl import require

require("numpy", "pyspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

from artemis.kernel.actions import IllegalAction  # noqa: E402
from artemis.kernel.games import games  # noqa: E402
from artemis.kernel.parts import has_part  # noqa: E402
from artemis.kernel.streams import stream_seed  # noqa: E402
from artemis.rl._core import table, whole  # noqa: E402

_FACTORIES: dict[str, type] = {}

#: The parameters every registered game takes, with their defaults.
PARAMS = {"players": -1, "seed": 0, "fixed_seed": False, "action_space": "declared",
          "reward": "win_loss", "max_decisions": 0}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of an artemis game: ``python_artemis_<id>``."""
    return f"python_artemis_{game_id}"


def _game_type(ruleset, utility=pyspiel.GameType.Utility.ZERO_SUM) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(ruleset.id), long_name=f"Python {ruleset.name or ruleset.id}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(ruleset.player_counts),
        min_num_players=min(ruleset.player_counts),
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_part(ruleset, "observation"),
        parameter_specification=PARAMS)


def register() -> list[str]:
    """Register ``python_artemis_<id>`` for every registered artemis game; registering again
    replaces the factories (idempotent). Returns the names."""
    names = []
    for game_id, ruleset in sorted(games().items()):
        factory = _FACTORIES.get(game_id)
        if factory is None:
            # a class per game, as OpenSpiel's own Python games register one: a lambda held
            # by pyspiel's registry alone is freed after the interpreter at exit, which
            # aborts the process (open_spiel 2.0.2)
            factory = _FACTORIES[game_id] = type(f"ArtemisGame_{game_id}", (ArtemisGame,),
                                                 {"GAME_ID": game_id})
        pyspiel.register_game(_game_type(ruleset), factory)
        names.append(short_name(game_id))
    return names


class ArtemisGame(pyspiel.Game):
    """One artemis game config as an OpenSpiel game. Raises ValueError for a bad parameter
    (a player count the game does not play, an unknown action space or reward)."""

    #: the artemis game id (each registered subclass sets its own)
    GAME_ID = ""

    def __init__(self, params=None, game_id: str | None = None):
        p = {**PARAMS, **(params or {})}
        game_id = game_id or self.GAME_ID
        self.table = table(game_id, p["players"], str(p["action_space"]), str(p["reward"]))
        ruleset = self.table.ruleset
        solo = self.table.players == 1
        utility = (pyspiel.GameType.Utility.GENERAL_SUM if solo
                   else pyspiel.GameType.Utility.ZERO_SUM)
        limit = p["max_decisions"]
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"max_decisions must be 0 (the game's own bound) or a whole "
                             f"number of 1 or more, not {limit!r}")
        limit = limit or ruleset.max_decisions
        self.max_decisions = limit
        self.seed, self.fixed_seed = int(p["seed"]), bool(p["fixed_seed"])
        reward = self.table.reward
        super().__init__(
            _game_type(ruleset, utility),
            pyspiel.GameInfo(num_distinct_actions=self.table.actions.size,
                             max_chance_outcomes=0, num_players=self.table.players,
                             min_utility=reward.low, max_utility=reward.high,
                             utility_sum=reward.sum, max_game_length=limit),
            p)
        self._episodes = 0
        self._peek = None  # (seed, the game the next state made live plays)

    def _seed_of(self, k: int) -> int:
        if self.fixed_seed:
            return self.seed
        return stream_seed(self.seed, f"episode:{k}") >> 1  # a game seed has 63 bits

    def next_game(self):
        """The artemis game of the next state made live (module docstring): the one
        `peek_game` shows, which it then stops showing."""
        seed = self._seed_of(self._episodes)
        self._episodes += 1
        peek, self._peek = self._peek, None
        if peek is not None and peek[0] == seed:
            return peek[1]
        return self.table.new_game(seed)

    def peek_game(self):
        """The game the next state made live will play, set up once, for observing a state
        nobody has read yet. OpenSpiel sizes every ``observation_tensor`` call by observing
        a fresh state of its own (``ObservationTensorShape``): such a state is never made
        live, so it neither sets a game up nor moves the episode count."""
        seed = self._seed_of(self._episodes)
        if self._peek is None or self._peek[0] != seed:
            self._peek = (seed, self.table.new_game(seed))
        return self._peek[1]

    def new_initial_state(self):
        """A fresh state; its game is set up when first read (OpenSpiel's Clone and
        Deserialize make one and overwrite it)."""
        return ArtemisState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of ``iig_obs_type`` (default: a seat's observation, no recall)."""
        return ArtemisObserver(self.table, iig_obs_type
                               or pyspiel.IIGObservationType(perfect_recall=False), params)


class Trail:
    """What each seat has seen of the decisions so far, kept as it is played (a persistent
    list: pushing shares the rest, so copying a state copies nothing). Each entry is
    ``(player, action id, seen, public)``: ``seen`` None (everyone saw it) or the seats that
    did, ``public`` what the others learnt (`Ruleset.action_public`). `history` equals
    ``Game.history(seat)``."""

    __slots__ = ("prev", "entry", "size")

    def __init__(self, prev: Trail | None = None, entry: tuple | None = None):
        self.prev, self.entry = prev, entry
        self.size = 0 if prev is None else prev.size + 1

    def push(self, player: int, action_id: str, seen, public) -> Trail:
        """This trail and one more decision."""
        return Trail(self, (player, action_id, None if seen is None else tuple(seen),
                            public))

    def entries(self) -> list[tuple]:
        """Every entry, first first."""
        out, node = [], self
        while node.prev is not None:
            out.append(node.entry)
            node = node.prev
        out.reverse()
        return out

    def history(self, seat: int | None) -> list[tuple[int, str | None]]:
        """``(player, id)`` per decision, the id None where ``seat`` did not see it."""
        return [(p, i if seen is None or seat in seen else None)
                for p, i, seen, _ in self.entries()]

    def seen_by(self, seat: int | None) -> str:
        """The seat's projection as text: ``player:id`` per decision, ``player:?public``
        where it did not see the answer."""
        return " ".join(f"{p}:{i}" if seen is None or seat in seen else f"{p}:?{_pub(pub)}"
                        for p, i, seen, pub in self.entries())

    def as_known_by(self, seat: int) -> Trail:
        """The trail a world resampled for ``seat`` carries: every answer hidden from
        ``seat`` is known by nobody there (its id was resampled away)."""
        out = EMPTY
        for p, i, seen, pub in self.entries():
            if seen is not None and seat not in seen:
                i, seen = "?", ()
            out = out.push(p, i, seen, pub)
        return out

    def __deepcopy__(self, memo) -> Trail:
        return self  # immutable

    def __reduce__(self):
        return (_trail_from, (self.entries(),))  # flat: no recursion for long games

    def __len__(self) -> int:
        return self.size


def _trail_from(entries) -> Trail:
    out = EMPTY
    for p, i, seen, pub in entries:
        out = out.push(p, i, seen, pub)
    return out


def _pub(public) -> str:
    return ":".join(map(str, public)) if isinstance(public, tuple | list) else str(public)


EMPTY = Trail()


def _canon(view) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class _NotYet:
    """A state's game before anyone has read it. OpenSpiel's Clone and Serialize copy a
    state's attributes: copying this one sets the game up first, so that a clone plays the
    same game as its original."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return self.state._live().clone()

    def __reduce__(self):
        return self.state._live().__reduce__()


class ArtemisState(pyspiel.State):
    """An OpenSpiel state over one artemis `Game` (made on first use: `_live`)."""

    def __init__(self, game: ArtemisGame):
        super().__init__(game)
        self._t = game.table
        self._g = _NotYet(self)
        self._trail = EMPTY
        self._digest = ""
        self._world = None  # (seat, tag) for a world from resample_from_infostate
        self._strings = {}  # (player, kind) -> str at this decision; cleared on apply

    def _live(self):
        g = self._g
        if g.__class__ is _NotYet:
            g = self._g = self.get_game().next_game()
        return g

    def _seen(self):
        """The game to observe: the live one, or for a state nobody has read, the one it
        will play (`ArtemisGame.peek_game`), without making it live."""
        g = self._g
        return self.get_game().peek_game() if g.__class__ is _NotYet else g

    def _truncated(self) -> bool:
        return self._trail.size >= self.get_game().max_decisions and not self._live().is_over

    def current_player(self) -> int:
        g = self._live()
        if g.is_over or self._truncated():
            return pyspiel.PlayerId.TERMINAL
        return g.current_player

    def _legal_actions(self, player) -> list[int]:
        return self._t.actions.legal(self._live())

    def _action_to_string(self, player, action) -> str:
        return self._t.actions.name(self._live(), action)

    def _apply_action(self, action) -> None:
        g = self._live()
        if self._truncated():  # the game goes on in the engine, but not in OpenSpiel
            raise IllegalAction(f"action {action}: the game was cut at max_decisions "
                                f"({self.get_game().max_decisions}), no action is legal")
        pending = g.pending
        act = self._t.actions.action(g, action)  # IllegalAction: a clear error, nothing done
        seen = g.ruleset.action_seen_by(g, pending, act)  # asked before apply, as trace does
        public = None if seen is None else g.ruleset.action_public(g, pending, act)
        g.apply(act)
        self._trail = self._trail.push(pending.player, act.id, seen, public)
        self._digest = hashlib.blake2b(f"{self._digest}{act.id}".encode(),
                                       digest_size=8).hexdigest()
        self._strings = {}

    def is_terminal(self) -> bool:
        g = self._live()
        return g.is_over or self._truncated()

    def returns(self) -> list[float]:
        g = self._live()
        if g.is_over:
            return self._t.reward.returns(g.result)
        return [0.0] * self._t.players  # in play, or cut at max_decisions: a draw

    def resample_from_infostate(self, player_id, probability_sampler):
        """A world consistent with what ``player_id`` knows (``Ruleset.determinize``),
        seeded from OpenSpiel's ``probability_sampler``: equal information state for that
        seat, an empty OpenSpiel history (a clone's would list other seats' hidden
        answers)."""
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        return self.world_for(player_id, rng)

    def world_for(self, seat: int, rng: random.Random) -> ArtemisState:
        """A world resampled for ``seat`` from ``rng`` (see `resample_from_infostate`).
        Raises ValueError for a seat the game does not have."""
        players = self._t.players
        if whole(seat) is None or not 0 <= seat < players:
            raise ValueError(f"a world is resampled for a seat, 0 to {players - 1}, not "
                             f"{seat!r}")
        world = self.get_game().new_initial_state()
        world._g = self._live().determinize(seat, rng)
        world._trail = self._trail.as_known_by(seat)
        world._digest = self._digest
        world._world = (seat, rng.getrandbits(32))
        return world

    def history_of(self, seat: int | None) -> list[tuple[int, str | None]]:
        """What ``seat`` knows of the decisions (equal to ``Game.history(seat)``)."""
        return self._trail.history(seat)

    def __str__(self) -> str:
        t = self._t
        g = self._live()
        text = (f"{t.game_id} {t.players}p seed {g.config.seed} decision {self._trail.size} "
                f"{self._digest or '-'}")
        if self._world is not None:
            text += f" world {self._world[0]}:{self._world[1]:08x}"
        if self._truncated():
            text += " truncated"
        return text


class ArtemisObserver:
    """OpenSpiel's observer (``make_py_observer``): ``tensor`` (float32, the game's
    observation; None without the game's encoder, for perfect recall or for every player's
    private information) with ``dict`` (a view per named slice), `set_from`, `string_from`."""

    def __init__(self, tab, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self._t, self._iig = tab, iig_obs_type
        self._public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        if (iig_obs_type.perfect_recall or tab.encoder is None
                or iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS):
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(tab.encoder.size, np.float32)
            self.dict = {s.name: self.tensor[s.start:s.stop]
                         for s in tab.encoder.layout.slices}

    def set_from(self, state: ArtemisState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into ``tensor``."""
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        self._t.encoder.write(state._seen(), None if self._public_only else player,
                              self.tensor)

    def string_from(self, state: ArtemisState, player: int) -> str:
        """The seat's view as canonical JSON; the question the seat is asked, if any (its
        kind and its options' ids: what it sees of its own decision, so that its legal
        actions follow from its information state, as OpenSpiel's IS-MCTS requires); with
        perfect recall, then what it has seen of the decisions (`Trail.seen_by`)."""
        seat = None if self._public_only else player
        key = (seat, self._iig.perfect_recall)
        text = state._strings.get(key)
        if text is None:
            g = state._seen()
            text = _canon(g.view(seat))
            pending = g.pending
            if seat is not None and pending is not None and pending.player == seat:
                # a view need not show the question: two worlds of one view may ask it
                # differently (an effect that read what was resampled)
                text += "\nasked " + pending.kind + ": " + " ".join(a.id
                                                                    for a in pending.options)
            if self._iig.perfect_recall:
                text += "\n" + state._trail.seen_by(seat)
            if state._g.__class__ is not _NotYet:  # an unread state's game may yet change
                state._strings[key] = text
        return text


def resampler(seed: int):
    """For ``ismcts.ISMCTSBot.set_resampler``: worlds from ``Ruleset.determinize``,
    reproducible from ``seed``."""
    rng = random.Random(seed)
    return lambda state, player: state.world_for(player, rng)


class ArtemisBot(pyspiel.Bot):
    """An artemis bot (`artemis.players.bots.make_bot`: "random", "greedy", "mcts:...",
    "strong", a game's own kinds) as an OpenSpiel bot, to play against OpenSpiel's algorithms
    (``pyspiel.evaluate_bots``, or a loop calling `step`). It decides on the state's artemis
    game as the engine's seats do: its search draws its own worlds from
    ``Ruleset.determinize``, never reading what its seat cannot see. ``game``: a loaded
    ``python_artemis_<id>``; ``spec``: a bot spec; ``seed``: the bot's seed; ``player``:
    its seat (for ``player_id``; None: whichever seat is asked). Raises ValueError for an
    unknown bot or option."""

    def __init__(self, game: ArtemisGame, spec: str, seed: int = 0, player: int | None = None):
        from artemis.players.bots import make_bot

        pyspiel.Bot.__init__(self)
        self._t = game.table
        self._bot = make_bot(spec, seed, self._t.ruleset)
        self._player = player

    def player_id(self) -> int:
        """The bot's seat (-1 when it plays whichever seat is asked)."""
        return -1 if self._player is None else self._player

    def restart_at(self, state) -> None:
        """Nothing to forget: the artemis bots keep no memory of a game."""

    def provides_policy(self) -> bool:
        return False

    def step(self, state: ArtemisState) -> int:
        """The number of the action the artemis bot chooses at ``state`` (its seat to
        decide). Raises ValueError at a terminal state: there is nothing to decide."""
        if state.is_terminal():
            raise ValueError("the state is terminal: the bot has nothing to decide")
        game = state._live()
        action = self._bot.choose(game)
        codec = self._t.actions
        if codec.kind == "declared":
            return codec.code(action)
        return next(n for n, a in enumerate(game.legal_actions()) if a == action)
