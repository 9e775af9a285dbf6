"""Links that set up a match: ?mode=…&length=…&seed=…&level=…"""

import pytest

from game.app.keep.urlparams import (LinkSetup, build_query, parse_query, query_language)


def test_a_plain_visit_sets_up_nothing():
    assert parse_query("") is None
    assert parse_query("?") is None
    assert parse_query("?lang=fr&utm=x") is None


def test_a_class_link_gives_the_same_match():
    setup = parse_query("?mode=hotseat&length=7&seed=classe-5B")
    assert setup == LinkSetup(mode="hotseat", length=7, seed="classe-5B", level="expert")    # the default level
    assert parse_query(build_query(setup)) == setup


@pytest.mark.parametrize("query, field, value", [
    ("?mode=chess", "mode", "bot"),
    ("?mode=WATCH", "mode", "watch"),
    ("?length=99", "length", 25),
    ("?length=-3", "length", 0),
    ("?length=abc", "length", 5),
    ("?length=money", "length", 0),
    ("?level=godlike", "level", "expert"),
    ("?level=Master", "level", "master"),
    ("?seed=<script>", "seed", None),
    ("?seed=" + "x" * 80, "seed", None),
])
def test_bad_values_fall_back_to_defaults(query, field, value):
    assert getattr(parse_query(query), field) == value


def test_language_of_a_link():
    assert query_language("?lang=FR") == "fr"
    assert query_language("?lang=de") is None
    assert query_language("") is None
    assert build_query(LinkSetup(mode="hotseat", length=3), lang="fr") == "?mode=hotseat&length=3&lang=fr"
