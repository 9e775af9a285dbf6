"""The board as an image for worksheets (SVG and PNG, with or without point numbers), the
printable page of a position with its IDs, and the new match's rules' options: in every engine.

One page per language (a hot-seat match, one checker moved and one picked up) for all the
tests, in their order: the images, the printed page, then a new match with its options."""

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from app_driver import act, board_state, click, open_app, open_dialog
from engines import expect_download
from png import read

FAST = {"animate": False, "fast_bot": True}
WIDTH, HEIGHT, SCALE = 952, 700, 2
SHOWN = "el => getComputedStyle(el).display !== 'none'"


def svg_checkers(text):
    root = ET.fromstring(text.split("?>", 1)[-1])
    found = Counter()
    for element in root.iter():
        if "checker" in (element.get("class") or "").split():
            found[f'{element.get("data-player")}:{element.get("data-point")}'] += 1
    numbers = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "point-number"]
    return found, len(numbers)


@pytest.fixture(scope="module", params=["en", "fr"])
def lang(request):
    """The page's language: a parameter named ``lang``, which tests/conftest.py's
    FIREFOX_ENGLISH_ONLY reads (French runs in Chromium only)."""
    return request.param


@pytest.fixture(scope="module")
def board_page(lang, browser, base_url):
    """The module's page in ``lang``: a hot-seat match in its middle (see :func:`mid_game`)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    mid_game(page, base_url, lang)
    yield page
    context.close()


def mid_game(page, base_url, lang):
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=image-1", prefs={**FAST, "language": lang})
    click(page, "#roll")
    click(page, ".checker.movable")
    click(page, ".target")                         # one checker moved: not the starting position
    click(page, ".checker.movable")                # one picked: rings and targets on the page's board


def test_the_svg_image_shows_the_boards_checkers_with_or_without_numbers(board_page, lang):
    page = board_page
    state = board_state(page)
    with expect_download(page) as saved:
        act(page, lambda: page.click("#export-svg"))
    checkers, numbers = svg_checkers(saved.data.decode("utf-8"))
    assert checkers == state["checkers"] and sum(checkers.values()) == 30
    assert numbers == 24
    assert saved.name == "backgammon-" + state["position_id"].replace("/", "-").replace("+", "-") + ".svg"
    root = ET.fromstring(saved.text.split("?>", 1)[-1])
    assert (root.get("width"), root.get("height")) == (str(WIDTH), str(HEIGHT))
    assert "movable" not in saved.text and 'class="target"' not in saved.text
    word = {"en": "Board image saved as", "fr": "Image du plateau enregistrée sous"}[lang]
    assert word in page.locator("#message").inner_text()
    page.uncheck("#image-numbers")
    with expect_download(page) as saved:
        act(page, lambda: page.click("#export-svg"))
    checkers, numbers = svg_checkers(saved.text)
    assert checkers == state["checkers"] and numbers == 0


def test_the_png_image_has_the_size_and_the_pixels_of_the_board(board_page):
    page = board_page
    # where a light and a dark checker stand on the page's board (SVG units)
    spots = page.evaluate("""['light', 'dark'].map(c => {
        const e = document.querySelector('#board circle.checker.' + c);
        return [Number(e.getAttribute('cx')), Number(e.getAttribute('cy'))]; })""")
    with expect_download(page) as saved:
        act(page, lambda: page.click("#export-png"))
    assert saved.name.endswith(".png") and saved.data[:8] == b"\x89PNG\r\n\x1a\n"
    image = read(saved.data)
    assert (image.width, image.height) == (WIDTH * SCALE, HEIGHT * SCALE)
    wood = image.pixel(5 * SCALE, 350 * SCALE)                 # the frame: walnut #4b2e18
    assert all(abs(a - b) <= 6 for a, b in zip(wood, (0x4b, 0x2e, 0x18))), wood
    (lx, ly), (dx, dy) = spots
    light, dark = image.pixel(int(lx * SCALE), int(ly * SCALE)), image.pixel(int(dx * SCALE), int(dy * SCALE))
    assert sum(light) / 3 > 180 and sum(dark) / 3 < 90, (light, dark)
    colours = {image.pixel(x, y) for x in range(0, image.width, 37) for y in range(0, image.height, 41)}
    assert len(colours) > 20


def test_the_printed_page_shows_the_board_and_the_positions_ids(board_page, lang):
    page = board_page
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")   # what printing fires first
    assert page.locator("#print-position-id").inner_text() == page.locator("#position-id").inner_text()
    assert page.locator("#print-match-id").inner_text() == page.locator("#match-id").inner_text()
    assert page.locator("#print-xgid").inner_text() == page.locator("#xgid").input_value()
    assert page.locator("#print-xgid").inner_text().startswith("XGID=")
    labels = page.eval_on_selector_all("#print-sheet dt", "els => els.map(e => e.textContent)")
    assert labels == {"en": ["Position ID", "Match ID", "XGID"],
                      "fr": [page.locator('#ids dt').nth(0).inner_text(),
                             page.locator('#ids dt').nth(1).inner_text(), "XGID"]}[lang]
    assert not page.eval_on_selector("#print-sheet", SHOWN)         # on screen: not there
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")    # and what it fires last


@pytest.mark.chromium_only("Playwright over BiDi does not emulate print media in Firefox ESR "
                           "(the sheet's IDs are checked in every engine by the test above)")
def test_on_paper_the_board_and_the_ids_alone(board_page):
    page = board_page
    page.emulate_media(media="print")
    try:
        assert page.evaluate("matchMedia('print').matches")
        shown = SHOWN
        assert page.eval_on_selector("#print-sheet", shown) and page.eval_on_selector("#board", shown)
        for hidden in ("#topbar", "#actions", "#move-form", "#tools", "#message"):
            assert not page.eval_on_selector(hidden, shown), hidden
    finally:
        page.emulate_media(media="screen")


def test_new_match_with_the_two_dice_opening_and_the_money_options(board_page, lang):
    page = board_page
    page.click("#new-match")
    form = "#new-match-form"
    page.check(f'{form} input[name="mode"][value="hotseat"]')
    page.check(f'{form} input[name="kind"][value="money"]')
    page.check(f'{form} input[name="beavers"]')
    page.check(f'{form} input[name="auto_doubles"]')
    # set, not filled: Playwright's fill() over BiDi appends to a number field in Firefox ("12")
    page.eval_on_selector(f'{form} input[name="auto_doubles_limit"]', "e => { e.value = '2'; }")
    page.select_option(f'{form} select[name="opening"]', "both_dice")
    act(page, lambda: page.click("#setup-start"))
    words = {"en": ["Jacoby rule", "beavers", "automatic doubles (at most 2)", "opening: both dice each"],
             "fr": ["règle de Jacoby", "beavers", "doubles automatiques (2 au plus)", "ouverture : deux dés chacun"]}
    line = page.locator("#match-info").inner_text()
    for word in words[lang]:
        assert word in line, line
    click(page, "#roll")            # each side throws two dice: "Player 2 6-1, Player 1 3-5. ... 5-3"
    message = page.locator("#message").inner_text()
    # a new match has the system's dice: a tied throw (one die shown for both) is thrown again
    ties = len(re.findall(r"thrown again|on relance", message))
    assert len(re.findall(r"[1-6]-[1-6]", message)) == 3 + ties, message
    # the dialog opened again shows the match's options
    open_dialog(page, "#new-match", "#new-match-dialog")
    assert page.locator(f'{form} select[name="opening"]').input_value() == "both_dice"
    assert page.locator(f'{form} input[name="auto_doubles_limit"]').input_value() == "2"
    assert page.locator(f'{form} input[name="beavers"]').is_checked()
