"""The puzzle deck in Chromium, Firefox ESR and WebKitGTK, desktop and phone, English and French:
a check run by hand, once, not part of the suite (its name is not ``test_*``; the suite's own test
is tests/browser/test_puzzles.py, Chromium only)::

    nice python3 -m pytest -q -n0 -p no:randomly tests/browser/check_puzzles_engines.py \\
        --browser chromium --browser firefox

In each engine: ``?puzzles`` on a desktop (1280x800) with a deck put in localStorage, the first
puzzle solved by a typed play (``#puzzles-due`` drops from 2 to 1); then a shared puzzle's link
(``?puzzle=<code>``) on a phone held upright (390x844) in the other language, missed, the best
play drawn, then added to the deck (``#puzzles-due`` 2). Screenshots: /tmp/shots-puzzles/.
"""

import json

import pytest

from game.app.keep.puzzle_deck import KIND
from game.app.keep.storage import PUZZLES, pack
from game.app.puzzles.link import encode
from game.app.puzzles.rate import rate

START = "4HPwATDgc/ABMA"
FIVE_TWO, SIX_FOUR, FOUR_ONE = "cImqAAAAAAAE", "cAmzAAAAAAAE", "cAmmAAAAAAAE"
SHOTS = "/tmp/shots-puzzles"


def puzzle(match_id, played):
    return {"position_id": START, "match_id": match_id, "kind": "move", "played": played, "loss": 0.1,
            "ranking": [], "added": 0, "due": 0, "step": 0, "seen": 0, "right": 0}


def seeded(page, base_url, url):
    """Open ``url`` with the deck of two due puzzles in localStorage (and no animation)."""
    page.goto(base_url + "/__prefs__")
    page.evaluate("localStorage.setItem(arg[0], arg[1])",
                  [PUZZLES, pack(KIND, {"puzzles": [puzzle(FIVE_TWO, "13/6"), puzzle(SIX_FOUR, "24/14")]})])
    page.open(url, prefs={"animate": False, "language": "en"})


def wait_screen(page, screen):
    page.wait_for("document.getElementById('puzzles-panel')?.dataset.screen === arg", arg=screen)


def type_play(page, engine, play):
    """Type ``play`` in the move field and press Enter. On a phone-sized window WebKitGTK's driver
    will neither clear the field ("Element is not focusable") nor send it keys: there the text is
    put in by the page and the form sent as Enter sends it (its submit event, the app's handler)."""
    if engine == "webkit":
        page.evaluate("document.getElementById('move-input').value = arg", play)
        page.act(lambda: page.evaluate("document.getElementById('move-form').requestSubmit()"))
        return
    page.fill("#move-input", play)
    page.press_and_render("Enter")


@pytest.mark.engines("chromium", "firefox", "webkit")
def test_the_deck_and_a_shared_puzzle_in_every_engine(open_page, base_url, engine):
    desktop, phone = ("fr", "en") if engine == "firefox" else ("en", "fr")
    page = open_page(1280, 800)
    seeded(page, base_url, f"{base_url}/?puzzles&lang={desktop}")
    wait_screen(page, "solve")
    assert page.text("#puzzles-due") == "2"
    page.shot(f"{SHOTS}/{engine}-{desktop}-desktop-solve.png")
    type_play(page, engine, rate(START, FIVE_TWO).best)
    wait_screen(page, "answer")
    assert page.attribute("#puzzles-panel h2", "data-verdict") == "right"
    assert page.text("#puzzles-due") == "1"
    page.shot(f"{SHOTS}/{engine}-{desktop}-desktop-answer.png")
    assert page.errors() == []

    phone_page = open_page(390, 844)
    code = encode(START, FOUR_ONE)
    seeded(phone_page, base_url, f"{base_url}/?puzzle={code}&lang={phone}")
    wait_screen(phone_page, "solve")
    phone_page.shot(f"{SHOTS}/{engine}-{phone}-phone-solve.png")
    type_play(phone_page, engine, rate(START, FOUR_ONE).choices[-1][0])
    wait_screen(phone_page, "answer")
    assert phone_page.attribute("#puzzles-panel h2", "data-verdict") == "wrong"
    assert phone_page.count("#board g.best-play .play-arrow") >= 1
    phone_page.shot(f"{SHOTS}/{engine}-{phone}-phone-answer.png")
    phone_page.click_and_render('#puzzles-panel [data-puzzle-act="add"]')
    assert phone_page.text("#puzzles-due") == "3"
    stored = json.loads(phone_page.evaluate("localStorage.getItem(arg)", PUZZLES))["data"]["puzzles"]
    assert [p["match_id"] for p in stored] == [FIVE_TWO, SIX_FOUR, FOUR_ONE]
    assert phone_page.errors() == []
