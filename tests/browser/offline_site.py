"""Helpers of the offline and security tests: a copy of the site that can go down, and the
service worker's state seen from the page.

:class:`Site` is what ``make dist`` writes (tools/dist.py), under a sub-path
(``/apps/backgammon/``) as on a static host, served by a server that can be
stopped and started again on the same port: the origin, and with it the
service worker's registration and caches, stays the same.
"""

import functools
import http.server
import pathlib
import re
import sys
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import dist  # noqa: E402
import precache  # noqa: E402
import serve  # noqa: E402

SUB_PATH = "apps/backgammon"
CACHE_PREFIX = f"backgammon:/{SUB_PATH}/:"
SW_TIMEOUT_MS = 60_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class Site:
    """dist/ under ``/apps/backgammon/`` of a loopback server; :meth:`stop` takes it off the network."""

    def __init__(self, top: pathlib.Path):
        self.top = top
        self.folder = top / SUB_PATH
        dist.build(self.folder)
        self.port = 0
        self.server = None
        self.start()
        self.url = f"http://127.0.0.1:{self.port}/{SUB_PATH}/"

    def start(self):
        handler = functools.partial(_Quiet, directory=str(self.top))
        self.server = serve.Server(("127.0.0.1", self.port), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    @property
    def manifest(self) -> dict:
        return precache.read(self.folder)

    @property
    def version(self) -> str:
        return self.manifest["version"]

    def publish(self, build: str) -> str:
        """A new version of the site: index.html marked ``build``, precache.js rewritten."""
        page = self.folder / "index.html"
        html = re.sub(r'\s*<meta name="x-test-build"[^>]*>', "", page.read_text())
        page.write_text(html.replace("<head>", f'<head>\n  <meta name="x-test-build" content="{build}">', 1))
        precache.write(self.folder)
        return self.version


def build_of(page) -> str | None:
    """The ``x-test-build`` mark of the page on screen (None: the first version)."""
    return page.evaluate(
        "document.querySelector('meta[name=\"x-test-build\"]')?.content ?? null")


def wait_offline_ready(page):
    """Wait until a service worker is active and controls the page; return the cache names."""
    page.wait_for_function(
        "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'",
        timeout=SW_TIMEOUT_MS)
    return cache_names(page)


def cache_names(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def cached_urls(page, name) -> list[str]:
    return sorted(page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", name))


def wait_for_caches(page, names, timeout=SW_TIMEOUT_MS):
    """Wait until the origin's caches are exactly ``names``."""
    page.wait_for_function(
        "async (names) => JSON.stringify((await caches.keys()).sort()) === JSON.stringify(names)",
        arg=sorted(names), timeout=timeout)


#: Look for an update now and wait for the new worker's fate: "installed" (all its files
#: are cached; it may have gone on to take over), "redundant" (its install failed) or
#: "none" (nothing new).
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  // caught as it starts: it may be installed, even in charge, when update() resolves
  let found = null;
  registration.addEventListener("updatefound", () => { found = registration.installing; }, { once: true });
  await registration.update();
  const worker = found || registration.installing || registration.waiting;
  if (!worker) return "none";
  const fate = () => worker.state === "redundant" ? "redundant"
    : worker.state === "installing" ? null : "installed";
  return fate() || await new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (fate()) resolve(fate());
  }));
}"""
