"""Loading The Artemis Odyssey's content: its pieces (vocabulary, file schemas, checks,
catalog) given to the kernel's `artemis.content.game_content.GameContent`, which provides
`core_registry`, `game_spec`, `load_game_content` and `load_catalog`. Its packs' manifests say
``game: odyssey`` (a pack of another game is E507)."""

from __future__ import annotations

from artemis.content.game_content import GameContent
from artemis.games.odyssey import vocabulary
from artemis.games.odyssey.catalog import build_catalog
from artemis.games.odyssey.content_checks import check_all
from artemis.games.odyssey.content_schemas import KINDS, file_schema

GAME = "odyssey"

CONTENT = GameContent(GAME, vocabulary.register, KINDS, file_schema, check_all, build_catalog)
core_registry = CONTENT.core_registry
game_spec = CONTENT.game_spec
load_game_content = CONTENT.load_game_content
load_catalog = CONTENT.load_catalog


def content_summary(catalog) -> str:
    """What a valid catalog holds, for `artemis validate`: "N systems, N planets, ..." (the
    content part, `artemis.kernel.parts.Content`)."""
    return (f"{len(catalog.systems)} systems, "
            f"{sum(t.tokens for t in catalog.planet_types)} planets, "
            f"{len(catalog.action_cards)} Action cards, {len(catalog.artifacts)} Alien "
            f"Artifacts, {len(catalog.singularity_cards)} Singularity cards, "
            f"{len(catalog.missions)} Missions")


def schemas(registry) -> dict[str, dict]:
    """The Odyssey's content schemas by file name (``KIND.schema.json`` and the effect's),
    assembled from ``registry``; exported under ``schemas/odyssey/``."""
    from artemis.games.odyssey.content_schemas import effect_schema

    out = {f"{k}.schema.json": file_schema(registry, k) for k in KINDS}
    out["effect.schema.json"] = effect_schema(registry)
    return out
