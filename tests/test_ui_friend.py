"""A match by links in the app (issue 34): two controllers, two stores, the links carried between them as text.

Each side is the whole app (:class:`game.app.controller.Controller`) over its own store, as two
devices would be; a link goes from one to the other only as the address the page shows.
"""

import pytest

from game.friend import link_url
from game.match import Phase
from game.app.controller import Controller
from game.app.keep.storage import MemoryStore

BASE = "https://someone.github.io/backgammon/"


def address(app):
    """The address the page offers to send (the panel's link)."""
    payload = app.friend_panel()["payload"]
    assert payload, "no link waits to be sent"
    return link_url(BASE, payload)


def pair(length=3):
    alice, bob = Controller(MemoryStore()), Controller(MemoryStore())
    assert alice.boot("?mode=friend&length=%d" % length) is True
    assert bob.boot("") is False
    assert bob.friend_open(address(alice)) is True
    exchange(alice, bob)
    return alice, bob


def exchange(a, b):
    """Carry each link to the device that lacks it, until neither has one to send."""
    for _ in range(6):
        carried = False
        for source, target in ((a, b), (b, a)):
            if source.friend.outgoing and source.friend.turn > target.friend.turn:
                assert target.friend_open(address(source)) is True, target.message
                carried = True
        if not carried:
            return
    raise AssertionError("the links never stop")


def to_act(a, b):
    for app in (a, b):
        if app.human_to_act():
            return app
    return None


def play_one(app):
    """The person on ``app`` does the next thing a player would: roll, move then Done, take."""
    m = app.match
    if m.phase is Phase.ROLL_OR_DOUBLE:
        app.roll()
    elif m.phase is Phase.DOUBLED:
        app.take()
    elif m.phase is Phase.MOVING:
        if not m.turn.no_move:
            assert app.type_move(str(sorted(m.turn.plays, key=str)[0])) is True, app.message
        app.done()
    else:
        raise AssertionError(m.phase)


def same(a, b):
    """The same board and score (the dice of a roll show on the roller's device first)."""
    return (a.match.position_id(), a.match.score, a.match.cube_value) == \
        (b.match.position_id(), b.match.score, b.match.cube_value)


def test_two_devices_play_turns_by_links_and_see_the_same_board():
    alice, bob = pair()
    assert alice.friend.seat == 0 and bob.friend.seat == 1
    assert alice.bottom == 0 and bob.bottom == 1           # each sees his own checkers at the bottom
    assert same(alice, bob) and any(e["type"] == "opening_roll" for e in alice.match.events)   # thrown
    moves, said = 0, []
    for _ in range(12):
        app = to_act(alice, bob)
        assert app is not None
        other = bob if app is alice else alice
        assert not other.human_to_act() and not other.bot_to_act() and not app.bot_to_act()
        before = len([e for e in app.match.events if e["type"] == "move"])
        play_one(app)
        moves += len([e for e in app.match.events if e["type"] == "move"]) - before
        exchange(alice, bob)
        assert same(alice, bob)
        said.extend(other.announcements())      # what the live region says on the other device
    assert moves >= 3
    # the friend's move is announced on the device that receives it
    assert any(text.startswith("Your friend played") for text in said), said


def test_the_panel_says_what_to_send_and_when_to_wait():
    alice = Controller(MemoryStore())
    alice.boot("?mode=friend&length=5")
    panel = alice.friend_panel()
    assert panel["payload"] and "Send this link" in panel["text"]
    assert alice.message == ("msg.friend_invite", {}) and not alice.human_to_act()
    assert alice.buttons()["roll"][1] is False and alice.buttons()["double"][1] is False
    assert alice.buttons()["hint"][0] is False            # no computer's help against a friend
    alice.set_language("fr")
    assert "Envoyez ce lien" in alice.friend_panel()["text"]
    hotseat = Controller(MemoryStore())
    hotseat.boot("?mode=hotseat")
    assert hotseat.friend_panel() is None and hotseat.view().friend is None


def test_a_tampered_link_is_refused_with_a_reason_and_changes_nothing():
    alice, bob = pair()
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    play_one(app)
    good = address(app)
    payload = good.split("#friend=")[1]
    bad = good[:-6] + ("AAAAAA" if not payload.endswith("AAAAAA") else "BBBBBB")
    events, panel, message = len(other.match.events), other.friend_panel(), other.message
    assert other.friend_open(bad) is False
    assert other.message[0].startswith("error.friend_")
    assert other.text(other.message).endswith(".")
    assert len(other.match.events) == events and other.friend_panel() == panel
    assert other.friend_open(good) is True and message != other.message
    assert other.friend_open(good) is False and other.message[0] == "error.friend_already_opened"
    assert app.friend_open(good) is False and app.message[0] == "error.friend_own_link"
    stranger = Controller(MemoryStore())
    stranger.boot("?mode=hotseat")
    before = stranger.match
    assert stranger.friend_open(good) is False and stranger.message[0] == "error.friend_unknown_match"
    assert stranger.match is before and stranger.friend is None
    stranger.set_language("fr")
    assert "\u00a0:" in stranger.text(stranger.message) or stranger.text(stranger.message).endswith(".")
    assert stranger.friend_open("#friend=%%%") is False and stranger.message[0] == "error.friend_malformed"


def test_a_reload_on_both_sides_keeps_the_match():
    alice, bob = pair()
    for _ in range(3):
        play_one(to_act(alice, bob))
        exchange(alice, bob)
    stores = alice.store, bob.store
    alice2, bob2 = Controller(stores[0]), Controller(stores[1])
    assert alice2.boot("") is False and bob2.boot("") is False
    assert alice2.friend is not None and bob2.friend is not None
    assert alice2.friend.turn == alice.friend.turn and same(alice2, bob2) and same(alice2, alice)
    assert alice2.match is alice2.friend.match and alice2.setup.mode == "friend"
    app = to_act(alice2, bob2)
    play_one(app)
    exchange(alice2, bob2)
    assert same(alice2, bob2)


def reload(app):
    """The same device after a reload: a new app over the same store."""
    again = Controller(app.store)
    assert again.boot("") is False
    return again


def test_a_whole_match_with_a_reload_on_both_sides_at_every_step():
    # Given a 1-point match by links, When each action and each link carried is followed by
    # a reload of both devices, Then the match goes on to its end, the same on both
    alice, bob = pair(length=1)
    steps = 0
    while alice.match.match_winner is None:
        play_one(to_act(alice, bob))
        alice, bob = reload(alice), reload(bob)           # the link made, not yet sent
        exchange(alice, bob)
        alice, bob = reload(alice), reload(bob)
        assert same(alice, bob), steps
        steps += 1
        assert steps < 400
    assert bob.match.match_winner == alice.match.match_winner and steps > 20
    assert alice.match.events == bob.match.events


def test_the_cube_travels_in_the_links_and_the_answer_comes_back():
    alice, bob = pair(length=5)
    for _ in range(8):                       # until someone may double at his turn
        app = to_act(alice, bob)
        if app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.can_double():
            break
        play_one(app)
        exchange(alice, bob)
    other = bob if app is alice else alice
    app.double()
    assert app.match.phase is Phase.DOUBLED and app.message[0] == "+"
    assert "Send this link" in app.text(app.message)
    exchange(alice, bob)
    assert other.match.phase is Phase.DOUBLED and other.human_to_act()
    assert other.buttons()["take"] == (True, True)
    other.take()
    exchange(alice, bob)
    assert alice.match.cube_value == bob.match.cube_value == 2 and same(alice, bob)


def test_a_drop_ends_the_game_on_both_devices_and_the_next_one_starts():
    alice, bob = pair(length=3)
    for _ in range(8):
        app = to_act(alice, bob)
        if app.match.phase is Phase.ROLL_OR_DOUBLE and app.match.can_double():
            break
        play_one(app)
        exchange(alice, bob)
    other = bob if app is alice else alice
    app.double()
    exchange(alice, bob)
    other.drop()
    exchange(alice, bob)
    assert alice.match.score == bob.match.score and sum(alice.match.score) == 1
    assert alice.match.game_number == bob.match.game_number == 2


def test_a_resignation_is_offered_and_answered_by_links():
    alice, bob = pair(length=3)
    app = to_act(alice, bob)
    if app.match.phase is Phase.MOVING:
        play_one(app)
        exchange(alice, bob)
        app = to_act(alice, bob)
    other = bob if app is alice else alice
    app.resign("single")
    assert app.match.phase is Phase.RESIGNATION_OFFERED
    exchange(alice, bob)
    assert other.match.phase is Phase.RESIGNATION_OFFERED and other.buttons()["accept-resign"] == (True, True)
    other.accept_resignation()
    exchange(alice, bob)
    assert alice.match.score == bob.match.score and sum(alice.match.score) >= 1


def test_a_link_for_a_match_kept_under_matches_brings_it_back():
    alice, bob = pair()
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    play_one(app)
    link = address(app)
    other.new_match(type(other.setup)(mode="hotseat"))        # the match by links goes under Matches
    assert other.friend is None and len(other.saved_matches()) == 1
    assert other.friend_open(link) is True
    assert other.friend is not None and same(other, app) and other.setup.mode == "friend"


def test_the_word_to_roll_makes_one_link_a_turn():
    alice, bob = pair(length=5)
    for app in (alice, bob):
        app.friend_then_roll(True)
    turns = []
    for _ in range(10):
        app = to_act(alice, bob)
        before = alice.friend.turn
        play_one(app)
        exchange(alice, bob)
        turns.append(alice.friend.turn - before)
    assert turns.count(1) >= 6, turns


def test_the_new_match_form_offers_a_friend_and_has_no_clock():
    app = Controller(MemoryStore())
    app.boot("?mode=bot")
    values = dict(app.form_values(), mode="friend", kind="match", length="7", clock="on")
    setup = app.setup_from_form(values)
    assert setup.mode == "friend"
    app.new_match(setup)
    assert app.friend is not None and app.match.config.length == 7 and app.match.clock is None
    assert app.player_name(1 - app.friend.seat) == "Your friend"
    assert app.form_values()["mode"] == "friend"


@pytest.mark.parametrize("query", ["?mode=friend", "?mode=friend&length=money"])
def test_the_link_mode_friend_starts_a_match_by_links(query):
    app = Controller(MemoryStore())
    assert app.boot(query) is True and app.friend is not None and app.friend.turn == 1
