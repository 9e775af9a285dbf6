"""The upright board (a phone held upright: 375x667, touch) in every engine: Chromium, Firefox
and WebKitGTK (in a frame of exactly 375x667, page_driver.py).

A play tapped point by point and a play dragged checker by checker land where the engine
says; the phone turned to landscape lays the board flat and turned back stands it up again,
the same position on it, in the same document; the arrow keys go the way the turned picture
shows.  Taps are at the centre of the place's column as drawn on the screen (measured from
the page), so they go through the page's own hit testing, whatever is drawn there: a touch
in Chromium (a context with a touch screen), a click in Firefox (Playwright's touch screen
sends nothing over BiDi) and in WebKitGTK (Selenium's mouse); drags are the mouse's.
A screenshot after a roll, in French, goes to /tmp/shots/upright-<engine>.png; there the dice
and the words of the pip counts are measured as drawn (issue 44).

The four tests share one page an engine, a hot-seat match in French, in their order (a
page start is most of what a test costs in WebKitGTK): the arrow keys on the board as
loaded, then three turns, tapped, dragged, and tapped across a turn of the phone.
"""

import pathlib
from collections import Counter

import pytest

from game.ids.match_id import decode_match_id
from game.position import Position
from game.app.view.keyboard import next_slot
from game.app.view.places import place_of

FAST = {"fast_bot": True, "animate": False}
PHONE, LANDSCAPE = (375, 667), (667, 375)
SHOTS = pathlib.Path("/tmp/shots")
FLAT_VIEWBOX = "80 0 862 700"      # sideways: flat, compact (its cube column cut off)

#: everything a test reads of the board, in one round trip (WebKit's driver is slow)
LOOK = """(() => {
  const svg = document.querySelector('#board svg');
  return {
    checkers: [...document.querySelectorAll('#board .checker')].map(e => e.dataset.player + ':' + e.dataset.point),
    dice: [...document.querySelectorAll('#board .die')].map(e => e.dataset.value),
    position_id: document.querySelector('#position-id').textContent,
    match_id: document.querySelector('#match-id').textContent,
    movable: [...new Set([...document.querySelectorAll('#board .checker.movable')].map(e => e.dataset.player))],
    selected: [...document.querySelectorAll('#board .checker.selected')].map(e => e.dataset.slot),
    body_upright: document.body.classList.contains('upright'),
    svg_upright: svg.classList.contains('upright'),
    view_box: svg.getAttribute('viewBox'),
    width: innerWidth, height: innerHeight,
    board: (r => [r.x, r.y, r.width, r.height])(svg.getBoundingClientRect()),
  };
})()"""
#: as drawn on the screen, in px: a die's width and height, and the size of the pip counts'
#: numbers and words (a font size times the board's scale)
SIZES = """(() => {
  const face = document.querySelector('#board .die .die-face').getBoundingClientRect();
  const drawn = e => { const m = e.getScreenCTM();
    return parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b); };
  return {die: [face.width, face.height],
          words: [...document.querySelectorAll('#board .pips, #board .pips-label')].map(
            e => [e.getAttribute('class'), Math.round(drawn(e) * 10) / 10])};
})()"""
#: the centre on the screen of the place ``arg`` (a data-slot): its point's whole column,
#: its half of the bar, or its tray
CENTRE = """(() => {
  const e = document.querySelector(`#board .hit[data-slot="${arg}"], #board .tray[data-slot="${arg}"]`);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()"""
#: the centre on the screen of each place the keyboard reaches (data-place)
PLACES = """Object.fromEntries([...document.querySelectorAll('#board [data-place]')].map(e => {
  const r = e.getBoundingClientRect(); return [e.dataset.place, [r.x + r.width / 2, r.y + r.height / 2]]; }))"""


def look(d):
    found = d.evaluate(LOOK)
    found["checkers"] = Counter(found["checkers"])
    return found


def assert_upright(found):
    assert found["body_upright"] and found["svg_upright"], found
    assert found["view_box"] == "0 0 700 862", found["view_box"]
    x, _y, width, _height = found["board"]
    assert abs(x) <= 0.5 and width >= found["width"] - 0.5, found["board"]     # edge to edge


def assert_flat(found):
    assert not found["body_upright"] and not found["svg_upright"], found
    assert found["view_box"] == FLAT_VIEWBOX, found["view_box"]


def open_upright(open_page, base_url, seed, lang):
    d = open_page(*PHONE, touch=True).open(
        f"{base_url}/?mode=hotseat&length=3&seed={seed}&lang={lang}", prefs=FAST)
    assert [d.evaluate("innerWidth"), d.evaluate("innerHeight")] == list(PHONE)
    assert d.evaluate("document.documentElement.lang") == lang
    assert_upright(look(d))
    return d


def counts(position, player):
    """``Counter`` of ``player:point`` for the checkers of a position (``player`` on roll),
    as the board's checkers say it (``data-point``: 1-24 in their owner's numbering, bar, off)."""
    found = Counter()
    for who, side in ((player, position.mine), (1 - player, position.theirs)):
        for index, n in enumerate(side[:24]):
            found[f"{who}:{index + 1}"] += n
        found[f"{who}:bar"] += side[24]
        found[f"{who}:off"] += 15 - sum(side)
    return +found


def roll_until_a_choice(d, tries=12):
    """Roll (Done after a roll that leaves no choice) until a roll gives a choice of plays;
    returns ``(player on roll, position, dice, legal plays)`` as the engine reads the page."""
    for _ in range(tries):
        d.click_and_render("#roll")
        found = look(d)
        match = decode_match_id(found["match_id"])
        position = Position.from_position_id(found["position_id"])
        plays = position.legal_moves(match.dice)
        if len(plays) > 1:
            assert len(found["movable"]) == 1, found["movable"]
            return int(found["movable"][0]), position, match.dice, plays
        d.click_and_render("#done")
    raise AssertionError(f"{d.engine}: no roll left a choice in {tries}")


def bottom_player(d):
    """The player drawn at the bottom: the places are named in his numbering (a checker of his
    on his point n sits on the place pn; one of the other's, on p(25 - n))."""
    return d.evaluate("""(() => {
        for (const c of document.querySelectorAll('#board .checker[data-slot^="p"]')) {
            const point = Number(c.dataset.point), slot = Number(c.dataset.slot.slice(1));
            if (point >= 1 && point <= 24 && slot >= 1 && slot <= 24)
                return point === slot ? Number(c.dataset.player) : 1 - Number(c.dataset.player);
        }
        return null; })()""")


def tap(d, slot):
    """A tap (a click where the driver has no touch) at the centre of ``slot`` as drawn."""
    centre = d.evaluate(CENTRE, slot)
    assert centre is not None, slot
    d.act(lambda: d.tap_at(*centre))


def play_by_taps(d, player, bottom, steps):
    """Each step: tap its checker's place, then the place it goes to."""
    for step in steps:
        source = place_of(player, step.source, bottom)
        tap(d, source)
        assert look(d)["selected"], (d.engine, step, "nothing picked on", source)
        tap(d, place_of(player, step.target, bottom))


def play_by_drags(d, player, bottom, steps):
    """Each step: drag its checker (the top one of its place) onto the ring where it goes."""
    for step in steps:
        source = place_of(player, step.source, bottom)
        target = "off" if step.target == 0 else step.target
        before = d.renders()
        d.drag(f'#board .checker.movable[data-slot="{source}"]', f'#board .target[data-point="{target}"]')
        d.wait_for("Number(document.body.dataset.renders || 0) > arg && !document.querySelector('#board .checker.dragging')",
                   arg=before)


@pytest.fixture(scope="module")
def upright(open_module_page, base_url):
    """The module's page: a hot-seat match on a phone held upright, in French."""
    return open_upright(open_module_page, base_url, "upright-1", "fr")


def first_choice(plays):
    """A play with two different checkers moving when one exists (a drag or a tap on the second
    lands on a place the first has not just filled), else any; the same one at every run."""
    ordered = sorted(plays, key=str)
    return next((p for p in ordered if len({s.source for s in p.steps}) == len(p.steps)), ordered[0])


def test_the_arrow_keys_go_the_way_the_upright_picture_shows(upright):
    d = upright
    bottom = bottom_player(d)
    centres = d.evaluate(PLACES)
    # on the screen: Down goes down, Up up, Left left, Right right (the two rows of the flat
    # board are two columns here: Left and Right go across from one to the other)
    ways = {"ArrowDown": (1, 1), "ArrowUp": (1, -1), "ArrowRight": (0, 1), "ArrowLeft": (0, -1)}
    cases = [("p18", "ArrowDown"), ("p10", "ArrowDown"), ("p10", "ArrowUp"), ("p10", "ArrowRight"),
             ("p15", "ArrowLeft")]
    # the page takes the keyboard with a first Tab, as a keyboard player's does: WebKit moves no
    # focus by script into its phone-sized frame (a page of another origin) before a key or a
    # click has reached it (measured: activeElement stayed <body>)
    d.press("Tab")
    for start, key in cases:
        d.evaluate("document.querySelector(`#board [data-place=\"${arg}\"]`).focus()", start)
        assert d.focused() == start
        d.press_and_render(key)
        there = d.focused()
        assert there == next_slot(start, key, bottom, home_right=True, upright=True), (start, key, there)
        axis, sign = ways[key]
        moved = centres[there][axis] - centres[start][axis]
        assert moved * sign > 10, (d.engine, start, key, there, centres[start], centres[there])
        if (start, key, bottom) == ("p18", "ArrowDown", 1):
            assert there == "bar1"      # the doctest's case (game/app/view/keyboard.py)
    assert d.errors() == []


def test_a_play_tapped_on_the_upright_board_lands_where_the_engine_says(upright):
    d = upright
    player, position, _dice, plays = roll_until_a_choice(d)
    d.shot(SHOTS / f"upright-{d.engine}.png")          # after a roll, in French: to be looked at
    # issue 44: the dice 30 px wide or more, the pip counts and their words 12 px or more
    sizes = d.evaluate(SIZES)
    assert min(sizes["die"]) >= 30, (d.engine, sizes)
    assert len(sizes["words"]) == 4 and all(px >= 12 for _cls, px in sizes["words"]), (d.engine, sizes)
    play = first_choice(plays)
    assert look(d)["checkers"] == counts(position, player)
    play_by_taps(d, player, bottom_player(d), play.steps)
    after = look(d)
    # the board shows the position the engine gives for that play (seen from the next player)
    assert after["checkers"] == counts(play._after, 1 - player), (d.engine, str(play))
    assert_upright(after)
    d.click_and_render("#done")
    assert look(d)["position_id"] == play._after.position_id(), (d.engine, str(play))
    assert d.errors() == []


def test_a_play_dragged_on_the_upright_board_lands_where_the_engine_says(upright):
    d = upright
    player, _position, _dice, plays = roll_until_a_choice(d)
    play = first_choice(plays)
    play_by_drags(d, player, bottom_player(d), play.steps)
    after = look(d)
    assert after["checkers"] == counts(play._after, 1 - player), (d.engine, str(play))
    assert_upright(after)
    d.click_and_render("#done")
    assert look(d)["position_id"] == play._after.position_id(), (d.engine, str(play))
    assert d.errors() == []


def test_turning_the_phone_lays_the_board_flat_and_stands_it_up_again(upright):
    d = upright
    player, _position, _dice, plays = roll_until_a_choice(d)
    play = first_choice(plays)
    first, *rest = play.steps
    bottom = bottom_player(d)
    play_by_taps(d, player, bottom, [first])           # half the play, on the upright board
    d.evaluate("(window.__same_document = 1)")
    before = look(d)

    def kept(now):
        return {k: now[k] for k in ("checkers", "dice", "position_id", "match_id")} == \
            {k: before[k] for k in ("checkers", "dice", "position_id", "match_id")}

    d.turn(*LANDSCAPE)
    d.wait_for("!document.body.classList.contains('upright') && document.querySelector('#board svg')"
               ".getAttribute('viewBox') === arg", arg=FLAT_VIEWBOX)
    flat = look(d)
    assert_flat(flat)
    assert [flat["width"], flat["height"]] == list(LANDSCAPE)
    assert kept(flat), (before, flat)
    # the rest of the play tapped on the flat board
    play_by_taps(d, player, bottom, rest)
    d.turn(*PHONE)
    d.wait_for("document.body.classList.contains('upright') && document.querySelector('#board svg.upright')")
    again = look(d)
    assert_upright(again)
    assert again["checkers"] == counts(play._after, 1 - player), (d.engine, str(play))
    assert d.evaluate("window.__same_document") == 1     # turned, never reloaded
    d.click_and_render("#done")
    assert look(d)["position_id"] == play._after.position_id()
    assert d.errors() == []
