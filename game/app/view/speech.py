"""What a screen reader says: the board's places, and what just happened, in words.

Two jobs, both pure functions of plain data and a translator:

- :func:`slot_labels`: one sentence per place of the board (a point, a bar,
  a tray), the ``aria-label`` of the place the keyboard focus stands on:
  ``"Point 13: 5 dark checkers (Computer)"``, with ``can move``,
  ``selected`` or ``move here`` when it matters;
- :func:`event_sentence`: a logged match event (:mod:`game.match`) as a
  sentence for the page's live region: dice, moves of both players (hits
  included), the cube, resignations, scores and game ends.

Points are spoken as the board shows them: ``number(player, point)`` turns a
point of ``player``'s own numbering (25 the bar, 0 off) into the number on
the board.

>>> from game.app.text.i18n import translator
>>> from game.app.view.geometry import BoardView
>>> tr = translator("en")
>>> labels = slot_labels(BoardView(), tr, ("Ann", "Bob"))
>>> labels["p13"], labels["p1"], labels["p2"]
('Point 13: 5 light checkers (Ann)', 'Point 1: 2 dark checkers (Bob)', 'Point 2: empty')
>>> labels["bar1"], labels["off0"]
('Bar (Bob): empty', 'Borne off (Ann): none')
>>> event_sentence({"type": "move", "player": 0, "dice": [6, 3], "move": "24/18 13/10*"},
...                tr, ("Ann", "Bob"))
'Ann played 6 and 3: 24 to 18; 13 to 10, hitting.'
>>> translator("fr")("a11y.point", n=13, what="vide")
'Flèche 13 : vide'
"""

from game.errors import GameError
from game.move import parse_notation
from game.app.view.places import seen_from

__all__ = ["slot_labels", "board_summary", "event_sentence", "steps_text", "dice_words",
           "SPOKEN_INSTEAD"]

#: message keys of the status line and what the live region says instead: None when
#: the events already said it all (the dice, a move, a cube action, the end of a game),
#: another key when only the question or the prompt is left to say
SPOKEN_INSTEAD = {
    "msg.opening": None, "msg.opening_tie": None, "msg.auto_double": None,
    "msg.bot_played": None, "msg.bot_no_move": None, "msg.playing": None,
    "msg.double_taken": None, "msg.double_dropped": None, "msg.game_won": None,
    "msg.resigned": None, "msg.timeout": None, "msg.match_won": None, "msg.crawford": None,
    "msg.rolled": "a11y.pick_prompt", "msg.rolled_click": "a11y.pick_prompt",
    "msg.double_offered": "a11y.answer_prompt", "msg.beavered": "a11y.answer_prompt",
    "msg.next_game": "a11y.next_game_prompt",
}


def _same(player, point):
    return point


def dice_words(tr, dice):
    """``6 and 3`` (higher die first), ``double 5``; the opening's dice may be one each.

    >>> from game.app.text.i18n import translator
    >>> dice_words(translator("en"), [3, 6]), dice_words(translator("fr"), [5, 5])
    ('6 and 3', 'double 5')
    """
    values = sorted((int(d) for d in dice), reverse=True)
    if len(values) == 2 and values[0] == values[1]:
        return tr("a11y.dice_double", a=values[0])
    if len(values) == 2:
        return tr("a11y.dice", a=values[0], b=values[1])
    return " ".join(str(v) for v in values)


def _where(tr, player, point, number):
    if point == 25:
        return tr("a11y.from_bar")
    if point == 0:
        return tr("a11y.to_off")
    return str(number(player, point))


def _step(tr, player, source, target, hit, number):
    if target == 0:
        text = tr("a11y.step_off", source=_where(tr, player, source, number))
    else:
        text = tr("a11y.step", source=_where(tr, player, source, number),
                  target=_where(tr, player, target, number))
    return tr("a11y.hitting", step=text) if hit else text


def steps_text(tr, player, notation, number=_same):
    """A move in notation as words: ``24/18 13/10*`` → ``24 to 18; 13 to 10, hitting``.

    >>> from game.app.text.i18n import translator
    >>> steps_text(translator("en"), 1, "bar/22 6/off(2)")
    'bar to 22; 6 off (2 checkers)'
    >>> steps_text(translator("fr"), 1, "13/7*", number=lambda player, point: 25 - point)
    '12 vers 18, en frappant'
    """
    try:
        parts = parse_notation(notation)
    except GameError:
        return str(notation)
    out = []
    for source, target, count, hits in parts:
        text = _step(tr, player, source, target, bool(hits), number)
        if count > 1:
            text = tr("a11y.times", step=text, n=count)
        out.append(text)
    return "; ".join(out)


def _checkers(tr, colour, count):
    key = "a11y.light" if colour == "light" else "a11y.dark"
    return tr.n(key, count)


def slot_labels(view, tr, names):
    """``{data-slot: sentence}`` for the 24 points, both bars and both trays of a
    :class:`game.app.view.geometry.BoardView`; ``names`` are the players' names (0, 1)."""
    labels = {}
    bottom = view.bottom
    shown_for = bottom if view.numbers_for is None else view.numbers_for
    mover = view.mover

    def state(player, point):
        """can move / selected / move here, for the mover's ``point`` (his numbering)."""
        if mover is None:
            return []
        words = []
        if player == mover and point == view.selected:
            words.append(tr("a11y.selected"))
        elif player == mover and point in view.movable and view.selected is None:
            words.append(tr("a11y.can_move"))
        if point in view.targets and player == mover:
            words.append(tr("a11y.destination"))
        return words

    def owned(player, count):
        if not count:
            return None
        return tr("a11y.owned", checkers=_checkers(tr, view.colours[player], count), name=names[player])

    for number in range(1, 25):
        parts = []
        for player, point in ((bottom, number), (1 - bottom, 25 - number)):
            text = owned(player, view.counts[player][point - 1])
            if text:
                parts.append(text)
        what = ", ".join(parts) or tr("a11y.empty")
        extra = []
        if mover is not None:
            extra = state(mover, seen_from(bottom, number, mover))
        shown = seen_from(bottom, number, shown_for)
        labels[f"p{number}"] = ", ".join([tr("a11y.point", n=shown, what=what), *extra])
    for player in (0, 1):
        on_bar = view.counts[player][24]
        what = _checkers(tr, view.colours[player], on_bar) if on_bar else tr("a11y.empty")
        labels[f"bar{player}"] = ", ".join(
            [tr("a11y.bar", name=names[player], what=what), *state(player, 25)])
        off = view.off(player)
        what = _checkers(tr, view.colours[player], off) if off else tr("a11y.none")
        labels[f"off{player}"] = ", ".join(
            [tr("a11y.off", name=names[player], what=what), *state(player, 0)])
    return labels


def board_summary(view, tr, names):
    """The board's description: its name, the dice still to play and the cube.

    >>> from game.app.text.i18n import translator
    >>> from game.app.view.geometry import BoardView
    >>> board_summary(BoardView(dice=(6, 3), dice_left=(3,), cube_value=2, cube_owner=1),
    ...               translator("en"), ("Ann", "Bob"))
    'Backgammon board. Dice 6 and 3, left to play: 3. Cube at 2, owned by Bob.'
    """
    parts = [tr("label.board") + "."]
    if view.dice:
        left = ", ".join(str(d) for d in view.dice_left)
        parts.append(tr("a11y.dice_left", dice=dice_words(tr, view.dice), left=left) if left
                     else tr("a11y.dice_shown", dice=dice_words(tr, view.dice)))
    if view.cube_enabled:
        if view.cube_offered_by is not None:
            parts.append(tr("a11y.cube_offered", value=view.cube_value * 2,
                            name=names[view.cube_offered_by]))
        elif view.cube_owner is None:
            parts.append(tr("a11y.cube_centre", value=view.cube_value))
        else:
            parts.append(tr("a11y.cube_owned", value=view.cube_value, name=names[view.cube_owner]))
    return " ".join(parts)


def event_sentence(event, tr, names, number=_same, steps=True):
    """One logged event as a sentence, or None for those that say nothing new.

    ``names`` are the players' names; ``number(player, point)`` turns a point
    of ``player``'s numbering into the number the board shows; ``steps``
    False leaves out single checker steps and their undoing (the computer's:
    its whole move is said once, when it is played).

    >>> from game.app.text.i18n import translator
    >>> en, names = translator("en"), ("Ann", "Bob")
    >>> event_sentence({"type": "roll", "player": 1, "dice": [2, 2]}, en, names)
    'Roll for Bob: double 2.'
    >>> event_sentence({"type": "win", "player": 0, "points": 2, "kind": "gammon",
    ...                 "cube": 1, "score": [2, 0]}, en, names)
    'Ann won a gammon: 2 points. Score: Ann 2, Bob 0.'
    """
    kind = event.get("type")
    player = event.get("player")
    name = names[player] if player in (0, 1) else ""
    if kind in ("roll", "reroll"):
        return tr("a11y.rolls", name=name, dice=dice_words(tr, event["dice"]))
    if kind == "opening_roll":
        dice = event.get("dice") or []
        if player is None:
            return tr("a11y.opening_tie", die=dice[0] if dice and isinstance(dice[0], int) else "")
        if len(dice) == 2 and all(isinstance(d, int) for d in dice):
            return tr("a11y.opening", name0=names[0], die0=dice[0], name1=names[1], die1=dice[1],
                      starter=name)
        return tr("a11y.opening_starter", starter=name)
    if kind == "step":
        if not steps:
            return None
        texts = [_step(tr, player, s, t, h, number) for s, t, h in event.get("steps") or []]
        return tr("a11y.moved", steps="; ".join(texts)) if texts else None
    if kind in ("undo", "undo_all") and not steps:
        return None
    if kind == "undo":
        s, t, h = event["step"]
        return tr("a11y.undone", steps=_step(tr, player, s, t, h, number))
    if kind == "undo_all":
        return tr("a11y.undone_all")
    if kind == "move":
        return tr("a11y.plays", name=name, dice=dice_words(tr, event["dice"]),
                  steps=steps_text(tr, player, event["move"], number))
    if kind == "pass":
        return tr("a11y.passes", name=name, dice=dice_words(tr, event["dice"]))
    if kind in ("double", "beaver", "take"):
        return tr(f"a11y.{kind}", name=name, value=event.get("cube"))
    if kind == "drop":
        return tr("a11y.drop", name=name)
    if kind == "auto_double":
        return tr("a11y.auto_double", value=event.get("cube"))
    if kind == "resign":
        return tr("a11y.resign", name=name)
    if kind == "reject_resignation":
        return tr("a11y.reject", name=name)
    if kind == "flag":
        return tr("a11y.flag", name=name)
    if kind == "win":
        points = tr.n("count.points", event.get("points", 0))
        result = event.get("kind")
        if result in ("gammon", "backgammon"):
            text = tr("a11y.win_kind", name=name, result=tr(f"result.{result}"), points=points)
        else:
            text = tr("a11y.win", name=name, points=points)
        score = event.get("score") or [0, 0]
        return text + " " + tr("a11y.score", name0=names[0], score0=score[0],
                               name1=names[1], score1=score[1])
    if kind == "match_win":
        score = event.get("score") or [0, 0]
        return tr("a11y.match_win", name=name, score=score[player], other=score[1 - player])
    if kind == "game_start" and event.get("game", 1) > 1:
        score = event.get("score") or [0, 0]
        text = tr("a11y.game_start", game=event["game"]) + " " + tr(
            "a11y.score", name0=names[0], score0=score[0], name1=names[1], score1=score[1])
        if event.get("crawford"):
            text += " " + tr("msg.crawford")
        return text
    return None
