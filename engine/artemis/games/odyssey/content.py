"""Loading The Artemis Odyssey's content: the `GameSpec` that ties the kernel's content loader
(`artemis.content.loader`) to the Odyssey's schemas, checks and catalog; `load_game_content`
and `load_catalog`. Its packs' manifests say ``game: odyssey`` (a pack of another game is
E507)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from artemis.content.loader import GameSpec, LoadResult, load_content
from artemis.content.manifest import manifest_schema
from artemis.content.problems import ContentError
from artemis.effects.registry import Registry
from artemis.games.odyssey import vocabulary
from artemis.games.odyssey.catalog import Catalog, build_catalog
from artemis.games.odyssey.content_checks import check_all
from artemis.games.odyssey.content_schemas import KINDS, file_schema
from artemis.util.paths import base_pack

GAME = "odyssey"


def core_registry() -> Registry:
    """A registry holding the Odyssey's own vocabulary (no plugins)."""
    registry = Registry()
    vocabulary.register(registry)
    return registry


def game_spec(registry: Registry | None = None, extra_checks: tuple = (),
              plugin_names: frozenset = frozenset()) -> GameSpec:
    """The content spec of the Odyssey, with schemas assembled from ``registry`` (default:
    `core_registry`); ``extra_checks`` are plugins' checks ``check(items, packs) ->
    [Problem]``; ``plugin_names`` the installed plugins a pack may require."""
    from artemis import __version__

    registry = registry or core_registry()
    ops = frozenset(registry.operations)

    def checks(items, packs):
        found = check_all(items, packs, registry)
        for check in extra_checks:
            found.extend(check(items, packs))
        return found

    return GameSpec(
        manifest_schema=manifest_schema(),
        kind_schemas={k: file_schema(registry, k) for k in KINDS},
        checks=checks,
        build=lambda items, packs: build_catalog(items, packs, ops),
        base=base_pack(GAME),
        game=GAME,
        plugin_names=frozenset(plugin_names),
        engine_version=__version__,
    )


@lru_cache(maxsize=1)
def _default_spec() -> GameSpec:
    return game_spec()


def load_game_content(targets: Iterable[Path | str] = (), registry: Registry | None = None,
                      extra_checks: tuple = (), plugin_names=frozenset()) -> LoadResult:
    """Load the Odyssey's base pack plus ``targets`` (pack folders or content files); never
    raises for bad content: see ``LoadResult.problems``."""
    if registry is None and not extra_checks and not plugin_names:
        spec = _default_spec()
    else:
        spec = game_spec(registry, tuple(extra_checks), frozenset(plugin_names))
    return load_content(list(targets), spec)


def load_catalog(targets: Iterable[Path | str] = (), registry: Registry | None = None,
                 extra_checks: tuple = (), plugin_names=frozenset()) -> Catalog:
    """The catalog of the Odyssey's base pack plus ``targets``. Raises `ContentError` with
    every problem."""
    result = load_game_content(targets, registry, extra_checks, plugin_names)
    if not result.ok:
        raise ContentError(result.problems)
    return result.catalog
