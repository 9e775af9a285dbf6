"""The board's places and the points they stand for: the one point ↔ slot mapping.

Each place drawn on the board carries a ``data-slot``: a point ``p1``–``p24``
numbered from the side of the player drawn at the bottom, a bar ``bar0`` /
``bar1`` or a bear-off tray ``off0`` / ``off1`` of each player. A player's own
numbering runs from his home board: 1–24, 25 his bar, 0 off. The numbers on a
point are its owner's for one player and ``25 - n`` for the other.

>>> place_of(1, 24, bottom=1), place_of(0, 24, bottom=1), place_of(0, 25), place_of(1, 0)
('p24', 'p1', 'bar0', 'off1')
>>> point_of("p1", 0, bottom=1), point_of("bar0", 0, bottom=1), point_of("bar1", 0, bottom=1)
(24, 25, None)
>>> all(point_of(place_of(p, n, b), p, b) == n for p in (0, 1) for b in (0, 1) for n in range(26))
True
>>> seen_from(0, 8, viewer=1), seen_from(1, 8, viewer=1)
(17, 8)
"""

import re

__all__ = ["PERSON", "seat_of", "by_seat", "BAR", "OFF", "place_of", "point_of", "seen_from", "board_number",
           "move_seen_from"]

#: the person's seat, drawn at the bottom: GNU Backgammon's player 1 ("X"); the computer, or
#: a lesson's opponent, sits in seat 0
PERSON = 1
#: a player's bar and tray in his own numbering
BAR, OFF = 25, 0


def seat_of(player, person):
    """The seat of ``player`` numbered by a source whose person is its player ``person`` (a
    lesson's learner is its player 0): the person sits in :data:`PERSON`, the other facing.

    >>> seat_of(0, person=0), seat_of(1, person=0), seat_of(None, person=0), seat_of(1, person=1)
    (1, 0, None, 1)
    """
    if player is None:
        return None
    return PERSON if player == person else 1 - PERSON


def by_seat(persons, others):
    """A pair by seat (player 0's first): the person's ``persons`` in :data:`PERSON`'s place.

    >>> by_seat("light", "dark")
    ('dark', 'light')
    """
    return (persons, others) if PERSON == 0 else (others, persons)


def seen_from(player, point, viewer):
    """``player``'s ``point`` (his numbering, 1–24) as ``viewer`` numbers it."""
    return point if player == viewer else 25 - point


def move_seen_from(move, player, viewer):
    """``player``'s ``move`` in notation, its points numbered as ``viewer`` numbers them (the
    bar and off stay): what the board shows a person of the computer's play.

    >>> from game.move import Move
    >>> move_seen_from(Move.from_str("24/13 8/5*"), 0, 1), move_seen_from(Move.from_str("bar/22 6/off"), 1, 1)
    ('1/12 17/20*', 'bar/22 6/off')
    >>> move_seen_from(Move.from_str("bar/22 13/7(2) 6/off"), 0, 1)
    'bar/3 12/18(2) 19/off'
    """
    if player == viewer:
        return str(move)
    # each point of the notation, in the mover's order; a count "(2)" is no point
    return re.sub(r"(?<![(\d])(\d{1,2})(?![\d)])", lambda m: str(25 - int(m.group(1))), str(move))


def board_number(slot):
    """The number of a ``p1``–``p24`` slot (the bottom player's numbering), else None.

    >>> board_number("p7"), board_number("bar0"), board_number("p25"), board_number("px")
    (7, None, None, None)
    """
    if isinstance(slot, str) and slot.startswith("p") and slot[1:].isdigit() \
            and 1 <= int(slot[1:]) <= 24:
        return int(slot[1:])
    return None


def place_of(player, point, bottom=1):
    """The ``data-slot`` of ``player``'s ``point`` (his own numbering: 25 his bar, 0 his tray)
    on a board with ``bottom`` drawn at the bottom."""
    if point == BAR:
        return f"bar{player}"
    if point == OFF:
        return f"off{player}"
    return f"p{seen_from(player, point, bottom)}"


def point_of(slot, player, bottom=1):
    """The point (``player``'s numbering: 25 his bar, 0 off) a ``data-slot`` stands for, or
    None (another player's bar or tray, not a place)."""
    number = board_number(slot)
    if number is not None:
        return seen_from(bottom, number, player)
    return {f"bar{player}": BAR, f"off{player}": OFF}.get(slot)
