"""The stored text of the match on the board, without encoding the whole log at every save.

The controller saves the match after every action (``game/app/keep/storage.py``,
kind ``current``). A match's event log only grows, and the events of the
games already finished never change: :class:`CurrentText` keeps their JSON
text and encodes again only the game in play, so a save in a long money
session costs about the same as in its first game. The text it gives is,
byte for byte, ``storage.pack("current", snapshot)`` of the snapshot with the
whole log (the format does not change).

>>> from game.match import Match, MatchConfig
>>> from game.dice import ManualDice
>>> match = Match(MatchConfig(length=0), ManualDice([3, 1]))
>>> match.roll() and None
>>> snapshot = {"match": match.to_dict(events=False), "saved_at": 5}
>>> text = CurrentText().pack(snapshot, match.events)
>>> text == storage.pack("current", {**snapshot, "match": match.to_dict()})
True
"""

import json

from game.app.keep import storage

__all__ = ["CurrentText"]


def _dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class CurrentText:
    """Packs the match on the board; remembers the text of the events of finished games.

    ``encoded`` counts the events encoded so far (what a save costs grows
    with it; the tests read it). The log must be a match's own events (append
    only, never changed once logged, as :class:`game.match.Match` keeps them);
    another log (a new match, one read back from the store) is noticed by the
    identity of its events and starts afresh.
    """

    def __init__(self):
        self.encoded = 0
        self._count = 0          # how many leading events _text holds
        self._text = ""          # their JSON, comma separated
        self._first = None       # events[0] and events[_count - 1] when _text was made
        self._last = None

    def events_text(self, events):
        """The JSON text of the list ``events``: ``json.dumps(events)`` with the storage's
        separators.

        >>> cache = CurrentText()
        >>> log = [{"type": "game_start", "game": 1}, {"type": "win"}, {"type": "game_start"}]
        >>> cache.events_text(log), cache.encoded
        ('[{"type":"game_start","game":1},{"type":"win"},{"type":"game_start"}]', 3)
        >>> log.append({"type": "roll", "dice": [3, 1]})
        >>> cache.events_text(log) == _dumps(log), cache.encoded   # the first game is kept
        (True, 5)
        """
        count = self._count
        if count and (count > len(events) or events[0] is not self._first
                      or events[count - 1] is not self._last):
            count, self._text = 0, ""           # another log
        # the finished games: everything before the last game's start
        start = len(events) - 1
        while start > count and events[start].get("type") != "game_start":
            start -= 1
        if start > count:
            piece = _dumps(events[count:start])[1:-1]
            self._text = f"{self._text},{piece}" if self._text else piece
            self.encoded += start - count
            count = start
            self._first, self._last = events[0], events[count - 1]
        self._count = count
        rest = events[count:]
        self.encoded += len(rest)
        tail = _dumps(rest)[1:-1]
        return "[" + ",".join(text for text in (self._text, tail) if text) + "]"

    def pack(self, snapshot, events):
        """``storage.pack("current", …)`` of ``snapshot`` (its first key ``"match"``, the match's
        data without its events) with ``events`` as the match's log, as a
        :class:`game.app.keep.storage.Packed` text the vault writes as it is."""
        keys = list(snapshot)
        if not keys or keys[0] != "match" or "events" in snapshot["match"] or not snapshot["match"]:
            raise ValueError("the snapshot must begin with the match's data, without its events")
        match_text = _dumps(snapshot["match"])[:-1] + ',"events":' + self.events_text(events) + "}"
        others = {key: value for key, value in snapshot.items() if key != "match"}
        rest = "," + _dumps(others)[1:] if others else "}"
        envelope = storage.pack("current", 0)
        if not envelope.endswith(',"data":0}'):  # pragma: no cover - pack() puts data last
            raise ValueError("unexpected envelope")
        return storage.Packed(envelope[:-2] + '{"match":' + match_text + rest + "}")
