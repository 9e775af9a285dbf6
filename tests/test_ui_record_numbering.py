"""The record and the last play's marks agree with the numbers the board shows (issue 33,
point 9): in a two-player game the numbers turn to the player to act, and the computer's
moves are numbered as the person's board numbers them; in a replay of two other people each move is
in its player's own numbering, as the review's list writes it (issue 44, point 12)."""

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


def after_the_computer_s_reply():
    """A match against the computer: the person's 31 played 8/5 6/5, then the computer's reply."""
    app = make([1, 3, 6, 5], mode="bot", length=5)
    app.roll()
    app.type_move("8/5 6/5")
    app.done()
    for _ in range(40):
        if not app.bot_to_act():
            break
        app.bot_act()
    return app


def test_against_the_computer_its_play_in_the_record_is_in_the_person_s_numbers():
    app = after_the_computer_s_reply()
    assert app.match.events[-1]["move"] == "24/13"             # its own numbering, in the log
    view = app.view()
    text = re.findall(r'<span class="what">([^<]*)</span>', view.record_html)[-1]
    assert text == "65: 1/12"                                  # as the board numbers it
    assert record_numbers(text) == marked_numbers(view) == ({"1"}, {"12"})
    app.set_pref("numbering", "theirs")                        # Settings: the opponent's numbers
    text = re.findall(r'<span class="what">([^<]*)</span>', app.view().record_html)[-1]
    assert text == "65: 24/13" and record_numbers(text) == marked_numbers(app.view())


#: a short match of two other people, finished (Ann resigns on her roll)
TWO_OTHERS = (
    ' 1 point match\n'
    '\n'
    ' Game 1\n'
    ' Ann : 0                        Bob : 0\n'
    '  1) 31: 8/5 6/5                 64: 24/18 13/9\n'
    '  2) 52: 13/8 13/11              51: 13/8 24/23\n'
    '  3)                             Wins 1 point and the match\n'
)


def test_a_replay_of_two_other_people_writes_each_move_in_its_player_s_numbering_in_both_lists():
    from game.app.keep.storage import MemoryStore
    from game.app.controller import Controller
    # Given an imported match of two other people, replayed and reviewed
    app = Controller(MemoryStore())
    assert app.open_mat(TWO_OTHERS, "two.mat") is True and app.replay is not None
    # each as its player numbers it, as the file does (in the engine's order of the steps)
    own = ["31: 8/5 6/5", "64: 24/18 13/9", "52: 13/11 13/8", "51: 24/23 13/8"]
    assert app.bottom == 1
    # Then "Moves of this game" writes each move as its player numbers it, not as the bottom player
    record = re.findall(r'<span class="what">([^<]*)</span>', app.view().record_html)
    assert [line for line in record if re.match(r"\d\d: ", line)] == own
    # and so does the review's list beside it
    assert app.start_review()
    while app.review_step():
        pass
    listed = re.findall(r'<li class="review-item[^"]*"[^>]*>([^<]*)', app.view().review["list_html"])
    moves = [re.search(r"(\d\d: \S.*?)\s*$", line) for line in listed]
    assert [m.group(1) for m in moves if m] == own


def test_a_replay_against_the_computer_keeps_its_moves_in_the_person_s_numbers():
    app = after_the_computer_s_reply()
    assert app.start_replay() and app.replay is not None
    app.replay_go(len(app.replay.frames) - 1)
    record = re.findall(r'<span class="what">([^<]*)</span>', app.view().record_html)
    assert record[-2:] == ["31: 8/5 6/5", "65: 1/12"]       # the computer's 24/13, as the board numbers it
