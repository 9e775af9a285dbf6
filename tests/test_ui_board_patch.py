"""The board patched in place (game/app/view/board_patch.py): applying the operations gives the new
drawing; the <svg>, the places and the checkers keep their nodes; a checker that moved (or was
hit) slides from where it was; a drag's changes are put right."""

import random

import pytest

from game.app.view.board_patch import (BoardPatch, apply, parse, serialize)
from game.app.view.board_svg import board_svg
from game.app.view.geometry import BoardView, checker_layout
from game.position import START
from ui_helpers import make, play_randomly, slot


def _numbered(svg):
    """A page that shows ``svg``, as the page would after the build."""
    patch = BoardPatch()
    patch.update(svg)
    return patch


def _checkers(tree):
    return {n.uid: n for n in tree.walk() if "data-key" in n.attrs}


def _without_keys(data):
    tag, attrs, text, children = data
    return (tag, tuple(a for a in attrs if a[0] != "data-key"), text,
            tuple(_without_keys(c) for c in children))


def _step(patch, svg):
    before = patch.tree
    ops = patch.update(svg)
    after = apply(before, ops)
    # the page ends with the new drawing (checkers keep the keys they had)
    assert serialize(after) == serialize(patch.tree)
    assert _without_keys(serialize(after)) == _without_keys(serialize(parse(svg)))
    return ops


def test_a_move_keeps_the_svg_and_the_checker_and_slides_it():
    patch = _numbered(board_svg(BoardView()))
    svg_uid = patch.tree.uid
    moved = list(START)
    moved[12] -= 1          # 13/8
    moved[7] += 1
    old = {n.attrs["data-key"]: n.uid for n in patch.tree.walk() if "data-key" in n.attrs}
    ops = _step(patch, board_svg(BoardView(counts=(tuple(moved), START))))
    assert patch.tree.uid == svg_uid
    assert not [op for op in ops if op[0] in ("insert", "remove")]
    slides = [op for op in ops if op[0] == "slide"]
    assert len(slides) == 1
    uid = slides[0][1]
    node = _checkers(patch.tree)[uid]
    assert node.attrs["data-key"] == "0:13:4"   # the top checker of the 13 point, key kept
    assert old["0:13:4"] == uid
    assert node.attrs["data-point"] == "8"
    x, y = checker_layout(BoardView(counts=(tuple(moved), START)))["0:8:3"][:2]
    assert (float(node.attrs["cx"]), float(node.attrs["cy"])) == (x, y)


def test_a_hit_checker_slides_to_the_bar():
    them = list(START)
    them[23] -= 1           # a blot on their 24 (our 1)... moved to their 20 (our 5)
    them[19] += 1
    ours = list(START)
    patch = _numbered(board_svg(BoardView(counts=(tuple(ours), tuple(them)))))
    ours[7] -= 1            # 8/5*
    ours[4] += 1
    them[19] -= 1
    them[24] += 1           # on the bar
    ops = _step(patch, board_svg(BoardView(counts=(tuple(ours), tuple(them)))))
    slid = {_checkers(patch.tree)[op[1]].attrs["data-point"] for op in ops if op[0] == "slide"}
    assert slid == {"5", "bar"}
    assert not [op for op in ops if op[0] in ("insert", "remove") and op[0] != "insert"
                or op[0] == "insert" and op[3].attrs.get("class", "").startswith("checker")]


def test_an_unchanged_board_needs_nothing():
    patch = _numbered(board_svg(BoardView()))
    assert patch.update(board_svg(BoardView())) == []


def test_a_drag_moved_by_hand_is_put_back_when_forced():
    svg = board_svg(BoardView())
    patch = _numbered(svg)
    page = apply(patch.tree, [])                       # the page's own copy of the board
    dragged = next(n for n in page.walk() if n.attrs.get("data-key") == "0:6:4")
    dragged.attrs["cx"] = "123.4"                      # what a drag does by hand
    dragged.attrs["class"] += " dragging"
    assert patch.update(svg) == []                     # not forced: nothing seems to change
    ops = patch.update(svg, force=True)                # forced: every attribute set again
    assert not [op for op in ops if op[0] != "attrs"]
    assert serialize(apply(page, ops)) == serialize(parse(svg))


def test_keys_stay_unique_when_checkers_come_and_go():
    patch = _numbered(board_svg(BoardView()))
    empty = (0,) * 25
    _step(patch, board_svg(BoardView(counts=(empty, START))))     # player 0's borne off
    _step(patch, board_svg(BoardView()))
    keys = [n.attrs["data-key"] for n in patch.tree.walk() if "data-key" in n.attrs]
    assert len(keys) == len(set(keys)) == 30


@pytest.mark.parametrize("seed, limit", [(0, 150), pytest.param(1, 10 ** 6, marks=pytest.mark.slow)])
def test_a_whole_match_drawn_step_by_step(seed, limit):
    """Every view of a match played at random (its first ``limit`` actions), patched from the
    one before, ends as drawn afresh, with the marks of the last moves and the dice."""
    app = make(mode="hotseat", length=1, seed=f"patch-{seed}")
    patch = BoardPatch()
    svg_uid = None
    seen = {"count": 0}

    def check(_name):
        if seen["count"] >= limit:
            return
        svg = app.view().board_svg
        if patch.tree is None:
            patch.update(svg)
            return
        _step(patch, svg)
        seen["count"] += 1

    check("start")
    svg_uid = patch.tree.uid
    play_randomly(app, random.Random(seed), on_action=check)
    assert patch.tree.uid == svg_uid
    assert seen["count"] >= min(limit, 100)


def test_the_board_turned_round_is_patched_too():
    patch = _numbered(board_svg(BoardView()))
    _step(patch, board_svg(BoardView(home_right=False, bottom=1)))
    _step(patch, board_svg(BoardView()))
