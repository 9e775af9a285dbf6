"""What runs over time: the computer's turn, the clock, a lesson's demo, the review, a hint,
the tutor's study of the person's decision while he thinks, a rollout.

Each loop is an ``asyncio`` task started when it has work and not already
running; what each step changed goes through ``page.apply``, like a person's
intent.  The only state here is which loop runs.
"""

import asyncio

from game.app.cooperative import Cancelled, drive
from game.app.effects import Effects
from game.web.pool import Pool
from game.web import review_pool

# pauses (seconds) after each thing the computer does, so that people can follow
BOT_PAUSE = {"roll": 0.8, "step": 0.5, "done": 0.6, "double": 1.0, "take": 0.9, "drop": 0.9,
             "accept": 0.9, "reject": 0.9, "resign": 0.9, "new_game": 1.5}
FIRST_BOT_PAUSE = 0.6
DEMO_PAUSE = 0.9      # seconds between the checkers of a lesson's demo move
CLOCK_TICK = 0.5      # seconds between two drawings of the clocks
REVIEW_PAINT = 0.3    # seconds between two drawings of the review's progress
REVIEW_PANEL_PAINT = 2.0   # ... and of its whole panel meanwhile (the list, the graph, the sums)
PROGRESS = Effects(screen=True)   # the review's progress changes its pane only
POOL_DELAY = 1.0      # seconds after the page is playable before the engine's workers start


#: games of a rollout in one job of the pool (a job of a few hundred ms at 0-ply, cut at 10 plies)
ROLLOUT_PIECE = 6


class Loops:
    """The page's tasks over time. ``page`` gives ``app``, ``apply``, ``screen``, ``gestures``."""

    def __init__(self, page):
        self.page = page
        self.bot_running = False
        self.ticker = None
        self.demo_running = False
        self.reviewing = False
        self.review_painted = 0.0   # when the review's whole panel was last drawn (loop time)
        self.pool = Pool()          # the engine's workers (game/web/pool.py); jobs run here without
        self._asked = {}            # tag → what the pool's job of that tag is about (the match's state)
        self.rolling_out = False
        self.tutoring = False

    def start(self, loop):
        """Run ``loop()`` as a task; an error in it is shown rather than freezing the page."""
        async def guarded():
            try:
                await loop()
            except Exception as error:  # noqa: BLE001 - show it rather than freeze
                self.page.screen.fail(error)
        return asyncio.ensure_future(guarded())

    def start_pool(self, delay=POOL_DELAY):
        """Let the engine's workers start ``delay`` seconds from now (the page is playable):
        at the first job asked of them (:meth:`Pool.allow`)."""
        async def later():
            await asyncio.sleep(delay)
            self.pool.allow()
        self.start(later)

    def runner(self, tag):
        """The pool's runner for jobs of ``tag``, noting what each is about while it runs: an
        intent that changes the match meanwhile cancels it (:meth:`schedule`)."""
        run = self.pool.runner(tag)

        async def ask(job):
            self._asked[tag] = self.page.app.bot._bot_state()
            try:
                return await run(job)
            finally:
                self._asked.pop(tag, None)
        return ask

    def schedule(self):
        """Start whatever has work now: the computer's turn, the clock, a lesson's demo."""
        app = self.page.app
        for tag, state in list(self._asked.items()):
            if state != app.bot._bot_state():
                del self._asked[tag]
                self.pool.cancel(tag)        # a new position: the job in the pool is not wanted
        if not self.bot_running and app.bot_to_act():
            self.bot_running = True
            self.start(self.bot_loop)
        match = app.match
        if match is not None and match.clock is not None and self.ticker is None:
            self.ticker = self.start(self.clock_loop)
        if not self.tutoring and app.tutor.due():
            self.tutoring = True
            self.start(self.tutor_loop)
        lesson = app.lesson
        if not self.demo_running and lesson is not None and lesson.demo_pending():
            self.demo_running = True
            self.start(self.demo_loop)
        self.page.progress.schedule()      # a finished match's analysis (game/web/progress_page.py)

    async def bot_loop(self):
        app = self.page.app
        try:
            pause = FIRST_BOT_PAUSE
            while app.bot_to_act():
                # give the browser the hand first: it paints, and clicks stay answered
                await asyncio.sleep(pause)
                if not app.bot_to_act():
                    break
                # the bot thinks in a worker of the pool, or here in slices of ~25 ms: the page
                # paints and answers in between
                try:
                    did = await drive(app.bot_act_steps(), runner=self.runner("bot"))
                except Cancelled:
                    continue
                self.page.apply(None, animate=True)
                pause = BOT_PAUSE.get(did, 0.5) * (0.1 if app.prefs.fast_bot else 1)
        finally:
            self.bot_running = False

    async def clock_loop(self):
        app = self.page.app
        try:
            while app.match is not None and app.match.clock is not None:
                await asyncio.sleep(CLOCK_TICK)
                ended = app.tick()
                if ended:
                    self.page.apply(ended)
                elif self.page.gestures.drag is None:
                    self.page.screen.draw_panels(app.clock_panels())
        finally:
            self.ticker = None

    async def demo_loop(self):
        app = self.page.app
        try:
            while app.lesson is not None and app.lesson.demo_pending():
                lesson = app.lesson
                shown = (lesson, lesson.index, lesson.demo_played)
                await asyncio.sleep(DEMO_PAUSE)
                if app.lesson is lesson and (lesson, lesson.index, lesson.demo_played) == shown:
                    self.page.apply(lesson.demo_advance(), animate=True)
        finally:
            self.demo_running = False

    def review(self):
        """Weigh the open review's decisions, unless that already runs."""
        if not self.reviewing and self.page.app.review is not None:
            self.reviewing = True
            self.start(self.review_loop)

    async def review_loop(self):
        """Weigh the decisions a few at a time (in the pool's workers, or here in slices);
        the page paints the progress in between. A review made deep meanwhile goes on deep."""
        app = self.page.app
        try:
            await asyncio.sleep(0.05)     # the browser paints the empty panel first
            painted = 0.0
            loop = asyncio.get_event_loop()
            while app.review is not None and app.review.running:
                session = app.review
                review = session.review
                self.pool.wake()
                if self.pool.ready() and not review.opening:    # the match read first, here
                    await review_pool.weigh(session, self.pool,
                                            lambda: app.review is session and session.review is review,
                                            self.paint_review)
                    continue
                app.review_step()
                if loop.time() - painted > REVIEW_PAINT:
                    self.paint_review()
                    painted = loop.time()
                await asyncio.sleep(0)
            self.page.apply(PROGRESS)
        finally:
            self.reviewing = False

    def paint_review(self):
        """Draw the review's progress: its line and bar each time, its whole panel (a task
        that grows with the match) at most every :data:`REVIEW_PANEL_PAINT` seconds."""
        from game.app.review.panel import progress_text

        app, now = self.page.app, asyncio.get_event_loop().time()
        session = app.review
        if session is None or now - self.review_painted >= REVIEW_PANEL_PAINT:
            self.page.apply(PROGRESS)
            self.review_painted = now
        else:
            self.page.screen.panes.draw_review_progress(progress_text(session, app.tr), session.review.done,
                                                        session.review.total)

    def rollout(self):
        """Run the rollout asked for, in slices; its panel is painted as the games come."""
        if not self.rolling_out and self.page.app.rollouts.wanted():
            self.rolling_out = True
            self.start(self.rollout_loop)

    async def rollout_loop(self):
        rollouts = self.page.app.rollouts
        loop = asyncio.get_event_loop()
        painted = [loop.time()]

        def paint(_held):
            if loop.time() - painted[0] > REVIEW_PAINT:
                self.page.apply(PROGRESS)
                painted[0] = loop.time()
        try:
            while rollouts.wanted():
                self.pool.wake()
                if self.pool.ready():
                    await self._rollout_in_pool(rollouts, paint)
                else:
                    await drive(rollouts.steps(), on_slice=paint)
        finally:
            self.rolling_out = False
            self.page.apply(PROGRESS)

    async def _rollout_in_pool(self, rollouts, paint):
        """The rollout's games spread over the workers, :data:`ROLLOUT_PIECE` games a job, a
        batch of jobs at a time (so that "until stopped" needs no endless list); each piece is
        counted as it comes back."""
        from game.bot.jobs import request
        session = rollouts.take()
        if session is None:
            return
        game = 0
        try:
            while rollouts.goes_on(session):
                pieces = session.pieces(game, ROLLOUT_PIECE, 4 * max(1, self.pool.size()))
                if not pieces:
                    break
                jobs = [request("rollout", request=session.request, first_game=first, count=count)
                        for first, count in pieces]
                game = pieces[-1][0] + pieces[-1][1]

                def counted(_i, part):
                    session.add(part)
                    paint(0)
                await self.pool.spread(jobs, "rollout", counted, lambda: rollouts.goes_on(session))
        except Cancelled:
            pass
        finally:
            rollouts.done(session)
    async def tutor_loop(self):
        """The tutor weighs the decision at hand while the person thinks (the roll or the cube
        is shown): in slices, so that the page stays live; nothing is drawn (game/app/tutor/)."""
        app = self.page.app
        try:
            await asyncio.sleep(0.05)     # the browser paints the roll first
            while app.tutor.due():
                await drive(app.tutor.study_steps())
        finally:
            self.tutoring = False

    def hint(self):
        """Work the hint out in slices; the pane says "Thinking…" meanwhile."""
        panes = self.page.screen.panes
        if panes.thinking:
            return
        panes.show_thinking(self.page.app.tr("hint.thinking"))
        self.start(self.hint_loop)

    async def hint_loop(self):
        try:
            await asyncio.sleep(0.05)     # the browser paints "Thinking…" and stays responsive
            await drive(self.page.app.compute_hint_steps(), runner=self.runner("hint"))
        except Cancelled:
            pass
        finally:
            self.page.screen.panes.thought()
            self.page.apply(None)
