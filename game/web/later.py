"""The modules the first screen does not need, in a second zip fetched once the page is playable.

tools/pack.py ships ``game`` in two zips: game.zip (what main.py's imports run: the page,
the controller, the renderer, the texts) and game-later.zip (what the app imports only
when it needs it: the bot and its nets, the lessons, the analysis, the file formats, the
QR code, ...), and lists the second one's modules in ``game/web/later.json``. Both unpack
into the interpreter's working directory, where ``import game`` finds them.

- :func:`install` (main.py, first): an import of a later module before the zip is in
  fetches it there and then, synchronously, so that nothing can ever be missing; it only
  costs time.
- :func:`fetch_soon` (main.py, once the page is playable): the zip is fetched and
  unpacked in the background, usually long before the first bot move or lesson.

Without ``later.json`` (the sources shipped as they are, ``pack.py --sources``) every
module is in game.zip and both do nothing.
"""

import asyncio
import importlib
import io
import json
import pathlib
import sys
import zipfile

import js
from pyodide.http import pyfetch

LISTING = pathlib.Path(__file__).with_name("later.json")
# x-user-defined gives bytes 0x80-0xFF as U+F780-U+F7FF (a synchronous request gets text only)
_BYTES = {0xF700 + byte: byte for byte in range(0x80, 0x100)}


class Later:
    """Fetches and unpacks the later zip once; finds nothing itself (import does)."""

    def __init__(self, listing):
        self.url = listing["zip"]
        self.modules = frozenset(listing["modules"])
        self.done = False

    def unpack(self, data):
        if not self.done:
            zipfile.ZipFile(io.BytesIO(data)).extractall(pathlib.Path.cwd())
            importlib.invalidate_caches()
            self.done = True
            js.performance.mark("backgammon:later")

    def fetch_now(self):
        request = js.XMLHttpRequest.new()
        request.open("GET", self.url, False)
        request.overrideMimeType("text/plain; charset=x-user-defined")
        request.send(None)
        if int(request.status) != 200:
            raise ImportError(f"{self.url}: HTTP {request.status}")
        self.unpack(str(request.responseText).translate(_BYTES).encode("latin-1"))

    async def fetch(self):
        if self.done:
            return
        response = await pyfetch(self.url)
        data = await response.bytes()
        self.unpack(data)

    # importlib's finder protocol: only makes sure the files are there
    def find_spec(self, name, path=None, target=None):
        if not self.done and name in self.modules:
            self.fetch_now()
        return None


_later = None


def install():
    global _later
    if _later is None and LISTING.is_file():
        _later = Later(json.loads(LISTING.read_text(encoding="utf-8")))
        sys.meta_path.insert(0, _later)


def fetch_soon():
    """Fetch the later zip in the background (a failed fetch leaves it to the first import)."""
    if _later is None or _later.done:
        return

    async def run():
        try:
            await _later.fetch()
        except Exception as error:  # noqa: BLE001 - offline: the first import tries again
            js.console.warn(f"game-later.zip: {error}")

    asyncio.ensure_future(run())
