"""What the game shows: the board of the match, the players' panels, the buttons, the record.

:class:`GameScreen` is the view part of :class:`game.app.play.mode.GameMode`; it builds
the :class:`game.app.view.view_model.View` with the one builder (:mod:`game.app.view.view_model`),
and a cheap :meth:`GameScreen.signature` of what it shows, so that an intent can say
which parts changed without drawing anything.

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> before = app.game.screen.signature()
>>> effects = app.roll()
>>> after = app.game.screen.signature()
>>> [part for part in before if before[part] != after[part]]
['board', 'panels', 'screen']
>>> effects.parts(), effects.animate, effects.saved
(('board', 'panels', 'screen'), False, True)
"""

from dataclasses import replace

from game.dice import SystemDice
from game.errors import GameError
from game.match import RESIGN_KINDS, RESIGN_NAMES, Phase
from game.app import match_options
from game.app.view.hints import cube_view, plays_view
from game.app.view.last_moves import last_moves
from game.app.text.messages import clock_text as say_clock
from game.app.text.messages import is_warning
from game.app.text.i18n import Addressee
from game.app.view.places import PERSON, move_seen_from
from game.app.view.geometry import BoardView
from game.app.view.html import hints_html, player_html, record_html
from game.app.view.view_model import board_view, panel, screen

__all__ = ["GameScreen", "game_start"]

#: the logged actions a replay and a review have something to show of
DECISIONS = frozenset({"move", "pass", "double", "beaver", "take", "drop"})


class GameScreen:
    """The view of the match on the board: a part of :class:`game.app.play.mode.GameMode`
    (its ``screen``), which reads the game and the app (``game.app``)."""

    def __init__(self, game):
        self.game = game
        self.app = game.app

    def signature(self):
        """What the game shows, per part, as plain data (nothing drawn): the checkers alone;
        the board (the checkers, the dice and the cube, what is picked, the focus, the
        orientation); the panels (names, score, pips, who is to act, the clocks to the
        second); the rest of the screen (the status line, the buttons, the record, the hint,
        the forms)."""
        app = self.app
        m = app.match
        if m is None:
            return {"board": None, "checkers": None, "panels": None, "screen": None}
        checkers = (id(m), self._counts())
        looks = (app.language, app.setup, app.bottom, app.prefs.numbering)
        board = (checkers, looks, m.match_id(), m.phase, len(m.events), self.game.selected, app.focus,
                 tuple(app.board_shape().values()))
        clocks = None if m.clock is None else tuple(
            tuple(int(t + 0.999) for t in m.clock.remaining(p)) for p in (0, 1))
        panels = (checkers, looks, tuple(m.score), m.player_to_act, m.phase is Phase.OVER, clocks)
        rest = (looks, app.message, m.match_id(), m.phase, len(m.events), app.resign_choice,
                app.dice_invalid, tuple(app.dice_ties), app.hint is not None and app.hint[0],
                app.prefs.click_moves, app.friend_panel(), app.tutor.threshold())
        return {"board": board, "checkers": checkers, "panels": panels, "screen": rest}

    def record(self):
        """The current game so far, one ``(player, text)`` per action, oldest first.

        Moves read as in GNU Backgammon's records (``31: 8/5 6/5``), their points
        numbered as the board numbers them (:meth:`numbers_for`: the computer's moves
        in the person's numbers; in a two-player game, the numbers of the player to
        act), so that the last play's marks sit on the numbers the record gives; cube
        actions and the end of the game in words.  Steps of the turn in play
        are not in it until Done.
        """
        events = self.app.match.events
        start = game_start(events)
        rows = []
        viewer = self.numbers_for()
        for event in events[start + 1:]:
            player = event.get("player")
            text = self.event_text(event, self.app.player_name(player) if player is not None else None,
                                   viewer=viewer)
            if text is not None:
                rows.append((event.get("player"), text))
        return rows

    def event_text(self, event, who=None, viewer=None):
        """One line of the game record for a logged action, or None for the others.

        ``who`` is the name the line follows: when it is the person spoken to ("You"), the
        verb agrees with it ("You double to 2", not "You doubles").  ``viewer``: whose
        numbering a move's points are written in (None: the mover's own).
        """
        app_tr = self.app.tr
        you = isinstance(who, Addressee)

        def tr(key, **params):
            return app_tr(key.replace(".", ".you_", 1) if you else key, **params)   # record.you_double
        tr.n = app_tr.n
        kind = event["type"]
        if kind in ("move", "pass"):
            dice = "".join(str(d) for d in sorted(event["dice"], reverse=True))
            if kind == "pass":
                return f"{dice}: —"
            move = event["move"]
            if viewer is not None and event.get("player") in (0, 1):
                move = move_seen_from(move, event["player"], viewer)
            return f"{dice}: {move}"
        if kind == "double":
            return tr("record.double", value=event["cube"])
        if kind == "beaver":
            return tr("record.beaver", value=event["cube"])
        if kind == "resign":
            return tr(f"record.resign_{RESIGN_NAMES[event['kind']]}") \
                if event.get("kind") in RESIGN_NAMES else tr("record.resign")
        if kind in ("accept_resignation", "reject_resignation"):
            return tr(f"record.{kind}")
        if kind in ("take", "drop"):
            return tr(f"record.{kind}")
        if kind == "win":
            return tr("record.win", points=tr.n("count.points", event["points"]))
        return None

    def hint_available(self):
        """True when the person to act has a decision the Hint button advises on: a roll to
        play, a double to offer (before rolling) or to answer."""
        m = self.app.match
        if not self.game.human_to_act():
            return False
        if m.phase is Phase.MOVING:
            return not m.turn.no_move
        if m.phase is Phase.ROLL_OR_DOUBLE:
            return m.can_double()
        return m.phase is Phase.DOUBLED and m.game.offer == "double"

    def hint_key(self):
        m = self.app.match
        return f"{m.game_number}:{m.position_id()}:{m.match_id()}"

    def _hint_html(self):
        if self.app.hint is None or self.app.replay is not None or self.app.hint[0] != self.hint_key():
            return ""
        _key, kind, data = self.app.hint
        if kind == "plays":
            hints, dice, match_play = data
            view = plays_view(hints, dice, self.app.tr, match_play=match_play)
        else:
            equities, probabilities, answering = data
            view = cube_view(equities, probabilities, self.app.tr, answering=answering)
        return hints_html(view)

    def _counts(self):
        """Each player's checkers per point, his own numbering (``(player 0's, player 1's)``)."""
        m = self.app.match
        por = m.player_on_roll
        position = m.position
        viewer = 0 if por is None else por
        counts = [None, None]
        counts[viewer] = position.mine
        counts[1 - viewer] = position.theirs
        return tuple(counts[0]), tuple(counts[1])

    def _board_view(self, shown=None):
        """The board of the match, ``shown``'s fields (a ``BoardView``'s) in place of its own: a
        mode over the game showing it otherwise (the tutor: the position before a play)."""
        m = self.app.match
        por = m.player_on_roll
        moving = m.phase is Phase.MOVING
        human = moving and self.app.is_human(por)
        turn = m.turn if moving else None
        movable = frozenset()
        targets = frozenset()
        selected = None
        if human and not turn.is_complete:
            movable = frozenset(turn.all_destinations())
            if self.game.selected is not None and self.game.selected in movable:
                selected = self.game.selected
                targets = frozenset(turn.destinations(selected))
        dice = tuple(m.dice) if m.dice else ()
        board = board_view(
            self.app.tr, counts=self._counts(),
            bottom=self.app.bottom,
            numbers_for=self.numbers_for(),
            numbers_also=1 - self.numbers_for() if self.app.prefs.numbering == "both" else None,
            **self.app.board_shape(),
            colours=self.app.setup.colours,
            cube_value=m.cube_value,
            cube_owner=m.cube_owner,
            cube_offered_by=m.player_on_roll if m.phase is Phase.DOUBLED and m.game.offer == "double" else None,
            cube_enabled=m.config.cube,
            crawford=m.is_crawford_game,
            dice=dice if moving else (),
            dice_player=por,
            dice_left=tuple(turn.remaining_dice) if turn and not turn.is_complete else (),
            mover=por if human else None,
            movable=movable,
            selected=selected,
            targets=targets,
            dice_clickable=bool(human and (turn.is_complete or turn.no_move)),
            cube_clickable=m.phase is Phase.ROLL_OR_DOUBLE and self.game.human_to_act() and m.can_double(),
            focus=self.app.focus or self.game.default_focus(),
            last_moves=last_moves(m.events),
        )
        if shown:
            board = replace(board, **shown)
        return self.app._spoken_board(board)

    def numbers_for(self):
        """Whose numbering the board shows: the person playing; in a two-player game, the
        player to act (so that the numbers match the notation of his moves); the other side's
        when Settings asks for the opponent's numbering (``Prefs.numbering``)."""
        return self._own_numbers() if self.app.prefs.numbering != "theirs" else 1 - self._own_numbers()

    def _own_numbers(self):
        m = self.app.match
        if self.app.setup.mode == "bot":
            return PERSON
        if self.app.setup.mode == "hotseat":
            actor = m.player_to_act if m.player_to_act is not None else m.player_on_roll
            if actor is not None:
                return actor
        return self.app.bottom

    def clock_panels(self):
        """The players' panels alone, for the clock's ticks (the board is not drawn again):
        ``{"top_html", "bottom_html", "top_on_roll", "bottom_on_roll"}``, or None when no
        match of the board's is shown (a lesson, a replay, the editor: no clock runs there)."""
        if self.app.match is None or self.game.covered():
            return None
        board = BoardView(counts=self._counts(), colours=self.app.setup.colours)   # no SVG drawn
        bottom = self.app.bottom
        top, low = self._panel(1 - bottom, board), self._panel(bottom, board)
        return {"top_html": player_html(top), "bottom_html": player_html(low),
                "top_on_roll": top.on_roll, "bottom_on_roll": low.on_roll}

    def _panel(self, player, board):
        m = self.app.match
        tr = self.app.tr
        clock_text = ""
        if m.clock is not None:
            per_move, reserve = m.clock.remaining(player)
            clock_text = say_clock(tr, per_move, reserve)
        actor = m.player_to_act
        status = ""
        if actor == player and m.phase is not Phase.OVER:
            # a friend on another device plays for himself: "to play", never the computer's "thinking"
            thinks = not self.app.is_human(player) and self.app.friend is None
            status = tr("panel.thinking") if thinks else tr("panel.on_roll")
            if not self.app.is_human(player) and self.game.hand_dice.dice_wanted():
                status = tr("panel.awaiting_dice")     # its dice are typed by a person: it waits
        return panel(tr, board, player, self.app.player_name(player), score=m.score[player],
                     clock_text=clock_text, on_roll=actor == player, status_text=status)

    def info_text(self):
        m = self.app.match
        tr = self.app.tr
        cfg = m.config
        text = self.app._stakes(cfg.length)
        if cfg.cube:
            text += " · " + tr("info.cube", cube=m.cube_value)
        if m.is_crawford_game:
            text += " · " + tr("info.crawford")
        options = match_options.text(tr, cfg)
        if options:
            text += " · " + options
        tutor = self.app.tutor.threshold()
        if tutor is not None:
            text += " · " + tr(f"info.tutor_{tutor}")
        if self.app.setup.seed:
            text += " · " + tr("info.seed", seed=self.app.setup.seed)
        if self.app.setup.manual_dice:
            text += " · " + tr("info.dice_manual")
        elif not self.app.setup.seed and isinstance(m.dice_source, SystemDice):
            text += " · " + tr("info.dice_system")
        return text

    def buttons(self):
        app = self.app
        m = app.match
        if app.replay is not None or app.editor is not None:
            return {name: (visible, False) for name, (visible, _enabled) in self.play_buttons().items()} | {
                "hint": (False, False), "replay": (True, False), "edit-position": (True, app.editor is None),
                "review": (True, app.replay is not None and app.review is None),
                "review-game": (False, False)}
        buttons = self.play_buttons()
        # no computer's help against a friend on another device
        buttons["hint"] = (bool(self.app.setup.humans()) and self.app.friend is None, self.hint_available())
        # a decision to look back on: a roll played, or a cube action (a game a drop ended)
        played = any(e["type"] in DECISIONS for e in m.events)
        buttons["replay"] = (True, played)
        buttons["review"] = (True, played)
        buttons["review-game"] = (m.phase is Phase.OVER and played, m.phase is Phase.OVER and played)
        buttons["edit-position"] = (True, True)
        return buttons

    def play_buttons(self):
        m = self.app.match
        human = self.game.human_to_act()
        phase = m.phase
        moving = phase is Phase.MOVING and human
        turn = m.turn
        cube = m.config.cube
        return {
            "roll": (not self.game.hand_dice.dice_wanted(),
                     human and phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE)),
            "done": (True, bool(moving and (turn.is_complete or turn.no_move))),
            "undo": (True, bool(moving and turn.played)),
            "double": (cube, human and phase is Phase.ROLL_OR_DOUBLE and m.can_double()),
            "take": (human and phase is Phase.DOUBLED, human and phase is Phase.DOUBLED),
            "drop": (human and phase is Phase.DOUBLED, human and phase is Phase.DOUBLED),
            "beaver": (human and phase is Phase.DOUBLED and m.refusal("beaver") is None,
                       human and phase is Phase.DOUBLED and m.refusal("beaver") is None),
            "next-game": (phase is Phase.OVER and m.match_winner is None and self.app.setup.mode != "watch",
                          phase is Phase.OVER and m.match_winner is None),
            "accept-resign": (human and phase is Phase.RESIGNATION_OFFERED,
                              human and phase is Phase.RESIGNATION_OFFERED),
            "reject-resign": (human and phase is Phase.RESIGNATION_OFFERED,
                              human and phase is Phase.RESIGNATION_OFFERED),
        } | self._resign_buttons()

    def _resign_buttons(self):
        """The choice of what to resign: one button per kind that makes sense now, and Cancel."""
        kinds = self.game.resign_kinds()
        choosing = self.app.resign_choice and bool(kinds)
        buttons = {"resign": (not choosing, bool(kinds))}
        for kind in RESIGN_KINDS:
            buttons[f"resign-{kind}"] = (choosing and kind in kinds, choosing and kind in kinds)
        buttons["resign-cancel"] = (choosing, choosing)
        if choosing:        # the choice stands alone beside the board
            buttons.update({name: (False, False) for name in ("roll", "done", "undo", "double")})
        return buttons

    def view(self, shown=None, tutor=None):
        """The :class:`View` of the current state (of the frame shown, while replaying; of the
        lesson, while one is open; of the position set up, while editing). ``shown``: the board
        otherwise (:meth:`_board_view`); ``tutor``: the tutor's warning (game/app/tutor/)."""
        m = self.app.match
        board = self._board_view(shown)
        bottom = board.bottom
        top_panel = self._panel(1 - bottom, board)
        bottom_panel = self._panel(bottom, board)
        message = self.app.text(self.app.message)
        warn = is_warning(self.app.message)
        return screen(
            board, top_panel, bottom_panel,
            message=message,
            warn=warn,
            info=self.info_text(),
            position_id=m.position_id(),
            match_id=m.match_id(),
            buttons=self.buttons(),
            move_input=self.game.human_moving(),
            language=self.app.language,
            record_html=record_html([(self.app.player_name(p) if p is not None else "", text, p == bottom)
                                     for p, text in self.record()]),
            xgid=self._xgid(),
            hint_html=self._hint_html(),
            dice_entry=self.game.hand_dice.entry(),
            friend=self.app.friend_panel(),
            tutor=tutor,
        )

    def _xgid(self):
        try:
            return self.app.match.xgid() or ""
        except GameError:  # pragma: no cover - every state in play has an XGID
            return ""


def game_start(events):
    """The index of the last ``game_start`` in ``events``, searched from the end (a long
    session's log is not read through at each view).

    >>> game_start([{"type": "game_start"}, {"type": "win"}, {"type": "game_start"}, {"type": "roll"}])
    2
    """
    for index in range(len(events) - 1, -1, -1):
        if events[index]["type"] == "game_start":
            return index
    raise ValueError("no game_start in the log")
