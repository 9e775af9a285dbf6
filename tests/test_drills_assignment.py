"""Assignments as link tokens, result codes tied to them, and the class summary."""

import csv
import io
import string
from dataclasses import replace

import pytest

from game.app.text.i18n import translator
from game.drills import (Assignment, DrillSpec, InvalidAssignmentError, InvalidResultCodeError, Result,
                         csv_text, decode_result, encode_result, summarize)
from game.drills.assignment import LONGEST_TITLE, MOST_TOTAL

ASSIGNMENT = Assignment(drills=(DrillSpec("race", 3, "easy", 5), DrillSpec("pips", 2, "easy", 1),
                                DrillSpec("bearoff", 2, "easy")), seed=2026, title="CE2 — mardi", time_limit=15)


@pytest.fixture(scope="module")
def questions():
    return ASSIGNMENT.questions()


# --- tokens --------------------------------------------------------------------------------
def test_a_token_round_trips_every_field():
    back = Assignment.from_token(ASSIGNMENT.token())
    assert back == ASSIGNMENT and back.title == "CE2 — mardi" and back.time_limit == 15
    assert back.drills[1] == DrillSpec("pips", 2, "easy", 1)
    assert set(ASSIGNMENT.token()) <= set(string.ascii_letters + string.digits + "-_")   # safe in a link
    assert len(ASSIGNMENT.token()) < 60


def test_the_same_token_gives_everyone_the_same_questions_and_another_seed_others(questions):
    again = Assignment.from_token(ASSIGNMENT.token()).questions()
    assert [(q.position_id, q.dice, q.answer) for q in again] == [(q.position_id, q.dice, q.answer)
                                                                    for q in questions]
    other = Assignment(drills=ASSIGNMENT.drills, seed=2027).questions()
    assert [q.position_id for q in other] != [q.position_id for q in questions]
    assert [q.kind for q in questions] == ["race"] * 3 + ["pips"] * 2 + ["bearoff"] * 2


def test_a_damaged_token_is_refused_with_a_reason():
    token = ASSIGNMENT.token()
    cases = {token[:-3]: "token_damaged", token[:10]: "token_damaged", "": "token_unreadable",
             "abc$": "token_unreadable", "A": "token_unreadable"}
    for i in range(len(token)):                      # every letter changed
        changed = token[:i] + ("B" if token[i] != "B" else "C") + token[i + 1:]
        cases[changed] = cases.get(changed, "token_damaged")
    for bad, problem in cases.items():
        with pytest.raises(InvalidAssignmentError) as error:
            Assignment.from_token(bad)
        assert error.value.problem in (problem, "token_unreadable"), bad
        assert error.value.key.startswith("drills.error.")


@pytest.mark.parametrize("make, problem", [
    (lambda: DrillSpec("chess", 3), "kind_unknown"),
    (lambda: DrillSpec("pips", 0), "count_range"),
    (lambda: DrillSpec("opening", 16), "count_range"),
    (lambda: DrillSpec("pips", 3, "expert"), "level_unknown"),
    (lambda: DrillSpec("pips", 3, "easy", 21), "tolerance_range"),
    (lambda: DrillSpec("shots", 3, "easy", 1), "tolerance_range"),
    (lambda: Assignment(drills=(), seed=1), "drills_range"),
    (lambda: Assignment(drills=(DrillSpec("pips", 30), DrillSpec("race", 30), DrillSpec("shots", 1)), seed=1),
     "total_range"),
    (lambda: Assignment(drills=(DrillSpec("pips", 1),), seed=-1), "seed_range"),
    (lambda: Assignment(drills=(DrillSpec("pips", 1),), seed=1, time_limit=241), "time_range"),
    (lambda: Assignment(drills=(DrillSpec("pips", 1),), seed=1, title="x" * (LONGEST_TITLE + 1)), "title_invalid"),
    (lambda: Assignment(drills=(DrillSpec("pips", 1),), seed=1, title="a\nb"), "title_invalid"),
])
def test_settings_out_of_range_are_refused(make, problem):
    with pytest.raises(InvalidAssignmentError) as error:
        make()
    assert error.value.problem == problem
    assert MOST_TOTAL == 60


def test_every_refusal_has_a_sentence_in_both_languages():
    problems = ["token_unreadable", "token_damaged", "token_version", "kind_unknown", "count_range",
                "level_unknown", "tolerance_range", "drills_range", "total_range", "seed_range", "time_range",
                "title_invalid", "code_unreadable", "code_foreign", "code_edited", "name_invalid",
                "answers_count", "answer_play", "answer_choice", "answer_number", "code_version"]
    params = dict(low=0, high=20, value="x", kind="chess", kinds="pips", level="x", count=3, prefix="BG1",
                  play="24/30")
    for language in ("en", "fr"):
        tr = translator(language)
        for problem in problems:
            assert tr.has(f"drills.error.{problem}"), (language, problem)
            sentence = tr(f"drills.error.{problem}", **params)
            assert (sentence[0].isupper() or sentence[0] in '"«') and sentence.endswith("."), (language, sentence)


# --- result codes ------------------------------------------------------------------------
def answers_of(questions, wrong=()):
    out = []
    for i, q in enumerate(questions):
        given = q.answer
        if i in wrong:
            given = tuple(n + 7 for n in given) if q.ask != "play" else (q.values.index(min(q.values)),)
        out.append(given)
    return tuple(out)


def test_a_code_round_trips_the_name_the_answers_and_the_time(questions):
    result = Result("Anaïs O'Neil", answers_of(questions)[:-1] + (None,), seconds=734)
    code = encode_result(ASSIGNMENT, result, questions)
    assert decode_result(ASSIGNMENT, code, questions) == result
    assert decode_result(ASSIGNMENT, f"  {code.lower()}\n", questions) == result
    assert code.startswith("BG1-") and set(code) <= set(string.ascii_uppercase + "234567-" + "1")
    assert len(code) < 80


def test_every_edited_letter_of_a_code_is_refused(questions):
    code = encode_result(ASSIGNMENT, Result("Tom", answers_of(questions)), questions)
    for i, c in enumerate(code):
        if c == "-" or i < 3:
            continue
        edited = code[:i] + ("A" if c != "A" else "B") + code[i + 1:]
        with pytest.raises(InvalidResultCodeError) as error:
            decode_result(ASSIGNMENT, edited, questions)
        assert error.value.problem in ("code_edited", "code_foreign"), (i, error.value.problem)
    for cut in (code[:-1], code[:-6], code[:12]):
        with pytest.raises(InvalidResultCodeError) as error:
            decode_result(ASSIGNMENT, cut, questions)
        assert error.value.problem in ("code_edited", "code_unreadable")


def test_a_code_from_another_assignment_is_refused_as_foreign(questions):
    code = encode_result(ASSIGNMENT, Result("Tom", answers_of(questions)), questions)
    for other in (Assignment(drills=ASSIGNMENT.drills, seed=2025, title=ASSIGNMENT.title, time_limit=15),
                  Assignment(drills=ASSIGNMENT.drills, seed=2026, title="CE2 — jeudi", time_limit=15)):
        with pytest.raises(InvalidResultCodeError) as error:
            decode_result(other, code)
        assert error.value.problem == "code_foreign"


def test_a_code_made_with_other_questions_is_refused_as_another_version(questions):
    # the same assignment, but the student's app drew other questions (another bot, another version)
    code = encode_result(ASSIGNMENT, Result("Tom", answers_of(questions)), questions)
    other = list(questions)
    other[0] = replace(other[0], position_id=questions[1].position_id)
    with pytest.raises(InvalidResultCodeError) as error:
        decode_result(ASSIGNMENT, code, other)
    assert error.value.problem == "code_version"
    swapped = [replace(q, answer=(q.answer[0] + 1,) + q.answer[1:]) if i == 6 else q for i, q in enumerate(questions)]
    with pytest.raises(InvalidResultCodeError):
        decode_result(ASSIGNMENT, code, swapped)
    assert decode_result(ASSIGNMENT, code) == decode_result(ASSIGNMENT, code, questions)   # drawn again: the same


def test_bad_names_and_answers_are_refused_before_a_code_is_made(questions):
    for name in ("", "   ", "x" * 41, "a\tb"):
        with pytest.raises(InvalidResultCodeError) as error:
            encode_result(ASSIGNMENT, Result(name, answers_of(questions)), questions)
        assert error.value.problem == "name_invalid"
    for answers in (answers_of(questions)[:-1], answers_of(questions)[:3] + ((1,),) + answers_of(questions)[4:]):
        with pytest.raises(InvalidResultCodeError) as error:
            encode_result(ASSIGNMENT, Result("Tom", answers), questions)
        assert error.value.problem == "answers_count"
    for junk in ("hello", "BG1-!!", None, 12):
        with pytest.raises(InvalidResultCodeError) as error:
            decode_result(ASSIGNMENT, junk, questions)
        assert error.value.problem == "code_unreadable"


# --- the class summary ----------------------------------------------------------------------
def test_two_students_codes_make_the_class_summary_with_the_right_scores(questions):
    lea = encode_result(ASSIGNMENT, Result("Léa", answers_of(questions, wrong={1}), seconds=400), questions)
    sam = encode_result(ASSIGNMENT, Result("=Sam", answers_of(questions, wrong={1, 3, 6})[:6] + (None,), seconds=610),
                        questions)
    foreign = encode_result(Assignment.single("race", seed=1, count=7), Result("Max", ((50,),) * 7))
    edited = lea[:-2] + ("A" if lea[-2] != "A" else "B") + lea[-1]
    pasted = f"{lea}\n\n{sam}, {lea}\n{foreign}\n{edited}\nhello there"
    summary = summarize(ASSIGNMENT, pasted, questions)
    assert [(row.name, row.score, row.seconds) for row in summary.rows] == [("Léa", 6, 400), ("=Sam", 4, 610)]
    assert [r.problem for r in summary.refused] == ["code_foreign", "code_edited", "code_unreadable"]
    assert summary.refused[-1].code == "hello there"
    assert summary.rows[1].marks[6].answered is False
    assert [(s.number, s.right, s.answered) for s in summary.hardest[:3]] == [(2, 0, 2), (4, 1, 2), (7, 1, 1)]
    assert summary.rows[0].marks[1].lost is None and summary.questions[6].ask == "play"
    assert summary.rows[1].marks[6].lost is None
    table = list(csv.reader(io.StringIO(csv_text(summary, translator("fr")))))
    assert table[0][:3] == [translator("fr")("drills.csv.name"), translator("fr")("drills.csv.score"),
                            translator("fr")("drills.csv.seconds")]
    assert table[0][3] == translator("fr")("drills.csv.question", n=1) and len(table[0]) == 3 + 7
    assert table[1] == ["Léa", "6", "400", "1", "0", "1", "1", "1", "1", "1"]
    assert table[2] == ["'=Sam", "4", "610", "1", "0", "1", "0", "1", "1", ""]


def test_a_summary_with_no_code_is_empty_but_lists_every_question(questions):
    summary = summarize(ASSIGNMENT, "", questions)
    assert summary.rows == () and summary.refused == () and len(summary.stats) == 7
    assert csv_text(summary, translator("en")).count("\r\n") == 1


def test_a_drill_link_is_read_from_its_texts_and_bad_ones_are_refused():
    a = Assignment.from_link("cube", "2026", "8", "hard")
    assert a == Assignment.single("cube", 2026, 8, "hard") and a.title == "" and a.time_limit == 0
    assert Assignment.from_link("pips", "0", "1").drills[0].level == "medium"
    cases = [(("chess", "1", "3"), "kind_unknown"), (("pips", "-1", "3"), "seed_range"),
             (("pips", "1", "0"), "count_range"), (("pips", "1", "31"), "count_range"),
             (("pips", "99999999999", "3"), "seed_range"), (("pips", "1", "３"), "count_range"),
             (("pips", "1", "3", "expert"), "level_unknown"), (("pips", None, "3"), "seed_range")]
    for args, problem in cases:
        with pytest.raises(InvalidAssignmentError) as error:
            Assignment.from_link(*args)
        assert error.value.problem == problem, args
