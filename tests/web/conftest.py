"""Prints where the browser test saved its screenshots (tests/web/browser.py), in every run's
summary, also without ``-s``."""

from .browser import ARTEFACTS


def pytest_terminal_summary(terminalreporter):
    for folder in ARTEFACTS:
        terminalreporter.write_line(f"browser test screenshots: {folder}")
