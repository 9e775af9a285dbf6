"""The game as a graph: one player's chances after each checker play of a reviewed match, as SVG.

Each point is a checker play the review weighed (``data-decision``: the decision's index in
the analysis, ``data-frame``: the replay frame that shows it, ``data-value``: the chance,
0 to 1). The chance is of winning the game (money play: the cubeless chance after the play)
or the match (match play: the match winning chance after the play), for ``player``, the one
drawn at the bottom. Errors and blunders, checker plays and cube decisions alike, are marked
by shapes as well as colours (a triangle, a diamond), and so are the big rolls of luck (a
chevron up or down, for a roll worth :data:`BIG_LUCK` or more either way); each game starts
after a dashed line. A table beside it says the same in words (the accessible alternative).

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

from dataclasses import dataclass
from html import escape

from game.app.view.hints import percent

__all__ = ["points", "graph_html", "BIG_LUCK", "Point"]

#: a roll at least this lucky (or unlucky), in normalised equity, is marked on the graph
BIG_LUCK = 0.3
WIDTH, HEIGHT, PAD = 320, 140, 12
_SHAPES = {
    "error": "M 0 -5 L 5 4 L -5 4 Z",              # a triangle
    "blunder": "M 0 -7 L 7 0 L 0 7 L -7 0 Z",      # a diamond, larger
}


@dataclass(frozen=True)
class Point:
    """One checker play on the graph: its decision, frame, game, mover, the chance after it (for
    the graph's player), its mark, its luck and its words (the dice and the play)."""

    decision: int
    frame: int
    game: int
    player: int
    value: float
    mark: str
    luck: float
    dice: str
    play: str


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


def _xy(i, count, value):
    x = PAD + (WIDTH - 2 * PAD) * (i + 0.5) / max(count, 1)
    y = PAD + (HEIGHT - 2 * PAD) * (1.0 - value)
    return round(x, 1), round(y, 1)


def _cube_marks(session, player, spots):
    """Marks for the cube decisions marked error or blunder, at the play of their frame (or the
    next one): ``(x, y, mark, frame, words)``."""
    marks = []
    for entry in session.entries():
        if entry["kind"] not in ("cube", "response") or entry.get("mark") not in _SHAPES:
            continue
        frame = session.frame_of(entry)
        later = [spot for spot in spots if spot[0] >= frame]
        if later:
            marks.append((*later[0][1:], entry["mark"], frame, entry["action"]))
    return marks


def _svg(pts, session, player, tr, names, language, frame, title):
    count = len(pts)
    spots = [(p.frame, *_xy(i, count, p.value)) for i, p in enumerate(pts)]
    out = [f'<svg id="review-graph" class="review-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" '
           f'aria-label="{escape(title)}">']
    half = PAD + (HEIGHT - 2 * PAD) / 2
    out.append(f'<line class="graph-half" x1="{PAD}" y1="{half}" x2="{WIDTH - PAD}" y2="{half}"/>')
    for i in range(1, count):
        if pts[i].game != pts[i - 1].game:
            x = round((spots[i][1] + spots[i - 1][1]) / 2, 1)
            out.append(f'<line class="graph-game" x1="{x}" y1="{PAD}" x2="{x}" y2="{HEIGHT - PAD}"/>')
    if count:
        line = " ".join(f"{x},{y}" for _, x, y in spots)
        out.append(f'<polyline class="graph-line" points="{line}"/>')
    for p, (_, x, y) in zip(pts, spots):
        words = tr("review.graph_point", name=names[p.player], dice=p.dice, move=p.play,
                   chance=percent(p.value, language))
        current = ' aria-current="true"' if p.frame == frame else ""
        classes = "graph-point" + (f" mark-{p.mark}" if p.mark else "")
        out.append(f'<g class="{classes}" data-decision="{p.decision}" data-frame="{p.frame}" '
                   f'data-value="{p.value:.6f}" transform="translate({x} {y})" tabindex="0" role="button" '
                   f'aria-label="{escape(words)}"{current}>')
        out.append('<circle class="graph-hit" r="7"/><circle class="graph-dot" r="2.5"/>')
        if p.mark in _SHAPES:
            out.append(f'<path class="graph-mark" d="{_SHAPES[p.mark]}"/>')
        if abs(p.luck) >= BIG_LUCK:
            lucky = (p.luck > 0) == (p.player == player)      # good for the graph's player
            chevron = "M -4 -8 L 0 -12 L 4 -8" if lucky else "M -4 8 L 0 12 L 4 8"
            out.append(f'<path class="graph-luck {"lucky" if lucky else "unlucky"}" d="{chevron}"/>')
        out.append("</g>")
    for x, y, mark, at, action in _cube_marks(session, player, spots):
        out.append(f'<path class="graph-cube mark-{mark}" data-frame="{at}" transform="translate({x} {y - 16})" '
                   f'd="{_SHAPES[mark]}"><title>{escape(tr("mark." + mark))}</title></path>')
    out.append("</svg>")
    return "".join(out)


def _table(pts, tr, names, language):
    head = "".join(f'<th scope="col">{escape(tr(key))}</th>' for key in
                   ("review.graph_col_player", "review.graph_col_roll", "hint.play", "review.graph_col_chance",
                    "review.graph_col_mark"))
    rows = []
    for p in pts:
        mark = tr("mark." + p.mark) if p.mark else ""
        rows.append(f'<tr data-frame="{p.frame}" tabindex="0"><td>{escape(names[p.player])}</td>'
                    f'<td>{p.dice}</td><td>{escape(p.play)}</td><td>{escape(percent(p.value, language))}</td>'
                    f'<td>{escape(mark)}</td></tr>')
    return (f'<details class="review-graph-table"><summary>{escape(tr("review.graph_table"))}</summary>'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></details>')


def graph_html(session, player, tr, names, frame=None):
    """The graph of ``player``'s chances (``names``: both players'), the point of replay ``frame``
    marked current, with its table; empty before the first checker play is weighed."""
    pts = points(session, player)
    if not pts:
        return ""
    language = tr.language
    match_play = bool(session.result()["length"])
    title = tr("review.graph_match" if match_play else "review.graph_game", name=names[player])
    return (f'<figure class="review-graph-figure"><figcaption>{escape(title)}</figcaption>'
            f'{_svg(pts, session, player, tr, names, language, frame, title)}'
            f'{_table(pts, tr, names, language)}</figure>')
