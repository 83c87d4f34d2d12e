"""The Project's board for the browser (artemis.games.project.board_data, its chooser's
groups artemis.games.project.choices): the chooser's groups and the mats, from a game's first
placement (docs/serve.md, "The game page")."""

from __future__ import annotations

from artemis.games.project.board_data import board
from artemis.games.project.choices import placement_groups
from artemis.kernel.game import Game, GameConfig


def _game():
    return Game.new(GameConfig(players=2, seed=5))


def test_placements_are_grouped_die_region_target_toolkit_change():
    game = _game()
    actions = game.legal_actions()
    groups = placement_groups(actions)
    seat = game.current_player
    assert [g["die"] for g in groups] == sorted(set(game.view(seat)["players"][seat]["dice"]))
    leaves = [o for g in groups for r in g["regions"] for t in r["targets"] for o in t["options"]]
    assert sorted(o["id"] for o in leaves) == sorted(a.id for a in actions)
    for g in groups:
        for r in g["regions"]:
            for t in r["targets"]:
                for o in t["options"]:
                    rolled, final, region = o["id"].split(":")[1:4]
                    assert (int(rolled), region) == (g["die"], r["id"])
                    assert o["cost"] == abs(int(final) - int(rolled))
                    assert o["label"] == next(a.label for a in actions if a.id == o["id"])
                costs = [o["cost"] for o in t["options"]]
                assert costs == sorted(costs) and costs[0] == 0  # the die as rolled first
    vents = next(r for r in groups[0]["regions"] if r["id"] == "vents")
    assert vents["name"] == "Vents" and vents["targets"][0]["label"] == "in the Vents"


def test_other_questions_use_the_plain_chooser():
    game = _game()
    assert placement_groups([]) is None
    from artemis.kernel.actions import Action

    assert placement_groups([Action("recruit", ("pioneer",), "recruit a Pioneer")]) is None
    assert placement_groups(game.legal_actions()[:1]) is not None


def test_the_board_has_the_seven_regions_the_event_and_every_mat():
    game = _game()
    view = game.view(0)
    drawn = board(game, view)
    assert [r["id"] for r in drawn["regions"]] == ["basecamp", "vents", "quarry", "gantry",
                                                   "doorstep", "academy", "outfitter"]
    regions = {r["id"]: r for r in drawn["regions"]}
    assert regions["vents"]["stock"] == f"{view['board']['vents']} Energy"
    assert regions["quarry"]["stock"] == f"{view['board']['quarry']} Minerals"
    card = game.catalog.by_id[view["board"]["expeditions"][0]["card"]]
    shown = regions["basecamp"]["expeditions"][0]
    assert (shown["name"], shown["difficulty"], len(shown["rewards"])) == (
        card.name, card.difficulty, 2)
    tiles = regions["gantry"]["tiles"]
    assert [t["id"] for t in tiles] == [g["tile"] for g in view["board"]["gantry"]]
    assert tiles[0]["slots"] == list(game.catalog.by_id[tiles[0]["id"]].slots)
    event = game.catalog.by_id[view["event"]]
    assert drawn["event"]["name"] == event.name and drawn["event"]["spot"] == event.when
    assert regions["outfitter"]["stock"] == "Toolkits for a die: " + ", ".join(
        f"{face}: {n}" for face, n in enumerate(game.catalog.board.outfitter) if face)
    mats = drawn["players"]
    assert [(m["seat"], m["energy"], m["minerals"], m["toolkits"], m["relief"], m["vp"])
            for m in mats] == [(p["seat"], p["energy"], p["minerals"], p["toolkits"],
                                p["relief"], p["vp"]) for p in view["players"]]
    assert mats[0]["shelters"] == "1 Pioneer" and mats[0]["buildings"] == []


def test_the_dice_at_the_outfitter_are_drawn_on_the_board_and_its_page(tmp_path):
    """A die placed at the Outfitter stays there until the Resolution Phase, in sight of
    every player, as at the Vents: the board (browser and terminal) draws it."""
    from artemis.games.project.board_text import board_text

    from .helpers import client, start

    c = client(tmp_path)
    game_id, _, links = start(c, seat0="human", seat1="human")
    session = c.app.state.store.get(game_id)
    game = session.game
    seat = game.current_player
    place = next(a for a in game.legal_actions() if a.id.split(":")[3] == "outfitter")
    final = int(place.id.split(":")[2])
    session.act(seat, place.id)
    assert game.state.outfitter_dice == [(seat, final)]
    regions = {r["id"]: r for r in board(game, game.view(0))["regions"]}
    assert regions["outfitter"]["dice"] == [{"seat": seat, "face": final}]
    page = c.get(links[1 - seat]).text
    outfitter = page[page.index('data-region="outfitter"'):page.index('<div class="mats">')]
    assert f'class="die p{seat}"' in outfitter and f">{final}<" in outfitter
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(board_text(game, game.view(0), ["Ada", "Bob"]))
    row = next(ln for ln in console.export_text().splitlines() if "Outfitter" in ln)
    assert f"{['Ada', 'Bob'][seat]} {final}" in row, row


def test_a_game_without_a_drawing_has_no_board_template_and_the_project_s_is_its_own():
    from artemis.kernel.ruleset import Ruleset
    from artemis.web.render import board_template, env

    class Bare(Ruleset):
        id, name, player_counts = "bare", "Bare", (2,)

    assert board_template(Bare()) is None
    game = _game()
    name = board_template(game.ruleset)
    assert name == "project:board.html"
    assert env().get_template(name).filename.endswith("games/project/web/board.html")
