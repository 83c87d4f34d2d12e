"""`artemis.testing` is a library a game written as a package of its own calls from its tests:
run from a folder outside this repository, with nothing of tests/ importable and no pytest
imported, it checks a small game defined in the script, and names the check a broken one
fails."""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import sys
    from artemis.kernel.action_space import ActionSpace, ids
    from artemis.kernel.actions import Action
    from artemis.kernel.flow import StepTable, ask, push
    from artemis.kernel.games import register_game
    from artemis.kernel.ruleset import Ruleset
    from artemis.testing import check_game

    TABLE = StepTable()

    class State:
        def __init__(self, heap, rng):
            self.heap, self.turn, self.rng = heap, 0, rng

        def clone(self):
            c = State(self.heap, self.rng.fork())
            c.turn = self.turn
            return c

    @TABLE.step("game_start")
    def _turn(game):
        s = game.state
        ask(game, s.turn, "take", [Action("take", (k,)) for k in (1, 2) if k <= s.heap])

    @TABLE.answer("take")
    def _take(game, action, ctx):
        s = game.state
        s.heap -= action.args[0]
        if s.heap == 0:
            game.final = {"winner": s.turn}
            return
        s.turn = 1 - s.turn
        push(game, ("game_start",))

    class Take(Ruleset):
        id, name, player_counts, streams, table = "take", "Take", (2,), (), TABLE
        max_decisions = 9

        def setup(self, game, rng):
            return State(9, rng)

        def view(self, game, seat):
            return {"heap": game.state.heap, "turn": game.state.turn}

        def result(self, game):
            w = game.final["winner"]
            return {"players": [{"seat": s, "vp": int(s == w)} for s in (0, 1)],
                    "ranking": [w, 1 - w], "winner": w}

        parts = {"tools": {
            "action_space": lambda config: ActionSpace({"take": tuple(ids("take", (1, 2)))}, {}),
            "score_bounds": lambda config: (0, 1)}}

    class Broken(Take):
        id = "broken_take"
        parts = {"tools": {**Take.parts["tools"], "score_bounds": lambda config: (0, 0)}}

    register_game(Take())
    register_game(Broken())
    print("decisions", check_game("take", seeds=5))
    try:
        check_game("broken_take", seeds=1)
    except AssertionError as exc:
        print("broken:", str(exc).splitlines()[0])
    print("pytest imported:", "pytest" in sys.modules)
''')


def test_a_game_outside_the_repository_runs_the_conformance_checks(tmp_path):
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120, env={"ARTEMIS_LOAD_PLUGINS": "",
                                                      "ARTEMIS_LOAD_GAMES": "project",
                                                      "ARTEMIS_CACHE_DIR": str(tmp_path),
                                                      "PATH": ""})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("decisions ") and int(lines[0].split()[1]) >= 5 * 5
    assert lines[1].startswith("broken: broken_take, 2 players, seed 0, decision ")
    assert "outside the declared score bounds 0 to 0" in lines[1]
    assert lines[2] == "pytest imported: False"
