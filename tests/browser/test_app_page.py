"""The page's contract, its languages, and how it fits a phone: checked in Chromium."""

import pathlib

import pytest
from app_driver import act, board_state, click, open_app, outside_requests, wait_ready

SHOTS = pathlib.Path("/tmp/shots")
START_ID = "4HPwATDgc/ABMA"


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_page_contract_from_its_own_origin_only(page, base_url):
    record = {}
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=contract", record=record)
    assert outside_requests(record["requests"], base_url) == []
    assert any(u.endswith("/game.zip") for u in record["requests"])
    for name in ("roll", "done", "undo", "double", "take", "drop", "move-input", "message",
                 "position-id", "match-id", "hint", "share-link", "export-mat"):
        assert page.locator(f"#{name}").count() == 1, name
    state = board_state(page)
    assert state["position_id"] == START_ID
    assert len(state["match_id"]) == 12
    assert sum(state["checkers"].values()) == 30
    for player in "01":
        assert state["checkers"][f"{player}:24"] == 2 and state["checkers"][f"{player}:13"] == 5
        assert state["checkers"][f"{player}:8"] == 3 and state["checkers"][f"{player}:6"] == 5
    assert state["dice"] == []
    assert page.url.endswith("/")                     # the link's query is gone: a reload resumes
    shoot(page, "desktop-start")
    click(page, "#roll")
    state = board_state(page)
    assert len(state["dice"]) == 2 and all(d in "123456" for d in state["dice"])
    assert page.locator(".checker.movable").count() > 0
    click(page, ".checker.movable")
    assert page.locator(".target, .tray.target").count() > 0
    shoot(page, "desktop-selected")
    assert record.get("errors", []) == []


def test_language_switch_and_it_is_remembered(page, base_url):
    open_app(page, f"{base_url}/?mode=hotseat&seed=lang")
    assert page.locator("#roll").inner_text() == "Roll"
    act(page, lambda: page.select_option("#lang", "fr"))
    assert page.locator("#roll").inner_text() == "Lancer les dés"
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "tirage d'ouverture" in page.locator("#message").inner_text()
    assert page.locator("#board svg").get_attribute("aria-label") == "Plateau de backgammon"
    page.reload()
    wait_ready(page)
    assert page.locator("#done").inner_text() == "Fin du coup"
    act(page, lambda: page.select_option("#lang", "en"))
    assert page.locator("#done").inner_text() == "Done"


def test_french_browser_gets_french(browser, base_url):
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/")
        assert page.locator("#undo").inner_text() == "Annuler"
    finally:
        context.close()


def test_phone_the_board_fits_without_horizontal_scroll(browser, base_url):
    context = browser.new_context(viewport={"width": 375, "height": 667}, device_scale_factor=2,
                                  has_touch=True)
    try:
        page = context.new_page()
        open_app(page, f"{base_url}/?mode=hotseat&seed=phone")
        shoot(page, "phone-start")
        click(page, "#roll")
        box = page.locator("#board svg").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
        assert box["width"] >= 340
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        for name in ("roll", "done", "undo"):
            button = page.locator(f"#{name}").bounding_box()
            assert button["x"] >= 0 and button["x"] + button["width"] <= 375
        click(page, ".checker.movable")
        shoot(page, "phone-selected")
    finally:
        context.close()
