"""What the page's live region says: the sentences of what happened since it last spoke.

:class:`Announcer` keeps what it has said (of which match, up to which event, which
status line, which replay frame) and says the rest once, in the page's language
(:mod:`game.app.view.speech` makes the sentences).

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> said = app.announcements()
>>> app.announcements()          # nothing new: nothing said
[]
"""

from game.app.view import speech
from game.app.text.messages import JOIN as _JOIN
from game.app.view.places import seen_from

__all__ = ["Announcer"]


class Announcer:
    """The live region's memory (a part of the app: ``app.announcer``)."""

    def __init__(self, app):
        self.app = app
        self.match_said = None          # what the live region has said: of which match,
        self.events_said = 0            # up to which event,
        self.serial_said = app._message_serial   # and which status message
        self.frame_said = None          # the replay frame said last

    def sentences(self):
        """What the page's live region says now: the sentences of what happened since the last
        call (the match's new events: dice, moves with their hits, the cube, game ends and
        scores), then the status line if it changed, in the page's language.

        Each checker a person moves is said at once; the computer's move is said
        whole when it is played.  A match just opened (a reload, a link, a resumed
        match) says only its status line, not its past.
        """
        out = []
        m = self.app.match
        events = m.events if m is not None else []
        if m is not self.match_said or len(events) < self.events_said:
            self.match_said = m
        else:
            names = (self.app.player_name(0), self.app.player_name(1))
            for event in events[self.events_said:]:
                text = speech.event_sentence(event, self.app.tr, names, self._number,
                                             steps=self.app.is_human(event.get("player")))
                if text:
                    out.append(text)
        self.events_said = len(events)
        if self.serial_said != self.app._message_serial:
            self.serial_said = self.app._message_serial
            text = self._message(self.app.message)
            if text:
                out.append(text)
        frame = self._frame()
        if frame:
            out.append(frame)
        return out

    def _frame(self):
        """In a replay, the action of the frame just shown (once per frame), in words."""
        replay = self.app.replay
        shown = None if replay is None else (id(replay), replay.index)
        if shown == self.frame_said:
            return ""
        self.frame_said = shown
        if replay is None:
            return ""
        frame = replay.frames[replay.index]
        if frame.event is None:
            return self.app.tr("replay.start", game=frame.game)
        setup = replay.setup
        bottom = self.app.bottom
        return speech.event_sentence(
            frame.event, self.app.tr, (self.app.player_name(0, setup), self.app.player_name(1, setup)),
            lambda player, point: seen_from(player, point, bottom)) or ""

    def _number(self, player, point):
        """The number the board shows for ``player``'s ``point``: in a two-player game his own
        (the board shows the numbers of the player on roll), else the person's."""
        viewer = player if self.app.setup.mode == "hotseat" else self.app.game.screen.numbers_for()
        return seen_from(player, point, viewer)

    def _message(self, message):
        """The status line as the live region says it: without what the events said already."""
        if not message:
            return ""
        key, params = message[0], message[1] if len(message) > 1 else {}
        if key == _JOIN:
            return " ".join(t for t in (self._message(p) for p in params["parts"]) if t)
        m = self.app.match
        if key == "msg.choose_target" and self.app.selected is not None and self.app.game.human_moving():
            player = m.player_on_roll
            targets = sorted(m.turn.destinations(self.app.selected), reverse=True)
            words = [self.app.tr("a11y.to_off") if t == 0 else str(self._number(player, t))
                     for t in targets]
            return self.app.tr("a11y.targets", point=self.app._param(params.get("point")),
                               targets=", ".join(words))
        if key in speech.SPOKEN_INSTEAD:
            instead = speech.SPOKEN_INSTEAD[key]
            return self.app.text((instead, params)) if instead else ""
        return self.app.text(message)
