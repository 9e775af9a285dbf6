"""The page's entry point (pyscript.toml runs it): the browser glue lives in ``game.web``.

When the page is interactive it sets ``<body data-ready="true">``.
"""

from game.web.page import Page

Page().start()
