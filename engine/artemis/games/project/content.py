"""Loading the Artemis Project's content: its pieces (vocabulary, file schemas, checks,
catalog) given to the kernel's `artemis.content.game_content.GameContent`, which provides
`core_registry`, `game_spec`, `load_game_content` and `load_catalog`."""

from __future__ import annotations

from artemis.content.game_content import GameContent
from artemis.content.loader import MANIFEST
from artemis.games.project import vocabulary
from artemis.games.project.catalog import build_catalog
from artemis.games.project.content_checks import check_all
from artemis.games.project.content_schemas import KINDS, file_schema

GAME = "project"

CONTENT = GameContent(GAME, vocabulary.register, KINDS, file_schema, check_all, build_catalog)
core_registry = CONTENT.core_registry
game_spec = CONTENT.game_spec
load_game_content = CONTENT.load_game_content
load_catalog = CONTENT.load_catalog

__all__ = ["MANIFEST", "core_registry", "game_spec", "load_catalog", "load_game_content"]


def content_summary(catalog) -> str:
    """What a valid catalog holds, for `artemis validate`: "52 buildings, 30 expeditions, ..."
    (the content part, `artemis.kernel.parts.Content`)."""
    return (f"{len(catalog.buildings)} buildings, {len(catalog.expeditions)} expeditions, "
            f"{len(catalog.events)} events, {len(catalog.relief_track)} Relief Track "
            f"spaces, {len(catalog.board.rows)} board rows")


def schemas(registry) -> dict[str, dict]:
    """The Project's content schemas by file name (``KIND.schema.json``, the effect's and the
    scoring model's), assembled from ``registry``; exported under ``schemas/project/``."""
    from artemis.games.project.content_schemas import effect_schema
    from artemis.games.project.scoring_model import model_schema

    out = {f"{k}.schema.json": file_schema(registry, k) for k in KINDS}
    out["effect.schema.json"] = effect_schema(registry)
    out["scoring_model.schema.json"] = model_schema()
    return out
