"""localStorage behind the controller's four calls (``get``, ``set``, ``remove``, ``keys``)."""

from pyscript import window

from game.app.keep import storage
from game.web.elements import missing


class LocalStore:
    """localStorage through the controller's four calls."""

    def __init__(self, backend):
        self.backend = backend

    def get(self, key):
        value = self.backend.getItem(key)
        return None if missing(value) else str(value)

    def set(self, key, value):
        self.backend.setItem(key, value)

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
