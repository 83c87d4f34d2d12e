"""`artemis games`: the registered games, with their player counts, config options, variants
(from the default plugin host) and bot kinds, and the ``artemis.games`` entry points that
failed to load."""

import json

from artemis.cli.common import JsonFlag, StrictOpt, plugin_host


def games_command(strict_plugins: StrictOpt = False, as_json: JsonFlag = False) -> None:
    """List the registered games: id, name, player counts, config options, variants with
    their plugin, bot kinds, and the games that failed to load."""
    report = describe_games(plugin_host(None, None, strict_plugins))
    if as_json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    from artemis.kernel.game import counts_text

    for n, row in enumerate(report["games"]):
        if n:
            print()
        print(f"{row['id']}: {row['name']}")
        counts = row["player_counts"]
        print(f"  players: {counts_text(tuple(counts)) if counts else 'none'}")
        options = [f"{o['name']}={json.dumps(o['default'])}"
                   + (f" ({o['description']})" if o["description"] else "")
                   for o in row["options"]]
        print(f"  options: {'; '.join(options) or 'none'}")
        variants = [f"{v['name']} ({v['plugin']})" if v["plugin"] else v["name"]
                    for v in row["variants"]]
        print(f"  variants: {', '.join(variants) or 'none'}")
        print(f"  bots: {', '.join(row['bots'])}")
        print(f"  versions: rules {_versions(row['rules_version'])}, content "
              f"{_versions(row['content_version'])} (a new game plays the newest; "
              "docs/saves.md)")
    for name, error in report["failures"].items():
        print(f"failed to load game {name}: {error}")


def _versions(current: int) -> str:
    """A game's rules or content versions, 1 up to ``current``: "1 to 4", or "1"."""
    return "1" if current == 1 else f"1 to {current}"


def describe_games(host) -> dict:
    """What `artemis games` shows: {games: [{id, name, player_counts, options: [{name,
    default, description}], variants: [{name, plugin, description, options}], bots,
    rules_version, content_version}],
    failures: {entry point name: error}}; variants are those ``host``'s plugins register
    for the game; ``rules_version`` and ``content_version`` the newest this engine plays,
    ``rules_versions`` and ``content_versions`` every one it plays (1 up to the newest)."""
    from artemis.kernel.games import failures, games
    from artemis.players.bots import bot_kinds

    rows = []
    for game_id, ruleset in games().items():
        props = ruleset.config_schema.get("properties", {})
        options = [{"name": name, "default": spec.get("default"),
                    "description": spec.get("description", "")}
                   for name, spec in props.items()]
        plugin_of: dict[str, str] = {}
        for name, plugin in host.pm.list_name_plugin():
            if host.game_of(name) != game_id or not hasattr(plugin,
                                                            "artemis_register_variants"):
                continue
            found: list = []
            plugin.artemis_register_variants(register=found.append)
            for variant in found:
                plugin_of.setdefault(variant.name, name)
        variants = [{"name": name, "plugin": plugin_of.get(name, ""),
                     "description": variant.description,
                     "options": sorted(variant.options.get("properties", {}))}
                    for name, variant in sorted(host.variants(game_id).items())]
        rows.append({"id": game_id, "name": ruleset.name, "player_counts":
                     sorted(ruleset.player_counts), "options": options, "variants": variants,
                     "bots": list(bot_kinds(ruleset)),
                     # the newest of each, and every one a game may name (docs/saves.md)
                     "rules_version": ruleset.rules_version,
                     "content_version": ruleset.content_version,
                     "rules_versions": list(range(1, ruleset.rules_version + 1)),
                     "content_versions": list(range(1, ruleset.content_version + 1))})
    return {"games": rows, "failures": failures()}
