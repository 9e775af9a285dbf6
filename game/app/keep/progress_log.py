"""The person's progress as kept on the device: one record per match he played.

The records live under one key, :data:`game.app.keep.storage.PROGRESS`
(``backgammon.progress``, kind ``progress``, ``{"entries": [...]}``), newest first, at
most :data:`LIMIT` of them (the oldest go first). A record is small (about 300 bytes):
the whole list is written in one ``setItem`` when a match ends and when its analysis
completes. Each is keyed by the match's identity (:func:`match_key`: a digest of its
events), so a match has one record whatever reviews it again.

A record: ``key``, ``finished_at`` (seconds since 1970), ``kind`` (``bot``, ``friend``,
``hotseat``), ``level`` (the computer's, or None), ``length`` (0: money), ``seat`` (the
person's player), ``won``, ``score`` (the person's, the opponent's), ``analysed``, and once
analysed ``rate`` (millipoints per decision, all decisions), ``checker_rate`` and
``cube_rate`` (checker plays and cube decisions apart; None without any), ``decisions``,
``moves``, ``cube_decisions`` and ``luck``.

Text that cannot be read, or records that are damaged, are kept aside with the app's other
unreadable data (``backgammon.unreadable``, :meth:`game.app.keep.storage.Vault.keep_aside`),
never dropped; the readable records stay in use.

>>> from game.app.keep.storage import MemoryStore, Vault
>>> store = MemoryStore()
>>> one = blank("a1", 100, "bot", "expert", 3, 1, True, [3, 1])
>>> write(store, upsert([], one))
True
>>> [e["key"] for e in read(store)], read(store)[0]["analysed"]
(['a1'], False)
>>> store.set("backgammon.progress", '{"schema":2,"kind":"progress","data":{"entries":[1]}}')
>>> vault = Vault(store); _ = vault.open()
>>> read(store, vault), list(vault.aside)
([], ['backgammon.progress'])
"""

import hashlib
import json

from game.app.keep import storage

__all__ = ["KIND", "LIMIT", "KINDS", "match_key", "blank", "valid", "read", "write", "upsert", "merge",
           "clean"]

KIND = "progress"
#: the most records kept (the chart shows the last 20, the summary the last 10)
LIMIT = 100
#: the opponent's kinds: the computer, a friend on another device, someone on this device
KINDS = ("bot", "friend", "hotseat")
_FIGURES = ("rate", "checker_rate", "cube_rate", "luck")
_COUNTS = ("decisions", "moves", "cube_decisions")


def match_key(events):
    """A match's identity: the first 16 hex digits of the SHA-256 of its events' JSON.

    >>> match_key([{"type": "game_start"}]) == match_key([{"type": "game_start"}])
    True
    >>> len(match_key([]))
    16
    """
    text = json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def blank(key, finished_at, kind, level, length, seat, won, score):
    """A record of a match over, before its analysis."""
    return {"key": key, "finished_at": int(finished_at), "kind": kind, "level": level, "length": int(length),
            "seat": seat, "won": bool(won), "score": [int(score[0]), int(score[1])], "analysed": False}


def _int(value, low=0):
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


def _number(value):
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                             and value == value and abs(value) < 1e9)


def valid(entry):
    """True when ``entry`` has the shape of a record.

    >>> valid(blank("k", 1, "friend", None, 0, 0, False, [0, 1])), valid({"key": "k"})
    (True, False)
    """
    if not isinstance(entry, dict):
        return False
    ok = (isinstance(entry.get("key"), str) and 0 < len(entry["key"]) <= 64 and _int(entry.get("finished_at"))
          and entry.get("kind") in KINDS and (entry.get("level") is None or isinstance(entry["level"], str))
          and _int(entry.get("length")) and entry.get("seat") in (0, 1) and isinstance(entry.get("won"), bool)
          and isinstance(entry.get("score"), list) and len(entry["score"]) == 2
          and all(_int(s) for s in entry["score"]) and isinstance(entry.get("analysed"), bool))
    if not ok or not entry["analysed"]:
        return ok
    return all(_number(entry.get(name)) for name in _FIGURES) and all(_int(entry.get(name)) for name in _COUNTS)


def _newest_first(entries):
    return sorted(entries, key=lambda e: -e["finished_at"])[:LIMIT]


def clean(entries):
    """The records of ``entries`` that are whole, each match once, newest first, at most :data:`LIMIT`."""
    seen, out = set(), []
    for entry in entries if isinstance(entries, list) else []:
        if valid(entry) and entry["key"] not in seen:
            seen.add(entry["key"])
            out.append(entry)
    return _newest_first(out)


def read(store, vault=None):
    """The records kept on ``store``, newest first; what cannot be read goes aside through
    ``vault`` (the whole text, once; the readable records are written back without the rest)."""
    try:
        text = store.get(storage.PROGRESS)
    except Exception:  # noqa: BLE001 - a store that cannot read: nothing kept
        return []
    if text is None:
        return []
    data = storage.unpack(text, KIND)
    entries = data.get("entries") if isinstance(data, dict) else None
    good = clean(entries)
    if isinstance(entries, list) and len(good) == len(entries):
        return good
    if vault is not None:
        try:
            vault.keep_aside({storage.PROGRESS: text})      # the copy first, then the key removed
        except storage.StorageFull:
            return good
        write(store, good)
    return good


def write(store, entries):
    """Write the records (all of them, in one ``setItem``); False when the store refused."""
    try:
        store.set(storage.PROGRESS, storage.pack(KIND, {"entries": _newest_first(entries)}))
    except Exception:  # noqa: BLE001 - full: kept for this visit only
        return False
    return True


def upsert(entries, entry):
    """``entries`` with ``entry`` in the place of the record of the same match (or added).

    >>> a, b = blank("a", 1, "bot", "expert", 1, 1, True, [1, 0]), blank("b", 2, "bot", "expert", 1, 1, False, [0, 1])
    >>> [e["key"] for e in upsert(upsert([], a), b)], len(upsert([a], dict(a, won=False)))
    (['b', 'a'], 1)
    """
    return _newest_first([entry, *(e for e in entries if e["key"] != entry["key"])])


def merge(here, there):
    """Both lists of records, each match once: here's, unless only the other one is analysed.

    >>> a = blank("a", 1, "bot", "expert", 1, 1, True, [1, 0])
    >>> done = dict(a, analysed=True, rate=5.0, checker_rate=5.0, cube_rate=None, luck=0.1,
    ...             decisions=3, moves=3, cube_decisions=0)
    >>> merge([a], [done])[0]["analysed"], len(merge([a], [a]))
    (True, 1)
    """
    out = {e["key"]: e for e in clean(here)}
    for entry in clean(there):
        kept = out.get(entry["key"])
        if kept is None or (entry["analysed"] and not kept["analysed"]):
            out[entry["key"]] = entry
    return _newest_first(list(out.values()))
