"""The `artemis` command line (typer). Text for people, ``--json`` for programs.

One module per command: `validate`, `play`, `simulate`, `replay`, `plugins`, `games`,
`version`, and
the groups `content`, `schema` and `scenario`; `root` builds the typer app from them and holds
`main`, `common` the options and helpers they share, `saves` the bodies of `play --save/--load`.
Only this package writes to the terminal or reads command-line flags; the engine below it
returns data and text.

Exit codes: 0 ok, 1 invalid input or failed check, 2 usage error. Heavy modules are imported
inside the commands so that ``artemis --help`` starts fast (docs/performance.md).
"""

from artemis.cli.root import app, main

__all__ = ["app", "main"]
