"""The drill sets kept on this device: one key per set a student did, so that a second set
never wipes the first's results and result code (issue 44, point 5).

A student's set (its :class:`.progress.Progress`) lives under
``backgammon.drills.set.<tag>.<n>`` (:data:`game.app.keep.storage.DRILL_SETS`): ``<tag>`` names
the assignment (the start of its digest), ``<n>`` counts the times it was done here (a set
answered again is a new one; the first is kept). Each key is written whole, in one
``setItem``; nothing is removed but what a person asked to remove (:meth:`Shelf.remove`).

The first version kept one set under ``backgammon.drills`` (:data:`storage.DRILLS`): :meth:`Shelf.open`
moves it under its own key (the old key is removed only once the new one is written).
Stored text that cannot be read (broken, another program's, a newer format's) is kept
aside with the rest of the app's (``backgammon.unreadable``, :meth:`storage.Vault.keep_aside`),
never dropped and never in the way.

>>> from game.app.keep.storage import MemoryStore, Vault, pack
>>> from game.drills import Assignment
>>> store = MemoryStore()
>>> a, b = Assignment.single("race", seed=5, count=1), Assignment.single("race", seed=6, count=1)
>>> shelf = Shelf(store).open()
>>> first = shelf.start(a, a.questions(), now=1.0); first.name = "Léa"; first.save(store)
True
>>> second = shelf.start(b, b.questions(), now=2.0); second.save(store)
True
>>> [p.token for _, p in shelf.sets()] == [a.token(), b.token()], shelf.latest(a).started
(True, 1.0)
>>> store.set("backgammon.drills.set.x.1", "{broken")
>>> vault = Vault(store); _ = vault.open(); len(Shelf(store, vault).open().sets()), list(vault.aside)
(2, ['backgammon.drills.set.x.1'])
"""

from game.app.keep import storage
from game.drills import Assignment
from game.drills.errors import DrillError

from .progress import KIND, Progress

__all__ = ["Shelf", "key_tag"]

def key_tag(assignment):
    """The part of a set's key that names its assignment (12 hex digits of its digest)."""
    return assignment.digest()[:6].hex()


def _serial(key):
    tail = key.rpartition(".")[2]
    return int(tail) if tail.isdigit() else 0


class Shelf:
    """The sets kept on ``store``; ``vault`` (the app's :class:`storage.Vault`) keeps aside
    what cannot be read (without one, unreadable text is left where it is, unused)."""

    def __init__(self, store, vault=None):
        self.store = store
        self.vault = vault

    def _keys(self):
        try:
            return sorted(key for key in self.store.keys() if key.startswith(storage.DRILL_SETS))
        except Exception:  # noqa: BLE001 - a store that cannot list: nothing kept
            return []

    def open(self):
        """Move the first version's single set under its own key, and keep aside what cannot
        be read. Returns the shelf."""
        old = self.store.get(storage.DRILLS)
        if old is not None:
            progress = self._read(old)
            if progress is None:
                self._aside({storage.DRILLS: old})
            else:
                progress.key = self._new_key(key_tag(Assignment.from_token(progress.token)))
                if progress.save(self.store):
                    self._remove(storage.DRILLS)
        for key in self._keys():
            text = self.store.get(key)
            if self._read(text) is None:
                self._aside({key: text or ""})
        return self

    def _read(self, text):
        data = storage.unpack(text, KIND)
        if not isinstance(data, dict):
            return None
        try:
            progress = Progress.from_dict(data)
            Assignment.from_token(progress.token)
        except (ValueError, DrillError):
            return None
        return progress

    def _aside(self, found):
        if self.vault is None:
            return
        try:
            self.vault.keep_aside(found)
        except storage.StorageFull:
            pass                              # no room: the text stays where it is

    def _remove(self, key):
        try:
            self.store.remove(key)
        except Exception:  # noqa: BLE001 - removed next time
            pass

    def sets(self):
        """``[(key, progress)]`` of every set kept, in the order they were started."""
        found = []
        for key in self._keys():
            progress = self._read(self.store.get(key))
            if progress is not None:
                progress.key = key
                found.append(progress)
        found.sort(key=lambda p: (p.started, p.key))
        return [(p.key, p) for p in found]

    def latest(self, assignment):
        """The set of ``assignment`` last started here, or None."""
        token = assignment.token()
        mine = [p for _, p in self.sets() if p.token == token and len(p.questions) == assignment.total]
        return max(mine, key=lambda p: _serial(p.key), default=None)

    def _new_key(self, tag):
        taken = [_serial(key) for key in self._keys() if key.startswith(f"{storage.DRILL_SETS}{tag}.")]
        return f"{storage.DRILL_SETS}{tag}.{max(taken, default=0) + 1}"

    def start(self, assignment, questions, now):
        """A new set of ``assignment`` under a key of its own (written at its first save)."""
        progress = Progress.start(assignment, questions, now)
        progress.key = self._new_key(key_tag(assignment))
        return progress

    def remove(self, key):
        """Remove one set (the person asked, and said yes)."""
        if key.startswith(storage.DRILL_SETS):
            self._remove(key)
