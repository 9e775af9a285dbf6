"""game/app/limits.py: the one table of the numbers a person sets, and the page's fields agree."""

import re
from pathlib import Path

from game.match import DEFAULT_LENGTH, MAX_LENGTH, MatchConfig
from game.app.controller import Controller, Setup
from game.app.limits import LIMITS, LENGTH
from game.app.keep.storage import MemoryStore
from game.app.keep.urlparams import parse_query

PAGE = Path(__file__).resolve().parent.parent / "index.html"


def new_match_fields():
    """``{name: {"min", "max", "value"}}`` of the new-match form's number fields in index.html."""
    html = PAGE.read_text(encoding="utf-8")
    form = html[html.index('<form id="new-match-form"'):]
    form = form[:form.index("</form>")]
    found = {}
    for tag in re.findall(r"<input [^>]*type=\"number\"[^>]*>", form):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        found[attrs["name"]] = {k: int(attrs[k]) for k in ("min", "max", "value")}
    return found


def test_the_page_shows_the_tables_limits_and_defaults():
    assert new_match_fields() == {name: {"min": limit.low, "max": limit.high, "value": limit.default}
                                  for name, limit in LIMITS.items()}


def test_one_default_match_length_everywhere():
    assert LENGTH.default == DEFAULT_LENGTH == MatchConfig().length == Setup().length
    assert parse_query("?mode=hotseat").length == DEFAULT_LENGTH
    app = Controller(MemoryStore())
    assert app.setup_from_form({"kind": "match", "length": ""}).length == DEFAULT_LENGTH
    assert app.form_values()["length"] == str(DEFAULT_LENGTH)


def test_the_form_and_links_are_held_to_the_engines_longest_match():
    app = Controller(MemoryStore())
    assert app.setup_from_form({"kind": "match", "length": "99"}).length == MAX_LENGTH
    assert app.setup_from_form({"kind": "match", "length": "inf"}).length == DEFAULT_LENGTH
    assert parse_query(f"?length={MAX_LENGTH + 1}").length == MAX_LENGTH
    assert Setup(length=MAX_LENGTH + 9).length == MAX_LENGTH
