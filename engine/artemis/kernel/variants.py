"""Variants (house rules) that plugins register, and checking a game's variant choices."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Variant:
    """A house rule: ``name``, ``description``, the JSON Schema of its ``options`` (an object
    schema with defaults), and ``params(options)`` -> the rule parameter values it sets."""

    name: str
    description: str
    options: dict = field(default_factory=lambda: {"type": "object", "properties": {}})
    params: Callable[[dict], dict] = lambda options: {}
    plugin: str = ""


class VariantError(ValueError):
    """An unknown variant or a bad option; ``hint`` says what would be right."""

    def __init__(self, message: str, hint: str = ""):
        self.hint = hint
        super().__init__(message)


def resolve_options(variant: Variant, given: dict | None) -> dict:
    """The variant's options: its schema's defaults overlaid with ``given``. Raises
    VariantError naming the option for an unknown key or a value the schema rejects."""
    from jsonschema import Draft7Validator

    from artemis.content.problems import did_you_mean

    props = variant.options.get("properties", {})
    given = dict(given or {})
    for key in given:
        if key not in props:
            raise VariantError(f"variant '{variant.name}' has no option '{key}'",
                               did_you_mean(key, props) or
                               f"options: {', '.join(props) or 'none'}")
    options = {k: v["default"] for k, v in props.items() if "default" in v}
    options.update(given)
    errors = sorted(Draft7Validator(variant.options).iter_errors(options), key=str)
    if errors:
        e = errors[0]
        where = ".".join(str(p) for p in e.absolute_path) or "options"
        raise VariantError(f"variant '{variant.name}': {where}: {e.message}",
                           props.get(where, {}).get("description", ""))
    return options
