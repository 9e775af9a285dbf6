"""Game clocks as pure logic: a per-move allowance plus a reserve for each player.

As in online play (rule text 001): each move has its own allowance (there
15 to 45 seconds) and each player a reserve (there 1 to 3 minutes).  Time
beyond the allowance comes off the reserve; an allowance not used is lost,
not carried over.  A player whose reserve runs out during their turn has
*flagged*: they lose the game for the points on the cube.  The clock only
reports who flagged; the match applies the result.

Time comes from an injected function (``time.monotonic`` by default), so
tests, replays and the browser all drive it the same way.  Players are
``0`` and ``1``; times are seconds.

>>> now = [0.0]
>>> clock = Clock(per_move=15, reserve=60, now=lambda: now[0])
>>> clock.start(0)
>>> now[0] = 20.0                  # 5 s beyond the allowance
>>> clock.remaining(0)
(0.0, 55.0)
>>> clock.stop()                   # the time the turn took
20.0
>>> clock.remaining(0)             # a fresh allowance next move; the reserve stays spent
(15.0, 55.0)
>>> clock.start(1)
>>> now[0] += 75.5                 # 15 s allowance + 60 s reserve, and a little more
>>> clock.flagged()
1
"""

import time

from .errors import GameError, IllegalActionError
from .reasons import Reason

__all__ = ["Clock"]

PLAYERS = (0, 1)


def _seconds(name, value, positive):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value \
            or value in (float("inf"), float("-inf")) or value < 0 or (positive and value == 0):
        need = "a number of seconds > 0" if positive else "a number of seconds ≥ 0"
        raise GameError(f"clock {name}={value!r}: {need} is expected")
    try:
        seconds = float(value)
    except OverflowError:
        seconds = float("inf")
    if seconds == float("inf"):
        raise GameError(f"clock {name}: a number of seconds too large to be a time")
    return seconds


def _player(player):
    if isinstance(player, bool) or not isinstance(player, int) or player not in PLAYERS:
        raise GameError(f"clock player {player!r}: 0 or 1 is expected")
    return player


class Clock:
    """Both players' clocks: ``per_move`` seconds for each move, then ``reserve`` seconds in all.

    ``now`` returns the current time in seconds (any origin); it must not go
    backwards.
    """

    def __init__(self, per_move, reserve, now=time.monotonic):
        self.per_move = _seconds("per_move", per_move, positive=True)
        self.reserve = _seconds("reserve", reserve, positive=False)
        self._now = now
        self._reserves = [self.reserve, self.reserve]
        self._player = None      # whose turn is running
        self._elapsed = 0.0      # time of the running turn before _since
        self._since = None       # start of the part of the turn now counting (None: paused)
        self._paused = False
        self._flagged = None

    # --- state ------------------------------------------------------------------
    @property
    def running(self):
        """The player whose turn is being timed, or None."""
        return self._player

    @property
    def paused(self):
        """True while time is not counted (a dialog is open, the page is hidden, ...)."""
        return self._paused

    def elapsed(self):
        """Seconds the running turn has taken so far (0.0 when no turn runs)."""
        if self._player is None:
            return 0.0
        if self._since is None:
            return self._elapsed
        return self._elapsed + max(0.0, self._now() - self._since)

    def remaining(self, player):
        """``(per_move_left, reserve_left)`` for ``player`` now.

        For the player not on turn it is what their next move starts with.
        """
        player = _player(player)
        reserve = self._reserves[player]
        if player != self._player:
            return (self.per_move, reserve)
        used = self.elapsed()
        return (max(0.0, self.per_move - used), max(0.0, reserve - max(0.0, used - self.per_move)))

    def until_flag(self):
        """Seconds before the running player flags (for scheduling a check), or None."""
        if self._player is None:
            return None
        return max(0.0, self.per_move + self._reserves[self._player] - self.elapsed())

    def flagged(self):
        """The player who ran out of time, or None.

        A player flags when their turn has lasted longer than the per-move
        allowance plus what was left of their reserve.
        """
        if self._flagged is not None:
            return self._flagged
        if self._player is not None and \
                self.elapsed() > self.per_move + self._reserves[self._player]:
            return self._player
        return None

    def __repr__(self):
        return (f"<Clock {self.per_move:g}s/move + {self.reserve:g}s: reserves "
                f"{self._reserves[0]:g}/{self._reserves[1]:g}, running={self._player}"
                f"{', paused' if self._paused else ''}>")

    # --- actions ---------------------------------------------------------------------
    def start(self, player):
        """Start timing ``player``'s turn with a fresh per-move allowance.

        A turn still running is stopped first, as when a player presses a
        chess clock.  Refused with ``TIME_OUT`` once someone has flagged.
        """
        player = _player(player)
        if self._player is not None:
            self.stop()
        if self._flagged is not None:
            raise IllegalActionError(f"clock: player {self._flagged} has run out of time",
                                     Reason.TIME_OUT, {"player": self._flagged})
        self._player = player
        self._elapsed = 0.0
        self._since = None if self._paused else self._now()

    def stop(self):
        """End the running turn; returns the seconds it took.

        Time beyond the per-move allowance comes off the player's reserve;
        unused allowance is lost.  A reserve that went below zero records
        the player as flagged.
        """
        if self._player is None:
            raise IllegalActionError("clock: no turn is being timed")
        player = self._player
        used = self.elapsed()
        left = self._reserves[player] - max(0.0, used - self.per_move)
        if left < 0:
            self._flagged = player
            left = 0.0
        self._reserves[player] = left
        self._player = None
        self._elapsed = 0.0
        self._since = None
        return used

    def pause(self):
        """Stop counting time until :meth:`resume` (a turn started meanwhile waits too)."""
        if self._paused:
            return
        if self._since is not None:
            self._elapsed += max(0.0, self._now() - self._since)
            self._since = None
        self._paused = True

    def resume(self):
        """Count time again after :meth:`pause`."""
        if not self._paused:
            return
        self._paused = False
        if self._player is not None:
            self._since = self._now()

    # --- saving ------------------------------------------------------------------------
    def to_dict(self):
        """Plain data for saving; the running turn keeps the time it has taken so far.

        >>> Clock(30, 120, now=lambda: 0.0).to_dict()["reserves"]
        [120.0, 120.0]
        """
        return {"per_move": self.per_move, "reserve": self.reserve,
                "reserves": list(self._reserves), "player": self._player,
                "elapsed": self.elapsed(), "paused": self._paused, "flagged": self._flagged}

    @classmethod
    def from_dict(cls, data, now=time.monotonic):
        """Rebuild a clock saved with :meth:`to_dict`, reading time from ``now``.

        A turn that was running goes on from the time it had taken when it
        was saved: the time the game spent saved is not counted.  Bad data
        raises :class:`game.errors.GameError`.
        """
        if not isinstance(data, dict):
            raise GameError(f"clock {data!r}: a dict is expected")
        try:
            clock = cls(data["per_move"], data["reserve"], now)
            reserves = data["reserves"]
            if not isinstance(reserves, list) or len(reserves) != 2:
                raise GameError(f"clock {data!r}: reserves must be a list of two numbers")
            clock._reserves = [_seconds("reserves", r, positive=False) for r in reserves]
            player = data.get("player")
            flagged = data.get("flagged")
            clock._flagged = None if flagged is None else _player(flagged)
            paused = data.get("paused", False)
            if not isinstance(paused, bool):
                raise GameError(f"clock {data!r}: paused must be true or false")
            clock._paused = paused
            if player is not None:
                clock._player = _player(player)
                clock._elapsed = _seconds("elapsed", data.get("elapsed", 0.0), positive=False)
                clock._since = None if paused else now()
        except KeyError as missing:
            raise GameError(f"clock {data!r}: {missing} is missing") from None
        return clock
