"""The game as a graph: one player's chances after each checker play of a reviewed match, as SVG.

Each point is a checker play the review weighed (``data-decision``: the decision's index in
the analysis, ``data-frame``: the replay frame that shows it, ``data-value``: the chance,
0 to 1). The chance is of winning the game (money play: the cubeless chance after the play)
or the match (match play: the match winning chance after the play), for ``player``, the one
drawn at the bottom. Errors and blunders, checker plays and cube decisions alike, are marked
by shapes as well as colours (a triangle, a diamond), and so are the big rolls of luck (a
chevron up or down, for a roll worth :data:`BIG_LUCK` or more either way); each game starts
after a dashed line. A table beside it says the same in words (the accessible alternative).
The drawing is :mod:`game.app.view.chances_graph`'s, shared with the replay's graph.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> from game import replay
>>> from game.app.review.panel import ReviewSession
>>> from game.app.text.i18n import translator
>>> match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5]))
>>> match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("8/3 8/2")
(3, 1)
(6, 5)
>>> data = match.to_dict()
>>> session = ReviewSession(data, replay.frames(data["events"], length=3))
>>> while session.step():
...     pass
>>> [(p.frame, p.player, round(p.value, 2), p.mark) for p in points(session, 0)]
[(1, 0, 0.52, None), (2, 1, 0.57, 'blunder')]
>>> html = graph_html(session, 0, translator("en"), ("Ann", "Bob"), frame=2)
>>> html.count("data-decision="), 'id="review-graph"' in html, "aria-current" in html
(2, True, True)
"""

from html import escape

from game.app.view.chances_graph import BIG_LUCK, SHAPES, Point, svg_html, table_html, xy

__all__ = ["points", "graph_html", "BIG_LUCK", "Point"]


def _chance(entry, match_play):
    """The mover's chance after the play: of the match (match play) or of the game."""
    if match_play:
        return next(row["mwc"] for row in entry["top"] if row["move"] == entry["played"])
    return entry["win"]


def points(session, player):
    """The graph's :class:`Point` for each checker play weighed so far, in the match's order."""
    match_play = bool(session.result()["length"])
    found = []
    for entry in session.entries():
        if entry["kind"] != "move" or entry["played"] is None or not entry["top"]:
            continue
        value = _chance(entry, match_play)
        if entry["player"] != player:
            value = 1.0 - value
        dice = "".join(str(d) for d in sorted(entry["dice"], reverse=True))
        found.append(Point(entry["index"], session.frame_of(entry), entry["game"], entry["player"], value,
                           entry["mark"], entry["luck"] or 0.0, dice, entry["played"]))
    return found


def _cube_marks(session, pts):
    """Marks for the cube decisions marked error or blunder, at the play of their frame (or the
    next one): ``(x, y, mark, frame, words)``."""
    spots = [(p.frame, *xy(i, len(pts), p.value)) for i, p in enumerate(pts)]
    marks = []
    for entry in session.entries():
        if entry["kind"] not in ("cube", "response") or entry.get("mark") not in SHAPES:
            continue
        frame = session.frame_of(entry)
        later = [spot for spot in spots if spot[0] >= frame]
        if later:
            marks.append((*later[0][1:], entry["mark"], frame, entry["action"]))
    return marks


def graph_html(session, player, tr, names, frame=None, element_id="review-graph"):
    """The graph of ``player``'s chances (``names``: both players'), the point of replay ``frame``
    marked current, with its table; empty before the first checker play is weighed. ``element_id``:
    the SVG's (the replay draws a review's kept analysis as ``replay-graph``)."""
    pts = points(session, player)
    if not pts:
        return ""
    match_play = bool(session.result()["length"])
    title = tr("review.graph_match" if match_play else "review.graph_game", name=names[player])
    svg = svg_html(pts, player, tr, names, frame, title, _cube_marks(session, pts), element_id)
    return (f'<figure class="review-graph-figure"><figcaption>{escape(title)}</figcaption>'
            f'{svg}{table_html(pts, tr, names)}</figure>')
