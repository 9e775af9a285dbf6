"""Drills on the page (issue 35), in Chromium: a drill link answered right and wrong, the
explanation, a reload that resumes, the result code in ``#result-code``, that code pasted
into the class summary (and an edited one refused), the composer's link and its printed
worksheet. Every expectation comes from the core (``game.drills``): the questions the link
draws, their answers and explanations, the decoding of the code.

One page, booted three times (the drill link, its reload, the summary link). Screenshots
go to /tmp/shots-drills/ (desktop 1280x800, phone 375x667), the worksheet's PDF too.
"""

import pathlib
import re
import time
from html import unescape

import pytest
from app_driver import STEP_TIMEOUT_MS, act, open_app, wait_ready
from engines import expect_download

from game.app.drills.boards import said
from game.app.text.i18n import translator
from game.app.text.messages import text as message_text
from game.drills import Assignment, Result, decode_result, encode_result, mark
from game.drills.question import verdict

SHOTS = pathlib.Path("/tmp/shots-drills")
LINK = "?drill=pips&seed=12&count=2&level=easy&lang=en"
ASSIGNMENT = Assignment.from_link("pips", "12", "2", "easy")
EN = translator("en")


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def drill_act(page, action):
    """Do ``action()`` and wait until the drills' pane has drawn again."""
    act(page, action, element_id="drills")


def wait_screen(page, screen):
    page.wait_for_selector(f'#drills[data-screen="{screen}"]', state="attached", timeout=STEP_TIMEOUT_MS)


def answer_pips(page, numbers):
    page.fill('#drill-answer-form input[name="mine"]', str(numbers[0]))
    page.fill('#drill-answer-form input[name="theirs"]', str(numbers[1]))
    drill_act(page, lambda: page.click('#drill-answer-form button[type="submit"]'))


@pytest.fixture(scope="module")
def questions():
    return ASSIGNMENT.questions()


@pytest.fixture(scope="module")
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  accept_downloads=True)
    page = context.new_page()
    record = {}
    started = time.monotonic()
    open_app(page, f"{base_url}/{LINK}", prefs={"animate": False}, record=record)
    wait_screen(page, "name")
    page.boot_seconds = time.monotonic() - started
    page.record = record
    yield page
    context.close()


def test_a_drill_link_asks_a_name_then_shows_the_board_without_the_pip_counts(page, questions):
    assert page.locator("#drills").is_visible() and not page.locator("#board").is_visible()
    page.fill("#drill-name", "Léa")
    drill_act(page, lambda: page.click('#drill-name-form button[type="submit"]'))
    wait_screen(page, "question")
    assert page.inner_text("#drill-progress").startswith("Question 1 of 2")
    assert page.inner_text("#drill-prompt") == message_text(questions[0].prompt, EN)
    board = page.locator(".drill-board svg")
    # every checker not yet borne off is drawn (the questions come from the bot's games)
    on_board = sum(questions[0].position.mine) + sum(questions[0].position.theirs)
    assert board.locator("circle.checker").count() == on_board and board.locator(".pips").count() == 0
    shoot(page, "desktop-question")


def test_a_right_answer_then_a_wrong_one_each_with_the_answer_and_the_explanation(page, questions):
    q0, q1 = questions
    answer_pips(page, q0.answer)
    assert page.get_attribute("#drill-verdict", "data-correct") == "true"
    assert page.inner_text("#drill-verdict") == message_text(verdict(q0, mark(q0, q0.answer)), EN)
    assert page.inner_text("#drill-explanation") == message_text(q0.explanation, EN)
    drill_act(page, lambda: page.click("#drill-next"))
    assert page.inner_text("#drill-progress").startswith("Question 2 of 2")
    page.fill('#drill-answer-form input[name="mine"]', "12a")       # refused: nothing is marked
    drill_act(page, lambda: page.click('#drill-answer-form button[type="submit"]'))
    assert page.inner_text("#drill-problem") == EN("drills.error.answer_number")
    assert page.locator("#drill-verdict").count() == 0
    wrong = (q1.answer[0] + 10, q1.answer[1])
    answer_pips(page, wrong)
    assert page.get_attribute("#drill-verdict", "data-correct") == "false"
    said_ = page.inner_text("#drill-verdict")
    assert said_ == message_text(verdict(q1, mark(q1, wrong)), EN) and said(q1, q1.answer, EN) in said_
    assert page.inner_text("#drill-explanation") == message_text(q1.explanation, EN)
    shoot(page, "desktop-wrong")


def test_a_reload_resumes_at_the_same_question_with_its_verdict(page, questions):
    page.reload()
    wait_ready(page)
    wait_screen(page, "question")
    assert page.inner_text("#drill-progress").startswith("Question 2 of 2")
    assert page.get_attribute("#drill-verdict", "data-correct") == "false"
    page.set_viewport_size({"width": 375, "height": 667})
    shoot(page, "phone-question")
    # on a phone the page stands still and the pane scrolls: the last button can be reached
    page.locator("#drill-next").scroll_into_view_if_needed()
    box = page.locator("#drill-next").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 667
    shoot(page, "phone-question-end")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_end_gives_the_score_and_a_result_code_that_holds_the_answers(page, questions):
    drill_act(page, lambda: page.click("#drill-next"))
    wait_screen(page, "results")
    code = page.inner_text("#result-code").strip()
    result = decode_result(ASSIGNMENT, code, questions)
    wrong = (questions[1].answer[0] + 10, questions[1].answer[1])
    assert (result.name, result.answers) == ("Léa", (tuple(questions[0].answer), wrong))
    assert page.inner_text("#drill-score") == EN("drills.page.score", name="Léa", score=1, total=2)
    assert page.locator("#result-qr svg").count() == 1
    assert page.locator("#drill-answers tbody tr").count() == 2
    shoot(page, "desktop-results")
    page.set_viewport_size({"width": 375, "height": 667})
    shoot(page, "phone-results")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.code = code


def test_the_summary_reads_the_code_and_refuses_an_edited_one(page, base_url):
    code = page.code
    i = len(code) - 3
    tampered = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    page.goto(f"{base_url}/?summary={ASSIGNMENT.token()}&lang=en")
    wait_ready(page)
    wait_screen(page, "summary")
    page.fill("#summary-codes", f"{code}\n{tampered}\n")
    drill_act(page, lambda: page.click('#summary-form button[type="submit"]'))
    rows = page.locator("#summary-table tbody tr")
    assert rows.count() == 1
    cells = [c.strip() for c in rows.first.locator("th, td").all_inner_texts()]
    assert cells[:2] == ["Léa", "1/2"] and cells[2].startswith("✓") and cells[3].startswith("✗")
    refused = page.inner_text("#summary-refused")
    assert EN("drills.error.code_edited") in refused and tampered[:20] in refused
    assert page.locator("#summary-hardest li").count() == 2
    with expect_download(page) as saved:
        page.click('[data-drill-act="csv"]')
    assert saved.name == "drills-summary.csv" and saved.text.splitlines()[1].startswith("Léa,1,")
    shoot(page, "desktop-summary")
    page.set_viewport_size({"width": 375, "height": 667})
    shoot(page, "phone-summary")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_composer_gives_a_link_a_qr_code_and_a_printable_worksheet(page):
    drill_act(page, lambda: page.click("#drills-button"))
    wait_screen(page, "composer")
    page.fill('input[name="count-pips"]', "0")
    page.fill('input[name="count-race"]', "2")
    page.fill('input[name="title"]', "CM2 — mardi")
    page.fill('input[name="seed"]', "77")
    drill_act(page, lambda: page.click('#drill-composer button[type="submit"]'))
    link = page.input_value("#assignment-link")
    token = re.search(r"\?assignment=([^&#]+)", link).group(1)
    made = Assignment.from_token(token)
    assert (made.title, made.seed, [(d.kind, d.count) for d in made.drills]) == ("CM2 — mardi", 77, [("race", 2)])
    assert page.locator("#assignment-qr svg").count() == 1
    shoot(page, "desktop-composer")
    page.evaluate("window.print = () => {}")          # the worksheet is drawn; the dialog is not wanted
    drill_act(page, lambda: page.click('[data-drill-act="print"]'))
    assert page.locator("#drill-worksheet .sheet-question").count() == 2
    key = [unescape(t) for t in page.locator("#drill-worksheet .sheet-key-item").all_inner_texts()]
    expected = [message_text(q.explanation, EN) for q in made.questions()]
    assert all(e in k for e, k in zip(expected, key)) and len(key) == 2
    SHOTS.mkdir(parents=True, exist_ok=True)
    pdf = page.pdf(path=str(SHOTS / "worksheet.pdf"), format="A4")
    assert pdf[:5] == b"%PDF-" and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") >= 2


def test_the_composer_s_set_and_its_summary_come_back_after_a_reload(page):
    """Issue 44, point 6: no summary link, a Class summary button that left the address as it
    was, and a reload of the composer that lost the link and drew another seed."""
    link = page.input_value("#assignment-link")
    token = re.search(r"\?assignment=([^&#]+)", link).group(1)
    assert re.search(rf"[?&]compose={token}$", page.url), page.url
    assert page.get_attribute("#summary-link", "href").endswith(f"?summary={token}")
    assert page.locator("#summary-qr svg").count() == 1 and page.locator("#assignment-qr svg").count() == 1
    page.reload()
    wait_ready(page)
    wait_screen(page, "composer")
    assert page.input_value("#assignment-link") == link and page.input_value('input[name="seed"]') == "77"
    assert page.locator(f'#drills-made a[href="?compose={token}"]').count() == 1
    drill_act(page, lambda: page.click('[data-drill-act="summary"]'))
    wait_screen(page, "summary")
    assert re.search(rf"[?&]summary={token}$", page.url), page.url
    made = Assignment.from_token(token)
    questions = made.questions()
    code = encode_result(made, Result("Noé", tuple(q.answer for q in questions), 12), questions)
    page.fill("#summary-codes", code)
    drill_act(page, lambda: page.click('#summary-form button[type="submit"]'))
    page.reload()
    wait_ready(page)
    wait_screen(page, "summary")
    rows = page.locator("#summary-table tbody tr")
    assert rows.count() == 1 and rows.first.locator("th").inner_text() == "Noé"


def test_a_set_of_the_teacher_s_is_removed_only_after_saying_yes(page):
    drill_act(page, lambda: page.click('[data-drill-act="edit"]'))
    wait_screen(page, "composer")
    made = page.locator("#drills-made li")
    before = made.count()
    assert before == 2                                # the set composed, and the summary's of the link
    drill_act(page, lambda: made.last.locator('[data-drill-act="ask-remove"]').click())
    assert page.locator('#drills-made [role="alert"]').inner_text() == EN("drills.page.remove_made_ask")
    drill_act(page, lambda: page.click('#drills-made [data-drill-act="keep"]'))
    assert made.count() == before and page.locator('#drills-made [role="alert"]').count() == 0
    drill_act(page, lambda: made.last.locator('[data-drill-act="ask-remove"]').click())
    drill_act(page, lambda: page.click('#drills-made [data-drill-act="remove"]'))
    assert made.count() == before - 1


def test_no_error_and_the_boot_time(page):
    assert not page.record.get("errors"), page.record.get("errors")
    print(f"drill link to its first screen: {page.boot_seconds:.1f} s")
