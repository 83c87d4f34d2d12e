"""The Artemis Odyssey as a registered game (`artemis.kernel.ruleset.Ruleset`): its core
(player counts, random streams, step table, setup, per-seat views, hidden information, result)
and the modules that are its optional parts (content, words, report, players, tools, boards,
browse, scenario: `artemis.kernel.parts`).

Registered under the ``artemis.games`` entry point ``odyssey`` (pyproject.toml). The core rules
play at 2 to 5 players, solo (1, with its Mission: `artemis.games.odyssey.rules.mission`), and
at 6 and 8 as teams of two partners (Team Play: OR14, OR30,
`artemis.games.odyssey.rules.teams`), Alien Artifacts used in their windows
(`rules/artifacts.py`; docs/odyssey-rulings.md, "What the engine plays").
"""

from __future__ import annotations

import random
from functools import cached_property
from pathlib import Path

from artemis.games.odyssey.view import full_view, view
from artemis.games.odyssey.vocabulary import OPTION_NAMES, PLAYER_COUNTS
from artemis.kernel.ruleset import Ruleset

#: the folder of the game's templates for the browser (its board), read by the ``web``
#: extra only (the boards part's ``web_templates``)
WEB_TEMPLATES = Path(__file__).resolve().parent / "web"

# the named random streams (docs/odyssey-rulings.md OR24)
STREAMS = ("galaxy", "artifacts", "singularity", "setup", "team_deal")

# question kind -> the rule it is asked under (IllegalAction names it)
QUESTIONS = {
    "place": "Planning Phase (OR22)",
    "artifact": "Alien Artifacts: a window (OR7, OR32)",
    "produce_type": "Produce (OR1, OR20)",
    "produce_next": "Produce: a short bank (OR1, OR21)",
    "travel_system": "Travel (OR1, OR20)",
    "travel_call": "Travel: the Planner calls the players (OR29)",
    "travel_go": "Travel (OR2, OR29)",
    "travel_move": "Travel: available planets (OR2, OR13, OR29)",
    "singularity_peek": "Two-Player Rules: Alien Planets (OR5)",
    "keep_artifact": "Discovering a Planet (OR10)",
    "build": "Build (OR1, OR11, OR13)",
    "build_call": "Build: the Planner calls the players (OR29)",
    "trade": "Trade (OR6)",
    "offer_edit": "Trade: an offer (OR6)",
    "offer_reply": "Trade: an offer (OR6)",
    "late_trade": "Two-Player Rules: Trade Action (OR6)",
    "score_option": "Score (OR1, OR20)",
    "score_call": "Score: the Planner calls the players (OR29)",
    "discard_identical": "Scoring Options: Identical Resources (OR9)",
    "discard_different": "Scoring Options: Different Resources (OR9)",
    "draft_keep": "Reaching 42 (OR8)",
    "hand_discard": "End of the Round, step 1 (OR23)",
    "bank_exchange": "Effects: bank_trade",
    "peek_system": "Effects: peek",
    "target_planet": "Effects: remove_assets",
    "score_card": "Effects: retrieve_score_card",
    "choose": "Effects: choose one option",
}

CONFIG_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "colours": {
            "description": "The players' colours in seat order, with 6 or 8 players the "
                           "teams' in team order (OR25); default: the first of red, blue, "
                           "yellow, green, purple.",
            "type": ["array", "null"], "default": None, "uniqueItems": True,
            "items": {"enum": ["red", "blue", "yellow", "green", "purple"]},
        },
        "mission": {
            "description": "Solo only: the Mission played (a Mission id), or random (drawn "
                           "with the setup stream, OR24); null: random (Solo Rules, Setup 6).",
            "type": ["string", "null"], "minLength": 1, "default": None,
        },
        "memory_aid": {
            "description": "Solo only: a human seat is shown the planets it peeked at "
                           "earlier (OR4); off by default, as the rule (rely on memory).",
            "type": "boolean", "default": False,
        },
        "max_rounds": {
            "description": "The stall limit (OR28): the game ends after this round if nothing "
                           "ended it before; null: no limit; solo ignores it.",
            "type": ["integer", "null"], "minimum": 1, "maximum": 500, "default": 50,
        },
    },
}


class OdysseyRuleset(Ruleset):
    """The Artemis Odyssey (its rulebook): solo, 2 to 5 players, and 6 or 8 as teams of
    two."""

    id = "odyssey"
    name = "The Artemis Odyssey"
    player_counts = PLAYER_COUNTS  # every count needs its setup row (E313)
    streams = STREAMS
    start_step = ("game_start",)
    # 50 rounds (OR28) of up to 10 slots; a Trade action may ask many questions (OR6)
    max_decisions = 40_000
    max_steps = 10_000
    questions = QUESTIONS
    config_schema = CONFIG_SCHEMA
    scoring_title = "Final scores (Endgame)"
    tie_break = "all tied players win (rulebook, Endgame); listed by seat"
    scoring_labels = OPTION_NAMES  # named in simulation reports (`vp_parts`)
    # docs/odyssey-rulings.md, "Rules versions": version 2 places solo cards face up (OR18),
    # marks an Artifact draft's keep as revealing (OR8) and logs a pass at an Artifact window
    # to its player alone (OR3); version 3 marks the team deal as revealing (OR14); files
    # recording no version, or an older one, replay as played
    rules_version = 3

    def legacy_variants(self, version: int) -> dict[str, dict]:
        """Versions 1 and 2 need no variant: the rules that differ read
        ``game.config.rules_version`` (`artemis.games.odyssey.rules.rounds.face_up_planning`,
        `artemis.games.odyssey.rules.track.draft`, `action_seen_by`,
        `artemis.games.odyssey.rules.teams.deal`). Raises ValueError for another version."""
        if version not in (1, 2, 3):
            raise ValueError(f"rules version {version} is not one of 1 to 3")
        return {}

    @cached_property  # every game set up asks: the rule modules' import statement, once
    def table(self):
        """The step table, filled by importing the rule modules."""
        from artemis.games.odyssey.rules import (  # noqa: F401
            artifacts,
            build,
            effects,
            produce,
            rounds,
            score,
            track,
            trade,
            travel,
        )
        from artemis.games.odyssey.rules.flow import TABLE

        return TABLE

    # the optional parts (artemis.kernel.parts): each member the module function of its name
    parts = {
        "observation": "artemis.games.odyssey.observe",
        "content": {
            "core_plugin": "artemis.games.odyssey.core_plugin",
            "load_content": "artemis.games.odyssey.content:load_game_content",
            "content_summary": "artemis.games.odyssey.content:content_summary",
            "schemas": "artemis.games.odyssey.content:schemas",
        },
        "words": {
            "seat_summary": "artemis.games.odyssey.choices:seat_summary",
            "account_lines": "artemis.games.odyssey.account:account_lines",
            "describe_action": "artemis.games.odyssey.choices:describe_action",
            "choice_groups": "artemis.games.odyssey.choices:choice_groups",
            "question": "artemis.games.odyssey.choices:question",
            "last_round": "artemis.games.odyssey.choices:last_round",
            "outcome_words": "artemis.games.odyssey.choices:outcome_words",
        },
        "report": "artemis.games.odyssey.stats",
        "players": "artemis.games.odyssey.players",
        "tools": "artemis.games.odyssey.action_space",
        "boards": {
            "board_text": "artemis.games.odyssey.board_text:board_text",
            "web_board": "artemis.games.odyssey.web_board:board",
            "web_choices": "artemis.games.odyssey.web_board:web_choices",
            "web_words": "artemis.games.odyssey.web_board:web_words",
            "web_templates": WEB_TEMPLATES,
            "web_template": "board.html",
            "web_stylesheet": "board.css",
        },
        "browse": "artemis.games.odyssey.browse",
        "scenario": "artemis.games.odyssey.position",
    }

    # -- a game ------------------------------------------------------------------------------

    def setup(self, game, rng):
        """Setup 1-11 (rulebook, Setup); the rounds start with the first step."""
        from artemis.games.odyssey.rules.setup import new_state, player_count

        self.table  # noqa: B018 - the rule modules register their steps
        colours = game.config.options.get("colours")
        n = player_count(game.catalog, game.config.players)
        if colours is not None and len(colours) != n:
            from artemis.kernel.game import OptionError

            if n != game.config.players:
                raise OptionError(f"option colours: {len(colours)} colours for {n} teams "
                                  f"({game.config.players} players)", ("colours",),
                                  "name one colour per team, in team order (seats s and "
                                  "s + N/2 are a team: OR14)")
            raise OptionError(f"option colours: {len(colours)} colours for "
                              f"{game.config.players} players", ("colours",),
                              "name one colour per player, in seat order")
        if game.config.players != 1 and game.config.options.get("mission") is not None:
            from artemis.kernel.game import OptionError

            raise OptionError(f"option mission: only a solo game has a Mission, and this one "
                              f"has {game.config.players} players", ("mission",),
                              "play with 1 player, or leave the option out")
        if game.config.players != 1 and game.config.options.get("memory_aid"):
            from artemis.kernel.game import OptionError

            # OR4 is a Solo Rule: no other game hides earlier peeks, so nothing to aid
            raise OptionError(f"option memory_aid: only a solo game has the memory aid (OR4), "
                              f"and this one has {game.config.players} players",
                              ("memory_aid",), "play with 1 player, or leave the option out")
        state = new_state(game, rng)
        extra = {} if state.teams is None else {
            "teams": [list(state.teams.seats_of(t)) for t in range(state.n)],
            "marker": state.teams.marker}
        game.emit("setup", players=game.config.players, seed=game.config.seed,
                  colours=[p.colour for p in state.players], first=state.first,
                  planets=[p.id for p in state.planets], **extra)
        return state

    def result(self, game) -> dict:
        """{"players": [{seat, vp}], "ranking", "winner" (the ranking's first; solo None when
        the Mission is lost), "winners" (every tied leader: rulebook, Endgame; solo [0] when
        the Mission is won and [] when it is lost: Solo Rules, Winning the Game),
        "end_reason", "rounds"}; with teams each
        seat's row has its team's VP and ``team``, and "teams" and "winning_teams" name the
        teams (a team wins:
        `artemis.games.odyssey.rules.teams.team_result`); solo adds "won" (bool: every goal
        of the Mission met, Solo Rules, Winning the Game) and "mission" ({"id", "name",
        "won", "goals": [{"quantity", "params", "at_least", "value", "met"}]}, OR31)."""
        final = game.final
        if game.state.teams is not None:
            from artemis.games.odyssey.rules.teams import team_result

            return {**team_result(game.state, final["ranking"], final["winners"]),
                    "end_reason": final["end_reason"], "rounds": final["rounds"]}
        lost = "mission" in final and not final["mission"]["won"]
        out = {
            "players": [{"seat": seat, "vp": vp} for seat, vp in enumerate(final["vp"])],
            "ranking": final["ranking"],
            "winner": None if lost else final["ranking"][0],  # a Mission lost: nobody won
            "winners": final["winners"],
            "end_reason": final["end_reason"],
            "rounds": final["rounds"],
        }
        if "mission" in final:
            out["won"] = final["mission"]["won"]
            out["mission"] = final["mission"]
        return out

    # -- what each seat may know -------------------------------------------------------------

    view = staticmethod(view)
    full_view = staticmethod(full_view)

    def former_views(self, game) -> list[dict]:
        """The view before it showed a Trade in progress (``trade``, issue 30): a save
        written during a Trade by an engine of before then loads."""
        now = view(game)
        if "trade" not in now:
            return []
        del now["trade"]
        return [now]

    def determinize(self, game, seat, rng: random.Random):
        """Resample what ``seat`` cannot know (`artemis.games.odyssey.hidden`)."""
        from artemis.games.odyssey.hidden import determinize

        return determinize(game, seat, rng, self.streams)

    def action_seen_by(self, game, decision, action):
        """A card placed face down is seen by its player only (Planning Phase; solo, whose
        cards go face up, by everyone: OR18); which Artifact one keeps, and a pass at an
        Artifact window, by the player only (with teams, by both partners: OR14)."""
        if action.kind == "place":
            from artemis.games.odyssey.rules.rounds import face_up_planning

            return None if face_up_planning(game) else [decision.player]
        private_pass = action.id == "artifact:pass" and game.config.rules_version >= 2
        if action.kind in ("keep_artifact", "draft_keep") or private_pass:
            # a pass at an Artifact window is asked only of a seat holding a card usable
            # there (OR7): told to all, its timing would name the card kind held (rules
            # version 2; version 1's files told it to all)
            t = game.state.teams
            return [decision.player] if t is None else sorted(
                t.seats_of(t.team_of(decision.player)))
        return None

    def action_public(self, game, decision, action):
        """What the other seats learn of a hidden answer (OR3): a card placed face down shows
        its slot, not which card; a kept Artifact shows that one was kept, not which."""
        if action.kind == "place":
            return ("place", action.args[1])
        return (action.kind,)


RULESET = OdysseyRuleset()
