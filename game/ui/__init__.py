"""The app's user interface in plain Python: board drawing, app state, texts, saved data.

Nothing here imports ``js`` or ``pyscript``: ``main.py`` (the browser glue)
calls these modules, and the tests run them in CPython.
"""
