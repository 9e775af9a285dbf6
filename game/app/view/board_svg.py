"""The board as SVG text, drawn from a :class:`game.app.view.geometry.BoardView`: no rules, no DOM.

:func:`board_svg` turns a view (checker counts, cube, dice and what may be
clicked, all decided elsewhere) into an SVG string; every element the page
reacts to carries ``data-slot`` (see :mod:`game.app.view.geometry`).

A phone's board is **compact** (``BoardView.compact``): the cube column and
all but a thin edge of the frame at both ends are cut off, and the cube sits
on the bar.  Held sideways, the board is as high as the screen, its points a
32 px tap target on a 375 px high screen.  Held upright it stands **upright**
too (``BoardView.upright``): the same drawing turned a quarter clockwise, the
player at the bottom now on the left with his home board at the bottom of the
screen, the words turned back to read across; its points are as wide as the
screen allows, again 32 px on a 375 px wide screen.

Checkers are ``.checker`` elements with ``data-player`` and ``data-point``
(``1``–``24`` from their owner's side, ``bar`` or ``off``) and a
``data-key`` that stays put while the checker does, so the page can animate
the ones that moved (:func:`game.app.view.geometry.checker_moves`).  Text that
comes from people (names) is escaped here.

>>> from game.app.view.geometry import BoardView
>>> svg = board_svg(BoardView())   # the starting position
>>> svg.count('class="checker')
30
>>> upright = board_svg(BoardView(upright=True))
>>> upright.count('class="checker'), 'viewBox="0 0 700 862"' in upright
(30, True)
>>> 'viewBox="80 0 862 700"' in board_svg(BoardView(compact=True))
True
"""

import math
from html import escape

from game.app.view.keyboard import SLOTS, first_slot
from game.app.view.places import seen_from
from game.app.view.geometry import (BAR, BAR_X, BOTTOM, CUBE, CUBE_X, DICE_REACH, FIELD, FRAME, HALF, HEIGHT, MID, NUM, POINT_H, PW, R, SIDE, SLAB_H, TOP, TRAY_X, X0, bottom_number, column_of, column_x, die_size, mirrored, point_place, slab_rect, slot_for, view_box)

__all__ = ["board_svg"]

def _turned(view, x, y):
    """The ``transform`` that turns a text back to read across an upright board (None: flat)."""
    return f"rotate(-90 {_num(x)} {_num(y)})" if view.upright else None


# --- drawing -------------------------------------------------------------------------
#: a keyword's attribute name (``class_`` → ``class``, ``font_size`` → ``font-size``), once each
_NAMES = {}


def _attrs(**attrs):
    """``name="value"`` pairs, escaped, None and False left out (a board draws about 150 a
    time: the common value, plain text, skips :func:`html.escape`).

    >>> _attrs(class_="die on", font_size=12, hidden=None, title='a "b" & <c>')
    'class="die on" font-size="12" title="a &quot;b&quot; &amp; &lt;c&gt;"'
    """
    parts = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        key = _NAMES.get(name)
        if key is None:
            key = _NAMES[name] = name.rstrip("_").replace("_", "-")
        text = value if type(value) is str else str(value)
        if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
            text = escape(text, quote=True)
        parts.append(f'{key}="{text}"')
    return " ".join(parts)


def _num(value):
    """A coordinate to one decimal, without a trailing zero.

    >>> _num(12.0), _num(3.25), _num(7), _num(-0.04)
    ('12', '3.2', '7', '-0')
    """
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _die_pips(value):
    spots = {
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }
    return spots.get(value, [])


def _die(x, y, value, colour, classes, label, size):
    half, spot = size / 2, size / 4      # 48: spots 12 apart, 5 in radius, corners of 9
    out = [f'<g {_attrs(class_=classes, data_value=value, data_slot="dice", transform=f"translate({_num(x)} {_num(y)})")}>'
           f'<title>{escape(label)}</title>'
           f'<rect {_attrs(class_=f"die-face {colour}", x=_num(-half), y=_num(-half), width=size, height=size, rx=_num(size * 3 / 16))}/>']
    for dx, dy in _die_pips(value):
        out.append(f'<circle class="die-pip" cx="{_num(dx * spot)}" cy="{_num(dy * spot)}" r="{_num(size * 5 / 48)}"/>')
    out.append("</g>")
    return "".join(out)


def _dice_used(view):
    """One flag per drawn die: True when that die has been played."""
    dice = list(view.dice)
    left = list(view.dice_left)
    if len(dice) == 2 and dice[0] == dice[1]:
        # doubles: four moves on two dice; each die fades after two of them
        played = 4 - len(left)
        return [played >= 4, played >= 2]
    used = []
    for value in dice:
        if value in left:
            left.remove(value)
            used.append(False)
        else:
            used.append(True)
    return used


def _draw_opening(view, out):
    """An opening roll: each player's own throw in front of them, in their colour."""
    mx = mirrored(view)
    size = die_size(view)
    for player in (0, 1):
        dice = view.opening[player]
        centre = X0 + HALF + BAR + HALF / 2 if player == view.bottom else X0 + HALF / 2
        for i, value in enumerate(dice):
            x = centre + (i - (len(dice) - 1) / 2) * (size + 12)
            out.append(_die(mx(x), MID, value, view.colours[player], "die opening",
                            view.labels.get("die", ""), size))


def _draw_dice(view, out):
    mx = mirrored(view)
    labels = view.labels
    if view.opening:
        _draw_opening(view, out)
    if not view.dice:
        return
    player = view.dice_player if view.dice_player is not None else view.bottom
    centre = X0 + HALF + BAR + HALF / 2 if player == view.bottom else X0 + HALF / 2
    used = _dice_used(view)
    classes = "dice" + (" clickable" if view.dice_clickable else "")
    out.append(f'<g {_attrs(class_=classes, data_slot="dice")}>')
    size = die_size(view)
    # the area that takes a tap: the dice and 8 around them (4 above and below: the stacks of
    # the points stop just short of DICE_REACH, geometry.STACK)
    width, reach = 2 * size + 12 + 16, size / 2 + 4
    assert reach <= DICE_REACH, (size, DICE_REACH)
    left = mx(centre - width / 2) if view.home_right else mx(centre + width / 2)
    out.append(f'<rect class="dice-area" x="{_num(left)}" y="{_num(MID - reach)}" width="{width}" height="{_num(2 * reach)}" rx="8"/>')
    for i, value in enumerate(view.dice):
        x = centre + (i - 0.5) * (size + 12)
        out.append(_die(mx(x), MID, value, view.colours[player],
                        "die used" if used[i] else "die", labels.get("die", ""), size))
    if len(view.dice) == 2 and view.dice[0] == view.dice[1]:
        # four small marks between the dice, one above the other: the moves of a double still
        # to play (under the dice they would reach the stacks of a phone's board)
        for i in range(4):
            y = MID + (i - 1.5) * 12
            cls = "move-left" if i < len(view.dice_left) else "move-left spent"
            out.append(f'<circle {_attrs(class_=cls, cx=_num(mx(centre)), cy=_num(y), r=4)}/>')
    out.append("</g>")


def _draw_cube(view, out):
    if not view.cube_enabled:
        return
    mx = mirrored(view)
    labels = view.labels
    if view.cube_offered_by is not None:
        player = view.cube_offered_by
        centre = X0 + HALF + BAR + HALF / 2 if player == view.bottom else X0 + HALF / 2
        x, y, value, extra = mx(centre), MID, view.cube_value * 2, " offered"
    else:
        owner = view.cube_owner
        if owner is None:
            y = MID
        elif owner == view.bottom:
            y = BOTTOM - CUBE / 2 - 6
        else:
            y = TOP + CUBE / 2 + 6
        # cut off with its column (a phone's board), the cube sits on the bar, at its owner's end
        x = mx(BAR_X if view.cut else CUBE_X)
        # a centred cube at 1 shows 64, as on a real cube
        value = view.cube_value if owner is not None or view.cube_value > 1 else 64
        extra = ""
    if view.crawford:
        extra += " crawford"
    if view.cube_clickable:
        extra += " clickable"
    half = CUBE / 2
    text = str(value)
    size = 24 if len(text) <= 2 else 17
    out.append(
        f'<g {_attrs(class_="cube" + extra, data_slot="cube", data_value=view.cube_value, transform=f"translate({_num(x)} {_num(y)})" + (" rotate(-90)" if view.upright else ""))}>'
        f'<title>{escape(labels.get("cube", ""))}</title>'
        f'<rect class="cube-face" x="{-half}" y="{-half}" width="{CUBE}" height="{CUBE}" rx="7"/>'
        f'<text class="cube-value" x="0" y="1" font-size="{size}">{escape(text)}</text>'
        "</g>")
    if view.crawford:
        if view.upright:
            # upright, the bar holds the cube and, either side of it, the checkers waiting
            # there, which hid the word: it reads across the screen just beside the bar (above
            # it; below with the home board on the left), in the middle of the field, where the
            # dice (in the middle of each half) and the points' first five checkers never come
            lx, ly = mx(X0 + HALF - 20), MID
        elif view.compact:
            # lying flat, the word would cross the bar's checkers: beside the bar, in the field
            lx, ly = mx(X0 + HALF - 52), MID
        else:
            lx, ly = x, y + half + 16
        out.append(f'<text class="crawford-label" {_attrs(x=_num(lx), y=_num(ly), transform=_turned(view, lx, ly))}>'
                   f'{escape(labels.get("crawford", "Crawford"))}</text>')


def _highlight_box(view, place):
    """``(x, y, width, height)`` around a highlighted place (bottom player's numbering), or None."""
    mx = mirrored(view)
    if place == 25:
        # the bottom player's checkers wait on the upper half of the bar (see _bar_y)
        return mx(BAR_X) - BAR / 2 + 3, TOP + 3, BAR - 6, FIELD / 2 - 6
    if place == 0:
        left = mx(TRAY_X) if view.home_right else mx(TRAY_X) - SIDE
        return left + 1, MID + 1, SIDE - 2, FIELD / 2 - 2
    if not 1 <= place <= 24:
        return None
    col, row = column_of(place)
    cx = mx(column_x(col))
    top = TOP + 2 if row == "top" else MID + 2
    return cx - PW / 2 + 2, top, PW - 4, FIELD / 2 - 4


def _draw_highlights(view, out, layer):
    """Mark the places of ``view.highlight``: a tinted column under the checkers, then over
    them a thick dashed frame and the point's number on a bright disc (seen from the back of
    a class, and not by colour alone)."""
    for place in sorted(view.highlight):
        box = _highlight_box(view, place)
        if box is None:
            continue
        x, y, w, h = (_num(v) for v in box)
        if layer == "under":
            out.append(f'<rect {_attrs(class_="highlight-area", x=x, y=y, width=w, height=h, rx=6)}/>')
            continue
        out.append(f'<rect {_attrs(class_="highlight", data_highlight=place, x=x, y=y, width=w, height=h, rx=6)}/>')
        if 1 <= place <= 24:
            cx = box[0] + box[2] / 2
            y = FRAME + NUM / 2 + 1 if column_of(place)[1] == "top" else BOTTOM + NUM / 2 + 1
            label = place if view.numbers_for is None else seen_from(view.bottom, place, view.numbers_for)
            out.append(f'<circle {_attrs(class_="highlight-badge", cx=_num(cx), cy=_num(y), r=13)}/>'
                       f'<text {_attrs(class_="point-number highlighted", x=_num(cx), y=_num(y), transform=_turned(view, cx, y))}>{label}</text>')


# soft light from the top left on the checkers, and a little depth on the felt
_DEFS = (
    "<defs>"
    '<radialGradient id="shade-light" cx="38%" cy="32%" r="70%">'
    '<stop offset="0" stop-color="#fffdf7"/><stop offset="0.7" stop-color="#f1e9d8"/>'
    '<stop offset="1" stop-color="#d9ccb3"/></radialGradient>'
    '<radialGradient id="shade-dark" cx="38%" cy="32%" r="70%">'
    '<stop offset="0" stop-color="#4a505a"/><stop offset="0.7" stop-color="#272a31"/>'
    '<stop offset="1" stop-color="#15171b"/></radialGradient>'
    '<linearGradient id="felt" x1="0" y1="0" x2="0" y2="1">'
    '<stop offset="0" stop-color="#2c6548"/><stop offset="0.5" stop-color="#34724f"/>'
    '<stop offset="1" stop-color="#2c6548"/></linearGradient>'
    "</defs>"
)


def board_svg(view):
    """The SVG text of the board (a ``<svg>`` element, no XML prolog)."""
    mx = mirrored(view)
    labels = view.labels
    cut, _top, width, height = view_box(view)   # how much of the flat board's edge is cut off
    shape = " upright" if view.upright else " compact" if view.compact else ""
    box = f"0 0 {width} {height}" if view.upright else f"{cut} 0 {width} {height}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" '
        f'class="board-svg{shape}" role="group" {_attrs(aria_label=labels.get("board", "backgammon board"))}>',
        f'<desc>{escape(labels.get("summary", ""))}</desc>' if labels.get("summary") else "",
        _DEFS,
        # upright: the flat board turned a quarter clockwise, its cube column cut off
        f'<g class="turned" transform="translate({HEIGHT} {-cut}) rotate(90)">' if view.upright else "",
        '<g aria-hidden="true">',   # the picture; screen readers get the places below
        f'<rect class="frame" x="{cut}" y="0" width="{height if view.upright else width}" height="{HEIGHT}" rx="{4 if view.cut else 18}"/>',
    ]
    # the two halves of the field, the bar, the tray and the cube column
    for left in (X0, X0 + HALF + BAR):
        x = mx(left) if view.home_right else mx(left) - HALF
        out.append(f'<rect class="field" x="{x}" y="{TOP}" width="{HALF}" height="{FIELD}"/>')
    bar_left = X0 + HALF
    out.append(f'<rect {_attrs(class_="bar", x=mx(bar_left) if view.home_right else mx(bar_left) - BAR, y=TOP, width=BAR, height=FIELD)}/>')
    tray_left = mx(TRAY_X) if view.home_right else mx(TRAY_X) - SIDE
    off_target = 0 in view.targets
    for player, top in ((1 - view.bottom, TOP), (view.bottom, MID + 4)):
        cls = "tray" + (" target" if off_target and player == view.mover else "")
        extra = {"data_point": "off"} if off_target and player == view.mover else {}
        out.append(f'<rect {_attrs(class_=cls, data_slot=f"off{player}", x=tray_left + 4, y=top, width=SIDE - 8, height=FIELD // 2 - 4, rx=6, **extra)}/>')
    # points, with a transparent area over each column to catch clicks
    for number in range(1, 25):
        col, row = column_of(number)
        cx = mx(column_x(col))
        base, tip = (TOP, TOP + POINT_H) if row == "top" else (BOTTOM, BOTTOM - POINT_H)
        shade = "point-a" if (col + (row == "top")) % 2 == 0 else "point-b"
        mover_number = None
        if view.mover is not None:
            mover_number = seen_from(view.bottom, number, view.mover)
        cls = f"point {shade}"
        if mover_number is not None and mover_number in view.targets:
            cls += " target-point"
        out.append(f'<polygon {_attrs(class_=cls, data_slot=f"p{number}", points=f"{cx - PW / 2 + 2},{base} {cx + PW / 2 - 2},{base} {cx},{tip}")}/>')
        hit_top = TOP if row == "top" else MID
        out.append(f'<rect class="hit" data-slot="p{number}" x="{_num(cx - PW / 2)}" y="{hit_top}" width="{PW}" height="{FIELD // 2}"/>')
        label_y = FRAME + NUM / 2 + 1 if row == "top" else BOTTOM + NUM / 2 + 1
        label = number if view.numbers_for is None else seen_from(view.bottom, number, view.numbers_for)
        if view.point_numbers and view.numbers_also is not None:
            # both numberings: the main one a little to the left, the other small beside it
            other = seen_from(view.bottom, number, view.numbers_also)
            lx, ox = cx - 9, cx + 15
            out.append(f'<text {_attrs(class_="point-number", x=_num(lx), y=_num(label_y), transform=_turned(view, lx, label_y))}>{label}</text>')
            out.append(f'<text {_attrs(class_="point-number other-number", x=_num(ox), y=_num(label_y), transform=_turned(view, ox, label_y))}'
                       f' font-size="11" fill-opacity="0.75">{other}</text>')
        elif view.point_numbers:
            out.append(f'<text {_attrs(class_="point-number", x=_num(cx), y=_num(label_y), transform=_turned(view, cx, label_y))}>{label}</text>')
    out.append(f'<rect class="hit" data-slot="bar{view.bottom}" x="{_num(mx(BAR_X) - BAR / 2)}" y="{TOP}" width="{BAR}" height="{FIELD // 2}"/>')
    out.append(f'<rect class="hit" data-slot="bar{1 - view.bottom}" x="{_num(mx(BAR_X) - BAR / 2)}" y="{MID}" width="{BAR}" height="{FIELD // 2}"/>')

    _draw_cube(view, out)
    _draw_highlights(view, out, "under")
    _draw_last_moves(view, out, "under")

    # checkers: borne off (slabs in the tray), then on the points and the bar
    for player in (0, 1):
        colour = view.colours[player]
        for k in range(view.off(player)):
            x, y = slab_rect(view, player, k)
            out.append(f'<rect {_attrs(class_=f"checker off {colour}", data_player=player, data_point="off", data_key=f"{player}:0:{k}", data_slot=f"off{player}", x=_num(x), y=_num(y), width=SIDE - 16, height=SLAB_H - 3, rx=4)}/>')
    marks = []   # drawn over the checkers: a ring on those that can move, a disc on the one picked
    for player in (0, 1):
        colour = view.colours[player]
        counts = view.counts[player]
        is_mover = player == view.mover
        for point in range(1, 26):
            n = counts[point - 1]
            for k in range(n):
                x, y = point_place(view, player, point, k, n)
                cls = f"checker {colour}"
                if is_mover and k == n - 1:
                    if point == view.selected:
                        cls += " selected"
                    elif point in view.movable:
                        cls += " movable"
                out.append(f'<circle {_attrs(class_=cls, data_player=player, data_point="bar" if point == 25 else point, data_key=f"{player}:{point}:{k}", data_slot=slot_for(view, player, point), cx=_num(x), cy=_num(y), r=R - 1)}/>')
                if "selected" in cls or "movable" in cls:
                    marks.append(_mark(x, y, "picked" if "selected" in cls else "can-move"))
            if n > 5 or (point == 25 and n > 4):
                x, y = point_place(view, player, point, n - 1, n)
                out.append(f'<text {_attrs(class_=f"count {colour}", x=_num(x), y=_num(y + 1), transform=_turned(view, x, y + 1))}>{n}</text>')
    out.extend(marks)
    # where the selected checker may go
    if view.mover is not None:
        for target in sorted(view.targets):
            if target == 0:
                continue
            n = view.counts[view.mover][target - 1]
            x, y = point_place(view, view.mover, target, n, n + 1)
            out.append(f'<circle class="target-rim" cx="{_num(x)}" cy="{_num(y)}" r="{R - 4}"/>')
            out.append(f'<circle {_attrs(class_="target", data_point=target, data_slot=slot_for(view, view.mover, target), cx=_num(x), cy=_num(y), r=R - 4)}/>')

    _draw_last_moves(view, out, "over")
    _draw_preview(view, out)
    _draw_highlights(view, out, "over")
    _draw_dice(view, out)

    if view.pip_counts:
        _draw_pip_counts(view, out)
    out.append("</g>")
    _draw_places(view, out)
    out.append("</g></svg>" if view.upright else "</svg>")
    return "".join(out)


#: the word under (or beside) a pip count, in SVG units: on a phone's board (cut), drawn at
#: 0.536 px a unit on a 375 x 667 phone, 23 gives 12.3 px (13 gave 7 px: issue 44)
PIPS_LABEL_SIZE, PHONE_PIPS_LABEL_SIZE = 13, 23


def _draw_pip_counts(view, out):
    """Each side's pip count in its half of the tray, and the word that says what it is."""
    x = mirrored(view)(TRAY_X + SIDE / 2)
    word = view.labels.get("pips")
    size = PHONE_PIPS_LABEL_SIZE if view.cut else PIPS_LABEL_SIZE
    for player in (1 - view.bottom, view.bottom):
        top = player != view.bottom
        if view.upright:
            # the tray lies across the foot (or the head) of the screen: "167 pips" on one line
            # in each half, the top player's on the right, both on a baseline 9 below the tray's
            # middle; on the screen, from the tray's middle, the number centred at nx and the
            # word from wx (near the middle: clear of the borne-off checkers, from the ends).
            # Turned, the flat board's y runs right to left on the screen and its x downwards.
            nx, wx = (40, 76) if top else (-96, -60)
            out.append(_pips_number(player, x + 9, MID - nx, _turned(view, x + 9, MID - nx), view.pips(player)))
            if word:
                out.append(_pips_word(player, x + 9, MID - wx, _turned(view, x + 9, MID - wx), word, size, "start"))
            continue
        # lying flat: the number above the tray's middle (the top player's) or below it, the
        # word above the top player's number or below the bottom one's
        y = MID - 22 if top else MID + 34
        out.append(_pips_number(player, x, y, None, view.pips(player)))
        if word:
            gap = 27 if view.cut else 23 if top else 17
            out.append(_pips_word(player, x, y - gap if top else y + gap, None, word, size, "middle"))


def _pips_number(player, x, y, transform, pips):
    return f'<text {_attrs(class_="pips", data_player=player, x=_num(x), y=_num(y), transform=transform)}>{pips}</text>'


def _pips_word(player, x, y, transform, word, size, anchor):
    # its look is here, not in app.css: the board saved as an image has no stylesheet for it
    return (f'<text {_attrs(class_="pips-label", data_player=player, x=_num(x), y=_num(y), transform=transform)}'
            f' fill="#f6ecd8" font-size="{size}" text-anchor="{anchor}" aria-hidden="true">{escape(word)}</text>')


def _draw_last_moves(view, out, layer):
    """Each side's last play: the points it left and reached tinted under the checkers; over
    them a dashed ring where a checker left, a solid ring on the checker that arrived (a frame
    on the tray for a checker borne off) and a cross where a blot was hit: shapes as well as
    colours, each drawn two-tone (dark rim, bright inside) to show on any point and theme."""
    for last in view.last_moves:
        player = last.player
        side = "bottom" if player == view.bottom else "top"
        tag = _attrs(data_player=player)
        if layer == "under":
            for point in sorted(set(last.sources) | set(last.targets)):
                x, y, w, h = _place_rect(view, slot_for(view, player, point))
                kind = "from" if point in last.sources else "to"
                out.append(f'<rect {_attrs(class_=f"last-area {kind} {side}", x=_num(x + 2), y=_num(y + 2), width=_num(w - 4), height=_num(h - 4), rx=6)} {tag}/>')
            continue
        counts = view.counts[player]
        for point in last.sources:
            if 1 <= point <= 25:
                n = counts[point - 1]
                x, y = point_place(view, player, point, n, n + 1)
                out.append(_ring(x, y, f"last-from {side}", player, R - 3))
        for point in last.targets:
            if point == 0:
                x, y, w, h = _place_rect(view, slot_for(view, player, 0))
                box = _attrs(x=_num(x + 3), y=_num(y + 3), width=_num(w - 6), height=_num(h - 6), rx=6)
                out.append(f'<g class="last-to off {side}" {tag}><rect class="last-rim" {box}/>'
                           f'<rect class="last-in" {box}/></g>')
                continue
            n = counts[point - 1]
            if n:       # (a checker since hit has left: the tint alone says where it went)
                x, y = point_place(view, player, point, n - 1, n)
                out.append(_ring(x, y, f"last-to {side}", player, R + 3))
        for point in last.hits:
            col, row = column_of(bottom_number(view, player, point))
            x = mirrored(view)(column_x(col))
            y = TOP + POINT_H + 22 if row == "top" else BOTTOM - POINT_H - 22
            out.append(_cross(x, y, f"last-hit {side}", player))


def _ring(x, y, kind, player, r):
    return (f'<g class="{kind}" data-player="{player}" transform="translate({_num(x)} {_num(y)})">'
            f'<circle class="last-rim" r="{r}"/><circle class="last-in" r="{r}"/></g>')


def _cross(x, y, kind, player):
    """The sign of a hit: a cross on a disc, two-tone."""
    arms = "M-7,-7L7,7M7,-7L-7,7"
    return (f'<g class="{kind}" data-player="{player}" transform="translate({_num(x)} {_num(y)})">'
            f'<circle class="last-hit-disc" r="14"/><path class="last-rim" d="{arms}"/>'
            f'<path class="last-in" d="{arms}"/></g>')


def _draw_preview(view, out):
    """A play shown without being made (a hint hovered, :class:`game.app.view.last_moves.Preview`):
    a line from each checker that would move to where it would stop, a dashed ring on the
    checker that would leave, a dashed ghost checker where it would arrive (a frame on the
    tray for one borne off) and a cross where it would hit.  In the review the best play is
    drawn first, the same way in its own colour (``<g class="best-play">``), under the one shown."""
    if view.best_play is not None:
        _draw_play(view, view.best_play, out, "best-play")
    if view.preview is not None:
        _draw_play(view, view.preview, out, "preview")


def _draw_play(view, play, out, group):
    player = play.player
    colour = view.colours[player]
    counts = list(view.counts[player])
    side = "bottom" if player == view.bottom else "top"
    leaving, arriving = {}, {}
    lines, rings, ghosts = [], [], []
    for source, target in play.paths:
        if not 1 <= source <= 25:
            continue
        k = counts[source - 1] - 1 - leaving.get(source, 0)
        leaving[source] = leaving.get(source, 0) + 1
        x1, y1 = point_place(view, player, source, max(k, 0), max(counts[source - 1], 1))
        rings.append(_ring(x1, y1, f"preview-from {side}", player, R + 2))
        if target == 0:
            x, y, w, h = _place_rect(view, slot_for(view, player, 0))
            ghosts.append(f'<rect {_attrs(class_=f"preview-off {side}", x=_num(x + 3), y=_num(y + 3), width=_num(w - 6), height=_num(h - 6), rx=6)}/>')
            x2, y2 = x + w / 2, y + h / 2
        else:
            n = counts[target - 1] + arriving.get(target, 0)
            arriving[target] = arriving.get(target, 0) + 1
            x2, y2 = point_place(view, player, target, n, n + 1)
            ghosts.append(f'<circle {_attrs(class_=f"preview-ghost {colour}", data_player=player, cx=_num(x2), cy=_num(y2), r=R - 1)}/>')
        lines.append(_arrow(view, player, source, target, (x1, y1, x2, y2), target in play.hits))
    verdict = f" verdict-{play.verdict}" if play.verdict else ""
    out.append(f'<g class="{group}{verdict}">')
    out.extend(lines)
    out.extend(rings)
    out.extend(ghosts)
    for point in play.hits:
        col, row = column_of(bottom_number(view, player, point))
        x = mirrored(view)(column_x(col))
        y = TOP + POINT_H + 22 if row == "top" else BOTTOM - POINT_H - 22
        out.append(_cross(x, y, f"preview-hit {side}", player))
    out.append("</g>")


def _arrow(view, player, source, target, ends, hit):
    """One checker's way in a play: a line with an arrowhead where it stops, the points named as
    the board numbers them (``bar``, ``off``) in ``data-from`` and ``data-to``."""
    x1, y1, x2, y2 = ends
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    tip_x, tip_y = x2 - ux * (R - 4), y2 - uy * (R - 4)          # at the rim of the checker arriving
    back_x, back_y = tip_x - ux * 16, tip_y - uy * 16
    head = " ".join(f"{_num(x)},{_num(y)}" for x, y in (
        (tip_x, tip_y), (back_x - uy * 9, back_y + ux * 9), (back_x + uy * 9, back_y - ux * 9)))
    line = _attrs(x1=_num(x1), y1=_num(y1), x2=_num(back_x), y2=_num(back_y))
    origin = "bar" if source == 25 else bottom_number(view, player, source)
    end = "off" if target == 0 else bottom_number(view, player, target)
    hit_attr = ' data-hit="true"' if hit else ""
    return (f'<g class="play-arrow" data-from="{origin}" data-to="{end}"{hit_attr}>'
            f'<line class="preview-path" {line}/><line class="preview-path in" {line}/>'
            f'<polygon class="arrow-head" points="{head}"/></g>')


def _mark(x, y, kind):
    """A two-tone sign over a checker (dark rim, gold inside): seen on either colour."""
    return (f'<g class="mark {kind}" transform="translate({_num(x)} {_num(y)})">'
            f'<circle class="mark-rim" r="{R - 11}"/><circle class="mark-in" r="{R - 11}"/></g>')


def _place_rect(view, slot):
    """``(x, y, width, height)`` of a place of the board (a ``data-slot``)."""
    mx = mirrored(view)
    if slot.startswith("p"):
        col, row = column_of(int(slot[1:]))
        return mx(column_x(col)) - PW / 2, TOP if row == "top" else MID, PW, FIELD / 2
    player = int(slot[-1])
    upper = player == view.bottom if slot.startswith("bar") else player != view.bottom
    if slot.startswith("bar"):
        return mx(BAR_X) - BAR / 2, TOP if upper else MID, BAR, FIELD / 2
    left = mx(TRAY_X) if view.home_right else mx(TRAY_X) - SIDE
    return left + 4, TOP if upper else MID + 4, SIDE - 8, FIELD / 2 - 4


def _draw_places(view, out):
    """One focusable element per place, over the picture, for the keyboard and screen readers.

    They let clicks through (the drawing below answers those); the one that
    holds the focus (``view.focus``, else the bottom player's 1-point) has
    ``tabindex="0"``, the others ``-1``: a single Tab stop, the arrow keys move
    inside (:mod:`game.app.view.keyboard`).
    """
    focus = view.focus if view.focus in SLOTS else first_slot()
    for slot in SLOTS:
        x, y, w, h = _place_rect(view, slot)
        label = view.slot_labels.get(slot, slot)
        ring = _attrs(x=_num(x + 4), y=_num(y + 4), width=_num(w - 8), height=_num(h - 8), rx=6)
        out.append(f'<g {_attrs(class_="place", data_place=slot, role="button", tabindex=0 if slot == focus else -1, aria_label=label)}>'
                   f'<rect class="ring-out" {ring}/><rect class="ring-in" {ring}/></g>')
