"""The board's feel (issue 14, item 1), in Chromium and Firefox: each side's last play marked,
a hinted play previewed on hover and on focus, the board patched in place with checkers that
slide, the focus ring for the keyboard only.  Screenshots (1280×800 and 375×667, both
languages) go to /tmp/shots/board-feel-*.png, to be looked at."""

import pathlib
import random

import pytest
from app_driver import act, click, enabled, open_app, open_dialog, play_one_step_by_clicks
from engines import FIREFOX_PREFS, launch_args

FAST = {"fast_bot": True, "animate": False}
SHOTS = pathlib.Path("/tmp/shots")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 375, "height": 667}}
# the person's turn again (or the end of the game), after the computer's
PERSON_TO_ACT = ("document.querySelector('#roll:not([disabled]):not([hidden]), #done:not([disabled]),"
                 " .checker.movable, #take:not([hidden]), #next-game:not([hidden])')")


def shoot(page, name, full_page=False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-feel-{name}.png"), full_page=full_page)


def marks(page, kind, player):
    return page.locator(f"#board .{kind}[data-player='{player}']").count()


def play_my_turn(page, rng):
    """Roll, play every checker by clicks, Done; then wait for the computer's reply."""
    if enabled(page, "roll"):
        click(page, "#roll")
    while page.locator(".checker.movable").count():
        play_one_step_by_clicks(page, rng)
    if enabled(page, "done"):
        click(page, "#done")
    page.wait_for_function(PERSON_TO_ACT, timeout=60_000)


def marked_plays(page):
    """The marks of the last play on the board: ``(kind, player, slot)`` of each, sorted."""
    return sorted(page.evaluate("""[...document.querySelectorAll('#board .last-to, #board .last-from, #board .last-area')]
        .map(e => [e.getAttribute('class'), e.dataset.player, e.dataset.slot || e.dataset.point || ''])"""))


def test_the_last_play_made_is_marked_and_only_it(page, base_url):
    """In English, then in French (the language switched on the page: the board drawn again
    keeps the marks; the screenshots in both)."""
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, f"{base_url}/?mode=bot&length=3&seed=feel-2&lang=en", prefs=FAST)
    rng = random.Random(2)
    # the person is player 1 (at the bottom), the computer player 0
    for _turn in range(6):
        play_my_turn(page, rng)
        if marks(page, "last-to", 0) and enabled(page, "roll"):
            break
    else:
        pytest.fail("no turn left the computer's play marked")
    # the computer's play, just made, is marked: where it left (dashed rings), where it
    # arrived (rings), tinted; the person's own play before it is not (only the last play)
    assert marks(page, "last-from", 0) >= 1
    assert page.locator("#board .last-area[data-player='0']").count() >= 2
    assert marks(page, "last-to", 1) == 0 and marks(page, "last-from", 1) == 0
    marked = marked_plays(page)
    for lang in ("en", "fr"):
        if lang == "fr":
            act(page, lambda: page.select_option("#lang", "fr"))
            assert page.locator("html").get_attribute("lang") == "fr"
            assert marked_plays(page) == marked
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            shoot(page, f"marks-{name}-{lang}")
    page.set_viewport_size(SIZES["desktop"])
    # the person rolls: the computer's play stays marked while he thinks
    click(page, "#roll")
    assert marks(page, "last-to", 0) >= 1


def test_the_marks_show_in_the_dark_theme(page, base_url):
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, f"{base_url}/?mode=bot&length=3&seed=feel-2&lang=en",
             prefs=dict(FAST, theme="dark"))
    rng = random.Random(2)
    for _turn in range(6):
        play_my_turn(page, rng)
        if marks(page, "last-to", 0):
            break
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    # the bright line of a mark against its dark rim: a contrast of at least 3:1 either way
    colours = page.evaluate("""() => {
        const ring = document.querySelector('#board .last-to .last-in');
        const rim = document.querySelector('#board .last-to .last-rim');
        return [getComputedStyle(ring).stroke, getComputedStyle(rim).stroke];
    }""")
    assert contrast(*colours) >= 3, colours
    shoot(page, "marks-desktop-dark")


def contrast(first, second):
    def luminance(text):
        values = [int(v) / 255 for v in text[text.index("(") + 1:text.index(")")].split(",")[:3]]
        values = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
        return 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2]

    a, b = sorted((luminance(first), luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def wait_for_hint(page):
    click(page, "#hint")
    page.wait_for_selector("#hint-panel [data-play]", timeout=60_000)


def test_a_hinted_play_is_previewed_on_hover_and_on_focus(page, base_url):
    """In English, then the screenshots again in French (the language switched on the page)."""
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=feel-4&lang=en", prefs=FAST)
    click(page, "#roll")
    position = page.locator("#position-id").inner_text()
    wait_for_hint(page)
    rows = page.locator("#hint-panel [data-play]")
    first_play = rows.first.get_attribute("data-play")
    # hovered: ghosts on the board, the play named on the board, the match untouched
    rows.first.hover()
    page.wait_for_selector("#board[data-preview] .preview-ghost")
    assert page.get_attribute("#board", "data-preview") == first_play
    assert page.locator("#board .preview-from").count() >= 1
    assert page.locator("#position-id").inner_text() == position
    assert not page.locator("#board .checker.selected").count()
    shoot_previews(page, rows, "en")
    # away from the hint: the board as it was
    page.mouse.move(2, 2)
    page.wait_for_selector("#board .preview-ghost", state="detached")
    assert not page.get_attribute("#board", "data-preview")
    # focused from the keyboard: the second play previewed; focus leaves: gone
    rows.nth(1).focus()
    page.wait_for_selector("#board[data-preview] .preview-ghost")
    assert page.get_attribute("#board", "data-preview") == rows.nth(1).get_attribute("data-play")
    page.locator("#hint").focus()
    page.wait_for_selector("#board .preview-ghost", state="detached")
    assert page.locator("#position-id").inner_text() == position
    # the screenshots in French: the page's language switched, the hint asked again if it went
    act(page, lambda: page.select_option("#lang", "fr"))
    if not rows.count():
        wait_for_hint(page)
    shoot_previews(page, rows, "fr")
    assert page.locator("#position-id").inner_text() == position


def shoot_previews(page, rows, lang):
    """The first play previewed (hovered) at each size, shot; back to the desktop's size (the
    mouse still on the play)."""
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        rows.first.scroll_into_view_if_needed()
        rows.first.hover()
        page.wait_for_selector("#board[data-preview] .preview-ghost")
        # on a phone the hint lies below the board: the whole page shows both
        shoot(page, f"preview-{name}-{lang}", full_page=name == "phone")
    page.set_viewport_size(SIZES["desktop"])


@pytest.mark.chromium_only("Playwright over WebDriver BiDi emulates no touch screen in Firefox: tap() sends no event")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_on_a_touch_screen_a_first_tap_shows_a_hinted_play_and_a_second_makes_it(browser, base_url, lang):
    """A touch screen has no hover: the first tap on a play only shows it on the board (the
    match untouched), a second tap on it makes it; the note under the plays says so. A board
    drawn again in between (the phone turned) asks for the first tap again."""
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=feel-4&lang={lang}", prefs=FAST)
        # taps only: a mouse left over the page would hover a play (a phone has none)
        act(page, lambda: page.tap("#roll"))
        checkers = "[...document.querySelectorAll('#board .checker')].map(c => c.dataset.player + c.dataset.point).sort().join()"
        before = page.evaluate(checkers)
        page.tap("#hint")
        page.wait_for_selector("#hint-panel [data-play]", timeout=60_000)
        notes = page.locator("#hint-panel .hint-note").all_inner_texts()
        # the touch screen's own words: tap, never click (game/app/text/locales: touch.hint.click)
        said = "Tap a play once to see it" if lang == "en" else "Touchez un coup une fois pour le voir"
        assert any(said in n for n in notes), notes
        assert not any(("click" if lang == "en" else "cliquez") in n.lower() for n in notes), notes
        row = page.locator("#hint-panel [data-play]").nth(1)
        play = row.get_attribute("data-play")
        row.scroll_into_view_if_needed()
        row.tap()
        page.wait_for_function("play => document.querySelector('#board').dataset.preview === play"
                               " && document.querySelector('#board .preview-ghost') !== null", arg=play)
        assert page.evaluate(checkers) == before and not enabled(page, "done")     # not played
        # the phone turned: the board drawn again, without the preview; a tap shows it again
        page.set_viewport_size({"width": SIZES["phone"]["height"], "height": SIZES["phone"]["width"]})
        page.wait_for_function("!document.querySelector('#board').hasAttribute('data-preview')")
        row.scroll_into_view_if_needed()
        row.tap()
        page.wait_for_function("play => document.querySelector('#board').dataset.preview === play", arg=play)
        assert page.evaluate(checkers) == before and not enabled(page, "done")     # still not played
        act(page, lambda: row.tap())
        page.wait_for_function(f"({checkers}) !== {before!r}")
        assert not page.get_attribute("#board", "data-preview")
        assert enabled(page, "done")          # the whole play made: the turn waits for Done
    finally:
        context.close()


@pytest.fixture
def moving_page(page, browser_name, playwright):
    """A page whose system does not ask for less motion. Firefox takes that from a
    preference the test run sets (engines.FIREFOX_PREFS): a browser of its own here."""
    if browser_name != "firefox":
        page.emulate_media(reduced_motion="no-preference")
        yield page
        return
    options = launch_args("firefox")
    options["firefox_user_prefs"] = dict(FIREFOX_PREFS, **{"ui.prefersReducedMotion": 0})
    browser = playwright.firefox.launch(**options)
    try:
        yield browser.new_page()
    finally:
        browser.close()


def test_the_svg_and_a_checker_survive_a_move_and_it_slides_there(moving_page, base_url):
    page = moving_page
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=feel-4&lang=en",
             prefs={"animate": True, "animation_speed": "slow"})
    click(page, "#roll")
    # the rearmost checker that may move, and the nodes as they are now
    page.evaluate("""() => {
        window.feelSvg = document.querySelector('#board svg');
        const movable = document.querySelectorAll('#board .checker.movable');
        window.feelChecker = movable[movable.length - 1];
        window.feelKey = window.feelChecker.dataset.key;
        window.feelAnimations = 0;
    }""")
    click(page, "#board .checker.movable", page.locator("#board .checker.movable").count() - 1)
    target = page.locator("#board .target").first
    slot = target.get_attribute("data-slot")
    page.evaluate("""() => new MutationObserver(() => {
        window.feelAnimations = Math.max(window.feelAnimations, window.feelChecker.getAnimations().length);
    }).observe(window.feelChecker, {attributes: true})""")
    act(page, target.click)
    survived = page.evaluate("""() => ({
        svg: window.feelSvg === document.querySelector('#board svg') && window.feelSvg.isConnected,
        checker: window.feelChecker.isConnected && window.feelSvg.contains(window.feelChecker),
        key: window.feelChecker.dataset.key === window.feelKey,
        slot: window.feelChecker.dataset.slot,
        sliding: Math.max(window.feelAnimations, window.feelChecker.getAnimations().length),
        reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
    })""")
    assert survived["svg"] and survived["checker"] and survived["key"], survived
    assert survived["slot"] == slot
    # it slides there (seen as its attributes change: the check may come after the slide)
    assert survived["sliding"] == 1, survived
    # once the slide is over it stands on the point it was moved to
    page.wait_for_function("window.feelChecker.getAnimations().length === 0", timeout=10_000)
    inside = page.evaluate("""(slot) => {
        const c = window.feelChecker.getBoundingClientRect();
        const p = document.querySelector(`#board .hit[data-slot="${slot}"]`).getBoundingClientRect();
        const x = c.left + c.width / 2, y = c.top + c.height / 2;
        return p.left <= x && x <= p.right && p.top <= y && y <= p.bottom;
    }""", slot)
    assert inside


def test_no_slide_when_the_player_turns_them_off_or_the_system_asks(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=feel-4&lang=fr",
             prefs={"animate": True, "animation_speed": "slow"})
    click(page, "#roll")
    click(page, "#board .checker.movable", page.locator("#board .checker.movable").count() - 1)
    act(page, page.locator("#board .target").first.click)
    assert page.evaluate("document.querySelector('#board svg').getAnimations({subtree: true}).length") == 0
    # the speed in Settings, in French
    open_dialog(page, "#settings-button", "#settings-dialog")
    options = page.locator("#pref-animation-speed option").all_inner_texts()
    assert options == ["Sans glissement", "Lente", "Normale", "Rapide"]
    assert page.input_value("#pref-animation-speed") == "slow"
    page.select_option("#pref-animation-speed", "off")
    stored = page.evaluate("localStorage.getItem('backgammon.prefs')")
    assert '"animation_speed": "off"' in stored or '"animation_speed":"off"' in stored


def ring_shown(page):
    """Whether a focus ring is drawn on the board (a place's ring visible)."""
    return page.evaluate("""() => [...document.querySelectorAll('#board .place .ring-in')]
        .some(r => getComputedStyle(r).visibility === 'visible')""")


def test_the_focus_ring_shows_for_the_keyboard_only(page, base_url):
    page.set_viewport_size(SIZES["desktop"])
    open_app(page, f"{base_url}/?mode=bot&length=3&seed=feel-2&lang=en", prefs=FAST)
    rng = random.Random(2)
    # mouse: roll, click checkers, Undo, Done; the computer moves: no ring at any time
    click(page, "#roll")
    if not page.locator(".checker.movable").count():
        page.wait_for_function(PERSON_TO_ACT, timeout=60_000)
        click(page, "#roll")
    play_one_step_by_clicks(page, rng)
    assert not ring_shown(page)
    click(page, "#undo")
    assert not ring_shown(page)
    while page.locator(".checker.movable").count():
        play_one_step_by_clicks(page, rng)
        assert not ring_shown(page)
    click(page, "#done")
    page.wait_for_function(PERSON_TO_ACT, timeout=60_000)
    assert not ring_shown(page)
    # the keyboard: Tab from the control before the board lands on it, the ring shows
    page.locator("#flip").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#board')"):
            break
    assert page.evaluate("document.activeElement.matches('#board .place')")
    assert ring_shown(page)
    # an arrow key moves the ring; it stays drawn
    page.keyboard.press("ArrowLeft")
    assert ring_shown(page)
