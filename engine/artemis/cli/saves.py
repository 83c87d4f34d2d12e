"""The bodies of `artemis play --save/--load` (`artemis.cli.play` has the command).

Exit codes as everywhere: 0 ok, 1 invalid input or failed check, 2 usage error; 130 after
Ctrl-C and 143 after SIGTERM (the game saved first when there is a save file; before the game's
first decision and after its end, `artemis.cli.root.main` prints `interrupt_note`).
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import typer

from artemis.util.plural import counted, plural

#: What a Ctrl-C means now, for `artemis.cli.root.main` to say when typer turns it into a
#: silent exit 130: {"note": text}. Set for the start of `artemis play` (before the game's
#: first decision nothing is saved yet) and for its end (printing the account, writing the
#: log: the game is over); the play loop's own handler says more and clears it.
_NOTE: dict = {}


def interrupt_note() -> str:
    """What to print for a Ctrl-C that the command did not report itself ("" if nothing);
    forgets it, so it is said once."""
    return _NOTE.pop("note", "")


def expect_interrupt(save: Path | None, load: Path | None) -> None:
    """From now until the game's first decision, a Ctrl-C is said as having come before it:
    nothing saved yet (with --save), the loaded save unchanged (with --load)."""
    if load is not None:
        _NOTE["note"] = (f"interrupted while loading {load}: the save is unchanged; "
                         f"continue with: artemis play --load {load}")
    elif save is not None:
        _NOTE["note"] = (f"interrupted before the game's first decision: nothing is saved "
                         f"(--save writes {save} from the first decision on)")
    else:
        _NOTE["note"] = "interrupted before the game's first decision"


#: `artemis play` flags that --load takes from the save instead.
LOAD_CONFLICTS = ("--players", "--seed", "--bots", "--config", "--variant", "--option",
                  "--expansion")


def refuse_flags_with_load(given: dict[str, object]) -> None:
    """Exit 2 naming every flag in ``given`` ({flag: value or None}) that is set: with --load
    the config and seats come from the save."""
    clash = [flag for flag, value in given.items() if value not in (None, [], ())]
    if clash:
        print(f"error: --load continues the saved game with its own config and seats; do not "
              f"also give {', '.join(clash)}", file=sys.stderr)
        raise typer.Exit(2)


def saved_game(path: Path) -> str | None:
    """The game a save is of (a save that names none is a Project save); None when it cannot
    be read (loading it says why)."""
    from artemis.kernel.games import DEFAULT_GAME
    from artemis.records.save import SaveError, read_save

    try:
        game = read_save(path)["config"].get("game", DEFAULT_GAME)
    except SaveError:
        return None
    return game if isinstance(game, str) else None


def saved_variants(path: Path) -> list[str]:
    """The names of the variants a save's game plays with ([] when it cannot be read: loading
    it says why)."""
    from artemis.records.save import SaveError, read_save

    try:
        variants = read_save(path)["config"].get("variants") or {}
    except (SaveError, AttributeError):
        return []
    return [str(name) for name in variants] if isinstance(variants, dict) else []


class _Terminated(KeyboardInterrupt):
    """SIGTERM while a game is played: stopped as Ctrl-C stops it (the game saved first)."""


@contextmanager
def _sigterm_as_ctrl_c(said: list):
    """While a game is played in the main thread, SIGTERM (``kill``, ``timeout``, a CI job
    cancelled) raises `_Terminated`, a KeyboardInterrupt, so that the play loop stops at the
    last decision as for Ctrl-C; ``said`` gets "SIGTERM" when it came."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum, frame):
        said.append("SIGTERM")
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def play_or_continue(config, kinds: list[str], names: list[str] | None, host,
                     save: Path | None, load: Path | None, plugins=(), disabled=(),
                     log: Path | None = None, to_stderr: bool = False):
    """Play a new game (``load`` None) or continue the save in ``load`` to the end, writing
    ``save`` (default with --load: the loaded file) after every round and at the end.
    ``plugins`` and ``disabled`` are the --plugin and --disable-plugin flags, for the command
    that replays a failed game. Human seats play at the terminal (`artemis.cli.terminal`),
    written to stderr when ``to_stderr`` (``--json``).

    Returns (game, kinds, names). Exits 1 for a save that is refused or cannot be written, or
    a plugin or loop that stopped the game (`game_failed`), 130 after Ctrl-C and 143 after
    SIGTERM (saving first when there is a save file), 0 after a human seat's ``quit`` (saved
    to ``save``, or without one to a new file named after the game and seed, `quit_path`).
    Lets ConfigError, ContentError and NoInput through to the caller's messages."""
    from artemis.kernel.flow import StepLimit
    from artemis.kernel.game import Game, PluginError
    from artemis.players.play import PlayInterrupted, make_bots, play_on
    from artemis.records.save import SaveError, check_save_target, load_save, write_save

    if save is not None and save != load:
        try:  # before playing: a device, pipe, folder or someone's file is not a save
            check_save_target(save)
        except SaveError as exc:
            print(f"error: {exc}", file=sys.stderr)
            raise typer.Exit(1) from None
    if load is not None:
        try:
            loaded = load_save(load, host)
        except SaveError as exc:
            from artemis.cli.common import refuse_other_kind
            from artemis.records.log import missing_plugins

            refuse_other_kind(load, "save")  # a log or a config given for a save: say which
            from artemis.records.save import read_save

            try:
                recorded = read_save(load)["content"].get("plugins")
            except (SaveError, AttributeError, KeyError, TypeError):
                recorded = None
            missing = missing_plugins(recorded, host)
            why = (f" (the save was made with {plural(len(missing), 'plugin')} "
                   f"{', '.join(missing)}, not loaded now: give --plugin or install it)"
                   if missing else "")
            print(f"error: the save is refused: {exc}{why}", file=sys.stderr)
            raise typer.Exit(1) from None
        game, kinds, names, bots = loaded.game, loaded.kinds, loaded.names, loaded.bots
        save = save if save is not None else load
        # a finished game is shown, not continued: its result follows, nothing is asked
        print((f"{load} holds a finished game: " if game.is_over else f"continuing {load}: ")
              + f"round {game.ruleset.words.round_of(game)}, "
              f"{counted(len(game.actions), 'action')} replayed and checked", file=sys.stderr)
    else:
        try:
            game = Game.new(config, plugins=host)
        except (PluginError, StepLimit) as exc:
            game_failed(exc, config, kinds, plugins, disabled, None, None)
        bots = make_bots(config, kinds)
    from artemis.cli.terminal import TerminalSeat, install

    install(bots, kinds, names, to_stderr)  # a human seat sees its board at this terminal
    if any(isinstance(b, TerminalSeat) for b in bots):
        # a human seat is told which content it plays before its first decision, not only
        # above the account printed at the end (docs/saves.md, "Content versions")
        from artemis.cli.common import print_content_version

        print_content_version(game, sys.stderr if to_stderr else sys.stdout)

    def write(g) -> None:
        try:
            write_save(save, g, kinds, names, bots, host)
        except OSError as exc:
            print(f"error: cannot write the save '{save}': {exc.strerror or exc}",
                  file=sys.stderr)
            raise typer.Exit(1) from None

    if save is not None and not game.is_over:
        write(game)  # a save exists from the first decision on
        _NOTE["note"] = (f"interrupted at the game's first decision: saved to {save}\n"
                         f"    continue with: {_continue_with(save, plugins, disabled)}")
    from artemis.players.bots import NoInput, QuitGame

    said: list = []
    try:
        with _sigterm_as_ctrl_c(said):
            game = play_on(game, bots, after_round=write if save is not None else None,
                           plugins=host)
    except (PluginError, StepLimit) as exc:
        _keep_log(log, game, kinds, names)
        game_failed(exc, game.config, kinds, plugins, disabled, save,
                    write if getattr(exc, "restored", True) else None, game)
    except QuitGame:
        _NOTE.clear()
        _keep_log(log, game, kinds, names)
        target = save if save is not None else quit_path(game)
        try:
            write_save(target, game, kinds, names, bots, host)
        except OSError as exc:
            print(f"error: cannot write the save '{target}': {exc.strerror or exc}",
                  file=sys.stderr)
            raise typer.Exit(1) from None
        command = _continue_with(target, plugins, disabled)
        print(f"saved to {target} (round {game.ruleset.words.round_of(game)}, "
              f"{counted(len(game.actions), 'action')})\n    continue with: {command}",
              file=sys.stderr)
        if to_stderr:  # --json: stdout is still one JSON document, saying where the game is
            import json

            print(json.dumps({"quit": True, "saved": str(target), "continue": command,
                              "round": game.ruleset.words.round_of(game),
                              "actions": len(game.actions)}))
        raise typer.Exit(0) from None
    except NoInput:
        _keep_log(log, game, kinds, names)
        if save is not None:  # the game stopped at a consistent decision: keep it
            write(game)
            print(f"saved to {save} (round {game.ruleset.words.round_of(game)}, "
                  f"{counted(len(game.actions), 'action')}); "
                  f"continue with: {_continue_with(save, plugins, disabled)}", file=sys.stderr)
        raise
    except PlayInterrupted as stop:
        _NOTE.clear()  # said here, with the round and the actions
        _keep_log(log, stop.game, kinds, names)
        by, code = (" by SIGTERM", 143) if said else ("", 130)
        if save is None:
            print(f"interrupted{by}: the game is not saved (give --save FILE to keep it)",
                  file=sys.stderr)
            raise typer.Exit(code) from None
        write(stop.game)
        g = stop.game
        print(f"interrupted{by}: saved to {save} (round {g.ruleset.words.round_of(g)}, "
              f"{counted(len(g.actions), 'action')})\n    continue with: "
              f"{_continue_with(save, plugins, disabled)}",
              file=sys.stderr)
        raise typer.Exit(code) from None
    _NOTE["note"] = (f"interrupted: the game is over; its final save is {save}" if save else
                     "interrupted: the game is over (not saved; give --save FILE to keep it)")
    return game, kinds, names


def quit_path(game, folder: Path | None = None) -> Path:
    """Where ``quit`` saves a game played without --save: a new file in ``folder`` (default:
    the current folder) named after the game and seed, "project-seed4.json", or with a
    number when that exists ("project-seed4-2.json"): an existing file is never
    overwritten."""
    folder = Path() if folder is None else folder  # relative: the name said is the one typed
    stem = f"{game.config.game}-seed{game.config.seed}"
    path, n = folder / f"{stem}.json", 1
    while path.exists() or path.is_symlink():
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def _keep_log(log: Path | None, game, kinds, names) -> None:
    """A game that stopped early (a plugin failed, Ctrl-C, SIGTERM, no input) still leaves its
    --log: the game up to its last consistent decision, said on stderr."""
    if log is None or game is None:
        return
    from artemis.records.log import write_log

    try:
        write_log(game, log, kinds, names)
    except (OSError, ValueError) as exc:
        print(f"error: cannot write the log '{log}': {exc}", file=sys.stderr)
        return
    print(f"the log of the game so far ({counted(len(game.actions), 'action')}) is in {log}",
          file=sys.stderr)


def _continue_with(save, plugins=(), disabled=()) -> str:
    """The command that continues a saved game, with the plugin flags it was played with."""
    import shlex

    args = ["artemis", "play", "--load", str(save)]
    for module in plugins or ():
        args += ["--plugin", module]
    for name in disabled or ():
        args += ["--disable-plugin", name]
    return shlex.join(args)


def game_failed(exc, config, kinds, plugins, disabled, save, write, game=None):
    """A plugin failed, or the rules looped (`PluginError`, `StepLimit`): say which, where
    (round, seed, action) and the command that plays the game again, save the game as it was
    before the failed action when there is a save file (``write``; None when it could not be
    put back), and exit 1. Never a traceback: the fault is the plugin's, not artemis's."""
    from artemis.sim.task import play_command

    command = play_command(config.game, config.players, config.seed, kinds, config.variants,
                           config.expansions, plugins, disabled, config.options)
    print(f"error: {exc}\n    replay: {command}", file=sys.stderr)
    if save is not None and write is not None and game is not None:
        write(game)
        print(f"    saved to {save} (round {game.ruleset.words.round_of(game)}, "
              f"{counted(len(game.actions), 'action')}), the game before that action; "
              "continue with: "
              f"{_continue_with(save, plugins, disabled)}", file=sys.stderr)
    raise typer.Exit(1)
