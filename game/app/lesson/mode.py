"""A lesson as a mode over the match: the match waits (its clock too) until it closes.

:class:`LessonMode` puts a :class:`game.app.lesson.player.LessonPlayer` on the mode
stack (:mod:`game.app.modes.stack`): the board's clicks, drags, keys and typed moves go to
the lesson, the page shows its view. :func:`open_lesson` opens one (a link's, the
list's, the next one), :func:`reopen` the one a reload left open, at the same step;
which lesson is open is kept apart from the matches (``storage.LESSON``).

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> app.open_lesson("bar"), app.modes.top().name
(True, 'lesson')
>>> app.close_lesson().parts(), app.modes.top().name
(('board', 'panels', 'screen'), 'game')
"""

from dataclasses import replace

from game.app.view import keyboard
from game.app.keep import storage
from game.app.modes.stack import Mode
from game.app.view.places import PERSON, place_of
from game.app.view.view_model import screen, spoken

__all__ = ["LessonMode", "open_lesson", "reopen", "remember", "forget", "lesson_list", "act"]


class LessonMode(Mode):
    """The lesson open over the match (``player``: its :class:`LessonPlayer`)."""

    name = "lesson"
    pauses_clock = True

    def __init__(self, app, player):
        self.app = app
        self.player = player

    def click(self, slot, button="left"):
        self.player.click(slot, button)

    def press(self, slot):
        return self.player.press(slot)

    def drop_on(self, slot):
        self.player.drop_on(slot)

    def deselect(self):
        self.player.deselect()

    def typed(self, text):
        return self.player.type_move(text)

    def undo(self):
        self.player.undo()

    def picked(self):
        return self.player.selected

    def seat(self):
        return PERSON, PERSON

    def default_focus(self):
        board = self.player.view(self.app.language, self.app.touch).board
        if board.mover is not None and board.movable:
            return place_of(board.mover, max(board.movable), board.bottom)
        return keyboard.first_slot()

    def view(self):
        app = self.app
        self.player.home_right, self.player.upright, self.player.compact = app.board_shape().values()
        lesson = self.player.view(app.language, app.touch)
        hidden = {name: (False, False) for name in app.game.screen.play_buttons()}
        hidden |= {"hint": (False, False), "replay": (False, False), "review": (False, False),
                   "review-game": (False, False)}
        names = {lesson.top.player: lesson.top.name, lesson.bottom.player: lesson.bottom.name}
        board = spoken(replace(lesson.board, focus=app.focus or self.default_focus()), app.tr,
                       (names.get(0, ""), names.get(1, "")))
        return screen(
            board, lesson.top, lesson.bottom, message=lesson.message, warn=lesson.warn,
            info=lesson.info, position_id=lesson.position_id, match_id="",
            buttons=hidden | lesson.buttons, move_input=lesson.move_input, language=app.language,
            lesson={**lesson.panel, "verdict": lesson.verdict, "message": lesson.message,
                    "warn": lesson.warn})


def open_lesson(app, lesson_id):
    """Show lesson ``lesson_id`` over the match, which waits untouched (its clock paused)
    until it closes.  False when it cannot be read (the message says why)."""
    from game.lessons import (InvalidLessonError, UnknownLessonError, list_lessons, load_lesson)
    from game.app.lesson.player import LessonPlayer

    try:
        order = [info.id for info in list_lessons()]
        lesson = load_lesson(str(lesson_id))
    except (InvalidLessonError, UnknownLessonError) as error:
        app.message = ("error.lesson", {"error": str(error)[:200]})
        return False
    app.edit_cancel()
    app.selected = None
    colours = app.setup.colours
    player = LessonPlayer(lesson, order, colours=(colours[PERSON], colours[1 - PERSON]),
                          **app.board_shape())
    # a lesson opened over another keeps what the first one hid
    app.modes.push(LessonMode(app, player), app.message, app._clock())
    remember(app)
    return True


def remember(app):
    """Keep which lesson is open, and its step, so that a reload (a phone that dropped the
    tab) comes back to it."""
    if app.lesson is not None:
        app.kept.put(storage.LESSON, storage.pack("lesson", app.lesson.to_dict()))


def reopen(app):
    """Open again the lesson a reload left open, at its step."""
    saved = storage.unpack(app.store.get(storage.LESSON), "lesson")
    if not isinstance(saved, dict) or not isinstance(saved.get("id"), str):
        return
    message = app.message
    if not open_lesson(app, saved["id"]):
        app.message = message            # a lesson this version no longer has
        forget(app)
        return
    index = saved.get("index")
    if isinstance(index, int) and not isinstance(index, bool):
        app.lesson.go(index)
        remember(app)


def forget(app):
    try:
        app.store.remove(storage.LESSON)
    except Exception:  # noqa: BLE001 - storage off: nothing was kept
        pass


def lesson_list(app):
    """The lessons (``LessonInfo``) in their order, for the list; [] when it cannot be read."""
    from game.lessons import InvalidLessonError, list_lessons
    try:
        return list_lessons()
    except InvalidLessonError as error:
        app.message = ("error.lesson", {"error": str(error)[:200]})
        return []


def act(app, name):
    """A button of the lesson panel: ``prev``, ``next``, ``demo``, ``check``, ``undo``,
    ``retry``, ``answer``, ``next_lesson`` or ``close``."""
    player = app.lesson
    if player is None:
        return
    if name == "close":
        app.close_lesson()
    elif name == "next_lesson":
        if player.next_lesson is not None:
            app.open_lesson(player.next_lesson)
    else:
        action = {"prev": player.prev, "next": player.next, "demo": player.demo_restart,
                  "check": player.check, "undo": player.undo, "retry": player.retry,
                  "answer": player.show_answer}.get(name)
        if action is not None:
            action()
            remember(app)
