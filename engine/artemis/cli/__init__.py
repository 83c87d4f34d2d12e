"""The `artemis` command line (typer). Text for people, ``--json`` for programs.

One module per command: `validate`, `play`, `simulate`, `replay`, `plugins`, `games`,
`serve`, `version`, and
the groups `content`, `schema` and `scenario`; `root` builds the typer app from them and holds
`main`, `common` the options and helpers they share, `saves` the bodies of `play --save/--load`.
Only this package writes to the terminal or reads command-line flags; the engine below it
returns data and text.

Exit codes: 0 ok, 1 invalid input or failed check, 2 usage error, 130 Ctrl-C, 141 stdout
closed before the output was all written (`common.closed_stdout`). Heavy modules are imported
inside the commands so that ``artemis --help`` starts fast (docs/performance.md).

This module itself imports nothing heavy: the console script's ``main`` imports the app inside
its guard, so a Ctrl-C while Python is still importing typer says "interrupted" (exit 130),
not a traceback; ``app`` is imported on first use (``from artemis.cli import app``).
"""

import sys


def main() -> None:
    """Console entry point (`artemis = "artemis.cli:main"`): `artemis.cli.root.main`, with a
    Ctrl-C during its imports said in a word, exit 130."""
    try:
        from artemis.cli.root import main as run
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)
    run()


def __getattr__(name: str):
    if name == "app":
        from artemis.cli.root import app

        return app
    raise AttributeError(f"module 'artemis.cli' has no attribute {name!r}")


__all__ = ["app", "main"]
