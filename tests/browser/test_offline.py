"""Offline after one visit: the service worker (sw.js) keeps one whole version of the site.

One browser context for the whole file, as one person's browser: the first
visit installs the worker, then the site goes off the network (the server is
stopped *and* the context is offline) and a whole game is played; a new
version replaces the old one as a whole; a half-uploaded one is never
installed. The site is what ``make dist`` writes, under a sub-path.

The tests run in order and each leaves the site online.
"""

import random
from urllib.parse import quote

import pytest
from app_driver import (act, board_state, click, enabled, match_over, open_app, play_one_step_by_clicks,
                        wait_ready)
from offline_site import (CACHE_PREFIX, UPDATE, Site, build_of, cache_names, cached_urls, wait_for_caches,
                          wait_offline_ready)

FAST = {"fast_bot": True, "animate": False}


@pytest.fixture(scope="module")
def site(base_url, tmp_path_factory, browser_name):
    # base_url has just rebuilt game.zip from game/: dist copies the current code.
    # One site per engine (browser_name): the tests publish new versions, and each
    # engine's first visit must meet the first one.
    site = Site(tmp_path_factory.mktemp("host"))
    yield site
    site.stop()


@pytest.fixture(scope="module")
def visit(browser, site):
    """The first visit, once Python is ready and the worker controls the page."""
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    failed = []
    # ERR_ABORTED: cut short by the page's own navigation (a reload), not unanswered
    page.on("requestfailed", lambda r: "ERR_ABORTED" not in (r.failure or "")
            and failed.append(f"{r.failure} {r.url}"))
    try:
        open_app(page, site.url, prefs=FAST)
        wait_offline_ready(page)
        yield context, page, failed
    finally:
        context.close()


class Offline:
    """The server stopped and the browser context offline, for a ``with`` block."""

    def __init__(self, context, site):
        self.context, self.site = context, site

    def __enter__(self):
        self.site.stop()
        self.context.set_offline(True)

    def __exit__(self, *exc):
        self.context.set_offline(False)
        self.site.start()


def play_turn(page, rng):
    if enabled(page, "roll"):
        click(page, "#roll")
    while page.locator(".checker.movable").count():
        play_one_step_by_clicks(page, rng)
    if enabled(page, "next-game") or match_over(page):
        return
    assert enabled(page, "done"), page.locator("#message").inner_text()
    click(page, "#done")


def test_the_first_visit_keeps_every_file_of_its_version_in_one_cache(visit, site):
    page = visit[1]
    names = cache_names(page)
    assert names == [CACHE_PREFIX + site.version]
    expected = sorted(site.url + path for path in site.manifest["files"])
    assert cached_urls(page, names[0]) == expected
    # the precache list covers what the page loads: the runtime, the game, the icons
    for path in ("index.html", "main.py", "pyscript.toml", "manifest.webmanifest",
                 "static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyscript/core.js",
                 "static/vendor/game.zip", "static/vendor/game-later.zip",
                 "static/vendor/stdlib/python_stdlib.zip", "static/vendor/stdlib/python_stdlib_later.zip",
                 "static/js/register-sw.js", "static/img/icon-512.png"):
        assert site.url + path in expected
    scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
    assert scope == site.url                          # works under a sub-path


def test_the_manifest_makes_it_installable(visit, site):
    page = visit[1]
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel="manifest"]');
        const manifest = await (await fetch(link.href)).json();
        const icons = [];
        for (const icon of manifest.icons) {
            const response = await fetch(new URL(icon.src, link.href));
            icons.push([icon.sizes, icon.purpose, response.status, response.headers.get("content-type")]);
        }
        return {...manifest, checked: icons};
    }""")
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {(sizes, purpose) for sizes, purpose, status, kind in manifest["checked"]
             if status == 200 and kind.startswith("image/")}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


#: a 1-point match, both sides bearing off (5 checkers each), the first player to roll
RACE_END = "XGID=-BBA-----------------b-ba-:0:0:1:00:0:0:0:1:10"


def test_offline_a_whole_hotseat_game_and_a_reload_that_resumes(visit, site):
    context, page, failed = visit
    rng = random.Random(11)
    with Offline(context, site):
        page.goto(site.url + "?mode=hotseat&length=1&seed=offline-11")
        wait_ready(page)
        turns = 0
        while not match_over(page):
            play_turn(page, rng)
            turns += 1
            assert turns < 200
            if turns == 6:
                click(page, "#roll")
                play_one_step_by_clicks(page, rng)
                before = board_state(page)
                page.reload()
                wait_ready(page)
                assert board_state(page) == before       # in the middle of a turn, still offline
            if turns == 8:
                # the rest of a game is the same Python: on to a race near its end (a link)
                page.goto(site.url + "?mode=hotseat&seed=offline-11&xgid=" + quote(RACE_END))
                wait_ready(page)
        assert turns > 8
        page.reload()
        wait_ready(page)
        assert match_over(page)                          # the finished match is what comes back
    assert failed == []                                  # every request was answered, from the cache


def test_a_new_version_replaces_the_old_one_whole(visit, site):
    context, page, failed = visit
    old = site.version
    new = site.publish("second")
    assert new != old
    assert page.evaluate(UPDATE) == "installed"
    # the page has loaded all it needs: the new version takes over at once, the old cache goes
    wait_for_caches(page, [CACHE_PREFIX + new])
    assert len(cached_urls(page, CACHE_PREFIX + new)) == len(site.manifest["files"])
    page.wait_for_selector('html[data-update="ready"]', state="attached", timeout=10_000)
    # nothing is reloaded under the player: the page goes on with the version it loaded
    assert build_of(page) is None
    act(page, lambda: page.click("#flip"))
    # the player is told, in the page's language, and offered a reload into it
    notice = page.locator("#update-notice")
    notice.wait_for(state="visible", timeout=10_000)
    assert "new version of the app is ready" in notice.inner_text()
    # and the next start is the new version, whole, online or not
    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert build_of(page) == "second"
    assert page.locator("#update-notice").is_hidden()
    with Offline(context, site):
        page.reload()
        wait_ready(page)
        assert build_of(page) == "second"
    assert failed == []


def test_a_half_uploaded_version_is_never_installed(visit, site):
    page = visit[1]
    running = site.version
    site.publish("third")
    main = site.folder / "main.py"
    complete = main.read_text()
    main.write_text(complete + "# the upload of main.py has not finished\n")
    assert page.evaluate(UPDATE) == "redundant"          # one file is not the listed one
    assert cache_names(page) == [CACHE_PREFIX + running]
    main.write_text(complete)                            # the upload ends
    assert page.evaluate(UPDATE) == "installed"
    wait_for_caches(page, [CACHE_PREFIX + site.version])
