"""A game's optional parts (artemis.kernel.parts): the core a game must implement, each part
read with a generic default or a clear "has no ..." error, and no forwarding methods in the
registered games' rulesets."""

from __future__ import annotations

import ast
import inspect
import pickle
import textwrap

import pytest

from artemis.kernel.action_space import NoActionSpace
from artemis.kernel.games import get_game
from artemis.kernel.parts import PARTS, NoPart, has_part, part
from artemis.kernel.ruleset import Ruleset


class Bare(Ruleset):
    id, name, player_counts = "bare", "Bare", (2,)


def test_a_game_without_parts_gets_the_defaults_or_a_clear_error():
    bare = Bare()
    assert bare.words.question.__func__ is PARTS["words"].question
    assert bare.players.evaluate(None, 0) == 0.0
    assert bare.content.base_pack() is None  # no content part: no base pack either
    assert bare.browse is None and bare.scenario is None
    with pytest.raises(NoPart, match=r"^Bare has no content browser \(its ruleset's parts "
                                     r"name no 'browse'\)$"):
        part(bare, "browse")
    with pytest.raises(NoPart, match="Bare has no scenario support"):
        part(bare, "scenario")
    with pytest.raises(NoActionSpace, match="Bare declares no action space"):
        bare.tools.action_ids({})
    with pytest.raises(ValueError, match="no part 'bords'; parts: content, words, report"):
        part(bare, "bords")


def test_the_report_and_outcome_words_default_to_the_engine_s_winner_and_none():
    bare = Bare()
    assert bare.words.outcome_words({"winner": 0}) is None  # the winner says it
    assert bare.report.report_win_words(3) == "the engine's winner: VP, then the tie-break"
    assert bare.report.report_tables({"items": []}, "items") == []
    assert (bare.report.report_labels, bare.report.report_chart_kind) == ({}, None)


def test_the_games_name_their_report_tables_labels_win_words_and_outcome_in_their_parts():
    project, odyssey = get_game("project"), get_game("odyssey")
    assert project.report.report_chart_kind == "building"
    assert project.report.report_labels["most_toolkits"] == "7 most Toolkits"
    assert project.report.report_tables({"finished": 0, "items": []}, "nowhere") == []
    assert project.words.outcome_words({"winner": 1}) is None
    assert odyssey.report.report_chart_kind is None
    assert odyssey.report.report_win_words(1) == "a solo game is won when its Mission is"
    assert odyssey.report.report_win_words(4) == "the engine's winner: VP, then the tie-break"
    solo = {"winner": None, "won": False, "mission": {"name": "Trailblazer"}}
    assert odyssey.words.outcome_words(solo) == "Mission Trailblazer: lost"
    assert odyssey.words.outcome_words({"winner": 2}) is None


def test_a_dict_spec_sets_its_members_over_the_defaults():
    class Scored(Bare):
        parts = {"players": {"evaluate": lambda game, seat: 2.5 * seat},
                 "report": {"vp_parts_title": "each lot", "reads_rounds": True}}

    rs = Scored()
    assert rs.players.evaluate_all(type("G", (), {"config": type("C", (), {"players": 3})})) \
        == [0.0, 2.5, 5.0]  # the default evaluate_all reads the game's evaluate
    assert (rs.report.vp_parts_title, rs.report.reads_rounds) == ("each lot", True)
    assert rs.players is rs.players  # made once
    assert has_part(rs, "players") and not has_part(rs, "words")


def test_a_spec_naming_a_non_member_is_refused():
    class Typo(Bare):
        parts = {"words": {"describe": "artemis.games.project.choices:describe_action"}}

    with pytest.raises(ValueError, match=r"bare's 'words' part names describe, not members "
                                         r"of it: explain_illegal, seat_summary"):
        Typo().words  # noqa: B018


def test_a_ruleset_with_its_parts_read_pickles_without_them():
    rs = Bare()
    rs.words  # noqa: B018
    assert "words" in rs.__dict__
    again = pickle.loads(pickle.dumps(rs))
    assert "words" not in again.__dict__ and again.words.ruleset is again


def test_the_games_parts_are_their_modules_functions():
    project, odyssey = get_game("project"), get_game("odyssey")
    from artemis.games.odyssey import stats as odyssey_stats
    from artemis.games.project import choices, stats

    assert project.words.describe_action is choices.describe_action
    assert project.report.item_summary is stats.item_summary
    assert project.report.owner_strata_label == "buildings held"
    assert odyssey.report.vp_parts is odyssey_stats.vp_by_option
    assert odyssey.words.explain_illegal.__func__ is PARTS["words"].explain_illegal  # default
    assert project.browse.__name__ == "artemis.games.project.browse"
    assert odyssey.scenario.__name__ == "artemis.games.odyssey.position"


def _forwarding(cls) -> list[str]:
    """The methods of ``cls`` (its own) whose body, past a docstring, only imports and returns
    one call or name: a method that forwards to a module."""
    out = []
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    for node in tree.body[0].body:
        if not isinstance(node, ast.FunctionDef):
            continue
        body = [s for s in node.body
                if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if (len(body) >= 2 and all(isinstance(s, ast.ImportFrom | ast.Import)
                                   for s in body[:-1])
                and isinstance(body[-1], ast.Return)):
            out.append(node.name)
    return out


def test_no_forwarding_methods_in_the_games_rulesets():
    """Each registered game's ruleset is its core: a part is named, never forwarded to. Kept:
    ``table``, which imports the rule modules for their steps (only when a game is played),
    and the Odyssey's ``determinize``, which hands its streams to `hidden.determinize`
    (imported when asked: it pulls in the rules)."""
    assert _forwarding(type(get_game("project"))) == ["table"]
    assert _forwarding(type(get_game("odyssey"))) == ["table", "determinize"]


def test_the_boards_part_draws_nothing_by_default_and_the_games_draw_from_their_folders():
    from pathlib import Path

    from artemis.games.odyssey import web_board
    from artemis.games.project import board_data
    from artemis.games.project import choices as project_choices

    boards = Bare().boards
    assert boards.web_board(None, {}) is None
    assert boards.web_choices(None, [], lambda a: a.label) is None
    assert boards.web_words(None, "play 3 into slot 2") == "play 3 into slot 2"
    assert boards.web_templates is None and boards.web_template is None
    project, odyssey = get_game("project").boards, get_game("odyssey").boards
    assert project.web_board is board_data.board
    assert project.web_choices is project_choices.web_choices
    assert project.web_words.__func__ is PARTS["boards"].web_words  # the words as they are
    assert odyssey.web_board is web_board.board and odyssey.web_words is web_board.web_words
    for game_id, boards in (("project", project), ("odyssey", odyssey)):
        folder = Path(boards.web_templates)
        assert folder.parent.name == game_id and folder.parent.parent.name == "games"
        assert (folder / boards.web_template).is_file()


def test_the_games_boards_parts_load_without_the_web_extra():
    """The browser's board modules import no Jinja2 or Starlette: the core install imports
    every game (the ``web`` extra is imported by `artemis serve` only)."""
    import subprocess
    import sys

    code = ("import sys; from artemis.kernel.games import get_game\n"
            "for g in ('project', 'odyssey'):\n"
            "    b = get_game(g).boards; b.web_board, b.web_choices, b.web_words\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'starlette')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_observation_part_has_no_default_and_a_game_s_own_gives_its_layout():
    from artemis.kernel.observation import Layout, Slice

    with pytest.raises(NoPart, match=r"^Bare has no observation encoder \(its ruleset's "
                                     r"parts name no 'observation'\)$"):
        Bare().observation  # noqa: B018

    def layout(config):
        return Layout([Slice("seats", 2, doc="1 per seat present"),
                       Slice("score", 1, high=10.0, doc="own VP, capped at 10")])

    def write(game, seat, ones, at, values):
        ones.append(seat)
        at.append(2)
        values.append(4.0)

    class Seen(Bare):
        parts = {"observation": {"observation_layout": layout, "write_observation": write,
                                 "layout_version": 3}}

    obs = Seen().observation
    lay = obs.observation_layout(None)
    assert (lay.size, lay.offset("score"), lay["score"].stop) == (3, 2, 3)
    assert lay.bounds() == ([0.0, 0.0, 0.0], [1.0, 1.0, 10.0])
    assert lay.describe()[1] == "score [2:3] 1, 0..10: own VP, capped at 10"
    ones, at, values = [], [], []
    obs.write_observation(None, 1, ones, at, values)
    assert (ones, at, values, obs.layout_version) == ([1], [2], [4.0], 3)


def test_a_layout_refuses_a_repeated_name_an_empty_slice_and_reversed_bounds():
    from artemis.kernel.observation import Layout, Slice

    with pytest.raises(ValueError, match="slice name 'a' is empty or repeated"):
        Layout([Slice("a", 1), Slice("a", 2)])
    with pytest.raises(ValueError, match="slice 'b' has size 0, not a whole number"):
        Layout([Slice("b", 0)])
    with pytest.raises(ValueError, match="slice 'c': low 1.0 is not below high 1.0"):
        Layout([Slice("c", 1, low=1.0, high=1.0)])
    with pytest.raises(KeyError, match="no observation slice 'd'; slices: a"):
        Layout([Slice("a", 1)]).offset("d")
