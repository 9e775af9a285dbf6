"""localStorage behind the controller's four calls (``get``, ``set``, ``remove``, ``keys``)."""

import zlib

from pyscript import window

from game.app.keep import storage
from game.web.elements import missing


#: the keys of the current match (format 2: ``backgammon.current.<token>``; format 1: the prefix itself)
CURRENT = storage.PREFIX + "current"


class LocalStore:
    """localStorage through the controller's four calls."""

    def __init__(self, backend):
        self.backend = backend
        #: (key, CRC-32 of its UTF-8 text) of the last write of the current match: the copy of
        #: the last drawing names it (game/web/shown.py)
        self.current = None

    def get(self, key):
        value = self.backend.getItem(key)
        return None if missing(value) else str(value)

    def set(self, key, value):
        self.backend.setItem(key, value)
        if key.startswith(CURRENT):
            self.current = (key, zlib.crc32(value.encode("utf-8")))

    def remove(self, key):
        self.backend.removeItem(key)

    def keys(self):
        backend = self.backend
        return [str(backend.key(i)) for i in range(int(backend.length))]


def open_store():
    """localStorage when the browser lets the page write; else a store in memory (play, no saves)."""
    try:
        backend = window.localStorage
        backend.setItem("backgammon.probe", "1")
        backend.removeItem("backgammon.probe")
        return LocalStore(backend)
    except Exception:  # noqa: BLE001 - storage off (private mode, file://): play without saving
        return storage.MemoryStore()
