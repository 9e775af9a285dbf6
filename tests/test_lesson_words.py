"""What a lesson tells the learner: data, ``(key, params)``, said in French or English by
game/app/text/messages.py alone; the right words for each kind of question; the answer shown with
the point the lesson speaks of; "Your turn" said once."""

import json
import re

import pytest

from game.lessons import list_lessons, load_lesson
from game.app.text.i18n import translator
from game.app.lesson.player import LessonPlayer
from game.app.text.messages import text

LESSONS = [info.id for info in list_lessons()]
LANGS = ("en", "fr")


def said(message, language):
    return text(message, translator(language))


def slots_missing(message):
    """Slots of ``message`` (and of the messages inside it) that its params leave empty."""
    key, params = message[0], message[1]
    if key == "+":
        return [gap for part in params["parts"] for gap in slots_missing(part)]
    missing = []
    for language in LANGS:
        template = translator(language).catalogue.messages.get(key, "")
        for name in re.findall(r"\{([a-z0-9_]*)\}", template if isinstance(template, str) else ""):
            if name not in params:
                missing.append((language, key, name))
    for value in params.values():
        if isinstance(value, dict) and "message" in value:
            missing += slots_missing(value["message"])
    return missing


def assert_clean(sentence, message=None):
    assert sentence.strip() and "None" not in sentence and not re.search(r"\{[a-z_0-9]*\}", sentence), sentence
    if message is not None:
        assert slots_missing(message) == [], sentence


def in_task(lesson_id):
    player = LessonPlayer(load_lesson(lesson_id))
    player.go(len(player.lesson.steps))
    return player


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_your_turn_is_said_once_on_the_learner_s_turn(lesson_id):
    player = in_task(lesson_id)
    for language, words in (("en", "Your turn"), ("fr", "À vous")):
        view = player.view(language)
        shown = " ".join([view.panel["progress"], view.panel["text"], view.message])
        assert shown.count(words) == 1, (language, shown)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_verdict_is_a_message_said_without_a_gap_in_both_languages(lesson_id):
    lesson = load_lesson(lesson_id)
    task = lesson.task
    answers = [option.id for option in task.options] if task.kind == "choice" else \
        [wrong.answer for wrong in task.wrong] + [str(play) for play in list(task.plays)[:6]]
    for answer in answers:
        result = lesson.check(answer)
        message = result.verdict()
        assert json.loads(json.dumps(message)) == json.loads(json.dumps(list(message)))   # plain data
        for language in LANGS:
            assert_clean(said(message, language), message)
    player = in_task(lesson_id)
    player.show_answer()
    message, _warn, verdict = player._said()
    assert verdict == "answer"
    for language in LANGS:
        assert_clean(said(message, language), message)
        assert player.view(language).message == said(message, language)


def test_a_question_that_is_not_about_legality_gets_its_own_feedback():
    counted = 0
    for lesson_id in LESSONS:
        lesson = load_lesson(lesson_id)
        task = lesson.task
        for option in task.options:
            result = lesson.check(option.id)
            if result.kind != "other":
                continue
            lead = result.lead()[0]
            if option.action is None:                  # a count, a score: not a question of the rules' leave
                assert lead == "lesson.wrong_answer", (lesson_id, option.id)
                counted += 1
            else:
                assert lead == "lesson.not_asked", (lesson_id, option.id)
    assert counted >= 5
    player = in_task("gammon")
    player.choose("2")
    for language, wrong in (("en", "The rules allow it"), ("fr", "Les règles le permettent")):
        message = player.view(language).message
        assert wrong not in message
        assert message.startswith(translator(language)("lesson.wrong_answer"))


def test_a_legal_play_that_was_not_asked_still_says_the_rules_allow_it():
    lesson = load_lesson("smaller-die-first")
    result = lesson.check("5/off 2/off")
    assert result.kind == "other" and result.lead() == ("lesson.not_asked", {})


@pytest.mark.parametrize("language", LANGS)
def test_the_answer_shown_names_the_point_the_lesson_speaks_of(language):
    player = in_task("smaller-die-first")
    player.show_answer()
    message = player.view(language).message
    assert "5/2 2/off" in message                    # not only 5/off: the lesson's whole point is the 2
    assert str(player.answer()) == "5/off"           # the game's notation, GNU Backgammon's, is kept
    assert player.turn.move in player.task.plays     # and it is the engine's legal play on the board


def test_every_answer_shown_as_written_is_the_accepted_play():
    for lesson_id in LESSONS:
        task = load_lesson(lesson_id).task
        for play, written in zip(task.accept, task.accept_texts):
            if play.steps:
                assert task.board.position.parse_move(written, task.board.dice)._after == play._after
                assert task.shown(play) == written


@pytest.mark.parametrize("language", LANGS)
def test_the_resign_lesson_says_what_the_opponent_offers(language):
    player = LessonPlayer(load_lesson("resign"))
    step = next(i for i, s in enumerate(player.lesson.steps) if s.board.context.resignation_offered)
    player.go(step)
    facts = player.view(language).panel["facts"]
    expected = {"en": "Your opponent offers to resign: a gammon, 2 points.",
                "fr": "Votre adversaire propose d'abandonner : un gammon, 2 points."}[language]
    assert expected in facts
    player.next()
    assert not any("resign" in fact or "abandonner" in fact for fact in player.view(language).panel["facts"])
