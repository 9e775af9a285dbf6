"""A game's chances as a graph, move by move: the SVG and its table, for the review and the replay.

The points are :class:`Point` values (one per checker play: its frame, game, mover, the chance
after it for the graph's player, its verdict mark or None, its luck, its words); the review
(:mod:`game.app.review.graph`) fills them from its analysis, the replay
(:mod:`game.app.replay.graph`) from the bot's net alone, with no marks. Errors and blunders are
marked by shapes as well as colours (:data:`SHAPES`: a triangle, a diamond), the big rolls of
luck by a chevron up or down; each game starts after a dashed line. :func:`xy` places a value
of 0 to 1 in the drawing; the progress chart (:mod:`game.app.progress.chart`) uses it too.

>>> from game.app.text.i18n import translator
>>> pts = [Point(1, 1, 1, 0, 0.52, None, 0.0, "31", "8/5 6/5"),
...        Point(2, 2, 1, 1, 0.40, "blunder", 0.0, "65", "8/3 8/2")]
>>> html = svg_html(pts, 0, translator("en"), ("Ann", "Bob"), frame=2, title="t")
>>> html.count("data-frame="), 'id="review-graph"' in html, html.count("graph-mark")
(2, True, 1)
>>> xy(0, 1, 0.5)
(160.0, 70.0)
"""

from dataclasses import dataclass
from html import escape

from game.app.view.hints import percent

__all__ = ["Point", "BIG_LUCK", "SHAPES", "WIDTH", "HEIGHT", "PAD", "xy", "svg_html", "table_html"]

#: a roll at least this lucky (or unlucky), in normalised equity, is marked on the graph
BIG_LUCK = 0.3
WIDTH, HEIGHT, PAD = 320, 140, 12
#: the marks' shapes, centred on the point: legible without colours
SHAPES = {
    "error": "M 0 -5 L 5 4 L -5 4 Z",              # a triangle
    "blunder": "M 0 -7 L 7 0 L 0 7 L -7 0 Z",      # a diamond, larger
}


@dataclass(frozen=True)
class Point:
    """One checker play on the graph: its decision (None in a plain replay), frame, game, mover,
    the chance after it (for the graph's player), its mark, its luck and its words (the dice
    and the play)."""

    decision: int | None
    frame: int
    game: int
    player: int
    value: float
    mark: str | None
    luck: float
    dice: str
    play: str


def xy(i, count, value, width=WIDTH, height=HEIGHT, pad=PAD):
    """Where the ``i``-th of ``count`` points of ``value`` (0 at the bottom, 1 at the top) stands."""
    x = pad + (width - 2 * pad) * (i + 0.5) / max(count, 1)
    y = pad + (height - 2 * pad) * (1.0 - value)
    return round(x, 1), round(y, 1)


def svg_html(pts, player, tr, names, frame=None, title="", cube_marks=(), element_id="review-graph"):
    """The SVG of ``pts`` for ``player`` (``names``: both players'), the point of ``frame`` marked
    current; ``cube_marks``: ``(x, y, mark, frame, words)`` over the plays (the review's)."""
    language = tr.language
    count = len(pts)
    spots = [xy(i, count, p.value) for i, p in enumerate(pts)]
    out = [f'<svg id="{element_id}" class="review-graph" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" '
           f'aria-label="{escape(title)}">']
    half = PAD + (HEIGHT - 2 * PAD) / 2
    out.append(f'<line class="graph-half" x1="{PAD}" y1="{half}" x2="{WIDTH - PAD}" y2="{half}"/>')
    for i in range(1, count):
        if pts[i].game != pts[i - 1].game:
            x = round((spots[i][0] + spots[i - 1][0]) / 2, 1)
            out.append(f'<line class="graph-game" x1="{x}" y1="{PAD}" x2="{x}" y2="{HEIGHT - PAD}"/>')
    if count:
        line = " ".join(f"{x},{y}" for x, y in spots)
        out.append(f'<polyline class="graph-line" points="{line}"/>')
    for p, (x, y) in zip(pts, spots):
        words = tr("review.graph_point", name=names[p.player], dice=p.dice, move=p.play,
                   chance=percent(p.value, language))
        current = ' aria-current="true"' if p.frame == frame else ""
        classes = "graph-point" + (f" mark-{p.mark}" if p.mark else "")
        decision = "" if p.decision is None else f' data-decision="{p.decision}"'
        out.append(f'<g class="{classes}"{decision} data-frame="{p.frame}" '
                   f'data-value="{p.value:.6f}" transform="translate({x} {y})" tabindex="0" role="button" '
                   f'aria-label="{escape(words)}"{current}>')
        out.append('<circle class="graph-hit" r="7"/><circle class="graph-dot" r="2.5"/>')
        if p.mark in SHAPES:
            out.append(f'<path class="graph-mark" d="{SHAPES[p.mark]}"/>')
        if abs(p.luck) >= BIG_LUCK:
            lucky = (p.luck > 0) == (p.player == player)      # good for the graph's player
            chevron = "M -4 -8 L 0 -12 L 4 -8" if lucky else "M -4 8 L 0 12 L 4 8"
            out.append(f'<path class="graph-luck {"lucky" if lucky else "unlucky"}" d="{chevron}"/>')
        out.append("</g>")
    for x, y, mark, at, action in cube_marks:
        out.append(f'<path class="graph-cube mark-{mark}" data-frame="{at}" transform="translate({x} {y - 16})" '
                   f'd="{SHAPES[mark]}"><title>{escape(tr("mark." + mark))}</title></path>')
    out.append("</svg>")
    return "".join(out)


def table_html(pts, tr, names, marks=True):
    """The same points as a table (the accessible alternative), folded; ``marks``: with the
    verdicts' column (a review's)."""
    language = tr.language
    keys = ["review.graph_col_player", "review.graph_col_roll", "hint.play", "review.graph_col_chance"]
    keys += ["review.graph_col_mark"] if marks else []
    head = "".join(f'<th scope="col">{escape(tr(key))}</th>' for key in keys)
    rows = []
    for p in pts:
        mark = f'<td>{escape(tr("mark." + p.mark) if p.mark else "")}</td>' if marks else ""
        rows.append(f'<tr data-frame="{p.frame}" tabindex="0"><td>{escape(names[p.player])}</td>'
                    f'<td>{p.dice}</td><td>{escape(p.play)}</td><td>{escape(percent(p.value, language))}</td>'
                    f'{mark}</tr>')
    return (f'<details class="review-graph-table"><summary>{escape(tr("review.graph_table"))}</summary>'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></details>')
