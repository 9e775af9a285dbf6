"""The bot's cube in a match (issue 41): a cube life that follows the position, and the
post-Crawford trailer who is too good to double."""

from game import Position
from game.bot import Bot
from game.bot.cube import CUBE_LIFE, MATCH_CONTACT_LIFE, MATCH_TAKEN_LIFE, CubeContext, cube_equities, cube_life


def test_post_crawford_the_trailer_too_good_plays_on_for_the_gammon():
    """4-away against a 1-away leader after the Crawford game: with a gammon in hand (it takes him
    to 2-away) doubling only cashes one point, so he plays on; with an ordinary game he doubles."""
    ctx = CubeContext(match_length=7, score_me=3, score_opponent=6)
    assert ctx.post_crawford
    gammonish = cube_equities((0.95, 0.7, 0.0, 0.0, 0.0), ctx)
    assert gammonish.no_double > gammonish.double_drop and gammonish.action == "too_good"
    assert cube_equities((0.6, 0.1, 0.0, 0.05, 0.0), ctx).action == "double"


def test_the_cube_life_follows_the_position_in_a_match_only():
    long_race = Position.from_counts({6: 15}, {6: 15})           # 90 pips each: no contact left
    short_race = Position.from_counts({1: 15}, {1: 15})
    match = CubeContext(match_length=7)
    assert cube_life(Position.start(), CubeContext()) == cube_life(long_race, CubeContext()) == CUBE_LIFE
    assert cube_life(Position.start(), match) == MATCH_CONTACT_LIFE
    assert cube_life(short_race, match) == 0.60 < cube_life(long_race, match) <= 0.70


def test_in_contact_the_taken_cube_has_its_own_life():
    """Session 27: no double is valued with MATCH_CONTACT_LIFE, double/take (the opponent then owns
    the cube) with MATCH_TAKEN_LIFE; the bot's equities are those of the two lives, and a race or
    money play has one life for both."""
    match = CubeContext(match_length=7)
    start = Position.start()
    assert cube_life(start, match, taken=True) == MATCH_TAKEN_LIFE != MATCH_CONTACT_LIFE
    bot = Bot()
    p = bot.evaluate(start)
    apart = cube_equities(p, match, MATCH_CONTACT_LIFE, MATCH_TAKEN_LIFE)
    assert bot.cube_equities(start, match) == apart
    one = cube_equities(p, match, MATCH_CONTACT_LIFE)
    assert apart.no_double == one.no_double and apart.double_take != one.double_take
    race = Position.from_counts({6: 15}, {6: 15})
    assert cube_life(race, match, taken=True) == cube_life(race, match)
    assert cube_life(start, CubeContext(), taken=True) == CUBE_LIFE
