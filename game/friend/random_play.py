"""Two devices playing a whole match through links, with random choices: for the tests and the link benchmark.

Each side is a :class:`FriendMatch` in memory; every link goes from one to
the other as text, exactly as a messenger would carry it.  The policy picks
uniformly among the legal plays, and now and then doubles, drops, beavers or
resigns, so that every kind of link is made.

>>> import random
>>> from game.match import MatchConfig
>>> duel = Duel(MatchConfig(length=1), random.Random(4), seeds=(b"a" * 32, b"b" * 32))
>>> duel.play_out()
>>> duel.devices[0].match.score == duel.devices[1].match.score, duel.devices[0].over
(True, True)
"""

from game.match import Phase

from .friend_match import FriendMatch

__all__ = ["Duel", "random_action"]

#: how often the random player turns the cube, drops, beavers, resigns, gives his word to roll next turn
CHANCES = {"double": 0.08, "drop": 0.3, "beaver": 0.3, "resign": 0.01, "accept": 0.5, "reroll": 0.3, "then_roll": 0.5}


def random_action(friend, rng):
    """Do one random legal action on ``friend`` (it must be its player's turn)."""
    m = friend.match
    seat = friend.seat
    phase = m.phase
    if phase is Phase.ROLL_OR_DOUBLE:
        if rng.random() < CHANCES["resign"] and m.resign_kinds():
            friend.resign(rng.choice(m.resign_kinds()))
        elif rng.random() < CHANCES["double"]:
            friend.double()
        else:
            friend.roll()
    elif phase is Phase.DOUBLED:
        if m.refusal("beaver", seat) is None and rng.random() < CHANCES["beaver"]:
            friend.beaver()
        elif rng.random() < CHANCES["drop"]:
            friend.drop()
        else:
            friend.take()
    elif phase is Phase.RESIGNATION_OFFERED:
        if rng.random() < CHANCES["accept"]:
            friend.accept_resignation()
        else:
            friend.reject_resignation()
    elif phase is Phase.MOVING:
        if m.can_reroll() and rng.random() < CHANCES["reroll"]:
            friend.reroll()
        elif rng.random() < CHANCES["resign"] and m.resign_kinds():
            friend.resign(rng.choice(m.resign_kinds()))
        elif m.turn.no_move:
            friend.play("")
        else:
            move = rng.choice(sorted(m.turn.plays, key=str))    # an order that is the same after a reload
            friend.play(move, then_roll=rng.random() < CHANCES["then_roll"])
    else:  # pragma: no cover - the copy never waits on its player in another phase
        raise AssertionError(f"nothing to do in phase {phase.value}")


class Duel:
    """Two devices, ``devices[0]`` the one that invites; ``links`` every link's text in order.

    ``check(duel)``, when given to :meth:`play_out`, runs after each link is delivered and
    before each choice.  ``games`` stops a money session after that many games.
    """

    def __init__(self, config, rng, *, seeds=(None, None), chain_length=None):
        extra = {} if chain_length is None else {"chain_length": chain_length}
        first = FriendMatch.create(config, seed=seeds[0], **extra)
        self.links = [first.outgoing]
        second = FriendMatch.join(first.outgoing, seed=seeds[1])
        self.devices = (first, second)
        self.rng = rng
        self.choices = 0

    def deliver(self):
        """Carry the newest link to the device that lacks it; False when none is in flight."""
        a, b = self.devices
        if a.turn == b.turn:
            return False
        sender, receiver = (a, b) if a.turn > b.turn else (b, a)
        text = sender.outgoing
        self.links.append(text)
        receiver.receive(text)
        return True

    def to_act(self):
        """The device whose player must choose now, or None."""
        for device in self.devices:
            if not device.waiting and not device.over:
                return device
        return None

    def play_out(self, check=None, games=None):
        """Play until the match is over (or ``games`` games of a money session are over)."""
        while True:
            if self.deliver():
                if check:
                    check(self)
                continue
            if games is not None and len(self.devices[0].match.results) >= games:
                return
            if check:
                check(self)
            device = self.to_act()
            if device is None:
                return
            random_action(device, self.rng)
            self.choices += 1
