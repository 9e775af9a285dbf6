"""The board as an image file for worksheets: a standalone SVG (the page makes the PNG from it).

On the page the board's SVG takes its colours from the page's stylesheet
(``static/css/app.css``); a file needs them inside.  :func:`board_image`
draws the board of a :class:`~game.app.view.geometry.BoardView` with nothing one
could click (no rings, targets, focus or lesson highlights), with or without
the point numbers, at its own size (952 x 700), its look written into it in
the light theme's colours (:data:`PALETTE`, the same values as app.css's,
tests/test_ui_board_image.py checks they agree).  Pure text in, text out: the
page saves it, or draws it on a canvas for a PNG (:data:`PNG_SCALE` times as
big, sharp enough for print).

>>> from game.app.view.geometry import BoardView
>>> svg = board_image(BoardView(), numbers=False)
>>> svg.startswith('<?xml') and 'width="952" height="700"' in svg, svg.count('class="checker'), '<text class="point-number"' in svg
(True, 30, False)
>>> image_name("4HPwATDgc/ABMA", "png")
'backgammon-4HPwATDgc-ABMA.png'
"""

import re
from dataclasses import replace
from html import escape

from game.app.view.board_svg import board_svg
from game.app.view.geometry import HEIGHT, WIDTH

__all__ = ["PALETTE", "PNG_SCALE", "board_image", "image_name"]

#: the PNG is this many times the SVG's size (1904 x 1400)
PNG_SCALE = 2

#: the board's colours: app.css's custom properties (light theme) by their names
PALETTE = {
    "--ink": "#231c15",
    "--wood": "#4b2e18",
    "--wood-2": "#6a4225",
    "--tray": "#3a2313",
    "--point-a": "#e2c58f",
    "--point-b": "#a2432d",
    "--light": "#f6f1e6",
    "--light-rim": "#7b6a52",
    "--dark": "#25282e",
    "--dark-rim": "#c2cad2",
    "--gold": "#ffc928",
}

_RULES = """
text { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; }
.frame { fill: var(--wood); }
.field { fill: url(#felt); }
.bar { fill: var(--wood-2); }
.tray { fill: var(--tray); stroke: rgba(0, 0, 0, 0.25); }
.point-a { fill: var(--point-a); }
.point-b { fill: var(--point-b); }
.hit, .dice-area { fill: none; }
.point-number { fill: #f1e3c8; font-size: 15px; text-anchor: middle; dominant-baseline: central; font-weight: 600; }
.pips { fill: #f6ecd8; font-size: 21px; font-weight: 700; text-anchor: middle; }
.checker { stroke-width: 2.5; }
.checker.light { fill: var(--light); stroke: var(--light-rim); }
.checker.dark { fill: var(--dark); stroke: var(--dark-rim); }
circle.checker.light { fill: url(#shade-light); }
circle.checker.dark { fill: url(#shade-dark); }
.count { font-size: 22px; font-weight: 700; text-anchor: middle; dominant-baseline: central; }
.count.light { fill: var(--ink); }
.count.dark { fill: #f1f1f1; }
.die-face.light { fill: var(--light); stroke: var(--light-rim); stroke-width: 2; }
.die-face.dark { fill: var(--dark); stroke: var(--dark-rim); stroke-width: 2; }
.die-pip { fill: var(--ink); }
.die-face.dark ~ .die-pip { fill: #f3f3f3; }
.die.used { opacity: 0.35; }
.move-left { fill: var(--gold); }
.move-left.spent { fill: rgba(255, 255, 255, 0.25); }
.cube-face { fill: #fbf6ea; stroke: #3b2a1a; stroke-width: 2.5; }
.cube-value { fill: #3b2a1a; font-weight: 800; text-anchor: middle; dominant-baseline: central; }
.cube.crawford { opacity: 0.45; }
.crawford-label { fill: #f6ecd8; font-size: 13px; text-anchor: middle; font-weight: 700; }
.place { display: none; }
"""


def _style():
    """The stylesheet written into the file: :data:`_RULES` with :data:`PALETTE`'s values in
    place of the custom properties (an SVG opened alone has no page to inherit them from)."""
    return re.sub(r"var\((--[\w-]+)\)", lambda m: PALETTE[m.group(1)], _RULES)


def board_image(view, numbers=True, title=""):
    """The standalone SVG file (text, with its XML prolog) of the board ``view`` shows:
    its checkers, cube, dice and pip counts; point numbers when ``numbers``; ``title`` (a
    position's IDs, say) as the image's title.  Nothing that only serves a click is drawn,
    and the board lies flat, as on paper, even where the page shows it upright."""
    still = replace(view, movable=frozenset(), selected=None, targets=frozenset(),
                    dice_clickable=False, cube_clickable=False, highlight=frozenset(),
                    focus=None, point_numbers=bool(numbers), upright=False, compact=False)
    svg = board_svg(still)
    head, rest = svg.split(">", 1)
    head = head.replace("<svg ", f'<svg width="{WIDTH}" height="{HEIGHT}" ', 1)
    titled = f"<title>{escape(title)}</title>" if title else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{head}>{titled}<style>{_style()}</style>{rest}\n'


def image_name(position_id, extension):
    """The file name of a board image of ``position_id`` (only letters, digits and ``-`` in
    it, whatever the ID holds)."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", position_id or "").strip("-") or "board"
    return f"backgammon-{stem}.{extension}"
