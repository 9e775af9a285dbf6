"""A hint's plays rolled out in Chromium: Roll out, the games come in, Stop.

Screenshots go to /tmp/shots-rollout/ (desktop 1280x800; ``ROLLOUT_PHONE=1`` adds the phone,
390x844 in French, for a look, not in the suite: a second page start costs 20 s).
"""

import os

import pathlib

import pytest
from app_driver import STEP_TIMEOUT_MS, click, open_app, roll_until_a_choice

SHOTS = pathlib.Path("/tmp/shots-rollout")
FAST = {"animate": False, "fast_bot": True}


def games(page):
    return int(page.get_attribute("#rollout-games", "data-games"))


SIZES = [((1280, 800), "en")] + ([((390, 844), "fr")] if os.environ.get("ROLLOUT_PHONE") else [])


@pytest.mark.parametrize("size, language", SIZES)
def test_a_hint_s_rollout_shows_games_as_they_come_and_stops(tiered_browser, base_url, size, language):
    context = tiered_browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce")
    page = context.new_page()
    try:
        open_app(page, f"{base_url}/?mode=hotseat&length=5&seed=3&lang={language}", prefs=FAST)
        roll_until_a_choice(page)
        click(page, "#hint")
        page.wait_for_selector("#rollout-open", timeout=STEP_TIMEOUT_MS)
        page.click("#rollout-open")
        page.wait_for_function("Number(document.getElementById('rollout-games')?.dataset.games || 0) >= 2",
                               timeout=STEP_TIMEOUT_MS)
        rows = page.locator("#rollout-panel tr[data-play]")
        assert 2 <= rows.count() <= 3
        for k in range(rows.count()):
            float(rows.nth(k).get_attribute("data-equity"))          # a number, for each play
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = "desktop" if size[0] > 600 else "phone"
        page.locator("#rollout-panel").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-{language}-running.png"))
        page.click("#rollout-stop")
        page.wait_for_selector("#rollout-stop", state="hidden", timeout=STEP_TIMEOUT_MS)
        stopped = games(page)
        assert stopped >= 2
        page.wait_for_selector("#rollout-start:not([hidden])", timeout=STEP_TIMEOUT_MS)
        assert games(page) == stopped                                   # no game after Stop
        page.screenshot(path=str(SHOTS / f"{name}-{language}-stopped.png"), full_page=True)
    finally:
        context.close()
