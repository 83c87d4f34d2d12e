"""`artemis plugins`: every plugin found, with its hooks, variants, content and failures."""

import json

from artemis.cli.common import JsonFlag, StrictOpt, console, plugin_host


def plugins(strict_plugins: StrictOpt = False, as_json: JsonFlag = False) -> None:
    """List every plugin found: version, hooks, variants and options, and failures."""
    from artemis.kernel.plugins import describe_plugins

    host = plugin_host(None, None, strict_plugins)
    report = describe_plugins(host)
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
    for failure in host.failure_details.values():  # with the variants it would bring
        variants = (f"; its variants are unavailable: {', '.join(failure.variants)}"
                    if failure.variants else "")
        out.print(f"{failure}{variants}", markup=False)
    for name in report["disabled"]:
        out.print(f"not loaded: {name} (ARTEMIS_LOAD_PLUGINS or --disable-plugin)",
                  markup=False)
