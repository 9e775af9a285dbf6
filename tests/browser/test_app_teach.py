"""Teach and analyse, in Chromium: share links and IDs, .mat files, hints, replays.

One page load is shared by most tests (Pyodide's start is the slow part); the
share link is opened in a fresh browser context, as a friend would open it.
Screenshots of the new controls go to /tmp/shots5/ (desktop 1280x800, phone 375x667).
"""

import pathlib
import random
from urllib.parse import urlsplit

import pytest
from app_driver import (act, board_state, click, enabled, open_app, open_dialog,
                        play_one_step_by_clicks)
from engines import expect_download

from game.formats.mat_read import import_mat
from game.app.view.places import move_seen_from
from game.app.keep.share import decode, read_ids

SHOTS = pathlib.Path("/tmp/shots5")
DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
FINISHED_MAT = DATA / "matfile_5_point.mat"
# a 7-point match at 3-2 for the bottom player, cube 2 owned by the top player, top to roll
XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:00:2:3:0:7:8"


def shoot(page, name, full_page=False):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture(scope="module")
def page(browser, base_url):
    """One hot-seat match in one page, shared by the tests of this module, in their order."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  accept_downloads=True)
    page = context.new_page()
    record = {}
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=teach-7",
             prefs={"animate": False}, record=record)
    page.record = record
    yield page
    context.close()


def play_turns(page, turns, rng):
    for _ in range(turns):
        click(page, "#roll")
        while page.locator(".checker.movable").count():
            play_one_step_by_clicks(page, rng)
        click(page, "#done")


def test_the_share_link_opens_the_same_position_in_a_fresh_browser(page, browser, base_url):
    rng = random.Random(7)
    play_turns(page, 2, rng)
    click(page, "#roll")
    state = board_state(page)
    link = page.input_value("#share-link")
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}" == base_url and parts.query.startswith("position=")
    assert "&match=" in link
    shoot(page, "desktop-share")
    friend = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = friend.new_page()
        open_app(other, link)
        seen = board_state(other)
        assert (seen["position_id"], seen["match_id"]) == (state["position_id"], state["match_id"])
        assert seen["checkers"] == state["checkers"] and sorted(seen["dice"]) == sorted(state["dice"])
        assert other.url.endswith("/")          # the link's query is gone: a reload resumes
        # an XGID link, in the same browser: it takes the place of the match the share link opened
        open_app(other, f"{base_url}/?xgid={XGID.replace(':', '%3A').replace('=', '%3D')}")
        expected = decode(read_ids(XGID)).match()
        seen = board_state(other)
        assert (seen["position_id"], seen["match_id"]) == (expected.position_id(), expected.match_id())
        assert other.input_value("#xgid") == XGID
        assert "in place of the one the previous link opened" in seen["message"]
        assert other.locator(".cube").get_attribute("data-value") == "2"
    finally:
        friend.close()


def test_a_hint_lists_the_best_plays_and_a_click_plays_one(page):
    assert enabled(page, "hint")
    click(page, "#hint")
    page.wait_for_selector("#hint-panel tbody[data-play]")
    plays = page.locator("#hint-panel tbody[data-play]")
    # the best few shown, every other play listed under a fold (issue 33)
    assert 1 <= plays.filter(visible=True).count() <= 5 and plays.count() >= plays.filter(visible=True).count()
    assert page.locator("#hint-panel tbody.best").count() == 1
    assert "Best plays for" in page.locator("#hint-panel .hint-title").inner_text()
    shoot(page, "desktop-hint")
    best = plays.first.get_attribute("data-play")
    click(page, "#hint-panel tbody[data-play]")
    assert best in page.locator("#message").inner_text()
    click(page, "#done")
    assert page.locator("#hint-panel").is_hidden()
    # before rolling, the cube: no double / double-take / double-drop
    assert enabled(page, "double")
    click(page, "#hint")
    page.wait_for_selector("#hint-panel table.cube")
    assert page.locator("#hint-panel table.cube tbody").count() == 3
    assert "Cube decision" in page.locator("#hint-panel").inner_text()


def test_export_mat_downloads_the_match_as_it_stands(page):
    state = board_state(page)
    with expect_download(page) as saved:
        click(page, "#export-mat")
    assert saved.name.endswith(".mat")
    text = saved.text
    match = import_mat(text)
    assert (match.position_id(), match.match_id()) == (state["position_id"], state["match_id"])
    # the record numbers the moves as the board does (two players: for the player to act,
    # issue 33), the file as each mover does
    moves = [(e["player"], e["move"]) for e in match.events if e["type"] == "move"]
    actor = match.player_to_act if match.player_to_act is not None else match.player_on_roll
    record = page.locator("#record li .what").all_inner_texts()
    assert [r.split(": ", 1)[1] for r in record if ": " in r] == \
        [move_seen_from(move, player, actor) for player, move in moves]
    assert "saved as" in page.locator("#message").inner_text()


def test_bad_ids_say_why_and_leave_the_board_as_it_was(page):
    before = board_state(page)
    page.fill("#import-text", "4HPwATDgc/ABMA:not-a-match")
    act(page, lambda: page.press("#import-text", "Enter"))
    after = board_state(page)
    assert page.locator("#message.warn").count() == 1
    assert "Match ID cannot be read" in after["message"]
    assert {k: after[k] for k in ("checkers", "dice", "position_id", "match_id")} == \
        {k: before[k] for k in ("checkers", "dice", "position_id", "match_id")}
    assert page.locator("#import-text").get_attribute("aria-invalid") == "true"
    act(page, lambda: page.select_option("#lang", "fr"))
    page.fill("#import-text", "XGID=n'importe quoi")
    act(page, lambda: page.click("#import-open"))
    assert "XGID est illisible" in page.locator("#message").inner_text()
    assert board_state(page)["position_id"] == before["position_id"]
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "desktop-bad-id-fr")
    act(page, lambda: page.select_option("#lang", "en"))


def test_pasted_ids_open_that_position(page):
    page.fill("#import-text", "4HPwATDgc/ABMA:cImqAAAAAAAE")
    act(page, lambda: page.click("#import-open"))
    state = board_state(page)
    assert (state["position_id"], state["match_id"]) == ("4HPwATDgc/ABMA", "cImqAAAAAAAE")
    assert sorted(state["dice"]) == ["2", "5"]


def test_a_bad_mat_file_says_which_line_and_changes_nothing(page, tmp_path):
    before = board_state(page)
    bad = tmp_path / "bad.mat"
    bad.write_text(" 3 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   42: 24/12\n")
    act(page, lambda: page.set_input_files("#import-mat", str(bad)))
    message = page.locator("#message").inner_text()
    assert "line 5" in message and page.locator("#message.warn").count() == 1
    assert board_state(page)["position_id"] == before["position_id"]


def test_a_windows_1252_mat_file_keeps_its_accented_names(page, tmp_path):
    club = tmp_path / "club.mat"
    club.write_bytes(" 3 point match\n\n Game 1\n Ren\u00e9e : 0     Bob : 0\n  1) 31: 8/5 6/5\n"
                     .encode("cp1252"))
    act(page, lambda: page.set_input_files("#import-mat", str(club)))
    assert "club.mat" in page.locator("#message").inner_text()
    assert "Ren\u00e9e" in page.locator("body").inner_text()


def own_moves(game):
    """The moves of ``game`` (1-based) of FINISHED_MAT as the record writes them in each
    player's own numbering: ``63: 8/5 8/2``."""
    events = import_mat(FINISHED_MAT.read_text()).events
    starts = [k for k, e in enumerate(events) if e["type"] == "game_start"] + [len(events)]
    return [f"{''.join(map(str, sorted(e['dice'], reverse=True)))}: {e.get('move') or '—'}"
            for e in events[starts[game - 1]:starts[game]] if e["type"] in ("move", "pass")]


def record_moves(page):
    """The move lines of "Moves of this game" on the page."""
    return [line for line in page.locator("#record li .what").all_inner_texts()
            if line[:2].isdigit() and line[2:4] == ": "]


def test_a_mat_file_opens_for_replay_and_the_history_replays_and_exports_it(page):
    act(page, lambda: page.set_input_files("#import-mat", str(FINISHED_MAT)))
    assert page.locator("#replay-bar").is_visible()
    assert page.locator("#actions").is_hidden()
    assert "Game 1" in page.locator("#replay-info").inner_text()
    # a replay of two other people: each move in its player's own numbering, as the file
    # writes it (issue 44, point 12); game 1 holds one move, of the top player's
    assert record_moves(page) == own_moves(1) == ["63: 8/5 8/2"]
    start = board_state(page)
    click(page, "#replay-next")
    moved = board_state(page)
    assert moved["checkers"] != start["checkers"]
    assert page.locator("#record li.current").count() == 1
    click(page, "#record li[data-frame]", 0)
    assert board_state(page)["checkers"] == start["checkers"]
    shoot(page, "desktop-replay")
    click(page, "#replay-close")
    assert page.locator("#replay-bar").is_hidden()
    open_dialog(page, "#history-button", "#history-dialog")
    finished = page.locator("#history-list [data-action='replay']")
    assert finished.count() == 1
    shoot(page, "desktop-history")
    act(page, finished.first.click)
    assert page.locator("#replay-bar").is_visible()
    click(page, "#replay-last")
    assert "Wins" in page.locator("#record li.current").inner_text() or \
        "wins" in page.locator("#record li.current").inner_text()
    last = max(e["game"] for e in import_mat(FINISHED_MAT.read_text()).events if e["type"] == "game_start")
    assert len(own_moves(last)) > 50 and record_moves(page) == own_moves(last)
    page.click("#history-button")
    with expect_download(page) as saved:
        page.locator("#history-list [data-action='export']").first.click()
    again = import_mat(saved.text)
    assert again.score == import_mat(FINISHED_MAT.read_text()).score
    assert page.record.get("errors", []) == []


def test_phone_the_new_controls_fit(browser, base_url):
    context = browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2,
                                  has_touch=True, reduced_motion="reduce")
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?position=4HPwATDgc/ABMA&match=cImqAAAAAAAE")
        click(page, "#hint")
        page.wait_for_selector("#hint-panel tbody[data-play]")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.locator("#hint-panel").scroll_into_view_if_needed()
        shoot(page, "phone-hint")
        page.locator("#tools").scroll_into_view_if_needed()
        shoot(page, "phone-tools")
        for name in ("share-link", "copy-link", "import-text", "import-open", "export-mat", "open-mat"):
            box = page.locator(f"#{name}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 375, name
        act(page, lambda: page.set_input_files("#import-mat", str(FINISHED_MAT)))
        click(page, "#replay-next")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.locator("#replay-bar").scroll_into_view_if_needed()
        shoot(page, "phone-replay")
    finally:
        context.close()
