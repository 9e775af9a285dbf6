"""Helpers of the app's browser tests: open the page, wait for each render, read the board.

Every render of the page bumps ``<body data-renders>``; :func:`act` does
something and waits for the next render, so a test never reads a stale board.
"""

import json
import os
from collections import Counter
from urllib.parse import urlsplit

from engines import guarded, is_tool_noise, record_saves

READY = 'body[data-ready="true"]'
PY_ERROR = ".py-error"
# Waits end on the page's own signals (data-ready, data-renders); these limits only bound a
# failure. They are wide because the suite runs on shared 2-core machines, where starting
# Pyodide once took over 90 s under load (BROWSER_WAIT_SCALE widens them further).
_SCALE = max(1.0, float(os.environ.get("BROWSER_WAIT_SCALE", "1") or 1))
READY_TIMEOUT_MS = int(240_000 * _SCALE)
STEP_TIMEOUT_MS = int(90_000 * _SCALE)


def open_app(page, url, prefs=None, record=None):
    """Load ``url``; ``prefs`` (a dict) are put in localStorage first. Returns the page."""
    if prefs is not None:
        text = json.dumps({"schema": 1, "kind": "prefs", "data": prefs})
        page.add_init_script(guarded(f"localStorage.setItem('backgammon.prefs', {json.dumps(text)});"))
    record_saves(page)
    if record is not None:
        page.on("request", lambda r: record.setdefault("requests", []).append(r.url))
        page.on("console", lambda m: m.type == "error" and not is_tool_noise(m.text)
                and record.setdefault("errors", []).append(m.text))
        page.on("pageerror", lambda e: not is_tool_noise(str(e))
                and record.setdefault("errors", []).append(str(e)))
    page.goto(url)
    wait_ready(page)
    return page


def wait_ready(page):
    page.wait_for_selector(f"{READY}, {PY_ERROR}", state="attached", timeout=READY_TIMEOUT_MS)
    errors = page.locator(PY_ERROR)
    assert errors.count() == 0, errors.first.inner_text()


def _counter(element_id):
    holder = "document.body" if element_id is None else f"document.getElementById('{element_id}')"
    return f"Number({holder}.dataset.renders || 0)"


def renders(page, element_id=None):
    """How many times the page (or the element ``element_id``, e.g. the drills' pane) has drawn."""
    return int(page.evaluate(_counter(element_id)))


def act(page, action, element_id=None):
    """Do ``action()`` and wait until the page (or the element ``element_id``) has drawn its result."""
    before = renders(page, element_id)
    action()
    page.wait_for_function(f"{_counter(element_id)} > {before}", timeout=STEP_TIMEOUT_MS)


def click(page, selector, index=0, **kw):
    act(page, lambda: page.locator(selector).nth(index).click(**kw))


def open_dialog(page, button, dialog):
    """Click ``button`` and wait until ``dialog`` is open: the page fills a dialog, then opens
    it, so what it shows is read only then (a click may return before its handler has run)."""
    page.click(button)
    page.wait_for_selector(f"{dialog}[open]", timeout=STEP_TIMEOUT_MS)


def enabled(page, button):
    return page.locator(f"#{button}:not([disabled]):not([hidden])").count() == 1


def board_state(page):
    """What a person sees: checkers per (player, point), dice, message, IDs."""
    checkers = page.eval_on_selector_all(
        ".checker", "els => els.map(e => e.dataset.player + ':' + e.dataset.point)")
    dice = page.eval_on_selector_all(".die", "els => els.map(e => e.dataset.value)")
    return {
        "checkers": Counter(checkers),
        "dice": dice,
        "message": page.locator("#message").inner_text(),
        "position_id": page.locator("#position-id").inner_text(),
        "match_id": page.locator("#match-id").inner_text(),
    }


def roll_until_a_choice(page, tries=10):
    """Roll (Done after each forced or empty roll) until a roll leaves a choice of plays;
    returns ``(match, plays)``: the decoded Match ID after that roll and its legal plays."""
    from game.ids.match_id import decode_match_id
    from game.position import Position
    for _ in range(tries):
        click(page, "#roll")
        state = board_state(page)
        match = decode_match_id(state["match_id"])
        plays = Position.from_position_id(state["position_id"]).legal_moves(match.dice)
        if len(plays) > 1:
            break
        click(page, "#done")
    return match, plays


def play_one_step_by_clicks(page, rng):
    """Click a movable checker, then one of the highlighted destinations.

    Mostly the rearmost checker as far as it may go (bearing off first), so
    that games end sooner; now and then any of them.
    """
    movable = page.locator(".checker.movable, .checker.selected")
    count = movable.count()
    assert count, "no movable checker"
    # checkers are drawn from the 1-point up to the bar: the last is the rearmost
    click(page, ".checker.movable, .checker.selected",
          count - 1 if rng.random() < 0.8 else rng.randrange(count))
    targets = page.locator(".tray.target, .target")
    n = targets.count()
    assert n, page.locator("#message").inner_text()
    # the tray comes first in the drawing, then the points from the lowest
    click(page, ".tray.target, .target", 0 if rng.random() < 0.8 else rng.randrange(n))


def engine_play(page, bot=None):
    """The play the engine makes on the board the page shows (its Position ID, seen from the
    side on roll, and the dice of its Match ID), computed here in CPython: a
    :class:`game.move.Move` of ``bot``, by default the net's best play (0-ply). Tests play it
    rather than random plays: games between sensible players are much shorter."""
    from game.bot.bot import Bot
    from game.ids.match_id import decode_match_id
    from game.levels import NO_LOOK_AHEAD
    from game.position import Position
    state = board_state(page)
    dice = decode_match_id(state["match_id"]).dice
    position = Position.from_position_id(state["position_id"])
    move = (bot or Bot(level=NO_LOOK_AHEAD)).choose_move(position, dice)
    assert move is not None and move in position.legal_moves(dice), (state, move)
    return move


def play_by_clicks(page, move):
    """Play ``move`` (a :class:`game.move.Move`, in the mover's numbering) as a person does,
    one die at a time: click the movable checker on the step's point (``data-point``: 1-24
    from the mover's side, or ``bar``), then the highlighted destination of that die (its
    ``data-point``; the tray to bear off)."""
    for step in move.steps:
        source = "bar" if step.source == 25 else step.source
        checker = f'.checker.movable[data-point="{source}"]'
        target = '.tray.target[data-point="off"]' if step.target == 0 else f'.target[data-point="{step.target}"]'
        for selector in (checker, target):
            assert page.locator(selector).count() == 1, (str(move), str(step), selector,
                                                         page.locator("#message").inner_text())
            click(page, selector)


#: the end of a match as the message says it: the winner named, or the person ("You win ...")
MATCH_WON = ("wins the match", "You win the match", "remporte le match", "remportez le match")


def match_over(page):
    text = page.locator("#message").inner_text()
    return any(words in text for words in MATCH_WON)


def outside_requests(requests, base_url):
    origin = urlsplit(base_url)[:2]
    return [u for u in requests if urlsplit(u).scheme not in ("data", "blob")
            and urlsplit(u)[:2] != origin]


def two_devices(browser, base_url, prefs=None, **context_args):
    """Alice (1280x800, at ``?mode=friend&length=3``) and Bob (375x667, at the app) in two
    contexts of ``browser``, as two devices: each page records its errors in ``page.errors``
    and the last link it was sent in ``page.sent``. Returns the pages and a function that
    closes both contexts."""
    contexts = [browser.new_context(viewport=size, reduced_motion="reduce", **context_args)
                for size in ({"width": 1280, "height": 800}, {"width": 375, "height": 667})]
    alice, bob = (context.new_page() for context in contexts)
    for page in (alice, bob):
        page.errors = []
        page.on("pageerror", lambda e, page=page: page.errors.append(str(e)))
    open_app(alice, f"{base_url}/?mode=friend&length=3", prefs=prefs)
    open_app(bob, f"{base_url}/", prefs=prefs)
    alice.sent = bob.sent = ""

    def close():
        for context in contexts:
            context.close()
    return (alice, bob), close
