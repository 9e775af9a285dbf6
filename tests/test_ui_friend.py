"""A match by links in the app (issue 34): two controllers, two stores, the links carried between them as text.

Each side is the whole app (:class:`game.app.controller.Controller`) over its own store, as two
devices would be; a link goes from one to the other only as the address the page shows.
"""

import re

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
    # each device says who won, the points and the score, though its board shows the next game (issue 44)
    assert other.text(other.message).startswith(
        "You drop: Your friend wins 1 point. Score: you 0, your friend 1. Send this link"), other.text(other.message)
    exchange(alice, bob)
    assert alice.match.score == bob.match.score and sum(alice.match.score) == 1
    assert alice.match.game_number == bob.match.game_number == 2
    assert app.text(app.message).startswith("Your friend drops: you win 1 point. Score: you 1, your friend 0."), \
        app.text(app.message)


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
    assert other.text(other.message).startswith("Your friend resigns: you win 1 point. Score: you 1, your friend 0.")
    exchange(alice, bob)
    assert alice.match.score == bob.match.score and sum(alice.match.score) >= 1
    assert app.text(app.message).startswith("You resign: Your friend wins 1 point. Score: you 0, your friend 1.")


def test_a_link_for_a_match_kept_under_matches_brings_it_back():
    alice, bob = pair()
    app = to_act(alice, bob)
    other = bob if app is alice else alice
    play_one(app)
    link = address(app)
    other.new_match(type(other.setup)(mode="hotseat"))        # the match by links goes under Matches
    assert other.friend is None and len(other.kept.saved_matches()) == 1
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


# --- a game's end, the next game, the match's end (issue 44) ----------------------------------------------

def fixed_seeds(monkeypatch, first):
    """The devices' secret seeds drawn in order from ``first`` (a match that plays the same every run)."""
    import game.friend.friend_match as friend_match
    drawn = iter(range(first, first + 100))
    monkeypatch.setattr(friend_match, "new_seed", lambda: bytes([next(drawn) % 256]) * 32)


def play_game_one():
    """A match by links to 5, nobody doubling, each move of game 1 with the word to roll (one link a
    turn); stops at the Done that ends game 1, before its link is carried. Returns (ender, other)."""
    alice, bob = pair(length=5)
    for app in (alice, bob):
        app.friend_then_roll(True)
    for _ in range(400):
        app = to_act(alice, bob)
        play_one(app)
        if app.match.game_number == 2:
            return app, (bob if app is alice else alice)
        exchange(alice, bob)
    raise AssertionError("game 1 never ends")


def opening_turn(match):
    rolls = [e["type"] for e in match.events if e["type"] in ("opening_roll", "roll", "reroll")]
    return rolls[-1] == "opening_roll"


@pytest.mark.parametrize("first", [2, 1], ids=["ender-wins-the-opening", "ender-loses-the-opening"])
def test_a_word_given_with_a_game_s_last_move_does_not_throw_a_roll_of_the_next_game(monkeypatch, first):
    # Given a match to 5 where each move of game 1 carried the word to roll (the tick box), the cube centred,
    # When game 2 starts and the box is unticked, whoever wins its opening,
    # Then at his first turn that is not the opening's, the player who ended game 1 has Roll and Double
    fixed_seeds(monkeypatch, first)
    ender, other = play_game_one()
    exchange(ender, other)
    # the other device throws game 2's opening as it opens the link that ended game 1
    opener = next(e["player"] for e in reversed(other.match.events) if e["type"] == "opening_roll")
    assert (opener == ender.friend.seat) == (first == 2)          # the case each seed gives
    for app in (ender, other):
        app.friend_then_roll(False)
    for _ in range(6):
        app = to_act(ender, other)
        if app is ender and (app.match.phase is Phase.ROLL_OR_DOUBLE or not opening_turn(app.match)):
            break                                   # his first turn after the opening's
        play_one(app)
        exchange(ender, other)
    m = ender.match
    assert (m.game_number, m.cube_value, m.cube_owner, m.is_crawford_game) == (2, 1, None, False)
    assert m.phase is Phase.ROLL_OR_DOUBLE and m.player_on_roll == ender.friend.seat, m.phase
    assert ender.buttons()["roll"] == (True, True) and ender.buttons()["double"] == (True, True)


def test_the_end_of_a_game_says_who_won_the_points_and_the_score_on_both_devices(monkeypatch):
    # Given a match to 5 whose first game ends by a move (a single game, a gammon or a backgammon),
    # When the winner presses Done and his link is opened on the other device,
    # Then each page says who won, for how many points, and the score, its own player first
    fixed_seeds(monkeypatch, 2)
    ender, other = play_game_one()
    assert ender.match.results[0].kind == "gammon" and ender.match.game_number == 2
    said = ender.text(ender.message)
    assert said.startswith("You win a gammon: 2 points. Score: you 2, your friend 0. Send this link"), said
    exchange(ender, other)
    heard = other.text(other.message)
    assert "Your friend wins a gammon: 2 points. Score: you 0, your friend 2. Opening roll" in heard, heard
    other.set_language("fr")
    assert "Score\u00a0: vous 0, votre adversaire 2." in other.text(other.message)


def test_the_end_of_the_match_says_it_is_over_and_what_the_last_link_is_for(monkeypatch):
    # Given a 1-point match by links, When its winner plays the last move,
    # Then his page says the match is over and that the last link shows the friend its end, nothing
    # more to open; the friend's page, once it opens it, says who won and that nothing is left to send
    fixed_seeds(monkeypatch, 1)
    alice, bob = pair(length=1)
    for _ in range(600):
        app = to_act(alice, bob)
        play_one(app)
        if app.friend.over:
            break
        exchange(alice, bob)
    other = bob if app is alice else alice
    said, panel = app.text(app.message), app.friend_panel()
    assert re.search(r"You win the match \d–0\. The match is over: send your friend this last link", said), said
    assert "goes on" not in said and "open theirs" not in panel["text"]
    assert panel["payload"] and panel["text"].startswith("The match is over."), panel["text"]
    app.set_language("fr")
    assert "Le match est terminé" in app.text(app.message) and "Le match est terminé" in app.friend_panel()["text"]
    exchange(alice, bob)
    assert other.friend.over and re.search(r"Your friend wins the match \d–0\.$", other.text(other.message))
    assert other.friend_panel()["payload"] == "" and "nothing more to send" in other.friend_panel()["text"]


def test_every_way_to_end_a_turn_says_which_link_to_send():
    # Given a match by links, When a turn ends by the key D on the board, or by a click on the dice,
    # Then the page says to send the link, as after Done (it said "Your friend is thinking…")
    alice, bob = pair(length=5)
    for end in (lambda app: app.board_key("d"), lambda app: app.click("dice")):
        app = to_act(alice, bob)
        if app.match.phase is Phase.ROLL_OR_DOUBLE:
            app.roll()
            exchange(alice, bob)
            app = to_act(alice, bob)
        m = app.match
        if not m.turn.no_move:
            assert app.type_move(str(sorted(m.turn.plays, key=str)[0])) is True, app.message
        end(app)
        assert app.friend.waiting and app.text(app.message).startswith("Send this link"), app.text(app.message)
        exchange(alice, bob)
