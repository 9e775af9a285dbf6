"""The puzzle deck on the page, in Chromium (issue 43, part 2): ``?puzzles`` with a deck put in
localStorage as the app keeps it; a puzzle solved by a typed play, the next one missed;
``#puzzles-due`` (the menu's count) drops with each. The verdicts come from the core
(game.app.puzzles.rate). Firefox and WebKit: tools/check_puzzles_browsers.py, run once
(docs/puzzles.md). A screenshot goes to /tmp/shots-puzzles/chromium-en-desktop.png.
"""

import json
import pathlib
import time

from app_driver import STEP_TIMEOUT_MS, act, open_app
from engines import guarded

from game.app.keep.puzzle_deck import KIND
from game.app.keep.storage import PUZZLES, pack
from game.app.puzzles.rate import rate

SHOTS = pathlib.Path("/tmp/shots-puzzles")
START = "4HPwATDgc/ABMA"
# the opening 5-2 and 6-4 of the bottom player (gnubg's player 1), match to 5
FIVE_TWO, SIX_FOUR = "cImqAAAAAAAE", "cAmzAAAAAAAE"
#: player 1 to double or not, before the roll
CUBE = "cAmgAAAAAAAE"


def puzzle(match_id, played, due):
    return {"position_id": START, "match_id": match_id, "kind": "move", "played": played, "loss": 0.1,
            "ranking": [], "added": 0, "due": due, "step": 0, "seen": 0, "right": 0}


def panel_screen(page, screen):
    page.wait_for_selector(f'#puzzles-panel[data-screen="{screen}"]', state="attached", timeout=STEP_TIMEOUT_MS)


def type_play(page, play):
    page.fill("#move-input", play)
    act(page, lambda: page.press("#move-input", "Enter"))


def test_the_deck_opens_from_its_link_and_the_due_count_drops_as_puzzles_are_solved(browser, base_url):
    later = time.time() + 30 * 86400
    # two checker plays due, a double not due for a month
    deck = [puzzle(FIVE_TWO, "13/6", 0), puzzle(SIX_FOUR, "24/14", 1), dict(puzzle(CUBE, "double", later), kind="cube")]
    assert rate(START, SIX_FOUR).dice == (6, 4)
    best = rate(START, FIVE_TWO).best
    worst = rate(START, SIX_FOUR).choices[-1][0]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    text = pack(KIND, {"puzzles": deck})
    page.add_init_script(guarded(f"if (!localStorage.getItem({json.dumps(PUZZLES)})) "
                                 f"localStorage.setItem({json.dumps(PUZZLES)}, {json.dumps(text)});"))
    record = {}
    open_app(page, f"{base_url}/?puzzles&lang=en", prefs={"animate": False}, record=record)
    panel_screen(page, "solve")
    assert page.inner_text("#puzzles-due") == "2"
    assert page.locator("#puzzles-panel").is_visible() and not page.locator("#roll").is_visible()
    assert "Find a better play" in page.inner_text("#puzzles-panel h2")

    type_play(page, best)
    panel_screen(page, "answer")
    assert page.get_attribute("#puzzles-panel h2", "data-verdict") == "right"
    assert page.inner_text("#puzzles-due") == "1"
    assert page.locator("#board g.preview.verdict-best .play-arrow").count() == 2
    assert "comes back in 1 day" in page.inner_text("#puzzles-panel")
    link = page.input_value("#puzzle-link")
    assert link.startswith(base_url) and "?puzzle=1" in link

    act(page, lambda: page.click('#puzzles-panel [data-puzzle-act="next"]'))
    panel_screen(page, "solve")
    type_play(page, worst)
    panel_screen(page, "answer")
    assert page.get_attribute("#puzzles-panel h2", "data-verdict") == "wrong"
    assert page.inner_text("#puzzles-due") == "0"
    assert page.locator("#board g.best-play.verdict-best .play-arrow").count() >= 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "chromium-en-desktop.png"))

    kept = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(PUZZLES)})"))["data"]["puzzles"]
    assert [p["step"] for p in kept] == [1, 0, 0] and kept[0]["due"] > time.time() + 86000
    act(page, lambda: page.click('#puzzles-panel [data-puzzle-act="close"]'))
    assert page.locator("#puzzles-panel").is_hidden() and page.inner_text("#puzzles-due") == "0"
    assert record.get("errors", []) == []
    context.close()
