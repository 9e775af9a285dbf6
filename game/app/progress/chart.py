"""The progress screen's content: the chart, its table, the summary, as escaped HTML.

The chart (``#progress-chart``, SVG) draws the error rate of the last :data:`SHOWN` matches
analysed, oldest on the left: checker plays as filled marks on a solid line, cube decisions
as hollow marks on a dashed line. The opponent's kind is told by the mark's shape (a circle:
the computer, a triangle: a friend, a square: someone on this device), not by colour alone;
buttons above keep one kind only. Each match is one element with ``data-match`` (its key)
and ``data-rate`` (the stored rate, all decisions); a click or Enter on it opens its review.
The table says the same in words, with the matches not analysed yet.

>>> from game.app.keep.progress_log import blank
>>> from game.app.text.i18n import translator
>>> done = dict(blank("k1", 1700000000, "bot", "expert", 3, 1, True, [3, 1]), analysed=True, rate=8.5,
...             checker_rate=7.0, cube_rate=20.0, luck=0.25, decisions=30, moves=27, cube_decisions=3)
>>> html = screen_html([done, blank("k2", 1700000100, "friend", None, 5, 0, False, [2, 5])], translator("en"))
>>> html.count('class="progress-match'), 'data-rate="8.5"' in html, html.count("<tr data-match")
(1, True, 2)
>>> "progress-chart" in screen_html([], translator("fr"))
False
"""

import math
from html import escape

from game.app.keep.saved_matches import short_date
from game.app.view.chances_graph import SHAPES, xy
from game.app.view.hints import signed

__all__ = ["SHOWN", "AVERAGED", "FILTERS", "shown", "summary_html", "chart_html", "table_html", "screen_html"]

#: matches on the chart, and in the summary's average
SHOWN, AVERAGED = 20, 10
#: the chart's choices: every match, or one kind of opponent
FILTERS = ("all", "bot", "friend", "hotseat")
WIDTH, HEIGHT, PAD, LEFT = 320, 150, 14, 26
_MARKS = {"bot": "M 4 0 A 4 4 0 1 1 -4 0 A 4 4 0 1 1 4 0 Z",      # a circle
          "friend": SHAPES["error"],                                   # a triangle
          "hotseat": "M -4 -4 H 4 V 4 H -4 Z"}                         # a square


def _number(value, language, digits=1):
    if value is None:
        return "—"
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "fr" else text


def _kept(entries, kind):
    return [e for e in entries if kind == "all" or e["kind"] == kind]


def shown(entries, kind="all"):
    """The analysed records of ``kind`` on the chart, oldest first (``entries``: newest first)."""
    return [e for e in _kept(entries, kind) if e["analysed"] and e["rate"] is not None][:SHOWN][::-1]


def opponent(entry, tr):
    """Who the person played, in words."""
    if entry["kind"] == "bot":
        return tr("name.bot_level", level=tr(f"level.{entry['level']}")) if entry["level"] else tr("name.bot")
    return tr("name.friend") if entry["kind"] == "friend" else tr("progress.opponent_hotseat")


def _stakes(entry, tr):
    return tr.n("count.points", entry["length"]) if entry["length"] else tr("info.stakes_money")


def _result(entry, tr):
    mine, theirs = entry["score"]
    return tr("progress.won" if entry["won"] else "progress.lost", mine=mine, theirs=theirs)


def _words(entry, tr):
    language = tr.language
    return tr("progress.point", date=short_date(entry["finished_at"])[:10], opponent=opponent(entry, tr),
              result=_result(entry, tr), checker=_number(entry["checker_rate"], language),
              cube=_number(entry["cube_rate"], language))


def chart_html(entries, tr, kind="all"):
    """The chart's SVG (empty without a match analysed)."""
    pts = shown(entries, kind)
    if not pts:
        return ""
    values = [v for e in pts for v in (e["checker_rate"], e["cube_rate"]) if v is not None]
    top = max(20, 10 * math.ceil(max(values, default=0) / 10))
    count = len(pts)

    def at(i, value):
        x, y = xy(i, count, min(value, top) / top, WIDTH - LEFT, HEIGHT, PAD)
        return round(x + LEFT, 1), y

    title = tr.n("progress.chart_title", count)
    out = [f'<svg id="progress-chart" class="progress-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" '
           f'aria-label="{escape(title)}">']
    for value in (0, top // 2, top):
        _, y = at(0, value)
        out.append(f'<line class="chart-grid" x1="{LEFT}" y1="{y}" x2="{WIDTH - PAD}" y2="{y}"/>'
                   f'<text class="chart-label" x="{LEFT - 4}" y="{y + 3}">{value}</text>')
    for name, series in (("checker", "checker_rate"), ("cube", "cube_rate")):
        line = " ".join(f"{x},{y}" for x, y in (at(i, e[series]) for i, e in enumerate(pts)
                                                if e[series] is not None))
        if line:
            out.append(f'<polyline class="chart-line chart-{name}" points="{line}"/>')
    step = (WIDTH - LEFT - 2 * PAD) / count
    for i, entry in enumerate(pts):
        x, _ = at(i, 0)
        out.append(f'<g class="progress-match kind-{entry["kind"]}" data-match="{escape(entry["key"])}" '
                   f'data-rate="{entry["rate"]}" tabindex="0" role="button" aria-label="{escape(_words(entry, tr))}">'
                   f'<rect class="chart-hit" x="{round(x - step / 2, 1)}" y="{PAD}" width="{round(step, 1)}" '
                   f'height="{HEIGHT - 2 * PAD}"/>')
        for name, series in (("checker", "checker_rate"), ("cube", "cube_rate")):
            if entry[series] is not None:
                x, y = at(i, entry[series])
                out.append(f'<path class="chart-mark chart-{name}" transform="translate({x} {y})" '
                           f'd="{_MARKS[entry["kind"]]}"/>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _legend(tr):
    def swatch(kind, name):
        return (f'<svg class="legend-mark" viewBox="-6 -6 12 12" aria-hidden="true">'
                f'<path class="chart-mark chart-{name}" d="{_MARKS[kind]}"/></svg>')
    items = [f'<li>{swatch(kind, "checker")} {escape(tr("progress.legend_" + kind))}</li>' for kind in FILTERS[1:]]
    items.append(f'<li><span class="legend-line chart-checker" aria-hidden="true"></span> '
                 f'{escape(tr("progress.legend_checker"))}</li>')
    items.append(f'<li><span class="legend-line chart-cube" aria-hidden="true"></span> '
                 f'{escape(tr("progress.legend_cube"))}</li>')
    return f'<ul class="progress-legend">{"".join(items)}</ul>'


def table_html(entries, tr, kind="all"):
    """Every record of ``kind`` as a table (newest first); a row opens the match's review."""
    language = tr.language
    keys = ("progress.col_date", "progress.col_opponent", "progress.col_length", "progress.col_result",
            "progress.col_checker", "progress.col_cube", "progress.col_rate", "review.luck", "review.decisions")
    head = "".join(f'<th scope="col">{escape(tr(key))}</th>' for key in keys)
    rows = []
    for e in _kept(entries, kind):
        if e["analysed"]:
            figures = [_number(e["checker_rate"], language), _number(e["cube_rate"], language),
                       _number(e["rate"], language), "—" if e["luck"] is None else signed(e["luck"], language),
                       str(e["decisions"])]
        else:
            figures = [tr("progress.waiting"), "", "", "", ""]
        cells = [short_date(e["finished_at"])[:10], opponent(e, tr), _stakes(e, tr), _result(e, tr), *figures]
        rows.append(f'<tr data-match="{escape(e["key"])}" tabindex="0">'
                    f'{"".join(f"<td>{escape(c)}</td>" for c in cells)}</tr>')
    return (f'<details class="progress-table"><summary>{escape(tr("progress.table"))}</summary>'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></details>')


def _average(entries, series):
    values = [e[series] for e in entries if e[series] is not None]
    return sum(values) / len(values) if values else None


def summary_html(entries, tr, kind="all"):
    """The average over the last :data:`AVERAGED` matches analysed, the trend, wins and losses."""
    language = tr.language
    kept = _kept(entries, kind)
    recent = [e for e in kept if e["analysed"] and e["rate"] is not None][:AVERAGED]
    lines = []
    if recent:
        lines.append(tr.n("progress.average", len(recent), rate=_number(_average(recent, "rate"), language),
                          checker=_number(_average(recent, "checker_rate"), language),
                          cube=_number(_average(recent, "cube_rate"), language)))
    if len(recent) >= 4:
        half = len(recent) // 2
        change = _average(recent[:half], "rate") - _average(recent[half:], "rate")
        key = "progress.trend_better" if change <= -1 else "progress.trend_worse" if change >= 1 \
            else "progress.trend_steady"
        lines.append(tr(key, change=_number(abs(change), language)))
    won = sum(1 for e in kept if e["won"])
    if kept:
        lines.append(tr("progress.record", won=won, lost=len(kept) - won))
    waiting = sum(1 for e in kept if not e["analysed"])
    if waiting:
        lines.append(tr.n("progress.pending", waiting))
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


def screen_html(entries, tr, kind="all"):
    """The whole screen: the choice of opponents, the summary, the chart, its legend, the table."""
    if not entries:
        return f'<p class="progress-empty">{escape(tr("progress.empty"))}</p>'
    kind = kind if kind in FILTERS else "all"
    buttons = "".join(f'<button type="button" class="small" data-progress-kind="{name}" '
                      f'aria-pressed="{"true" if name == kind else "false"}">{escape(tr("progress.filter_" + name))}'
                      f'</button>' for name in FILTERS)
    chart = chart_html(entries, tr, kind)
    if chart:
        chart = (f'<figure class="progress-figure"><figcaption>{escape(tr("progress.chart_caption"))}</figcaption>'
                 f'{chart}{_legend(tr)}</figure>')
    else:
        chart = f'<p class="progress-empty">{escape(tr("progress.none_shown"))}</p>'
    return (f'<div class="progress-filters" role="group" aria-label="{escape(tr("progress.filter_label"))}">'
            f'{buttons}</div><div class="progress-summary">{summary_html(entries, tr, kind)}</div>'
            f'{chart}{table_html(entries, tr, kind)}')
