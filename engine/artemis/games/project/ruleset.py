"""The Artemis Project as a registered game (`artemis.kernel.ruleset.Ruleset`): its player
counts, random streams, step table, content, views, hidden information, words and bots.

Registered under the ``artemis.games`` entry point ``project`` (pyproject.toml), as a third
party would register a game.
"""

from __future__ import annotations

import random
from functools import cached_property

from artemis.games.project import hookspecs
from artemis.games.project.rules_versions import RULES_VERSION, legacy_variants
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.streams import Streams, shuffle
from artemis.util.plural import counted

# question kind -> the rule it is asked under (IllegalAction names it)
QUESTIONS = {
    "place": "Placement Phase",
    "send": "Basecamp: Sending Colonists on Expeditions (R1)",
    "marine": "Basecamp: Marines (R2, R38)",
    "trainee": "Academy (R10)",
    "recruit": "Doorstep (R9)",
    "buy": "Gantry (R8)",
    "reward": "Basecamp resolution (R5)",
    "relief_reward": "The Relief Track",
    "move": "Upkeep: One Move/swap",
    "activate": "Upkeep: Activate Fully-staffed Buildings (R33)",
    "unpaid": "Upkeep: Pay Energy for Colonists in your Shelters (R23)",
    "start": "Upkeep: Choose a new Start Player (R14)",
    "hub_return": "Basecamp: colonists return to the Expedition Hub (R22, R30)",
    "house": "Some General Rules: a gained colonist goes into a building with room (R30)",
    "fill": "Some General Rules: on gaining a building, Shelter colonists may move in",
    "split": "Some General Rules: resources are Minerals and Energy in any combination",
    "choose": "Effects: choose one selectable option (R39)",
    "discard": "Effects: lose_colonist from the Shelters (R12)",
    "reward_first": "Basecamp: a lone player takes both rewards (R32)",
}


class ProjectRuleset(Ruleset):
    """The Artemis Project (rulebook): 2-5 players, six rounds of dice placement,
    resolution and upkeep, then the seven steps of final scoring."""

    id = "project"
    name = "The Artemis Project"
    player_counts = (2, 3, 4, 5)
    streams = ("dice", "bag", "ocean", "surface", "expeditions", "events", "start")
    start_step = ("game_start",)
    # 6 rounds of at most 5 players: the longest of 20,000 random games took under 700
    # decisions; a game past this bound is a bug (the conformance suite checks it)
    max_decisions = 3_000
    # the most rule steps between two decisions in 3,600 random games (2 to 5 players, with
    # harsh, 14 rounds, a rich start) and 64 greedy ones was 59: a bound for a loop, with room
    # for an expansion's long effects
    max_steps = 10_000
    questions = QUESTIONS
    hookspecs = hookspecs
    scoring_parts = ("saved_resources", "surface_buildings", "buildings", "colonist_sets",
                     "leftover_colonists", "badges", "most_toolkits")
    scoring_labels = {
        "saved_resources": "saved resources",
        "surface_buildings": "staffed Surface",
        "buildings": "buildings",
        "colonist_sets": "colonist sets",
        "leftover_colonists": "leftovers",
        "badges": "badges",
        "most_toolkits": "most Toolkits",
    }
    scoring_title = "Final scores (End of the Game, steps 1-7)"
    tie_break = "earlier in the final round's turn order"  # R15
    rules_version = RULES_VERSION  # docs/rulings.md, "Rules versions"

    def legacy_variants(self, version: int) -> dict[str, dict]:
        """Rules version 1 is the ``old_rulings`` variant (R8, R10 before version 2)."""
        return legacy_variants(version)

    @cached_property  # every game set up asks: the rule modules' import statement, once
    def table(self):
        """The step table, filled by importing the rule modules (only when a game is played:
        validating content needs none of them)."""
        from artemis.games.project.rules import (  # noqa: F401
            academy,
            basecamp,
            colonists,
            events,
            exposure,
            gantry,
            placement,
            relief,
            rounds,
            scoring,
            triggers,
            upkeep,
        )
        from artemis.games.project.rules.flow import TABLE

        return TABLE

    # -- content ---------------------------------------------------------------------------

    def base_pack(self):
        from artemis.util.paths import base_pack

        return base_pack(self.id)

    def core_plugin(self):
        from artemis.games.project import core_plugin

        return core_plugin

    def load_content(self, packs, registry, checks=(), plugin_names=frozenset()):
        from artemis.games.project.content import load_game_content

        return load_game_content(packs, registry, checks, plugin_names)

    def content_summary(self, catalog) -> str:
        return (f"{len(catalog.buildings)} buildings, {len(catalog.expeditions)} expeditions, "
                f"{len(catalog.events)} events, {len(catalog.relief_track)} Relief Track "
                f"spaces, {len(catalog.board.rows)} board rows")

    @property
    def browse(self):
        from artemis.games.project import browse

        return browse

    def schemas(self, registry) -> dict[str, dict]:
        from artemis.games.project.content_schemas import KINDS, effect_schema, file_schema
        from artemis.games.project.scoring_model import model_schema

        out = {f"{k}.schema.json": file_schema(registry, k) for k in KINDS}
        out["effect.schema.json"] = effect_schema(registry)
        out["scoring_model.schema.json"] = model_schema()
        return out

    # -- a game ------------------------------------------------------------------------------

    def prepare(self, game, host) -> None:
        """Whether a plugin resolves regions its own way, and the plugins' scoring items."""
        hooks = game.plugins
        game.region_hook = bool(hooks.artemis_resolve_region.get_hookimpls())
        items: list = []
        hooks.artemis_register_scoring(register=lambda name, points: items.append(
            (name, points)))
        game.scoring_items = items

    def setup(self, game, rng):
        """General and Player Setup (rulebook, Setup); Board Setup runs as the first step."""
        from artemis.games.project.rules.setup import new_state

        self.table  # noqa: B018 - the rule modules register their steps
        state = new_state(game, game.config.players, rng)
        game.emit("setup", players=game.config.players, seed=game.config.seed,
                  start=state.start)
        return state

    def result(self, game) -> dict:
        """{"players": [{seat, vp, in_game, steps}], "ranking", "winner"}: ``vp`` the total,
        ``in_game`` the VP earned during the game, ``steps`` the seven final-scoring steps
        (rulebook, End of the Game), so vp == in_game + sum(steps)."""
        final = game.final
        return {
            "players": [{"seat": p.seat, "vp": p.vp,
                         "in_game": p.vp - sum(final["steps"][p.seat].values()),
                         "steps": final["steps"][p.seat]}
                        for p in game.state.players],
            "ranking": final["ranking"],
            "winner": final["ranking"][0],
        }

    # -- what each seat may know -------------------------------------------------------------

    def view(self, game, seat):
        from artemis.games.project.view import view

        return view(game, seat)

    def full_view(self, game):
        from artemis.games.project.view import full_view

        return full_view(game)

    @property
    def scenario(self):
        from artemis.games.project import position

        return position

    def action_space(self, config):
        """Every action id a game of ``config`` can offer, by question, from the rulebook's
        bounds and the catalog (`artemis.games.project.action_space`)."""
        from artemis.games.project.action_space import action_space

        return action_space(config)

    def score_bounds(self, config):
        """The least and the most VP a seat can end with, from the rulebook and the catalog
        (`artemis.games.project.score_bounds`, where the reasoning is)."""
        from artemis.games.project.score_bounds import score_bounds

        return score_bounds(config)

    def determinize(self, game, seat, rng: random.Random):
        """Resample what no seat can see: the order of the Expedition deck and the tile
        stacks, which unrevealed Events are in the Event deck and in what order, and every
        random stream (the dice, the bag's next colonist). The rest is public. The world
        depends on the seat's view and ``rng`` alone: what is shuffled is sorted first, so
        the real hidden order never shows through."""
        clone = game.clone()
        s = clone.state
        s.expedition_deck.sort()
        shuffle(rng, s.expedition_deck)
        for tiles in s.stacks.values():
            tiles.sort()
            shuffle(rng, tiles)
        seen = set(s.events_seen)
        unseen = [e.id for e in game.catalog.events if e.id not in seen]
        s.event_deck = rng.sample(unseen, min(len(s.event_deck), len(unseen)))
        # each generator made when first read: the seeds are drawn now, in order
        s.rng = Streams.seeded((name, rng.getrandbits(64)) for name in self.streams)
        return clone

    # -- words -------------------------------------------------------------------------------

    def explain_illegal(self, game, wanted: str) -> tuple[str, str] | None:
        """Why ``wanted`` breaks a rule, for every question of the Project: a placement and
        its follow-ups, recruiting, the Gantry's offer, rewards, the Relief Track, colonists
        and buildings gained, effects' choices and Upkeep (artemis.games.project.rules.explain),
        naming players as `Game.who` does."""
        from artemis.games.project.rules.explain import why_not

        return why_not(game, wanted)

    def seat_summary(self, game, seat: int) -> str:
        p = game.state.players[seat]
        return (f"{p.energy} Energy, {counted(p.minerals, 'Mineral')}, "
                f"{counted(p.toolkits, 'Toolkit')}, {p.vp} VP; "
                + (f"dice {', '.join(map(str, p.dice))}" if p.dice else "no dice left"))

    def account_lines(self, game, names: list[str], records=None, decisions=False):
        from artemis.games.project.account import account_lines

        return account_lines(game, names, records, decisions)

    def describe_action(self, game, action, names=None) -> str:
        from artemis.games.project.choices import describe_action

        return describe_action(game, action, names)

    def choice_groups(self, game, actions):
        from artemis.games.project.choices import choice_groups

        return choice_groups(game, actions)

    def question(self, game, names):
        from artemis.games.project.choices import question

        return question(game, names)

    def last_round(self, game) -> int:
        """The rule parameter ``rounds`` (six in the rulebook: Setup, General Setup, step 5)."""
        from artemis.games.project.params import param

        return param(game, "rounds")

    def board_text(self, game, view, names):
        from artemis.games.project.board_text import board_text

        return board_text(game, view, names)

    # -- players ----------------------------------------------------------------------------

    def item_summary(self, game, rounds: dict | None = None) -> dict:
        from artemis.games.project.stats import item_summary

        return item_summary(game, rounds)

    def turn_positions(self, game) -> dict:
        from artemis.games.project.stats import turn_positions

        return turn_positions(game)

    owner_strata_label = "buildings held"

    def owner_strata(self, game) -> list[int]:
        from artemis.games.project.stats import buildings_held

        return buildings_held(game)

    def game_figures(self, game, rounds: dict | None = None) -> dict:
        from artemis.games.project.stats import game_figures

        return game_figures(game, rounds)

    #: each seat's projected score at the start of every round: who is behind after round 3,
    #: an Event's hit seats compared within their standing (docs/simulate.md)
    reads_rounds = True

    def round_figures(self, game) -> list[int] | None:
        """Each seat's projected score (`artemis.games.project.stats.projected_scores`), or
        None when a plugin's scoring item cannot be read mid-game (one written for the end of
        the game may raise here): the figures on the projection leave that round out, and
        the game plays on as it would without them."""
        from artemis.games.project.stats import projected_scores

        try:
            return projected_scores(game)
        except Exception:  # noqa: BLE001 - a report's figure must never stop a game
            return None

    def report_summary(self, game, rounds: dict | None = None) -> dict:
        """`Ruleset.report_summary`, its log parts from one pass over the log."""
        from artemis.games.project.stats import log_figures

        return {"steps": self.vp_parts(game), **log_figures(game, rounds)}

    def scoring_model(self, catalog, players: int) -> dict | None:
        """The packs' `scoring_model.yaml` (`artemis.games.project.scoring_model`): the base
        game's, or a fan pack's in its place, at ``players``."""
        from artemis.games.project.scoring_model import expected_at, load_model

        return expected_at(load_model((p.id, p.root) for p in catalog.packs), players)

    def item_rates(self, kind: str, counts: dict, games: int) -> dict:
        from artemis.games.project.stats import item_rates

        return item_rates(kind, counts, games)

    def figures_report(self, figures: dict, games: int, bots: list[str]) -> dict:
        from artemis.games.project.stats import figures_report

        return figures_report(figures, games, bots)

    item_sections = (
        ("building", "Buildings (claimed: bought or won; owners: holders at the end, their "
         "win rate and mean VP)", "claimed", True),
        ("expedition", "Expeditions (owners: the rewarded explorers of a success, their win "
         "rate and mean VP)", "succeeded", True),
        ("event", "Events", "", False),  # a revealed event is resolved: one column says it
    )
    vp_parts_title = "each End of the Game step"

    report_chart_kind = "building"  # win_rate_by_building.png

    @property
    def report_labels(self) -> dict[str, str]:
        from artemis.games.project.report_tables import STEP_LABELS

        return STEP_LABELS

    def report_tables(self, report: dict, section: str) -> list:
        from artemis.games.project.report_tables import report_tables

        return report_tables(report, section)

    def report_items(self, catalog) -> list[tuple[str, str, str, str]]:
        """Every building (copies in their original's row), expedition and event of the catalog
        (simulation reports)."""
        return ([(b.id, "building", b.name, b.pack) for b in catalog.buildings
                 if not b.duplicate_of]  # a copy is counted in its original's row
                + [(x.id, "expedition", x.name, x.pack) for x in catalog.expeditions]
                + [(e.id, "event", e.name, e.pack) for e in catalog.events])

    def evaluate(self, game, seat: int) -> float:
        """The heuristic worth of ``seat``'s position in VP (`artemis.games.project.heuristic`);
        a game of rules version 1 reads the heuristic of its time (`heuristic_v1`), so a
        version-1 save continued with greedy seats plays on as it did."""
        if game.config.rules_version == 1:
            from artemis.games.project.heuristic_v1 import evaluate
        else:
            from artemis.games.project.heuristic import evaluate

        return evaluate(game, seat)

    def evaluate_all(self, game) -> list[float]:
        """`evaluate` of every seat from one reading of the position (the heuristic's
        `evaluate_all`; rules version 1 seat by seat)."""
        if game.config.rules_version == 1:
            return super().evaluate_all(game)
        from artemis.games.project.heuristic import evaluate_all

        return evaluate_all(game)

    def search_key(self, game, action) -> float:
        """A placement (``place:ROLLED:FINAL:REGION:TARGET``) by the Toolkits it costs,
        |FINAL - ROLLED| (The Placement Phase: a Toolkit changes a die by one): the search
        tries the dice as rolled first and rolls out with them; other questions alike."""
        if action.kind == "place":
            return abs(action.args[1] - action.args[0])
        return 0


RULESET = ProjectRuleset()
