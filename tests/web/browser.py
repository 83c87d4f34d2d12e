"""A real browser on a real `artemis serve`, for tests/web/test_browser.py.

The browser is the system's Chromium driven by its own chromedriver through Selenium (the
`test` extra): Debian ships the two as a matched pair (`chromium`, `chromium-driver`), so the
driver always speaks the browser's version, and Selenium is told the driver's path, so it
downloads nothing. `.ci/run` installs the pair when it is missing. Without them a developer's
run skips the browser test with the reason; under CI (``CI=true``) it fails, so CI never
passes without running it.

The server is `artemis serve` itself, in a subprocess on 127.0.0.1 and a free port over a
temporary data folder, as a user starts it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

#: Where Debian's packages put the browser and its driver; ARTEMIS_CHROMIUM and
#: ARTEMIS_CHROMEDRIVER name others.
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: Seconds any one wait for the page may take before the test fails (a bot's turn at pace 0
#: takes well under one; a slow shared machine gets room).
WAIT = 30.0


def _under_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def unavailable(reason: str):
    """Skip the test with ``reason`` on a developer's machine; fail it under CI."""
    if _under_ci():
        pytest.fail(f"CI=true and the browser test cannot run: {reason} (.ci/run installs "
                    "chromium and chromium-driver)", pytrace=False)
    pytest.skip(reason)


def browser_paths() -> tuple[str, str]:
    """(chromium, chromedriver): the executables, or skip/fail (`unavailable`) naming what
    is missing."""
    chromium = os.environ.get("ARTEMIS_CHROMIUM") or CHROMIUM
    driver = os.environ.get("ARTEMIS_CHROMEDRIVER") or CHROMEDRIVER
    missing = [p for p in (chromium, driver) if not (os.path.isfile(p) and os.access(p, os.X_OK))]
    if missing:
        unavailable(f"no headless browser: {', '.join(missing)} not found (Debian: apt-get "
                    "install chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        unavailable("selenium is not installed (pip install -e '.[test]')")
    return chromium, driver


def start_browser(chromium: str, driver: str, width: int = 1400, height: int = 1000):
    """A headless Chromium (`--headless=new`; `--no-sandbox`, which it needs as root) driven
    by ``driver``; the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", "--force-device-scale-factor=1",
                "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(driver), options=options)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`artemis serve --port PORT --data DATA` (and ``args``) in a subprocess; ``url`` is its
    address and ``stderr`` what it printed (shown when it fails)."""

    def __init__(self, data: Path, log: Path, args: tuple[str, ...] = ()):
        self.data = data
        self.log = log
        self.args = tuple(args)
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, attempts: int = 3) -> Server:
        """Start it and wait until it answers its index page. Raises AssertionError with
        its output when it does not start (after ``attempts`` ports)."""
        for _ in range(attempts):
            port = _free_port()
            with open(self.log, "wb") as err:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "artemis", "serve", "--port", str(port),
                     "--data", str(self.data), *self.args],
                    stdin=subprocess.DEVNULL, stdout=err, stderr=err)
            self.url = f"http://127.0.0.1:{port}"
            if self._answers():
                return self
            self.stop()  # the port was taken meanwhile: another one
        raise AssertionError(f"artemis serve did not start:\n{self.stderr}")

    def _answers(self) -> bool:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    return r.status == 200
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)  # not listening yet: ask again
        return False

    @property
    def stderr(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


#: The artefacts folders of this run, which tests/web/conftest.py prints at the end.
ARTEFACTS: list[Path] = []


def artefacts_folder(tmp_path_factory) -> Path:
    """The folder for the screenshots: env ARTEMIS_ARTEFACTS, or a pytest temporary one;
    its path is printed in the run's summary."""
    wanted = os.environ.get("ARTEMIS_ARTEFACTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("browser-artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    ARTEFACTS.append(folder.resolve())
    return folder


def screenshot(driver, path: Path, width: int = 1400) -> Path:
    """Save the whole page (not only the window) as a PNG at ``path``: the window is made as
    tall as the page for the shot, then set back."""
    size = driver.get_window_size()
    height = driver.execute_script(
        "return Math.max(document.body.scrollHeight, document.documentElement.scrollHeight)")
    driver.set_window_size(width, min(max(int(height) + 40, 600), 6000))
    try:
        driver.save_screenshot(str(path))
    finally:
        driver.set_window_size(size["width"], size["height"])
    return path

