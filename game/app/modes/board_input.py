"""One board input: clicks, drags and keys on the board become checker steps.

Every mode that plays checkers (the game, the lessons) owns a
:class:`BoardInput`. It keeps the checker picked, asks :mod:`game.app.modes.clicks`
what a click or a drop means on the turn in play, and carries it out through
the few things the mode gives it (:class:`Seat`): the turn, who moves and
who sits at the bottom (to read a ``data-slot``), how a step is played (the
game logs it in the match and saves; a lesson plays it on its own turn),
and how a sentence is said (the status line; a lesson's note). Sentences are
messages as data, ``(key, params)`` (:mod:`game.app.text.messages`), never text.

>>> from game import Position
>>> from game.turn import Turn
>>> turn = Turn(Position.start(), (3, 1))
>>> said = []
>>> seat = Seat(turn=lambda: turn, mover=lambda: 0, bottom=lambda: 0,
...             play=lambda move: move(turn), say=said.append)
>>> board = BoardInput(seat)
>>> board.click("p8"); board.selected, said[-1]
(8, ('msg.choose_target', {'point': {'where': 8}}))
>>> board.click("p5"); [str(s) for s in turn.played], board.selected
(['8/5'], None)
>>> board.click("p8"); board.click("p2"); said[-1][0]       # 8/2 is no 1
'reason.no_such_die'
>>> board.press("p6"), board.drop_on("p5"), [str(s) for s in turn.played]
(True, None, ['8/5', '6/5'])
"""

from dataclasses import dataclass
from typing import Callable

from game.errors import IllegalMoveError
from game.turn import Turn
from game.app.modes.clicks import click_action, drop_action
from game.app.text.messages import refusal
from game.app.view.places import OFF, point_of

__all__ = ["Seat", "BoardInput"]


@dataclass(frozen=True)
class Seat:
    """What a mode gives its board input.

    ``turn()``: the :class:`game.turn.Turn` in play; ``mover()``: whose checkers
    move (his numbering is the clicks'); ``bottom()``: who sits at the bottom;
    ``play(move)``: carry out a step, ``move(on)``, on what keeps the steps (the
    match, a lesson's turn: both have ``step(source, target)`` and ``auto_step(source,
    use)``; it may raise :class:`IllegalMoveError`);
    ``say(message)``: show a message ``(key, params)``; ``complete()`` (optional): the
    message for a click on the board once every die is played (what ends the turn).
    """

    turn: Callable
    mover: Callable
    bottom: Callable
    play: Callable
    say: Callable
    complete: Callable | None = None


class BoardInput:
    """The checker picked, and the one way from a click, a drag or a key to a step."""

    def __init__(self, seat):
        self.seat = seat
        self.selected = None

    def point(self, slot):
        """The mover's point a ``data-slot`` stands for (25 the bar, 0 off), or None."""
        return point_of(slot or "", self.seat.mover(), self.seat.bottom())

    # --- intents ----------------------------------------------------------------------------
    def click(self, slot, button="left", click_moves=False):
        """A click on ``slot`` (``button``: ``"left"``, ``"right"``, ``"shift"``)."""
        point = self.point(slot)
        if point is None:
            return
        self.run(click_action(self.seat.turn(), self.selected, point, button, click_moves))

    def press(self, slot):
        """A drag starts on ``slot``: pick the checker there; True when it can move."""
        point = self.point(slot)
        if point in (None, OFF) or not self.seat.turn().destinations(point):
            return False
        self.selected = point
        return True

    def drop_on(self, slot):
        """The dragged checker is let go over ``slot`` (None: over nothing)."""
        if self.selected is None:
            return
        point = self.point(slot) if slot else None
        self.run(drop_action(self.seat.turn(), self.selected, point))

    def deselect(self):
        self.selected = None

    def run(self, action):
        """Carry out an action of :mod:`game.app.modes.clicks` (None: nothing)."""
        if action is None:
            return
        name, *args = action
        if name == "pick_checker":
            # every die played (the last checker borne off, say): no checker to pick, the turn to end
            done = self.seat.complete is not None and self.seat.turn().is_complete
            self.seat.say(self.seat.complete() if done else ("msg.pick_checker", {}))
            return
        carry_out = {"select": self._select, "step": self._step, "auto": self._auto,
                     "bear_off": self._bear_off, "explain_step": self._explain_step,
                     "explain_source": self._explain_source}
        carry_out[name](*args)

    # --- the actions ------------------------------------------------------------------------
    def _select(self, point):
        self.selected = point
        self.seat.say(("msg.choose_target", {"point": {"where": point}}))

    def _step(self, source, target):
        self._play(lambda on: on.step(source, target))

    def _auto(self, source, use):
        self._play(lambda on: on.auto_step(source, use))

    def _play(self, move):
        self.selected = None
        try:
            self.seat.play(move)
        except IllegalMoveError as error:
            self.seat.say(refusal(error))

    def _bear_off(self):
        turn = self.seat.turn()
        if self.selected is not None and OFF in turn.destinations(self.selected):
            self._step(self.selected, OFF)
            return
        sources = [s for s, targets in turn.all_destinations().items() if OFF in targets]
        if sources:
            self._step(max(sources), OFF)
            return
        # no checker can go off: say why, from the highest checker
        mine = turn.current.mine
        highest = max((i + 1 for i in range(25) if mine[i]), default=None)
        if highest is not None:
            self._explain_step(highest, OFF)

    def _explain_step(self, source, target):
        """Say why ``source`` → ``target`` is refused, without changing the turn."""
        try:
            self._scratch().step(source, target)
        except IllegalMoveError as error:
            message = refusal(error)
            if message[0] == "reason.no_checker" and target:
                message = ("msg.pick_checker", {})
            self.seat.say(message)

    def _explain_source(self, source):
        try:
            self._scratch().auto_step(source, "high")
        except IllegalMoveError as error:
            self.seat.say(refusal(error))

    def _scratch(self):
        """A copy of the turn in play, to try steps on without touching it."""
        turn = self.seat.turn()
        scratch = Turn(turn.position, turn.dice)
        for step in turn.played:
            scratch.step(step.source, step.target)
        return scratch
