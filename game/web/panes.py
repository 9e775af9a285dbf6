"""The panes beside the board, each drawn from its part of the view.

The lesson, the editor, the replay bar, the review, dice set by hand, the hint,
the tutor's warning, the storage notice, the QR code and the shot counter.  What a pane shows last is
kept only to skip drawing the same HTML again (a list keeps its scroll, a
focused row its focus); the app's state stays in the controller.
"""

from pyscript import document

from game.web.elements import by_id, missing


class Panes:
    """The panes' last drawn HTML, so that an unchanged pane is left as it is."""

    def __init__(self):
        self.hint = None
        self.review = None
        self.qr_link = None
        self.friend_link = None    # the link to the friend's match whose QR code is drawn
        self.live_codes = {}       # field id -> the live code whose QR code is drawn
        self.shots = None
        self.puzzles = None        # the puzzles' panel HTML drawn last
        self.thinking = False      # a hint is being worked out: its pane says so

    def draw_hint(self, html):
        if self.thinking or html == self.hint:
            return
        panel = by_id("hint-panel")
        panel.innerHTML = html
        panel.hidden = not html
        document.body.classList.toggle("hinting", bool(html))   # a phone's board yields it room
        self.hint = html

    def draw_tutor(self, tutor):
        """The tutor's warning (``#tutor-warning``, with ``data-loss``), or nothing."""
        box = by_id("tutor-warning")
        box.hidden = tutor is None
        document.body.classList.toggle("tutoring", tutor is not None)
        if tutor is None:
            for name in ("loss", "mark", "kind"):
                box.removeAttribute(f"data-{name}")
            return
        by_id("tutor-text").textContent = tutor["text"]
        for name in ("loss", "mark", "kind"):
            box.setAttribute(f"data-{name}", tutor[name])

    def show_thinking(self, text):
        self.thinking = True
        panel = by_id("hint-panel")
        panel.textContent = text
        panel.hidden = False

    def thought(self):
        """The hint is worked out: the next drawing shows it."""
        self.thinking = False
        self.hint = None

    def draw_notice(self, notice):
        """The storage notice: data kept aside, or a full storage (buttons by id)."""
        box = by_id("storage-notice")
        box.hidden = notice is None
        if notice is None:
            return
        box.dataset.kind = notice["kind"]
        by_id("storage-notice-text").textContent = notice["text"]
        for button in box.querySelectorAll("button"):
            button.hidden = str(button.id) not in notice["buttons"]

    def draw_lesson(self, lesson, move_input):
        """The lesson panel (texts through textContent; the options' HTML is escaped)."""
        document.body.classList.toggle("in-lesson", lesson is not None)
        panel = by_id("lesson-panel")
        panel.hidden = lesson is None
        by_id("move-form").hidden = lesson is not None and not move_input
        if lesson is None:
            return
        for name in ("number", "title", "progress", "text"):
            by_id(f"lesson-{name}").textContent = lesson[name]
        facts = by_id("lesson-facts")
        facts.replaceChildren()
        for text in lesson["facts"]:
            item = document.createElement("li")
            item.textContent = text
            facts.appendChild(item)
        options = by_id("lesson-options")
        if options.innerHTML != lesson["options_html"]:
            options.innerHTML = lesson["options_html"]
        options.hidden = not lesson["options_html"]
        by_id("lesson-next-lesson").classList.toggle("primary", bool(lesson["solved"]))
        for name, value in (("stage", lesson["stage"]), ("demo", lesson["demo"]),
                            ("verdict", lesson["verdict"]), ("lesson", lesson["id"])):
            panel.setAttribute(f"data-{name}", value)
        feedback = by_id("lesson-feedback")
        feedback.textContent = lesson["message"]
        feedback.classList.toggle("warn", bool(lesson["warn"]))
        feedback.setAttribute("data-verdict", lesson["verdict"])

    def draw_dice_entry(self, entry):
        form = by_id("dice-form")
        form.hidden = entry is None
        if entry is None:
            return
        by_id("dice-legend").textContent = entry["legend"]
        by_id("dice-first-label").textContent = entry["first"]
        by_id("dice-second-label").textContent = entry["second"]

    def draw_replay(self, replay):
        document.body.classList.toggle("replaying", replay is not None)
        by_id("replay-bar").hidden = replay is None
        if replay is None:
            return
        by_id("replay-info").textContent = replay["text"]
        slider = by_id("replay-slider")
        slider.max = str(replay["count"] - 1)
        slider.value = str(replay["index"])
        at_start, at_end = replay["index"] == 0, replay["index"] == replay["count"] - 1
        for name, disabled in (("replay-first", at_start), ("replay-prev", at_start),
                               ("replay-next", at_end), ("replay-last", at_end)):
            by_id(name).disabled = disabled
        if getattr(self, "replay_graph", None) != replay["graph_html"]:     # drawn again only when it changed
            by_id("replay-graph-box").innerHTML = self.replay_graph = replay["graph_html"]

    def draw_editor(self, fields):
        """The editor's panel and form, from the controller's values (a refused change
        puts the field back as it was)."""
        document.body.classList.toggle("editing", fields is not None)
        by_id("editor-panel").hidden = fields is None
        if fields is None:
            return
        form = by_id("editor-form")
        for name in ("tool", "side"):
            for radio in form.querySelectorAll(f'[name="{name}"]'):
                radio.checked = radio.value == fields[name]
        for name in ("on_roll", "dice", "cube", "owner", "length", "score_bottom", "score_top", "mode"):
            form.querySelector(f'[name="{name}"]').value = fields[name]
        form.querySelector('[name="crawford"]').checked = fields["crawford"]
        for name in ("score_bottom", "score_top", "crawford"):
            form.querySelector(f'[name="{name}"]').disabled = not fields["match"]
        by_id("editor-counts").textContent = fields["counts"]
        status = by_id("editor-status")
        status.textContent = fields["status"]
        status.classList.toggle("warn", not fields["ready"])
        by_id("editor-play").disabled = not fields["ready"]

    def draw_review(self, review):
        panel = by_id("review-panel")
        document.body.classList.toggle("reviewing", review is not None)
        panel.hidden = review is None
        if review is None:
            self.review = None
            return
        self.draw_review_progress(review["progress"], review["done"], review["total"])
        by_id("review-deep").hidden = review["deep"]
        by_id("review-depth").hidden = review["deep"]
        by_id("review-depth-deep").hidden = not review["deep"]
        shown = self.review or {}
        # the play focused in the list of plays keeps the focus when the list is drawn again
        active = document.activeElement
        focused = (str(active.dataset.reviewPlay) if not missing(active) and hasattr(active, "closest")
                   and not missing(active.closest("#review-detail button[data-review-play]")) else None)
        for key, element in (("summary_html", "review-summary"), ("detail_html", "review-detail"),
                             ("list_html", "review-list"), ("graph_html", "review-graph-box")):
            if shown.get(key) != review[key]:
                by_id(element).innerHTML = review[key]
        if focused is not None:
            for button in by_id("review-detail").querySelectorAll("button[data-review-play]"):
                if str(button.dataset.reviewPlay) == focused:
                    button.focus()
                    break
        if shown.get("detail_html") != review["detail_html"] and document.body.classList.contains("upright"):
            by_id("side").scrollTop = 0      # a phone: the decision, under the replay's buttons, in view
        if shown.get("list_html") != review["list_html"] or shown.get("detail_html") != review["detail_html"]:
            items = by_id("review-list")
            current = items.querySelector(".current")
            if not missing(current):   # within the list only: the page itself does not move
                items.scrollTop = current.offsetTop - items.clientHeight // 2
        by_id("review-tried").textContent = review["tried"]
        by_id("review-try").hidden = not review["can_try"]
        by_id("review-play").disabled = not review["can_play"]
        self.review = review
        self.draw_review_puzzles(review.get("puzzles"))

    def draw_review_progress(self, progress, done, total):
        """The review's progress line and bar alone (between two drawings of its panel)."""
        by_id("review-progress").textContent = progress
        by_id("review-progress").hidden = not progress
        bar = by_id("review-bar")
        bar.hidden = not progress
        bar.max = max(1, total)
        bar.value = done

    def draw_review_puzzles(self, offer):
        """The review's button that adds the person's mistakes to the puzzles (None: not yet)."""
        button, said = by_id("review-add-puzzles"), by_id("review-puzzles-said")
        shown = offer is not None and offer["count"] > 0
        button.hidden = not shown
        said.hidden = offer is None or shown
        if offer is not None:
            (button if shown else said).textContent = offer["text"]

    def draw_puzzles(self, puzzles, base_url, move_input):
        """The puzzles' panel (its HTML escaped by game/app/puzzles/view.py), and its link made whole;
        the move field only while a play is asked."""
        document.body.classList.toggle("puzzling", puzzles is not None)
        panel = by_id("puzzles-panel")
        panel.hidden = puzzles is None
        if puzzles is not None:
            by_id("move-form").hidden = not move_input
        # an empty status line takes no room beside the panel (Firefox ESR 153 kept a sliver of
        # it with a `:empty` rule alone, measured 5 px high on a phone)
        message = by_id("message")
        message.hidden = puzzles is not None and not str(message.textContent)
        if puzzles is None:
            self.puzzles = None
            return
        if puzzles["html"] != self.puzzles:
            panel.innerHTML = puzzles["html"]
            self.puzzles = puzzles["html"]
        field = panel.querySelector("#puzzle-link")
        if not missing(field):
            field.value = f"{base_url}?puzzle={puzzles['code']}"
        panel.setAttribute("data-screen", puzzles["screen"])

    def draw_shots(self, html_of):
        """The shot counter, drawn when shown and when the board changed (``html_of()``)."""
        box = by_id("shot-counter")
        if box.hidden:
            return
        html = html_of()
        if html != self.shots:
            box.innerHTML = html
            self.shots = html

    def draw_qr(self):
        """The QR code of the share link, drawn when shown and when the link changes."""
        box = by_id("share-qr")
        link = str(by_id("share-link").value)
        if box.hidden or not link or link == self.qr_link:
            return
        from game.app.view.qr import encode, svg  # loaded on first use, not at start
        box.innerHTML = svg(encode(link))
        self.qr_link = link

    def toggle(self, box_id, button_id):
        """Show or hide a pane opened by a button (``aria-expanded`` follows)."""
        box = by_id(box_id)
        box.hidden = not box.hidden
        by_id(button_id).setAttribute("aria-expanded", "false" if box.hidden else "true")
        self.qr_link = self.shots = None

    def draw_friend(self, friend, base_url, can_share, can_scan=False):
        """A match by links: the link to send (its field, Copy, Share where the browser has it, its
        QR code), what to do, the word to roll, the box for the friend's link; hidden otherwise."""
        panel = by_id("friend-panel")
        panel.hidden = friend is None
        if friend is None:
            return
        from game.friend import link_url
        link = link_url(base_url, friend["payload"]) if friend["payload"] else ""
        by_id("friend-say").textContent = friend["text"]
        by_id("friend-say").hidden = not friend["text"]
        by_id("friend-send").hidden = not link
        by_id("friend-link").value = link
        by_id("friend-share").hidden = not (link and can_share)
        shown, ticked = friend["then_roll"]
        by_id("friend-then-roll-row").hidden = not shown
        by_id("friend-then-roll").checked = ticked
        if link and link != self.friend_link:
            from game.app.view.qr import encode, svg
            by_id("friend-qr").innerHTML = svg(encode(link))
        self.friend_link = link
        self.draw_live(friend["live"], base_url, friend["match"], can_scan)

    def draw_live(self, live, base_url, match, can_scan):
        """Live play: Play live (or Stop), what to do, the offer or the answer (field, Copy, QR code)."""
        state = live["state"]
        by_id("friend-live-say").textContent = live["text"]
        by_id("friend-live-start").hidden = not match or state not in ("off", "closed")
        by_id("friend-live-stop").hidden = state in ("off", "closed")
        by_id("friend-scan").hidden = not can_scan or state in ("open", "connecting")
        for name in ("offer", "answer"):
            code = f"{base_url}#live={live[name]}" if live[name] else ""
            by_id(f"friend-{name}-box").hidden = not code
            by_id(f"friend-{name}").value = code
            if code and code != self.live_codes.get(name):
                from game.app.view.qr import encode, svg
                by_id(f"friend-{name}-qr").innerHTML = svg(encode(code))
            self.live_codes[name] = code
