"""Bot specs: a seat's bot kind with its options, written ``KIND`` or
``KIND:KEY=VALUE,KEY=VALUE`` (``mcts:iterations=200,horizon=round``), parsed here for every
front end (`--bots`, game config files, saves, the web's new-game form; docs/simulate.md,
"Bots").

In a list of seats (``--bots mcts:iterations=50,horizon=round,greedy``) a piece written
``KEY=VALUE`` continues the options of the bot before it: a kind never holds ``=``.

A kind's options are declared as `BotOption`s (``mcts``'s in `artemis.players.mcts`); a value
is read as the option's type (an int, a float, or one of its words). A kind without options
takes none.

Saves, logs and game configs keep a spec written one way (`spec_text`): the kind, then the
options given, in their order, each value as it was read (``mcts : iterations = 05`` is
``mcts:iterations=5``), which reads back as the same bot.
"""

from __future__ import annotations

from dataclasses import dataclass


class BotSpecError(ValueError):
    """A bot spec that names an unknown option, a malformed ``KEY=VALUE`` or a value out of
    its option's range; the message names the spec, the option and what it takes."""


@dataclass(frozen=True)
class BotOption:
    """One option of a bot kind: ``name``, ``default``, ``description``; ``kind`` is "int",
    "float" or "word"; ``low``/``high`` bound a number (inclusive); ``words`` are the words a
    "word" option takes, and ``int_ok`` lets it also be a whole number from ``low`` to
    ``high`` (a horizon of N decisions)."""

    name: str
    default: object
    description: str
    kind: str = "int"
    low: float | None = None
    high: float | None = None
    words: tuple[str, ...] = ()
    int_ok: bool = False

    def read(self, text: str, spec: str):
        """The value ``text`` gives this option. Raises BotSpecError naming ``spec``."""
        where = f"bot '{spec}': option {self.name}"
        if self.kind == "word":
            if text in self.words:
                return text
            if self.int_ok and _is_int(text):
                return self._bounded(int(text), where)
            takes = " or ".join(self.words) + (" or a whole number" if self.int_ok else "")
            raise BotSpecError(f"{where} is {takes}, got '{text}'")
        noun = "a whole number" if self.kind == "int" else "a number"
        try:
            value = int(text) if self.kind == "int" else float(text)
        except ValueError:
            raise BotSpecError(f"{where} is {noun}, got '{text}'") from None
        if value != value:  # nan: no bound refuses it, and it is no number of the range
            raise BotSpecError(f"{where} is {noun}, got '{text}'")
        return self._bounded(value, where)

    def _bounded(self, value, where: str):
        if self.low is not None and value < self.low:
            raise BotSpecError(f"{where} is at least {_num(self.low)}, got {_num(value)}")
        if self.high is not None and value > self.high:
            raise BotSpecError(f"{where} is at most {_num(self.high)}, got {_num(value)}")
        return value

    def words_text(self) -> str:
        """What the option takes, in words, for help and errors."""
        if self.kind == "word":
            return "|".join(self.words) + ("|N" if self.int_ok else "")
        rng = f"{_num(self.low)}..{_num(self.high)}" if self.high is not None else \
            f">= {_num(self.low)}" if self.low is not None else ""
        return f"{self.kind} {rng}".strip()


def _num(x) -> str:
    return f"{x:g}" if isinstance(x, float) else str(x)


def _is_int(text: str) -> bool:
    # as int() reads a whole number option (a sign, ASCII digits: str.isdigit also takes
    # superscripts, which int() refuses)
    digits = text[1:] if text[:1] in "+-" else text
    return text.isascii() and digits.isdigit()


def split_kind(spec: str) -> tuple[str, str]:
    """(kind, the options text after ``:``, "" without) of a bot spec."""
    kind, _, rest = spec.strip().partition(":")
    return kind.strip(), rest.strip()


def parse_options(spec: str, declared: dict[str, BotOption]) -> dict:
    """The options of ``spec`` (``KIND:K=V,K=V``): {name: value} with every declared option,
    defaults filled in. Raises BotSpecError as `given_options`."""
    return {**{name: o.default for name, o in declared.items()},
            **given_options(spec, declared)}


def given_options(spec: str, declared: dict[str, BotOption]) -> dict:
    """The options ``spec`` (``KIND:K=V,K=V``) gives: {name: value read}, in the order given.
    Raises BotSpecError for an option the kind does not declare, a piece that is not
    KEY=VALUE, a repeated option, or a value its option refuses."""
    kind, rest = split_kind(spec)
    values: dict = {}
    if not rest:
        if spec.strip().endswith(":"):  # "mcts:" says options follow, and none do
            raise BotSpecError(f"bot '{spec}': no options after ':'; write {kind}, or e.g. "
                               + (f"{kind}:{next(iter(declared))}="
                                  f"{declared[next(iter(declared))].default}" if declared
                                  else f"{kind} alone"))
        return values
    if not declared:
        raise BotSpecError(f"bot '{spec}': {kind} takes no options")
    for piece in rest.split(","):
        key, sep, text = piece.partition("=")
        key, text = key.strip(), text.strip()
        if not sep or not key or not text:
            raise BotSpecError(f"bot '{spec}': '{piece}' is not KEY=VALUE, e.g. "
                               f"{kind}:{next(iter(declared))}={declared[next(iter(declared))].default}")
        if key not in declared:
            from artemis.content.problems import did_you_mean

            hint = did_you_mean(key, declared)
            raise BotSpecError(f"bot '{spec}': {kind} has no option '{key}'; options: "
                               + ", ".join(f"{n} ({o.words_text()})" for n, o in declared.items())
                               + (f" ({hint})" if hint.startswith("did") else ""))
        if key in values:
            raise BotSpecError(f"bot '{spec}': option {key} is given twice")
        values[key] = declared[key].read(text, spec)
    return values


def spec_text(kind: str, given: dict) -> str:
    """The one writing of the spec of ``kind`` with the options ``given`` ({name: value}, as
    `given_options` reads them): ``KIND`` or ``KIND:KEY=VALUE,...`` in the order given, each
    value written so that it reads back as itself (a float exactly, and without ``.0`` when
    whole: ``c=1``)."""
    if not given:
        return kind
    return f"{kind}:" + ",".join(f"{name}={_value_text(v)}" for name, v in given.items())


def _value_text(value) -> str:
    if isinstance(value, float):
        text = repr(value)  # the shortest text float() reads back as this value
        return text[:-2] if text.endswith(".0") else text
    return str(value)


def split_specs(text: str) -> list[str]:
    """The bot specs of a comma-separated list of seats: a piece ``KEY=VALUE`` continues the
    bot before it (``mcts:iterations=9,horizon=round,greedy`` -> two specs). Raises
    BotSpecError for an empty piece or one that continues nothing."""
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            raise BotSpecError(f"--bots has an empty name in '{text}'; write e.g. random,greedy")
        if "=" in piece and ":" not in piece.split("=")[0]:
            if not specs:
                raise BotSpecError(f"--bots '{text}': '{piece}' names no bot; write the kind "
                                   "first, e.g. mcts:iterations=200")
            specs[-1] += ("," if ":" in specs[-1] else ":") + piece
        else:
            specs.append(piece)
    return specs
