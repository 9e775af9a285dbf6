"""Your progress in Chromium: ``?progress`` opens the screen on records seeded in localStorage.

The chart (``#progress-chart``) has one element per match analysed, its ``data-rate`` the stored
rate; a click on the point of a match still kept opens its review, one whose match is gone says
so. Firefox and WebKit: tests/browser/test_progress_engines.py.
"""

import json

import pytest

from app_driver import open_app, wait_ready
from engines import is_tool_noise
from finished_match import finished_match

from game.app.keep import progress_log, storage

STEP_MS = 30_000


def seeded(kept_key):
    """Six records, newest first: one of the kept match (``kept_key``), the computer's and a
    friend's, and one not analysed yet."""
    entries = []
    for i in range(6):
        kind = "friend" if i % 3 == 1 else "bot"
        entry = progress_log.blank(kept_key if i == 0 else f"{i:016x}", 1764600000 - 3600 * i, kind,
                                   "expert" if kind == "bot" else None, 5, 1, i % 2 == 0, [5, 2 + i % 3])
        if i != 5:
            entry.update(analysed=True, rate=4.0 + 3 * i, checker_rate=3.5 + 3 * i,
                         cube_rate=None if i == 2 else 10.0 + i, luck=0.1 * i - 0.2, decisions=40 + i,
                         moves=36 + i, cube_decisions=4)
        entries.append(entry)
    return entries


def test_progress_opens_on_its_chart_and_a_point_opens_the_review(page, base_url):
    finished = finished_match()
    key = progress_log.match_key(finished["data"]["events"])
    entries = seeded(key)
    items = dict(finished["items"], **{storage.PROGRESS: storage.pack("progress", {"entries": entries})})
    errors = []
    page.on("pageerror", lambda e: not is_tool_noise(str(e)) and errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    items[storage.PREFS] = json.dumps({"schema": 1, "kind": "prefs", "data": {"animate": False, "fast_bot": True}})
    page.goto(f"{base_url}/__seed__")          # any page of the origin: the server's 404 is the cheapest
    page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }", items)
    open_app(page, f"{base_url}/?progress")    # one load of the app
    wait_ready(page)
    page.wait_for_selector("#progress-dialog[open] #progress-chart", timeout=STEP_MS)
    points = page.locator("#progress-chart [data-match]")
    found = points.evaluate_all("els => els.map(e => [e.dataset.match, Number(e.dataset.rate)])")
    analysed = [e for e in entries if e["analysed"]][::-1]            # oldest on the left
    assert found == [[e["key"], e["rate"]] for e in analysed]
    assert page.locator("#progress-body tr[data-match]").count() == 6
    # the friend's matches alone
    page.click('[data-progress-kind="friend"]')
    page.wait_for_selector('[data-progress-kind="friend"][aria-pressed="true"]', timeout=STEP_MS)
    assert page.locator("#progress-chart [data-match]").count() == sum(
        1 for e in analysed if e["kind"] == "friend")
    page.click('[data-progress-kind="all"]')
    page.wait_for_selector('[data-progress-kind="all"][aria-pressed="true"]', timeout=STEP_MS)
    # a match no longer kept: said in the dialog, which stays open
    page.locator(f'#progress-chart [data-match="{analysed[0]["key"]}"] .chart-hit').click()
    page.wait_for_function("document.getElementById('progress-status').textContent !== ''", timeout=STEP_MS)
    assert "no longer kept" in page.locator("#progress-status").inner_text()
    # the kept one: its review opens over the match
    page.locator(f'#progress-chart [data-match="{key}"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#review-panel:not([hidden])", timeout=STEP_MS)
    assert page.locator("#progress-dialog[open]").count() == 0
    assert json.loads(page.evaluate(f"localStorage.getItem('{storage.PROGRESS}')"))["data"]["entries"][0]["key"] == key
    assert errors == []


ANALYSED_MS = 180_000


@pytest.fixture
def tiered_page(tiered_browser):
    """A page of the engine with its optimizing tier (tests/conftest.py): it analyses a match."""
    context = tiered_browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    yield context.new_page()
    context.close()


def test_a_match_over_is_analysed_in_the_background_and_charted(tiered_page, base_url):
    """A 1-point match against the computer, over on the board (played in CPython, stored as the
    app stores it): its record waits for its figures; the page analyses it, the board idle, and
    the chart then has its point. "See your progress" shows beside the end of the match."""
    page = tiered_page
    from test_ui_progress import play_to_the_end

    from game.app.controller import Controller
    store = storage.MemoryStore()
    app = Controller(store)
    app.boot("?mode=bot&length=1&seed=d&level=beginner")   # a short match: 49 moves
    play_to_the_end(app)
    (record,) = app.progress.entries()
    assert not record["analysed"]
    items = {k: t for k, t in store.items.items() if k != storage.PREFS}
    items[storage.PREFS] = json.dumps({"schema": 1, "kind": "prefs", "data": {"animate": False, "fast_bot": True}})
    errors = []
    page.on("pageerror", lambda e: not is_tool_noise(str(e)) and errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{base_url}/__seed__")
    page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }", items)
    open_app(page, f"{base_url}/")
    wait_ready(page)
    page.wait_for_selector("#progress-end:not([hidden])", timeout=STEP_MS)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{storage.PROGRESS}')).data.entries[0].analysed",
                           timeout=ANALYSED_MS)
    stored = json.loads(page.evaluate(f"localStorage.getItem('{storage.PROGRESS}')"))["data"]["entries"]
    run = app.progress.steps()                     # the same analysis in CPython: the same figures
    while True:
        try:
            next(run)
        except StopIteration:
            break
    assert stored == app.progress.entries()
    page.click("#progress-end")
    page.wait_for_selector("#progress-dialog[open] #progress-chart", timeout=STEP_MS)
    assert page.locator("#progress-chart [data-match]").evaluate_all(
        "els => els.map(e => [e.dataset.match, Number(e.dataset.rate)])") == [[record["key"], stored[0]["rate"]]]
    # the replay's graph: a point per move; one clicked shows its move
    page.click("#progress-close")
    page.click("#replay")
    page.wait_for_selector("#replay-graph", timeout=STEP_MS)
    points = page.locator("#replay-graph .graph-point")
    assert points.count() == sum(1 for e in app.match.to_dict()["events"] if e["type"] == "move")
    frame = points.nth(5).get_attribute("data-frame")
    points.nth(5).locator(".graph-hit").click()
    page.wait_for_function(f"document.getElementById('replay-slider').value === '{frame}'", timeout=STEP_MS)
    assert page.locator(f'#replay-graph [data-frame="{frame}"][aria-current="true"]').count() == 1
    assert errors == []
