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
