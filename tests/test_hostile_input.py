"""Hostile input: generated malformed files and structurally wrong documents never crash a loader.

Hypothesis generates raw bytes and unicode, YAML-ish token soup (indentation, flow brackets,
anchors and aliases, tags such as ``!!python/object/apply:os.system``, directives, BOMs, NULs,
very long scalars), alias bombs and deep nesting, JSON soup, and mutations of real documents
(keys dropped, types changed, unknown keys, lists and mappings swapped, huge or negative
numbers, wrong ids, lone surrogates): the base and reef content files, the game-config
examples, saves and a log of a seeded game, and the rulebook scenarios. They are fed to

- the YAML reader (`yamlio.load` on a file, `yamlio.parse` on text);
- the content validator as ``artemis validate`` builds it
  (`artemis.cli.common.load_with_plugins`'s spec, built once): as a pack's content file, as
  a pack's manifest, and as a loose file;
- the game-config loader `load_config`, then `Game.new` with a config it accepts (as
  ``artemis play --config`` does);
- `artemis.records.save.load_save`, `artemis.records.log.read_log` with `replay` and `verify`, and
  `artemis.scenario.load_scenario` with `run_scenario` (each skipped while it does not exist).

The property: a loader returns located problems, or raises only its documented error class
(YamlProblem, SaveError, LogError, ScenarioError), and nothing else; each problem has a known
code, names the file, and has line and column >= 1 unless it is about the whole file; what a
loader returns or says can be printed as UTF-8; every value read is plain (no YAML tag
constructs an object, and the sentinel file an executed tag would create never appears). The
deadline (10 s per example) catches hangs; it is not a speed assertion.

CI runs 25 examples per property, derandomized; ``pytest -m slow`` (1,000 each, or
``ARTEMIS_FUZZ_EXAMPLES``) and
``benchmarks/fuzz_long.py --examples N`` run the same properties with many more. The hostile
files also go through the CLI in subprocesses (validate, play --config, scenario run, replay,
play --load): exit 1, no traceback, no "internal error".
"""

from __future__ import annotations

import copy
import functools
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from artemis.content import yamlio
from artemis.content.loader import LoadResult, load_content, shown
from artemis.content.problems import CODES as KERNEL_CODES
from artemis.content.problems import Problem
from artemis.games.project.codes import CODES as PROJECT_CODES
from artemis.games.project.codes import SCENARIO_CODES as PROJECT_SCENARIO_CODES

ROOT = Path(__file__).resolve().parent.parent
BASE = ROOT / "content" / "project" / "base"
REEF = ROOT / "content" / "examples" / "project" / "reef_expansion"
CODES = {**KERNEL_CODES, **PROJECT_CODES}  # what a Project pack may get

# created only if some loader executed a tag's Python call
SENTINEL = Path(tempfile.gettempdir()) / f"artemis-hostile-sentinel-{os.getpid()}"
# problems about a whole file or path carry line and column 0 (docs/errors.md)
WHOLE_FILE_CODES = {"E101", "E108", "E501", "E502"}
# catches hangs, not slowness: on this shared 2-core machine examples that take 20 ms were seen
# to stall for 3.5 s once (another process, disk), so 2 s would fail at random
DEADLINE = timedelta(seconds=10)
CI_EXAMPLES = 25


def fuzz_settings(examples: int) -> settings:
    """Reproducible settings: derandomized, no example database, a deadline against hangs."""
    return settings(max_examples=examples, deadline=DEADLINE, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much,
                                           HealthCheck.large_base_example])


# ---- strategies: malformed YAML text -----------------------------------------------------

_CALL = f'["touch {SENTINEL}"]'
TAGS = [
    f"!!python/object/apply:os.system {_CALL}",
    f"!!python/object/new:os.system {_CALL}",
    "!!python/name:os.system",
    "!!python/module:os",
    f"!<tag:yaml.org,2002:python/object/apply:os.system> {_CALL}",
    f"!%21python/object/apply:os.system {_CALL}",
    "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1]", "!!str", "!!int", "!!float",
    "!!bool", "!!null", "!!map", "!!seq", "!!timestamp", "!!merge", "!local", "!", "!!",
]
TOKENS = [
    "\n", "\n", "\n", " ", "  ", "    ", "\t", "- ", "-", ": ", ":", "? ", "[", "]", "{", "}",
    ", ", ",", "&a ", "*a", "&b ", "*b ", "&a [*a] ", "<<: *a", "%YAML 1.2\n", "%YAML 1.1\n",
    "%TAG !py! tag:yaml.org,2002:python/object/apply:\n", "!py!os.system ", "--- ", "---\n",
    "...\n", "\ufeff", "\x00", "\x07", "\x85", "\u2028", "\ufffe", "|\n", "|-\n  ", ">+\n",
    "'", '"', "''", '""', '"\\ud800"', '"\\x00"', '"\\U0001F600"', "# c", "#", "@", "`", "%",
    "kind", "kind: ", "items", "items:", "buildings", "events", "id: ", "name: ", "x", "é",
    "~", "null", "true", "no", "0", "-1", "0x1F", "0o17", "0b101", "+12_000", "1e999",
    "-.inf", ".nan", "2001-12-14", "12:30:45", "=", "<<",
]
LONG_SCALARS = st.sampled_from([1_000, 20_000, 100_000]).map(lambda n: "x" * n)
TOKEN = st.one_of(st.sampled_from(TOKENS), st.sampled_from(TAGS).map(lambda t: t + " "),
                  st.text(max_size=8), st.integers().map(str))
TOKEN_SOUP = st.lists(TOKEN, max_size=60).map("".join)


@st.composite
def alias_bombs(draw) -> str:
    """Billion-laughs documents: each anchor a list of ``width`` aliases of the previous one,
    as block or flow lists or mappings; some stay under the limits."""
    width = draw(st.integers(2, 12))
    depth = draw(st.integers(1, 10))
    mapping = draw(st.booleans())
    lines = [f"a0: &a0 {'{k: lol}' if mapping else '[lol, lol]'}"]
    for i in range(1, depth + 1):
        if mapping:
            body = "{" + ", ".join(f"k{j}: *a{i - 1}" for j in range(width)) + "}"
        else:
            body = "[" + ", ".join([f"*a{i - 1}"] * width) + "]"
        lines.append(f"a{i}: &a{i} {body}")
    prefix = draw(st.sampled_from(["", "kind: buildings\nitems:\n  - id: x\n    name: ",
                                   "players: "]))
    if prefix:
        return prefix + f"*a{depth}\n" + "\n".join(lines) + "\n"
    return "\n".join(lines) + "\n"


@st.composite
def deep_nesting(draw) -> str:
    """Flow brackets, flow mappings and block indentation nested up to thousands of levels,
    closed or not."""
    n = draw(st.integers(1, 3000))
    style = draw(st.sampled_from(["seq", "map", "mixed", "block_seq", "block_map"]))
    closed = draw(st.booleans())
    if style == "seq":
        return "[" * n + ("]" * n if closed else "")
    if style == "map":
        return "{a: " * n + "1" + ("}" * n if closed else "")
    if style == "mixed":
        return "x: " + "[{a: " * n + "1" + ("}]" * n if closed else "")
    n = min(n, 300)  # block indentation grows as n squared in bytes (the limit is 50)
    if style == "block_seq":
        return "- " * n + "x\n"
    return "".join(" " * i + "a:\n" for i in range(n)) + " " * n + "b: 1\n"


PREFIXES = st.sampled_from(["", "kind: buildings\nitems:\n", "kind: events\nitems:\n  - ",
                            "players: [{seat: random}, {seat: random}]\n",
                            "id: fan\nname: Fan\nversion: 0.1.0\nfiles: ["])
YAML_TEXT = st.one_of(
    st.text(max_size=300),
    TOKEN_SOUP,
    st.tuples(PREFIXES, TOKEN_SOUP).map("".join),
    st.tuples(PREFIXES, LONG_SCALARS).map("".join),
    alias_bombs(),
    deep_nesting(),
)
# raw bytes: any, and text with its encoding damaged
RAW_BYTES = st.one_of(
    st.binary(max_size=400),
    st.tuples(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00"]), TOKEN_SOUP,
              st.sampled_from([b"", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\x00\x00"]))
    .map(lambda t: t[0] + t[1].encode("utf-8", "surrogatepass") + t[2]),
)
HOSTILE_FILE = st.one_of(YAML_TEXT, RAW_BYTES)
# text holding lone surrogates: what a str from argv (surrogateescape) or an API caller may hold
SURROGATE_TEXT = st.tuples(TOKEN_SOUP, st.sampled_from(["\ud800", "\udcff", "\udfff"]),
                           TOKEN_SOUP).map("".join)


# ---- strategies: structurally wrong documents --------------------------------------------

def _plain_load(path: Path):
    return yamlio.load(path).data


BASE_DOCS = {p.name: _plain_load(p) for p in sorted(BASE.glob("*.yaml"))}
BASE_DOCS.update({f"reef_{p.name}": _plain_load(p) for p in sorted(REEF.glob("*.yaml"))})
IDS = sorted({item["id"] for doc in BASE_DOCS.values() if isinstance(doc.get("items"), list)
              for item in doc["items"] if isinstance(item, dict) and "id" in item})
# the game-config examples: tests/plugins/test_config_file.py and docs/errors.md (E601-E605)
CONFIG_EXAMPLES = [
    {"players": [{"seat": "greedy"}, {"seat": "random"}, {"seat": "random"}], "seed": 5,
     "variants": {"harsh": {}, "game_length": {"rounds": 3}}},
    {"players": [{"seat": "random", "name": "Ada"}, {"seat": "random"}],
     "variants": {"rich_start": {}}, "expansions": ["reef"]},
    {"players": [{"seat": "random"}, {"seat": "random"}], "variants": {"harh": {}}},
    {"players": [{"seat": "random"}, {"seat": "random"}],
     "variants": {"game_length": {"rounds": 30}}},
    {"players": [{"seat": "random"}, {"seat": "random"}], "expansions": ["packs/reef"]},
    {"game": "project", "players": 2, "options": {"rounds": 5}},
]

SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 2**31, -(2**63), 10**400, -(10**400)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(IDS), st.sampled_from(IDS).map(lambda i: i + "x"),
    st.sampled_from(["", " ", "any", "ocean", "surface", "pioneer", "energy", "base",
                     ">=0.1", "<0", "buildings", "../x.yaml", "/etc/passwd", "a" * 5000,
                     "a\0b", "/dev/zero", "/", ".", "reef"]),
    st.text(max_size=20),
)
# lone surrogates: YAML and JSON escapes ("\ud800") can write them, UTF-8 cannot print them
SURROGATES = st.sampled_from(["\ud800", "x\udfffy"])


def _values(scalars):
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
        max_leaves=12)


VALUES = _values(SCALARS)


def _paths(data, path=()):
    """Every (path, value) in a plain document."""
    yield path, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*path, k))
    elif isinstance(data, list):
        # a long list (a bot's 625 RNG words) would take most of the draws: its ends suffice
        ends = range(len(data)) if len(data) <= 20 else (0, 1, len(data) - 1)
        for i in ends:
            yield from _paths(data[i], (*path, i))


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _mutate(draw, data, surrogates=True):
    """One structural mutation at a drawn place; returns the new document. ``surrogates``:
    the mutation may write a lone surrogate into a string (for the YAML loaders; see
    test_a_lone_surrogate_in_a_save_or_log for the JSON ones)."""
    values = VALUES
    paths = list(_paths(data))
    if len(paths) > 1 and draw(st.sampled_from([True] * 29 + [False])):
        paths = paths[1:]  # the whole document replaced only now and then
    # Hypothesis favours its simplest choices: let them be the last, deepest place, and a
    # replacement, rather than dropping a document's first key every time
    paths.reverse()
    path, value = draw(st.randoms(use_true_random=False)).choice(paths)
    op = draw(st.sampled_from(["replace", "drop", "unknown_key", "swap", "number", "id",
                               "duplicate", *(["surrogate"] if surrogates else [])]))
    if op == "drop" and path:
        parent = _get(data, path[:-1])
        del parent[path[-1]]
        return data
    if op == "unknown_key" and isinstance(value, dict):
        near = [k + "s" for k in value] + [k[:-1] for k in value if len(k) > 1]
        key = draw(st.one_of(st.text(max_size=10), st.sampled_from(near or ["x"])))
        value[key] = draw(values)
        return data
    if op == "duplicate" and isinstance(value, list) and value:
        value.append(copy.deepcopy(draw(st.sampled_from(value))))
        return data
    if op == "swap" and isinstance(value, dict):
        new = draw(st.sampled_from([list(value.values()), [[k, v] for k, v in value.items()],
                                    list(value)]))
    elif op == "swap" and isinstance(value, list):
        new = {str(i): v for i, v in enumerate(value)}
    elif op == "number":
        new = draw(st.sampled_from([-1, -(10**12), 10**12, 2**63, 10**400, 0, 1.5,
                                    math.inf, -math.inf, math.nan]))
        if isinstance(value, int) and not isinstance(value, bool):
            new = draw(st.sampled_from([-value, value * 10**20, -value - 1, new]))
    elif op == "surrogate":
        new = draw(SURROGATES)
    elif op == "id":
        new = draw(st.one_of(st.sampled_from(IDS), st.sampled_from(["", "Id With Spaces",
                                                                    "base", "x" * 300])))
    else:
        new = draw(values)
    if not path:
        return new
    _get(data, path[:-1])[path[-1]] = new
    return data


def _dump(data) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


@st.composite
def wrong_content(draw) -> tuple[str, str]:
    """(file name, YAML text): a base or reef content file or manifest, or one item of it
    under a fresh id, mutated one to four times."""
    name = draw(st.sampled_from(sorted(BASE_DOCS)))
    data = copy.deepcopy(BASE_DOCS[name])
    items = data.get("items")
    if isinstance(items, list) and items and draw(st.booleans()):
        item = copy.deepcopy(draw(st.sampled_from(items)))
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            item["id"] = "fuzz_" + item["id"]  # a fresh id reaches the cross-file checks
        data = {"kind": data["kind"], "items": [item]}
    for _ in range(draw(st.integers(1, 4))):
        data = _mutate(draw, data)
    return name, _dump(data)


@st.composite
def wrong_config(draw) -> str:
    """A game-config example mutated up to three times."""
    data = copy.deepcopy(draw(st.sampled_from(CONFIG_EXAMPLES)))
    for _ in range(draw(st.integers(0, 3))):
        data = _mutate(draw, data)
    return _dump(data)


# ---- strategies: saves and logs (JSON) ----------------------------------------------------

JSON_TOKENS = [
    "{", "}", "[", "]", ":", ",", '"', '""', '"format"', '"artemis-save"', '"type"',
    '"game"', '"action"', '"id"', "true", "null", "0", "-0", "1e999", "-1e999", "NaN",
    "Infinity", "9" * 5000, "1" + "0" * 400, '"\\ud800"', '"\\u0000"', '"\\x"', "\n", "\n",
    " ", "\ufeff", "\x00", "[" * 3000, "{\"a\":" * 2000, "'", "//", "/*",
]
JSON_SOUP = st.lists(st.one_of(st.sampled_from(JSON_TOKENS), st.text(max_size=6),
                               st.integers().map(str)), max_size=40).map("".join)


@functools.lru_cache(maxsize=1)
def sample_games() -> tuple[list[dict], list[str]]:
    """Real saves (mid-game and at the end) and a real log of a short seeded 2-player game
    (game_length 2 rounds), as plain JSON data and log lines."""
    from artemis.kernel.game import Game, GameConfig
    from artemis.players.play import make_bots
    from artemis.records.log import config_record
    from artemis.records.save import save_record

    kinds = ["random", "greedy"]
    config = GameConfig(players=2, seed=3, variants={"game_length": {"rounds": 2}})
    game = Game.new(config, plugins=plugin_host())
    bots = make_bots(config, kinds)
    saves = [save_record(game, kinds, None, bots, plugin_host())]
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
        if len(game.actions) == 10:
            saves.append(save_record(game, kinds, ["Ada", "Bo"], bots, plugin_host()))
    saves.append(save_record(game, kinds, None, bots, plugin_host()))
    header = {"type": "game", **config_record(game, kinds, None)}
    lines = [json.dumps(header)] + [json.dumps(e, default=list) for e in game.log]
    return saves, lines


def _json_dump(draw, data) -> str:
    return json.dumps(data, ensure_ascii=draw(st.booleans()),
                      indent=draw(st.sampled_from([None, 1])))


@st.composite
def wrong_save(draw) -> str:
    """A real save mutated one to four times (or cut short), as JSON text."""
    data = copy.deepcopy(draw(st.sampled_from(sample_games()[0])))
    for _ in range(draw(st.integers(1, 4))):
        data = _mutate(draw, data, surrogates=False)
    text = _json_dump(draw, data)
    if draw(st.sampled_from([False] * 9 + [True])):
        text = text[: draw(st.integers(1, len(text)))]
    return text


@st.composite
def wrong_log(draw) -> str:
    """A real log with lines mutated, dropped, duplicated, swapped or replaced by soup."""
    lines = list(sample_games()[1])
    parsed = set(range(len(lines)))  # lines still JSON from the real log
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.randoms(use_true_random=False)).randrange(len(lines))
        if draw(st.sampled_from([False] * 4 + [True])):
            i = 0  # the header
        op = draw(st.sampled_from(["mutate", "mutate", "drop", "duplicate", "swap", "soup"]))
        if op == "mutate" and i in parsed:
            lines[i] = _json_dump(draw, _mutate(draw, json.loads(lines[i]), surrogates=False))
        elif op == "drop" and len(lines) > 1:
            del lines[i]
            parsed = {k - (k > i) for k in parsed if k != i}
        elif op == "duplicate":
            lines.insert(i, lines[i])
            parsed = {k + (k > i) for k in parsed} | ({i + 1} if i in parsed else set())
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            if (i in parsed) != (j in parsed):
                parsed ^= {i, j}
        elif op == "soup":
            lines[i] = draw(JSON_SOUP)
            parsed.discard(i)
    return "\n".join(lines) + "\n"


SCENARIOS = ROOT / "tests" / "scenarios"
SCENARIO_DOCS = {p.name: _plain_load(p) for p in sorted(SCENARIOS.glob("*.yaml"))}


@st.composite
def wrong_scenario(draw) -> str:
    """A rulebook scenario under tests/scenarios mutated one to four times."""
    data = copy.deepcopy(SCENARIO_DOCS[draw(st.sampled_from(sorted(SCENARIO_DOCS)))])
    for _ in range(draw(st.integers(1, 4))):
        data = _mutate(draw, data)
    return _dump(data)



def _one_of(*strategies):
    """st.one_of choosing each argument equally often: one_of flattens a nested one_of into
    its branches, so HOSTILE_FILE's eight would crowd out the mutated real documents."""
    return st.one_of(*(s.map(lambda x: x) for s in strategies))


HOSTILE_SAVE = _one_of(HOSTILE_FILE, JSON_SOUP, wrong_save(), wrong_save())
HOSTILE_LOG = _one_of(HOSTILE_FILE, JSON_SOUP, wrong_log(), wrong_log())


# ---- the properties ----------------------------------------------------------------------

def assert_plain(value, depth=0) -> None:
    """``value`` is built from dicts, lists, str, int, float, bool and None only."""
    assert depth <= yamlio.MAX_DEPTH + 2
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), f"non-string key {k!r}"
            assert_plain(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            assert_plain(v, depth + 1)
    else:
        assert value is None or type(value) in (str, int, float, bool), type(value)


def assert_located(problem, files: set[str], codes: dict = CODES) -> None:
    """A problem record: known code (of `CODES` or ``codes``), names one of ``files``, a
    position unless it is about the whole file, and printable as text and JSON."""
    assert isinstance(problem, Problem)
    assert problem.code in CODES or problem.code in codes, problem
    assert problem.file in files, (problem.file, files)
    assert problem.message
    if problem.code in WHOLE_FILE_CODES:
        assert (problem.line, problem.column) == (0, 0), problem
    else:
        assert problem.line >= 1 and problem.column >= 1, problem
    # what the CLI prints (text and --json) must encode as UTF-8
    problem.format().encode("utf-8")
    json.dumps(problem.as_dict(), ensure_ascii=False).encode("utf-8")


def _write(path: Path, content: str | bytes) -> None:
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass")
    path.write_bytes(content)


_SPEC = None


def cli_spec():
    """The content spec `artemis validate` uses (`artemis.cli.common.load_with_plugins`): the
    plugin host's registry, checks and names; built once, so the base pack is parsed once."""
    global _SPEC
    if _SPEC is None:
        from artemis.games.project.content import game_spec
        from artemis.kernel.game import _host_registry, default_plugins

        host = default_plugins()
        _SPEC = game_spec(_host_registry(host), host.checks(), host.names())
    return _SPEC


def _check_document(doc) -> None:
    assert_plain(doc.data)
    for line, col in [*doc.values.values(), *doc.keys.values()]:
        assert line >= 1 and col >= 1


def check_yaml_reader(content: str | bytes) -> None:
    """The YAML reader returns plain data or raises `YamlProblem` with a located problem, for
    a file's bytes and (`yamlio.parse`, as ``--option`` values take) for text."""
    if isinstance(content, str):
        try:
            _check_document(yamlio.parse(content, "text"))
        except yamlio.YamlProblem as exc:
            assert_located(exc.problem, {"text"})
            assert exc.problem.code.startswith("E1")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "file.yaml"
        _write(path, content)
        try:
            doc = yamlio.load(path, "file.yaml")
        except yamlio.YamlProblem as exc:
            assert_located(exc.problem, {"file.yaml"})
            assert exc.problem.code.startswith("E1")
        else:
            _check_document(doc)
    assert not SENTINEL.exists()


def check_content(content: str | bytes, where: str, name: str = "fuzzed.yaml") -> LoadResult:
    """Validate ``content`` as a pack's content file, its manifest, or a loose file."""
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "fan_pack"
        pack.mkdir()
        manifest = pack / "expansion.yaml"
        fuzzed = pack / (name if name != "expansion.yaml" else "fuzzed.yaml")
        if where == "manifest":
            fuzzed = manifest
        else:
            manifest.write_text(f"id: fan_pack\nname: Fan Pack\nversion: 0.1.0\n"
                                f"files: [{fuzzed.name}]\nprovenance: fan-made\n",
                                encoding="utf-8")
        _write(fuzzed, content)
        target = fuzzed if where == "loose" else pack
        if where == "loose":
            manifest.unlink()
        result = load_content([target], cli_spec())
        assert isinstance(result, LoadResult)
        files = {shown(manifest), shown(fuzzed)}
        for problem in result.problems:
            assert_located(problem, files)
        assert (result.catalog is None) == bool(result.problems)
        for item in result.items:
            assert_plain(item.data)
    assert not SENTINEL.exists()
    return result


def check_wrong_content(named: tuple[str, str], where: str) -> LoadResult:
    """`check_content` for a `wrong_content` (name, text): a manifest stays a manifest, a
    content file keeps its name."""
    name, text = named
    if name.endswith("expansion.yaml"):
        return check_content(text, "manifest")
    return check_content(text, "loose" if where == "loose" else "content",
                         name.removeprefix("reef_"))


_HOST = None


def plugin_host():
    """The built-in plugins (harsh, house_rules) registered by hand, as their entry points
    would be: the variants and options a config names are then really checked."""
    global _HOST
    if _HOST is None:
        import artemis_plugins.harsh as harsh
        import artemis_plugins.house_rules as house_rules
        from artemis.kernel.plugins import load_plugins

        _HOST = load_plugins(entry_point_plugins=False)
        _HOST.pm.register(harsh, name="harsh")
        _HOST.pm.register(house_rules, name="house_rules")
    return _HOST


def check_config(content: str | bytes, start: bool = True):
    """`load_config` gives a config or located problems; a config it accepts starts a game
    or raises only ConfigError or ContentError (as ``artemis play --config`` handles)."""
    from artemis.content.problems import ContentError
    from artemis.kernel.game import ConfigError, Game, GameConfig
    from artemis.records.config_file import LoadedConfig, load_config

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "reef").symlink_to(REEF, target_is_directory=True)
        path = Path(tmp) / "game.yaml"
        _write(path, content)
        loaded, problems = load_config(path, plugin_host())
        if problems:
            assert loaded is None
            for problem in problems:
                assert_located(problem, {str(path)})
            return None
        assert isinstance(loaded, LoadedConfig)
        assert 2 <= len(loaded.seats) <= 5 and isinstance(loaded.seed, int | None)
        _printable([loaded.names, loaded.variants, loaded.expansions])
        if start:
            try:
                Game.new(GameConfig(players=len(loaded.seats), seed=loaded.seed or 0,
                                    variants=loaded.variants,
                                    expansions=tuple(loaded.expansions)),
                         plugins=plugin_host())
            except (ConfigError, ContentError):
                pass
    assert not SENTINEL.exists()
    return loaded


def _printable(value) -> None:
    """Every string in ``value`` (a message, a loaded document) encodes as UTF-8, so the CLI
    can print it: a lone surrogate from a JSON or YAML escape would crash the print."""
    json.dumps(value, ensure_ascii=False, default=repr).encode("utf-8")


def check_save(content: str | bytes) -> None:
    """`load_save` returns a replayed save or raises `SaveError` naming the file, and
    nothing else; what it loads and says can be printed."""
    from artemis.records.save import SaveError, load_save

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.save"
        _write(path, content)
        try:
            loaded = load_save(path, plugin_host())
        except SaveError as exc:
            assert str(path) in str(exc)
            _printable(str(exc))
        else:
            _printable(loaded.data)
    assert not SENTINEL.exists()


def check_log(content: str | bytes) -> None:
    """`read_log`, then `replay` and `verify` (as ``artemis replay --verify``), return or
    raise `LogError` naming the file, and nothing else; what they say can be printed."""
    from artemis.records.log import LogError, read_log, replay, verify

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        _write(path, content)
        try:
            log = read_log(path)
            _printable([log.header, log.names])
            replay(log, plugin_host())
            difference = verify(log, plugin_host())
            if difference is not None:
                _printable([difference.format(str(path)), difference.as_dict()])
        except LogError as exc:
            assert str(path) in str(exc)
            _printable(str(exc))
    assert not SENTINEL.exists()


def check_scenario(content: str | bytes):
    """`load_scenario` returns a `Scenario` or raises `ScenarioError` with located problems,
    never S199 (its own "internal error"); a loaded scenario runs to an `Outcome`. Returns
    the outcome, or None."""
    from artemis.scenario import CODES as KERNEL_SCENARIO_CODES
    from artemis.scenario import Outcome, ScenarioError, load_scenario, run_scenario

    SCENARIO_CODES = {**KERNEL_SCENARIO_CODES, **PROJECT_SCENARIO_CODES}  # noqa: N806
    outcome = None
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "reef").symlink_to(REEF, target_is_directory=True)
        path = Path(tmp) / "scenario.yaml"
        _write(path, content)
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            assert exc.problems
            for problem in exc.problems:
                assert problem.code != "S199", problem.message
                assert problem.code in CODES or problem.code in SCENARIO_CODES, problem
                assert_located(problem, {str(path)}, codes=SCENARIO_CODES)
        else:
            outcome = run_scenario(scenario)
            assert isinstance(outcome, Outcome)
            if outcome.failure is not None:
                _printable([outcome.failure.code, outcome.failure.message])
    assert not SENTINEL.exists()
    return outcome


def _optional(module: str, name: str):
    """A loader another part of the project provides, or None while it does not exist."""
    import importlib

    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


# name -> (module and names that must exist, strategy, check)
OTHER_LOADERS = {
    "save": (("artemis.records.save", "load_save", "SaveError"), HOSTILE_SAVE, check_save),
    "log": (("artemis.records.log", "read_log", "LogError"), HOSTILE_LOG, check_log),
    "scenario": (("artemis.scenario", "load_scenario", "ScenarioError", "run_scenario"),
                 _one_of(HOSTILE_FILE, wrong_scenario()), check_scenario),
}


def other_loader_exists(name: str) -> bool:
    module, *names = OTHER_LOADERS[name][0]
    return all(_optional(module, n) is not None for n in names)


# ---- CI tests: a few examples each, derandomized -----------------------------------------

def warm_up() -> None:
    """Build the shared spec, plugin host and sample games before any example is timed: the
    first example would otherwise pay for them and could pass the deadline once only."""
    cli_spec()
    plugin_host()
    sample_games()


@pytest.fixture(scope="module", autouse=True)
def _warm():
    # the disk cache of parsed files, which gets an entry per fuzzed file, is in a folder of
    # the test run's own (conftest.py)
    warm_up()


# ---- the crashes found, as plain regression tests ----------------------------------------

def test_names_no_file_can_have_are_reported_not_raised():
    long = "a" * 3000  # longer than NAME_MAX: the system refuses to look it up
    result = check_content('id: fan\nname: Fan\nversion: 0.1.0\nfiles: ["a\\0b.yaml", '
                           f'"{long}"]\nrequires: ["{long}"]\nprovenance: x\n', "manifest")
    assert [(p.code, p.line, p.column) for p in result.problems] == [
        ("E302", 4, 9), ("E302", 4, 22), ("E506", 5, 12)]
    assert check_config('players: [{seat: random}, {seat: random}]\nexpansions: '
                        f'["{long}"]\n') is None
    with tempfile.TemporaryDirectory() as tmp:
        result = load_content([Path(tmp) / long], cli_spec())
        assert [(p.code, p.line) for p in result.problems] == [("E501", 0)]


def test_a_scenario_expansion_name_too_long_is_s101(tmp_path):
    from artemis.scenario import ScenarioError, load_scenario

    text = ('scenario: x\nconfig: {players: 2, expansions: ["' + "a" * 3000 + '"]}\n'
            "given: {}\nsteps: []\nexpect: {round: 1}\n")
    check_scenario(text)
    path = tmp_path / "s.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert [(p.code, p.line) for p in caught.value.problems] == [("S101", 2)]

def test_a_lone_surrogate_escape_is_e104_at_its_scalar():
    text = 'kind: buildings\nitems:\n  - {id: x, "\\ud800": 1}\n'
    with pytest.raises(yamlio.YamlProblem) as caught:
        yamlio.parse(text, "f.yaml")
    p = caught.value.problem
    assert (p.code, p.line, p.column) == ("E104", 3, 13)
    assert text.splitlines()[2][12:].startswith('"\\ud800"')
    assert "lone surrogate" in p.message


def test_a_lone_surrogate_in_text_is_e104_not_a_libyaml_error():
    for text in ("v: \udcff\n", "a: [\ud800]\n"):
        with pytest.raises(yamlio.YamlProblem) as caught:
            yamlio.parse(text, "t")
        assert (caught.value.problem.code, caught.value.problem.line) == ("E104", 1)


def test_a_number_too_long_to_print_stays_its_text():
    doc = yamlio.parse("a: 0x" + "F" * 5000 + "\nb: 0x" + "F" * 3000 + "\nc: -0b" + "1" * 20000
                       + "\n", "f.yaml")
    assert doc.data["a"] == "0x" + "F" * 5000
    assert doc.data["b"] == 16**3000 - 1  # 12,000 bits: still a number
    assert doc.data["c"] == "-0b" + "1" * 20000


def test_a_save_naming_a_seat_with_a_lone_surrogate_is_refused(tmp_path):
    # `artemis play --load` died printing such a name (UnicodeEncodeError, internal error)
    from artemis.records.save import SaveError, load_save

    data = copy.deepcopy(sample_games()[0][1])
    data["seats"][0]["name"] = "\ud800"
    path = tmp_path / "game.save"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        load_save(path, plugin_host())
    assert str(path) in str(caught.value)
    _printable(str(caught.value))


def test_a_log_naming_a_seat_with_a_lone_surrogate_is_refused(tmp_path):
    # `artemis replay LOG` died printing such a name (UnicodeEncodeError, internal error)
    from artemis.records.log import LogError, read_log, replay

    lines = list(sample_games()[1])
    header = json.loads(lines[0])
    header["names"][0] = "\ud800"
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(LogError) as caught:
        replay(read_log(path), plugin_host())
    assert str(path) in str(caught.value)
    _printable(str(caught.value))


@fuzz_settings(CI_EXAMPLES)
@given(st.one_of(HOSTILE_FILE, SURROGATE_TEXT))
@example("a: 0x" + "F" * 5000 + "\n")  # an int too long to print (was ValueError)
@example("v: \udcff\n")  # a surrogate in text reached libyaml (was UnicodeEncodeError)
@example('kind: buildings\nitems:\n  - {id: x, "\\ud800": 1}\n')  # a lone surrogate escape
@example(f"!!python/object/apply:os.system {_CALL}\n")
def test_yaml_reader_never_crashes(content):
    check_yaml_reader(content)


@fuzz_settings(CI_EXAMPLES)
@given(HOSTILE_FILE, st.sampled_from(["content", "manifest", "loose"]))
@example("kind: buildings\nitems:\n  - id: x\n    name: 0x" + "F" * 5000 + "\n", "content")
@example('kind: buildings\nitems:\n  - id: x\n    "\\udfff": 1\n', "loose")
def test_content_validator_never_crashes_on_malformed_yaml(content, where):
    check_content(content, where)


@fuzz_settings(CI_EXAMPLES)
@given(wrong_content(), st.sampled_from(["content", "loose"]))
# listed files and required packs no file can be: a NUL byte, a name too long (ENAMETOOLONG)
@example(("expansion.yaml", 'id: fan\nname: Fan\nversion: 0.1.0\nfiles: ["a\\0b.yaml", '
          + '"' + "a" * 3000 + '", "' + "a/" * 3000 + '"]\nprovenance: x\n'), "content")
@example(("expansion.yaml", "id: fan\nname: Fan\nversion: 0.1.0\nfiles: [b.yaml]\nrequires: ["
          + "a" * 3000 + "]\nprovenance: x\n"), "content")
def test_content_validator_never_crashes_on_wrong_documents(named, where):
    check_wrong_content(named, where)


@fuzz_settings(CI_EXAMPLES)
@given(HOSTILE_FILE)
@example("players: [{seat: random}, {seat: random}]\nseed: 0x" + "F" * 5000 + "\n")
@example('players: [{seat: random}, {seat: random}]\nvariants: {"\\ud800": {}}\n')
def test_config_loader_never_crashes_on_malformed_yaml(content):
    check_config(content, start=False)


@fuzz_settings(CI_EXAMPLES)
@given(wrong_config())
@example('players: [{seat: random}, {seat: random}]\nexpansions: ["' + "a" * 3000 + '"]\n')
def test_config_loader_never_crashes_on_wrong_documents(text):
    check_config(text)


@pytest.mark.parametrize("name", [
    pytest.param(name, id=name, marks=pytest.mark.skipif(
        not other_loader_exists(name), reason=f"{'.'.join(OTHER_LOADERS[name][0][:2])} "
        "does not exist yet")) for name in OTHER_LOADERS])
def test_other_loaders_never_crash(name):
    _, strategy, check = OTHER_LOADERS[name]

    @fuzz_settings(CI_EXAMPLES)
    @given(strategy)
    def run(content):
        check(content)

    run()


# ---- the same properties, many more examples (deselected by default) ---------------------

SLOW_EXAMPLES = int(os.environ.get("ARTEMIS_FUZZ_EXAMPLES", "1000"))  # per property


@pytest.mark.slow
@fuzz_settings(SLOW_EXAMPLES)
@given(st.one_of(HOSTILE_FILE.map(lambda c: ("yaml", c)),
                 wrong_content().map(lambda c: ("doc", c))),
       st.sampled_from(["content", "manifest", "loose"]))
def test_content_validator_long_run(case, where):
    kind, content = case
    if kind == "yaml":
        check_yaml_reader(content)
        check_content(content, where)
    else:
        check_wrong_content(content, where)


@pytest.mark.slow
@fuzz_settings(SLOW_EXAMPLES)
@given(_one_of(HOSTILE_FILE, wrong_config()))
def test_config_loader_long_run(content):
    check_config(content)


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    pytest.param(name, id=name, marks=pytest.mark.skipif(
        not other_loader_exists(name), reason="does not exist yet")) for name in OTHER_LOADERS])
def test_other_loaders_long_run(name):
    _, strategy, check = OTHER_LOADERS[name]

    @fuzz_settings(SLOW_EXAMPLES)
    @given(strategy)
    def run(content):
        check(content)

    run()


# ---- end to end through the CLI ----------------------------------------------------------

HOSTILE_FILES = {
    "python_tag.yaml": f"kind: buildings\nitems:\n  - id: x\n    name: "
                       f"!!python/object/apply:os.system {_CALL}\n",
    "tag_directive.yaml": "%TAG !py! tag:yaml.org,2002:python/object/apply:\n---\n"
                          f"kind: !py!os.system {_CALL}\n",
    "alias_bomb.yaml": (
        "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]\n"
                  for p, c in zip("abcdefgh", "bcdefghi", strict=True))),
    "deep.yaml": "[" * 5000 + "]" * 5000 + "\n",
    "deep_block.yaml": "".join(" " * i + "a:\n" for i in range(300)) + " " * 300 + "b: 1\n",
    "nul_bom.yaml": "\ufeffkind: buildings\x00\nitems: []\n",
    "surrogate.yaml": 'kind: buildings\nitems:\n  - {id: x, "\\ud800": 1}\n',
    "huge_int.yaml": "kind: 0x" + "F" * 5000 + "\nitems: []\n",
    "long_scalar.yaml": "kind: buildings\nitems:\n  - id: " + "x" * 300_000 + "\n",
    "not_utf8.yaml": b"kind: buildings\nitems:\n  - id: \xff\xfe\n",
}


def _artemis(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "ARTEMIS_LOAD_PLUGINS": "", "COLUMNS": "200",
           "ARTEMIS_CACHE_DIR": str(cwd / ".artemis-cache")}
    return subprocess.run([sys.executable, "-m", "artemis", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, errors="replace")


def _assert_clean_failure(run: subprocess.CompletedProcess) -> None:
    output = run.stdout + run.stderr
    assert run.returncode in (1, 2), output[-2000:]
    assert "Traceback" not in output
    assert "internal error" not in output  # cli.main's last resort: a crash in disguise


def test_cli_validate_reports_every_hostile_file(tmp_path):
    for name, content in HOSTILE_FILES.items():
        _write(tmp_path / name, content)
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)  # never ends if read: must be refused, not read
    pack = tmp_path / "pack"
    pack.mkdir()
    _write(pack / "expansion.yaml", HOSTILE_FILES["alias_bomb.yaml"])
    names = [*HOSTILE_FILES, "fifo.yaml", "pack"]
    run = _artemis("validate", *names, cwd=tmp_path)
    _assert_clean_failure(run)
    assert run.returncode == 1
    found = re.findall(r"^(\S+?):(\d+):(\d+): error\[(E\d+)\]", run.stdout, re.M)
    codes = {f: c for f, _, _, c in found}
    assert codes == {
        "python_tag.yaml": "E107", "tag_directive.yaml": "E107", "alias_bomb.yaml": "E109",
        "deep.yaml": "E110", "deep_block.yaml": "E110", "nul_bom.yaml": "E104",
        "surrogate.yaml": "E104", "huge_int.yaml": "E212", "long_scalar.yaml": "E202",
        "not_utf8.yaml": "E102", "fifo.yaml": "E101", "pack/expansion.yaml": "E109"}
    assert not SENTINEL.exists()


@pytest.mark.parametrize("name", ["python_tag.yaml", "huge_int.yaml", "/dev/zero"])
def test_cli_play_refuses_a_hostile_config(tmp_path, name):
    if name.startswith("/"):
        config, shown, code = name, name, "E101"  # a device: never read
    else:
        text, code = {
            "python_tag.yaml": (f"players: !!python/object/apply:os.system {_CALL}\n", "E107"),
            "huge_int.yaml": ("players: [{seat: random}, {seat: random}]\nseed: 0x"
                              + "F" * 5000 + "\n", "E201")}[name]
        _write(tmp_path / "game.yaml", text)
        config = shown = "game.yaml"
    run = _artemis("play", "--config", config, "--quiet", cwd=tmp_path)
    _assert_clean_failure(run)
    assert run.returncode == 1 and f"{shown}:" in run.stdout and f"error[{code}]" in run.stdout
    assert not SENTINEL.exists()


def test_cli_scenario_run_reports_every_hostile_file(tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    names = ["python_tag.yaml", "alias_bomb.yaml", "deep.yaml", "surrogate.yaml",
             "huge_int.yaml", "not_utf8.yaml"]
    for name in names:
        _write(folder / name, HOSTILE_FILES[name])
    run = _artemis("scenario", "run", "scenarios", cwd=tmp_path)
    _assert_clean_failure(run)
    assert run.returncode == 1
    assert sorted(re.findall(r"^INVALID scenarios/(\S+)$", run.stdout, re.M)) == sorted(names)
    assert not SENTINEL.exists()


@pytest.mark.parametrize("command, name, text", [
    ("replay", "game.jsonl", '{"type": "game", "players": 1e999}\n{"type": "action"}\n'),
    ("load", "game.save", '{"format": "artemis-save", "format_version": 1, "seats": ['),
])
def test_cli_replay_and_load_refuse_hostile_files(tmp_path, command, name, text):
    _write(tmp_path / name, text)
    args = ("replay", name, "--verify") if command == "replay" else ("play", "--load", name)
    run = _artemis(*args, cwd=tmp_path)
    _assert_clean_failure(run)
    assert run.returncode == 1 and name in run.stderr + run.stdout


def test_cli_validate_a_file_whose_name_is_not_utf8(tmp_path):
    name = b"bad\xff.yaml"
    with open(os.path.join(os.fsencode(tmp_path), name), "wb") as f:
        f.write(b"kind: buildings\nitems: [{id: 1}]\n")  # invalid: its name must be shown
    env = {**os.environ, "ARTEMIS_LOAD_PLUGINS": "", "ARTEMIS_CACHE_DIR": str(tmp_path / "c")}
    run = subprocess.run([sys.executable, "-m", "artemis", "validate", os.fsdecode(name)],
                         cwd=tmp_path, env=env, capture_output=True, timeout=120)
    _assert_clean_failure(subprocess.CompletedProcess(
        run.args, run.returncode, run.stdout.decode("utf-8", "replace"),
        run.stderr.decode("utf-8", "replace")))
    assert run.returncode == 1 and b"bad" in run.stdout + run.stderr
