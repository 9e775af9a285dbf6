"""``make play`` (tools/serve.py --dev): no service worker, so a reload shows the files as they are now.

A browser that registered the real worker on an earlier visit (``make play-sw``,
or ``make play`` before it had a dev mode) on the same address is switched
back to the network: the worker is replaced, the caches deleted, and the
page reloaded from the server.
"""

import threading

import pytest
from app_driver import wait_ready
from offline_site import wait_offline_ready

import precache  # tools/ is put on sys.path by tests/conftest.py
import serve

TIMEOUT_MS = 60_000


class Server:
    """tools/serve.py's server on one port, dev or not, restartable on the same port."""

    def __init__(self):
        self.port, self.server = 0, None

    def start(self, dev):
        self.server = serve.make_server(port=self.port, dev=dev, quiet=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}/"

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture()
def server(base_url):      # base_url: game.zip rebuilt from game/ first
    precache.write(serve.ROOT)       # the worker's list must match the files served
    server = Server()
    yield server
    server.stop()


def app_caches(page):
    return page.evaluate("caches.keys().then((names) => names.filter((n) => n.startsWith('backgammon:')))")


def registrations(page):
    return page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)")


def test_dev_mode_registers_no_worker(server, browser):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server.start(dev=True))
        wait_ready(page)
        page.wait_for_selector('html[data-sw="off"]', state="attached")
        page.wait_for_timeout(1500)                # the real script would have registered by now
        assert registrations(page) == 0 and app_caches(page) == []
    finally:
        context.close()


@pytest.mark.chromium_only("turning the HTTP cache off takes the Chrome DevTools Protocol "
                            "(Network.setCacheDisabled); Playwright has no other way in Firefox")
def test_dev_mode_retires_the_worker_of_an_earlier_visit(server, browser):
    context = browser.new_context()
    page = context.new_page()
    try:
        # an earlier visit with the worker: the files now come from its cache
        url = server.start(dev=False)
        page.goto(url)
        wait_ready(page)
        assert wait_offline_ready(page)
        server.stop()
        # then `make play` on the same address (the browser's HTTP cache left out: what a
        # plain server sent earlier may stay in it a while, the worker's cache is what matters)
        server.start(dev=True)
        context.new_cdp_session(page).send("Network.setCacheDisabled", {"cacheDisabled": True})
        page.reload()
        page.wait_for_function(
            """async () => document.documentElement.dataset.sw === "off"
                && !navigator.serviceWorker.controller
                && (await navigator.serviceWorker.getRegistrations()).length === 0
                && (await caches.keys()).every((n) => !n.startsWith("backgammon:"))""",
            timeout=TIMEOUT_MS, polling=500)
        wait_ready(page)
    finally:
        context.close()
