"""The review panel: a match's analysis (:mod:`game.bot.analysis`) beside its replay, as plain data.

A :class:`ReviewSession` runs the analysis a few decisions at a time
(:meth:`ReviewSession.step`, so that the page can draw its progress and stay
responsive), knows which replay frame shows each decision, weighs a play
the person tries instead (:meth:`ReviewSession.weigh`), and turns all of it
into escaped HTML in the player's language (:func:`panel`).

A decision is attached to the frame of the action that made it: a move to
the board after the move, a missed double to the move that followed it, a
take or a drop to the board after it.

>>> from game.dice import ManualDice
>>> from game.match import Match, MatchConfig
>>> from game import replay
>>> from game.app.text.i18n import translator
>>> match = Match(MatchConfig(length=3), ManualDice([3, 1, 6, 5]))
>>> match.roll(); match.play_text("8/5 6/5"); match.roll(); match.play_text("8/3 8/2")
(3, 1)
(6, 5)
>>> data = match.to_dict()
>>> frames = replay.frames(data["events"], length=3)
>>> session = ReviewSession(data, frames)
>>> while session.step():
...     pass
>>> [(e["played"], session.frame_of(e)) for e in session.entries()]
[('8/5 6/5', 1), ('8/3 8/2', 2)]
>>> view = panel(session, 2, translator("en"), ("Ann", "Bob"))
>>> "blunder" in view["detail_html"], view["progress"], view["can_try"]
(True, '', True)
>>> tried = session.weigh(2, "24/13")
>>> tried["move"], tried["plays"], 1 <= tried["rank"] <= 7
('24/13', 7, True)
>>> session.weigh(2, "24/23")["error"]
'review.try_illegal'
"""

import bisect
import math
import time
from html import escape

from game.bot.analysis import MARKS_ORDER, MIN_RATED, TOP, Review, mark
from game.errors import GameError
from game.position import Position
from game.app.review.graph import graph_html
from game.app.view.hints import percent, signed
from game.app.view.html import MARK_SIGNS
from game.app.view.last_moves import preview_of

__all__ = ["ReviewSession", "panel", "progress_text", "STEP_BUDGET", "MIN_RATED", "DEEP_LEVEL", "time_left_text"]

#: seconds of analysis between two paints of the page
STEP_BUDGET = 0.04
#: the level of a deep review: the master's depth (2-ply on its best close plays, cube 1-ply)
DEEP_LEVEL = "master"
#: seconds of analysis before the time left is estimated from its pace
PACE_AFTER = 2.0
_ACTION_KEYS = {"double": "review.action_double", "no_double": "review.action_no_double",
                "too_good": "review.action_too_good", "take": "review.action_take",
                "drop": "review.action_drop", "beaver": "review.action_beaver"}


class ReviewSession:
    """The analysis of one match in progress or done, tied to that match's replay ``frames``."""

    def __init__(self, match_data, frames, clock=time.perf_counter, review=None):
        # ``review``: the same match's analysis kept from an earlier session (it goes on
        # from where it stopped); else a new one, which refuses bad data (InvalidMatchError)
        self.review = review if review is not None else Review(match_data)
        self.clock = clock
        index_of = {id(event): i for i, event in enumerate(match_data["events"])}
        pairs = sorted((index_of[id(f.event)], k) for k, f in enumerate(frames)
                       if f.event is not None and id(f.event) in index_of)
        self._events = [i for i, _ in pairs]
        self._frames = [k for _, k in pairs]
        self.tried = None                          # (frame, result dict or error key) of the last try
        self.shown = None                          # (frame, play) chosen to be shown on the board there
        self._result = None
        self._since = None                         # (review, when, done) as the analysis began

    @property
    def running(self):
        return self.review.done < self.review.total

    def step(self, budget=0.0):
        """Weigh decisions for about ``budget`` seconds (one at least); True while more remain."""
        start = self.clock()
        self._timed()
        opening = self.review.opening
        more = self.review.step()
        # a slice reads the match or weighs, never both: once read, the pool may weigh instead
        while more and self.review.opening == opening and self.clock() - start < budget:
            more = self.review.step()
        self._result = None
        return more

    def use(self, review):
        """Show ``review`` (the same match's, another depth) from now on."""
        self.review = review
        self._result = None

    def put(self, part, start, values):
        """Take a piece weighed elsewhere (a worker's, :meth:`game.bot.analysis.Review.put`)."""
        self._timed()
        self.review.put(part, start, values)
        self._result = None

    def _timed(self):
        """Note when the analysis at hand began (for :meth:`time_left`)."""
        if self._since is None or self._since[0] is not self.review:
            self._since = (self.review, self.clock(), self.review.done)

    def time_left(self):
        """Seconds the analysis should still take, from its pace so far, or None (too soon
        to tell: under :data:`PACE_AFTER` seconds, or nothing weighed yet).

        >>> from game.match import Match
        >>> times = iter([0.0, 0.0, 4.0])
        >>> session = ReviewSession(Match().to_dict(), [], clock=lambda: next(times))
        >>> session.review.total, session.time_left()
        (0, None)
        """
        if self._since is None or self._since[0] is not self.review:
            return None
        _, began, done_then = self._since
        done, spent = self.review.done - done_then, self.clock() - began
        if done <= 0 or spent < PACE_AFTER:
            return None
        return spent / done * (self.review.total - self.review.done)

    @property
    def deep(self):
        """True when the review weighs at the master's depth (:data:`DEEP_LEVEL`)."""
        return self.review.level == DEEP_LEVEL

    def result(self):
        if self._result is None:
            self._result = self.review.result()
        return self._result

    def entries(self):
        return self.result()["entries"]

    def frame_of(self, entry):
        """The replay frame that shows ``entry``'s decision (None if the record stops before)."""
        at = bisect.bisect_left(self._events, entry["index"])
        return self._frames[at] if at < len(self._frames) else None

    def at(self, frame):
        """The entries shown with replay frame ``frame``."""
        return [e for e in self.entries() if self.frame_of(e) == frame]

    def move_at(self, frame):
        """The checker play shown with ``frame`` that a person may try to better, or None."""
        return next((e for e in self.at(frame) if e["kind"] == "move" and e["plays"] > 1), None)

    def decision(self, frame):
        """The checker play shown with ``frame`` (an entry of kind ``"move"``), or None."""
        return next((e for e in self.at(frame) if e["kind"] == "move"), None)

    def shown_play(self, frame):
        """The play drawn on the board at ``frame``: the one chosen in the list (:meth:`show`),
        else the one made; None without a checker play there."""
        entry = self.decision(frame)
        if entry is None:
            return None
        if self.shown is not None and self.shown[0] == frame:
            return self.shown[1]
        return entry["played"]

    def show(self, frame, play):
        """Draw ``play``, one of the legal plays of the decision at ``frame``, on the board
        there (the play made again when it is that one).  True when it is one of them."""
        entry = self.decision(frame)
        if entry is None or play not in {row["move"] for row in entry["top"]}:
            return False
        self.shown = (frame, play)
        return True

    def board_at(self, frame, play=None):
        """What the board shows at ``frame`` when a checker play was made there: the position
        before it, with ``play`` (the :meth:`shown_play` by default) drawn over it; a dict
        for :meth:`game.app.replay.mode.ReplayMode.view`, or None (no play there, or ``play``
        not one of that roll's).  The counts are player 0's then player 1's, each from his side."""
        entry = self.decision(frame)
        play = self.shown_play(frame) if play is None else play
        if entry is None or entry["played"] is None or \
                play not in {row["move"] for row in entry["top"]}:
            return None
        player = entry["player"]
        position = Position.from_position_id(entry["position_id"])
        mine, theirs = tuple(position.mine), tuple(position.theirs)
        best = entry["top"][0]["move"]
        loss = next(row["loss"] for row in entry["top"] if row["move"] == play)
        verdict = "best" if play == best else mark(loss)
        return {"counts": (mine, theirs) if player == 0 else (theirs, mine), "dice": tuple(entry["dice"]),
                "player": player, "preview": preview_of(player, play, verdict), "play": play,
                "best_play": None if best == play else preview_of(player, best, "best"),
                "position_id": entry["position_id"], "match_id": entry["match_id"]}

    def weigh(self, frame, text):
        """How the bot ranks the play ``text`` instead of the one made at ``frame``.

        Returns a dict (``move``, ``rank``, ``plays``, ``loss``, ``mark``, ``best``),
        or ``{"error": key}`` when there is no play to try there or the text is not
        a legal play of that roll.
        """
        entry = self.move_at(frame)
        if entry is None:
            found = {"error": "review.try_nothing"}
        else:
            try:
                found = self.review.weigh(entry["index"], text)
            except GameError:
                found = {"error": "review.try_illegal", "text": str(text)[:40]}
        self.tried = (frame, found)
        if "error" not in found:
            self.show(frame, found["move"])      # the play tried is drawn on the board too
        return found


# --- the panel, in words ----------------------------------------------------------------------------
def _loss(value, language):
    """What a decision gave up, a number of equity never below zero: the words around it say
    it is lost ("gives up 0.473 in equity", the column "Equity lost"), so no minus sign."""
    text = f"{abs(value or 0.0):.3f}"
    return text.replace(".", ",") if language == "fr" else text


def _mark_html(entry, tr):
    name = entry.get("mark")
    if not name:
        return ""
    return (f' <span class="mark mark-{name}"><span class="mark-sign" aria-hidden="true">{MARK_SIGNS[name]}</span> '
            f'{escape(tr("mark." + name))}</span>')


def _dice(entry):
    return "".join(str(d) for d in sorted(entry["dice"], reverse=True))


def _line(entry, tr, names):
    """One sentence saying what the player did."""
    name = names[entry["player"]]
    kind = entry["kind"]
    if kind == "move":
        return tr("review.move", name=name, dice=_dice(entry), move=entry["played"])
    if kind == "pass":
        return tr("review.pass", name=name, dice=_dice(entry))
    return tr(_ACTION_KEYS[entry["action"]] + "_done", name=name)


def _summary_html(result, tr, names, language):
    players = result["players"]
    rows = []

    def row(label, values, name=""):
        cells = "".join(f"<td>{escape(v)}</td>" for v in values)
        attrs = f' class="{name}"' if name else ""
        rows.append(f'<tr{attrs}><th scope="row">{escape(label)}</th>{cells}</tr>')

    def rate(p):
        if p["millipoints"] is None:
            return "—"
        text = f"{p['millipoints']:.1f}"
        return text.replace(".", ",") if language == "fr" else text

    row(tr("review.decisions"), [str(p["decisions"]) for p in players])
    row(tr("review.error_rate"), [rate(p) for p in players])
    rated = [p["rating"] and p["decisions"] >= MIN_RATED for p in players]
    row(tr("review.rating"), [tr("rating." + p["rating"]) if ok else "—" for p, ok in zip(players, rated)],
        "rating")
    for name in MARKS_ORDER:
        row(tr("review.count_" + name), [str(p["marks"][name]) for p in players])
    row(tr("review.total_loss"), [_loss(p["loss"], language) for p in players])
    row(tr("review.luck"), ["…" if p["luck"] is None else signed(p["luck"], language) for p in players])
    head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    note = ""
    if not all(rated):
        note = f'<p class="review-rating-note">{escape(tr("review.rating_wait", count=MIN_RATED))}</p>'
    return (f'<table class="review-summary"><thead><tr><td></td>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{note}')


def _play_rows(entry, rows, tr, language, match_play, shown):
    out = []
    for row in rows:
        classes = []
        if row["rank"] == 1:
            classes.append("best")
        played = row["move"] == entry["played"]
        if played:
            classes.append("played")
        if row["move"] == shown:
            classes.append("shown")
        move = escape(row["move"])
        attrs = f' class="{" ".join(classes)}"' if classes else ""
        value = percent(row["mwc"], language) if match_play else signed(row["equity"], language)
        loss = _loss(row["loss"], language) if row["rank"] > 1 else ""
        tag = f' <span class="played-tag">{escape(tr("review.played_tag"))}</span>' if played else ""
        pressed = "true" if row["move"] == shown else "false"
        out.append(f'<tr{attrs} data-review-play="{move}"><th scope="row">'
                   f'<button type="button" class="review-play-row" data-review-play="{move}" '
                   f'aria-pressed="{pressed}">{row["rank"]}. {move}</button>{tag}</th>'
                   f'<td>{escape(value)}</td><td>{escape(loss)}</td></tr>')
    return "".join(out)


def _plays_table(head, body):
    return f'<table class="review-plays">{head}<tbody>{body}</tbody></table>'


def _plays_html(entry, tr, language, match_play, shown=None):
    """The best plays as rows of buttons (each shows its play on the board), the one made
    marked; the rest of the legal plays folded under "All N plays"."""
    head = (f'<thead><tr><th scope="col">{escape(tr("hint.play"))}</th>'
            f'<th scope="col">{escape(tr("hint.mwc") if match_play else tr("hint.equity"))}</th>'
            f'<th scope="col">{escape(tr("review.loss"))}</th></tr></thead>')
    ranked = entry["top"]
    first = [row for row in ranked if row["rank"] <= TOP or row["move"] == entry["played"]]
    rest = ranked[TOP:]
    out = [_plays_table(head, _play_rows(entry, first, tr, language, match_play, shown))]
    if rest:
        # open while the play shown is one of them (the panel is drawn again after a click)
        opened = " open" if any(row["move"] == shown for row in rest) else ""
        out.append(f'<details class="review-more"{opened}><summary>'
                   f'{escape(tr.n("review.all_plays", len(ranked)))}</summary>'
                   f'{_plays_table(head, _play_rows(entry, rest, tr, language, match_play, shown))}'
                   f'</details>')
    out.append(f'<p class="review-show-note">{escape(tr("review.show_note"))}</p>')
    return "".join(out)


def _cube_html(entry, tr, language):
    options = entry["options"]
    labels = {"no_double": "hint.no_double", "double": "review.option_double", "take": "hint.take",
              "drop": "hint.drop", "beaver": "review.option_beaver"}
    top = max(options.values())
    out = ['<table class="review-plays cube"><thead><tr><td></td>'
           f'<th scope="col">{escape(tr("hint.equity"))}</th>'
           f'<th scope="col">{escape(tr("review.loss"))}</th></tr></thead><tbody>']
    for name, value in options.items():
        classes = []
        if abs(value - top) < 1e-9:
            classes.append("best")
        if name == entry["action"]:
            classes.append("played")
        attrs = f' class="{" ".join(classes)}"' if classes else ""
        loss = _loss(top - value, language) if top - value > 1e-9 else ""
        out.append(f'<tr{attrs}><th scope="row">{escape(tr(labels[name]))}</th>'
                   f'<td>{escape(signed(value, language))}</td><td>{escape(loss)}</td></tr>')
    out.append("</tbody></table>")
    if entry["kind"] == "cube":
        eq = entry["equities"]
        out.append(f'<p class="review-verdict">{escape(tr("hint.double_take"))} '
                   f'{escape(signed(eq["double_take"], language))} · {escape(tr("hint.double_drop"))} '
                   f'{escape(signed(eq["double_drop"], language))}</p>')
    return "".join(out)


def _detail_html(entries, tr, names, language, match_play, shown=None):
    if not entries:
        return f'<p class="review-none">{escape(tr("review.no_decision"))}</p>'
    out = []
    for entry in entries:
        out.append(f'<p class="review-line">{escape(_line(entry, tr, names))}{_mark_html(entry, tr)}</p>')
        if entry["kind"] == "move":
            if entry["plays"] <= 1:
                out.append(f'<p class="review-verdict">{escape(tr("review.forced"))}</p>')
            elif entry["loss"] > 0:
                out.append(f'<p class="review-verdict">{escape(tr("review.lost", loss=_loss(entry["loss"], language), best=entry["best"]))}</p>')
            else:
                out.append(f'<p class="review-verdict">{escape(tr("review.best_play"))}</p>')
            if entry["plays"] > 1:
                out.append(_plays_html(entry, tr, language, match_play, shown))
        elif entry["kind"] in ("cube", "response"):
            best = tr(_ACTION_KEYS[entry["best"]])
            if entry["loss"] > 0:
                out.append(f'<p class="review-verdict">{escape(tr("review.cube_lost", loss=_loss(entry["loss"], language), best=best))}</p>')
            else:
                out.append(f'<p class="review-verdict">{escape(tr("review.cube_right", best=best))}</p>')
            out.append(_cube_html(entry, tr, language))
        if entry.get("luck") is not None:
            out.append(f'<p class="review-luck">{escape(tr("review.roll_luck", luck=signed(entry["luck"], language)))}</p>')
    return "".join(out)


def _list_html(session, frame, tr, names, language):
    items = []
    for entry in session.entries():
        if not entry["counted"]:
            continue
        shown = session.frame_of(entry)
        if shown is None:
            continue
        classes = ["review-item"]
        attrs = f' data-frame="{shown}"'
        if shown == frame:
            classes.append("current")
            attrs += ' aria-current="step"'
        if entry["mark"]:
            classes.append("mark-" + entry["mark"])
        loss = (f' <span class="loss">{escape(tr("review.list_loss", loss=_loss(entry["loss"], language)))}</span>'
                if entry["loss"] else "")
        items.append(f'<li class="{" ".join(classes)}"{attrs} tabindex="0">'
                     f'{escape(_line(entry, tr, names))}{_mark_html(entry, tr)}{loss}</li>')
    return "".join(items)


def _tried_text(session, frame, tr, language):
    if session.tried is None or session.tried[0] != frame:
        return ""
    found = session.tried[1]
    if "error" in found:
        return tr(found["error"], text=found.get("text", ""))
    if found["rank"] == 1:
        return tr("review.try_best", move=found["move"])
    mark = tr("mark." + found["mark"]) if found["mark"] else tr("review.no_mark")
    return tr("review.try_result", move=found["move"], rank=found["rank"], plays=found["plays"],
              loss=_loss(found["loss"], language), mark=mark, best=found["best"])


def time_left_text(seconds, tr):
    """The time a review still needs, in words ("" when it cannot tell yet).

    >>> from game.app.text.i18n import translator
    >>> tr = translator("en")
    >>> time_left_text(None, tr), time_left_text(20, tr), time_left_text(200, tr)
    ('', '(under a minute left)', '(about 4 min left)')
    """
    if seconds is None:
        return ""
    if seconds < 60:
        return tr("review.time_left_short")
    return tr("review.time_left", minutes=int(math.ceil(seconds / 60)))


def progress_text(session, tr):
    """The line that says how far the analysis is ("" once it is complete).

    >>> from game.match import Match
    >>> from game.app.text.i18n import translator
    >>> progress_text(ReviewSession(Match().to_dict(), []), translator("en"))
    ''
    """
    if session.review.opening:
        return tr("review.opening")
    if not session.running:
        return ""
    key = "review.progress_deep" if session.deep else "review.progress"
    progress = tr(key, done=session.review.done, total=session.review.total)
    left = time_left_text(session.time_left(), tr)
    return f"{progress} {left}" if left else progress


def panel(session, frame, tr, names, player=0):
    """What the review panel shows at replay ``frame``: a dict of escaped HTML and plain texts.

    ``names`` are the players' names (player 0, player 1); the graph follows ``player``'s
    chances (:mod:`game.app.review.graph`).
    """
    language = tr.language
    result = session.result()
    match_play = bool(result["length"])
    return {
        "progress": progress_text(session, tr),
        "done": session.review.done,
        "total": session.review.total,
        "deep": session.deep,
        "summary_html": _summary_html(result, tr, names, language),
        "detail_html": _detail_html(session.at(frame), tr, names, language, match_play,
                                    session.shown_play(frame)),
        "list_html": _list_html(session, frame, tr, names, language),
        "graph_html": graph_html(session, player, tr, names, frame),
        "tried": _tried_text(session, frame, tr, language),
        "can_try": session.move_at(frame) is not None,
        "can_play": bool(session.at(frame)),
    }
