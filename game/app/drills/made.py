"""What a teacher made on this device: the sets composed (with the codes pasted into each
one's class summary) and the composer's form, so that a reload or another day finds them
again (issue 44, point 6).

Each set composed is kept under ``backgammon.drills.made.<tag>`` (:data:`storage.DRILLS_MADE`;
``<tag>`` as a student's set's, :func:`.shelf.key_tag`): ``{"token", "made", "pasted"}``, the
assignment's token, when it was first made (seconds of the wall clock), and the codes last
pasted into its summary. The form being filled in is kept under ``backgammon.drills.form``
(:data:`storage.DRILLS_FORM`), so that its seed stays the same. Each is written whole in one
``setItem``; a set is removed only when the teacher asked (:meth:`Made.remove`). Text that
cannot be read is kept aside with the app's (:meth:`storage.Vault.keep_aside`).

>>> from game.app.keep.storage import MemoryStore
>>> from game.drills import Assignment
>>> made = Made(MemoryStore())
>>> a = Assignment.single("race", seed=5, count=2)
>>> made.add(a, now=100.0); made.keep_pasted(a, "BG1-AAAA"); made.add(a, now=200.0)
>>> [(found == a, entry["made"], entry["pasted"]) for _, found, entry in made.sets()]
[(True, 100.0, 'BG1-AAAA')]
>>> made.save_form({"seed": "41"}); made.form()
{'seed': '41'}
"""

from game.app.keep import storage
from game.drills import Assignment
from game.drills.errors import DrillError

from .shelf import key_tag

__all__ = ["Made", "KIND", "FORM_KIND"]

KIND = "drills-made"
FORM_KIND = "drills-form"
#: the pasted codes kept are cut there (the summary reads as many)
LONGEST_PASTED = 200000


class Made:
    """The teacher's sets on ``store`` (see the module's docstring)."""

    def __init__(self, store, vault=None):
        self.store = store
        self.vault = vault

    def _keys(self):
        try:
            return sorted(key for key in self.store.keys() if key.startswith(storage.DRILLS_MADE))
        except Exception:  # noqa: BLE001 - a store that cannot list: nothing kept
            return []

    def _set(self, key, text):
        try:
            self.store.set(key, text)
        except Exception:  # noqa: BLE001 - full or off: it holds for this visit
            return False
        return True

    def _read(self, text):
        data = storage.unpack(text, KIND)
        try:
            if not isinstance(data.get("pasted"), str):
                raise ValueError
            return Assignment.from_token(data["token"]), {**data, "made": float(data["made"])}
        except (AttributeError, KeyError, TypeError, ValueError, DrillError):
            return None

    def _aside(self, found):
        if self.vault is not None:
            try:
                self.vault.keep_aside(found)
            except storage.StorageFull:
                pass                          # no room: the text stays where it is

    def sets(self):
        """``[(key, assignment, entry)]`` of the sets made here, the newest first; what cannot
        be read is kept aside."""
        found = []
        for key in self._keys():
            text = self.store.get(key)
            read = self._read(text)
            if read is None:
                self._aside({key: text or ""})
                continue
            found.append((key, *read))
        found.sort(key=lambda row: -row[2]["made"])
        return found

    def _entry(self, assignment):
        key = storage.DRILLS_MADE + key_tag(assignment)
        read = self._read(self.store.get(key))
        return key, (read[1] if read is not None and read[0] == assignment else None)

    def add(self, assignment, now):
        """Keep ``assignment`` among the sets made here (once: made again, it keeps its date
        and its codes)."""
        key, entry = self._entry(assignment)
        if entry is None:
            self._set(key, storage.pack(KIND, {"token": assignment.token(), "made": now, "pasted": ""}))

    def pasted(self, assignment):
        """The codes last pasted into ``assignment``'s summary here ("" when none)."""
        entry = self._entry(assignment)[1]
        return entry["pasted"] if entry is not None else ""

    def keep_pasted(self, assignment, text, now=0.0):
        """Keep the codes pasted into ``assignment``'s summary (the set is kept if it was not)."""
        key, entry = self._entry(assignment)
        entry = entry or {"token": assignment.token(), "made": now}
        self._set(key, storage.pack(KIND, {**entry, "pasted": str(text)[:LONGEST_PASTED]}))

    def remove(self, key):
        """Remove a set made here (the teacher asked, and said yes)."""
        if key.startswith(storage.DRILLS_MADE):
            try:
                self.store.remove(key)
            except Exception:  # noqa: BLE001
                pass

    # --- the composer's form ---------------------------------------------------------------------
    def form(self):
        """The composer's fields as last kept (a dict of texts), or None."""
        text = self.store.get(storage.DRILLS_FORM)
        data = storage.unpack(text, FORM_KIND)
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            if text is not None:
                self._aside({storage.DRILLS_FORM: text})
            return None
        return dict(data)

    def save_form(self, fields):
        self._set(storage.DRILLS_FORM, storage.pack(FORM_KIND, {str(k): str(v) for k, v in fields.items()}))
