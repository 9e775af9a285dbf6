"""The app's start: the language, then a link's match, the saved match or a new one.

:func:`boot` is what :meth:`game.app.controller.Controller.boot` runs when the page has
loaded: the language first (the link's, else the one kept, else the browser's), then
what the address asks for.

>>> from game.app.controller import Controller
>>> app = Controller()
>>> app.boot("?mode=hotseat&length=3&seed=7&lang=fr")     # a link's match: drop the query
True
>>> app.language, app.setup.length
('fr', 3)
>>> Controller().boot("")                                 # nothing asked: resume or start
False
"""

from game.app import links
from game.app.keep.share import ShareError, decode
from game.app.keep.urlparams import (DEFAULT_LEVEL, lesson_in_query, parse_position_query, parse_query,
                                     query_language)
from game.app.lesson import mode as lessons
from game.app.puzzles.link import in_query
from game.app.setup import Setup
from game.app.text.i18n import pick_language


def boot(app, query="", languages=()):
    """Start ``app`` from the page's ``query`` and the browser's ``languages``.

    Returns True when the link set up a match or opened a lesson (the page should then drop
    the query from its address, so that a reload resumes instead of starting again). The
    person's own unfinished match a link replaces is kept in the saved list, never lost;
    links take turns in one place: a link's match replaces the previous link's (see
    :meth:`game.app.keep.saved_matches.SavedMatches.set_aside_current`). A lesson that was
    open is opened again, at the same step.
    """
    asked = query_language(query)
    app.set_language(pick_language(languages, asked or app.prefs.language), remember=bool(asked))
    link = parse_query(query)
    position_link = parse_position_query(query)
    if link is not None and link.refused is not None:
        # a value the app cannot honour (a tutor it does not know): nothing opened, the reason said
        app.kept.resume_or_start()
        app.message = link.refused
        return False
    if position_link is not None:
        # a position: two players on this device unless the link names a mode
        mode = link.mode if link is not None and "mode=" in query else "hotseat"
        level = link.level if link is not None else DEFAULT_LEVEL
        seed = link.seed if link is not None else None
        tutor = link.tutor if link is not None else None
        try:
            links.open_position(app, decode(position_link), mode, level, seed, link=True, tutor=tutor)
            return True
        except ShareError as error:
            app.kept.resume_or_start()
            app.message = (error.key, {})
            return False
    if link is not None:
        app.new_match(Setup(mode=link.mode, length=link.length, level=link.level, seed=link.seed,
                            tutor=link.tutor), link=True)
        return True
    app.kept.resume_or_start()
    puzzles = in_query(query)
    if puzzles is not None:
        # ?puzzles: the deck, ?puzzle=<code>: a shared puzzle, over the match (the address stays:
        # a reload opens them again)
        app.open_puzzles(puzzles[1])
        return False
    lesson = lesson_in_query(query)
    if lesson is not None:
        return app.open_lesson(lesson)    # ?lesson=bar: that lesson over the match (kept)
    lessons.reopen(app)
    return False
