"""One game being served: its seats, their tokens, the bots and their pace, and the checks on
who may act (docs/serve.md, "Seats and tokens").

A human seat acts through its token only; a bot seat has no token and moves on the server,
one decision each `Session.pace` seconds, when a page of the game asks for news
(`Session.advance`). Every action, a person's or a bot's, is followed by an atomic save in the
save format (`artemis.records.save.write_save`), so a server stopped at any moment restarts
where it was. A seat takes back its own last decision by the kernel's rule
(`Session.undo`, `artemis.kernel.undo`): the game, its log and its save lose the action.

The bots and undo share the session's lock, so a bot whose turn comes while a person takes a
decision back either decides first (and the undo is refused: another seat has decided) or
finds the person to decide again: never both, and never half of either. A searching bot
thinks in a worker process (`artemis.web.thinking`) while the lock is free; its answer is
applied only if the game has not changed since it was asked (`Session.changes`).
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

#: The longest action id accepted from a browser (the Project's are under 40 characters).
MAX_ACTION_ID = 200
#: At most this many bot decisions in one request, so a page never waits long; the next
#: request goes on from there.
MAX_BOT_MOVES = 60
#: Seconds a request may spend on bot decisions before it answers.
BOT_BUDGET = 0.5
#: The slowest pace a viewer may set (seconds between two bot decisions).
MAX_PACE = 10.0
#: Seconds after which a bot's decision asked of a worker process and still not answered is
#: taken for lost (its worker died) and asked again; a capped budget answers long before.
THOUGHT_LIMIT = 600.0


class Refused(Exception):
    """A request the game refuses, with the HTTP status to answer and the message to show
    (the engine's own for an illegal action). Nothing in the game has changed."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Stale(Refused):
    """A decision's form sent for a position the game has left (a second click of the same
    button, a page out of date): refused (409) and nothing changes; a browser is shown the
    game as it is now (docs/serve.md, "Hosting a playtest")."""

    def __init__(self, sent: int, now: int):
        super().__init__(409, f"that form answered the game's decision {sent}, but the game is "
                         f"at decision {now}: it was sent twice or its page was out of date, "
                         "so it changed nothing; here is the game now")


def new_token() -> str:
    """An unguessable token (`secrets.token_urlsafe`, 128 bits) for a seat's link."""
    return secrets.token_urlsafe(16)


@dataclass
class Session:
    """A served game: ``game`` (the kernel's `Game`), the seats' ``kinds``, ``names`` and
    ``bots`` (seat order; a human seat's bot is the `HumanPlayer`, never asked), each human
    seat's ``tokens`` (None for a bot seat), the ``host_key`` of the page that lists the seat
    links, the bots' ``pace`` (seconds between two bot decisions) and where it is saved
    (``save_path``; ``write`` writes save and tokens). Methods take ``lock``: requests run
    in worker threads."""

    id: str
    game: object
    kinds: list[str]
    names: list[str]
    bots: list
    tokens: list[str | None]
    host_key: str
    pace: float
    save_path: Path
    write: object  # callable(session): the store's atomic save of the game and its seats
    next_bot_at: float = 0.0
    seats_text: str = ""  # the seats file as last written
    thinker: object = None  # the store's `Thinker`: where searching bots decide (None: here)
    thought: object = None  # the bot's decision under way in a worker: a `_Thought`
    changes: int = 0  # counts the game's changes (actions, undos): a thought answers one
    closed: bool = False  # the server is stopping: nothing changes any more
    lock: threading.RLock = field(default_factory=threading.RLock)
    # (the game's actions, revealed_at) -> {seat: why it may not undo, or None}: the rule
    # replays the game, so a page asks it once per position
    _undo_memo: tuple = field(default_factory=lambda: (None, {}))

    # -- who is who -----------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat whose token is ``token``, or None; compared in constant time."""
        found = None
        for seat, mine in enumerate(self.tokens):
            if mine is not None and secrets.compare_digest(mine.encode(), token.encode()):
                found = seat
        return found

    def is_host(self, key: str) -> bool:
        """Whether ``key`` is the game's host key (constant-time comparison)."""
        return secrets.compare_digest(self.host_key.encode(), key.encode())

    @property
    def to_decide(self) -> int | None:
        """The seat asked now (None once the game is over)."""
        return self.game.current_player

    def human(self, seat: int) -> bool:
        """Whether ``seat`` is played by a person."""
        return self.kinds[seat] == "human"

    # -- acting ---------------------------------------------------------------------------

    def act(self, seat: int, action_id: object, decision: int | None = None) -> None:
        """Apply ``action_id`` (an action id, as `Action.id`) for human ``seat`` and save.
        ``decision``: the number of actions the game had when the page asked (None: not
        checked); another number raises `Stale`, so a form sent twice acts once.

        Raises Refused, and changes nothing, when the game is over (409), another seat is to
        decide (409), the id is not a short string (400) or is not legal now (409, the
        engine's message naming the rule: `parts.Words.illegal`), or the save cannot be written
        (500; the action is taken back)."""
        from artemis.kernel.actions import IllegalAction

        if not isinstance(action_id, str) or not action_id.strip():
            raise Refused(400, "no action given: send the field 'action' with an action id "
                          "from the page's list")
        if len(action_id) > MAX_ACTION_ID or not action_id.isprintable():
            raise Refused(400, f"the action id is not one the engine makes (at most "
                          f"{MAX_ACTION_ID} printable characters)")
        with self.lock:
            self._open_for_changes()
            game = self.game
            _check_decision(game, decision)
            if game.is_over:
                raise Refused(409, "the game is over: no more actions")
            if game.current_player != seat:
                raise Refused(409, f"it is not {self.names[seat]}'s turn: "
                              f"{self.names[game.current_player]} is to decide")
            try:
                game.apply(action_id)
            except IllegalAction as exc:
                raise Refused(409, str(exc)) from None
            self.changes += 1
            self._saved(len(game.actions) - 1)
            self.next_bot_at = time.monotonic() + self.pace

    def advance(self, now: float | None = None, wait: float = BOT_BUDGET) -> int:
        """Let the bots decide while a bot seat is to decide and its time has come (one
        decision per `pace` seconds; at pace 0 up to `MAX_BOT_MOVES` at once, within
        `BOT_BUDGET` seconds), saving after each. Returns how many decisions were taken.

        A searching bot's decision is asked of the `thinker`'s worker process and waited for
        at most ``wait`` seconds (the session's lock free meanwhile); one not back by then is
        left to think, and a later call applies it (`thinking` says so meanwhile)."""
        from artemis.players.bots import rng_state

        moved = 0
        start = time.monotonic()
        while True:
            with self.lock:
                if self.closed:
                    break
                moved += self._collect()
                game = self.game
                if game.is_over or self.human(game.current_player) or moved >= MAX_BOT_MOVES:
                    break
                if self.thought is None:
                    clock = time.monotonic() if now is None else now
                    if clock < self.next_bot_at:
                        break
                    if moved and (self.pace > 0 or time.monotonic() - start > BOT_BUDGET):
                        break  # at a pace, one decision per request: the page asks at that pace
                    seat = game.current_player
                    if self.thinker is None or not self.thinker.in_process(self.kinds[seat]):
                        before = rng_state(self.bots[seat])
                        self._bot_moves(self.bots[seat].choose(game).id, before, None)
                        moved += 1
                        self.next_bot_at = clock + self.pace
                        continue
                    self.thought = self._ask(seat)
                pending = self.thought
            left = wait - (time.monotonic() - start)
            if left <= 0:
                break
            pending.answer.wait(left)
            if not pending.answer.ready():
                break
        return moved

    @property
    def thinking(self) -> bool:
        """Whether a bot's decision is under way in a worker process."""
        return self.thought is not None

    def _ask(self, seat: int) -> _Thought:
        """Ask the thinker for ``seat``'s bot's decision now (lock held)."""
        from artemis.players.bots import rng_state

        game = self.game
        answer = self.thinker.ask(game.config, [a.id for a in game.actions], self.kinds[seat],
                                  game.config.seed * 31 + seat, rng_state(self.bots[seat]))
        return _Thought(answer, self.changes, seat, time.monotonic())

    def _collect(self) -> int:
        """Apply the answer of the decision under way when it has come (lock held): 1 when
        an action was applied and saved, else 0. An answer to a game that has changed since
        (an undo) is dropped; a worker's failure is said as a 500, nothing applied."""
        thought = self.thought
        if thought is None:
            return 0
        if not thought.answer.ready():
            if time.monotonic() - thought.asked > THOUGHT_LIMIT:
                self.thought = None  # lost with its worker: the bot is asked again
            return 0
        self.thought = None
        if thought.changes != self.changes or self.game.current_player != thought.seat:
            return 0
        try:
            action_id, state = thought.answer.get()
        except Exception as exc:
            raise Refused(500, f"the bot of {self.names[thought.seat]} failed to decide: "
                          f"{type(exc).__name__}: {str(exc)[:200]}") from None
        from artemis.players.bots import rng_state

        self._bot_moves(action_id, rng_state(self.bots[thought.seat]), state)
        self.next_bot_at = time.monotonic() + self.pace
        return 1

    def _bot_moves(self, action_id: str, before: dict | None, after: dict | None) -> None:
        """Apply the current bot's ``action_id`` and save (lock held); ``before``: the bot's
        random state before its decision, ``after``: after it (None: the bot decided here,
        its state is already that). Raises Refused (500) when the save cannot be written:
        the action and the bot's random state are taken back, so it decides again as it
        would have."""
        from artemis.players.bots import set_rng_state

        bot = self.bots[self.game.current_player]
        self.game.apply(action_id)
        set_rng_state(bot, after)
        self.changes += 1
        try:
            self._saved(len(self.game.actions) - 1)
        except Refused:
            set_rng_state(bot, before)
            raise

    def close(self) -> None:
        """The server is stopping: wait for a change under way (its save written), then
        refuse every later one (503). A bot's decision under way is abandoned; the game
        stays at its last action, which is saved."""
        with self.lock:
            self.closed = True
            self.thought = None

    def _open_for_changes(self) -> None:
        if self.closed:
            raise Refused(503, "the server is stopping: the game is saved, and goes on where "
                          "it stopped when the server is started again")

    # -- undo -----------------------------------------------------------------------------

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why ``seat`` may not take back its last decision now (the kernel's message,
        `artemis.kernel.undo.undo_start`), or None when it may. A spectator (None) and a bot
        seat never may."""
        from artemis.kernel.undo import UndoRefused, undo_start

        if seat is None or not 0 <= seat < len(self.kinds) or not self.human(seat):
            return "only a person's seat takes back its own decisions"
        with self.lock:
            game = self.game
            key = (tuple(a.id for a in game.actions), game.revealed_at)
            if self._undo_memo[0] != key:
                self._undo_memo = (key, {})
            answers = self._undo_memo[1]
            if seat not in answers:
                try:
                    undo_start(game, seat)
                    answers[seat] = None
                except UndoRefused as exc:
                    answers[seat] = str(exc)
            return answers[seat]

    def undo_words(self, seat: int) -> str:
        """The decision ``seat`` may take back now in the browser's words for it as it was
        offered (`artemis.web.render.describe` at the question it answered: "4 in the Vents
        (up to 4 of 11 Energy)", "play the red card (...)", never an internal label such as
        "Shuttle Bay #0" or an id such as "red-travel-1"), or "" when it may not. Kept until
        the game changes, as the rule's answer is (`undo_refusal`)."""
        from artemis.kernel.undo import UndoRefused, undo
        from artemis.web.render import describe

        if self.undo_refusal(seat) is not None:
            return ""
        with self.lock:
            answers = self._undo_memo[1]
            if ("words", seat) not in answers:
                # on a copy taken back to the question, in the browser's words for it (the
                # Odyssey names cards and planets as its board does), as `undo` answers
                trial, last = self.game.clone(), self.game.actions[-1]
                try:
                    undo(trial, seat)
                    answers[("words", seat)] = describe(trial, last, list(self.names))
                except UndoRefused:
                    answers[("words", seat)] = ""
            return answers[("words", seat)]

    def may_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last decision now (`undo_refusal` is None).
        A page asks this for every seat it shows, so the log answers no without a replay
        when it can: only the seat that decided last may undo, and not a decision whose
        consequences revealed something."""
        game = self.game
        last = _last_decider(game)
        if last is not None and (last != seat or game.revealed_at == len(game.actions)):
            return False
        return self.undo_refusal(seat) is None

    def undo_seat(self) -> int | None:
        """The human seat that may take back its last decision now, or None (only the seat
        that decided last may: `undo_refusal`)."""
        last = _last_decider(self.game)
        candidates = [last] if last is not None else range(len(self.kinds))
        return next((s for s in candidates if self.may_undo(s)), None)

    def undo(self, seat: int, decision: int | None = None) -> str:
        """Take back human ``seat``'s last decision (`artemis.kernel.undo.undo`) and save:
        the game returns to the question that decision answered, and neither the save, the
        log nor the account holds the action any more. Returns the undone decision in the
        game's words (`parts.Words.describe_action` at the question it answered).

        ``decision``: the number of actions the game had when the page offered the undo (None:
        not checked); another number raises `Stale`, so a second click takes back nothing more.

        Raises Refused, and changes nothing, when the rule does not allow it (409 with the
        kernel's reason: nothing decided yet, another seat has decided since, the decision
        revealed something hidden or random, the game is over) or the save cannot be
        written (500; the game is put back as it was)."""
        from artemis.kernel.undo import UndoRefused, undo

        if not self.human(seat):
            raise Refused(409, "only a person's seat takes back its own decisions")
        with self.lock:
            self._open_for_changes()
            _check_decision(self.game, decision)
            before = self.game.clone()  # put back if the save cannot be written
            last = self.game.actions[-1] if self.game.actions else None
            try:
                undo(self.game, seat)
            except UndoRefused as exc:
                raise Refused(409, f"{self.names[seat]} cannot undo: {exc}") from None
            self.changes += 1
            try:
                self.write(self)
            except OSError as exc:
                before.observers = self.game.observers  # a clone is not observed
                self.game = before
                raise Refused(500, f"the game cannot be saved ({exc.strerror or exc}); the "
                              "decision was not taken back") from None
            # back at the question it answered: said as it was offered there
            from artemis.web.render import describe

            return describe(self.game, last, list(self.names))

    def set_pace(self, pace: object) -> float:
        """Set the seconds between two bot decisions (0 to `MAX_PACE`) and save it.
        Raises Refused (400) for a value that is not such a number."""
        try:
            value = float(pace)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise Refused(400, f"pace must be a number of seconds from 0 to {MAX_PACE:g}"
                          ) from None
        if not 0 <= value <= MAX_PACE:  # also refuses nan
            raise Refused(400, f"pace must be a number of seconds from 0 to {MAX_PACE:g}")
        with self.lock:
            self._open_for_changes()
            self.pace = value
            self.next_bot_at = min(self.next_bot_at, time.monotonic() + value)
            self.write(self)
        return value

    def _saved(self, before: int) -> None:
        """Save after an action; when the save cannot be written, take the action back (the
        game rebuilt from its first ``before`` actions) and refuse."""
        try:
            self.write(self)
        except OSError as exc:
            from artemis.players.play import rebuild

            self.game = rebuild(self.game, before)
            self.game.seat_names = list(self.names)
            raise Refused(500, f"the game cannot be saved ({exc.strerror or exc}); the "
                          "action was not taken") from None

    # -- what a seat sees -----------------------------------------------------------------

    def account(self, seat: int | None, last: int = 60) -> list[str]:
        """The last ``last`` lines of the game's account (`account_of`) as ``seat`` may see
        it (None: a spectator)."""
        return account_of(self.game, self.names, seat, last)


def _check_decision(game, decision: int | None) -> None:
    """Raise `Stale` when ``decision`` (a page's count of actions) is not the game's."""
    if decision is not None and decision != len(game.actions):
        raise Stale(decision, len(game.actions))


@dataclass(frozen=True)
class _Thought:
    """A bot's decision asked of a worker process: the pending ``answer``, the game's
    `Session.changes` and the ``seat`` it was asked at, and when (``asked``, monotonic)."""

    answer: object
    changes: int
    seat: int
    asked: float


def _last_decider(game) -> int | None:
    """The seat of the game's last action, from its log's action records (None without
    one: nothing decided, or a game without a log)."""
    if len(game.actions) == 0:
        return None
    seat = next((r.get("player") for r in reversed(game.log) if r.get("type") == "action"),
                None)
    return seat if isinstance(seat, int) else None


def account_of(game, names: list[str], seat: int | None, last: int = 60) -> list[str]:
    """The last ``last`` lines of ``game``'s account (`parts.Words.account_lines`, seats called
    by ``names``) built from the log records ``seat`` may see (None: a spectator's, the
    public ones)."""
    from artemis.records.log import visible

    shown = visible(game.log, seat)
    if len(shown) != len(game.log):  # private records: tell the story from the seat's
        game = game.clone()
        game.log = shown
    labels = [f"{n}" for n in names]
    return game.ruleset.words.account_lines(game, labels)[-last:]
