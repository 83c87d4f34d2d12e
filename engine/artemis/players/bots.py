"""Bots: players that use only the decision API (docs/design.md, players).

`RandomBot` picks uniformly among the legal actions with its own seeded RNG; `GreedyBot` looks
one decision ahead: on a determinized copy of the game (everything its seat cannot see
resampled, `Game.determinize`), it applies each legal action and keeps the one whose position
its game's heuristic (`parts.Players.evaluate`) rates best; ``mcts`` searches
(`artemis.players.mcts`), and ``strong``, the recommended bot for balance verdicts, plays out
its best candidates (`artemis.players.strong`). Game-agnostic: a game brings its heuristic and
may bring bot kinds of its own (`parts.Players.bots`). A seat's bot is named by a spec, its kind
with options (``mcts:iterations=200``, `artemis.players.spec`), parsed by `make_bot` for
every front end.
"""

from __future__ import annotations

import random

from artemis.kernel.actions import Action
from artemis.players.spec import BotSpecError, given_options, spec_text, split_kind

BOT_KINDS = ("random", "greedy", "mcts", "strong", "human")


class NoInput(RuntimeError):
    """A human seat found no input to read (no terminal, or end of input)."""


class QuitGame(Exception):
    """The person at a human seat asked to stop (``quit``): the front end saves the game at
    this decision and says how to continue it (`artemis play --load FILE`)."""


class HumanPlayer:
    """A seat played by a person, at its plainest: the legal actions are listed, numbered, and
    the player types a number (or an action id). ``read(prompt) -> str`` and ``write(text)``
    are the front end's; without them, or at the end of input, it raises NoInput. `artemis
    play` puts the terminal seat in its place (`artemis.cli.terminal.TerminalSeat`: the board,
    the news, step-by-step choices and commands; docs/terminal.md)."""

    kind = "human"

    def __init__(self, seed: int = 0, read=None, write=None):
        self.read = read or _no_input
        self.write = write or (lambda text: None)

    def choose(self, game) -> Action:
        """Ask until the answer names one of ``game.legal_actions()``; an action id that is not
        legal is answered with the rule it breaks (`parts.Words.illegal`)."""
        actions = game.legal_actions()
        seat, ruleset = game.current_player, game.ruleset
        summary = ruleset.words.seat_summary(game, seat)
        self.write(f"Round {ruleset.words.round_of(game)}, player {seat} to decide"
                   + (f" ({summary}):" if summary else ":"))
        for i, a in enumerate(actions, start=1):
            self.write(f"  {i:3d}. {a.label}")
        while True:
            try:
                answer = self.read("> ").strip()
            except EOFError:
                raise NoInput("no input for a human seat") from None
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            chosen = next((a for a in actions if a.id == answer), None)
            if chosen is not None:
                return chosen
            if ":" in answer:  # an action id that is not legal: say which rule it breaks
                self.write(f"  {ruleset.words.illegal(game, answer)}")
            self.write(f"  type a number from 1 to {len(actions)}")


def _no_input(prompt: str) -> str:
    raise EOFError


class RandomBot:
    """Uniform over the legal actions, seeded."""

    kind = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> Action:
        """One of ``game.legal_actions()``."""
        return self.rng.choice(game.legal_actions())


class GreedyBot:
    """One-step lookahead on `evaluate`; ties broken by its seeded RNG."""

    kind = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> Action:
        """The legal action whose resulting position the game's heuristic rates best, on a
        world sampled from what the seat can see (never the hidden order of a deck or bag)."""
        seat = game.current_player
        evaluate = game.ruleset.players.evaluate
        actions = game.legal_actions()
        world = game.determinize(seat, self.rng) if len(actions) > 1 else game
        best, best_value = [], None
        for action in actions:
            trial = world.clone()  # shares the pending question, so the same Action objects
            trial.logging = False
            trial.apply(action)
            value = evaluate(trial, seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


def seat_bot(kind: str, game_seed: int, seat: int, ruleset=None):
    """The bot of ``seat`` in the game seeded ``game_seed`` (``kind`` a bot spec, e.g.
    ``mcts:iterations=50``): seeded with ``game_seed * 31 + seat``, so every tool (play,
    saves, simulate, validate --simulate) gives a seat the same bot and a game is replayed by
    ``artemis play --seed``."""
    return make_bot(kind, game_seed * 31 + seat, ruleset)


def bot_kinds(ruleset=None) -> tuple[str, ...]:
    """The bot kinds a seat of ``ruleset``'s game may be (default: the default game's):
    random, greedy, mcts, strong, human, then the game's own (`parts.Players.bots`)."""
    from artemis.kernel.games import get_game

    ruleset = ruleset or get_game(None)
    return BOT_KINDS + tuple(k for k in ruleset.players.bots() if k not in BOT_KINDS)


def make_bot(spec: str, seed: int, ruleset=None):
    """A bot of the spec ``spec`` (a kind, ``KIND:KEY=VALUE,...`` for one with options:
    `artemis.players.spec`) seeded with ``seed``, for ``ruleset``'s game (default: the
    default game's). Raises ValueError (an `UnknownBot` or a `BotSpecError`) for an unknown
    kind, or an option the kind does not take or a value it refuses."""
    kind, rest = split_kind(spec)
    if kind == "mcts":
        from artemis.players.mcts import MCTSBot

        return MCTSBot.from_spec(spec, seed)
    if kind == "strong":
        from artemis.players.strong import StrongBot

        return StrongBot.from_spec(spec, seed)
    if kind in ("random", "greedy", "human"):
        if rest:
            raise BotSpecError(f"bot '{spec}': {kind} takes no options")
        return RandomBot(seed) if kind == "random" else GreedyBot(seed) \
            if kind == "greedy" else HumanPlayer(seed)
    from artemis.kernel.games import get_game

    own = (ruleset or get_game(None)).players.bots()
    if kind in own:
        if rest:
            raise BotSpecError(f"bot '{spec}': {kind} takes no options")
        return own[kind](seed)
    from artemis.content.problems import did_you_mean

    known = bot_kinds(ruleset)
    near = did_you_mean(kind, known)  # "did you mean 'strong'?" for strongg, else ""
    raise UnknownBot(f"unknown bot '{kind}'; "
                     + (f"{near} " if near.startswith("did") else "")
                     + f"expected one of: {', '.join(known)}", kind, known)


class UnknownBot(ValueError):
    """A bot spec whose kind is none of the game's: ``kind`` and the ``known`` kinds."""

    def __init__(self, message: str, kind: str, known: tuple[str, ...]):
        super().__init__(message)
        self.kind, self.known = kind, known


def check_bot(spec: str, ruleset=None) -> str:
    """``spec`` as a seat's bot spec of ``ruleset``'s game, written the one way saves, logs
    and game configs keep it (`artemis.players.spec.spec_text`: ``mcts : iterations = 05``
    -> ``mcts:iterations=5``, ``random:`` -> ``random``), which names the same bot; or
    ValueError (`UnknownBot`, `BotSpecError`) saying what is wrong: the one check of every
    front end."""
    if not isinstance(spec, str):
        raise BotSpecError(f"a bot is named by a string, got {spec!r}")
    make_bot(spec, 0, ruleset)
    kind, _ = split_kind(spec)
    if kind not in OPTION_KINDS:  # the other kinds take no options (make_bot refused any)
        return kind
    return spec_text(kind, given_options(spec, bot_options(kind)))


#: The bot kinds that take options (`bot_options`).
OPTION_KINDS = ("mcts", "strong")


def bot_options(kind: str) -> dict:
    """The options ({name: BotOption}) the bot kind ``kind`` takes: mcts's, strong's, or
    none."""
    if kind == "mcts":
        from artemis.players.mcts import OPTIONS

        return OPTIONS
    if kind == "strong":
        from artemis.players.strong import OPTIONS

        return OPTIONS
    return {}


def recorded_spec(spec, ruleset=None):
    """``spec`` as a save or a log keeps it: `check_bot`'s writing, or ``spec`` itself when it
    is none of ``ruleset``'s game (its reader then names what is wrong)."""
    try:
        return check_bot(spec, ruleset)
    except ValueError:
        return spec


def rng_state(bot) -> dict | None:
    """A bot's RNG state as JSON data (None for a seat without one, a human)."""
    rng = getattr(bot, "rng", None)
    if rng is None:
        return None
    version, internal, gauss_next = rng.getstate()
    return {"version": version, "internal": list(internal), "gauss_next": gauss_next}


def set_rng_state(bot, state: dict | None) -> None:
    """Restore a state from `rng_state`. Raises ValueError or TypeError for a bad state."""
    if state is None:
        return
    bot.rng.setstate((state["version"], tuple(state["internal"]), state["gauss_next"]))
