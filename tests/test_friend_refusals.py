"""Every link the receiving device must refuse, each with its reason, and none changes the copy."""

import base64
import json
import zlib
from dataclasses import replace

import pytest

from game.friend import FriendError, FriendMatch, FriendReason, decode_link, encode_link, message_key
from game.friend.friend_match import _match_id
from game.friend.link import b64encode, canonical
from game.match import MatchConfig, Phase

SEEDS = (b"a" * 32, b"b" * 32)


def state(device):
    return device.to_dict(), device.match.events, device.match.position, device.match.dice


def refused(device, link, reason):
    """``device`` refuses ``link`` (a Link or text) for ``reason``, and its copy is as it was."""
    before = state(device)
    match = device.match
    with pytest.raises(FriendError) as caught:
        device.receive(link)
    assert caught.value.reason is reason, caught.value
    assert message_key(caught.value) == f"error.friend_{reason.value}"
    assert state(device) == before and device.match is match
    return caught.value


def start(length=5):
    """Alice invites, Bob joins; the opening is thrown and carried until one of them must move."""
    alice = FriendMatch.create(MatchConfig(length=length), seed=SEEDS[0])
    bob = FriendMatch.join(alice.outgoing, seed=SEEDS[1])
    alice.receive(bob.outgoing)
    if alice.waiting:                         # Bob won the opening: Alice's secret goes to him
        bob.receive(alice.outgoing)
    return alice, bob


def mover_and_other(alice, bob):
    return (alice, bob) if alice.match.player_to_act == alice.seat else (bob, alice)


def first_move(alice, bob):
    """The player who won the opening plays his first legal move: (mover, other, link)."""
    mover, other = mover_and_other(alice, bob)
    mover.play(sorted(mover.match.turn.plays, key=str)[0])
    return mover, other, decode_link(mover.outgoing)


def raw(data):
    """A link's text from a raw body (the way a forger would write one)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return b64encode(packer.compress(json.dumps(data).encode()) + packer.flush())


# --- malformed links ----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["", "hello", "#friend=", "friend=!!!!", "x" * 30_000,
                                  raw([1, 2]), raw({"v": 1}), raw({"v": 1, "id": "A" * 16, "n": 0, "a": []}),
                                  raw({"v": 1, "id": "A" * 16, "n": 3, "h": "A" * 22, "a": [["m"]]}),
                                  raw({"v": 1, "id": "A" * 16, "n": 3, "h": "A" * 22, "a": [["w"]]}),
                                  raw({"v": 1, "id": "A" * 16, "n": 3, "h": "A" * 22, "a": [], "zz": 1}),
                                  raw({"v": 1, "id": "A" * 16, "n": 3, "h": "A" * 22, "a": [], "r": [1, "AA"]}),
                                  raw({"v": 1, "id": "A" * 16, "n": 3, "a": []})])
def test_a_malformed_link_is_refused(text):
    alice, bob = start()
    refused(alice, text, FriendReason.MALFORMED)
    refused(bob, text, FriendReason.MALFORMED)


def test_a_link_cut_short_or_mistyped_is_refused():
    alice, bob = start()
    mover, other, _ = first_move(alice, bob)
    text = mover.outgoing
    refused(other, text[:-5], FriendReason.MALFORMED)
    refused(other, text[:20] + ("A" if text[20] != "A" else "B") + text[21:], FriendReason.MALFORMED)
    with pytest.raises(FriendError) as caught:
        other.receive(None)
    assert caught.value.reason is FriendReason.MALFORMED
    other.receive("Here is my move: https://example.org/bg/#friend=" + text + "  ")   # a pasted message reads
    assert other.turn == mover.turn


def test_a_link_of_another_version_is_refused():
    alice, bob = start()
    refused(bob, raw({"v": 2, "id": "A" * 16, "n": 3, "a": []}), FriendReason.VERSION)


# --- links that do not follow this copy ------------------------------------------------------

def test_a_link_of_another_match_is_refused():
    alice, bob = start()
    other_alice = FriendMatch.create(MatchConfig(length=5), seed=b"c" * 32)
    other_bob = FriendMatch.join(other_alice.outgoing, seed=b"d" * 32)
    refused(alice, other_bob.outgoing, FriendReason.OTHER_MATCH)
    refused(bob, other_alice.outgoing, FriendReason.OTHER_MATCH)


def test_the_link_this_device_sent_is_refused_when_opened_here():
    alice, bob = start()
    mover, other, _ = first_move(alice, bob)
    refused(mover, mover.outgoing, FriendReason.OWN_LINK)


def test_a_link_opened_twice_changes_nothing_the_second_time():
    alice, bob = start()
    mover, other, _ = first_move(alice, bob)
    text = mover.outgoing
    other.receive(text)
    dice = other.match.dice
    refused(other, text, FriendReason.ALREADY_OPENED)
    assert other.match.dice == dice


def test_a_link_already_answered_and_older_links_are_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    other.receive(mover.outgoing)
    other.roll()                                        # his answer: he rolls rather than doubles
    refused(other, link, FriendReason.ALREADY_ANSWERED)
    mover.receive(other.outgoing)                       # the mover sees that roll first, sends his secret
    other.receive(mover.outgoing)
    other.play(sorted(other.match.turn.plays, key=str)[0])
    assert other.turn == link.turn + 3
    refused(other, link, FriendReason.OLDER_TURN)


def test_a_link_that_skips_a_turn_is_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    refused(other, replace(link, turn=link.turn + 2), FriendReason.OUT_OF_ORDER)


def test_a_link_built_on_another_history_is_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    refused(other, replace(link, base=b64encode(bytes(16))), FriendReason.CHANGED_HISTORY)


def test_a_turn_played_again_from_a_saved_copy_is_refused():
    """A player who reloads his copy from before his move and plays another one: his friend keeps the first."""
    alice, bob = start()
    mover, other = mover_and_other(alice, bob)
    saved = mover.to_dict()
    plays = sorted(mover.match.turn.plays, key=str)
    mover.play(plays[0])
    other.receive(mover.outgoing)
    again = FriendMatch.from_dict(saved)
    again.play(plays[1])
    refused(other, again.outgoing, FriendReason.CHANGED_HISTORY)


def test_a_later_link_of_a_match_this_device_does_not_hold_is_refused():
    alice, bob = start()
    mover, other, _ = first_move(alice, bob)
    with pytest.raises(FriendError) as caught:
        FriendMatch.join(mover.outgoing)
    assert caught.value.reason is FriendReason.UNKNOWN_MATCH


# --- forged play ---------------------------------------------------------------------------------

def test_a_forged_move_is_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    error = refused(other, replace(link, actions=(("m", "24/1"),)), FriendReason.FORGED_ACTION)
    assert error.details["turn"] == link.turn
    refused(other, replace(link, actions=(("m", "not a move"),)), FriendReason.FORGED_ACTION)
    refused(other, replace(link, actions=(("m", ""),)), FriendReason.FORGED_ACTION)   # a pass with a play to make
    other.receive(mover.outgoing)                                                   # the true link still reads


def test_an_action_in_the_other_player_s_name_is_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    refused(other, replace(link, actions=link.actions + (("d",),)), FriendReason.WRONG_PLAYER)
    refused(other, replace(link, actions=link.actions + (("t",),)), FriendReason.FORGED_ACTION)


def test_a_link_refused_after_its_first_action_leaves_the_copy_as_it_was():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    refused(other, replace(link, actions=link.actions + (("m", "13/7"),)), FriendReason.FORGED_ACTION)
    other.receive(mover.outgoing)
    assert other.match.events[:len(mover.match.events)] == mover.match.events


def test_a_link_that_stops_before_the_sender_s_move_is_refused():
    alice, bob = start()
    mover, other, link = first_move(alice, bob)
    refused(other, replace(link, actions=()), FriendReason.INCOMPLETE_TURN)


# --- the die secrets -----------------------------------------------------------------------------

def roll_link(alice, bob):
    """The opening mover has moved; the other rolls rather than doubles: (roller, mover, the roll's link)."""
    mover, other, _ = first_move(alice, bob)
    other.receive(mover.outgoing)
    other.roll()
    link = decode_link(other.outgoing)
    assert link.actions == (("r",),) and link.reveal[0] == 2
    return other, mover, link


def test_a_secret_that_does_not_match_its_commitment_is_refused():
    alice, bob = start()
    roller, mover, link = roll_link(alice, bob)
    index, secret = link.reveal
    flipped = bytes([secret[0] ^ 1]) + secret[1:]
    refused(mover, replace(link, reveal=(index, flipped)), FriendReason.BAD_REVEAL)
    refused(mover, replace(link, reveal=(index + 1, secret)), FriendReason.BAD_REVEAL)
    refused(mover, replace(link, reveal=(index - 1, secret)), FriendReason.BAD_REVEAL)
    mover.receive(link)


def test_a_missing_secret_and_a_secret_revealed_too_early_are_refused():
    alice, bob = start()
    roller, mover, link = roll_link(alice, bob)
    index, _ = link.reveal
    refused(mover, replace(link, reveal=None), FriendReason.MISSING_REVEAL)
    ahead = roller._own.secret(index + 1)         # a true secret of his chain, but of a roll not due
    refused(mover, replace(link, reveal=(index + 1, ahead)), FriendReason.MISSING_REVEAL)
    mover.receive(link)
    answer = decode_link(mover.outgoing)          # the mover answers with his own secret of that roll
    assert answer.actions == () and answer.reveal[0] == index
    refused(roller, replace(answer, reveal=None), FriendReason.MISSING_REVEAL)


def test_a_joiner_whose_secret_does_not_match_his_commitment_is_refused():
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    bob = FriendMatch.join(alice.outgoing, seed=SEEDS[1])
    link = decode_link(bob.outgoing)
    other = FriendMatch.join(alice.outgoing, seed=b"e" * 32)
    refused(alice, replace(link, anchor=decode_link(other.outgoing).anchor), FriendReason.BAD_REVEAL)
    alice.receive(bob.outgoing)


def test_an_edited_seed_cannot_be_loaded_and_a_resent_link_gives_no_other_roll():
    alice, bob = start()
    for device in (alice, bob):
        data = device.to_dict()
        data["seed"] = b64encode(b"z" * 32)
        with pytest.raises(FriendError) as caught:
            FriendMatch.from_dict(data)
        assert caught.value.reason is FriendReason.BAD_REVEAL
    mover, other, link = first_move(alice, bob)
    other.receive(mover.outgoing)
    seen = other.match.dice, other.match.events
    reloaded = FriendMatch.from_dict(other.to_dict())
    assert (reloaded.match.dice, reloaded.match.events) == seen
    refused(reloaded, mover.outgoing, FriendReason.ALREADY_OPENED)


# --- the setup -----------------------------------------------------------------------------------

def test_an_invitation_whose_rules_were_changed_is_refused():
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    link = decode_link(alice.outgoing)
    changed = replace(link, setup={**link.setup, "c": {"length": 25}})
    with pytest.raises(FriendError) as caught:
        FriendMatch.join(changed)
    assert caught.value.reason is FriendReason.CHANGED_HISTORY


def test_clocks_are_refused_in_a_match_by_links():
    with pytest.raises(FriendError) as caught:
        FriendMatch.create(MatchConfig(length=5, clock=(30, 120)))
    assert caught.value.reason is FriendReason.CLOCK
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    link = decode_link(alice.outgoing)
    setup = {**link.setup, "c": {"clock": [30, 120]}}
    forged = replace(link, setup=setup, match_id=_match_id(setup))
    with pytest.raises(FriendError) as caught:
        FriendMatch.join(forged)
    assert caught.value.reason is FriendReason.CLOCK


def test_bad_rules_in_an_invitation_are_refused():
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    link = decode_link(alice.outgoing)
    for rules in ({"length": 99}, {"colour": "red"}):
        setup = {**link.setup, "c": rules}
        with pytest.raises(FriendError) as caught:
            FriendMatch.join(replace(link, setup=setup, match_id=_match_id(setup)))
        assert caught.value.reason is FriendReason.MALFORMED


# --- the player's own actions --------------------------------------------------------------------

def test_acting_while_the_friend_has_the_turn_is_refused():
    alice, bob = start()
    mover, other = mover_and_other(alice, bob)
    before = state(other)
    for act in (other.double, other.roll, other.take, lambda: other.play("")):
        with pytest.raises(FriendError) as caught:
            act()
        assert caught.value.reason is FriendReason.WAITING
    assert state(other) == before


def test_an_illegal_move_of_the_player_is_the_engine_s_refusal_and_changes_nothing():
    from game.errors import GameError
    alice, bob = start()
    mover, other = mover_and_other(alice, bob)
    before = state(mover)
    with pytest.raises(GameError):
        mover.play("24/1")
    with pytest.raises(GameError):
        mover.double()                                   # after the roll
    assert state(mover) == before and mover.outgoing is None


def test_nothing_more_is_sent_or_taken_once_the_match_is_over():
    alice, bob = start(length=1)
    mover, other = mover_and_other(alice, bob)
    mover.resign("backgammon")
    other.receive(mover.outgoing)
    other.accept_resignation()
    mover.receive(other.outgoing)
    assert alice.over and bob.over and other.match.match_winner == mover.seat ^ 1
    with pytest.raises(FriendError) as caught:
        mover.double()
    assert caught.value.reason is FriendReason.MATCH_OVER
    late = replace(decode_link(mover.links[-2] and encode_link(mover.links[-2])), turn=other.turn + 1,
                   base=other._digest)
    refused(other, late, FriendReason.MATCH_OVER)


def test_an_invitation_that_holds_play_is_refused():
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    link = decode_link(alice.outgoing)
    for forged in (replace(link, actions=(("d",),)), replace(link, reveal=(1, alice._own.secret(1)))):
        with pytest.raises(FriendError) as caught:
            FriendMatch.join(forged)
        assert caught.value.reason is FriendReason.MISSING_REVEAL
    data = alice.to_dict()
    data["links"][0] = encode_link(replace(link, actions=(("d",),)))
    with pytest.raises(FriendError) as caught:
        FriendMatch.from_dict(data)
    assert caught.value.reason is FriendReason.CHANGED_HISTORY


def test_a_match_that_has_used_every_committed_roll_stops_and_changes_nothing():
    import random

    from game.friend.random_play import Duel
    duel = Duel(MatchConfig(length=0), random.Random(2), seeds=SEEDS, chain_length=6)
    with pytest.raises(FriendError) as caught:
        duel.play_out()
    assert caught.value.reason is FriendReason.CHAIN_SPENT
    a, b = duel.devices
    assert max(a._rolls, b._rolls) == 6
    shorter, longer = sorted((a.match.events, b.match.events), key=len)
    assert longer[:len(shorter)] == shorter
    device = duel.to_act()
    before = state(device)
    with pytest.raises(FriendError):
        from game.friend.random_play import random_action
        random_action(device, random.Random(0))
    assert state(device) == before
