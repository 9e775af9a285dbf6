"""The dice in the field's middle: clear of every checker and every point, on every board.

A phone's board (upright or sideways: cut) draws larger dice (issue 44: 25.7 px wide on a
375x667 phone, 30 asked), so the stacks of the points stop short of them: however many
checkers a point holds, none of them (and no triangle) reaches the dice or the area that
takes a tap on them. Checked in the flat board's coordinates, which every part of the
drawing shares (tests/browser/test_phone_layout.py measures the dice on the screen).
"""

import xml.etree.ElementTree as ET

import pytest

from game.app.view.board_svg import board_svg
from game.app.view.geometry import MID, PHONE_DIE, R, BoardView, checker_layout

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = {"flat": {}, "compact": {"compact": True}, "upright": {"upright": True}}


def dice_boxes(root):
    """``(left, top, right, bottom)`` of the dice's tap area and of each die's face."""
    area = next(r for r in root.iter(f"{SVG}rect") if r.get("class") == "dice-area")
    x, y, w, h = (float(area.get(k)) for k in ("x", "y", "width", "height"))
    boxes = [(x, y, x + w, y + h)]
    for die in root.iter(f"{SVG}g"):
        if "die" in die.get("class", "").split():
            dx, dy = (float(v) for v in die.get("transform")[len("translate("):-1].split())
            face = next(die.iter(f"{SVG}rect"))
            half = float(face.get("width")) / 2
            boxes.append((dx - half, dy - half, dx + half, dy + half))
    return boxes


def overlaps_disc(box, cx, cy, r):
    left, top, right, bottom = box
    nx, ny = min(max(cx, left), right), min(max(cy, top), bottom)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def stacked(player, point, n):
    """``n`` checkers of ``player`` on his ``point``, the rest of his borne off; the other's
    fifteen on the bar."""
    mine = [0] * 25
    mine[point - 1] = n
    other = tuple([0] * 24 + [15])
    return (tuple(mine), other) if player == 0 else (other, tuple(mine))


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("home_right", [True, False], ids=["home-right", "home-left"])
def test_no_stack_of_any_height_reaches_the_dice(shape, home_right):
    for player in (0, 1):
        for point in range(1, 25):
            for n in (5, 6, 9, 15):
                for dice_player in (0, 1):
                    view = BoardView(counts=stacked(player, point, n), bottom=1 - player,
                                     home_right=home_right, dice=(6, 6), dice_left=(6, 6, 6),
                                     dice_player=dice_player, **SHAPES[shape])
                    boxes = dice_boxes(ET.fromstring(board_svg(view)))
                    for key, (x, y, _player, where) in checker_layout(view).items():
                        if 1 <= where <= 24:
                            assert not any(overlaps_disc(b, x, y, R) for b in boxes), (key, (x, y), boxes)


@pytest.mark.parametrize("shape", SHAPES)
def test_no_point_reaches_the_dice(shape):
    view = BoardView(dice=(3, 1), dice_left=(3, 1), **SHAPES[shape])
    root = ET.fromstring(board_svg(view))
    _left, top, _right, bottom = dice_boxes(root)[0]
    for point in root.iter(f"{SVG}polygon"):
        ys = [float(pair.split(",")[1]) for pair in point.get("points").split()]
        assert max(ys) <= top or min(ys) >= bottom, (point.get("data-slot"), ys, (top, bottom))


@pytest.mark.parametrize("shape", ["compact", "upright"])
def test_a_phone_draws_the_larger_dice_and_the_four_marks_of_a_double_between_them(shape):
    view = BoardView(dice=(4, 4), dice_left=(4, 4), **SHAPES[shape])
    root = ET.fromstring(board_svg(view))
    area, *faces = dice_boxes(root)
    assert [right - left for left, _top, right, _bottom in faces] == [PHONE_DIE] * 2
    marks = [m for m in root.iter(f"{SVG}circle") if "move-left" in m.get("class", "")]
    assert [m.get("class") for m in marks] == ["move-left"] * 2 + ["move-left spent"] * 2
    (first, _t, first_right, _b), (second, *_rest) = sorted(faces)
    for mark in marks:
        cx, cy, r = (float(mark.get(k)) for k in ("cx", "cy", "r"))
        assert first_right <= cx - r and cx + r <= second, (cx, faces)       # between the two
        assert area[1] <= cy - r and cy + r <= area[3] and abs(cy - MID) < PHONE_DIE / 2
