"""The opening, reply and bear-off drills: their options are gnubg's legal plays, their answers
the bot's (openings) or the bear-off database's best, checked with gnubg's own evaluation."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import drills_oracle as oracle  # noqa: E402

from game.bot import Bot  # noqa: E402
from game.drills import mark, read_answer  # noqa: E402
from game.drills.bear_off import generate as bearoff_questions  # noqa: E402
from game.drills.errors import InvalidAnswerError  # noqa: E402
from game.drills.openings import OPENING_ROLLS, generate_openings, generate_replies  # noqa: E402
from game.drills.plays import MARGIN  # noqa: E402
from game.drills.race_odds import generate as race_questions  # noqa: E402
from game.drills.seeds import drill_random  # noqa: E402


def options_are_gnubgs_legal_plays(q):
    position = q.position
    plays = position.legal_moves(q.dice)
    assert sorted(str(m) for m in plays) == list(q.choices)
    ours = {oracle.key_of(after) for after in plays.results()}
    assert ours == set(oracle.results(q.position_id, q.dice))


def keys_of_choices(q):
    """gnubg's key of the position each option of ``q`` leads to, in the order of ``q.choices``."""
    plays = q.position.legal_moves(q.dice)
    by_text = {str(m): oracle.key_of(after) for m, after in zip(plays, plays.results())}
    return [by_text[c] for c in q.choices]


@pytest.fixture(scope="module")
def openings():
    return generate_openings(drill_random(31, 0, "opening"), 15, "medium")


def test_the_opening_drill_asks_all_15_rolls_once(openings):
    assert sorted(tuple(sorted(q.dice, reverse=True)) for q in openings) == sorted(OPENING_ROLLS)
    assert all(q.position_id == "4HPwATDgc/ABMA" for q in openings)


def test_opening_options_are_the_legal_plays_and_the_answer_the_bots_best(openings):
    bot = Bot(level="expert")
    for q in openings[:5]:
        options_are_gnubgs_legal_plays(q)
        assert q.choices[q.answer[0]] == str(bot.choose_move(q.position, q.dice))


def test_a_play_within_the_margin_is_right_and_the_equity_lost_is_said(openings):
    q = next(q for q in openings if sorted(q.dice) == [1, 3])
    best = read_answer(q, "8/5 6/5")
    assert mark(q, best).correct and mark(q, best).lost == 0
    worst = q.values.index(min(q.values))
    marked = mark(q, (worst,))
    assert not marked.correct and marked.lost == pytest.approx(max(q.values) - min(q.values)) and marked.lost > 0.02
    assert q.tolerance == MARGIN["medium"]
    near = [i for i, v in enumerate(q.values) if 0 < max(q.values) - v <= q.tolerance]
    assert all(mark(q, (i,)).correct for i in near)


def test_a_play_that_is_not_legal_is_refused_with_a_reason(openings):
    q = openings[0]
    for bad in ("24/30", "13/7 13/7 13/7", "zz"):
        with pytest.raises(InvalidAnswerError) as error:
            read_answer(q, bad)
        assert error.value.key == "drills.error.answer_play" and error.value.params["play"] == bad


def test_easy_openings_are_clearer_than_hard_ones():
    gaps = {level: [q.explanation[1]["gap"] for q in generate_openings(drill_random(2, 0, "opening"), 4, level)]
            for level in ("easy", "hard")}
    assert min(gaps["easy"]) > max(gaps["hard"])


def test_replies_answer_an_opening_play_and_are_reproducible():
    first = generate_replies(drill_random(4, 0, "reply"), 2, "medium")
    again = generate_replies(drill_random(4, 0, "reply"), 2, "medium")
    assert [(q.position_id, q.dice) for q in first] == [(q.position_id, q.dice) for q in again]
    for q in first:
        options_are_gnubgs_legal_plays(q)
        assert sum(q.position.theirs) == 15 and q.position.pips()[1] < 167   # the opponent has moved
        assert tuple(sorted(q.context["opening"], reverse=True)) in OPENING_ROLLS


@pytest.fixture(scope="module")
def bearoffs():
    return [q for level in ("easy", "medium", "hard")
            for q in bearoff_questions(drill_random(33, 0, "bearoff"), 3, level)]


def test_bearoff_options_are_gnubgs_legal_plays(bearoffs):
    for q in bearoffs:
        options_are_gnubgs_legal_plays(q)
        assert q.position.all_home() and q.position.swapped().all_home()


def test_the_bearoff_values_equal_gnubgs_one_sided_database(bearoffs):
    for q in bearoffs:
        chances = oracle.play_chances_one_sided(q.position_id, q.dice)
        keys = keys_of_choices(q)
        for key, value in zip(keys, q.values):
            assert value == pytest.approx(chances[key], abs=0.002)
        assert max(chances.values()) - chances[keys[q.answer[0]]] <= 0.002


def test_the_bearoff_answer_is_near_best_by_gnubgs_full_evaluation(bearoffs):
    # gnubg evaluates small bear-offs with its two-sided database (best play for winning, not
    # for fewest rolls), larger ones with its race net: the one-sided best loses under 1 %
    for q in bearoffs:
        chances = oracle.play_chances(q.position_id, q.dice)
        keys = keys_of_choices(q)
        assert max(chances.values()) - chances[keys[q.answer[0]]] <= 0.01


def test_only_a_best_bearoff_play_is_right(bearoffs):
    for q in bearoffs:
        right = [i for i in range(len(q.choices)) if mark(q, (i,)).correct]
        assert right and all(q.values[i] == max(q.values) for i in right)
        assert len(right) < len(q.choices)


def test_race_chances_equal_gnubgs_within_a_point():
    for level in ("easy", "hard"):
        for q in race_questions(drill_random(34, 0, "race"), 3, level, tolerance=4):
            chance = oracle.one_sided_chance(q.position.mine, q.position.theirs)
            assert abs(q.answer[0] - 100 * chance) <= 0.6
            assert abs(q.answer[0] - 100 * oracle.win_chance(q.position.mine, q.position.theirs)) <= 1.5
            assert mark(q, (q.answer[0] + 4,)).correct and not mark(q, (q.answer[0] + 5,)).correct
