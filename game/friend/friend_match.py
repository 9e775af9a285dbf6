"""A match against a friend on another device, played by links: this device's copy.

:class:`FriendMatch` holds the engine's :class:`game.match.Match`, this
player's seat and secret seed, the friend's commitment and the links so far.
The player acts through it (:meth:`FriendMatch.play`, :meth:`~FriendMatch.double`,
...); when the friend is needed (his move, his answer, his die secret) the
next link is made at once and waits in :attr:`FriendMatch.outgoing`.
:meth:`FriendMatch.receive` takes the friend's link: it checks it follows
this copy, replays every action with the engine, re-derives every roll from
both secrets, and refuses anything else with a :class:`FriendError`,
changing nothing.  The rules of the exchange are in ``docs/friend.md``.

>>> alice = FriendMatch.create(MatchConfig(length=3), seed=b"a" * 32)
>>> bob = FriendMatch.join(alice.outgoing, seed=b"b" * 32)   # Bob's commitment, his secret of the opening
>>> alice.receive(bob.outgoing)
>>> alice.match.dice, alice.match.player_on_roll
((3, 5), 1)
>>> bob.receive(alice.outgoing)          # Alice's secret of the opening: Bob sees the same roll
>>> bob.play("24/21 13/8")
>>> alice.receive(bob.outgoing)          # Bob's move, checked; the cube is Alice's to turn: no dice yet
>>> alice.match.dice, alice.waiting
(None, False)
>>> alice.roll()                         # she rolls rather than doubles: her link carries that choice
>>> bob.receive(alice.outgoing)          # Bob sees Alice's roll first, and answers with his secret
>>> alice.receive(bob.outgoing)
>>> alice.match.dice == bob.match.dice == (2, 1)
True
>>> alice.receive(bob.outgoing)
Traceback (most recent call last):
...
game.friend.errors.FriendError: link 6 was opened here already: already_opened
"""

import hashlib
from contextlib import contextmanager
from dataclasses import replace

from game.errors import GameError, IllegalActionError
from game.dice import ManualDice
from game.match import SCHEMA as MATCH_SCHEMA, Match, MatchConfig, Phase
from game.move import Move
from game.reasons import Reason

from .errors import FriendError, FriendReason
from .fair_dice import CHAIN_LENGTH, OwnChain, SeenChain, event_dice, new_seed, roll_seed
from .link import (ID_SIZE, Link, b64decode, b64encode, canonical, decode_link, encode_link, history_next,
                   history_start)

__all__ = ["FriendMatch", "MatchConfig", "SCHEMA"]

#: version of :meth:`FriendMatch.to_dict`'s data
SCHEMA = 1

_ENGINE = {"d": "double", "t": "take", "p": "drop", "b": "beaver", "y": "accept_resignation",
           "z": "reject_resignation"}
_DEFAULTS = MatchConfig().to_dict()


def _setup(config, chain_length, anchor):
    if config.clock is not None:
        raise FriendError("a match by links has no clock: clock", FriendReason.CLOCK)
    rules = {name: value for name, value in config.to_dict().items() if value != _DEFAULTS[name]}
    return {"c": rules, "L": chain_length, "k": b64encode(anchor)}


def _match_id(setup):
    return b64encode(hashlib.sha256(b"bg-friend/id/1" + canonical(setup)).digest()[:ID_SIZE])


class FriendMatch:
    """This device's copy of a match by links; build it with :meth:`create`, :meth:`join` or :meth:`from_dict`."""

    def __init__(self, seat, seed, setup):
        try:
            self.config = MatchConfig.from_dict(setup["c"])
        except GameError as error:
            raise FriendError(f"the rules in the link: {error}: malformed", FriendReason.MALFORMED) from None
        if self.config.clock is not None:
            raise FriendError("a match by links has no clock: clock", FriendReason.CLOCK)
        self.seat = seat
        self.match_id = _match_id(setup)
        self._id_bytes = b64decode(self.match_id, ID_SIZE)
        self._seed = seed
        length = setup["L"]
        self._own = OwnChain(seed, length)
        anchor = b64decode(setup["k"], len(self._own.anchor))
        self._theirs = None if seat == 0 else SeenChain(anchor, length)
        if seat == 0 and anchor != self._own.anchor:
            raise FriendError("the saved seed does not make the saved commitment: bad_reveal", FriendReason.BAD_REVEAL)
        self.match = Match(self.config, ManualDice())
        self.links = []                # every link so far, sent and received, in order
        self._digest = history_start(self.match_id)
        self._pending = []             # this player's actions not sent yet
        self._revealed = [0, 0]        # the highest secret each player has put in a link
        self._rolls = 0                # roll events done (each uses secret number rolls of both chains)
        self._intent = None            # "roll" / "reroll": chosen, waiting for the dice
        self._then_roll = [False, False]   # each player's word: at his next turn he rolls without doubling
        self._word_for = None          # (player, games so far) of the move just applied: a word may follow it

    # --- building -------------------------------------------------------------------------------
    @classmethod
    def create(cls, config, *, seed=None, chain_length=CHAIN_LENGTH):
        """Start a match as player 0; :attr:`outgoing` is the invitation to send."""
        if not isinstance(config, MatchConfig):
            raise FriendError(f"config {config!r:.40}: a MatchConfig expected", FriendReason.MALFORMED)
        seed = new_seed() if seed is None else seed
        setup = _setup(config, chain_length, OwnChain(seed, chain_length).anchor)
        friend = cls(0, seed, setup)
        friend._send()
        return friend

    @classmethod
    def join(cls, link, *, seed=None):
        """Accept an invitation (its text, address or :class:`Link`) as player 1; answer in :attr:`outgoing`."""
        link = link if isinstance(link, Link) else decode_link(link)
        if link.turn != 1:
            raise FriendError(f"link {link.turn} of match {link.match_id}: this device has no copy of it: "
                              f"unknown_match", FriendReason.UNKNOWN_MATCH, {"turn": link.turn})
        if _match_id(link.setup) != link.match_id:
            raise FriendError(f"match {link.match_id}: its id is not that of its rules: changed_history",
                              FriendReason.CHANGED_HISTORY)
        friend = cls(1, new_seed() if seed is None else seed, link.setup)
        friend._take(link)
        friend._send_if_owed()
        return friend

    # --- what the app reads ---------------------------------------------------------------------
    @property
    def turn(self):
        """How many links the match has had."""
        return len(self.links)

    @property
    def waiting(self):
        """True while the next link must come from the friend."""
        return len(self.links) % 2 != self.seat and not self.over

    @property
    def over(self):
        return self.match.match_winner is not None

    @property
    def outgoing(self):
        """The text of the link to send to the friend (the last one sent, for sending again), else None."""
        if self.links and self.links[-1].sender == self.seat:
            return encode_link(self.links[-1])
        return None

    # --- the player's actions -------------------------------------------------------------------
    def play(self, move, *, then_roll=False):
        """Play a whole move (a :class:`game.Move` or its notation; ``""`` when no move is possible).

        ``then_roll``: the player gives his word now that at his next turn he will roll without
        doubling, so the friend's next link brings his dice with it (one link a turn instead of three).
        """
        text = move if isinstance(move, str) else str(move) if isinstance(move, Move) else None
        if text is None:
            raise IllegalActionError(f"play({move!r:.40}): a Move or its notation expected", Reason.NO_SUCH_DIE)
        self._local(("m", text), *([("a",)] if then_roll else []))

    def roll(self):
        """Roll rather than double (when the cube is this player's to turn; otherwise the dice come by themselves)."""
        self._local(("r",))

    def reroll(self):
        self._local(("x",))

    def double(self):
        self._local(("d",))

    def take(self):
        self._local(("t",))

    def drop(self):
        self._local(("p",))

    def beaver(self):
        self._local(("b",))

    def resign(self, kind=1):
        self._local(("q", {"single": 1, "gammon": 2, "backgammon": 3}.get(kind, kind)))

    def accept_resignation(self):
        self._local(("y",))

    def reject_resignation(self):
        self._local(("z",))

    def _local(self, action, *more):
        if self.over:
            raise FriendError("the match is over: match_over", FriendReason.MATCH_OVER)
        if self.waiting or self._roll_due():
            raise FriendError("waiting for the friend's link: waiting", FriendReason.WAITING)
        if action[0] == "m" and action[1]:
            g = self.match.game
            action = ("m", str(g.position.parse_move(action[1], g.dice))) if g.dice else action
        with self._all_or_nothing():
            self._word_for = None
            for each in (action, *more):
                if self._apply(each, self.seat):
                    self._pending.append(each)      # not a word given with a game's last move: it is void
            if self._needs_friend():
                self._send()

    # --- the friend's links ---------------------------------------------------------------------
    def receive(self, link):
        """Take the friend's link (its text, address or :class:`Link`); a refusal changes nothing.

        When the friend now needs this device's die secret (and no choice of
        this player comes first), the answer is made at once in :attr:`outgoing`.
        """
        link = link if isinstance(link, Link) else decode_link(link)
        self._check_order(link)
        with self._all_or_nothing():
            self._take(link)
            self._send_if_owed()

    def _check_order(self, link):
        last = len(self.links)
        if link.match_id != self.match_id:
            raise FriendError(f"link of match {link.match_id}, this is match {self.match_id}: other_match",
                              FriendReason.OTHER_MATCH)
        if link.sender == self.seat:
            raise FriendError(f"link {link.turn} was sent from this device: own_link", FriendReason.OWN_LINK,
                              {"turn": link.turn})
        details = {"turn": link.turn, "last": last}
        if link.turn == last:
            if self.links[-1] == link:
                raise FriendError(f"link {link.turn} was opened here already: already_opened",
                                  FriendReason.ALREADY_OPENED, details)
            raise FriendError(f"link {link.turn} is not the link {link.turn} opened here: changed_history",
                              FriendReason.CHANGED_HISTORY, details)
        if link.turn == last - 1:
            raise FriendError(f"link {link.turn} was answered already: already_answered",
                              FriendReason.ALREADY_ANSWERED, details)
        if link.turn < last:
            raise FriendError(f"link {link.turn} is older than link {last}: older_turn", FriendReason.OLDER_TURN,
                              details)
        if link.turn > last + 1:
            raise FriendError(f"link {link.turn} does not follow link {last}: out_of_order",
                              FriendReason.OUT_OF_ORDER, details)
        if self.over:
            raise FriendError("the match is over: match_over", FriendReason.MATCH_OVER)
        if link.base != self._digest:
            raise FriendError(f"link {link.turn} builds on another history: changed_history",
                              FriendReason.CHANGED_HISTORY, details)

    @contextmanager
    def _all_or_nothing(self):
        """Undo everything done inside when it raises: the copy is as it was."""
        saved = (list(self.links), self._digest, list(self._pending), list(self._revealed), self._rolls,
                 self._intent, list(self._then_roll), self._word_for, self._theirs,
                 None if self._theirs is None else self._theirs.known)
        events = self.match.events
        try:
            yield
        except BaseException:
            (self.links, self._digest, self._pending, self._revealed, self._rolls, self._intent,
             self._then_roll, self._word_for, self._theirs, known) = saved
            if self._theirs is not None:
                self._theirs.forget_after(known)
            if len(self.match.events) != len(events):
                self._rebuild_match(events)
            raise

    def _rebuild_match(self, events):
        """The engine's match as it was after ``events`` (done again, each checked); the same object."""
        data = {"schema": MATCH_SCHEMA, "config": self.config.to_dict(), "clock": None, "events": events,
                "dice": {"kind": "manual", "queue": [], "fallback": None}}
        # the app may hold self.match: it keeps the same object, as it was
        self.match.__dict__.update(Match.from_dict(data).__dict__)

    # --- the exchange ---------------------------------------------------------------------------
    def _secret(self, seat, index):
        if seat == self.seat:
            return self._own.secret(index)
        return None if self._theirs is None else self._theirs.secret(index)

    def _roll_due(self):
        """``"roll"`` or ``"reroll"`` when dice must be thrown before anyone may choose anything, else None."""
        m = self.match
        phase = m.phase
        if self.over:
            return None
        if phase is Phase.OPENING:
            return "roll"
        if phase is Phase.ROLL_OR_DOUBLE:
            roller = m.player_on_roll
            chosen = self._intent == "roll" or self._then_roll[roller]
            return "roll" if chosen or not m.can_double(roller) else None
        if phase is Phase.MOVING and self._intent == "reroll":
            return "reroll"
        return None

    def _advance(self):
        """Start the next game and throw every roll due whose two secrets are known."""
        m = self.match
        while True:
            if m.phase is Phase.OVER and not self.over:
                m.new_game()
                self._then_roll = [False, False]
                continue
            due = self._roll_due()
            if due is None:
                return
            index = self._rolls + 1
            secrets = (self._secret(0, index), self._secret(1, index))
            if None in secrets:
                return
            opening = self.config.opening if m.phase is Phase.OPENING else None
            if m.phase is Phase.ROLL_OR_DOUBLE:
                self._then_roll[m.player_on_roll] = False
            dice = m.dice_source
            for die in event_dice(roll_seed(self._id_bytes, index, *secrets), opening):
                dice.push_one(die)
            m.roll() if due == "roll" else m.reroll()
            assert not dice.pending, "the roll threw every die of its event"
            self._rolls = index
            self._intent = None

    def _apply(self, action, seat):
        """Do ``action`` of player ``seat`` with the engine, then throw what is due.

        False for a word given with the move that ended a game: it is void (nothing done).
        """
        if self._roll_due() and action[0] != "a":       # a word for a later turn does not wait for dice
            raise FriendError(f"{action[0]!r} while the dice are due: missing_reveal", FriendReason.MISSING_REVEAL)
        m = self.match
        code = action[0]
        word_for, self._word_for = self._word_for, None
        if code == "a":
            return self._give_word(seat, word_for)
        if code == "m":
            games = len(m.games)
            if action[1]:
                m.play_text(action[1], player=seat)
            else:
                m.play_move(Move(()), player=seat)
            self._then_roll[seat] = False           # a move without the word means none
            self._word_for = (seat, games)
        elif code in ("r", "x"):
            name = "roll" if code == "r" else "reroll"
            found = m.refusal(name, seat)
            if found is not None:
                raise IllegalActionError(f"{name} by player {seat}: {found.value}", found)
            self._intent = name
        elif code == "q":
            m.resign(action[1], player=seat)
        else:
            getattr(m, _ENGINE[code])(player=seat)
        self._advance()
        return True

    def _give_word(self, seat, word_for):
        """The word ``["a"]`` of player ``seat``: it belongs to his move just before it, in the same link.

        It holds until his next roll in play, in the game of that move: given with a game's last move,
        it is void, and the next game starts with no word, whoever wins its opening (docs/friend.md).
        """
        if word_for is None or word_for[0] != seat:
            raise FriendError(f"a word to roll of player {seat} that follows no move of his: forged_action",
                              FriendReason.FORGED_ACTION)
        m = self.match
        if len(m.games) != word_for[1] or m.game.result is not None:
            return False
        self._then_roll[seat] = True
        self._advance()
        return True

    def _owed(self):
        """The highest own secret the friend must have now: every roll done, and the one due."""
        return self._rolls + (1 if self._roll_due() else 0)

    def _needs_friend(self):
        if self.over or self._roll_due():
            return True
        return self.match.player_to_act != self.seat

    def _send_if_owed(self):
        if not self.over and self._needs_friend() and self._owed() > self._revealed[self.seat]:
            self._send()

    def _send(self):
        """Make the next link: this player's actions since the last one, his newest secret owed."""
        turn = len(self.links) + 1
        owed = self._owed() if self._theirs is not None else 0
        reveal = None
        if owed > self._revealed[self.seat]:
            reveal = (owed, self._own.secret(owed))
        setup = _setup(self.config, self._own.length, self._own.anchor) if turn == 1 else None
        link = Link(match_id=self.match_id, turn=turn, base=None if turn == 1 else self._digest,
                    actions=tuple(self._pending), reveal=reveal, setup=setup,
                    anchor=self._own.anchor if turn == 2 else None)
        if reveal is not None:
            self._revealed[self.seat] = owed
        self._record(link)
        self._pending = []

    def _record(self, link):
        self._digest = history_next(self._digest, link)
        self.links.append(link)

    def _take(self, link):
        """Replay the friend's ``link`` on this copy (which the caller throws away if it fails)."""
        sender = link.sender
        if link.anchor is not None:
            if sender != self.seat:
                self._theirs = SeenChain(link.anchor, self._own.length)
            elif link.anchor != self._own.anchor:
                raise FriendError("own commitment is not this seed's: bad_reveal", FriendReason.BAD_REVEAL)
        if link.reveal is not None:
            index, secret = link.reveal
            if sender == self.seat:
                if index < self._revealed[sender] or index > self._own.length \
                        or self._own.secret(index) != secret:
                    raise FriendError(f"own secret {index} is not this seed's: bad_reveal", FriendReason.BAD_REVEAL)
            else:
                self._theirs.accept(index, secret)
            self._revealed[sender] = index
        try:
            self._advance()
            self._word_for = None                   # a word follows a move of the same link
            for action in link.actions:
                self._apply(action, sender)
        except FriendError:
            raise
        except GameError as error:
            reason = getattr(error, "reason", None)
            why = FriendReason.WRONG_PLAYER if reason is Reason.NOT_YOUR_TURN else FriendReason.FORGED_ACTION
            raise FriendError(f"link {link.turn}: {error}: {why.value}", why,
                              {"turn": link.turn, "reason": getattr(reason, "value", "")}) from None
        if sender == self.seat:
            self._check_sent(link)
        else:
            self._check_complete(link)
        self._record(link)

    def _check_sent(self, link):
        """A link of this device's, saved and read back: it ends where this player needs the friend."""
        owed = self._owed() if self._theirs is not None else 0
        if self._revealed[self.seat] != owed or not (self.over or self._needs_friend()):
            raise FriendError(f"saved link {link.turn} is not the one this device made: changed_history",
                              FriendReason.CHANGED_HISTORY, {"turn": link.turn})

    def _check_complete(self, link):
        """The sender's part is done: each roll made has its secret, none too early, and the other can act."""
        sender = link.sender
        if self._revealed[sender] != (self._rolls if link.turn > 1 else 0):
            raise FriendError(f"link {link.turn}: secret {self._revealed[sender]} for {self._rolls} rolls: "
                              f"missing_reveal", FriendReason.MISSING_REVEAL, {"turn": link.turn})
        if self.over:
            return
        if self._roll_due() and link.turn > 1:
            raise FriendError(f"link {link.turn}: the secret of the roll due is missing: missing_reveal",
                              FriendReason.MISSING_REVEAL, {"turn": link.turn})
        receiver = 1 - sender
        if not self._roll_due() and self.match.player_to_act == sender \
                and self._owed() <= self._revealed[receiver]:
            raise FriendError(f"link {link.turn} stops before its sender's turn is done: incomplete_turn",
                              FriendReason.INCOMPLETE_TURN, {"turn": link.turn})

    # --- saving ---------------------------------------------------------------------------------
    def to_dict(self):
        """Plain data to keep on this device (the seed is secret: it never goes in a link).

        >>> friend = FriendMatch.create(MatchConfig(length=3), seed=bytes(32))
        >>> FriendMatch.from_dict(friend.to_dict()).outgoing == friend.outgoing
        True
        """
        return {"schema": SCHEMA, "kind": "friend", "seat": self.seat, "seed": b64encode(self._seed),
                "links": [encode_link(link) for link in self.links],
                "pending": [list(action) for action in self._pending]}

    @classmethod
    def from_dict(cls, data):
        """Rebuild a saved copy by replaying its links (every check made again); bad data raises FriendError."""
        try:
            if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("kind") != "friend":
                raise FriendError("saved friend match: schema 1 expected: malformed", FriendReason.MALFORMED)
            seat, links = data.get("seat"), [decode_link(text) for text in data.get("links")]
            if seat not in (0, 1) or isinstance(seat, bool) or not links or links[0].turn != 1 \
                    or data.get("pending") != []:
                raise FriendError("saved friend match: bad seat or links: malformed", FriendReason.MALFORMED)
            seed = b64decode(data.get("seed"), 32)
            friend = cls(seat, seed, links[0].setup)
            if friend.match_id != links[0].match_id:
                raise FriendError("saved friend match: its id is not that of its rules: changed_history",
                                  FriendReason.CHANGED_HISTORY)
            if seat == 0:
                if links[0] != replace(links[0], actions=(), reveal=None, anchor=None):
                    raise FriendError("saved friend match: the invitation holds play: changed_history",
                                      FriendReason.CHANGED_HISTORY)
                friend._record(links[0])
            else:
                friend._take(links[0])
            for turn, link in enumerate(links[1:], start=2):
                if link.turn != turn or link.match_id != friend.match_id or link.base != friend._digest:
                    raise FriendError(f"saved friend match: link {turn} does not follow: changed_history",
                                      FriendReason.CHANGED_HISTORY)
                friend._take(link)
            return friend
        except FriendError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError) as error:
            raise FriendError(f"saved friend match: {type(error).__name__}: malformed", FriendReason.MALFORMED) \
                from None
