"""Tests never load whatever plugins happen to be installed (docs/design.md): entry points are
switched off here, and a test that needs a plugin registers it explicitly."""

import os

os.environ["ARTEMIS_LOAD_PLUGINS"] = ""
# nor whatever games are installed besides the built-in ones; to run the conformance suite over
# an installed game of your own: ARTEMIS_LOAD_GAMES=project,odyssey,yours pytest tests/conformance
os.environ.setdefault("ARTEMIS_LOAD_GAMES", "project,odyssey")

# The parsed-file cache (artemis.content.cache) lives in a folder of this run only, so tests
# neither read a developer's cache nor leave files in the home folder.
if "ARTEMIS_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["ARTEMIS_CACHE_DIR"] = tempfile.mkdtemp(prefix="artemis-test-cache-")
