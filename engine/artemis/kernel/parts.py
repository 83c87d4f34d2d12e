"""A game's optional parts: what a game may hand over beyond its core (docs/design.md, "Adding a
game").

The core of a game is its `artemis.kernel.ruleset.Ruleset`: identity, player counts, random
streams, setup, the step table, views, determinize and the result. Everything else is an
optional part, named in the ruleset's ``parts`` ({part name: spec}) and asked for through
`part` (or the ruleset's attribute of the same name, ``ruleset.words``), which gives the game's
part with a generic default for every member the game leaves out, or, for a part without a
generic default, raises `NoPart` naming what the game lacks.

A spec is one of:

- a module name (str): the part's members are the module's attributes of those names;
- a dict {member: value}: a function member given as ``"module:attribute"`` (imported when the
  part is first asked for), a data member (`Part.DATA`) as its value;
- any other object (a module, an instance): its attributes of the members' names.

Members are plain functions of the arguments each part documents (no ``self``): a game's part
is a table of its own functions, never methods that forward to them. The parts:

===========  ========================================================================
content      base pack, core plugin, loading and validating content, schemas (`Content`)
words        the game's words for people: illegal answers, questions, actions, the story,
             choice groups, rounds (`Words`)
report       what a simulation report reads of a finished game (`Report`)
players      bots and position evaluation (`Players`)
tools        the declared action space and score bounds (`Tools`)
boards       the boards drawn (terminal, browser) and the browser's chooser (`Boards`)
browse       the content browser of ``artemis content`` (no default: `Browse`)
scenario     scenario positions and steps, docs/scenarios.md (no default: `Scenario`)
observation  what a learner sees of a seat's view, as numbers (no default: `Observation`)
===========  ========================================================================
"""

from __future__ import annotations

import importlib
from typing import Any

from artemis.kernel.actions import IllegalAction

#: Who wins, in a simulation report's wins table, for a game that names no other way
#: (`Report.report_win_words`'s default; a game's own may fall back on it).
WINNER_WORDS = "the engine's winner: VP, then the tie-break"


class NoPart(Exception):
    """A game without the part asked for; the message names the game and the part."""


class Part:
    """The generic default of a part: a method per member, each overridden by the game's own
    function of that name. ``ruleset`` is the game the part belongs to."""

    #: the part's name in ``Ruleset.parts``
    name = ""
    #: what the part is, in words for "this game has no ..."
    what = ""
    #: members the game gives (functions unless in DATA)
    MEMBERS: tuple[str, ...] = ()
    #: members that are data, not functions (a dict spec gives them as values)
    DATA: frozenset[str] = frozenset()
    #: whether a game without the part gets this class's defaults (else `NoPart`)
    has_default = True
    #: whether the game's object is the part as it is (no members copied over defaults)
    as_is = False

    def __init__(self, ruleset):
        self.ruleset = ruleset
        self.given = False  # True once the game's own part is set over the defaults

    def __repr__(self) -> str:
        return f"<{self.name} part of {self.ruleset.id}>"


class Content(Part):
    """Content: ``base_pack()`` -> Path of the base pack (default ``content/<id>/base`` when
    the game has a content part, else None), ``core_plugin()`` -> the plugin object that
    registers the game's vocabulary and base content through the hooks an expansion
    implements (or None), ``load_content(packs, registry, checks, plugin_names, base=None)``
    (``base``: another base pack folder, given only for an older content version) -> an
    `artemis.content.loader.LoadResult` (``ok``, ``problems``, ``catalog``, ``packs``,
    ``items``) without raising for bad content, ``content_summary(catalog)`` -> str for
    `artemis validate` ("52 buildings, ..."), ``schemas(registry)`` -> {``KIND.schema.json``:
    schema}. `load_catalog` (not a member) raises ContentError for invalid content;
    `base_pack_of` (not a member) names the base pack of a content version."""

    name = "content"
    what = "content"
    MEMBERS = ("base_pack", "core_plugin", "load_content", "content_summary", "schemas")

    def base_pack(self):
        if not self.given:
            return None
        from artemis.util.paths import base_pack

        return base_pack(self.ruleset.id)

    def core_plugin(self):
        return None

    def load_content(self, packs, registry, checks=(), plugin_names=frozenset()):
        return None

    def content_summary(self, catalog) -> str:
        return ""

    def schemas(self, registry) -> dict:
        return {}

    def base_pack_of(self, version: int | None):
        """The base pack of content version ``version`` (`Ruleset.content_version`): None
        (or the current version) the base pack; an older one its frozen copy beside it,
        ``base-v<version>`` (``content/project/base-v1``). Raises ValueError when that copy
        is missing."""
        base = self.base_pack()
        if version is None or version == self.ruleset.content_version or base is None:
            return base
        old = base.parent / f"base-v{version}"
        if not old.is_dir():
            raise ValueError(f"content version {version} of {self.ruleset.name or self.ruleset.id}"
                             f" is not shipped: its frozen base pack, "
                             f"{base.parent.name}/base-v{version}, is missing from this "
                             "installation (reinstall artemis)")
        return old

    def load_catalog(self, packs, registry, checks=(), plugin_names=frozenset(), base=None):
        """The validated catalog of the base pack (``base``: another base pack folder, an
        older content version's, `base_pack_of`) plus ``packs`` (folders); None for a game
        without content. Raises the content loader's ContentError with located problems."""
        if base is not None and str(base) != str(self.base_pack()):
            result = self.load_content(packs, registry, checks, plugin_names, base=base)
        else:
            result = self.load_content(packs, registry, checks, plugin_names)
        if result is None:
            return None
        if not result.ok:
            from artemis.content.problems import ContentError

            raise ContentError(result.problems)
        return result.catalog


class Words(Part):
    """Words for people. Members: ``explain_illegal(game, wanted)`` -> (message, rule) or
    None: why the action id ``wanted`` is not legal now, in the rulebook's words;
    ``seat_summary(game, seat)`` -> str, a seat's holdings shown before it decides;
    ``account_lines(game, names, records=None, decisions=False)`` -> [str], the story from
    the log (``records``: a seat's own records; ``decisions``: tell each decision too);
    ``describe_action(game, action, names=None)`` -> str, a display text for a legal action
    (logs keep its label); ``choice_groups(game, actions)`` -> a list of
    `artemis.kernel.choices.ChoiceGroup`s and actions, each action once, or None;
    ``question(game, names)`` -> str, the pending question; ``round_of(game)`` -> int, the
    round the game is in (saves after each round); ``last_round(game)`` -> int or None;
    ``outcome_words(result)`` -> str, a finished game's outcome where no winner says it (a
    solo game won or lost on its goals), or None (the default): the winner says it.
    `illegal` (not a member) builds the IllegalAction every front end shows."""

    name = "words"
    what = "words"
    MEMBERS = ("explain_illegal", "seat_summary", "account_lines", "describe_action",
               "choice_groups", "question", "round_of", "last_round", "outcome_words")

    def explain_illegal(self, game, wanted):
        return None

    def seat_summary(self, game, seat) -> str:
        return ""

    def account_lines(self, game, names, records=None, decisions=False) -> list[str]:
        return []

    def describe_action(self, game, action, names=None) -> str:
        return action.label

    def choice_groups(self, game, actions):
        return None

    def question(self, game, names) -> str:
        pending = game.pending
        if pending is None:
            return ""
        return f"{names[pending.player]}: {pending.kind.replace('_', ' ')}"

    def round_of(self, game) -> int:
        """The round ``game`` is in, for the words of saves, reports and pages: the state's
        ``round`` attribute (a game counts its rounds from 1), 0 when the state has none."""
        return getattr(game.state, "round", 0)

    def last_round(self, game):
        return None

    def outcome_words(self, result):
        return None

    def illegal(self, game, wanted: str) -> IllegalAction:
        """The IllegalAction for ``wanted`` (an action id) not legal now: `explain_illegal`'s
        reason when it gives one, else the legal answers and the question's rule
        (``Ruleset.questions``)."""
        why = self.explain_illegal(game, wanted)
        if why is not None:
            return IllegalAction(f"'{wanted}' is not legal: {why[0]}", why[1])
        pending = game.pending
        legal = ", ".join(a.id for a in pending.options[:6])
        more = ", ..." if len(pending.options) > 6 else ""
        return IllegalAction(f"'{wanted}' is not a legal answer to the {pending.kind} question "
                             f"of {game.who(pending.player)}; legal: {legal}{more}",
                             self.ruleset.questions.get(pending.kind, ""))


class Report(Part):
    """What a simulation report reads (artemis.sim). Members: ``item_summary(game)`` ->
    {item id: {"kind", "appeared", "taken", "owners", optionally "won"}};
    ``report_items(catalog)`` -> [(id, kind, display name, pack id)], every item a report
    lists; ``vp_parts(game)`` -> [{part: VP}] by seat (default: the result rows' ``steps``);
    ``turn_positions(game)`` -> {name: [position per seat]}; ``owner_strata(game)`` -> [int
    per seat] or None; ``game_figures(game)`` -> {"game": tree, "seats": [tree]}, trees of
    whole numbers that add up over games; ``round_figures(game)`` -> JSON data kept at each
    round's start when ``reads_rounds``; ``report_summary(game, rounds=None)`` -> all of
    those in one call; ``scoring_model(catalog, players)`` -> the designer's model or None;
    ``item_rates(kind, counts, games)`` -> {rate: value}; ``figures_report(figures, games,
    bots)`` -> the report's figures; ``report_tables(report, section)`` -> the game's own
    tables of a report's ``section`` ("items": after the item tables; "figures": after the
    wins by turn position), each an `artemis.sim.tables.ReportTable` or a line of text
    (default none); ``report_win_words(players)`` -> str, who wins a game of ``players``, for
    the wins table. Data: ``item_sections`` ((kind, title, "taken" header, owners shown),
    ...), ``vp_parts_title``, ``owner_strata_label``, ``reads_rounds``, ``report_labels``
    ({scoring part: label} in the report's tables where not its ``scoring_labels`` one: the
    Project numbers its End of the Game steps), ``report_chart_kind`` (the item kind whose
    owners' win rates ``simulate --plot`` charts, ``win_rate_by_KIND.png``; None for none)."""

    name = "report"
    what = "report items"
    MEMBERS = ("item_summary", "report_items", "vp_parts", "turn_positions", "owner_strata",
               "game_figures", "round_figures", "report_summary", "scoring_model",
               "item_rates", "figures_report", "report_tables", "report_win_words",
               "item_sections", "vp_parts_title", "owner_strata_label", "reads_rounds",
               "report_labels", "report_chart_kind")
    DATA = frozenset({"item_sections", "vp_parts_title", "owner_strata_label", "reads_rounds",
                      "report_labels", "report_chart_kind"})

    item_sections: tuple = ()
    vp_parts_title = "each scoring part"
    owner_strata_label = ""
    reads_rounds = False
    report_labels: dict = {}
    report_chart_kind = None

    def item_summary(self, game) -> dict:
        return {}

    def report_items(self, catalog) -> list:
        return []

    def vp_parts(self, game) -> list[dict[str, int]]:
        return [dict(row.get("steps", {})) for row in game.result["players"]]

    def turn_positions(self, game) -> dict:
        return {}

    def owner_strata(self, game):
        return None

    def game_figures(self, game) -> dict:
        return {}

    def round_figures(self, game):
        return None

    def report_summary(self, game, rounds=None) -> dict:
        return {"steps": self.vp_parts(game), "items": self.item_summary(game),
                "positions": self.turn_positions(game), "strata": self.owner_strata(game),
                "figures": self.game_figures(game)}

    def scoring_model(self, catalog, players):
        return None

    def item_rates(self, kind, counts, games) -> dict:
        return {}

    def figures_report(self, figures, games, bots) -> dict:
        return figures

    def report_tables(self, report, section) -> list:
        return []

    def report_win_words(self, players) -> str:
        return WINNER_WORDS


class Players(Part):
    """Bots and evaluation. Members: ``bots()`` -> {kind: factory(seed) -> bot} beyond random
    and human; ``evaluate(game, seat)`` -> float, a position's worth for ``seat`` (default 0:
    a greedy bot plays at random); ``evaluate_all(game)`` -> [float by seat];
    ``value_all(game)`` -> each seat's estimated final VP margin (the strong bot; default
    `evaluate_all`); ``search_key(game, action)`` -> float, lower first in a search's widening
    order, depending on the action alone (default 0)."""

    name = "players"
    what = "bots and evaluation"
    MEMBERS = ("bots", "evaluate", "evaluate_all", "value_all", "search_key")

    def bots(self) -> dict:
        return {}

    def evaluate(self, game, seat) -> float:
        return 0.0

    def evaluate_all(self, game) -> list[float]:
        evaluate = self.evaluate
        return [evaluate(game, seat) for seat in range(game.config.players)]

    def value_all(self, game) -> list[float]:
        return self.evaluate_all(game)

    def search_key(self, game, action) -> float:
        return 0


class Tools(Part):
    """For tools that number actions and normalise rewards (OpenSpiel, PettingZoo). Members:
    ``action_space(config)`` -> an `artemis.kernel.action_space.ActionSpace` from the rules'
    bounds and the catalog; ``score_bounds(config)`` -> (lowest, highest) of a seat's ``vp``.
    Each raises ConfigError for a bad config; a game without one raises NoActionSpace or
    `artemis.kernel.ruleset.NoScoreBounds` with the reason (the defaults)."""

    name = "tools"
    what = "tools"
    MEMBERS = ("action_space", "score_bounds")

    def action_space(self, config):
        from artemis.kernel.action_space import NoActionSpace

        rs = self.ruleset
        raise NoActionSpace(f"{rs.name or rs.id} declares no action space (its ruleset's "
                            "'tools' part gives no action_space)")

    def score_bounds(self, config):
        from artemis.kernel.ruleset import NoScoreBounds

        rs = self.ruleset
        raise NoScoreBounds(f"{rs.name or rs.id} declares no score bounds (its ruleset's "
                            "'tools' part gives no score_bounds)")

    def action_ids(self, config) -> tuple[str, ...]:
        """Every action id a game of ``config`` can offer, each once, in a stable order (an
        id's index is its number): `action_space`'s. Raises NoActionSpace or ConfigError."""
        return self.action_space(config).ids

    def max_options(self, config) -> int:
        """The most options one decision can list: the widest question of `action_space`.
        Raises NoActionSpace or ConfigError."""
        return self.action_space(config).max_options


class Boards(Part):
    """Boards: the board a front end draws of a seat's view. Members: ``board_text(game, view,
    names)`` -> a rich renderable of ``view`` (a seat's view) for the terminal, or None for the
    generic rendering (the default); ``web_board(game, view)`` -> dict, the data of the
    browser's board template (`web_template`) for ``view``, or None: no drawing (the default),
    the page shows the view as nested tables; ``web_choices(game, actions, describe_action)``
    -> the browser's grouped chooser of ``actions`` (one question's `Action`s;
    ``describe_action(action)`` -> a leaf's words), a list of steps
    [{"die", "summary", "regions": [{"id", "name", "targets": [{"label", "options": [{"id",
    "label"}]}]}]}] (the shape is the Project's placements: see docs/serve.md), or None for the
    plain chooser (the default); ``web_words(game, text)`` -> str, an answer's words in the
    browser from the game's words for it (default ``text``). Data: ``web_templates``, the
    folder (a path) of the game's templates for the browser, read only by the ``web`` extra
    (default None); ``web_template``, the board template's name in that folder (default
    None); ``web_stylesheet``, the board's stylesheet in that folder, served as
    ``/boards/GAME/board.css`` (default None: the page's own styles alone)."""

    name = "boards"
    what = "boards"
    MEMBERS = ("board_text", "web_board", "web_choices", "web_words", "web_templates",
               "web_template", "web_stylesheet")
    DATA = frozenset({"web_templates", "web_template", "web_stylesheet"})

    web_templates = None
    web_template = None
    web_stylesheet = None

    def board_text(self, game, view, names):
        return None

    def web_board(self, game, view):
        return None

    def web_choices(self, game, actions, describe_action):
        return None

    def web_words(self, game, text: str) -> str:
        return text


class Browse(Part):
    """The content browser of `artemis content list|show`: ``KINDS``, ``list_rows``,
    ``list_tables``, ``item_data``, ``item_fields``, ``kind_of``, ``find_item``,
    ``UnknownKind`` (the Project's `artemis.games.project.browse` shows their shapes). No
    generic default: a game without it has no content to browse."""

    name = "browse"
    what = "content browser"
    has_default = False
    as_is = True


class Scenario(Part):
    """Scenario support (docs/scenarios.md): an object (a module) with ``GIVEN_SCHEMA`` and
    ``DEFINITIONS`` (the position's JSON Schema, embedded in the scenario schema),
    ``RESOLVE_TARGETS``, ``new_position(config)``, ``player_names(doc, given, report)``,
    ``player_seat(...)``, ``apply_given(game, doc, data, names)`` -> problems, and the
    runner's ``answer``, ``next_task``, ``step_once``, ``queue_depth``, ``resolves(task,
    target)`` (the rule step that resolves a ``resolve:`` target), ``resolution_over`` and
    ``score_now``; the named moments an ``until:`` step runs to, ``MOMENTS`` ({name: what it
    is}) and ``at_moment(game, name)``; optionally ``PHASE_STEPS`` ({bare step: the moment it
    runs to}, the Project's {"upkeep": "end_of_upkeep"}; default none), ``RESOLVE_NOUN`` (how
    messages name a ``resolve:`` target, "REGION"; default "TARGET"), ``SEAT_PATHS``
    (the view's seat-valued paths, artemis.scenario.seats), ``seat_value(game, parts,
    seat)``, ``player_row(game, names, name)``, ``canonical_action(id)`` and ``EXAMPLES``
    ({"expected_error" | "expect" | "step": [examples]}, in the game's words, added to the
    scenario schema's). The Project's `artemis.games.project.position` shows their shapes.
    No generic default: a game without it cannot be set up from a scenario file."""

    name = "scenario"
    what = "scenario support"
    has_default = False
    as_is = True


class Observation(Part):
    """What a learner sees (`artemis.rl`), from the state. Members:
    ``observation_layout(config)`` -> an `artemis.kernel.observation.Layout` (named slices
    with sizes and bounds), the same for every player count of ``config``'s game, expansions
    and variants; ``write_observation(game, seat, ones, at, values)`` -> None: appends to the
    list ``ones`` each index set to 1 and to ``at``/``values`` each other (index, value) pair,
    within its slice's bounds; every cell not written is 0. It holds only what
    ``view(game, seat)`` shows, read from the state, never through the view's JSON; it may
    take a ``memo`` (`artemis.kernel.observation.Memo`) to write only what changed, a
    ``base`` list to give the cells it keeps as `artemis.kernel.observation.Cells`, or a
    ``dense`` bytearray to write its cells into as bytes (the module's docstring).
    ``observation_rotation(game, seat)`` -> ``(runs, players, me)`` or None (the default):
    the runs of per-player cells that turn a seat's shared sections into its own view
    (`artemis.kernel.observation`). Data: ``layout_version`` (int), raised when a layout's
    meaning changes. No generic default: a game without it has no observation encoder
    (`NoPart`)."""

    name = "observation"
    what = "observation encoder"
    has_default = False
    MEMBERS = ("observation_layout", "write_observation", "layout_version",
               "observation_rotation")
    DATA = frozenset({"layout_version"})

    layout_version = 1

    def observation_rotation(self, game, seat):
        """None: every section is the seat's own (no shared sections)."""
        return None


#: the parts by name, in the order docs/design.md lists them
PARTS: dict[str, type[Part]] = {p.name: p for p in (Content, Words, Report, Players, Tools,
                                                     Boards, Browse, Scenario, Observation)}


def _load(ref: str):
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attr) if attr else obj


def has_part(ruleset, name: str) -> bool:
    """Whether ``ruleset`` hands over the part ``name`` (one of `PARTS`)."""
    if name not in PARTS:
        raise ValueError(f"no part '{name}'; parts: {', '.join(PARTS)}")
    return name in (ruleset.parts or {})


def part(ruleset, name: str) -> Any:
    """The part ``name`` (one of `PARTS`) of ``ruleset``: the game's own members over the
    part's generic defaults, made once per ruleset. Raises `NoPart` ("The Sealed Bids has no
    content browser") for a part the game does not hand over and that has no default, and
    ValueError for an unknown part name or a member the spec names that cannot be loaded."""
    cache = ruleset.__dict__.setdefault("_parts", {})
    found = cache.get(name)
    if found is not None:
        return found
    kind = PARTS.get(name)
    if kind is None:
        raise ValueError(f"no part '{name}'; parts: {', '.join(PARTS)}")
    spec = (ruleset.parts or {}).get(name)
    if spec is None:
        if not kind.has_default:
            raise NoPart(f"{ruleset.name or ruleset.id} has no {kind.what} (its ruleset's "
                         f"parts name no '{name}')")
        found = kind(ruleset)
    elif kind.as_is:  # a part whose members the game's object holds as they are
        found = _load(spec) if isinstance(spec, str) else spec
    else:
        found = kind(ruleset)
        found.given = True
        if isinstance(spec, dict):
            unknown = sorted(set(spec) - set(kind.MEMBERS))
            if unknown:
                raise ValueError(f"{ruleset.id}'s '{name}' part names {', '.join(unknown)}, "
                                 f"not members of it: {', '.join(kind.MEMBERS)}")
            for member, value in spec.items():
                if isinstance(value, str) and member not in kind.DATA:
                    value = _load(value)
                setattr(found, member, value)
        else:
            source = _load(spec) if isinstance(spec, str) else spec
            for member in kind.MEMBERS:
                if hasattr(source, member):
                    setattr(found, member, getattr(source, member))
    cache[name] = found
    return found
