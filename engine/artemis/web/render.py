"""HTML for the browser: the Jinja2 environment (templates under ``templates/``, and each
game's own under ``GAME:NAME``; every value escaped), the generic rendering of any game's view,
and the page data of a seat's page.

A game with a board drawing (its boards part's ``web_board`` and ``web_template``,
`artemis.kernel.parts.Boards`) shows its board; every game also shows its view as nested
tables (`generic_view`), so a game without a drawing still plays. The legal actions are
grouped: the game's own grouped chooser where it gives one (the boards part's
``web_choices``: the steps are drawn as given), else by the kind of question.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
_ENV: list = []
#: game id -> the Jinja2 loader of the game's templates (its boards part's ``web_templates``),
#: added when a page of that game first asks for its board (`board_template`)
_GAME_TEMPLATES: dict = {}


def env():
    """The shared Jinja2 environment (autoescaping on, undefined names an error): the web's
    templates by name, a game's as ``GAME:NAME`` (`board_template`)."""
    if not _ENV:
        from jinja2 import (
            ChoiceLoader,
            Environment,
            FileSystemLoader,
            PrefixLoader,
            StrictUndefined,
            select_autoescape,
        )

        loader = ChoiceLoader([FileSystemLoader(HERE / "templates"),
                               PrefixLoader(_GAME_TEMPLATES, delimiter=":")])
        e = Environment(loader=loader,
                        autoescape=select_autoescape(default=True, default_for_string=True),
                        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        e.globals["is_mapping"] = lambda v: isinstance(v, dict)
        e.globals["is_list"] = lambda v: isinstance(v, list | tuple)
        e.globals["is_scalar_list"] = lambda v: isinstance(v, list | tuple) and all(
            not isinstance(x, dict | list | tuple) for x in v)
        e.globals["words"] = lambda key: str(key).replace("_", " ")
        _ENV.append(e)
    return _ENV[0]


def page(template: str, **data) -> str:
    """The HTML text of ``template`` with ``data``."""
    return env().get_template(template).render(**data)


def generic_view(view) -> str:
    """Any game's view (JSON data) as nested HTML tables: mappings as rows of key and value,
    lists of mappings as tables, short lists inline."""
    return env().get_template("view.html").render(view=view)


def board_template(ruleset) -> str | None:
    """The name of ``ruleset``'s board template in `env` (``GAME:NAME``), its folder's loader
    added on first use; None for a game without one (no ``web_templates`` or
    ``web_template`` in its boards part)."""
    boards = ruleset.boards
    if boards.web_templates is None or boards.web_template is None:
        return None
    if ruleset.id not in _GAME_TEMPLATES:
        from jinja2 import FileSystemLoader

        _GAME_TEMPLATES[ruleset.id] = FileSystemLoader(str(boards.web_templates))
    return f"{ruleset.id}:{boards.web_template}"


def board_css(ruleset) -> str:
    """The address of the game's board stylesheet (its boards part's ``web_stylesheet``,
    served by ``GET /boards/GAME/board.css``), or "" for a game without one."""
    boards = ruleset.boards
    if boards.web_templates is None or not boards.web_stylesheet:
        return ""
    return f"/boards/{ruleset.id}/board.css"


def drawn(game, view) -> tuple[dict | None, str | None]:
    """The board of ``view`` for the page: (the template's data, the template's name), or
    (None, None) for a game without a drawing (the page shows the generic view alone)."""
    board = game.ruleset.boards.web_board(game, view)
    if board is None:
        return None, None
    return board, board_template(game.ruleset)


def describe(game, action, names: list[str] | None = None) -> str:
    """An answer's words in the browser: `parts.Words.describe_action`, then the game's boards
    part's ``web_words(game, text)`` (the Odyssey names a card as its board shows it)."""
    text = game.ruleset.words.describe_action(game, action, names)
    return game.ruleset.boards.web_words(game, text)


def action_groups(game, actions: list, names: list[str] | None = None) -> list[dict]:
    """The legal ``actions`` for the generic chooser: one group per kind of answer, each
    {"kind", "legend", "actions": [{"id", "label"}]} in the engine's order; a label is the
    game's words for the action (`parts.Words.describe_action`, players by ``names``), not the
    recorded one. ``legend`` names the kind only where answers of several kinds are offered
    (the Project's Upkeep "move" or "swap"); a single group has none, the question above it
    saying what is asked."""
    groups: dict[str, list] = {}
    for a in actions:
        groups.setdefault(a.kind, []).append(
            {"id": a.id, "label": describe(game, a, names)})
    several = len(groups) > 1
    return [{"kind": kind, "legend": kind.replace("_", " ") if several else "",
             "actions": items} for kind, items in groups.items()]


def _leaves(steps) -> set[str]:
    """The action ids of a grouped chooser's leaves: the ``options`` at its last step, however
    deep the steps are nested."""
    found: set[str] = set()
    for step in steps:
        for key, value in step.items():
            if isinstance(value, list):
                found |= ({o["id"] for o in value} if key == "options" else _leaves(value))
    return found


def ungrouped(actions: list, grouped: list | None) -> list:
    """The ``actions`` that a game's grouped chooser (``grouped``, None: none) leaves out,
    for the plain chooser beside it (the Odyssey's "build nothing more" beside its builds)."""
    if grouped is None:
        return actions
    leaves = _leaves(grouped)
    return [a for a in actions if a.id not in leaves]


def seat_page(session, seat: int | None) -> dict:
    """The data of the game page as ``seat`` sees it (None: a spectator): the view drawn or
    rendered, the question and its legal answers when ``seat`` is to decide, the account of
    what it may see, the seats, whether it may take back its last decision (``may_undo``,
    with that decision in the game's words, ``last_label``), and the final table once the
    game is over."""
    game = session.game
    ruleset = game.ruleset
    view = game.view(seat)
    board, template = drawn(game, view)
    asked = (not game.is_over and seat is not None and game.current_player == seat)
    actions = game.legal_actions() if asked else []
    names = list(session.names)
    account = session.account(seat)
    grouped = (ruleset.boards.web_choices(game, actions, lambda a: describe(game, a, names))
               if asked else None)
    return {
        "session": session, "game": game, "ruleset": ruleset, "seat": seat,
        "round": ruleset.words.round_of(game), "last_round": ruleset.words.last_round(game),
        "to_decide": game.current_player,
        "summary": ruleset.words.seat_summary(game, seat) if seat is not None else "",
        "board": board, "board_template": template, "board_css": board_css(ruleset),
        "generic": generic_view(view),
        "asked": asked, "steps": grouped or [],
        "groups": action_groups(game, ungrouped(actions, grouped), names) if asked else [],
        # the question in the game's words, as the terminal seat asks it (`parts.Words.question`)
        "question": ruleset.words.question(game, names) if asked else "",
        "account": account, "news_at": news_start(game, names, seat, len(account)),
        "final": final_table(session),
        "actions_taken": len(game.actions),
        "may_undo": seat is not None and session.may_undo(seat),
        "last_label": session.undo_words(seat) if seat is not None and session.may_undo(seat)
        else "",
    }


def news_start(game, names: list[str], seat: int | None, shown: int) -> int | None:
    """Where the news since ``seat``'s last decision begins among the last ``shown`` lines
    of its account (`artemis.web.session.account_of`): the first line that differs from the
    account as it stood when the seat last decided (its log up to that decision). None for
    a spectator, a seat that has not decided yet, or nothing new since."""
    from artemis.web.session import account_of

    if seat is None:
        return None
    log = game.log
    last = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("type") == "action"
                 and log[i].get("player") == seat), None)
    if last is None:
        return None
    everything = 10 ** 9
    now = account_of(game, names, seat, everything)
    then = game.clone()
    then.log = log[:last + 1]
    before = account_of(then, names, seat, everything)
    k = 0
    while k < min(len(now), len(before)) and now[k] == before[k]:
        k += 1
    if k >= len(now):
        return None
    return max(k - (len(now) - min(shown, len(now))), 0)


def final_table(session) -> dict | None:
    """The final scores once the game is over: {"title", "parts" [(id, label)], "rows"
    [{"name", "in_game", "steps" [...], "vp"}] in ranking order, "winner"}; None before."""
    return scores(session.game, session.names)


def scores(game, names: list[str]) -> dict | None:
    """`final_table` of ``game``, its seats called by ``names``."""
    if not game.is_over:
        return None
    from artemis.players.play import scoring_columns

    ruleset, result = game.ruleset, game.result
    columns = scoring_columns(game)
    parts = [p for p, _ in columns]
    in_game = all("in_game" in row for row in result["players"])
    rows = []
    for row in sorted(result["players"], key=lambda r: result["ranking"].index(r["seat"])):
        rows.append({"name": names[row["seat"]],
                     "in_game": row.get("in_game") if in_game else None,
                     "steps": [row.get("steps", {}).get(p, 0) for p in parts],
                     "vp": row["vp"]})
    return {"title": ruleset.scoring_title,
            "parts": columns,
            "in_game": in_game, "rows": rows,
            # a solo game lost has no winner (the Odyssey's Solo Rules, Winning the Game)
            "winner": names[result["winner"]] if result.get("winner") is not None else None}


def replay_page(replay, step: int) -> dict:
    """The data of the replay viewer at ``step`` (the game after the record's first ``step``
    actions): the public view drawn or rendered, the public account so far, the decision
    asked there ({"seat", "name", "question" (its kind), "asked" (the question in the game's
    words, `parts.Words.question`), "choices" [{"id", "label", "taken"}], "taken"},
    None at the record's end), the final table when the game is over there, and the seats the
    continue form offers (their kinds, the recorded one first)."""
    from artemis.players.bots import bot_kinds, check_bot
    from artemis.web.session import account_of

    game = replay.at(step)
    ruleset = game.ruleset
    view = game.view(None)
    board, template = drawn(game, view)
    decision = None
    if step < replay.steps and game.pending is not None:
        taken = replay.actions[step]
        choices = [{"id": a.id, "label": a.label, "taken": a.id == taken}
                   for a in game.legal_actions()]
        decision = {"seat": game.current_player, "name": replay.names[game.current_player],
                    "question": game.pending.kind, "choices": choices,
                    "asked": ruleset.words.question(game, list(replay.names)),
                    "taken": next((c for c in choices if c["taken"]), None)}
    kinds = bot_kinds(ruleset)

    def offered(recorded: str) -> list[str]:
        """The recorded spec first (a kind with options too: `mcts:iterations=20`), when it
        is one of the game's, then every kind."""
        try:
            first = [check_bot(recorded, ruleset)]
        except ValueError:
            first = []
        return first + [k for k in kinds if k not in first]

    return {
        "replay": replay, "session": replay, "game": game, "ruleset": ruleset, "seat": None,
        "step": step, "steps": replay.steps, "round": ruleset.words.round_of(game),
        "last_round": ruleset.words.last_round(game),
        "board": board, "board_template": template, "board_css": board_css(ruleset),
        "generic": generic_view(view), "decision": decision,
        "account": account_of(game, replay.names, None, last=400),
        "final": scores(game, replay.names),
        "seat_kinds": [offered(r) for r in replay.kinds],
    }
