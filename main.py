"""The page's entry point (pyscript.toml runs it): the browser glue lives in ``game.web``.

When the page is interactive it sets ``<body data-ready="true">``. What the first screen
does not need comes in a second zip, fetched afterwards (``game.web.later``); the modules
the next clicks need are then imported ahead (``game.web.warm``).
"""

from game.web import later

later.install()

from game.web import warm  # noqa: E402
from game.web.page import Page  # noqa: E402  (after install: a later module is found)

Page().start()
warm.soon(later.fetch_soon())
