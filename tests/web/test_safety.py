"""What `artemis serve` refuses so that it is safe to expose (docs/serve.md, "Hosting a
playtest", issue 26): text that is not UTF-8. Each refusal is a 4xx page naming what is wrong,
never a traceback, and changes nothing."""

from __future__ import annotations

import html

from .helpers import client


def _games(folder):
    return sorted(p.name for p in folder.iterdir() if p.is_dir())


def test_a_field_of_percent_encoded_bytes_that_are_not_utf8_is_refused_by_name(tmp_path):
    c = client(tmp_path)
    for body, words in [
        (b"game=project&players=2&name0=%FF%FE", "field 'name0': the value is not UTF-8 text"),
        (b"game=project&seed=1%C3", "field 'seed': the value is not UTF-8 text"),
        (b"game=project&na%FFme=x", "a field's name is not UTF-8 text"),
    ]:
        r = c.post("/games", content=body,
                   headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 400, r.text
        assert words in html.unescape(r.text)
        assert "\ufffd" not in r.text and "Traceback" not in r.text
    assert _games(tmp_path) == []
    # the same names in UTF-8 are a name
    r = c.post("/games", content=b"game=project&players=2&name0=%C3%89lodie",
               headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 303, r.text
    game_id = r.headers["location"].split("/")[2]
    assert c.app.state.store.get(game_id).names[0] == "Élodie"
