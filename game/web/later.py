"""The modules the first screen does not need, in zips fetched once the page is playable.

Two things come in two zips each, the first one loaded before the page is playable and
the other one after:

- ``game``: tools/pack.py ships game.zip (what main.py's imports run: the page, the
  controller, the renderer, the texts) and game-later.zip (what the app imports only when
  it needs it: the bot and its nets, the lessons, the analysis, the file formats, the QR
  code, ...), and lists the second one's modules in ``game/web/later.json``. Both unpack
  into the interpreter's working directory, where ``import game`` finds them.
- the standard library: tools/vendor.py ships the modules the start imports in the zip
  Pyodide loads (``stdLibURL``), with ``python_stdlib_later.json`` listing the others,
  which are in python_stdlib_later.zip. That zip is written beside the first one and its
  modules are imported from it as they are from the first (zipimport), even those of a
  package the first zip holds (``xml.dom`` of ``xml``, the rarer ``encodings``).

- :func:`install` (main.py, first): an import of a later module before its zip is in
  fetches the zip there and then, synchronously, so that nothing can ever be missing; it
  only costs time.
- :func:`fetch_soon` (main.py, once the page is playable): both later zips are fetched and
  put in place in the background, usually long before the first bot move or lesson.

Without a listing (the sources shipped as they are, ``pack.py --sources``; a stdlib
zip shipped whole, without Node) that zip has no later part and nothing is done for it.
"""

import asyncio
import io
import json
import os
import pathlib
import sys
import zipfile
import zipimport

import js
from pyodide.http import pyfetch

LISTING = pathlib.Path(__file__).with_name("later.json")
#: in the first stdlib zip (tools/vendor.py)
STDLIB_LISTING = "python_stdlib_later.json"
# x-user-defined gives bytes 0x80-0xFF as U+F780-U+F7FF (a synchronous request gets text only)
_BYTES = {0xF700 + byte: byte for byte in range(0x80, 0x100)}


class Unpacked:
    """Later modules unpacked into a folder already on the path (game's)."""

    def __init__(self, folder):
        self.folder = folder

    def put(self, data):
        zipfile.ZipFile(io.BytesIO(data)).extractall(self.folder)
        # the path's finders forget the folders they listed; not importlib.invalidate_caches(),
        # which imports importlib.metadata (email, csv, ...: the later stdlib zip's)
        for finder in list(sys.path_importer_cache.values()):
            if hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()

    def spec(self, name):
        return None  # the path finds the files now there


class Zipped:
    """Later modules kept in their zip, imported from it (the standard library's)."""

    def __init__(self, path):
        self.path = path

    def put(self, data):
        pathlib.Path(self.path).write_bytes(data)

    def spec(self, name):
        folder = name.rpartition(".")[0].replace(".", "/")
        return zipimport.zipimporter(f"{self.path}/{folder}" if folder else self.path).find_spec(name)


class Later:
    """One later zip: fetched and put in place once; finds its own modules for import."""

    def __init__(self, url, modules, place, mark):
        self.url = url
        self.modules = frozenset(modules)
        self.place = place
        self.mark = mark
        self.done = False
        self.busy = False  # fetching now: what the fetch itself imports is not ours

    def put(self, data):
        if not self.done:
            self.place.put(data)
            self.done = True
            js.performance.mark(self.mark)

    def fetch_now(self, name):
        js.console.info(f"{self.url}: fetched at once, for {name}")
        self.busy = True
        try:
            request = js.XMLHttpRequest.new()
            request.open("GET", self.url, False)
            request.overrideMimeType("text/plain; charset=x-user-defined")
            request.send(None)
            if int(request.status) != 200:
                raise ImportError(f"{self.url}: HTTP {request.status}")
            self.put(str(request.responseText).translate(_BYTES).encode("latin-1"))
        finally:
            self.busy = False

    async def fetch(self):
        if self.done:
            return
        response = await pyfetch(self.url)
        if not response.ok:
            raise OSError(f"{self.url}: HTTP {response.status}")
        data = await response.bytes()
        self.put(data)

    # importlib's finder protocol
    def find_spec(self, name, path=None, target=None):
        if self.busy or name not in self.modules:
            return None
        if not self.done:
            self.fetch_now(name)
        return self.place.spec(name)


_later = []


def stdlib_later():
    """The standard library's later zip, from the listing in the first one, or None."""
    first = pathlib.Path(os.__file__).parent  # /lib/python314.zip in Pyodide
    if not zipfile.is_zipfile(first):
        return None
    with zipfile.ZipFile(first) as zipped:
        if STDLIB_LISTING not in zipped.namelist():
            return None
        listing = json.loads(zipped.read(STDLIB_LISTING))
    place = Zipped(str(first.with_name("python_stdlib_later.zip")))
    return Later(listing["zip"], listing["modules"], place, "backgammon:stdlib-later")


def install():
    if _later:
        return
    if LISTING.is_file():
        listing = json.loads(LISTING.read_text(encoding="utf-8"))
        _later.append(Later(listing["zip"], listing["modules"], Unpacked(pathlib.Path.cwd()),
                            "backgammon:later"))
    stdlib = stdlib_later()
    if stdlib is not None:
        _later.append(stdlib)
    sys.meta_path[:0] = _later


def fetch_soon():
    """Fetch the later zips in the background (a failed fetch leaves it to the first import);
    the task that ends with True once every later zip is in."""

    async def run(later):
        try:
            await later.fetch()
        except Exception as error:  # noqa: BLE001 - offline: the first import tries again
            js.console.warn(f"{later.url}: {error}")
        return later.done

    async def every():
        return all(await asyncio.gather(*(run(later) for later in _later)))

    return asyncio.ensure_future(every())
