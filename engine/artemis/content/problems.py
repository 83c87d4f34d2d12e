"""Problems: one located record per thing wrong with an input, and the stable error codes.

A `Problem` is what every loader and checker produces instead of raising: file, 1-based line
and column, JSON pointer, a stable code, a message, a hint and a severity. The codes are listed
in docs/errors.md with an example each; `CODES` here is the single source of the titles of
the codes any game's content may get; a game's own checks keep theirs in the game
(`artemis.games.project.codes`, `artemis.games.odyssey.codes`).

Two severities: an error (E codes) makes content invalid; a warning (W codes) is content that
loads and plays but lies outside what a game's data says is sensible (a tile far above the
base game's balance, say). Which warnings exist and their ranges are the game's; this layer
only knows the severity. `artemis validate --strict` treats warnings as errors.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass

CODES: dict[str, str] = {
    # E1xx: reading the file and its YAML
    "E101": "cannot read file",
    "E102": "not UTF-8 text",
    "E103": "empty file",
    "E104": "YAML syntax error",
    "E105": "tab used for indentation",
    "E106": "duplicate key",
    "E107": "YAML tag not allowed",
    "E108": "file too large",
    "E109": "alias expansion too large",
    "E110": "nesting too deep",
    "E111": "more than one YAML document",
    "E112": "YAML version other than 1.2",
    # E2xx: the JSON Schema of the file's kind
    "E201": "wrong type",
    "E202": "missing field",
    "E203": "unknown key",
    "E204": "value not allowed",
    "E205": "number out of range",
    "E206": "wrong number of entries",
    "E207": "unknown effect operation",
    "E208": "effect step must name exactly one operation",
    "E209": "unknown quantity",
    "E210": "unknown rule parameter",
    "E211": "unknown game event",
    "E212": "unknown content kind",
    "E214": "unknown event target",
    "E219": "schema violation",
    "E299": "more problems not listed",
    # E3xx: checks across items and files
    "E301": "duplicate id",
    "E302": "unresolved reference",
    "E305": "modify not allowed here",
    "E306": "stock not allowed here",
    "E307": "board clause uses a player operation",
    "E308": "scoring uses a non-scoring operation",
    "E313": "table rows incomplete or out of order",
    "E315": "effect may run too many operations",
    # E5xx: content packs and paths
    "E501": "path not found",
    "E502": "no content here",
    "E503": "manifest problem",
    "E504": "replaces an id that does not exist",
    "E505": "engine version range excludes this engine",
    "E506": "required pack or plugin not found",
    "E507": "pack for another game",
    # E6xx: game config files
    "E601": "unknown variant",
    "E602": "bad variant option",
    "E603": "config names a missing expansion",
    "E604": "bad game option",
    "E605": "bad bot option",
}

ERROR = "error"
WARNING = "warning"


def severity_of(code: str) -> str:
    """The severity of ``code``: `WARNING` for a W code, else `ERROR`."""
    return WARNING if code.startswith("W") else ERROR


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with an input.

    Shape: ``file`` (path as given), ``line`` and ``column`` (1-based; 0 when the problem has no
    position, such as an unreadable file), ``pointer`` (RFC 6901 JSON pointer into the document,
    "" for the whole file), ``code`` (a key of `CODES`), ``message`` and ``hint`` (may be "").
    Its severity follows from its code (`severity_of`): W codes are warnings.
    """

    file: str
    line: int
    column: int
    pointer: str
    code: str
    message: str
    hint: str = ""

    @property
    def severity(self) -> str:
        """`ERROR` or `WARNING` (a W code)."""
        return severity_of(self.code)

    @property
    def is_error(self) -> bool:
        """Whether the problem is an error (any code but a W code: the input is refused)
        rather than a warning (a W code: it loads, unless `artemis validate --strict` is
        given)."""
        return self.severity == ERROR

    def format(self) -> str:
        """Render as ``file:line:col: SEVERITY[CODE]: message`` plus an indented hint line."""
        text = (f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: "
                f"{self.message}")
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def as_dict(self) -> dict:
        """The record printed by ``--json``: {file, line, column, pointer, code, message, hint}
        (`Problem(**record)` gives it back); ``file`` with ``/`` between folders on every
        system (`posix_path`). `validate --json` adds ``severity``."""
        record = asdict(self)
        record["file"] = posix_path(self.file)
        return record


def posix_path(path: str, sep: str = os.sep) -> str:
    """``path`` with ``/`` between folders: the system's separator ``sep`` replaced (on
    Windows ``\\``; elsewhere the path is already so, and a backslash is part of a name)."""
    return path.replace(sep, "/") if sep != "/" else path


@dataclass(frozen=True, slots=True)
class _MadeError(Problem):
    """A warning made an error (`as_error`): the same record, code and all."""

    @property
    def severity(self) -> str:
        return ERROR


def as_error(problem: Problem) -> Problem:
    """``problem`` as an error: a warning (W code) keeps its code and text but is printed
    ``error[W102]``, has severity "error" and fails validation (`artemis validate --strict`);
    an error is returned as it is."""
    if problem.is_error:
        return problem
    return _MadeError(problem.file, problem.line, problem.column, problem.pointer, problem.code,
                      problem.message, problem.hint)


def errors(problems: Iterable[Problem]) -> list[Problem]:
    """The problems that make content invalid (warnings left out)."""
    return [p for p in problems if p.is_error]


class ContentError(Exception):
    """Raised when content cannot become a catalog; carries every error found (warnings are
    left out: they do not stop content from loading)."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(errors(problems))
        first = self.problems[0].format() if self.problems else "invalid content"
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(first + more)


def pointer(path: Iterable) -> str:
    """JSON pointer (RFC 6901) for a path of keys and indexes.

    ``("items", 3, "id")`` -> "/items/3/id"."""
    parts = [str(p).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A hint naming the nearest valid choice, or listing the choices when none is near."""
    choices = sorted(set(choices))
    near = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)
    if near:
        return f"did you mean '{near[0]}'?"
    if choices and len(choices) <= 12:
        return "expected one of: " + ", ".join(choices)
    return ""
