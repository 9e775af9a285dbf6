"""The shot counter a teacher switches on: the 36 rolls as a 6 × 6 grid, the ones that hit lit.

:func:`shot_counter` says whose rolls count (the player who rolls next) and
counts them with the engine (:func:`game.shots.shots`); :func:`shots_html`
draws the grid for the page, with the count and the share of 36 in words.

>>> from game import Position
>>> from game.app.text.i18n import translator
>>> found = shots_for(Position.from_counts({24: 1, 1: 14}, {7: 1}))
>>> found.hits
17
>>> html = shots_html(found, "Ann", translator("en"))
>>> html.count('class="lit"'), "17 of 36" in html
(17, True)
"""

from html import escape

from game.match import Phase
from game.shots import ROLLS
from game.shots import shots as shots_for
from game.app.view.hints import percent

__all__ = ["shot_counter", "shots_html", "shots_for"]


def shot_counter(match):
    """``(player, Shots)`` for the player who rolls next, or None when no game is in play.

    Before a roll it is the player on roll; while a turn is played, the opponent,
    on the board as it stands (the shots the mover leaves).
    """
    if match is None or match.phase in (Phase.OPENING, Phase.OVER) or match.player_on_roll is None:
        return None
    position = match.position
    player = match.player_on_roll
    if match.phase is Phase.MOVING:
        position, player = position.swapped(), 1 - player
    return player, shots_for(position)


def _grid(lit, caption, tr):
    rows = ['<table class="shot-grid"><caption>' + escape(caption) + "</caption>",
            "<tr><th></th>" + "".join(f'<th scope="col">{d}</th>' for d in range(1, 7)) + "</tr>"]
    for d1 in range(6):
        cells = []
        for d2 in range(6):
            on = lit[d1][d2]
            label = tr("shots.roll_yes" if on else "shots.roll_no", roll=f"{d1 + 1}-{d2 + 1}")
            cells.append(f'<td class="{"lit" if on else "dim"}" aria-label="{escape(label)}">'
                         f'{"●" if on else ""}</td>')
        rows.append(f'<tr><th scope="row">{d1 + 1}</th>{"".join(cells)}</tr>')
    rows.append("</table>")
    return "".join(rows)


def shots_html(found, name, tr):
    """The grid of the rolls that hit (and, with checkers on the bar, of those that enter)."""
    language = getattr(tr, "language", "en")
    parts = [_grid(found.hit, tr("shots.hits", name=name, count=found.hits,
                                 percent=percent(found.hits / ROLLS, language)), tr)]
    if found.on_bar:
        parts.append(_grid(found.enter, tr("shots.enters", name=name, count=found.entries,
                                           percent=percent(found.entries / ROLLS, language)), tr))
    return "".join(parts)
