"""The test run's root: what CPython must not collect.

game/ui/web/ holds the browser glue that imports ``js`` (Pyodide's); the doctest
collection would import it and fail, so it is skipped here. What it calls is tested
in CPython (game/ui/board_patch.py for board_dom.py).
"""

collect_ignore = ["game/ui/web/board_dom.py"]
