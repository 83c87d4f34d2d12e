"""Playing a whole game with bots, and its account for people (`artemis play`)."""

from __future__ import annotations

from artemis.kernel.game import Game, GameConfig
from artemis.players.bots import seat_bot


def play_game(config: GameConfig, kinds: list[str], plugins=None) -> Game:
    """Play one whole game, seat i played by a bot of ``kinds[i]`` seeded from the game seed;
    ``plugins`` is a PluginHost (default: the core and the installed plugins)."""
    game = Game.new(config, plugins=plugins)
    return play_on(game, make_bots(config, kinds))


def make_bots(config: GameConfig, kinds: list[str]) -> list:
    """One bot per seat (`artemis.players.bots.seat_bot`: seat i's seeded from the game seed
    and i)."""
    from artemis.kernel.games import get_game

    ruleset = get_game(config.game)
    return [seat_bot(k, config.seed, seat, ruleset) for seat, k in enumerate(kinds)]


class PlayInterrupted(Exception):
    """Ctrl-C (KeyboardInterrupt) while a seat was deciding or the rules were running.

    ``game`` is the game at the last decision point reached, consistent (a game interrupted
    inside the rules is rebuilt from its config and earlier actions); in a resumable play
    (`play_on`'s default) the interrupted seat's bot has its RNG state from before that
    decision, so a save of (game, bots) continues exactly as the uninterrupted game would
    have."""

    def __init__(self, game: Game):
        super().__init__("interrupted")
        self.game = game


class Stalled(RuntimeError):
    """A game still going after its ruleset's bound on decisions (`Ruleset.max_decisions`):
    the rules loop, a bug to report with the game's seed."""


def play_on(game: Game, bots: list, after_round=None, plugins=None,
            max_decisions: int | None = None, resumable: bool = True) -> Game:
    """Play ``game`` from its current decision to the end with ``bots`` (seat order): the one
    play loop of `artemis play`, `simulate` and `validate --simulate`.

    ``after_round(game)`` is called at the first decision of every new round and once when the
    game is over (where ``artemis play --save`` writes). Raises PlayInterrupted on Ctrl-C,
    Stalled past ``max_decisions`` decisions (default: the ruleset's bound), and whatever a
    bot or the rules raise; ``plugins`` (the PluginHost the game was made with, default the
    game's own) is needed to rebuild a game interrupted inside the rules.

    ``resumable`` (default) keeps each deciding bot's RNG state from before its decision, so
    that on Ctrl-C the bots can be saved with the game and continue exactly (PlayInterrupted);
    the copy costs about as much as a random bot's decision. A caller that drops an
    interrupted game (`artemis simulate`: its game is no game of the run) passes False: the
    game given with PlayInterrupted is still consistent, but the interrupted seat's bot may
    have drawn from its RNG for the decision it did not finish."""
    from artemis.players.bots import rng_state, set_rng_state

    limit = game.ruleset.max_decisions if max_decisions is None else max_decisions
    round_of = game.ruleset.words.round_of
    round_ = round_of(game)
    while not game.is_over:
        bot, before, applied = None, None, False
        taken = len(game.actions)
        if taken >= limit:
            raise Stalled(f"no end after {limit} decisions (a stall)")
        try:
            bot = bots[game.current_player]
            if resumable:
                before = rng_state(bot)
            game.apply(bot.choose(game))
            applied = True
            if after_round is not None and (round_of(game) != round_ or game.is_over):
                round_ = round_of(game)
                after_round(game)
        except KeyboardInterrupt:
            if not applied:  # the decision is taken again: its bot's RNG as before it
                if resumable:
                    set_rng_state(bot, before)
                if len(game.actions) != taken:  # stopped inside the rules: half-done state
                    game = rebuild(game, taken, plugins)
            raise PlayInterrupted(game) from None
    return game


def rebuild(game: Game, actions: int, plugins=None) -> Game:
    """A new game from ``game``'s config with its first ``actions`` actions applied."""
    from artemis.kernel.replay import apply_actions

    fresh = Game.new(game.config, catalog=game.catalog, registry=game.registry,
                     plugins=plugins if plugins is not None else game.host)
    return apply_actions(fresh, [a.id for a in game.actions[:actions]])


def seat_labels(kinds: list[str], names: list[str] | None = None) -> list[str]:
    """How seats are shown: "P0 (random)", or "Alice (greedy)" with a config's names."""
    names = names or [f"P{seat}" for seat in range(len(kinds))]
    return [f"{name} ({kind})" for name, kind in zip(names, kinds, strict=True)]


def account_lines(game: Game, kinds: list[str], names: list[str] | None = None,
                  records: list[dict] | None = None) -> list[str]:
    """The game's story for people (its ruleset's `account_lines`), seats shown as
    `seat_labels` of ``kinds`` and ``names``; told from ``records`` when given (a seat's own,
    `artemis.records.log.visible`), else from the public records of the game's log."""
    return game.ruleset.words.account_lines(game, seat_labels(kinds, names), records)


def scoring_columns(game: Game) -> list[tuple[str, str]]:
    """The final scoring's parts of ``game``'s result, each (part id, its words: "1. saved
    resources"): the game's own `Ruleset.scoring_parts` in order, then a plugin's (its id
    in words), numbered from 1. The one naming of the final table, in the browser and at
    the terminal."""
    ruleset, result = game.ruleset, game.result
    parts = list(ruleset.scoring_parts)
    first = result["players"][0].get("steps", {}) if result["players"] else {}
    parts += [k for k in first if k not in parts]  # plugins' items, after the game's own
    return [(p, f"{n}. {ruleset.scoring_labels.get(p, p.replace('_', ' '))}")
            for n, p in enumerate(parts, start=1)]


def tie_note(game: Game, names: list[str] | None = None) -> str:
    """", tied on VP, ..." when the winner was found by the tie-break (R15). In a team game
    (a result with ``teams``) the winning team is named with its partners, and a tie is
    between teams."""
    result = game.result
    vp = {r["seat"]: r["vp"] for r in result["players"]}
    tied = [seat for seat in result["ranking"] if vp[seat] == vp[result["winner"]]]
    if "teams" in result:
        label = (lambda s: names[s]) if names else (lambda s: f"P{s}")
        team = {t["team"]: t for t in result["teams"]}
        mine = team[next(r["team"] for r in result["players"] if r["seat"] == result["winner"])]
        partners = [label(s) for s in mine["seats"] if s != result["winner"]]
        others = [t for t in result["teams"] if t is not mine and t["vp"] == mine["vp"]]
        note = f" ({mine['colour']} team, with " + ", ".join(partners)
        if others:
            note += (f"; tied on {mine['vp']} VP with the "
                     + ", ".join(f"{t['colour']} team" for t in others)
                     + f"; {game.ruleset.tie_break}")
        return note + ")"
    if len(tied) < 2:
        return ""
    return (f" (tied on {vp[result['winner']]} VP with "
            + ", ".join(names[s] if names else f"P{s}" for s in tied[1:])
            + f"; {game.ruleset.tie_break})")
