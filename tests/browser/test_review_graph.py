"""The game as a graph in Firefox ESR (French) and WebKitGTK (English): issue 43, part 3.

Chromium's run is tests/browser/test_app_review.py::test_the_game_as_a_graph_goes_to_the_decision_clicked.
A finished 1-point match (the computer against itself, seeded, made in CPython) is put in
localStorage as the app saves it; the page reviews it, draws a point per checker play weighed,
and a click on a point goes to its decision (the review list's current row follows). Screenshots
go to /tmp/shots-review/graph-<engine>.png.
"""

import json

import pytest
from finished_match import finished_match

DONE_S = 240


@pytest.fixture(scope="module")
def finished_items():
    """Every key the app wrote for a finished 1-point match (its preferences left out)."""
    return finished_match()["items"]


@pytest.mark.engines("firefox", "webkit")
def test_the_graph_is_drawn_and_a_point_goes_to_its_decision(open_page, base_url, engine, finished_items):
    language = "fr" if engine == "firefox" else "en"
    page = open_page(1280, 800)
    page.open(f"{base_url}/", prefs={"animate": False, "fast_bot": True, "language": language})
    page.evaluate("(() => { const items = JSON.parse(arg); for (const k in items) localStorage.setItem(k, items[k]); })()",
                  json.dumps(finished_items))
    page.reload()
    page.wait_ready()
    page.click_and_render("#review-game")
    page.wait_for("document.getElementById('review-progress').textContent === ''", timeout=DONE_S)
    points = page.count("#review-graph [data-decision]")
    assert points > 10
    caption = page.text(".review-graph-figure figcaption")
    assert ("chances de gagner le match" in caption) if language == "fr" else ("chances of winning the match" in caption)
    pick = points // 2
    frame = page.evaluate("document.querySelectorAll('#review-graph [data-decision]')[arg].dataset.frame", pick)
    # the point's hit area (WebKitGTK's driver will not move to an SVG group itself)
    page.click_and_render("#review-graph [data-decision] .graph-hit", pick)
    page.wait_for("document.querySelector('#review-list li.current')?.dataset.frame === arg", arg=frame)
    assert page.count(f'#review-graph [data-frame="{frame}"][aria-current="true"]') == 1
    page.shot(f"/tmp/shots-review/graph-{engine}.png")
    assert page.errors() == []
