"""The Starlette application of `artemis serve` (docs/serve.md, "Pages and requests").

Routes (``ID``: a game id, ``TOKEN``: a seat's token, ``KEY``: the game's host key):

| route | what |
|---|---|
| ``GET /`` | the games, 50 a page newest first (``?page=N``); the new-game form |
| ``POST /games`` | start a game; 303 to its host page |
| ``GET /g/ID`` | the game as a spectator sees it (the public view) |
| ``GET /g/ID/host/KEY`` | the seats' links, the hotseat link, the pace |
| ``GET /g/ID/hotseat/KEY`` | hotseat: the hand-over screen naming the seat to decide |
| ``GET /g/ID/s/TOKEN`` | a seat's page: its view, its legal actions when asked, the account |
| ``POST /g/ID/s/TOKEN/act`` | the seat's action (field ``action``: an action id) |
| ``POST /g/ID/s/TOKEN/undo`` | the seat takes back its last decision (the kernel's rule) |
| ``POST /g/ID/pace`` | the bots' pace (fields ``key``: a token or the host key, ``pace``) |
| ``GET /g/ID/poll`` | news as JSON: actions taken, seat to decide, over (bots move here) |
| ``GET /g/ID/final`` | the final table with each scoring part |
| ``GET /replay`` | the upload form (a log or a save) and the stored replays |
| ``POST /replay`` | upload a log or save (multipart field ``file``); 303 to its viewer |
| ``GET /replay/RID`` | the viewer at ``?step=K``: board, account, the decision and its choices |
| ``POST /replay/RID/continue`` | a new game from step ``step`` (seats ``seatN``, ``nameN``) |
| ``GET /static/...`` | the page's CSS and JavaScript, shipped in the package |
| ``GET /boards/GAME/board.css`` | a game's board styles (its boards part's ``web_stylesheet``) |

A refused request (unknown game, bad token, an illegal or malformed action, a body over the
limit, a POST from a page of another site or without its form's token: `artemis.web.guard`)
is answered with a 4xx page, or JSON for a client that asks for it (``Accept:
application/json``), naming what is wrong; nothing changes. An unexpected error is a 500 page
with its one-line reason, never a traceback.

The event loop only reads requests and sends answers: the work on games (loading, applying,
saving, drawing pages) runs in Starlette's worker threads, and a searching bot thinks in a
worker process (`artemis.web.thinking`), so one game's bot never holds up another page. When
the server stops, its lifespan closes the store (`GameStore.close`): the workers are killed
and every game stays as its save holds it.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from artemis.kernel.game import counts_text
from artemis.web import forms, guard
from artemis.web.render import HERE, page, replay_page, seat_page
from artemis.web.replays import FOLDER as REPLAYS
from artemis.web.replays import ReplayStore
from artemis.web.session import Refused, Stale
from artemis.web.store import GameStore
from artemis.web.thinking import DEFAULT_MAX_BOT_BUDGET, Thinker, check_budgets

#: Headers on every answer: no page of the game is framed or sends its address (which holds
#: a token) to another site; scripts and styles come from this server only.
SECURITY_HEADERS = [
    # same-origin: our own pages' requests say where they come from (a real Origin, which
    # `guard.refusal` checks), while no other site is ever sent an address
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'"),
    (b"cache-control", b"no-store"),
]


#: The games the index page lists at once (``?page=N``, newest first): a page of 1,000 rows
#: took 98 ms wall to draw (docs/performance.md).
LIST_PAGE = 50
#: The notices a seat's page shows after a redirect (``?notice=NAME``): fixed words, so a link
#: cannot make the page say anything else.
NOTICES = {"stale": "That form was sent twice, or from a page out of date: it changed "
                    "nothing. This is the game now."}


def _wants_json(request: Request) -> bool:
    """Whether the answer is JSON: asked for, or the poll's (its script reads JSON only)."""
    return ("application/json" in request.headers.get("accept", "")
            or request.url.path.endswith("/poll"))


def _refusal(request: Request, status: int, message: str) -> Response:
    if _wants_json(request):
        return JSONResponse({"ok": False, "status": status, "error": message}, status)
    return HTMLResponse(page("error.html", status=status, message=message), status)


def build_app(data: str | Path, host=None, show_host_links: bool = True,
              allowed_hosts: list[str] | None = None, plugin_args=None,
              max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET, bot_workers: int | None = None,
              announce=None):
    """The application (ASGI) serving the games of the data folder ``data`` with the plugin
    ``host``. ``show_host_links``: the games list links each game's host page (which lists
    every seat's link); `artemis serve` turns it off when the server is reachable from the
    network, where only the player who started a game should have those links.
    ``allowed_hosts``: the only Host headers answered (None: any); `artemis serve` on
    127.0.0.1 answers only its own names, so a page of another site that renames itself to
    this address (DNS rebinding) cannot read the games list. ``plugin_args``: how ``host`` was
    made, ``(--plugin modules, --disable-plugin names)``, so that the bots' worker processes
    make the same (without ``host``: the default; with a ``host`` and no ``plugin_args``, every
    bot decides in the request's thread). ``max_bot_budget``: the most search iterations a
    decision a seat's bot may be given (`artemis.web.thinking.check_budgets`);
    ``bot_workers``: the bots' worker processes at most (default: one per core).
    ``announce(game_id, host_path)``: called when a game is made, so that `artemis serve`
    prints its host link where the games list does not show it."""
    if plugin_args is None and host is None:
        plugin_args = ((), ())
    store = GameStore(data, host, Thinker(plugin_args, bot_workers))
    keys = guard.FormKeys(data)

    def show(template: str, **data) -> HTMLResponse:
        """A page whose forms carry their tokens (`guard.FormKeys.token`)."""
        return HTMLResponse(page(template, form_token=keys.token, **data))

    async def posted(request: Request) -> dict[str, list[str]]:
        """The request's fields (`forms.read_fields`), refused (403) without the token of the
        form posting here (`guard.FormKeys.check`)."""
        fields = await forms.read_fields(request)
        keys.check(request.url.path, fields)
        return fields
    packs_folder = Path(data) / "packs"
    replays = ReplayStore(Path(data) / REPLAYS, host, packs_folder)

    def index(request: Request) -> Response:
        from artemis.kernel.games import games
        from artemis.players.bots import bot_kinds

        rulesets = games()
        query = request.query_params
        number = query.get("page", "1")
        # a page past the end (however far) is the last, as is one of games removed since
        digits = number.isascii() and number.isdigit()
        number = (max(1, int(number)) if len(number) <= 9 else 10 ** 9) if digits else 1
        listing, total = store.listing_page((number - 1) * LIST_PAGE, LIST_PAGE)
        pages = max(1, -(-total // LIST_PAGE))
        if number > pages:  # past the end (games removed since): the last page
            number = pages
            listing, total = store.listing_page((number - 1) * LIST_PAGE, LIST_PAGE)
        keys = {}
        if show_host_links:
            keys = {g.id: k for g in listing if not g.problem
                    and (k := store.host_key(g.id)) is not None}
        from artemis.util import DEFAULT_GAME

        # the default game first, as on the command line; a seat row for the largest count,
        # those past the chosen count hidden (?game=ID&players=N chooses without a script)
        ordered = sorted(rulesets.values(), key=lambda r: r.id != DEFAULT_GAME)
        asked = query.get("game", "")
        chosen = rulesets.get(asked) or (ordered[0] if ordered else None)
        unknown = ""
        if asked and asked not in rulesets:  # said, as the command line says it
            from artemis.kernel.games import UnknownGame, get_game

            try:
                get_game(asked[:40])
            except UnknownGame as exc:
                unknown = f"?game={asked[:40]}: {exc}; the form shows " + (
                    chosen.name or chosen.id if chosen is not None else "no game")
        max_seats = max((max(r.player_counts) for r in ordered), default=1)
        counts = sorted(chosen.player_counts) if chosen is not None else [1]
        players = query.get("players", "")
        players = (int(players) if players.isdigit() and 1 <= int(players) <= max_seats
                   else 2 if 2 in counts else counts[0])
        return show(
            "index.html", listing=listing, host_keys=keys, max_seats=max_seats, unknown=unknown,
            page={"number": number, "pages": pages, "total": total,
                  "first": (number - 1) * LIST_PAGE + 1 if listing else 0,
                  "last": (number - 1) * LIST_PAGE + len(listing)},
            chosen=chosen.id if chosen is not None else "", players=players,
            kinds=bot_kinds(chosen) if chosen is not None else [],
            games=[{"id": r.id, "name": r.name or r.id, "counts": sorted(r.player_counts),
                    "kinds": bot_kinds(r),
                    "variants": [(name, v.description) for name, v
                                 in sorted(_variants(store, r.id).items())],
                    "options": sorted((r.config_schema or {}).get("properties", {})),
                    "content_versions": counts_text(tuple(range(1, r.content_version + 1)))}
                   for r in ordered],
            packs=sorted(forms.packs(packs_folder)))

    async def create(request: Request) -> Response:
        from artemis.content.problems import ContentError
        from artemis.kernel.game import ConfigError

        fields = await posted(request)
        wanted = forms.new_game(fields, store.host, packs_folder)
        check_budgets(wanted.kinds, max_bot_budget)
        try:
            session = await run_in_threadpool(store.create, wanted.config, wanted.kinds,
                                              wanted.names)
        except ConfigError as exc:
            raise Refused(400, f"the game cannot be set up: {exc}") from None
        except ContentError as exc:
            first = exc.problems[0].format().splitlines()[0] if exc.problems else str(exc)
            raise Refused(400, f"the game's content does not load: {first}") from None
        return await run_in_threadpool(_opened, request, session)

    def _opened(request: Request, session) -> Response:
        """A game just made (new, or continued from a replay): its bots move, then 303 to its
        host page (JSON ``{ok, id, host, seats}`` with 201 when asked for)."""
        session.advance()
        where = f"/g/{session.id}/host/{session.host_key}"
        if announce is not None:
            announce(session.id, where)
        if _wants_json(request):
            return JSONResponse({"ok": True, "id": session.id, "host": where,
                                 "seats": _seat_links(session)}, 201)
        return RedirectResponse(where, 303)

    def _game(request: Request):
        return store.get(request.path_params["game"])

    def _seat(request: Request):
        session = _game(request)
        seat = session.seat_of(request.path_params["token"])
        if seat is None:
            raise Refused(403, "this link is not a seat of this game: ask the player who "
                          "started it for your seat's link")
        return session, seat

    def _host(request: Request):
        session = _game(request)
        if not session.is_host(request.path_params["key"]):
            raise Refused(403, "this is not the game's host link")
        return session

    def spectate(request: Request) -> Response:
        session = _game(request)
        session.advance()
        return show("seat.html", **seat_page(session, None), act_url=None, undo_url=None,
                    pace_key=None, hotseat=None)

    def host_page(request: Request) -> Response:
        session = _host(request)
        session.advance()
        return show("host.html", session=session, links=_seat_links(session),
                    game=session.game)

    def hotseat(request: Request) -> Response:
        session = _host(request)
        session.advance()
        seat = session.to_decide
        # the seat that just decided may take it back before passing the device on
        undoer = session.undo_seat()
        return show(
            "handover.html", session=session, game=session.game, seat=seat,
            human=seat is not None and session.human(seat),
            link=(f"/g/{session.id}/s/{session.tokens[seat]}?hotseat={session.host_key}"
                  if seat is not None and session.human(seat) else None),
            undoer=undoer,
            undo_url=(f"/g/{session.id}/s/{session.tokens[undoer]}/undo?hotseat="
                      f"{session.host_key}" if undoer is not None else None))

    def seat_view(request: Request) -> Response:
        session, seat = _seat(request)
        session.advance()
        hotseat_key = _hotseat_key(request, session)
        token = request.path_params["token"]
        if hotseat_key and session.to_decide != seat:  # done: hand the device on
            return RedirectResponse(f"/g/{session.id}/hotseat/{hotseat_key}", 303)
        query = f"?hotseat={hotseat_key}" if hotseat_key else ""
        notice = NOTICES.get(request.query_params.get("notice", ""))
        return show("seat.html", **seat_page(session, seat), notice=notice,
                    act_url=f"/g/{session.id}/s/{token}/act{query}",
                    undo_url=f"/g/{session.id}/s/{token}/undo{query}",
                    pace_key=token, hotseat=hotseat_key)

    async def act(request: Request) -> Response:
        session, seat = await run_in_threadpool(_seat, request)
        fields = await posted(request)
        action = forms.one(fields, "action", "")
        try:
            await run_in_threadpool(session.act, seat, action, forms.decision(fields))
        except Stale as exc:
            return _stale(request, session, exc)
        await run_in_threadpool(session.advance)
        if _wants_json(request):
            return JSONResponse(_news(session))
        hotseat_key = _hotseat_key(request, session)
        back = f"/g/{session.id}/s/{request.path_params['token']}"
        if hotseat_key:  # the hand-over, unless the same seat decides again: straight on
            back = (f"{back}?hotseat={hotseat_key}" if session.to_decide == seat
                    else f"/g/{session.id}/hotseat/{hotseat_key}")
        return RedirectResponse(back, 303)

    def _stale(request: Request, session, exc: Stale) -> Response:
        """A decision's or an undo's form sent again (or from a page out of date): nothing
        changed; a browser goes back to the seat's page, which says so (JSON: 409)."""
        if _wants_json(request):
            raise exc
        hotseat_key = _hotseat_key(request, session)
        query = f"&hotseat={hotseat_key}" if hotseat_key else ""
        return RedirectResponse(f"/g/{session.id}/s/{request.path_params['token']}"
                                f"?notice=stale{query}", 303)

    async def take_back(request: Request) -> Response:
        session, seat = await run_in_threadpool(_seat, request)
        fields = await posted(request)
        try:
            label = await run_in_threadpool(session.undo, seat, forms.decision(fields))
        except Stale as exc:
            return _stale(request, session, exc)
        if _wants_json(request):
            return JSONResponse({**_news(session), "undone": label})
        hotseat_key = _hotseat_key(request, session)
        back = f"/g/{session.id}/s/{request.path_params['token']}"
        if hotseat_key:  # the seat holds the device and decides again
            back += f"?hotseat={hotseat_key}"
        return RedirectResponse(back, 303)

    async def pace(request: Request) -> Response:
        session = await run_in_threadpool(_game, request)
        fields = await posted(request)
        key = forms.one(fields, "key", "")
        if session.seat_of(key) is None and not session.is_host(key):
            raise Refused(403, "only a seat or the host of this game sets its pace")
        value = await run_in_threadpool(session.set_pace, forms.one(fields, "pace"))
        if _wants_json(request):
            return JSONResponse({"ok": True, "pace": value})
        back = (f"/g/{session.id}/host/{key}" if session.is_host(key)
                else f"/g/{session.id}/s/{key}")
        return RedirectResponse(back, 303)

    def poll(request: Request) -> Response:
        session = _game(request)
        moved = session.advance()
        return JSONResponse({**_news(session), "moved": moved})

    def final(request: Request) -> Response:
        session = _game(request)
        data = seat_page(session, None)
        if data["final"] is None:
            raise Refused(409, "the game is not over yet: the final table comes at its end")
        if _wants_json(request):
            return JSONResponse({"ok": True, **session.game.result,
                                 "names": session.names})
        return HTMLResponse(page("final.html", **data))

    def replay_index(request: Request) -> Response:
        return show("replay_upload.html", limit_kib=forms.MAX_UPLOAD // 1024,
                    replays=replays.listing() if show_host_links else [])

    async def replay_upload(request: Request) -> Response:
        name, raw = await forms.read_upload(
            request, "file", check=lambda fields: keys.check(request.url.path, fields))
        record = await run_in_threadpool(replays.add, raw, name)
        where = f"/replay/{record.id}"
        if _wants_json(request):
            return JSONResponse({"ok": True, "id": record.id, "url": where,
                                 "game": record.game_id, "steps": record.steps}, 201)
        return RedirectResponse(where, 303)

    def _step(record, raw: str | None) -> int:
        if raw is None or raw == "":
            return 0
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
            raise Refused(400, f"field 'step': '{raw[:20]}' is not a step number (0 to "
                          f"{record.steps})")
        return int(raw)

    def replay_view(request: Request) -> Response:
        record = replays.get(request.path_params["replay"])
        step = _step(record, request.query_params.get("step"))
        data = replay_page(record, record.steps if step > record.steps else step)
        if _wants_json(request):
            d = data["decision"]
            return JSONResponse({"ok": True, "step": data["step"], "steps": record.steps,
                                 "round": data["round"], "over": data["game"].is_over,
                                 "view": data["game"].view(None), "account": data["account"],
                                 "decision": d and {"seat": d["seat"],
                                                    "question": d["question"],
                                                    "choices": d["choices"]}})
        return show("replay.html", **data)

    async def replay_continue(request: Request) -> Response:
        from artemis.kernel.replay import ReplayFailed

        record = await run_in_threadpool(replays.get, request.path_params["replay"])
        fields = await posted(request)
        step = _step(record, forms.one(fields, "step"))
        if step > record.steps:
            raise Refused(400, f"field 'step': {step} is not a step of this replay (0 to "
                          f"{record.steps})")
        at = await run_in_threadpool(record.at, step)
        if at.is_over:
            raise Refused(409, "the game is over at this step: there is nothing to continue")
        kinds, names = forms.seats(fields, at.ruleset, len(record.kinds), record.kinds,
                                   record.names)
        check_budgets(kinds, max_bot_budget)
        try:
            session = await run_in_threadpool(store.create, record.config, kinds, names,
                                              record.actions[:step])
        except ReplayFailed as exc:  # the record was checked: only a changed pack does this
            raise Refused(500, f"the replay's actions no longer apply: {exc}") from None
        return await run_in_threadpool(_opened, request, session)

    async def on_refused(request: Request, exc: Refused) -> Response:
        return _refusal(request, exc.status, exc.message)

    async def on_http(request: Request, exc: HTTPException) -> Response:
        words = {404: "no such page", 405: "this address does not take that method"}
        return _refusal(request, exc.status_code, words.get(exc.status_code, str(exc.detail)))

    async def on_error(request: Request, exc: Exception) -> Response:
        # the data folder's path is the server's business, not a remote player's
        reason = store._here(str(exc)).splitlines()[0][:300] if str(exc) else ""
        return _refusal(request, 500, f"internal error: {type(exc).__name__}: {reason} (a bug "
                        "in artemis: please report it with what you did)")

    def board_stylesheet(request: Request) -> Response:
        # a game's board styles live with its board template (games/GAME/web/), served from
        # there so the page's own stylesheet names no game's pieces
        from artemis.kernel.games import games

        ruleset = games().get(request.path_params["game"])
        boards = ruleset.boards if ruleset is not None else None
        if boards is None or not boards.web_templates or not boards.web_stylesheet:
            raise HTTPException(404, "this game has no board stylesheet")
        text = (Path(boards.web_templates) / boards.web_stylesheet).read_text(encoding="utf-8")
        return Response(text, media_type="text/css")

    routes = [
        Route("/", index),
        Route("/games", create, methods=["POST"]),
        Route("/g/{game}", spectate),
        Route("/g/{game}/host/{key}", host_page),
        Route("/g/{game}/hotseat/{key}", hotseat),
        Route("/g/{game}/s/{token}", seat_view),
        Route("/g/{game}/s/{token}/act", act, methods=["POST"]),
        Route("/g/{game}/s/{token}/undo", take_back, methods=["POST"]),
        Route("/g/{game}/pace", pace, methods=["POST"]),
        Route("/g/{game}/poll", poll),
        Route("/g/{game}/final", final),
        Route("/replay", replay_index),
        Route("/replay", replay_upload, methods=["POST"]),
        Route("/replay/{replay}", replay_view),
        Route("/replay/{replay}/continue", replay_continue, methods=["POST"]),
        Route("/boards/{game}/board.css", board_stylesheet),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware

    middleware = ([Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)]
                  if allowed_hosts is not None else [])

    @contextlib.asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:  # stopping (SIGTERM, Ctrl-C): the bots' workers go, every game is saved
            await run_in_threadpool(store.close)

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan,
                    exception_handlers={Refused: on_refused, HTTPException: on_http,
                                        Exception: on_error})
    app.state.store = store
    app.state.form_keys = keys
    return _Secured(app)


class _Secured:
    """ASGI wrapper adding `SECURITY_HEADERS` to every HTTP answer, and refusing (403) a
    request that changes something sent by a page of another site, by its browser's headers
    (`guard.refusal`), before its body is read: a page of another site cannot start games,
    upload replays or act here (the form's token is checked too, once the body is read)."""

    def __init__(self, app):
        self.app = app
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_secured(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  *SECURITY_HEADERS]}
            await send(message)

        why = guard.refusal(scope)
        if why is not None:
            response = _refusal(Request(scope), 403, why)
            return await response(scope, receive, send_secured)
        return await self.app(scope, receive, send_secured)


def _variants(store: GameStore, game_id: str) -> dict:
    from artemis.kernel.game import default_plugins

    host = store.host if store.host is not None else default_plugins()
    return host.variants(game_id)


def _seat_links(session) -> list[dict]:
    """Each seat: name, kind and, for a human seat, its link."""
    return [{"seat": seat, "name": session.names[seat], "kind": session.kinds[seat],
             "link": f"/g/{session.id}/s/{token}" if token else None}
            for seat, token in enumerate(session.tokens)]


def _hotseat_key(request: Request, session) -> str | None:
    key = request.query_params.get("hotseat")
    return key if key and session.is_host(key) else None


def _news(session) -> dict:
    """What a page polls for: actions taken, the round, the seat to decide, over, the pace,
    and whether a bot is thinking (its decision under way in a worker process)."""
    game = session.game
    return {"ok": True, "actions": len(game.actions), "round": game.ruleset.words.round_of(game),
            "to_decide": game.current_player, "over": game.is_over, "pace": session.pace,
            "thinking": session.thinking}
