"""The dice scheme: commitments bind every secret, each roll comes from both, and no choice, reload or resend
of either player changes a roll."""

import collections
import random

import pytest

from game.friend import FriendError, FriendMatch, FriendReason
from game.friend.fair_dice import OwnChain, SeenChain, chain_step, dice_stream, event_dice, roll_seed
from game.match import MatchConfig, Phase

SEEDS = (b"a" * 32, b"b" * 32)


def test_a_revealed_secret_proves_itself_and_every_earlier_one_against_the_anchor():
    mine = OwnChain(b"s" * 32, 50)
    seen = SeenChain(mine.anchor, 50)
    seen.accept(7, mine.secret(7))
    assert [seen.secret(i) for i in range(1, 8)] == [mine.secret(i) for i in range(1, 8)]
    assert seen.secret(8) is None
    seen.accept(7, mine.secret(7))                        # the same secret again changes nothing
    seen.accept(9, mine.secret(9))
    assert seen.known == 9 and chain_step(mine.secret(1)) == mine.anchor


@pytest.mark.parametrize("index, value", [(10, bytes(32)), (10, b"s" * 32), (3, None), (0, None), (51, None),
                                          (True, None), (10, b"short")])
def test_a_secret_that_does_not_match_the_commitment_is_refused_and_changes_nothing(index, value):
    mine = OwnChain(b"s" * 32, 50)
    seen = SeenChain(mine.anchor, 50)
    seen.accept(5, mine.secret(5))
    value = mine.secret(3) if value is None and index == 3 else value
    with pytest.raises(FriendError) as caught:
        seen.accept(index, bytes(32) if value is None else value)
    assert caught.value.reason is FriendReason.BAD_REVEAL
    assert seen.known == 5


def test_a_chain_holds_its_length_and_no_more():
    chain = OwnChain(b"s" * 32, 4)
    with pytest.raises(FriendError) as caught:
        chain.secret(5)
    assert caught.value.reason is FriendReason.CHAIN_SPENT


def test_a_roll_depends_on_both_secrets_the_match_and_the_index():
    a, b = OwnChain(b"a" * 32, 4), OwnChain(b"b" * 32, 4)
    base = roll_seed(b"match-one-id", 1, a.secret(1), b.secret(1))
    assert base != roll_seed(b"match-two-id", 1, a.secret(1), b.secret(1))
    assert base != roll_seed(b"match-one-id", 2, a.secret(1), b.secret(1))
    assert base != roll_seed(b"match-one-id", 1, a.secret(2), b.secret(1))
    assert base != roll_seed(b"match-one-id", 1, a.secret(1), b.secret(2))
    assert base != roll_seed(b"match-one-id", 1, b.secret(1), a.secret(1))


def test_the_dice_stream_is_fair():
    """Each face close to one sixth over 120,000 dice (6 standard deviations), and every die 1..6."""
    counts = collections.Counter()
    for seed in range(2000):
        stream = dice_stream(seed.to_bytes(32, "big"))
        counts.update(next(stream) for _ in range(60))
    total = sum(counts.values())
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    spread = 6 * (total * (1 / 6) * (5 / 6)) ** 0.5
    assert all(abs(n - total / 6) < spread for n in counts.values()), counts


def test_an_opening_from_the_stream_ends_on_a_throw_that_is_not_a_tie():
    ties = 0
    for seed in range(300):
        dice = event_dice(seed.to_bytes(32, "big"), "standard")
        assert dice[-2] != dice[-1] and all(x == y for x, y in zip(dice[:-2:2], dice[1:-2:2]))
        ties += len(dice) // 2 - 1
        both = event_dice(seed.to_bytes(32, "big"), "both_dice")
        assert sum(both[-4:-2]) != sum(both[-2:])
    assert 20 < ties < 100                                  # about one opening in six starts with a tie


def deciding_pair():
    """Alice and Bob after the opening move, with the next player to roll free to double: (roller, other)."""
    alice = FriendMatch.create(MatchConfig(length=5), seed=SEEDS[0])
    bob = FriendMatch.join(alice.outgoing, seed=SEEDS[1])
    alice.receive(bob.outgoing)
    if alice.waiting:
        bob.receive(alice.outgoing)
    mover, other = (alice, bob) if alice.match.player_to_act == 0 else (bob, alice)
    mover.play(sorted(mover.match.turn.plays, key=str)[0])
    other.receive(mover.outgoing)
    assert other.match.phase is Phase.ROLL_OR_DOUBLE and other.match.can_double()
    return other, mover


def copies(*devices):
    return [FriendMatch.from_dict(device.to_dict()) for device in devices]


def test_the_roll_is_the_same_whether_the_player_rolls_or_doubles_first():
    """No choice of the roller steers his dice: roll at once, or double and be taken, the dice are the same."""
    roller, other = deciding_pair()
    roller_2, other_2 = copies(roller, other)
    assert roller._secret(other.seat, roller._rolls + 1) is None      # he cannot know them before choosing

    roller.roll()
    other.receive(roller.outgoing)
    roller.receive(other.outgoing)

    roller_2.double()
    other_2.receive(roller_2.outgoing)
    other_2.take()
    roller_2.receive(other_2.outgoing)                                  # the take carries the friend's secret
    assert roller_2.match.cube_value == 2
    assert roller.match.dice == roller_2.match.dice == other.match.dice
    assert other_2.match.dice is None             # the taker did not know the roll when he took


def test_the_move_a_player_sends_does_not_change_the_next_roll():
    """The sender cannot try moves until the friend's next roll suits him: every move gives the same next roll."""
    roller, other = deciding_pair()
    roller.roll()
    other.receive(roller.outgoing)
    roller.receive(other.outgoing)
    plays = sorted(roller.match.turn.plays, key=str)[:4]
    next_rolls = set()
    for play in plays:
        mine, theirs = copies(roller, other)
        mine.play(play)
        theirs.receive(mine.outgoing)
        theirs.roll()
        mine.receive(theirs.outgoing)
        next_rolls.add(mine.match.dice)
    assert len(plays) > 1 and len(next_rolls) == 1


def test_reloading_or_opening_a_link_again_gives_the_same_roll_every_time():
    roller, other = deciding_pair()
    roller.roll()
    text = roller.outgoing
    seen = set()
    for _ in range(3):
        (fresh,) = copies(other)                    # the friend reloads his page and opens the link again
        fresh.receive(text)
        seen.add(fresh.match.dice)
        with pytest.raises(FriendError):
            fresh.receive(text)
        seen.add(FriendMatch.from_dict(fresh.to_dict()).match.dice)
    assert len(seen) == 1 and None not in seen


def test_a_player_who_edits_his_secret_in_a_link_gets_no_other_roll():
    from dataclasses import replace

    from game.friend import decode_link
    from game.friend.link import b64encode
    roller, other = deciding_pair()
    roller.roll()
    link = decode_link(roller.outgoing)
    index, _ = link.reveal
    for attempt in range(5):
        forged = replace(link, reveal=(index, random.Random(attempt).randbytes(32)))
        with pytest.raises(FriendError) as caught:
            other.receive(forged)
        assert caught.value.reason is FriendReason.BAD_REVEAL
    data = roller.to_dict()
    data["seed"] = b64encode(bytes(32))
    with pytest.raises(FriendError):
        FriendMatch.from_dict(data)
    other.receive(link)
    assert other.match.dice is not None
