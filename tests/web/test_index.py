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
