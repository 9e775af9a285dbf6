"""Links opened one after another: one "opened from a link" match, the person's own kept.

A link (``?mode=…``, ``?position=…&match=…``, ``?xgid=…``) starts a new match. The
person's own match it replaces (started from New match, or resumed) is kept once under
Matches; a match that came from a link itself is replaced by the next link's, wherever it
is (on the board or under Matches): links never pile up. What is said of the replaced
match leaves the status line once play moves on. Each page load is a new
:class:`Controller` over the same store, as in the browser.
"""

import json
from urllib.parse import quote

import pytest
from storage_mutations import sample

from game.match import Phase
from game.app.keep import storage
from game.app.controller import Controller, Setup
from game.app.text.messages import is_notice
from game.app.keep.saved_matches import opened_from_link
from game.app.keep.storage import MemoryStore

XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"


def load(store, query="", language="en"):
    """The page loaded at ``query`` over ``store`` (a new visit, or a link opened)."""
    app = Controller(store, wall=lambda: 1_790_000_000)
    app.boot(query, [language])
    return app


def own_match(store, seed="own"):
    """The person's own match, started from New match and rolled: unfinished, worth keeping."""
    app = load(store)
    app.new_match(Setup(mode="hotseat", length=5, seed=seed))
    app.roll()
    return app


def position_link(seed):
    """A ``?position=…&match=…`` link to a match in play (its first roll thrown)."""
    app = Controller(MemoryStore())
    app.new_match(Setup(mode="hotseat", length=3, seed=seed))
    app.roll()
    return f"?position={quote(app.match.position_id())}&match={quote(app.match.match_id())}"


LINKS = ["?mode=hotseat&length=3&seed=link-1", position_link("link-2"), f"?xgid={quote(XGID)}"]


def play(app):
    """Play moves on: a roll, else one checker."""
    if app.match.phase is Phase.MOVING:
        step = app.match.turn.legal_steps()[0]
        app.click(app._place_of(app.match.player_on_roll, step.source))
        app.click(app._place_of(app.match.player_on_roll, step.target))
    else:
        app.roll()


def links_under_matches(app):
    return [entry for entry in app.kept.saved_matches() if opened_from_link(entry)]


# --- links take turns in one place ---------------------------------------------------------------

def test_three_links_in_a_row_leave_the_persons_own_match_and_no_pile_of_link_matches():
    # Given the person's own match, played
    store = MemoryStore()
    own = own_match(store).match.events
    # When three links (a match link, a position link, an XGID) open in a row, each played in
    for query in LINKS:
        app = load(store, query)
        play(app)
    # Then Matches holds the person's match only; the last link's match is on the board
    app = load(store)
    (entry,) = app.kept.saved_matches()
    assert not opened_from_link(entry) and entry["match"]["events"] == own
    assert app.from_link and app.match.config.length == 0         # the XGID's money session


def test_a_link_match_stays_a_link_match_through_a_reload_and_play():
    store = MemoryStore()
    own_match(store)
    play(load(store, LINKS[0]))
    reloaded = load(store)                      # a visit without a link: the link's match resumes
    assert reloaded.from_link
    play(reloaded)
    app = load(store, LINKS[1])
    assert len(app.kept.saved_matches()) == 1 and links_under_matches(app) == []
    assert app.text(app.message).startswith("A link started a new match in place of the one")


def test_a_link_over_a_link_match_without_play_says_nothing_of_it():
    store = MemoryStore()
    load(store, LINKS[0])                       # opened, not played: nothing to keep or replace
    app = load(store, LINKS[1])
    assert app.kept.saved_matches() == [] and not is_notice(app.message)


# --- the person's own match is never lost -----------------------------------------------------------

def test_the_persons_own_matches_are_kept_once_and_a_link_match_set_aside_is_replaced():
    # Given a link's match played, then set aside by the person's New match (it goes to
    # Matches, marked), and that new match played
    store = MemoryStore()
    first = own_match(store, "first").match.events
    play(load(store, LINKS[0]))
    second = own_match(load(store) and store, "second")
    second_events = second.match.events
    assert len(second.kept.saved_matches()) == 2 and len(links_under_matches(second)) == 1
    # When another link opens
    app = load(store, LINKS[1])
    # Then both of the person's matches are under Matches, the link's match set aside is gone
    assert [entry["match"]["events"] for entry in app.kept.saved_matches()] == [second_events, first]
    assert links_under_matches(app) == []
    said = app.text(app.message)
    assert "in place of the one the previous link opened" in said and "was kept under Matches" in said
    # and each comes back whole
    app.resume(1)
    assert app.match.events == first


def test_a_link_match_the_person_resumed_is_theirs_and_is_kept():
    store = MemoryStore()
    link = load(store, LINKS[0])
    play(link)
    played = link.match.events
    own_match(store)                            # New match: the link's match goes under Matches
    app = load(store)
    app.resume(0)                               # brought back by the person: theirs now
    assert not app.from_link
    app = load(store, LINKS[1])
    kept = [entry["match"]["events"] for entry in app.kept.saved_matches()]
    assert played in kept and len(kept) == 2
    assert app.text(app.message).startswith("A link started a new match; your unfinished match")


def test_the_saved_mark_says_where_the_match_came_from():
    store = MemoryStore()
    play(load(store, LINKS[0]))
    assert storage.Vault(store).read("current")["ui"]["origin"] == "link"
    own_match(store)
    vault = storage.Vault(store)
    vault.open()
    assert vault.read("current")["ui"]["origin"] == "own"
    assert [entry["ui"]["origin"] for entry in vault.read("saved")] == ["link"]


# --- the notice leaves once play moves on ------------------------------------------------------------

@pytest.mark.parametrize("query", LINKS, ids=["match", "position", "xgid"])
def test_the_link_notice_leaves_the_status_line_with_the_next_action_of_play(query):
    store = MemoryStore()
    own_match(store)
    app = load(store, query)
    assert is_notice(app.message) and "kept under Matches" in app.text(app.message)
    play(app)                                   # a roll, or a checker played
    assert not is_notice(app.message)
    assert "kept" not in app.text(app.message) and "link" not in app.text(app.message)
    assert "kept" not in load(store).text(load(store).message)     # nor after a reload


def test_the_link_notice_leaves_when_the_computer_rolls():
    # a position link against the computer, the computer on roll: its roll says nothing of its
    # own, yet the notice must go
    store = MemoryStore()
    own_match(store)
    app = Controller(MemoryStore())
    app.new_match(Setup(mode="hotseat", length=3, seed="bot-first"))
    while not (app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.player_on_roll == 0):
        if app.match.phase is Phase.MOVING:
            while not app.match.turn.is_complete:
                step = app.match.turn.legal_steps()[0]
                app.match.step(step.source, step.target)
            app.done()
        else:
            app.roll()
    query = (f"?position={quote(app.match.position_id())}&match={quote(app.match.match_id())}"
             f"&mode=bot&level=expert")
    app = load(store, query)
    assert app.bot_to_act() and is_notice(app.message)
    assert app.bot_act() == "roll"
    assert not is_notice(app.message)


def test_the_new_match_notice_leaves_too_and_in_french():
    store = MemoryStore()
    own_match(store)
    app = load(store, language="fr")
    app.new_match(Setup(mode="hotseat", length=3, seed="fr"))
    assert app.text(app.message).startswith("Votre match en cours est gardé")
    app.roll()
    assert not is_notice(app.message)


def test_the_notice_stays_while_play_has_not_moved_on():
    store = MemoryStore()
    own_match(store)
    app = load(store, LINKS[2])                 # the XGID: the person is to move
    app.flip()
    app.set_pref("auto_done", True)
    assert is_notice(app.message)               # the board turned, a setting changed: not play


# --- old data, damaged data, bad links --------------------------------------------------------------

@pytest.mark.parametrize("name", ["format1", "format2"])
def test_old_saved_data_without_the_mark_loads_and_counts_as_the_persons_own(name):
    store = MemoryStore(sample(name))
    before = load(store)
    current, saved = before.match.events, [e["match"]["events"] for e in before.kept.saved_matches()]
    assert not before.from_link
    app = load(store, LINKS[0])
    play(app)
    app = load(store, LINKS[1])
    assert [e["match"]["events"] for e in app.kept.saved_matches()] == [current, *saved]


def test_a_damaged_mark_reads_as_the_persons_own_and_is_kept():
    store = MemoryStore()
    play(load(store, LINKS[0]))
    vault = storage.Vault(store)
    vault.open()
    data = vault.read("current")
    data["ui"]["origin"] = ["link"]
    vault.commit({"current": data})
    app = load(store, LINKS[1])
    assert len(app.kept.saved_matches()) == 1
    assert app.text(app.message).startswith("A link started a new match; your unfinished match")


def test_a_bad_link_says_why_and_changes_nothing():
    store = MemoryStore()
    own_match(store)
    link = load(store, LINKS[0])
    play(link)
    before = (link.match.events, link.kept.saved_matches())
    app = load(store, "?position=nonsense&match=AAAA")
    assert app.message[0].startswith("error.") or app.message[0].startswith("reason.")
    assert app.from_link and (app.match.events, app.kept.saved_matches()) == before
    assert app.text(app.message) and "?" not in app.text(app.message)


def test_matches_says_which_match_the_next_link_replaces_in_both_languages():
    store = MemoryStore()
    play(load(store, LINKS[0]))
    own_match(store)
    assert load(store).kept.match_rows()[0][0].endswith("from a link: the next link takes its place")
    assert load(store, language="fr").kept.match_rows()[0][0].endswith(
        "ouvert par un lien : le prochain lien prend sa place")
    assert json.dumps(load(store).kept.match_rows()).count("from a link") == 1
