"""The person's progress as a part of the app: records written, analysis in the background.

When a match the person played ends (against the computer, with a friend, or two people on
this device: :func:`game.app.progress.record.seat_of`), :meth:`Progress.match_over` writes
its record at once, with the result and no figures yet. The page then runs
:meth:`Progress.steps` (a generator, :func:`game.app.cooperative.drive`) only while no game
is being played on the board: the review's analysis of that match (the same
:class:`game.bot.analysis.Review`), and the record's figures when it completes. A review of
the match opened later (:meth:`Progress.reviewed`, once its analysis is complete) fills or
refreshes the same record: one record per match, keyed by its events.

>>> from game.app.controller import Controller
>>> from game.app.keep.storage import MemoryStore
>>> app = Controller(MemoryStore())
>>> app.progress.entries(), app.progress.pending(), app.progress.due()
([], False, None)
"""

from game.errors import GameError
from game.app.keep import progress_log, storage
from game.app.progress.record import figures, history_record, over_record

__all__ = ["Progress", "BACKGROUND"]

#: the newest records the background analysis looks after (older ones wait for a review)
BACKGROUND = 20


class Progress:
    """The records of ``app``'s store (read again when the stored text changed)."""

    def __init__(self, app):
        self.app = app
        self._text = None
        self._entries = []
        self._failed = set()        # records whose match could not be analysed (or is gone)

    def entries(self):
        """The records, newest first (:mod:`game.app.keep.progress_log`)."""
        store = self.app.store
        try:
            text = store.get(storage.PROGRESS)
        except Exception:  # noqa: BLE001 - a store that cannot read
            text = None
        if text != self._text:
            self._entries = progress_log.read(store, self.app.vault)
            self._text = store.get(storage.PROGRESS)
        return [dict(e) for e in self._entries]

    def _put(self, entry):
        entries = progress_log.upsert(self.entries(), entry)
        if progress_log.write(self.app.store, entries):
            return
        self._entries, self._text = entries, object()     # full: kept in memory for this visit

    def match_over(self):
        """The match on the board has just ended (and gone to the history): its record."""
        entry = over_record(self.app)
        if entry is not None:
            self._put(entry)

    def _history_match(self, key):
        """``(index, entry)`` of the finished match of record ``key`` in the history, or None."""
        for index, entry in enumerate(self.app.kept.history()):
            events = (entry.get("match") or {}).get("events") if isinstance(entry.get("match"), dict) else None
            if isinstance(events, list) and progress_log.match_key(events) == key:
                return index, entry
        return None

    def pending(self):
        """True when a record may want its figures (cheap: the history is not read)."""
        return any(not e["analysed"] and e["key"] not in self._failed for e in self.entries()[:BACKGROUND])

    def due(self):
        """The record the background analysis works on next: the newest without figures whose
        match is still in the history; None when there is none."""
        for entry in self.entries()[:BACKGROUND]:
            if entry["analysed"] or entry["key"] in self._failed:
                continue
            if self._history_match(entry["key"]) is None:
                self._failed.add(entry["key"])       # the match is no longer kept: nothing to weigh
                continue
            return entry
        return None

    def steps(self):
        """Analyse the :meth:`due` record's match, a decision (or a roll's luck) per step, then
        write its figures; returns the record's key, or None when there was nothing to do."""
        entry = self.due()
        if entry is None:
            return None
        from game.bot.analysis import Review         # the bot: loaded on first use

        _, kept = self._history_match(entry["key"])
        try:
            review = Review.sliced(kept["match"])     # read a few events a step: the page paints
            while review.opening:
                review.step()
                yield
        except (GameError, KeyError, TypeError, ValueError):
            self._failed.add(entry["key"])
            return None
        while review.step():
            yield
        self._fill(entry, review.result())
        return entry["key"]

    def _fill(self, entry, result):
        now = next((e for e in self.entries() if e["key"] == entry["key"]), entry)
        self._put({**now, **figures(result, now["seat"])})

    def reviewed(self, result, match_data, setup):
        """A review's analysis of ``match_data`` is complete (``result``): fill the match's
        record, or write one for a finished match of the history the person played."""
        if not result.get("complete"):
            return
        key = progress_log.match_key(match_data.get("events") or [])
        entry = next((e for e in self.entries() if e["key"] == key), None)
        if entry is None:
            found = self._history_match(key)
            entry = None if found is None else history_record(found[1], setup)
            if entry is None or entry["key"] != key:
                return
        self._fill(entry, result)

    def open(self, key):
        """Open the review of record ``key``'s match: True when it opened; otherwise the
        message says it is no longer kept."""
        found = self._history_match(str(key))
        if found is not None and self.app.start_review(found[0]):
            return True
        self.app.message = ("progress.gone", {})
        return False
