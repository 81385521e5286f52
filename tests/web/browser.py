"""The browser tests' kit: the app served by uvicorn on loopback in a thread, and a
headless Debian chromium driven through Selenium and the system chromedriver (nothing is
downloaded: without /usr/bin/chromium and chromedriver, the tests are skipped)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from fivecrowns.web import create_app
from fivecrowns.web._server import server_config

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
#: Why the browser tests cannot run here (None when they can).
MISSING = (
    "selenium is not installed (pip install 'fivecrowns[webtest]')"
    if __import__("importlib").util.find_spec("selenium") is None
    else "Debian's chromium and chromium-driver are not installed "
    "(apt-get install chromium chromium-driver)"
    if CHROMIUM is None or CHROMEDRIVER is None
    else None
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served(db: str) -> Iterator[str]:
    """The app on ``db``, served on a free loopback port as ``fivecrowns serve`` serves it;
    yields its base URL."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(server_config(create_app(db), port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def chromium(width: int = 1000, height: int = 900) -> Iterator[Any]:
    """A headless chromium of that window size."""
    if MISSING:
        pytest.skip(MISSING)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
