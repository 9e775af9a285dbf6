"""Accessibility in Chromium: an axe-core scan of every screen, and the keyboard alone.

axe-core is a development dependency (package.json ``devDependencies``, pinned),
read from ``node_modules`` and injected into the page by the test; it is never
copied into ``static/vendor`` nor shipped.  The page's Content-Security-Policy
forbids inline scripts, so the scanned pages run in a context that bypasses it
(the scan needs it; the app's own behaviour does not change).

Each screen must have no violation of impact "serious" or "critical"; every
rule axe runs by default stays on.  The results per screen are printed (``-s``).

The keyboard tests press keys only: no click, no mouse, no JavaScript focus.
"""

import json
import pathlib
from collections import deque

import pytest
from app_driver import act, enabled, open_app, wait_ready
from engines import inject_axe
from page_driver import TAB_AHEAD

from game.app.view.keyboard import SLOTS, next_slot

ROOT = pathlib.Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FAST = {"fast_bot": True, "animate": False}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
PROJECTOR = {"width": 1920, "height": 1080}
SHOTS = pathlib.Path("/tmp/shots")
BLOCKING = ("serious", "critical")

@pytest.fixture(scope="module")
def axe_source():
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make vendor does)")
    return AXE


@pytest.fixture
def scanned(browser, axe_source):
    """New pages in a context where axe may be injected; every page's results end up in one dict."""
    contexts = []
    results = {}

    def new_page(viewport=DESKTOP, locale="en-GB"):
        context = browser.new_context(viewport=viewport, locale=locale, bypass_csp=True,
                                      reduced_motion="reduce")
        contexts.append(context)
        return context.new_page()

    def scan(page, name):
        inject_axe(page)
        found = page.evaluate("""async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
        }""")
        results[name] = found
        return found

    yield new_page, scan, results
    for name, found in results.items():
        print(f"axe {name}: {len(found)} violations"
              + "".join(f"\n    {v['impact']} {v['id']}: {v['nodes'][:3]}" for v in found))
    for context in contexts:
        context.close()


def blocking(results):
    return {name: [v for v in found if v["impact"] in BLOCKING] for name, found in results.items()
            if any(v["impact"] in BLOCKING for v in found)}


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"a11y-{name}.png"))


def press(page, key):
    """Press a key and wait for the page to draw what it did (every handled key draws)."""
    act(page, lambda: page.keyboard.press(key))


def focused(page):
    return page.evaluate("""() => { const e = document.activeElement;
        return e ? (e.dataset && e.dataset.place) || e.id || e.getAttribute('name') || e.tagName : null; }""")


def tab_to(page, wanted, limit=90, backwards=False):
    """Tab (or Shift+Tab) until ``wanted`` (an id, a data-place, or a callable on it) has the focus.

    Past the last control Chromium wraps to the first; Firefox leaves the document (the
    focus on BODY) and comes back to the same end: there the search turns round.
    """
    test = wanted if callable(wanted) else (lambda name: name == wanted)
    if not callable(wanted):   # the way that stays in the page (page_driver.TAB_AHEAD)
        if focused(page) == wanted:
            return wanted
        ahead = page.evaluate(f"(arg) => {TAB_AHEAD}", wanted)
        backwards = backwards if ahead is None else not ahead
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if focused(page) in (None, "BODY", "HTML"):
            backwards = not backwards
            page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if test(focused(page)):
            return focused(page)
    raise AssertionError(f"Tab never reached {wanted!r}; last {focused(page)!r}")


def places(page):
    """``{data-place: aria-label}`` of the board, as a screen reader reads it."""
    return page.eval_on_selector_all(
        "#board [data-place]", "els => Object.fromEntries(els.map(e => [e.dataset.place, e.getAttribute('aria-label')]))")


def said(page):
    return page.eval_on_selector_all("#announce p", "els => els.map(e => e.textContent)")


def roll_pick(page):
    """From the board: roll with R, then pick the checker the focus starts on (Enter)."""
    tab_to(page, lambda name: name in SLOTS)
    press(page, "r")
    press(page, "Enter")


# --- axe on every screen --------------------------------------------------------------------------
def test_axe_every_screen_in_english_on_a_desktop(scanned, base_url):
    new_page, scan, results = scanned
    page = open_app(new_page(), f"{base_url}/?mode=hotseat&length=3&seed=axe-1&lang=en", prefs=FAST)
    scan(page, "en start")
    roll_pick(page)
    assert page.locator(".checker.selected").count() == 1
    scan(page, "en rolled, checker selected")
    shoot(page, "desktop-selected")
    page.keyboard.press("Escape")
    # the hint
    tab_to(page, "hint")
    press(page, "Enter")
    page.wait_for_selector("#hint-panel table.hints", timeout=60_000)
    scan(page, "en hint shown")
    # play the roll (typed), end the turn: the other player may double
    tab_to(page, "move-input", backwards=True)
    page.keyboard.type(page.eval_on_selector("#hint-panel [data-play]", "e => e.dataset.play"))
    press(page, "Enter")
    tab_to(page, "done", backwards=True)
    press(page, "Enter")
    tab_to(page, "double")
    press(page, "Enter")
    assert page.locator("#take:not([hidden])").count() == 1
    scan(page, "en cube offered")
    tab_to(page, "drop")
    press(page, "Enter")
    assert enabled(page, "next-game")
    scan(page, "en game over")
    shoot(page, "desktop-game-over")
    # the keyboard help open, the replay of the match so far
    page.locator("#keys-help summary").focus()
    page.keyboard.press("Enter")
    scan(page, "en keyboard help")
    tab_to(page, "replay")
    press(page, "Enter")
    assert page.locator("#replay-bar:not([hidden])").count() == 1
    scan(page, "en replay")
    tab_to(page, "replay-close", backwards=True)
    press(page, "Enter")
    # dialogs
    tab_to(page, "new-match", backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-match-dialog[open]")
    scan(page, "en new-match dialog")
    page.keyboard.press("Escape")
    tab_to(page, "settings-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#settings-dialog[open]")
    scan(page, "en settings dialog")
    page.keyboard.press("Escape")
    # a finished match in the history: resign a one-point match
    page.goto(f"{base_url}/?mode=hotseat&length=1&seed=axe-2&lang=en")
    wait_ready(page)
    tab_to(page, "roll")
    press(page, "Enter")
    tab_to(page, "resign")
    press(page, "Enter")                 # the choice of what to give up, the focus on its first
    scan(page, "en resign choice")
    press(page, "Enter")                 # a single game: the other player answers
    press(page, "Enter")                 # Accept
    assert "won the match" in " ".join(said(page))
    scan(page, "en match over")
    tab_to(page, "history-button", backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("#history-dialog[open] [data-action]")
    scan(page, "en history")
    assert blocking(results) == {}


def test_axe_in_french_on_a_phone(scanned, base_url):
    new_page, scan, results = scanned
    page = open_app(new_page(PHONE, "fr-FR"), f"{base_url}/?mode=hotseat&length=3&seed=axe-3&lang=fr", prefs=FAST)
    assert page.locator("html").get_attribute("lang") == "fr"
    scan(page, "fr phone start")
    roll_pick(page)
    page.wait_for_selector(".checker.selected")
    scan(page, "fr phone rolled, checker selected")
    shoot(page, "phone-fr-selected")
    page.locator("#new-match").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-match-dialog[open]")
    scan(page, "fr phone new-match dialog")
    shoot(page, "phone-fr-dialog")
    page.keyboard.press("Escape")
    assert blocking(results) == {}


def test_axe_projector_size(scanned, base_url):
    new_page, scan, results = scanned
    page = open_app(new_page(PROJECTOR), f"{base_url}/?mode=hotseat&length=5&seed=axe-4&lang=en", prefs=FAST)
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "20px"
    scan(page, "projector start")
    roll_pick(page)
    scan(page, "projector rolled, checker selected")
    shoot(page, "projector-selected")
    assert blocking(results) == {}


def test_axe_lessons_position_editor_and_review(scanned, base_url):
    """The screens other parts of the app add: the lessons, the position editor, the review."""
    new_page, scan, results = scanned
    page = open_app(new_page(), f"{base_url}/?mode=hotseat&length=1&seed=axe-5&lang=en", prefs=FAST)
    page.locator("#lessons-button").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#lessons-dialog[open] [data-lesson]")
    scan(page, "en lessons list")
    act(page, lambda: page.keyboard.press("Enter"))          # the first lesson, focused first
    page.wait_for_selector("#lesson-panel:not([hidden])")
    scan(page, "en lesson open")
    shoot(page, "desktop-lesson")
    tab_to(page, "lesson-close")
    press(page, "Enter")
    tab_to(page, "edit-position")
    press(page, "Enter")
    page.wait_for_selector("#editor-panel:not([hidden])")
    tab_to(page, lambda name: name in SLOTS, backwards=True)
    press(page, "Enter")                                       # a checker added with the keyboard
    scan(page, "en position editor")
    shoot(page, "desktop-editor")
    tab_to(page, "editor-cancel")
    press(page, "Enter")
    # a game with a move, resigned, then its review
    tab_to(page, "roll")
    press(page, "Enter")
    play_the_roll(page)
    press(page, "d")
    tab_to(page, "resign")
    press(page, "Enter")
    press(page, "Enter")
    press(page, "Enter")
    tab_to(page, "review-game")
    press(page, "Enter")
    page.wait_for_selector("#review-panel:not([hidden])")
    scan(page, "en review")
    shoot(page, "desktop-review")
    assert blocking(results) == {}


def test_axe_tutor_rollout_puzzles_and_progress(scanned, base_url):
    """The screens of learning from your games (issue 43) and rollouts (issue 42): the tutor's
    warning, a rollout's panel, the puzzle deck and the progress chart, in French."""
    from test_app_tutor import BLUNDER
    from test_progress import seeded
    from test_puzzles import FIVE_TWO, puzzle

    from game.app.keep import storage
    from game.app.keep.puzzle_deck import KIND

    new_page, scan, results = scanned
    page = open_app(new_page(), f"{base_url}/?mode=bot&length=5&tutor=error&seed=t1&lang=fr", prefs=FAST)
    act(page, lambda: page.click("#roll"))
    act(page, lambda: (page.fill("#move-input", BLUNDER), page.press("#move-input", "Enter")))
    act(page, lambda: page.click("#done"))
    page.wait_for_selector("#tutor-warning", state="visible")
    scan(page, "fr tutor warning")
    act(page, lambda: page.click("#tutor-again"))
    act(page, lambda: page.click("#hint"))
    page.wait_for_selector("#rollout-open")
    page.click("#rollout-open")
    page.wait_for_function("Number(document.getElementById('rollout-games')?.dataset.games || 0) >= 1")
    scan(page, "fr rollout running")
    page.click("#rollout-stop")
    page.wait_for_selector("#rollout-start:not([hidden])")
    items = {storage.PUZZLES: storage.pack(KIND, {"puzzles": [puzzle(FIVE_TWO, "13/6", 0)]}),
             storage.PROGRESS: storage.pack("progress", {"entries": seeded("0" * 16)})}
    page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }", items)
    page.goto(f"{base_url}/?puzzles&lang=fr")
    wait_ready(page)
    page.wait_for_selector('#puzzles-panel[data-screen="solve"]')
    scan(page, "fr puzzle")
    page.goto(f"{base_url}/?progress&lang=fr")
    wait_ready(page)
    page.wait_for_selector("#progress-dialog[open] #progress-chart")
    scan(page, "fr progress")
    assert set(results) == {"fr tutor warning", "fr rollout running", "fr puzzle", "fr progress"}
    assert blocking(results) == {}


# --- the keyboard alone ------------------------------------------------------------------------------
def path_to(start, goal, bottom=1, home_right=True):
    """The shortest list of arrow keys (Home, End) from one place of the board to another."""
    keys = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
    seen = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for key in keys:
            there = next_slot(here, key, bottom, home_right)
            if there not in seen:
                seen[there] = seen[here] + [key]
                todo.append(there)
    raise AssertionError(f"no way from {start} to {goal}")


def number_of(label):
    """The point a place's label names, in the mover's numbering (the bar 25, a tray 0)."""
    head = label.split(":")[0]
    if head.startswith("Point "):
        return int(head.split()[1])
    return 25 if head.startswith("Bar") else 0


def go(page, place):
    for key in path_to(focused(page), place):
        press(page, key)
    assert focused(page) == place


def play_the_roll(page):
    """From the board: each checker that can move, to its first place, until Done is enabled."""
    while not enabled(page, "done"):
        movable = [p for p, label in places(page).items() if label.endswith("can move")]
        go(page, movable[0])
        press(page, "Enter")
        targets = [p for p, label in places(page).items() if label.endswith("move here")]
        go(page, targets[0])
        press(page, "Enter")


def test_a_whole_game_with_the_keyboard_only(scanned, base_url):
    """Hot-seat, one point, seeded dice: Tab to the board, then only keys. The moves are
    chosen from what the places' labels say (can move, move here), as a screen reader reads them."""
    new_page, _scan, _results = scanned
    page = open_app(new_page(), f"{base_url}/?mode=hotseat&length=1&seed=keys-7&lang=en", prefs=FAST)
    tab_to(page, lambda name: name in SLOTS)
    turns = 0
    while not enabled(page, "next-game") and "won the match" not in " ".join(said(page)):
        turns += 1
        assert turns < 600, said(page)[-3:]
        labels = places(page)
        movable = [p for p, label in labels.items() if label.endswith("can move")]
        if enabled(page, "roll"):
            press(page, "r")
        elif movable:
            go(page, max(movable, key=lambda p: number_of(labels[p])))    # the rearmost
            press(page, "Enter")
            labels = places(page)
            targets = [p for p, label in labels.items() if label.endswith("move here")]
            assert targets, labels
            go(page, min(targets, key=lambda p: number_of(labels[p])))    # as far as it goes
            press(page, "Enter")
        else:
            assert enabled(page, "done"), page.locator("#message").inner_text()
            press(page, "d")
    text = " ".join(said(page))
    assert "won the match" in text and "Roll for" in text and "played" in text
    assert page.locator(".py-error").count() == 0
    assert not page.locator("#message").inner_text().startswith(("TypeError", "AttributeError", "JsException"))
    shoot(page, "keyboard-game-over")


def test_buttons_cube_and_dialogs_with_the_keyboard(scanned, base_url):
    new_page, _scan, _results = scanned
    page = open_app(new_page(), f"{base_url}/?mode=hotseat&length=5&seed=keys-8&lang=en", prefs=FAST)
    # Roll, Undo, Done are buttons reached with Tab
    tab_to(page, "roll")
    press(page, "Enter")
    assert focused(page) in SLOTS          # Roll went disabled: the focus went to the board
    press(page, "Enter")                   # pick the checker the focus starts on
    targets = [p for p, label in places(page).items() if label.endswith("move here")]
    go(page, targets[0])
    press(page, "Enter")
    assert "Moved" in said(page)[-2] or "Moved" in said(page)[-1]
    tab_to(page, "undo")
    press(page, "Enter")
    assert any(s.startswith("Undone") for s in said(page))
    # the rest of the roll on the board, then Done; the other player doubles and it is taken
    tab_to(page, lambda name: name in SLOTS, backwards=True)
    play_the_roll(page)
    press(page, "d")
    tab_to(page, "double")
    press(page, "Enter")
    assert "take or drop?" in said(page)[-1]
    tab_to(page, "take")
    press(page, "Enter")
    assert "took" in " ".join(said(page)[-2:])
    assert page.locator(".cube").get_attribute("data-value") == "2"
    # Resign asks what to give up: Escape closes the choice, the focus back on Resign
    tab_to(page, "resign")
    press(page, "Enter")
    assert "give up" in page.locator("#message").inner_text()
    assert page.evaluate("document.activeElement.id") == "resign-single"
    press(page, "Escape")
    assert page.evaluate("document.activeElement.id") == "resign"
    press(page, "Enter")
    press(page, "Enter")
    assert page.evaluate("document.activeElement.id") == "accept-resign"
    press(page, "Enter")
    assert "resigned" in " ".join(said(page))
    # the new-match dialog: the focus goes in, goes round, Escape closes, the focus comes back
    tab_to(page, "new-match", backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_selector("#new-match-dialog[open]")
    inside = page.evaluate("() => document.activeElement.closest('dialog')?.id")
    assert inside == "new-match-dialog"
    for _ in range(30):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('dialog')?.id") == "new-match-dialog"
    for _ in range(30):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement.closest('dialog')?.id") == "new-match-dialog"
    page.keyboard.press("Escape")
    assert page.locator("#new-match-dialog[open]").count() == 0
    assert focused(page) == "new-match"
    # and a new match started from it with the keyboard: money play, the computer
    page.keyboard.press("Enter")
    tab_to(page, "setup-start")
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.locator("#new-match-dialog[open]").count() == 0
    assert focused(page) == "new-match"
    # the history dialog: round and back
    tab_to(page, "history-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#history-dialog[open]")
    for _ in range(6):
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.closest('dialog')?.id") == "history-dialog"
    page.keyboard.press("Escape")
    assert focused(page) == "history-button"
