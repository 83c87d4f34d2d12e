"""Legal actions grouped for people: a question's answers as a tree a front end walks step by
step (the terminal seat, the browser's chooser), each leaf one legal action.

A game groups its long questions its own way (`parts.Words.choice_groups`; the Project's
placements: die, region, target, Toolkit change); `by_kind` is the generic grouping of a list
that mixes kinds of answer. Grouping changes nothing recorded: the leaves are the engine's
actions, with their ids and labels.
"""

from __future__ import annotations

from dataclasses import dataclass

from artemis.kernel.actions import Action


@dataclass(frozen=True)
class ChoiceGroup:
    """One step of a grouped question: ``label`` says what choosing it means ("die 3",
    "Basecamp"), ``items`` are the next step's groups or, at the last step, `Action`s;
    ``short`` optionally gives each item a short label at this step ("as rolled", "slot 4"),
    where the item's full words would repeat what the steps before said."""

    label: str
    items: tuple
    short: tuple = ()

    def actions(self) -> list[Action]:
        """Every action under this group, in order."""
        out: list[Action] = []
        for item in self.items:
            out.extend(item.actions() if isinstance(item, ChoiceGroup) else [item])
        return out


def by_kind(actions: list[Action], words=None) -> list[ChoiceGroup] | None:
    """``actions`` grouped by their kind (a group per kind, in the engine's order), labelled
    ``words(kind)`` (default: the kind with spaces); None when they are all of one kind, where
    grouping would add a step and say nothing."""
    groups: dict[str, list[Action]] = {}
    for a in actions:
        groups.setdefault(a.kind, []).append(a)
    if len(groups) < 2:
        return None
    name = words or (lambda kind: kind.replace("_", " "))
    return [ChoiceGroup(name(kind), tuple(items)) for kind, items in groups.items()]


def web_steps(rows) -> list[dict] | None:
    """The browser's grouped chooser from ``rows``, each (path, option): ``path`` the steps
    to the option, ((key, label), ...), one pair a step, the same length for every row;
    ``option`` {"id", "label"}, one legal action. Rows sharing a step's key share it, in
    the order first met. Returns the steps as the page draws them: [{"key", "label",
    "steps": [...]}], the last step of each path {"key", "label", "options": [option, ...]};
    None when ``rows`` is empty (the plain chooser). The shape of a game's boards part's
    ``web_choices`` (docs/serve.md)."""
    top: dict = {}
    for path, option in rows:
        level = top
        for depth, (key, label) in enumerate(path):
            last = depth == len(path) - 1
            node = level.setdefault(str(key), {"key": str(key), "label": label,
                                               **({"options": []} if last else {"steps": {}})})
            if last:
                node["options"].append(option)
            else:
                level = node["steps"]

    def listed(level: dict) -> list[dict]:
        return [{**n, "steps": listed(n["steps"])} if "steps" in n else n
                for n in level.values()]

    return listed(top) or None

