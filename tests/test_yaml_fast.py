"""The libyaml fast path of the YAML reader gives what the full (ruamel.yaml) parser gives,
and hands every text it cannot read exactly to the full parser; the on-disk cache of checked
files returns the same outcome and ignores a corrupt entry."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from artemis.content import cache, yaml_fast, yamlio
from artemis.content.loader import load_content
from artemis.games.project.content import game_spec

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not yaml_fast.available(), reason="PyYAML without libyaml")


def _same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _full(text: str):
    try:
        return yamlio._parse_full(text, "f.yaml")
    except yamlio.YamlProblem as exc:
        return exc.problem


def _agree(text: str) -> bool:
    """Whether the fast path took ``text``; fails if it gave anything the full parser did not."""
    fast = yaml_fast.parse(text, "f.yaml")
    if fast is None:
        return False
    full = _full(text)
    assert isinstance(full, yamlio.Document), f"fast path accepted what gives {full}"
    for attr in ("data", "values", "keys", "texts"):
        assert _same(getattr(fast, attr), getattr(full, attr)), (attr, text)
    return True


def _yaml_files() -> list[Path]:
    return sorted(p for folder in ("content", "tests/data", "tests/scenarios")
                  for p in (REPO / folder).rglob("*.y*ml"))


def test_every_repository_yaml_file_agrees_and_content_takes_the_fast_path():
    took = {}
    for path in _yaml_files():
        text = path.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff")
        if text.strip():
            took[path.relative_to(REPO).as_posix()] = _agree(text)
    shipped = [name for name in took if name.startswith("content/")]
    assert len(shipped) >= 10
    assert all(took[name] for name in shipped), [n for n in shipped if not took[n]]


@pytest.mark.parametrize("text, code", [
    ("a: 1\na: 2\n", "E106"),
    ("a: &x 1\nb: *x\n", None),              # aliases: the full parser reads them
    ("a: !!python/object:os.system x\n", "E107"),
    ("a: !!str 1\n", None),                  # a tag: the full parser
    ("<<: {a: 1}\n", "E107"),
    ("a: 1\n---\nb: 2\n", "E111"),
    ("a: [1, 2\n", "E104"),
    ("a:\n\t- 1\n", "E105"),
    ("%YAML 1.1\n---\na: yes\n", "E112"),  # refused before either parser reads it
    ("%YAML 1.2\n---\na: yes\n", None),
    ("a: =\n", "E107"),
    ("? [a, b]\n: 1\n", "E201"),
    ("[" * 60 + "]" * 60 + "\n", "E110"),
])
def test_texts_the_fast_path_leaves_to_the_full_parser(text, code):
    assert yaml_fast.parse(text, "f.yaml") is None
    if code is None:
        assert isinstance(yamlio.parse(text, "f.yaml"), yamlio.Document)
    else:
        with pytest.raises(yamlio.YamlProblem) as info:
            yamlio.parse(text, "f.yaml")
        assert info.value.problem.code == code


def test_fast_path_values_positions_and_texts():
    text = ("kind: buildings\nitems:\n- id: é1\n  n: 0x1F\n  on: yes\n  t: true\n  e:\n"
            "  f: 1.5e3\n  z: ~\n  d: 2024-01-02\n  q: '3'\n  s: >\n    folded\n    text\n")
    doc = yaml_fast.parse(text, "f.yaml")
    assert doc is not None
    item = doc.data["items"][0]
    assert item == {"id": "é1", "n": 31, "on": "yes", "t": True, "e": None, "f": 1500.0,
                    "z": None, "d": "2024-01-02", "q": "3", "s": "folded text\n"}
    assert doc.values[("items", 0, "id")] == (3, 7)
    assert doc.keys[("items", 0, "n")] == (4, 3)
    assert doc.values[("items", 0, "e")] == (7, 5)  # just after the colon of `e:`
    assert doc.texts[("items", 0, "n")] == "0x1F"
    assert ("items", 0, "on") not in doc.texts      # YAML 1.2: yes is a string
    assert _agree(text)


SNIPPETS = ["a: 1", "b: 'x y'", 'c: "é\\t"', "- 1", "- [1, 2]", "d: {e: f}", "  g: h", "",
            "# note", "i: yes", "j: 0o17", "k: 1_000", "l: .inf", "m:", "  - n", "o: |",
            "  lit", "p: >-", "  fold", "q: 2001-12-14t21:59:43.10-05:00", "r: -.5", "s: +1",
            "t: 0b101", "u: 1e3", "v: null", "w: ~", "x: 'it''s'", "y: a: b", "z: [", "\ta: 1",
            "é: ü", "n1: 12:30", "k2: -", "- - x", "a2: b # c", "'q k': 1", "? x", ": y"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SNIPPETS), min_size=1, max_size=12),
       st.sampled_from(["\n", "\r\n"]))
def test_random_documents_agree(lines, newline):
    text = newline.join(lines) + newline
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in lines):
        return
    _agree(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="-+0123456789._eExXoObBaAfFtTrRuUlLsSnNiI~:= ", max_size=12))
def test_resolver_is_ruamels(value):
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.resolver import VersionedResolver

    expected = VersionedResolver().resolve(ScalarNode, value, (True, False))
    assert yaml_fast.resolve(value) == str(getattr(expected, "value", expected))


def test_disk_cache_gives_the_same_outcome_and_ignores_corrupt_entries(tmp_path, monkeypatch):
    monkeypatch.delenv("ARTEMIS_NO_CACHE", raising=False)
    monkeypatch.setenv("ARTEMIS_CACHE_DIR", str(tmp_path / "cache"))
    pack = REPO / "tests" / "data" / "invalid"
    targets = [*sorted(pack.rglob("*.yaml"))[:20], REPO / "content/examples/project/reef_expansion"]
    first = load_content(targets, game_spec())
    entries = sorted((tmp_path / "cache").iterdir())
    assert entries, "nothing was cached"
    second = load_content(targets, game_spec())
    assert [p.as_dict() for p in second.problems] == [p.as_dict() for p in first.problems]
    assert [(i.kind, i.id, i.index) for i in second.items] == [
        (i.kind, i.id, i.index) for i in first.items]
    for entry in entries:  # corrupt every entry: each is ignored and written again
        entry.write_bytes(entry.read_bytes()[:-3] + b"xyz")
    third = load_content(targets, game_spec())
    assert [p.as_dict() for p in third.problems] == [p.as_dict() for p in first.problems]
    key = entries[0].name
    assert cache.get(tmp_path / "cache", key) is not None  # rewritten whole


def test_disk_cache_off_and_keyed_by_text(tmp_path, monkeypatch):
    monkeypatch.setenv("ARTEMIS_NO_CACHE", "1")
    assert cache.folder() is None
    monkeypatch.setenv("ARTEMIS_NO_CACHE", "0")
    monkeypatch.setenv("ARTEMIS_CACHE_DIR", str(tmp_path))
    assert cache.folder() == tmp_path
    a = cache.entry_key("spec", "f.yaml", "base", "content", "a: 1\n")
    assert a != cache.entry_key("spec", "f.yaml", "base", "content", "a: 2\n")
    assert a != cache.entry_key("spec2", "f.yaml", "base", "content", "a: 1\n")
    assert a != cache.entry_key("spec", "g.yaml", "base", "content", "a: 1\n")
