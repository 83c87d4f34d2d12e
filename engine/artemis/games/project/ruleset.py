"""The Artemis Project as a registered game (`artemis.kernel.ruleset.Ruleset`): its core
(player counts, random streams, step table, setup, views, hidden information, result) and the
modules that are its optional parts (content, words, report, players, tools, boards, browse,
scenario: `artemis.kernel.parts`).

Registered under the ``artemis.games`` entry point ``project`` (pyproject.toml), as a third
party would register a game.
"""

from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path

from artemis.games.project import hookspecs
from artemis.games.project.rules_versions import RULES_VERSION, legacy_variants
from artemis.games.project.view import full_view, view
from artemis.kernel.ruleset import Ruleset
from artemis.kernel.streams import Streams, shuffle

# question kind -> the rule it is asked under (IllegalAction names it)
#: the folder of the game's templates for the browser (its board), read by the ``web``
#: extra only (the boards part's ``web_templates``)
WEB_TEMPLATES = Path(__file__).resolve().parent / "web"

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
    #: version 12: Relief Convoy gives 1 Relief gain, not 3 (its targets won more for it than
    #: the seats it would have picked where it was not dealt);
    #: version 11: the six buildings whose claims leaned one way on the studies of versions 8
    #: to 10 (Machine Shop, Battery Bank, Council Chamber, Survey Station, Ice Cathedral,
    #: Cryo Archive);
    #: version 10: the Supply Depot gives 1 Mineral and 1 Toolkit at Upkeep, and the
    #: Expedition Hub's owner 2 badges an award (the weak Ocean tiles version 9's studies flag);
    #: version 9: the Colony Hall counts Surface buildings, and Survey Contract pays every
    #: badge holder 1 VP, not the most badges 2 (the rows flagged at their claim and within
    #: standing, docs/simulate.md);
    #: version 8: the two Events that hit the players with the fewest of a colonist type hit
    #: every player;
    #: version 7: the six buildings flagged at 4 players with version 6;
    #: version 6: the four buildings and the Event flagged at 4 players with version 5;
    #: version 5: the Supply Depot and the two Events whose seats won less at 4 players in
    #: every study;
    #: version 4: the buildings and Events flagged by version 3's studies; version 3: every
    #: Surface tile about 1 VP lower; version 2: Expedition difficulties, the building chart and
    #: the Mineral Vault (docs/balance.md); versions 1 to 11 are frozen as
    #: content/project/base-v1 to base-v11 for the saves and logs that name them
    content_version = 12

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

    # the optional parts (artemis.kernel.parts): each member the module function of its name
    parts = {
        "observation": "artemis.games.project.observe",
        "content": {
            "core_plugin": "artemis.games.project.core_plugin",
            "load_content": "artemis.games.project.content:load_game_content",
            "content_summary": "artemis.games.project.content:content_summary",
            "schemas": "artemis.games.project.content:schemas",
        },
        "words": {
            "explain_illegal": "artemis.games.project.rules.explain:why_not",
            "seat_summary": "artemis.games.project.choices:seat_summary",
            "account_lines": "artemis.games.project.account:account_lines",
            "describe_action": "artemis.games.project.choices:describe_action",
            "choice_groups": "artemis.games.project.choices:choice_groups",
            "question": "artemis.games.project.choices:question",
            "last_round": "artemis.games.project.params:last_round",
        },
        "report": "artemis.games.project.stats",
        "players": "artemis.games.project.players",
        "tools": {
            "action_space": "artemis.games.project.action_space:action_space",
            "score_bounds": "artemis.games.project.score_bounds:score_bounds",
        },
        "boards": {
            "board_text": "artemis.games.project.board_text:board_text",
            "web_board": "artemis.games.project.board_data:board",
            "web_choices": "artemis.games.project.choices:web_choices",
            "web_templates": WEB_TEMPLATES,
            "web_template": "board.html",
            "web_stylesheet": "board.css",
        },
        "browse": "artemis.games.project.browse",
        "scenario": "artemis.games.project.position",
    }

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

    view = staticmethod(view)
    full_view = staticmethod(full_view)

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


RULESET = ProjectRuleset()
