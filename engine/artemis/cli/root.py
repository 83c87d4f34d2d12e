"""The `artemis` typer app, built from one module per command, and `main`, the console entry
point's body (`artemis.cli.main` imports it).

Commands are listed in `artemis --help` in the order they are registered here, then the groups.
"""

import sys
from typing import Annotated

import typer
from typer.core import TyperGroup

from artemis.cli.common import closed_stdout
from artemis.cli.content import content_app
from artemis.cli.games import games_command
from artemis.cli.play import play
from artemis.cli.plugins import plugins
from artemis.cli.replay import replay
from artemis.cli.scenario import scenario_app
from artemis.cli.schema import schema_app
from artemis.cli.serve import serve
from artemis.cli.simulate import simulate_app
from artemis.cli.validate import validate
from artemis.cli.version import engine_version, version


class _Commands(TyperGroup):
    """The root group: a command whose output meets a closed stdout ends as `closed_stdout`
    says (click's own handler would exit 1, as if the command had failed)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            closed_stdout()


app = typer.Typer(
    cls=_Commands,
    name="artemis",
    help="A rules-data engine for board games: The Artemis Project and the games registered "
    "beside it (`artemis games`).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        print(engine_version())
        raise typer.Exit(0)


@app.callback()
def _root(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the engine's version (as `artemis version`) and exit.")] = False,
) -> None:
    pass


for name, command in (("validate", validate), ("plugins", plugins), ("games", games_command),
                      ("play", play), ("replay", replay),
                      ("serve", serve), ("version", version)):
    app.command(name)(command)
app.add_typer(simulate_app(), name="simulate")
app.add_typer(content_app, name="content")
app.add_typer(schema_app, name="schema")
app.add_typer(scenario_app, name="scenario")


def flowed(doc: str) -> str:
    """A docstring as help text: each paragraph's lines joined into one line, paragraphs kept
    apart. Rich (typer's help) keeps a docstring's line breaks in a group's command list, so a
    sentence wrapped at 100 columns in the source would break mid-phrase on the screen."""
    import inspect

    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _flow_help(typer_app: typer.Typer) -> None:
    """Give every command of ``typer_app`` (and of its groups) its docstring ``flowed`` as
    help, unless it has a help string of its own."""
    for info in typer_app.registered_commands:
        doc = info.help or (info.callback.__doc__ if info.callback else None)
        if doc:
            info.help = flowed(doc)
    for group in typer_app.registered_groups:
        _flow_help(group.typer_instance)


_flow_help(app)


def main() -> None:
    """Runs the app and turns any unexpected error into a message."""
    from artemis.util.collector import pace_for_games

    pace_for_games()  # a command plays games: the collector's default pace costs ~8 %
    stdout = sys.stdout
    try:
        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130: say what happened
            from artemis.cli.saves import interrupt_note

            note = interrupt_note()
            if note:
                print(note, file=sys.stderr)
        if sys.stdout is not stdout:
            # what click writes itself (--version) met a closed stdout: its handler
            # wrapped stdout (to stop the interpreter's last flush from failing) and exits 1
            closed_stdout()
        try:  # what is still buffered is written now, where a closed stdout can be told
            sys.stdout.flush()
        except BrokenPipeError:
            closed_stdout()
        raise
    except Exception as exc:  # never a traceback to a user
        print(f"artemis: internal error: {type(exc).__name__}: {exc}\n"
              "    hint: this is a bug in artemis; please report it with the command you ran",
              file=sys.stderr)
        sys.exit(1)
