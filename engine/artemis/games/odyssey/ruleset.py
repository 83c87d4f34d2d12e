"""The Artemis Odyssey as a `artemis.kernel.ruleset.Ruleset`: for now its content only (its
vocabulary, base pack, schemas, checks and catalog). It is not registered under the
``artemis.games`` entry point until its rules are written, so `artemis games`, a bare
`artemis validate` and the conformance suite do not see a game that cannot be played yet;
`register_game(RULESET)` registers it in one process (its tests do).
"""

from __future__ import annotations

from artemis.kernel.ruleset import Ruleset

# the named random streams (docs/odyssey-rulings.md OR24)
STREAMS = ("galaxy", "artifacts", "singularity", "setup", "team_deal")


class OdysseyRuleset(Ruleset):
    """The Artemis Odyssey (its rulebook): 1 to 5 players, or 6 and 8 in teams of two."""

    id = "odyssey"
    name = "The Artemis Odyssey"
    player_counts = (1, 2, 3, 4, 5, 6, 8)
    streams = STREAMS

    def base_pack(self):
        from artemis.util.paths import base_pack

        return base_pack(self.id)

    def core_plugin(self):
        from artemis.games.odyssey import core_plugin

        return core_plugin

    def load_content(self, packs, registry, checks=(), plugin_names=frozenset()):
        from artemis.games.odyssey.content import load_game_content

        return load_game_content(packs, registry, checks, plugin_names)

    def content_summary(self, catalog) -> str:
        return (f"{len(catalog.systems)} systems, "
                f"{sum(t.tokens for t in catalog.planet_types)} planets, "
                f"{len(catalog.action_cards)} Action cards, {len(catalog.artifacts)} Alien "
                f"Artifacts, {len(catalog.singularity_cards)} Singularity cards, "
                f"{len(catalog.missions)} Missions")

    def schemas(self, registry) -> dict[str, dict]:
        from artemis.games.odyssey.content_schemas import KINDS, effect_schema, file_schema

        out = {f"{k}.schema.json": file_schema(registry, k) for k in KINDS}
        out["effect.schema.json"] = effect_schema(registry)
        return out


RULESET = OdysseyRuleset()
