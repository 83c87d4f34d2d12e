"""Loading content packs: manifests, files, schema validation, cross-file checks, catalog.

Game-agnostic: what the content kinds are, which schemas validate them, which cross-file checks
run and how the catalog is built all come from a `GameSpec`. Every problem is collected (the
loader never stops at the first), and a catalog is built only when there are none.

A target is a pack folder (one holding ``expansion.yaml``) or a single content file; anything
other than the base pack is loaded together with the base pack and the packs it requires.

A pack given as a target with the id of an installed pack (the base pack, or a plugin's pack
passed as `Installed`) is loaded in its place: a working copy of an installed pack is
validated, and played, instead of it (docs/authoring.md 9).

A problem found by a cross-file check inside an item whose schema problems were already
reported is left out (it is a knock-on of them), and an item that failed its schema still
exists for the checks (``Pack.invalid``): a reference to it is not reported again. A file
that could not be read (bad YAML, no known kind, no list of items) is noted on its pack
(``Pack.unread``), so that the checks do not count its items as missing (`may_hold`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from artemis.content import cache
from artemis.content.problems import Problem, did_you_mean, errors, pointer
from artemis.content.yamlio import Document, YamlProblem, load, parse, read_text
from artemis.util import DEFAULT_GAME

if TYPE_CHECKING:
    from jsonschema import Draft7Validator

# jsonschema (about 100 ms to import) and schema_check are imported when a file is first
# checked: a process whose files all come from the on-disk cache (content.cache) needs neither

MANIFEST = "expansion.yaml"


@dataclass(frozen=True)
class Item:
    """One entry of a content file's ``items``, validated against its kind's schema.

    ``data`` is the plain entry; ``index`` its place in the file; ``pack`` the pack id;
    ``valid`` False for an entry that failed its schema (only in ``Pack.invalid``)."""

    kind: str
    data: dict
    doc: Document
    index: int
    pack: str
    valid: bool = True

    @property
    def id(self) -> str | None:
        return self.data.get("id") if isinstance(self.data, dict) else None

    def path(self, *sub) -> tuple:
        return ("items", self.index, *sub)

    def where(self, *sub, key: bool = False) -> tuple[int, int]:
        return self.doc.position(self.path(*sub), key=key)

    def problem(self, code: str, message: str, hint: str = "", *sub, key: bool = False) -> Problem:
        """A problem located at ``sub`` inside this item (the item itself when empty)."""
        line, col = self.where(*sub, key=key)
        return Problem(self.doc.file, line, col, pointer(self.path(*sub)), code, message, hint)


class Installed(str):
    """The folder of a pack the engine loads by itself (a plugin's pack), as a target: a pack
    the user gives with the same id is loaded in its place instead of clashing (E503)."""

    __slots__ = ()


@dataclass
class Pack:
    """A content pack: its id, folder, manifest document and content files in load order.

    ``invalid``: the pack's entries (mappings) that failed their schema; the checks count them
    as existing, so that a reference to one is not a second problem. ``replaces``: the folder
    of the installed pack this one is loaded in place of (None: none). ``unread``: each of its
    files that could not be read (its problem is reported), as {file as shown: its kind, or
    None when even that is unknown}."""

    id: str
    root: Path
    manifest: Document | None
    files: list[Path] = field(default_factory=list)
    requires: list[str] = field(default_factory=list)
    invalid: list[Item] = field(default_factory=list)
    replaces: Path | None = None
    unread: dict[str, str | None] = field(default_factory=dict)
    #: its manifest names another game (E507): its files hold that game's kinds, so they are
    #: not read (each would list unknown kinds, E212, that follow from the one error)
    other_game: bool = False


def may_hold(packs: Iterable[Pack], kind: str) -> bool:
    """Whether a file of ``packs`` that could not be read may hold items of ``kind`` (its kind
    is ``kind``, or unknown): a count or a reference of that kind cannot be checked until it is
    read, and a problem found without it would blame a file that is fine."""
    return any(k is None or k == kind for p in packs for k in p.unread.values())


@dataclass
class GameSpec:
    """What a game's content is: kinds and schemas, checks, and the catalog builder.

    ``checks(items)`` returns problems for the list of valid items (in load order);
    ``build(items, packs)`` returns the immutable catalog.
    """

    manifest_schema: dict
    kind_schemas: dict[str, dict]
    checks: Callable[[list[Item], list[Pack]], list[Problem]]
    build: Callable[[list[Item], list[Pack]], Any]
    base: Path
    game: str = DEFAULT_GAME  # the game's id; a manifest naming another is E507
    validators: dict[str, Draft7Validator] = field(default_factory=dict)
    plugin_names: frozenset = frozenset()
    engine_version: str = ""
    parsed: dict[tuple, tuple] = field(default_factory=dict)
    cache_key: str = ""

    def validator(self, kind: str) -> Draft7Validator:
        """The validator of ``kind``'s schema (`MANIFEST` for the manifest's), made on first
        use; specs with equal schemas share it (`_validator`)."""
        if kind not in self.validators:
            schema = self.manifest_schema if kind == MANIFEST else self.kind_schemas[kind]
            self.validators[kind] = _validator(schema)
        return self.validators[kind]

    def disk_cache_key(self) -> str:
        """The spec's part of every on-disk cache key (see `artemis.content.cache`)."""
        if not self.cache_key:
            self.cache_key = cache.spec_key([self.manifest_schema, self.kind_schemas],
                                            list(self.kind_schemas), self.engine_version)
        return self.cache_key


_VALIDATORS: dict[str, Any] = {}


def _validator(schema: dict) -> Draft7Validator:
    """A Draft 7 validator of ``schema``, shared by equal schemas: a validator resolves its
    $refs on first use, and a fresh `GameSpec` with the same schemas (one per plugin set,
    one per test) then starts warm."""
    import json

    from jsonschema import Draft7Validator

    key = json.dumps(schema, sort_keys=True, default=repr)
    if key not in _VALIDATORS:
        if len(_VALIDATORS) >= 64:
            _VALIDATORS.clear()
        _VALIDATORS[key] = Draft7Validator(_inline_refs(schema))
    return _VALIDATORS[key]


def _inline_refs(schema: dict) -> dict:
    """A copy of ``schema`` in which every node that is only ``{"$ref": "#/..."}`` is the node
    it points to (the same object: recursive definitions become a cycle).

    jsonschema resolves a $ref on every use (a JSON-pointer walk through ``referencing``: about
    a third of the time checking a large pack); an inlined node is descended into directly.
    A $ref with siblings is left as it is (draft-07 ignores the siblings, inlining would not).
    """
    refs: list[tuple[Any, Any, str]] = []  # (container, key or index, pointer)

    def copy(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if _lone_ref(v):
                    refs.append((out, k, v["$ref"]))
                    out[k] = v
                else:
                    out[k] = copy(v)
            return out
        if isinstance(node, list):
            out_list = []
            for i, v in enumerate(node):
                if _lone_ref(v):
                    refs.append((out_list, i, v["$ref"]))
                    out_list.append(v)
                else:
                    out_list.append(copy(v))
            return out_list
        return node

    root = copy(schema)

    def target(ref: str, seen: tuple = ()) -> Any:
        node: Any = root
        for part in ref[2:].split("/") if ref != "#" else ():
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        if _lone_ref(node) and node["$ref"] not in seen:  # a ref to a ref
            return target(node["$ref"], (*seen, ref))
        return node

    for container, key, ref in refs:
        try:
            found = target(ref)
        except (KeyError, IndexError, ValueError, TypeError):
            continue  # not a local pointer that resolves: jsonschema reports it as it did
        if not _lone_ref(found):
            container[key] = found
    return root


def _lone_ref(node: Any) -> bool:
    return (isinstance(node, dict) and len(node) == 1 and isinstance(node.get("$ref"), str)
            and node["$ref"].startswith("#"))


@dataclass
class LoadResult:
    """The outcome of loading: every problem, the packs, the valid items, and the catalog
    (None when there is any problem)."""

    problems: list[Problem]
    packs: list[Pack]
    items: list[Item]
    catalog: Any = None

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed)."""
        return not errors(self.problems)


def shown(path: Path) -> str:
    """A path as printed in problems: relative to the working folder when below it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return rel if not rel.startswith("..") else str(path)


def pack_of(path: Path) -> Path | None:
    """The pack folder a content file belongs to: its folder, when that holds a manifest which
    lists the file (or the file is the manifest); else None."""
    manifest = path.parent / MANIFEST
    if not _is_file(manifest):
        return None
    if path.name == MANIFEST or path.name in _listed(manifest):
        return path.parent
    return None


def _whole(file: str, code: str, message: str, hint: str = "") -> Problem:
    return Problem(file, 0, 0, "", code, message, hint)


def load_content(targets: Iterable[Path | str], spec: GameSpec) -> LoadResult:
    """Load and check the base pack plus every target (pack folders or content files).

    Returns a `LoadResult`; never raises for bad input (every problem is a `Problem`).
    """
    problems: list[Problem] = []
    packs: list[Pack] = []
    loose: list[Path] = []
    by_root: dict[Path, Pack] = {}
    targets = list(targets)
    installed = {spec.base.resolve()} | {Path(t).resolve() for t in targets
                                         if isinstance(t, Installed)}

    def add_pack(root: Path) -> Pack | None:
        root = root.resolve()
        if root in by_root:
            return by_root[root]
        pack = _read_manifest(root, spec, problems)
        if pack is None:
            return None
        clash = next((p for p in packs if p.id == pack.id), None)
        if clash is not None and clash.root in installed and root not in installed:
            # a working copy of an installed pack: loaded in its place (module docstring)
            pack.replaces = clash.root
            packs[packs.index(clash)] = pack
            del by_root[clash.root]
            by_root[root] = pack
            return pack
        if clash is not None and root in installed and clash.root not in installed:
            return clash  # the user's copy was given first; it stays
        if clash is not None:
            line, col = pack.manifest.position(("id",)) if pack.manifest else (0, 0)
            problems.append(Problem(shown(root / MANIFEST), line, col, "/id", "E503",
                                    f"pack id '{pack.id}' is already used by "
                                    f"{shown(clash.root / MANIFEST)}",
                                    "give each content pack its own id"))
            return None
        by_root[root] = pack
        packs.append(pack)
        return pack

    add_pack(spec.base)
    for target in targets:
        path = Path(target)
        if not _exists(path):
            problems.append(_whole(str(target), "E501", "no such file or folder",
                                   _near_path(path)))
            continue
        if path.is_dir():
            if (path / MANIFEST).is_file():
                add_pack(path)
            else:
                problems.append(_whole(shown(path), "E502",
                                       f"no {MANIFEST} in this folder",
                                       f"a content pack folder holds {MANIFEST} listing its files"))
        else:
            manifest = path.parent / MANIFEST
            if path.name == MANIFEST:
                add_pack(path.parent)
            elif manifest.is_file() and path.resolve().parent in by_root:
                pass  # already part of a loaded pack (the base pack, say)
            elif manifest.is_file() and path.name in _listed(manifest):
                add_pack(path.parent)
            else:
                loose.append(path)

    _resolve_requires(packs, spec, problems, add_pack)
    packs[:] = _in_dependency_order(packs)
    items: list[Item] = []
    for pack in packs:
        if pack.other_game:  # E507 said it: unread, as a file that could not be read
            pack.unread.update({shown(f): None for f in pack.files})
            continue
        for f in pack.files:
            items.extend(_read_file(f, pack.id, spec, problems, pack.invalid, pack.unread))
    for f in loose:
        items.extend(_read_file(f, "loose", spec, problems, [], {}))
    problems.extend(_not_knock_on(spec.checks(items, packs), problems))
    result = LoadResult(problems, packs, items)
    if not errors(problems):
        result.catalog = spec.build(items, packs)
    return result


def _item_of(ptr: str) -> str:
    """The pointer of the item ``ptr`` is in (``/items/3`` for ``/items/3/upkeep/0``), or ""
    outside any item."""
    parts = ptr.split("/")
    return "/".join(parts[:3]) if len(parts) >= 3 and parts[1] == "items" else ""


def _not_knock_on(found: list[Problem], before: list[Problem]) -> list[Problem]:
    """``found`` (problems of the cross-file checks) without those inside an item that already
    has a problem of reading or schema (``before``), and without the warnings inside an item
    that has an error: each is a knock-on of it, and fixing that one is the author's next
    step."""
    reported = {(p.file, _item_of(p.pointer)) for p in before if _item_of(p.pointer)}
    kept = [p for p in found if (p.file, _item_of(p.pointer)) not in reported]
    wrong = {(p.file, _item_of(p.pointer)) for p in kept if p.is_error and _item_of(p.pointer)}
    return [p for p in kept if p.is_error or (p.file, _item_of(p.pointer)) not in wrong]


def _exists(path: Path) -> bool:
    """Path.exists, False for a name the system cannot look up (too long: ENAMETOOLONG)."""
    try:
        return path.exists()
    except OSError:
        return False


def _is_file(path: Path) -> bool:
    """Path.is_file, False for a name the system cannot look up (too long: ENAMETOOLONG)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _near_path(path: Path) -> str:
    """A hint for a path that does not exist: a near name in its folder, if any."""
    try:
        names = [p.name for p in path.parent.iterdir()] if path.parent.is_dir() else []
    except OSError:
        names = []
    near = did_you_mean(path.name, names) if names else ""
    return near if near.startswith("did you mean") else "check the path"


def _engine_range(spec_text: str, version: str) -> tuple[str, str] | None:
    """(message, hint) when ``spec_text`` is not a PEP 440 range or excludes ``version``."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    try:
        wanted = SpecifierSet(spec_text)
    except InvalidSpecifier:
        return (f"engine '{spec_text}' is not a version range",
                f'write a PEP 440 range such as ">={version}"')
    if version not in wanted:
        return (f"this pack supports engine {spec_text}; this engine is {version}",
                "use an engine in that range, or widen the range if the pack works here")
    return None


def _resolve_requires(packs: list[Pack], spec: GameSpec, problems: list[Problem],
                      add_pack) -> None:
    """Every ``requires`` entry names a loaded pack (by id), a pack found beside the pack or
    among the shipped ones (by id or folder name), or an installed plugin; else E506."""
    done: set[int] = set()
    while True:
        todo = [p for p in packs if id(p) not in done]
        if not todo:
            return
        for pack in todo:
            done.add(id(pack))
            for k, req in enumerate(pack.requires):
                if any(p.id == req for p in packs) or req in spec.plugin_names:
                    continue
                found = _find_pack(req, [pack.root.parent, spec.base.parent])
                if found is not None and add_pack(found) is not None:
                    continue
                line, col = pack.manifest.position(("requires", k)) if pack.manifest else (0, 0)
                plugins = ", ".join(sorted(spec.plugin_names)) or "none"
                problems.append(Problem(
                    shown(pack.root / MANIFEST), line, col, pointer(("requires", k)), "E506",
                    f"requires '{req}': no content pack or installed plugin has that name",
                    f"put the pack beside this one, or install the plugin (installed: "
                    f"{plugins})"))


def _in_dependency_order(packs: list[Pack]) -> list[Pack]:
    """Packs after the packs they require; otherwise in the order given (base first)."""
    by_id = {p.id: p for p in packs}
    out: list[Pack] = []
    seen: set[str] = set()

    def visit(pack: Pack, path: tuple) -> None:
        if pack.id in seen or pack.id in path:
            return
        for req in pack.requires:
            if req in by_id:
                visit(by_id[req], (*path, pack.id))
        seen.add(pack.id)
        out.append(pack)

    for pack in packs:
        visit(pack, ())
    return out


def _listed(manifest: Path) -> list[str]:
    try:
        doc = load(manifest)
    except YamlProblem:
        return []
    files = doc.data.get("files") if isinstance(doc.data, dict) else None
    return [f for f in files if isinstance(f, str)] if isinstance(files, list) else []


def pack_digest(root: Path | str) -> str:
    """"sha256:HEX", a digest of the content pack in ``root`` as the loader reads it: its
    manifest and every content file the manifest lists (inside the folder), in sorted order of
    their paths relative to the folder, each hashed with that path and its length, line ends
    read as LF (a Windows checkout of the same commit gives the same digest). Files, not the
    loaded catalog: the catalog holds engine objects and the folder it was read from, so its
    digest would change with the engine's code or the pack's place, and a game without a JSON
    form of its catalog could not have one (docs/simulate.md, "Index ranges and merging").
    A file that cannot be read counts as empty bytes under its name."""
    import hashlib

    root = Path(root)
    names = {MANIFEST}
    for name in _listed(root / MANIFEST):
        try:
            f = (root / name).resolve()
            if f.is_relative_to(root.resolve()) and f.is_file():
                names.add(f.relative_to(root.resolve()).as_posix())
        except (OSError, ValueError):  # a NUL byte or a loop: not a file the loader reads
            continue
    h = hashlib.sha256()
    for name in sorted(names):
        try:
            data = (root / name).read_bytes().replace(b"\r\n", b"\n")
        except OSError:
            data = b""
        h.update(name.encode("utf-8", "surrogateescape") + b"\0"
                 + str(len(data)).encode() + b"\0" + data)
    return "sha256:" + h.hexdigest()


def _find_pack(pack_id: str, folders: list[Path]) -> Path | None:
    """A pack folder whose name, or whose manifest's id, is ``pack_id``."""
    for folder in folders:
        if _is_file(folder / pack_id / MANIFEST):
            return folder / pack_id
    for folder in folders:
        for manifest in sorted(folder.glob(f"*/{MANIFEST}")):
            try:
                data = load(manifest).data
            except YamlProblem:
                continue
            if isinstance(data, dict) and data.get("id") == pack_id:
                return manifest.parent
    return None


def _example_file(spec: GameSpec) -> str:
    """A content file's name in the game's words: its first kind's (buildings.yaml)."""
    return f"{next(iter(spec.kind_schemas), 'items')}.yaml"


def _read_manifest(root: Path, spec: GameSpec, problems: list[Problem]) -> Pack | None:
    path = root / MANIFEST
    file = shown(path)

    def check(text: str) -> cache.Outcome:
        # what depends on the manifest's text alone (and the spec): its schema, and the engine
        # range (packaging costs ~50 ms to import), so that the disk cache keeps both
        from artemis.content.schema_check import schema_problems

        doc = parse(text, file)
        found = schema_problems(doc, spec.validator(MANIFEST))
        game = doc.data.get("game", DEFAULT_GAME) if isinstance(doc.data, dict) else None
        if isinstance(game, str) and game != spec.game:
            line, col = doc.position(("game",))
            found.append(Problem(file, line, col, "/game", "E507",
                                 f"this pack is for the game '{game}', not '{spec.game}'",
                                 f"play it with its own game (--game {game}, once that "
                                 f"game is installed), or change game: to {spec.game} if it "
                                 f"was written for {spec.game}"))
        engine = doc.data.get("engine") if isinstance(doc.data, dict) else None
        if isinstance(engine, str) and spec.engine_version:
            problem = _engine_range(engine, spec.engine_version)
            if problem:
                line, col = doc.position(("engine",))
                found.append(Problem(file, line, col, "/engine", "E505", problem[0],
                                     problem[1]))
        return found, doc, []

    errs, doc, _ = _outcome(path, file, "", MANIFEST, spec, check)
    problems.extend(errs)
    if doc is None:
        return None
    data = doc.data if isinstance(doc.data, dict) else {}
    pack_id = data.get("id") if isinstance(data.get("id"), str) else root.name
    pack = Pack(pack_id, root, doc, other_game=any(p.code == "E507" for p in errs))
    requires = data.get("requires")
    if isinstance(requires, list):
        pack.requires = [r for r in requires if isinstance(r, str)]
    files = data.get("files")
    if isinstance(files, list):
        for i, name in enumerate(files):
            if not isinstance(name, str):
                continue
            f = (root / name)
            try:
                inside = f.resolve().is_relative_to(root.resolve())
                itself = f.resolve() == (root / MANIFEST).resolve()
            except ValueError:  # a NUL byte: no file has that name (E302 below)
                inside, itself = True, False
            if not inside or itself:
                line, col = doc.position(("files", i))
                why = ("stays inside the pack folder" if not inside
                       else "is a content file, not the manifest itself")
                problems.append(Problem(file, line, col, pointer(("files", i)), "E503",
                                        f"'{name}' is not a file of this pack: each listed "
                                        f"file {why}", "list content files by their names in "
                                        f"this folder, e.g. {_example_file(spec)}"))
            elif f in pack.files:
                line, col = doc.position(("files", i))
                problems.append(Problem(file, line, col, pointer(("files", i)), "E503",
                                        f"the manifest lists '{name}' twice",
                                        "list each content file once"))
            elif not _is_file(f):
                line, col = doc.position(("files", i))
                listed = [p.name for p in sorted(root.glob("*.y*ml")) if p.name != MANIFEST]
                near = did_you_mean(name, listed) if listed else ""
                if not near.startswith("did you mean"):
                    near = ("the folder holds " + ", ".join(listed) if listed
                            else "the folder holds no other YAML file")
                problems.append(Problem(file, line, col, pointer(("files", i)), "E302",
                                        f"the manifest lists '{name}', which does not exist",
                                        f"{near}; file names are relative to {MANIFEST}"))
                pack.unread[shown(f)] = None  # what it holds is not known to be missing
            else:
                pack.files.append(f)
    return pack


_PARSED_MAX = 256


def _read_file(path: Path, pack: str, spec: GameSpec, problems: list[Problem],
               invalid: list[Item], unread: dict[str, str | None]) -> list[Item]:
    """Read, parse and schema-check one content file; its problems go to ``problems``, its
    entries that failed their schema to ``invalid``, and the file to ``unread`` (as in
    `Pack.unread`) when it could not be read.

    The outcome is kept on ``spec`` for the file's path, modification time and size, so that
    loading the same unchanged file again in one process (the base pack, above all) costs
    nothing. Items and documents are shared between loads and must not be changed."""
    try:
        st = path.stat()
        key: tuple | None = (str(path.resolve()), st.st_mtime_ns, st.st_size, pack, shown(path))
    except OSError:
        key = None
    if key is not None and key in spec.parsed:
        found, items, bad, lost = spec.parsed[key]
        problems.extend(found)
        invalid.extend(bad)
        unread.update(lost)
        return list(items)
    found_now: list[Problem] = []
    bad_now: list[Item] = []
    lost_now: dict[str, str | None] = {}
    items_now = _read_file_uncached(path, pack, spec, found_now, bad_now, lost_now)
    problems.extend(found_now)
    invalid.extend(bad_now)
    unread.update(lost_now)
    if key is not None:
        if len(spec.parsed) >= _PARSED_MAX:
            spec.parsed.clear()
        spec.parsed[key] = (tuple(found_now), tuple(items_now), tuple(bad_now), lost_now)
    return items_now


def _outcome(path: Path, file: str, pack: str, role: str, spec: GameSpec,
             check: Callable[[str], cache.Outcome]) -> cache.Outcome:
    """Read ``path`` and ``check`` its text, or take the outcome from the on-disk cache.

    ``check(text)`` returns (problems, document, indexes of the valid items); a YAML problem
    gives ([problem], None, []). The file is read (and its size limit applied) either way:
    the cache key holds its text."""
    try:
        text = read_text(path, file)
    except YamlProblem as exc:
        return [exc.problem], None, []
    where = cache.folder()
    key = cache.entry_key(spec.disk_cache_key(), file, pack, role, text) if where else ""
    if where is not None:
        found = cache.get(where, key)
        if found is not None:
            return found
    try:
        outcome = check(text)
    except YamlProblem as exc:
        outcome = [exc.problem], None, []
    if where is not None:
        cache.put(where, key, outcome)
    return outcome


def _read_file_uncached(path: Path, pack: str, spec: GameSpec, problems: list[Problem],
                        invalid: list[Item], unread: dict[str, str | None]) -> list[Item]:
    file = shown(path)
    found, doc, valid = _outcome(path, file, pack, "content", spec,
                                 lambda text: _check_file(parse(text, file), file, spec))
    problems.extend(found)
    data = doc.data if doc is not None else None
    kind = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in spec.kind_schemas:
        unread[file] = None  # a kind misspelt may be any
        return []
    if not isinstance(data.get("items"), list):
        unread[file] = kind
        return []
    kind, entries = data["kind"], data["items"]
    good = set(valid)
    invalid.extend(Item(kind, e, doc, i, pack, valid=False) for i, e in enumerate(entries)
                   if i not in good and isinstance(e, dict))
    return [Item(kind, entries[i], doc, i, pack) for i in valid]


def _check_file(doc: Document, file: str, spec: GameSpec) -> cache.Outcome:
    """The problems of one parsed content file, and the indexes of its valid items."""
    from artemis.content.schema_check import describe, schema_problems

    problems: list[Problem] = []
    data = doc.data
    if not isinstance(data, dict):
        line, col = doc.position(())
        problems.append(Problem(file, line, col, "", "E201",
                                f"a content file is a mapping, got {describe(data)}",
                                "start the file with kind: and items:"))
        return problems, doc, []
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in spec.kind_schemas:
        if "kind" not in data:
            problems.append(Problem(file, *doc.position(()), "", "E202", "missing field 'kind'",
                                    "add kind: one of " + ", ".join(spec.kind_schemas)))
        elif not isinstance(kind, str):
            problems.append(Problem(file, *doc.position(("kind",)), "/kind", "E201",
                                    f"expected a string, got {describe(kind)}",
                                    "kind is one of " + ", ".join(spec.kind_schemas)))
        else:
            problems.append(Problem(file, *doc.position(("kind",)), "/kind", "E212",
                                    f"unknown content kind '{kind}'",
                                    did_you_mean(kind, spec.kind_schemas)))
        return problems, doc, []
    errs = schema_problems(doc, spec.validator(kind))
    problems.extend(errs)
    bad_items = set()
    for p in errs:
        parts = p.pointer.split("/")
        if len(parts) >= 3 and parts[1] == "items" and parts[2].isdigit():
            bad_items.add(int(parts[2]))
        else:
            bad_items.add(-1)
    entries = data.get("items")
    if not isinstance(entries, list) or -1 in bad_items:
        return problems, doc, []
    return problems, doc, [i for i in range(len(entries)) if i not in bad_items]
