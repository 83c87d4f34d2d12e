"""No page or JSON a seat receives holds another seat's hidden information (docs/serve.md,
"Hosting a playtest", issue 26).

Random games of each game at every player count are played through `artemis serve`'s
sessions (every seat human); at the first decision of each question kind in a game, and at
every few decisions besides, every seat's page (its board, the view as data, its question and
choices, its account), the spectator's page and the poll's JSON are fetched and scanned
against the game's full view (`Game.full_view()["hidden"]`):

- the seed and the random streams' states appear nowhere;
- a card of a hidden deck or stack (the Project's Expedition and Event decks and tile stacks,
  the Odyssey's Alien Artifact and Singularity decks) and another player's Alien Artifact in
  hand are named nowhere, unless the seat's own view shows that card;
- the Odyssey's face-down Action card on a slot (the hidden placement, OR3: another player's
  unrevealed cards are public as a set, which slot holds which is not) is in neither that
  slot's cell of the board, nor its row of the view as data, nor a line of the account that
  names the slot;
- a face-down planet's type the seat has not peeked at is in neither the planet's cell of the
  board, nor its row of the view as data, nor just after the planet's id anywhere.

The CI-sized test plays 30 games at each count, scanning at the first decision of each
question kind met in any of them and every 1,000 decisions; the ``slow`` one 30 games, each
scanned at its kinds' first decisions and every 25. The scan was checked against
pages made to leak (a face-down slot's card drawn, the tile stacks or the planets' types
added to the view as data): each is found.
"""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from .helpers import client, start

#: Seeds of ten digits: such a number on a page is the seed, not a count.
SEED_BASE = 7_301_000_000


def _word(text: str) -> re.Pattern:
    """``text`` as a whole word (an id's ``-``, ``_`` and ``.`` count as letters)."""
    return re.compile(r"(?<![\w.-])" + re.escape(text) + r"(?![\w-]|\.\w)")


def _name(game, item: str) -> str | None:
    got = game.catalog.by_id.get(item)
    return getattr(got, "name", None)


def _view_text(game, seat) -> str:
    return json.dumps(game.view(seat))


def _hidden_cards(game, seat, public: set[str]) -> list[str]:
    """The cards of hidden decks and stacks, and other players' Artifacts in hand, that
    ``seat``'s own view does not show (None: the spectator) and that were never ``public``
    (the Project's Expedition cards go back into their deck once resolved: their names are
    history, their order is hidden)."""
    hidden = game.full_view()["hidden"]
    cards = []
    for key in ("expedition_deck", "event_deck", "artifact_deck", "singularity_deck"):
        cards += hidden.get(key) or []
    for stack in (hidden.get("stacks") or {}).values():
        cards += stack
    for p, hand in enumerate(hidden.get("artifacts") or []):
        if p != seat:
            cards += hand
    shown = _view_text(game, seat)
    return [c for c in cards if c not in public and not _word(c).search(shown)]


def _cell(page: str, attr: str, value: str) -> str:
    """The board's ``<li>`` whose ``attr`` is ``value`` (``""``: the page draws none)."""
    m = re.search(r'<li[^>]*\b' + attr + r'="' + re.escape(value) + r'"[^>]*>(.*?)</li>',
                  page, re.S)
    return m.group(1) if m else ""


def _data_rows(page: str, key: str) -> list[str]:
    """The rows of the list ``key`` of the view as data (its ``<ol class="items">``)."""
    m = re.search(r"<th>" + re.escape(key) + r'</th><td>\s*<ol class="items" start="0">(.*?)'
                  r"</ol>", page, re.S)
    return re.findall(r"<li>(.*?)</li>", m.group(1), re.S) if m else []


def _account(page: str) -> list[str]:
    m = re.search(r'<pre id="account">(.*?)</pre>', page, re.S)
    return re.sub(r"<[^>]+>", "", m.group(1)).splitlines() if m else []


def public_ids(game) -> set[str]:
    """The ids the game's public view (the spectator's) shows now."""
    return set(re.findall(r'"([\w.-]+)"', json.dumps(game.view(None))))


def leaks(game, seat, page: str, answers: list[str], public: set[str]) -> list[str]:
    """What of the game's hidden information ``seat`` (None: the spectator) may not see is in
    its ``page`` (HTML) or the JSON ``answers`` it receives; each leak in words. ``public``:
    the ids the public view has shown so far in the game."""
    found = []
    hidden = game.full_view()["hidden"]
    text = html.unescape(page)
    everything = [text, *answers]
    secrets = [str(game.config.seed), *(hidden.get("streams") or {}).values()]
    for secret in secrets:
        if any(secret in t for t in everything):
            found.append(f"the seed or a stream's state {secret}")
    shown_names = {_name(game, c) for c in re.findall(r'"([\w.-]+)"', _view_text(game, seat))}
    shown_names |= {_name(game, c) for c in public}
    words = {}  # a forbidden word -> the hidden card it names
    for card in _hidden_cards(game, seat, public):
        words[card] = card
        name = _name(game, card)
        if name and name not in shown_names:
            words.setdefault(name, card)
    if words:
        forbidden = re.compile(r"(?<![\w.-])(" + "|".join(
            re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")(?![\w-]|\.\w)")
        for t in everything:
            found += [f"the hidden card {words[w]} ({w})" for w in set(forbidden.findall(t))]
    if game.ruleset.id == "odyssey":
        found += _odyssey_leaks(game, seat, page, hidden)
    return found


def _odyssey_leaks(game, seat, page: str, hidden: dict) -> list[str]:
    from artemis.games.odyssey.vocabulary import RESOURCES  # noqa: F401 (the types' words)
    from artemis.games.odyssey.words import card_shows

    found = []
    view = game.view(seat)
    slots = _data_rows(page, "board")
    account = _account(html.unescape(page))
    for i, (row, placed) in enumerate(zip(view["board"], hidden["board"], strict=True)):
        card = placed[1] if placed else None
        if card is None or row.get("card") is not None:
            continue
        words = [card]
        if (c := game.catalog.by_id.get(card)) is not None:
            words.append(card_shows(c))
        cell = html.unescape(_cell(page, "data-slot", str(row["slot"])))
        data_row = html.unescape(slots[i]) if i < len(slots) else ""
        said = [ln for ln in account if _word(f"slot {row['slot']}").search(ln)]
        for w in words:
            for where, t in [("board", cell), ("view as data", data_row),
                             *(("account", ln) for ln in said)]:
                if w and _word(w).search(t):
                    found.append(f"slot {row['slot']}'s face-down card {card} in the {where}")
    planets = _data_rows(page, "planets")
    bare = re.sub(r"<[^>]+>", " ", html.unescape(page)).lower()
    for i, p in enumerate(view["planets"]):
        kind = hidden["planets"].get(p["id"])
        if p.get("type") is not None or kind is None:
            continue
        cell = html.unescape(_cell(page, "data-planet", p["id"]))
        data_row = html.unescape(planets[i]) if i < len(planets) else ""
        beside = re.search(re.escape(p["id"]) + r"[\W_]{0,40}" + re.escape(kind), bare)
        for where, t in [("board", cell), ("view as data", data_row),
                         ("text", beside.group(0) if beside else "")]:
            if _word(kind).search(t.lower()):
                found.append(f"the face-down planet {p['id']}'s type {kind} in the {where}")
    return found


def _scan_games(tmp_path, game_id: str, count: int, games: int, every: int,
                each_game: bool) -> set[str]:
    """Play ``games`` random games of ``game_id`` at ``count`` players through the server and
    scan every seat's pages at the first decision of each question kind (in each game with
    ``each_game``, else in the games together) and every ``every`` decisions; fails on a
    leak. Returns the question kinds met."""
    c = client(tmp_path)
    met: set[str] = set()
    for n in range(games):
        seed = SEED_BASE + 1000 * count + n
        fields = {"game": game_id, "players": str(count), "seed": str(seed)}
        fields |= {f"seat{i}": "human" for i in range(count)}
        gid, _, links = start(c, **fields)
        session = c.app.state.store.get(gid)
        game, rng = session.game, random.Random(seed)
        seen: set[str] = set() if each_game else met
        public = public_ids(game)
        step = 0
        while not game.is_over:
            kind = game.pending.kind
            if kind not in seen or step % every == 0:
                seen.add(kind)
                poll = c.get(f"/g/{gid}/poll").text
                for seat, link in [*enumerate(links), (None, f"/g/{gid}")]:
                    page = c.get(link)
                    assert page.status_code == 200, page.text
                    found = leaks(game, seat, page.text, [poll], public)
                    assert not found, (f"{game_id} {count}p seed {seed} at decision {step} "
                                       f"({kind}), seat {seat}: {found}")
            # the session's game itself, unsaved: the pages read it; a save a decision is slow
            game.apply(rng.choice(game.legal_actions()).id)
            public |= public_ids(game)
            step += 1
        met |= seen
    return met


@pytest.mark.parametrize("game_id,count", [("project", n) for n in (2, 3, 4, 5)]
                         + [("odyssey", n) for n in (1, 2, 3, 4, 5, 6, 8)])
def test_no_seat_receives_hidden_information(tmp_path, game_id, count):
    # 30 games (15 at five seats or more, whose every seat's pages cost the most: the 30-game
    # scan below is slow-marked), scanned at the first decision of each question kind met in
    # any of them and every 1,000 decisions: the games are cheap, the pages are what costs
    games = 30 if count < 5 else 15
    met = _scan_games(tmp_path, game_id, count, games=games, every=1000, each_game=False)
    assert "place" in met  # the scan saw the games' decisions, not only their start


@pytest.mark.slow
@pytest.mark.parametrize("game_id,count", [("project", n) for n in (2, 3, 4, 5)]
                         + [("odyssey", n) for n in (1, 2, 3, 4, 5, 6, 8)])
def test_no_seat_receives_hidden_information_30_games(tmp_path, game_id, count):
    _scan_games(tmp_path, game_id, count, games=30, every=25, each_game=True)
