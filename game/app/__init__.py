"""The app's user interface in plain Python: board drawing, app state, texts, saved data.

Nothing here imports ``js`` or ``pyscript`` but ``game.web``, the browser glue
(started by ``main.py``), which calls the other modules; the tests run them in CPython.
"""
