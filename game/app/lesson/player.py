"""A lesson on the app's board: its narrated steps one by one, then the learner's turn.

:class:`LessonPlayer` holds where the learner is in one
:class:`game.lessons.Lesson` (which step, how much of a step's demo move is
shown, the checkers moved during the task, the last verdict) and turns it
into a :class:`LessonView`: the board to draw, the texts of the lesson panel
and which of its buttons work.  No rules here: steps and answers are judged
by the engine through :meth:`game.lessons.Lesson.check` and
:class:`game.turn.Turn`, and a refused move is explained with the engine's
own sentence (the one a game shows).  Pure Python: ``main.py`` draws the view
and turns clicks into calls, through the controller.

>>> from game.lessons import load_lesson
>>> player = LessonPlayer(load_lesson("hitting"))
>>> view = player.view("en")
>>> view.panel["progress"], view.buttons["lesson-prev"]
('Step 1 of 5', (True, False))
>>> while not player.in_task:
...     player.next()
>>> player.view("en").panel["stage"]
'task'

The learner answers on the board (clicks, drags) or by typing; a refused
move is explained, and nothing is lost:

>>> player = LessonPlayer(load_lesson("bar"))
>>> player.go(len(player.lesson.steps))
>>> player.type_move("13/7 13/10")
False
>>> view = player.view("en")
>>> view.verdict, view.warn
('refused', True)
>>> view.message.startswith("You have a checker on the bar")
True
>>> player.retry(); player.click("bar1"); player.click("p22"); player.click("p22"); player.click("p16")
>>> player.check()
True
>>> player.view("en").verdict
'success'
"""

from dataclasses import dataclass, field
from html import escape

from game.lessons import (ACCEPT_ANY, LEARNER, OPPONENT, localized)
from game.move import BAR, OFF, Move
from game.turn import Turn
from game.app.modes.board_input import BoardInput, Seat
from game.app.text.messages import clock_text as say_clock
from game.app.text.messages import dice_text
from game.app.view.places import PERSON, by_seat, seat_of
from game.app.text.i18n import translator
from game.app.text.messages import points, render_message
from game.app.text.messages import text as say
from game.app.view.geometry import BoardView
from game.app.view.html import PlayerPanel
from game.app.view.view_model import board_view, panel
from game.app.keep.storage import LESSON
from game.app.keep.urlparams import lesson_in_query  # noqa: F401  (part of this module's API)

__all__ = ["LessonPlayer", "LessonView", "lessons_html", "options_html", "lesson_in_query", "BUTTONS",
           "LESSON_KEY"]

#: where the app keeps the open lesson and its step (localStorage key)
LESSON_KEY = LESSON

#: the lesson panel's buttons (element ids), in the order they appear
BUTTONS = ("lesson-prev", "lesson-next", "lesson-demo", "lesson-check", "lesson-undo",
           "lesson-retry", "lesson-answer", "lesson-next-lesson", "lesson-list", "lesson-close")


@dataclass
class LessonView:
    """What the page shows of a lesson, already translated.

    ``board`` is the :class:`game.app.view.geometry.BoardView` to draw (the learner at
    the bottom), ``top`` / ``bottom`` the player strips, ``message`` what the
    status line says (``warn`` for a refusal, ``verdict`` the last check's
    kind: ``success``, ``refused``, ``other``, ``malformed``, ``answer`` or
    ``""``), ``buttons`` ``{element id: (visible, enabled)}`` and ``panel``
    the lesson panel's texts: ``title``, ``progress``, ``text``, ``facts``
    (short sentences: dice, opening roll, move shown, highlighted points),
    ``prompt``, ``options_html``, ``stage`` (``step`` or ``task``) and
    ``demo`` (``""``, ``playing`` or ``done``).
    """

    board: BoardView
    top: PlayerPanel
    bottom: PlayerPanel
    message: str
    warn: bool
    verdict: str
    info: str
    position_id: str
    buttons: dict
    move_input: bool
    panel: dict = field(default_factory=dict)


def _where(tr, place):
    if place == BAR:
        return tr("where.bar")
    if place == OFF:
        return tr("where.off")
    return tr("where.point", n=place)


class LessonPlayer:
    """One lesson being shown: ``index`` is the step on screen (``len(steps)``: the task).

    ``order`` lists the ids of every lesson in the app's order (for "Lesson 3
    of 21" and the next lesson).  ``colours`` are the learner's and the
    opponent's checker colours; ``home_right`` where the home board is drawn, ``upright``
    whether the board stands upright, ``compact`` whether its cube column is cut off
    (:mod:`game.app.view.board_svg`).
    """

    def __init__(self, lesson, order=(), colours=("light", "dark"), home_right=True, upright=False,
                 compact=False):
        self.lesson = lesson
        self.order = tuple(order)
        self.colours = tuple(colours)
        self.home_right = home_right
        self.upright = upright
        self.compact = compact
        self.index = 0
        self.demo_played = 0       # checker steps of the step's demo already shown
        self.turn = None           # the learner's Turn during a move task
        # the board's clicks, drags and keys: the game's own board input, on the learner's turn
        self.board_input = BoardInput(Seat(turn=lambda: self.turn, mover=lambda: PERSON,
                                           bottom=lambda: PERSON, play=self._play, say=self._say))
        self.result = None         # the last CheckResult
        self.answer_shown = False
        self.chosen = None         # the option picked last (choice tasks)
        self.note = None           # a step-level message: (i18n key, params)
        self.go(0)

    # --- where we are -------------------------------------------------------------------------
    @property
    def in_task(self):
        """True once the steps are over and the learner's turn has come."""
        return self.index >= len(self.lesson.steps)

    @property
    def task(self):
        return self.lesson.task

    @property
    def step(self):
        """The step on screen, or None during the task."""
        return None if self.in_task else self.lesson.steps[self.index]

    @property
    def solved(self):
        """True when the task was answered right (or its answer shown): the board is then frozen."""
        return self.answer_shown or (self.result is not None and self.result.ok)

    @property
    def next_lesson(self):
        """The id of the lesson after this one in ``order``, or None."""
        if self.lesson.id in self.order:
            at = self.order.index(self.lesson.id)
            if at + 1 < len(self.order):
                return self.order[at + 1]
        return None

    def to_dict(self):
        """What a reload needs to come back here: the lesson and the step (the task starts afresh).

        >>> from game.lessons import load_lesson
        >>> player = LessonPlayer(load_lesson("bar")); player.next()
        >>> player.to_dict()
        {'id': 'bar', 'index': 1}
        """
        return {"id": self.lesson.id, "index": self.index}

    # --- the steps ----------------------------------------------------------------------------
    def go(self, index):
        """Show step ``index`` (clamped); ``len(lesson.steps)`` starts the task afresh."""
        self.index = max(0, min(len(self.lesson.steps), int(index)))
        self.demo_played = 0
        self.board_input.deselect()
        self.note = None
        if self.in_task:
            self.retry()

    def next(self):
        self.go(self.index + 1)

    def prev(self):
        self.go(self.index - 1)

    def demo_pending(self):
        """True while the step's demo move still has checker steps to show."""
        step = self.step
        return step is not None and step.demo is not None and self.demo_played < len(step.demo.steps)

    def demo_advance(self):
        """Show one more checker step of the demo move; False when it was all shown."""
        if not self.demo_pending():
            return False
        self.demo_played += 1
        return True

    def demo_restart(self):
        """Show the demo move again from its first checker."""
        self.demo_played = 0

    def _demo_turn(self):
        step = self.step
        turn = Turn(step.board.position, step.board.dice)
        for hop in step.demo.steps[:self.demo_played]:
            turn.step(hop.source, hop.target)
        return turn

    # --- the task: a move on the board ------------------------------------------------------------
    def retry(self):
        """Start the task again: the task's board, nothing played, no verdict."""
        self.turn = self.task.turn()
        self.board_input.deselect()
        self.result = None
        self.answer_shown = False
        self.chosen = None
        self.note = None

    def _can_play(self):
        return self.in_task and self.turn is not None and not self.solved

    def _moved(self):
        """After the learner changed the board: the old verdict no longer applies."""
        self.result = None
        self.note = ("msg.playing", {"move": str(self.turn.move)}) if self.turn.played else None

    @property
    def selected(self):
        """The checker picked (the mover's numbering), or None: its board input's."""
        return self.board_input.selected

    def _play(self, move):
        """The board input's step, ``move(on)``, on the learner's turn."""
        move(self.turn)
        self._moved()

    def _say(self, message):
        self.note = message

    def click(self, slot, button="left"):
        """A click on the board, as in a game: pick a checker, then where it goes."""
        if not self._can_play() or self.board_input.point(slot) is None:
            return
        self.result = None         # the last verdict gives way to what happens now
        self.board_input.click(slot, button)

    def press(self, slot):
        """A drag starts on ``slot``: True when that checker may move (it is selected)."""
        if not self._can_play() or not self.board_input.press(slot):
            return False
        self.result = None
        return True

    def drop_on(self, slot):
        """The dragged checker is let go over ``slot``."""
        if self._can_play():
            self.board_input.drop_on(slot)

    def deselect(self):
        self.board_input.deselect()

    def undo(self):
        """Take back the last checker moved in the task."""
        if self._can_play() and self.turn.played:
            self.turn.undo()
            self.board_input.deselect()
            self._moved()

    # --- answers ------------------------------------------------------------------------------------
    def check(self):
        """Judge the checkers moved on the board (none moved: a pass); True when right."""
        if not self._can_play():
            return False
        self.board_input.deselect()
        self.note = None
        self.result = self.lesson.check(self.turn.move)
        return self.result.ok

    def type_move(self, text):
        """Judge typed notation; a legal play is then shown on the board.  True when right."""
        if not self._can_play():
            return False
        text = (text or "").strip()[:60]
        if not text:
            return False
        result = self.lesson.check(text)
        if result.move is not None:
            self.turn = self.task.turn()
            for hop in result.move.steps:
                self.turn.step(hop.source, hop.target)
        self.board_input.deselect()
        self.note = None
        self.result = result
        return result.ok

    def choose(self, option_id):
        """Pick an option of a choice task; True when right.  An unknown id changes nothing."""
        if not self.in_task or self.task.kind != "choice" or self.solved:
            return False
        if option_id not in [option.id for option in self.task.options]:
            return False
        self.chosen = option_id
        self.note = None
        self.result = self.lesson.check(option_id)
        return self.result.ok

    def answer(self):
        """The task's answer: a play (:class:`game.Move`, empty for a pass) or an option id."""
        task = self.task
        if task.kind == "choice":
            return task.accept[0]
        if task.accept:
            return task.accept[0]
        plays = task.plays
        wanted = ACCEPT_ANY[task.accept_any]
        return next((play for play in plays if wanted(play)), Move(()))

    def show_answer(self):
        """Show the answer (played on the board for a move task); the task is then over."""
        if not self.in_task or self.solved:
            return
        answer = self.answer()
        if self.task.kind == "move":
            self.turn = self.task.turn()
            for hop in answer.steps:
                self.turn.step(hop.source, hop.target)
        else:
            self.chosen = answer
        self.board_input.deselect()
        self.note = None
        self.result = None
        self.answer_shown = True

    # --- the view --------------------------------------------------------------------------------------
    def _shown(self):
        """``(lesson Board, position shown, dice, dice left, highlight)`` of the screen."""
        if self.in_task:
            board = self.task.board
            if self.turn is not None:
                turn = self.turn
                left = () if turn.is_complete else tuple(turn.remaining_dice)
                return board, turn.current, board.dice, left, board.highlight
            return board, board.position, board.dice, tuple(board.dice or ()), board.highlight
        step = self.step
        board = step.board
        if step.demo is None:
            return board, board.position, board.dice, tuple(board.dice or ()), board.highlight
        turn = self._demo_turn()
        return board, turn.current, board.dice, tuple(turn.remaining_dice), board.highlight

    def _board_view(self, tr, board, position, dice, left, highlight):
        fields = board.view_fields()
        movable = frozenset()
        targets = frozenset()
        selected = None
        playing = self._can_play() and not self.turn.is_complete
        if playing:
            movable = frozenset(self.turn.all_destinations())
            if self.selected in movable:
                selected = self.selected
                targets = frozenset(self.turn.destinations(selected))
        places = ", ".join(_where(tr, p) for p in sorted(highlight, reverse=True))
        label = tr("label.board") + (" — " + tr("lesson.highlight", places=places) if places else "")
        return board_view(
            tr, label, counts=by_seat(tuple(position.mine), tuple(position.theirs)), bottom=PERSON,
            home_right=self.home_right, upright=self.upright, compact=self.compact,
            colours=by_seat(*self.colours),
            cube_value=fields["cube_value"], cube_owner=seat_of(fields["cube_owner"], LEARNER),
            cube_offered_by=seat_of(fields["cube_offered_by"], LEARNER),
            cube_enabled=fields["cube_enabled"], crawford=fields["crawford"], dice=tuple(dice or ()),
            dice_player=PERSON if dice else None,
            dice_left=left, mover=PERSON if playing else None, movable=movable, selected=selected,
            targets=targets, highlight=frozenset(highlight), opening=self._opening(board))

    def _opening(self, board):
        """The opening roll on the board, each throw in front of its player, or ()."""
        opening = board.opening
        if opening is None or self.in_task or board.dice:
            return ()
        return by_seat(tuple(opening.mine), tuple(opening.theirs))

    def _panels(self, tr, board, view):
        context = board.context
        learner_turn = bool(board.dice) or self.in_task or context.double_offered
        clock_text = ""
        left = board.clock_left()
        if left is not None:
            clock_text = say_clock(tr, *left)

        def strip(seat):
            learner = seat == PERSON
            return panel(tr, view, seat, tr("name.you") if learner else tr("lesson.opponent"),
                         score=context.score[LEARNER if learner else OPPONENT] if context.match_length else None,
                         clock_text=clock_text if learner else "",
                         on_roll=learner_turn and learner)
        return strip(1 - PERSON), strip(PERSON)

    def _info(self, tr, board):
        context = board.context
        if context.match_length:
            text = tr("info.stakes_match", length=tr.n("count.points", context.match_length))
        else:
            text = tr("info.stakes_money")
        if context.cube:
            text += " · " + tr("info.cube", cube=context.cube_value)
        if context.crawford:
            text += " · " + tr("info.crawford")
        return text

    def _facts(self, tr, board, dice, highlight):
        facts = []
        opening = board.opening
        if opening is not None and not self.in_task:
            mine, theirs = (dice_text(opening.mine), dice_text(opening.theirs))
            if opening.starter is None:
                facts.append(tr("lesson.opening_tie", mine=mine, theirs=theirs))
            else:
                key = "lesson.opening_you" if opening.starter == LEARNER else "lesson.opening_them"
                facts.append(tr(key, mine=mine, theirs=theirs, dice=dice_text(opening.dice)))
        if dice:
            facts.append(tr("lesson.dice", dice=dice_text(dice)))
        if board.context.double_offered:
            facts.append(tr("lesson.double_offered", value=2 * board.context.cube_value))
        offered = board.context.resignation_offered        # 1, 2, 3: single, gammon, backgammon
        if offered:
            facts.append(say(("lesson.resignation_offered", {
                "result": {"key": ("result.single", "result.gammon", "result.backgammon")[offered - 1]},
                "points": points(offered * board.context.cube_value)}), tr))
        step = self.step
        if step is not None and step.demo is not None:
            facts.append(tr("lesson.demo", move=str(step.demo)))
        if highlight:
            places = ", ".join(_where(tr, p) for p in sorted(highlight, reverse=True))
            facts.append(tr("lesson.highlight", places=places))
        return facts

    def _message(self, tr, language):
        """``(text, warn, verdict)`` of the status line: the lesson's verdicts are messages,
        ``(key, params)`` (game.lessons.model), said here through game/app/text/messages.py."""
        message, warn, verdict = self._said()
        return say(message, tr), warn, verdict

    def _said(self):
        """``(message, warn, verdict)`` of the status line."""
        if self.answer_shown:
            return self.task.answer_message(self.answer()), False, "answer"
        result = self.result
        if result is not None:
            if result.kind == "other" and result.about_rules and result.feedback:
                # the lesson's own words for an answer allowed but not asked ("That move is
                # allowed, but…", why a take is wrong): the app's lead would say it twice
                return result.say(), True, result.kind
            return result.verdict(), result.kind != "success", result.kind
        if self.note is not None:
            return self.note, self.note[0].startswith("reason."), ""
        if self.in_task:
            return ("lesson.play_choice" if self.task.kind == "choice" else "lesson.play_move", {}), False, ""
        return None, False, ""

    def view(self, language, touch=False):
        """The :class:`LessonView` of the screen, in ``language`` (``touch``: said for a touch
        screen, "tap" for "click")."""
        tr = translator(language, touch)
        lesson = self.lesson
        board, position, dice, left, highlight = self._shown()
        view = self._board_view(tr, board, position, dice, left, highlight)
        top, bottom = self._panels(tr, board, view)
        message, warn, verdict = self._message(tr, language)
        if self.solved and self.order and self.next_lesson is None:
            message = f"{message} {tr('lesson.last')}"
        in_task, choice = self.in_task, self.task.kind == "choice"
        playing = self._can_play()
        count = len(lesson.steps)
        step = self.step
        position_text = ""
        if lesson.id in self.order:
            position_text = tr("lesson.number", n=self.order.index(lesson.id) + 1, total=len(self.order))
        buttons = {
            "lesson-prev": (True, self.index > 0),
            "lesson-next": (not in_task, not in_task),
            "lesson-demo": (step is not None and step.demo is not None, step is not None and step.demo is not None
                            and not self.demo_pending()),
            "lesson-check": (in_task and not choice, playing),
            "lesson-undo": (in_task and not choice, playing and bool(self.turn.played)),
            "lesson-retry": (in_task, in_task and (self.result is not None or self.answer_shown
                                                   or bool(self.turn is not None and self.turn.played))),
            "lesson-answer": (in_task, in_task and not self.solved),
            "lesson-next-lesson": (in_task and self.next_lesson is not None, self.next_lesson is not None),
            "lesson-list": (True, True),
            "lesson-close": (True, True),
        }
        demo = ""
        if step is not None and step.demo is not None:
            demo = "playing" if self.demo_pending() else "done"
        panel = {
            "id": lesson.id,
            "title": localized(lesson.title, language),
            "number": position_text,
            "progress": tr("lesson.your_turn") if in_task else tr("lesson.step", n=self.index + 1, total=count),
            "text": localized(self.task.prompt, language) if in_task else localized(step.text, language),
            "facts": self._facts(tr, board, dice, highlight),
            "options_html": options_html(self, language) if in_task and choice else "",
            "stage": "task" if in_task else "step",
            "demo": demo,
            "solved": self.solved,
        }
        return LessonView(board=view, top=top, bottom=bottom, message=message, warn=warn,
                          verdict=verdict, info=self._info(tr, board), position_id=position.position_id(),
                          buttons=buttons, move_input=playing and not choice, panel=panel)


def options_html(player, language):
    """The buttons of a choice task's options, every text escaped.

    Each carries ``data-option`` (its id) for one delegated listener; the
    option picked has ``aria-pressed="true"`` and, once the task is over, the
    right one is marked ``right`` (and a wrong pick ``wrong``).
    """
    task = player.task
    right = set(task.accept)
    out = ['<div class="lesson-options" role="group">']
    for option in task.options:
        classes = ["option"]
        chosen = option.id == player.chosen
        if player.solved and option.id in right:
            classes.append("right")
        elif chosen and player.result is not None and not player.result.ok:
            classes.append("wrong")
        disabled = " disabled" if player.solved else ""
        out.append(f'<button type="button" class="{" ".join(classes)}" data-option="{escape(option.id)}" '
                   f'aria-pressed="{"true" if chosen else "false"}"{disabled}>'
                   f'{escape(render_message(option.label_message(), language))}</button>')
    out.append("</div>")
    return "".join(out)


def lessons_html(infos, language, current=None):
    """The list of lessons (``LessonInfo``), in their order, as buttons; every text escaped.

    >>> from game.lessons import list_lessons
    >>> html = lessons_html(list_lessons()[:2], "fr", current="setup")
    >>> html.count("data-lesson="), 'aria-current="true"' in html
    (2, True)
    >>> "Le plateau" in html
    True
    """
    out = ['<ol class="lesson-list">']
    for info in infos:
        current_attr = ' aria-current="true"' if info.id == current else ""
        summary = localized(info.summary, language) if info.summary else ""
        out.append(f'<li><button type="button" data-lesson="{escape(info.id)}"{current_attr}>'
                   f'<span class="lesson-title">{escape(localized(info.title, language))}</span>'
                   + (f'<span class="lesson-summary">{escape(summary)}</span>' if summary else "")
                   + "</button></li>")
    out.append("</ol>")
    return "".join(out)
