"""The review of a match, in Chromium: after a game, from the history, on a phone.

The finished match is made in CPython (the computer against itself, seeded)
and put in localStorage as the app saves it, so the page opens on a game
that is over.  Screenshots go to /tmp/shots-review/ (desktop 1280x800, phone 375x667).
"""

import json
import pathlib

import pytest
from app_driver import act, click, enabled, open_app, open_dialog, wait_ready
from engines import inject_axe, is_tool_noise
from finished_match import finished_match

from game import replay
from game.app.review.panel import ReviewSession

SHOTS = pathlib.Path("/tmp/shots-review")
AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FAST = {"animate": False, "fast_bot": True}
DONE_MS = 180_000


def shoot(page, name, full_page=False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture(scope="module")
def finished():
    """The localStorage texts of a finished 1-point match (current and history: every key the app
    wrote) and its data."""
    return finished_match()


def load_finished(page, base_url, finished):
    open_app(page, f"{base_url}/", prefs=FAST)
    page.evaluate("(items) => { for (const [key, text] of Object.entries(items)) localStorage.setItem(key, text); }",
                  finished["items"])
    page.reload()
    wait_ready(page)


def wait_analysed(page):
    page.wait_for_function("document.getElementById('review-progress').textContent === ''", timeout=DONE_MS)


@pytest.fixture(scope="module")
def page(tiered_browser, base_url, finished):
    # the engine's optimizing tier: the page analyses a whole game (tests/conftest.py, tiered_browser);
    # bypass_csp: axe-core is injected into the page by one test
    context = tiered_browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  bypass_csp=True)
    page = context.new_page()
    record = {}
    page.on("pageerror", lambda e: not is_tool_noise(str(e))
            and record.setdefault("errors", []).append(str(e)))
    load_finished(page, base_url, finished)
    page.record = record
    yield page
    context.close()


def test_after_the_game_the_review_weighs_every_decision(page, finished):
    assert enabled(page, "review-game") and enabled(page, "review")
    click(page, "#review-game")
    assert page.locator("#review-panel").is_visible() and page.locator("#replay-bar").is_visible()
    progress = page.locator("#review-progress").inner_text()
    assert progress.startswith("Analysing") or progress in ("", "Preparing the review…")
    wait_analysed(page)
    summary = page.locator("#review-summary").inner_text()
    for word in ("Decisions", "Error rate", "Rating", "Blunders", "Luck"):
        assert word in summary
    names = page.locator("#review-summary thead th[scope=col]").all_inner_texts()
    assert len(names) == 2 and all(names)
    items = page.locator("#review-list li[data-frame]")
    assert items.count() > 10
    assert page.locator("#review-list .mark").count() >= 1      # the computer's mistakes are marked
    assert not enabled(page, "review")                          # this match is being reviewed
    shoot(page, "desktop-review")
    assert page.record.get("errors", []) == []


def test_a_decision_of_the_list_shows_its_board_and_best_plays(page, finished):
    rows = page.locator("#review-list li[data-frame]")
    texts = rows.all_inner_texts()
    pick = next(i for i, text in enumerate(texts) if "rolled" in text and i > 3)
    before = page.locator("#position-id").inner_text()
    click(page, "#review-list li[data-frame]", pick)
    assert page.locator("#review-list li.current").count() == 1
    assert page.locator("#position-id").inner_text() != before
    detail = page.locator("#review-detail").inner_text()
    assert "rolled" in detail and "Luck of this roll" in detail
    assert page.locator("#review-detail table.review-plays tr.best").count() == 1
    assert page.locator("#review-detail table.review-plays tr.played").count() == 1
    # the replay bar and the list stay in step
    click(page, "#replay-next")
    click(page, "#replay-prev")
    assert page.locator("#review-list li.current").count() == 1
    shoot(page, "desktop-review-decision")


def test_the_game_as_a_graph_goes_to_the_decision_clicked(page, finished):
    """Issue 43, part 3: a point per checker play weighed, each the review's value; a click on a
    point, or Enter on it, goes to its decision (the list's current row follows)."""
    data = finished["data"]
    session = ReviewSession(data, replay.frames(data["events"], length=data["config"]["length"]))
    while session.step(1.0):
        pass
    moves = [e for e in session.entries() if e["kind"] == "move" and e["played"]]
    graph = page.locator("#review-graph")
    points = graph.locator("[data-decision]")
    assert points.count() == len(moves)
    assert [int(d) for d in points.evaluate_all("els => els.map(e => e.dataset.decision)")] == \
        [e["index"] for e in moves]
    marked = graph.locator(".graph-point.mark-blunder, .graph-point.mark-error")
    target = marked.first if marked.count() else points.nth(len(moves) // 2)
    frame = target.get_attribute("data-frame")
    act(page, lambda: target.click())
    page.wait_for_function(f"document.querySelector('#review-list li.current')?.dataset.frame === '{frame}'")
    assert graph.locator(f'[data-frame="{frame}"][aria-current="true"]').count() == 1
    other = points.nth(1)
    other_frame = other.get_attribute("data-frame")
    other.focus()
    act(page, lambda: page.keyboard.press("Enter"))
    page.wait_for_function(f"document.querySelector('#review-list li.current')?.dataset.frame === '{other_frame}'")
    shoot(page, "desktop-review-graph")


PREVIEW = "document.getElementById('board').dataset.preview || null"


def test_a_decision_is_drawn_on_the_board_and_each_play_can_be_seen(page):
    """Issue 33: the position before the play with the play drawn over it; each candidate row a
    button, pointed at it draws its play, clicked (or Enter) it stays; every play listable."""
    for _ in range(12):                        # a decision with more plays than the first few listed
        if page.locator("#review-detail details.review-more").count():
            break
        click(page, "#replay-next")
    assert page.locator("#review-detail details.review-more").count() == 1
    drawn = page.locator("#board svg g.preview")
    assert drawn.count() == 1                  # the play made, drawn over the position before it
    made = drawn.inner_html()
    played = page.locator("#review-detail tr.played").first.get_attribute("data-review-play")
    assert page.locator("#review-detail tr.played .played-tag").first.inner_text() == "played"
    pressed = page.locator('#review-detail button[aria-pressed="true"]')
    assert pressed.first.get_attribute("data-review-play") == played
    shown = page.locator("#review-detail table.review-plays").first.locator("button.review-play-row")
    other = next(p for p in (b.get_attribute("data-review-play") for b in shown.all()) if p != played)
    button = page.locator(f'#review-detail button.review-play-row[data-review-play="{other}"]').first
    button.hover()                              # pointed at: drawn, the review unchanged
    page.wait_for_function(f"({PREVIEW}) === {other!r}")
    assert drawn.inner_html() != made and pressed.first.get_attribute("data-review-play") == played
    page.mouse.move(2, 2)
    page.wait_for_function(f"({PREVIEW}) === null")
    assert page.locator("#board svg g.preview").inner_html() == made
    button.focus()                              # the keyboard: focused, then Enter keeps it
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.locator('#review-detail button[aria-pressed="true"]').first.get_attribute("data-review-play") == other
    assert page.evaluate("document.activeElement.dataset.reviewPlay") == other
    assert page.locator("#board svg g.preview").inner_html() != made
    # every legal play: the first few, then the rest under the fold
    summary = page.locator("#review-detail details.review-more summary")
    total = int(summary.inner_text().split()[1])
    assert summary.inner_text() == f"All {total} plays"
    summary.click()
    listed = {b.get_attribute("data-review-play") for b in page.locator("#review-detail button.review-play-row").all()}
    assert len(listed) == total > 5
    page.mouse.move(2, 2)
    assert page.record.get("errors", []) == []
    shoot(page, "desktop-review-plays")


def test_the_review_panel_has_no_serious_accessibility_fault(page):
    assert AXE.is_file(), "node_modules/axe-core is missing: run `npm ci` (make vendor does)"
    inject_axe(page)
    found = page.evaluate("""async () => {
        const r = await axe.run('#review-panel', {resultTypes: ['violations']});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                          .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
    }""")
    assert found == []


def test_trying_the_best_play_and_jumping_into_the_position(page, finished):
    best = page.locator("#review-detail table.review-plays tr.best").first.get_attribute("data-review-play")
    page.fill("#review-try-input", best)
    click(page, "#review-try-check")
    assert page.locator("#review-tried").inner_text() == f"{best} is the best play."
    page.fill("#review-try-input", "25/1")
    click(page, "#review-try-check")
    assert "is not a legal play" in page.locator("#review-tried").inner_text()
    # the position before that decision, computed here from the same match
    frame = int(page.locator("#review-list li.current").get_attribute("data-frame"))
    data = finished["data"]
    session = ReviewSession(data, replay.frames(data["events"], length=data["config"]["length"]))
    while session.step(1.0):
        pass
    entry = session.at(frame)[-1]
    assert page.locator("#position-id").inner_text() == entry["position_id"]   # the board: before the play
    click(page, "#review-play")
    assert page.locator("#review-panel").is_hidden() and page.locator("#replay-bar").is_hidden()
    assert page.locator("#position-id").inner_text() == entry["position_id"]
    assert page.locator("#match-id").inner_text() == entry["match_id"]
    assert sorted(page.eval_on_selector_all(".die", "els => els.map(e => Number(e.dataset.value))")) == \
        sorted(entry["dice"])
    assert page.locator(".checker.movable").count() > 0          # the person plays it now
    assert "position before that decision" in page.locator("#message").inner_text()
    assert page.record.get("errors", []) == []


def test_the_history_reviews_a_finished_match(page):
    open_dialog(page, "#history-button", "#history-dialog")
    review = page.locator("#history-list [data-action='review']")
    assert review.count() == 1
    act(page, review.first.click)
    assert page.locator("#review-panel").is_visible()
    wait_analysed(page)
    assert page.locator("#review-list li[data-frame]").count() > 10
    click(page, "#replay-close")
    assert page.locator("#review-panel").is_hidden()
    assert page.record.get("errors", []) == []


def test_phone_the_review_fits(tiered_browser, base_url, finished):
    context = tiered_browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2,
                                  has_touch=True, reduced_motion="reduce")
    try:
        page = context.new_page()
        load_finished(page, base_url, finished)
        click(page, "#review-game")
        wait_analysed(page)
        click(page, "#review-list li[data-frame]", 4)
        for _ in range(12):                    # a checker play with a choice: its plays listed
            if page.locator("#review-detail button.review-play-row").count() > 1:
                break
            click(page, "#replay-next")
        # issue 33: the board yields half the screen; the decision's words and its play drawn on
        # the board are on screen together, under the replay's buttons
        seen = page.evaluate("""() => { const r = s => document.querySelector(s).getBoundingClientRect();
            return {vh: innerHeight, board: r('#board svg'), drawn: r('#board svg g.preview'),
                    line: r('#review-detail .review-line'), row: r('#review-detail button.review-play-row'),
                    next: r('#replay-next')}; }""")
        for name in ("drawn", "line", "row", "next"):
            assert 0 <= seen[name]["top"] and seen[name]["bottom"] <= seen["vh"], (name, seen[name])
        assert seen["board"]["bottom"] <= seen["vh"] / 2 + 80, seen["board"]
        # a tap draws a play on the board; a second tap on it keeps it drawn
        rows = page.locator("#review-detail button.review-play-row")
        target = rows.nth(1)
        play = target.get_attribute("data-review-play")
        target.tap()
        page.wait_for_function(f"({PREVIEW}) === {play!r}")
        assert target.get_attribute("aria-pressed") == "false"
        act(page, lambda: page.locator(f'#review-detail button.review-play-row[data-review-play="{play}"]').first.tap())
        assert page.locator('#review-detail button[aria-pressed="true"]').first.get_attribute("data-review-play") == play
        shoot(page, "phone-review-plays")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        for name in ("review-summary", "review-detail", "review-try-input", "review-play", "review-list"):
            box = page.locator(f"#{name}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 375, name
        page.locator("#review-panel").scroll_into_view_if_needed()
        shoot(page, "phone-review")
        page.locator("#review-detail").scroll_into_view_if_needed()
        shoot(page, "phone-review-detail")
    finally:
        context.close()
