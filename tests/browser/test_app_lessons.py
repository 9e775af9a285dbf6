"""Lessons in the page, and dice set by hand, in Chromium.

A match is started and rolled first; the lessons are opened over it and it
must come back untouched.  Every expectation is computed from the lesson
files and the engine (the lesson's steps, its task's wrong answers and their
reasons), not written by hand.  Screenshots go to /tmp/shots-lessons/
(desktop 1280x800, phone 375x667).
"""

import pathlib
from collections import Counter

import pytest
from app_driver import act, board_state, click, enabled, open_app, open_dialog, wait_ready
from engines import inject_axe

from game.app.text.messages import render_message
from game.lessons import list_lessons, load_lesson, localized
from game.app.view.places import PERSON, place_of

SHOTS = pathlib.Path("/tmp/shots-lessons")
FAST = {"animate": False, "fast_bot": True}


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture(scope="module")
def page(browser, base_url):
    """One hot-seat match, rolled, in one page shared by the lesson tests (in their order)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    record = {}
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=lessons-3", prefs=FAST, record=record)
    click(page, "#roll")
    page.record = record
    page.match_before = board_state(page)
    yield page
    context.close()


def checkers(page):
    return Counter(page.eval_on_selector_all(
        ".checker", "els => els.map(e => e.dataset.player + ':' + e.dataset.point)"))


def expected_checkers(position):
    """What the board should show of a lesson position: the learner in the person's seat."""
    found = Counter()
    for player, counts in ((PERSON, position.mine), (1 - PERSON, position.theirs)):
        for index, n in enumerate(counts):
            if n:
                found[f"{player}:{'bar' if index == 24 else index + 1}"] += n
        off = 15 - sum(counts)
        if off:
            found[f"{player}:off"] += off
    return found


def panel(page, name):
    return page.locator(f"#lesson-{name}").inner_text()


def open_lesson(page, lesson_id):
    page.click("#lessons-button")
    page.wait_for_selector("#lessons-dialog[open]")
    click(page, f'#lessons-list [data-lesson="{lesson_id}"]')
    page.wait_for_selector(f'#lesson-panel[data-lesson="{lesson_id}"]')


def slot(place):
    """The board's ``data-slot`` of a learner's place (the learner sits in the person's seat, at
    the bottom)."""
    return place_of(PERSON, place, PERSON)


def play_by_clicks(page, move):
    """Each checker step of ``move``: a click on the checker, then on its highlighted target."""
    for hop in move.steps:
        click(page, f'#board .checker[data-player="{PERSON}"][data-slot="{slot(hop.source)}"]', -1)
        click(page, f'#board .target[data-slot="{slot(hop.target)}"]')


def test_the_lessons_list_shows_every_lesson_in_order_in_both_languages(page):
    page.click("#lessons-button")
    page.wait_for_selector("#lessons-dialog[open]")
    infos = list_lessons()
    titles = page.locator("#lessons-list .lesson-title").all_inner_texts()
    assert titles == [info.title["en"] for info in infos]
    page.click("#lessons-close")
    act(page, lambda: page.select_option("#lang", "fr"))
    open_dialog(page, "#lessons-button", "#lessons-dialog")
    titles = page.locator("#lessons-list .lesson-title").all_inner_texts()
    assert titles == [info.title["fr"] for info in infos]
    assert page.locator("#lessons-title").inner_text() == "Leçons"
    page.click("#lessons-close")
    act(page, lambda: page.select_option("#lang", "en"))


def test_a_lesson_told_step_by_step_with_dice_highlights_and_its_demo_move(page):
    lesson = load_lesson("hitting")
    open_lesson(page, "hitting")
    assert page.locator("#actions").is_hidden() and page.locator("#lesson-panel").is_visible()
    count = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        assert panel(page, "progress") == f"Step {index + 1} of {count}"
        assert panel(page, "text") == step.text["en"]
        highlighted = page.eval_on_selector_all(
            "#board .highlight", "els => els.map(e => Number(e.dataset.highlight))")
        assert sorted(highlighted) == sorted(step.board.highlight)
        dice = page.eval_on_selector_all("#board .die", "els => els.map(e => Number(e.dataset.value))")
        assert sorted(dice) == sorted(step.board.dice or ())
        if step.demo is not None:
            # the move is played on the board one checker at a time, then stays shown
            assert f"Move shown: {step.demo}." in panel(page, "facts")
            page.wait_for_selector('#lesson-panel[data-demo="done"]', timeout=20_000)
            assert checkers(page) == expected_checkers(step.after)
            assert enabled(page, "lesson-demo")
        else:
            assert checkers(page) == expected_checkers(step.board.position)
        if index == 2:
            shoot(page, "lesson-step-desktop")
        click(page, "#lesson-next")
    assert panel(page, "progress") == "Your turn"
    assert page.evaluate("document.activeElement.id") == "move-input"     # the keyboard follows
    assert panel(page, "text") == lesson.task.prompt["en"]
    assert page.locator("#lesson-panel").get_attribute("data-stage") == "task"


def test_a_wrong_move_is_explained_then_the_right_one_is_accepted(page):
    lesson = load_lesson("hitting")
    wrong = next(w for w in lesson.task.wrong if w.reason is not None)
    result = lesson.check(wrong.answer)
    # typed: refused with the engine's own sentence and the lesson's hint
    page.fill("#move-input", wrong.answer)
    act(page, lambda: page.press("#move-input", "Enter"))
    message = page.locator("#lesson-feedback").inner_text()
    assert render_message(result.message, "en") in message
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "refused"
    assert checkers(page) == expected_checkers(lesson.task.board.position)   # nothing moved
    shoot(page, "lesson-refused-desktop")
    # an allowed play that is not the one asked: said so, then Try again
    other = next(w for w in lesson.task.wrong if w.reason is None)
    page.fill("#move-input", other.answer)
    act(page, lambda: page.press("#move-input", "Enter"))
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "other"
    assert localized(lesson.task.retry, "en") in page.locator("#lesson-feedback").inner_text()
    click(page, "#lesson-retry")
    assert checkers(page) == expected_checkers(lesson.task.board.position)
    # the right play, checker by checker on the board
    play_by_clicks(page, lesson.task.accept[0])
    click(page, "#lesson-check")
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "success"
    assert lesson.task.success["en"] in page.locator("#lesson-feedback").inner_text()
    assert enabled(page, "lesson-next-lesson") and not enabled(page, "lesson-check")
    shoot(page, "lesson-success-desktop")


def test_a_choice_task_and_show_the_answer(page):
    lesson = load_lesson("cube")
    page.click("#lesson-list")
    page.wait_for_selector("#lessons-dialog[open]")
    click(page, '#lessons-list [data-lesson="cube"]')
    while page.locator("#lesson-panel").get_attribute("data-stage") != "task":
        click(page, "#lesson-next")
    # the cube is offered to the learner on the board
    assert page.locator("#board .cube.offered").count() == 1
    refused = next(w for w in lesson.task.wrong if w.reason is not None)
    click(page, f'#lesson-options [data-option="{refused.answer}"]')
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "refused"
    assert page.evaluate("document.activeElement.dataset.option") == refused.answer
    assert render_message(lesson.check(refused.answer).message, "en") in page.locator("#lesson-feedback").inner_text()
    click(page, f'#lesson-options [data-option="{lesson.task.accept[0]}"]')
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "success"
    assert page.locator("#lesson-options .option.right").count() == 1
    assert page.evaluate("document.activeElement.id") == "lesson-next-lesson"
    # another lesson: Show the answer plays it on the board
    page.click("#lesson-list")
    click(page, '#lessons-list [data-lesson="doubles"]')
    while page.locator("#lesson-panel").get_attribute("data-stage") != "task":
        click(page, "#lesson-next")
    click(page, "#lesson-answer")
    doubles = load_lesson("doubles")
    assert page.locator("#lesson-panel").get_attribute("data-verdict") == "answer"
    assert checkers(page) == expected_checkers(doubles.task.accept[0]._after.swapped())


def test_back_to_the_game_finds_the_match_untouched(page):
    act(page, lambda: page.click("#lesson-close"))
    assert page.locator("#lesson-panel").is_hidden() and page.locator("#actions").is_visible()
    after = board_state(page)
    for key in ("checkers", "dice", "position_id", "match_id", "message"):
        assert after[key] == page.match_before[key], key
    assert enabled(page, "undo") is False and page.locator(".checker.movable").count() > 0
    assert page.record.get("errors", []) == []


@pytest.mark.parametrize("size", [(375, 667)], ids=["phone"])
def test_the_lesson_screen_fits_a_phone(browser, base_url, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    open_app(page, f"{base_url}/?lesson=bar", prefs=FAST)        # a teacher's link to one lesson
    page.wait_for_selector('#lesson-panel[data-lesson="bar"]')
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0]
    shoot(page, "lesson-step-phone")
    while page.locator("#lesson-panel").get_attribute("data-stage") != "task":
        click(page, "#lesson-next")
    page.locator("#lesson-panel").scroll_into_view_if_needed()
    shoot(page, "lesson-task-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    # a phone that drops the tab reloads it: the lesson comes back at the same place
    assert "lesson=" not in page.url
    page.reload()
    wait_ready(page)
    assert page.locator('#lesson-panel[data-lesson="bar"]').get_attribute("data-stage") == "task"
    context.close()


def test_dice_set_by_hand_in_a_two_player_match(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=manual-1", prefs=FAST)
    page.click("#new-match")
    page.check('#new-match-form input[name="mode"][value="hotseat"]')
    page.check('#new-match-form input[name="manual_dice"]')
    act(page, lambda: page.click("#setup-start"))
    assert page.locator("#dice-form").is_visible() and not enabled(page, "roll")
    assert "dice set by hand" in page.locator("#match-info").inner_text()
    # bad input: said why, nothing thrown
    page.fill("#dice-first", "7")
    page.fill("#dice-second", "2")
    act(page, lambda: page.click("#set-dice"))
    assert "“7” is not a die" in page.locator("#message").inner_text()
    assert page.locator("#board .die").count() == 0
    assert page.get_attribute("#dice-first", "aria-invalid") == "true"
    assert page.get_attribute("#dice-second", "aria-invalid") is None
    # the opening roll: one die each (the bottom player's first), the higher starts
    page.fill("#dice-first", "5")
    page.fill("#dice-second", "2")
    act(page, lambda: page.click("#set-dice"))
    assert sorted(board_state(page)["dice"]) == ["2", "5"]
    assert page.locator("#dice-form").is_hidden()
    act(page, lambda: page.fill("#move-input", "13/8 13/11") or page.press("#move-input", "Enter"))
    click(page, "#done")
    # the next roll: the other player's two dice, set by hand
    assert page.locator("#dice-form").is_visible()
    page.fill("#dice-first", "6")
    page.fill("#dice-second", "6")
    act(page, lambda: page.click("#set-dice"))
    state = board_state(page)
    assert state["dice"] == ["6", "6"]
    # saved and restored with the match: a reload shows the same dice and still asks for the next
    page.reload()
    wait_ready(page)
    assert board_state(page)["dice"] == ["6", "6"]
    assert board_state(page)["position_id"] == state["position_id"]
    assert "dice set by hand" in page.locator("#match-info").inner_text()
    context.close()


AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_blocking(page):
    """axe-core's serious and critical violations on the page (injected: the context bypasses
    the CSP for the scan only; axe-core is a pinned dev dependency, never shipped)."""
    inject_axe(page)
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3)}));
    }""")
    return [v for v in found if v["impact"] in ("serious", "critical")]


def test_the_lesson_screens_and_the_dice_form_pass_axe(browser, base_url):
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` (make vendor does)"
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  bypass_csp=True)
    page = context.new_page()
    open_app(page, f"{base_url}/?lesson=bar&lang=fr", prefs=FAST)
    problems = {"step": axe_blocking(page)}
    page.click("#lessons-button")
    page.wait_for_selector("#lessons-dialog[open]")
    problems["list"] = axe_blocking(page)
    click(page, '#lessons-list [data-lesson="cube"]')
    while page.locator("#lesson-panel").get_attribute("data-stage") != "task":
        click(page, "#lesson-next")
    click(page, '#lesson-options [data-option="take"]')
    problems["choice answered"] = axe_blocking(page)
    act(page, lambda: page.click("#lesson-close"))
    page.click("#new-match")
    page.check('#new-match-form input[name="manual_dice"]')
    act(page, lambda: page.click("#setup-start"))
    page.fill("#dice-first", "0")
    act(page, lambda: page.click("#set-dice"))
    problems["dice form refused"] = axe_blocking(page)
    context.close()
    assert {name: found for name, found in problems.items() if found} == {}
