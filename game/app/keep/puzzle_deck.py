"""The puzzle deck as it is kept: one key, ``backgammon.puzzles``, checked whole when read.

The deck (``game/app/puzzles/``) is a list of puzzles, each a small dict of plain values
(:func:`check` says which). It lives under :data:`game.app.keep.storage.PUZZLES` in one
envelope of kind :data:`KIND`, written in one ``setItem`` (all or nothing by itself). Text
there that cannot be read (broken JSON, another program's data, a newer format, a puzzle
whose IDs the engine refuses) is never dropped: :func:`read` moves it under
``backgammon.unreadable`` with the rest (:meth:`storage.Vault.keep_aside`), the page's
notice says so, and the deck starts empty.

>>> from game.app.keep.storage import MemoryStore, Vault
>>> store = MemoryStore()
>>> one = {"position_id": "4HPwATDgc/ABMA", "match_id": "cImqAAAAAAAE", "kind": "move",
...        "played": "13/11 13/8", "loss": 0.1, "ranking": [["24/22 13/8", 0.0]], "added": 5,
...        "due": 5, "step": 0, "seen": 0, "right": 0}
>>> write(store, [one])
>>> read(store) == [one]
True
>>> store.set(PUZZLES, "{oops")
>>> vault = Vault(store); _ = vault.open()
>>> read(store, vault), list(vault.aside), vault.problems
([], ['backgammon.puzzles'], ['unreadable'])
"""

import math

from game.errors import GameError
from game.ids.match_id import decode_match_id
from game.ids.position_id import decode_position_id
from game.app.keep import storage
from game.app.keep.storage import PUZZLES

__all__ = ["KIND", "PUZZLES", "PUZZLE_KINDS", "LIMIT", "DeckError", "check", "check_all", "read", "read_deck", "write",
           "merge", "key_of"]

#: the envelope's kind
KIND = "puzzles"
#: what a puzzle asks: a checker play, whether to double, whether to take
PUZZLE_KINDS = ("move", "cube", "response")
#: the most puzzles kept (the oldest learnt ones make room)
LIMIT = 500
_TEXT = 60          # the longest choice written (a play in notation)
_RANKED = 40        # the most choices a puzzle keeps ranked
_INTS = ("step", "seen", "right")
_TIMES = ("added", "due")


class DeckError(ValueError):
    """A stored puzzle that cannot be used (the reason, for the logs)."""


def key_of(puzzle):
    """What tells two puzzles apart: the position and the Match ID (dice, cube, score).

    >>> key_of({"position_id": "4HPwATDgc/ABMA", "match_id": "cImqAAAAAAAE"})
    '4HPwATDgc/ABMA:cImqAAAAAAAE'
    """
    return f"{puzzle['position_id']}:{puzzle['match_id']}"


def _number(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise DeckError(f"{name} {value!r} is not a number")
    return value


def _text(value, name):
    if not isinstance(value, str) or len(value) > _TEXT:
        raise DeckError(f"{name} {value!r} is not a short text")
    return value


def check(entry):
    """A copy of one stored puzzle, every field checked (the IDs by the engine's readers);
    raises :class:`DeckError`.

    >>> check({"position_id": "nonsense"})
    Traceback (most recent call last):
    ...
    game.app.keep.puzzle_deck.DeckError: missing fields: ['added', 'due', 'kind', 'loss', 'match_id', 'played', 'ranking', 'right', 'seen', 'step']
    """
    if not isinstance(entry, dict):
        raise DeckError("a puzzle is not an object")
    fields = {"position_id", "match_id", "kind", "played", "loss", "ranking", *_INTS, *_TIMES}
    missing = sorted(fields - set(entry))
    if missing:
        raise DeckError(f"missing fields: {missing}")
    try:
        decode_position_id(entry["position_id"])
        decode_match_id(entry["match_id"])
    except GameError as error:
        raise DeckError(str(error)) from None
    if entry["kind"] not in PUZZLE_KINDS:
        raise DeckError(f"kind {entry['kind']!r}")
    ranking = entry["ranking"]
    if not isinstance(ranking, list) or len(ranking) > _RANKED:
        raise DeckError("ranking is not a short list")
    rows = []
    for row in ranking:
        if not isinstance(row, list) or len(row) != 2:
            raise DeckError(f"ranking row {row!r}")
        rows.append([_text(row[0], "choice"), _number(row[1], "loss")])
    out = {"position_id": entry["position_id"], "match_id": entry["match_id"], "kind": entry["kind"],
           "played": _text(entry["played"], "played"), "loss": _number(entry["loss"], "loss"),
           "ranking": rows}
    for name in _INTS:
        value = entry[name]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DeckError(f"{name} {value!r}")
        out[name] = value
    for name in _TIMES:
        out[name] = _number(entry[name], name)
    return out


def check_all(entries):
    """Every puzzle of a list checked (:func:`check`), each position and dice once; raises
    :class:`DeckError`."""
    if not isinstance(entries, list) or len(entries) > LIMIT:
        raise DeckError("the puzzles are not a list")
    out, seen = [], set()
    for entry in entries:
        puzzle = check(entry)
        if key_of(puzzle) in seen:
            raise DeckError(f"twice: {key_of(puzzle)}")
        seen.add(key_of(puzzle))
        out.append(puzzle)
    return out


def read(store, vault=None):
    """The puzzles kept on ``store`` (``[]`` when none): :func:`read_deck` without its flag."""
    return read_deck(store, vault)[0]


def read_deck(store, vault=None):
    """``(puzzles, damaged)``: the puzzles kept on ``store``, and whether stored text could not
    be read. Such text is kept aside through ``vault`` (the app's :class:`storage.Vault`) and
    the deck starts empty; without one, or with no room to keep it aside, it is left where it
    is, unused."""
    try:
        text = store.get(PUZZLES)
    except Exception:  # noqa: BLE001 - a store that cannot be read: nothing kept
        return [], False
    if text is None:
        return [], False
    data = storage.unpack(text, KIND)
    try:
        if not isinstance(data, dict):
            raise DeckError("not a deck")
        return check_all(data.get("puzzles")), False
    except DeckError:
        if vault is not None:
            try:
                vault.keep_aside({PUZZLES: text})
            except storage.StorageFull:
                pass                    # no room: the text stays where it is
        return [], True


def write(store, puzzles):
    """Keep ``puzzles`` in one write; raises :class:`storage.StorageFull` when the store
    refuses it (nothing changed then)."""
    text = storage.pack(KIND, {"puzzles": list(puzzles)})
    try:
        store.set(PUZZLES, text)
    except Exception as error:  # noqa: BLE001 - QuotaExceededError and the like
        raise storage.StorageFull(str(error)) from None


def merge(here, there):
    """The puzzles of both lists, each position and dice once: a puzzle already here keeps its
    own schedule; the others are added after them.

    >>> a = {"position_id": "p", "match_id": "m", "due": 1}
    >>> b = {"position_id": "p", "match_id": "m", "due": 9}
    >>> c = {"position_id": "q", "match_id": "m", "due": 2}
    >>> [p["due"] for p in merge([a], [b, c])]
    [1, 2]
    """
    keys = {key_of(p) for p in here}
    out = list(here)
    for puzzle in there:
        if key_of(puzzle) not in keys:
            keys.add(key_of(puzzle))
            out.append(puzzle)
    return out[:LIMIT]
