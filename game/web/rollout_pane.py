"""The rollout panel (``#rollout-panel``): drawn in two parts, its buttons and settings sent on.

The head (settings, Start, Stop, Close) is drawn again only when it changes, the
rows after each game: a click on Stop always lands on the button it was aimed at.
"""

from game.web.elements import by_id, closest, missing


class RolloutPane:
    """What the panel shows last, and its handlers (``page``: the :class:`game.web.page.Page`)."""

    def __init__(self, page):
        self.page = page
        self.head = None
        self.rows = None

    def draw(self, panel):
        box = by_id("rollout-panel")
        box.hidden = panel is None
        panel = panel or {"head": "", "rows": ""}
        if panel["head"] != self.head:
            by_id("rollout-head").innerHTML = panel["head"]
            self.head = panel["head"]
        if panel["rows"] != self.rows:
            by_id("rollout-rows").innerHTML = panel["rows"]
            self.rows = panel["rows"]

    def on_click(self, event):
        button = closest(event, "[data-rollout]")
        if button is None:
            return
        self.page.apply(self.page.app.rollout_command(str(button.dataset.rollout)))
        self.draw(self.page.app.rollouts.html())
        self.page.loops.rollout()

    def on_change(self, event):
        name = event.target.getAttribute("data-rollout-setting")
        if missing(name):
            return
        self.page.apply(self.page.app.rollout_command(str(name), str(event.target.value)))
        self.draw(self.page.app.rollouts.html())
