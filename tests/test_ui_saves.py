"""One save per action, and a reload that trusts the engine, not the view code.

A save is one :meth:`game.ui.storage.Vault.commit`: the parts that changed
under new keys, the root switched in one ``setItem``, the old keys removed.
Each action a person (or the computer) takes writes the root once at most.
"""

import random

from game.match import Phase
from game.ui import game_view
from game.ui import view_model
from game.ui import storage
from game.ui.controller import Controller
from ui_helpers import CountingStore, make, play_randomly, slot


class RootCounter(CountingStore):
    """Counts the saves: each writes the root once."""

    def __init__(self):
        super().__init__()
        self.roots = 0

    def set(self, key, value):
        if key == storage.ROOT:
            self.roots += 1
        super().set(key, value)


def test_one_checker_moved_is_one_save():
    store = RootCounter()
    app = make([3, 1], store=store)
    app.roll()
    app.click(slot(app, 8))                    # picks the checker: nothing to save
    store.sets = store.removes = store.roots = 0
    app.click(slot(app, 5))
    assert [str(s) for s in app.match.turn.played] == ["8/5"]
    # the match under a new key, the root switched, the old match removed: one save
    assert (store.roots, store.sets, store.removes) == (1, 2, 1)


def test_every_action_of_a_whole_match_saves_once_at_most():
    store = RootCounter()
    app = Controller(store)
    app.boot("?mode=bot&length=3&seed=21&level=beginner")
    counts = []

    def after(name):
        counts.append((name, store.roots))
        store.roots = 0

    store.roots = 0
    play_randomly(app, random.Random(8), on_action=after)
    assert max(count for _name, count in counts) == 1, [c for c in counts if c[1] > 1][:5]
    # the actions that change the match are each saved
    assert all(count == 1 for name, count in counts if name in ("roll", "click target", "bot_act"))


def test_each_intent_writes_once():
    store = RootCounter()
    app = make([3, 1, 6, 5, 4, 2], store=store)
    for intent in (app.roll, lambda: app.type_move("8/5 6/5"), app.undo, app.undo,
                   lambda: app.type_move("8/5 6/5"), app.done, app.roll):
        store.roots = 0
        intent()
        assert store.roots == 1


def test_a_saved_match_whose_view_code_raises_is_still_resumed(monkeypatch):
    store = CountingStore()
    app = make([6, 2, 4, 4], store=store)
    app.roll()
    app.click(slot(app, 13))
    played = app.match.turn.played

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the view code")

    monkeypatch.setattr(view_model, "board_svg", broken)
    monkeypatch.setattr(view_model, "player_html", broken)
    monkeypatch.setattr(game_view, "player_html", broken)     # the game's panels (moved there)
    again = Controller(store)
    again.boot("")
    # the engine replayed the log: the match is resumed, not set aside as unreadable
    assert again.match.phase is Phase.MOVING and again.match.turn.played == played
    assert not again.vault.aside and again.notice() is None
    assert again.match.events == app.match.events
    monkeypatch.undo()
    assert again.view().board.counts == app.view().board.counts
    again.click(slot(again, 13))
    again.click(slot(again, 7))                # and play goes on
    assert [str(s) for s in again.match.turn.played] == ["13/7"]


def test_the_clock_ticks_redraw_only_the_panels_as_the_view_draws_them(monkeypatch):
    from game.dice import ManualDice
    from game.match import Match
    from game.ui.controller import Setup
    from game.ui.storage import MemoryStore

    now = [0.0]
    app = Controller(MemoryStore(), now=lambda: now[0])
    app.new_match(Setup(mode="hotseat", length=3, clock=(10, 5)))
    app.match = Match(app.setup.config(), ManualDice([3, 1]), now=lambda: now[0])
    app.roll()
    now[0] = 12.0
    assert app.tick() is False
    view = app.view()
    panels = app.clock_panels()
    assert panels == {"top_html": view.top_html, "bottom_html": view.bottom_html,
                      "top_on_roll": view.top_on_roll, "bottom_on_roll": view.bottom_on_roll}
    assert "0:03" in panels["top_html"] + panels["bottom_html"]

    def no_board(*args, **kwargs):
        raise AssertionError("the clock drew the board")

    monkeypatch.setattr(view_model, "board_svg", no_board)
    now[0] = 13.0
    assert "0:02" in "".join(str(v) for v in app.clock_panels().values())
    app.start_replay()
    assert app.clock_panels() is None          # a replay shows no running clock
