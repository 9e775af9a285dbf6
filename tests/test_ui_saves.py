"""One save per action, and a reload that trusts the engine, not the view code.

A save is one :meth:`game.app.keep.storage.Vault.commit`: the parts that changed
under new keys, the root switched in one ``setItem``, the old keys removed.
Each action a person (or the computer) takes writes the root once at most.
"""

import random

from game.match import Phase
from game.app.play import view as game_view
from game.app.view import view_model
from game.app.keep import storage
from game.app.controller import Controller
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
    assert not again.vault.aside and again.kept.notice() is None
    assert again.match.events == app.match.events
    monkeypatch.undo()
    assert again.view().board.counts == app.view().board.counts
    again.click(slot(again, 13))
    again.click(slot(again, 7))                # and play goes on
    assert [str(s) for s in again.match.turn.played] == ["13/7"]


def test_the_clock_ticks_redraw_only_the_panels_as_the_view_draws_them(monkeypatch):
    from game.dice import ManualDice
    from game.match import Match
    from game.app.controller import Setup
    from game.app.keep.storage import MemoryStore

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


# --- what each intent says it changed (game/app/effects.py) -------------------------------------
def test_each_intent_says_which_parts_changed_and_whether_it_saved():
    from game.dice import ManualDice
    from game.match import Match
    from game.app.controller import Setup
    from game.app.keep.storage import MemoryStore

    now = [0.0]
    store = RootCounter()
    app = Controller(store, now=lambda: now[0])
    app.new_match(Setup(mode="hotseat", length=3, clock=(10, 5)))
    app.match = Match(app.setup.config(), ManualDice([3, 1, 6, 5]), now=lambda: now[0])
    rolled = app.roll()                         # the dice, the status line, who is to act
    assert rolled.board and rolled.screen and rolled.saved and not rolled.animate
    picked = app.click(slot(app, 8))            # the checker picked and the status line: no save
    assert picked.parts() == ("board", "screen") and not picked.saved and not picked.animate
    store.roots = 0
    moved = app.click(slot(app, 5))             # a checker moved: it slides, the pips change
    assert moved.parts() == ("board", "panels", "screen") and moved.animate and moved.saved
    assert store.roots == 1
    store.roots = 0
    assert app.type_move("nonsense") is False   # a refusal: the status line alone, not saved
    assert app.effects.parts() == ("screen",) and not app.effects.saved and store.roots == 0
    now[0] = 3.0
    assert app.tick() is False                  # the clock runs: no intent changed anything
    assert app.effects.parts() == () and not app.effects.saved
    turned = app.set_pref("home_left", True)    # the board drawn the other way: the board alone
    assert turned.parts() == ("board",) and not turned.saved
    assert app.board_key("ArrowLeft") is True   # the focus moves on the board
    assert app.effects.parts() == ("board",) and app.effects.focus == app.focus
    nothing = app.cancel_resign()               # nothing to cancel: nothing changed
    assert not nothing and nothing.parts() == ()
    now[0] = 100.0
    assert app.tick() is True                   # out of time: the game ends, and is saved
    assert app.effects.parts() == ("board", "panels", "screen") and app.effects.saved


def test_a_mode_opened_over_the_game_says_what_it_covers():
    app = make([3, 1])
    app.roll()
    opened = app.resign()                       # the choice: buttons and status line only
    assert opened.parts() == ("screen",)
    closed = app.cancel_resign()
    assert closed.parts() == ("screen",)
    lesson = app.open_lesson("bar")
    assert lesson is True and app.effects.parts() == ("board", "panels", "screen")
    assert not app.effects.animate              # another board: nothing slides


def test_what_an_intent_says_it_left_unchanged_is_drawn_the_same():
    """Over a whole match against the computer: a part an intent's Effects leaves out is drawn
    exactly as before it (the page may skip it), and a write is reported as ``saved``."""
    store = RootCounter()
    app = Controller(store)
    app.boot("?mode=bot&length=3&seed=21&level=beginner")
    last = [app.view()]
    skipped = {"board": 0, "panels": 0, "screen": 0}

    def after(name):
        view, effects, before = app.view(), app.effects, last[0]
        if not effects.board:
            skipped["board"] += 1
            assert view.board_svg == before.board_svg, name
        if not effects.panels:
            skipped["panels"] += 1
            assert (view.top_html, view.bottom_html) == (before.top_html, before.bottom_html), name
        if not effects.screen:
            skipped["screen"] += 1
            assert (view.message, view.buttons, view.record_html, view.info) == \
                (before.message, before.buttons, before.record_html, before.info), name
        assert effects.saved == (store.roots == 1), name
        store.roots = 0
        last[0] = view

    store.roots = 0
    play_randomly(app, random.Random(8), on_action=after)
    # the test means something: the panels were left out by many intents (every action of a
    # match moves the board or the status line; the other parts are left out in the test above)
    assert skipped["panels"] > 10, skipped


def test_a_replay_and_its_review_say_what_they_changed_without_drawing():
    app = make([3, 1, 6, 5])
    app.roll()
    app.click(slot(app, 8))
    app.click(slot(app, 5))
    app.click(slot(app, 6))
    app.click(slot(app, 5))
    app.done()
    app.start_replay()
    first = app.view()
    effects = app.replay_step(1)                # another frame: its board, panels and words
    assert effects.board and effects.animate and not effects.saved
    assert app.view().board_svg != first.board_svg
    assert not app.replay_step(-99) or app.view().board_svg == first.board_svg
    assert not app.replay_step(-1)              # already at the first frame: nothing changed
    assert app.start_review() is True
    app.review_step(budget=30)                  # the analysis: the review panel alone
    assert app.effects.parts() == ("screen",)
