"""The drills on the page (issue 35), in CPython: the mode a student and a teacher use,
the progress kept on the device, the links, the composer, the summary, the worksheet,
and what each screen draws (the HTML the page puts in ``#drills-body``)."""

import json
import re
from html import unescape

import pytest

from game.app.controller import Controller
from game.app.drills import composer, links
from game.app.drills.mode import close_drills, drills_of, open_drills, open_link
from game.app.drills.view import answer_form
from game.app.keep import storage
from game.app.keep.storage import MemoryStore
from game.app.text.i18n import translator
from game.app.text.messages import text as message_text
from game.drills import Assignment, DrillSpec, Result, encode_result
from game.drills.question import verdict

LINK = "?drill=pips&seed=12&count=3&level=easy"


class Clock:
    def __init__(self, t=1000.0):
        self.t = t

    def __call__(self):
        return self.t


def booted(store=None, language="en"):
    app = Controller(store if store is not None else MemoryStore(), wall=Clock())
    app.boot("?mode=hotseat&length=3&seed=7")
    app.set_language(language)
    return app


def ids(html):
    return set(re.findall(r'id="([^"]+)"', html))


def wrong_numbers(q):
    """An answer outside the tolerance, in the form the page sends."""
    return tuple(str(n + q.tolerance + 7) for n in q.answer)


def right_numbers(q):
    return tuple(str(n) for n in q.answer)


@pytest.fixture(scope="module")
def pip_questions():
    return Assignment.from_link("pips", "12", "3", "easy").questions()


def test_a_drill_link_opens_over_the_match_which_waits(pip_questions):
    app = booted()
    match_id = app.match.match_id()
    mode = open_link(app, LINK, now=0.0)
    assert app.modes.top().name == "drills" and mode.screen == "loading"
    assert "Drawing the questions" in mode.html(0.0) and mode.questions is None
    mode.prepare(now=0.0)
    assert mode.screen == "name" and list(mode.questions) == pip_questions
    assert 'id="drill-name"' in mode.html(0.0)
    close_drills(app)
    assert drills_of(app) is None and app.modes.top().name == "game" and app.match.match_id() == match_id


def test_a_student_answers_right_and_wrong_and_sees_the_answer_and_the_explanation(pip_questions):
    app = booted()
    mode = open_link(app, LINK)
    mode.prepare(now=10.0)
    mode.start("   ", now=11.0)
    assert mode.screen == "name" and mode.problem[0] == "drills.error.name_invalid"
    mode.start("Léa", now=12.0)
    assert mode.screen == "question" and mode.problem is None
    html = mode.html(12.0)
    assert {"drill-prompt", "drill-answer-form", "drill-progress"} <= ids(html)
    assert 'name="mine"' in html and 'name="theirs"' in html      # two counts for a pip count
    assert 'class="pips"' not in html                              # the board does not give them away
    q0 = pip_questions[0]
    mode.answer(right_numbers(q0), now=20.0)
    html = mode.html(20.0)
    assert 'data-correct="true"' in html and "drill-next" in ids(html)
    tr = translator("en")
    assert message_text(q0.explanation, tr) in unescape(html)
    mode.next(now=21.0)
    q1 = pip_questions[1]
    mode.answer(("12", "x"), now=22.0)                              # refused: nothing changes
    assert mode.problem[0] == "drills.error.answer_number" and not mode.progress.shown
    assert mode.progress.answers[1] is None
    mode.answer(wrong_numbers(q1), now=23.0)
    html = unescape(mode.html(23.0))
    assert 'data-correct="false"' in html
    assert message_text(verdict(q1, mode.progress.marks()[1]), tr) in html
    assert " / ".join(str(n) for n in q1.answer) in html            # the right answer is said
    mode.answer(right_numbers(q1), now=24.0)                         # a second answer is not taken
    assert mode.progress.marks()[1].correct is False


def test_a_reload_resumes_where_the_student_was(pip_questions):
    store = MemoryStore()
    app = booted(store)
    mode = open_link(app, LINK)
    mode.prepare(now=0.0)
    mode.start("Ana", now=1.0)
    mode.answer(right_numbers(pip_questions[0]), now=2.0)
    mode.next(now=3.0)
    kept = storage.unpack(store.get(mode.progress.key), "drills")
    assert mode.progress.key.startswith(storage.DRILL_SETS) and kept["name"] == "Ana" and kept["index"] == 1
    # the page reloaded: the same link, the same device
    again = booted(store)
    mode2 = open_link(again, LINK)
    mode2.prepare(now=50.0)
    assert mode2.screen == "question" and mode2.progress.index == 1 and mode2.progress.name == "Ana"
    assert mode2.progress.answers[0] == tuple(pip_questions[0].answer)
    # another drill's link on the same device starts afresh
    other = open_link(booted(store), "?drill=pips&seed=13&count=3&level=easy")
    other.prepare(now=60.0)
    assert other.screen == "name" and other.progress.answers == [None] * 3


def finish(mode, now, name="Léa", right=True):
    """Answer every question of ``mode``'s set (right, or each one wrong) to its results."""
    mode.start(name, now=now)
    for q in mode.questions:
        mode.answer(right_numbers(q) if right else wrong_numbers(q), now=now + 1)
        mode.next(now=now + 2)
    assert mode.screen == "results"
    return mode.result_code()


def kept_codes(html):
    return re.findall(r'<code class="kept-code">([^<]+)</code>', html)


def test_a_second_set_on_the_same_device_keeps_the_first_set_s_results_and_code():
    """Issue 44, point 5: on a shared tablet a second set wiped the first's results and code."""
    store = MemoryStore()
    first = open_link(booted(store), "?drill=race&seed=3&count=2")
    first.prepare(now=0.0)
    code_1 = finish(first, 10.0, "Ana")
    second = open_link(booted(store), "?drill=race&seed=4&count=2")
    second.prepare(now=100.0)
    assert second.screen == "name"
    html = unescape(second.html(100.0))
    assert "drill-kept" in ids(html) and kept_codes(html) == [code_1]     # the name screen lists it
    code_2 = finish(second, 110.0, "Ben", right=False)
    assert kept_codes(unescape(second.html(120.0))) == [code_1]
    back = open_link(booted(store), "?drill=race&seed=3&count=2")
    back.prepare(now=200.0)
    assert back.screen == "results" and back.result_code() == code_1 and back.progress.name == "Ana"
    assert kept_codes(unescape(back.html(200.0))) == [code_2]
    # the same set again: a new one, the first stays with its code
    back.again(now=210.0)
    code_3 = finish(back, 220.0, "Ana", right=False)
    assert code_3 != code_1 and kept_codes(unescape(back.html(230.0))) == [code_1, code_2]
    assert len([k for k in store.keys() if k.startswith(storage.DRILL_SETS)]) == 3


def test_another_student_on_the_same_device_gets_the_set_afresh_and_the_first_code_stays():
    store = MemoryStore()
    mode = open_link(booted(store), "?drill=race&seed=3&count=2")
    mode.prepare(now=0.0)
    code_ana = finish(mode, 1.0, "Ana")
    assert 'data-drill-act="another"' in mode.html(5.0)
    mode.another(now=10.0)
    assert mode.screen == "name" and mode.progress.name == "" and mode.progress.answers == [None, None]
    assert kept_codes(unescape(mode.html(10.0))) == [code_ana]
    code_ben = finish(mode, 11.0, "Ben", right=False)
    assert kept_codes(unescape(mode.html(20.0))) == [code_ana]
    back = open_link(booted(store), "?drill=race&seed=3&count=2")
    back.prepare(now=30.0)
    assert back.result_code() == code_ben and kept_codes(unescape(back.html(30.0))) == [code_ana]


def test_a_set_kept_is_removed_only_once_asked_and_confirmed():
    store = MemoryStore()
    first = open_link(booted(store), "?drill=race&seed=3&count=1")
    first.prepare(now=0.0)
    code = finish(first, 1.0)
    mode = open_link(booted(store), "?drill=race&seed=4&count=1")
    mode.prepare(now=10.0)
    (key, _, _), = mode.kept_sets()
    mode.remove(key)                                       # not asked: nothing removed
    assert kept_codes(unescape(mode.html(10.0))) == [code]
    mode.ask_remove(key)
    html = unescape(mode.html(10.0))
    assert "Remove this set, its answers and its result code from this device?" in html
    assert f'data-drill-act="remove" data-drill-key="{key}"' in html and 'data-drill-act="keep"' in html
    mode.keep()
    assert store.get(key) is not None and 'data-drill-act="keep"' not in mode.html(10.0)
    mode.ask_remove(key)
    mode.remove(key)
    assert store.get(key) is None and mode.kept_sets() == [] and "drill-kept" not in ids(mode.html(10.0))


def old_slot(store, link, now, answers=1):
    """What the first version kept: one set under ``backgammon.drills``, ``answers`` given."""
    what, a = links.drill_link(link)
    mode = open_drills(booted(MemoryStore()), what, a)
    mode.prepare(now=now)
    mode.start("Zoé", now=now)
    for q in mode.questions[:answers]:
        mode.answer(right_numbers(q), now=now + 1)
        mode.next(now=now + 2)
    data = mode.progress.to_dict()
    store.set(storage.DRILLS, storage.pack("drills", data))
    return data


def test_the_first_version_s_single_set_is_moved_under_a_key_of_its_own_and_resumes():
    store = MemoryStore()
    data = old_slot(store, "?drill=race&seed=3&count=2", now=5.0)
    mode = open_link(booted(store), "?drill=race&seed=3&count=2")
    mode.prepare(now=50.0)
    assert store.get(storage.DRILLS) is None
    keys = [k for k in store.keys() if k.startswith(storage.DRILL_SETS)]
    assert keys == [mode.progress.key] and storage.unpack(store.get(keys[0]), "drills") == data
    assert mode.screen == "question" and mode.progress.index == 1 and mode.progress.name == "Zoé"
    # and another set on the device lists it
    other = open_link(booted(store), "?drill=race&seed=4&count=2")
    other.prepare(now=60.0)
    assert [p.name for _, p, _ in other.kept_sets()] == ["Zoé"]


def test_a_finished_set_of_the_first_version_keeps_its_result_code():
    store = MemoryStore()
    data = old_slot(store, "?drill=race&seed=3&count=2", now=5.0, answers=2)
    assert data["ended"] is not None
    a = Assignment.single("race", seed=3, count=2)
    mode = open_link(booted(store), "?drill=race&seed=4&count=1")
    mode.prepare(now=50.0)
    (_, progress, code), = mode.kept_sets()
    questions = a.questions()
    assert code == encode_result(a, Result("Zoé", tuple(tuple(q.answer) for q in questions),
                                           int(data["ended"] - data["started"])), questions)


def test_damaged_sets_are_kept_aside_with_the_app_s_unreadable_data_and_do_not_stop_a_set():
    store = MemoryStore()
    broken = storage.DRILL_SETS + "0123456789ab.1"
    newer = storage.DRILL_SETS + "0123456789ab.2"
    store.set(storage.DRILLS, "{not json")
    store.set(broken, storage.pack("drills", {"token": "x", "questions": [], "answers": []}))
    store.set(newer, '{"schema":9,"kind":"drills","data":{}}')
    app = booted(store)
    mode = open_link(app, "?drill=race&seed=3&count=1")
    mode.prepare(now=0.0)
    assert mode.screen == "name" and mode.kept_sets() == []
    for key in (storage.DRILLS, broken, newer):
        assert store.get(key) is None
    aside = app.vault.aside
    assert aside[storage.DRILLS] == "{not json" and aside[newer].startswith('{"schema":9')
    assert storage.unpack(store.get(storage.UNREADABLE), "unreadable")["items"] == aside
    assert broken in json.loads(app.vault.aside_text())["items"]     # the player can download it
    finish(mode, 1.0)
    assert len([k for k in store.keys() if k.startswith(storage.DRILL_SETS)]) == 1


def test_the_end_gives_the_score_every_answer_and_a_result_code_the_summary_reads(pip_questions):
    app = booted()
    mode = open_link(app, LINK)
    mode.prepare(now=0.0)
    mode.start("Zoé", now=0.0)
    answers = [right_numbers(pip_questions[0]), wrong_numbers(pip_questions[1]), right_numbers(pip_questions[2])]
    for i, raw in enumerate(answers):
        mode.answer(raw, now=10.0 * i + 5)
        mode.next(now=10.0 * i + 9)
    assert mode.screen == "results" and mode.progress.score() == 2
    html = mode.html(100.0)
    code = re.search(r'<p id="result-code"[^>]*>([^<]+)</p>', html).group(1)
    assert code.startswith("BG1-") and "result-qr" in ids(html) and "<svg" in html
    assert html.count("<tr class=") == 3
    # the teacher's summary of the same drill link reads it: Zoé, 2 of 3, 29 seconds
    teacher = open_link(booted(), LINK)
    teacher.prepare(now=0.0)
    teacher.composed = teacher.assignment
    teacher.open_summary()
    teacher.read_codes(code + "\n" + code[:-1] + ("A" if code[-1] != "A" else "B") + "\nhello")
    s = teacher.summary
    assert [(r.name, r.score, r.seconds) for r in s.rows] == [("Zoé", 2, 29)]
    assert [r.problem for r in s.refused] == ["code_edited", "code_unreadable"]
    page = unescape(teacher.html(0.0))
    assert "summary-table" in ids(page) and "summary-refused" in ids(page) and "summary-hardest" in ids(page)
    assert "This result code has been changed or cut short" in page
    name, text = teacher.csv()
    assert name.endswith(".csv") and text.splitlines()[1].startswith("Zoé,2,29,1,0,1")


def test_a_code_of_another_assignment_is_refused_with_its_reason_the_others_still_count():
    a = Assignment(drills=(DrillSpec("race", 2, "easy"),), seed=8, title="5e B")
    b = Assignment(drills=(DrillSpec("race", 2, "easy"),), seed=9, title="5e B")
    qa, qb = a.questions(), b.questions()
    ana = encode_result(a, Result("Ana", tuple(q.answer for q in qa), 60), qa)
    ben = encode_result(b, Result("Ben", tuple(q.answer for q in qb), 60), qb)
    app = booted(language="fr")
    mode = open_link(app, links.summary_url("http://x/", a).split("?")[1])
    mode.prepare(now=0.0)
    assert mode.screen == "summary"
    mode.read_codes(f"{ana}\n{ben}")
    assert [r.name for r in mode.summary.rows] == ["Ana"]
    assert [r.problem for r in mode.summary.refused] == ["code_foreign"]
    html = unescape(mode.html(0.0))
    assert "Ce code de résultat appartient à un autre devoir." in html
    assert "1 code refusé\u00a0:" in html


def test_a_bad_link_is_refused_with_a_reason_and_no_questions():
    app = booted(language="fr")
    mode = open_link(app, "?assignment=AAAA-broken")
    assert mode.screen == "refused" and mode.problem[0].startswith("drills.error.token_")
    assert "drill-problem" in ids(mode.html(0.0))
    mode = open_link(booted(), "?drill=nothing&seed=1&count=3")
    assert mode.problem[0] == "drills.error.kind_unknown"
    assert open_link(booted(), "?mode=bot") is None


def test_each_kind_gets_an_answer_input_that_fits_it():
    a = Assignment(drills=tuple(DrillSpec(k, 1, "easy") for k in ("shots", "race", "bearoff", "cube")), seed=5)
    app = booted()
    mode = open_drills(app, "assignment", a)
    mode.prepare(now=0.0)
    mode.start("Max", now=0.0)
    seen = []
    for q in mode.questions:
        html = mode.html(0.0)
        if q.ask == "play":
            assert 'name="play"' in html and "<datalist" in html
            mode.answer(q.choices[q.answer[0]], now=1.0)
        elif q.ask == "choice":
            assert html.count("data-drill-choice=") == len(q.choices)
            mode.answer(q.choices[q.answer[0]], now=1.0)
        else:
            assert 'name="n"' in html
            mode.answer(right_numbers(q), now=1.0)
        seen.append((q.kind, mode.progress.marks()[mode.progress.index].correct))
        mode.next(now=2.0)
    assert seen == [("shots", True), ("race", True), ("bearoff", True), ("cube", True)]
    assert mode.screen == "results"


def test_a_play_typed_that_is_not_legal_is_refused():
    a = Assignment.single("bearoff", seed=3, count=1, level="easy")
    mode = open_drills(booted(), "assignment", a)
    mode.prepare(now=0.0)
    mode.start("Max", now=0.0)
    mode.answer("24/18", now=1.0)
    assert mode.problem[0] == "drills.error.answer_play" and not mode.progress.shown


def test_the_time_limit_ends_the_set():
    a = Assignment(drills=(DrillSpec("race", 3, "easy"),), seed=2, time_limit=1)
    app = booted()
    mode = open_drills(app, "assignment", a)
    mode.prepare(now=0.0)
    mode.start("Léo", now=100.0)
    assert mode.time_left(130.0) == 30 and 'id="drill-clock"' in mode.html(130.0)
    assert not mode.tick(159.0)
    assert mode.tick(161.0) and mode.screen == "results"
    assert mode.progress.seconds(999.0) == 60
    mode.answer(("5",), now=170.0)
    assert mode.progress.answers == [None] * 3


def test_the_composer_makes_a_link_a_qr_code_and_a_worksheet_with_its_key():
    app = booted()
    mode = open_drills(app)
    assert mode.screen == "composer" and "drill-composer" in ids(mode.html(0.0))
    mode.page_url = "http://school.example/app/"
    mode.compose({"count-pips": "0", "count-shots": "31", "seed": "5"})
    assert mode.problem[0] == "drills.error.count_range" and mode.link() is None
    mode.compose({"count-pips": "", "count-shots": "2", "level-shots": "hard", "count-race": "1",
                  "seed": "77", "title": "CM2 — mardi", "time": "15"})
    assert mode.problem is None
    link = mode.link()
    assert link.startswith("http://school.example/app/?assignment=")
    what, a = links.drill_link(link.split("?")[1])
    assert (what, a.title, a.time_limit, [(d.kind, d.count, d.level) for d in a.drills]) == \
        ("assignment", "CM2 — mardi", 15, [("shots", 2, "hard"), ("race", 1, "medium")])
    html = mode.html(0.0)
    assert {"assignment-link", "assignment-qr"} <= ids(html) and "drill-worksheet" not in ids(html)
    mode.make_worksheet()
    html = mode.html(0.0)
    assert "drill-worksheet" in ids(html)
    assert html.count('class="sheet-question"') == 3 and html.count('class="sheet-key-item"') == 3
    mode.open_summary()
    assert mode.screen == "summary" and mode.assignment == a


def test_a_drill_link_starts_no_match():
    assert links.without_drills("?drill=pips&seed=12&count=3&lang=fr") == "?lang=fr"
    assert links.without_drills("?mode=bot&seed=4") == "?mode=bot&seed=4"
    assert composer.read_form(composer.blank_form(9)).drills == (DrillSpec("pips", 10, "medium", 0),)


def test_every_screen_reads_in_french():
    app = booted(language="fr")
    mode = open_link(app, "?drill=race&seed=3&count=1")
    mode.prepare(now=0.0)
    assert "Votre nom" in unescape(mode.html(0.0))
    mode.start("Zoé", now=0.0)
    assert "Question 1 sur 1" in unescape(mode.html(0.0))
    mode.answer(("50",), now=1.0)
    mode.next(now=2.0)
    assert "Votre code de résultat" in unescape(mode.html(2.0))


def test_in_french_the_pip_count_question_and_its_inputs_say_the_same_word():
    """Issue 44, point 8: the prompt said "pips" and the inputs "Vos points": one word, the
    board's own ("{n} pips", panel.pips)."""
    fr = translator("fr")
    q = Assignment.single("pips", seed=3, count=1).questions()[0]
    prompt = message_text(q.prompt, fr)
    labels = re.findall(r"<span>([^<]+)</span>", unescape(answer_form(q, fr)))
    assert "pips" in prompt and "pips" in fr("panel.pips", n=3)
    assert labels == ["Vos pips", "Pips de l'adversaire"]
    assert not any("point" in label.lower() for label in labels)


def test_the_play_box_shows_how_a_play_is_typed_with_a_play_that_is_not_legal_here():
    """Issue 44, point 8: the example was the first legal play in alphabetical order (and the
    label's "8/5 6/5" the best 3-1 opening): it read as a hint. Every opening roll is asked."""
    a = Assignment(drills=(DrillSpec("opening", 15, "medium"),), seed=4)
    questions = a.questions()
    assert {tuple(sorted(q.dice)) for q in questions} == {(x, y) for x in range(1, 7) for y in range(x + 1, 7)}
    for language in ("en", "fr"):
        tr = translator(language)
        for q in questions:
            html = unescape(answer_form(q, tr))
            example = re.search(r'placeholder="([^"]+)"', html).group(1)
            assert example not in q.choices and example in html.split("<input")[0], (q.dice, example)
            steps = {int(a) - int(b) for a, b in re.findall(r"(\d+)/(\d+)", example)}
            assert not steps & set(q.dice), (q.dice, example)          # no die of the roll plays it


def test_a_refused_code_is_shown_by_both_ends_around_an_ellipsis_with_the_name_it_holds():
    """Issue 44, point 7: each refused code was cut at 48 characters with no ellipsis, and
    did not say whose it was."""
    a = Assignment(drills=(DrillSpec("race", 30, "easy"),), seed=8)
    other = Assignment(drills=(DrillSpec("race", 30, "easy"),), seed=9)
    qa, qo = a.questions(), other.questions()
    leo = encode_result(a, Result("Léo", tuple(q.answer for q in qa), 90), qa)
    i = max(i for i, c in enumerate(leo[:-1]) if c != "-")      # a letter of the answers, not the name
    edited = leo[:i] + ("A" if leo[i] != "A" else "B") + leo[i + 1:]
    ana = encode_result(other, Result("Ana", tuple(q.answer for q in qo), 60), qo)
    assert len(edited) > 64 and len(ana) > 64
    for language, said_name in (("en", "name in the code: {}"), ("fr", "nom dans le code\u00a0: {}")):
        mode = open_link(booted(language=language), links.summary_url("http://x/", a).split("?")[1])
        mode.prepare(now=0.0)
        mode.read_codes(f"{edited}\n{ana}\nhello")
        items = re.findall(r"<li>(.*?)</li>", unescape(mode.html(0.0).split('id="summary-refused"')[1]))
        assert len(items) == 3
        for item, code, name in zip(items, (edited, ana, "hello"), ("Léo", "Ana", None)):
            shown = re.search(r"<code[^>]*>([^<]*)</code>", item).group(1)
            if len(code) > 64:
                assert shown == code[:48] + "…" + code[-12:], (shown, code)
            else:
                assert shown == code
            assert (said_name.format(name) in item) is (name is not None), item
            assert f'title="{code}"' in item


def composed(store, fields=None, now=1000.0):
    app = booted(store)
    app.wall.t = now
    mode = open_drills(app)
    mode.open_composer()
    mode.page_url = "http://school.example/app/"
    mode.compose(fields or {"count-pips": "", "count-race": "2", "seed": "77", "title": "CM2 — mardi"})
    assert mode.problem is None
    return mode


def test_the_composer_gives_the_summary_s_link_and_qr_code_beside_the_students():
    """Issue 44, point 6: the composer showed no ``?summary=`` link (summary_url was never called)."""
    mode = composed(MemoryStore())
    html = mode.html(0.0)
    summary = links.summary_url("http://school.example/app/", mode.composed)
    assert {"assignment-anchor", "assignment-qr", "summary-link", "summary-qr"} <= ids(html)
    assert f'<a id="summary-link" href="{summary}">' in unescape(html)
    assert f'<a id="assignment-anchor" href="{mode.link()}">' in unescape(html)
    assert links.drill_link(summary.split("?")[1]) == ("summary", mode.composed)


def test_the_address_says_the_composer_s_set_and_the_summary_so_a_reload_comes_back():
    store = MemoryStore()
    mode = composed(store)
    a = mode.composed
    assert mode.address() == ("compose", a.token())
    mode.open_summary()
    assert mode.address() == ("summary", a.token())
    assert links.with_drills("?lang=fr&compose=" + a.token(), *mode.address()) == "?lang=fr&summary=" + a.token()
    # the composer's address reloaded: the same set, its links
    again = open_link(booted(store), links.with_drills("?lang=en", "compose", a.token()))
    again.page_url = "http://school.example/app/"
    assert again.screen == "composer" and again.composed == a and again.link() == mode.link()
    assert again.form["seed"] == "77" and again.form["count-race"] == "2"


def test_a_reload_of_the_composer_before_a_set_is_made_keeps_its_seed():
    store = MemoryStore()
    first = open_link(booted(store), "?compose=")
    seed = first.form["seed"]
    first.compose({"count-pips": "3", "title": "Lundi", "seed": seed, "count-shots": "x"})   # refused
    assert first.problem is not None
    later = booted(store)
    later.wall.t = 5555.0                     # another time: the blank form would draw another seed
    again = open_link(later, "?compose=")
    assert again.screen == "composer" and again.form["seed"] == seed and again.form["title"] == "Lundi"


def test_the_teacher_s_sets_are_listed_on_the_device_with_their_links_and_the_codes_come_back():
    store = MemoryStore()
    one = composed(store, now=100.0)
    two = composed(store, {"count-pips": "", "count-shots": "1", "seed": "78"}, now=200.0)
    a, b = one.composed, two.composed
    html = unescape(two.html(0.0))
    made = re.findall(r'<li data-made="([^"]+)"><a href="\?compose=([^"]+)">', html)
    assert [token for _, token in made] == [b.token(), a.token()]        # the newest first
    assert f'<a href="?summary={a.token()}">Class summary</a>' in html
    # a student's code pasted into a's summary is there again after a reload
    qa = a.questions()
    code = encode_result(a, Result("Ana", tuple(q.answer for q in qa), 30), qa)
    one.open_summary()
    one.read_codes(code)
    back = open_link(booted(store), f"?summary={a.token()}")
    back.prepare(now=0.0)
    assert back.pasted == code and [r.name for r in back.summary.rows] == ["Ana"]
    back.edit()
    assert back.screen == "composer" and back.composed == a
    # removing one asks first
    key = made[1][0]
    back.ask_remove(key)
    assert "Remove this set from this device?" in unescape(back.html(0.0))
    back.remove(key)
    assert [k for k, _, _ in back.made_sets()] == [made[0][0]]


def test_a_damaged_set_of_the_teacher_s_is_kept_aside():
    store = MemoryStore()
    store.set(storage.DRILLS_MADE + "00aa", "{oops")
    store.set(storage.DRILLS_FORM, '{"schema":2,"kind":"drills-form","data":{"seed":3}}')
    app = booted(store)
    mode = open_drills(app)
    mode.open_composer()
    assert mode.made_sets() == [] and mode.form["count-pips"] == "10"
    assert app.vault.aside[storage.DRILLS_MADE + "00aa"] == "{oops" and storage.DRILLS_FORM in app.vault.aside
    assert store.get(storage.DRILLS_MADE + "00aa") is None
