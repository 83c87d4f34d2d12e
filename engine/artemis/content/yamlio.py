"""Reading YAML safely, keeping the line and column of every key and value.

We compose the document with ruamel.yaml's round-trip parser and build plain Python values from
the node graph ourselves, so no YAML tag can construct a Python object, duplicate keys are
caught, and alias expansion, nesting depth and file size are bounded before anything else walks
the data. Limits (documented in docs/errors.md): `MAX_FILE_BYTES`, `MAX_DEPTH`, `MAX_NODES`,
`MAX_ALIAS_NODES`.

The common document (no tag, anchor or directive, no error) is first read by libyaml's C
parser (`artemis.content.yaml_fast`), to the same values and positions, about 40 times faster;
any other text, and every error, is read by ruamel.yaml, which reports it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from artemis.content.problems import Problem, pointer

# ruamel.yaml (about 65 ms to import) is imported by `_ruamel()` when a text first needs the full
# parser: the fast path (yaml_fast, libyaml) reads the common document without it
MappingNode = ScalarNode = SequenceNode = None

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 50
MAX_NODES = 2_000_000
MAX_ALIAS_NODES = 20_000

_STD = "tag:yaml.org,2002:"
_INT_RE = re.compile(r"^[-+]?(0|[1-9][0-9_]*)$")
# a lone surrogate (from a "\ud800" escape) is not a character: it cannot be printed as UTF-8
_SURROGATE_RE = re.compile("[\ud800-\udfff]")
# Python refuses to print an int of more than 4300 digits (sys.get_int_max_str_digits), and a
# message quoting one would crash: a longer hex, octal or binary number stays its text
_MAX_INT_BITS = 14_000


@dataclass
class Document:
    """A parsed YAML document as plain data with positions.

    ``data``: dicts, lists, str, int, float, bool, None. ``values`` maps a path tuple (keys and
    indexes) to the 1-based (line, column) of its value; ``keys`` maps the path of a mapping
    entry to the position of its key; ``texts`` keeps the source text of non-string scalars,
    for hints such as "quote it".
    """

    file: str
    data: Any
    values: dict[tuple, tuple[int, int]] = field(default_factory=dict)
    keys: dict[tuple, tuple[int, int]] = field(default_factory=dict)
    texts: dict[tuple, str] = field(default_factory=dict)

    def position(self, path: tuple, key: bool = False) -> tuple[int, int]:
        """Best position for ``path``: the key's (if asked and known), else the value's, else
        the nearest enclosing node's."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path:
            if path in self.values:
                return self.values[path]
            path = path[:-1]
        return self.values.get((), (1, 1))


class _TooDeep(Exception):
    """Raised by the bounded scanner at the bracket that opens one flow level too many."""

    def __init__(self, line: int, column: int):
        self.line, self.column = line, column
        super().__init__(f"too deep at {line}:{column}")


_SCANNER: Any = None


def _ruamel() -> None:
    """Import ruamel.yaml's node classes into this module (once)."""
    global MappingNode, ScalarNode, SequenceNode
    if MappingNode is None:
        from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode


def _bounded_scanner() -> Any:
    """ruamel's scanner, stopping once flow collections ([ and {) nest past `MAX_DEPTH`.

    Its time grows with the square of the flow depth (a few thousand brackets take seconds),
    so the limit must hold while scanning, not only when the document is built. The class is
    made on first use, so that importing this module does not import ruamel.yaml."""
    global _SCANNER
    if _SCANNER is None:
        from ruamel.yaml.scanner import RoundTripScanner

        class _BoundedScanner(RoundTripScanner):
            def fetch_flow_collection_start(self, TokenClass: Any, to_push: str) -> None:
                if self.flow_level >= MAX_DEPTH:
                    mark = self.reader.get_mark()
                    raise _TooDeep(mark.line + 1, mark.column + 1)
                super().fetch_flow_collection_start(TokenClass, to_push)

        _SCANNER = _BoundedScanner
    return _SCANNER


_COMPOSER: Any = None


def _alias_composer() -> Any:
    """ruamel's composer, noting where each alias (``*name``) stands: composing gives the
    anchored node itself at every alias, whose marks are the anchor's. The marks are kept in
    the YAML object's ``alias_marks``, by (parent node id, "i", index) in a list and
    (parent node id, "k", key node id) in a mapping, so that what is reached through an alias
    is located at the alias (where the author fixes that use)."""
    global _COMPOSER
    if _COMPOSER is None:
        from ruamel.yaml.composer import Composer
        from ruamel.yaml.events import AliasEvent

        class _AliasComposer(Composer):
            def compose_node(self, parent: Any, index: Any) -> Any:
                if parent is not None and self.parser.check_event(AliasEvent):
                    where = ("i", index) if isinstance(index, int) else ("k", id(index))
                    marks = self.loader.alias_marks
                    marks[(id(parent), *where)] = self.parser.peek_event().start_mark
                return super().compose_node(parent, index)

        _COMPOSER = _AliasComposer
    return _COMPOSER


def _yaml() -> Any:
    from ruamel.yaml import YAML

    _ruamel()
    yaml = YAML(typ="rt")
    yaml.Scanner = _bounded_scanner()
    yaml.Composer = _alias_composer()
    yaml.alias_marks = {}
    return yaml


class YamlProblem(Exception):
    """Raised by `load` with the one located `Problem` that stops reading a file."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(problem.format())


def _problem(file: str, code: str, message: str, hint: str = "", line: int = 0, col: int = 0,
             path: tuple = ()) -> YamlProblem:
    return YamlProblem(Problem(file, line, col, pointer(path), code, message, hint))


def read_text(path: Path, shown: str | None = None) -> str:
    """Read a file as UTF-8 text, within `MAX_FILE_BYTES`.

    Raises `YamlProblem` E101 (unreadable), E108 (too large), E102 (not UTF-8) or E103 (empty).
    """
    shown = shown or str(path)
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            # a device, pipe or socket may never end: do not read it
            raise _problem(shown, "E101", "cannot read file: not a regular file",
                           "give the path of a YAML file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _problem(shown, "E108", f"file is {size} bytes, over the limit of "
                           f"{MAX_FILE_BYTES}", "split the content into several files")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise _problem(shown, "E108", f"file is over the limit of {MAX_FILE_BYTES} bytes",
                           "split the content into several files")
    except YamlProblem:
        raise
    except IsADirectoryError:
        raise _problem(shown, "E101", "is a folder, not a file") from None
    except OSError as exc:
        raise _problem(shown, "E101", f"cannot read file: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        # the column counts characters: the bytes before the bad one on its line are valid UTF-8
        col = len(raw[line_start: exc.start].decode("utf-8", errors="replace")) + 1
        raise _problem(shown, "E102", f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be "
                       "decoded", "save the file as UTF-8", line, col) from None
    return text


#: What an empty content file (E103) is told it should hold; a reader of another kind of
#: file (a game config, a scenario) passes its own to `load` / `parse`.
EMPTY_HINT = ("a content file is a mapping with kind and items (a manifest: id, name, version, "
              "files, provenance)")


def load(path: Path, shown: str | None = None, empty_hint: str = EMPTY_HINT) -> Document:
    """Read and parse one YAML file into a `Document`; ``empty_hint`` is the E103 hint (what
    the file should hold). Raises `YamlProblem`."""
    shown = shown or str(path)
    return parse(read_text(path, shown), shown, empty_hint)


def parse(text: str, file: str = "<string>", empty_hint: str = EMPTY_HINT) -> Document:
    """Parse YAML text into a `Document`.

    Raises `YamlProblem` with code E103 (empty; its hint ``empty_hint``), E104 (syntax), E105
    (tab indentation), E106 (duplicate key), E107 (tag), E109 (alias expansion), E110
    (nesting), E111 (several documents) or E112 (a ``%YAML`` directive other than 1.2).
    """
    text = text.lstrip("\ufeff")
    _check_version(text, file)
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise _problem(file, "E103", "the file is empty", empty_hint, 1, 1)
    # a lone surrogate (text given as str, an argv value) cannot reach libyaml: ruamel reports it
    if not _FULL_PARSER_ONLY and (text.isascii() or not _SURROGATE_RE.search(text)):
        from artemis.content import yaml_fast

        doc = yaml_fast.parse(text, file)
        if doc is not None:
            return doc
    return _parse_full(text, file)


_DIRECTIVE_RE = re.compile(r"%YAML[ \t]+(\S*)")


def _check_version(text: str, file: str) -> None:
    """E112 for a ``%YAML`` directive naming another version than 1.2, before either parser
    reads the text: under YAML 1.1 ``N``, ``on`` and ``no`` would be booleans (both parsers
    would follow the directive), and content is YAML 1.2. Directives stand before the
    document, each on a line of its own starting with ``%``."""
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not line.startswith("%"):
            return  # the document has begun: no directive comes after this
        found = _DIRECTIVE_RE.match(line)
        if found and found[1] != "1.2":
            raise _problem(file, "E112", f"YAML version directive '%YAML {found[1]}': content "
                           "is YAML 1.2", "remove the %YAML line (or write %YAML 1.2): under "
                           "YAML 1.1 N, on, no and yes become booleans, and a name or answer "
                           "such as 'no' would change its type", n, 1)


# True: every text takes ruamel.yaml (tests compare the two paths with it)
_FULL_PARSER_ONLY = False


def _parse_full(text: str, file: str) -> Document:
    """`parse` by ruamel.yaml, which reports every problem with its position."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    yaml = _yaml()
    try:
        node = yaml.compose(text)
    except _TooDeep as exc:
        raise _problem(file, "E110", f"nesting too deep (over {MAX_DEPTH} levels)",
                       "flatten the structure", exc.line, exc.column) from None
    except RecursionError:
        raise _problem(file, "E110", f"nesting too deep (over {MAX_DEPTH} levels)",
                       "flatten the structure", *_too_deep_at(text)) from None
    except ReaderError as exc:
        line, col = _offset_position(text, exc.position)
        char = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise _problem(file, "E104", f"YAML syntax error: character {char} is not allowed in "
                       "YAML text", "remove the control character (or write it as an escape "
                       "inside double quotes)", line, col) from None
    except MarkedYAMLError as exc:
        raise _syntax(file, exc, text) from None
    except YAMLError as exc:
        raise _problem(file, "E104", f"YAML syntax error: {exc}", "", 1, 1) from None
    if node is None:
        raise _problem(file, "E103", "the file holds no YAML document", "", 1, 1)
    doc = Document(file, None)
    builder = _Builder(doc, yaml.alias_marks)
    doc.data = builder.build(node, (), 0)
    return doc


def _offset_position(text: str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of the character at ``offset`` in ``text``."""
    offset = max(0, min(offset, len(text)))
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _too_deep_at(text: str) -> tuple[int, int]:
    """Where nesting first goes past `MAX_DEPTH`, found by scanning tokens (no recursion);
    (1, 1) when the scan cannot tell."""
    from ruamel.yaml import tokens as t
    from ruamel.yaml.error import YAMLError

    opening = (t.BlockMappingStartToken, t.BlockSequenceStartToken,
               t.FlowMappingStartToken, t.FlowSequenceStartToken)
    closing = (t.BlockEndToken, t.FlowMappingEndToken, t.FlowSequenceEndToken)
    depth = -1  # the document's top collection is depth 0, as in _Builder
    try:
        for token in _yaml().scan(text):
            if isinstance(token, opening):
                depth += 1
                if depth > MAX_DEPTH:
                    return token.start_mark.line + 1, token.start_mark.column + 1
            elif isinstance(token, closing):
                depth -= 1
    except _TooDeep as exc:
        return exc.line, exc.column
    except YAMLError:
        pass
    return 1, 1


def _syntax(file: str, exc: Any, text: str) -> YamlProblem:
    """The problem for ruamel's ``MarkedYAMLError`` ``exc``."""
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or str(exc)
    context = f" ({exc.context})" if exc.context else ""
    cmark = exc.context_mark
    if context and cmark is not None and mark is not None and (cmark.line, cmark.column) != (
            mark.line, mark.column):
        # say where the unfinished construct began: the cause is usually there
        context = f" ({exc.context} started at line {cmark.line + 1}, column {cmark.column + 1})"
    if "expected a single document" in str(exc.context or "") or "another document" in problem:
        return _problem(file, "E111", "more than one YAML document in the file",
                        "keep one document per file (remove the '---' separator)", line, col)
    lines = text.splitlines()
    tab_line = _tab_indent_line(lines, line)
    if tab_line:
        return _problem(file, "E105", "tab character used for indentation",
                        "indent with spaces only (YAML forbids tabs there)", tab_line, 1)
    if "\\t" in problem or "tab" in problem.lower():
        return _problem(file, "E105", "tab character where YAML does not allow one",
                        "use spaces instead of the tab", line, col)
    return _problem(file, "E104", f"YAML syntax error: {problem}{context}",
                    "check the indentation and the brackets and quotes on this line", line, col)


def _tab_indent_line(lines: list[str], near: int) -> int:
    """1-based number of a line at or before ``near`` whose indentation has a tab, else 0."""
    for n in range(min(near, len(lines)), 0, -1):
        stripped = lines[n - 1]
        indent = stripped[: len(stripped) - len(stripped.lstrip(" \t"))]
        if "\t" in indent:
            return n
    return 0


class _Builder:
    """Turns a ruamel node graph into plain values, recording positions and enforcing limits.

    Everything reached through an alias is placed at the alias (``alias_marks``, noted by
    `_alias_composer`), not at its anchor: a problem in that use is reported where the
    author wrote ``*name``."""

    def __init__(self, doc: Document, alias_marks: dict | None = None):
        self.doc = doc
        self.nodes = 0
        self.alias_nodes = 0
        self.seen: set[int] = set()
        self.alias_marks = alias_marks or {}

    def _alias_pos(self, parent, where: tuple) -> tuple[int, int] | None:
        mark = self.alias_marks.get((id(parent), *where)) if self.alias_marks else None
        return (mark.line + 1, mark.column + 1) if mark is not None else None

    def build(self, node, path: tuple, depth: int, alias_at: tuple | None = None,
              at: tuple[int, int] | None = None,
              alias_pos: tuple[int, int] | None = None) -> Any:
        """Build ``node`` found at ``path``. ``alias_at`` is the path of the alias this node
        is reached through (None outside any alias); ``at`` overrides the node's position
        (an empty value is placed just after its key); ``alias_pos``, the position of that
        alias, overrides the position of the node and of all it holds."""
        doc = self.doc
        if depth > MAX_DEPTH:
            raise _problem(doc.file, "E110", f"nesting too deep (over {MAX_DEPTH} levels)",
                           "flatten the structure", *self._pos(node), path)
        self.nodes += 1
        if alias_at is None and id(node) in self.seen:
            alias_at = path
        if alias_at is not None:
            self.alias_nodes += 1
            if self.alias_nodes > MAX_ALIAS_NODES:
                # an aliased node's own mark is its anchor's; report the place that uses the
                # alias: the list or mapping holding it
                where = doc.values.get(alias_at[:-1], self._pos(node))
                raise _problem(doc.file, "E109", "aliases expand to more than "
                               f"{MAX_ALIAS_NODES} nodes", "write the values out instead of "
                               "nesting aliases", *where, alias_at[:-1])
        if self.nodes > MAX_NODES:
            raise _problem(doc.file, "E109", f"the document has more than {MAX_NODES} nodes",
                           "split the content into several files", *self._pos(node), path)
        # a scalar reached twice is an alias too: 200,000 aliases of one scalar are 200,000
        # nodes (the fast path refuses them by count before composing, yaml_fast)
        self.seen.add(id(node))
        doc.values.setdefault(path, alias_pos or at or self._pos(node))
        tag = node.tag.value if hasattr(node.tag, "value") else node.tag
        if isinstance(node, MappingNode):
            if tag not in (None, _STD + "map"):
                raise self._tag(tag, node, path)
            out: dict = {}
            for knode, vnode in node.value:
                ktag = knode.tag.value if hasattr(knode.tag, "value") else knode.tag
                if ktag == _STD + "merge":
                    raise _problem(doc.file, "E107", "merge keys (<<) are not supported",
                                   "write the keys out", *self._pos(knode), path)
                if not isinstance(knode, ScalarNode):
                    raise _problem(doc.file, "E201", "a mapping key must be a plain name",
                                   "use a string key", *self._pos(knode), path)
                key = self.scalar(knode, path)
                if not isinstance(key, str):
                    # content formats never use non-string keys (design: integer keys break
                    # schema keywords); keep the text so the schema reports it by name
                    key = knode.value
                kpath = (*path, key)
                if key in out:
                    first = doc.keys[kpath]
                    raise _problem(doc.file, "E106", f"duplicate key '{key}'",
                                   f"the first '{key}' is at line {first[0]}",
                                   *self._pos(knode), kpath)
                doc.keys[kpath] = alias_pos or self._pos(knode)
                empty = None
                if isinstance(vnode, ScalarNode) and vnode.value == "" and not vnode.style:
                    # `key:` with nothing after: ruamel marks the next token; place the value
                    # just after the key's colon instead
                    empty = (knode.end_mark.line + 1, knode.end_mark.column + 2)
                out[key] = self.build(vnode, kpath, depth + 1, alias_at, empty,
                                      alias_pos or self._alias_pos(node, ("k", id(knode))))
            return out
        if isinstance(node, SequenceNode):
            if tag not in (None, _STD + "seq"):
                raise self._tag(tag, node, path)
            return [self.build(v, (*path, i), depth + 1, alias_at, None,
                               alias_pos or self._alias_pos(node, ("i", i)))
                    for i, v in enumerate(node.value)]
        return self.scalar(node, path)

    def _pos(self, node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def _tag(self, tag: str, node, path: tuple) -> YamlProblem:
        if tag.startswith(_STD):
            tag = "!!" + tag[len(_STD):]  # as the author wrote it
        return _problem(self.doc.file, "E107", f"YAML tag '{tag}' is not allowed",
                        "remove the tag: content is plain mappings, lists and scalars",
                        *self._pos(node), path)

    def scalar(self, node: ScalarNode, path: tuple) -> Any:
        tag = node.tag.value if hasattr(node.tag, "value") else node.tag
        value = node.value
        if getattr(node, "style", None) == ">" and "\a" in value:
            # ruamel's round-trip scanner marks each fold of a folded (>) scalar with a BEL
            # (for writing it back); the text has none (the reader refuses control characters)
            value = value.replace("\a", "")
        if not value.isascii() and _SURROGATE_RE.search(value):
            raise _problem(self.doc.file, "E104", "YAML syntax error: an escape gives a lone "
                           "surrogate (U+D800 to U+DFFF), which is not a character",
                           "write the character itself, or its \\U escape",
                           *self._pos(node), path)
        if tag in (None, _STD + "str", "!"):
            return value
        if tag == _STD + "timestamp":
            return value  # a date written unquoted stays the text the author wrote
        if tag == _STD + "null":
            self.doc.texts[path] = value  # "" for an empty value, else ~ or null
            return None
        if tag == _STD + "bool":
            self.doc.texts[path] = value
            return value.lower() in ("true", "yes", "on", "y")
        if tag == _STD + "int":
            self.doc.texts[path] = value
            return _to_int(value)
        if tag == _STD + "float":
            self.doc.texts[path] = value
            low = value.lower().replace("_", "")
            if low in (".nan",):
                return math.nan
            if low in (".inf", "+.inf", "-.inf"):
                return -math.inf if low.startswith("-") else math.inf
            try:
                return float(low)
            except ValueError:
                return value
        raise self._tag(tag, node, path)


def _to_int(text: str) -> int | str:
    t = text.replace("_", "")
    try:
        if _INT_RE.match(text):
            return int(t)
        low = t.lower().lstrip("+")
        sign = -1 if low.startswith("-") else 1
        low = low.lstrip("-")
        for prefix, base in (("0x", 16), ("0o", 8), ("0b", 2)):
            if low.startswith(prefix):
                value = int(low[2:], base)
                return sign * value if value.bit_length() <= _MAX_INT_BITS else text
        return int(t, 10)
    except ValueError:
        return text
