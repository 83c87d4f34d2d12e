"""The seat's page speaks the game's words (issue 26): every question's title is the game's
own question (`parts.Words.question`, as the terminal seat asks it), never the engine's question
name; the Project's "how do you pay" question says whether the player gains, pays or loses
resources, and why (docs/serve.md, "The game page")."""

from __future__ import annotations

import html
import io
import random
import re

import pytest

from artemis.kernel.game import Game, GameConfig
from artemis.kernel.games import games
from artemis.web.render import page, seat_page
from artemis.web.store import GameStore

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"]


def _no_token(path: str) -> str:
    """The form token a page is rendered with outside the app (not checked here)."""
    return ""
#: Random games per game and player count: enough to meet every question kind random play
#: reaches (each game takes a few milliseconds).
GAMES = 30
TITLE = re.compile(r'<h2 id="question">(.*?)</h2>', re.S)
STATUS = re.compile(r'<p class="status">(.*?)</p>', re.S)


def _session(tmp_path, game_id: str, players: int):
    """A served game of bots only (its seats' pages render without the undo rule's replay);
    the test puts the game it plays in it."""
    store = GameStore(tmp_path)
    return store.create(GameConfig(game=game_id, players=players, seed=0),
                        ["random"] * players, NAMES[:players])


def _titles(tmp_path, game_id: str) -> dict[str, tuple[str, str, str]]:
    """Random games of ``game_id`` at every player count: for each question kind met, the
    first page asking it: (its title, its status line, the game's question text)."""
    ruleset = games()[game_id]
    met: dict[str, tuple[str, str, str]] = {}
    for players in ruleset.player_counts:
        session = _session(tmp_path, game_id, players)
        for seed in range(GAMES):
            game = Game.new(GameConfig(game=game_id, players=players, seed=seed))
            rng = random.Random(seed)
            while not game.is_over:
                kind = game.pending.kind
                if kind not in met:
                    session.game = game
                    seat = game.current_player
                    text = page("seat.html", **seat_page(session, seat), act_url="/act",
                                undo_url=None, pace_key=None, hotseat=None,
                                form_token=_no_token)
                    title = TITLE.search(text)
                    status = STATUS.search(text)
                    met[kind] = (html.unescape(title.group(1)) if title else "",
                                 html.unescape(status.group(1)) if status else "",
                                 ruleset.words.question(game, NAMES[:players]))
                game.apply(rng.choice(game.legal_actions()))
    return met


@pytest.mark.parametrize("game_id", ["project", "odyssey"])
def test_every_question_is_titled_in_the_games_words(tmp_path, game_id):
    ruleset = games()[game_id]
    met = _titles(tmp_path, game_id)
    # random play reaches the questions a new player meets (the "split", "unpaid",
    # "travel go" among them), each one the game's QUESTIONS table lists
    assert set(met) <= set(ruleset.questions)
    assert {"project": {"split", "unpaid", "place", "send", "relief_reward", "activate"},
            "odyssey": {"travel_go", "offer_edit", "place", "produce_type", "artifact",
                        "score_option"}}[game_id] <= set(met)
    for kind, (title, status, question) in met.items():
        raw = kind.replace("_", " ")
        assert title == question, kind  # the game's own question, the player named
        assert title.startswith(tuple(NAMES)) and not title.endswith(f": {raw}"), title
        assert f"({kind})" not in status and f"({raw})" not in status, status


def _until(game, rng, want, limit=5000) -> bool:
    for _ in range(limit):
        if game.is_over:
            return False
        if want(game):
            return True
        game.apply(rng.choice(game.legal_actions()))
    return False


def _split_questions(count: int = 40) -> dict[str, str]:
    """The Project's ``split`` question as asked in random games, by what the log says
    caused it (the record before it): "event", "relief", "activated", "sent", "reward"."""
    found: dict[str, str] = {}
    for seed in range(count):
        game = Game.new(GameConfig(game="project", players=3, seed=seed))
        rng = random.Random(seed)
        while _until(game, rng, lambda g: g.pending.kind == "split"):
            last = [e for e in game.log if e["type"] not in ("lose", "gain", "vp")][-1]
            cause = {"event": "event", "activated": "activated", "sent": "sent"}.get(
                last["type"])
            if last["type"] == "action" and last["id"].startswith("relief_reward:"):
                cause = "relief"
            if cause:
                found.setdefault(cause, game.ruleset.words.question(game, NAMES[:3]))
            game.apply(rng.choice(game.legal_actions()))
    return found


def test_the_pay_question_says_what_is_happening():
    """Gaining from the Relief Track or a building, paying for a send, losing to an Event:
    each says so and names its cause (no "how do you pay" while gaining)."""
    asked = _split_questions()
    assert set(asked) == {"event", "relief", "activated", "sent"}
    # Leviathan Sighting, or Fever Outbreak since content version 4
    assert re.fullmatch(r"\w+, the Event (Leviathan Sighting|Fever Outbreak) takes \d "
                        r"resources? from you: "
                        r"which \(Energy and Minerals\)\?", asked["event"]), asked["event"]
    assert re.fullmatch(r"\w+, you gain \d resources? from the Relief Track \(space \d+\): "
                        r"how many of each \(Energy and Minerals\)\?", asked["relief"])
    assert re.fullmatch(r"\w+, you gain \d resources? from [A-Z][\w ]+, activated at Upkeep: "
                        r"how many of each \(Energy and Minerals\)\?", asked["activated"])
    assert re.fullmatch(r"\w+, you pay 1 resource for sending (an? \w+|\d Pioneers) to the "
                        r"Expedition [A-Z][\w ]+: how many of each \(Energy and Minerals\)\?",
                        asked["sent"]), asked["sent"]


# -- the account tells a consequence once it is known ---------------------------------------


def test_an_event_being_answered_is_not_told_as_having_no_effect():
    """Leviathan Sighting asks a player which resources go: until they answer, the account
    says the Event is resolving (with what it does), then what it took; never "no effect"."""
    for seed in range(60):
        game = Game.new(GameConfig(game="project", players=3, seed=seed))
        rng = random.Random(seed)
        if _until(game, rng, lambda g: g.pending.kind == "split"
                  and g.log[-1]["type"] == "event"):
            break
    else:
        pytest.fail("no Event asked a player for resources in 60 random games")
    names = NAMES[:3]
    card = game.catalog.by_id[game.log[-1]["event"]]
    before = game.ruleset.words.account_lines(game, names)[-1]
    assert before.startswith(f"  Event {card.name}: resolving now ("), before
    who = names[game.current_player]
    game.apply(game.legal_actions()[0])
    after = [line for line in game.ruleset.words.account_lines(game, names)
             if line.startswith(f"  Event {card.name}:")][-1]
    assert "no effect" not in after and "resolving" not in after
    assert re.search(rf"\b{who} -\d (Energy|Minerals?)\b", after), after


def test_an_odyssey_slot_being_answered_does_not_say_nobody_acted():
    """While the players are asked about a revealed Produce or Travel card, its line says it
    is resolving, not "nobody produces" / "nobody travels"; once resolved, a slot where
    nobody acted says so."""
    from artemis.games.odyssey.account import NOTHING

    nobody = tuple(NOTHING.values())
    asked = told = 0
    for seed in range(6):
        game = Game.new(GameConfig(game="odyssey", players=3, seed=seed))
        rng = random.Random(seed)
        while not game.is_over:
            if game.pending.kind in ("produce_type", "travel_go", "travel_system"):
                last = game.ruleset.words.account_lines(game, NAMES[:3])[-1]
                assert last.startswith("  Slot ") and not last.endswith(nobody), last
                assert "resolving now" in last or ";" in last, last
                asked += 1
            game.apply(rng.choice(game.legal_actions()))
        told += sum(line.endswith(nobody)
                    for line in game.ruleset.words.account_lines(game, NAMES[:3]))
    assert asked > 20 and told > 0


# -- the board says what the Event and each building do -------------------------------------


def _board_page(tmp_path, game, seat=0) -> str:
    session = _session(tmp_path, game.ruleset.id, game.config.players)
    session.game = game
    return html.unescape(page("seat.html", **seat_page(session, seat), act_url="/act",
                              undo_url=None, pace_key=None, hotseat=None, form_token=_no_token))


def test_the_project_board_shows_the_events_text_and_every_buildings_ability(tmp_path):
    """Before this round's Event resolves, the board says what it does (as `artemis content
    show` does); each Gantry tile and each building on a mat shows its ability; a rule
    change of the Event reads in words, never a parameter's name."""
    from artemis.games.project.vocabulary import PARAMETERS
    from artemis.games.project.words import describe_ability, describe_clause

    game = Game.new(GameConfig(game="project", players=3, seed=1))
    rng = random.Random(1)
    waiting = _until(game, rng, lambda g: g.state.event is not None
                     and not any(e["type"] == "event" for e in g.log[-40:])
                     and g.pending.kind == "place")
    assert waiting
    card = game.catalog.by_id[game.state.event]
    text = _board_page(tmp_path, game)
    assert f"Event: {card.name}" in text
    assert f'data-event-text>{"; ".join(describe_clause(c) for c in card.clauses)}<' in text
    for g in game.state.gantry:
        tile = game.catalog.by_id[g.tile]
        assert re.search(rf'data-tile="{g.tile}">.*?<div class="ability">'
                         rf'{re.escape(describe_ability(tile))}</div>', text, re.S), tile.name
    # later: buildings on the mats, and the Events' rule changes
    changed = owned = False
    for _ in range(3000):
        if game.is_over:
            break
        p = game.state.players
        if game.pending.kind == "place" and any(q.buildings for q in p):
            text = _board_page(tmp_path, game)
            for q in p:
                for b in q.buildings:
                    assert (f'<div class="ability">{describe_ability(game.catalog.by_id[b.tile])}'
                            "</div>") in text
                    owned = True
            modifiers = game.view(0).get("event_modifiers", [])
            if modifiers:
                board = text.split('<section class="project-board">')[1].split("</section>")[0]
                from artemis.games.project.words import describe_modify

                for m in modifiers:  # in the Event's text, or beside it when not there
                    assert describe_modify(m["param"], m["mode"], m["value"]) in board
                assert not any(f"{prm.name} " in board or prm.name.replace("_", " ") in board
                               for prm in PARAMETERS), board[:400]
                changed = True
            if owned and changed:
                break
        game.apply(rng.choice(game.legal_actions()))
    assert owned and changed


def test_a_basecamp_send_says_what_it_costs_and_what_it_adds(tmp_path):
    """The send question's answers (the browser's buttons, the terminal's list: both
    `describe_action`): the send's price once, and what the colonists add to the
    Expedition: a Pioneer +1 to the die with the card's total against its difficulty, an
    Engineer's 2 resources, a Steward's VP, a Marine's reduction (rulebook, Sending
    Colonists on Expeditions; R1)."""
    from artemis.games.project.rules.basecamp import difficulty

    game = Game.new(GameConfig(players=2, seed=3))
    rng = random.Random(3)
    assert _until(game, rng, lambda g: g.pending.kind == "send" and any(
        a.args[0] == "pioneer" for a in g.legal_actions()))
    _, index, _ = game.pending.ctx
    card = game.state.cards[index]
    total = sum(d.face + d.pioneers for d in card.dice)
    text = _board_page(tmp_path, game, game.current_player)
    buttons = re.findall(r'<button type="submit" name="action" value="(send:[^"]+)"[^>]*>'
                         r"([^<]*)</button>", text)
    words = dict(buttons)
    assert words["send:none"] == "send no colonist (pay nothing)"
    assert words["send:pioneer:1"] == (
        f"send 1 Pioneer for 1 resource (Energy or Minerals): +1 to your die, the "
        f"Expedition's total {total} -> {total + 1} of {difficulty(game, card)}")
    for kind, adds in (("engineer", "if the Expedition succeeds, gain any 2 resources"),
                       ("steward", "you choose a reward first, gain 1 VP"),
                       ("marine", "reduce")):
        said = [w for action, w in buttons if action.startswith(f"send:{kind}:")]
        assert all("for 1 resource (Energy or Minerals): " in w and adds in w
                   for w in said), said


#: What a player must never read: an engine name ("expedition_send_cost") or a count of one
#: with a plural ("1 Minerals").
ENGINE_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b")
ONE_PLURAL = re.compile(r"\b1 (Minerals|Toolkits|colonists|dice|VP steps|badges|Energys)\b")


def test_every_events_text_reads_in_words_in_both_front_ends():
    """Every Event card (the base game's and the example expansion's), as the board says it
    before it resolves (the browser's board and the terminal's, from `board_data`), and each
    rule change it makes as the account says it for the round ("set the resources paid for
    a send at Basecamp to 0 this round", not "expedition_send_cost set 0 this round"); then
    every account line and terminal board of random games with Events resolved."""
    from rich.console import Console

    from artemis.games.project.account import account_lines
    from artemis.games.project.words import describe_clause

    config = GameConfig(players=4, seed=2,
                        expansions=["content/examples/project/reef_expansion"])
    game = Game.new(config)
    said = []
    for card in game.catalog.events:
        said.append("; ".join(describe_clause(c) for c in card.clauses))
        for clause in card.clauses:
            for step in clause.effect:
                if step.op == "modify":
                    mode = "set" if "set" in step.args else "add"
                    record = {"type": "modify", "param": step.args["param"], "mode": mode,
                              "value": step.args[mode]}
                    said += account_lines(game, NAMES[:4], [{"type": "event", "event": card.id},
                                                            record])
    assert len(said) > len(game.catalog.events) > 14
    assert "add 1 to the Gantry price" in said  # Crane Failure, in the game's words
    for seed in range(4):
        game = Game.new(GameConfig(players=4, seed=seed))
        rng, drawn = random.Random(seed), set()
        while not game.is_over:
            round_ = game.ruleset.words.round_of(game)
            if game.pending.kind == "place" and round_ not in drawn:  # the Event not yet run
                drawn.add(round_)
                console = Console(width=200, file=io.StringIO(), record=True)
                console.print(game.ruleset.boards.board_text(game, game.view(0), NAMES[:4]))
                said.append(console.export_text())
            game.apply(rng.choice(game.legal_actions()))
        said += game.ruleset.words.account_lines(game, NAMES[:4], game.log, decisions=True)
    for text in said:
        assert not ENGINE_NAME.search(text) and not ONE_PLURAL.search(text), text


# -- the account marks what happened since the seat's last decision -------------------------


def test_the_account_marks_the_news_since_the_seats_last_decision(tmp_path):
    store = GameStore(tmp_path)
    session = store.create(GameConfig(game="project", players=2, seed=3), ["human", "greedy"],
                           ["Ada", "Bot"])
    session.pace = 0
    session.advance()
    first = seat_page(session, 0)
    assert first["news_at"] is None  # nothing decided yet: nothing marked
    rng = random.Random(2)
    before = None
    for _ in range(300):  # Ada decides; the bot moves after her; until the account moved
        if session.game.current_player == 0:
            if before is not None and session.account(0) != before:
                break
            before = list(session.account(0))
            session.act(0, rng.choice(session.game.legal_actions()).id)
        session.advance()
    data = seat_page(session, 0)
    account, at = data["account"], data["news_at"]
    assert at is not None and 0 <= at < len(account)
    # the marked lines are those not in the account as it was when Ada last decided
    last = max(i for i, r in enumerate(session.game.log)
               if r["type"] == "action" and r.get("player") == 0)
    then = session.game.clone()
    then.log = session.game.log[:last + 1]
    old = then.ruleset.words.account_lines(then, ["Ada", "Bot"])
    offset = len(session.game.ruleset.words.account_lines(session.game, ["Ada", "Bot"])) - len(
        account)
    assert account[:at] == old[offset:offset + at]  # unchanged since: not marked
    assert offset + at >= len(old) or account[at] != old[offset + at]  # the first news
    text = page("seat.html", **data, act_url="/act", undo_url=None, pace_key=None,
                hotseat=None, form_token=_no_token)
    shown = text.split('<pre id="account">')[1].split("</pre>")[0]
    mark = '<span class="news-mark" id="news">── since your last decision ──</span>\n'
    assert shown.count(mark) == 1
    after = shown.split(mark)[1]
    assert after.startswith(f'<span class="new">{html.escape(account[at])}</span>')
    assert after.count('<span class="new">') == len(account) - at
    # one line per account line, the mark a line of its own before the news
    lines = [*account[:at], "── since your last decision ──", *account[at:]]
    assert html.unescape(re.sub(r"<[^>]+>", "", shown)) == "".join(f"{x}\n" for x in lines)


def test_the_round_says_of_how_many_where_the_rules_fix_the_last(tmp_path):
    """"Round 1 of 6" in the Project (six rounds), "of 13" in the Odyssey's solo game
    (Solo Rules, Winning the Game), and no "of" where the game ends otherwise."""
    from .helpers import client, start

    c = client(tmp_path)
    for fields, words in [({"game": "project", "players": "2"}, "Round 1 of 6 ·"),
                          ({"game": "odyssey", "players": "1"}, "Round 1 of 13 ·"),
                          ({"game": "odyssey", "players": "3"}, "Round 1 ·")]:
        n = int(fields["players"])
        game_id, _, links = start(c, **fields, **{f"seat{i}": "human" for i in range(n)})
        for where in (links[0], f"/g/{game_id}"):
            status = re.search(r'<p class="status">(.*?)</p>', c.get(where).text, re.S)
            assert " ".join(status.group(1).split()).startswith(words), status.group(1)


@pytest.mark.parametrize(("seed", "region", "words"), [
    # Whiteout (spot A, before Basecamp): expedition_difficulty_adjust +2
    (12, "basecamp", "difficulty 10 with the Event Whiteout"),
    # Crane Failure (spot D, before the Gantry): gantry_price_adjust +1 on a die of 1
    (26, "gantry", "price 2 Minerals with the Event Crane Failure if bought"),
    # Vent Eruption (spot B, before the Vents): 4 of the 7 Energy go first
    (15, "vents", "of 3 Energy, after the Event Vent Eruption takes 4 Energy first"),
])
def test_a_placement_counts_the_rounds_event_that_resolves_before_its_region(
        seed, region, words):
    """issue 26: the round's Event is revealed at its start and resolves at its spot, before
    the region after it; a placement's words promised what the board gave without it."""
    from artemis.games.project.choices import choice_groups, describe_action

    game = Game.new(GameConfig(game="project", players=2, seed=seed))
    first = next(a for a in game.legal_actions() if a.args[2] == region
                 and a.args[0] == a.args[1])
    assert words in describe_action(game, first)
    before = game.state.event_modifiers
    groups = choice_groups(game, game.legal_actions())
    assert game.state.event_modifiers is before and not before  # the state is untouched
    shown = [leaf for die in groups for r in die.items for t in r.items
             for leaf in (t.label, *t.short)]
    assert any(words.split(" if ")[0].split(",")[0] in w for w in shown)


def test_a_placement_after_the_events_spot_is_told_plainly():
    """Vent Eruption takes from the Vents only: the Quarry's words stay as the board is."""
    from artemis.games.project.choices import describe_action

    game = Game.new(GameConfig(game="project", players=2, seed=15))
    quarry = next(a for a in game.legal_actions() if a.args[2] == "quarry")
    assert "Event" not in describe_action(game, quarry)


def test_the_odyssey_names_planets_and_cards_in_its_words_not_by_ids():
    """issue 26: "move the Starship on scorpio.3 to virgo.2", "target leo.4", "play
    red-produce-3 (...)" read as the board names them."""
    from artemis.games.odyssey.choices import choice_groups, describe_action
    from artemis.games.odyssey.web_board import placement_groups
    from artemis.games.odyssey.words import game_words

    game = Game.new(GameConfig(game="odyssey", players=2, seed=1))
    catalog = game.catalog
    assert game_words(catalog, "move the Starship on scorpio.3 to virgo.2") == (
        "move the Starship on planet 3 of Scorpio to planet 2 of Virgo")
    assert game_words(catalog, "target leo.4") == "target planet 4 of Leo"
    assert game_words(catalog, "target sun.1") == "target planet 1 of the Sun"
    from artemis.web.render import describe

    actions = game.legal_actions()
    assert describe(game, actions[0], ["Ada", "Bo"]).startswith(
        "play the blue card (Produce: Energy or Food) face down into slot 1")
    # the terminal lists the hand and the planets by their ids, and keeps them in its answers
    assert describe_action(game, actions[0], ["Ada", "Bo"]).startswith("play blue-produce-1")
    assert choice_groups(game, actions)
    groups = placement_groups(actions, lambda a: describe(game, a), catalog=catalog)
    shown = [top["summary"] for top in groups] + [
        o["label"] for top in groups for r in top["regions"] for t in r["targets"]
        for o in t["options"]]
    ids = {c.id for c in catalog.action_cards}  # red-produce-3, and red-trade without a number
    assert shown and not [w for w in shown if ids & set(re.findall(r"[a-z0-9_-]+", w))]
    assert "red-trade" in ids and game_words(catalog, "Trade (red-trade)") == (
        "Trade (the red card)")


def test_the_projects_status_line_says_its_dice_in_words():
    from artemis.games.project.ruleset import ProjectRuleset  # noqa: F401 (its words)

    game = Game.new(GameConfig(game="project", players=2, seed=12))
    ruleset = game.ruleset
    game.state.players[0].dice = [2, 4, 5, 5, 5]
    assert ruleset.words.seat_summary(game, 0).endswith("; dice 2, 4, 5, 5, 5")
    game.state.players[0].dice = []
    assert ruleset.words.seat_summary(game, 0).endswith("; no dice left")


def test_an_immediate_event_is_not_shown_at_a_spot(tmp_path):
    """An immediate Event resolved when revealed: the board says so, not "spot immediate"."""
    from .helpers import client, start

    seed = next(seed for seed in range(40) if Game.new(GameConfig(
        game="project", players=2, seed=seed)).state.event in (
            "warm_current", "immigration_wave", "relief_convoy", "frontier_spirit",
            "calm_currents"))
    c = client(tmp_path)
    game_id, _, _ = start(c, seat0="human", seat1="human", seed=str(seed))
    text = html.unescape(c.get(f"/g/{game_id}").text)
    assert "spot immediate" not in text and "resolved at once when revealed" in text


def test_the_odyssey_board_numbers_the_planets_as_its_words_name_them(tmp_path):
    from .helpers import client, start

    c = client(tmp_path)
    game_id, _, _ = start(c, game="odyssey", seat0="human", seat1="human")
    text = c.get(f"/g/{game_id}").text
    assert '<span class="pid" title="sun.1">planet 1</span>' in text


def test_the_fill_question_names_the_building_just_gained():
    """issue 26: "move colonists from the Shelters into the new building?" named none."""
    from artemis.games.project.choices import question

    rng = random.Random(7)
    for seed in range(20):
        game = Game.new(GameConfig(game="project", players=2, seed=seed))
        while not game.is_over and game.pending.kind != "fill":
            game.apply(rng.choice(game.legal_actions()))
        if not game.is_over:
            break
    player, building = game.pending.ctx
    name = game.catalog.by_id[game.state.players[player].buildings[building].tile].name
    assert question(game, NAMES) == (
        f"{NAMES[player]}, move colonists from the Shelters into the new {name}?")


def test_the_generic_view_says_yes_and_no_for_true_and_false():
    from artemis.web.render import generic_view

    page = generic_view({"has_bid": True, "passed": False, "flags": [True, False, None]})
    assert "<th>has bid</th><td>yes</td>" in page
    assert "<th>passed</th><td>no</td>" in page
    assert "yes, no, -" in page
    assert "True" not in page and "False" not in page
