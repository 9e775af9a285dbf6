"""What the puzzles show: the board of the puzzle on screen and the panel beside it.

The person who solves sits at the bottom (:data:`game.app.view.places.PERSON`), whoever he
was in the game: the player on roll of a checker play or a double, the one who must take
or pass a double offered. On the answer the board shows the position before the play, the
best play drawn over it (class ``best-play``, ``verdict-best``) and the person's own when it
differs (``preview``, with its verdict), as a review draws them. Every text of the panel is
escaped here; its buttons carry ``data-puzzle-act`` (and ``data-puzzle`` a puzzle's key).
"""

import math
from html import escape

from game.ids.match_id import decode_match_id
from game.position import Position
from game.app.keep.puzzle_deck import key_of
from game.app.text.messages import dice_text
from game.app.view.last_moves import preview_of
from game.app.view.places import PERSON, by_seat
from game.app.view.view_model import board_view, panel, screen, spoken

__all__ = ["context", "position_of", "person_of", "board_of", "screen_of", "panel_of", "when",
           "CHOICE_KEYS", "LISTED"]

#: the words of a cube action
CHOICE_KEYS = {"no_double": "hint.no_double", "double": "review.option_double", "take": "hint.take",
               "drop": "hint.drop", "beaver": "review.option_beaver"}
#: how many puzzles the deck's list shows
LISTED = 60
#: how many choices the answer ranks (the person's and the one played are added when further down)
RANKED = 5
_START = Position.start()


def context(puzzle):
    """The Match ID's fields of ``puzzle`` (dice, cube, score, length)."""
    return decode_match_id(puzzle["match_id"])


def position_of(puzzle):
    return Position.from_position_id(puzzle["position_id"])


def person_of(puzzle, info):
    """The solver's number in the Match ID: on roll, or the one a double is offered to."""
    return 1 - info.player_on_roll if puzzle["kind"] == "response" else info.player_on_roll


def _shown(mode):
    """The puzzle whose position the board shows: the one on screen, else the first due or kept."""
    if mode.puzzle is not None:
        return mode.puzzle
    due = mode.app.puzzles.due()
    return due[0] if due else None


def board_of(mode):
    """The :class:`BoardView` of the puzzle on screen (the starting position when none)."""
    app = mode.app
    tr = app.tr
    puzzle = _shown(mode)
    colours = app.setup.colours
    fields = {"bottom": PERSON, "colours": by_seat(colours[PERSON], colours[1 - PERSON]), "focus": app.focus,
              **app.board_shape()}
    if puzzle is None:
        fields["counts"] = by_seat(tuple(_START.mine), tuple(_START.theirs))
    else:
        info = context(puzzle)
        position = position_of(puzzle)
        me = person_of(puzzle, info)
        turn = mode.turn if mode.puzzle is puzzle else None
        playing = mode.screen == "solve" and turn is not None and not turn.is_complete
        shown = turn.current if playing else position
        mine, theirs = tuple(shown.mine), tuple(shown.theirs)
        counts = by_seat(theirs, mine) if puzzle["kind"] == "response" else by_seat(mine, theirs)
        fields.update(counts=counts, cube_value=info.cube_value, crawford=info.crawford,
                      cube_owner=None if info.cube_owner is None else (PERSON if info.cube_owner == me
                                                                       else 1 - PERSON),
                      cube_offered_by=1 - PERSON if puzzle["kind"] == "response" else None)
        if info.dice:
            fields.update(dice=tuple(info.dice), dice_player=PERSON,
                          dice_left=tuple(turn.remaining_dice) if playing else ())
        if playing:
            movable = frozenset(turn.all_destinations())
            selected = mode.board_input.selected if mode.board_input.selected in movable else None
            fields.update(mover=PERSON, movable=movable, selected=selected,
                          targets=frozenset(turn.destinations(selected)) if selected is not None else frozenset())
        verdict = mode.verdict
        if mode.screen == "answer" and verdict is not None and puzzle["kind"] == "move":
            best = mode.rating.best
            answer = verdict["answer"]
            fields["best_play"] = None if answer == best else preview_of(PERSON, best, "best")
            fields["preview"] = preview_of(PERSON, answer, "best" if answer == best else verdict["mark"])
    board = board_view(tr, **fields)
    return spoken(board, tr, by_seat(tr("name.you"), tr("lesson.opponent")))


def _loss(value, language):
    text = f"{abs(value or 0.0):.3f}"
    return text.replace(".", ",") if language == "fr" else text


def when(tr, due, now):
    """When a puzzle comes due, in words: now, in minutes, hours or days.

    >>> from game.app.text.i18n import translator
    >>> tr = translator("en")
    >>> when(tr, 5, 10), when(tr, 610, 10), when(tr, 3 * 86400, 0), when(tr, 86400, 2), when(tr, 7200, 0)
    ('now', 'in 10 minutes', 'in 3 days', 'in 1 day', 'in 2 hours')
    """
    left = due - now
    if left <= 0:
        return tr("puzzles.when_now")
    if left < 3570:                  # the seconds an answer takes to be drawn never say "24 hours"
        return tr.n("puzzles.when_minutes", max(1, math.ceil(left / 60)))
    if left < 84600:
        return tr.n("puzzles.when_hours", max(1, round(left / 3600)))
    return tr.n("puzzles.when_days", max(1, round(left / 86400)))


def _choice(tr, kind, choice):
    return choice if kind == "move" else tr(CHOICE_KEYS.get(choice, "hint.no_double"))


def _what(tr, puzzle):
    """One line saying what a puzzle asks, and what was played in the game."""
    kind = puzzle["kind"]
    if kind == "move":
        asked = tr("puzzles.ask_move", dice=dice_text(context(puzzle).dice))
    else:
        asked = tr("puzzles.ask_" + kind)
    if not puzzle["played"]:
        return asked
    return tr("puzzles.what", asked=asked, played=_choice(tr, kind, puzzle["played"]))


def _button(tr, act, key, value="", primary=False):
    attrs = f' data-puzzle="{escape(value)}"' if value else ""
    cls = "small primary" if primary else "small"
    return (f'<button type="button" class="{cls}" data-puzzle-act="{act}"{attrs}>'
            f'{escape(tr(key))}</button>')


def _stakes(tr, puzzle):
    info = context(puzzle)
    me = person_of(puzzle, info)
    if info.match_length:
        text = tr("puzzles.score", stakes=tr("info.stakes_match", length=tr.n("count.points", info.match_length)),
                  mine=info.score[me], theirs=info.score[1 - me])
        if info.crawford:
            text += " · " + tr("info.crawford")
    else:
        text = tr("info.stakes_money")
    return text + " · " + tr("info.cube", cube=info.cube_value)


def _deck_html(mode, tr):
    deck = mode.app.puzzles
    now = deck.now()
    out = [f'<h2>{escape(tr("puzzles.title"))}</h2>']
    if deck.damaged:
        out.append(f'<p class="warn puzzles-damaged">{escape(tr("puzzles.damaged"))}</p>')
    total, due = len(deck.puzzles), deck.due_count()
    if not total:
        out.append(f'<p class="puzzles-count">{escape(tr("puzzles.empty"))}</p>')
    else:
        out.append(f'<p class="puzzles-count">{escape(tr.n("puzzles.count_due", due, total=tr.n("puzzles.count_total", total)))}</p>')
        if due:
            out.append(f'<p class="puzzles-actions">{_button(tr, "next", "puzzles.solve_due", primary=True)}</p>')
        else:
            out.append(f'<p>{escape(tr("puzzles.next_due", when=when(tr, deck.next_due(), now)))}</p>')
        rows = []
        for puzzle in sorted(deck.puzzles, key=lambda p: p["due"])[:LISTED]:
            key = key_of(puzzle)
            rows.append(f'<li><span class="puzzle-what">{escape(_what(tr, puzzle))}</span> '
                        f'<span class="puzzle-due">{escape(tr("puzzles.due", when=when(tr, puzzle["due"], now)))}</span> '
                        f'{_button(tr, "solve", "puzzles.solve", key)} {_button(tr, "remove", "puzzles.remove", key)}</li>')
        out.append(f'<ol class="puzzles-list">{"".join(rows)}</ol>')
    out.append(f'<p class="puzzles-rule">{escape(tr("puzzles.rule"))}</p>')
    return "".join(out)


def _solve_html(mode, tr, language):
    puzzle = mode.puzzle
    kind = puzzle["kind"]
    if kind == "move":
        title = "puzzles.find_better" if puzzle["played"] else "puzzles.find_best"
    else:
        title = "puzzles.ask_" + kind
    out = [f'<h2>{escape(tr(title))}</h2>']     # the stakes and the score: #match-info, beside
    if puzzle["played"]:
        out.append(f'<p>{escape(tr("puzzles.in_game", played=_choice(tr, kind, puzzle["played"]), loss=_loss(puzzle["loss"], language)))}</p>')
    if kind == "move":
        out.append(f'<p>{escape(tr("puzzles.play_hint", dice=dice_text(context(puzzle).dice)))}</p>')
        out.append(f'<p class="puzzles-actions">{_button(tr, "undo", "button.undo")}</p>')
    else:
        from .rate import CUBE_CHOICES
        buttons = " ".join(_button(tr, name, CHOICE_KEYS[name]) for name in CUBE_CHOICES[kind])
        out.append(f'<p class="puzzles-actions puzzles-cube">{buttons}</p>')
    return "".join(out)


def _ranking_html(mode, tr, language):
    rating, verdict, puzzle = mode.rating, mode.verdict, mode.puzzle
    kind = puzzle["kind"]
    rows = [(i + 1, row) for i, row in enumerate(rating.choices)]
    shown = [(rank, row) for rank, row in rows
             if rank <= RANKED or rank == verdict["rank"] or _same(rating, row[0], puzzle["played"])]
    out = [f'<table class="puzzles-ranking"><thead><tr><th scope="col">{escape(tr("hint.play") if kind == "move" else tr("puzzles.choice"))}</th>'
           f'<th scope="col">{escape(tr("review.loss"))}</th></tr></thead><tbody>']
    for rank, (choice, loss) in shown:
        classes = ["best"] if rank == 1 else []
        tags = []
        if rank == verdict["rank"]:
            classes.append("yours")
            tags.append(tr("puzzles.yours"))
        if puzzle["played"] and _same(rating, choice, puzzle["played"]):
            classes.append("played")
            tags.append(tr("puzzles.played_tag"))
        tag = "".join(f' <span class="played-tag">{escape(t)}</span>' for t in tags)
        attrs = f' class="{" ".join(classes)}"' if classes else ""
        out.append(f'<tr{attrs}><th scope="row">{rank}. {escape(_choice(tr, kind, choice))}{tag}</th>'
                   f'<td>{escape(_loss(loss, language) if rank > 1 else "")}</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _same(rating, choice, played):
    """Whether a ranked choice is the one played in the game (plays compared by their result)."""
    if not played:
        return False
    if rating.kind != "move":
        return choice == played
    try:
        after = rating.position.play(rating.position.parse_move(played, rating.dice)).position_id()
        return after == rating.position.play(rating.position.parse_move(choice, rating.dice)).position_id()
    except Exception:  # noqa: BLE001 - a play kept that this roll cannot make: not that one
        return False


def _answer_html(mode, tr, language):
    puzzle, verdict = mode.puzzle, mode.verdict
    kind = puzzle["kind"]
    best = _choice(tr, kind, mode.rating.best)
    answer = _choice(tr, kind, verdict["answer"])
    if verdict["rank"] == 1:
        title, said = "puzzles.right", tr("puzzles.right_best", answer=answer)
    elif verdict["right"]:
        title, said = "puzzles.right", tr("puzzles.right_close", answer=answer,
                                          loss=_loss(verdict["loss"], language), best=best)
    else:
        title, said = "puzzles.wrong", tr("puzzles.wrong_said", answer=answer,
                                          loss=_loss(verdict["loss"], language), best=best)
    verdict_name = "right" if verdict["right"] else "wrong"
    out = [f'<h2 class="puzzles-verdict" data-verdict="{verdict_name}">{escape(tr(title))}</h2>',
           f'<p class="puzzles-said">{escape(said)}</p>', _ranking_html(mode, tr, language)]
    deck = mode.app.puzzles
    kept = deck.find(key_of(puzzle))
    buttons = [_button(tr, "again", "puzzles.again")]
    if mode.from_link:
        if kept is None:
            buttons.append(_button(tr, "add", "puzzles.add", primary=True))
    elif kept is not None:
        out.append(f'<p class="puzzles-back">{escape(tr("puzzles.back_in", when=when(tr, kept["due"], deck.now())))}</p>')
    if deck.due_count():
        buttons.append(_button(tr, "next", "puzzles.next", primary=not mode.from_link))
    buttons.append(_button(tr, "deck", "puzzles.open_deck"))
    out.append(f'<p class="puzzles-actions">{" ".join(buttons)}</p>')
    return "".join(out)


def _share_html(mode, tr):
    code = mode.share_code()
    if code is None:
        return ""
    return (f'<div class="puzzles-share"><label for="puzzle-link">{escape(tr("puzzles.share"))}</label>'
            f'<div class="copy-row"><input id="puzzle-link" type="text" readonly data-code="{escape(code)}" '
            f'value="?puzzle={escape(code)}"> {_button(tr, "copy", "button.copy_link")}</div></div>')


def panel_of(mode):
    """The panel's data: ``screen``, ``html`` (escaped), ``code`` (of the puzzle shown, or "")."""
    app = mode.app
    tr, language = app.tr, app.language
    if mode.screen == "refused":
        key, params = mode.problem
        html = (f'<h2>{escape(tr("puzzles.refused"))}</h2>'
                f'<p class="warn" id="puzzle-problem">{escape(app.text((key, params)))}</p>'
                f'<p class="puzzles-actions">{_button(tr, "deck", "puzzles.open_deck")}</p>')
    elif mode.screen == "solve":
        html = _solve_html(mode, tr, language) + _share_html(mode, tr)
    elif mode.screen == "answer":
        html = _answer_html(mode, tr, language) + _share_html(mode, tr)
    else:
        html = _deck_html(mode, tr)
    html += f'<p class="puzzles-actions">{_button(tr, "close", "puzzles.close")}</p>'
    return {"screen": mode.screen, "html": html, "code": mode.share_code() or ""}


def _message(mode):
    """The status line: what the person did last, else what to do."""
    if mode.note is not None:
        return mode.note
    if mode.screen == "solve":
        if mode.puzzle["kind"] != "move":
            return ("puzzles.say_cube", {})
        return ("puzzles.say_move", {}) if mode.puzzle["played"] else ("puzzles.say_best", {})
    return None


def screen_of(mode):
    """The :class:`View` of the puzzles: the board, the players, the panel; the game's buttons hidden."""
    app = mode.app
    tr = app.tr
    board = board_of(mode)
    puzzle = _shown(mode)
    info = context(puzzle) if puzzle is not None else None
    me = person_of(puzzle, info) if puzzle is not None else 0
    match_play = info is not None and info.match_length

    def strip(seat):
        person = seat == PERSON
        score = None
        if match_play:
            score = info.score[me if person else 1 - me]
        return panel(tr, board, seat, tr("name.you") if person else tr("lesson.opponent"), score=score,
                     on_roll=person and mode.screen == "solve")

    hidden = {name: (False, False) for name in app.game.screen.play_buttons()}
    hidden |= {"hint": (False, False), "replay": (False, False), "review": (False, False),
               "review-game": (False, False)}
    message = _message(mode)
    text = app.text(message) if message is not None else ""
    return screen(board, strip(1 - PERSON), strip(PERSON), message=text,
                  warn=message is not None and message[0].startswith("reason."),
                  info=_stakes(tr, puzzle) if puzzle is not None else "",
                  position_id=puzzle["position_id"] if puzzle is not None else "",
                  match_id=puzzle["match_id"] if puzzle is not None else "", buttons=hidden,
                  move_input=mode.screen == "solve" and mode.turn is not None, language=app.language,
                  puzzles=panel_of(mode))
