"""The drills' screen as a mode over the match: a student's set, the composer, the summary.

:class:`DrillsMode` opens over the match (which waits, its clock paused) and holds which
screen is shown (:data:`SCREENS`) and its state; its intents are plain calls the page
makes, and :meth:`DrillsMode.html` is what it draws. A student's answers are kept on the
device after each one (:mod:`.progress`), so a reload of the same link resumes.

>>> from game.app.controller import Controller
>>> from game.drills import Assignment
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> mode = open_drills(app, "drill", Assignment.single("race", seed=5, count=2), now=0.0)
>>> app.modes.top().name, mode.screen
('drills', 'loading')
>>> mode.prepare(now=0.0); mode.screen
'name'
>>> mode.start("Zoé", now=1.0); mode.screen, mode.progress.index
('question', 0)
>>> mode.answer(("not a number",), now=2.0); mode.problem[0]
'drills.error.answer_number'
>>> mode.answer(mode.progress.question.answer, now=3.0); mode.progress.shown, mode.problem
(True, None)
>>> mode.next(now=4.0); mode.answer(("90",), now=5.0); mode.next(now=6.0); mode.screen
'results'
>>> mode.progress.score(), mode.result_code().startswith("BG1-")
(1, True)
>>> close_drills(app); app.modes.top().name
'game'
"""

from game.app.keep import storage
from game.app.modes.stack import Mode
from game.drills import (Assignment, InvalidAnswerError, Result, csv_text, encode_result, read_answer,
                         summarize)
from game.drills.errors import DrillError
from game.drills.result_code import _name as check_name

from . import composer, links, view
from .made import Made
from .shelf import Shelf

__all__ = ["DrillsMode", "SCREENS", "open_drills", "open_link", "close_drills", "drills_of"]

#: the screens: the questions being drawn, a link refused, the student's name, a question,
#: the results, the teacher's composer, the class summary
SCREENS = ("loading", "refused", "name", "question", "results", "composer", "summary")


class DrillsMode(Mode):
    """The drills over the match (see the module's docstring)."""

    name = "drills"
    pauses_clock = True

    def __init__(self, app, what=None, assignment=None, problem=None):
        self.app = app
        self.what = what                    # drill, assignment, summary; None: the composer
        self.assignment = assignment
        self.questions = None
        self.progress = None
        self.problem = problem              # the last refusal, a message (key, params)
        self.screen = "refused" if problem else "loading" if assignment is not None else "composer"
        self.page_url = "./"                # the page's address, for the links made (set by the page)
        self.form = composer.blank_form(int(app.wall()) % 100000)
        self.composed = None                # the assignment the composer made
        self.summary = None                 # the class summary read (game.drills.Summary)
        self.pasted = ""
        self.sheet = None                   # (assignment, its questions) of the worksheet drawn
        self.removing = None                # the key of the set kept whose removal is being asked

    # --- the match below: its view as it is, the page hides it --------------------------------
    def view(self):
        return self.app.game.view()

    def signature(self):
        return self.app.game.signature()

    # --- opening ----------------------------------------------------------------------------
    def prepare(self, now):
        """Draw the questions (the slow part: the page shows a line first) or take the ones a
        reload kept; then the screen the link asks for."""
        if self.assignment is None or self.questions is not None:
            return
        if self.what == "summary":
            self.questions = tuple(self.assignment.questions())
            self.screen = "summary"
            self._pasted_back()
            return
        shelf = self.shelf().open()
        kept = shelf.latest(self.assignment)
        if kept is not None:
            self.progress, self.questions = kept, tuple(kept.questions)
        else:
            self.questions = tuple(self.assignment.questions())
            self.progress = shelf.start(self.assignment, self.questions, now)
        self._screen_of_progress(now)

    def shelf(self):
        """The sets kept on this device (:class:`.shelf.Shelf`)."""
        return Shelf(self.app.store, getattr(self.app, "vault", None))

    def _screen_of_progress(self, now):
        p = self.progress
        self._time_check(now)
        self.screen = "name" if not p.name else "results" if p.finished else "question"

    def _time_check(self, now):
        """The time limit passed: the set ends there, unanswered questions count as wrong."""
        p, limit = self.progress, self.assignment.time_limit
        if p is not None and p.name and not p.finished and limit and now - p.started >= 60 * limit:
            p.ended = p.started + 60 * limit
            p.shown = False
            p.save(self.app.store)
            self.screen = "results"
            return True
        return False

    def time_left(self, now):
        """Seconds left before the time limit (None: no limit, or not started)."""
        p, limit = self.progress, self.assignment and self.assignment.time_limit
        if not limit or p is None or not p.name or p.finished:
            return None
        return max(0, int(p.started + 60 * limit - now))

    # --- the student ------------------------------------------------------------------------
    def start(self, name, now):
        """The name given: the first question (the clock of a time limit starts now)."""
        try:
            name = check_name(name)
        except DrillError as error:
            self.problem = error.message
            return
        self.problem = None
        self.progress.name, self.progress.started = name, now
        self.progress.save(self.app.store)
        self.screen = "question"

    def answer(self, raw, now):
        """An answer to the question on screen: its numbers (``("87", "112")``), a play's
        text, or a choice's name. A refusal leaves everything as it was and says why."""
        p = self.progress
        if self.screen != "question" or p.shown or self._time_check(now):
            return
        q = p.question
        if q.ask in ("play", "choice"):
            raw = raw[0] if isinstance(raw, (tuple, list)) else raw
            raw = str(raw).strip()
        try:
            given = read_answer(q, raw)
        except InvalidAnswerError as error:
            self.problem = error.message
            return
        self.problem = None
        p.give(given)
        p.save(self.app.store)

    def next(self, now):
        """On to the next question, or the results after the last one."""
        p = self.progress
        if self.screen != "question" or not p.shown:
            return
        p.advance(now)
        p.save(self.app.store)
        self._screen_of_progress(now)

    def tick(self, now):
        """The page's clock: True when the time limit just ended the set."""
        return self.screen == "question" and self._time_check(now)

    def again(self, now):
        """Answer the same set again, from the first question (the name kept); the set done
        stays on the device with its code."""
        name = self.progress.name
        self.progress = self.shelf().start(self.assignment, self.questions, now)
        self.progress.name = name
        self.progress.save(self.app.store)
        self.problem, self.removing = None, None
        self.screen = "question"

    def another(self, now):
        """The same set for another student on this device: a new set, a name to give; the
        set done stays with its code."""
        self.progress = self.shelf().start(self.assignment, self.questions, now)
        self.problem, self.removing = None, None
        self.screen = "name"

    # --- the sets done on this device ---------------------------------------------------------
    def kept_sets(self):
        """``[(key, progress, code)]``: the other sets done on this device, oldest first, with
        each finished one's result code (None for the others)."""
        out = []
        on_screen = self.progress.key if self.progress is not None else None
        for key, progress in self.shelf().sets():
            if key == on_screen:
                continue
            code = None
            if progress.finished and progress.name:
                try:
                    assignment = Assignment.from_token(progress.token)
                    code = encode_result(assignment, Result(progress.name, tuple(progress.answers),
                                                            progress.seconds(progress.ended)), progress.questions)
                except DrillError:
                    code = None
            out.append((key, progress, code))
        return out

    def ask_remove(self, key):
        """The first step of removing a set kept: the page asks first."""
        self.removing = key

    def remove(self, key):
        """The set ``key`` (a student's, or one the teacher made) removed, once asked
        (:meth:`ask_remove`) and confirmed."""
        if key and key == self.removing and (self.progress is None or key != self.progress.key):
            if key.startswith(storage.DRILLS_MADE):
                self.made().remove(key)
            else:
                self.shelf().remove(key)
        self.removing = None

    def keep(self):
        """The removal asked is called off."""
        self.removing = None

    def result_code(self):
        p = self.progress
        return encode_result(self.assignment, Result(p.name, tuple(p.answers), p.seconds(p.ended)),
                             self.questions)

    # --- the teacher --------------------------------------------------------------------------
    def made(self):
        """What the teacher made on this device (:class:`.made.Made`)."""
        return Made(self.app.store, getattr(self.app, "vault", None))

    def open_composer(self, assignment=None):
        """The composer: with ``assignment`` composed (a ``?compose=<token>`` address), else
        with the form as it was last left on this device (its seed kept)."""
        made = self.made()
        if assignment is not None:
            self.form, self.composed = composer.form_of(assignment), assignment
            made.add(assignment, self.app.wall())
        elif self.composed is None:
            self.form = made.form() or self.form
        made.save_form(self.form)
        self.screen, self.problem, self.removing = "composer", None, None

    def compose(self, fields):
        """The composer's form sent: the assignment's link, or the reason it cannot be made.
        The form is kept on the device, and the set made among the teacher's sets."""
        self.form = {**self.form, **{k: str(v) for k, v in fields.items()}}
        made = self.made()
        made.save_form(self.form)
        try:
            self.composed = composer.read_form(self.form)
        except DrillError as error:
            self.problem, self.composed = error.message, None
            return
        self.problem = None
        made.add(self.composed, self.app.wall())

    def summary_link(self):
        return None if self.composed is None else links.summary_url(self.page_url, self.composed)

    def address(self):
        """``(key, value)``: the drills' part of the page's address for the screen on show (the
        composer's, with the set composed; a summary's), so that a reload comes back to it;
        None where the link that opened the screen is its address."""
        if self.screen == "composer":
            return "compose", self.composed.token() if self.composed is not None else ""
        if self.screen == "summary" and self.assignment is not None:
            return "summary", self.assignment.token()
        return None

    def made_sets(self):
        """``[(key, assignment, entry)]``: the sets made on this device, the newest first."""
        return self.made().sets()

    def link(self):
        return None if self.composed is None else links.assignment_url(self.page_url, self.composed)

    def make_worksheet(self):
        """Draw the composed assignment's questions for its printed worksheet (once)."""
        if self.composed is not None and (self.sheet is None or self.sheet[0] != self.composed):
            self.sheet = (self.composed, tuple(self.composed.questions()))

    def worksheet_questions(self):
        """The questions of the worksheet of the assignment composed, or None (not drawn)."""
        return self.sheet[1] if self.sheet is not None and self.sheet[0] == self.composed else None

    def edit(self):
        """From a summary back to its set in the composer: its links, its QR codes."""
        if self.assignment is not None:
            self.open_composer(self.assignment)

    def open_summary(self):
        """The class summary of the assignment composed (its questions drawn once)."""
        if self.composed is None:
            return
        if self.assignment != self.composed:
            self.assignment, self.questions, self.summary, self.pasted = self.composed, None, None, ""
        if self.questions is None:
            self.questions = tuple(self.assignment.questions())
        self.what, self.screen, self.problem = "summary", "summary", None
        self._pasted_back()

    def _pasted_back(self):
        """The codes pasted into this summary before, on this device, read again."""
        if not self.pasted:
            pasted = self.made().pasted(self.assignment)
            if pasted:
                self.read_codes(pasted, keep=False)

    def read_codes(self, text, keep=True):
        """Codes pasted (one a line): the table; each code refused says why, the others count.
        The codes are kept on the device with the set (a reload finds them)."""
        self.pasted = str(text)[:200000]
        self.summary = summarize(self.assignment, self.pasted, self.questions)
        if keep:
            self.made().keep_pasted(self.assignment, self.pasted, self.app.wall())

    def csv(self):
        """``(file name, text)`` of the summary's CSV."""
        return "drills-summary.csv", csv_text(self.summary, self.app.tr)

    def html(self, now):
        """What the drills' pane shows now."""
        return view.render(self, now)


def drills_of(app):
    """The drills' mode open over the match, or None."""
    return app.modes.get("drills")


def open_drills(app, what=None, assignment=None, problem=None, now=0.0):
    """Open the drills over the match: a link's set (``what``: drill, assignment, summary),
    a link refused (``problem``: the message why), or the composer (nothing given)."""
    app.edit_cancel()
    app.close_lesson()
    mode = DrillsMode(app, what, assignment, problem)
    app.modes.push(mode, app.message, app._clock())
    return mode


def open_link(app, query, now=0.0):
    """Open what a query's drills keys ask for; None when it asks for none."""
    try:
        found = links.drill_link(query)
    except DrillError as error:
        return open_drills(app, problem=error.message, now=now)
    if found is None:
        return None
    if found[0] == "compose":
        mode = open_drills(app, now=now)
        mode.open_composer(found[1])
        return mode
    return open_drills(app, found[0], found[1], now=now)


def close_drills(app):
    """Back to the match, as it was (its clock runs again)."""
    if drills_of(app) is not None:
        app.message = app.modes.close("drills", app._clock())
