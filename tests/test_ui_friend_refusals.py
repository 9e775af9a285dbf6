"""Issue 34's refusal cases, each through the whole app, in English and French (issue 34, "Done when").

The core's refusals are tested link by link in tests/test_friend_refusals.py and the dice in
tests/test_friend_dice.py. Here each case of the issue's list goes through what a person does:
a link opened in the app (:meth:`Controller.friend_open`, as the page's ``#friend=`` address or the
paste box), a reload (a new controller on the same store), a saved copy edited in the store. Each
refused link must say why in both languages, change nothing (the copy, the board, the store, the
panel), and leave the true link still readable; a reload, an edited secret or a resent link must give
no other roll.

The cases: a forged move, a changed history, an older turn, a turn already answered, another match's
data, edited secrets, a reload, a resend.
"""

import copy
import json
from dataclasses import replace

import pytest
from test_ui_friend import BASE, address, pair, play_one, to_act

from game.app.controller import Controller
from game.friend import decode_link, encode_link, link_url
from game.friend.link import b64encode
from game.match import Phase


def url(link):
    return link_url(BASE, encode_link(link))


def snapshot(app):
    """What a refused link must leave as it was: the copy, the board, the store, the panel."""
    return (json.dumps(app.friend.to_dict(), sort_keys=True), copy.deepcopy(app.match.events),
            app.match.position_id(), app.match.match_id(), app.match.dice, app.friend.turn,
            app.friend_panel(), dict(app.store.items))


def refused(app, text, reason):
    """``app`` refuses ``text`` for ``reason``, says why in English and French, and changes nothing."""
    before = snapshot(app)
    match = app.match
    assert app.friend_open(text) is False
    assert app.message[0] == f"error.friend_{reason}", app.message
    said = {}
    for language in ("en", "fr"):
        app.set_language(language, remember=False)
        said[language] = app.text(app.message)
        assert said[language] and "error.friend" not in said[language], said
    app.set_language("en", remember=False)
    assert said["en"] != said["fr"]
    assert app.match is match and snapshot(app) == before
    return said


def moved(length=5):
    """Alice and Bob have joined; the opening's winner has played his first move, not yet carried:
    (mover, other, the move's address, the move's link)."""
    alice, bob = pair(length)
    mover = to_act(alice, bob)
    assert mover.match.phase is Phase.MOVING
    other = bob if mover is alice else alice
    play_one(mover)
    text = address(mover)
    return mover, other, text, decode_link(text)


def rolled(length=5):
    """After the first move, the other rolls rather than doubles: (roller, mover, the roll's address)."""
    mover, roller, move, _ = moved(length)
    assert roller.friend_open(move) is True
    assert roller.match.phase is Phase.ROLL_OR_DOUBLE and roller.match.can_double()
    roller.roll()
    return roller, mover, address(roller)


# --- a forged move, a changed history -------------------------------------------------------------

def test_a_forged_move_is_refused_in_both_languages_and_changes_nothing():
    mover, other, text, link = moved()
    for forged in (("m", "24/1"), ("m", "25/3 25/3"), ("m", "")):
        said = refused(other, url(replace(link, actions=(forged,))), "forged_action")
    assert "move" in said["en"].lower() or "rules" in said["en"].lower(), said
    assert other.friend_open(text) is True                  # the true link still reads


def test_a_changed_history_is_refused_and_changes_nothing():
    mover, other, text, link = moved()
    refused(other, url(replace(link, base=b64encode(bytes(16)))), "changed_history")
    assert other.friend_open(text) is True


def test_a_turn_played_again_from_an_older_copy_of_the_sender_is_refused():
    """The sender puts his store back to before his move and plays another: his friend keeps the first."""
    alice, bob = pair(5)
    mover = to_act(alice, bob)
    other = bob if mover is alice else alice
    kept = dict(mover.store.items)
    plays = sorted(mover.match.turn.plays, key=str)
    assert mover.type_move(str(plays[0])) is True
    mover.done()
    assert other.friend_open(address(mover)) is True
    again = Controller(type(mover.store)(kept))
    again.boot("")
    assert again.type_move(str(plays[1])) is True
    again.done()
    refused(other, address(again), "changed_history")


# --- an older turn, a turn already answered -------------------------------------------------------

def test_a_turn_already_answered_then_an_older_turn_are_refused():
    roller, mover, roll = rolled()
    move = address(mover)                         # the move the roller answered with his roll
    refused(roller, move, "already_answered")
    assert mover.friend_open(roll) is True        # the mover sends his secret of that roll
    assert roller.friend_open(address(mover)) is True
    play_one(roller)                              # the roller moves: two links later than the move
    refused(roller, move, "older_turn")
    refused(roller, roll, "own_link")


# --- another match's data -------------------------------------------------------------------------

def test_a_link_of_another_match_or_spliced_from_one_is_refused():
    mover, other, text, link = moved()
    for _ in range(20):                           # another match whose first move came from the same seat
        mover2, other2, text2, link2 = moved()
        if link2.turn == link.turn:
            break
    assert link2.match_id != link.match_id and link2.turn == link.turn
    refused(other, text2, "unknown_match")        # a later link of a match this device does not hold
    refused(other, url(replace(link2, match_id=link.match_id)), "changed_history")   # its body on this match
    assert other.friend_open(text) is True


def test_a_secret_taken_from_another_match_is_refused():
    roller, mover, roll = rolled()
    for _ in range(20):
        roller2, mover2, roll2 = rolled()
        if decode_link(roll2).turn == decode_link(roll).turn:
            break
    link, link2 = decode_link(roll), decode_link(roll2)
    assert link.reveal[0] == link2.reveal[0] and link.match_id != link2.match_id
    refused(mover, url(replace(link, reveal=link2.reveal)), "bad_reveal")
    assert mover.friend_open(roll) is True


# --- edited secrets, a reload, a resend: no other roll -------------------------------------------

def test_an_edited_secret_in_a_link_is_refused_and_the_true_one_gives_the_roll():
    roller, mover, roll = rolled()
    link = decode_link(roll)
    index, secret = link.reveal
    for edit in (bytes([secret[0] ^ 1]) + secret[1:], bytes(32), secret[::-1]):
        refused(mover, url(replace(link, reveal=(index, edit))), "bad_reveal")
    refused(mover, url(replace(link, reveal=None)), "missing_reveal")
    assert mover.friend_open(roll) is True
    assert roller.friend_open(address(mover)) is True and roller.match.dice is not None


def edited_store(app, edit):
    """A copy of ``app``'s store with its current match's friend copy edited by ``edit(data)``."""
    items = dict(app.store.items)
    root = json.loads(items["backgammon.root"])
    key = root["data"]["current"]
    entry = json.loads(items[key])
    edit(entry["data"]["friend"])
    items[key] = json.dumps(entry)
    return type(app.store)(items)


def test_an_edited_seed_in_the_saved_copy_gives_no_other_roll():
    """The seed behind the secrets, edited in localStorage: the copy no longer loads; it never plays
    on with other dice."""
    roller, mover, roll = rolled()
    assert mover.friend_open(roll) is True
    answer = address(mover)
    store = edited_store(roller, lambda data: data.__setitem__("seed", b64encode(b"z" * 32)))
    again = Controller(store)
    again.boot("")
    assert again.friend is None or again.friend.match_id != roller.friend.match_id
    assert again.friend_open(answer) is False                          # nothing to throw the roll on
    assert again.message[0] == "error.friend_unknown_match"
    assert roller.friend_open(answer) is True                          # the true copy throws it
    assert roller.match.dice is not None


def test_a_reload_gives_the_same_roll_and_opening_the_link_again_changes_nothing():
    roller, mover, roll = rolled()
    assert mover.friend_open(roll) is True
    answer = address(mover)
    assert roller.friend_open(answer) is True
    dice = roller.match.dice
    for _ in range(2):                                                  # reload, reload again
        again = Controller(roller.store)
        again.boot("")
        assert again.match.dice == dice and again.friend.turn == roller.friend.turn
        refused(again, answer, "already_opened")
        assert again.match.dice == dice


def test_a_link_resent_gives_the_same_text_and_no_other_roll():
    """The roller reloads and sends his roll again: the same link, refused (the friend's device has
    answered it); the friend's answer opened again: refused. The dice stay the roll both committed to."""
    roller, mover, roll = rolled()
    assert mover.friend_open(roll) is True
    again = Controller(roller.store)
    again.boot("")
    assert address(again) == roll                                       # the link to send is the same text
    refused(mover, roll, "already_answered")                            # the friend's device answered it
    answer = address(mover)
    assert roller.friend_open(answer) is True
    dice = roller.match.dice
    refused(roller, answer, "already_opened")
    assert roller.match.dice == dice
    assert mover.match.dice == dice                     # the friend saw the same roll when he answered


@pytest.mark.parametrize("choice", ["roll", "double"])
def test_a_roller_who_reloads_an_older_copy_and_chooses_again_is_refused(choice):
    """After sending *roll*, the roller puts back his store from before and sends another choice (or
    the same one again): the friend keeps the first; the dice of that roll do not change."""
    mover, roller, move, _ = moved()
    assert roller.friend_open(move) is True
    kept = dict(roller.store.items)
    roller.roll()
    roll = address(roller)
    assert mover.friend_open(roll) is True
    older = Controller(type(roller.store)(kept))
    older.boot("")
    getattr(older, choice)()
    if choice == "roll":
        assert address(older) == roll                                   # the same choice is the same link
    else:
        assert address(older) != roll
    refused(mover, address(older), "already_answered")                  # the friend answered the first
    assert roller.friend_open(address(mover)) is True
    assert roller.match.dice is not None
