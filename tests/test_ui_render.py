"""game.app.view.board_svg and geometry: the board's SVG from plain data, tested without a browser."""

import re
import xml.etree.ElementTree as ET

import pytest

from game.app.view.board_svg import board_svg
from game.app.view.geometry import (BoardView, checker_layout, checker_moves, slot_at)
from game.app.view.html import PlayerPanel, matches_html, player_html
from game.position import START

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def checkers(root):
    return [el for el in root.iter() if "checker" in el.get("class", "").split()]


def board_with(mine=None, theirs=None, **kw):
    def counts(spec):
        side = [0] * 25
        for point, n in (spec or {}).items():
            side[24 if point == "bar" else point - 1] = n
        return tuple(side)
    return BoardView(counts=(counts(mine), counts(theirs)), **kw)


def test_start_position_has_thirty_checkers_numbered_from_each_owner_side():
    root = parse(board_svg(BoardView()))
    found = checkers(root)
    assert len(found) == 30
    for player in ("0", "1"):
        points = sorted(int(el.get("data-point")) for el in found if el.get("data-player") == player)
        assert points == sorted([24] * 2 + [13] * 5 + [8] * 3 + [6] * 5)


def test_each_players_24_point_is_the_others_1_point():
    # seen from player 0 (at the bottom): their back checkers on 24 (top right),
    # player 1's back checkers on player 0's 1-point (bottom right)
    layout = checker_layout(BoardView(bottom=0))
    assert slot_at(*layout["0:24:0"][:2]) == "p24"
    assert slot_at(*layout["1:24:0"][:2]) == "p1"
    assert layout["0:24:0"][0] == layout["1:24:0"][0]
    assert layout["0:24:0"][1] < layout["1:24:0"][1]


def test_bar_and_borne_off_checkers_say_so():
    view = board_with({6: 10, "bar": 1}, {1: 3, 2: 2}, cube_value=2, cube_owner=0)
    found = checkers(parse(board_svg(view)))
    assert len(found) == 30
    mine = [el.get("data-point") for el in found if el.get("data-player") == "0"]
    assert mine.count("bar") == 1 and mine.count("off") == 4 and mine.count("6") == 10
    theirs = [el.get("data-point") for el in found if el.get("data-player") == "1"]
    assert theirs.count("off") == 10


def test_no_dice_before_the_roll_then_one_die_element_per_die():
    assert parse(board_svg(BoardView())).find(f".//*[@class='die']") is None
    root = parse(board_svg(BoardView(dice=(6, 1), dice_left=(6,), dice_player=1)))
    dice = [el for el in root.iter() if "die" in el.get("class", "").split()]
    assert [el.get("data-value") for el in dice] == ["6", "1"]
    assert ["used" in el.get("class") for el in dice] == [False, True]


def test_doubles_show_two_dice_and_the_moves_left():
    svg = board_svg(BoardView(dice=(4, 4), dice_left=(4, 4, 4), dice_player=0))
    root = parse(svg)
    assert len([el for el in root.iter() if "die" in el.get("class", "").split()]) == 2
    assert svg.count('class="move-left"') == 3 and svg.count('class="move-left spent"') == 1


def test_cube_centred_shows_64_owned_shows_its_value_offered_shows_the_new_value():
    def cube(view):
        root = parse(board_svg(view))
        group = next(el for el in root.iter() if "cube" in el.get("class", "").split())
        return group.get("class"), "".join(group.itertext()).strip()
    assert cube(BoardView())[1].endswith("64")
    assert cube(BoardView(cube_value=4, cube_owner=1))[1].endswith("4")
    classes, text = cube(BoardView(cube_value=2, cube_owner=1, cube_offered_by=1))
    assert "offered" in classes and text.endswith("4")
    classes, _ = cube(BoardView(crawford=True, labels={"crawford": "Crawford"}))
    assert "crawford" in classes
    assert "cube" not in board_svg(BoardView(cube_enabled=False)).split('class="')[1:][0]


def test_highlights_mark_movable_selected_and_targets_in_the_movers_numbering():
    view = BoardView(mover=1, bottom=1, movable=frozenset({13, 8, 6}), selected=13,
                     targets=frozenset({10, 7}), dice=(3, 6), dice_left=(6, 3), dice_player=1)
    root = parse(board_svg(view))
    selected = [el for el in root.iter() if "selected" in el.get("class", "").split()]
    assert [(el.get("data-player"), el.get("data-point")) for el in selected] == [("1", "13")]
    movable = {el.get("data-point") for el in root.iter() if "movable" in el.get("class", "").split()}
    assert movable == {"8", "6"}
    targets = sorted(el.get("data-point") for el in root.iter() if el.get("class") == "target")
    assert targets == ["10", "7"]
    # the viewer is player 1: the targets' slots are their own numbers
    assert sorted(el.get("data-slot") for el in root.iter() if el.get("class") == "target") == ["p10", "p7"]


def test_bear_off_target_is_the_tray():
    view = board_with({1: 2, 3: 1}, {20: 2}, mover=0, bottom=0, movable=frozenset({3}), selected=3,
                      targets=frozenset({0, 2}))
    root = parse(board_svg(view))
    trays = [el for el in root.iter() if "tray" in el.get("class", "").split()]
    marked = [el for el in trays if "target" in el.get("class")]
    assert [(el.get("data-slot"), el.get("data-point")) for el in marked] == [("off0", "off")]


@pytest.mark.parametrize("bottom", [0, 1])
@pytest.mark.parametrize("home_right", [True, False])
def test_every_checker_is_found_again_under_its_own_place(bottom, home_right):
    view = board_with({1: 2, 7: 1, 12: 3, 13: 2, 19: 1, 24: 1, "bar": 2},
                      {2: 1, 11: 2, 14: 3, 18: 1, 23: 2, "bar": 1},
                      bottom=bottom, home_right=home_right)
    root = parse(board_svg(view))
    for el in checkers(root):
        if el.get("data-point") == "off":
            continue
        slot = slot_at(float(el.get("cx")), float(el.get("cy")), view)
        assert slot == el.get("data-slot"), (el.get("data-key"), slot)


def test_points_are_numbered_from_the_bottom_players_side():
    root = parse(board_svg(BoardView(bottom=0)))
    numbers = [el for el in root.iter() if el.get("class") == "point-number"]
    assert sorted(int(el.text) for el in numbers) == list(range(1, 25))
    one = next(el for el in numbers if el.text == "1")
    twelve = next(el for el in numbers if el.text == "12")
    thirteen = next(el for el in numbers if el.text == "13")
    assert float(one.get("x")) > float(twelve.get("x"))         # home board on the right
    assert float(one.get("y")) > float(thirteen.get("y"))       # 1-12 along the bottom
    mirrored = parse(board_svg(BoardView(bottom=0, home_right=False)))
    one_m = next(el for el in mirrored.iter() if el.get("class") == "point-number" and el.text == "1")
    twelve_m = next(el for el in mirrored.iter() if el.get("class") == "point-number" and el.text == "12")
    assert float(one_m.get("x")) < float(twelve_m.get("x"))


def test_moves_are_animated_from_where_the_checkers_were():
    before = checker_layout(BoardView())
    mine, theirs = list(START), list(START)
    mine[12] -= 1
    mine[4] += 1            # 13 -> 5 ... and it hits the blot the other side had there
    theirs[19] = 1           # (their 20 is my 5)
    view_before = BoardView(counts=(tuple(START), tuple(theirs)))
    theirs_after = list(theirs)
    theirs_after[19] = 0
    theirs_after[24] = 1
    before = checker_layout(view_before)
    after = checker_layout(BoardView(counts=(tuple(mine), tuple(theirs_after))))
    moves = checker_moves(before, after)
    assert set(moves) == {"0:5:0", "1:25:0"}
    dx, dy = moves["1:25:0"]
    assert (before["1:20:0"][0] - after["1:25:0"][0], before["1:20:0"][1] - after["1:25:0"][1]) == (dx, dy)


def test_names_and_texts_are_escaped():
    html = player_html(PlayerPanel(0, '<img src=x onerror="alert(1)">', "light", "3", "167 pips"))
    assert "<img" not in html and "&lt;img" in html
    svg = board_svg(BoardView(labels={"board": '"><script>', "cube": "<b>"}))
    assert "<script>" not in svg and "<b>" not in svg
    parse(svg)  # still well-formed XML
    listing = matches_html(["<i>A</i> – B"], [], {"resume": "Resume", "delete": "<x>", "empty": "none"})
    assert "<i>" not in listing and "&lt;x&gt;" in listing


def test_svg_is_well_formed_in_a_busy_position():
    view = board_with({1: 7, 2: 5, "bar": 3}, {3: 6, 24: 2, "bar": 4}, dice=(5, 5), dice_left=(5,),
                      dice_player=0, cube_value=8, cube_owner=0, crawford=False)
    root = parse(board_svg(view))
    assert root.tag == f"{SVG}svg"
    counts = re.findall(r'class="count[^"]*"[^>]*>(\d+)<', board_svg(view))
    assert "7" in counts and "6" in counts


def test_point_labels_can_follow_the_player_on_roll():
    def label_at(view, slot):
        root = parse(board_svg(view))
        hit = next(el for el in root.iter() if el.get("class") == "hit" and el.get("data-slot") == slot)
        x = float(hit.get("x")) + 30
        return next(el.text for el in root.iter()
                    if el.get("class") == "point-number" and float(el.get("x")) == x
                    and (float(el.get("y")) < 100) == (float(hit.get("y")) < 100))
    assert label_at(BoardView(bottom=1), "p1") == "1"
    assert label_at(BoardView(bottom=1, numbers_for=0), "p1") == "24"
    assert label_at(BoardView(bottom=1, numbers_for=0), "p13") == "12"


def test_the_dice_can_be_clicked_between_the_two_dice():
    view = BoardView(dice=(6, 1), dice_left=(), dice_player=0, bottom=0, dice_clickable=True)
    root = parse(board_svg(view))
    area = next(el for el in root.iter() if el.get("class") == "dice-area")
    dice = next(el for el in root.iter() if "dice" in el.get("class", "").split())
    assert dice.get("data-slot") == "dice" and "clickable" in dice.get("class")
    assert float(area.get("width")) > 2 * 48
