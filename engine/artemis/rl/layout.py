"""``python -m artemis.rl.layout GAME [PLAYERS]``: print a game's observation layout, one line
per slice (name, cells, bounds, what a cell holds), and its length."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Print the layout; 2 with a message for a bad game or player count."""
    from artemis.kernel.game import ConfigError
    from artemis.kernel.games import UnknownGame, get_game
    from artemis.kernel.parts import NoPart, part

    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip().replace("``", ""))  # the docstring's reST marks, for a terminal
        return 0 if args else 2
    try:
        ruleset = get_game(args[0])
        config = {"game": args[0], **({"players": int(args[1])} if len(args) > 1 else {})}
        layout = part(ruleset, "observation").observation_layout(config)
    except (UnknownGame, NoPart, ConfigError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for line in layout.describe():
        print(line)
    print(f"{layout.size} cells")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
