"""What the app keeps in localStorage, as pure functions over strings.

Every stored value is a JSON envelope ``{"schema": N, "kind": K, "data": …}``.
``kind`` says what the data is, ``schema`` its layout version: a reader
migrates older layouts step by step (:data:`MIGRATIONS`) and ignores what it
cannot read (a newer schema, another kind, broken JSON) instead of failing,
so a damaged entry never stops the app from starting.

Keys:

- :data:`CURRENT`: the match on the board, saved after every action;
- :data:`SAVED`: unfinished matches set aside (a link started a new one);
- :data:`HISTORY`: finished matches, newest first;
- :data:`PREFS`: language, board orientation and other choices;
- :data:`UNREADABLE`: a saved match this version could not read, kept as it was.

>>> text = pack("match", {"a": 1})
>>> unpack(text, "match")
{'a': 1}
>>> unpack(text, "prefs") is None, unpack("{oops", "match") is None
(True, True)
>>> text = push(None, {"n": 1}, limit=2)
>>> text = push(text, {"n": 2}, limit=2)
>>> [e["n"] for e in unpack_list(push(text, {"n": 3}, limit=2))]
[3, 2]
"""

import json

__all__ = [
    "SCHEMA", "CURRENT", "SAVED", "HISTORY", "PREFS", "UNREADABLE", "HISTORY_LIMIT", "SAVED_LIMIT",
    "MIGRATIONS", "pack", "unpack", "unpack_list", "push", "take", "MemoryStore",
]

SCHEMA = 1
PREFIX = "backgammon."
CURRENT = PREFIX + "current"
SAVED = PREFIX + "saved"
HISTORY = PREFIX + "history"
PREFS = PREFIX + "prefs"
UNREADABLE = PREFIX + "unreadable"
HISTORY_LIMIT = 50
SAVED_LIMIT = 20

#: ``{(kind, schema): function}`` turning data of that schema into schema + 1.
MIGRATIONS = {}


def pack(kind, data):
    """The stored text of ``data`` (JSON-ready values) of a ``kind``."""
    return json.dumps({"schema": SCHEMA, "kind": kind, "data": data},
                      separators=(",", ":"), ensure_ascii=False)


def unpack(text, kind):
    """The data stored in ``text`` if it is a readable ``kind`` envelope, else None."""
    if not text:
        return None
    try:
        envelope = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(envelope, dict) or envelope.get("kind") != kind:
        return None
    schema = envelope.get("schema")
    data = envelope.get("data")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema > SCHEMA or schema < 1:
        return None
    while schema < SCHEMA:
        migrate = MIGRATIONS.get((kind, schema))
        if migrate is None:
            return None
        data = migrate(data)
        schema += 1
    return data


def unpack_list(text, kind="list"):
    """The entries of a stored list (:func:`push`), ``[]`` when none can be read."""
    data = unpack(text, kind)
    return [entry for entry in data if isinstance(entry, dict)] if isinstance(data, list) else []


def push(text, entry, limit, kind="list"):
    """The stored list ``text`` with ``entry`` put first, keeping at most ``limit`` entries."""
    entries = unpack_list(text, kind)
    return pack(kind, [entry, *entries][:limit])


def take(text, index, kind="list"):
    """``(new text, entry)``: the stored list without its ``index``-th entry, and that entry.

    The entry is None (and the list unchanged) when there is no such index.
    """
    entries = unpack_list(text, kind)
    if not isinstance(index, int) or not 0 <= index < len(entries):
        return pack(kind, entries), None
    entry = entries.pop(index)
    return pack(kind, entries), entry


class MemoryStore:
    """A dict with localStorage's three calls; the tests' (and a fallback's) storage."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value):
        self.items[key] = value

    def remove(self, key):
        self.items.pop(key, None)
