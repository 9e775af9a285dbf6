"""What an intent changed, so the page applies it once.

Every intent of the app (a click, Roll, Done, a key, a bot step) returns an
:class:`Effects`: which parts of the screen changed, where the keyboard focus
goes, whether the match was written. The page reads it and does exactly that,
once: it redraws the board only when ``board`` is set, the players' panels
only when ``panels`` is set, and so on. Effects of several steps combine with
``|`` (a part changed if it changed in any step; the last focus asked wins).

>>> step = Effects(board=True, animate=True)
>>> (step | Effects(panels=True, focus="roll")).parts()
('board', 'panels')
>>> (step | Effects(focus="roll")).focus
'roll'
>>> NOTHING.parts(), bool(NOTHING), bool(EVERYTHING)
((), False, True)
"""

from dataclasses import dataclass, fields

__all__ = ["Effects", "NOTHING", "EVERYTHING", "as_effects"]

#: the parts of the screen an intent can change, in the order the page draws them
PARTS = ("board", "panels", "screen")


@dataclass(frozen=True)
class Effects:
    """What one intent changed.

    ``board``: the board's picture (checkers, dice, cube, marks); ``panels``: the
    players' panels (names, score, pips, clocks); ``screen``: everything else shown
    (status line, buttons, the record, the panes of the open mode); ``animate``:
    checkers moved and may slide; ``focus``: the element (an id, or a board
    ``data-place``) that takes the keyboard focus after, None to leave it;
    ``saved``: the action wrote the match (one all-or-nothing write); ``settings``: the
    settings changed (a backup restored them): the page applies them at once (the theme).
    """

    board: bool = False
    panels: bool = False
    screen: bool = False
    animate: bool = False
    focus: object = None
    saved: bool = False
    settings: bool = False

    def __or__(self, other):
        if not isinstance(other, Effects):
            return NotImplemented
        merged = {f.name: getattr(self, f.name) or getattr(other, f.name)
                  for f in fields(self) if f.name != "focus"}
        return Effects(focus=other.focus if other.focus is not None else self.focus, **merged)

    def parts(self):
        """The parts of the screen to draw again, in drawing order."""
        return tuple(part for part in PARTS if getattr(self, part))

    def __bool__(self):
        return bool(self.parts()) or self.focus is not None or self.saved or self.settings


NOTHING = Effects()
EVERYTHING = Effects(board=True, panels=True, screen=True)


def as_effects(result, effects, animate=False):
    """What an intent's ``result`` asks the page to draw.

    An intent returns its :class:`Effects`; one that answers something of its own (a
    file, True when a typed move was played: marked :func:`game.app.actions.answer`) leaves them in
    ``effects`` (``Controller.effects``). None is the page's own change outside any
    intent (the language, a message set by the page): everything is drawn.

    >>> as_effects(Effects(panels=True), EVERYTHING).parts()
    ('panels',)
    >>> as_effects(True, Effects(board=True)).parts()
    ('board',)
    >>> as_effects(None, Effects(board=True)).parts()
    ('board', 'panels', 'screen')
    """
    if isinstance(result, Effects):
        found = result
    elif result is None:
        found = EVERYTHING
    else:
        found = effects
    return found | Effects(animate=True) if animate and found.board else found
