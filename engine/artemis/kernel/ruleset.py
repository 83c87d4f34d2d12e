"""The game interface: what a game brings to the kernel (docs/design.md, "Adding a game").

A game is a `Ruleset` registered under the entry-point group ``artemis.games`` (name: the
game's id, value: ``module:object``, the object a Ruleset instance). The kernel (the decision
API, records, players, simulation, scenarios, the command line) reads a game only through this
interface, so a third party adds a game exactly as the built-in ``project`` is added.

The core: a subclass sets the class attributes (identity, player counts, streams, the step
table) and implements `setup`, `result` and `view` (the methods that raise
NotImplementedError); `determinize`, `action_seen_by` and `action_public` have defaults that
suit a game without hidden information. Everything else (content, words, report items, bots
and evaluation, the action space and score bounds, boards, browsing, scenarios) is an optional
part the game names in ``parts`` (`artemis.kernel.parts`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from artemis.kernel.flow import StepTable
from artemis.kernel.parts import PARTS, has_part, part

#: The rules version of a log or save that records none: written before games recorded one.
UNVERSIONED = 1


_PART_NAMES = frozenset(PARTS) | {"_parts"}


class _PartAttr:
    """``ruleset.words`` and the like: `artemis.kernel.parts.part`, kept on the instance
    after the first read (a hot loop reads ``ruleset.players.evaluate`` as two attribute
    lookups). ``optional``: None for a game without the part (the browse and scenario
    parts, which callers test for), instead of the generic default or NoPart."""

    def __init__(self, optional: bool = False):
        self.optional = optional

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, ruleset, owner=None):
        if ruleset is None:
            return self
        if self.optional and not has_part(ruleset, self.name):
            value = None
        else:
            value = part(ruleset, self.name)
        ruleset.__dict__[self.name] = value
        return value


class NoScoreBounds(Exception):
    """A game that declares no score bounds (`parts.Tools.score_bounds`); the message says why."""


class Ruleset:
    """One registered game.

    Attributes (class or instance):

    - ``id`` (str, the name in configs, saves, logs, ``--game``), ``name`` (for people);
    - ``player_counts``: the allowed numbers of seats (tuple of ints);
    - ``streams``: the names of its random streams, each seeded from the game seed and its name
      (`artemis.kernel.streams.stream`), so a variant drawing more from one does not shift
      another;
    - ``table``: its `StepTable` (steps and answers), held by the ruleset, not the process;
    - ``start_step``: the step that starts a game after `setup` (a tuple);
    - ``max_decisions``: the bound within which every game ends, in decisions (the
      conformance suite checks it; players and simulation use it as a stall guard);
    - ``max_steps``: the most rule steps that may run between two decisions (`artemis.kernel.
      flow.run`): past it the game loops, an error with its seed (`StepLimit`). Set it far
      above what real games take, as a bound on a loop, not on a long effect;
    - ``questions``: {question kind: the rulebook section it asks under}, for IllegalAction;
    - ``config_schema``: JSON Schema (object) of the game's own config options with defaults;
    - ``hookspecs``: a module of game-specific pluggy hook specs (or None), added to the plugin
      manager as pytest's ``pytest_addhooks`` lets a plugin add specs;
    - ``scoring_parts``: the names of the result's scoring parts (each result row's
      ``steps``), in order, for tables; ``scoring_labels`` {part: short label};
      ``scoring_title`` the final table's title; ``tie_break`` how a tie on VP is broken;
    - ``parts``: the optional parts the game hands over, {part name: spec}
      (`artemis.kernel.parts`: content, words, report, players, tools, boards, browse,
      scenario, observation), each read as the attribute of its name
      (``ruleset.words.question(...)``) with a generic default for what the game leaves out;
    - ``rules_version``: the version of the rules this code plays (an int from 1), recorded in
      every log and save; raise it when a change of rules would play a recorded game
      differently, and map each older version to the variants that play it in
      `legacy_variants`. A file that records none was played under `UNVERSIONED`;
    - ``content_version``: the version of the base content this code ships (an int from 1),
      recorded in every log and save; raise it when the base pack's values change, after
      copying the pack as it was to ``content/<id>/base-v<N>`` (N the old version; the
      wheel ships the game's whole content folder, tests/test_wheel.py checks it) and raising
      the pack manifest's own version (reports of `simulate` name it): a file
      recording an older version is played on that frozen copy
      (`artemis.kernel.parts.Content.base_pack_of`), a new game on ``content/<id>/base``. A
      file that records none was played under `UNVERSIONED` too.
    """

    id: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = ()
    streams: tuple[str, ...] = ()
    table: StepTable
    start_step: tuple = ("game_start",)
    max_decisions: int = 10_000
    max_steps: int = 100_000
    questions: dict[str, str] = {}
    config_schema: dict = {"type": "object", "properties": {}, "additionalProperties": False}
    hookspecs: Any = None
    scoring_parts: tuple[str, ...] = ()
    scoring_labels: dict[str, str] = {}
    scoring_title: str = "Final scores"
    tie_break: str = "tie-break"
    rules_version: int = 1
    content_version: int = 1
    parts: dict[str, Any] = {}

    # -- rules versions ---------------------------------------------------------------------

    def legacy_variants(self, version: int) -> dict[str, dict]:
        """The variants ({name: options}) that play the older rules version ``version`` (1 to
        ``rules_version`` - 1) on today's code; a game enables them when its config names that
        version (a log or save written under it). Default: {} (a game with one version).
        Raises ValueError for a version the game does not know."""
        return {}

    # -- a game ------------------------------------------------------------------------------

    def prepare(self, game, host) -> None:
        """Read what the game needs from the plugin host once per game (e.g. whether a plugin
        implements one of the game's hooks). Default: nothing."""

    def setup(self, game, rng) -> Any:
        """The initial state (rulebook setup) for ``game.config``; ``rng`` is the game's
        `Streams` (keep them as the state's ``rng``: the default `determinize` reseeds them).
        Returns the state; the kernel then runs ``start_step``.

        The state is the game's own object with a ``clone()`` (an independent copy; fork the
        streams with ``Streams.fork()``, which copies a generator only when one side first
        draws from it). The rules change it from their steps (``@table.step``), ask questions
        with `artemis.kernel.flow.ask` (``Action(kind, args, label)`` options), schedule steps
        with ``push``, log with ``game.emit(kind, to=[seats] for a private record, ...)``, mark
        a reveal with ``game.reveal()``, and end the game by setting ``game.final`` (any JSON
        data: the final scores); then `result` is asked."""
        raise NotImplementedError

    def result(self, game) -> dict | None:
        """Once the game is over (``game.final`` set): {"players": [{"seat", "vp", "steps":
        {part: VP} for each of ``scoring_parts``, optionally "in_game"}], "ranking": [seats,
        best first], "winner": seat (None when nobody wins: a solo game lost)}, plus "teams"
        for team games and "mission" (won or lost) for solo ones."""
        raise NotImplementedError

    # -- what each seat may know -------------------------------------------------------------

    def view(self, game, seat: int | None) -> dict:
        """What ``seat`` may know, as JSON data (``seat`` None: a spectator, the public view).
        Nothing hidden from that seat may appear in it, not even as an order of ids."""
        raise NotImplementedError

    def full_view(self, game) -> dict:
        """Everything, hidden parts included (spectators after the game, debugging)."""
        return self.view(game, None)

    def former_views(self, game) -> list[dict]:
        """The spectator's view of this position as earlier engines drew it, where it has
        since gained something: a save records the sha256 of the view it was written at
        (docs/saves.md), and one written before the view grew still loads when it matches
        one of these. Default: none (the view never changed)."""
        return []

    def determinize(self, game, seat: int, rng: random.Random):
        """A clone of ``game`` in which everything hidden from ``seat`` is resampled,
        consistently with what it has seen (its view is unchanged): what a fair search bot
        plays on. A clone shares the pending question: when its options depend on what is
        resampled (another seat's hand), ask it again on the clone (`artemis.kernel.flow.
        reask`); the conformance checks apply the world's answers to hold a game to it.
        Default (no hidden
        information besides the random streams): a clone whose streams are reseeded from
        ``rng``."""
        clone = game.clone()
        streams = getattr(clone.state, "rng", None)
        if streams is None:
            raise NotImplementedError(
                f"game '{self.id}': the default Ruleset.determinize reseeds the state's 'rng' "
                "(the Streams given to setup); keep them there, or implement determinize")
        clone.state.rng = type(streams)(
            (name, random.Random(rng.getrandbits(64))) for name in self.streams)
        return clone

    def action_seen_by(self, game, decision, action) -> list[int] | None:
        """Who may see that ``decision.player`` chose ``action`` (its log record's ``to``):
        None for everyone (the default), else a list of seats (a card placed face down)."""
        return None

    def action_public(self, game, decision, action) -> Hashable:
        """What the seats outside `action_seen_by` learn of ``action``, ``decision.player``'s
        answer to ``decision``: a hashable value that two answers share exactly when such a
        seat cannot tell them apart (a card placed face down: the slot, not the card).

        The conformance suite holds a game to it: two legal answers with the same public part
        must leave every other seat's view, the spectator's and the records they see the
        same. Default: the action's id (everything is seen). Only read for an answer that
        `action_seen_by` hides from someone."""
        return action.id

    # -- the optional parts (artemis.kernel.parts) ------------------------------------------

    content = _PartAttr()
    words = _PartAttr()
    report = _PartAttr()
    players = _PartAttr()
    tools = _PartAttr()
    boards = _PartAttr()
    browse = _PartAttr(optional=True)
    scenario = _PartAttr(optional=True)
    observation = _PartAttr()

    def __getstate__(self):
        # the parts made from ``parts`` are made again where the ruleset is loaded
        return {k: v for k, v in self.__dict__.items() if k not in _PART_NAMES}

    def __repr__(self) -> str:
        return f"<Ruleset {self.id}>"
