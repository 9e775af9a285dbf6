"""The word "Crawford" on the upright board stays clear of the checkers and the dice.

Upright, the cube sits on the bar, and the word once sat beside it, on the bar too: under
the first checker waiting there (seen at 375x667: only "rd" showed). Checked here in the
flat board's coordinates, which every part of the drawing shares (game/app/view/geometry.py, board_svg.py).
"""

import xml.etree.ElementTree as ET

import pytest

from game.app.view.board_svg import board_svg
from game.app.view.geometry import R, BoardView, checker_layout

SVG = "{http://www.w3.org/2000/svg}"
# the word's box about its anchor: turned a quarter back, it runs along the flat board's y
# (13 px bold: "Crawford" is under 70 units long) and rises towards the flat board's left
ALONG, RISE, DROP = 36, 15, 4


def label_box(root):
    label = next(t for t in root.iter(f"{SVG}text") if t.get("class") == "crawford-label")
    x, y = float(label.get("x")), float(label.get("y"))
    assert label.get("transform") == f"rotate(-90 {label.get('x')} {label.get('y')})"
    return x - RISE, y - ALONG, x + DROP, y + ALONG


def overlaps_disc(box, cx, cy, r):
    left, top, right, bottom = box
    nx, ny = min(max(cx, left), right), min(max(cy, top), bottom)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def overlaps_rect(box, x, y, w, h):
    left, top, right, bottom = box
    return left < x + w and x < right and top < y + h and y < bottom


def views(bottom, home_right):
    """Three checkers of each side on the bar, five of one side on any one point, either
    side's dice: ``(what, view)``."""
    for player in (0, 1):
        for point in range(1, 25):
            stacked = [0] * 24 + [3]
            stacked[point - 1] = 5
            waiting = [0] * 24 + [3]
            counts = (stacked, waiting) if player == 0 else (waiting, stacked)
            for dice_player in (0, 1):
                yield (f"five of player {player} on his {point}, player {dice_player}'s dice",
                       BoardView(upright=True, crawford=True, bottom=bottom, home_right=home_right,
                                 counts=tuple(tuple(c) for c in counts), dice=(6, 5),
                                 dice_player=dice_player))


@pytest.mark.parametrize("home_right", [True, False], ids=["home-right", "home-left"])
@pytest.mark.parametrize("bottom", [0, 1])
def test_upright_the_word_crawford_is_under_no_checker_and_no_die(bottom, home_right):
    for what, view in views(bottom, home_right):
        root = ET.fromstring(board_svg(view))
        box = label_box(root)
        for key, (x, y, _player, point) in checker_layout(view).items():
            if point != 0:
                assert not overlaps_disc(box, x, y, R), (what, key, (x, y), box)
        area = next(r for r in root.iter(f"{SVG}rect") if r.get("class") == "dice-area")
        assert not overlaps_rect(box, *(float(area.get(k)) for k in ("x", "y", "width", "height"))), (what, box)
