"""The upright board (a phone held upright): the flat board turned a quarter clockwise.

Checked against the geometry itself: where each place ends up on the screen, which way
the words read, what a pointer on the turned picture hits, and where the arrow keys go.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from game.app.view.board_image import board_image
from game.app.controller import Controller
from game.app.view.keyboard import SLOTS, next_slot, rows
from game.app.view.board_svg import _place_rect, board_svg
from game.app.view.geometry import (BAR_X, CUBE, FRAME, HEIGHT, MID, SIDE, UPRIGHT_EDGE, WIDTH, BoardView, board_point, slot_at, view_box)

SVG = "{http://www.w3.org/2000/svg}"
ARROWS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")


def on_screen(view, x, y):
    """Where the flat board's point (x, y) is drawn on the upright board, in its own units:
    turned a quarter clockwise, what is left of the cube column cut off."""
    left, _top, _w, _h = view_box(view)
    return HEIGHT - y, x - left


def centre(view, slot):
    x, y, w, h = _place_rect(view, slot)
    return x + w / 2, y + h / 2


@pytest.mark.parametrize("home_right", [True, False])
def test_the_upright_board_is_the_flat_board_turned_and_as_wide_as_the_flat_board_is_high(home_right):
    view = BoardView(upright=True, home_right=home_right)
    root = ET.fromstring(board_svg(view))
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    # the cube column and most of the frame at both ends cut off
    assert (width, height) == (HEIGHT, WIDTH - SIDE - 2 * (FRAME - UPRIGHT_EDGE))
    assert "upright" in root.get("class").split()
    # the field, the bar and both trays are whole on the picture
    for slot in SLOTS:
        x, y, w, h = _place_rect(view, slot)
        for corner in ((x, y), (x + w, y + h)):
            sx, sy = on_screen(view, *corner)
            assert 0 <= sx <= width and 0 <= sy <= height, (slot, corner, (sx, sy))
    # every checker lands inside the picture
    for circle in root.iter(f"{SVG}circle"):
        if "checker" in circle.get("class", "").split():
            sx, sy = on_screen(view, float(circle.get("cx")), float(circle.get("cy")))
            assert 0 < sx < width and 0 < sy < height, circle.attrib


def test_a_flat_board_draws_as_before_with_no_turned_group():
    svg = board_svg(BoardView())
    assert 'viewBox="0 0 952 700"' in svg and 'class="turned"' not in svg and "rotate(" not in svg


def test_the_bottom_player_sits_on_the_left_with_his_home_board_low_on_the_screen():
    view = BoardView(upright=True, bottom=0)
    one, six, twelve, thirteen = (on_screen(view, *centre(view, f"p{n}")) for n in (1, 6, 12, 13))
    assert one[0] < HEIGHT / 2 and twelve[0] < HEIGHT / 2 and thirteen[0] > HEIGHT / 2
    assert one[1] > six[1] > twelve[1]            # 1 low, counting up the left side
    assert abs(twelve[1] - thirteen[1]) < 1        # 13 across from 12


def test_every_word_on_the_upright_board_is_turned_back_about_its_own_anchor():
    view = BoardView(upright=True, crawford=True, cube_owner=1, cube_value=2,
                     counts=((0,) * 5 + (9,) + (0,) * 19, (0,) * 23 + (6,) + (0,)), highlight=frozenset({3}))
    root = ET.fromstring(board_svg(view))
    texts = list(root.iter(f"{SVG}text"))
    assert {t.get("class").split()[0] for t in texts} >= {"point-number", "count", "pips", "crawford-label", "cube-value"}
    for text in texts:
        if text.get("class") == "cube-value":
            continue                               # inside the cube, which is turned as a whole
        match = re.fullmatch(r"rotate\(-90 ([-\d.]+) ([-\d.]+)\)", text.get("transform", ""))
        assert match, text.attrib
        assert (float(match[1]), float(match[2])) == (float(text.get("x")), float(text.get("y")))
    cube = next(g for g in root.iter(f"{SVG}g") if "cube" in g.get("class", "").split())
    assert cube.get("transform").endswith("rotate(-90)")
    # a flat board turns no word
    flat = ET.fromstring(board_svg(BoardView(crawford=True)))
    assert all(t.get("transform") is None for t in flat.iter(f"{SVG}text"))


@pytest.mark.parametrize("owner,end", [(None, "middle"), (0, "bottom"), (1, "top")])
def test_upright_the_cube_sits_on_the_bar_at_its_owners_end(owner, end):
    view = BoardView(upright=True, bottom=0, cube_owner=owner, cube_value=2 if owner is not None else 1)
    root = ET.fromstring(board_svg(view))
    cube = next(g for g in root.iter(f"{SVG}g") if "cube" in g.get("class", "").split())
    x, y = (float(v) for v in re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", cube.get("transform")).groups())
    assert x == BAR_X
    assert {"middle": y == MID, "bottom": y > MID + 200, "top": y < MID - 200}[end]
    assert slot_at(x, y, view) in ("bar0", "bar1")   # on the bar, not over a point


@pytest.mark.parametrize("shape", ["upright", "compact"])
@pytest.mark.parametrize("owner", [0, 1])
def test_on_a_cut_board_the_checkers_on_the_bar_leave_the_cube_uncovered(shape, owner):
    """The cube at its owner's end of the bar, the other player's checkers waiting at that
    end too: however many wait there, none covers the cube (a fifth one did)."""
    for waiting in range(1, 16):
        counts = [(0,) * 25, (0,) * 25]
        counts[1 - owner] = (0,) * 24 + (waiting,)
        view = BoardView(bottom=0, cube_owner=owner, cube_value=2, counts=tuple(counts), **{shape: True})
        root = ET.fromstring(board_svg(view))
        cube = next(g for g in root.iter(f"{SVG}g") if "cube" in g.get("class", "").split())
        x, y = (float(v) for v in re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", cube.get("transform")).groups())
        on_bar = [c for c in root.iter(f"{SVG}circle")
                  if "checker" in c.get("class", "").split() and c.get("data-point") == "bar"]
        assert len(on_bar) == waiting
        for checker in on_bar:
            assert float(checker.get("cx")) == x
            gap = abs(float(checker.get("cy")) - y) - CUBE / 2 - float(checker.get("r"))
            assert gap >= 0, (shape, owner, waiting, checker.attrib, y)


@pytest.mark.parametrize("home_right", [True, False])
@pytest.mark.parametrize("bottom", [0, 1])
def test_a_pointer_on_the_upright_picture_finds_the_place_drawn_there(home_right, bottom):
    view = BoardView(upright=True, home_right=home_right, bottom=bottom)
    _, _, width, height = view_box(view)
    for slot in SLOTS:
        sx, sy = on_screen(view, *centre(view, slot))
        assert slot_at(*board_point(sx / width, sy / height, view), view) == slot
    flat = BoardView(home_right=home_right, bottom=bottom)
    for slot in SLOTS:
        x, y = centre(flat, slot)
        assert slot_at(*board_point(x / WIDTH, y / HEIGHT, flat), flat) == slot


@pytest.mark.parametrize("bottom", [0, 1])
def test_upright_the_arrow_keys_go_the_way_the_picture_shows(bottom):
    view = BoardView(upright=True, bottom=bottom)
    where = {slot: on_screen(view, *centre(view, slot)) for slot in SLOTS}
    direction = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
    moved = 0
    for slot in SLOTS:
        for key in ARROWS:
            to = next_slot(slot, key, bottom=bottom, upright=True)
            if to == slot:
                continue
            moved += 1
            dx, dy = direction[key]
            step = (where[to][0] - where[slot][0], where[to][1] - where[slot][1])
            # the focus moves the way the key points, never backwards or mostly sideways
            along = step[0] * dx + step[1] * dy
            across = abs(step[0] * dy) + abs(step[1] * dx)
            assert along > 0 and along > across / 4, (slot, key, to, step)
    assert moved > len(SLOTS) * 2
    # the same table as the flat board: only the keys are turned
    assert rows(bottom) == rows(bottom, True)


def test_a_board_image_lies_flat_even_when_the_page_shows_it_upright():
    image = board_image(BoardView(upright=True))
    assert 'viewBox="0 0 952 700"' in image and 'class="turned"' not in image


def test_every_mode_draws_the_upright_board_when_the_page_stands_it_up():
    app = Controller()
    assert app.boot("?mode=hotseat&length=3&seed=7")
    assert app.view().board.upright is False
    before = app.game.signature()["board"]
    app.upright = True
    assert app.game.signature()["board"] != before      # the board part is drawn again
    assert app.view().board.upright is True
    assert app.view().board_svg.count('class="turned"') == 1
    app.roll()
    app.start_replay()
    assert app.view().board.upright is True
    app.end_replay()
    app.edit_open()
    assert app.view().board.upright is True
    app.edit_cancel()
    assert app.open_lesson("bar")
    assert app.view().board.upright is True
    app.close_lesson()
    app.upright = False
    assert app.view().board.upright is False


# --- compact: a phone held sideways ---------------------------------------------------------------
@pytest.mark.parametrize("home_right", [True, False])
def test_a_compact_board_lies_flat_without_its_cube_column_every_place_whole(home_right):
    view = BoardView(compact=True, home_right=home_right)
    root = ET.fromstring(board_svg(view))
    left, top, width, height = (float(v) for v in root.get("viewBox").split())
    assert (width, height) == (WIDTH - SIDE - 2 * (FRAME - UPRIGHT_EDGE), HEIGHT)
    assert "compact" in root.get("class").split() and root.find(f"{SVG}g").get("class") != "turned"
    for slot in SLOTS:
        x, y, w, h = _place_rect(view, slot)
        assert left <= x and x + w <= left + width and top <= y and y + h <= top + height, slot
    # the cube column is gone from the picture: the cube sits on the bar
    cube = next(g for g in root.iter(f"{SVG}g") if "cube" in g.get("class", "").split())
    x = float(re.match(r"translate\(([-\d.]+)", cube.get("transform"))[1])
    assert slot_at(x, MID, view) in ("bar0", "bar1")
    assert all(t.get("transform") is None for t in root.iter(f"{SVG}text"))   # nothing turned


@pytest.mark.parametrize("home_right", [True, False])
def test_a_pointer_on_the_compact_picture_finds_the_place_drawn_there(home_right):
    view = BoardView(compact=True, home_right=home_right)
    left, _top, width, height = view_box(view)
    for slot in SLOTS:
        x, y = centre(view, slot)
        assert slot_at(*board_point((x - left) / width, y / height, view), view) == slot


def test_a_board_image_is_whole_even_when_the_page_shows_it_compact():
    image = board_image(BoardView(compact=True, cube_owner=0, cube_value=2))
    assert 'viewBox="0 0 952 700"' in image and "compact" not in image


def test_every_mode_draws_the_compact_board_when_the_page_is_a_phone_held_sideways():
    app = Controller()
    assert app.boot("?mode=hotseat&length=3&seed=7")
    before = app.game.signature()["board"]
    app.compact = True
    assert app.game.signature()["board"] != before
    assert app.view().board.compact is True and app.view().board.upright is False
    app.edit_open()
    assert app.view().board.compact is True
    app.edit_cancel()
    assert app.open_lesson("bar")
    assert app.view().board.compact is True
