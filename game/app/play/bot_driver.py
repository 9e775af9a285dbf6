"""The computer's side: the bot that plays a seat, thinking in slices, and the Hint button's.

:class:`BotDriver` asks the bot (:mod:`game.bot`) what to do when it is the computer's
turn, one small thing at a time (a roll, a cube answer, one checker, Done), and carries
it out through the game (:class:`game.app.play.mode.GameMode`), as a person's intent
would be. Its thinking is a generator (:meth:`BotDriver.steps`): the page drives it in
slices (:mod:`game.app.cooperative`) and stays live; a thought whose match changed
meanwhile is dropped. The Hint button's analysis (:meth:`BotDriver.hint_steps`) is
the same bot's, at :data:`HINT_LEVEL`.

>>> from game.app.controller import Controller
>>> from game.app.cooperative import finish
>>> app = Controller()
>>> app.boot("?mode=watch&length=1&seed=3")
True
>>> finish(app.bot.steps())
'roll'
"""

from game.match import Phase
from game.app.play.mode import dice_text, game_start, resignation_message
from game.app.view.places import move_seen_from

__all__ = ["BotDriver", "HINT_LEVEL"]

#: the level whose analysis the Hint button shows (2-ply on its best close plays, 1-ply on a few more)
HINT_LEVEL = "master"
#: what a thought gives when the match moved on while it ran: it is dropped
DROPPED = object()


def _jobs_or_own(bot, name):
    """The step-by-step form ``name`` of ``bot``: for the app's own bot, the one that asks its
    long work as jobs (:mod:`game.bot.jobs`: the page hands them to its workers; the answers
    are the same), else the bot's own (or None)."""
    from game.bot import Bot  # imported on first use: start-up stays lean
    if type(bot) is Bot:
        from game.bot import jobs

        think = getattr(jobs, name)
        return lambda *args, **kw: think(bot, *args, **kw)
    return getattr(bot, name, None)


class BotDriver:
    """The computer players of the app (one per level and seed, made when first needed)."""

    def __init__(self, app, bot_factory=None):
        self.app = app
        self._bot_factory = bot_factory
        self._bots = {}

    def _bot(self, player):
        """The computer player of this setup; with a dice seed its own random choices are seeded
        too, so that a class playing the same link meets the same opponent."""
        key = (self.app.setup.level, self.app.setup.seed)
        if key not in self._bots:
            if self._bot_factory is not None:
                self._bots[key] = self._bot_factory(self.app.setup.level)
            else:
                from game.bot import Bot  # imported on first use: start-up stays lean
                self._bots[key] = Bot(level=self.app.setup.level, seed=self.app.setup.seed)
        return self._bots[key]

    def context(self, player):
        """The :class:`game.bot.CubeContext` of ``player`` in the match on the board (the score, the
        cube, the rules), as the bot and the tutor weigh his decisions."""
        try:
            from game.bot import CubeContext
        except ImportError:  # pragma: no cover
            return None
        m = self.app.match
        cfg = m.config
        owner = m.cube_owner
        return CubeContext(
            cube_value=m.cube_value,
            cube_owner=None if owner is None else ("me" if owner == player else "opponent"),
            match_length=cfg.length, score_me=m.score[player], score_opponent=m.score[1 - player],
            crawford=m.is_crawford_game, jacoby=cfg.jacoby and cfg.money,
            beavers=cfg.beavers and cfg.money)

    def steps(self):
        """:meth:`bot_act` step by step: a generator that yields while the bot thinks and
        returns what it did.  ``main.py`` drives it with :func:`game.app.cooperative.drive`,
        so the page stays live; if the match changed meanwhile (a new match, a resume),
        the thought is dropped and it returns None."""
        game = self.app.game
        if not game.bot_to_act():
            return None
        m = self.app.match
        phase = m.phase
        if phase is Phase.OVER:
            game.next_game()
            return "new_game"
        if phase is Phase.OPENING:
            game._roll()
            return "roll"
        player = m.player_to_act
        bot = self._bot(player)
        if phase is Phase.ROLL_OR_DOUBLE:
            kind = self._bot_resigns(bot, player)
            if kind is not None:
                game._act(lambda: m.resign(kind))
                if m.phase is Phase.RESIGNATION_OFFERED:
                    self.app.message = resignation_message(m)
                    self.app.save()
                    return "resign"
            if m.can_double():
                action = yield from self._unchanged(self._cube_says(bot, player, answering=False))
                if action is DROPPED:
                    return None
                if action == "double":
                    return self._carry(game._double, "double")
            return self._carry(game._roll, "roll")
        if phase is Phase.DOUBLED:
            doubler = m.player_on_roll
            if m.game.offer == "beaver":
                return self._carry(game._take, "take")               # the doubler stands by his double
            answer = yield from self._unchanged(self._cube_says(bot, doubler, answering=True))
            if answer is DROPPED:
                return None
            if answer == "beaver" and m.refusal("beaver") is None:
                return self._carry(game._beaver, "take")
            if answer == "drop":
                return self._carry(game._drop, "drop")
            return self._carry(game._take, "take")
        if phase is Phase.RESIGNATION_OFFERED:
            if self._resign_says(bot) == "reject":
                return self._carry(game._reject_resignation, "reject")
            return self._carry(game._accept_resignation, "accept")
        if phase is Phase.MOVING:
            turn = m.turn
            if self.app.bot_plan is None:
                if turn.played:
                    m.undo_all()
                if turn.no_move:
                    self.app.bot_plan = []
                else:
                    think = _jobs_or_own(bot, "think_move")
                    if think is None:      # a bot without a step-by-step form
                        move = bot.choose_move(turn.position, turn.dice, self.context(player))
                    else:
                        move = yield from self._unchanged(think(turn.position, turn.dice,
                                                                self.context(player)))
                        if move is DROPPED:
                            return None
                    self.app.bot_plan = [(s.source, s.target) for s in move.steps] if move is not None else []
                    # in the numbers the board shows the person, not the computer's own
                    seen = move_seen_from(move, player, game.screen.numbers_for()) if move is not None else ""
                    self.app.message = ("msg.bot_played", {"name": {"player": player},
                                                           "dice": dice_text(m.dice), "move": seen})
            if self.app.bot_plan:
                source, target = self.app.bot_plan.pop(0)
                game._act(lambda: m.step(source, target))
                return "step"
            self.app.bot_plan = None
            game._done()
            return "done"
        return None  # pragma: no cover

    def _carry(self, intent, said):
        """Carry out the game's ``intent`` (as a person's would); returns ``said``."""
        intent()
        return said

    def _unchanged(self, thought):
        """Think ``thought`` (a generator) through; its answer, or :data:`DROPPED` when the match
        moved on meanwhile (a new match, a lesson opened over it)."""
        state = self._bot_state()
        answer = yield from thought
        return answer if self._bot_state() == state else DROPPED

    def _bot_state(self):
        """What the bot's thought is about: the match, its position, cube and turn (and no
        lesson over it: a thought that ends while a lesson is open is dropped)."""
        m = self.app.match
        if m is None:
            return None
        return (id(m), m.game_number, len(m.events), m.phase, m.position_id(), m.match_id(),
                self.app.lesson is None)

    def _bot_resigns(self, bot, player):
        """The resignation the computer offers a person before rolling (1, 2, 3), or None: a
        hopeless race (see :meth:`game.bot.Bot.resignation_offer`), at most until the person
        rejects one in this game."""
        m = self.app.match
        offer = getattr(bot, "resignation_offer", None)
        if offer is None or not self.app.is_human(1 - player) or m.refusal("resign") is not None:
            return None
        events = m.events
        start = game_start(events)
        if any(e["type"] == "reject_resignation" for e in events[start:]):
            return None
        return offer(m.game.position)

    def _resign_says(self, bot):
        """The bot's answer to the resignation on offer, asked from the resigner's side (the
        position as his turn began, and his dice when he resigned after rolling)."""
        m = self.app.match
        g = m.game
        resigner, kind = g.resignation
        dice = g.dice if g.phase_before_resignation is Phase.MOVING else None
        decide = getattr(bot, "resignation_decision", None)
        if decide is None:        # a bot without the judgement accepts
            return "accept"
        return decide(g.position, kind, self.context(resigner), dice)

    def _cube_says(self, bot, doubler, answering):
        """The bot's cube action (``answering`` False: double or not) or its answer to a double
        (True: take, drop or beaver), a generator; both questions are asked from the
        (would-be) doubler's side."""
        m = self.app.match
        position, ctx = m.game.position, self.context(doubler)
        think = _jobs_or_own(bot, "think_cube")
        if think is not None:
            equities = yield from think(position, ctx)
            return equities.response if answering else equities.action
        try:
            if answering:
                return bot.take_decision(position, ctx)
            return bot.cube_action(position, ctx)
        except AttributeError:  # a bot without cube play: never doubles, always takes
            return "take" if answering else "no_double"

    def hint_steps(self):
        """:meth:`compute_hint` step by step (a generator; ``main.py`` drives it)."""
        self.app.hint = None
        if not self.app.game.screen.hint_available():
            return False
        if "hint" not in self._bots:
            from game.bot import Bot  # imported on first use: start-up stays lean
            self._bots["hint"] = Bot(level=HINT_LEVEL)
        bot = self._bots["hint"]
        m = self.app.match
        key = self.app.game.screen.hint_key()
        if m.phase is Phase.MOVING:
            turn = m.turn
            hints = yield from _jobs_or_own(bot, "think_hints")(turn.position, turn.dice,
                                                                 ctx=self.context(m.player_on_roll))
            self.app.hint = (key, "plays", (hints, turn.dice, bool(m.config.length)))
        else:
            position = m.game.position          # seen from the player on roll: the doubler
            equities = yield from _jobs_or_own(bot, "think_cube")(position, self.context(m.player_on_roll))
            self.app.hint = (key, "cube", (equities, bot.evaluate(position), m.phase is Phase.DOUBLED))
        return True
