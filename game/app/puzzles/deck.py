"""The deck of this device: the puzzles in memory, written whole after each change.

:class:`Deck` is a part of the app (``app.puzzles``): it reads the stored deck once
(:func:`game.app.keep.puzzle_deck.read`: damaged text is kept aside, the deck then starts
empty and :attr:`Deck.damaged` says so), adds puzzles without doubles (the same position and
dice), records an answer on the schedule (:mod:`.schedule`) and counts what is due, by the
app's clock (``app.wall``, seconds since 1970, which tests set).

>>> from game.app.keep.storage import MemoryStore
>>> class App:  # what the deck reads of the app
...     store, vault, clock = MemoryStore(), None, [1000.0]
...     def wall(self):
...         return self.clock[0]
>>> app = App()
>>> deck = Deck(app).load()
>>> one = {"position_id": "4HPwATDgc/ABMA", "match_id": "cImqAAAAAAAE", "kind": "move", "played": "13/6",
...        "loss": 0.2, "ranking": [], "added": 1000.0, "due": 1000.0, "step": 0, "seen": 0, "right": 0}
>>> deck.add([one, dict(one)]), deck.due_count()
((1, 1), 1)
>>> deck.record("4HPwATDgc/ABMA:cImqAAAAAAAE", right=True)["due"] - 1000.0, deck.due_count()
(86400.0, 0)
>>> Deck(app).load().puzzles[0]["step"]                 # kept on the device
1
"""

from game.app.keep import puzzle_deck, storage

from . import schedule

__all__ = ["Deck"]


class Deck:
    """The puzzles of the device (``puzzles``: dicts, oldest first), over ``app.store``."""

    def __init__(self, app):
        self.app = app
        self.puzzles = []
        self.damaged = False      # the stored deck could not be read: kept aside, started empty
        self.unsaved = False      # the last write was refused (a full storage): the deck is in memory

    def load(self):
        """Read the stored deck (once, at start). Returns the deck."""
        self.puzzles, self.damaged = puzzle_deck.read_deck(self.app.store, getattr(self.app, "vault", None))
        return self

    def now(self):
        return self.app.wall()

    def find(self, key):
        return next((p for p in self.puzzles if puzzle_deck.key_of(p) == key), None)

    def due(self):
        """The puzzles due now, the longest due first."""
        return schedule.due(self.puzzles, self.now())

    def due_count(self):
        return schedule.due_count(self.puzzles, self.now())

    def next_due(self):
        return schedule.next_due(self.puzzles, self.now())

    def add(self, puzzles):
        """Add ``puzzles`` (those already in the deck are left out); ``(added, already)``."""
        added = already = 0
        for puzzle in puzzles:
            if self.find(puzzle_deck.key_of(puzzle)) is not None:
                already += 1
                continue
            self.puzzles.append(puzzle_deck.check(puzzle))
            added += 1
        if added:
            while len(self.puzzles) > puzzle_deck.LIMIT:   # room: the best learnt goes first
                self.puzzles.remove(max(self.puzzles, key=lambda p: (p["step"], -p["added"])))
            self.save()
        return added, already

    def record(self, key, right):
        """The answer to puzzle ``key``: solved (``right``) or missed, on the schedule; returns
        the puzzle (None when it is not in the deck)."""
        puzzle = self.find(key)
        if puzzle is None:
            return None
        (schedule.solved if right else schedule.missed)(puzzle, self.now())
        self.save()
        return puzzle

    def remove(self, key):
        puzzle = self.find(key)
        if puzzle is not None:
            self.puzzles.remove(puzzle)
            self.save()

    def replace(self, puzzles):
        """The deck becomes ``puzzles`` (a backup restored), written at once."""
        self.puzzles = list(puzzles)
        self.save()

    def save(self):
        try:
            puzzle_deck.write(self.app.store, self.puzzles)
            self.unsaved = False
        except storage.StorageFull:
            self.unsaved = True

