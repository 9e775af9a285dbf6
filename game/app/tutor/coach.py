"""The tutor, the app's part: its setting, the study of the decision at hand, the verdict.

:class:`Tutor` is held by the app (``app.tutor``). The game asks it before it commits a
person's decision (:meth:`Tutor.lets`: Done on a checker play; Double, Roll when doubling was
possible (no double), Take, Drop, Beaver): when the review would mark that decision at the
threshold chosen or worse, the tutor opens its warning over the game
(:class:`game.app.tutor.warning.TutorMode`) and the decision waits for Play it anyway
(:meth:`Tutor.anyway`) or Think again (:meth:`Tutor.again`).

The verdict is the review's: the decision is put as the review walks a match
(:mod:`game.bot.analysis`: its position and cube context seen from the one who decides), the
bot's evidence comes from :func:`~game.bot.analysis.evidence_steps` at the review's level
and the loss from :func:`~game.bot.analysis.weighed`. The evidence does not depend on the
choice made, so the page works it out in slices while the person still thinks
(:meth:`Tutor.study_steps`, from the moment the roll or the cube decision is shown); what is
left of it when the person commits is finished then (one ranking of a roll's plays at
0-ply: a few milliseconds, far inside the hint's time budget).

Never in a match with a friend on another device, in the drills and class assignments, nor
when the computer plays itself (:meth:`Tutor.blocked` says why).

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7&tutor=error")
True
>>> app.tutor.threshold(), app.tutor.setting()["enabled"]
('error', True)
>>> app.boot("?mode=friend&length=3&tutor=error") and app.tutor.threshold() is None
True
"""

from dataclasses import dataclass, replace

from game.cube import beaver_refusal
from game.match import Phase
from game.app.keep.urlparams import TUTORS
from game.app.tutor.warning import Caution, TutorMode
from game.app.text.messages import dice_text

__all__ = ["Tutor", "ACTIONS", "warns"]

#: what each kind of decision may be answered with (the review's names)
ACTIONS = {"move": ("move",), "cube": ("double", "no_double"), "response": ("take", "drop", "beaver")}
#: the thresholds, mildest first (the review's marks, game.bot.analysis.MARKS_ORDER)
_ORDER = TUTORS[1:]


def warns(mark, threshold):
    """True when a decision marked ``mark`` (None: no mark) is at ``threshold`` or worse.

    >>> warns("error", "doubtful"), warns("error", "error"), warns("error", "blunder"), warns(None, "doubtful")
    (True, True, False, False)
    """
    return mark in _ORDER and threshold in _ORDER and _ORDER.index(mark) >= _ORDER.index(threshold)


@dataclass(frozen=True)
class _Hand:
    """The person's decision at hand: its ``kind`` (:data:`ACTIONS`), who decides (the doubler
    for a response, as the review sees it: ``player``), and what makes it this one (``key``)."""

    kind: str
    player: int
    key: tuple


class _Study:
    """The bot's evidence for one decision, worked out a piece at a time (by the page's loop
    or, for what is left, when the person commits: both pull from the one generator)."""

    def __init__(self, key, task, steps):
        self.key = key
        self.task = task
        self._steps = steps
        self.evidence = None
        self.done = False

    def advance(self):
        try:
            next(self._steps)
        except StopIteration as end:
            self.evidence, self.done = end.value, True

    def finish(self):
        while not self.done:
            self.advance()
        return self.evidence


class Tutor:
    """The tutor of the match on the board (a part of the app)."""

    def __init__(self, app):
        self.app = app
        self._bot = None
        self._study = None         # the _Study of the decision last looked at
        self._allowed = None       # the decision the person chose to play anyway, while it is played

    # --- the setting ------------------------------------------------------------------------
    def blocked(self):
        """Why the tutor is off whatever the setting (a message key), or None."""
        app = self.app
        if app.modes.get("drills") is not None:
            return "tutor.off_drills"
        if app.friend is not None or app.setup.mode == "friend":
            return "tutor.off_friend"
        if app.setup.mode == "watch":
            return "tutor.off_watch"
        return None

    def chosen(self):
        """The setting for the match on the board (one of :data:`TUTORS`): the one the match was
        started with (a link's, the new-match form's), else the person's (Settings)."""
        setup = self.app.setup
        return setup.tutor if setup.tutor is not None else self.app.prefs.tutor

    def threshold(self):
        """The least mark the tutor warns of now (``"doubtful"``, ``"error"``, ``"blunder"``), or
        None when it is off (set so, or :meth:`blocked`)."""
        if self.blocked() is not None:
            return None
        chosen = self.chosen()
        return None if chosen == "off" else chosen

    def setting(self):
        """What Settings shows: ``{"value", "enabled", "note"}`` (the note says what the tutor
        does, or why it is off)."""
        reason = self.blocked()
        return {"value": "off" if reason else self.chosen(), "enabled": reason is None,
                "note": self.app.tr(reason or "tutor.note")}

    def form_note(self, mode):
        """The new-match form's tutor for a match of ``mode``: ``(enabled, note)``."""
        reason = {"friend": "tutor.off_friend", "watch": "tutor.off_watch"}.get(mode)
        return reason is None, self.app.tr(reason or "tutor.note")

    def take_setting(self, value):
        """Settings chose ``value``: the person's, and the match on the board's from now on. True
        when taken (the caller keeps it); a value the tutor lacks, or a match it stays off in,
        changes nothing."""
        if value not in TUTORS or self.blocked() is not None:
            return False
        self.app.prefs.tutor = value
        self.app.setup = replace(self.app.setup, tutor=None)
        return True

    # --- the decision at hand ------------------------------------------------------------------
    def _at_hand(self):
        """The person's decision the tutor weighs now, or None (off, no person to decide, a
        mode over the game, nothing to decide)."""
        app = self.app
        m = app.match
        if m is None or self.threshold() is None or app.game.covered():
            return None
        phase = m.phase
        if phase is Phase.MOVING:
            kind, decider = "move", m.player_on_roll
            if m.turn.no_move:
                return None
        elif phase is Phase.ROLL_OR_DOUBLE:
            kind, decider = "cube", m.player_on_roll
            if not m.can_double():
                return None
        elif phase is Phase.DOUBLED and m.game.offer == "double":
            kind, decider = "response", m.player_to_act
        else:
            return None
        if not app.is_human(decider):
            return None
        player = m.player_on_roll          # the mover, or the (would-be) doubler
        return _Hand(kind, player, (id(m), m.game_number, kind, m.match_id(), m.game.position.position_id()))

    def _task(self, hand):
        """The decision as the review puts it (:func:`game.bot.analysis.evidence_steps`)."""
        m = self.app.match
        cfg = m.config
        task = {"kind": hand.kind, "position": m.game.position, "ctx": self.app.bot.context(hand.player)}
        if hand.kind == "move":
            task["dice"] = tuple(m.dice)
        elif hand.kind == "response":
            task["beaver_allowed"] = beaver_refusal(cube_value=m.cube_value, match_length=cfg.length,
                                                    beavers=cfg.beavers, max_cube=cfg.max_cube) is None
        return task

    def _study_of(self, hand):
        if self._study is None or self._study.key != hand.key:
            from game.bot import analysis     # the bot: loaded on first use
            if self._bot is None:
                from game.bot import Bot
                self._bot = Bot(level=analysis.LEVEL)
            task = self._task(hand)
            self._study = _Study(hand.key, task, analysis.evidence_steps(self._bot, task))
        return self._study

    def due(self):
        """True when there is a decision at hand whose study is not done (the page then runs
        :meth:`study_steps`)."""
        hand = self._at_hand()
        return hand is not None and (self._study is None or self._study.key != hand.key or not self._study.done)

    def study_steps(self):
        """Work out the evidence for the decision at hand, a piece at a time (a generator the
        page drives in slices, :func:`game.app.cooperative.drive`); True when there was one."""
        hand = self._at_hand()
        if hand is None:
            return False
        study = self._study_of(hand)
        while not study.done:
            study.advance()
            yield
        return True

    def lets(self, action):
        """True when the person's ``action`` (one of :data:`ACTIONS`) may be carried out now;
        False when the tutor stopped it to warn (its warning is then open over the game)."""
        hand = self._at_hand()
        if hand is None or action not in ACTIONS[hand.kind]:
            return True
        m = self.app.match
        played = None
        if hand.kind == "move":
            turn = m.turn
            played = turn.plays.find(turn.move) if turn.is_complete else None
            if played is None:
                return True        # not a whole play: the engine says why Done cannot be
        allowed = (hand.key, action, str(played))
        if self._allowed == allowed:
            return True
        study = self._study_of(hand)
        task = dict(study.task, played=played) if played is not None else dict(study.task, action=action)
        from game.bot.analysis import weighed
        entry = weighed(task, study.finish())
        if not entry["counted"] or not warns(entry["mark"], self.threshold()):
            return True
        warning = Caution(kind=hand.kind, action=action, allowed=allowed, player=hand.player,
                          position=m.game.position, dice=tuple(m.dice) if hand.kind == "move" else (),
                          entry=entry, match_play=bool(m.config.length))
        app = self.app
        app.modes.push(TutorMode(app, warning), app.message, app._clock())
        app.game.deselect()
        app.message = ("tutor.prompt", {})
        return False

    # --- the warning's answers --------------------------------------------------------------------
    def warning(self):
        """The :class:`~game.app.tutor.warning.Caution` open over the game, or None."""
        mode = self.app.modes.get(TutorMode.name)
        return None if mode is None else mode.warning

    def _close(self):
        warning = self.warning()
        if warning is not None:
            self.app.message = self.app.modes.close(TutorMode.name, self.app._clock())
        return warning

    def anyway(self):
        """Play it anyway: the decision warned of is carried out, as the person asked."""
        warning = self._close()
        if warning is None:
            return
        game = self.app.game
        carry = {"move": game.done, "double": game.double, "no_double": game.roll, "take": game.take,
                 "drop": game.drop, "beaver": game.beaver}[warning.action]
        self._allowed = warning.allowed
        try:
            carry()
        finally:
            self._allowed = None

    def again(self):
        """Think again: the play is taken back (the same dice, the same position), or the cube
        decision is open again; the person decides anew."""
        warning = self._close()
        if warning is None:
            return
        app = self.app
        if warning.kind == "move":
            if app.match.turn.played:
                app.match.undo_all()
            app.message = ("tutor.again_play", {"dice": dice_text(warning.dice)})
            app.focus = app.game.default_focus()
        else:
            app.message = ("tutor.again_cube", {})
        app.save()
