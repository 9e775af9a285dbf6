"""Why a friend's link (or a move made while waiting for one) is refused.

Every refusal is a :class:`FriendError`, a :class:`game.errors.GameError`
(so a ``ValueError``), with a :class:`FriendReason` the app turns into a
sentence: the message key is ``error.friend_`` and the reason's value
(:func:`message_key`).  A refusal never changes the copy of the match.

>>> error = FriendError("link 4 of match Ab: older than link 6", FriendReason.OLDER_TURN, {"turn": 4})
>>> isinstance(error, ValueError), message_key(error), error.details
(True, 'error.friend_older_turn', {'turn': 4})
"""

from enum import Enum

from game.errors import GameError

__all__ = ["FriendReason", "FriendError", "message_key"]


class FriendReason(str, Enum):
    """Why a link is refused (the value is a stable code; ``error.friend_<value>`` its text)."""

    MALFORMED = "malformed"                  # not a link of this app, or damaged (cut short, mistyped)
    VERSION = "version"                      # made by another version of the link format
    OTHER_MATCH = "other_match"              # belongs to another match than this copy
    UNKNOWN_MATCH = "unknown_match"          # a later link of a match this device does not hold
    OWN_LINK = "own_link"                    # the link this device sent, opened on this device
    ALREADY_OPENED = "already_opened"        # this very link was opened here already (nothing new)
    ALREADY_ANSWERED = "already_answered"    # the friend's link this device has answered already
    OLDER_TURN = "older_turn"                # a link older than the last one here
    OUT_OF_ORDER = "out_of_order"            # a link that does not follow the last one this device sent
    CHANGED_HISTORY = "changed_history"      # the history it builds on is not this device's history
    FORGED_ACTION = "forged_action"          # a move or a cube action the rules refuse
    WRONG_PLAYER = "wrong_player"            # an action in the name of the player who did not send it
    BAD_REVEAL = "bad_reveal"                # a die secret that does not match its commitment
    MISSING_REVEAL = "missing_reveal"        # a secret owed for a roll is missing, or revealed too early
    INCOMPLETE_TURN = "incomplete_turn"      # the link stops before the sender's part is done
    CHAIN_SPENT = "chain_spent"              # the match has used every roll committed at its start
    CLOCK = "clock"                          # clocks are off in matches by link
    WAITING = "waiting"                      # this device waits for the friend's link
    MATCH_OVER = "match_over"                # the match is over: nothing more to send or receive


class FriendError(GameError):
    """A refused link or action; ``reason`` is a :class:`FriendReason`, ``details`` the facts a sentence needs."""

    def __init__(self, message, reason, details=None):
        super().__init__(message)
        self.reason = reason
        self.details = dict(details or {})


def message_key(error):
    """The catalogue key of ``error``'s sentence (``error.friend_malformed`` for anything else).

    >>> message_key(ValueError("?"))
    'error.friend_malformed'
    """
    reason = getattr(error, "reason", None)
    return f"error.friend_{reason.value}" if isinstance(reason, FriendReason) else "error.friend_malformed"
