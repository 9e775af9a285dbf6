"""The app's rollouts: the one open, the decision it is about, and the results kept.

:class:`Rollouts` is a part of the :class:`game.app.controller.Controller` (its
``rollouts``).  The decision at hand is the review's at the frame shown (its
checker play's best plays, or its cube decision), else the hint's shown for
the match on the board.  A rollout belongs to the place it was opened in: when
the replay moves to another decision or the match goes on, it stops and its
panel goes away (its result is kept, :mod:`game.app.keep.rollouts`).

>>> from game.app.controller import Controller
>>> from game.app.keep.storage import MemoryStore
>>> app = Controller(MemoryStore())
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> app.rollouts.html() is None          # no hint shown, no review: nothing to roll out
True
"""

from game.app.keep.rollouts import Shelf

__all__ = ["Rollouts"]


class Rollouts:
    """The rollout open (``session``), where it was opened (``where``) and the kept results."""

    def __init__(self, app):
        self.app = app
        self.session = None
        self.where = None
        self.pending = False
        self.shelf = Shelf(app.store, app.wall)

    # --- where we are ----------------------------------------------------------------------------
    def _review_entry(self):
        app = self.app
        review = app.review
        if review is None or app.replay is None or app.modes.top() is not app.modes.get("review"):
            return None
        entries = [e for e in review.at(app.replay.index)
                   if (e["kind"] == "move" and e.get("plays", 0) > 1) or e["kind"] == "cube"]
        return entries[-1] if entries else None

    def _hint_shown(self):
        app = self.app
        if app.hint is None or app.replay is not None or app.match is None:
            return None
        key = app.game.screen.hint_key()
        return app.hint if app.hint[0] == key else None

    def here(self):
        """``(source, token)`` of the decision at hand, or None."""
        entry = self._review_entry()
        if entry is not None:
            return "review", ("review", id(self.app.review), self.app.replay.index)
        hint = self._hint_shown()
        if hint is not None:
            return "hint", ("hint", hint[0])
        return None

    def _build(self, source):
        from game.app.rollout.session import for_cube, for_plays

        app = self.app
        if source == "review":
            e = self._review_entry()
            if e["kind"] == "cube":
                return for_cube(e["position_id"], e["match_id"], "review", e["player"])
            return for_plays(e["position_id"], e["match_id"], e["dice"], [row["move"] for row in e["top"]],
                             "review", e["player"])
        _key, kind, data = self._hint_shown()
        m = app.match
        player = m.player_on_roll
        if kind == "plays":
            hints, dice, _match_play = data
            return for_plays(m.turn.position.position_id(), m.match_id(), dice, [str(h.move) for h in hints],
                             "hint", player)
        return for_cube(m.game.position.position_id(), m.match_id(), "hint", player)

    def _open_here(self):
        """The session open, when it is about the decision at hand."""
        found = self.here()
        if self.session is None or found is None or found[1] != self.where:
            return None
        return self.session

    # --- intents (the controller's rollout_command) -----------------------------
    def command(self, name, value=None):
        """``hint`` or ``review``: open the decision's rollout (and start it, unless a result is
        kept); ``start``, ``stop``, ``close``; ``games``, ``truncated``, ``cubeful``: set it to
        ``value``.  True when done."""
        if name in ("games", "truncated", "cubeful"):
            return self.setting(name, value)
        if name in ("hint", "review"):
            found = self.here()
            if found is None or found[0] != name:
                return False
            self.close()
            session = self._build(name)
            if session is None:
                return False
            kept = self.shelf.get(session.key)
            if kept is not None:
                session.result = kept["result"]
                for setting, value in kept.get("settings", {}).items():
                    session.set(setting, str(value).lower())
            self.session, self.where = session, found[1]
            self.pending = kept is None
            return True
        session = self._open_here()
        if session is None:
            return False
        if name == "start":
            self.pending = not session.running
        elif name == "stop":
            self.pending = False
            session.stop()
            self._keep(session)
        elif name == "close":
            self.close()
        else:
            return False
        return True

    def setting(self, name, value):
        session = self._open_here()
        return session is not None and session.set(name, value)

    def close(self):
        if self.session is not None:
            self.session.stop()
            self._keep(self.session)
        self.session, self.where, self.pending = None, None, False

    def _keep(self, session):
        kept = session.kept()
        if kept is not None and session.partial is not None:
            self.shelf.keep(session.key, kept)

    # --- the work and the panel ---------------------------------------------------------------------
    def wanted(self):
        """True when a rollout waits to be run."""
        return self.pending and self._open_here() is not None

    def steps(self):
        """Run the rollout waiting (a generator the page drives in slices); it stops as soon as the
        place it belongs to is left (another decision shown, the match gone on)."""
        session = self._open_here()
        if session is None or not self.pending:
            return False
        self.pending = False
        for _ in session.steps():
            if self._open_here() is not session:
                session.stop()
                break
            yield
        self._keep(session)
        return True

    def take(self):
        """The rollout waiting, begun, for a pool of workers to play its pieces
        (:meth:`RolloutSession.pieces`, :meth:`RolloutSession.add`); None when none waits."""
        session = self._open_here()
        if session is None or not self.pending:
            return None
        self.pending = False
        session.begin()
        return session

    def goes_on(self, session):
        """True while ``session`` runs and the place it belongs to is still shown."""
        if session.running and self._open_here() is not session:
            session.stop()
        return session.running

    def done(self, session):
        """The pool's rollout is over (all games in, stopped, or left): its result is kept."""
        session.stop()
        self._keep(session)

    def html(self):
        """``{"head", "rows"}`` of the panel, or None when there is nothing to show."""
        found = self.here()
        if found is None:
            return None
        from game.app.rollout import view    # only once there is a decision: not before playable

        session = self._open_here()
        tr = self.app.tr
        if session is None:
            return view.offer_html(found[0], tr)
        if session.kind == "cube":
            title = tr("rollout.title_cube")
        else:
            dice = session.request["dice"] if session.request else None
            dice = dice or session.key.rsplit(":", 1)[1]
            title = tr("rollout.title_plays", dice="-".join(str(d) for d in dice))
        return view.panel_html(session, tr, title, session.running or self.pending)
