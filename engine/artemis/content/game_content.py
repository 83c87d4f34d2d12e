"""A game's content, loaded through the kernel's loader: the `GameSpec` that ties
`artemis.content.loader` to one game's vocabulary, file schemas, checks and catalog, with
the entry points each game offers (`core_registry`, `game_spec`, `load_game_content`,
`load_catalog`). A game supplies its pieces; the wiring is written once (docs/design.md,
"Adding a game")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from artemis.content.loader import GameSpec, LoadResult, load_content
from artemis.content.manifest import manifest_schema
from artemis.content.problems import ContentError
from artemis.effects.registry import Registry
from artemis.util.paths import base_pack


class GameContent:
    """One game's content wiring.

    ``game``: the game's id (its packs' manifests say ``game: GAME``; its base pack is
    ``content/GAME/base``). ``vocabulary(registry)`` registers the game's own effect
    vocabulary; ``kinds`` are its content file kinds and ``file_schema(registry, kind)`` the
    JSON Schema of each; ``check_all(items, packs, registry) -> [Problem]`` its cross-file
    checks; ``build_catalog(items, packs, operations) -> catalog`` its content model."""

    def __init__(self, game: str, vocabulary: Callable[[Registry], None], kinds: tuple,
                 file_schema: Callable, check_all: Callable, build_catalog: Callable):
        self.game = game
        self.vocabulary = vocabulary
        self.kinds = tuple(kinds)
        self.file_schema = file_schema
        self.check_all = check_all
        self.build_catalog = build_catalog
        self._default: GameSpec | None = None

    def core_registry(self) -> Registry:
        """A registry holding the game's own vocabulary only (no plugins)."""
        registry = Registry()
        self.vocabulary(registry)
        return registry

    def game_spec(self, registry: Registry | None = None, extra_checks: tuple = (),
                  plugin_names: frozenset = frozenset()) -> GameSpec:
        """The content spec, with schemas assembled from ``registry`` (default:
        `core_registry`); ``extra_checks`` are plugins' checks ``check(items, packs) ->
        [Problem]``; ``plugin_names`` the installed plugins a pack may require."""
        from artemis._version import __version__

        registry = registry or self.core_registry()
        ops = frozenset(registry.operations)

        def checks(items, packs):
            found = self.check_all(items, packs, registry)
            for check in extra_checks:
                found.extend(check(items, packs))
            return found

        return GameSpec(
            manifest_schema=manifest_schema([f"{k}.yaml" for k in self.kinds[:2]]),
            kind_schemas={k: self.file_schema(registry, k) for k in self.kinds},
            checks=checks,
            build=lambda items, packs: self.build_catalog(items, packs, ops),
            base=base_pack(self.game),
            game=self.game,
            plugin_names=frozenset(plugin_names),
            engine_version=__version__,
        )

    def load_game_content(self, targets: Iterable[Path | str] = (),
                          registry: Registry | None = None, extra_checks: tuple = (),
                          plugin_names=frozenset(), base: Path | None = None) -> LoadResult:
        """Load the game's base pack (``base``: another base pack folder, an older content
        version's) plus ``targets`` (pack folders or content files); never raises for bad
        content: see ``LoadResult.problems``. The spec of the game alone (no registry,
        checks, plugins or base given) is built once."""
        if base is not None:
            from dataclasses import replace

            spec = replace(self.game_spec(registry, tuple(extra_checks),
                                          frozenset(plugin_names)), base=Path(base))
            return load_content(list(targets), spec)
        if registry is None and not extra_checks and not plugin_names:
            if self._default is None:
                self._default = self.game_spec()
            spec = self._default
        else:
            spec = self.game_spec(registry, tuple(extra_checks), frozenset(plugin_names))
        return load_content(list(targets), spec)

    def load_catalog(self, targets: Iterable[Path | str] = (),
                     registry: Registry | None = None, extra_checks: tuple = (),
                     plugin_names=frozenset(), base: Path | None = None):
        """The catalog of the game's base pack (or ``base``) plus ``targets``. Raises
        `ContentError` with every problem."""
        result = self.load_game_content(targets, registry, extra_checks, plugin_names, base)
        if not result.ok:
            raise ContentError(result.problems)
        return result.catalog
