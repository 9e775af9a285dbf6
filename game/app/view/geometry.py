"""The board's geometry: its sizes, where each checker stands, and which place a point is.

Everything here is plain numbers in the flat board's coordinates (an upright
board is the same drawing turned a quarter clockwise; :func:`board_point` turns
a place on the drawn board back into them).  Every place the page reacts to is
named by a ``data-slot``:

- ``p1`` … ``p24``: a point, numbered from the side of the player drawn at
  the bottom of the board (the viewer);
- ``bar0`` / ``bar1``: the bar of player 0 / 1; ``off0`` / ``off1``: their
  bear-off trays;
- ``dice`` and ``cube``.

:class:`BoardView` is everything the board shows, as plain values; the SVG is
drawn from it by :mod:`game.app.view.board_svg`.

>>> slot_at(476, 200)
'bar0'
>>> BoardView().pips(0), WIDTH, HEIGHT
(167, 952, 700)
"""

from dataclasses import dataclass, field


from game.app.view.places import place_of, seen_from
from game.position import START

__all__ = ["BoardView", "checker_layout", "checker_moves", "slot_at", "board_point", "view_box",
           "pips_of", "die_size", "WIDTH", "HEIGHT"]


# --- geometry (SVG user units), computed with the home board on the right ----
FRAME = 14
SIDE = 70          # cube column on one side, bear-off tray on the other
PW = 60            # point width
HALF = 6 * PW
BAR = 64
NUM = 26           # band for the point numbers, above and below the field
WIDTH = 2 * FRAME + 2 * SIDE + 2 * HALF + BAR
FIELD = 620
HEIGHT = 2 * FRAME + 2 * NUM + FIELD
X0 = FRAME + SIDE                  # left edge of the field
TOP = FRAME + NUM                  # top edge of the field
BOTTOM = TOP + FIELD
MID = TOP + FIELD // 2
POINT_H = 240
R = 27                             # checker radius
BAR_X = X0 + HALF + BAR // 2
TRAY_X = X0 + 2 * HALF + BAR       # left edge of the tray
CUBE_X = FRAME + SIDE // 2
SLAB_H = 16
CUBE = 50
DIE = 48
#: a die on a phone's board (a cut one): drawn at 0.536 px a unit on a 375 x 667 phone, held
#: upright or sideways, 31 px (issue 44: 48 gave 25.7 px, 30 asked)
PHONE_DIE = 58
#: how far the dice (their tap area) reach from the middle of the field, up and down
DICE_REACH = PHONE_DIE // 2 + 4
#: the longest a point's stack may grow before it is squeezed: short of the dice (issue 44)
STACK = FIELD // 2 - DICE_REACH - 2
#: the longest the checkers on the bar may grow before they are squeezed
BAR_STACK = 230

UPRIGHT_EDGE = 4                   # the frame left at either end of an upright board
PALETTES = ("light", "dark")


@dataclass(frozen=True)
class BoardView:
    """Everything the board shows, as plain values.

    ``counts[p]`` holds 25 numbers for player ``p``: their points 1–24 counted
    from their own side, then their bar.  ``movable``, ``selected`` and
    ``targets`` are in the numbering of ``mover`` (25 the bar, 0 off).
    The point labels count from the side of ``numbers_for`` (the bottom
    player when None): in a two-player game, the player on roll reads his
    own numbers, as in move notation.
    ``dice_left`` lists the die values still to play.
    ``highlight`` lists places to point out (a lesson's "look here"), in the
    bottom player's numbering: 1–24, 25 for that player's bar, 0 for their tray.
    ``focus`` is the place that takes the keyboard focus (see
    :mod:`game.app.view.keyboard`) and ``slot_labels`` what each place is called
    for screen readers (see :mod:`game.app.view.speech`).
    """

    counts: tuple = (START, START)
    bottom: int = 0
    numbers_for: int | None = None     # whose numbering the point labels show (default: bottom's)
    numbers_also: int | None = None    # a second numbering shown small beside it (None: one only)
    home_right: bool = True
    colours: tuple = ("light", "dark")
    cube_value: int = 1
    cube_owner: int | None = None
    cube_offered_by: int | None = None
    cube_enabled: bool = True
    crawford: bool = False
    dice: tuple = ()
    dice_player: int | None = None
    dice_left: tuple = ()
    mover: int | None = None
    movable: frozenset = frozenset()
    selected: int | None = None
    targets: frozenset = frozenset()
    dice_clickable: bool = False
    cube_clickable: bool = False
    labels: dict = field(default_factory=dict)
    highlight: frozenset = frozenset()
    focus: str | None = None           # the place the keyboard focus stands on (a data-slot)
    slot_labels: dict = field(default_factory=dict)   # data-slot -> what a screen reader says
    opening: tuple = ()                # an opening roll shown: (player 0's dice, player 1's dice)
    last_moves: tuple = ()             # each side's last play (game.app.view.last_moves.LastMove)
    preview: object = None             # a hinted play shown over the board (a LastMove), or None
    best_play: object = None           # the review: the best play, drawn in its own colour beside the preview
    point_numbers: bool = True         # False: no numbers by the points (a board image, game/app/view/board_image.py)
    upright: bool = False              # turned a quarter clockwise for a phone held upright (see above)
    compact: bool = False              # cube column and frame ends cut off, cube on the bar (a phone)
    pip_counts: bool = True            # False: no pip counts beside the trays (a pip-count drill)

    @property
    def cut(self):
        """True when the cube column is cut off (a compact board; an upright one always is)."""
        return self.compact or self.upright

    def off(self, player):
        return 15 - sum(self.counts[player])

    def pips(self, player):
        return pips_of(self.counts[player])


def die_size(view):
    """A die's side: larger on a phone's board, drawn small (the field's middle keeps room).

    >>> die_size(BoardView()), die_size(BoardView(upright=True)), die_size(BoardView(compact=True))
    (48, 58, 58)
    """
    return PHONE_DIE if view.cut else DIE


def pips_of(counts):
    """The pip count of one player's ``counts`` (his numbering, the bar last, at 25).

    >>> pips_of((0,) * 5 + (5,) + (0,) * 19)
    30
    """
    return sum(i * n for i, n in enumerate(counts, 1))


def mirrored(view):
    return (lambda x: x) if view.home_right else (lambda x: WIDTH - x)


def bottom_number(view, player, point):
    """The number of ``point`` (owner's numbering) counted from the bottom player's side."""
    return seen_from(player, point, view.bottom)


def column_of(number):
    """Column 0–11 from the left (home board on the right) and row of a point (bottom numbering)."""
    if number <= 12:
        return 12 - number, "bottom"
    return number - 13, "top"


def column_x(col):
    return X0 + col * PW + (BAR if col >= 6 else 0) + PW // 2


def _stack_y(row, k, n):
    step = 2 * R if n <= 5 else min(2 * R, (STACK - 2 * R) / (n - 1))
    offset = R + k * step
    return TOP + offset if row == "top" else BOTTOM - offset


# a cut board (a phone's) keeps the cube on the bar, at its owner's end: the checkers waiting
# there stop short of it (their last centre at most this far from the first)
CUT_BAR_SPAN = FIELD // 2 - (CUBE + 6 + 2) - 40 - 2 * R


def _bar_y(view, player, k, n):
    # the bottom player's checkers wait on the upper half of the bar, facing
    # the quarter where they enter, and the other player's on the lower half
    step = 2 * R if n <= 4 else min(2 * R, (BAR_STACK - 2 * R) / (n - 1))
    if view.cut and n > 1:
        step = min(step, CUT_BAR_SPAN / (n - 1))
    offset = 40 + R + k * step
    return MID - offset if player == view.bottom else MID + offset


def point_place(view, player, point, k, n):
    """Centre of the ``k``-th checker of ``n`` on a point (owner's numbering, 25 = bar)."""
    mx = mirrored(view)
    if point == 25:
        return mx(BAR_X), _bar_y(view, player, k, n)
    col, row = column_of(bottom_number(view, player, point))
    return mx(column_x(col)), _stack_y(row, k, n)


def slab_rect(view, player, k):
    """Left, top of the ``k``-th borne-off checker of ``player`` in the tray."""
    mx = mirrored(view)
    left = TRAY_X + 8
    x = mx(left) if view.home_right else mx(left) - (SIDE - 16)
    if player == view.bottom:
        return x, BOTTOM - 4 - (k + 1) * SLAB_H
    return x, TOP + 4 + k * SLAB_H


def slot_for(view, player, point):
    return place_of(player, point, view.bottom)


def checker_layout(view):
    """``{key: (x, y, player, point)}`` for every checker on the board; ``point`` may be 25 or 0."""
    layout = {}
    for player in (0, 1):
        counts = view.counts[player]
        for point in range(1, 26):
            n = counts[point - 1]
            for k in range(n):
                x, y = point_place(view, player, point, k, n)
                layout[f"{player}:{point}:{k}"] = (x, y, player, point)
        for k in range(view.off(player)):
            x, y = slab_rect(view, player, k)
            layout[f"{player}:0:{k}"] = (x, y, player, 0)
    return layout


def checker_moves(before, after):
    """How far each checker of ``after`` must start from to seem to come from ``before``.

    Both are :func:`checker_layout` results.  A checker whose key is in both
    comes from its old place; new keys are paired with vanished keys of the
    same player (nearest first).  Returns ``{key: (dx, dy)}``, only for
    checkers that moved.

    >>> a = checker_layout(BoardView())
    >>> moved = list(START); moved[12] -= 1; moved[7] += 1
    >>> b = checker_layout(BoardView(counts=(tuple(moved), START)))
    >>> sorted(checker_moves(a, b))
    ['0:8:3']
    """
    offsets = {}
    for player in (0, 1):
        gone = [k for k, v in before.items() if v[2] == player and k not in after]
        new = [k for k, v in after.items() if v[2] == player and k not in before]
        for key in new:
            x, y = after[key][:2]
            if not gone:
                break
            nearest = min(gone, key=lambda g: (before[g][0] - x) ** 2 + (before[g][1] - y) ** 2)
            gone.remove(nearest)
            offsets[key] = (before[nearest][0] - x, before[nearest][1] - y)
    for key, (x, y, *_rest) in after.items():
        if key in before and key not in offsets:
            dx, dy = before[key][0] - x, before[key][1] - y
            if dx or dy:
                offsets[key] = (dx, dy)
    return offsets


def slot_at(x, y, view=None):
    """The ``data-slot`` of the place under SVG coordinates ``(x, y)``, or None off the field."""
    view = view or BoardView()
    if not view.home_right:
        x = WIDTH - x
    if not TOP <= y <= BOTTOM:
        return None
    top_half = y < MID
    if TRAY_X <= x <= TRAY_X + SIDE:
        return f"off{1 - view.bottom if top_half else view.bottom}"
    if X0 + HALF <= x < X0 + HALF + BAR:
        return f"bar{view.bottom if top_half else 1 - view.bottom}"
    if not X0 <= x < TRAY_X:
        return "cube" if FRAME <= x < X0 else None
    col = int((x - X0) // PW) if x < X0 + HALF else 6 + int((x - X0 - HALF - BAR) // PW)
    col = min(col, 11)
    number = 13 + col if top_half else 12 - col
    return f"p{number}"


def view_box(view):
    """``(left, top, width, height)``: what is drawn, in the drawn board's own units.

    Upright, the flat board's cube column is cut off, and all but a thin edge
    of the frame at both ends (a phone held upright is short of height, not of
    width), and the rest turned: the drawing is as wide as the flat board is high.

    A compact board lying flat shows the same part of the flat board, not turned.

    >>> view_box(BoardView()), view_box(BoardView(upright=True)), view_box(BoardView(compact=True))
    ((0, 0, 952, 700), (80, 0, 700, 862), (80, 0, 862, 700))
    """
    if not view.cut:
        return 0, 0, WIDTH, HEIGHT
    edge = FRAME - UPRIGHT_EDGE
    left, length = (SIDE + edge if view.home_right else edge), WIDTH - SIDE - 2 * edge
    return (left, 0, HEIGHT, length) if view.upright else (left, 0, length, HEIGHT)


def board_point(fx, fy, view=None):
    """The flat board's coordinates of the point at fractions ``(fx, fy)`` of the drawn
    board's width and height (a pointer on the page), for :func:`slot_at`.

    >>> board_point(0.5, 0.5)
    (476.0, 350.0)
    >>> slot_at(*board_point(0.1, 0.85, BoardView(upright=True)))   # low on the left: the 1-point
    'p1'
    """
    view = view or BoardView()
    left, _top, width, height = view_box(view)
    if not view.upright:
        return left + fx * width, fy * height
    return left + fy * height, HEIGHT - fx * width
