"""When the runtime cannot load or start, the page says so (static/js/boot-check.js).

Each test breaks the start on purpose (no WebAssembly, a file missing from the
host, Python stopping with an error, a download that never ends) and checks that
#boot-error (role="alert") says what failed and what to do, in the browser's
language, instead of "Loading…" for ever.
"""

import re

import pytest

from app_driver import open_app

ALERT = "#boot-error"
SHOWN = '#boot-error:not([hidden])'
ALERT_TIMEOUT_MS = 30_000


def rewrite_index(page, base_url, timeout_ms=60_000, grace_ms=None):
    """Serve index.html with boot-check.js's time limit set to ``timeout_ms`` (and the wait
    before an error is said, ``grace_ms``, when given)."""
    def handle(route):
        body = route.fetch().text()
        extra = "" if grace_ms is None else f' data-grace-ms="{grace_ms}"'
        body, count = re.subn(r'data-timeout-ms="\d+"', f'data-timeout-ms="{timeout_ms}"{extra}', body)
        assert count == 1
        route.fulfill(body=body, content_type="text/html")
    page.route(base_url + "/", handle)


def alert_text(page):
    page.wait_for_selector(SHOWN, timeout=ALERT_TIMEOUT_MS)
    box = page.locator(ALERT)
    assert box.get_attribute("role") == "alert"
    assert page.locator("#message").is_hidden()          # no "Loading…" beside it
    assert page.evaluate("document.body.dataset.ready") != "true"
    return box.get_attribute("data-kind"), box.inner_text()


def test_without_webassembly_the_page_says_so_at_once(page, base_url):
    page.add_init_script("delete globalThis.WebAssembly;")
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "wasm"
    assert "WebAssembly" in text and "Firefox, Chrome, Edge or Safari" in text


def test_the_message_is_in_french_for_a_french_browser(browser, base_url):
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        page.add_init_script("delete globalThis.WebAssembly;")
        page.goto(base_url + "/")
        kind, text = alert_text(page)
        assert kind == "wasm"
        assert page.locator(ALERT).get_attribute("lang") == "fr"
        assert "n’a pas pu démarrer" in text and "Firefox, Chrome, Edge ou Safari" in text
    finally:
        context.close()


def test_a_saved_language_choice_wins_over_the_browser(page, base_url):
    page.add_init_script(
        "if (location.protocol.startsWith('http')) localStorage.setItem('backgammon.prefs',"
        " JSON.stringify({schema: 1, kind: 'prefs', data: {language: 'fr'}}));"
        "delete globalThis.WebAssembly;")
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert "n’a pas pu démarrer" in text


def test_a_runtime_file_missing_from_the_host_is_named(page, base_url):
    page.route("**/static/vendor/pyscript/core.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "file"
    assert "static/vendor/pyscript/core.js" in text and "Reload" in text


@pytest.mark.parametrize("name", ["static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/game.zip"])
def test_a_file_the_runtime_fetches_missing_from_the_host_is_named(page, base_url, name):
    # Pyodide and PyScript fetch these themselves; Pyodide only logs a failed wasm
    page.route(f"**/{name}", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "file"
    assert f"{name} (404)" in text


def test_python_stopping_at_start_is_reported_with_its_error(page, base_url):
    page.route("**/main.py", lambda route: route.fulfill(
        body='raise RuntimeError("broken on purpose")\n', content_type="text/x-python"))
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "python"
    assert "broken on purpose" in text


def test_a_start_that_hangs_is_reported_after_the_time_limit(page, base_url):
    rewrite_index(page, base_url, 3000)
    page.route("**/python_stdlib.zip", lambda route: None)    # never answered
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "timeout"
    assert "3 seconds" in text


def test_a_late_start_takes_the_time_out_message_back(page, base_url):
    rewrite_index(page, base_url, 1)
    open_app(page, base_url + "/")
    box = page.locator(ALERT)
    assert box.get_attribute("data-kind") == "timeout"      # it was shown ...
    assert box.is_hidden()                                   # ... and taken back once ready


def test_a_normal_start_shows_no_alert(page, base_url):
    open_app(page, base_url + "/")
    page.wait_for_timeout(200)
    assert page.locator(ALERT).is_hidden()
    assert page.locator(ALERT).get_attribute("data-kind") is None


def test_an_engine_that_cannot_compile_the_runtime_is_reported(page, base_url):
    # What an older engine meets (WPE WebKit 2.38: "SyntaxError: Unexpected token '{'"
    # importing pyodide.asm.mjs), made here by serving that module with a syntax error
    page.route("**/pyodide.asm.mjs", lambda route: route.fulfill(
        body="export const broken = {{;\n", content_type="text/javascript"))
    rewrite_index(page, base_url, grace_ms=1000)     # said after 1 s instead of 10 s
    page.goto(base_url + "/")
    kind, text = alert_text(page)
    assert kind == "engine"
    # the engine's own words: Chromium and WebKit name a SyntaxError or an unexpected token,
    # Firefox says "expected property name, got '{'"
    assert "SyntaxError" in text or "Unexpected" in text or "expected" in text
