"""What a click or a drop on the board asks for while a turn is being played.

One decision for the game (:class:`game.app.controller.Controller`) and the
lessons (:class:`game.app.lesson.player.LessonPlayer`), which then carry it out
their own way.  Points are in the mover's numbering: 1-24, 25 the bar, 0 off.

An action is a tuple whose first item names it:

* ``("bear_off",)``: the tray was clicked;
* ``("auto", point, "high" | "low")``: move the checker on ``point`` by the
  higher (a click) or the lower die (a right-click);
* ``("step", source, target)``: a legal single move;
* ``("select", point)``: pick the checker there;
* ``("explain_step", source, target)``: that move is refused, say why;
* ``("explain_source", point)``: that checker cannot move, say why;
* ``("pick_checker",)``: the click was not on one of the mover's checkers.

>>> from game import Position
>>> from game.turn import Turn
>>> turn = Turn(Position.start(), (3, 1))
>>> click_action(turn, None, 8)                    # pick the checker on the 8-point
('select', 8)
>>> click_action(turn, 8, 5)                       # then where it goes
('step', 8, 5)
>>> click_action(turn, 8, 2)                       # 8/2 is not a 3 nor a 1
('explain_step', 8, 2)
>>> click_action(turn, None, 8, "right")           # right-click: the lower die
('auto', 8, 'low')
>>> click_action(turn, None, 8, click_moves=True)  # one-click moves: the higher die
('auto', 8, 'high')
>>> click_action(turn, None, 3)                    # not the mover's checker
('pick_checker',)
>>> drop_action(turn, 13, 10)
('step', 13, 10)
"""

__all__ = ["click_action", "drop_action"]

OFF = 0


def click_action(turn, selected, point, button="left", click_moves=False):
    """The action a click on ``point`` asks for, with ``selected`` picked (or None).

    ``button``: ``"left"``, ``"right"`` or ``"shift"``; ``click_moves``: a
    click on a checker moves it by the higher die at once.
    """
    if point == OFF:
        return ("bear_off",)
    own = turn.current.mine[point - 1] > 0
    if button == "right":
        return ("auto", point, "low") if own else None
    if selected is not None:
        if point == selected:
            if OFF in turn.destinations(point):
                return ("step", point, OFF)
            return ("auto", point, "high")
        if point in turn.destinations(selected):
            return ("step", selected, point)
        if own and turn.destinations(point):
            return ("select", point)
        return ("explain_step", selected, point)
    if not own:
        return ("pick_checker",)
    if click_moves:
        return ("auto", point, "high")
    if turn.destinations(point):
        return ("select", point)
    return ("explain_source", point)


def drop_action(turn, selected, point):
    """The action a checker dragged from ``selected`` and let go over ``point`` asks for
    (None: let go over nothing, or back where it was)."""
    if selected is None or point is None or point == selected:
        return None
    if point in turn.destinations(selected):
        return ("step", selected, point)
    return ("explain_step", selected, point)
