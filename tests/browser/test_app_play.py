"""Whole games in Chromium: clicks, drags, typed moves, the cube, reloads, the bot.

Links with a ``seed`` make the dice the same at every run; the moves are
picked among the destinations the board highlights, or, in the whole games
(typed moves, against the bot), are the net's best play (0-ply, computed here
in CPython) on the position the page shows: sensible plays make games of 30
to 45 rolls where random ones made 70 to 100.
"""

import pathlib
import random

import pytest
from app_driver import (act, board_state, click, enabled, engine_play, match_over, open_app, open_dialog,
                        play_by_clicks, play_one_step_by_clicks, wait_ready)

from game.bot.bot import Bot
from game.ids.match_id import decode_match_id
from game.levels import NO_LOOK_AHEAD
from game.position import Position

FAST = {"fast_bot": True, "animate": False}
SHOTS = pathlib.Path("/tmp/shots")


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def quick(page):
    """No animations: clicks need not wait for moving checkers."""
    page.emulate_media(reduced_motion="reduce")
    return page


def play_turn_by_clicks(page, rng):
    if enabled(page, "roll"):
        click(page, "#roll")
    while page.locator(".checker.movable").count():
        play_one_step_by_clicks(page, rng)
    if enabled(page, "next-game") or match_over(page):
        return
    assert enabled(page, "done"), page.locator("#message").inner_text()
    click(page, "#board .dice")                         # clicking the dice ends the turn


def test_a_hotseat_game_with_clicks_and_a_drag_each_turn_ended_on_the_dice(quick, base_url):
    """A drag, then turns by clicks, each ended by a click on the dice. A game played to its
    end by clicks (bearing off on the tray, the winner named) is the bot game's below, and the
    journeys' in Firefox and WebKit; a whole hot-seat match by clicks to its score:
    tests/test_ui_controller.py::test_a_whole_hotseat_match_with_clicks_ends_in_the_history."""
    page = open_app(quick, f"{base_url}/?mode=hotseat&length=1&seed=hotseat-7", prefs=FAST)
    rng = random.Random(7)
    click(page, "#roll")
    # one step by drag and drop: a movable checker onto its first highlighted point
    checker = page.locator(".checker.movable").first
    box = checker.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    act(page, lambda: page.mouse.move(box["x"] + 30, box["y"] + 30, steps=4))
    target = page.locator(".target").first.bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    act(page, page.mouse.up)
    assert "Played so far" in page.locator("#message").inner_text() or enabled(page, "done")
    assert enabled(page, "undo")
    for _ in range(8):
        on_roll = board_state(page)["match_id"]
        play_turn_by_clicks(page, rng)
        assert enabled(page, "roll") and not enabled(page, "done")     # the other side's turn
        assert board_state(page)["match_id"] != on_roll


def test_a_game_with_typed_moves(quick, base_url):
    page = open_app(quick, f"{base_url}/?mode=hotseat&length=1&seed=typed-2", prefs=FAST)
    best = Bot(level=NO_LOOK_AHEAD)      # each side types the net's best play: 45 turns (random plays: 86)
    turns = 0
    while not match_over(page):
        turns += 1
        assert turns < 200
        click(page, "#roll")
        state = board_state(page)
        info = decode_match_id(state["match_id"])
        position = Position.from_position_id(state["position_id"])
        plays = position.legal_moves(info.dice)
        if len(plays) > 1:
            move = str(best.choose_move(position, info.dice))
            page.fill("#move-input", move)
            act(page, lambda: page.press("#move-input", "Enter"))
            assert page.locator("#move-input").input_value() == ""
            assert "press Done" in page.locator("#message").inner_text(), move
        if match_over(page):
            break
        click(page, "#done")
    assert turns > 5


def test_an_illegal_typed_move_is_refused_with_its_reason(quick, base_url):
    page = open_app(quick, f"{base_url}/?mode=hotseat&seed=typed-bad", prefs=FAST)
    click(page, "#roll")
    page.fill("#move-input", "24/1")
    act(page, lambda: page.press("#move-input", "Enter"))
    assert page.locator("#move-input").get_attribute("aria-invalid") == "true"
    assert page.locator("#move-input").input_value() == "24/1"
    assert page.locator("#message.warn").count() == 1


def roll_and_play_anything(page, rng):
    click(page, "#roll")
    while page.locator(".checker.movable").count():
        play_one_step_by_clicks(page, rng)
    click(page, "#done")


def test_the_cube_offered_taken_then_redoubled_and_dropped(quick, base_url):
    record = {}
    page = open_app(quick, f"{base_url}/?mode=hotseat&length=5&seed=cube-1", prefs=FAST, record=record)
    rng = random.Random(1)
    roll_and_play_anything(page, rng)                  # the opening
    assert enabled(page, "double")
    click(page, "#double")
    assert enabled(page, "take") and enabled(page, "drop")
    assert not enabled(page, "roll")
    assert page.locator(".cube.offered").count() == 1
    click(page, "#take")
    assert page.locator("#take").is_hidden() and page.locator("#drop").is_hidden()
    assert page.locator(".cube").get_attribute("data-value") == "2"
    assert not enabled(page, "double")                  # the taker owns the cube now
    roll_and_play_anything(page, rng)                   # the doubler plays on
    assert enabled(page, "double")                      # the owner may redouble
    click(page, "#double")
    assert "4" in page.locator("#message").inner_text()
    click(page, "#drop")
    assert enabled(page, "next-game")
    scores = page.locator(".player .score").all_inner_texts()
    assert sorted(scores) == ["0", "2"]
    click(page, "#next-game")
    assert enabled(page, "roll")
    assert record.get("errors", []) == []


def test_two_links_in_a_row_keep_the_persons_match_once_and_one_link_match(quick, base_url):
    # the person's own match, started from New match and rolled
    page = open_app(quick, f"{base_url}/?lang=en", prefs=FAST)
    page.click("#new-match")
    page.check('#new-match-form input[name="mode"][value="hotseat"]')
    page.fill('#new-match-form input[name="seed"]', "own-1")
    act(page, lambda: page.click("#setup-start"))
    click(page, "#roll")
    own = board_state(page)
    # a first link: the person's match is kept, and said so until the next roll
    page.goto(f"{base_url}/?mode=hotseat&seed=keep-2&length=3")
    wait_ready(page)
    assert "your unfinished match was kept under Matches" in page.locator("#message").inner_text()
    click(page, "#roll")
    assert "kept" not in page.locator("#message").inner_text()
    # a second link takes the first link's place: nothing piles up under Matches
    page.goto(f"{base_url}/?mode=hotseat&seed=keep-3&length=3")
    wait_ready(page)
    assert "in place of the one the previous link opened" in page.locator("#message").inner_text()
    click(page, "#roll")
    assert "previous link" not in page.locator("#message").inner_text()
    open_dialog(page, "#history-button", "#history-dialog")
    entries = page.locator("#history-list [data-action='resume']")
    assert entries.count() == 1
    assert "from a link" not in page.locator("#history-list .entry").first.inner_text()
    act(page, entries.first.click)
    assert board_state(page)["position_id"] == own["position_id"]
    assert board_state(page)["dice"] == own["dice"]


@pytest.fixture
def thinking(tiered_browser):
    """A page in the engine with its optimizing tier, no animations: the expert thinks there at
    every one of its turns (tests/conftest.py, tiered_browser)."""
    context = tiered_browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    yield context.new_page()
    context.close()


def test_against_the_bot_to_the_end(thinking, base_url):
    record = {}
    # the person plays the net's best play (0-ply): with these dice a game of 35 rolls, which the
    # person wins; random plays against the expert made games of 70 to 80 rolls
    page = open_app(thinking, f"{base_url}/?mode=bot&length=1&seed=bot-1&level=expert", prefs=FAST,
                    record=record)
    turns = 0
    while not match_over(page):
        turns += 1
        if turns == 40:
            shoot(page, "desktop-bot-midgame")
        assert turns < 400
        if enabled(page, "roll"):
            click(page, "#roll")
        elif page.locator(".checker.movable").count():
            play_by_clicks(page, engine_play(page))
        elif enabled(page, "done"):
            click(page, "#done")
        elif enabled(page, "take"):
            click(page, "#take")
        elif enabled(page, "accept-resign"):      # the computer resigns a hopeless race
            click(page, "#accept-resign")
        else:
            # the computer's turn: wait for its next move to be drawn
            page.wait_for_function(
                "document.querySelector('#roll:not([disabled]), #done:not([disabled]), #take:not([hidden]),"
                " #accept-resign:not([hidden]), .checker.movable')"
                " || /wins the match|You win the match/.test(document.querySelector('#message').textContent)",
                timeout=60_000)
    assert record.get("errors", []) == []
    text = page.locator("#message").inner_text()
    assert "You" in text or "Computer" in text
    assert page.locator("#record li").count() > 10
    shoot(page, "desktop-bot-end")


def test_watching_the_computer_play_itself(quick, base_url):
    record = {}
    page = open_app(quick, f"{base_url}/?mode=watch&length=1&seed=watch-1&level=beginner",
                    prefs=FAST, record=record)
    assert not enabled(page, "roll")
    # it plays on its own, move after move (the whole match is played in tests/test_ui_controller.py)
    page.wait_for_function("document.querySelectorAll('#record li').length >= 8", timeout=120_000)
    assert record.get("errors", []) == []
    assert not enabled(page, "roll") and not enabled(page, "done")
    assert page.locator(".checker.movable").count() == 0
