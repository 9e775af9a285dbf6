"""A play drawn as arrows on the board (issue 43, part 4): one ``play-arrow`` per checker moved,
from point to point as the board numbers them (``bar``, ``off``), on the flat and the upright
board, from either side."""

import re
from dataclasses import replace

import pytest

from game.app.controller import Controller
from game.app.view.board_svg import board_svg
from game.app.view.last_moves import preview_of
from game.app.view.places import seen_from
from game.position import Position

ARROW = re.compile(r'<g class="play-arrow" data-from="([^"]+)" data-to="([^"]+)"( data-hit="true")?>')


def board_with(preview, **shape):
    app = Controller()
    app.boot("?mode=hotseat&length=3&seed=arrows")
    board = app.view().board
    return replace(board, preview=preview, **shape)


def named(player, point, bottom):
    return "bar" if point == 25 else "off" if point == 0 else str(seen_from(player, point, bottom))


@pytest.mark.parametrize("upright", [False, True])
@pytest.mark.parametrize("player", [0, 1])
def test_each_checker_of_a_play_is_an_arrow_between_the_points_of_its_notation(player, upright):
    text = "bar/22* 13/7(2) 6/off"
    preview = preview_of(player, text)
    board = board_with(preview, upright=upright)
    arrows = ARROW.findall(board_svg(board))
    expected = [(named(player, a, board.bottom), named(player, b, board.bottom)) for a, b in preview.paths]
    assert [(a, b) for a, b, _ in arrows] == expected
    assert [bool(hit) for _, _, hit in arrows] == [b in preview.hits for _, b in preview.paths]
    assert expected[0][0] == "bar" and expected[-1][1] == "off"


def test_a_hinted_play_in_a_game_is_drawn_as_its_arrows():
    app = Controller()
    app.boot("?mode=hotseat&length=3&seed=arrows")
    app.roll()
    play = str(next(iter(Position.from_position_id(app.match.position_id()).legal_moves(app.match.turn.dice))))
    board = app.preview_board(play)
    arrows = ARROW.findall(board_svg(board))
    assert len(arrows) == len(preview_of(app.match.player_on_roll, play).paths) >= 1


def test_the_review_colours_the_arrows_by_verdict():
    preview = preview_of(0, "8/2 6/2", "blunder")
    svg = board_svg(board_with(preview))
    assert '<g class="preview verdict-blunder">' in svg and svg.count('class="arrow-head"') == 2
