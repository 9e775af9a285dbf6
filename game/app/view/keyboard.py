"""The board with the keyboard alone: where the arrow keys go, and what each key does.

The board's keyboard focus is one place at a time (a roving focus): a point
``p1``–``p24``, a bar ``bar0``/``bar1`` or a bear-off tray ``off0``/``off1``,
the same ``data-slot`` names as :mod:`game.app.view.board_svg` uses.  The places sit
as they are drawn, in two rows of fourteen: the points of one half, the bar,
the points of the other half, the tray.  The arrow keys follow the picture,
whichever way the board is turned: Left and Right along a row, Up and Down to
the other row, Home and End to the ends of the row.

With the home board on the right and player 1 at the bottom, the top row is
13–18, the bar where player 1 waits, 19–24, then player 0's tray:

>>> rows(bottom=1, home_right=True)[0]
('p13', 'p14', 'p15', 'p16', 'p17', 'p18', 'bar1', 'p19', 'p20', 'p21', 'p22', 'p23', 'p24', 'off0')
>>> next_slot("p18", "ArrowRight", bottom=1, home_right=True)
'bar1'
>>> next_slot("p18", "ArrowDown", bottom=1, home_right=True)
'p7'
>>> next_slot("p12", "ArrowRight", bottom=1, home_right=False)   # mirrored: 12 is on the right
'p12'

An upright board (a phone held upright, :mod:`game.app.view.board_svg`) is the same
board turned a quarter clockwise: Down goes where Right goes on the flat one.

>>> next_slot("p18", "ArrowDown", bottom=1, upright=True), next_slot("p18", "ArrowLeft", bottom=1, upright=True)
('bar1', 'p7')
>>> board_action("Enter"), board_action("r"), board_action("x")
('pick', 'roll', None)
"""

__all__ = ["SLOTS", "KEYS", "MOVES", "rows", "next_slot", "board_action", "first_slot", "wrap_tab"]

#: every place the board's focus can stand on
SLOTS = tuple(f"p{n}" for n in range(1, 25)) + ("bar0", "bar1", "off0", "off1")

#: what a key does while the board has the focus (others are left to the browser)
KEYS = {
    "Enter": "pick", " ": "pick", "Spacebar": "pick",
    "Escape": "cancel",
    "r": "roll", "R": "roll",
    "d": "done", "D": "done",
    "u": "undo", "U": "undo", "Backspace": "undo",
}

MOVES = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")

#: an arrow on an upright board, as the same move on the flat board it is turned from
TURNED = {"ArrowDown": "ArrowRight", "ArrowUp": "ArrowLeft", "ArrowRight": "ArrowUp",
          "ArrowLeft": "ArrowDown"}


def rows(bottom=1, home_right=True):
    """The two rows of places as drawn, top row first, each from left to right.

    ``bottom`` is the player drawn at the bottom; his checkers wait on the
    upper half of the bar and go off into the lower tray.
    """
    top = [f"p{n}" for n in range(13, 19)] + [f"bar{bottom}"] + \
          [f"p{n}" for n in range(19, 25)] + [f"off{1 - bottom}"]
    low = [f"p{n}" for n in range(12, 6, -1)] + [f"bar{1 - bottom}"] + \
          [f"p{n}" for n in range(6, 0, -1)] + [f"off{bottom}"]
    if not home_right:
        top.reverse()
        low.reverse()
    return tuple(top), tuple(low)


def next_slot(slot, key, bottom=1, home_right=True, upright=False):
    """Where the focus goes from ``slot`` when ``key`` is pressed (a ``KeyboardEvent.key``).

    Keys that do not move the focus, and places that are not on the board,
    leave it where it is (an unknown place goes to the first one).  The
    focus stops at the ends of a row rather than jumping round.

    >>> next_slot("p1", "ArrowRight")
    'off1'
    >>> next_slot("off1", "ArrowRight")
    'off1'
    >>> next_slot("p1", "ArrowUp"), next_slot("p24", "ArrowDown")
    ('p24', 'p1')
    >>> next_slot("p9", "Home"), next_slot("p9", "End")
    ('p12', 'off1')
    >>> next_slot("nowhere", "ArrowLeft")
    'p1'
    """
    grid = rows(bottom, home_right)
    if upright:
        key = TURNED.get(key, key)
    for r, row in enumerate(grid):
        if slot in row:
            c = row.index(slot)
            break
    else:
        return first_slot()
    if key not in MOVES:
        return slot
    if key == "ArrowLeft":
        c = max(0, c - 1)
    elif key == "ArrowRight":
        c = min(len(grid[r]) - 1, c + 1)
    elif key == "ArrowUp":
        r = 0
    elif key == "ArrowDown":
        r = 1
    elif key == "Home":
        c = 0
    else:
        c = len(grid[r]) - 1
    return grid[r][c]


def first_slot():
    """Where the focus starts when nothing better is known: the bottom player's 1-point."""
    return "p1"


def board_action(key):
    """The action of ``key`` on the board: ``pick`` (Enter, Space: like a click on the
    focused place), ``cancel`` (Escape), ``roll``, ``done``, ``undo``, or None."""
    return KEYS.get(key)


def wrap_tab(position, count, backwards=False):
    """Tab inside an open dialog: the stop (0 … ``count - 1``) to focus so that the focus
    goes round and never leaves it, or None when the browser's own move stays inside.

    ``position`` is the stop holding the focus (None: the focus is not on one).

    >>> wrap_tab(4, 5), wrap_tab(0, 5, backwards=True), wrap_tab(2, 5)
    (0, 4, None)
    >>> wrap_tab(None, 5), wrap_tab(None, 5, backwards=True), wrap_tab(None, 0)
    (0, 4, None)
    """
    if count <= 0:
        return None
    if position is None or not 0 <= position < count:
        return count - 1 if backwards else 0
    if backwards and position == 0:
        return count - 1
    if not backwards and position == count - 1:
        return 0
    return None
