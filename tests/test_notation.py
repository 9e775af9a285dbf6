"""Move notation in both directions, and the typed errors for bad input."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from game import (IllegalMoveError, InvalidNotationError, InvalidPositionError, Move,
                  Position, Reason, Step)
from game.move import parse_notation

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def random_positions(count, seed):
    rng = random.Random(seed)
    pos, out = Position.start(), []
    while len(out) < count:
        out.append(pos)
        plays = pos.legal_moves((rng.randint(1, 6), rng.randint(1, 6)))
        pos = pos.play(rng.choice(list(plays))) if plays else pos.swapped()
        if pos.winner() is not None:
            pos = Position.start()
    return out


@pytest.mark.slow
def test_every_legal_play_reads_back_from_its_own_notation():
    checked = 0
    for pos in random_positions(80, seed=3):
        for dice in ROLLS:
            for play in pos.legal_moves(dice):
                again = pos.parse_move(str(play), dice)
                assert pos.play(again) == pos.play(play), (pos, dice, str(play))
                checked += 1
    assert checked > 5_000


def test_hit_marks_are_optional():
    board = Position.from_counts({24: 1, 6: 14}, {7: 1, 10: 14})
    with_mark = board.parse_move("24/18*/13", (6, 5))
    assert board.parse_move("24/18/13", (6, 5)) == with_mark
    # Without a hit written, 24/13 passes by 19 and hits nothing.
    assert board.play(board.parse_move("24/13", (6, 5))).mine[24] == 0


def test_a_play_that_could_hit_either_of_two_blots_must_say_which():
    board = Position.from_counts({24: 1, 6: 14}, {7: 1, 6: 1, 10: 13})
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("24/13", (6, 5))
    assert caught.value.reason is Reason.AMBIGUOUS_MOVE
    assert board.play(board.parse_move("24/19*/13", (6, 5))).mine[24] == 1


@pytest.mark.parametrize("text, parts", [
    ("24/18 13/11", ((24, 18, 1, ()), (13, 11, 1, ()))),
    ("bar/22*", ((25, 22, 1, (22,)),)),
    ("6/off", ((6, 0, 1, ()),)),
    ("13/7(2)", ((13, 7, 2, ()),)),
    ("8/5*/3", ((8, 3, 1, (5,)),)),
    ("  B/20,  6/OFF ", ((25, 20, 1, ()), (6, 0, 1, ()))),
])
def test_notation_forms_are_read(text, parts):
    assert parse_notation(text) == parts


@pytest.mark.parametrize("text", ["", "24", "24-18", "24/18/", "25/26", "18/24", "0/3",
                                  "6/off/2", "13/7(5)", "bar", "off/3", "24//18", None, 42])
def test_malformed_notation_is_an_invalid_notation_error(text):
    with pytest.raises(InvalidNotationError) as caught:
        parse_notation(text)
    assert repr(text) in str(caught.value)


def test_illegal_move_errors_name_the_input_and_the_position():
    start = Position.start()
    with pytest.raises(IllegalMoveError) as caught:
        start.parse_move("24/20", (6, 5))
    message = str(caught.value)
    assert "'24/20'" in message and start.position_id() in message
    assert caught.value.reason is Reason.NO_SUCH_DIE
    assert isinstance(caught.value, ValueError)


def test_move_repr_and_str_round_trip():
    move = Move((Step(13, 7), Step(13, 7), Step(8, 2, True), Step(6, 2)))
    assert str(move) == "13/7(2) 8/2* 6/2"
    assert eval(repr(move), {"Move": Move}) == Move.from_str(str(move))


@pytest.mark.parametrize("mine, theirs, problem", [
    ({6: 16}, {1: 1}, "16 checkers"),
    ({6: 1}, {19: 1}, "both players"),
    ({}, {}, "borne off all"),
])
def test_impossible_positions_raise_invalid_position_error(mine, theirs, problem):
    with pytest.raises(InvalidPositionError) as caught:
        Position.from_counts(mine, theirs)
    assert problem in str(caught.value)


@pytest.mark.parametrize("dice", [(0, 1), (7, 2), (3,), "31", (1.0, 2), (True, 2), None])
def test_bad_dice_are_refused(dice):
    with pytest.raises(ValueError):
        Position.start().legal_moves(dice)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789/*()bar offBO ,", max_size=20),
       st.sampled_from(ROLLS))
def test_any_text_either_parses_to_a_legal_play_or_raises_a_typed_error(text, dice):
    start = Position.start()
    try:
        play = start.parse_move(text, dice)
    except (InvalidNotationError, IllegalMoveError):
        return
    assert play in start.legal_moves(dice)


# --- a point the checker touches down on is touched: a blot there is hit -----------------
# Points are the mover's; ``theirs`` counts the opponent's checkers from his own side
# (his point 11 is our 14).

def test_a_blot_where_one_part_ends_and_the_next_begins_is_hit_without_an_asterisk():
    # Given a blot on our 14 and an open 15, when 4-3 is written as two parts through 14
    board = Position.from_counts({18: 1, 6: 14}, {11: 1, 24: 14})
    for text in ("18/14 14/11", "18/14/11", "14/11 18/14", "18/14* 14/11"):
        # Then the checker stops on 14 and hits the blot
        play = board.parse_move(text, (4, 3))
        assert play.hits == 1 and str(play) == "18/14*/11", text


def test_a_part_written_in_one_go_goes_round_a_blot_it_does_not_name_as_gnubg_reads_it():
    # Given the same blot on 14, when 18/11 is written in one go (or through 15)
    board = Position.from_counts({18: 1, 6: 14}, {11: 1, 24: 14})
    for text in ("18/11", "18/15/11", "18/15 15/11"):
        # Then the checker goes by 15 and the blot stays (GNU Backgammon reads 18/15/11)
        assert str(board.parse_move(text, (4, 3))) == "18/11", text


def test_a_part_in_one_go_that_must_pass_a_blot_hits_it():
    # Given a blot on 14 and our 15 blocked, 18/11 can only go by 14
    board = Position.from_counts({18: 1, 6: 14}, {11: 1, 10: 2, 24: 12})
    assert str(board.parse_move("18/11", (4, 3))) == "18/14*/11"


def test_a_part_in_one_go_between_two_blots_is_ambiguous_and_names_both_plays():
    # Given blots on 14 and 15, 18/11 must hit one of them and the text does not say which
    board = Position.from_counts({18: 1, 6: 14}, {11: 1, 10: 1, 24: 13})
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("18/11", (4, 3))
    assert caught.value.reason is Reason.AMBIGUOUS_MOVE
    details = caught.value.details
    assert {details["first"], details["second"]} == {"18/14*/11", "18/15*/11"}
    # Then naming the stop settles it, with or without the asterisk
    assert str(board.parse_move("18/15 15/11", (4, 3))) == "18/15*/11"
    assert str(board.parse_move("18/14/11", (4, 3))) == "18/14*/11"


@pytest.mark.parametrize("language, words", [("en", "18/14*/11 and 18/15*/11"),
                                             ("fr", "18/14*/11 et 18/15*/11")])
def test_the_ambiguous_play_message_names_both_plays_in_french_and_english(language, words):
    from game.app.text.messages import render_message
    from game.lessons.model import message_params
    board = Position.from_counts({18: 1, 6: 14}, {11: 1, 10: 1, 24: 13})
    with pytest.raises(IllegalMoveError) as caught:
        board.parse_move("18/11", (4, 3))
    text = render_message(("reason.ambiguous_move", message_params(caught.value.details)), language)
    assert words in text


def test_entering_on_a_blot_then_moving_on_hits_it():
    # Given a checker on the bar and a blot on our 22, 3-2 written bar/22 22/20
    board = Position.from_counts({25: 1, 6: 14}, {3: 1, 24: 14})
    assert str(board.parse_move("bar/22 22/20", (3, 2))) == "bar/22*/20"
    assert str(board.parse_move("bar/20", (3, 2))) == "bar/20"


def test_a_double_hits_every_blot_its_parts_touch():
    # Given 2-2 and blots on our 11 and 7, each part's end is touched
    board = Position.from_counts({13: 2, 6: 13}, {14: 1, 18: 1, 24: 13})
    play = board.parse_move("13/11 11/9 13/11 11/9", (2, 2))
    assert play.hits == 1 and str(play) == "13/11*/9 13/9"
    play = board.parse_move("13/9 9/7 13/11", (2, 2))
    assert play.hits == 2


def test_bearing_off_through_a_blot_named_on_the_way_hits_it():
    # Given all our checkers home, 3-2, and a blot on our 3
    board = Position.from_counts({5: 1, 6: 14}, {22: 1, 1: 14})
    assert str(board.parse_move("5/3 3/off", (3, 2))) == "5/3*/off"
    assert str(board.parse_move("5/3/off", (3, 2))) == "5/3*/off"
    # Then 5/off in one go goes by 2, as GNU Backgammon reads it
    assert str(board.parse_move("5/off", (3, 2))) == "5/off"
