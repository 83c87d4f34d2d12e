"""The games list's index (docs/serve.md, "The data folder"): the list reads it, not the saves,
while they are unchanged, and never trusts it over a save (issue 26)."""

from __future__ import annotations

import re

from .helpers import client, start


def test_the_games_list_reads_its_index_and_not_the_saves_while_they_are_unchanged(
        tmp_path, monkeypatch):
    c = client(tmp_path)
    ids = [start(c, seat0="human", seat1="human", name0=f"Ada{i}")[0] for i in range(3)]
    first = c.get("/").text
    assert all(i in first for i in ids)
    import artemis.records.save as save_module

    opened = []
    real = save_module.read_save
    monkeypatch.setattr(save_module, "read_save", lambda path: opened.append(path) or real(path))
    fresh = client(tmp_path)  # a server started anew: the index is on disk
    page = fresh.get("/").text
    assert opened == []
    assert sorted(re.findall(r"<code>([0-9a-f]{12})</code>", page)) == sorted(ids)
    assert "Ada1 (human), P1 (human)" in page


def test_the_index_never_outranks_a_save(tmp_path):
    """A save changed behind the server's back is read again; a game gone leaves the list;
    a missing or damaged index is rebuilt from the saves."""
    import shutil

    c = client(tmp_path)
    a, _, _ = start(c, seat0="human", seat1="human", name0="Ada")
    b, _, _ = start(c, seat0="human", seat1="human", name0="Bea")
    store = c.app.state.store
    assert {g.id: g.seats[0] for g in store.listing()} == {a: "Ada (human)", b: "Bea (human)"}
    # game b's save replaced by another game's (by hand, or another program)
    game, _, _ = start(client(tmp_path / "elsewhere"), seat0="human", seat1="random",
                       name0="Eve")
    shutil.copy(tmp_path / "elsewhere" / game / "game.json", tmp_path / b / "game.json")
    listed = {g.id: g.seats for g in store.listing()}
    assert listed == {a: ("Ada (human)", "P1 (human)"), b: ("Eve (human)", "P1 (random)")}

    shutil.rmtree(tmp_path / a)
    assert [g.id for g in store.listing()] == [b]
    store.index.close()
    (tmp_path / "index.sqlite3").write_bytes(b"not a database, not even close" * 100)
    fresh = client(tmp_path)
    assert [(g.id, g.seats[0]) for g in fresh.app.state.store.listing()] == [(b, "Eve (human)")]
    (tmp_path / "index.sqlite3").unlink()
    fresh = client(tmp_path)
    assert [g.id for g in fresh.app.state.store.listing()] == [b]
    assert (tmp_path / "index.sqlite3").is_file()


def test_the_games_list_shows_50_a_page_newest_first_with_links_to_the_others(tmp_path):
    """At 120 games the index page lists 50, newest first, and links the older and newer
    pages; a page past the end shows the last (issue 26: a list of 1,000 rows took 98 ms)."""
    import os
    import shutil

    c = client(tmp_path)
    first, _, _ = start(c, seat0="human", seat1="human", name0="Ada")
    ids = [first]
    for n in range(119):  # copies of the first game, each saved a second later
        game_id = f"{n:012x}"
        shutil.copytree(tmp_path / first, tmp_path / game_id)
        os.utime(tmp_path / game_id / "game.json", (10 ** 9 + n, 10 ** 9 + n))
        ids.append(game_id)
    os.utime(tmp_path / first / "game.json", (10 ** 9 - 1, 10 ** 9 - 1))  # the oldest
    newest = ids[1:][::-1] + [first]

    def listed(query: str) -> tuple[list[str], str]:
        page = c.get(query).text
        return re.findall(r"<td>project <code>([0-9a-f]{12})</code>", page), page

    shown, page = listed("/")
    assert shown == newest[:50]
    assert "games 1 to 50 of 120, newest first" in page
    assert '<a rel="next" href="/?page=2">older</a>' in page and 'rel="prev"' not in page
    shown, page = listed("/?page=2")
    assert shown == newest[50:100] and 'href="/?page=1">newer</a>' in page
    shown, page = listed("/?page=3")
    assert shown == newest[100:] and "games 101 to 120 of 120" in page and 'rel="next"' not in page
    assert listed("/?page=9")[0] == newest[100:] and listed("/?page=x")[0] == newest[:50]
    # however far past the end: the last page, as for page 9 (issue 26)
    assert listed("/?page=" + "9" * 30)[0] == newest[100:]
    assert listed("/?page=1000000")[0] == newest[100:]
