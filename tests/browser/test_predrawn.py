"""The board at once: drawn at build time, or the last drawing kept, then Python in its place.

Python is held back by holding the page's request for main.py: what the page shows until
then is what static/js/boot-board.js put in place. Layout shifts are read from the
engine's own record (``layout-shift`` entries: Chromium); the first visit's notice about
storage that may not last is marked as already said, as on every later visit, so that it
does not move the side panel (it is the app's, not the start's).
"""

import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import predraw  # noqa: E402

pytestmark = pytest.mark.browser

READY = 'body[data-ready="true"]'
READY_TIMEOUT_MS = 120_000
SETUP = """
if (location.protocol.startsWith('http')) localStorage.setItem('backgammon-persist-notice', '1');
window.__shift = 0;
try {
  window.__shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) {
    if (!e.hadRecentInput) window.__shift += e.value;      // as CLS counts
    window.__shifts.push([e.value, Math.round(e.startTime), e.hadRecentInput, (e.sources || []).map(
      s => s.node ? (s.node.id || s.node.className || s.node.nodeName) + ' ' + JSON.stringify(s.previousRect) + ' > ' + JSON.stringify(s.currentRect) : '?')]);
  } })
    .observe({type: 'layout-shift', buffered: true});
} catch (e) { window.__shift = null; }
"""
CHECKERS = """Array.from(document.querySelectorAll('#board .checker'),
    c => [c.dataset.key, c.getAttribute('cx'), c.getAttribute('cy')]).sort()"""
BOXES = """Object.fromEntries(['board', 'player-top', 'player-bottom', 'message', 'actions', 'side'].map(
    id => { const r = document.getElementById(id).getBoundingClientRect();
            return [id, [r.x, r.y, r.width, r.height].map(Math.round)]; }))"""


class HeldPython:
    """Holds the page's request for main.py until :meth:`release`."""

    def __init__(self, context):
        self.routes = []
        self.released = False
        context.route("**/main.py", self.hold)

    def hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture
def context(browser):
    # no service worker: it would answer main.py from its cache, past the hold
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB",
                                  service_workers="block")
    context.add_init_script(SETUP)
    yield context
    context.close()


def shown(page):
    return page.evaluate("""({drawing: document.body.dataset.drawing, booting: document.body.classList.contains('booting'),
        waiting: document.getElementById('table').classList.contains('waiting'),
        message: document.getElementById('message').textContent,
        checkers: document.querySelectorAll('#board .checker').length})""")


def test_the_built_page_holds_the_opening_position_drawn_by_the_app(base_url):
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert predraw.render_index(index, predraw.drawings()) == index, "run `make vendor`"
    opening = predraw.drawing("en", "flat")
    assert opening["board"] in index and opening["board"].count('class="checker') == 30
    data = json.loads(index.split('<script type="application/json" id="predrawn">')[1].split("</script>")[0])
    assert sorted(data["drawings"]) == ["en-compact", "en-upright", "fr-compact", "fr-flat", "fr-upright"]
    assert "tirage d'ouverture" in data["drawings"]["fr-flat"]["message"]


def test_a_first_visit_shows_the_board_before_python_then_python_takes_over_in_place(context, base_url):
    held = HeldPython(context)
    page = context.new_page()
    page.goto(base_url + "/", wait_until="domcontentloaded")
    before = shown(page)
    assert before == {"drawing": "predrawn", "booting": True, "waiting": False, "checkers": 30,
                      "message": predraw.drawing("en", "flat")["message"]}
    checkers, boxes = page.evaluate(CHECKERS), page.evaluate(BOXES)
    # a click before Python is ready is ignored, and the page says so
    page.click("#roll", force=True)
    assert "Not yet: the game is starting" in page.inner_text("#boot-progress")
    assert shown(page)["message"] == before["message"]
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    after = shown(page)
    assert after["booting"] is False and after["message"] == before["message"]
    assert page.evaluate(CHECKERS) == checkers
    assert page.evaluate(BOXES) == boxes
    assert page.locator("#boot-progress").is_hidden()
    if page.evaluate("window.__shift") is not None:       # Chromium records layout shifts
        assert page.evaluate("window.__shift") == 0, page.evaluate("window.__shifts")


def test_a_return_visit_shows_the_last_drawing_and_never_a_stale_one(context, base_url):
    page = context.new_page()
    page.goto(base_url + "/?mode=hotseat")      # two players here: no computer moving on its own
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    renders = page.evaluate("Number(document.body.dataset.renders)")
    page.click("#roll")                       # the opening roll: dice on the board, a save
    page.wait_for_function(f"Number(document.body.dataset.renders) > {renders}")
    page.wait_for_function("localStorage.getItem('backgammon.shown') !== null")
    last = {"checkers": page.evaluate(CHECKERS), "message": shown(page)["message"],
            "dice": page.locator('#board [data-slot="dice"]').count()}
    assert last["dice"] > 0
    page.close()

    held = HeldPython(context)
    page = context.new_page()
    page.goto(base_url + "/", wait_until="domcontentloaded")
    assert shown(page)["drawing"] == "saved"
    assert {"checkers": page.evaluate(CHECKERS), "message": shown(page)["message"],
            "dice": page.locator('#board [data-slot="dice"]').count()} == last
    boxes = page.evaluate(BOXES)
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert shown(page)["message"] == last["message"] and page.evaluate(CHECKERS) == last["checkers"]
    assert page.evaluate(BOXES) == boxes
    if page.evaluate("window.__shift") is not None:
        assert page.evaluate("window.__shift") == 0, page.evaluate("window.__shifts")
    copy = page.evaluate("localStorage.getItem('backgammon.shown')")
    page.close()

    # a copy of another build, or of another match than the one saved, is never shown
    held = HeldPython(context)
    for field, value in (("build", "another build"), ("crc", 12345)):
        stale = json.loads(copy)
        stale[field] = value
        page = context.new_page()
        page.goto(base_url + "/__blank__")
        page.evaluate("(text) => localStorage.setItem('backgammon.shown', text)", json.dumps(stale))
        held.released = False
        page.goto(base_url + "/", wait_until="domcontentloaded")
        state = shown(page)
        assert (state["drawing"], state["waiting"]) == ("none", True), field
        assert page.locator("#board").evaluate("e => getComputedStyle(e).visibility") == "hidden"
        held.release()
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        # Python drew the match (the computer may have moved since: its own turn)
        assert shown(page)["waiting"] is False and shown(page)["checkers"] == 30
        page.close()
