"""The page on a phone, portrait 375x667 and landscape 667x375, in French and English:
the board as wide (or as high) as the screen allows, upright in portrait (a phone held
upright: game/web/page.py UPRIGHT) and flat and compact in landscape (its cube column cut
off, as high as the screen), the tap targets measured (at least 32 px each way both ways,
issue 14), Roll / Done / Undo and the move box on screen without scrolling, and no name cut
by a scrollbar."""

import json

import pytest
from app_driver import act, click, open_app
from engines import tap

# what the flat board's geometry gives (game/app/view/geometry.py, board_svg.py: 952 x 700 user units, points 60
# wide, the field's halves 310 high, a phone's dice 58 wide, their area 144 x 66); upright, the
# same turned a quarter (the svg's viewBox, read from the page, gives the drawn board's own units)
POINT, HALF, DICE_W, DICE_H = 60, 310, 144, 66
COMPACT_VIEWBOX = [80, 0, 862, 700]     # the flat board less its cube column and frame ends
TAP = 32     # issue 14: checkers and dice at least 32 px tap targets on a 375 x 667 phone
DIE = 30     # issue 44: a die at least 30 px wide (48 units gave 25.7 px)
READABLE = 12   # issue 44: the words on the board ("pips") at least 12 px high as drawn

MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const q = s => document.querySelector(s);
  const svg = q('#board svg');
  const out = {board: box(svg), hit: box(q('#board .hit[data-slot="p6"]')),
    checker: box(q('#board circle.checker[data-slot="p6"]')), vw: innerWidth, vh: innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    body_upright: document.body.classList.contains('upright'),
    body_compact: document.body.classList.contains('compact'),
    svg_class: svg.getAttribute('class').split(/\\s+/),
    view_box: svg.getAttribute('viewBox').split(/\\s+/).map(Number)};
  for (const id of ['roll', 'done', 'undo', 'move-input']) out[id] = box(q('#' + id));
  const dice = q('#board .dice'), die = q('#board .die .die-face');
  out.dice = dice && box(dice);
  out.die = die && box(die);
  // the size a word is drawn at on the screen: its font size times the board's scale
  const drawn = e => { const m = e.getScreenCTM();
    return parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b); };
  out.words = [...document.querySelectorAll('#board .pips-label, #board .pips')].map(
    e => [e.getAttribute('class'), e.textContent, Math.round(drawn(e) * 10) / 10]);
  return out;
}"""

# Where a tap lands, measured: the place (data-slot) under each point of a grid over a
# rect, 2 px in from its edges. A tap target is as large as the span that answers its slot.
TAPS_LAND = """([selector, slot]) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  const wrong = [];
  for (let i = 0; i <= 6; i++) for (let j = 0; j <= 6; j++) {
    const x = r.x + 2 + (r.width - 4) * i / 6, y = r.y + 2 + (r.height - 4) * j / 6;
    const hit = document.elementFromPoint(x, y)?.closest('[data-slot]');
    if (!hit || hit.dataset.slot !== slot) wrong.push([Math.round(x), Math.round(y), hit && hit.dataset.slot]);
  }
  return wrong;
}"""


def phone(browser, width, height):
    return browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                               has_touch=True)


def on_screen(rect, m):
    return rect["w"] > 0 and rect["x"] >= 0 and rect["y"] >= 0 and \
        rect["x"] + rect["w"] <= m["vw"] + 0.5 and rect["y"] + rect["h"] <= m["vh"] + 0.5


def inside(inner, outer, slack=0.5):
    return inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack and \
        inner["x"] + inner["w"] <= outer["x"] + outer["w"] + slack and \
        inner["y"] + inner["h"] <= outer["y"] + outer["h"] + slack


def check_words(m, moment):
    """The pip counts and the word beside them, each side's, drawn large enough to read."""
    assert sorted(cls for cls, _text, _px in m["words"]) == ["pips"] * 2 + ["pips-label"] * 2, m["words"]
    assert all(px >= READABLE for _cls, _text, px in m["words"]), (moment, m["words"])


def check_die(m):
    assert min(m["die"]["w"], m["die"]["h"]) >= DIE, m["die"]


def check_upright(page, m, moment, width):
    """Portrait: the board stands upright, edge to edge, its tap targets 32 px each way."""
    assert m["body_upright"] and "upright" in m["svg_class"], (moment, m["svg_class"])
    board, hit = m["board"], m["hit"]
    _left, _top, units_w, units_h = m["view_box"]
    assert units_w < units_h, m["view_box"]           # standing: higher than wide
    scale = board["w"] / units_w
    assert board["h"] == pytest.approx(units_h * scale, abs=0.5)   # drawn to its shape
    assert board["x"] == pytest.approx(0, abs=0.5) and board["w"] >= width - 0.5   # edge to edge
    # the point's whole column picks its checker: turned, the column lies across the screen
    assert hit["w"] == pytest.approx(HALF * scale, abs=0.5)
    assert hit["h"] == pytest.approx(POINT * scale, abs=0.5)
    assert min(hit["w"], hit["h"]) >= TAP, (moment, hit)
    assert inside(m["checker"], hit), (moment, m["checker"], hit)   # a checker on it is in it
    assert page.evaluate(TAPS_LAND, ['#board .hit[data-slot="p6"]', "p6"]) == [], moment
    check_words(m, moment)
    if moment == "rolled":
        dice = m["dice"]
        assert dice["w"] == pytest.approx(DICE_H * scale, abs=0.5)
        assert dice["h"] == pytest.approx(DICE_W * scale, abs=0.5)
        assert min(dice["w"], dice["h"]) >= TAP, dice
        assert page.evaluate(TAPS_LAND, ["#board .dice .dice-area", "dice"]) == []
        check_die(m)


def check_flat(page, m, moment, height):
    """Landscape: the flat board, compact, as high as the screen, its tap targets 32 px each way."""
    assert not m["body_upright"] and "upright" not in m["svg_class"], m["svg_class"]
    assert m["body_compact"] and "compact" in m["svg_class"], m["svg_class"]
    assert m["view_box"] == COMPACT_VIEWBOX
    board, hit = m["board"], m["hit"]
    scale = board["w"] / COMPACT_VIEWBOX[2]
    assert board["h"] == pytest.approx(700 * scale, abs=0.5)      # drawn to its shape
    assert board["y"] == pytest.approx(0, abs=0.5) and board["h"] >= height - 0.5   # top to bottom
    assert hit["w"] == pytest.approx(POINT * scale, abs=0.5)
    assert hit["h"] == pytest.approx(HALF * scale, abs=0.5)
    assert min(hit["w"], hit["h"]) >= TAP, (moment, hit)
    assert inside(m["checker"], hit), (moment, m["checker"], hit)
    assert page.evaluate(TAPS_LAND, ['#board .hit[data-slot="p6"]', "p6"]) == [], moment
    check_words(m, moment)
    if moment == "rolled":
        dice = m["dice"]
        assert dice["w"] == pytest.approx(DICE_W * scale, abs=0.5)
        assert dice["h"] == pytest.approx(DICE_H * scale, abs=0.5)
        assert min(dice["w"], dice["h"]) >= TAP, dice
        assert page.evaluate(TAPS_LAND, ["#board .dice .dice-area", "dice"]) == []
        check_die(m)


SIZES = {"portrait": (375, 667), "landscape": (667, 375)}


@pytest.fixture(scope="module", params=[(size, lang) for size in SIZES for lang in ("en", "fr")],
                ids=lambda param: "-".join(param))
def phone_page(request, browser, base_url):
    """A hot-seat match just loaded on a phone held upright or sideways, in English or French:
    one page for this module's tests of that size and language, in the order they come (the
    first one measures the page as loaded, then rolls; the others read it or put it back)."""
    size, lang = request.param
    context = phone(browser, *SIZES[size])
    page = context.new_page()
    open_app(page, f"{base_url}/?mode=hotseat&seed=phone", prefs={"language": lang, "animate": False})
    yield SIZES[size], lang, page
    context.close()


def test_a_phone_has_the_board_and_the_turns_controls_on_screen(phone_page):
    (width, height), lang, page = phone_page
    for moment in ("load", "rolled"):
        m = page.evaluate(MEASURE)
        # the page itself does not scroll: the side panel does, under the turn's controls
        assert m["scroll"] == [width, height], (moment, m["scroll"])
        for name in ("roll", "done", "undo", "move-input"):
            assert on_screen(m[name], m), (moment, name, m[name])
        if width < height:
            check_upright(page, m, moment, width)
        else:
            check_flat(page, m, moment, height)
        if moment == "load":
            click(page, "#roll")
    assert page.evaluate("document.documentElement.lang") == lang
    print(lang, (width, height), {k: m[k] for k in ("board", "hit", "checker", "dice", "die")})


def test_a_long_name_is_not_cut_at_phone_size(browser, base_url):
    """Headless Firefox draws a 12 px page scrollbar: "Ordinateur (Intermédiaire)" lost its
    last letters there. The page no longer scrolls on a phone, and a long name wraps."""
    context = phone(browser, 375, 667)
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?mode=bot&level=intermediate&seed=names", prefs={"language": "fr", "animate": False})
        names = page.evaluate("""[...document.querySelectorAll('.player .name')].map(n =>
            ({text: n.textContent, sw: n.scrollWidth, cw: n.clientWidth, sh: n.scrollHeight, ch: n.clientHeight}))""")
        assert any(n["text"] == "Ordinateur (Intermédiaire)" for n in names), names
        for name in names:
            assert name["sw"] <= name["cw"] and name["sh"] <= name["ch"] + 1, name
        # issue 33, point 8: a word of a strip is never broken across two lines ("Ordinat/eur"),
        # with the longest status the computer's strip says ("attend ses dés": its dice set by
        # hand, the person's first move made), upright and sideways
        assert page.evaluate(WORDS_BROKEN) == []
        page.click("#new-match")
        page.check('#new-match-form input[name="mode"][value="bot"]')
        page.select_option('#new-match-form select[name="level"]', "intermediate")
        page.check('#new-match-form input[name="manual_dice"]')
        act(page, lambda: page.click("#setup-start"))
        page.fill("#dice-first", "5")                 # the person's die: the person starts with 5-2
        page.fill("#dice-second", "2")
        act(page, lambda: page.click("#set-dice"))
        act(page, lambda: page.fill("#move-input", "13/8 13/11") or page.press("#move-input", "Enter"))
        click(page, "#done")
        assert "attend ses dés" in page.locator("#player-top").text_content()
        assert page.evaluate(WORDS_BROKEN) == []
        page.set_viewport_size({"width": 667, "height": 375})
        page.wait_for_function("document.body.classList.contains('compact')")
        assert page.evaluate(WORDS_BROKEN) == []
    finally:
        context.close()


#: the words of the players' strips that lie on more than one line (a word broken mid-word)
WORDS_BROKEN = r"""(() => { const out = [];
  for (const strip of document.querySelectorAll('.player')) {
    const walker = document.createTreeWalker(strip, NodeFilter.SHOW_TEXT); let node;
    while ((node = walker.nextNode())) { const word = /\S+/g; let m;
      while ((m = word.exec(node.data))) {
        const range = document.createRange(); range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]); } } }
  return out; })()"""


NOTICE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const q = s => document.querySelector(s);
  const out = {vw: innerWidth, vh: innerHeight, board: box(q('#board svg')), notice: box(q('#update-notice')),
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    hidden: q('#update-notice').hidden, text: q('#update-notice p').textContent,
    reload: box(q('#update-reload')), later: box(q('#update-later')), later_text: q('#update-later').textContent};
  for (const id of ['roll', 'done', 'undo', 'move-input']) out[id] = box(q('#' + id));
  return out;
}"""


def test_a_new_version_notice_on_a_phone_leaves_the_board_and_goes_away(phone_page):
    """The notice of a new version (static/js/register-sw.js shows it) floats over the bottom
    of a phone's screen: in the page's flow it took the board's room and pushed Roll, Done and
    Undo off the screen. "Later" puts it away and the turn's controls are there again."""
    (width, height), lang, page = phone_page
    before = page.evaluate(NOTICE)
    assert before["hidden"]
    page.evaluate("document.getElementById('update-notice').hidden = false")   # as register-sw.js
    shown = page.evaluate(NOTICE)
    assert shown["scroll"] == [width, height], shown["scroll"]
    assert shown["board"] == before["board"]                 # the board keeps its room
    for name in ("notice", "reload", "later"):
        assert on_screen(shown[name], shown), (name, shown[name])
    assert min(shown["later"]["w"], shown["later"]["h"]) >= TAP, shown["later"]
    assert shown["later_text"] == {"en": "Later", "fr": "Plus tard"}[lang]
    assert ("new version" if lang == "en" else "nouvelle version") in shown["text"]
    page.click("#update-later")     # the page script's, no Python: nothing to redraw
    after = page.evaluate(NOTICE)
    assert after["hidden"] and after["board"] == before["board"]
    for name in ("roll", "done", "undo", "move-input"):
        assert on_screen(after[name], after), (name, after[name])
    print(lang, (width, height), {k: shown[k] for k in ("notice", "later")})


SHAPE = """() => [document.querySelector('#board svg').getAttribute('viewBox'),
                  document.body.classList.contains('upright'), document.body.classList.contains('compact')]"""


#: the board's shape on the screen: its viewBox, upright, compact
SCREEN_SHAPE = {"portrait": ["0 0 700 862", True, False], "landscape": ["80 0 862 700", False, True]}


def test_a_phone_prints_the_board_flat_and_whole(phone_page):
    """Printed from a phone (the Print button or the browser's own command), the board lies
    flat and whole on the paper, as the board images do; after printing, the screen's shape
    again. (The print events are dispatched: no engine here prints for a test.)"""
    (width, height), _lang, page = phone_page
    shape = SCREEN_SHAPE["portrait" if width < height else "landscape"]
    assert page.evaluate(SHAPE) == shape
    page.evaluate("dispatchEvent(new Event('beforeprint'))")      # handled before it returns
    assert page.evaluate(SHAPE) == ["0 0 952 700", False, False]
    # the dice are rolled, no checker has moved: the starting position
    assert page.evaluate("document.getElementById('print-position-id').textContent") == "4HPwATDgc/ABMA"
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    assert page.evaluate(SHAPE) == shape


# --- issue 33: on a phone held upright, the board yields room to a lesson, a hint, the review -------
READING = """() => {
  const r = s => { const e = document.querySelector(s); if (!e) return null; const b = e.getBoundingClientRect();
                   return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, w: b.width, h: b.height}; };
  const side = document.querySelector('#side').getBoundingClientRect();
  return {vw: innerWidth, vh: innerHeight, board: r('#board svg'), mark: r('#board .highlight'),
          text: r('#lesson-text'), next: r('#lesson-next'), side: {top: side.top, bottom: side.bottom, h: side.height},
          rows: [...document.querySelectorAll('#hint-panel tbody[data-play]')].map(e => {
            const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom}; }),
          full: document.body.classList.contains('board-full'),
          pressed: document.querySelector('#board-size').getAttribute('aria-pressed'),
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
}"""


def seen(rect, m, bottom=None):
    """``rect`` wholly on screen (and above ``bottom``, the side panel's foot, when given)."""
    return rect is not None and rect["top"] >= 0 and rect["bottom"] <= min(m["vh"], bottom or m["vh"]) + 0.5


@pytest.fixture(scope="module")
def reading(browser, base_url):
    context = phone(browser, 375, 667)
    page = context.new_page()
    open_app(page, f"{base_url}/?mode=hotseat&seed=reading", prefs={"language": "en", "animate": False})
    yield page
    context.close()


def open_marking_lesson(page):
    """The first lesson, at a step that marks points on the board (unless one is open)."""
    if page.locator("#lesson-panel[data-lesson]").count() == 0:
        page.click("#lessons-button")
        page.wait_for_selector("#lessons-dialog[open]")
        click(page, "#lessons-list [data-lesson]", 0)
        for _ in range(6):                    # a step that marks points on the board
            if page.locator("#board .highlight").count():
                break
            act(page, lambda: page.evaluate("document.getElementById('lesson-next').click()"))


@pytest.mark.parametrize("size", [(375, 667), (390, 844)], ids=["375x667", "390x844"])
def test_a_lesson_on_a_phone_shows_the_marks_and_the_words_together(reading, size):
    page = reading
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_marking_lesson(page)
    page.wait_for_function("document.body.classList.contains('upright')")
    m = page.evaluate(READING)
    assert m["scroll"] == [size[0], size[1]], m["scroll"]            # the page itself does not scroll
    # before: the board took 462 of 667 px, the panel 135 (the lesson's words off screen)
    assert m["side"]["h"] >= 0.42 * m["vh"], m["side"]
    assert m["board"]["bottom"] <= 0.58 * m["vh"], m["board"]
    assert seen(m["mark"], m), m["mark"]                             # the board's marks...
    assert seen(m["text"], m, m["side"]["bottom"]), m["text"]        # ...the words about them...
    assert seen(m["next"], m, m["side"]["bottom"]), m["next"]        # ...and Next, together
    print(size, {k: m[k] for k in ("board", "side", "mark", "text", "next")})
    page.screenshot(path=f"/tmp/shots-phone-lesson-{size[0]}.png")


def test_a_lesson_on_a_phone_held_sideways_shows_the_marks_and_the_words_together(reading):
    """Issue 33, point 1, the other orientation: 667x375, the board beside the panel; the
    lesson's marks, the start of its words and its Next on screen at once."""
    page = reading
    before = page.viewport_size
    try:
        page.set_viewport_size({"width": 667, "height": 375})
        open_marking_lesson(page)
        page.wait_for_function("document.body.classList.contains('compact')")
        m = page.evaluate(READING)
        assert m["scroll"] == [667, 375], m["scroll"]                    # the page itself does not scroll
        assert seen(m["mark"], m), m["mark"]
        assert m["board"]["right"] <= m["text"]["left"] + 0.5          # the words beside the board
        # the words start in view, three lines of them at least above the buttons kept at the foot
        assert m["text"]["top"] >= m["side"]["top"] - 0.5 and m["text"]["top"] + 60 <= m["next"]["top"], m["text"]
        assert seen(m["next"], m, m["side"]["bottom"]), m["next"]
        print({k: m[k] for k in ("board", "side", "mark", "text", "next")})
        page.screenshot(path="/tmp/shots-phone-lesson-667x375.png")
    finally:
        page.set_viewport_size(before)


def test_the_full_size_board_comes_back_at_a_tap(reading):
    page = reading
    # the page held upright again after the sideways test (its layout follows a resize event:
    # CI once read it before, the board still flat and as wide as the screen)
    page.wait_for_function("document.body.classList.contains('upright') && "
                           "!document.body.classList.contains('compact')")
    small = page.evaluate(READING)
    assert small["board"]["w"] < small["vw"] - 40 and small["pressed"] == "false"
    tap(page.locator("#board-size"))        # a click in Firefox: Playwright sends it no touch there
    full = page.evaluate(READING)
    assert full["full"] and full["pressed"] == "true"
    assert full["board"]["w"] == pytest.approx(full["vw"], abs=0.5)  # its points 32 px wide again
    tap(page.locator("#board-size"))
    assert page.evaluate(READING)["board"]["w"] == pytest.approx(small["board"]["w"], abs=0.5)


def test_the_hint_on_a_phone_lists_its_plays_beside_the_board(reading):
    page = reading
    page.set_viewport_size({"width": 375, "height": 667})
    click(page, "#lesson-close")
    assert page.locator("#lesson-panel").is_hidden()
    assert page.evaluate(READING)["board"]["w"] == pytest.approx(375, abs=0.5)   # playing: full size
    click(page, "#roll")
    if page.locator("#roll:not([hidden]):not([disabled])").count():
        click(page, "#roll")                                        # the opening roll was a tie
    click(page, "#hint")
    page.wait_for_selector("#hint-panel tbody[data-play]")
    m = page.evaluate(READING)
    assert m["scroll"] == [375, 667], m["scroll"]
    shown = [row for row in m["rows"] if seen(row, m, m["side"]["bottom"])]
    assert len(shown) >= 3, m["rows"]                                # before: one and a half
    assert m["board"]["bottom"] <= 0.58 * m["vh"], m["board"]
    page.screenshot(path="/tmp/shots-phone-hint-375.png")


def test_settings_number_the_points_from_either_side_or_both(reading):
    """Issue 33, point 10: Settings' point numbers (Prefs.numbering), drawn at once."""
    page = reading
    numbers = "[...document.querySelectorAll('#board .point-number:not(.other-number)')].map(e => e.textContent)"
    mine = page.evaluate(numbers)
    page.click("#settings-button")
    page.wait_for_selector("#settings-dialog[open]")
    assert page.locator("#pref-numbering").input_value() == "mine"
    act(page, lambda: page.select_option("#pref-numbering", "theirs"))
    assert page.evaluate(numbers) == [str(25 - int(n)) for n in mine]
    act(page, lambda: page.select_option("#pref-numbering", "both"))
    assert page.evaluate(numbers) == mine and page.locator("#board .other-number").count() == 24
    act(page, lambda: page.select_option("#pref-numbering", "mine"))
    page.keyboard.press("Escape")


# --- a game's end on a phone held upright: the row of buttons under the board -----------------------
#: every button shown in the row of the turn's buttons (#actions): where it lies, and whether its
#: words fit in it (scrollWidth over clientWidth: cut off)
END_ROW = """() => [...document.querySelectorAll('#actions button')].filter(b => b.getClientRects().length > 0)
  .map(b => { const r = b.getBoundingClientRect();
    return {id: b.id, text: b.textContent, x: r.x, y: r.y, w: r.width, h: r.height,
            sw: b.scrollWidth, cw: b.clientWidth, sh: b.scrollHeight, ch: b.clientHeight}; })"""
THUMB = 44    # a thumb's tap target, in CSS px


def check_end_row(page, moment, wanted):
    """Every button of the row wholly on screen, its words not cut off, 44 px high at least;
    ``wanted``: the ids that must be among them."""
    size = page.viewport_size
    m = {"vw": size["width"], "vh": size["height"]}
    row = page.evaluate(END_ROW)
    assert wanted <= {b["id"] for b in row}, (moment, row)
    for b in row:
        assert on_screen(b, m), (moment, b)
        assert b["sw"] <= b["cw"] and b["sh"] <= b["ch"] + 1, (moment, b)     # words cut off
        assert b["h"] >= THUMB - 0.5, (moment, b)
    assert page.evaluate("document.documentElement.scrollWidth") == size["width"], moment


@pytest.fixture(scope="module")
def ends():
    """A match of the person against the computer, its first game over (5 points), and one over (1 point)."""
    from finished_match import played_to_an_end
    return {"game": played_to_an_end(5), "match": played_to_an_end(1)}


@pytest.mark.parametrize("end", ["game", "match"])
def test_at_a_games_end_the_row_of_buttons_fits_an_upright_phone(browser, base_url, ends, end):
    """A game over, and a match over, on phones held upright (390x844, 360x740, 320x640), in
    French and English: "Analyser la partie" (and "Voir vos progrès" at a match's end) were cut
    off at the right of a single row at 390 px in French; at 320 px the share box's input (20
    characters wide by default) pushed the whole panel wider than the screen."""
    context = phone(browser, 390, 844)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/__seed__")      # any page of the origin: the server's 404 is the cheapest
        items = dict(ends[end], **{"backgammon.prefs": json.dumps(
            {"schema": 1, "kind": "prefs", "data": {"animate": False, "fast_bot": True, "language": "fr"}})})
        page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }", items)
        open_app(page, f"{base_url}/")
        wanted = {"review-game"} | ({"progress-end"} if end == "match" else {"next-game"})
        page.wait_for_function(" && ".join(f"!document.getElementById('{b}').hidden" for b in wanted), timeout=30_000)
        for lang in ("fr", "en"):
            if lang != page.evaluate("document.documentElement.lang"):
                act(page, lambda: page.select_option("#lang", lang))
            for width, height in ((390, 844), (360, 740), (320, 640)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"innerWidth === {width} && document.body.classList.contains('upright')",
                                       timeout=30_000)
                check_end_row(page, (end, lang, width), wanted)
        print(end, [(b["id"], round(b["w"]), round(b["h"])) for b in page.evaluate(END_ROW)])
    finally:
        context.close()
