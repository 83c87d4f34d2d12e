"""`artemis serve` end to end in a real headless browser (issue 12, docs/serve.md): a person
starts a 2-player Project game against a bot from the index page's form, opens their seat's
link and plays the whole game by clicking the chooser (a placement's die, region, then target
with its Toolkit change; every other question's buttons) until the final table shows; the
final table's numbers are checked against the game's result replayed from the save. Once,
when Ada's decision is followed by another question of hers, she clicks Undo: the page asks
the same question again and the save holds one action fewer. Then the finished game's save
is uploaded to the replay viewer, scrubbed to its middle with the slider and stepped, and what
it shows there is checked against the save replayed to that step; "continue from here" starts
a new game from it.

Screenshots of the board are saved as artefacts (env ARTEMIS_ARTEFACTS, else a pytest
temporary folder; the path is printed): the game's start, mid-game, the final table, the
replay viewer; and each game's board at a decision (project-decision.png,
odyssey-decision.png), from the test that watches a seat's page follow the bot by itself.
"""

from __future__ import annotations

import random
import re

import pytest

from artemis.records.save import load_save

from .browser import WAIT, Server, artefacts_folder, browser_paths, screenshot, start_browser

SEED = 3
#: A Project game has six rounds; a human seat decides a few dozen times in it. More than this
#: many decisions means the page is not moving the game on.
MAX_DECISIONS = 400


@pytest.fixture(scope="module")
def driver():
    chromium, chromedriver = browser_paths()
    d = start_browser(chromium, chromedriver)
    d.set_page_load_timeout(WAIT)
    yield d
    d.quit()


@pytest.fixture()
def server(tmp_path):
    s = Server(tmp_path / "games", tmp_path / "serve.log").start()
    yield s
    s.stop()
    print(f"artemis serve said:\n{s.stderr}")  # shown when the test failed


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory):
    return artefacts_folder(tmp_path_factory)


def _wait(driver):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,))


def _css(driver, selector):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def _settled(driver):
    """Wait until the seat's page asks this seat something (its chooser) or shows the final
    table: while the bot decides the page polls the server and reloads by itself. Returns
    "ask" or "over"."""
    def state(d):
        if _css(d, "section.final"):
            return "over"
        if _css(d, "#chooser button"):
            return "ask"
        return False
    return _wait(driver).until(state, "the seat's page never asked nor ended")


def _round(driver) -> int:
    text = _css(driver, "p.status")[0].text
    found = re.match(r"Round (\d+)", text)
    assert found, text
    return int(found.group(1))


def _gone(page):
    """A wait condition: ``page`` (an element of the page before) has left the document.
    Selenium's ``staleness_of`` knows only StaleElementReferenceException; Chromium's driver
    may instead answer a generic error for a node of the page just replaced ("Node with given
    id does not belong to the document"), which says the same."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def gone(_driver) -> bool:
        try:
            page.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as exc:
            if "does not belong to the document" in str(exc):
                return True
            raise
        return False
    return gone


def _click_and_wait(driver, element):
    """Click ``element`` (a submit button) and wait for the next page."""
    page = _css(driver, "html")[0]
    element.click()
    _wait(driver).until(_gone(page), "the click did not open a page")


def _decide(driver, rng: random.Random, toolkit_change: bool, on_board: bool = False,
            shot=None) -> tuple[str, str, str]:
    """Answer the seat's question by clicking: for a placement open a die, then a region
    (clicking their headings; the region on the board when ``on_board``), then click one
    of a target's buttons (the costliest Toolkit
    change of the target when ``toolkit_change``, else one at random); for any other question
    one of its buttons. ``shot``: called with the button about to be clicked, the chooser
    open (for a screenshot). Returns (kind, action id, label) clicked: kind "place",
    "place+toolkits" (a Toolkit change) or the fieldset's kind of answer."""
    from selenium.webdriver.common.by import By

    dice = _css(driver, "#chooser details.step[data-depth='0']")
    if dice:
        die = rng.choice(dice)
        die.find_element(By.CSS_SELECTOR, ":scope > summary").click()
        regions = die.find_elements(By.CSS_SELECTOR, ":scope > details.step")
        region = rng.choice(regions)
        if on_board:  # the region clicked on the board opens in the chooser, the others shut
            name = region.get_attribute("data-key")
            driver.find_element(By.CSS_SELECTOR, f".project-board div.region[data-choice="
                                f"'{name}']").click()
            assert [r.get_attribute("open") is not None for r in regions] == [
                r.get_attribute("data-key") == name for r in regions]
        else:
            region.find_element(By.CSS_SELECTOR, ":scope > summary").click()
        targets = region.find_elements(By.CSS_SELECTOR, ":scope > div.options")
        changes = [t for t in targets if len(t.find_elements(By.TAG_NAME, "button")) > 1]
        if toolkit_change and changes:
            button = rng.choice(changes).find_elements(By.TAG_NAME, "button")[-1]
            kind = "place+toolkits"
        else:
            button = rng.choice(rng.choice(targets).find_elements(By.TAG_NAME, "button"))
            kind = "place"
        assert button.is_displayed()
    else:
        groups = _css(driver, "#chooser fieldset")
        group = rng.choice(groups)
        kind = group.get_attribute("data-kind")
        button = rng.choice(group.find_elements(By.TAG_NAME, "button"))
    action = button.get_attribute("value")
    if shot is not None:
        shot(button)
    label = button.text
    _click_and_wait(driver, button)
    return kind, action, label


def _question(driver) -> tuple[str, list[str]]:
    """What the seat's page asks now: (the status line, the action ids of its buttons)."""
    buttons = _css(driver, "#chooser button[name=action]")
    return _css(driver, "p.status")[0].text, [b.get_attribute("value") for b in buttons]


def _undo(driver, save, asked: tuple[str, list[str]]) -> str:
    """Click the Undo button; the page must ask ``asked`` (the question answered last) again
    and the save hold one action fewer. Returns the undone action's label."""
    from artemis.records.save import read_save

    before = len(read_save(save)["actions"])
    button = _css(driver, "#undo")[0]
    label = button.text.removeprefix("Undo my last decision: ")
    assert label and label != button.text, button.text
    _click_and_wait(driver, button)
    assert _settled(driver) == "ask" and _question(driver) == asked
    assert len(read_save(save)["actions"]) == before - 1
    return label


def _start_game(driver, server, game: str = "project", bot: str = "greedy") -> str:
    """Fill the index page's new-game form (``game``, The Artemis Project by default, 2
    players, seat 0 Ada a person, seat 1 Bot played by ``bot``, the seed), set the bots' pace
    to 0 on the host page and open Ada's link. Returns the game id."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(server.url + "/")
    form = driver.find_element(By.CSS_SELECTOR, "form.new-game")
    Select(form.find_element(By.NAME, "game")).select_by_value(game)
    players = form.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("2")
    form.find_element(By.NAME, "seed").send_keys(str(SEED))
    Select(form.find_element(By.NAME, "seat0")).select_by_visible_text("human")
    form.find_element(By.NAME, "name0").send_keys("Ada")
    Select(form.find_element(By.NAME, "seat1")).select_by_visible_text(bot)
    form.find_element(By.NAME, "name1").send_keys("Bot")
    _click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))

    assert "the seats" in driver.find_element(By.TAG_NAME, "h1").text
    game_id = driver.current_url.split("/g/")[1].split("/")[0]
    pace = driver.find_element(By.CSS_SELECTOR, "form.pace input[name=pace]")
    pace.clear()
    pace.send_keys("0")
    _click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.pace button"))
    assert driver.find_element(By.CSS_SELECTOR, "form.pace input[name=pace]"
                               ).get_attribute("value") in ("0", "0.0")
    links = _css(driver, "a.seat-link")
    assert len(links) == 1, "one human seat, one link"
    links[0].click()
    return game_id


def _final_table(driver) -> tuple[list[str], list[list[str]]]:
    """The final table as shown: (the header cells' part ids or texts, the rows' cells)."""
    from selenium.webdriver.common.by import By

    table = driver.find_element(By.CSS_SELECTOR, "section.final table")
    rows = table.find_elements(By.TAG_NAME, "tr")
    head = [th.get_attribute("title") or th.text for th in rows[0].find_elements(By.TAG_NAME, "th")]
    body = [[td.text for td in r.find_elements(By.TAG_NAME, "td")] for r in rows[1:]]
    return head, body


def _step_shown(driver) -> tuple[int, int]:
    found = re.fullmatch(r"step (\d+) of (\d+)", _css(driver, "#step-shown")[0].text)
    assert found, _css(driver, "#step-shown")[0].text
    return int(found.group(1)), int(found.group(2))


def _replay_shows(driver, loaded, step: int) -> None:
    """The viewer at ``step`` shows the game after the save's first ``step`` actions: the
    round, the seat asked and its question, every choice there was with the recorded one
    marked taken, and each mat's VP, Energy and Minerals (the public view)."""
    from selenium.webdriver.common.by import By

    from artemis.players.play import rebuild

    there = rebuild(loaded.game, step)
    actions = [a.id for a in loaded.game.actions]
    assert _step_shown(driver) == (step, len(actions))
    status = _css(driver, ".replay-controls p.status")[0].text
    assert f"round {there.ruleset.words.round_of(there)} " in status, status
    assert _css(driver, "#decision h2")[0].text == (
        f"The decision after step {step}: {there.ruleset.words.question(there, loaded.names)}")
    choices = _css(driver, "#decision ol.choices li")
    assert [c.get_attribute("title") for c in choices] == [a.id for a in there.legal_actions()]
    taken = [c.get_attribute("title") for c in choices if "taken" in c.get_attribute("class")]
    assert taken == [actions[step]]
    mats = _css(driver, ".project-board .mat")
    view = there.view(None)["players"]
    assert [m.find_element(By.CSS_SELECTOR, ".vp").text for m in mats] == [
        f"{p['vp']} VP" for p in view]
    cells = [[td.text for td in m.find_elements(By.CSS_SELECTOR, "table.kv td")][:2]
             for m in mats]
    assert cells == [[str(p["energy"]), str(p["minerals"])] for p in view]


def _scrub_the_replay(driver, server, save, loaded, artefacts) -> None:
    """Upload the finished game's save at /replay, click the slider's middle, check what the
    viewer shows at that step, step forward and back, and continue from there as a new game
    whose save starts with the same actions."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    from artemis.records.save import read_save

    driver.get(server.url + "/replay")
    driver.find_element(By.ID, "replay-file").send_keys(str(save))
    _click_and_wait(driver, driver.find_element(By.ID, "upload"))
    steps = len(loaded.game.actions)
    assert _step_shown(driver) == (0, steps)  # opened at its first step

    scrub = driver.find_element(By.ID, "scrub")
    page = _css(driver, "html")[0]
    ActionChains(driver).move_to_element(scrub).click().perform()  # the middle of the track
    _wait(driver).until(_gone(page), "letting go of the slider opened no step")
    middle, _ = _step_shown(driver)
    assert abs(middle - steps / 2) <= steps / 10, (middle, steps)
    _replay_shows(driver, loaded, middle)
    screenshot(driver, artefacts / "4-replay.png")

    _click_and_wait(driver, driver.find_element(By.ID, "step-forward"))
    _replay_shows(driver, loaded, middle + 1)
    _click_and_wait(driver, driver.find_element(By.ID, "step-back"))
    _replay_shows(driver, loaded, middle)

    _click_and_wait(driver, driver.find_element(By.ID, "continue"))
    new_id = driver.current_url.split("/g/")[1].split("/")[0]
    assert new_id != save.parent.name
    again = read_save(server.data / new_id / "game.json")
    recorded = [a.id for a in loaded.game.actions]
    assert again["actions"][:middle] == recorded[:middle]
    assert [s["name"] for s in again["seats"]] == loaded.names


def test_a_whole_project_game_played_by_clicking(driver, server, artefacts):
    game_id = _start_game(driver, server)
    assert _settled(driver) == "ask"
    assert _round(driver) == 1
    assert "your decision" in _css(driver, "p.status")[0].text
    screenshot(driver, artefacts / "1-start.png")

    rng = random.Random(SEED)
    clicked: list[tuple[str, str, str]] = []
    undone: list[str] = []  # the one decision taken back with the Undo button
    mid_game = []  # a placement from round 4 on, dice on the board, the chooser open at it
    while _settled(driver) == "ask":
        assert len(clicked) < MAX_DECISIONS, "the game does not end"
        shot = None
        if (not mid_game and _round(driver) >= 4
                and _css(driver, "#chooser details.step[data-depth='0']")
                and _css(driver, ".regions span.die")):  # dice on the board already
            def shot(button):
                mid_game.append(screenshot(driver, artefacts / "2-mid-game.png"))
        wants_change = not any(k == "place+toolkits" for k, *_ in clicked)
        asked = _question(driver)
        clicked.append(_decide(driver, rng, toolkit_change=wants_change,
                               on_board=not clicked, shot=shot))
        if not undone and _settled(driver) == "ask" and _css(driver, "#undo"):
            undone.append(_undo(driver, server.data / game_id / "game.json", asked))
            # taken back: the save must not hold it; the button says it in the chooser's
            # words for it (parts.Words.describe_action), not by its recorded label
            assert clicked.pop()[2] == undone[0]
    assert mid_game, "a placement in round 4 or later"
    assert clicked[0][0].startswith("place")  # the first, chosen from the board's region
    assert len(undone) == 1, "a decision of Ada's followed by another of hers, undone once"
    screenshot(driver, artefacts / "3-final-table.png")

    loaded = load_save(server.data / game_id / "game.json")
    game = loaded.game
    assert game.is_over and loaded.names == ["Ada", "Bot"]
    assert loaded.kinds == ["human", "greedy"]
    # every action of Ada's in the save is one she clicked, in order, and nothing else
    ada = [r["id"] for r in game.log if r.get("type") == "action" and r["player"] == 0]
    assert ada == [a for _, a, _ in clicked]
    kinds = {k for k, *_ in clicked}
    assert {"place", "place+toolkits"} <= kinds, kinds  # a die placed with a Toolkit change
    assert kinds - {"place", "place+toolkits"}, "and other questions answered"
    assert any(r["player"] == 1 for r in game.log if r.get("type") == "action")

    head, rows = _final_table(driver)
    result = game.result
    assert head[:2] == ["player", "in game"] and head[-1] == "total VP"
    parts = head[2:-1]  # the scoring parts' ids (their cells' titles), in the table's order
    assert set(parts) == set(result["players"][0]["steps"]) and len(parts) == 7
    by_name = {loaded.names[p["seat"]]: p for p in result["players"]}
    ranking = [loaded.names[s] for s in result["ranking"]]
    assert [r[0] for r in rows] == ranking
    for row in rows:
        player = by_name[row[0]]
        assert int(row[1]) == player["in_game"]
        assert [int(v) for v in row[2:-1]] == [player["steps"][p] for p in parts]
        assert int(row[-1]) == player["vp"]
    if result.get("winner") is not None:
        shown = _css(driver, "section.final p.winner")[0].text
        assert shown == f"Winner: {loaded.names[result['winner']]}"

    _scrub_the_replay(driver, server, server.data / game_id / "game.json", loaded, artefacts)


def _set_pace(driver, seconds: float) -> None:
    """Set the bots' pace with the seat page's own form."""
    from selenium.webdriver.common.by import By

    pace = driver.find_element(By.CSS_SELECTOR, "form.pace input[name=pace]")
    pace.clear()
    pace.send_keys(str(seconds))
    _click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "form.pace button"))


def test_a_seat_page_follows_the_bot_by_itself(driver, server, artefacts):
    """Issue 26: with the bot at a pace, Ada's page, after her decision, shows the bot to
    decide, then moves on by itself (nobody reloads it) when the bot has moved, to her next
    question; its account opens at the news since her last decision, marked. The Project's
    and the Odyssey's boards are saved as screenshots at a decision of Ada's."""
    _start_game(driver, server)
    assert _settled(driver) == "ask"
    screenshot(driver, artefacts / "project-decision.png")
    _set_pace(driver, 1.5)
    rng = random.Random(5)
    followed = False
    for _ in range(40):  # until a decision of Ada's hands the game to the bot
        _decide(driver, rng, toolkit_change=False)
        status = _css(driver, "p.status")[0].text
        if "Bot (greedy) to decide" not in status:
            continue
        page = _css(driver, "html")[0]
        # nobody touches the page: it asks the server for news and shows the bot's move
        assert _settled(driver) == "ask"
        _wait(driver).until(_gone(page), "the page did not reload by itself")
        assert "your decision" in _css(driver, "p.status")[0].text
        followed = True
        break
    assert followed, "a decision of Ada's was followed by the bot's"
    account = _css(driver, "#account")[0]
    marks = _css(driver, "#account #news")
    tall = driver.execute_script(
        "return arguments[0].scrollHeight > arguments[0].clientHeight", account)
    top = driver.execute_script("return arguments[0].scrollTop", account)
    assert not tall or top > 0, "the account opens at its newest lines, not at Round 1"
    if marks:
        assert marks[0].text == "── since your last decision ──"
        assert _css(driver, "#account span.new")

    _start_game(driver, server, game="odyssey", bot="random")
    assert _settled(driver) == "ask"
    assert _css(driver, ".odyssey-board") and _css(driver, "h2#question")
    shot = screenshot(driver, artefacts / "odyssey-decision.png")
    assert shot.stat().st_size > 10_000 and (artefacts / "project-decision.png").exists()


def test_the_new_game_form_follows_the_count_and_the_host_page_fits_1400_px(driver, server):
    """Issue 26: the new-game form shows a seat row per player as the count changes (app.js),
    and the host page's hotseat button stays inside a window 1,400 px wide."""
    from selenium.webdriver.common.by import By

    driver.set_window_size(1400, 1000)
    driver.get(server.url + "/")
    form = driver.find_element(By.CSS_SELECTOR, "form.new-game")

    def rows() -> list[int]:
        return [int(r.get_attribute("data-seat")) for r in
                form.find_elements(By.CSS_SELECTOR, ".seat-row") if r.is_displayed()]

    assert rows() == [0, 1]
    players = form.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("4")
    assert rows() == [0, 1, 2, 3]
    players.clear()
    players.send_keys("2")
    assert rows() == [0, 1]
    form.find_element(By.NAME, "seed").send_keys(str(SEED))
    _click_and_wait(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert "the seats" in driver.find_element(By.TAG_NAME, "h1").text
    width = driver.execute_script("return document.documentElement.clientWidth")
    assert 1300 < width <= 1400
    for link in _css(driver, "main a"):
        right = driver.execute_script("return arguments[0].getBoundingClientRect().right", link)
        assert right <= width, (link.text, right, width)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width


def test_a_missing_browser_skips_on_a_developers_machine_and_fails_under_ci(monkeypatch):
    from .browser import browser_paths

    monkeypatch.setenv("ARTEMIS_CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="/nonexistent/chromium(, [^ ]+)? not found"):
        browser_paths()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true and the browser test cannot run"):
        browser_paths()
