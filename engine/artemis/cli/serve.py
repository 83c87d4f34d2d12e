"""`artemis serve [--port] [--host] [--data DIR] [--max-bot-budget N] [--public-host NAME]`: play
games in a browser (docs/serve.md).

The web stack (the `web` extra: Starlette, uvicorn, Jinja2, python-multipart for uploads) is
imported only here, when the command runs, so `artemis --help` and the other commands start as
fast as before."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from artemis.cli.common import DisableOpt, PluginOpt, StrictOpt

WEB_MODULES = ("starlette", "uvicorn", "jinja2", "python_multipart")
#: Seconds the server gives the requests under way when it is asked to stop (SIGTERM,
#: Ctrl-C) before it cancels them; none waits long, as the bots think in worker processes.
STOP_GRACE = 2


def serve(
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    host: Annotated[str, typer.Option(
        help="The address to listen on; the default answers this computer only. Another "
        "(0.0.0.0: every network) lets other devices in, with a warning.")] = "127.0.0.1",
    data: Annotated[Path, typer.Option(
        help="The data folder: a folder per game (its save and its seats' tokens), and "
        "packs/ for the expansions a new game may add.")] = Path("artemis-games"),
    max_bot_budget: Annotated[int, typer.Option(
        help="The most search iterations a decision a seat's bot may be given from the "
        "new-game form (mcts:iterations=N; a strong playout counts 10, a CPU second of "
        "strong:time=S 2000); a form asking for more is refused.",
        min=1)] = 2000,  # artemis.web.thinking.DEFAULT_MAX_BOT_BUDGET (not imported here)
    public_host: Annotated[list[str] | None, typer.Option(
        help="A name the players reach this server by through a reverse proxy (the Host "
        "header it passes on, e.g. play.example.org); repeatable. The server answers it as "
        "well as its own names, and the games list shows no host links, as with --host.",
        show_default=False)] = None,
    plugin: PluginOpt = None,
    disable_plugin: DisableOpt = None,
    strict_plugins: StrictOpt = False,
) -> None:
    """Serve games in a browser: start a game (seats human or bots, variants, seed), share
    each seat's link, play hotseat at one browser; every action is saved to the data folder at
    once, and a restarted server goes on where it stopped. Needs the `web` extra (pip install
    'artemis-engine\\[web]'). Exit 1 when the extra is missing or the port cannot be opened,
    2 for a usage error."""
    missing = [name for name in WEB_MODULES if not _importable(name)]
    if missing:
        print(f"error: `artemis serve` needs the web extra ({', '.join(missing)} not "
              "installed)\n    hint: pip install 'artemis-engine[web]'", file=sys.stderr)
        raise typer.Exit(1)
    if data.exists() and not data.is_dir():
        print(f"error: --data {data}: not a folder; give a folder for the games",
              file=sys.stderr)
        raise typer.Exit(2)
    local = is_loopback(host)
    if not local:
        print(f"warning: --host {host}: the games are open to every device that reaches this "
              "address; anyone with a seat's link plays that seat, and the games list shows "
              "no seat links (use the links printed when a game starts, or the host page)",
              file=sys.stderr)
    from artemis.cli.common import plugin_host

    plugins = plugin_host(plugin, disable_plugin, strict_plugins)
    try:
        data.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"error: --data {data}: cannot create the folder: {exc.strerror or exc}",
              file=sys.stderr)
        raise typer.Exit(1) from None
    import uvicorn

    from artemis.web.app import build_app

    public = [name.strip().lower() for name in public_host or ()]
    if any(not name or "/" in name or " " in name for name in public):
        print("error: --public-host takes a host name as the browser sends it (play.example.org "
              "or play.example.org:8443), without a scheme or path", file=sys.stderr)
        raise typer.Exit(2)
    # Starlette's TrustedHostMiddleware compares the Host header without its port, so it is
    # given the names; the port stays in the Host the Origin check compares (artemis.web.guard)
    names = None if not local else sorted(
        {"127.0.0.1", "localhost", "::1", "[::1]", host, *map(host_name, public)})
    # behind a proxy the players are elsewhere: the games list must not hand them every
    # game's host link (and with it every seat's)
    listed = local and not public
    shown = f"[{host}]" if ":" in host else host
    base = link_base(shown, port, public)

    def announce(game: str, path: str) -> None:
        print(f"    game {game}: {base}{path}", file=sys.stderr, flush=True)

    app = build_app(data, plugins, show_host_links=listed, allowed_hosts=names,
                    plugin_args=(tuple(plugin or ()), tuple(disable_plugin or ())),
                    max_bot_budget=max_bot_budget, announce=None if listed else announce)
    print(f"artemis serve: http://{shown}:{port}/ (games in {data}); Ctrl-C stops it, "
          "every game is saved", file=sys.stderr)
    if not listed:
        for line in host_links(app, base):
            print(line, file=sys.stderr)
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    timeout_graceful_shutdown=STOP_GRACE)
    except (OSError, SystemExit) as exc:
        code = getattr(exc, "code", 1)
        if code not in (0, None):
            print(f"error: cannot serve on {shown}:{port}: "
                  f"{getattr(exc, 'strerror', None) or 'the port is taken or not allowed'}",
                  file=sys.stderr)
            raise typer.Exit(1) from None


def is_loopback(host: str) -> bool:
    """Whether ``host`` answers this computer only (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_name(entry: str) -> str:
    """The name of a ``--public-host`` entry without its port: ``play.example.org:8443`` ->
    ``play.example.org``, ``[::1]:8443`` -> ``[::1]``, ``play.example.org`` unchanged."""
    if entry.startswith("["):
        return entry[:entry.index("]") + 1] if "]" in entry else entry
    name, colon, port = entry.rpartition(":")
    return name if colon and port.isdigit() and ":" not in name else entry


def link_base(shown: str, port: int, public: list[str]) -> str:
    """The start of the host links printed in the terminal: ``https://NAME[:PORT]`` for the
    first ``--public-host`` (the players' address, behind a TLS proxy); for a server on every
    network (0.0.0.0, ::) a placeholder saying what to put; else ``http://ADDRESS:PORT``."""
    if public:
        return f"https://{public[0]}"
    if shown in ("0.0.0.0", "[::]"):
        return f"http://ADDRESS-OF-THIS-MACHINE:{port}"
    return f"http://{shown}:{port}"


def host_links(app, base: str) -> list[str]:
    """A line per game of the data folder with its host page's link (``base`` + path), for a
    server open to the network (where the games list does not show them)."""
    store = app.state.store
    return [f"    game {g}: {base}/g/{g}/host/{key}"
            for g in store.ids() if (key := store.host_key(g)) is not None]


def _importable(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None
