"""A review: a replay with the bot's analysis of each decision, as a mode over the replay.

:class:`ReviewMode` sits on the mode stack over the :class:`game.app.replay.mode.ReplayMode`
it analyses (the board is the replay's); its session is a
:class:`game.app.review.panel.ReviewSession`, weighed a slice at a time (:func:`step`) so the
page stays live. The analyses of the last :data:`REVIEWS_KEPT` matches are kept in
memory: reviewing one again is instant.
"""

import json

from game.errors import GameError
from game.app.modes.stack import Mode
from game.app.keep.share import ShareError, decode, read_ids

__all__ = ["ReviewMode", "Reviews", "REVIEWS_KEPT"]

#: how many matches' analyses are kept in memory (reviewing one again is then instant)
REVIEWS_KEPT = 4


class ReviewMode(Mode):
    """The analysis of the match replayed under it (``session``: a ``ReviewSession``)."""

    name = "review"

    def __init__(self, app, session):
        self.app = app
        self.session = session

    def view(self):
        """The replay's frame; at a checker play, the position before it with the play shown
        (the one made, or the one chosen in the list) drawn over it."""
        replay = self.app.replay
        return replay.view(before=self.session.board_at(replay.index))

    def preview(self, play):
        """The board at the decision shown with ``play`` drawn over it instead (a row of the
        plays pointed at), the review untouched; None when ``play`` is not one of that roll's."""
        replay = self.app.replay
        before = self.session.board_at(replay.index, play)
        return None if before is None else replay.view(before=before).board

    def signature(self):
        """The replay's, and how far the analysis went, the play last tried and the play shown."""
        signature = self.app.replay.signature()
        review = self.session.review
        shown = self.session.board_at(self.app.replay.index)
        drawn = None if shown is None else (shown["position_id"], shown["play"])
        return dict(signature, checkers=(signature["checkers"], drawn),
                    board=(signature["board"], drawn),
                    screen=(signature["screen"], review.done, review.total, repr(self.session.tried), drawn))

    def show(self, play):
        """Keep ``play`` (one of the legal plays of the decision shown) drawn on the board;
        True when it is one of them."""
        return self.session.show(self.app.replay.index, play)

    def panel(self):
        """The review panel of the frame shown (:func:`game.app.review.panel.panel`)."""
        from game.app.review import panel as reviews

        app = self.app
        replay = app.replay
        setup = replay.setup
        return reviews.panel(self.session, replay.index, app.tr,
                             (app.player_name(0, setup), app.player_name(1, setup)), app.bottom)


class Reviews:
    """Opening reviews over the app's replay, and the analyses kept (a part of the app)."""

    def __init__(self, app):
        self.app = app
        self._kept = {}            # the analyses of the last matches reviewed, by their events

    def start(self, history_index=None, deep=False):
        """Replay a match with its analysis: the match on the board (the one being replayed,
        if any) or the ``history_index``-th finished one.  True when it started. ``deep``:
        the review open is weighed again deeper (:meth:`deepen`)."""
        app = self.app
        if deep and app.review is not None:
            return self.deepen()
        if history_index is not None or app.replay is None:
            if not app.start_replay(history_index):
                return False
        from game.app.review import panel as reviews  # the analysis and the bot: loaded on first use
        from game.bot.analysis import Review

        data = app.replay.match_data
        try:
            key = json.dumps(data["events"], sort_keys=True)
            # a new analysis reads the match in its first steps, not in this click
            review = self._kept.get(key) or Review.sliced(data)
            session = reviews.ReviewSession(data, app.replay.frames, review=review)
        except (GameError, KeyError, TypeError, ValueError):
            app.message = ("reason.unknown", {})
            return False
        app.modes.push(ReviewMode(app, session), app.message)
        # the analyses of the last few matches are kept: reviewing one again is instant
        self._kept.pop(key, None)
        self._kept[key] = session.review
        while len(self._kept) > REVIEWS_KEPT:
            self._kept.pop(next(iter(self._kept)))
        app.message = ("msg.review", {})
        return True

    def deepen(self):
        """Weigh the open review again at the master's depth (:data:`panel.DEEP_LEVEL`); the
        quick analysis is kept for a later review. True when it is now deep."""
        session = self.app.review
        if session is None:
            return False
        from game.app.review import panel as reviews
        from game.bot.analysis import Review

        if session.deep:
            return True
        data = self.app.replay.match_data
        key = "deep:" + json.dumps(data["events"], sort_keys=True)
        review = self._kept.pop(key, None)
        if review is None:
            try:
                # the luck does not depend on the depth: the quick review's is kept when complete
                review = Review.sliced(data, level=reviews.DEEP_LEVEL, luck=session.review.luck_values())
            except (GameError, KeyError, TypeError, ValueError):
                return False
        session.use(review)
        self._kept[key] = review
        while len(self._kept) > REVIEWS_KEPT:
            self._kept.pop(next(iter(self._kept)))
        self.app.message = ("msg.review_deep", {})
        return True

    def kept(self, match_data):
        """The complete analysis kept in memory of the match ``match_data``, or None."""
        try:
            review = self._kept.get(json.dumps(match_data["events"], sort_keys=True))
        except (KeyError, TypeError, ValueError):
            return None
        return review if review is not None and review.done == review.total else None

    def replay_graph(self):
        """The graph of the match replayed drawn from its analysis kept in memory (with the
        review's marks, as ``#replay-graph``), or None when none is kept."""
        app = self.app
        replay = app.replay
        review = None if replay is None else self.kept(replay.match_data)
        if review is None:
            return None
        from game.app.review.graph import graph_html
        from game.app.review.panel import ReviewSession

        session = ReviewSession(replay.match_data, replay.frames, review=review)
        names = (app.player_name(0, replay.setup), app.player_name(1, replay.setup))
        return graph_html(session, app.bottom, app.tr, names, replay.index, "replay-graph")

    def step(self, budget=None):
        """Analyse for about ``budget`` seconds (the review's own step by default); True while
        the review has more to weigh."""
        session = self.app.review
        if session is None:
            return False
        from game.app.review import panel as reviews

        try:
            return session.step(reviews.STEP_BUDGET if budget is None else budget)
        except GameError:
            # the match could not be read (Review.sliced): the review closes, the replay stays
            self._forget(session.review)
            self.app.modes.discard("review")
            self.app.message = ("reason.unknown", {})
            return False

    def _forget(self, review):
        """Drop ``review`` from the analyses kept."""
        for key in [k for k, kept in self._kept.items() if kept is review]:
            del self._kept[key]

    def weigh(self, text):
        """Weigh the play ``text`` in place of the one made at the frame shown.  True when it
        is a legal play there."""
        app = self.app
        if app.review is None:
            return False
        return "error" not in app.review.weigh(app.replay.index, text)

    def play_here(self):
        """Open the position before the decision shown as a new match for two players on this
        device (the unfinished match is kept).  True when it opened."""
        app = self.app
        if app.review is None:
            return False
        entries = app.review.at(app.replay.index)
        if not entries:
            return False
        entry = entries[-1]
        try:
            shared = decode(read_ids(f"{entry['position_id']}:{entry['match_id']}"))
            app.message = app.modes.hidden("replay")   # what a set-aside match says when resumed
            app.open_position(shared, "hotseat")
        except ShareError as error:
            app.message = (error.key, {})
            return False
        app.message = ("msg.review_position", {})
        return True
