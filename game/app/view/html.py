"""HTML fragments beside the board: a player's strip, the saved matches, the record, the hints.

Every text that comes from people (names, typed words) is escaped here.

>>> panel = PlayerPanel(player=0, name="<Ann>", colour="light", score_text="2")
>>> "&lt;Ann&gt;" in player_html(panel)
True
"""

from dataclasses import dataclass
from html import escape

from game.app.view.geometry import PALETTES

__all__ = ["PlayerPanel", "player_html", "matches_html", "record_html", "hints_html", "MARK_SIGNS"]

#: the analysts' signs of a decision's mark (:data:`game.bot.analysis.MARKS`), after its
#: line in the record and in the review's list: ``?!`` doubtful, ``?`` an error, ``??`` a blunder
MARK_SIGNS = {"doubtful": "?!", "error": "?", "blunder": "??"}


@dataclass(frozen=True)
class PlayerPanel:
    """One player's strip beside the board: name, colour, score, pips, clock."""

    player: int
    name: str
    colour: str
    score_text: str = ""
    pips_text: str = ""
    clock_text: str = ""
    on_roll: bool = False
    status_text: str = ""


def player_html(panel):
    """The inner HTML of a player strip, every text escaped."""
    cls = "swatch " + (panel.colour if panel.colour in PALETTES else "light")
    parts = [
        f'<span class="{cls}" aria-hidden="true"></span>',
        f'<span class="name">{escape(panel.name)}</span>',
    ]
    if panel.status_text:
        parts.append(f'<span class="status">{escape(panel.status_text)}</span>')
    parts.append(f'<span class="pipcount">{escape(panel.pips_text)}</span>')
    if panel.clock_text:
        parts.append(f'<span class="clock">{escape(panel.clock_text)}</span>')
    parts.append(f'<span class="score">{escape(panel.score_text)}</span>')
    return "".join(parts)


def matches_html(unfinished, finished, labels, current=None):
    """The list of kept matches: unfinished ones with Resume / Delete, then finished ones
    with Replay / Review / Export .mat.

    ``unfinished`` and ``finished`` are one-line descriptions (already
    translated); ``labels`` holds the headings and button words.  The
    buttons carry ``data-action`` and ``data-index`` for one delegated
    listener.  ``current`` describes the unfinished match on the board (None: none), said
    first among the unfinished ones, without buttons: it is the one in play.

    >>> matches_html([], [], {"empty": "None yet."}, current="Ann – Bob: 0–0").count("None yet")  # none finished
    1
    """
    def section(title, rows, actions, first=None):
        out = [f"<h3>{escape(title)}</h3>"]
        if first is not None:
            out.append(f'<div class="entry current"><span>{escape(labels.get("current", ""))} '
                       f'{escape(first)}</span></div>')
        if not rows and first is None:
            out.append(f'<p class="empty">{escape(labels.get("empty", ""))}</p>')
        for index, text in enumerate(rows):
            buttons = "".join(
                f'<button type="button" data-action="{action}" data-index="{index}">'
                f"{escape(labels.get(action, action))}</button>" for action in actions)
            out.append(f'<div class="entry"><span>{escape(text)}</span><span>{buttons}</span></div>')
        return "".join(out)

    return (section(labels.get("unfinished", ""), unfinished, ("resume", "delete"), current)
            + section(labels.get("finished", ""), finished, ("replay", "review", "export")))


def record_html(rows, current=None):
    """The game record as list items: ``rows`` are ``(name, text, is_bottom_player)``, escaped here.

    In a replay a row has a fourth value, the frame it shows: the item then
    carries ``data-frame`` (a click goes there) and ``current`` marks the one shown.

    >>> record_html([("Ann", "31: 8/5 6/5", True, 1)], current=1)
    '<li class="bottom current" data-frame="1" aria-current="step"><span class="who">Ann</span> <span class="what">31: 8/5 6/5</span></li>'
    """
    items = []
    for name, text, bottom, *frame in rows:
        classes = "bottom" if bottom else "top"
        attrs = ""
        if frame:
            attrs = f' data-frame="{int(frame[0])}"'
            if frame[0] == current:
                classes += " current"
                attrs += ' aria-current="step"'
        items.append(f'<li class="{classes}"{attrs}><span class="who">{escape(name)}</span> '
                     f'<span class="what">{escape(text)}</span></li>')
    return "".join(items)


def _hint_table(view, rows):
    out = [f'<table class="hints {escape(view.kind)}"><thead><tr>']
    out.extend(f'<th scope="col">{escape(c)}</th>' for c in view.columns)
    out.append("</tr></thead>")
    for row in rows:
        attrs = ' class="best"' if row.best else ""
        if row.play is not None:
            attrs += f' data-play="{escape(row.play)}" tabindex="0"'
        value = escape(row.value)
        if row.diff:
            value += f' <span class="diff">({escape(row.diff)})</span>'
        out.append(f'<tbody{attrs}><tr><th scope="row" class="label">{escape(row.label)}</th>'
                   f'<td class="value">{value}</td></tr>')
        if row.chances:
            out.append(f'<tr><td colspan="2" class="chances">{escape(row.chances)}</td></tr>')
        out.append("</tbody>")
    out.append("</table>")
    return "".join(out)


def hints_html(view):
    """A :class:`game.app.view.hints.HintView` as HTML: a title, a table, notes; every text escaped.

    Each play is a ``<tbody>`` of two rows (the play and its value, then its
    chances) carrying ``data-play``, the notation a click plays.  The plays past the
    first few are listed too, in a second table folded in a ``<details>`` (no script).
    """
    out = [f'<p class="hint-title">{escape(view.title)}</p>']
    if view.rows:
        out.append(_hint_table(view, view.rows))
    if view.more:
        # the plays past the first few, folded: a click on the summary lists them all
        out.append(f'<details class="hint-more"><summary>{escape(view.more_label)}</summary>'
                   f'{_hint_table(view, view.more)}</details>')
    out.extend(f'<p class="hint-note">{escape(note)}</p>' for note in view.notes)
    return "".join(out)
