"""A match played back as a mode over the match on the board.

The frames (:func:`game.app.self.frames`) are the positions between the
logged actions; one is shown at a time, with the game's record beside it and
the analysis of a review (:mod:`game.app.review.mode`) when one runs. The match on
the board waits, untouched; :meth:`game.app.controller.Controller.end_replay`
brings it back.
"""

from game.errors import GameError
from game.match import MatchConfig
from game.ids.match_id import decode_match_id
from game.ids.xgid import encode_xgid, xgid_from_gnubg
from game import replay as replays
from game.app.text.messages import is_warning
from game.app.modes.stack import Mode
from game.app.view.html import MARK_SIGNS, record_html
from game.app.view.view_model import board_view, panel, screen

__all__ = ["ReplayMode", "open_replay"]


class ReplayMode(Mode):
    """A match played back: its ``frames``, the ``index`` of the one shown, its ``setup``
    (names, colours), its saved data (``match_data``, to export or review) and when it
    was played (``when``)."""

    name = "replay"

    def __init__(self, app, frames, setup, match_data, when=None, index=0):
        self.app = app
        self.frames = frames
        self.setup = setup
        self.match_data = match_data
        self.when = when
        self.index = index
        self._chances = None       # the net's chance after each play, for the graph (on first draw)

    def go(self, index):
        """Show frame ``index`` (clamped to the first and last)."""
        self.index = max(0, min(len(self.frames) - 1, int(index)))

    def step(self, delta):
        self.go(self.index + delta)

    def signature(self):
        """What the replay shows, per part, without drawing it: the frame, and how it is drawn."""
        app = self.app
        checkers = (id(self.frames), self.index)
        looks = (checkers, app.language, app.bottom, tuple(app.board_shape().values()))
        return {"checkers": checkers, "board": (looks, app.focus), "panels": looks,
                "screen": (looks, app.message, app.modes.names())}

    def view(self, before=None):
        """The :class:`View` of the frame shown.  ``before``: a review's decision shown on
        it instead (a dict: the ``counts`` before the play, its ``dice`` and ``player``, the
        play drawn over them as a ``preview``, the ``position_id`` and ``match_id`` there)."""
        frame = self.frames[self.index]
        setup = self.setup
        tr = self.app.tr
        config = self.match_data.get("config") or {}
        bottom = self.app.bottom
        counts = (tuple(frame.counts(0)), tuple(frame.counts(1)))
        shown = {"counts": counts, "dice": frame.dice or (),
                 "dice_player": frame.on_roll if frame.player is None else frame.player}
        if before is not None:
            shown = {"counts": before["counts"], "dice": before["dice"], "dice_player": before["player"],
                     "preview": before["preview"], "best_play": before["best_play"]}
        board = board_view(
            tr, bottom=bottom, numbers_for=bottom, **self.app.board_shape(),
            colours=setup.colours, cube_value=frame.cube_value, cube_owner=frame.cube_owner,
            cube_offered_by=frame.player if frame.offered else None,
            cube_enabled=config.get("cube", True), crawford=frame.crawford,
            focus=self.app.focus, **shown)
        board = self.app._spoken_board(board, setup)

        top_panel, bottom_panel = (
            panel(tr, board, p, self.app.player_name(p, setup), score=frame.score[p],
                  on_roll=frame.on_roll == p and not frame.over) for p in (1 - bottom, bottom))
        game = [(i, f) for i, f in enumerate(self.frames) if f.game == frame.game]
        rows = []
        signs = self._mark_signs()
        viewer = self.record_numbers()
        for index, shown in game:
            if shown.event is None:
                rows.append(("", tr("replay.start", game=shown.game), False, index))
            else:
                who = self.app.player_name(shown.player, setup) if shown.player is not None else None
                text = self.app.game.screen.event_text(shown.event, who, viewer=viewer) or ""
                if signs.get(index):
                    text += " " + signs[index]
                rows.append((who or "", text,
                             shown.player == bottom, index))
        step = game.index((self.index, frame))
        info = self.app._stakes(config.get("length", 0))
        if config.get("cube", True):
            info += " · " + tr("info.cube", cube=frame.cube_value)
        try:
            xgid = encode_xgid(xgid_from_gnubg(before["position_id"], decode_match_id(before["match_id"]))
                               if before else xgid_from_gnubg(frame.position_id(), frame.match_info()))
        except GameError:
            xgid = ""
        bar_text = (tr("replay.start", game=frame.game) if step == 0 else
                    tr("replay.step", game=frame.game, step=step, total=len(game) - 1))
        return screen(
            board, top_panel, bottom_panel, message=self.app.text(self.app.message),
            warn=is_warning(self.app.message),
            info=info, position_id=before["position_id"] if before else frame.position_id(),
            match_id=before["match_id"] if before else frame.match_id(),
            buttons=self.app.buttons(), move_input=False, language=self.app.language,
            record_html=record_html(rows, current=self.index), xgid=xgid,
            replay={"text": bar_text, "index": self.index, "count": len(self.frames),
                    "graph_html": self.graph_html() if self.app.review is None else ""},
            review=self.app._review_view())

    def graph_html(self):
        """The graph of the chances after each checker play (:mod:`game.app.replay.graph`), for
        the player drawn at the bottom; a review open over the replay draws its own, marked, and
        a review's analysis of the match kept in memory gives the same marks here."""
        from game.app.replay import graph

        kept = self.app.reviews.replay_graph()     # a review's analysis of this match kept: its marks
        if kept is not None:
            return kept
        if self._chances is None:
            self._chances = graph.chances(self.frames)
        setup = self.setup
        names = (self.app.player_name(0, setup), self.app.player_name(1, setup))
        return graph.graph_html(self.frames, self._chances, self.app.bottom, self.app.tr, names, self.index)

    def record_numbers(self):
        """Whose numbering the record writes the moves in: the person's (the bottom player),
        when he played one side (against the computer, or a friend), as his board numbers
        them; None, each move in its player's own, in a replay of two other people (a file
        opened, a two-player game, the computer against itself), as the file, the review's
        list and every other program write them."""
        return self.app.bottom if len(self.setup.humans()) == 1 else None

    def _mark_signs(self):
        """``{frame: sign}`` while the match is reviewed: the worst mark of the decisions each
        frame shows (``??`` a blunder, ``?`` an error, ``?!`` doubtful), for its line in the record."""
        session = self.app.review
        if session is None:
            return {}
        order = list(MARK_SIGNS)                       # doubtful, error, blunder: worst last
        worst = {}
        for entry in session.entries():
            frame = session.frame_of(entry) if entry.get("mark") else None
            if frame is not None and order.index(entry["mark"]) >= order.index(worst.get(frame, order[0])):
                worst[frame] = entry["mark"]
        return {frame: MARK_SIGNS[mark] for frame, mark in worst.items()}


def open_replay(app, history_index=None):
    """Play back the match on the board, or the ``history_index``-th finished one, from its
    first move.  The match on the board waits meanwhile.  True when it started."""
    app.close_lesson()
    app.modes.close("editor", app._clock())
    if history_index is None:
        data, setup, when = app.match.to_dict(), app.setup, app.started_at
    else:
        entries = app.kept.history()
        if not isinstance(history_index, int) or not 0 <= history_index < len(entries):
            return False
        entry = entries[history_index]
        data, setup = entry.get("match"), type(app.setup).from_dict(entry.get("setup"))
        when = entry.get("started_at") or entry.get("finished_at")
    try:
        config = MatchConfig.from_dict(data["config"])
        frames = replays.frames(data["events"], length=config.length,
                                jacoby=config.jacoby and config.money)
    except (GameError, KeyError, TypeError, ValueError, IndexError):
        app.message = ("reason.unknown", {})
        return False
    if not frames:
        app.message = ("reason.unknown", {})
        return False
    app.modes.discard("review")
    app.modes.push(ReplayMode(app, frames, setup, data, when), app.message, again=True)
    app.selected = None
    app.message = ("msg.replay", {"name0": {"player": 1 - app.bottom, "replay": True},
                                  "name1": {"player": app.bottom, "replay": True}})
    return True
