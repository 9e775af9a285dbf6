"""The record and the last play's marks agree with the numbers the board shows (issue 33,
point 9): in a two-player game the numbers turn to the player to act, and the computer's
moves are numbered as the person's board numbers them."""

import re

import pytest

from ui_helpers import make

from game.app.view.geometry import slot_for
from game.app.view.places import move_seen_from

LANGS = ("en", "fr")


def labels(svg):
    """The number the board shows by each point: ``{"p7": "7", ...}`` (its data-slot)."""
    found = re.findall(r'data-slot="(p\d+)"[^>]*/><rect class="hit" data-slot="p\d+"[^>]*/>'
                       r'<text class="point-number"[^>]*>(\d+)</text>', svg)
    return dict(found)


def marked_numbers(view):
    """The numbers the board shows where the last play left from and arrived."""
    shown = labels(view.board_svg)
    assert len(shown) == 24
    (last,) = view.board.last_moves
    number = lambda p: shown[slot_for(view.board, last.player, p)]        # noqa: E731
    return ({number(p) for p in last.sources if 1 <= p <= 24},
            {number(p) for p in last.targets if 1 <= p <= 24})


def record_numbers(text):
    """The points a record line names, its first and its last of each part."""
    move = text.split(": ", 1)[1]
    froms, tos = set(), set()
    for part in move.split():
        points = re.findall(r"\d+(?!\))", re.sub(r"\(\d\)", "", part))
        if points:
            head = part.split("/")[0]
            if head.isdigit():
                froms.add(head)
            tail = re.sub(r"\(\d\)|\*", "", part.split("/")[-1])
            if tail.isdigit():
                tos.add(tail)
    return froms, tos


@pytest.mark.parametrize("language", LANGS)
def test_two_players_the_record_numbers_the_last_play_as_the_board_does(language):
    app = make([3, 1, 6, 4], mode="hotseat", length=5, language=language)
    app.roll()                                  # player 0 starts with 3-1
    mover = app.match.player_on_roll
    app.type_move("13/10 6/5")
    app.done()
    view = app.view()
    viewer = view.board.numbers_for
    assert viewer == 1 - mover                  # the numbers turned to the player to act
    line = view.record_html.rsplit("<li", 1)[1]
    text = re.search(r'<span class="what">([^<]*)</span>', line).group(1)
    assert text == f"31: {move_seen_from('13/10 6/5', mover, viewer)}" == "31: 12/15 19/20"
    assert record_numbers(text) == marked_numbers(view) == ({"12", "19"}, {"15", "20"})
    assert app.match.events[-1]["move"] == "13/10 6/5"          # the log keeps the mover's own


def test_against_the_computer_its_play_in_the_record_is_in_the_person_s_numbers():
    app = make([1, 3, 6, 5], mode="bot", length=5)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    for _ in range(40):
        if not app.bot_to_act():
            break
        app.bot_act()
    assert app.match.events[-1]["move"] == "24/13"             # its own numbering, in the log
    view = app.view()
    text = re.findall(r'<span class="what">([^<]*)</span>', view.record_html)[-1]
    assert text == "65: 1/12"                                  # as the board numbers it
    assert record_numbers(text) == marked_numbers(view) == ({"1"}, {"12"})
    app.set_pref("numbering", "theirs")                        # Settings: the opponent's numbers
    text = re.findall(r'<span class="what">([^<]*)</span>', app.view().record_html)[-1]
    assert text == "65: 24/13" and record_numbers(text) == marked_numbers(app.view())
