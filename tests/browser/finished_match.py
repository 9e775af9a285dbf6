"""A finished match as the app saves it, made in CPython, for the page tests that review one."""

from game.app.controller import Controller
from game.app.keep import storage


def finished_match(seed="browser-review"):
    """``{"items", "data"}``: the localStorage texts of a finished 1-point match of the computer
    against itself (every key the app wrote but the preferences) and the match's data."""
    store = storage.MemoryStore()
    app = Controller(store)
    app.boot(f"?mode=watch&length=1&seed={seed}&level=intermediate")
    for _ in range(5000):
        if not app.bot_to_act():
            break
        app.bot_act()
    assert app.match.match_winner is not None
    return {"items": {key: text for key, text in store.items.items() if key != storage.PREFS},
            "data": app.match.to_dict()}
