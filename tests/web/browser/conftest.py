"""Browser fixtures: Debian's Chromium driven by Playwright (it cannot download browsers), one
fresh context per test so that no test inherits another's saved seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from tests.web.browser.table import WIDE, Table
from tests.web.conftest import LiveServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The browser tests' own app and database, so that their games and statistics never meet
    those of the other web tests (`live_server` is its address)."""
    running = LiveServer(tmp_path_factory.mktemp("browser") / "parlour.db").start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    fresh = browser.new_context(viewport=WIDE)
    fresh.set_default_timeout(20_000)
    yield fresh
    fresh.close()


@pytest.fixture
def browser_context_pair(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two separate browsers as far as the server can tell: two people."""
    pair = (browser.new_context(viewport=WIDE), browser.new_context(viewport=WIDE))
    for one in pair:
        one.set_default_timeout(20_000)
    yield pair
    for one in pair:
        one.close()


@pytest.fixture
def table(context: BrowserContext, live_server: str) -> Iterator[Table]:
    """A page of the live app in a fresh browser context; it fails the test on a script error."""
    opened = Table(context.new_page(), live_server)
    yield opened
    assert opened.script_errors == []
