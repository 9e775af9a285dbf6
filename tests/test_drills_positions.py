"""The pip count and shots drills: answers checked against GNU Backgammon and our shot table."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import drills_oracle as oracle  # noqa: E402

from game import Position  # noqa: E402
from game.drills import Assignment, mark, read_answer  # noqa: E402
from game.drills.errors import InvalidAnswerError  # noqa: E402
from game.drills.pip_count import generate as pip_questions  # noqa: E402
from game.drills.seeds import drill_random  # noqa: E402
from game.drills.shot_count import DIRECT, generate as shot_questions  # noqa: E402
from game.shots import shots  # noqa: E402


@pytest.fixture(scope="module")
def pip_sets():
    return {level: pip_questions(drill_random(21, 0, "pips"), 4, level, tolerance=2)
            for level in ("easy", "medium", "hard")}


def test_pip_counts_equal_gnubgs_reading_of_each_position(pip_sets):
    for questions in pip_sets.values():
        assert len(questions) == 4
        for q in questions:
            assert q.answer == oracle.pips(q.position_id)
            assert q.explanation[1]["mine"] + q.explanation[1]["theirs"] == sum(q.answer)
            assert sum(p[2] for p in q.explanation[1]["mine_points"]) == q.answer[0]


def test_pip_levels_easy_races_and_hard_contact(pip_sets):
    assert all(q.position.is_race() for q in pip_sets["easy"])
    assert not any(q.position.is_race() for q in pip_sets["hard"])
    assert all(len({q.position_id for q in qs}) == 4 for qs in pip_sets.values())   # no repeats


def test_pip_answers_are_right_within_the_tolerance_only(pip_sets):
    q = pip_sets["hard"][0]
    mine, theirs = q.answer
    assert mark(q, (mine + 2, theirs - 2)).correct
    assert not mark(q, (mine + 3, theirs)).correct
    assert not mark(q, (theirs, mine)).correct or mine == theirs
    assert read_answer(q, (str(mine), theirs)) == (mine, theirs)
    for bad in ("12a", (1,), -4, "", "1000"):
        with pytest.raises(InvalidAnswerError) as error:
            read_answer(q, bad)
        assert error.value.key == "drills.error.answer_number"


def test_the_same_seed_gives_the_same_positions_and_another_seed_others():
    first = [q.position_id for q in pip_questions(drill_random(5, 0, "pips"), 3, "medium")]
    again = [q.position_id for q in pip_questions(drill_random(5, 0, "pips"), 3, "medium")]
    other = [q.position_id for q in pip_questions(drill_random(6, 0, "pips"), 3, "medium")]
    assert first == again and first != other


@pytest.fixture(scope="module")
def shot_sets():
    return {level: shot_questions(drill_random(22, 0, "shots"), 3, level) for level in ("easy", "medium", "hard")}


def test_shot_counts_equal_gnubgs_legal_plays_that_hit(shot_sets):
    for questions in shot_sets.values():
        for q in questions:
            assert q.answer == (oracle.hits(q.position_id),)
            assert q.answer == (shots(q.position).hits,)
            rolls = q.explanation[1]["rolls"]
            assert sum(1 if a == b else 2 for a, b in rolls) == q.answer[0]


def test_shot_levels_follow_the_direct_table(shot_sets):
    for q in shot_sets["easy"]:
        point = q.explanation[1]["point"]
        near = min(i + 1 - point for i in range(point, 25) if q.position.mine[i])
        assert near <= 6 and q.answer[0] <= DIRECT[near] + 3
    assert all(0 < q.answer[0] < 36 for qs in shot_sets.values() for q in qs)


def test_the_direct_table_is_what_a_lone_blot_gives():
    for distance, hits in DIRECT.items():
        position = Position.from_counts({24: 1, 1: 14}, {25 - (24 - distance): 1, 13: 14})
        assert shots(position).hits == hits, distance


def test_shots_in_an_assignment_are_marked_exactly():
    q = Assignment.single("shots", seed=3, count=1).questions()[0]
    assert mark(q, q.answer).correct and not mark(q, (q.answer[0] + 1,)).correct
