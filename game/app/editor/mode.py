"""The position editor as a mode over the match.

A click on the board adds a checker of the side chosen (or takes one away:
a right-click, a shift-click, the Remove tool); the form's fields set who is
on roll, the dice, the cube, the match and its score; pasted IDs load a
position; "Play from here" opens the position as a new match. The rules of
a sound position are :class:`game.app.editor.model.EditorState`'s; a refusal
becomes the status line and changes nothing.

The mode reaches the app (:class:`game.app.controller.Controller`) for what
all modes share: the status line, the board's orientation, the words of the
page's language, the players' names, and opening a match.
"""

from game.app.editor.model import BAR as EDITOR_BAR
from game.app.editor.model import EditorError, EditorState
from game.app.text.messages import is_warning
from game.app.text.messages import join as _join
from game.app.view.places import board_number, seen_from
from game.app.modes.stack import Mode
from game.app.keep.share import ShareError, decode, read_ids
from game.app.keep.urlparams import PositionLink
from game.app.view.view_model import board_view, panel, screen

__all__ = ["EditorMode", "open_editor"]

#: the editor's messages that are not refusals
_EDITOR_INFO = ("editor.opened", "editor.loaded", "editor.off_help")


class EditorMode(Mode):
    """A position set up by hand over the match: its :class:`EditorState`, whose checker a
    click adds (``side``), the tool (``"add"`` or ``"remove"``) and how "Play from here"
    opens the match (``play_mode``: ``"hotseat"`` or ``"bot"``)."""

    name = "editor"
    pauses_clock = True

    def __init__(self, app, state, side, play_mode):
        self.app = app
        self.state = state
        self.side = side
        self.tool = "add"
        self.play_mode = play_mode

    def _edit(self, change):
        """Apply ``change(state)``; a refusal becomes the message and changes nothing."""
        try:
            state = change(self.state)
        except EditorError as error:
            self.app.message = self.refusal(error)
            return False
        self.state = state
        self.app.message = ("editor.opened", {})
        return True

    def refusal(self, error):
        params = {}
        for name, value in error.params.items():
            if name == "player" and value in (0, 1):
                params["side"] = {"key": "editor.side_bottom" if value == self.app.bottom else "editor.side_top"}
            elif name == "point" and isinstance(value, int) and 1 <= value <= EDITOR_BAR:
                player = error.params.get("player", self.app.bottom)
                shown = value if value == EDITOR_BAR else seen_from(player, value, self.app.bottom)
                params["point"] = {"where": shown}
            elif isinstance(value, (int, str)) and not isinstance(value, bool):
                params[name] = value
        key = error.key if self.app.tr.has(error.key) else "reason.unknown"
        return (key, params)

    def click(self, slot, button="left"):
        """A click on the board while editing: a point, a bar or a tray (``button``
        ``"right"`` or ``"shift"``, or the Remove tool, takes a checker away)."""
        if not isinstance(slot, str):
            return False
        remove = button in ("right", "shift") or self.tool == "remove"
        bottom = self.app.bottom
        if slot in ("bar0", "bar1"):
            player = int(slot[3])
            return self._edit(lambda s: s.remove(player, EDITOR_BAR) if remove else s.add(player, EDITOR_BAR))
        if slot in ("off0", "off1"):
            self.app.message = ("editor.off_help", {})
            return False
        number = board_number(slot)     # counted from the bottom player's side
        if number is None:
            return False

        def change(state):
            if remove:
                owner = state.owner_of(bottom, number)
                if owner is None:
                    raise EditorError("editor.nothing_to_remove")
                return state.remove(owner, seen_from(bottom, number, owner))
            side = self.side
            return state.add(side, seen_from(bottom, number, side))

        return self._edit(change)

    def set(self, name, value):
        """A field of the editor's form changed: ``name`` and its value (a string; a bool
        for ticks).  True when the change was made; otherwise the message says why."""
        bottom = self.app.bottom
        seats = {"bottom": bottom, "top": 1 - bottom}
        if not (name == "crawford" and isinstance(value, bool)):   # only a tick is a bool
            value = str(value if value is not None else "").strip()[:8]
        if name == "side" and value in seats:
            self.side = seats[value]
            return True
        if name == "tool" and value in ("add", "remove"):
            self.tool = value
            return True
        if name == "mode" and value in ("hotseat", "bot"):
            self.play_mode = value
            return True
        state = self.state
        score = {"bottom": state.score[bottom], "top": state.score[1 - bottom]}
        changes = {
            "on_roll": lambda s: s.set_on_roll(seats.get(value, value)),
            "dice": lambda s: s.set_dice(_dice_value(value)),
            "cube": lambda s: s.set_cube(_int_value(value), s.cube_owner),
            "owner": lambda s: s.set_cube(s.cube_value, None if value == "centre" else seats.get(value, value)),
            "length": lambda s: s.set_length(_int_value(value)),
            "score_bottom": lambda s: s.set_score(*_by_player(bottom, _int_value(value), score["top"])),
            "score_top": lambda s: s.set_score(*_by_player(bottom, score["bottom"], _int_value(value))),
            "crawford": lambda s: s.set_crawford(value if isinstance(value, bool) else value == "on"),
            "start": lambda s: s.reset(),
            "clear": lambda s: s.clear(),
        }
        if name not in changes:
            return False
        return self._edit(changes[name])

    def load(self, text):
        """Put the position of pasted IDs (Position ID and Match ID, XGID, link) in the
        editor; a text that cannot be read changes nothing and the message says why."""
        try:
            shared = decode(read_ids(text))
            state = EditorState.from_shared(shared)
        except ShareError as error:
            self.app.message = (error.key, {})
            return False
        except EditorError as error:
            self.app.message = self.refusal(error)
            return False
        self.state = state
        self.app.message = ("editor.loaded", {})
        if shared.info.double_offered or shared.info.resignation:
            self.app.message = _join(self.app.message, ("editor.offer_dropped", {}))
        return True

    def play(self):
        """Open the position set up as a new match (an unfinished match is kept); True when
        it opened, otherwise the message says why and the editor stays open."""
        try:
            shared = self.state.shared()
            self.app.open_position(shared, self.play_mode, self.app.setup.level,
                                   opened=("editor.position_played", {}))
        except EditorError as error:
            self.app.message = self.refusal(error)
            return False
        except ShareError as error:
            self.app.message = (error.key, {})
            return False
        return True

    def board(self):
        state = self.state
        tr = self.app.tr
        return self.app._spoken_board(board_view(
            tr, focus=self.app.focus,
            counts=state.counts, bottom=self.app.bottom, numbers_for=self.app.bottom,
            **self.app.board_shape(), colours=self.app.setup.colours,
            cube_value=state.cube_value, cube_owner=state.cube_owner, crawford=state.crawford,
            dice=state.dice or (), dice_player=state.on_roll,
            # none played yet: the dice are drawn fresh (a double's four moves to come)
            dice_left=(state.dice * (2 if state.dice[0] == state.dice[1] else 1)) if state.dice else ()))

    def fields(self):
        """The editor form's values: ``{name: str or bool}``, and ``status``, the line that
        says whether the position can be played."""
        state = self.state
        bottom = self.app.bottom
        seat = {bottom: "bottom", 1 - bottom: "top"}
        tr = self.app.tr
        try:
            state.check()
            status, ready = tr("editor.ready"), True
        except EditorError as error:
            key, params = self.refusal(error)
            status, ready = self.app.text((key, params)), False
        counts = " · ".join(
            tr(f"editor.count_{seat[p]}", board=state.on_board(p), off=state.borne_off(p))
            for p in (bottom, 1 - bottom))
        return {
            "side": seat[self.side], "tool": self.tool, "mode": self.play_mode,
            "on_roll": seat[state.on_roll],
            "dice": "".join(str(d) for d in sorted(state.dice, reverse=True)) if state.dice else "",
            "cube": str(state.cube_value),
            "owner": "centre" if state.cube_owner is None else seat[state.cube_owner],
            "length": str(state.length),
            "score_bottom": str(state.score[bottom]), "score_top": str(state.score[1 - bottom]),
            "crawford": state.crawford, "status": status, "ready": ready, "counts": counts,
            "match": bool(state.length),
        }

    def signature(self):
        """What the editor shows, per part, as plain data (nothing drawn, as the game's own
        signature): the position set up and the board's looks; the panels' names; the form,
        the status line and the buttons. Every click on the editor's board is an intent, which
        compares the signature before and after it: drawing the board there too made a click
        with its view take 6.10 ms instead of 2.80 (CPython, medians)."""
        app = self.app
        state = self.state
        looks = (app.language, app.setup, app.bottom, app.prefs.numbering, app.focus,
                 tuple(app.board_shape().values()))
        checkers = ("editor", state.counts)
        board = (checkers, looks, state)
        panels = (board, tuple(app.player_name(p) for p in (0, 1)))
        rest = (looks, state, app.message, self.side, self.tool, self.play_mode, repr(app.buttons()))
        return {"board": board, "checkers": checkers, "panels": panels, "screen": rest}

    def view(self):
        state = self.state
        tr = self.app.tr
        board = self.board()
        bottom = self.app.bottom
        fields = self.fields()
        position_id = match_id = xgid = ""
        if fields["ready"]:
            position_id, match_id = state.ids()
            xgid = state.xgid()

        top_panel, bottom_panel = (panel(tr, board, p, self.app.player_name(p), score=state.score[p],
                                         on_roll=state.on_roll == p) for p in (1 - bottom, bottom))
        info = self.app._stakes(state.length) + " · " + tr("info.cube", cube=state.cube_value)
        if state.crawford:
            info += " · " + tr("info.crawford")
        return screen(
            board, top_panel, bottom_panel, message=self.app.text(self.app.message),
            warn=is_warning(self.app.message, more=("editor.",), except_keys=_EDITOR_INFO),
            info=info, position_id=position_id, match_id=match_id, buttons=self.app.buttons(),
            move_input=False, language=self.app.language, record_html="", xgid=xgid, editor=fields)


# --- helpers ----------------------------------------------------------------------------------
def _int_value(text):
    """A form's whole number, or the text itself (which the editor then refuses)."""
    try:
        return int(text)
    except (TypeError, ValueError):
        return text


def _dice_value(text):
    """A roll from the editor's list (``"65"``), None for "not rolled", else the text."""
    if text == "":
        return None
    if isinstance(text, str) and len(text) == 2 and text.isdigit():
        return (int(text[0]), int(text[1]))
    return text


def _by_player(bottom, bottom_value, top_value):
    """``(player 0's, player 1's)`` of values given for the bottom and top seats."""
    return (top_value, bottom_value) if bottom == 1 else (bottom_value, top_value)


def open_editor(app):
    """Set up a position by hand over the match (which waits, its clock too), starting from
    the one on the board (the one shown, while a match is replayed)."""
    if app.editor is not None:
        return
    m = app.match
    shown = app.replay.frames[app.replay.index] if app.replay is not None else m
    try:
        state = EditorState.from_shared(decode(PositionLink(shown.position_id(), shown.match_id())))
    except (ShareError, EditorError):
        state = EditorState.start()
    app.end_replay()
    app.close_lesson()
    play_mode = app.setup.mode if app.setup.mode in ("hotseat", "bot") else "hotseat"
    app.modes.push(EditorMode(app, state, side=app.bottom, play_mode=play_mode), app.message,
                   m.clock, again=True)
    app.selected = None
    app.message = ("editor.opened", {})
