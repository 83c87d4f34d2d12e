"""Tests never load whatever plugins happen to be installed (design.md): entry points are
switched off here, and a test that needs a plugin registers it explicitly."""

import os

os.environ["ARTEMIS_LOAD_PLUGINS"] = ""
