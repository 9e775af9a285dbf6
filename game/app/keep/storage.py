"""What the app keeps in localStorage, written so that no match is ever lost.

Every stored value is a JSON envelope ``{"schema": N, "kind": K, "data": …}``:
``kind`` says what the data is, ``schema`` the format version that wrote it.

Format 2 (:data:`FORMAT`, this version):

- :data:`ROOT` (``backgammon.root``), kind ``root``: the pointer, naming the
  keys of every part: ``{"current": key, "saved": [key, …], "history": [key, …]}``;
- ``current`` (kind ``current``): the match on the board, under
  ``backgammon.current.<token>``;
- ``saved`` (unfinished matches set aside) and ``history`` (finished ones),
  newest first: one key per match, ``backgammon.saved.<token>`` and
  ``backgammon.history.<token>`` (kind ``entry``);
- :data:`PREFS`, kind ``prefs``: language, board orientation, other choices;
- :data:`UNREADABLE`, kind ``unreadable``: ``{"items": {key: text}}``, stored
  text this version could not read, kept as it was for the player to download.

Format 1 (the first): each part under one fixed key, ``backgammon.current``,
``backgammon.saved``, ``backgammon.history`` (kind ``list``), no root, and
``backgammon.unreadable`` holding the bare text of one unreadable match.
:data:`MIGRATIONS` turns each older format into the next, as pure functions
over ``{key: text}``; :meth:`Vault.open` runs them and writes the result in
format 2 (the old keys are removed only once the new root is written).

Writing (:meth:`Vault.commit`) never leaves a half-written state: what
changes is written whole under new keys, then the root is switched to the
new keys in one ``setItem``, then the keys it no longer names are removed.
Before the switch the old root and all it names are intact; after it, the
new ones. A key no root names is what an interrupted write left behind: the
next :meth:`Vault.open` removes it. One key per match keeps every write
small, and lets finished matches be deleted to make room without writing
anything big first. A store that refuses a write (localStorage's
``QuotaExceededError``) raises :class:`StorageFull` with nothing changed.

Text that cannot be read (broken JSON, another program's data, a newer
format, a key the root names that is missing) never stops the app and is
never dropped: it is moved under :data:`UNREADABLE` and the vault notes a
problem for the page to explain.

>>> store = MemoryStore()
>>> vault = Vault(store, token=lambda: "t")
>>> vault.open()
[]
>>> vault.commit({"current": {"match": {}}, "history": [{"n": 1}]})
>>> sorted(store.items)
['backgammon.current.t1', 'backgammon.history.t2', 'backgammon.root']
>>> vault.read("current"), vault.read("history"), vault.read("saved")
({'match': {}}, [{'n': 1}], [])
>>> store.items["backgammon.root"] = "{oops"
>>> again = Vault(store)
>>> again.open(), again.read("current")
(['unreadable'], None)
>>> sorted(again.aside)
['backgammon.current.t1', 'backgammon.history.t2', 'backgammon.root']
"""

import itertools
import json
import random

__all__ = [
    "FORMAT", "SCHEMA", "PREFIX", "ROOT", "PREFS", "UNREADABLE", "PARTS", "KINDS", "FORMAT_1_KEYS",
    "LESSON", "DRILLS", "DRILL_SETS", "DRILLS_MADE", "DRILLS_FORM", "PUZZLES", "PROGRESS", "HISTORY_LIMIT", "SAVED_LIMIT", "MIGRATIONS", "StorageFull", "Vault", "pack", "unpack",
    "unpack_list", "read_format", "detect_format", "migrate_1_to_2", "MemoryStore", "LISTS",
    "Packed",
]

#: the format this version writes
FORMAT = 2
SCHEMA = FORMAT
PREFIX = "backgammon."
ROOT = PREFIX + "root"
PREFS = PREFIX + "prefs"
UNREADABLE = PREFIX + "unreadable"
#: the lesson open on the page (game/app/lesson/player.py), so that a reload goes back to it
LESSON = PREFIX + "lesson"
#: the one drill set the first drills version kept (moved under DRILL_SETS: game/app/drills/shelf.py)
DRILLS = PREFIX + "drills"
#: the drill sets done on the device, one key each: ``backgammon.drills.set.<tag>.<n>``
DRILL_SETS = PREFIX + "drills.set."
#: the sets a teacher composed on the device, one key each (game/app/drills/made.py)
DRILLS_MADE = PREFIX + "drills.made."
#: the teacher's composer form being filled in (its seed survives a reload)
DRILLS_FORM = PREFIX + "drills.form"
#: the puzzle deck: the person's mistakes to play again, with their schedule (game/app/keep/puzzle_deck.py)
PUZZLES = PREFIX + "puzzles"
#: the person's progress: one record per match played (game/app/keep/progress_log.py)
PROGRESS = PREFIX + "progress"
#: ``{part: kind of what its keys hold}``
KINDS = {"current": "current", "saved": "entry", "history": "entry"}
PARTS = tuple(KINDS)
LISTS = ("saved", "history")
#: format 1: the parts under fixed keys
FORMAT_1_KEYS = {"current": PREFIX + "current", "saved": PREFIX + "saved", "history": PREFIX + "history"}
HISTORY_LIMIT = 50
SAVED_LIMIT = 20


class StorageFull(Exception):
    """The store refused a write (the browser's quota): nothing was changed."""


# --- envelopes ----------------------------------------------------------------------------------

def pack(kind, data):
    """The stored text of ``data`` (JSON-ready values) of a ``kind``.

    >>> pack("prefs", {"flipped": True})
    '{"schema":2,"kind":"prefs","data":{"flipped":true}}'
    """
    return json.dumps({"schema": SCHEMA, "kind": kind, "data": data},
                      separators=(",", ":"), ensure_ascii=False)


class Packed(str):
    """A value already packed (the text :func:`pack` gives for it): :meth:`Vault.commit`
    writes it as it is (``game/app/keep/current_text.py`` makes the current match's this way)."""


def _packed(kind, data):
    return str(data) if isinstance(data, Packed) else pack(kind, data)


def _envelope(text):
    """``(schema, kind, data)`` of a stored text, or None when it is no envelope at all."""
    if not isinstance(text, str) or not text:
        return None
    try:
        envelope = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return None
    if not isinstance(envelope, dict) or set(envelope) - {"schema", "kind", "data"}:
        return None
    schema, kind = envelope.get("schema"), envelope.get("kind")
    if not isinstance(schema, int) or isinstance(schema, bool) or not isinstance(kind, str):
        return None
    return schema, kind, envelope.get("data")


def _is_part_key(key, part=None):
    if not isinstance(key, str) or not key.startswith(PREFIX):
        return False
    name, dot, token = key[len(PREFIX):].partition(".")
    return bool(dot and token) and name in KINDS and (part is None or name == part)


def _valid(kind, data):
    """True when ``data`` has the shape of its ``kind`` (deeper checks are the reader's)."""
    if kind == "list":
        return isinstance(data, list) and all(isinstance(entry, dict) for entry in data)
    if kind == "root":
        if not isinstance(data, dict) or set(data) - set(PARTS):
            return False
        current = data.get("current")
        lists = [data.get(part, []) for part in LISTS]
        return (current is None or _is_part_key(current, "current")) and all(
            isinstance(keys, list) and all(_is_part_key(key, part) for key in keys)
            and len(set(keys)) == len(keys) for part, keys in zip(LISTS, lists))
    return isinstance(data, dict)


def unpack(text, kind):
    """The data stored in ``text`` if it is a readable ``kind`` envelope of format 1 or 2, else None.

    >>> unpack('{"schema":1,"kind":"prefs","data":{"a":1}}', "prefs")
    {'a': 1}
    >>> unpack('{"schema":3,"kind":"prefs","data":{}}', "prefs") is None
    True
    """
    found = _envelope(text)
    if found is None:
        return None
    schema, found_kind, data = found
    if found_kind != kind or not 1 <= schema <= SCHEMA or not _valid(kind, data):
        return None
    return data


def unpack_list(text, kind="list"):
    """The entries of a stored list of format 1, ``[]`` when none can be read."""
    data = unpack(text, kind)
    return data if isinstance(data, list) else []


def _newer(text):
    found = _envelope(text)
    return found is not None and found[0] > SCHEMA


def _empty(part):
    return None if part == "current" else []


# --- formats and migrations ---------------------------------------------------------------------

def migrate_1_to_2(items):
    """Format 1 ``{key: text}`` → ``(parts, aside)``: the parts' data, and text kept aside.

    Format 1 kept each part under one key (kind ``current``, or ``list`` for
    the saved matches and the history); the data inside is the same.

    >>> old = {"backgammon.current": '{"schema":1,"kind":"current","data":{"match":{}}}',
    ...        "backgammon.history": "not json", "backgammon.unreadable": "older junk"}
    >>> parts, aside = migrate_1_to_2(old)
    >>> parts
    {'current': {'match': {}}, 'saved': [], 'history': []}
    >>> sorted(aside)
    ['backgammon.history', 'backgammon.unreadable']
    """
    parts, aside = {}, {}
    for part, key in FORMAT_1_KEYS.items():
        text = items.get(key)
        data = unpack(text, "current" if part == "current" else "list")
        if data is None and text is not None:
            aside[key] = text
        parts[part] = data if data is not None else _empty(part)
    if items.get(UNREADABLE) is not None:
        aside[UNREADABLE] = items[UNREADABLE]
    return parts, aside


#: ``{format: function}`` reading that format's ``{key: text}`` as ``(parts, aside)`` of the next
#: one; format 2 is read by :func:`read_format` itself.
MIGRATIONS = {1: migrate_1_to_2}


def detect_format(items):
    """The format of the app's keys ``items``: 2 (a root), 1 (the old fixed keys), or None (nothing)."""
    if ROOT in items:
        return 2
    if any(key in items for key in FORMAT_1_KEYS.values()):
        return 1
    return None


def read_format(items):
    """Read the app's ``{key: text}``, of any format, without writing anything.

    Returns ``(parts, root, aside, problems, stale, migrated)``: the data of
    each part; the root to write (the keys of what could be read); ``{key:
    text}`` to keep aside; the problems met (``"unreadable"``, ``"newer"``);
    the keys to remove once that is written (format 1 keys, leftovers of an
    interrupted write); and whether the parts come from an older format (they
    must then be written afresh).

    >>> read_format({})[0]
    {'current': None, 'saved': [], 'history': []}
    """
    parts = {part: _empty(part) for part in PARTS}
    root = {part: _empty(part) for part in PARTS}
    aside, problems = {}, []
    form = detect_format(items)
    migrated = form == 1
    if form == 1:
        parts, aside = MIGRATIONS[1](items)
        # and what an interrupted migration wrote before its root
        stale = [key for key in items if key in FORMAT_1_KEYS.values() or _is_part_key(key)]
    else:
        if form == 2:
            named = unpack(items[ROOT], "root")
            if named is None:
                # the pointer is lost: every key it may have named goes aside with it
                aside = {key: text for key, text in items.items() if key == ROOT or _is_part_key(key)}
                problems += ["newer"] if _newer(items[ROOT]) else []
            else:
                for part in PARTS:
                    keys = named.get(part)
                    for key in ([keys] if part == "current" else keys or []):
                        if key is None:
                            continue
                        text = items.get(key)
                        data = unpack(text, KINDS[part])
                        if data is None:
                            aside[key] = text if text is not None else ""
                            problems += ["newer"] if _newer(text) and "newer" not in problems else []
                        elif part == "current":
                            parts[part], root[part] = data, key
                        else:
                            parts[part].append(data)
                            root[part].append(key)
        else:
            # keys of matches and no root: the root was lost (a first write cut short has
            # nothing worth keeping, but which is which cannot be told): kept aside
            aside = {key: text for key, text in items.items() if _is_part_key(key)}
        used = {root["current"], *root["saved"], *root["history"]}
        stale = [key for key in items if (_is_part_key(key) and key not in used and key not in aside)
                 or key in FORMAT_1_KEYS.values()]
    if items.get(UNREADABLE) is not None and unpack(items[UNREADABLE], "unreadable") is None \
            and form != 1:
        aside[UNREADABLE] = items[UNREADABLE]       # damaged itself: kept as text among the rest
    if aside and not problems:
        problems.append("unreadable")
    return parts, root, aside, problems, stale, migrated


# --- the vault ----------------------------------------------------------------------------------

def _token():
    return f"{random.getrandbits(40):010x}"


class Vault:
    """The app's stored matches through a ``store`` (``get``/``set``/``remove``/``keys``).

    :meth:`open` once, then :meth:`read` and :meth:`commit`. ``aside`` holds
    the text kept aside (also in memory, should the store refuse it), and
    ``problems`` what :meth:`open` met. When the store refuses what
    :meth:`open` has to write (a migration, text to keep aside), nothing is
    removed: the parts read are served from memory and each :meth:`commit`
    tries :meth:`open` again first.
    """

    def __init__(self, store, token=None):
        self.store = store
        self._token = token or _token
        self._serial = itertools.count(1)
        self.aside = {}
        self.problems = []
        self._pending = None         # the parts read, while open() could not write what it must

    def _items(self):
        return {key: self.store.get(key) for key in self.store.keys() if key.startswith(PREFIX)}

    def open(self):
        """Read what is stored, keep aside what cannot be read, migrate an older format, and
        remove leftovers. Returns the problems met (also in ``problems``)."""
        items = self._items()
        items.pop(PREFS, None)
        parts, root, aside, problems, stale, migrated = read_format(items)
        kept = unpack(items.get(UNREADABLE), "unreadable")
        self.aside = dict(kept["items"]) if isinstance(kept, dict) and isinstance(kept.get("items"), dict) \
            else {}
        self.problems = problems
        try:
            if aside:
                # a copy first; only then are the originals removed
                self._keep_aside(aside)
                for key in aside:
                    if key != UNREADABLE:
                        self._remove(key)
            if migrated:
                self._write(parts, {})
            elif aside:
                self._write({}, root)            # the root without what went aside
        except StorageFull:
            self._pending = parts                # nothing removed; served from memory meanwhile
            return self.problems
        self._pending = None
        for key in stale:
            self._remove(key)
        return self.problems

    def _keep_aside(self, found):
        for key, text in found.items():
            name = key
            for n in itertools.count(2):
                if name not in self.aside or self.aside[name] == text:
                    break
                name = f"{key}#{n}"
            self.aside[name] = text if isinstance(text, str) else ""
        try:
            self.store.set(UNREADABLE, pack("unreadable", {"items": self.aside}))
        except Exception:  # noqa: BLE001 - full: the originals stay where they are
            raise StorageFull("no room to keep the unreadable data aside") from None

    def _root(self):
        """The root on the store now (a damaged one is first kept aside, with what it named)."""
        text = self.store.get(ROOT)
        root = unpack(text, "root")
        if root is None and text is not None:
            self.open()
            root = unpack(self.store.get(ROOT), "root")
        root = root or {}
        return {part: root.get(part, _empty(part)) for part in PARTS}

    def read(self, part):
        """The data of ``part`` as stored now (``None`` / ``[]`` when absent); what cannot be
        read is left out (the next :meth:`open` keeps it aside)."""
        if self._pending is not None:
            return json.loads(json.dumps(self._pending[part]))
        keys = unpack(self.store.get(ROOT), "root") or {}
        keys = keys.get(part, _empty(part))
        if part == "current":
            return None if keys is None else unpack(self.store.get(keys), KINDS[part])
        found = (unpack(self.store.get(key), KINDS[part]) for key in keys)
        return [entry for entry in found if entry is not None]

    def commit(self, changes):
        """Write ``{part: data}`` (``current``: a dict or None; a list part: its entries), all
        or nothing. Raises :class:`StorageFull` when the store refuses a write: then nothing
        changed."""
        if self._pending is not None:
            self.open()
            if self._pending is not None:
                raise StorageFull("the stored data could not be brought up to date")
        self._write(changes, self._root())

    def _write(self, changes, root):
        written, new_root = [], {part: root.get(part, _empty(part)) for part in PARTS}
        try:
            for part, data in changes.items():
                if part == "current":
                    new_root[part] = None if data is None else self._put(part, data, written)
                    continue
                # a match already stored keeps its key: only new entries are written
                reuse = {}
                for key in root.get(part, []):
                    reuse.setdefault(self.store.get(key), []).append(key)
                keys = []
                for entry in data or []:
                    same = reuse.get(_packed(KINDS[part], entry))
                    keys.append(same.pop() if same else self._put(part, entry, written))
                new_root[part] = keys
            self.store.set(ROOT, pack("root", new_root))
        except Exception as error:  # noqa: BLE001 - a refused write (QuotaExceededError, ...)
            for key in written:
                self._remove(key)
            raise StorageFull(str(error)) from None
        kept = {new_root["current"], *new_root["saved"], *new_root["history"]}
        for part in changes:
            for key in [root.get(part)] if part == "current" else root.get(part, []):
                if key is not None and key not in kept:
                    self._remove(key)

    def _put(self, part, data, written):
        key = f"{PREFIX}{part}.{self._token()}{next(self._serial)}"
        self.store.set(key, _packed(KINDS[part], data))
        written.append(key)
        return key

    def _remove(self, key):
        try:
            self.store.remove(key)
        except Exception:  # noqa: BLE001 - a leftover is removed at the next start
            pass

    def keep_aside(self, found):
        """Keep ``{key: text}`` aside (other parts' stored text that could not be read, such
        as a drill set's), then remove those keys; :class:`StorageFull`: nothing removed."""
        self._keep_aside(found)
        self.problems = self.problems or ["unreadable"]
        for key in found:
            if key != UNREADABLE:
                self._remove(key)

    def set_aside(self, part):
        """Keep the current match's text aside (its data could not be used) and empty the part."""
        key = self._root()["current"]
        if key is None:
            return
        self._keep_aside({key: self.store.get(key) or ""})
        self.problems = self.problems or ["unreadable"]
        self.commit({"current": None})

    def forget_aside(self):
        """Delete the text kept aside (the player downloaded it, or does not want it)."""
        self.aside = {}
        self.problems = []
        self._remove(UNREADABLE)

    def aside_text(self):
        """The text kept aside, as a JSON file's text: ``{"items": {key: text}}``."""
        return json.dumps({"app": "backgammon", "format": FORMAT, "items": self.aside},
                          ensure_ascii=False, indent=1)


class MemoryStore:
    """A dict with localStorage's calls; the tests' (and a fallback's) storage."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value):
        self.items[key] = value

    def remove(self, key):
        self.items.pop(key, None)

    def keys(self):
        return list(self.items)
