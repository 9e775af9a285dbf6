"""The standard library's later zip in Chromium: after the page is playable, and never missing.

tools/vendor.py ships the standard library in two zips: the one Pyodide loads holds what
the start imports; python_stdlib_later.zip the rest, fetched by game/web/later.py once the
page is playable. Exporting the match as .sgf imports ``datetime`` (game/formats/sgf.py),
a module of the later zip: it must work both before that zip arrived (the import fetches
it there and then) and after (no second download). The service worker is blocked: what
is counted is the page's own requests (its precache is tests/browser/test_offline.py's).
"""

import pytest
from app_driver import board_state, click, open_app
from engines import expect_download

from game.formats.sgf import import_sgf

LATER_ZIP = "python_stdlib_later.zip"
URL = "/"                       # a first visit, as tools/bench_startup.py times it
# the page's resource timing and marks, as [start, name] (ms from the navigation)
TIMES = """() => ({
  playable: performance.getEntriesByName('backgammon:playable').map(e => e.startTime),
  arrived: performance.getEntriesByName('backgammon:stdlib-later').map(e => e.startTime),
  requests: performance.getEntriesByType('resource')
    .filter(e => e.name.endsWith('/static/vendor/stdlib/python_stdlib_later.zip')
                 || e.name.endsWith('/static/vendor/game-later.zip'))
    .map(e => [e.startTime, e.name.split('/').pop(), e.initiatorType]),
})"""


def new_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  accept_downloads=True, service_workers="block")
    return context, context.new_page()


def export_sgf(page):
    """Export the match as .sgf and check the file holds the match on screen."""
    state = board_state(page)
    with expect_download(page) as saved:
        click(page, "#export-sgf")
    match = import_sgf(saved.text)
    assert (match.position_id(), match.match_id()) == (state["position_id"], state["match_id"])


# both later zips in place (their marks) and both in the resource timing (an entry is added
# once its response has ended, which may come after the mark)
BOTH_IN = f"""() => {{
  const times = ({TIMES})();
  return times.arrived.length > 0
    && performance.getEntriesByName('backgammon:later').length > 0
    && times.requests.length >= 2;
}}"""


@pytest.fixture(scope="module")
def first_visit(browser, base_url):
    """A first visit left alone: the later zips are fetched once the page is playable.

    The two zips arrive in either order. CI once read the requests when only the standard
    library's had come (game-later.zip came later): here game-later.zip's first request is
    held until the other zip is in, so that order is met every time, and the fixture waits
    for both.
    """
    context, page = new_page(browser)
    asked, held = [], []
    page.on("request", lambda r: r.url.endswith(LATER_ZIP) and asked.append(r.url))

    def hold_the_first(route):
        if held:
            route.continue_()        # an import that could not wait for it: let it through
        else:
            held.append(route)

    page.route("**/static/vendor/game-later.zip", hold_the_first)
    open_app(page, base_url + URL, prefs={"animate": False})
    page.wait_for_function("performance.getEntriesByName('backgammon:stdlib-later').length > 0",
                           timeout=120_000)
    for _ in range(600):             # asked for with the other, at the same instant
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "game-later.zip was never asked for"
    held[0].continue_()
    page.wait_for_function(BOTH_IN, timeout=120_000)
    yield page, asked
    context.close()


def test_the_later_zips_are_asked_for_only_once_the_page_is_playable(first_visit):
    page, _ = first_visit
    times = page.evaluate(TIMES)
    assert len(times["playable"]) == 1
    names = sorted(name for _, name, _ in times["requests"])
    assert names == ["game-later.zip", LATER_ZIP], times
    for start, name, _ in times["requests"]:
        assert start > times["playable"][0], f"{name} asked for at {start} ms, playable at {times['playable']}"
    assert times["arrived"][0] > times["playable"][0]


def test_a_later_module_imported_after_the_zip_arrived_needs_no_second_download(first_visit):
    page, asked = first_visit
    export_sgf(page)
    assert len(asked) == 1, asked


def test_a_later_module_imported_before_the_zip_arrived_fetches_it_there_and_then(browser, base_url):
    context, page = new_page(browser)
    asked, warned = [], []
    page.on("console", lambda m: LATER_ZIP in m.text and warned.append(m.text))

    def first_one_fails(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()                  # the fetch made once playable never arrives
        else:
            route.continue_()

    try:
        page.route(f"**/{LATER_ZIP}", first_one_fails)
        open_app(page, base_url + URL, prefs={"animate": False})
        for _ in range(600):                                   # the failed fetch, told by later.py
            if warned:
                break
            page.wait_for_timeout(100)
        assert warned and len(asked) == 1, (warned, asked)
        assert page.evaluate(TIMES)["arrived"] == []          # not there: nothing has come
        export_sgf(page)                                       # imports datetime, of the later zip
        times = page.evaluate(TIMES)
        assert len(times["arrived"]) == 1
        later = [entry for entry in times["requests"] if entry[1] == LATER_ZIP]
        assert [kind for _, _, kind in later] == ["fetch", "xmlhttprequest"], later
        assert len(asked) == 2
    finally:
        context.close()
