"""The modes on one stack (game/app/modes/stack.py): the intents go to the mode on top, and what a
mode hides (the status line, the match's clock) comes back when it closes."""

from game.dice import ManualDice
from game.match import Match
from game.app.controller import Controller, Setup
from game.app.modes.stack import Mode
from game.app.keep.storage import MemoryStore
from ui_helpers import make, slot


def test_each_mode_answers_the_same_small_interface():
    app = make([3, 1])
    app.roll()
    app.start_replay()
    app.open_lesson("bar")
    app.edit_open()                     # the editor closes the replay and the lesson
    assert app.modes.names() == ("editor",)
    for mode in (app.game, app.modes.top()):
        assert isinstance(mode, Mode)
        for name in ("click", "press", "drop_on", "deselect", "typed", "undo", "key", "view",
                     "signature", "default_focus", "seat", "picked"):
            assert callable(getattr(mode, name)), (mode.name, name)


def test_a_lesson_over_a_replay_takes_the_board_and_gives_it_back():
    app = make([3, 1])
    app.roll()
    app.click(slot(app, 8))
    app.click(slot(app, 5))
    app.done()
    said = app.message
    app.start_replay()
    replayed = app.view().board_svg
    assert app.open_lesson("bar") is True
    assert app.modes.names() == ("replay", "lesson") and app.modes.top().name == "lesson"
    events = len(app.match.events)
    app.click("p22")                    # the lesson's board, not the match's
    assert len(app.match.events) == events
    app.close_lesson()
    assert app.modes.top().name == "replay" and app.view().board_svg == replayed
    app.end_replay()
    assert app.modes.names() == () and app.message == said


def test_a_lesson_and_the_editor_stop_the_match_clock_until_they_close():
    now = [0.0]
    app = Controller(MemoryStore(), now=lambda: now[0])
    app.new_match(Setup(mode="hotseat", length=3, clock=(10, 60)))
    app.match = Match(app.setup.config(), ManualDice([3, 1]), now=lambda: now[0])
    app.roll()
    clock = app.match.clock
    for opening, closing in ((lambda: app.open_lesson("bar"), app.close_lesson),
                             (app.edit_open, app.edit_cancel)):
        opening()
        assert clock.paused
        left = clock.remaining(app.match.player_on_roll)
        now[0] += 100
        assert clock.remaining(app.match.player_on_roll) == left   # the match waits
        closing()
        assert not clock.paused and app.modes.names() == ()


def test_the_choice_of_what_to_resign_is_a_mode_over_the_game_and_the_board_still_plays():
    app = make([3, 1])
    app.roll()
    app.resign()
    assert app.modes.names() == ("resign",) and app.resign_choice
    app.click(slot(app, 8))
    app.click(slot(app, 5))             # a checker moved: the choice gives way
    assert [str(s) for s in app.match.turn.played] == ["8/5"]
    assert not app.resign_choice and app.modes.names() == ()
