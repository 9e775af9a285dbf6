"""A rollout on the page: one decision's candidates, its settings, the games played so far.

A :class:`RolloutSession` is built from a decision as the hint or the review
knows it (:func:`for_plays`, :func:`for_cube`: Position ID and Match ID of the
decision, the roll and the plays), holds the person's settings, and plays the
games one at a time in :meth:`RolloutSession.steps` (a generator the page
drives in slices; it ends within a ply once :meth:`stop` is called).  After
each game the result (:func:`game.bot.rollout.combine`) is there to be shown.

>>> from game import Position
>>> start = Position.start()
>>> session = for_plays(start.position_id(), "cAm3AAAAAAAE", (3, 1), ["8/5 6/5", "24/21 6/5"], "hint", player=1)
>>> session.settings
{'games': 144, 'truncated': True, 'cubeful': False}
>>> session.set("games", "0"), session.set("truncated", "false"), session.set("games", "17")
(True, True, False)
>>> session.set("games", "144") and session.set("truncated", "true")
True
>>> steps = session.steps()
>>> while session.games < 2:
...     _ = next(steps)
>>> session.stop()
>>> list(steps), session.running, session.games
([], False, 2)
>>> [row["id"] for row in session.result["candidates"]]
['8/5 6/5', '24/21 6/5']
"""

import zlib

from game.bot.rollout import combine, merge, piece_steps, request
from game.ids.match_id import decode_match_id

__all__ = ["RolloutSession", "for_plays", "for_cube", "GAMES", "TRUNCATE_PLIES", "PLAYS_ROLLED_OUT",
           "DEFAULTS"]

#: the numbers of games offered (0: until stopped)
GAMES = (144, 1296, 0)
#: the plies after which a truncated rollout's games are valued by the net
TRUNCATE_PLIES = 10
#: how many of the hint's (or the review's) best plays are rolled out
PLAYS_ROLLED_OUT = 3
DEFAULTS = {"games": 144, "truncated": True, "cubeful": False}
_FLAGS = {"true": True, "false": False}


def _cube_of(match_id, player):
    """The cube and the score of the Match ID, seen from ``player`` (the decision's)."""
    info = decode_match_id(match_id)
    owner = None if info.cube_owner is None else ("me" if info.cube_owner == player else "opponent")
    score = info.score if player == 0 else info.score[::-1]
    return {"cube": info.cube_value, "owner": owner, "match_length": info.match_length, "score": score,
            "crawford": info.crawford, "jacoby": info.jacoby and not info.match_length}


class RolloutSession:
    """One decision's rollout: ``kind`` ``"plays"`` or ``"cube"``, ``source`` ``"hint"`` or
    ``"review"``, ``key`` the decision (what the result is kept under)."""

    def __init__(self, kind, key, source, build, settings=None, kept=None):
        self.kind = kind
        self.key = key
        self.source = source
        self._build = build                 # settings -> request
        self.settings = dict(DEFAULTS, **(settings or {}))
        if kind == "cube":
            self.settings["cubeful"] = True  # a cube decision is rolled out with the cube
        self.running = False
        self.partial = None
        self.result = kept                  # a result kept from an earlier rollout, shown at once
        self.request = None

    @property
    def games(self):
        return 0 if self.result is None else self.result["games"]

    @property
    def target(self):
        return self.settings["games"]

    def set(self, name, value):
        """Change a setting (not while running); True when ``value`` is one it takes."""
        if self.running:
            return False
        if name == "games":
            try:
                games = int(value)
            except (TypeError, ValueError):
                return False
            if games not in GAMES:
                return False
            self.settings["games"] = games
            return True
        if name in ("truncated", "cubeful") and str(value) in _FLAGS:
            if name == "cubeful" and self.kind == "cube":
                return False
            self.settings[name] = _FLAGS[str(value)]
            return True
        return False

    def begin(self):
        """Start afresh with the settings: the request made, no game yet, running."""
        self.request = self._build(self.settings)
        self.partial = None
        self.result = None
        self.running = True

    def add(self, part):
        """Count the partial sums ``part`` of some games (:func:`game.bot.rollout.rollout_piece`,
        from this page or a worker, in any order: the sums are exact)."""
        self.partial = part if self.partial is None else merge(self.partial, part)
        self.result = combine([self.partial])

    def pieces(self, first_game, size, count):
        """The next ``count`` pieces of ``size`` games from ``first_game`` as ``(first, games)``,
        within the number of games asked for (``[]`` when it is reached).

        >>> s = for_plays("4HPwATDgc/ABMA", "cAkAAAAAAAAA", (3, 1), ["8/5 6/5"], "hint")
        >>> s.pieces(0, 50, 3), s.pieces(100, 50, 3)
        ([(0, 50), (50, 50), (100, 44)], [(100, 44)])
        """
        end = self.target or first_game + size * count
        return [(g, min(size, end - g)) for g in range(first_game, min(end, first_game + size * count), size)]

    def steps(self):
        """Play the games afresh with the settings (a generator: yields between plies); it ends
        when the number of games is reached or :meth:`stop` was called."""
        self.begin()
        game = 0
        try:
            while self.running and (not self.target or game < self.target):
                piece = piece_steps(self.request, game, 1)
                while True:
                    try:
                        next(piece)
                    except StopIteration as done:
                        found = done.value
                        break
                    if not self.running:
                        return
                    yield
                self.add(found)
                game += 1
                yield
        finally:
            self.running = False

    def stop(self):
        """Stop after the ply being played (the games done so far are the result)."""
        self.running = False

    def kept(self):
        """What is kept of it (JSON-able), or None before a game was played."""
        if self.result is None:
            return None
        return {"kind": self.kind, "settings": dict(self.settings), "result": self.result}


def _seed(key):
    return zlib.crc32(key.encode("utf-8"))


def for_plays(position_id, match_id, dice, plays, source, player=0, settings=None, kept=None):
    """The rollout of ``plays`` (their notation) for the roll ``dice`` in ``position_id``
    (the mover on roll) at the score and cube of ``match_id``."""
    dice = tuple(sorted((int(dice[0]), int(dice[1])), reverse=True))
    plays = list(plays)[:PLAYS_ROLLED_OUT]
    key = f"{position_id}:{match_id}:{dice[0]}{dice[1]}"
    cube = _cube_of(match_id, player)

    def build(s):
        return request(position_id, dice, plays, cubeful=s["cubeful"],
                       truncate=TRUNCATE_PLIES if s["truncated"] else 0, seed=_seed(key), **cube)
    return RolloutSession("plays", key, source, build, settings, kept)


def for_cube(position_id, match_id, source, player=0, settings=None, kept=None):
    """The rollout of the cube decision of the player on roll in ``position_id``."""
    key = f"{position_id}:{match_id}:cube"
    cube = _cube_of(match_id, player)
    if cube["owner"] == "opponent":
        return None

    def build(s):
        return request(position_id, cubeful=True, truncate=TRUNCATE_PLIES if s["truncated"] else 0,
                       seed=_seed(key), **cube)
    return RolloutSession("cube", key, source, build, settings, kept)
