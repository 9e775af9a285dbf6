"""game.dice: injectable dice sources, saved and restored mid-sequence."""

import collections

import pytest

from game import GameError, IllegalActionError, Reason
from game.dice import ManualDice, SeededDice, SystemDice, check_die, dice_from_dict


def test_a_seeded_source_gives_the_same_dice_for_the_same_seed_and_others_for_another():
    first, second = SeededDice(2024), SeededDice(2024)
    assert [first.roll() for _ in range(50)] == [second.roll() for _ in range(50)]
    a, b = SeededDice(2024), SeededDice(2025)
    assert [a.roll_one() for _ in range(20)] != [b.roll_one() for _ in range(20)]


def test_a_seeded_sequence_never_changes_between_versions():
    # Saved games and lessons replay these dice: the sequence is part of the format.
    dice = SeededDice(2024)
    assert [dice.roll() for _ in range(6)] == [(4, 2), (2, 2), (4, 1), (5, 1), (3, 2), (4, 1)]


def test_a_restored_seeded_source_continues_the_same_sequence():
    # Given a seeded source part-way through, with a single die thrown in between
    dice = SeededDice("match-17")
    [dice.roll() for _ in range(5)]
    dice.roll_one()
    # When it is saved and restored
    saved = dice.to_dict()
    restored = dice_from_dict(saved)
    # Then both go on with the same dice
    assert saved == {"kind": "seeded", "seed": "match-17", "drawn": 11}
    assert [restored.roll() for _ in range(40)] == [dice.roll() for _ in range(40)]
    assert restored.to_dict() == dice.to_dict()


def test_dice_are_whole_numbers_from_one_to_six():
    for bad in (0, 7, -1, 2.0, "3", True, None):
        with pytest.raises(IllegalActionError) as info:
            check_die(bad)
        assert info.value.reason is Reason.INVALID_DICE
    teacher = ManualDice()
    for bad in ((0, 3), (6,), (1, 2, 3), 5, "65"):
        with pytest.raises(GameError):
            teacher.push(bad)
    assert teacher.pending == ()


def test_a_teacher_sets_the_rolls_in_order():
    teacher = ManualDice()
    teacher.push((3, 1))
    teacher.push((6, 6))
    teacher.push_one(5)
    teacher.push_one(2)
    assert teacher.pending == (3, 1, 6, 6, 5, 2)
    assert (teacher.roll(), teacher.roll(), teacher.roll_one(), teacher.roll_one()) == ((3, 1), (6, 6), 5, 2)
    assert teacher.source_name == "manual"


def test_rolling_manual_dice_that_were_not_set_is_refused_without_losing_a_die():
    teacher = ManualDice()
    teacher.push_one(4)
    with pytest.raises(IllegalActionError) as info:
        teacher.roll()
    assert info.value.reason is Reason.DICE_NOT_SET
    assert "not been set" in str(info.value)
    assert teacher.pending == (4,)
    assert teacher.roll_one() == 4
    with pytest.raises(IllegalActionError):
        teacher.roll_one()


def test_manual_dice_fall_back_to_another_source_when_none_is_set():
    teacher = ManualDice(fallback=SeededDice(9))
    teacher.push_one(6)
    reference = SeededDice(9)
    assert teacher.roll() == (6, reference.roll_one())
    assert teacher.roll() == reference.roll()


def test_manual_dice_are_saved_with_their_queue_and_fallback():
    teacher = ManualDice(fallback=SeededDice("x"))
    teacher.push((2, 1))
    teacher.fallback.roll()
    restored = dice_from_dict(teacher.to_dict())
    assert restored.pending == (2, 1)
    assert restored.fallback.to_dict() == {"kind": "seeded", "seed": "x", "drawn": 2}
    assert [restored.roll() for _ in range(4)] == [teacher.roll() for _ in range(4)]


def test_system_dice_are_the_default_kind_and_restore_as_system_dice():
    dice = SystemDice()
    assert dice.source_name == "system"
    assert all(1 <= die <= 6 for _ in range(1000) for die in dice.roll())
    assert isinstance(dice_from_dict(dice.to_dict()), SystemDice)


@pytest.mark.parametrize("data", [
    None, [], {}, {"kind": "loaded"}, {"kind": "seeded"}, {"kind": "seeded", "seed": 1.5},
    {"kind": "seeded", "seed": 1, "drawn": -1}, {"kind": "seeded", "seed": 1, "drawn": 10**9},
    {"kind": "manual", "queue": [7]}, {"kind": "manual", "queue": "66"},
    {"kind": "manual", "queue": [], "fallback": {"kind": "nope"}},
])
def test_bad_saved_dice_are_refused_with_a_game_error(data):
    with pytest.raises(GameError):
        dice_from_dict(data)


def chi_square(counts, cells, total):
    expected = total / cells
    return sum((counts.get(cell, 0) - expected) ** 2 / expected for cell in range(cells))


@pytest.mark.slow
def test_system_dice_are_fair():
    # Given 1,000,000 rolls (2,000,000 dice) from the system source
    dice = SystemDice()
    rolls = [dice.roll() for _ in range(1_000_000)]
    # Then each face comes up evenly (5 degrees of freedom, 0.9999 critical value 25.74)
    faces = collections.Counter(die - 1 for roll in rolls for die in roll)
    assert set(faces) == set(range(6))
    assert chi_square(faces, 6, 2_000_000) < 25.74
    # And the 36 ordered rolls too (35 degrees of freedom, 0.9999 critical value 74.93)
    pairs = collections.Counter((d1 - 1) * 6 + d2 - 1 for d1, d2 in rolls)
    assert chi_square(pairs, 36, 1_000_000) < 74.93
