"""Every message a drill gives (prompts, explanations, verdicts) is said in French and English."""

import re
import string

import pytest

from game.app.text.i18n import translator
from game.app.text.messages import render_message
from game.drills import KINDS, Assignment, DrillSpec, mark
from game.drills.question import verdict


@pytest.fixture(scope="module")
def questions():
    drills = [DrillSpec(kind, 2 if kind in ("cube", "shots") else 1, "medium") for kind in KINDS]
    return Assignment(drills=drills, seed=77).questions()


def keys_in(message):
    key, params = message
    yield key
    for value in params.values():
        if isinstance(value, dict) and "key" in value:
            yield value["key"]


def test_every_question_of_every_drill_is_said_in_both_languages(questions):
    assert {q.kind for q in questions} == set(KINDS)
    for q in questions:
        wrong = (0,) * len(q.answer) if q.answer != (0,) * len(q.answer) else (1,) * len(q.answer)
        messages = [q.prompt, q.explanation] + [verdict(q, mark(q, given)) for given in (q.answer, wrong, None)]
        for message in messages:
            for language in ("en", "fr"):
                tr = translator(language)
                assert all(tr.has(key) for key in keys_in(message)), (language, message)
                said = render_message(message, language)
                assert "{" not in said and (said[0].isupper() or said[0].isdigit()), (language, said)
                assert said.endswith((".", "?", ")")), (language, said)


def test_the_kind_and_level_names_and_the_csv_headers_exist_in_both_languages():
    for language in ("en", "fr"):
        tr = translator(language)
        for key in [f"drills.kind.{k}" for k in KINDS] + [f"drills.level.{lv}" for lv in ("easy", "medium", "hard")] \
                + ["drills.csv.name", "drills.csv.score", "drills.csv.seconds", "drills.csv.question"]:
            assert tr.has(key), (language, key)


def test_french_uses_the_games_words_and_typography():
    fr = translator("fr")
    assert "flèche" in fr("drills.shots.prompt", point=7) and "pions" in fr("drills.pips.explain", mine=1, theirs=2)
    assert "videau" in fr("drills.kind.cube").lower() and fr("drills.cube.take") == "accepter"
    assert "sortie" in fr("drills.kind.bearoff").lower() and "jets" in fr("drills.shots.prompt", point=7)


def test_the_french_drill_texts_have_a_space_before_high_punctuation():
    import pathlib
    po = (pathlib.Path(__file__).resolve().parents[1] / "game/app/text/locales/fr.po").read_text(encoding="utf-8")
    # the drills' blocks (the core's and the page's), each up to the next block's header
    block = "".join(part for part in po.split("\n# --- ") if part.startswith("drills"))
    texts = re.findall(r'^msgstr "(.*)"$', block, re.M)
    assert len(texts) > 50
    for text in texts:
        bare = re.sub(r"\{[a-z_]+\}", "", text)
        assert not re.search(r"[^\s\d][:;?!%]", bare), text
        # _: the worksheet's blank lines to write on
        assert set(string.punctuation) & set(bare) <= set(".,:;?!'()%-/+{}«»_\\\"")


def test_questions_go_through_json_and_back_unchanged(questions):
    import json
    for q in questions:
        back = type(q).from_data(json.loads(json.dumps(q.to_data())))
        assert back == q and back.context == q.context and back.explanation[0] == q.explanation[0]
        assert mark(back, q.answer).correct


def test_every_drill_draws_the_same_questions_from_the_same_seed(questions):
    drills = [DrillSpec(kind, 2 if kind in ("cube", "shots") else 1, "medium") for kind in KINDS]
    again = Assignment(drills=drills, seed=77).questions()
    assert [q.to_data() for q in again] == [q.to_data() for q in questions]
    other = Assignment(drills=drills, seed=78).questions()
    differ = {q.kind for q, o in zip(questions, other) if (q.position_id, q.dice) != (o.position_id, o.dice)}
    assert differ >= set(KINDS) - {"opening"}    # one opening roll of 15 may come again
