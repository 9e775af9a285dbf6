"""The browser glue: the only part of ``game`` that imports ``js`` and ``pyscript``.

It turns DOM events into the controller's intents and puts what they changed
on the page, once (:mod:`game.app.effects`).  One job per module:

- ``dom``: the page's elements and drawing the view on them (the board in one function);
- ``panes``: the panes of the modes (lesson, editor, replay, review, hand-set dice, hint);
- ``events``: every listener, bound once from one table (element id, event, handler);
- ``gestures``: a checker dragged with the pointer, and the click that follows a drag;
- ``keys``: the page's own keys (Escape, arrows, Tab kept inside a dialog);
- ``loops``: what runs over time (the computer's turn, the clock, a lesson's demo,
  the review, a hint being worked out);
- ``files``: files saved and opened (downloads, .mat, backups);
- ``dialogs``: the new-match, history, settings and lessons dialogs;
- ``persistence``: asking the browser to keep the storage, and saying so;
- ``store``: localStorage behind the controller's four calls;
- ``board_dom``: the board's SVG patched in place (game/app/view/board_patch.py's operations);
- ``page``: the :class:`~game.web.page.Page` that ties them together and
  applies every intent's effects.

CPython never imports it (the root ``conftest.py`` leaves it out of the doctest run);
``tools/pack.py`` ships it in game.zip with the rest of ``game``.
"""
