"""The terminal seat of `artemis play --bots human,...` (docs/terminal.md).

Before each of its decisions a human seat sees the board from its own view (its game's
`parts.Boards.board_text`, or a generic rendering of the view), what happened since its last
decision (the game's account, `parts.Words.account_lines`, told from the log records the seat may
see, with each decision), and the question in the game's words with the players' names. It
answers by number, step by step where the game groups a long question (`Ruleset.
choice_groups`: the Project's placements die, region, target, Toolkit change), or by typing
an action id. At every prompt: ``board``, ``help``, ``log``, ``undo`` (the kernel's rule,
`artemis.kernel.undo`), ``back`` and ``quit`` (`QuitGame`: the command saves and says how to
continue).

Everything is written to the seat's console: the terminal, or stderr with ``--json`` so that
stdout stays one JSON document.
"""

from __future__ import annotations

from artemis.kernel.actions import Action
from artemis.kernel.choices import ChoiceGroup, by_kind
from artemis.players.bots import NoInput, QuitGame

#: The commands every prompt understands, with what they do (``help`` lists them).
COMMANDS = {
    "board": "show the board again, as you see it",
    "log": "the game's account so far, as you saw it",
    "undo": "take back your last decision (until another player decides, or something "
            "hidden or random comes out)",
    "back": "go up one step of a step-by-step choice",
    "help": "these commands and how to answer",
    "quit": "save the game and stop (artemis play --load FILE continues it)",
}

#: A long flat list is grouped by the kind of answer past this many answers.
GROUP_OVER = 15


class TerminalSeat:
    """A human seat at the terminal: ``seat`` (its index), ``names`` (every seat's name, for
    the board, the account and the questions), ``console`` (a rich Console: where everything
    is written) and ``read(prompt) -> str`` (raises EOFError at the end of input). Has no
    random generator: a save records none for it."""

    kind = "human"

    def __init__(self, seat: int, names: list[str], console, read=None):
        self.seat = seat
        self.names = names
        self.console = console
        self.read = read or (lambda prompt: console.input(prompt))
        self.seen: list[str] | None = None  # the account's lines at this seat's last decision
        self.shown_view = None  # the view last drawn, so an unchanged board is not redrawn

    # -- what the seat is shown --------------------------------------------------------------

    def say(self, text: str = "", **style) -> None:
        self.console.print(text, markup=False, highlight=False, **style)

    def account(self, game) -> list[str]:
        """The account of what this seat may see, with each decision told."""
        from artemis.records.log import visible

        return game.ruleset.words.account_lines(game, self.names, visible(game.log, self.seat),
                                          decisions=True)

    def show_board(self, game, force: bool = False) -> None:
        """Draw the board from this seat's view (skipped when unchanged, unless ``force``)."""
        view = game.view(self.seat)
        if not force and view == self.shown_view:
            return
        self.shown_view = view
        drawn = game.ruleset.boards.board_text(game, view, self.names)
        if drawn is None:
            drawn = generic_board(view)
        self.console.rule(f"{game.ruleset.name}: the board as {self.names[self.seat]} sees it")
        self.console.print(drawn)

    def show_news(self, game) -> None:
        """The account's lines since this seat's last decision; a line that grew since is
        shown from where it was left ("Basecamp: ... Bo +2 Minerals")."""
        now = self.account(game)
        before = self.seen if self.seen is not None else []
        k = 0
        while k < min(len(now), len(before)) and now[k] == before[k]:
            k += 1
        news = now[k:]
        if news and k < len(before) and now[k].startswith(before[k]):
            grown, old = now[k], before[k]
            head = old.split(": ", 1)[0] if ": " in old else old
            news[0] = f"{head}: ... {grown[len(old):].lstrip('; ')}"
        self.seen = now
        if not news:
            return
        title = "The game so far" if not before else "Since your last decision"
        self.say(f"{title}:", style="bold")
        for line in news[-40:]:
            self.say(line)

    def help(self) -> None:
        self.say("Answer with the number of a choice; where a question is chosen step by "
                 "step, each number goes one step further. Or type an action id "
                 "(as a --log file records it) to answer at once.")
        for name, what in COMMANDS.items():
            self.say(f"  {name:6s} {what}")

    # -- choosing ----------------------------------------------------------------------------

    def choose(self, game) -> Action:
        """Show the board, the news and the question, then read until an answer names one of
        ``game.legal_actions()``. Raises QuitGame on ``quit``, NoInput at the end of input;
        ``undo`` puts ``game`` back (in place) and asks again."""
        if game.seat_names is None:  # the engine's messages name the players too (Game.who)
            game.seat_names = list(self.names)
        while True:
            self.show_board(game)
            self.show_news(game)
            chosen = self._ask(game)
            if chosen is not None:
                return chosen
            # undone: the game is back at an earlier question of this seat; show it afresh

    def _ask(self, game) -> Action | None:
        """One question: the answer chosen, or None after an undo."""
        ruleset = game.ruleset
        actions = game.legal_actions()
        top = ruleset.words.choice_groups(game, actions)
        if top is None and len(actions) > GROUP_OVER:
            top = by_kind(actions)
        path: list[ChoiceGroup] = []
        items = top if top is not None else actions
        self.say(ruleset.words.question(game, self.names), style="bold")
        summary = ruleset.words.seat_summary(game, self.seat)
        if summary:
            self.say(f"  ({summary})")
        self._list(game, items, None)
        while True:
            try:
                answer = self.read("> ").strip()
            except EOFError:
                raise NoInput("no input for a human seat") from None
            word = answer.lower()
            if not answer:
                self._list(game, items, path[-1] if path else None)
                continue
            if word.isdigit():
                n = int(word)
                if 1 <= n <= len(items):
                    item = items[n - 1]
                    while isinstance(item, ChoiceGroup):  # a step with one choice is taken
                        path.append(item)
                        items = list(item.items)
                        if len(items) != 1:
                            break
                        item = items[0]
                    if isinstance(item, Action):
                        return item
                    self._list(game, items, path[-1])
                    continue
                self.say(f"  type a number from 1 to {len(items)}, an action id, or help")
                continue
            if word in ("help", "?", "h"):
                self.help()
            elif word == "board":
                self.show_board(game, force=True)
            elif word == "log":
                self.say("The game so far:", style="bold")
                for line in self.account(game):
                    self.say(line)
            elif word == "undo":
                if self._undo(game):
                    return None
            elif word in ("back", ".."):
                if path:
                    path.pop()
                    # a step of one choice was taken for the player: back past it too, to
                    # the step the player chose at
                    while path and len(path[-1].items) == 1:
                        path.pop()
                    items = list(path[-1].items) if path else (top if top is not None
                                                               else actions)
                self._list(game, items, path[-1] if path else None)
            elif word in ("quit", "q", "exit"):
                raise QuitGame
            else:
                chosen = next((a for a in actions if a.id == answer), None)
                if chosen is not None:
                    return chosen
                if ":" in answer:  # an action id that is not legal: the rule it breaks
                    self.say(f"  {ruleset.words.illegal(game, answer)}")
                else:
                    self.say(f"  '{answer}' is not an answer: type a number from 1 to "
                             f"{len(items)}, an action id, or help")

    def _list(self, game, items: list, group: ChoiceGroup | None) -> None:
        """The numbered choices of this step; under a group, its label as the heading."""
        if group is not None:
            self.say(f"  {group.label}:")
        short = group.short if group is not None and group.short else ()
        describe = game.ruleset.words.describe_action
        for i, item in enumerate(items, start=1):
            if isinstance(item, ChoiceGroup):
                n = len(item.actions())
                text = f"{item.label}  ({n} choices)" if n > 1 else item.label
            elif short:
                text = short[i - 1]
            else:
                text = describe(game, item, self.names)
            self.say(f"  {i:3d}. {text}")

    def _undo(self, game) -> bool:
        """Take back this seat's last decision (`artemis.kernel.undo.undo`); say what was
        undone or why not. True when the game was put back."""
        from artemis.kernel.undo import UndoRefused, undo

        last = game.actions[-1] if game.actions else None
        try:
            undo(game, self.seat)
        except UndoRefused as exc:
            self.say(f"  cannot undo: {exc}")
            return False
        # back at the question it answered: said as it was offered there
        self.say(f"  undone: {game.ruleset.words.describe_action(game, last, self.names)}")
        self.shown_view = None
        # the account as it now stands is what this seat has seen: nothing new to tell
        self.seen = self.account(game)
        return True


def install(bots: list, kinds: list[str], names: list[str] | None, to_stderr: bool) -> None:
    """Make every human seat of ``bots`` (by seat, in place) a TerminalSeat with the seats'
    ``names`` (default P0, P1, ...), writing to the terminal, or to stderr when
    ``to_stderr`` (``--json``: stdout holds only the JSON document)."""
    import sys

    from artemis.cli.common import console as new_console

    names = list(names or [f"P{seat}" for seat in range(len(kinds))])
    console = new_console(file=sys.stderr if to_stderr else sys.stdout, soft_wrap=False)
    for seat, bot in enumerate(bots):
        if getattr(bot, "kind", "") == "human":
            bots[seat] = TerminalSeat(seat, names, console)


def generic_board(view, label: str = "the view"):
    """A game's view drawn without its own board (`parts.Boards.board_text` gave None): a
    rich ``Tree`` with a line per key, "key: value" for a plain value, "key: a, b, c" for a
    list of plain values, a branch for what nests (list entries numbered from 0), as the
    browser's generic view shows it in tables. ``view``: JSON-like (dicts, lists, plain
    values)."""
    from rich.markup import escape
    from rich.tree import Tree

    def plain(v) -> bool:
        return v is None or isinstance(v, (str, int, float, bool))

    def shown(v) -> str:
        return "none" if v is None else escape(str(v))

    def grow(tree, value) -> None:
        entries = (value.items() if isinstance(value, dict) else enumerate(value))
        for key, v in entries:
            if plain(v):
                tree.add(f"{escape(str(key))}: {shown(v)}")
            elif isinstance(v, (list, tuple)) and all(plain(x) for x in v):
                tree.add(f"{escape(str(key))}: " + (", ".join(map(shown, v)) or "none"))
            elif not v:
                tree.add(f"{escape(str(key))}: none")
            else:
                grow(tree.add(escape(str(key))), v)

    tree = Tree(label)
    if plain(view):
        tree.add(shown(view))
    else:
        grow(tree, view)
    return tree

