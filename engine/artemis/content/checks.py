"""Game-agnostic cross-item checks: unique ids, where each effect operation may stand, and how
many operations an effect may run."""

from __future__ import annotations

from collections.abc import Iterable

from artemis.content.loader import Item, Pack, may_hold
from artemis.content.problems import Problem, did_you_mean
from artemis.effects.registry import BOARD, PLAYER, SCORING, Registry

#: The most operations one effect may run, nested effects counted as often as they may run
#: (docs/authoring.md 13.6): the base game's largest runs 8 (101 for its per without max,
#: counted at MAX_PER); a per at its largest max over a single operation runs 101.
MAX_EFFECT_SIZE = 200


def unique_ids(items: list[Item], packs: Iterable[Pack] = ()) -> list[Problem]:
    """E301 for every id seen before in load order, at its second occurrence (its hint, when
    the first is another pack's, suggests ``replaces: true``); an item with
    ``replaces: true`` takes the place of the earlier item of its id, and E504 when there is
    none (unless a file of ``packs`` that could not be read may hold it: `may_hold`)."""
    packs = list(packs)
    first: dict[str, Item] = {}
    out = []
    for item in items:
        item_id = item.id
        if not isinstance(item_id, str):
            continue
        if item.data.get("replaces") is True:
            if item_id not in first and not may_hold(packs, item.kind):
                out.append(item.problem(
                    "E504", f"replaces '{item_id}', which no loaded pack defines",
                    did_you_mean(item_id, first) or "replace an id of the base game or of a "
                    "required pack", "replaces", key=True))
            first[item_id] = item
            continue
        if item_id in first:
            f = first[item_id]
            at = "first defined at {}:{}:{}".format(f.doc.file, *f.where("id"))
            if f.pack != item.pack:  # another pack's item: the author may mean to replace it
                hint = (f"{at} (pack '{f.pack}'); to put this item in its place add "
                        "`replaces: true`, else give it its own id")
            else:
                hint = f"{at}; ids must be unique"
            out.append(item.problem("E301", f"duplicate id '{item_id}'", hint, "id"))
        else:
            first[item_id] = item
    return out


def walk_effect(effect: list, sub: tuple, registry: Registry):
    """Yield (name, params, path) for every registered step of ``effect`` at ``sub``, nested
    steps included (each operation's ``children`` says where its nested effects are)."""
    for i, step in enumerate(effect if isinstance(effect, list) else []):
        if not isinstance(step, dict) or len(step) != 1:
            continue
        (name, params), = step.items()
        op = registry.operations.get(name)
        if op is None:
            continue
        at = (*sub, i, name)
        yield name, params, at
        if op.children is not None:
            for key, child in op.children(params):
                yield from walk_effect(child, (*at, key), registry)


#: where ``modify`` may stand and how to fix it, in words any game's content reads (a game
#: gives its own: `effect_contexts`'s ``modify_where``)
MODIFY_WHERE = ("an effect with no acting player",
                "move it to an effect that has no acting player (docs/authoring.md)")


def effect_contexts(item: Item, effect: list, context: str, sub: tuple,
                    registry: Registry, modify_where: tuple[str, str] = MODIFY_WHERE
                    ) -> list[Problem]:
    """Check every step of ``effect`` (at ``sub`` inside ``item``) against ``context``.

    Codes: E305 `modify` where a player acts (``modify_where``: (where it may stand, the
    fix), in the game's words: the Project's passives and untargeted Event clauses, R37);
    E306 another board operation such as `stock` where a player acts; E307 a player
    operation in an untargeted clause; E308 a non-scoring operation in a scoring clause."""
    out: list[Problem] = []
    for name, _params, at in walk_effect(effect, sub, registry):
        op = registry.operations[name]
        if context == BOARD and BOARD not in op.contexts:
            out.append(item.problem(
                "E307", f"'{name}' needs an acting player, but this clause has no target",
                "add a target (each_player, players_with_most, players_with_fewest) or use "
                "stock/modify", *at, key=True))
        elif context == SCORING and SCORING not in op.contexts:
            out.append(item.problem(
                "E308", f"'{name}' cannot score: scoring uses only vp and per -> vp",
                "write the score as vp N or per {count, every, max, effect: [vp N]}",
                *at, key=True))
        elif context in (PLAYER, SCORING) and op.contexts == frozenset({BOARD}):
            if name == "modify":
                where, fix = modify_where
                out.append(item.problem("E305", f"'modify' is allowed only in {where}", fix,
                                        *at, key=True))
            else:
                out.append(item.problem(
                    "E306", f"'{name}' is a board effect, allowed only in an untargeted event "
                    "clause", "move it to an event clause without a target", *at, key=True))
    return out


def effect_size(effect, registry: Registry) -> int:
    """The most operations ``effect`` may run: the sum of its steps' sizes (each operation's
    ``size``; without one, 1 plus its nested effects'). Anything that is not a list of
    registered one-key steps counts 1 per entry (its schema problem is reported elsewhere)."""
    if not isinstance(effect, list):
        return 0
    return sum(step_size(step, registry) for step in effect)


def step_size(step, registry: Registry) -> int:
    """The most operations one effect step may run (see `effect_size`)."""
    if not isinstance(step, dict) or len(step) != 1:
        return 1
    (name, params), = step.items()
    op = registry.operations.get(name) if isinstance(name, str) else None
    if op is None:
        return 1

    def size_of(child) -> int:
        return effect_size(child, registry)

    if op.size is not None:
        return max(1, op.size(params, size_of))
    children = op.children(params) if op.children is not None else []
    return 1 + sum(size_of(child) for _, child in children)


def effect_budget(item: Item, effects: list[tuple[object, tuple]],
                  registry: Registry) -> list[Problem]:
    """E315 when the effects ``[(effect, sub)]`` (one effect, or the clauses of an Event that
    run together) may run more than `MAX_EFFECT_SIZE` operations in all: reported at the
    largest step, with the total."""
    sizes = [(step_size(step, registry), (*sub, i), step)
             for effect, sub in effects if isinstance(effect, list)
             for i, step in enumerate(effect)]
    total = sum(n for n, _, _ in sizes)
    if total <= MAX_EFFECT_SIZE:
        return []
    _, at, step = max(sizes, key=lambda s: s[0])
    key = (next(iter(step)),) if isinstance(step, dict) and len(step) == 1 else ()
    return [item.problem(
        "E315", f"this effect may run {total:,} operations (a per's effect counted as often as "
        f"it may run); at most {MAX_EFFECT_SIZE}",
        "lower a per's max or a count, or spread the effect over several items "
        "(docs/authoring.md 13.6)", *at, *key, key=bool(key))]
