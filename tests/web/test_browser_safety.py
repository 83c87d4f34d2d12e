"""`artemis serve` refuses a page of another site, in a real headless Chromium (issue 26,
docs/serve.md, "Hosting a playtest"): a page served from another origin on the loopback
(another port of 127.0.0.1, a tiny `http.server`) that submits a form to the server, from the
top level or from a sandboxed frame (Origin: null), or posts with fetch, can neither start a
game nor act, even holding a seat's link and a form token it somehow learned; the server's
own forms work; a decision's form sent twice is taken once.

The browser setup is tests/web/browser.py's (skipped without Chromium on a developer's
machine, failing under CI)."""

from __future__ import annotations

import html
import http.server
import threading

import pytest

from artemis.records.save import read_save

from .browser import WAIT, Server, browser_paths, start_browser
from .test_browser import _css, _settled, _start_game, _wait


@pytest.fixture(scope="module")
def driver():
    chromium, chromedriver = browser_paths()
    d = start_browser(chromium, chromedriver, 1000, 800)
    d.set_page_load_timeout(WAIT)
    yield d
    d.quit()


@pytest.fixture()
def server(tmp_path):
    s = Server(tmp_path / "games", tmp_path / "serve.log").start()
    yield s
    s.stop()
    print(f"artemis serve said:\n{s.stderr}")  # shown when the test failed


class _Pages(http.server.BaseHTTPRequestHandler):
    pages: dict[str, str] = {}

    def do_GET(self):  # noqa: N802 (http.server's name)
        body = self.pages.get(self.path, "").encode()
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # quiet
        pass


@pytest.fixture()
def other_site():
    """Another origin on the loopback: an http.server on another port of 127.0.0.1 serving
    the pages put in its ``pages`` (path -> HTML)."""
    pages: dict[str, str] = {}
    handler = type("Pages", (_Pages,), {"pages": pages})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    httpd.pages = pages
    httpd.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def _form(target: str, fields: dict[str, str]) -> str:
    inputs = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">'
                     for k, v in fields.items())
    return f'<form method="post" action="{html.escape(target)}">{inputs}</form>'


def _auto(target: str, fields: dict[str, str]) -> str:
    """A page that submits a form to ``target`` as it opens."""
    return (f"<!doctype html><body>{_form(target, fields)}"
            "<script>document.forms[0].submit()</script></body>")


def _framed(target: str, fields: dict[str, str], fetch: bool = False) -> str:
    """A page whose sandboxed frame (an opaque origin: Origin: null) submits the form (or,
    with ``fetch``, posts it with fetch); the page's title becomes "sent" once the frame has
    loaded the answer (fetch: once it came)."""
    if fetch:
        inner = _fetched(target, fields, "parent.postMessage('sent', '*')")
    else:
        inner = (f"<!doctype html><body>{_form(target, fields)}<script>parent.postMessage("
                 "'submitting', '*'); document.forms[0].submit()</script></body>")
    return ('<!doctype html><body><script>var submitting = false; window.addEventListener('
            '"message", function (e) { if (e.data === "sent") { document.title = "sent"; } '
            'submitting = submitting || e.data === "submitting"; });</script>'
            '<iframe sandbox="allow-forms allow-scripts" onload="if (submitting) '
            f'{{ document.title = &quot;sent&quot;; }}" srcdoc="{html.escape(inner)}">'
            '</iframe></body>')


def _fetched(target: str, fields: dict[str, str],
             done: str = "document.title = 'sent'") -> str:
    """A page that posts the fields with fetch (no-cors: it cannot read the answer) and
    runs ``done`` once the server answered."""
    from urllib.parse import urlencode

    return ("<!doctype html><body><script>fetch(" + repr(target) + ", {method: 'POST', "
            "mode: 'no-cors', headers: {'Content-Type': 'application/x-www-form-urlencoded'}, "
            "body: " + repr(urlencode(fields)) + "}).then(function () { " + done + "; }, "
            "function () { " + done + "; });</script></body>")


def _games(server) -> list[str]:
    return sorted(p.name for p in server.data.iterdir() if p.is_dir())


def _hidden(driver, form_selector: str) -> dict[str, str]:
    form = _css(driver, form_selector)[0]
    return {i.get_attribute("name"): i.get_attribute("value")
            for i in form.find_elements("css selector", "input[type=hidden]")}


def test_another_sites_page_can_neither_start_a_game_nor_act(driver, server, other_site):
    game_id = _start_game(driver, server)  # the server's own forms: new game, pace
    assert _settled(driver) == "ask"
    link = driver.current_url.split("?")[0]
    save = server.data / game_id / "game.json"
    before = (_games(server), read_save(save)["actions"])
    # the attacker holds the seat's link and even the page's token (it cannot read them:
    # this is the worst case, and the browser's headers alone refuse it)
    act = {**_hidden(driver, "#chooser form"),
           "action": _css(driver, "#chooser button[name=action]")[0].get_attribute("value")}
    new = {**_hidden(driver, "form.pace"), "game": "project", "seat0": "human"}
    new["csrf"] = act["csrf"]  # no token of /games on this page; any will do to try
    other_site.pages.update({
        "/act.html": _auto(f"{link}/act", act),
        "/new.html": _auto(f"{server.url}/games", new),
        "/framed-act.html": _framed(f"{link}/act", act),
        "/framed-new.html": _framed(f"{server.url}/games", new),
        "/framed-fetch-act.html": _framed(f"{link}/act", act, fetch=True),
        "/fetch-act.html": _fetched(f"{link}/act", act),
        "/fetch-new.html": _fetched(f"{server.url}/games", new),
    })
    for page in ("/act.html", "/new.html"):  # the browser shows the server's answer
        driver.get(other_site.url + page)
        _wait(driver).until(lambda d: _css(d, "section.refused"), "no answer shown")
        text = _css(driver, "section.refused")[0].text
        assert text.startswith("403") and "a page of another site sent this request" in text
        assert (_games(server), read_save(save)["actions"]) == before, page
    for page in ("/framed-act.html", "/framed-new.html", "/framed-fetch-act.html",
                 "/fetch-act.html", "/fetch-new.html"):
        driver.get(other_site.url + page)
        _wait(driver).until(lambda d: d.title == "sent", f"{page} sent nothing")
        assert (_games(server), read_save(save)["actions"]) == before, page

    # the seat's own page acts; its form sent twice (a second click, here from a second
    # tab showing the same question) is taken once
    driver.get(link)
    assert _settled(driver) == "ask"
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(link)
    assert _settled(driver) == "ask"
    second = driver.current_window_handle
    driver.switch_to.window(first)
    action = act["action"]
    n = len(before[1])
    for handle in (first, second):
        driver.switch_to.window(handle)
        page = _css(driver, "html")[0]
        button = _css(driver, f'#chooser button[name=action][value="{action}"]')[0]
        driver.execute_script("arguments[0].click()", button)  # inside a closed <details>
        _wait(driver).until(lambda d, page=page: _css(d, "html")[0] != page, "no new page")
        if handle == first:
            taken = read_save(save)["actions"]
            assert taken[:n + 1] == [*before[1], action]
    assert read_save(save)["actions"] == taken  # the second changed nothing
    _wait(driver).until(lambda d: _css(d, "#notice"), "no notice")
    assert "it changed nothing" in _css(driver, "#notice")[0].text
    driver.close()
    driver.switch_to.window(first)
