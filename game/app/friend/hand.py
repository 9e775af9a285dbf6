"""The person's actions in a match by links, carried out through the copy of the match.

:class:`FriendHand` has the :class:`game.match.Match` actions the game calls
(``roll``, ``double``, ``done``, ...): the game (:mod:`game.app.play.mode`) calls
them on the app's ``hand()``, the match itself in every other mode.  Here
each goes through :class:`game.friend.FriendMatch`, which plays it on the same
``Match`` object and makes the link for the friend; a refusal of the
exchange (it is the friend's turn, the match is over) becomes the status
line, ``error.friend_<reason>``, and changes nothing.

>>> from game.friend import FriendMatch
>>> from game.match import MatchConfig
>>> class App:
...     message = None
>>> app = App()
>>> app.friend = FriendMatch.create(MatchConfig(length=3), seed=b"a" * 32)
>>> FriendHand(app).roll() is None, app.message
(True, ('error.friend_waiting', {}))
"""

from game.friend import FriendError, message_key

__all__ = ["FriendHand"]


class FriendHand:
    """The match's actions for the game, played through ``app.friend`` (a :class:`game.friend.FriendMatch`)."""

    def __init__(self, app):
        self.app = app
        self.then_roll = False       # the person's word: at his next turn he rolls without doubling

    def _do(self, act):
        """Run ``act``; False (the status line says why) when the exchange refuses it."""
        try:
            act()
        except FriendError as error:
            self.app.message = (message_key(error), dict(error.details))
            return False
        return True

    def roll(self):
        """Roll rather than double: the link carries the choice; the dice come with the friend's answer."""
        self._do(self.app.friend.roll)

    def double(self):
        self._do(self.app.friend.double)

    def take(self):
        self._do(self.app.friend.take)

    def drop(self):
        self._do(self.app.friend.drop)

    def beaver(self):
        self._do(self.app.friend.beaver)

    def resign(self, kind):
        self._do(lambda: self.app.friend.resign(kind))

    def accept_resignation(self):
        self._do(self.app.friend.accept_resignation)

    def reject_resignation(self):
        self._do(self.app.friend.reject_resignation)

    def new_game(self):
        """The copy starts each game by itself: nothing to do."""
        return None

    def done(self):
        """End the turn: the whole move (the steps made on the board) goes to the friend; returns it."""
        friend = self.app.friend
        turn = friend.match.turn
        move = None if turn.no_move else turn.move
        if move is not None and not turn.is_complete:
            return friend.match.done()          # the engine says why the move is not complete
        if self._do(lambda: friend.play("" if move is None else str(move), then_roll=self.then_roll)):
            return move
        return None
