"""The replay's graph: one player's chance of winning the game after each checker play.

A plain replay has no analysis, so each point is the bot's net alone on the board after the
play (cubeless, before the next roll: one evaluation per move, a fraction of a millisecond
each), with no verdict marks: the review (:mod:`game.app.review.graph`) draws the same graph
with its marks and, in match play, the match winning chances. The drawing is
:mod:`game.app.view.chances_graph`'s.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> from game import replay
>>> from game.app.text.i18n import translator
>>> match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5]))
>>> match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("24/13")
(3, 1)
(6, 5)
>>> frames = replay.frames(match.to_dict()["events"], length=3)
>>> [(p.frame, p.player, p.mark) for p in points(frames, chances(frames), 0)]
[(1, 0, None), (2, 1, None)]
>>> html = graph_html(frames, chances(frames), 0, translator("en"), ("Ann", "Bob"), frame=1)
>>> html.count("data-frame="), "data-decision" in html, 'id="replay-graph"' in html
(4, False, True)
"""

from html import escape

from game.app.view.chances_graph import Point, svg_html, table_html

__all__ = ["chances", "points", "graph_html"]


def chances(frames):
    """``{frame index: the mover's chance of winning the game after his play}``, for every
    checker play of ``frames`` (the net loaded on first use)."""
    from game.bot.evaluator import evaluate

    found = {}
    for index, frame in enumerate(frames):
        if frame.kind != "move" or frame.player is None:
            continue
        position = frame.position
        win = evaluate(position.mine, position.theirs)[0]      # for the player on roll
        found[index] = win if frame.on_roll == frame.player else 1.0 - win
    return found


def points(frames, chances, player):
    """The graph's points for ``player`` (0 or 1), one per checker play, in order."""
    found = []
    for index, chance in sorted(chances.items()):
        frame = frames[index]
        value = chance if frame.player == player else 1.0 - chance
        dice = "".join(str(d) for d in sorted(frame.dice or (), reverse=True))
        play = str(frame.event.get("move", "")) if isinstance(frame.event, dict) else ""
        found.append(Point(None, index, frame.game, frame.player, value, None, 0.0, dice, play))
    return found


def graph_html(frames, chances, player, tr, names, frame=None):
    """The figure: ``player``'s chances (``names``: both players'), the point of ``frame``
    marked current, and its table; empty without a checker play."""
    pts = points(frames, chances, player)
    if not pts:
        return ""
    title = tr("review.graph_game", name=names[player])
    return (f'<figure class="review-graph-figure replay-graph-figure"><figcaption>{escape(title)}</figcaption>'
            f'{svg_html(pts, player, tr, names, frame, title, element_id="replay-graph")}'
            f'{table_html(pts, tr, names, marks=False)}</figure>')
