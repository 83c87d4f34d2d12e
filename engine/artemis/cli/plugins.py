"""`artemis plugins`: every plugin found, with its hooks, variants, content and failures."""

import json

from artemis.cli.common import JsonFlag, console, plugin_host


def plugins(as_json: JsonFlag = False) -> None:
    """List every plugin found: version, hooks, variants and options, and failures."""
    from artemis.kernel.plugins import describe_plugins

    report = describe_plugins(plugin_host(None, None))
    if as_json:
        print(json.dumps(report, indent=2))
        return
    from rich.table import Table

    table = Table("plugin", "version", "hooks", "variants (option=default)", "content")
    for row in report["plugins"]:
        variants = "; ".join(
            f"{v['name']} ({', '.join(v['option_defaults']) or 'no options'})"
            for v in row["variants"])
        table.add_row(row["name"], row["version"], ", ".join(row["hooks"]), variants,
                      ", ".join(row["content"]))
    out = console()
    out.print(table)
    for name, error in report["failures"].items():
        out.print(f"failed to load {name}: {error}", markup=False)
    for name in report["disabled"]:
        out.print(f"not loaded: {name} (ARTEMIS_LOAD_PLUGINS or --disable-plugin)",
                  markup=False)
