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


def played_to_an_end(length=1, seed="phone-end"):
    """The localStorage texts (every key the app wrote but the preferences) of a match of the
    person against the computer (beginner), played in CPython until a game is over: with
    ``length`` 1 the match is over ("See your progress" beside it), longer its first game only
    ("Next game"). The person plays the last legal play in notation order and takes every cube."""
    from game.match_state import Phase
    store = storage.MemoryStore()
    app = Controller(store)
    app.boot(f"?mode=bot&length={length}&seed={seed}&level=beginner")
    for _ in range(5000):
        match = app.match
        if match.phase is Phase.OVER:
            break
        if app.bot_to_act():
            app.bot_act()
        elif match.phase in (Phase.OPENING, Phase.ROLL_OR_DOUBLE):
            app.roll()
        elif match.phase is Phase.DOUBLED:
            app.take()
        elif match.phase is Phase.RESIGNATION_OFFERED:
            app.accept_resignation()
        elif match.phase is Phase.MOVING:
            moves = match.position.legal_moves(match.dice)
            if moves:
                app.type_move(str(sorted(moves, key=str)[-1]))
            if app.match.phase is Phase.MOVING:
                app.done()
    assert app.match.phase is Phase.OVER and (app.match.match_winner is not None) == (length == 1)
    return {key: text for key, text in store.items.items() if key != storage.PREFS}
