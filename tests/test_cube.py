"""game.cube: the doubling cube and the score of a game, each test named after its rule."""

import pytest

from game.cube import (auto_double, beaver_refusal, crawford_after, double_refusal, game_points,
                       is_cube_value, jacoby_applies, match_winner)
from game.reasons import Reason


# --- who may double ----------------------------------------------------------------------

def test_a_centred_cube_may_be_turned_by_either_player():
    for player in (0, 1):
        assert double_refusal(cube_value=1, cube_owner=None, player=player) is None


def test_only_the_owner_of_the_cube_may_redouble():
    assert double_refusal(cube_value=2, cube_owner=0, player=0) is None
    assert double_refusal(cube_value=2, cube_owner=0, player=1) is Reason.NOT_CUBE_OWNER


def test_the_cube_goes_no_higher_than_64():
    assert double_refusal(cube_value=32, cube_owner=1, player=1) is None
    assert double_refusal(cube_value=64, cube_owner=1, player=1) is Reason.CUBE_AT_MAXIMUM


def test_a_lower_maximum_cube_is_respected():
    assert double_refusal(cube_value=8, cube_owner=0, player=0, max_cube=8) is Reason.CUBE_AT_MAXIMUM


def test_no_doubling_in_the_crawford_game():
    assert double_refusal(cube_value=1, cube_owner=None, player=0, crawford_game=True,
                          match_length=5, score=(4, 2)) is Reason.CRAWFORD_NO_DOUBLE


def test_no_doubling_when_the_cube_is_not_used():
    assert double_refusal(cube_value=1, cube_owner=None, player=0, cube_enabled=False) \
        is Reason.CUBE_DISABLED


def test_a_player_may_double_to_more_points_than_he_needs():
    # Given 5-point match, player 0 needs 2 points: doubling the 1-cube to 2 is fine
    assert double_refusal(cube_value=1, cube_owner=None, player=0, match_length=5, score=(3, 0)) is None
    # and so is turning a 2-cube he owns to 4 when he needs 3
    assert double_refusal(cube_value=2, cube_owner=0, player=0, match_length=5, score=(2, 0)) is None


def test_a_dead_cube_cannot_be_turned_in_a_match_as_in_gnubg():
    # Given the cube already worth the match to its owner: gnubg's "the cube is dead"
    assert double_refusal(cube_value=2, cube_owner=0, player=0, match_length=5, score=(3, 0)) \
        is Reason.DOUBLE_ALREADY_WON
    # the leader one point away in a post-Crawford game
    assert double_refusal(cube_value=1, cube_owner=None, player=1, match_length=5, score=(1, 4)) \
        is Reason.DOUBLE_ALREADY_WON
    # while the trailer may double
    assert double_refusal(cube_value=1, cube_owner=None, player=0, match_length=5, score=(1, 4)) is None


def test_money_play_has_no_dead_cube():
    assert double_refusal(cube_value=16, cube_owner=0, player=0, match_length=0, score=(40, 0)) is None


def test_being_closed_out_does_not_stop_a_double():
    # The rule texts: a player on the bar against a closed board still doubles.
    # Nothing about the board enters the cube rules at all.
    assert double_refusal(cube_value=1, cube_owner=None, player=1) is None


# --- beavers -------------------------------------------------------------------------------

def test_a_beaver_needs_money_play_and_the_option():
    assert beaver_refusal(cube_value=1, beavers=True) is None
    assert beaver_refusal(cube_value=1, beavers=False) is Reason.BEAVER_NOT_ALLOWED
    assert beaver_refusal(cube_value=1, beavers=True, match_length=7) is Reason.BEAVER_NOT_ALLOWED


def test_only_one_beaver_per_double():
    assert beaver_refusal(cube_value=2, beavers=True, beavered=True) is Reason.BEAVER_NOT_ALLOWED


def test_a_beaver_must_fit_under_the_maximum_cube():
    assert beaver_refusal(cube_value=16, beavers=True) is None          # 16 → 64
    assert beaver_refusal(cube_value=32, beavers=True) is Reason.CUBE_AT_MAXIMUM


# --- what a game is worth --------------------------------------------------------------------

@pytest.mark.parametrize("result, cube, points", [
    (1, 1, 1), (2, 1, 2), (3, 1, 3), (1, 4, 4), (2, 4, 8), (3, 4, 12), (3, 64, 192)])
def test_single_gammon_and_backgammon_are_one_two_and_three_times_the_cube(result, cube, points):
    assert game_points(cube_value=cube, result=result) == points


def test_jacoby_counts_gammons_single_while_the_cube_is_centred_in_money_play():
    assert jacoby_applies(jacoby=True, match_length=0, cube_owner=None)
    assert game_points(cube_value=2, result=3, jacoby=True) == 2      # an automatic double: still single


def test_jacoby_stops_once_the_cube_has_been_turned():
    assert not jacoby_applies(jacoby=True, match_length=0, cube_owner=0)


def test_jacoby_does_not_apply_in_a_match_or_when_off():
    assert not jacoby_applies(jacoby=True, match_length=5, cube_owner=None)
    assert not jacoby_applies(jacoby=False, match_length=0, cube_owner=None)


# --- automatic doubles ------------------------------------------------------------------------

def test_automatic_doubles_turn_the_cube_up_to_the_limit():
    cube, doubles = 1, 0
    while auto_double(cube_value=cube, doubles_so_far=doubles, limit=2):
        cube, doubles = cube * 2, doubles + 1
    assert (cube, doubles) == (4, 2)


def test_no_automatic_doubles_when_off_in_a_match_or_without_cube():
    assert not auto_double(cube_value=1, doubles_so_far=0, limit=0)
    assert not auto_double(cube_value=1, doubles_so_far=0, limit=3, match_length=5)
    assert not auto_double(cube_value=1, doubles_so_far=0, limit=3, cube_enabled=False)
    assert not auto_double(cube_value=64, doubles_so_far=0, limit=9, max_cube=64)


# --- the Crawford rule ------------------------------------------------------------------------

def crawford(length, score, winner, was=False, post=False, rule=True):
    return crawford_after(match_length=length, crawford_rule=rule, score=score, winner=winner,
                          was_crawford=was, post_crawford=post)


def test_the_crawford_game_follows_the_first_time_a_player_reaches_match_point():
    assert crawford(7, (6, 3), 0) == (True, False)


def test_no_crawford_game_before_match_point():
    assert crawford(7, (5, 3), 0) == (False, False)


def test_games_after_the_crawford_game_are_post_crawford():
    # the trailer wins the Crawford game: doubling is back
    assert crawford(7, (6, 4), 1, was=True) == (False, True)
    # and the next games stay post-Crawford, even at 6-6
    assert crawford(7, (6, 6), 1, post=True) == (False, True)


def test_the_trailer_reaching_match_point_after_crawford_gives_no_second_crawford_game():
    assert crawford(7, (6, 6), 1, was=True) == (False, True)


def test_crawford_in_an_even_length_match():
    assert crawford(4, (3, 1), 0) == (True, False)


def test_no_crawford_without_the_rule_or_in_money_play():
    assert crawford(7, (6, 3), 0, rule=False) == (False, False)
    assert crawford(0, (6, 3), 0) == (False, False)


def test_the_match_is_won_on_reaching_its_length_even_past_it():
    assert match_winner(match_length=5, score=(4, 4)) is None
    assert match_winner(match_length=5, score=(5, 4)) == 0
    assert match_winner(match_length=5, score=(3, 7)) == 1
    assert match_winner(match_length=0, score=(100, 3)) is None


def test_cube_values_are_powers_of_two():
    assert [v for v in range(0, 70) if is_cube_value(v, 64)] == [1, 2, 4, 8, 16, 32, 64]
    assert not is_cube_value(True)
    assert not is_cube_value(2.0)
