"""A match by links in the app: starting one, opening the friend's link, what the page says and shows.

:class:`FriendPlay` is a part of the controller (its ``friends``).  The copy of
the match on the board is ``app.friend`` (a :class:`game.friend.FriendMatch`,
``None`` in every other mode); its ``match`` is ``app.match``, so the board,
the buttons and the saves are the game's.  The person's actions go through
``hand`` (:class:`game.app.friend.hand.FriendHand`); a friend's link through
:meth:`FriendPlay.open`, which replays and checks it with the core and changes
nothing when it is refused (the status line says why, in the page's language).

>>> from game.app.controller import Controller
>>> alice, bob = Controller(), Controller()
>>> alice.boot("?mode=friend&length=3")
True
>>> alice.friend.waiting, alice.message
(True, ('msg.friend_invite', {}))
>>> bob.friend_open("#friend=" + alice.friend_panel()["payload"])     # Bob joins
True
>>> bob.friend.seat, bob.match is bob.friend.match
(1, True)
>>> bob.friend_open("#friend=garbage"), bob.message
(False, ('error.friend_malformed', {}))
"""

from game.friend import FriendError, FriendMatch, FriendReason, decode_link, message_key
from game.match import Phase
from game.move import Move
from game.friend.live_text import is_live_text
from game.app.friend.hand import FriendHand
from game.app.friend.live import LivePlay
from game.app.text.messages import dice_text
from game.app.text.messages import join as _join
from game.app.text.messages import points as _points
from game.app.view.places import move_seen_from

__all__ = ["FriendPlay", "copy_id"]

#: what the game said of the person's own action, kept before "send this link"
_KEPT = ("msg.double_offered", "msg.beavered", "msg.double_taken", "msg.resign_offered", "msg.next_game",
         "msg.resign_rejected", "msg.resigned", "msg.double_dropped", "msg.game_won", "+")
_RESULT_KEYS = {"single": "result.single", "gammon": "result.gammon", "backgammon": "result.backgammon"}


def copy_id(entry):
    """The match id of a stored match by links (its first link), or None for any other entry.

    >>> copy_id({"match": {}}), copy_id({"friend": {"links": ["?"]}})
    (None, None)
    """
    data = entry.get("friend") if isinstance(entry, dict) else None
    try:
        return decode_link(data["links"][0]).match_id
    except (FriendError, TypeError, KeyError, IndexError):
        return None


class FriendPlay:
    """The app's side of matches by links: a part of :class:`game.app.controller.Controller`."""

    def __init__(self, app):
        self.app = app
        self.hand = FriendHand(app)
        self.live = LivePlay(app)       # live play on the same network (game/app/friend/live.py)

    # --- starting ---------------------------------------------------------------------------
    def create(self, setup):
        """A new match by links on the board, this device inviting: the invitation waits to be sent."""
        setup = type(setup)(mode="friend", length=setup.length, jacoby=setup.jacoby, beavers=setup.beavers,
                            auto_doubles=setup.auto_doubles, opening=setup.opening)
        friend = FriendMatch.create(setup.config())
        return self._put(setup, friend, ("msg.friend_invite", {}), link=False)

    def _put(self, setup, friend, message, link):
        """Put ``friend``'s match on the board (the unfinished one kept); True when one was kept."""
        return self.app._open(setup, friend.match, message, link, friend=friend)

    # --- the friend's link ------------------------------------------------------------------
    def open(self, text):
        """Open the friend's link (its text, or an address with ``#friend=``): True when taken.

        An invitation starts a new match on the board (the one there is kept under Matches); a
        later link goes on the copy it extends, on the board or under Matches.  A refused link
        changes nothing: the status line says why."""
        app = self.app
        if is_live_text(text):
            return self.live.paste(text)          # a connection code for live play
        try:
            link = decode_link(str(text or "").strip())
            if link.turn == 1 and (app.friend is None or app.friend.match_id != link.match_id):
                return self._join(link)
            if app.friend is not None and app.friend.match_id == link.match_id:
                return self._receive(link)
            index = self._saved_copy(link)
            if index is None:
                raise FriendError(f"link {link.turn} of match {link.match_id}: unknown_match",
                                  FriendReason.UNKNOWN_MATCH, {"turn": link.turn})
            FriendMatch.from_dict(app.kept.saved_matches()[index]["friend"]).receive(link)   # checked first
            app.kept.resume(index)
            return self._receive(link)
        except FriendError as error:
            app.message = (message_key(error), dict(error.details))
            return False

    def _join(self, link):
        friend = FriendMatch.join(link)
        cfg = friend.config
        setup = type(self.app.setup)(mode="friend", length=cfg.length, jacoby=cfg.jacoby, beavers=cfg.beavers,
                                     auto_doubles=cfg.automatic_doubles, opening=cfg.opening)
        self._put(setup, friend, self._after(("msg.friend_joined", {}), friend), link=False)
        return True

    def _saved_copy(self, link):
        for index, entry in enumerate(self.app.kept.saved_matches()):
            if copy_id(entry) == link.match_id:
                return index
        return None

    def _receive(self, link):
        app = self.app
        friend = app.friend
        before = len(friend.match.events)
        friend.receive(link)
        app.selected = None
        said = self._announce(friend.match.events[before:])
        app.message = self._after(_join(*said) if len(said) > 1 else said[0] if said else None)
        app.save()
        return True

    def _announce(self, events):
        """What the friend's link brought: his actions, the rolls thrown, the games ended."""
        app, friend = self.app, self.app.friend
        mine, theirs = friend.seat, 1 - friend.seat
        said = []
        for event in events:
            kind, player = event["type"], event.get("player")
            if kind == "move" and player == theirs:
                move = move_seen_from(Move.from_str(event["move"]), player, mine)
                said.append(("msg.friend_played", {"name": {"player": player}, "dice": _dice(event["dice"]),
                                                   "move": move}))
            elif kind == "pass" and player == theirs:
                said.append(("msg.friend_passed", {"name": {"player": player}, "dice": _dice(event["dice"])}))
            elif kind == "double" and player == theirs:
                said.append(("msg.double_offered", {"name": {"player": player}, "other": {"player": mine},
                                                    "value": event.get("cube")}))
            elif kind in ("take", "beaver") and player == theirs:
                said.append(("msg.double_taken", {"name": {"player": player}, "value": event.get("cube")}))
            elif kind == "reject_resignation" and player == theirs:
                said.append(("msg.resign_rejected", {"name": {"player": player}, "other": {"player": mine}}))
            elif kind == "opening_roll" and player is not None:
                die0, die1 = event["dice"]
                said.append(("msg.friend_opening", {"name0": {"player": 0}, "die0": die0, "name1": {"player": 1},
                                                    "die1": die1, "starter": {"player": player}}))
            elif kind == "roll" and player == mine:
                said.append(("msg.friend_rolled", {"name": {"player": player}, "dice": _dice(event["dice"])}))
            elif kind == "win":
                said.append(_game_won(event))
                if not any(later["type"] == "match_win" for later in events):
                    said.extend(self.next_game_words())
            elif kind == "match_win":
                score = event["score"]
                said.append(("msg.match_won", {"winner": {"player": player}, "score0": score[player],
                                               "score1": score[1 - player]}))
        if app.match.phase is Phase.RESIGNATION_OFFERED and app.match.player_to_act == mine:
            resigner, kind = app.match.game.resignation
            said.append(("msg.resign_offered", {"name": {"player": resigner}, "other": {"player": mine},
                                                "points": _points(kind * app.match.cube_value)}))
        return said

    def next_game_words(self):
        """What is said once a game that did not end the match is over: the score (this device's
        player first), and that the next game is the Crawford game when it is."""
        friend = self.app.friend
        score = friend.match.score
        said = [("msg.friend_score", {"mine": score[friend.seat], "theirs": score[1 - friend.seat]})]
        if friend.match.is_crawford_game:
            said.append(("msg.crawford", {}))
        return said

    # --- after each action ------------------------------------------------------------------
    def after_local(self, turn_before):
        """After the person's action: say what to send (the game's own words kept where they matter)."""
        app = self.app
        if app.friend.turn == turn_before:
            return
        said = app.message if app.message and app.message[0] in _KEPT else None
        app.message = self._after(said)
        app.save()

    def _after(self, said, friend=None):
        """``said``, then what the person does next: send the link, wait, or play."""
        friend = friend or self.app.friend
        m = friend.match
        if friend.outgoing is not None and friend.over:       # this device made the match's last link
            nxt = ("msg.live_sent_last" if self.live.connected else "msg.friend_send_last", {})
        elif friend.outgoing is not None and friend.waiting:
            last = friend.links[-1]
            answer = not last.actions and friend.turn > 2       # made by itself: the friend's dice
            nxt = ("msg.live_sent" if self.live.connected else
                   "msg.friend_send_dice" if answer else "msg.friend_send", {})
        elif friend.over:
            nxt = None
        elif m.phase is Phase.ROLL_OR_DOUBLE:
            nxt = ("msg.to_roll_or_double", {"name": {"player": friend.seat}})
        elif m.phase is Phase.MOVING and m.turn is not None and m.turn.no_move:
            nxt = ("msg.no_move", {"name": {"player": friend.seat}, "dice": dice_text(m.dice)})
        elif m.phase is Phase.MOVING:
            nxt = ("msg.friend_your_move", {"dice": dice_text(m.dice)})
        else:
            nxt = None
        parts = [part for part in (said, nxt) if part]
        return _join(*parts) if len(parts) > 1 else parts[0] if parts else None

    def after_live(self, said):
        """``said`` (the live connection opened or closed), then what the person does next."""
        return said if self.app.friend is None else self._after(said)

    def set_then_roll(self, on):
        self.hand.then_roll = bool(on)

    # --- what the page shows ----------------------------------------------------------------
    def panel(self):
        """The link panel: ``payload`` (the link's text, "" when none waits), ``text`` (what to do),
        ``then_roll`` ``(shown, ticked)``, ``live`` (:meth:`LivePlay.panel`); None when no match by links
        is on the board and no live connection is being made."""
        app, friend = self.app, self.app.friend
        live = self.live.panel()
        if friend is None:
            return None if live["state"] == "off" else {"payload": "", "text": "", "then_roll": (False, False),
                                                        "turn": 0, "live": live, "match": False}
        busy = live["state"] not in ("off", "closed")    # live play is on or being connected: no link by hand
        payload = "" if busy else friend.outgoing or ""
        if busy:
            text = ""                                    # the live part says what to do
        elif payload and friend.over:
            text = app.tr("friend.send_last")
        elif payload:
            text = app.tr("friend.send_how")
        elif friend.over:
            text = app.tr("error.friend_match_over")
        elif friend.waiting:
            text = app.tr("msg.friend_waiting")
        else:
            text = app.tr("friend.your_turn")
        moving = app.game.human_moving() and app.match.config.cube
        return {"payload": payload, "text": text, "then_roll": (bool(moving), self.hand.then_roll),
                "turn": friend.turn, "live": live, "match": True}


def _game_won(event):
    """What the ``win`` event of a friend's link says: the winner, how, and the points."""
    winner, points = {"player": event["player"]}, _points(event["points"])
    loser = {"player": 1 - event["player"]}
    if event["kind"] == "drop":
        return ("msg.double_dropped", {"name": loser, "winner": winner, "points": points})
    if event["kind"] == "resign":
        return ("msg.resigned", {"name": loser, "winner": winner, "points": points})
    return ("msg.game_won", {"winner": winner, "result": {"key": _RESULT_KEYS.get(event["kind"], "result.single")},
                             "points": points})


def _dice(dice):
    return dice_text(tuple(dice))
