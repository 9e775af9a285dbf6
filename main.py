"""The page's entry point (pyscript.toml runs it): the browser glue lives in ``game.web``.

When the page is interactive it sets ``<body data-ready="true">``. What the first screen
does not need comes in a second zip, fetched afterwards (``game.web.later``).
"""

from game.web import later

later.install()

from game.web.page import Page  # noqa: E402  (after install: a later module is found)

Page().start()
later.fetch_soon()
