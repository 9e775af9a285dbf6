"""The bot answers a resignation: accept when the points offered are worth playing on."""

import pytest

from game import Position
from game.bot import Bot, CubeContext
from game.bot.resign import resignation_decision, resignation_values

BOT = Bot()


def lost_race():
    """The resigner (on roll) has borne one checker off; the opponent is off next roll."""
    return Position.from_counts({6: 4, 5: 4, 4: 3, 12: 3}, {1: 2})


def certain_gammon():
    """Nothing borne off, all 15 far from home: the opponent is off next roll."""
    return Position.from_counts({12: 5, 10: 5, 8: 5}, {1: 2})


def certain_backgammon():
    """As a certain gammon, with checkers still in the opponent's home board."""
    return Position.from_counts({23: 3, 22: 3, 21: 3, 13: 6}, {1: 2})


def test_lost_race_resigned_as_a_single_game_is_accepted():
    assert BOT.resignation_decision(lost_race(), "single") == "accept"
    assert BOT.resignation_decision(lost_race(), 1, CubeContext(cube_value=4)) == "accept"


def test_a_single_game_is_refused_when_a_gammon_is_likely():
    assert BOT.resignation_decision(certain_gammon(), "single") == "reject"
    assert BOT.resignation_decision(certain_gammon(), "gammon") == "accept"


def test_backgammon_offered_in_a_certain_backgammon_is_accepted_and_less_refused():
    pos = certain_backgammon()
    assert [BOT.resignation_decision(pos, k) for k in ("single", "gammon", "backgammon")] == \
        ["reject", "reject", "accept"]


def test_after_the_roll_the_dice_are_counted():
    # 6-6 cannot save the gammon from the 12, 10 and 8 points either
    assert BOT.resignation_decision(certain_gammon(), 1, dice=(6, 6)) == "reject"
    assert BOT.resignation_decision(lost_race(), 1, dice=(2, 1)) == "accept"


def test_jacoby_with_a_centered_cube_makes_a_single_game_enough():
    ctx = CubeContext(jacoby=True)
    assert BOT.resignation_decision(certain_gammon(), 1, ctx) == "accept"
    owned = CubeContext(jacoby=True, cube_value=2, cube_owner="opponent")
    assert BOT.resignation_decision(certain_gammon(), 1, owned) == "reject"


def test_in_a_match_the_score_decides():
    # the opponent is 1-away: a single game wins him the match as well as a gammon
    one_away = CubeContext(match_length=7, score_me=0, score_opponent=6)
    assert BOT.resignation_decision(certain_gammon(), 1, one_away) == "accept"
    # at 0-0 in 7 a gammon is worth more than a single game
    level = CubeContext(match_length=7)
    assert BOT.resignation_decision(certain_gammon(), 1, level) == "reject"
    assert BOT.resignation_decision(certain_gammon(), 2, level) == "accept"
    offered, play_on, margin = resignation_values((0.0, 0.0, 0.0, 1.0, 0.0), 2, level)
    assert offered == pytest.approx(play_on) and 0 < margin < 0.05


def test_a_close_game_resigned_is_accepted_the_generous_margin_is_small():
    even = (0.5, 0.1, 0.0, 0.1, 0.0)
    assert resignation_decision(even, 1) == "accept"
    # gammons at 20%: 1.2 points expected against 1 offered: more than the margin
    assert resignation_decision((0.0, 0.0, 0.0, 0.2, 0.0), 1) == "reject"
    assert resignation_decision((0.0, 0.0, 0.0, 0.08, 0.0), 1) == "accept"


def test_a_bad_kind_is_a_value_error():
    with pytest.raises(ValueError, match="resignation kind 4"):
        resignation_decision((0.0, 0.0, 0.0, 0.0, 0.0), 4)


def test_the_bot_resigns_only_a_hopeless_race_and_the_kind_it_certainly_loses():
    assert BOT.resignation_offer(lost_race()) == 1
    assert BOT.resignation_offer(certain_gammon()) == 2
    assert BOT.resignation_offer(Position.start()) is None
    # a race it can still win: one checker each, the bot on roll
    assert BOT.resignation_offer(Position.from_counts({20: 1}, {6: 1})) is None
