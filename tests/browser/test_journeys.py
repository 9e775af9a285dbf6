"""The main journeys, written once and run in the engines: Chromium, Firefox and WebKitGTK.

Each test drives the page through :mod:`page_driver` (one implementation per driver),
so the same steps run in each engine; the ids name the engine. Only what engines
do differently is here: the first load in French and in English, the language menu as
painted and the layout on a phone, a game against the computer to the end (the page's
clicks and the bot's turns), hot-seat by clicks, a drag, the keyboard and typed moves with
Undo and Done, a reload in the middle of a turn, a reload offline after one visit, a
``.mat`` file saved and opened (each engine saves and reads files its own way), and Enter
on Done reached with Shift+Tab. A journey marked ``engines(...)`` runs in those engines
only: its docstring names the tests that check it in the others (most of the app's
browser tests run in Chromium: tests/browser/test_app_*.py, test_a11y.py, and CPython checks
what the app does once a click has arrived: tests/test_ui_*.py).
Screenshots of the same screens go to /tmp/shots/engines/ (compared by eye between
engines; see the closing notes of issue 17)."""

import pathlib
import random
from collections import Counter, deque
from urllib.parse import quote

import pytest
import png
from offline_site import Site

from game.ids.match_id import decode_match_id
from game.formats.mat_read import import_mat
from game.position import Position
from game.app.view.keyboard import SLOTS, next_slot

FAST = {"fast_bot": True, "animate": False}
SHOTS = pathlib.Path("/tmp/shots/engines")
PHONE = (375, 667)

#: everything one look at the page needs, in one round trip (WebKit's driver is slow)
LOOK = """(() => {
  const on = (id) => !!document.querySelector('#' + id + ':not([disabled]):not([hidden])');
  return {
    roll: on('roll'), done: on('done'), undo: on('undo'), take: on('take'),
    accept: on('accept-resign'), next: on('next-game'),
    movable: document.querySelectorAll('.checker.movable').length,
    targets: document.querySelectorAll('.tray.target, .target').length,
    message: document.querySelector('#message').textContent,
    renders: Number(document.body.dataset.renders || 0),
  };
})()"""
BOARD = """(() => ({
  checkers: [...document.querySelectorAll('.checker')].map(e => e.dataset.player + ':' + e.dataset.point),
  dice: [...document.querySelectorAll('.die')].map(e => e.dataset.value),
  position_id: document.querySelector('#position-id').textContent,
  match_id: document.querySelector('#match-id').textContent,
}))()"""


def board(d):
    found = d.evaluate(BOARD)
    found["checkers"] = Counter(found["checkers"])
    return found


def over(look):
    return any(words in look["message"] for words in ("wins the match", "win the match", "remporte le match",
                                                      "remportez le match"))


def step_by_clicks(d, rng):
    """Click a movable checker (mostly the rearmost), then a highlighted destination."""
    look = d.evaluate(LOOK)
    assert look["movable"], look["message"]
    d.click_and_render(".checker.movable, .checker.selected",
                       look["movable"] - 1 if rng.random() < 0.8 else rng.randrange(look["movable"]))
    targets = d.count(".tray.target, .target")
    assert targets, d.text("#message")
    d.click_and_render(".tray.target, .target", 0 if rng.random() < 0.8 else rng.randrange(targets))


def finish_turn_by_clicks(d, rng):
    while d.count(".checker.movable"):
        step_by_clicks(d, rng)
    look = d.evaluate(LOOK)
    if look["next"] or over(look):
        return
    assert look["done"], look["message"]
    d.click_and_render("#done")


def shoot(d, name):
    d.shot(SHOTS / f"{name}-{d.engine}.png")


def tab_to(d, wanted, limit=90, backwards=False):
    """Tab until ``wanted`` (a name or a test on it) has the focus; turn round where the
    focus leaves the document (Firefox and WebKit do not wrap as headless Chromium does)."""
    test = wanted if callable(wanted) else (lambda name: name == wanted)
    if not callable(wanted):   # the way that stays in the page (page_driver.TAB_AHEAD)
        if d.focused() == wanted:
            return wanted
        ahead = d.ahead(wanted)
        backwards = backwards if ahead is None else not ahead
    for _ in range(limit):
        d.press("Shift+Tab" if backwards else "Tab")
        name = d.focused()
        if name in (None, "BODY", "HTML"):
            backwards = not backwards
            continue
        if test(name):
            return name
    raise AssertionError(f"{d.engine}: Tab never reached {wanted!r}; last {d.focused()!r}")


def path_to(start, goal, bottom=1, home_right=True):
    """The arrow keys from one place of the board to another (game.app.view.keyboard's map)."""
    seen = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            there = next_slot(here, key, bottom, home_right)
            if there not in seen:
                seen[there] = seen[here] + [key]
                todo.append(there)
    raise AssertionError(f"no way from {start} to {goal}")


def places(d):
    return d.evaluate("Object.fromEntries([...document.querySelectorAll('#board [data-place]')]"
                      ".map(e => [e.dataset.place, e.getAttribute('aria-label')]))")


def go(d, place):
    for key in path_to(d.focused(), place):
        d.press_and_render(key)
    assert d.focused() == place


def assert_the_language_menu_reads_light_on_the_dark_top_bar(d):
    """WebKit painted the menu (EN) as a native light box under its light text: measured on
    the screenshot, the box stays as dark as the top bar and its text stands out."""
    lang = d.evaluate("document.documentElement.lang")
    path = SHOTS / f"topbar-language-{lang}-{d.engine}.png"
    d.shot(path)
    x, y, width, height, scale = d.evaluate(
        "(() => { const r = document.querySelector('#lang').getBoundingClientRect();"
        " return [r.x, r.y, r.width, r.height, devicePixelRatio]; })()")
    image = png.read(path.read_bytes())
    inset = 4        # inside the border and its rounded corners
    shades = sorted(png.luminance(image.pixel(px, py))
                    for px in range(int((x + inset) * scale), int((x + width - inset) * scale))
                    for py in range(int((y + inset) * scale), int((y + height - inset) * scale)))
    background, text = shades[len(shades) // 2], shades[-1]
    assert background < 0.2, f"the menu's box is light (luminance {background:.2f})"
    assert (text + 0.05) / (background + 0.05) >= 4.5, (text, background)


# --- the journeys ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, roll", [("fr", "Lancer les dés"), ("en", "Roll")])
def test_first_load_in_each_language(open_page, base_url, lang, roll):
    d = open_page()
    d.open(f"{base_url}/?lang={lang}")
    assert d.evaluate("document.documentElement.lang") == lang
    assert d.evaluate("document.querySelector('#lang').value") == lang
    assert d.text("#roll") == roll
    assert d.count(".checker") == 30
    assert d.errors() == []
    shoot(d, f"first-load-{lang}-desktop")
    assert_the_language_menu_reads_light_on_the_dark_top_bar(d)
    d.set_viewport(*PHONE)
    d.evaluate("window.scrollTo(0, 0)")
    width = d.evaluate("innerWidth")      # WebKitGTK: in a frame of the phone's size (page_driver)
    assert width == PHONE[0]
    assert d.evaluate("document.documentElement.scrollWidth") <= width
    shoot(d, f"first-load-{lang}-phone")


#: a 1-point match, both sides bearing off (5 checkers each), the person to roll
RACE_END = "XGID=-BBA-----------------b-ba-:0:0:1:00:0:0:0:1:10"


@pytest.mark.engines("firefox", "webkit")
def test_a_game_against_the_computer_to_the_end(open_page, base_url):
    """From a race near its end (an XGID link against the computer): the link, rolls, checkers
    borne off by clicks, the computer's turns and the end of the game, in this engine. A whole
    game from the opening is tests/browser/test_app_play.py::test_against_the_bot_to_the_end
    (Chromium): played here too it took 2 to 3 minutes an engine, and what it adds is the
    same Python."""
    d = open_page().open(f"{base_url}/?xgid={quote(RACE_END)}&mode=bot&seed=bot-5&level=beginner", prefs=FAST)
    rng = random.Random(5)
    for turn in range(600):
        look = d.evaluate(LOOK)
        if over(look):
            break
        if turn == 30:
            shoot(d, "bot-midgame-desktop")
        if look["roll"]:
            d.click_and_render("#roll")
        elif look["movable"]:
            step_by_clicks(d, rng)
        elif look["done"]:
            d.click_and_render("#done")
        elif look["take"]:
            d.click_and_render("#take")
        elif look["accept"]:
            d.click_and_render("#accept-resign")
        else:   # the computer's turn: wait for its next render
            d.wait_for("Number(document.body.dataset.renders || 0) > arg", 60, look["renders"])
    else:
        raise AssertionError(d.text("#message"))
    assert d.count("#record li") >= 3
    assert d.errors() == []
    shoot(d, "bot-end-desktop")


@pytest.mark.engines("firefox", "webkit")
def test_hot_seat_by_click_drag_keyboard_and_typed_moves(open_page, base_url):
    """Chromium: tests/browser/test_app_play.py (clicks and a drag, typed moves),
    test_app_words.py (Undo), test_a11y.py::test_a_whole_game_with_the_keyboard_only."""
    d = open_page().open(f"{base_url}/?mode=hotseat&length=3&seed=hotseat-7&lang=en", prefs=FAST)
    rng = random.Random(7)
    # turn 1: a drag, taken back with Undo, then clicks and Done
    d.click_and_render("#roll")
    before = board(d)
    d.drag(".checker.movable", ".target")
    d.wait_for("!!document.querySelector('#undo:not([disabled]):not([hidden])')")   # dropped
    moved = board(d)
    assert moved["checkers"] != before["checkers"] and d.enabled("undo")
    while d.enabled("undo"):      # a drop two dice away is two steps: Undo takes back each
        d.click_and_render("#undo")
    assert board(d)["checkers"] == before["checkers"]
    finish_turn_by_clicks(d, rng)
    # turn 2: the keyboard alone: R rolls, Enter picks and drops, arrows move, D ends the turn
    tab_to(d, lambda name: name in SLOTS)
    d.press_and_render("r")
    assert len(board(d)["dice"]) >= 2
    while not d.enabled("done"):
        movable = [p for p, label in places(d).items() if label.endswith("can move")]
        go(d, movable[0])
        d.press_and_render("Enter")
        targets = [p for p, label in places(d).items() if label.endswith("move here")]
        go(d, targets[0])
        d.press_and_render("Enter")
    d.press_and_render("d")
    assert d.enabled("roll")
    # turn 3: typed notation, Enter, then Done clicked
    d.click_and_render("#roll")
    state = board(d)
    plays = Position.from_position_id(state["position_id"]).legal_moves(decode_match_id(state["match_id"]).dice)
    move = str(sorted(plays, key=str)[0])
    d.fill("#move-input", move)
    d.act(lambda: d.press("Enter"))
    assert d.evaluate("document.querySelector('#move-input').value") == ""
    assert "press Done" in d.text("#message"), move
    shoot(d, "hotseat-typed-desktop")
    d.click_and_render("#done")
    assert d.enabled("roll")
    assert d.errors() == []


def test_a_reload_in_the_middle_of_a_turn_resumes_exactly(open_page, base_url):
    d = open_page().open(f"{base_url}/?mode=hotseat&seed=reload-3&lang=en", prefs=FAST)
    rng = random.Random(3)
    d.click_and_render("#roll")
    finish_turn_by_clicks(d, rng)
    d.click_and_render("#roll")
    step_by_clicks(d, rng)
    before = board(d)
    said = d.text("#message")
    assert d.evaluate("location.href").endswith("/")
    d.reload()
    assert board(d) == before and d.enabled("undo")
    assert d.text("#message") == said
    d.click_and_render("#undo")
    assert board(d)["checkers"] != before["checkers"]


@pytest.fixture
def dist_site(base_url, tmp_path):
    site = Site(tmp_path)          # what `make dist` writes, under a sub-path of its own server
    yield site
    site.stop()


@pytest.mark.engines("webkit")
def test_an_offline_reload_after_one_visit(open_page, dist_site):
    """Chromium and Firefox: tests/browser/test_offline.py (a whole game offline, and a reload
    served by the service worker alone that resumes it)."""
    d = open_page().open(dist_site.url + "?mode=hotseat&seed=offline-2&lang=en", prefs=FAST)
    d.wait_for("navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'", 90)
    d.click_and_render("#roll")
    before = board(d)
    dist_site.stop()
    d.reload()                     # served by the service worker alone: the server is down
    assert board(d) == before
    d.click_and_render(".checker.movable")
    assert d.errors() == []


@pytest.mark.engines("firefox", "webkit")
def test_a_mat_file_saved_and_opened(open_page, base_url):
    """Chromium: tests/browser/test_app_teach.py (the match saved as it stands, and .mat files
    opened by the file input)."""
    d = open_page().open(f"{base_url}/?mode=hotseat&length=5&seed=mat-2&lang=en", prefs=FAST)
    rng = random.Random(2)
    for _ in range(3):
        d.click_and_render("#roll")
        finish_turn_by_clicks(d, rng)
    state = board(d)
    d.click_and_render("#export-mat")
    saved = d.wait_for("Promise.all(window.__saved || []).then(s => s.length ? s : null)")
    assert saved[0]["name"].endswith(".mat")
    match = import_mat(saved[0]["text"])
    assert (match.position_id(), match.match_id()) == (state["position_id"], state["match_id"])
    # and opened in a fresh browser: the unfinished match goes on where it was
    other = open_page().open(f"{base_url}/?lang=en", prefs=FAST)
    other.act(lambda: other.give_file("#import-mat", saved[0]["name"], saved[0]["text"]))
    seen = board(other)
    assert (seen["position_id"], seen["match_id"]) == (state["position_id"], state["match_id"])
    assert seen["checkers"] == state["checkers"] and other.enabled("roll")
    shoot(other, "mat-opened-desktop")
    assert other.errors() == []


@pytest.mark.engines("chromium", "firefox")
def test_enter_on_done_reached_with_shift_tab_ends_the_turn(open_page, base_url):
    """Roll, Hint, Shift+Tab to the move box, type a move and Enter, Shift+Tab to Done, Enter.
    Not in WebKitGTK: Shift+Tab sent as Selenium actions by WebKitWebDriver left the focus
    where it was (measured), so this recipe's Shift+Tab steps cannot be driven there."""
    d = open_page().open(f"{base_url}/?mode=hotseat&length=3&seed=axe-1&lang=en", prefs=FAST)
    d.click_and_render("#roll")
    assert sorted(board(d)["dice"]) == ["1", "4"]
    d.click_and_render("#hint")
    tab_to(d, "move-input", backwards=True)
    d.fill("#move-input", "24/23 13/9")
    d.press_and_render("Enter")
    assert "press Done" in d.text("#message")
    tab_to(d, "done", backwards=True)
    d.press("Enter")
    d.wait_for("!!document.querySelector('#roll:not([disabled]):not([hidden])')", timeout=10)
