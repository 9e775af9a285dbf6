"""Live play on the same network in Chromium (issue 34): two contexts connect by pasting codes, then play.

Alice opens ``?mode=friend`` and presses *Play live*: her page shows the connection code in
``#friend-offer``. Bob pastes it in the IDs box; his page shows its answer in ``#friend-answer``,
which Alice pastes in her panel's box. The WebRTC data channel opens over loopback (host
candidates only, no server) and the links then go by themselves: the invitation, the joining
link, each move. Closing the connection puts the match back on links.

What Chromium needs here (measured, tests run in tools/netns.py's namespace with loopback only):
``--allow-loopback-in-peer-connection`` (tests/browser/engines.py) and the microphone permission
for the two contexts. Without the permission Chromium hides each address behind an mDNS name
(``<uuid>.local``), whose registration needs multicast, which the namespace's ``lo`` lacks: no
candidate comes before the 4 s the page waits, and nothing connects. With it Chromium gives
127.0.0.1 itself. The app never asks for the microphone. On a real network (outside the
namespace) the mDNS names connect with neither (tested by hand the same day).
Screenshots go to /tmp/shots-friend-live/ (desktop 1280x800, phone 375x667).
"""

import pathlib
import time

import pytest
from app_driver import act, board_state, click, two_devices

from test_friend_links import carry, link_of, on_turn, play_one

SHOTS = pathlib.Path("/tmp/shots-friend-live")
FAST = {"animate": False}
WAIT_MS = 15_000


@pytest.fixture(scope="module")
def devices(browser, base_url):
    pages, close = two_devices(browser, base_url, prefs=FAST, permissions=["microphone"])
    yield pages
    close()


def field(page, name):
    return page.locator(f"#{name}").input_value()


def wait_field(page, name):
    page.wait_for_function(f"document.getElementById('{name}').value.includes('#live=')", timeout=WAIT_MS)
    return field(page, name)


def settle(alice, bob):
    """Wait until both boards show the same checkers and one side has something to do."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        a, b = board_state(alice), board_state(bob)
        if a["checkers"] == b["checkers"] and on_turn(alice, bob) is not None:
            return on_turn(alice, bob)
        time.sleep(0.05)
    raise AssertionError((alice.locator("#message").inner_text(), bob.locator("#message").inner_text()))


def shoot(page, name, part=None):
    SHOTS.mkdir(parents=True, exist_ok=True)
    if part is None:
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    else:
        page.locator(part).scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_the_panel_offers_live_play_and_says_it_needs_the_same_network(devices):
    alice, bob = devices
    assert alice.locator("#friend-live-start").is_visible()
    assert "same network" in alice.locator("#friend-live-note").inner_text()
    assert not alice.locator("#friend-offer-box").is_visible()
    # scanning is offered only where the browser reads QR codes itself
    has_detector = alice.evaluate("'BarcodeDetector' in window")
    assert alice.locator("#friend-scan").is_visible() == has_detector


def test_two_contexts_connect_by_pasting_the_codes(devices):
    alice, bob = devices
    started = time.monotonic()
    click(alice, "#friend-live-start")
    offer = wait_field(alice, "friend-offer")
    made = time.monotonic() - started
    assert alice.locator("#friend-offer-qr svg").count() == 1 and alice.locator("#friend-live-stop").is_visible()
    assert not alice.locator("#friend-send").is_visible()      # one QR code at a time: the link waits
    shoot(alice, "offer-desktop", "#friend-panel")
    bob.locator("#import-text").fill(offer)
    act(bob, lambda: bob.locator("#import-open").click())
    answer = wait_field(bob, "friend-answer")
    assert bob.locator("#friend-panel").is_visible() and bob.locator("#friend-answer-qr svg").count() == 1
    assert not bob.locator("#friend-live-start").is_visible()
    shoot(bob, "answer-phone", "#friend-panel")
    alice.locator("#friend-paste").fill(answer)
    act(alice, lambda: alice.locator("#friend-open").click())
    page = settle(alice, bob)                        # the invitation, the joining link, the opening roll
    connected = time.monotonic() - started
    print(f"\nlive: offer {made:.2f} s, connected and the opening thrown {connected:.2f} s; "
          f"offer code {len(offer.split('#live=')[1])} characters, answer {len(answer.split('#live=')[1])}")
    for each in (alice, bob):
        assert "Connected live" in each.locator("#friend-live-say").inner_text()
        assert not each.locator("#friend-send").is_visible()          # no link to send by hand
        assert not each.locator("#friend-offer-box").is_visible() and not each.locator("#friend-answer-box").is_visible()
    assert page is not None


def test_moves_and_dice_flow_as_they_are_made(devices):
    alice, bob = devices
    moved = 0
    for _ in range(16):
        page = settle(alice, bob)
        before = board_state(page)["position_id"]
        play_one(page)
        moved += board_state(page)["position_id"] != before
        if moved >= 4:
            break
    assert moved >= 4
    page = settle(alice, bob)
    other = bob if page is alice else alice
    assert "Sent to your friend" in other.locator("#message").inner_text() or \
        "Your friend" in page.locator("#message").inner_text(), (page.locator("#message").inner_text())
    assert board_state(alice)["checkers"] == board_state(bob)["checkers"]
    shoot(bob, "live-phone", "#friend-panel")
    assert not alice.errors and not bob.errors


def test_when_the_connection_closes_the_match_goes_on_by_links(devices):
    alice, bob = devices
    click(alice, "#friend-live-stop")
    bob.wait_for_function("document.getElementById('message').textContent.includes('by links')", timeout=WAIT_MS)
    assert "connection closed" in bob.locator("#message").inner_text()
    assert "stopped" in alice.locator("#message").inner_text()
    for each in (alice, bob):
        assert each.locator("#friend-live-start").is_visible()
    page = settle(alice, bob)
    other = bob if page is alice else alice
    for _ in range(6):                                 # one whole turn, then its link by hand
        play_one(page)
        if link_of(page) and page.locator("#friend-send").is_visible():
            break
    assert carry(page, other)
    assert board_state(alice)["checkers"] == board_state(bob)["checkers"]
    shoot(other, "back-to-links")
    assert not alice.errors and not bob.errors
