"""A match by links in Chromium (issue 34): two browser contexts, two devices, the links carried by page.goto.

Each context has its own localStorage, as two phones would.  Alice opens ``?mode=friend``, Bob
opens the address Alice's page shows in ``#friend-link``; they play turns by typing moves,
each link opened in the other context with its ``#friend=`` address (a hash change, as a
messenger's link opened in a tab where the app is already open).  Then a tampered link is
refused with its reason and nothing changes, and a reload on both sides keeps the match.
Screenshots go to /tmp/shots-friend/ (desktop 1280x800, phone 375x667).
"""

import pathlib

import pytest
from app_driver import act, board_state, click, enabled, two_devices, wait_ready

from game.ids.match_id import decode_match_id
from game.position import Position

SHOTS = pathlib.Path("/tmp/shots-friend")
FAST = {"animate": False}


@pytest.fixture(scope="module")
def devices(browser, base_url):
    pages, close = two_devices(browser, base_url, prefs=FAST)
    yield pages
    close()


def link_of(page):
    return page.locator("#friend-link").input_value()


def carry(source, target):
    """Open ``source``'s new link in ``target`` (page.goto to its address); False when none is new."""
    link = link_of(source)
    if not link or link == source.sent or not source.locator("#friend-send").is_visible():
        return False
    source.sent = link
    act(target, lambda: target.goto(link))
    assert "#friend=" not in target.url          # the page drops the link from its address once opened
    return True


def exchange(alice, bob):
    for _ in range(4):
        if not (carry(alice, bob) | carry(bob, alice)):
            return


def on_turn(alice, bob):
    for page in (alice, bob):
        if any(enabled(page, name) for name in ("roll", "done", "take")) or \
                page.locator("#move-input:not([disabled])").count():
            return page
    return None


def play_one(page):
    """Roll, take, or type the first legal play of the dice shown and press Done."""
    if enabled(page, "take"):
        click(page, "#take")
        return
    if enabled(page, "roll"):
        click(page, "#roll")
        return
    state = board_state(page)
    dice = decode_match_id(state["match_id"]).dice
    plays = sorted(Position.from_position_id(state["position_id"]).legal_moves(dice), key=str)
    if plays and str(plays[0]):
        page.locator("#move-input").fill(str(plays[0]))
        act(page, lambda: page.locator("#move-input").press("Enter"))
    click(page, "#done")


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_invitation_shows_the_link_to_send_with_copy_and_a_qr_code(devices):
    alice, bob = devices
    panel = alice.locator("#friend-panel")
    assert panel.is_visible() and link_of(alice).startswith("http") and "#friend=" in link_of(alice)
    assert "Send this link" in alice.locator("#friend-say").inner_text()
    assert alice.locator("#friend-copy").is_visible()
    assert alice.locator("#friend-qr svg").count() == 1
    # Share shows only where the browser has navigator.share
    has_share = alice.evaluate("typeof navigator.share === 'function'")
    assert alice.locator("#friend-share").is_visible() == has_share
    assert not enabled(alice, "roll")                   # nothing to do before the friend answers
    assert not bob.locator("#friend-panel").is_visible()
    shoot(alice, "invitation-desktop")


def test_two_contexts_play_several_turns_through_links(devices):
    alice, bob = devices
    exchange(alice, bob)                                # Bob joins; his answer brings the opening roll
    assert bob.locator("#friend-panel").is_visible()
    moved = 0
    for _ in range(10):
        page = on_turn(alice, bob)
        assert page is not None, (alice.locator("#message").inner_text(), bob.locator("#message").inner_text())
        before = board_state(page)["position_id"]
        play_one(page)
        moved += board_state(page)["position_id"] != before
        exchange(alice, bob)
        a, b = board_state(alice), board_state(bob)
        assert a["checkers"] == b["checkers"]
        if moved >= 4:
            break
    assert moved >= 4
    said = " ".join(p.locator("#message").inner_text() for p in (alice, bob))
    assert "Your friend played" in said or "You rolled" in said, said
    shoot(bob, "playing-phone")
    assert not alice.errors and not bob.errors


def test_a_tampered_link_is_refused_and_nothing_changes(devices):
    alice, bob = devices
    page = on_turn(alice, bob)
    other = bob if page is alice else alice
    play_one(page)
    link = link_of(page)
    before = board_state(other)
    payload = link.split("#friend=")[1]
    forged = link[:-len(payload)] + payload[:10] + ("A" if payload[10] != "A" else "B") + payload[11:]
    act(other, lambda: other.goto(forged))
    message = other.locator("#message")
    assert "warn" in (message.get_attribute("class") or "")
    assert message.inner_text().endswith("refused.") or "changed" in message.inner_text() \
        or "link" in message.inner_text(), message.inner_text()
    after = board_state(other)
    assert after["checkers"] == before["checkers"] and after["position_id"] == before["position_id"]
    shoot(other, "refused")
    # the paste box takes the true link
    other.locator("#friend-paste").fill(link)
    act(other, lambda: other.locator("#friend-open").click())
    page.sent = link
    assert board_state(other)["checkers"] == board_state(page)["checkers"]


def test_a_reload_on_both_sides_keeps_the_match(devices):
    alice, bob = devices
    exchange(alice, bob)
    states = [board_state(p) for p in (alice, bob)]
    links = [link_of(p) for p in (alice, bob)]
    for page in (alice, bob):
        page.reload()
        wait_ready(page)
    for page, state, link in zip((alice, bob), states, links):
        now = board_state(page)
        assert now["checkers"] == state["checkers"] and now["position_id"] == state["position_id"]
        assert page.locator("#friend-panel").is_visible() and link_of(page) == link
    page = on_turn(alice, bob)
    assert page is not None
    play_one(page)
    exchange(alice, bob)
    assert board_state(alice)["checkers"] == board_state(bob)["checkers"]
    assert not alice.errors and not bob.errors
