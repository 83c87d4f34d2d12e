"""The `artemis` typer app, built from one module per command, and `main`, the console entry
point (`artemis = "artemis.cli:main"`).

Commands are listed in `artemis --help` in the order they are registered here, then the groups.
"""

import sys

import typer

from artemis.cli.content import content_app
from artemis.cli.games import games_command
from artemis.cli.play import play
from artemis.cli.plugins import plugins
from artemis.cli.replay import replay
from artemis.cli.scenario import scenario_app
from artemis.cli.schema import schema_app
from artemis.cli.simulate import simulate
from artemis.cli.validate import validate
from artemis.cli.version import version

app = typer.Typer(
    name="artemis",
    help="A rules-data engine for board games: The Artemis Project and the games registered "
    "beside it (`artemis games`).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
for name, command in (("validate", validate), ("plugins", plugins), ("games", games_command),
                      ("play", play), ("simulate", simulate), ("replay", replay),
                      ("version", version)):
    app.command(name)(command)
app.add_typer(content_app, name="content")
app.add_typer(schema_app, name="schema")
app.add_typer(scenario_app, name="scenario")


def main() -> None:
    """Console entry point: runs the app and turns any unexpected error into a message."""
    try:
        app()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130: say what happened
            from artemis.cli.saves import finished_game_note

            note = finished_game_note()
            if note:
                print(note, file=sys.stderr)
        raise
    except Exception as exc:  # never a traceback to a user
        print(f"artemis: internal error: {type(exc).__name__}: {exc}\n"
              "    hint: this is a bug in artemis; please report it with the command you ran",
              file=sys.stderr)
        sys.exit(1)
