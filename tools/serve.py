"""Serve the checkout on 127.0.0.1 for development (``make play``), without the service worker.

The service worker (sw.js) answers every file of the app from its cache once
a page has registered it, which is what players want and what gets in the
way of editing: a reload shows the old files. With ``--dev`` (``make play``):

- ``static/js/register-sw.js`` is replaced by a script that registers
  nothing, unregisters any worker this origin still has, and deletes the
  app's caches (``<html data-sw="off">`` says it ran);
- ``sw.js`` is replaced by a worker that, should a browser still have the
  real one registered and look for an update, takes over, deletes the app's
  caches, unregisters itself and reloads the app's pages from the network;
- every answer carries ``Cache-Control: no-cache``: the browser asks again
  at each load (a file not changed costs a 304), so a reload shows every
  edit (``make vendor`` still rebuilds game.zip). Files a plain server sent
  earlier may sit in the browser's HTTP cache for a while: one hard reload
  (Ctrl+Shift+R) replaces them.

Without ``--dev`` (``make play-sw``) the files are served as they are, the
worker included, to try the offline mode. ``make dist`` is not concerned:
its output keeps the real worker.

    python3 tools/serve.py --dev --port 8000
"""

import argparse
import functools
import http.server
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

DEV_REGISTER = b"""/* make play (tools/serve.py --dev): no service worker while developing. */
(function () {
  "use strict";
  document.documentElement.dataset.sw = "off";
  if (!("serviceWorker" in navigator)) {
    return;
  }
  navigator.serviceWorker.getRegistrations().then(function (registrations) {
    registrations.forEach(function (registration) { registration.unregister(); });
  });
  if (window.caches) {
    caches.keys().then(function (names) {
      names.filter(function (name) { return name.indexOf("backgammon:") === 0; })
        .forEach(function (name) { caches.delete(name); });
    });
  }
})();
"""

DEV_WORKER = b"""/* make play (tools/serve.py --dev): replaces a service worker left from an earlier visit. */
"use strict";
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    for (const name of await caches.keys()) {
      if (name.startsWith("backgammon:")) {
        await caches.delete(name);
      }
    }
    await self.registration.unregister();
    for (const client of await self.clients.matchAll({ type: "window" })) {
      client.navigate(client.url);
    }
  })());
});
"""

#: path -> (content type, body) answered instead of the file, in dev mode
DEV_FILES = {
    "/static/js/register-sw.js": ("text/javascript", DEV_REGISTER),
    "/sw.js": ("text/javascript", DEV_WORKER),
}


class Handler(http.server.SimpleHTTPRequestHandler):
    dev = False

    def end_headers(self):
        if self.dev:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.dev and path in DEV_FILES:
            kind, body = DEV_FILES[path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


class QuietHandler(Handler):
    def log_message(self, format, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    """Says nothing of a page that went away while a file was on its way to it (closed, or gone
    to another address, before the later zips it asks for once playable had arrived)."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(directory=ROOT, port=8000, dev=True, quiet=False):
    """A ThreadingHTTPServer for ``directory`` on 127.0.0.1:``port`` (0: any free port)."""
    base = QuietHandler if quiet else Handler
    handler = functools.partial(type("DevHandler" if dev else "PlainHandler", (base,), {"dev": dev}),
                                directory=str(directory))
    return Server(("127.0.0.1", port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dev", action="store_true", help="no service worker, no caching")
    args = parser.parse_args(argv)
    server = make_server(port=args.port, dev=args.dev)
    mode = "development: no service worker, nothing cached" if args.dev else "with the service worker"
    print(f"http://127.0.0.1:{server.server_address[1]}/  ({mode}; Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
