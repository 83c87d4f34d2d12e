"""The Odyssey's content is checked as the Project's is: located problems (file:line:col) with
their codes (docs/errors.md), from the YAML, the schemas, the cross-file checks (E351-E355)
and the rulebook's counts on the base pack (E451-E458)."""

from __future__ import annotations

import shutil

from artemis.games.odyssey.content import load_game_content
from artemis.util.paths import base_pack

from .helpers import edited_base, found, write_pack

CARD = "  - {{id: {id}, colour: red, action: {action}, {shows}provenance: fan-made}}\n"


def _cards(tmp_path, *rows) -> list[tuple]:
    text = "kind: action_cards\nitems:\n" + "".join(CARD.format(**r) for r in rows)
    return found(load_game_content([write_pack(tmp_path / "pack",
                                               {"cards.yaml": text})]))


def test_a_yaml_syntax_error_is_located(tmp_path):
    pack = write_pack(tmp_path / "pack", {"cards.yaml": "kind: action_cards\nitems:\n  - {id: x"
                                          ", colour: red\n"})
    problems = load_game_content([pack]).problems
    assert [(p.code, p.line, p.column) for p in problems] == [("E104", 4, 1)]
    assert problems[0].format().startswith(f"{problems[0].file}:4:1: error[E104]: ")


def test_a_schema_error_is_located_at_the_value(tmp_path):
    assert _cards(tmp_path, {"id": "red-produce-9", "action": "produce",
                             "shows": "resources: [water, mud], "}) == [
        ("E204", "cards.yaml", 3, 74, "'mud' is not allowed here")]


def test_a_misspelt_artifact_window_is_e211_an_unknown_window_with_the_nearest(tmp_path):
    text = ("kind: alien_artifacts\nitems:\n  - {id: shard, name: Shard, solo: true, windows: "
            "[after_actoin], effect: [{gain: {energy: 1}}], provenance: fan-made}\n"
            "  - {id: shard2, name: Shard 2, solo: true, windows: [zzzz], "
            "effect: [{gain: {energy: 1}}], provenance: fan-made}\n")
    problems = load_game_content([write_pack(tmp_path / "pack", {"a.yaml": text})]).problems
    assert [(p.code, p.line, p.column, p.message, p.hint) for p in problems] == [
        ("E211", 3, 52, "unknown window 'after_actoin'", "did you mean 'after_action'?"),
        ("E211", 4, 55, "unknown window 'zzzz'", "expected one of: after_action, "
         "after_own_build, after_own_produce, after_own_travel, card_revealed, end_of_round, "
         "own_travel_start, planning_turn, score_tally")]


def test_a_number_out_of_range_is_e205(tmp_path):
    text = ("kind: singularity_cards\nitems:\n  - {id: flood, name: Flood, effect: "
            "[{gain: {water: 26}}], provenance: fan-made}\n")
    assert found(load_game_content([write_pack(tmp_path / "pack", {"s.yaml": text})])) == [
        ("E205", "s.yaml", 3, 54, "26 is out of range: must be at most 25")]


def test_an_id_given_twice_is_e301(tmp_path):
    assert _cards(tmp_path, {"id": "red-trade", "action": "trade", "shows": ""})[0][:4] == (
        "E301", "cards.yaml", 3, 10)
    (problem,) = load_game_content([tmp_path / "pack"]).problems
    assert problem.hint.endswith("(pack 'base'); to put this item in its place add "
                                 "`replaces: true`, else give it its own id")


def test_a_travel_card_naming_the_sun_is_e351_and_an_unknown_star_e302(tmp_path):
    assert _cards(tmp_path, {"id": "red-travel-9", "action": "travel",
                             "shows": "systems: [sun, leo, ophiuchus], "}) == [
        ("E351", "cards.yaml", 3, 63, "a Travel card may not show the Starting system 'sun'"),
        ("E302", "cards.yaml", 3, 73, "system 'ophiuchus' is not in the systems file")]


def test_a_card_showing_what_its_action_does_not_use_is_e355(tmp_path):
    assert _cards(tmp_path, {"id": "red-build-9", "action": "build",
                             "shows": "options: [systems], "}) == [
        ("E355", "cards.yaml", 3, 51, "a build card shows no options")]


def test_a_modify_out_of_its_scope_is_e353_and_keeping_more_than_drawn_e354(tmp_path):
    text = ("kind: alien_artifacts\nitems:\n"
            "  - {id: warp-lens, name: Warp Lens, solo: true, windows: [score_tally], effect: "
            "[{modify: {param: travel_destination, set: any_star, scope: this_score}}], "
            "provenance: fan-made}\n"
            "  - {id: greedy-archive, name: Greedy Archive, solo: true, windows: "
            "[after_action], effect: [{draw_artifacts: {draw: 2, keep: 3}}], "
            "provenance: fan-made}\n")
    assert found(load_game_content([write_pack(tmp_path / "pack", {"a.yaml": text})])) == [
        ("E353", "a.yaml", 3, 142, "'travel_destination' lasts for this_travel, not "
         "this_score"),
        ("E354", "a.yaml", 4, 127, "keeps 3 Alien Artifacts of the 2 it draws")]


def test_a_modify_of_a_variants_parameter_is_e353(tmp_path):
    text = ("kind: alien_artifacts\nitems:\n"
            "  - {id: trade-jammer, name: Trade Jammer, solo: true, windows: [score_tally], "
            "effect: [{modify: {param: trade_offer_limit, set: 0, scope: this_score}}], "
            "provenance: fan-made}\n")
    problems = load_game_content([write_pack(tmp_path / "pack", {"a.yaml": text})]).problems
    assert [(p.code, p.message, p.hint) for p in problems] == [
        ("E353", "'trade_offer_limit' is a variant's setting, which no card changes",
         "modify one of score_card_vp, travel_destination")]


def test_a_setup_that_does_not_fit_the_stars_is_e352(tmp_path):
    text = ("kind: setup\nitems:\n  - {players: 7, production_per_type: 2, alien_planets: 2, "
            "stars: all, cards_per_player: 1, provenance: fan-made}\n")
    assert found(load_game_content([write_pack(tmp_path / "pack", {"s.yaml": text})])) == [
        ("E352", "s.yaml", 3, 39, "7 planets are dealt around 8 stars: each star takes 3 to 7, "
         "so 24 to 56 fit")]


def _setup_rows() -> dict[int, str]:
    """{players: the line of its row} of the base pack's setup file."""
    text = (base_pack("odyssey") / "setup.yaml").read_text(encoding="utf-8")
    return {int(line.split("players: ")[1].split(",")[0]): line + "\n"
            for line in text.splitlines() if line.startswith("  - {players: ")}


def test_a_player_count_without_its_setup_row_is_e313_naming_the_count(tmp_path):
    """Issue 25: a setup without its 2-player row validated, and a 2-player game then ended in
    KeyError: 2. Every count the game is played at needs its row."""
    result = edited_base(tmp_path, "setup.yaml", _setup_rows()[2], "")
    assert found(result) == [
        ("E313", "setup.yaml", 10, 5, "the setup table has no row for 2 players")]
    assert result.problems[0].hint.startswith("the game is played at 1, 2, 3, 4, 5, 6, 8 "
                                              "players")
    rows = _setup_rows()
    result = edited_base(tmp_path / "teams", "setup.yaml", rows[6] + rows[8], "")
    assert [(c, m) for c, _, _, _, m in found(result)] == [
        ("E313", "the setup table has no row for 6, 8 players")]
    result = edited_base(tmp_path / "solo", "setup.yaml", rows[1], "")
    assert [(c, m) for c, _, _, _, m in found(result)] == [
        ("E313", "the setup table has no row for 1 player")]


def test_a_setup_row_given_twice_is_e313_at_the_second(tmp_path):
    text = "kind: setup\nitems:\n" + _setup_rows()[4]
    result = load_game_content([write_pack(tmp_path / "pack", {"s.yaml": text})])
    assert found(result) == [("E313", "s.yaml", 3, 15,
                              "the setup row for 4 players is given twice")]
    assert result.problems[0].hint.startswith("first given at ")
    assert result.problems[0].hint.endswith("setup.yaml:8; one row per player count")


def test_no_setup_file_at_all_is_e313_at_the_manifests_files(tmp_path):
    result = edited_base(tmp_path, "expansion.yaml", "setup.yaml, ", "")
    assert [(c, f, m) for c, f, _, _, m in found(result)] == [
        ("E313", "expansion.yaml", "the setup table has no row for 1, 2, 3, 4, 5, 6, 8 "
         "players")]


def test_a_team_row_that_does_not_fit_its_count_is_e356(tmp_path):
    """6 seats as 2 teams crashed a game (IndexError): the teams are n / 2, set up as for
    n / 2 players; 6 and 8 are team rows, 1 to 5 are not."""
    rows = _setup_rows()
    result = edited_base(tmp_path / "a", "setup.yaml", rows[6],
                         rows[6].replace("as_players: 3, teams: 3", "as_players: 2, teams: 2"))
    assert [(c, line, m) for c, _, line, _, m in found(result)] == [
        ("E356", 10, "6 players are 3 teams of two partners, set up as for 3 players; "
         "teams is 2"),
        ("E356", 10, "6 players are 3 teams of two partners, set up as for 3 players; "
         "as_players is 2")]
    plain = rows[3].replace("players: 3,", "players: 8,")
    result = edited_base(tmp_path / "b", "setup.yaml", rows[8], plain)
    assert [(c, m, p.hint) for (c, _, _, _, m), p in zip(found(result), result.problems,
                                                          strict=True)] == [
        ("E356", "8 players play as teams: there are 5 colours",
         "write {players: 8, as_players: 4, teams: 4} (rulebook, Team Play)")]
    result = edited_base(tmp_path / "c", "setup.yaml", rows[4],
                         "  - {players: 4, as_players: 2, teams: 2, provenance: fan-made}\n")
    assert [(c, m) for c, _, _, _, m in found(result)] == [
        ("E356", "4 players each play a colour, not as teams"),
        ("E302", "plays as 4 players, which have no setup row of their own")]  # the 8 row's


def test_validate_refuses_the_setup_that_play_could_not_set_up(tmp_path):
    """The issue's commands: `artemis validate` of the copy now fails, naming the count."""
    from typer.testing import CliRunner

    from artemis.cli import app

    copy = tmp_path / "base"
    shutil.copytree(base_pack("odyssey"), copy)
    text = (copy / "setup.yaml").read_text(encoding="utf-8")
    (copy / "setup.yaml").write_text(text.replace(_setup_rows()[2], ""), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(copy)])
    assert result.exit_code == 1, result.output
    assert "setup.yaml:10:5: error[E313]: the setup table has no row for 2 players" in (
        result.stdout)


def test_a_solo_galaxy_too_small_for_any_colours_stars_is_e352(tmp_path):
    """The solo player may play any colour: its planets must fit the stars of every colour's
    Travel cards, not only of the colour showing the fewest (red showing 3 stars and 17
    planets dealt passed, and a solo game as blue, 6 stars, ended in IndexError)."""
    from artemis.content.loader import load_content
    from artemis.games.odyssey.content import game_spec

    copy = tmp_path / "base"
    shutil.copytree(base_pack("odyssey"), copy)
    for name, old, new in [
            ("action_cards.yaml", "systems: [leo, virgo, libra]", "systems: [gemini, cancer, "
             "scorpio]"),
            ("setup.yaml", "{players: 1, production_per_type: 4, alien_planets: 4",
             "{players: 1, production_per_type: 2, alien_planets: 6")]:
        text = (copy / name).read_text(encoding="utf-8")
        assert old in text
        (copy / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    spec = game_spec()
    spec.base = copy
    assert [(c, f, m) for c, f, _, _, m in found(load_content([], spec))] == [
        ("E352", "setup.yaml", "17 planets are dealt around the 6 stars of blue's Travel "
         "cards: each star takes 3 to 7, so 18 to 42 fit")]


def test_the_solo_galaxy_at_more_players_is_e352(tmp_path):
    """3 players on own_travel_cards stars passed (its planets counted as if the Sun kept
    three) and the setup ran out of stars with room (IndexError)."""
    row = _setup_rows()[3]
    result = edited_base(tmp_path, "setup.yaml", row,
                         row.replace("stars: all", "stars: own_travel_cards"))
    assert [(c, line, m) for c, _, line, _, m in found(result)] == [
        ("E352", 7, "stars: own_travel_cards is the solo galaxy; 3 players use all the stars")]


def test_an_odyssey_pack_loaded_for_the_project_is_e507(tmp_path):
    from artemis.games.project.content import load_game_content as load_project

    pack = write_pack(tmp_path / "pack", {"s.yaml": "kind: setup\nitems: []\n"})
    # its files are the Odyssey's kinds: not read, so no unknown kind (E212) follows
    assert [p.code for p in load_project([pack]).problems] == ["E507"]


# -- the rulebook's counts, on the base pack only --------------------------------------------


def test_a_missing_star_is_e451(tmp_path):
    result = edited_base(tmp_path, "systems.yaml", "start: true, ", "")
    assert [(c, f, m) for c, f, _, _, m in found(result)] == [
        ("E451", "systems.yaml", "the base game has 9 stars, one of them the Sun; found 9, "
         "0 marked start")]


def test_an_eleventh_score_card_too_many_is_e453(tmp_path):
    result = edited_base(tmp_path, "action_cards.yaml", "action: trade,", "action: build,")
    assert [(c, m) for c, _, _, _, m in found(result)] == [
        ("E453", "the base game has 55 Action cards, 11 per colour (4 Score, 3 Produce, 2 "
         "Travel, 1 Trade, 1 Build); found 55, red off")]


def test_a_solo_artifact_kept_is_e454_and_a_missing_mission_e456(tmp_path):
    result = edited_base(tmp_path, "alien_artifacts.yaml",
                         "name: Amnesia Beam, solo: false", "name: Amnesia Beam, solo: true")
    assert [c for c, *_ in found(result)] == ["E454"]
    text = (base_pack("odyssey") / "missions.yaml").read_text(encoding="utf-8")
    last = text[text.index("  - id: fleet-admiral"):]
    result = edited_base(tmp_path / "b", "missions.yaml", last, "")
    assert [(c, f, line, m) for c, f, line, _, m in found(result)] == [
        ("E456", "missions.yaml", 5, "the base game has 5 Mission cards; found 4")]


def test_planets_singularity_board_and_assets_counts(tmp_path):
    checks = [("planet_types.yaml", "resource_cards: 25", "resource_cards: 24", "E452"),
              ("singularity_cards.yaml", "  - {id: time-warp", "  # {id: time-warp", "E455"),
              ("planning_board.yaml", "{slot: 10, players: [4, 5]", "{slot: 10, players: [5]",
               "E457"),
              ("assets.yaml", "{id: starship, pieces: 4", "{id: starship, pieces: 3", "E458")]
    for k, (name, old, new, code) in enumerate(checks):
        codes = [c for c, *_ in found(edited_base(tmp_path / str(k), name, old, new))]
        assert codes == [code], (name, codes)


def test_a_fan_pack_is_not_held_to_the_base_counts(tmp_path):
    text = ("kind: missions\nitems:\n  - id: pacifist\n    name: Pacifist\n    goals:\n"
            "      - {quantity: {artifacts_used: {}}, at_least: 0}\n    provenance: fan-made\n")
    result = load_game_content([write_pack(tmp_path / "pack", {"m.yaml": text})])
    assert result.problems == [] and len(result.catalog.missions) == 6


def test_every_code_the_checks_give_has_a_title(tmp_path):
    """The codes of the Odyssey's own checks are in its catalogue, apart from the kernel's."""
    from artemis.content.problems import CODES
    from artemis.games.odyssey.codes import CODES as ODYSSEY_CODES

    assert sorted(ODYSSEY_CODES) == ["E351", "E352", "E353", "E354", "E355", "E356", "E451",
                                     "E452",
                                     "E453", "E454", "E455", "E456", "E457", "E458"]
    text = (base_pack("odyssey") / "missions.yaml").read_text(encoding="utf-8")
    result = edited_base(tmp_path, "missions.yaml", text[text.index("  - id: fleet"):], "")
    assert {p.code for p in result.problems} <= set(CODES) | set(ODYSSEY_CODES)
    assert [p.code for p in result.problems] == ["E456"]
