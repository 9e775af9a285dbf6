"""What the Hint button shows, as plain data: the best plays of a roll, or a cube decision.

The numbers come from :class:`game.bot.Bot` (``hints`` for plays,
``cube_equities`` for the cube); this module only turns them into rows of
text in the player's language, which :func:`game.app.view.html.hints_html` draws.

Plays are ranked best first with their equity (money play: points per game;
a match: the match winning chance) and how much each loses against the
best, and the chances of winning, of winning a gammon and of losing one.

>>> from game import Position
>>> from game.bot import Bot
>>> from game.app.text.i18n import translator
>>> view = plays_view(Bot().hints(Position.start(), (3, 1)), (3, 1), translator("en"))
>>> view.title, view.rows[0].label, view.rows[0].best, view.rows[1].diff.startswith("−")
('Best plays for 3-1', '8/5 6/5', True, True)
>>> percent(0.5312, "fr"), signed(0.0451, "fr"), signed(-0.25, "en")
('53,1\\xa0%', '+0,045', '−0.250')
"""

from dataclasses import dataclass

__all__ = ["HintRow", "HintView", "plays_view", "cube_view", "percent", "signed", "LIMIT"]

#: how many plays a hint lists
LIMIT = 5


@dataclass(frozen=True)
class HintRow:
    """One line of a hint, already formatted.  ``chances`` says what a play wins and loses;
    ``play`` is the notation a click on the row plays (plays only); ``best`` marks the
    right choice."""

    label: str
    value: str
    diff: str = ""
    chances: str = ""
    best: bool = False
    play: str | None = None


@dataclass(frozen=True)
class HintView:
    """A hint: ``kind`` is ``"plays"`` or ``"cube"``; ``columns`` the table's headings;
    ``notes`` sentences under it."""

    kind: str
    title: str
    columns: tuple
    rows: tuple
    notes: tuple = ()
    more: tuple = ()            # the plays past the first ``LIMIT``, listed on demand
    more_label: str = ""


def _decimal(text, language):
    return text.replace(".", ",") if language == "fr" else text


def percent(value, language="en"):
    """``0.5312`` as ``53.1%`` (French: ``53,1 %`` with a no-break space)."""
    text = _decimal(f"{100 * value:.1f}", language)
    return f"{text}\u00a0%" if language == "fr" else f"{text}%"


def signed(value, language="en", digits=3):
    """An equity with its sign: ``+0.045``, ``−0.250`` (a true minus sign)."""
    text = _decimal(f"{abs(value):.{digits}f}", language)
    return ("−" if value < 0 else "+") + text


def _chances(p, language):
    """Win, win a gammon, lose a gammon, from the bot's five probabilities."""
    return percent(p[0], language), percent(p[1], language), percent(p[3], language)


def plays_view(hints, dice, tr, *, match_play=False, limit=LIMIT):
    """The best plays (:class:`game.bot.Hint`, best first) of the roll ``dice``."""
    language = tr.language
    dice_text = "-".join(str(d) for d in sorted(dice, reverse=True))
    if not hints:
        return HintView("plays", tr("hint.plays_title", dice=dice_text), (), (),
                        (tr("hint.no_play", dice=dice_text),))
    if match_play:
        values = [h.mwc for h in hints]
        columns = (tr("hint.play"), tr("hint.mwc"))
        value_text = lambda v: percent(v, language)          # noqa: E731
        diff_text = lambda d: tr("hint.diff_match", diff=signed(100 * d, language, 2))   # noqa: E731
    else:
        values = [h.equity for h in hints]
        columns = (tr("hint.play"), tr("hint.equity"))
        value_text = lambda v: signed(v, language)           # noqa: E731
        diff_text = lambda d: tr("hint.diff_money", diff=signed(d, language))   # noqa: E731
    best = values[0]
    rows = []
    for rank, (hint, value) in enumerate(zip(hints, values)):
        win, gammon, lose_gammon = _chances(hint.probabilities, language)
        rows.append(HintRow(label=str(hint.move), value=value_text(value),
                            diff=diff_text(value - best) if rank else "",
                            chances=tr("hint.row_chances", win=win, gammon=gammon,
                                       lose_gammon=lose_gammon),
                            best=rank == 0, play=str(hint.move)))
    notes = [tr("hint.chances_note")]
    notes.append(tr("hint.unit_match") if match_play else tr("hint.unit_money"))
    notes.append(tr("hint.depth"))
    notes.append(tr("hint.click"))
    more = tuple(rows[limit:]) if limit is not None else ()
    return HintView("plays", tr("hint.plays_title", dice=dice_text), columns, tuple(rows[:limit]),
                    tuple(notes), more, tr.n("hint.show_more", len(more)) if more else "")


_ACTIONS = {"double": "hint.action_double", "no_double": "hint.action_no_double",
            "too_good": "hint.action_too_good"}
_ANSWERS = {"take": "hint.answer_take", "drop": "hint.answer_drop", "beaver": "hint.answer_beaver"}


def cube_view(equities, probabilities, tr, *, answering=False):
    """The cube decision: :class:`game.bot.CubeEquities` and the five probabilities, both
    seen from the player on roll (the doubler).  ``answering``: the person must take or
    drop a double, and the rows are seen from his side."""
    language = tr.language
    e = equities
    mwc = e.unit == "mwc"
    value_text = (lambda v: percent(v, language)) if mwc else (lambda v: signed(v, language))
    win, gammon, lose_gammon = _chances(probabilities, language)
    if answering:
        # the taker's side: his chances are the doubler's the other way round
        win, gammon, lose_gammon = (percent(1 - probabilities[0], language),
                                    percent(probabilities[3], language),
                                    percent(probabilities[1], language))
        mine = (lambda v: 1 - v) if mwc else (lambda v: -v)
        response = e.response
        rows = (HintRow(tr("hint.take"), value_text(mine(e.double_take)),
                        best=response in ("take", "beaver")),
                HintRow(tr("hint.drop"), value_text(mine(e.double_drop)), best=response == "drop"))
        notes = (tr(_ANSWERS[response]),)
        title = tr("hint.answer_title")
    else:
        action = e.action
        best = 0 if action != "double" else (2 if e.response == "drop" else 1)
        rows = tuple(HintRow(tr(name), value_text(value), best=index == best)
                     for index, (name, value) in enumerate((("hint.no_double", e.no_double),
                                                            ("hint.double_take", e.double_take),
                                                            ("hint.double_drop", e.double_drop))))
        notes = (tr(_ACTIONS[action]), tr(_ANSWERS["take" if e.response == "beaver" else e.response]))
        title = tr("hint.cube_title")
    chances = tr("hint.chances", win=win, gammon=gammon, lose_gammon=lose_gammon)
    unit = tr("hint.unit_match") if mwc else tr("hint.unit_cube")
    columns = ("", tr("hint.mwc") if mwc else tr("hint.equity"))
    return HintView("cube", title, columns, rows, (*notes, chances, unit, tr("hint.depth")))
