"""The rollouts kept on the device: each decision's last result, beside the matches.

They are kept under one key of the store (``backgammon.rollouts``), by the
decision's key (its Position ID, Match ID and roll, or ``cube``): a review of
the same match, or the same position met again, shows the result at once.
The newest :data:`LIMIT` are kept.  A backup carries them (``rollouts``), and a
restore adds them to those here (:func:`union`).

>>> from game.app.keep.storage import MemoryStore
>>> store = MemoryStore()
>>> shelf = Shelf(store)
>>> shelf.keep("pos:match:31", {"kind": "plays", "settings": {}, "result": {"games": 3}})
>>> Shelf(store).get("pos:match:31")["result"]["games"]
3
>>> sorted(union({"a": {"at": 1}}, {"a": {"at": 2}, "b": {"at": 0}}).items())
[('a', {'at': 2}), ('b', {'at': 0})]
"""

from game.app.keep import storage

__all__ = ["Shelf", "KEY", "LIMIT", "union", "readable"]

KEY = storage.PREFIX + "rollouts"
#: how many decisions' rollouts are kept
LIMIT = 60


def readable(data):
    """The kept rollouts of ``data`` that have the expected shape (a dict by decision key)."""
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)
            and isinstance(v.get("result"), dict) and v.get("kind") in ("plays", "cube")}


def _newest(kept):
    ordered = sorted(kept.items(), key=lambda item: item[1].get("at", 0) if isinstance(item[1].get("at", 0), int)
                     else 0, reverse=True)
    return dict(ordered[:LIMIT])


def union(here, there):
    """Both sets of kept rollouts; for a decision in both, the later one."""
    out = dict(here)
    for key, value in there.items():
        mine = out.get(key)
        if mine is None or value.get("at", 0) >= mine.get("at", 0):
            out[key] = value
    return _newest(out)


class Shelf:
    """The kept rollouts of one store (read once, written at each :meth:`keep`)."""

    def __init__(self, store, wall=lambda: 0):
        self.store = store
        self.wall = wall
        self._kept = None

    def all(self):
        if self._kept is None:
            try:
                self._kept = readable(storage.unpack(self.store.get(KEY), "rollouts"))
            except Exception:  # noqa: BLE001 - an unreadable shelf is an empty one
                self._kept = {}
        return self._kept

    def get(self, key):
        return self.all().get(key)

    def keep(self, key, kept):
        """Keep ``kept`` (a session's :meth:`kept`) for the decision ``key``."""
        entries = dict(self.all())
        entries.pop(key, None)
        entries[key] = dict(kept, at=int(self.wall()))
        self.replace(_newest(entries))

    def replace(self, entries):
        self._kept = dict(entries)
        try:
            self.store.set(KEY, storage.pack("rollouts", self._kept))
        except Exception:  # noqa: BLE001 - full: kept for this visit
            pass
