"""What a shared position opens: a link's position or pasted IDs, put on the board as a new match.

A position comes as a Position ID with a Match ID, an XGID, or a link holding one
(:mod:`game.app.keep.share` decodes them all); a friend's link or live code pasted in the
same box goes to the match by links instead (:mod:`game.app.friend.play`).

>>> from game.app.controller import Controller
>>> app = Controller()
>>> open_ids(app, "4HPwATDgc/ABMA:cAkAAAAAAAAA")
True
>>> app.match.position_id()
'4HPwATDgc/ABMA'
>>> open_ids(app, "not an ID")                        # refused: the message says why
False
>>> app.match.position_id()                           # and nothing changed
'4HPwATDgc/ABMA'
"""

from game.app.keep.share import ShareError, decode, read_ids
from game.app.keep.urlparams import DEFAULT_LEVEL
from game.app.play.mode import resignation_message
from game.app.setup import Setup
from game.dice import SeededDice, SystemDice
from game.match import Phase


def open_position(app, shared, mode, level=DEFAULT_LEVEL, seed=None, link=False,
                  opened=("msg.position_opened", {}), tutor=None):
    """Open a :class:`game.app.keep.share.SharedPosition` as a new match in ``app`` (raises
    ShareError); ``opened`` says where it came from (IDs or a link by default; the editor says
    its own); ``tutor``: the tutor a link asks for (None: the person's setting)."""
    dice = SeededDice(seed) if seed else SystemDice()
    match = shared.match(dice, now=app.now)
    cfg = match.config
    setup = Setup(mode=mode, length=cfg.length, level=level, jacoby=cfg.jacoby,
                  beavers=cfg.beavers, seed=seed, tutor=tutor)
    message = opened
    if shared.next_game:
        score = match.score
        message = ("msg.link_next_game", {"name0": {"player": 1}, "score0": score[1],
                                           "name1": {"player": 0}, "score1": score[0]})
    elif match.phase is Phase.RESIGNATION_OFFERED:
        message = resignation_message(match)
    app._open(setup, match, message, link)


def open_ids(app, text):
    """Open the position of pasted IDs (Position ID + Match ID, XGID, or a link) in ``app``.

    True when it opened; otherwise the message says why and nothing changed.
    """
    if "#friend=" in (text or "") or "live=" in (text or ""):
        return app.friends.open(text)         # a friend's link (or a live code) pasted here: the same
    try:
        open_position(app, decode(read_ids(text)), "hotseat")
    except ShareError as error:
        app.message = (error.key, {})
        return False
    return True
