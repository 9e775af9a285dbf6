"""Before Python runs, the page already reads in the browser's language (static/js/boot-texts.js).

Python is held back on purpose (the runtime's standard library never arrives),
so what the page shows is what a player sees during a slow first visit.
"""

from app_driver import open_app

TEXTS = """() => {
  const out = {};
  for (const e of document.querySelectorAll('[data-i18n]')) out['t:' + e.dataset.i18n] = e.textContent;
  for (const e of document.querySelectorAll('[data-i18n-aria]')) out['a:' + e.dataset.i18nAria] = e.getAttribute('aria-label');
  for (const e of document.querySelectorAll('[data-i18n-title]')) out['l:' + e.dataset.i18nTitle] = e.getAttribute('title');
  out.lang = document.documentElement.lang;
  out.title = document.title;
  out.manifest = document.querySelector('link[rel="manifest"]').getAttribute('href');
  return out;
}"""


def held_back(browser, base_url, locale):
    """The page's texts with Python never starting, in a browser of ``locale``."""
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.route("**/python_stdlib.zip", lambda route: None)     # never answered
        page.goto(base_url + "/")
        page.wait_for_function("document.readyState === 'complete' || document.readyState === 'interactive'")
        page.wait_for_function("document.documentElement.lang !== '' && window.BACKGAMMON_TEXTS !== undefined")
        assert page.evaluate("document.body.dataset.ready") != "true"
        return page.evaluate(TEXTS)
    finally:
        context.close()


def started(browser, base_url, locale):
    context = browser.new_context(locale=locale)
    try:
        page = open_app(context.new_page(), base_url + "/")
        texts = page.evaluate(TEXTS)
        texts.pop("t:msg.loading")     # Python puts the game's message there
        return texts
    finally:
        context.close()


def test_a_french_browser_reads_french_before_python_starts(browser, base_url):
    before = held_back(browser, base_url, "fr-FR")
    assert before["lang"] == "fr"
    assert before["t:button.new_match"] != "New match"
    assert before["t:msg.loading"] == "Chargement…"
    assert before["manifest"] == "static/manifest.fr.webmanifest"
    # and it is word for word what Python shows once started
    after = started(browser, base_url, "fr-FR")
    assert {k: v for k, v in before.items() if k != "t:msg.loading" and k != "manifest"} == \
        {k: v for k, v in after.items() if k != "manifest"}


def test_an_english_browser_keeps_the_page_as_written(browser, base_url):
    before = held_back(browser, base_url, "en-GB")
    assert before["lang"] == "en" and before["t:button.new_match"] == "New match"
    assert before["t:msg.loading"] == "Loading…" and before["manifest"] == "manifest.webmanifest"
