"""The Odyssey through the `artemis` command where it is not written yet: a clear usage error
naming what does work (docs/odyssey-authoring.md, "Status")."""

from __future__ import annotations

from typer.testing import CliRunner

from artemis.cli import app


def test_content_list_says_the_browser_is_not_written_yet():
    result = CliRunner().invoke(app, ["content", "list", "--game", "odyssey"])
    assert result.exit_code == 2
    assert ("The Artemis Odyssey (odyssey) offers no content browser yet; `artemis validate "
            "--game odyssey` checks its content") in " ".join(result.stderr.split())
