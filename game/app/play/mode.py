"""The game: the match on the board as the mode under all others.

:class:`GameMode` is what a person does to the match: roll, double and answer a
double, move checkers (a click, a drag, a key, typed notation, all through the
one :class:`game.app.modes.board_input.BoardInput`), end the turn, undo, resign and
answer a resignation, start the next game. The rules are the engine's: each
intent calls the :class:`game.match.Match` and turns its refusal into a
message, ``(key, params)``. It holds two parts and calls them: what it shows is its
``screen``'s (:class:`game.app.play.view.GameScreen`), the dice set by hand its
``hand_dice``' (:class:`game.app.play.dice_mode.HandSetDice`). The match, the status
line and the rest of the app's state are the app's (``game.app``).

Two places to hook: :meth:`GameMode._roll` is where every roll starts (the
person's and the computer's), :meth:`GameMode._done` where every turn ends. A person's
decision (Done, a cube action, a roll that turns a double down) goes by the tutor first
(``app.tutor.lets``, :mod:`game.app.tutor`), which may stop it to warn.
The match's actions are called on the app's ``hand()``: the match itself, or
in a match by links the copy that sends them (``game/app/friend/hand.py``).

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7")
True
>>> game = app.game
>>> game.roll(); app.match.phase.value
'moving'
>>> game.key("undo"), game.typed("nonsense"), app.message[0]
(False, False, 'msg.bad_notation')
"""

from game.dice import ManualDice
from game.errors import GameError, IllegalActionError, IllegalMoveError
from game.match import RESIGN_KINDS, Phase
from game.move import parse_notation
from game.reasons import Reason
from game.turn import Turn
from game.app.play import autoplay
from game.app.modes.board_input import BoardInput, Seat
from game.app.play.dice_mode import HandSetDice
from game.app.play.view import GameScreen, game_start
from game.app.text.messages import dice_text
from game.app.text.messages import is_notice
from game.app.text.messages import join as _join
from game.app.text.messages import points as _points
from game.app.text.messages import refusal
from game.app.view.keyboard import first_slot
from game.app.modes.stack import Mode
from game.app.view.places import move_seen_from, place_of

__all__ = ["GameMode", "dice_text", "resignation_message", "game_start"]

_RESULT_KEYS = {"single": "result.single", "gammon": "result.gammon", "backgammon": "result.backgammon"}


class GameMode(Mode):
    """The match on the board and what a person does to it (the app's ``game``)."""

    name = "game"

    def __init__(self, app):
        self.app = app
        # the board's clicks, drags and keys in a game (game/app/modes/board_input.py)
        self.board_input = BoardInput(Seat(
            turn=lambda: self.app.match.turn, mover=lambda: self.app.match.player_on_roll,
            bottom=lambda: self.app.bottom, play=self._play, say=self._say,
            complete=lambda: ("msg.complete", {"move": str(self.app.match.turn.move)})))
        self.screen = GameScreen(self)          # what it shows (game/app/play/view.py)
        self.hand_dice = HandSetDice(self)      # the dice set by hand (game/app/play/dice_mode.py)

    @property
    def selected(self):
        """The checker picked (the mover's numbering), or None: its board input's."""
        return self.board_input.selected

    def covered(self):
        """True while a mode hides the match (a replay, a lesson, the editor): it waits."""
        return any(name != "resign" for name in self.app.modes.names())

    # --- the mode's interface -----------------------------------------------------------------
    def typed(self, text):
        return self.type_move(text)

    def key(self, name):
        """Roll, Done or Undo, when its button would (True when it was used)."""
        intent = {"roll": self.roll, "done": self.done, "undo": self.undo}.get(name)
        if intent is None or self.app.replay is not None or not self.screen.play_buttons()[name][1]:
            return False
        intent()
        return True

    def picked(self):
        return self.selected

    def view(self):
        return self.screen.view()

    def signature(self):
        return self.screen.signature()

    def seat(self):
        m = self.app.match
        return m.player_on_roll, self.app.bottom

    def default_focus(self):
        """The rearmost checker that can move, when a person is moving; else the 1-point."""
        m = self.app.match
        if self.human_moving() and not m.turn.is_complete:
            movable = m.turn.all_destinations()
            if movable:
                return place_of(m.player_on_roll, max(movable), self.app.bottom)
        return first_slot()

    def accept_resignation(self):
        """The player offered a resignation accepts it: the game ends."""
        m = self.app.match
        if not self.human_to_act() or m.phase is not Phase.RESIGNATION_OFFERED:
            return
        self._accept_resignation()

    def reject_resignation(self):
        """The player offered a resignation refuses it: the game goes on."""
        m = self.app.match
        if not self.human_to_act() or m.phase is not Phase.RESIGNATION_OFFERED:
            return
        self._reject_resignation()

    def _accept_resignation(self):
        m = self.app.match
        resigner = m.game.resignation[0]
        games = len(m.results)
        self._act(self.app.hand().accept_resignation)
        if len(m.results) > games:
            result = m.results[-1]
            self._game_over(("msg.resigned", {"name": {"player": resigner},
                                              "winner": {"player": result.winner},
                                              "points": _points(result.points)}))

    def _reject_resignation(self):
        m = self.app.match
        resigner = m.game.resignation[0]
        self._act(self.app.hand().reject_resignation)
        if m.phase is not Phase.RESIGNATION_OFFERED:
            self.app.message = ("msg.resign_rejected", {"name": {"player": 1 - resigner},
                                                        "other": {"player": resigner}})
            self.app.save()

    def next_game(self):
        """Start the next game of the match once the last one is over."""
        if self.app.replay is not None:
            return
        self._act(lambda: self.app.hand().new_game())
        if self.app.match.phase is Phase.OPENING:
            # dice set by hand: Roll is hidden until they are, so the form's words, not "Press Roll"
            wanted = self.hand_dice.dice_wanted()
            self.app.message = self.hand_dice.prompt() if wanted else ("msg.opening_roll", {})
            if self.app.match.is_crawford_game:
                self.app.message = _join(("msg.crawford", {}), self.app.message)
            self.app.save()

    def human_moving(self):
        m = self.app.match
        return (not self.covered()
                and m.phase is Phase.MOVING and self.app.is_human(m.player_on_roll))

    def human_to_act(self):
        """True when the next action is a person's (buttons and clicks work; not while a
        match is replayed)."""
        m = self.app.match
        if self.covered():
            return False
        friend = self.app.friend      # a match by links: the dice come by themselves, the friend's link first
        if friend is not None and (friend.waiting or m.phase is Phase.OPENING):
            return False
        if m.phase is Phase.OPENING:
            return bool(self.app.setup.humans())
        if m.phase is Phase.OVER:
            return False
        actor = m.player_to_act
        return actor is not None and self.app.is_human(actor)

    def bot_to_act(self):
        """True when the computer must act next (main.py then calls :meth:`bot_act`); it
        waits while a match is replayed."""
        m = self.app.match
        if m is None or self.covered() or self.hand_dice.dice_wanted() or self.app.friend is not None:
            return False
        if m.phase is Phase.OVER:
            return self.app.setup.mode == "watch" and m.match_winner is None
        if m.phase is Phase.OPENING:
            return not self.app.setup.humans()
        actor = m.player_to_act
        return actor is not None and not self.app.is_human(actor)

    def _act(self, action):
        """Run a match action; a refusal becomes the message.  Saves either way.

        Once an action is played, what was said of the match the new one replaced (a notice,
        :data:`game.app.text.messages.NOTICES`, and the words it came with) leaves the status line,
        even when the action says nothing of its own (the computer's roll).
        """
        self.app.modes.discard("resign")
        try:
            result = action()
        except (IllegalActionError, IllegalMoveError) as error:
            self._refused(error)
            result = None
        else:
            if is_notice(self.app.message):
                self.app.message = None
        self.app.save()
        return result

    def _refused(self, error):
        self.app.message = refusal(error)

    def roll(self):
        """Throw the dice (the opening roll too), for the person on roll."""
        if not self.human_to_act():
            return
        if self.hand_dice.dice_wanted():
            self.app.message = self.hand_dice.prompt()
            return
        if not self.app.tutor.lets("no_double"):    # the tutor (game/app/tutor/): a double was due
            return
        self._roll()

    def _roll(self):
        m = self.app.match
        opening = m.phase is Phase.OPENING
        before = len(m.events)
        if self._act(self.app.hand().roll) is None:
            return
        self.board_input.deselect()
        self.app.focus = None          # the keyboard's focus starts the turn on a checker that can move
        if opening:
            self._announce_opening(m.events[before:])
        self._after_roll(opening)

    def _announce_opening(self, events):
        """Say what the opening roll gave: its ties (thrown again), automatic doubles, the winner."""
        parts = []
        for event in events:
            if event["type"] == "opening_roll" and event["player"] is None:
                parts.append(("msg.opening_tie", {"die": event["dice"][0]}))
            elif event["type"] == "auto_double":
                parts.append(("msg.auto_double", {"value": event["cube"]}))
            elif event["type"] == "opening_roll":
                die0, die1 = event["dice"]
                parts.append(("msg.opening", {
                    "name0": {"player": 0}, "name1": {"player": 1}, "die0": die0, "die1": die1,
                    "starter": {"player": event["player"]}, "dice": dice_text(self.app.match.dice)}))
        self.app.message = _join(*parts) if len(parts) > 1 else parts[0]

    def _after_roll(self, opening):
        """Announce the roll; play a forced move for a person (they still press Done)."""
        m = self.app.match
        turn = m.turn
        player = m.player_on_roll
        name = {"player": player}
        dice = dice_text(m.dice)
        opening_message = self.app.message if opening else None
        if turn.no_move:
            key = "msg.no_move" if self.app.is_human(player) else "msg.bot_no_move"
            self.app.message = (key, {"name": name, "dice": dice})
        elif self.app.is_human(player):
            forced = turn.forced
            if forced is not None:
                for step in forced.steps:
                    m.step(step.source, step.target)
                self.app.message = ("msg.forced", {"name": name, "dice": dice, "move": str(forced)})
            elif (play := autoplay.bear_off_play(self.app.prefs, turn)) is not None:  # Prefs.auto_bear_off
                return self._auto_bear_off(play)
            elif opening_message is None:
                key = "msg.rolled_click" if self.app.prefs.click_moves else "msg.rolled"
                self.app.message = (key, {"name": name, "dice": dice})
        self.app.save()

    def double(self):
        if not self.human_to_act() or not self.app.tutor.lets("double"):
            return
        self._double()

    def _double(self):
        m = self.app.match
        doubler = m.player_on_roll
        if self._act(self.app.hand().double) is None and m.phase is Phase.DOUBLED:
            self.app.message = ("msg.double_offered", {"name": {"player": doubler},
                                                       "other": {"player": 1 - doubler},
                                                       "value": m.offered_cube})
            self.app.save()

    def take(self):
        if self.human_to_act() and self.app.match.phase is Phase.DOUBLED and self.app.tutor.lets("take"):
            self._take()

    def beaver(self):
        """Money play with beavers: take the double and redouble at once, keeping the cube."""
        if self.human_to_act() and self.app.match.phase is Phase.DOUBLED and self.app.tutor.lets("beaver"):
            self._beaver()

    def _beaver(self):
        m = self.app.match
        beaverer = m.player_to_act
        self._act(self.app.hand().beaver)
        if m.game.offer == "beaver":
            self.app.message = ("msg.beavered", {"name": {"player": beaverer},
                                                 "other": {"player": 1 - beaverer},
                                                 "value": m.offered_cube})
            self.app.save()

    def _take(self):
        m = self.app.match
        taker = m.player_to_act
        self._act(self.app.hand().take)
        if m.phase is Phase.ROLL_OR_DOUBLE:
            self.app.message = ("msg.double_taken", {"name": {"player": taker}, "value": m.cube_value})
            self.app.save()
            self._auto_roll()        # Prefs.auto_roll: the doubler's turn goes on

    def drop(self):
        if self.human_to_act() and self.app.match.phase is Phase.DOUBLED and self.app.tutor.lets("drop"):
            self._drop()

    def _drop(self):
        m = self.app.match
        dropper = m.player_to_act
        games = len(m.results)
        self._act(self.app.hand().drop)
        if len(m.results) > games:
            result = m.results[-1]
            self._game_over(("msg.double_dropped", {"name": {"player": dropper},
                                                    "winner": {"player": result.winner},
                                                    "points": _points(result.points)}))

    def undo(self):
        if self.human_moving():
            m = self.app.match
            self.board_input.deselect()
            self._act(m.undo)
            self._describe_turn()
            if not m.turn.played:    # all taken back: the roll's prompt, not the play undone
                self.app.message = ("msg.rolled_click" if self.app.prefs.click_moves else "msg.rolled",
                                    {"name": {"player": m.player_on_roll}, "dice": dice_text(m.dice)})

    def done(self):
        """End the turn (the button, or a click on the dice); never happens on its own."""
        if not self.human_moving():
            return
        self._done()

    def _done(self):
        m = self.app.match
        mover = m.player_on_roll
        if self.app.is_human(mover) and not self.app.tutor.lets("move"):
            return          # the tutor stopped the play to warn (game/app/tutor/): it waits
        dice = dice_text(m.dice)
        games = len(m.results)
        move = self._act(self.app.hand().done)
        self.board_input.deselect()
        if len(m.results) > games:       # the game is over (in a match by links the next one has begun)
            result = m.results[-1]
            self._game_over(("msg.game_won", {"winner": {"player": result.winner},
                                              "result": {"key": _RESULT_KEYS.get(result.kind, "result.single")},
                                              "points": _points(result.points)}))
        elif m.phase is Phase.ROLL_OR_DOUBLE:
            if not self.app.is_human(mover) and move is not None:
                self.app.message = ("msg.bot_played", {"name": {"player": mover}, "dice": dice,
                                                       "move": move_seen_from(move, mover, self.screen.numbers_for())})
            elif self.app.is_human(m.player_on_roll):
                self._prompt_roll()
            elif self.hand_dice.dice_wanted():     # the computer waits for the dice a person sets
                self.app.message = self.hand_dice.prompt()
            else:
                self.app.message = ("msg.bot_thinking", {"name": {"player": m.player_on_roll}})
            self.app.save()
            self._auto_roll()        # Prefs.auto_roll: a turn starts

    # --- fewer clicks (Prefs; the rules are the engine's, the choices game/app/play/autoplay.py's) ---------
    def _auto_roll(self):
        """Throw a person's dice when they asked for it and may not double (autoplay.rolls_for)."""
        app = self.app
        if self.human_to_act() and not self.hand_dice.dice_wanted() \
                and autoplay.rolls_for(app.prefs, app.match, app.is_human):
            said = self.app.message
            self._roll()
            if said and not said[0].startswith("msg.to_roll"):    # what the opponent did stays said
                self.app.message = _join(said, self.app.message)
                self.app.save()

    def _auto_bear_off(self, play):
        """Play a person's bear-off for them (autoplay.bear_off_play); Done ends it, or auto_done."""
        m = self.app.match
        for step in play.steps:
            m.step(step.source, step.target)
        self.app.message = ("msg.auto_bear_off", {"name": {"player": m.player_on_roll},
                                                  "dice": dice_text(m.dice), "move": str(m.turn.move)})
        self.app.save()
        if autoplay.ends_turn(self.app.prefs, m.turn):
            self._done()

    def _prompt_roll(self):
        m = self.app.match
        player = m.player_on_roll
        key = "msg.to_roll_or_double" if m.can_double() else "msg.to_roll"
        self.app.message = (key, {"name": {"player": player}})

    def resign_kinds(self):
        """What the player on roll may resign now, as names: ``"single"`` always, ``"gammon"``
        while none of his checkers is off, ``"backgammon"`` while one of them is also on the
        bar or in the opponent's home board; less a kind the opponent just rejected (it may
        not be offered again, nor a smaller one, before the next roll).  Empty when a person
        cannot resign now."""
        if self.app.match is None or not self.human_to_act():
            return []
        return self.app.match.resign_kinds()      # the rule is the engine's

    def resign(self, kind=None):
        """Resign: with no ``kind``, open the choice of what to give up (:meth:`resign_kinds`);
        with one (``"single"``, ``"gammon"`` or ``"backgammon"``), offer it.  The opponent
        answers: a person with Accept or Reject, the computer by its own judgement."""
        m = self.app.match
        kinds = self.resign_kinds()
        if not kinds:
            return
        if kind is None:
            # the choice opens over the game; Cancel gives the message back
            self.app.modes.push(ResignChoice(self), self.app.message, again=not self.app.resign_choice)
            self.app.message = ("msg.resign_choose", {"name": {"player": m.player_on_roll},
                                                      "points": _points(m.cube_value)})
            return
        if kind not in kinds:
            self.app.modes.discard("resign")
            self.app.message = ("reason.invalid_resignation", {})
            return
        self._act(lambda: self.app.hand().resign(kind))
        if m.phase is Phase.RESIGNATION_OFFERED:
            self.app.message = resignation_message(m)
            if not self.app.is_human(m.player_to_act):
                resigner = m.game.resignation[0]
                points = _points(RESIGN_KINDS[kind] * m.cube_value)
                self.app.message = ("msg.resign_thinking", {"name": {"player": resigner},
                                                            "other": {"player": 1 - resigner},
                                                            "points": points})
            self.app.save()

    def cancel_resign(self):
        """Close the choice of what to resign; nothing is offered."""
        if self.app.resign_choice:
            self.app.message = self.app.modes.close("resign")

    def _game_over(self, message):
        m = self.app.match
        if self.app.setup.manual_dice and isinstance(m.dice_source, ManualDice):
            m.dice_source.clear()    # dice set for a roll the game's end made moot
        self.board_input.deselect()
        self.app.bot_plan = None
        winner = m.match_winner
        if winner is not None:
            score = m.score
            self.app.message = _join(message, ("msg.match_won", {
                "winner": {"player": winner}, "score0": score[winner], "score1": score[1 - winner]}))
        elif self.app.friend is not None:      # a match by links: its copy starts the next game by itself
            self.app.message = _join(message, *self.app.friends.next_game_words())
        else:
            self.app.message = ("msg.next_game", {"text": list(message)})
        self.app.save()

    def tick(self):
        """Apply a clock that ran out; True when that ended the game."""
        m = self.app.match
        if m is None or m.clock is None or self.app.lesson is not None:
            return False
        try:
            flagged = m.check_clock()
        except GameError:
            return False
        if flagged is None:
            return False
        result = m.game.result
        self._game_over(("msg.timeout", {"name": {"player": flagged},
                                         "winner": {"player": result.winner},
                                         "points": _points(result.points)}))
        return True

    def _play(self, move):
        """The board input's step, ``move(on)``, played in the match (its ``step`` or
        ``auto_step``)."""
        self._act(lambda: move(self.app.match))
        self._describe_turn()

    def _say(self, message):
        self.app.message = message

    def click(self, slot, button="left"):
        """A click (``button`` ``"left"``, ``"right"`` or ``"shift"``, a shift-click) on the
        element with ``data-slot=slot``."""
        m = self.app.match
        if slot == "dice":
            if self.human_moving():
                turn = m.turn
                if turn.is_complete or turn.no_move:
                    self.done()
            elif m.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
                self.roll()
            return
        if slot == "cube":
            if m.phase is Phase.ROLL_OR_DOUBLE and self.human_to_act() and m.can_double():
                self.double()
            return
        if self.human_moving():
            self.board_input.click(slot, button, self.app.prefs.click_moves)

    def press(self, slot):
        """A drag starts on ``slot``: select the checker there; True when it can be dragged."""
        return self.human_moving() and self.board_input.press(slot)

    def drop_on(self, slot):
        """A dragged checker is let go over ``slot``: move it there if that is legal."""
        if self.human_moving():
            self.board_input.drop_on(slot)

    def deselect(self):
        self.board_input.deselect()

    def _describe_turn(self):
        m = self.app.match
        if m.phase is not Phase.MOVING:
            return
        turn = m.turn
        move = str(turn.move)
        if autoplay.ends_turn(self.app.prefs, turn):      # Prefs.auto_done: the last die played
            return self._done()
        if turn.is_complete and turn.played:
            self.app.message = ("msg.complete", {"move": move})
        elif turn.played:
            self.app.message = ("msg.playing", {"move": move})
        self.app.save()

    def type_move(self, text):
        """Play notation typed by the user (``8/5 6/5``; a part of the move works too)."""
        if not self.human_moving():
            return False
        m = self.app.match
        turn = m.turn
        text = (text or "").strip()
        if not text:
            return False
        try:
            parts = parse_notation(text)
        except GameError:
            self.app.message = ("msg.bad_notation", {"text": text[:40]})
            return False
        if sum(count for _source, _target, count, _hits in parts) > 4:
            # no play has more than four checker moves; and the engine's explanation
            # of a refused play tries every order of its parts (n! of them)
            self.app.message = ("reason.too_many_moves", {})
            self.app.save()
            return False
        plan, error = self._plan_typed(text, from_scratch=False)
        if plan is None and turn.played:
            plan, _other = self._plan_typed(text, from_scratch=True)
            if plan is not None:
                m.undo_all()
        if plan is None:
            self._refused(error)
            self.app.save()
            return False
        self.board_input.deselect()
        for source, target in plan:
            m.step(source, target)
        self._describe_turn()
        return True

    def _plan_typed(self, text, from_scratch):
        """The single steps that play ``text`` now, or ``(None, error)``."""
        turn = self.app.match.turn
        scratch = Turn(turn.position, turn.dice)
        if not from_scratch:
            for step in turn.played:
                scratch.step(step.source, step.target)
        first_error = None
        if not scratch.played:
            # a whole play: the engine reads it, hits and intermediate points included
            try:
                move = turn.position.parse_move(text, turn.dice)
                return [(s.source, s.target) for s in move.steps], None
            except IllegalMoveError as error:
                if error.reason is Reason.AMBIGUOUS_MOVE:
                    return None, error          # not a part of a play: say which plays it fits
                first_error = error
            except GameError as error:
                return None, error
        try:
            for source, target, count, _hits in parse_notation(text):
                for _ in range(count):
                    scratch.step(source, target)
        except IllegalMoveError as error:
            return None, first_error or error
        played_before = len(turn.played) if not from_scratch else 0
        return [(s.source, s.target) for s in scratch.played[played_before:]], None


class ResignChoice(Mode):
    """The choice of what to resign, open over the game: its buttons stand beside the board
    (:meth:`GameScreen._resign_buttons`); the board still answers as the game's."""

    name = "resign"

    def __init__(self, game):
        self.game = game

    def click(self, slot, button="left"):
        return self.game.click(slot, button)

    def press(self, slot):
        return self.game.press(slot)

    def drop_on(self, slot):
        return self.game.drop_on(slot)

    def deselect(self):
        return self.game.deselect()

    def typed(self, text):
        return self.game.typed(text)

    def undo(self):
        return self.game.undo()

    def key(self, name):
        return self.game.key(name)

    def picked(self):
        return self.game.picked()

    def seat(self):
        return self.game.seat()

    def view(self):
        return self.game.view()

    def signature(self):
        return self.game.signature()


# --- helpers ----------------------------------------------------------------------------------
def resignation_message(match):
    """The message of a resignation waiting for an answer."""
    resigner, kind = match.game.resignation
    return ("msg.resign_offered", {"name": {"player": resigner}, "other": {"player": 1 - resigner},
                                   "points": _points(kind * match.cube_value)})
