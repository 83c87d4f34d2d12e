"""The game interface: what a game brings to the kernel (docs/design.md, "Adding a game").

A game is a `Ruleset` registered under the entry-point group ``artemis.games`` (name: the
game's id, value: ``module:object``, the object a Ruleset instance). The kernel (the decision
API, records, players, simulation, scenarios, the command line) reads a game only through this
interface, so a third party adds a game exactly as the built-in ``project`` is added.

A subclass sets the class attributes and implements the methods that raise
NotImplementedError; the others have defaults that suit a game without hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from artemis.kernel.actions import IllegalAction
from artemis.kernel.flow import StepTable

#: The rules version of a log or save that records none: written before games recorded one.
UNVERSIONED = 1


class NoScoreBounds(Exception):
    """A game that declares no score bounds (`Ruleset.score_bounds`); the message says why."""


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
    - ``rules_version``: the version of the rules this code plays (an int from 1), recorded in
      every log and save; raise it when a change of rules would play a recorded game
      differently, and map each older version to the variants that play it in
      `legacy_variants`. A file that records none was played under `UNVERSIONED`.
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

    # -- rules versions ---------------------------------------------------------------------

    def legacy_variants(self, version: int) -> dict[str, dict]:
        """The variants ({name: options}) that play the older rules version ``version`` (1 to
        ``rules_version`` - 1) on today's code; a game enables them when its config names that
        version (a log or save written under it). Default: {} (a game with one version).
        Raises ValueError for a version the game does not know."""
        return {}

    # -- content and vocabulary -------------------------------------------------------------

    def base_pack(self) -> Path | None:
        """The folder of the game's base content pack (None for a game without content)."""
        return None

    def core_plugin(self) -> Any:
        """The plugin object (module) that registers the game's vocabulary and base content
        through the same hooks an expansion implements; None when it has none."""
        return None

    def load_content(self, packs, registry, checks=(), plugin_names=frozenset()):
        """Load the base pack plus ``packs`` (pack folders or content files) without raising
        for bad content: an `artemis.content.loader.LoadResult` (``ok``, ``problems``,
        ``catalog``, ``packs``, ``items``); None for a game without content."""
        return None

    def load_catalog(self, packs, registry, checks=(), plugin_names=frozenset()):
        """The validated content catalog of the base pack plus ``packs`` (folders). Raises the
        content loader's ContentError with located problems when invalid; None for a game
        without content."""
        result = self.load_content(packs, registry, checks, plugin_names)
        if result is None:
            return None
        if not result.ok:
            from artemis.content.problems import ContentError

            raise ContentError(result.problems)
        return result.catalog

    def content_summary(self, catalog) -> str:
        """What a valid catalog holds, for `artemis validate`: e.g. "52 buildings, ..."."""
        return ""

    @property
    def browse(self) -> Any:
        """The content browser of `artemis content list|show` (a module with ``KINDS``,
        ``list_rows``, ``list_tables``, ``item_data``, ``item_fields``, ``kind_of``,
        ``find_item`` and ``UnknownKind``), or None."""
        return None

    def schemas(self, registry) -> dict[str, dict]:
        """The game's content schemas by file name (``KIND.schema.json``), assembled from
        ``registry``; exported under ``schemas/<id>/``."""
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

    def round_of(self, game) -> int:
        """The round (or turn) the game is in, for people and for saves after each round
        (``artemis play --save``). Default: the state's ``round``, else 0."""
        return getattr(game.state, "round", 0)

    def last_round(self, game) -> int | None:
        """The game's last round when the rules fix one ("Round 4 of 6" on a page), None when
        the game ends otherwise. Default: None."""
        return None

    # -- what each seat may know -------------------------------------------------------------

    def view(self, game, seat: int | None) -> dict:
        """What ``seat`` may know, as JSON data (``seat`` None: a spectator, the public view).
        Nothing hidden from that seat may appear in it, not even as an order of ids."""
        raise NotImplementedError

    def full_view(self, game) -> dict:
        """Everything, hidden parts included (spectators after the game, debugging)."""
        return self.view(game, None)

    @property
    def scenario(self) -> Any:
        """The game's scenario support (docs/scenarios.md), or None: an object (a module)
        with ``GIVEN_SCHEMA`` and ``DEFINITIONS`` (the position's JSON Schema, embedded in
        the scenario schema), ``RESOLVE_TARGETS``, ``new_position(config)``,
        ``player_names(doc, given, report)``, ``player_seat(...)``,
        ``apply_given(game, doc, data, names)`` -> problems, and the runner's ``answer``,
        ``next_task``, ``step_once``, ``queue_depth``, ``resolves(task, target)`` (the rule
        step that resolves a ``resolve:`` target), ``resolution_over``, ``upkeep_over`` and
        ``score_now``; the named
        moments an ``until:`` step runs to, ``MOMENTS`` ({name: what it is}) and
        ``at_moment(game, name)``; optionally ``SEAT_PATHS``, the view's seat-valued paths
        (artemis.scenario.seats), ``seat_value(game, parts, seat)``, what the view holds
        there for a seat (a team game's team), ``player_row(game, names, name)``, the row of
        the view's ``players`` a name reads (default: the named seat's), and
        ``canonical_action(id)``, an action id a step may write in another form made the
        engine's, and ``EXAMPLES`` ({"expected_error" | "expect" | "step": [examples]}, in
        the game's words, added to the scenario schema's)."""
        return None

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

    # -- the action space and score bounds (the optional part "tools") ----------------------

    def action_space(self, config):
        """Every action id a game of ``config`` (a GameConfig or a mapping) can ever offer,
        by question kind, and the widest decision: an `artemis.kernel.action_space.
        ActionSpace`, from the rules' own bounds and the content catalog (never from sampled
        games; `artemis.kernel.action_space.space_game` sets up a game to read them). Raises
        `NoActionSpace` with the reason when the game declares none (the default), and
        ConfigError for a bad config. Part of the optional "tools" part of a ruleset."""
        from artemis.kernel.action_space import NoActionSpace

        raise NoActionSpace(f"{self.name or self.id} declares no action space (its ruleset "
                            "does not implement Ruleset.action_space)")

    def action_ids(self, config) -> tuple[str, ...]:
        """Every action id a game of ``config`` can ever offer, each once, in a stable order
        (an id's index is its number for tools that number actions: OpenSpiel, PettingZoo):
        `action_space`'s. Raises NoActionSpace (the reason) or ConfigError."""
        return self.action_space(config).ids

    def max_options(self, config) -> int:
        """The most legal options one decision of a game of ``config`` can list: the widest
        question of `action_space`. Raises NoActionSpace (the reason) or ConfigError."""
        return self.action_space(config).max_options

    def score_bounds(self, config) -> tuple[int, int]:
        """(lowest, highest): the least and the most a seat's result (its row's ``vp``) can
        be in a game of ``config``, from the rules' bounds and the content catalog, for tools
        that normalise rewards (OpenSpiel's ``min_utility`` and ``max_utility``). Raises
        `NoScoreBounds` with the reason when the game declares none (the default), and
        ConfigError for a bad config. Part of the optional "tools" part of a ruleset."""
        raise NoScoreBounds(f"{self.name or self.id} declares no score bounds (its ruleset "
                            "does not implement Ruleset.score_bounds)")

    # -- words ------------------------------------------------------------------------------

    def explain_illegal(self, game, wanted: str) -> tuple[str, str] | None:
        """Why ``wanted`` (an action id) is not a legal answer to the pending question, in the
        rulebook's words: (message, the rule it breaks), or None when the game has nothing to
        say beyond the legal answers. `illegal` uses it, so `Game.apply`, a scenario step and a
        human seat all show it. Default: None."""
        return None

    def illegal(self, game, wanted: str) -> IllegalAction:
        """The IllegalAction for an answer ``wanted`` (an action id) that is not legal now:
        `explain_illegal`'s reason when it gives one, else the legal answers."""
        why = self.explain_illegal(game, wanted)
        if why is not None:
            return IllegalAction(f"'{wanted}' is not legal: {why[0]}", why[1])
        pending = game.pending
        legal = ", ".join(a.id for a in pending.options[:6])
        more = ", ..." if len(pending.options) > 6 else ""
        return IllegalAction(f"'{wanted}' is not a legal answer to the {pending.kind} question "
                             f"of {game.who(pending.player)}; legal: {legal}{more}",
                             self.questions.get(pending.kind, ""))

    def outcome_words(self, result: dict) -> str | None:
        """The words part: a finished game's outcome in words where no winner says it (a solo
        game won or lost on its goals), from its ``result``; None (the default): the winner."""
        return None

    def seat_summary(self, game, seat: int) -> str:
        """A seat's holdings in a few words, shown to a human seat before it decides. Default:
        none."""
        return ""

    def account_lines(self, game, names: list[str], records: list[dict] | None = None,
                      decisions: bool = False) -> list[str]:
        """The game's story for people, from its log (``names`` by seat): from ``records``
        when given (a seat's own records, `artemis.records.log.visible`), else every record of
        ``game.log``. With ``decisions``, each decision the story would otherwise leave to its
        consequences is told too (the Project's placements, the Odyssey's cards planned face
        down), for a seat following the game as it is played (the terminal seat). Default:
        none."""
        return []

    def describe_action(self, game, action, names: list[str] | None = None) -> str:
        """Words for ``action``, a legal answer to ``game``'s pending question, for people
        choosing it (the terminal seat, the browser's chooser): what it gives and what it
        costs, players by ``names`` (by seat; default P0, P1, ...), never an internal index.
        A display text only: logs record the action's ``label``, which this does not change
        (docs/terminal.md, "Labels and descriptions"). Default: the label."""
        return action.label

    def choice_groups(self, game, actions: list) -> list | None:
        """The legal ``actions`` as a tree to choose from step by step: a list whose items
        are `artemis.kernel.choices.ChoiceGroup`s (or, for a group of one, the action itself),
        every leaf one of ``actions`` and each of them once; or None for one list. Default:
        None (a front end may still group a long list by kind, `choices.by_kind`)."""
        return None

    def question(self, game, names: list[str]) -> str:
        """The pending question in the game's words, the player called by ``names`` (by
        seat): "Ada, place a die". Default: the name and the question's kind."""
        pending = game.pending
        if pending is None:
            return ""
        return f"{names[pending.player]}: {pending.kind.replace('_', ' ')}"

    def board_text(self, game, view: dict, names: list[str]):
        """The board as ``view`` (a seat's `view`) shows it, for the terminal: a rich
        renderable (a Table, a Group), players called by ``names``; None for the terminal's
        generic rendering of the view. Default: None."""
        return None

    # -- players ----------------------------------------------------------------------------

    def bots(self) -> dict[str, Any]:
        """Bot kinds beyond random and human: {kind: factory(seed) -> bot}."""
        return {}

    def item_summary(self, game) -> dict:
        """What happened to the game's content items in a finished game: {item id: {"kind",
        "appeared" (bool), "taken" (bool), "owners" [seats], optionally "won" [seats]}}
        (simulation reports). ``won`` names the owners that count as winning when that is not
        the game's winner (a solo Mission is won or lost on its goals). Default: none."""
        return {}

    def report_items(self, catalog) -> list[tuple[str, str, str, str]]:
        """Every content item a simulation report lists, even one that never came into play:
        (id, kind, display name, pack id), in the report's order; each kind is one of
        `item_sections`. Default: none."""
        return []

    #: The item kinds of a simulation report's tables, in order: (kind, title, what "taken"
    #: means as a column header, or "" for none, whether the owners' figures are shown).
    item_sections: tuple[tuple[str, str, str, bool], ...] = ()

    #: What a seat's scoring parts are called in a simulation report (`vp_parts`).
    vp_parts_title: str = "each scoring part"

    #: The words/report part: a scoring part's label in a report's tables where it is not its
    #: `scoring_labels` one (the Project numbers its End of the Game steps there).
    report_labels: dict[str, str] = {}

    #: The words/report part: the item kind whose owners' win rates `simulate --plot` charts
    #: (`win_rate_by_KIND.png`), or None for no such chart.
    report_chart_kind: str | None = None

    def report_win_words(self, players: int) -> str:
        """The words/report part: who wins a game of ``players``, for a report's wins table."""
        return "the engine's winner: VP, then the tie-break"

    def report_tables(self, report: dict, section: str) -> list:
        """The words/report part: the game's own tables of a simulation ``report``'s
        ``section`` ("items": after the item tables; "figures": after the wins by turn
        position), each an `artemis.sim.tables.ReportTable` or a line of text. Default: none."""
        return []

    def vp_parts(self, game) -> list[dict[str, int]]:
        """A finished game's VP per seat by named part, for simulation reports: [{part: VP}]
        by seat. Default: the result rows' ``steps``. A game that scores during play rather
        than at the end (the Odyssey's Score actions) gives its parts here, so that its final
        score table need not hold them."""
        return [dict(row.get("steps", {})) for row in game.result["players"]]

    def turn_positions(self, game) -> dict[str, list[int]]:
        """A finished game's turn positions for simulation reports: {name: [position per
        seat]}, 0 the first to act (the Project: ``first_round``, ``final_round``, and
        ``starts``, rounds started). Default: none."""
        return {}

    #: What `owner_strata` counts, in words for a report ("" for none).
    owner_strata_label: str = ""

    def owner_strata(self, game) -> list[int] | None:
        """Per seat, the whole number an item's owners are compared within (a report's
        adjusted owners' win rate: the Project's buildings held), or None: the seats are
        compared within their bot kind only (the default)."""
        return None

    def game_figures(self, game) -> dict:
        """A finished game's own figures for simulation reports: {"game": tree, "seats":
        [tree per seat]}, each tree nested dicts of whole numbers that add up over games
        (the report sums the seats' by bot kind). Default: none."""
        return {}

    #: Whether a simulation asks `round_figures` at the start of every round (a game whose
    #: report needs the position mid-game, which the finished game's log does not hold).
    reads_rounds: bool = False

    def round_figures(self, game) -> Any:
        """What a simulation keeps of the position at the first decision of each round (and
        before the game's first decision), for figures of the finished game (the Project:
        each seat's projected score); JSON data. Asked only when `reads_rounds`, with the
        game not over; it must not change the game. Default: None."""
        return None

    def report_summary(self, game, rounds: dict | None = None) -> dict:
        """What a simulation report reads of a finished game, in one call: {"steps":
        `vp_parts`, "items": `item_summary`, "positions": `turn_positions`, "strata":
        `owner_strata`, "figures": `game_figures`} (`artemis.sim.task.summarize`); ``rounds``
        ({round: `round_figures`} when the game `reads_rounds`, else None) is what the game
        kept of each round's start. Default: each of those called in turn (``rounds``
        unread); a game whose hooks each read the whole log gives them from one reading of
        it (the Project), the same values."""
        return {"steps": self.vp_parts(game), "items": self.item_summary(game),
                "positions": self.turn_positions(game), "strata": self.owner_strata(game),
                "figures": self.game_figures(game)}

    def scoring_model(self, catalog, players: int) -> dict | None:
        """The designer's scoring model of the content of ``catalog`` at ``players``, for a
        simulation report to set its means against: {players (the counts it is read from),
        steps {part: expected VP per seat}, in_game, provenance, source}; None for none (the
        default). Raises ContentError for a model file with problems."""
        return None

    def item_rates(self, kind: str, counts: dict, games: int) -> dict:
        """The rates a report shows of an item's summed ``counts`` (`item_summary`'s
        ``counts``, added over ``games`` finished games). Default: none."""
        return {}

    def figures_report(self, figures: dict, games: int, bots: list[str]) -> dict:
        """The report's ``figures`` from the summed `game_figures` ({"game": tree,
        "by_bot": {kind: tree}}) of ``games`` finished games, seats played by ``bots``.
        Default: the sums as they are."""
        return figures

    def evaluate(self, game, seat: int) -> float:
        """A heuristic worth of ``seat``'s position (higher is better), for bots (the greedy
        bot compares the positions its actions lead to). Default: 0, every position alike, so
        a greedy bot of a game without a heuristic plays at random."""
        return 0.0

    def evaluate_all(self, game) -> list[float]:
        """`evaluate` of every seat, by seat number (a search scores every seat of each
        position it reaches). Default: `evaluate` seat by seat; a game whose evaluation reads
        every player anyway overrides it to read them once, with the same values."""
        return [self.evaluate(game, seat) for seat in range(game.config.players)]

    def value_all(self, game) -> list[float]:
        """Each seat's estimated final VP margin over the best other seat, by seat number, for
        the strong bot (`artemis.players.strong`), which reads positions through this alone.
        Default: `evaluate_all`; a game may fit a better estimate here without changing what
        the greedy and mcts bots read."""
        return self.evaluate_all(game)

    def search_key(self, game, action) -> float:
        """Where ``action`` (legal in ``game``) stands among its question's options for a
        search bot (`artemis.players.mcts`), lower first: the tree widens in this order and
        rollouts play among the lowest. A game with long lists groups them here (the
        Project: a placement by the Toolkits it costs). Default: 0, all alike. It must depend
        on the action alone (the same action gets the same key in every sampled world): the
        search orders a node's options once for each list of options it meets there."""
        return 0

    def __repr__(self) -> str:
        return f"<Ruleset {self.id}>"
