"""Helpers the controller's tests share: a controller with a chosen dice sequence, the
``data-slot`` of a point, a person playing by clicks, a store that counts its writes.

>>> app = make([3, 1])
>>> app.roll().saved                  # an intent says what it changed (game/app/effects.py)
True
>>> slot(app, 8), slot(app, 25), slot(app, 0)    # player 0 moves; player 1 sits at the bottom
('p17', 'bar0', 'off0')
"""

from game.dice import ManualDice
from game.match import Match
from game.app.controller import Controller, Setup
from game.app.view.places import place_of
from game.app.keep.storage import MemoryStore

__all__ = ["make", "slot", "play_randomly", "CountingStore"]


def make(dice=(), mode="hotseat", length=5, store=None, language=None, **setup):
    """A controller with a new match whose dice are ``dice`` (then seeded ones)."""
    app = Controller(store if store is not None else MemoryStore())
    if language is not None:
        app.set_language(language)
    app.new_match(Setup(mode=mode, length=length, **setup))
    app.match = Match(app.setup.config(), ManualDice(dice, fallback=None) if dice else None)
    app.save()
    return app


def slot(app, point):
    """The data-slot of the mover's ``point`` (25 the bar, 0 off) on the board as drawn now."""
    return place_of(app.match.player_on_roll, point, app.bottom)


def play_randomly(app, rng, limit=3000, on_action=None):
    """Drive the controller as a person would (clicks only) until the match ends;
    ``on_action(name)`` (optional) is told after each call the page would make."""
    def did(name):
        if on_action is not None:
            on_action(name)

    for _ in range(limit):
        if app.match.match_winner is not None:
            return
        if app.bot_to_act():
            app.bot_act()
            did("bot_act")
            continue
        buttons = app.buttons()
        if buttons["next-game"][1]:
            app.next_game()
            did("next_game")
        elif buttons["take"][1]:
            app.take()
            did("take")
        elif buttons["accept-resign"][1]:      # the computer resigns a hopeless race
            app.accept_resignation()
            did("accept_resignation")
        elif buttons["roll"][1]:
            app.roll()
            did("roll")
        elif buttons["done"][1]:
            app.click("dice")
            did("click dice")
        else:
            board = app.view().board
            source = rng.choice(sorted(board.movable))
            app.click(slot(app, source))
            did("click source")
            targets = sorted(app.view().board.targets)
            app.click(slot(app, rng.choice(targets)))
            did("click target")
    raise AssertionError("the match did not end")


class CountingStore(MemoryStore):
    """A :class:`MemoryStore` that counts its writes (``sets``, ``removes``) as localStorage's
    ``setItem`` and ``removeItem`` would be called."""

    def __init__(self, items=None):
        super().__init__(items)
        self.sets = 0
        self.removes = 0

    def set(self, key, value):
        self.sets += 1
        super().set(key, value)

    def remove(self, key):
        self.removes += 1
        super().remove(key)
