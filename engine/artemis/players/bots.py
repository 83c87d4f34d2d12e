"""Bots: players that use only the decision API (docs/design.md).

`RandomBot` picks uniformly among the legal actions with its own seeded RNG; `GreedyBot` looks
one decision ahead: it applies each legal action to a clone and keeps the one whose position
scores best by `evaluate`. Game-agnostic except for `evaluate`, which reads the Artemis state.
"""

from __future__ import annotations

import random

from artemis.kernel.actions import Action

BOT_KINDS = ("random", "greedy", "human")


class NoInput(RuntimeError):
    """A human seat found no input to read (no terminal, or end of input)."""


class HumanPlayer:
    """A seat played from the terminal: the legal actions are listed, numbered, and the
    player types a number (or an action id). Raises NoInput at the end of input."""

    kind = "human"

    def __init__(self, seed: int = 0, read=input, write=print):
        self.read, self.write = read, write

    def choose(self, game) -> Action:
        """Ask until the answer names one of ``game.legal_actions()``."""
        actions = game.legal_actions()
        p = game.state.players[game.current_player]
        self.write(f"Round {game.state.round}, player {p.seat} to decide ({p.energy} Energy, "
                   f"{p.minerals} Minerals, {p.toolkits} Toolkits, {p.vp} VP; dice {p.dice}):")
        for i, a in enumerate(actions, start=1):
            self.write(f"  {i:3d}. {a.label}")
        while True:
            try:
                answer = self.read("> ").strip()
            except EOFError:
                raise NoInput("no input for a human seat") from None
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            chosen = next((a for a in actions if a.id == answer), None)
            if chosen is not None:
                return chosen
            self.write(f"  type a number from 1 to {len(actions)}")


class RandomBot:
    """Uniform over the legal actions, seeded."""

    kind = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> Action:
        """One of ``game.legal_actions()``."""
        return self.rng.choice(game.legal_actions())


def evaluate(game, seat: int) -> float:
    """A heuristic worth of ``seat``'s position, in VP: the score if the game ended now (VP
    plus every final-scoring step), plus what resources, Toolkits, Relief and producing Ocean
    buildings are likely still to bring, minus the best opponent's same figure."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.colonists import fully_staffed
    from artemis.games.project.rules.scoring import final_scores

    s = game.state
    steps = final_scores(game)
    rounds_left = max(0, param(game, "rounds") - s.round)

    def worth(p) -> float:
        value = p.vp + sum(steps[p.seat].values())
        value += 0.35 * (p.energy + p.minerals) + 0.25 * p.toolkits + 0.3 * p.relief
        for b in p.buildings:
            tile = game.catalog.by_id[b.tile]
            if tile.kind == "ocean" and fully_staffed(tile.slots, b.staff):
                value += 0.8 * rounds_left
        return value

    dice = dice_on_board(game)
    mine = worth(s.players[seat]) + dice[seat]
    best_other = max(worth(p) + dice[p.seat] for p in s.players if p.seat != seat)
    return mine - best_other


RESOURCE, COLONIST, RELIEF, BADGE, REWARD, BUILDING, TRAINING = 0.35, 1.4, 0.9, 1.5, 2.5, 3.0, 1.2


def dice_on_board(game) -> dict[int, float]:
    """What each player's dice still on the board are likely to bring when their regions
    resolve, in VP: Exposure takes in order, the leading bid on each Gantry tile, the rank on
    each Expedition, a trainee at the Academy."""
    from artemis.games.project.params import param
    from artemis.games.project.rules.basecamp import difficulty, standings
    from artemis.games.project.rules.gantry import price

    s = game.state
    out = {p.seat: 0.0 for p in s.players}
    for stock, dice in ((s.vents, s.vents_dice), (s.quarry, s.quarry_dice)):
        for player, face in dice:
            take = min(face, stock)
            stock -= take
            out[player] += take * RESOURCE if take else RELIEF
    left = sum(s.doorstep)
    for player, face in s.doorstep_dice:
        cost = param(game, "doorstep_cost_per_colonist", player)
        k = min(game.catalog.board.doorstep[face], left,
                s.players[player].energy // cost if cost else left)
        left -= k
        out[player] += k * (COLONIST - cost * RESOURCE) if left or k else RELIEF
    for tile in s.gantry:
        if tile.dice:
            player, face = max(tile.dice, key=lambda d: d[1])
            cost = price(game, player, face)
            if s.players[player].minerals >= cost:
                out[player] += BUILDING - cost * RESOURCE
    for card in s.cards:
        if not card.dice:
            continue
        ranking = standings(card)
        total = sum(d.face + d.pioneers for d in card.dice)
        odds = min(1.0, total / max(1, difficulty(game, card)))
        for rank, (player, _, _) in enumerate(ranking):
            if rank < 2:
                out[player] += odds * (REWARD + BADGE) + (1 - odds) * RELIEF
            else:
                out[player] += RELIEF
    for space in s.academy:
        if space is not None:
            out[space[0]] += TRAINING
    return out


class GreedyBot:
    """One-step lookahead on `evaluate`; ties broken by its seeded RNG."""

    kind = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game) -> Action:
        """The legal action whose resulting position `evaluate` rates best."""
        seat = game.current_player
        best, best_value = [], None
        for action in game.legal_actions():
            trial = game.clone()
            trial.logging = False
            trial.apply(action)
            value = evaluate(trial, seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


def make_bot(kind: str, seed: int):
    """A bot of ``kind`` ("random" or "greedy"). Raises ValueError for an unknown kind."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "human":
        return HumanPlayer(seed)
    raise ValueError(f"unknown bot '{kind}'; expected one of: {', '.join(BOT_KINDS)}")
