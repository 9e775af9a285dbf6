"""The page starts in a real browser, from its own origin only, without errors.

Each test runs twice: on the checkout served as is (what `make play` serves) and
on the folder `make dist` writes (what a static host serves).
"""

from urllib.parse import urlsplit

import pytest
from engines import is_tool_noise

# Pyodide compiles 9.6 MB of wasm before Python runs: a few seconds on these
# 2-core machines, more when the machine is shared.
READY_TIMEOUT_MS = 60_000
READY = 'body[data-ready="true"]'
# PyScript shows a Python error in an element of this class instead of raising.
PY_ERROR = ".py-error"


def origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.scheme, parts.netloc


def open_app(page, url):
    """Load the page and record what it asks for; return the record once Python is ready."""
    seen = {"requests": [], "console_errors": [], "page_errors": [], "bad_responses": [], "failed": []}
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on(
        "console",
        lambda m: m.type == "error" and not is_tool_noise(m.text) and seen["console_errors"].append(m.text),
    )
    page.on("pageerror", lambda e: not is_tool_noise(str(e)) and seen["page_errors"].append(str(e)))
    page.on(
        "response",
        lambda r: r.status >= 400 and seen["bad_responses"].append(f"{r.status} {r.url}"),
    )
    page.on("requestfailed", lambda r: seen["failed"].append(f"{r.failure} {r.url}"))
    page.goto(url + "/")
    page.wait_for_selector(f"{READY}, {PY_ERROR}", state="attached", timeout=READY_TIMEOUT_MS)
    errors = page.locator(PY_ERROR)
    assert errors.count() == 0, errors.first.inner_text()
    return seen


@pytest.fixture(scope="module", params=["checkout", "dist"])
def site_url(request, base_url, serve_directory, tmp_path_factory):
    if request.param == "checkout":
        return base_url
    import dist  # tools/dist.py; base_url has just rebuilt game.zip

    folder = tmp_path_factory.mktemp("site") / "dist"
    dist.build(folder)
    return serve_directory(folder)


@pytest.fixture(scope="module")
def loaded(browser, site_url):
    """One page load shared by the tests of one site: Pyodide's start is the slow part."""
    context = browser.new_context()
    page = context.new_page()
    try:
        yield page, open_app(page, site_url)
    finally:
        context.close()


@pytest.fixture
def app(loaded):
    return loaded[1]


def test_python_starts_and_marks_the_page_ready(loaded):
    # main.py sets the attribute last, after importing `game`.
    page = loaded[0]
    assert page.locator(READY).count() == 1


def test_every_request_stays_on_the_page_origin(app, site_url):
    # data: and blob: URLs are made by the page itself and leave nothing.
    outside = [
        url
        for url in app["requests"]
        if urlsplit(url).scheme not in ("data", "blob") and origin(url) != origin(site_url)
    ]
    assert outside == []
    assert any(url.endswith("/pyodide.asm.wasm") for url in app["requests"])
    assert any(url.endswith("/game.zip") for url in app["requests"])


def test_no_console_error_no_failed_or_missing_request(app):
    assert app["console_errors"] == []
    assert app["page_errors"] == []
    assert app["bad_responses"] == []
    assert app["failed"] == []
