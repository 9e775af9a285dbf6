"""The rollout panel as HTML: its settings and buttons (``head``), its rows (``rows``).

The two parts are drawn apart: the rows change after every game, the buttons
only when the rollout starts or stops, so a click on **Stop** is never lost to a
redrawing.  Hooks for tests and other pages: the panel is ``#rollout-panel``,
the games done ``#rollout-games[data-games]``, each row ``data-play`` (the play's
notation, or ``no_double``, ``double_take``, ``double_pass``) and
``data-equity``, the Stop button ``#rollout-stop``.

>>> from game.app.text.i18n import translator
>>> offer = offer_html("hint", translator("fr"))
>>> 'data-rollout="hint"' in offer["head"], offer["rows"]
(True, '')
>>> result = {"kind": "plays", "unit": "points", "games": 2, "double_pass": None, "candidates": [
...     {"id": "8/5 6/5", "equity": 0.1, "low": 0.0, "high": 0.2, "win": 0.55, "win_gammon": 0.15,
...      "win_backgammon": 0.01, "lose": 0.45, "lose_gammon": 0.1, "lose_backgammon": 0.0}]}
>>> html = rows_html(result, 144, "running", translator("en"))
>>> 'data-games="2"' in html, 'data-play="8/5 6/5"' in html, 'data-equity="0.100000"' in html
(True, True, True)
"""

from html import escape

from game.app.view.hints import percent, signed
from game.app.rollout.session import GAMES, TRUNCATE_PLIES

__all__ = ["offer_html", "panel_html", "rows_html"]

_CUBE_ROWS = (("no_double", "hint.no_double"), ("double_take", "hint.double_take"),
              ("double_pass", "hint.double_drop"))
_ACTIONS = {"double": "hint.action_double", "no_double": "hint.action_no_double",
            "too_good": "hint.action_too_good"}
_ANSWERS = {"take": "hint.answer_take", "drop": "hint.answer_drop"}


def offer_html(source, tr):
    """Only the button that starts a rollout of the decision at hand (``source``: hint or review)."""
    label = escape(tr("rollout.button"))
    return {"head": f'<button type="button" class="small" id="rollout-open" data-rollout="{escape(source)}">'
                    f'{label}</button>', "rows": ""}


def _select(name, options, chosen, disabled):
    out = [f'<select name="{name}" data-rollout-setting="{name}"{" disabled" if disabled else ""}>']
    for value, text in options:
        selected = " selected" if value == chosen else ""
        out.append(f'<option value="{escape(value)}"{selected}>{escape(text)}</option>')
    out.append("</select>")
    return "".join(out)


def panel_html(session, tr, title, running=None):
    """The whole panel of ``session`` (:class:`game.app.rollout.session.RolloutSession`);
    ``running``: it runs or is about to (its own flag by default)."""
    s = session.settings
    running = session.running if running is None else running
    games = [(str(n), str(n) if n else tr("rollout.until_stopped")) for n in GAMES]
    length = [("true", tr("rollout.truncated", n=TRUNCATE_PLIES)), ("false", tr("rollout.to_the_end"))]
    head = [f'<h2 id="rollout-title">{escape(title)}</h2>', '<div class="rollout-settings">',
            f'<label>{escape(tr("rollout.games_label"))} {_select("games", games, str(s["games"]), running)}</label>',
            f'<label>{escape(tr("rollout.length_label"))} '
            f'{_select("truncated", length, "true" if s["truncated"] else "false", running)}</label>']
    if session.kind == "plays":
        cube = [("false", tr("rollout.cubeless")), ("true", tr("rollout.cubeful"))]
        head.append(f'<label>{escape(tr("rollout.cube_label"))} '
                    f'{_select("cubeful", cube, "true" if s["cubeful"] else "false", running)}</label>')
    head.append('</div><div class="rollout-buttons">')
    start = tr("rollout.start") if session.result is None else tr("rollout.restart")
    head.append(f'<button type="button" class="small" id="rollout-start" data-rollout="start"'
                f'{" hidden" if running else ""}>{escape(start)}</button>')
    head.append(f'<button type="button" class="small" id="rollout-stop" data-rollout="stop"'
                f'{"" if running else " hidden"}>{escape(tr("rollout.stop"))}</button>')
    head.append(f'<button type="button" class="small" id="rollout-close" data-rollout="close">'
                f'{escape(tr("button.close"))}</button></div>')
    state = "running" if running else ("kept" if session.partial is None else "stopped")
    rows = "" if session.result is None else rows_html(session.result, session.target, state, tr)
    return {"head": "".join(head), "rows": rows}


def _value(v, unit, language):
    return percent(v, language) if unit == "mwc" else signed(v, language)


def _half(c, unit, language):
    if c["low"] is None:
        return ""
    half = (c["high"] - c["low"]) / 2
    text = f"{100 * half:.1f}" if unit == "mwc" else f"{half:.3f}"
    return " ±\u00a0" + (text.replace(".", ",") if language == "fr" else text)


def rows_html(result, target, state, tr):
    """The games done and a row per candidate (``state``: running, stopped, kept)."""
    language = tr.language
    unit = result["unit"]
    n = result["games"]
    done = tr("rollout.games_of", n=n, total=target) if target else tr("rollout.games", n=n)
    said = {"running": "rollout.running", "stopped": "rollout.stopped", "kept": "rollout.kept"}[state]
    if state == "stopped" and target and n >= target:
        said = "rollout.done"
    out = [f'<p id="rollout-games" data-games="{n}" role="status">{escape(done)} · {escape(tr(said))}</p>',
           '<table class="rollout"><thead><tr>',
           f'<th>{escape(tr("rollout.col_play" if result["kind"] == "plays" else "rollout.col_decision"))}</th>',
           f'<th>{escape(tr("rollout.col_mwc" if unit == "mwc" else "rollout.col_equity"))}</th>',
           '</tr></thead><tbody>']
    if result["kind"] == "cube":
        labels = dict(_CUBE_ROWS)
        rows = [(c["id"], tr(labels[c["id"]]), c) for c in result["candidates"]]
        rows.append(("double_pass", tr(labels["double_pass"]), None))
    else:
        rows = [(c["id"], c["id"], c) for c in result["candidates"]]
    best = None
    if result["kind"] == "plays":
        best = max(result["candidates"], key=lambda c: c["equity"])["id"]
    for cid, label, c in rows:
        equity = result["double_pass"] if c is None else c["equity"]
        mark = ' class="best"' if cid == best else ""
        cell = f'<span class="rollout-value">{escape(_value(equity, unit, language))}</span>'
        if c is not None:
            cell += f'<span class="rollout-half">{escape(_half(c, unit, language))}</span>'
            chances = tr("rollout.chances", win=percent(c["win"], language),
                         gammon=percent(c["win_gammon"], language),
                         backgammon=percent(c["win_backgammon"], language),
                         lose_gammon=percent(c["lose_gammon"], language),
                         lose_backgammon=percent(c["lose_backgammon"], language))
            cell += f'<span class="rollout-chances">{escape(chances)}</span>'
        out.append(f'<tr data-play="{escape(cid)}" data-equity="{equity:.6f}"{mark}>'
                   f'<th scope="row">{escape(label)}</th><td>{cell}</td></tr>')
    out.append("</tbody></table>")
    if result["kind"] == "cube" and n:
        out.append(f'<p class="rollout-note">{escape(tr(_ACTIONS[result["action"]]))} '
                   f'{escape(tr(_ANSWERS[result["response"]]))}</p>')
    unit_key = {"mwc": "rollout.unit_mwc"}.get(unit, "rollout.unit_cubeful" if result.get("cubeful")
                                               else "rollout.unit_points")
    out.append(f'<p class="rollout-note">{escape(tr(unit_key))} {escape(tr("rollout.method"))}</p>')
    return "".join(out)
