"""A class's round trip, in Chromium (issue 35, "Done when"), and a student's path in Firefox and
WebKitGTK (issue 44, point 9): a teacher composes a set in the
page (English, a laptop) and reads its link; two students open it, each in a browser context of
their own, student A in English on a laptop, student B in French on a phone with a touch screen;
each enters a name, answers (A every question right, B some wrong) and reads the result code; the
teacher pastes both codes and an edited one into the class summary, which gives each student's
score and refuses the edited code with its reason.

The right answers come from the core (``game.drills``), drawing the questions of the same token;
the scores expected from its :func:`game.drills.mark`. Each context boots the page once.

In Firefox (French) and WebKitGTK (English), on a phone's screen, a student opens an
assignment's link, answers one question of each kind of input (two counts, a count, a play
typed, the cube's buttons; one wrong), and reads the score and the result code, which holds
the answers given; the answers' table fits the screen.
"""

import re
import time

import pytest

from app_driver import STEP_TIMEOUT_MS, open_app
from test_drills_page import drill_act, shoot, wait_screen

from game.app.text.i18n import translator
from game.app.text.messages import text as message_text
from game.drills import Assignment, DrillSpec, decode_result, mark

EN, FR = translator("en"), translator("fr")
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}


#: what of the answers' table does not fit the phone: the box wider than its content, or a cell
#: past the screen's right edge ([] when all fits)
FITS = """(() => { const box = document.querySelector('#drill-answers').parentElement, out = [];
  if (box.scrollWidth > box.clientWidth) out.push(`scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
  for (const cell of document.querySelectorAll('#drill-answers th, #drill-answers td'))
    if (cell.getBoundingClientRect().right > innerWidth) out.push(cell.textContent);
  return out; })()"""


def wrong_answer(q):
    """An answer to ``q`` that is not the right one (a pip count 25 off, a count 7 off, the other choice)."""
    if q.ask == "pips":
        return (q.answer[0] + 25, q.answer[1])
    if q.ask == "choice":
        return ((q.answer[0] + 1) % len(q.choices),)
    n = q.answer[0]
    top = 36 if q.ask == "count" else 100
    return (n + 30 if n + 30 <= top else n - 30,) if q.ask == "percent" else (n + 7 if n + 7 <= top else n - 7,)


def answer(page, q, given, press):
    """Type or choose ``given`` for the question ``q`` on screen, and wait for its verdict."""
    if q.ask == "choice":
        drill_act(page, lambda: press(f'#drill-answer-form [data-drill-choice="{q.choices[given[0]]}"]'))
        return
    if q.ask == "pips":
        page.fill('#drill-answer-form input[name="mine"]', str(given[0]))
        page.fill('#drill-answer-form input[name="theirs"]', str(given[1]))
    else:
        page.fill('#drill-answer-form input[name="n"]', str(given[0]))
    drill_act(page, lambda: press('#drill-answer-form button[type="submit"]'))


def student(browser, link, name, answers, questions, language, viewport, touch):
    """A student's run in a context of their own: the name, every answer, the end. Returns
    ``(code, score text, page, context)``."""
    locale = {"en": "en-GB", "fr": "fr-FR"}[language]
    context = browser.new_context(viewport=viewport, locale=locale, has_touch=touch, is_mobile=touch,
                                  reduced_motion="reduce")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_app(page, link, prefs={"animate": False})
    press = page.tap if touch else page.click
    tr = translator(language)
    wait_screen(page, "name")
    page.fill("#drill-name", name)
    drill_act(page, lambda: press('#drill-name-form button[type="submit"]'))
    for i, (q, given) in enumerate(zip(questions, answers)):
        wait_screen(page, "question")
        assert page.inner_text("#drill-prompt") == message_text(q.prompt, tr), (language, i)
        answer(page, q, given, press)
        right = mark(q, given).correct
        assert page.get_attribute("#drill-verdict", "data-correct") == ("true" if right else "false"), (name, i)
        drill_act(page, lambda: press("#drill-next"))
    wait_screen(page, "results")
    code = page.inner_text("#result-code").strip()
    assert not errors, errors
    return code, page.inner_text("#drill-score"), page, context


def test_a_set_goes_out_by_link_and_two_students_codes_come_back_with_their_scores(browser, base_url):
    started = time.monotonic()
    teacher_context = browser.new_context(viewport=LAPTOP, locale="en-GB", reduced_motion="reduce")
    teacher = teacher_context.new_page()
    open_app(teacher, f"{base_url}/?lang=en", prefs={"animate": False})
    drill_act(teacher, lambda: teacher.click("#drills-button"))
    wait_screen(teacher, "composer")
    teacher.fill('input[name="count-pips"]', "2")
    teacher.fill('input[name="count-shots"]', "1")
    teacher.fill('input[name="count-cube"]', "1")
    teacher.fill('input[name="title"]', "Class 4B — Tuesday")
    teacher.fill('input[name="seed"]', "4242")
    drill_act(teacher, lambda: teacher.click('#drill-composer button[type="submit"]'))
    link = teacher.input_value("#assignment-link")
    token = re.search(r"\?assignment=([^&#]+)", link).group(1)
    assignment = Assignment.from_token(token)
    questions = assignment.questions()
    assert [q.kind for q in questions] == ["pips", "pips", "shots", "cube"]

    right = [tuple(q.answer) for q in questions]
    some_wrong = [wrong_answer(q) if i in (1, 3) else tuple(q.answer) for i, q in enumerate(questions)]
    expected = {"Ana": 4, "Léo": sum(mark(q, a).correct for q, a in zip(questions, some_wrong))}
    assert expected["Léo"] == 2

    code_a, score_a, page_a, context_a = student(browser, link, "Ana", right, questions, "en", LAPTOP, False)
    assert score_a == EN("drills.page.score", name="Ana", score=4, total=4)
    assert page_a.locator('#drill-play a[data-level="novice"]').inner_text() == "First steps"
    shoot(page_a, "class-student-a-laptop")
    context_a.close()
    code_b, score_b, page_b, context_b = student(browser, link, "Léo", some_wrong, questions, "fr", PHONE, True)
    assert score_b == FR("drills.page.score", name="Léo", score=2, total=4)
    assert page_b.locator('#drill-play a[data-level="novice"]').inner_text() == "Premiers pas"
    box = page_b.locator("#result-code").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # on the phone the page keeps its width, and the answers' table fits it (issue 44, point 9:
    # it scrolled sideways, its last column out of sight)
    frame = page_b.locator("#drill-answers").locator("xpath=..").bounding_box()
    assert frame is not None and frame["x"] >= 0 and frame["x"] + frame["width"] <= PHONE["width"]
    assert page_b.evaluate(FITS) == [], page_b.evaluate(FITS)
    shoot(page_b, "class-student-b-phone")
    context_b.close()
    for code, given in ((code_a, right), (code_b, some_wrong)):
        assert decode_result(assignment, code, questions).answers == tuple(given)

    i = len(code_b) - 4
    edited = code_b[:i] + ("A" if code_b[i] != "A" else "B") + code_b[i + 1:]
    drill_act(teacher, lambda: teacher.click('[data-drill-act="summary"]'))
    wait_screen(teacher, "summary")
    teacher.fill("#summary-codes", f"{code_a}\n{edited}\n{code_b}\n")
    drill_act(teacher, lambda: teacher.click('#summary-form button[type="submit"]'))
    rows = teacher.locator("#summary-table tbody tr")
    assert rows.count() == 2
    seen = {}
    for r in range(2):
        cells = [c.strip() for c in rows.nth(r).locator("th, td").all_inner_texts()]
        seen[cells[0]] = cells[1:]
    assert set(seen) == set(expected)
    for name, given in (("Ana", right), ("Léo", some_wrong)):
        assert seen[name][0] == f"{expected[name]}/4"
        marks = ["✓" if mark(q, a).correct else "✗" for q, a in zip(questions, given)]
        assert [c[:1] for c in seen[name][1:]] == marks, (name, seen[name])
    refused = teacher.inner_text("#summary-refused")
    assert EN("drills.error.code_edited") in refused and edited[:20] in refused
    assert teacher.locator("#summary-refused li").count() == 1
    shoot(teacher, "class-summary")
    teacher_context.close()
    took = time.monotonic() - started
    print(f"a class's round trip (three boots): {took:.1f} s")
    assert took < 120


#: the student's set in the other engines: one question of each kind of input, cheap to draw
OTHER_ENGINES_SET = Assignment(drills=(DrillSpec("pips", 1), DrillSpec("shots", 1, "easy"),
                                       DrillSpec("bearoff", 1, "easy"), DrillSpec("cube", 1, "easy")),
                               seed=4242, title="4B")
SCREEN_IS = "document.querySelector('#drills')?.dataset.screen === arg"
DRILLS_RENDERS = "Number(document.querySelector('#drills')?.dataset.renders || 0)"


def type_in(d, selector, text):
    """Type ``text`` into a field (clicked first: WebKitGTK's driver types only into a field
    in view, and the phone's pane scrolls)."""
    d.click(selector)
    d.fill(selector, text)


def drill_step(d, action):
    """Do ``action()`` on the page driver ``d`` and wait until the drills' pane drew again."""
    before = d.evaluate(DRILLS_RENDERS)
    action()
    d.wait_for(f"{DRILLS_RENDERS} > arg", arg=before)


@pytest.mark.engines("firefox", "webkit")
def test_a_student_answers_an_assignment_on_a_phone_and_reads_the_code_in_the_other_engines(
        engine, open_page, base_url):
    started = time.monotonic()
    language = {"firefox": "fr", "webkit": "en"}[engine]
    tr = translator(language)
    a = OTHER_ENGINES_SET
    questions = a.questions()
    given = [wrong_answer(q) if q.ask == "pips" else tuple(q.answer) for q in questions]
    d = open_page(*PHONE.values()).open(f"{base_url}/?assignment={a.token()}&lang={language}",
                                        prefs={"animate": False})
    d.wait_for(SCREEN_IS, arg="name")
    type_in(d, "#drill-name", "Zoé")
    drill_step(d, lambda: d.click('#drill-name-form button[type="submit"]'))
    for i, (q, answer_) in enumerate(zip(questions, given)):
        d.wait_for(SCREEN_IS, arg="question")
        assert d.text("#drill-prompt") == message_text(q.prompt, tr), (engine, i)
        if q.ask == "choice":
            drill_step(d, lambda: d.click(f'[data-drill-choice="{q.choices[answer_[0]]}"]'))
        else:
            if q.ask == "pips":
                type_in(d, '#drill-answer-form input[name="mine"]', str(answer_[0]))
                type_in(d, '#drill-answer-form input[name="theirs"]', str(answer_[1]))
            elif q.ask == "play":
                type_in(d, '#drill-answer-form input[name="play"]', q.choices[answer_[0]])
            else:
                type_in(d, '#drill-answer-form input[name="n"]', str(answer_[0]))
            drill_step(d, lambda: d.click('#drill-answer-form button[type="submit"]'))
        right = mark(q, answer_).correct
        assert d.attribute("#drill-verdict", "data-correct") == str(right).lower(), (engine, i)
        drill_step(d, lambda: d.click("#drill-next"))
    d.wait_for(SCREEN_IS, arg="results")
    score = sum(mark(q, g).correct for q, g in zip(questions, given))
    assert score == 3 and d.text("#drill-score") == tr("drills.page.score", name="Zoé", score=3, total=4)
    code = d.text("#result-code").strip()
    result = decode_result(a, code, questions)
    assert (result.name, result.answers) == ("Zoé", tuple(given))
    assert d.evaluate("innerWidth") == PHONE["width"] and d.evaluate(FITS) == []
    d.shot(f"/tmp/shots-drills/student-{engine}-phone.png")
    assert d.errors() == []
    print(f"{engine}: a student's path, from the link to the code: {time.monotonic() - started:.1f} s")
