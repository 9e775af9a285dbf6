"""The contact net's hand-made inputs: shots, escapes, primes, the bar."""

import random

from game import Position
from game.bot import features
from game.bot.features import codes, escapes, shots


def side(points, bar=0):
    """25 counts in the owner's numbering from ``{point: count}`` (points 1-24)."""
    counts = [0] * 25
    for point, n in points.items():
        counts[point - 1] = n
    counts[24] = bar
    return tuple(counts)


def test_a_direct_shot_is_any_roll_with_that_number_and_its_combinations():
    # Given my blot 3 pips in front of one opposing checker, nothing in between
    me = side({6: 1})
    them = side({22: 1})           # their 22-point is my 3-point: 3 pips behind my blot
    # Then any 3 (11 rolls), 2-1 (2 rolls) and 1-1 (1 roll) hit: 14
    assert shots(them, me) == 14


def test_a_blocked_landing_point_stops_a_combination_shot():
    # Given my blot on my 12-point, 8 pips in front of an opposing checker on my 4-point
    me = side({12: 1, 6: 2, 7: 2, 9: 2, 10: 2})
    them = side({21: 1})           # their 21-point is my 4-point
    # 6-2 lands on my 10- or 6-point first, 5-3 on my 9- or 7-point, 2-2 on my 6-point: all blocked;
    # only 4-4 (through my open 8-point) hits
    assert shots(them, me) == 1


def test_a_checker_on_the_bar_must_hit_from_the_bar():
    # Given my blot on my 5-point and an opposing checker on the bar, another on their 24-point
    me = side({5: 1})
    them = side({24: 1}, bar=1)
    # Only the checker on the bar counts: entering on my 5-point takes a 5, or 4-1, 3-2 (their 20-point is 5 pips in)
    assert shots(them, me) == 11 + 2 + 2


def test_no_blots_no_shots():
    start = Position.start()
    assert shots(start.theirs, start.mine) == 0


def under_attack(seed, count, blots):
    """``count`` (position, attacker) pairs from random play: the player on roll has ``blots`` blots or
    more, and his opponent (the attacker, on roll in ``attacker``) has nothing on the bar."""
    rng = random.Random(seed)
    found = 0
    position = Position.start()
    while found < count:
        if position.winner() is not None:
            position = Position.start()
        attacker = position.swapped()
        if not attacker.mine[24] and sum(n == 1 for n in position.mine[:24]) >= blots:
            yield position, attacker
            found += 1
        results = position.legal_moves((rng.randint(1, 6), rng.randint(1, 6))).results()
        position = rng.choice(results) if results else position.swapped()


def test_shots_agree_with_the_engines_legal_plays():
    # the count is exact when the attacker has nothing on the bar, except for the
    # rare roll whose hit the rules forbid (both dice must be played)
    exact = 0
    for position, attacker in under_attack(4, 60, 1):
        hit = 0
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                results = attacker.legal_moves((d1, d2)).results()
                if any(r.mine[24] > position.mine[24] for r in results):
                    hit += 1
        got = shots(attacker.mine, position.mine)
        assert got >= hit
        exact += got == hit
    assert exact >= 57


def test_escapes_behind_a_prime():
    block = 0b111111 << 12              # six points in a row, indices 12-17
    assert escapes(block, 18) == 0      # right behind it: trapped
    assert escapes(0b111111 << 18, 24) == 0   # a closed board in front of the bar
    assert escapes(0, 18) == 36         # nothing in front
    # one point 6 pips ahead: 7 pips or more without landing on it (nine non-doubles, 4-4, 5-5)
    assert escapes(1 << 12, 18) == 9 * 2 + 2


def test_codes_of_a_closed_board_with_two_on_the_bar():
    # Given the opponent's home board closed and two of my checkers on the bar
    me = side({6: 5, 8: 3, 13: 5}, bar=2)
    them = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    c = codes(me, them)
    # Then I dance for sure and cannot escape; his prime is 6 long
    assert c[features.PER_SIDE - 2:features.PER_SIDE] == (6, 6)
    assert features.values(me, them)[4:6] == [1.0, 1.0]
    assert c[1] == 0 and c[features.PER_SIDE + 3] == 6


def test_codes_are_in_range():
    rng = random.Random(2)
    position = Position.start()
    for _ in range(400):
        if position.winner() is not None:
            position = Position.start()
        for k, code in enumerate(codes(position.mine, position.theirs)):
            assert 0 <= code < features.size(k)
        results = position.legal_moves((rng.randint(1, 6), rng.randint(1, 6))).results()
        position = rng.choice(results) if results else position.swapped()


def test_pip_loss_counts_the_most_costly_blot_each_roll_hits():
    # Given my blots on my 3-point (22 pips lost when hit) and my 9-point (16 lost), my 6- and 8-points made,
    # and one opposing checker on my 1-point (their 24-point)
    me = side({3: 1, 9: 1, 6: 4, 8: 2})
    them = side({24: 1})
    hit, loss, double = features.hits(them, me)
    # Then the 3-point blot is hit by any 2 and 1-1 (12 rolls); the 9-point blot, 8 pips away, by 6-2, 5-3
    # (through my open 4-point), 4-4 and 2-2 (6 rolls, 3 of them not already counted)
    assert hit == 12 + 3
    assert loss == 22 * 12 + 16 * 3
    # 6-2 and 2-2 can hit either
    assert double == 3


def test_back_anchor_is_the_rearmost_point_held_in_the_far_half():
    assert codes(side({24: 2, 13: 5, 8: 3, 6: 5}), side({6: 15}))[12 + 2] == 12
    assert codes(side({20: 2, 18: 3, 6: 10}), side({6: 15}))[12 + 2] == 8
    assert codes(side({20: 1, 6: 14}), side({6: 15}))[12 + 2] == 0
    # the opponent's anchor is the last input
    assert codes(side({6: 15}), side({21: 2, 6: 13}))[17] == 9


def test_break_contact_mobility_and_second_escape():
    # Given my two back checkers on my 24-point and the opponent's 15 checkers on his 6-point (my 19-point)
    me = side({24: 2, 13: 5, 8: 3, 6: 5})
    them = side({6: 15})
    # Then only my back checkers are in contact: 5 pips each to pass his rearmost checker
    # Each escapes over his 6-point, 5 pips ahead, with 26 rolls: every 6 (11), 5-1 to 5-4 (8),
    # 4-2 and 4-3 (4), 4-4, 3-3, 2-2 (3); code (2 x 26 + 3) // 6. No second point is in contact.
    assert codes(me, them)[18:21] == (10, 9, 36)
    # With his checker on the bar, every one of mine is in contact until it is borne off: my pip count
    assert codes(me, side({6: 14}, bar=1))[18] == 2 * 24 + 5 * 13 + 3 * 8 + 5 * 6
    # With his midpoint held (my 12-point), my 13-point is in contact too: the second escape is that
    # point's, where only 1-1 is stopped
    assert codes(me, side({13: 2, 6: 13}))[20] == 35
    # Once nothing of mine is behind his rearmost checker, all three are at rest
    assert codes(side({6: 15}), them)[18:21] == (0, 0, 36)
    # The opponent's three come last, from his side
    assert codes(them, me)[21:24] == (10, 9, 36)


def test_a_net_of_226_inputs_asks_for_the_first_two_groups_only():
    start = Position.start()
    assert len(codes(start.mine, start.theirs, 18)) == 18
    assert codes(start.mine, start.theirs)[:18] == codes(start.mine, start.theirs, 18)


def test_pip_loss_and_double_shots_against_the_engines_legal_plays():
    # for each of the 36 rolls: the most costly blot any legal play hits, and whether a play hits two.
    # The pip loss is exact but for the rare roll whose hit the rules forbid; the double shots count the
    # rolls among two blots' hitting rolls, never fewer than the plays that hit two (a 6-2 that hits one
    # blot with its 6 and could hit another with that same 6 only is counted too)
    exact_loss = 0
    for position, attacker in under_attack(5, 60, 2):
        loss = double = 0
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                worst, two = 0, False
                for r in attacker.legal_moves((d1, d2)).results():
                    # r.mine is my side after his play (I am on roll again): my blots that are gone were hit
                    gone = [i for i in range(24) if position.mine[i] == 1 and r.mine[i] == 0]
                    if gone:
                        worst = max(worst, max(24 - i for i in gone))
                        two = two or len(gone) >= 2
                loss += worst
                double += two
        _, got_loss, got_double = features.hits(attacker.mine, position.mine)
        exact_loss += got_loss == loss
        assert got_double >= double
    assert exact_loss >= 57
