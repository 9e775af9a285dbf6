"""The position editor in Chromium: set up by clicks, refusals shown, Play from here, IDs and
XGID in and out, and its share link opened in a fresh browser.

One page load is shared by the tests of this module, in their order (Pyodide's start is
the slow part).  Screenshots go to /tmp/shots-editor/ (desktop 1280x800, phone 375x667).
"""

import pathlib
import random
import sys
from collections import Counter

import pytest
from app_driver import act, click, open_app
from engines import tap

from game.app.editor.model import BAR, EditorState

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from test_ui_editor import random_state  # noqa: E402

SHOTS = pathlib.Path("/tmp/shots-editor")
BOTTOM, TOP = 1, 0          # gnubg's players as the page draws them by default


def shoot(page, name, full_page=False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture(scope="module")
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    record = {}
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=editor-3", prefs={"animate": False},
             record=record)
    page.record = record
    yield page
    assert not page.record.get("errors"), page.record.get("errors")
    context.close()


def board_click(page, slot, button="left", modifiers=None):
    """A click on a place of the board (whatever is drawn over it: its checkers share the slot)."""
    kw = {"button": button, "force": True}
    if modifiers:
        kw["modifiers"] = modifiers
    click(page, f'#board .hit[data-slot="{slot}"]', **kw)


def checkers(page):
    """Checkers on the points and bars: Counter of "player:point"."""
    return Counter(page.eval_on_selector_all(
        ".checker:not(.off)", "els => els.map(e => e.dataset.player + ':' + e.dataset.point)"))


def change(page, name, value):
    """Set a field of the editor's form as a person does, and wait for the page's answer."""
    field = page.locator(f'#editor-form [name="{name}"]')
    if field.evaluate("e => e.tagName") == "SELECT":
        act(page, lambda: field.select_option(value))
    else:
        field.fill(value)
        act(page, lambda: field.dispatch_event("change"))


def ids(page):
    return page.locator("#position-id").inner_text(), page.locator("#match-id").inner_text()


def message(page):
    return page.locator("#message").inner_text()


def test_a_position_set_up_by_clicks_is_played_from_here(page):
    click(page, "#roll")                    # a match begun: it is kept when the new one opens
    click(page, "#edit-position")
    assert page.locator("#editor-panel").is_visible() and not page.locator("#roll").is_visible()
    click(page, "#editor-clear")
    assert not checkers(page) and page.locator(".checker.off").count() == 30
    expected = EditorState.empty().set_length(5)
    for slot, times in (("p6", 3), ("p8", 2), ("p24", 1)):
        for _ in range(times):
            board_click(page, slot)
            expected = expected.add(BOTTOM, int(slot[1:]))
    click(page, '#editor-form [name="side"][value="top"]')
    for slot in ("p19", "p19", "p13", "bar0"):
        board_click(page, slot)
        expected = expected.add(TOP, BAR if slot == "bar0" else 25 - int(slot[1:]))
    # a top checker on the bottom side's 6-point: refused, nothing changes
    before = checkers(page)
    board_click(page, "p6")
    assert message(page).startswith("There are checkers of the other side on point 6")
    assert checkers(page) == before
    # right-click and shift-click take a checker away
    board_click(page, "p8", button="right")
    board_click(page, "p13", modifiers=["Shift"])
    expected = expected.remove(BOTTOM, 8).remove(TOP, 12)
    change(page, "dice", "31")
    change(page, "on_roll", "bottom")
    expected = expected.set_dice((3, 1)).set_on_roll(BOTTOM)
    assert checkers(page) == Counter({"1:6": 3, "1:8": 1, "1:24": 1, "0:6": 2, "0:bar": 1})
    assert page.locator("#editor-counts").inner_text().startswith("Bottom: 5 on the board, 10 off")
    assert ids(page) == expected.ids() and page.input_value("#xgid") == expected.xgid()
    assert page.locator("#editor-status").inner_text() == "The position can be played."
    shoot(page, "editor-desktop")
    click(page, "#editor-play")
    assert not page.locator("#editor-panel").is_visible() and ids(page) == expected.ids()
    assert page.locator(".checker.movable").count() > 0           # the bottom player plays 3-1
    assert [int(d) for d in page.eval_on_selector_all(".die", "els => els.map(e => e.dataset.value)")] == [3, 1]
    assert "kept" in message(page)                                  # the match before is kept


def test_an_impossible_position_is_refused_with_the_reason_shown(page):
    click(page, "#edit-position")
    before = ids(page)
    # a sixteenth checker
    click(page, "#editor-start")
    board_click(page, "bar1")
    assert message(page) == "No checker left for the bottom side: all 15 are on the board. Take one away first."
    assert page.locator("#message.warn").count() == 1
    # an owner for a cube at 1: refused, the field goes back
    change(page, "owner", "top")
    assert message(page).startswith("A cube at 1 stays in the middle")
    assert page.input_value('#editor-form [name="owner"]') == "centre"
    # a score past the match length
    change(page, "score_bottom", "5")
    assert message(page).startswith("A score must stay below the match length (5)")
    assert page.input_value('#editor-form [name="score_bottom"]') == "0"
    # Crawford with nobody one point short
    click(page, '#editor-form [name="crawford"]')
    assert message(page).startswith("The Crawford game needs a match where exactly one player")
    assert not page.locator('#editor-form [name="crawford"]').is_checked()
    # no checker left for one side: the reason stays in sight and Play is off
    click(page, "#editor-clear")
    board_click(page, "p3")
    status = page.locator("#editor-status")
    assert status.inner_text().startswith("No checker left on the board for the top side")
    assert page.locator("#editor-status.warn").count() == 1 and page.locator("#editor-play").is_disabled()
    assert page.input_value("#share-link") == "" and ids(page) == ("", "")
    click(page, "#editor-cancel")
    assert not page.locator("#editor-panel").is_visible()
    assert ids(page) == before


@pytest.mark.parametrize("seed", [11, 12])
def test_ids_and_xgid_round_trip_through_the_editor(page, seed):
    state = random_state(random.Random(seed))
    click(page, "#edit-position")
    for text in ("{0}:{1}".format(*state.ids()), state.xgid()):
        click(page, "#editor-start")
        page.fill("#editor-ids", text)
        click(page, "#editor-load")
        assert message(page) == "Position loaded into the editor."
        assert ids(page) == state.ids() and page.input_value("#xgid") == state.xgid()
        assert page.input_value("#editor-ids") == ""
    # text that is not IDs: the reason, and nothing changes
    page.fill("#editor-ids", "XGID=this:is:not:one")
    click(page, "#editor-load")
    assert message(page).startswith("This XGID cannot be read")
    assert page.get_attribute("#editor-ids", "aria-invalid") == "true"
    assert ids(page) == state.ids()
    click(page, "#editor-cancel")


def test_the_editor_share_link_opens_the_same_position_in_a_fresh_browser(page, browser, base_url):
    state = random_state(random.Random(21))
    click(page, "#edit-position")
    page.fill("#editor-ids", state.xgid())
    click(page, "#editor-load")
    link = page.input_value("#share-link")
    assert link.startswith(f"{base_url}/?position=") and ids(page) == state.ids()
    shown = checkers(page)
    click(page, "#editor-cancel")
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        fresh = open_app(context.new_page(), link)
        assert ids(fresh) == state.ids() and checkers(fresh) == shown
        assert fresh.input_value("#xgid") == state.xgid()
    finally:
        context.close()


def test_the_editor_on_a_phone_in_french(browser, base_url):
    context = browser.new_context(viewport={"width": 375, "height": 667}, reduced_motion="reduce",
                                  is_mobile=True, has_touch=True)
    try:
        page = open_app(context.new_page(), f"{base_url}/?lang=fr&mode=hotseat&length=7&seed=ed-p",
                        prefs={"animate": False})
        click(page, "#edit-position")
        assert page.evaluate("window.scrollY") == 0
        click(page, "#editor-clear")
        act(page, lambda: tap(page.locator('#board .hit[data-slot="p5"]'), force=True))
        act(page, lambda: tap(page.locator('#board .hit[data-slot="p5"]'), force=True))
        act(page, lambda: tap(page.locator('#editor-form [name="tool"][value="remove"]')))
        act(page, lambda: tap(page.locator('#board .hit[data-slot="p5"]'), force=True))
        assert checkers(page) == Counter({"1:5": 1})
        assert page.locator("#editor-status").inner_text().startswith("Plus aucun pion sur le plateau pour le camp du haut")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the page is {width}px wide on a 375px phone"
        shoot(page, "editor-phone")
        shoot(page, "editor-phone-full", full_page=True)
    finally:
        context.close()


def test_shared_ids_with_a_resignation_or_of_a_finished_game(browser, base_url):
    from game.match import Match, MatchConfig
    from game.ids.match_id import MatchIdInfo, encode_match_id
    from game.position import Position

    resign = encode_match_id(MatchIdInfo(player_on_roll=1, turn=0, resignation=2, dice=(5, 2),
                                         match_length=5, cube_value=2, cube_owner=1))
    over = Match(MatchConfig(length=5), score=(0, 3))
    over.setup(Position.from_counts({1: 1}, {6: 3}), 1, dice=(6, 6))
    over.play_text("1/off")                   # the bottom player bears off his last: 0-4
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = open_app(context.new_page(), f"{base_url}/?position=4HPwATDgc/ABMA&match={resign}",
                        prefs={"animate": False})
        assert message(page).startswith("Player 1 offers to resign, giving 4 points.")
        assert page.locator("#accept-resign").is_enabled() and page.locator("#reject-resign").is_visible()
        assert ids(page) == ("4HPwATDgc/ABMA", resign)
        click(page, "#accept-resign")
        assert message(page).startswith("Player 1 resigns: Player 2 wins 4 points.")
        assert page.locator("#player-top .score").inner_text() == "4"
        assert not page.locator("#accept-resign").is_visible()
        page.goto(f"{base_url}/?position={over.position_id()}&match={over.match_id()}")
        page.wait_for_selector('body[data-ready="true"]')
        assert message(page).endswith("That game was over: here is the next game of the match, "
                                      "Player 1 4 – 0 Player 2.")
        assert "Crawford" in page.locator("#match-info").inner_text()
        assert page.locator("#roll").is_enabled()
    finally:
        context.close()
