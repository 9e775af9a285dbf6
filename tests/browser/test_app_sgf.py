"""GNU Backgammon's .sgf files in Chromium: exported beside .mat, opened by the same button."""

import pathlib

import pytest
from app_driver import act, board_state, click, open_app
from engines import expect_download

from game.formats.sgf import import_sgf

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"
GNUBG_SGF = DATA / "gnubg_5_point.sgf"        # written by GNU Backgammon 1.07


@pytest.fixture(scope="module")
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  accept_downloads=True)
    page = context.new_page()
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=sgf-3", prefs={"animate": False})
    yield page
    context.close()


def test_export_sgf_downloads_the_match_as_it_stands(page):
    click(page, "#roll")
    state = board_state(page)
    with expect_download(page) as saved:          # Firefox reports no download: read from the page
        click(page, "#export-sgf")
    assert saved.name.endswith(".sgf")
    match = import_sgf(saved.text)
    assert (match.position_id(), match.match_id()) == (state["position_id"], state["match_id"])
    assert "saved as" in page.locator("#message").inner_text()


def test_a_bad_sgf_file_says_where_and_changes_nothing(page, tmp_path):
    before = board_state(page)
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[6]MI[length:3];W[31hefe];B[42xxxx])")
    act(page, lambda: page.set_input_files("#import-mat", str(bad)))
    message = page.locator("#message").inner_text()
    assert "Game 1, move 2" in message and page.locator("#message.warn").count() == 1
    assert board_state(page)["position_id"] == before["position_id"]


def test_gnubg_s_sgf_file_opens_for_replay(page):
    act(page, lambda: page.set_input_files("#import-mat", str(GNUBG_SGF)))
    assert page.locator("#replay-bar").is_visible()
    assert GNUBG_SGF.name in page.locator("#message").inner_text()
    start = board_state(page)
    click(page, "#replay-next")
    assert board_state(page)["checkers"] != start["checkers"]
    click(page, "#replay-close")
