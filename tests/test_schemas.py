"""The JSON Schemas in schemas/: in sync with the engine, valid draft-07, documented, and named
by every content file's ``yaml-language-server`` modeline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft7Validator
from ruamel.yaml import YAML
from typer.testing import CliRunner

from artemis.cli import app
from artemis.cli.schema import render_schemas

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = REPO / "schemas"
CONTENT = REPO / "content"
EXPORT_HINT = "run `artemis schema export schemas` and commit the result"

COMMITTED = sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*.schema.json"))


def render_all() -> dict[str, str]:
    """Every schema the engine renders, both games' content schemas included."""
    return render_schemas()


def _in_code_expansion(path: Path) -> bool:
    """Content of a code expansion (a distribution with its own pyproject.toml) uses its
    plugin's operations, which the core schemas rightly do not know: its own test checks it."""
    return any((parent / "pyproject.toml").is_file()
               for parent in path.parents if parent != REPO and CONTENT in parent.parents)


CONTENT_FILES = sorted((p for p in CONTENT.rglob("*.yaml") if not _in_code_expansion(p)),
                       key=lambda p: p.as_posix())


def _load(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


# --- (a) committed schemas are exactly what the engine renders -------------------------------


def test_committed_schemas_match_render_schemas():
    rendered = render_all()
    on_disk = {p.relative_to(SCHEMAS).as_posix() for p in SCHEMAS.rglob("*") if p.is_file()}
    assert on_disk == set(rendered), (
        f"schemas/ holds {sorted(on_disk)}, the engine renders {sorted(rendered)}; "
        f"{EXPORT_HINT} (and delete stale files)")
    stale = [n for n, text in rendered.items()
             if (SCHEMAS / n).read_text(encoding="utf-8") != text]
    assert not stale, f"schemas/ is out of date for {stale}: {EXPORT_HINT}"


# --- (b) every schema is a valid draft-07 schema ----------------------------------------------


@pytest.mark.parametrize("name", COMMITTED)
def test_schema_is_valid_draft7(name):
    schema = _load(name)
    assert schema.get("$schema") == "http://json-schema.org/draft-07/schema#"
    Draft7Validator.check_schema(schema)


# --- (c) every property has a description -----------------------------------------------------

# Keywords whose value is one subschema, a map of subschemas, or a list of subschemas.
_ONE = ("additionalProperties", "additionalItems", "items", "contains", "propertyNames", "not",
        "then", "else")
_MAP = ("properties", "patternProperties", "definitions", "dependencies")
_LIST = ("allOf", "anyOf", "oneOf", "items")


def _resolve(root: dict, ref: str) -> dict:
    """A local JSON pointer ``#/a/b`` into ``root``; the exported schemas embed every
    definition they use, so a non-local $ref is itself an error."""
    assert ref.startswith("#/"), f"non-local $ref {ref!r}: schemas must be self-contained"
    node = root
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _describes(root: dict, schema: dict, seen: frozenset = frozenset()) -> bool:
    """Whether ``schema`` carries a description a reader (or the YAML language server) will see.

    A bare ``{"$ref": ...}`` property is accepted when its target (followed through further bare
    refs) has a description: draft-07 ignores a $ref's siblings, so the shared definition's text
    is what an editor shows, and repeating it on every use would only drift. A property that
    needs its own wording uses the ``{"description", "allOf": [{"$ref"}]}`` wrapper instead,
    which this check sees as described directly."""
    if "description" in schema:
        return True
    ref = schema.get("$ref")
    if ref is None or ref in seen:
        return False
    return _describes(root, _resolve(root, ref), seen | {ref})


def _undescribed(root: dict, schema, path: str):
    """Yield the JSON path of every property, anywhere in ``schema``, without a description.

    The ``if`` keyword is not walked: its subschemas are conditions that select a branch
    (e.g. ``{"properties": {"table": {"const": "academy"}}}``), never shown as documentation; the
    ``then``/``else`` branches they select are walked and must be described."""
    if not isinstance(schema, dict):
        return
    for name, sub in (schema.get("properties") or {}).items():
        if isinstance(sub, dict) and not _describes(root, sub):
            yield f"{path}/properties/{name}"
    for key in _ONE:
        if isinstance(schema.get(key), dict):
            yield from _undescribed(root, schema[key], f"{path}/{key}")
    for key in _MAP:
        for name, sub in (schema.get(key) or {}).items():
            yield from _undescribed(root, sub, f"{path}/{key}/{name}")
    for key in _LIST:
        if isinstance(schema.get(key), list):
            for i, sub in enumerate(schema[key]):
                yield from _undescribed(root, sub, f"{path}/{key}/{i}")


def test_description_walker_finds_a_missing_description():
    schema = {"definitions": {"d": {"type": "string"}, "e": {"description": "E."}},
              "properties": {"ok": {"$ref": "#/definitions/e"}},
              "allOf": [{"if": {"properties": {"t": {"const": 1}}},
                         "then": {"properties": {"bare": {"$ref": "#/definitions/d"}}}}],
              "items": {"properties": {"x": {"type": "integer"}}}}
    assert sorted(_undescribed(schema, schema, "#")) == [
        "#/allOf/0/then/properties/bare", "#/items/properties/x"]


@pytest.mark.parametrize("name", COMMITTED)
def test_every_property_has_a_description(name):
    schema = _load(name)
    missing = list(_undescribed(schema, schema, "#"))
    assert not missing, f"{name}: properties without a description: {missing}"


# --- (d) every content file names its schema in a yaml-language-server modeline ----------------

MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def test_content_files_exist():
    assert CONTENT_FILES, f"no YAML files under {CONTENT}"


@pytest.mark.parametrize("path", CONTENT_FILES, ids=lambda p: p.relative_to(CONTENT).as_posix())
def test_content_file_names_its_schema(path: Path):
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0] if text else ""
    m = MODELINE.match(first)
    assert m, (f"{path.relative_to(REPO)}: the first line must be "
               f"'# yaml-language-server: $schema=<relative path>', got {first!r}")
    target = (path.parent / m.group(1)).resolve()
    assert target.is_file(), f"{path.relative_to(REPO)}: $schema {m.group(1)} does not exist"
    game = path.relative_to(CONTENT).parts[0]
    if game == "examples":
        game = path.relative_to(CONTENT).parts[1]
    data = YAML(typ="safe").load(text)
    if path.name == "expansion.yaml":  # the manifest is the kernel's
        expected = "expansion.schema.json"
    else:  # content files are their game's: schemas/<game>/KIND.schema.json
        assert isinstance(data, dict) and "kind" in data, f"{path}: no top-level kind"
        expected = f"{game}/{data['kind']}.schema.json"
    assert target == (SCHEMAS / expected).resolve(), (
        f"{path.relative_to(REPO)}: $schema names {m.group(1)}, its kind needs "
        f"schemas/{expected}")
    # What an editor would report: the file is valid against the schema it names.
    errors = sorted(Draft7Validator(_load(expected)).iter_errors(data), key=str)
    assert not errors, f"{path.relative_to(REPO)}: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:5])


# --- (e) `artemis schema export DIR` writes the committed files -------------------------------


def test_cli_schema_export_writes_the_committed_files(tmp_path):
    out = tmp_path / "exported"
    result = CliRunner().invoke(app, ["schema", "export", str(out)])
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert len(written) == len(render_schemas()) >= 10, written  # content, config, save, scenario
    assert written == COMMITTED
    for name in written:
        assert (out / name).read_bytes() == (SCHEMAS / name).read_bytes(), (
            f"exported {name} differs from schemas/{name}: {EXPORT_HINT}")
    assert result.output.count("wrote ") == len(written)
