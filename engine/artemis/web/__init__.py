"""`artemis serve`: games played in a browser (docs/serve.md).

`store` keeps the games of a data folder (a save per game, in the save format, written after
every action, and the seats' tokens beside it); `session` is one game being served (its bots,
their pace, the checks on who may act); `forms` checks what a browser sends; `render` turns
any game's view into HTML, drawing a game's board where its boards part gives one (the
drawings and their templates are the games' own); `app` is the Starlette application with its
routes. Starlette, Jinja2 and uvicorn are the `web` extra, imported only when `artemis serve` runs.
"""
