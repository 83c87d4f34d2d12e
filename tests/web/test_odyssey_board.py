"""The Artemis Odyssey's board in the browser (artemis.games.odyssey.web_board): the values drawn
are the seat's view's, at 1, 2, 4 and 6 players; the grouped chooser holds exactly the legal
actions; and through HTTP each seat's page shows only what it may know (docs/serve.md, "The
game page"; docs/odyssey-rulings.md OR3, OR4, OR14)."""

from __future__ import annotations

import html
import random
import re

import pytest

from artemis.games.odyssey.web_board import board, placement_groups
from artemis.kernel.game import Game, GameConfig
from artemis.web.render import generic_view, ungrouped

from .helpers import client, news, offered, start

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]


def _leaves(groups) -> list[dict]:
    return [o for g in groups for r in g["regions"] for t in r["targets"] for o in t["options"]]


def _play_until(game, rng, want, limit=5000):
    """Random decisions until ``want(game)`` holds (True) or the game is over (False)."""
    for _ in range(limit):
        if game.is_over:
            return False
        if want(game):
            return True
        game.apply(rng.choice(game.legal_actions()))
    return False


def _asked(kind):
    return lambda game: game.pending is not None and game.pending.kind == kind


# -- the chooser -----------------------------------------------------------------------------


def test_planning_is_chosen_card_then_slot_each_leaf_a_legal_action():
    game = Game.new(GameConfig(game="odyssey", players=2, seed=4))
    actions = game.legal_actions()
    assert {a.kind for a in actions} == {"place"}
    groups = placement_groups(actions)
    seat = game.current_player
    hand = game.view(seat)["players"][seat]["hand"]  # the seat's own hand, in its view
    assert sorted(g["die"] for g in groups) == sorted(hand)
    assert sorted(o["id"] for o in _leaves(groups)) == sorted(a.id for a in actions)
    assert ungrouped(actions, groups) == []
    labels = {a.id: a.label for a in actions}
    cards = game.catalog.by_id
    from artemis.games.odyssey.words import card_shows

    for g in groups:
        assert g["summary"] == f"{card_shows(cards[g['die']])} ({g['die']})"
        for r in g["regions"]:
            assert r["name"] == f"into slot {r['id']}"
            for o in r["targets"][0]["options"]:
                assert o["id"] == f"place:{g['die']}:{r['id']}"
                assert o["label"] == labels[o["id"]]
    free = [row["slot"] for row in game.view(seat)["board"]
            if row["player"] is None and not row["singularity"]]
    assert [int(r["id"]) for r in groups[0]["regions"]] == free


def test_travel_is_chosen_starship_then_system_then_planet():
    game = Game.new(GameConfig(game="odyssey", players=4, seed=2))
    assert _play_until(game, random.Random(3), _asked("travel_move"))
    actions = game.legal_actions()
    groups = placement_groups(actions)
    assert sorted(o["id"] for o in _leaves(groups)) == sorted(a.id for a in actions)
    for g in groups:
        for r in g["regions"]:
            for o in r["targets"][0]["options"]:
                source, dest = o["id"].split(":", 1)[1].split(">")
                assert (g["die"], r["id"]) == (source, dest.split(".")[0])
                assert g["summary"] == f"the Starship on {source}"


def test_build_groups_asset_planet_payment_and_leaves_stop_to_the_plain_list():
    game = Game.new(GameConfig(game="odyssey", players=2, seed=1))
    rng = random.Random(5)
    assert _play_until(game, rng, _asked("build"))
    actions = game.legal_actions()
    groups = placement_groups(actions)
    rest = ungrouped(actions, groups)
    assert [a.id for a in rest] == ["build:stop"]
    assert sorted(o["id"] for o in _leaves(groups)) == sorted(
        a.id for a in actions if a.id != "build:stop")
    for g in groups:
        for r in g["regions"]:
            for o in r["targets"][0]["options"]:
                assert o["id"].startswith(f"build:{g['die']}:{r['id']}:")


def test_bank_trades_group_by_what_is_given_offers_and_done_stay_plain():
    game = Game.new(GameConfig(game="odyssey", players=3, seed=2))
    assert _play_until(game, random.Random(1), _asked("trade"))
    actions = game.legal_actions()
    groups = placement_groups(actions)
    assert [g["die"] for g in groups] == ["bank"]
    for r in groups[0]["regions"]:
        assert all(o["id"].startswith(f"trade:bank:{r['id']}:")
                   for o in r["targets"][0]["options"])
    rest = {a.id for a in ungrouped(actions, groups)}
    assert "trade:done" in rest and all(not i.startswith("trade:bank") for i in rest)
    assert rest | {o["id"] for o in _leaves(groups)} == {a.id for a in actions}


def test_short_questions_use_the_plain_list():
    game = Game.new(GameConfig(game="odyssey", players=2, seed=3))
    assert placement_groups([]) is None
    assert _play_until(game, random.Random(2), _asked("score_option"))
    assert placement_groups(game.legal_actions()) is None
    assert ungrouped(game.legal_actions(), None) == game.legal_actions()


# -- the values drawn ------------------------------------------------------------------------


def _section(page: str) -> str:
    """The board's section of a page."""
    start_at = page.index('<section class="odyssey-board">')
    return page[start_at:page.index("</section>", start_at)]


def _planet(section: str, planet_id: str) -> str:
    m = re.search(rf'<li class="planet[^"]*" data-planet="{re.escape(planet_id)}"[^>]*>'
                  r"(.*?)</li>", section, re.S)
    assert m, planet_id
    return m.group(0)


def _mat(section: str, index: int) -> str:
    m = re.search(rf'data-player="{index}">(.*?)</table>', section, re.S)
    assert m, index
    return m.group(1)


def _counts(text: str, attr: str) -> dict:
    """{name: count} of the elements ``data-ATTR="name" data-count="N"`` in ``text``, each
    also reading "N ..." on the page."""
    found = re.findall(rf'data-{attr}="([a-z]+)" data-count="(\d+)">(\d+) ', text)
    assert all(shown == count for _, count, shown in found), found
    return {k: int(v) for k, v, _ in found}


def _human_game(tmp_path, players: int, seed: str, steps: int, **fields):
    """A game of human seats started and played ``steps`` random decisions through HTTP:
    (client, session, links)."""
    c = client(tmp_path)
    form = {"game": "odyssey", "players": str(players), "seed": seed, **fields}
    for i in range(players):
        form[f"seat{i}"], form[f"name{i}"] = "human", NAMES[i]
    game_id, _, links = start(c, **form)
    session = c.app.state.store.get(game_id)
    rng = random.Random(int(seed))
    for _ in range(steps):
        state = news(c, game_id)
        if state["over"]:
            break
        link = links[state["to_decide"]]
        r = c.post(f"{link}/act", data={"action": rng.choice(offered(c, link))})
        assert r.status_code == 303, r.text
    return c, session, links


def _check_drawn(page: str, game, seat: int | None) -> None:
    """Every planet's Assets, every player's Resources, Assets left, VP, hand size and
    Artifacts, the bank and the Planning board on ``page`` equal ``seat``'s view."""
    view = game.view(seat)
    section = _section(page)
    for p in view["planets"]:
        li = _planet(section, p["id"])
        if p["up"]:
            assert f'data-type="{p["type"]}"' in li
            assert _counts(li, "asset") == p["pieces"]
            if p["pieces"]:
                colour = view["players"][p["owner"]]["colour"]
                assert f'class="assets oc-{colour}" data-owner="{p["owner"]}"' in li
        else:
            assert "data-asset" not in li
    for p in view["players"]:
        mat = _mat(section, p["seat"])
        assert _counts(mat, "res") == p["resources"]
        assert _counts(mat, "supply") == p["supply"]
        assert f'data-vp="{p["vp"]}"' in section.split(f'data-player="{p["seat"]}"')[1][:600]
        assert f'data-hand-count="{p["hand_size"]}"' in mat
        assert f'data-artifacts="{p["artifacts_held"]}"' in mat
    assert _counts(section, "bank") == view["bank"]
    for row in view["board"]:
        m = re.search(rf'data-slot="{row["slot"]}">(.*?)</li>', section, re.S)
        assert m, row["slot"]
        cell = m.group(1)
        if row["card"] is not None:
            assert f'data-card="{row["card"]}"' in cell
        elif row["player"] is not None:
            assert "face down" in cell and "data-card" not in cell


@pytest.mark.parametrize("players,seed,steps", [(2, "3", 40), (4, "5", 60), (6, "2", 70)])
def test_a_seat_page_draws_its_views_numbers(tmp_path, players, seed, steps):
    c, session, links = _human_game(tmp_path, players, seed, steps)
    game = session.game
    assert any(p.get("pieces") for p in game.view(0)["planets"] if p["system"] != "sun")
    for seat in range(players):
        page = c.get(links[seat]).text
        _check_drawn(page, game, seat)
        section = _section(page)
        me = game.view(seat)
        mine = next(p for p in me["players"] if "artifacts" in p)
        own_hand = me["teams"]["hand"] if players >= 6 else mine["hand"]
        for card in own_hand:  # the seat's own cards face up in its mat
            assert f'data-card="{card}"' in _mat(section, mine["seat"])
        for p in me["players"]:
            if p is not mine:
                assert "data-card" not in _mat(section, p["seat"]).split("Score discard")[0]
    watch = c.get(f"/g/{session.id}").text
    _check_drawn(watch, game, None)


def test_a_team_game_draws_teams_partners_and_each_seats_cards(tmp_path):
    c, session, links = _human_game(tmp_path, 6, "4", 4)
    game = session.game
    view = game.view(0)
    assert view["phase"] == "planning"
    page = c.get(links[0]).text
    section = _section(page)
    teams = view["teams"]
    for row in teams["teams"]:
        a, b = row["seats"]
        assert (f'{row["colour"].capitalize()}: {NAMES[a]} &amp; {NAMES[b]}; answers when '
                f'called: {NAMES[row["speaker"]]}') in section
    partner = teams["teams"][0]["seats"][1]
    mat = _mat(section, 0)
    assert f"{NAMES[0]}: {teams['cards_in_hand'][0]} cards:" in mat
    assert f"{NAMES[partner]}: {teams['cards_in_hand'][partner]} cards</div>" in mat
    assert "your partner's cards not yet revealed (in hand or face down)" in mat
    for card in teams["hand"] + teams["partner_unrevealed"]:
        assert f'data-card="{card}"' in mat
    other = _mat(section, 1)
    for s in teams["teams"][1]["seats"]:
        assert f"{NAMES[s]}: {teams['cards_in_hand'][s]} cards</div>" in other


def test_a_solo_game_draws_its_mission_goals_and_singularity_deck(tmp_path):
    c, session, links = _human_game(tmp_path, 1, "6", 60, options="mission=trailblazer")
    game = session.game
    page = c.get(links[0]).text
    _check_drawn(page, game, 0)
    section = _section(page)
    from artemis.games.odyssey.rules.mission import check
    from artemis.games.odyssey.words import describe_quantity

    outcome = check(game)
    assert "Mission: Trailblazer" in section
    for g in outcome["goals"]:
        what = html.escape(describe_quantity({g["quantity"]: g["params"]}))
        assert f"{what}: at least {g['at_least']}, now <strong>{g['value']}</strong>" in section
    view = game.view(0)
    assert (f"{view['singularity_deck']} cards left; the Singularity token is on slot "
            f"{game.state.singularity_slot}") in section
    assert "the game ends after round 13, when the Singularity deck runs out" in section
    assert "First Player marker" not in section  # Solo Rules: no First Player marker rules
    # OR4: earlier peeks are not drawn in solo without memory_aid
    peeked = [p for p in game.state.planets if not p.up and p.id in game.state.known[0]]
    assert peeked  # the seat has peeked: its state (a bot's memory) knows the types
    for p in peeked:
        assert "data-type" not in _planet(section, p.id)
        assert next(v for v in view["planets"] if v["id"] == p.id)["type"] is None
    assert "you rely on memory" in section


def test_a_solo_game_with_memory_aid_draws_earlier_peeks():
    game = Game.new(GameConfig(game="odyssey", players=1, seed=6,
                               options={"memory_aid": True}))
    rng = random.Random(6)
    assert _play_until(game, rng, lambda g: any(
        not p.up and p.id in g.state.known[0] for p in g.state.planets))
    drawn = board(game, game.view(0))
    peeked = [(p["id"], p["type"]) for s in drawn["systems"] for p in s["planets"]
              if p["peeked"]]
    assert peeked and sorted(peeked) == sorted(
        (p.id, p.type) for p in game.state.planets if not p.up and p.id in game.state.known[0])


def test_the_two_player_singularity_card_and_the_slot_resolving_are_drawn():
    game = Game.new(GameConfig(game="odyssey", players=2, seed=3))
    rng = random.Random(4)
    assert _play_until(game, rng, lambda g: g.state.singularity_resolved
                       and g.state.phase == "action" and g.state.singularity_deck)
    drawn = board(game, game.view(0))
    sing = drawn["singularity"]
    played = [r["card"] for r in game.log if r["type"] == "singularity"][-1]
    assert sing["this_round"]["name"] == game.catalog.by_id[played].name
    assert sing["deck"] == len(game.state.singularity_deck)
    current = [r for r in drawn["slots"] if r["current"]]
    revealed = [i for i, up in enumerate(game.state.revealed) if up]
    index = max(revealed + [game.state.slots.index(game.state.singularity_slot)])
    assert [r["slot"] for r in current] == [game.state.slots[index]]
    unused = [r["slot"] for r in drawn["slots"] if not r["used"]]
    assert unused == [s.slot for s in game.catalog.board.slots if s.slot not in game.state.slots]


# -- what each seat may know, through HTTP ---------------------------------------------------


def _face_down_of(game, seat: int) -> set[str]:
    """The card ids face down on the board that ``seat`` may not see (with teams: its
    partner's are shared, OR14)."""
    s = game.state
    t = s.teams
    hidden = set()
    for i, entry in enumerate(s.board):
        if entry is None or s.revealed[i]:
            continue
        by = entry[0] if t is None else t.board_seat[i]
        mine = by == seat if t is None else t.team_of(by) == t.team_of(seat)
        if not mine:
            hidden.add(entry[1])
    return hidden


def _peeked_by_others(game, seat: int) -> set[str]:
    s = game.state
    others = set().union(*(k for i, k in enumerate(s.known) if i != seat))
    return {p.id for p in s.planets if not p.up and p.id in others and p.id not in s.known[seat]}


@pytest.mark.parametrize("players,seed,rounds", [(2, "7", 3), (6, "3", 2)])
def test_each_seat_page_shows_only_what_it_may_know(tmp_path, players, seed, rounds):
    """At every decision of a short game (OR28's round limit), no seat's board shows a card
    face down to it or a planet another seat peeked at; in round 1 (nothing revealed yet) its
    whole page holds no such card id; the spectator's board shows no hand and no peek."""
    c, session, links = _human_game(tmp_path, players, seed, 0,
                                    options=f"max_rounds={rounds}")
    game = session.game
    rng = random.Random(int(seed))
    checked_cards = checked_peeks = 0
    for _ in range(3000):
        state = news(c, session.id)
        if state["over"]:
            break
        for seat in range(players):
            page = c.get(links[seat]).text
            section = _section(page)
            secret = _face_down_of(game, seat)
            for card in secret:
                assert f'data-card="{card}"' not in section
                if game.state.round == 1:  # nothing revealed yet in the account either
                    # (the view as data lists each player's unrevealed cards: public, OR3)
                    assert card not in re.sub(
                        r"<tr><th>unrevealed</th><td>.*?</td></tr>", "", page, flags=re.S)
                checked_cards += 1
            mine = game.view(seat)
            for planet in _peeked_by_others(game, seat):
                li = _planet(section, planet)
                assert "data-type" not in li and "you peeked" not in li
                row = next(p for p in mine["planets"] if p["id"] == planet)
                assert row["type"] is None and generic_view(row) in page
                checked_peeks += 1
        watch = _section(c.get(f"/g/{session.id}").text)
        hands = [c for p in game.view(None)["players"] for c in p["unrevealed"]]
        assert not [card for card in hands if f'data-card="{card}"' in watch]
        assert 'class="peek"' not in watch and "you peeked" not in watch
        link = links[state["to_decide"]]
        r = c.post(f"{link}/act", data={"action": rng.choice(offered(c, link))})
        assert r.status_code == 303, r.text
    assert checked_cards > 20 and checked_peeks > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 8])
def test_the_board_draws_at_every_decision_of_a_whole_game(players):
    """Every seat's board and the spectator's, drawn at each decision of a random game to its
    end (the round limit of OR28 keeps it short): no error, and the slot resolving now is
    always one of the slots in use."""
    from types import SimpleNamespace

    from artemis.web.render import board_template, env

    game = Game.new(GameConfig(game="odyssey", players=players, seed=players,
                               options={"max_rounds": 3}))
    rng = random.Random(players)
    template = env().get_template(board_template(game.ruleset))
    session = SimpleNamespace(names=NAMES[:players])
    steps = 0
    while True:
        seat = None if game.is_over else game.current_player
        for who in {seat, None}:
            drawn = board(game, game.view(who))
            text = template.render(board=drawn, session=session, seat=who)
            assert text.count('data-planet="') == len(game.state.planets)
            current = [r for r in drawn["slots"] if r["current"]]
            assert len(current) <= 1 and all(r["used"] for r in current)
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    assert steps > 10 and drawn["round"] == game.state.round
