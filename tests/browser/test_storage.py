"""The page and a damaged or full localStorage: it always loads, tells, and loses nothing.

- Damaged data (tests/storage_mutations.py: cut short, bytes flipped, wrong types,
  wrong format version, huge numbers, another program's JSON, no JSON, markup, a
  key removed) written into localStorage before a load: each time the page
  loads, shows the notice the controller gives for the same data in CPython,
  in the player's language; no Python error, no page error, no markup run. The
  kept data downloads byte for byte; deleting it is the fresh start.
- A full storage (``Storage.prototype.setItem`` throwing ``QuotaExceededError``):
  the match goes on in memory, the page says so, and deleting old finished
  matches lets it save again.
"""

import copy
import json
import random

import pytest
from app_driver import click, open_app, wait_ready
from engines import expect_download, guarded, is_tool_noise
from storage_mutations import KINDS, mutate, sample

from game.app.controller import Controller
from game.app.keep.storage import MemoryStore

NOTICE = "#storage-notice"

#: setItem throws QuotaExceededError while ``globalThis.__storageFull`` is true
FULL_SWITCH = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (globalThis.__storageFull) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


#: counts localStorage's writes in ``globalThis.__writes`` (``{set: n, remove: n}``)
WRITE_COUNTER = """
(() => {
  globalThis.__writes = {set: 0, remove: 0};
  const setItem = Storage.prototype.setItem, removeItem = Storage.prototype.removeItem;
  Storage.prototype.setItem = function (key, value) {
    // the copy of the last drawing (game/web/shown.py) is counted apart: it is no save
    if (key === "backgammon.shown") { globalThis.__writes.shown = (globalThis.__writes.shown || 0) + 1; }
    else { globalThis.__writes.set += 1; }
    return setItem.call(this, key, value);
  };
  Storage.prototype.removeItem = function (key) {
    globalThis.__writes.remove += 1;
    return removeItem.call(this, key);
  };
})();
"""


def expected_notice(items):
    """What the controller says in CPython about ``items`` (None: nothing to say)."""
    app = Controller(MemoryStore(copy.deepcopy(items)))
    app.boot("", ["en"])
    notice = app.kept.notice()
    return notice and notice["text"]


def damaged_stores():
    """One damaged store per kind of damage, each one something the page must explain, and a
    newer version's data."""
    rng = random.Random(6)
    base = sample("format2")
    keys = sorted(key for key in base if key != "backgammon.prefs")
    found = []
    for kind in KINDS:
        for _ in range(50):
            name, items = mutate(rng, base, kind=kind, key=rng.choice(keys))
            if expected_notice(items) is not None:
                found.append((name, items))
                break
    newer = dict(base, **{"backgammon.root": base["backgammon.root"].replace('"schema":2', '"schema":7')})
    return found + [("newer root", newer)]


@pytest.fixture()
def fresh(browser):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: not is_tool_noise(str(error)) and errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and not is_tool_noise(message.text)
            and errors.append(message.text))
    yield page, errors
    context.close()


def load_with(page, base_url, items):
    """Put ``items`` in localStorage (and nothing else), then load the page."""
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items))"
                  " localStorage.setItem(k, v); }", items)
    page.goto(f"{base_url}/")
    wait_ready(page)


def test_damaged_storage_always_loads_and_tells(fresh, base_url):
    page, errors = fresh
    open_app(page, f"{base_url}/")
    cases = damaged_stores()
    assert {name.split()[0] for name, _ in cases} == {*KINDS, "newer"}
    for name, items in cases:
        load_with(page, base_url, items)
        notice = page.locator(NOTICE)
        assert notice.is_visible(), name
        assert page.locator("#storage-notice-text").inner_text() == expected_notice(items), name
        assert page.locator(".checker").count() == 30, name         # a board to play on
        assert page.evaluate("document.body.dataset.pwned ?? null") is None, name
        assert errors == [], (name, errors)


def test_the_kept_data_downloads_whole_and_can_be_deleted(fresh, base_url):
    page, errors = fresh
    open_app(page, f"{base_url}/")
    items = sample("format2")
    items["backgammon.root"] = items["backgammon.root"][:-9]
    load_with(page, base_url, items)
    assert "n'ont pas pu être lues" in page.locator("#storage-notice-text").inner_text()
    assert page.locator("#storage-download").inner_text() == "Les télécharger"
    with expect_download(page) as saved:
        page.click("#storage-download")
    kept = json.loads(saved.text)["items"]
    assert kept == {key: text for key, text in items.items() if key != "backgammon.prefs"}
    # kept until the player decides: a reload shows it again
    page.reload()
    wait_ready(page)
    assert page.locator(NOTICE).is_visible()
    click(page, "#storage-discard")
    assert page.locator(NOTICE).is_hidden()
    assert page.evaluate("localStorage.getItem('backgammon.unreadable')") is None
    assert errors == []


def test_a_full_storage_keeps_the_match_in_memory_and_says_so(fresh, base_url):
    page, errors = fresh
    page.add_init_script(guarded(FULL_SWITCH))
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=full-1&lang=en")
    stored = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    page.evaluate("globalThis.__storageFull = true")
    click(page, "#roll")
    # the match goes on; nothing was written; the page says why (the link chose English)
    assert page.locator(".die").count() >= 2
    assert page.evaluate("Object.fromEntries(Object.entries(localStorage))") == stored
    assert "storage is full" in page.locator("#storage-notice-text").inner_text()
    assert page.locator("#storage-prune").is_visible() and page.locator("#storage-backup").is_visible()
    with expect_download(page) as saved:
        page.click("#storage-backup")
    backup = json.loads(saved.text)
    assert backup["current"]["match"]["events"][-1]["type"] == "opening_roll"
    page.evaluate("globalThis.__storageFull = false")
    click(page, "#storage-prune")
    assert page.locator(NOTICE).is_hidden()
    assert "saved again" in page.locator("#message").inner_text()
    dice = page.eval_on_selector_all(".die", "els => els.map(e => e.dataset.value)")
    page.reload()
    wait_ready(page)
    assert page.eval_on_selector_all(".die", "els => els.map(e => e.dataset.value)") == dice
    assert errors == []


def test_one_checker_moved_is_one_save(fresh, base_url):
    """One action, one save: the match under a new key, the root switched, the old key removed."""
    page, errors = fresh
    page.add_init_script(WRITE_COUNTER)
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=saves-1&lang=en")
    click(page, "#roll")
    writes = []
    for selector in (".checker.movable", ".target"):    # pick a checker (nothing to save), move it
        page.evaluate("globalThis.__writes = {set: 0, remove: 0}")
        click(page, selector)
        writes.append(page.evaluate("globalThis.__writes"))
    # picking writes nothing; the move is one save, and the drawing's copy follows it once
    assert writes == [{"set": 0, "remove": 0}, {"set": 2, "remove": 1, "shown": 1}]
    assert errors == []
