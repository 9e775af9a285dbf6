"""Your progress in Firefox ESR (French) and WebKitGTK (English): ``?progress`` on seeded records.

Chromium's run is tests/browser/test_progress.py. The records are written into localStorage
before the load; the chart has a point per match analysed, with its stored rate, and a point
chosen opens its match's review. Screenshots go to /tmp/shots-progress/progress-<engine>.png.
"""

import json

import pytest
from finished_match import finished_match
from test_progress import seeded

from game.app.keep import progress_log, storage


@pytest.mark.engines("firefox", "webkit")
def test_the_progress_chart_is_drawn_and_opens_a_review(open_page, base_url, engine):
    language = "fr" if engine == "firefox" else "en"
    finished = finished_match()
    key = progress_log.match_key(finished["data"]["events"])
    entries = seeded(key)
    items = dict(finished["items"], **{storage.PROGRESS: storage.pack("progress", {"entries": entries})})
    items[storage.PREFS] = json.dumps({"schema": 1, "kind": "prefs",
                                       "data": {"animate": False, "fast_bot": True, "language": language}})
    page = open_page(1280, 800)
    page.goto(f"{base_url}/__seed__")          # any page of the origin: the server's 404 is the cheapest
    page.evaluate("(() => { const items = JSON.parse(arg); for (const k in items) localStorage.setItem(k, items[k]); })()",
                  json.dumps(items))
    page.goto(f"{base_url}/?progress")         # one load of the app
    page.wait_ready()
    page.wait_for("document.querySelector('#progress-dialog[open] #progress-chart') !== null")
    found = page.evaluate("[...document.querySelectorAll('#progress-chart [data-match]')]"
                          ".map(e => [e.dataset.match, Number(e.dataset.rate)])")
    assert found == [[e["key"], e["rate"]] for e in entries if e["analysed"]][::-1]
    caption = page.text(".progress-figure figcaption")
    assert caption.startswith("Taux d'erreur" if language == "fr" else "Error rate")
    page.shot(f"/tmp/shots-progress/progress-{engine}.png")
    page.click(f'#progress-chart [data-match="{key}"] .chart-hit')
    page.wait_for("document.getElementById('review-panel').hidden === false")
    assert page.count("#progress-dialog[open]") == 0
    assert page.errors() == []
