"""The match equity table (Kazaross-XG2) and the cube decisions it drives at match scores."""

import sys
from pathlib import Path

import pytest

from game import Position
from game.bot import Bot, CubeContext
from game.bot.cube import cube_equities
from game.bot.match_equity import LENGTH, met, outcome_mwc, post_crawford
from game.bot import met_table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "bot"))
import make_met  # noqa: E402

AWAY = range(1, LENGTH + 1)


def home(*counts):
    return {point: n for point, n in enumerate(counts, 1) if n}


# exact bear-off races, no gammons: about 74% and 90% for the player on roll
RACE_TAKE = Position.from_counts(home(1, 0, 4, 2, 1, 1), home(2, 2, 1, 2, 1, 2))
RACE_DROP = Position.from_counts(home(4, 0, 2, 1, 0, 2), home(3, 1, 0, 0, 4, 2))
# a blitz: one opposing checker on the bar, a blot in my board, my builders aimed at it
BLITZ = Position.from_counts({6: 4, 4: 2, 8: 4, 11: 1, 13: 4},
                             {"bar": 1, 22: 1, 13: 4, 8: 2, 6: 4, 4: 2, 2: 1})


def no_gammons(p):
    return (p, 0.0, 0.0, 0.0, 0.0)


# --- the table ------------------------------------------------------------------------------

def test_the_table_covers_the_longest_match():
    assert LENGTH == 25
    assert len(met_table.PRE) == 25 and all(len(row) == 25 for row in met_table.PRE)
    assert len(met_table.POST) == 25


def test_equal_scores_are_even_and_the_two_sides_add_up_to_one():
    for a in AWAY:
        assert met(a, a) == 0.5
        for b in AWAY:
            assert met(a, b) + met(b, a) == pytest.approx(1.0, abs=1e-9)


def test_being_closer_to_the_end_is_always_better():
    for a in AWAY:
        for b in AWAY:
            if a < LENGTH:
                assert met(a, b) > met(a + 1, b)
            if b < LENGTH:
                assert met(a, b) < met(a, b + 1)


def test_post_crawford_the_trailer_never_gains_by_being_further_away():
    assert post_crawford(1) == 0.5
    for n in range(1, LENGTH):
        assert post_crawford(n) >= post_crawford(n + 1)
    # the free drop: at an even distance the trailer is about as well off as one point closer
    assert post_crawford(2) == pytest.approx(post_crawford(1), abs=0.015)


def test_published_values():
    # Kazaross-XG2, as quoted in match-play references
    assert met(1, 2) == 0.67736       # Crawford game, 1-away against 2-away
    assert met(2, 3) == 0.59947
    assert met(2, 4) == 0.6687
    assert met(3, 4) == 0.5715
    assert met(7, 5) == pytest.approx(1 - 0.62638)
    assert post_crawford(2) == 0.48803
    assert post_crawford(3) == 0.32264


def test_post_crawford_with_the_trailer_3_away_is_the_crawford_game_at_2_away():
    # the trailer doubles at once: winning the game leaves him 1-away, like a win from 2-away
    assert post_crawford(3) == pytest.approx(1 - met(1, 2), abs=1e-9)


def test_outcomes_use_the_post_crawford_table_after_the_crawford_game():
    assert outcome_mwc(1, 4, post=True) == pytest.approx(1 - post_crawford(4))
    assert outcome_mwc(4, 1, post=True) == post_crawford(4)
    assert outcome_mwc(1, 4, post=False) == met(1, 4)
    assert outcome_mwc(0, 3, post=False) == 1.0 and outcome_mwc(3, 0, post=True) == 0.0


def test_beyond_the_table_is_a_clear_error():
    with pytest.raises(ValueError, match="1 to 25 away"):
        met(26, 3)
    with pytest.raises(ValueError, match="1 to 25 away"):
        post_crawford(30)


def test_the_figures_are_those_of_the_gnubg_file():
    xml = make_met.default_xml()
    if xml is None:
        pytest.skip("the dev-only gnubg package (with its MET files) is not installed")
    name, pre, post = make_met.read_met(xml)
    assert "Kazaross" in name
    assert met_table.PRE == pre and met_table.POST == post
    for a, b in ((1, 2), (2, 2), (3, 7), (9, 4), (25, 1), (13, 21)):
        assert met(a, b) == pre[a - 1][b - 1]
    assert make_met.module_text(name, pre, post) == (ROOT / "game" / "bot" / "met_table.py").read_text()


def test_make_met_refuses_a_file_without_tables(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<met><info><name>x</name><length>2</length></info></met>")
    with pytest.raises(ValueError, match="tables expected"):
        make_met.read_met(bad)


# --- cube decisions at match scores -------------------------------------------------------------

def test_crawford_game_no_doubling_even_when_far_ahead():
    ctx = CubeContext(match_length=7, score_me=3, score_opponent=6, crawford=True)
    assert Bot().cube_action(RACE_DROP, ctx) == "no_double"
    assert Bot().cube_action(BLITZ, ctx) == "no_double"


def test_post_crawford_the_trailer_doubles_at_once():
    for score_me in (0, 2, 3, 5):
        trailer = CubeContext(match_length=7, score_me=score_me, score_opponent=6)
        assert Bot().cube_action(Position.start(), trailer) == "double"
    leader = CubeContext(match_length=7, score_me=6, score_opponent=3)
    assert Bot().cube_action(RACE_DROP, leader) == "no_double"


def test_post_crawford_free_drop_at_2_away():
    # the trailer 2-away doubles; a drop leaves 1-away 1-away (50%): the leader drops when behind
    ctx = CubeContext(match_length=7, score_me=5, score_opponent=6)
    assert cube_equities(no_gammons(0.55), ctx).response == "drop"
    assert cube_equities(no_gammons(0.45), ctx).response == "take"


def test_2_away_2_away_the_taker_needs_the_crawford_chances():
    # a take is for the match (the cube at 2 is dead); a drop leaves 2-away against 1-away Crawford
    ctx = CubeContext(match_length=7, score_me=5, score_opponent=5)
    limit = 1 - met(2, 1)                      # 0.67736: the doubler's winning chance at the take point
    assert cube_equities(no_gammons(limit - 0.01), ctx).response == "take"
    assert cube_equities(no_gammons(limit + 0.01), ctx).response == "drop"
    assert cube_equities(no_gammons(0.66), ctx).action == "double"


def test_clear_race_double_take_and_double_drop_in_a_match():
    bot = Bot()
    for length, me, opp in ((7, 0, 0), (9, 2, 2), (11, 0, 0)):
        ctx = CubeContext(match_length=length, score_me=me, score_opponent=opp)
        assert bot.cube_action(RACE_TAKE, ctx) == "double"
        assert bot.take_decision(RACE_TAKE, ctx) == "take"
        assert bot.cube_action(RACE_DROP, ctx) == "double"
        assert bot.take_decision(RACE_DROP, ctx) == "drop"


def test_gammonish_blitz_is_a_double_and_a_drop_in_a_match():
    bot = Bot()
    assert bot.evaluate(BLITZ)[1] > 0.2
    ctx = CubeContext(match_length=7)
    assert bot.cube_action(BLITZ, ctx) == "double"
    assert bot.take_decision(BLITZ, ctx) == "drop"


def test_a_dead_cube_is_not_turned():
    # 2-away owning the cube at 2: one more win of any kind is the match
    ctx = CubeContext(match_length=5, score_me=3, score_opponent=0, cube_value=2, cube_owner="me")
    assert Bot().cube_action(RACE_DROP, ctx) == "no_double"
