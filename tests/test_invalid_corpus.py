"""The invalid-content corpus: every file under tests/data/invalid has one deliberate problem.

Each case names a file (or a pack folder) and the exact problem the validator must report:
code, file, line, column, and the source text found at that line and column (so a position
that drifts is caught even when the numbers were copied from the output). Nothing else may be
reported. The valid files under tests/data/valid must load with no problem at all.

Also: the CLI's text and --json formats and exit codes, no traceback for any corpus file, and
docs/errors.md documenting every code of `artemis.content.problems.CODES`.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from artemis.cli import app
from artemis.content import yamlio
from artemis.content.problems import CODES as KERNEL_CODES
from artemis.games.project.codes import CODES as PROJECT_CODES
from artemis.games.project.content import load_game_content

ROOT = Path(__file__).resolve().parent.parent
CODES = {**KERNEL_CODES, **PROJECT_CODES}  # what a Project pack may get
DATA = ROOT / "tests" / "data"
INVALID = DATA / "invalid"
VALID = DATA / "valid"
ERRORS_MD = ROOT / "docs" / "errors.md"

# (corpus entry, file the problem is in (relative to INVALID), code, line, column, text there)
# The text is what the source holds from that column on (a prefix); "" for no position.
CASES = [
    # E1xx: reading the file and its YAML
    ("e102_not_utf8.yaml", "e102_not_utf8.yaml", "E102", 5, 14, None),
    ("e103_empty.yaml", "e103_empty.yaml", "E103", 1, 1, None),
    ("e103_comments_only.yaml", "e103_comments_only.yaml", "E103", 1, 1, "# yaml-language"),
    ("e104_syntax_error.yaml", "e104_syntax_error.yaml", "E104", 8, 11, ": [{gain"),
    ("e104_control_character.yaml", "e104_control_character.yaml", "E104", 5, 16, "\x07Lab"),
    ("e105_tab_indent.yaml", "e105_tab_indent.yaml", "E105", 6, 1, "\tkind: ocean"),
    ("e106_duplicate_key.yaml", "e106_duplicate_key.yaml", "E106", 9, 5, "name: Coral Lab"),
    ("e107_python_tag.yaml", "e107_python_tag.yaml", "E107", 5, 11, "!!python/object"),
    ("e109_billion_laughs.yaml", "e109_billion_laughs.yaml", "E109", 6, 4, "&e [*d"),
    ("e110_deep_nesting.yaml", "e110_deep_nesting.yaml", "E110", 3, 58, "[" * 10 + "]"),
    ("e110_deep_nesting_recursion.yaml", "e110_deep_nesting_recursion.yaml", "E110", 3, 58,
     "[[[["),
    ("e111_two_documents.yaml", "e111_two_documents.yaml", "E111", 10, 1, "---"),
    # E2xx: the JSON Schema of the file's kind
    ("e201_wrong_type.yaml", "e201_wrong_type.yaml", "E201", 6, 17, '"eight"'),
    ("e201_name_is_number.yaml", "e201_name_is_number.yaml", "E201", 5, 11, "1.10"),
    ("e201_kind_is_list.yaml", "e201_kind_is_list.yaml", "E201", 2, 7, "[buildings]"),
    ("e202_missing_field.yaml", "e202_missing_field.yaml", "E202", 4, 5, "id: trench_dive"),
    ("e203_unknown_key.yaml", "e203_unknown_key.yaml", "E203", 7, 5, "slot:"),
    ("e204_value_not_allowed.yaml", "e204_value_not_allowed.yaml", "E204", 6, 11, "oceanic"),
    ("e205_negative_gain.yaml", "e205_negative_gain.yaml", "E205", 8, 30, "-1}"),
    ("e206_one_reward.yaml", "e206_one_reward.yaml", "E206", 10, 7, "- [{gain"),
    ("e206_modify_without_value.yaml", "e206_modify_without_value.yaml", "E206", 8, 27,
     "{param: rounds}"),
    ("e207_unknown_operation.yaml", "e207_unknown_operation.yaml", "E207", 8, 15, "gian:"),
    ("e208_two_operations.yaml", "e208_two_operations.yaml", "E208", 10, 10,
     "{gain: {energy: 2}, vp"),
    ("e209_unknown_quantity.yaml", "e209_unknown_quantity.yaml", "E209", 8, 30, "badges:"),
    ("e210_unknown_parameter.yaml", "e210_unknown_parameter.yaml", "E210", 8, 32,
     "outfitter_bonuss,"),
    ("e211_unknown_game_event.yaml", "e211_unknown_game_event.yaml", "E211", 8, 19,
     "on_expedition_sucess"),
    ("e212_unknown_kind.yaml", "e212_unknown_kind.yaml", "E212", 2, 7, "building\n"),
    ("e213_slot_type.yaml", "e213_slot_type.yaml", "E213", 7, 13, "engineeer]"),
    ("e214_unknown_target.yaml", "e214_unknown_target.yaml", "E214", 8, 17, "every_player"),
    ("e214_target_needs_quantity.yaml", "e214_target_needs_quantity.yaml", "E214", 8, 17,
     "players_with_most"),
    # E3xx: checks across items and files
    ("e301_duplicate_base_id.yaml", "e301_duplicate_base_id.yaml", "E301", 4, 9, "greenhouse"),
    ("e301_pack_duplicate_id", "e301_pack_duplicate_id/more_buildings.yaml", "E301", 10, 9,
     "coral_lab"),
    ("e302_manifest_missing_file", "e302_manifest_missing_file/expansion.yaml", "E302", 6, 25,
     "events.yaml]"),
    ("e303_duplicate_of.yaml", "e303_duplicate_of.yaml", "E303", 5, 19, "greenhose"),
    ("e304_event_spot.yaml", "e304_event_spot.yaml", "E304", 6, 11, "H\n"),
    ("e305_modify_in_reward.yaml", "e305_modify_in_reward.yaml", "E305", 10, 11, "modify:"),
    ("e306_stock_in_targeted_clause.yaml", "e306_stock_in_targeted_clause.yaml", "E306", 9, 19,
     "stock:"),
    ("e306_stock_in_upkeep.yaml", "e306_stock_in_upkeep.yaml", "E306", 8, 15, "stock:"),
    ("e307_gain_untargeted.yaml", "e307_gain_untargeted.yaml", "E307", 8, 19, "gain:"),
    ("e308_gain_in_scoring.yaml", "e308_gain_in_scoring.yaml", "E308", 8, 16, "gain:"),
    ("e309_global_parameter.yaml", "e309_global_parameter.yaml", "E309", 8, 32,
     "vents_stock_bonus,"),
    ("e310_ocean_scoring.yaml", "e310_ocean_scoring.yaml", "E310", 8, 5, "scoring:"),
    ("e310_surface_upkeep.yaml", "e310_surface_upkeep.yaml", "E310", 8, 5, "upkeep:"),
    ("e311_modifier_value.yaml", "e311_modifier_value.yaml", "E311", 8, 54, '"two"'),
    ("e312_this_building_in_event.yaml", "e312_this_building_in_event.yaml", "E312", 8, 62,
     "this_building}"),
    ("e313_relief_order.yaml", "e313_relief_order.yaml", "E313", 4, 13, "12,"),
    ("e315_nested_per.yaml", "e315_nested_per.yaml", "E315", 9, 9, "per:"),
    # E5xx: content packs and paths
    ("e502_no_manifest", "e502_no_manifest", "E502", 0, 0, None),
    ("e506_requires_missing_pack", "e506_requires_missing_pack/expansion.yaml", "E506", 5, 18,
     "deep_sea]"),
    ("e503_manifest_lists_file_twice", "e503_manifest_lists_file_twice/expansion.yaml", "E503",
     6, 25, "buildings.yaml]"),
]

VALID_ENTRIES = sorted(p.name for p in VALID.iterdir())


def _relative(file: str) -> str:
    """A problem's file (as printed, relative to the working folder) relative to INVALID."""
    path = Path(file)
    path = path if path.is_absolute() else Path.cwd() / path
    return path.resolve().relative_to(INVALID).as_posix()


def _source_at(file: Path, line: int, column: int) -> str:
    lines = file.read_text(encoding="utf-8").split("\n")
    return lines[line - 1][column - 1:] + "\n"


def test_corpus_is_complete():
    """At least 30 cases, every corpus entry on disk has a case, and every case exists."""
    on_disk = {p.name for p in INVALID.iterdir()}
    named = {c[0] for c in CASES}
    assert len(named) >= 30
    assert on_disk == named


@pytest.mark.parametrize(("entry", "file", "code", "line", "column", "text"), CASES,
                         ids=[c[0] for c in CASES])
def test_invalid_entry(entry, file, code, line, column, text):
    result = load_game_content([INVALID / entry])
    got = [(_relative(p.file), p.code, p.line, p.column) for p in result.problems]
    assert got == [(file, code, line, column)], "\n".join(p.format() for p in result.problems)
    problem = result.problems[0]
    assert problem.message and problem.code in CODES
    assert result.catalog is None
    if text is not None:
        assert _source_at(INVALID / file, line, column).startswith(text)


def test_quote_hint_for_a_name_read_as_number():
    result = load_game_content([INVALID / "e201_name_is_number.yaml"])
    (problem,) = result.problems
    assert problem.hint == 'quote it: "1.10" (YAML read it as a number)'
    assert problem.pointer == "/items/0/name"


@pytest.mark.parametrize(("entry", "hint"), [
    ("e203_unknown_key.yaml", "did you mean 'slots'?"),
    ("e207_unknown_operation.yaml", "did you mean 'gain'?"),
    ("e213_slot_type.yaml", "did you mean 'engineer'?"),
    ("e210_unknown_parameter.yaml", "did you mean 'outfitter_bonus'?"),
    ("e214_unknown_target.yaml", "did you mean 'each_player'?"),
    ("e303_duplicate_of.yaml", "did you mean 'greenhouse'?"),
])
def test_near_miss_hints(entry, hint):
    (problem,) = load_game_content([INVALID / entry]).problems
    assert problem.hint == hint


def test_duplicate_id_hint_names_the_first():
    (problem,) = load_game_content([INVALID / "e301_duplicate_base_id.yaml"]).problems
    assert "content/project/base/buildings.yaml:" in problem.hint.replace(os.sep, "/")
    # another pack's id: the author may mean to replace it
    assert problem.hint.endswith(":145:9 (pack 'base'); to put this item in its place add "
                                 "`replaces: true`, else give it its own id")
    (problem,) = load_game_content([INVALID / "e301_pack_duplicate_id"]).problems
    assert "e301_pack_duplicate_id/buildings.yaml:4:9" in problem.hint.replace(os.sep, "/")
    # twice in one pack: no replacing within a pack, the id must change
    assert problem.hint.endswith(":4:9; ids must be unique") and "replaces" not in problem.hint


def test_not_utf8_file_holds_latin1_bytes():
    raw = (INVALID / "e102_not_utf8.yaml").read_bytes()
    assert b"Caf\xe9" in raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")


def test_missing_path():
    missing = INVALID / "no_such_file.yaml"
    result = load_game_content([missing])
    assert [(p.code, p.line, p.column) for p in result.problems] == [("E501", 0, 0)]


@pytest.mark.parametrize("entry", VALID_ENTRIES)
def test_valid_entry(entry):
    result = load_game_content([VALID / entry])
    errors = [p for p in result.problems if p.is_error]
    assert errors == [], "\n".join(p.format() for p in errors)
    assert result.catalog is not None
    # a negative score is valid, and far below the balance range: a warning (W102) each
    warnings = [p.code for p in result.problems if not p.is_error]
    assert warnings == (["W102", "W102"] if entry == "building_negative_vp.yaml" else [])


# -- the command line ------------------------------------------------------------------------

LINE_RE = re.compile(r"^(?P<file>.+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: .+$")


def _run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_cli_text_format():
    result = _run("validate", str(INVALID / "e201_wrong_type.yaml"))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    match = LINE_RE.match(lines[0])
    assert match, lines[0]
    assert (match["code"], match["line"], match["col"]) == ("E201", "6", "17")
    assert match["file"].endswith("e201_wrong_type.yaml")
    assert lines[0].endswith("error[E201]: 'difficulty': expected a whole number, got a "
                             "string 'eight'")
    assert lines[1].startswith("    hint: ")
    assert lines[-1] == "1 problem found."


def test_cli_json_format():
    result = _run("validate", "--json", str(INVALID / "e203_unknown_key.yaml"))
    assert result.exit_code == 1
    records = json.loads(result.stdout)
    assert len(records) == 1
    record = records[0]
    assert set(record) == {"file", "line", "column", "pointer", "code", "message", "hint",
                           "severity"}
    assert record["severity"] == "error"
    assert (record["code"], record["line"], record["column"]) == ("E203", 7, 5)
    assert record["pointer"] == "/items/0/slot"
    assert record["hint"] == "did you mean 'slots'?"


def test_cli_valid_exit_0():
    result = _run("validate", str(VALID / "reef_pack"))
    assert result.exit_code == 0
    assert result.stdout.startswith("valid: base 12.0.0, reef_pack 0.1.0")
    result = _run("validate", "--json", str(VALID / "reef_pack"))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_cli_usage_error_exit_2():
    result = _run("validate", "--no-such-option")
    assert result.exit_code == 2


def test_cli_missing_path():
    result = _run("validate", str(INVALID / "no_such_file.yaml"))
    assert result.exit_code == 1
    assert ":0:0: error[E501]: no such file or folder" in result.stdout


@pytest.mark.parametrize("entry", sorted({c[0] for c in CASES}))
def test_cli_never_a_traceback(entry):
    result = _run("validate", str(INVALID / entry))
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert LINE_RE.match(result.stdout.splitlines()[0])


def test_installed_command_end_to_end():
    """The real entry point, in a subprocess: no traceback, exit 1, the same lines."""
    exe = Path(sys.executable).parent / "artemis"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "artemis"]
    proc = subprocess.run([*command, "validate", str(INVALID / "e110_deep_nesting_recursion.yaml"),
                           str(INVALID / "e109_billion_laughs.yaml")],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    codes = [m["code"] for m in map(LINE_RE.match, proc.stdout.splitlines()) if m]
    assert codes == ["E110", "E109"]


# -- docs/errors.md --------------------------------------------------------------------------

def test_every_code_documented():
    from artemis.games.odyssey.codes import CODES as ODYSSEY_CODES

    codes = {**KERNEL_CODES, **PROJECT_CODES, **ODYSSEY_CODES}  # the kernel's and each game's
    assert len(codes) == len(KERNEL_CODES) + len(PROJECT_CODES) + len(ODYSSEY_CODES)
    text = ERRORS_MD.read_text(encoding="utf-8")
    headings = set(re.findall(r"^## ([EW]\d{3})\b", text, re.MULTILINE))
    assert set(codes) <= headings, sorted(set(codes) - headings)
    assert headings <= set(codes), sorted(headings - set(codes))
    for code, title in codes.items():
        assert re.search(rf"^## {code}: {re.escape(title)}$", text, re.MULTILINE), code


def test_limits_documented():
    text = ERRORS_MD.read_text(encoding="utf-8")
    for name in ("MAX_FILE_BYTES", "MAX_DEPTH", "MAX_NODES", "MAX_ALIAS_NODES"):
        assert name in text
        assert f"{getattr(yamlio, name):,}" in text or str(getattr(yamlio, name)) in text


def _doc_sections() -> dict[str, str]:
    text = ERRORS_MD.read_text(encoding="utf-8")
    parts = re.split(r"^(?=## [EW]\d{3}:|# [EW]\dxx:)", text, flags=re.MULTILINE)
    return {m[1]: part for part in parts if (m := re.match(r"## ([EW]\d{3}):", part))}


FILE_RE = re.compile(r"`(my_pack/[^`]+)`[^\n]*:\n\n```yaml\n(.*?)\n```", re.DOTALL)
RUN_RE = re.compile(r"```text\n\$ artemis validate ?(.*?)\n(.*?)\n```", re.DOTALL)


@pytest.mark.parametrize("code", sorted(CODES))
def test_docs_example_is_real_output(code, tmp_path, monkeypatch):
    """The examples in docs/errors.md are what the validator prints for their snippets.

    Skipped where the example cannot be replayed from the text: a 9 MiB file (E108), a plugin
    registry (E219) and edits of the base pack (E4xx)."""
    section = _doc_sections()[code]
    run = RUN_RE.search(section)
    if code == "E108" or run is None or "content/project/base/" in section.split("```text")[0]:
        pytest.skip("example not replayable from its text")
    for name, text in FILE_RE.findall(section):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = text.replace("→", "\t") + "\n"
        path.write_bytes(text.encode("latin-1" if "Latin-1" in section else "utf-8"))
    monkeypatch.chdir(tmp_path)
    result = load_game_content(run[1].split())
    printed = "\n".join(p.format() for p in result.problems)
    printed = printed.replace(str(ROOT) + os.sep, "").replace(os.sep, "/")
    assert printed == run[2]
