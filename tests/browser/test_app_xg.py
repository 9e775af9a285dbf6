"""eXtreme Gammon's .xg files in Chromium: opened as bytes by the "Open a match file" button."""

import pathlib

import pytest
from app_driver import act, board_state, click, open_app

DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "xg"
XG = DATA / "match_5_point.xg"        # written by tools/xg_files.py, read alike by xgdatatools


@pytest.mark.chromium_only("one engine is enough for a binary file read through the same input")
def test_an_xg_file_opens_for_replay_and_steps_move_by_move(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=xg-1", prefs={"animate": False})
    assert ".xg" in page.locator("#import-mat").get_attribute("accept")
    act(page, lambda: page.set_input_files("#import-mat", str(XG)))
    assert page.locator("#replay-bar").is_visible()
    assert XG.name in page.locator("#message").inner_text()
    start = board_state(page)
    click(page, "#replay-next")
    assert board_state(page)["checkers"] != start["checkers"]
    click(page, "#replay-close")
    context.close()
