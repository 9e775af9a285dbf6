"""The puzzle deck in the app's controller (game/app/puzzles/): made from a review, solved,
scheduled with a clock the test sets, shared as a link, kept on the device and in the backup."""

import functools
import json
from html import unescape

import pytest

from game.app.controller import Controller
from game.app.keep import puzzle_deck
from game.app.keep.storage import PUZZLES, MemoryStore
from game.app.puzzles import schedule
from game.app.puzzles.link import encode
from game.app.view.places import PERSON, place_of
from ui_helpers import make

DAY = 86400
START = 1_800_000_000.0


class Clock:
    """The app's wall clock, moved by hand."""

    def __init__(self, now=START):
        self.now = now

    def __call__(self):
        return self.now


def controller(store=None, clock=None):
    return Controller(store if store is not None else MemoryStore(), wall=clock or Clock())


def played_game(clock):
    """A match to 5 of two people on this device where the person at the bottom (player 1)
    makes three chosen mistakes (two checker plays and a double) and the other one good plays."""
    app = make([1, 3, 6, 4, 5, 2], mode="hotseat", length=5)
    app.wall = clock
    assert app.bottom == PERSON == 1
    app.roll()
    assert app.match.player_on_roll == 1 and app.type_move("24/21 24/23")       # 3-1: a blunder
    app.done()
    app.roll()
    assert app.type_move("24/18 13/9")
    app.done()
    app.double()                                                                 # far too early
    app.take()
    app.roll()
    assert app.match.dice == (5, 2) and app.type_move("6/1 6/4")                # breaks the board
    app.done()
    return app


@functools.cache
def reviewed_entries():
    """The review's entries of :func:`played_game` (the analysis takes a second: done once)."""
    app = played_game(Clock())
    assert app.start_review()
    while app.review_step():
        pass
    return app.review.entries()


def reviewed(clock):
    app = played_game(clock)
    assert app.start_review()
    while app.review_step():
        pass
    return app


def mistakes_of(entries, player):
    return {f"{e['position_id']}:{e['match_id']}" for e in entries
            if e["player"] == player and e["mark"] in ("error", "blunder")}


# --- 1. from a review to the deck -------------------------------------------------------------
def test_a_review_puts_exactly_the_person_s_errors_and_blunders_in_the_deck():
    clock = Clock()
    app = reviewed(clock)
    entries = app.review.entries()
    wanted = mistakes_of(entries, PERSON)
    kinds = sorted(e["kind"] for e in entries if e["player"] == PERSON and e["mark"] in ("error", "blunder"))
    assert kinds == ["cube", "move", "move"] and mistakes_of(entries, 0)      # the other player erred too
    offer = app.view().review["puzzles"]
    assert offer["count"] == 3 and offer["text"] == "Add my 3 mistakes to my puzzles"

    app.add_review_puzzles()
    deck = app.puzzles.puzzles
    assert {puzzle_deck.key_of(p) for p in deck} == wanted and len(deck) == 3
    assert app.view().message == "Added to your puzzles: 3 puzzles (3 due now)."
    assert app.puzzles.due_count() == 3
    move = next(p for p in deck if p["kind"] == "move" and p["played"] == "24/23 24/21")
    assert move["ranking"][0][1] == 0.0 and move["loss"] >= 0.16 and move["due"] == clock.now
    assert any(row[0] == "24/23 24/21" for row in move["ranking"])              # the play made, ranked
    cube = next(p for p in deck if p["kind"] == "cube")
    assert cube["played"] == "double" and dict(cube["ranking"])["no_double"] == 0.0

    # a second time: nothing doubled, the button says they are there
    app.add_review_puzzles()
    assert len(app.puzzles.puzzles) == 3
    assert app.view().review["puzzles"] == {"count": 0, "mistakes": 3,
                                            "text": "Your 3 mistakes are in your puzzles."}
    stored = json.loads(app.store.get(PUZZLES))["data"]["puzzles"]
    assert stored == deck                                                        # kept on the device


def test_the_review_offers_nothing_until_every_decision_is_weighed():
    app = played_game(Clock())
    assert app.start_review()
    app.review_step(budget=0.0)
    assert app.view().review["puzzles"] is None
    app.add_review_puzzles()
    assert app.puzzles.puzzles == []


def test_a_match_of_the_computer_against_itself_offers_no_puzzles():
    import dataclasses
    app = played_game(Clock())
    app.setup = dataclasses.replace(app.setup, mode="watch")     # nobody at the bottom
    assert app.start_review()
    while app.review_step():
        pass
    assert app.review.entries() and app.view().review["puzzles"] is None
    app.add_review_puzzles()
    assert app.puzzles.puzzles == []


# --- 2. solving: the engine checks, the schedule moves ------------------------------------------
def deck_app(clock):
    """A controller whose deck holds the three puzzles of :func:`played_game`."""
    from game.app.puzzles.make import mistakes
    app = controller(clock=clock)
    app.boot("?mode=hotseat&length=3&seed=7")
    app.puzzles.add(mistakes(reviewed_entries(), PERSON, clock.now))
    return app


def puzzle_on_screen(app):
    return app.modes.get("puzzles").puzzle


def test_a_better_play_is_accepted_the_same_bad_play_refused_and_the_due_dates_move():
    clock = Clock()
    app = deck_app(clock)
    app.open_puzzles()
    mode = app.modes.top()
    assert mode.name == "puzzles" and mode.screen == "solve" and app.puzzles.due_count() == 3
    first = puzzle_on_screen(app)
    assert first["kind"] == "move" and first["played"] == "24/23 24/21"
    view = app.view()
    assert view.puzzles["screen"] == "solve" and "Find a better play" in view.puzzles["html"]
    assert view.board.mover == PERSON and view.board.dice == (3, 1) and view.move_input
    assert view.buttons["roll"] == (False, False)

    # the same bad play: refused, back in 10 minutes
    assert app.type_move("24/21 24/23")
    assert mode.screen == "answer" and mode.verdict["right"] is False
    assert first["due"] == clock.now + schedule.AGAIN and app.puzzles.due_count() == 2
    html = app.view().puzzles["html"]
    assert "Not yet" in html and "in 10 minutes" in html and 'data-verdict="wrong"' in html
    board = app.view().board
    assert board.best_play is not None and board.best_play.verdict == "best"
    assert board.preview is not None and board.preview.verdict == "blunder"
    assert 'class="best-play verdict-best"' in app.view().board_svg

    # a retry does not move the schedule again
    app.puzzle_act("again")
    assert app.type_move(mode.rating.best) and mode.verdict["right"]
    assert first["due"] == clock.now + schedule.AGAIN

    # the next one due is the double; then the other checker play, its best made by clicks
    clock.now += 60
    app.puzzle_act("next")
    assert puzzle_on_screen(app)["kind"] == "cube"
    second = next(p for p in app.puzzles.puzzles if p["kind"] == "move" and p is not first)
    app.puzzle_act("solve", puzzle_deck.key_of(second))
    assert puzzle_on_screen(app) is second and mode.screen == "solve"
    best = mode._rating().best
    hops = mode.turn.position.parse_move(best, mode.turn.dice).steps
    for n, hop in enumerate(hops):
        app.click(place_of(PERSON, hop.source, PERSON))
        assert app.view().board.selected == hop.source
        app.click(place_of(PERSON, hop.target, PERSON))
        if n < len(hops) - 1:
            assert mode.screen == "solve" and app.view().message.startswith("Played so far: ")
    assert mode.screen == "answer" and mode.verdict["rank"] == 1
    assert app.view().board.best_play is None and app.view().board.preview.verdict == "best"
    assert second["due"] == clock.now + 1 * DAY and second["step"] == 1
    assert app.puzzles.due_count() == 1
    assert "in 1 day" in app.view().puzzles["html"] and "Solved" in app.view().puzzles["html"]

    # the clock moves on: the missed one first, then the solved one
    clock.now = first["due"]
    assert app.puzzles.due_count() == 2
    clock.now = second["due"]
    assert app.puzzles.due_count() == 3
    app.puzzle_act("close")
    assert app.modes.top().name == "game"


def test_the_board_s_keys_go_to_the_puzzle_never_to_the_match_beneath():
    app = deck_app(Clock())
    match_id = app.match.match_id()
    app.open_puzzles()
    mode = app.modes.top()
    assert not app.board_key("r") and app.match.match_id() == match_id       # no roll beneath
    hop = mode.turn.position.parse_move(mode._rating().best, mode.turn.dice).steps[0]
    app.click(place_of(PERSON, hop.source, PERSON))
    app.click(place_of(PERSON, hop.target, PERSON))
    assert len(mode.turn.played) == 1
    assert app.board_key("u") and mode.turn.played == ()
    assert app.match.match_id() == match_id


def test_a_cube_puzzle_takes_the_right_action_and_refuses_the_wrong_one():
    clock = Clock()
    app = deck_app(clock)
    cube = next(p for p in app.puzzles.puzzles if p["kind"] == "cube")
    app.open_puzzles()
    app.puzzle_act("solve", puzzle_deck.key_of(cube))
    mode = app.modes.top()
    assert puzzle_on_screen(app) is cube and mode.turn is None and not app.view().move_input
    html = app.view().puzzles["html"]
    assert 'data-puzzle-act="double"' in html and 'data-puzzle-act="no_double"' in html
    app.puzzle_act("double")
    assert mode.verdict["right"] is False and cube["due"] == clock.now + schedule.AGAIN
    app.puzzle_act("again")
    app.puzzle_act("no_double")
    assert mode.verdict["right"] is True
    app.puzzle_act("take")                          # not a choice of this puzzle: nothing happens
    assert mode.verdict["answer"] == "no_double"


def test_the_deck_lists_every_puzzle_and_says_when_the_next_one_is_due():
    clock = Clock()
    app = deck_app(clock)
    for puzzle in app.puzzles.puzzles:
        app.puzzles.record(puzzle_deck.key_of(puzzle), right=True)
    app.open_puzzles()
    mode = app.modes.top()
    assert mode.screen == "deck" and app.puzzles.due_count() == 0
    html = app.view().puzzles["html"]
    assert "0 due now, out of 3 puzzles." in html and "comes back in 1 day" in html
    assert html.count('data-puzzle-act="solve"') == 3 and html.count('data-puzzle-act="remove"') == 3
    key = puzzle_deck.key_of(app.puzzles.puzzles[0])
    app.puzzle_act("remove", key)
    assert len(app.puzzles.puzzles) == 2 and app.puzzles.find(key) is None
    app.set_language("fr")
    assert "0 à revoir maintenant, sur 2 problèmes." in app.view().puzzles["html"]


def test_the_deck_opens_from_its_link_and_counts_what_is_due():
    store = MemoryStore()
    clock = Clock()
    first = deck_app(clock)
    for key, text in first.store.items.items():
        store.set(key, text)
    app = controller(store, clock)
    app.boot("?puzzles")
    assert app.modes.top().name == "puzzles" and app.puzzles.due_count() == 3
    assert app.modes.top().screen == "solve"


# --- 3. links ----------------------------------------------------------------------------------
def test_a_puzzle_shared_as_a_link_is_rated_afresh_and_may_join_the_deck():
    clock = Clock()
    mine = deck_app(clock)
    move = next(p for p in mine.puzzles.puzzles if p["kind"] == "move")
    code = encode(move["position_id"], move["match_id"])
    assert len(code) == 27 and code.startswith("1") and "/" not in code and "+" not in code

    friend = controller(clock=clock)
    friend.boot(f"?puzzle={code}&lang=fr")
    mode = friend.modes.top()
    assert mode.name == "puzzles" and mode.from_link and mode.screen == "solve"
    shown = puzzle_on_screen(friend)
    assert (shown["position_id"], shown["match_id"], shown["kind"]) == \
        (move["position_id"], move["match_id"], "move")
    assert shown["ranking"] == [] and shown["played"] == ""                      # no rating travels
    assert "Trouvez le meilleur coup" in friend.view().puzzles["html"]
    assert mode.share_code() == code
    assert friend.type_move("24/23 24/21") and mode.verdict["right"] is False
    assert friend.puzzles.puzzles == []                                          # nothing kept yet
    friend.puzzle_act("add")
    assert [puzzle_deck.key_of(p) for p in friend.puzzles.puzzles] == [puzzle_deck.key_of(move)]
    assert friend.puzzles.due_count() == 1
    friend.puzzle_act("add")
    assert len(friend.puzzles.puzzles) == 1

    # opened where it is already in the deck: it is the deck's own (the schedule moves)
    mine.open_puzzles(code)
    assert not mine.modes.top().from_link and puzzle_on_screen(mine) is move


FORGED = {
    "bad characters": ("14HPwATDgc/ABMAcImqAAAAAAAE", "puzzles.link_characters"),
    "markup": ('1<b>"x"</b>ABMAcImqAAAAAAAE', "puzzles.link_characters"),
    "too short": ("14HPwATDgc_ABMAcImqAAAAAAA", "puzzles.link_length"),
    "too long": ("14HPwATDgc_ABMAcImqAAAAAAAEE", "puzzles.link_length"),
    "empty": ("", "puzzles.link_length"),
    "another version": ("24HPwATDgc_ABMAcImqAAAAAAAE", "puzzles.link_version"),
    "24 checkers a side": ("1____AAAAAAAAAAcImqAAAAAAAE", "error.bad_position_id"),
    "both players on a point": ("1AACABAAAAAAAAAcImqAAAAAAAE", "error.impossible_position"),
    "dice out of range": ("14HPwATDgc_ABMAcImrAAAAAAAE", "puzzles.link_dice"),
    "unused bits set": ("14HPwATDgc_ABMAcImqAAAAAAAI", "error.bad_match_id"),
    "a forced play": ("1AQAABAAAAAAAAAcImqAAAAAAAE", "puzzles.link_nothing"),
}


@pytest.mark.parametrize("name", sorted(FORGED))
def test_a_forged_or_damaged_link_is_refused_with_its_reason_and_changes_nothing(name):
    code, key = FORGED[name]
    store = MemoryStore()
    clock = Clock()
    first = deck_app(clock)
    for k, text in first.store.items.items():
        store.set(k, text)
    app = controller(store, clock)
    app.boot("")
    match_id, before = app.match.match_id(), dict(store.items)
    app.open_puzzles(code)
    mode = app.modes.top()
    assert mode.screen == "refused" and mode.problem[0] == key, mode.problem
    html = app.view().puzzles["html"]
    assert "This puzzle link cannot be opened" in html and 'id="puzzle-problem"' in html
    assert "<b>" not in html
    assert dict(store.items) == before and app.match.match_id() == match_id
    assert len(app.puzzles.puzzles) == 3 and mode.share_code() is None
    app.set_language("fr")
    assert "Impossible d'ouvrir ce lien de problème" in unescape(app.view().puzzles["html"])


def test_the_forged_links_are_what_they_claim():
    """The codes above differ from a good one only where they say."""
    from game.ids.match_id import decode_match_id
    from game.ids.position_id import decode_position_id
    from game.errors import InvalidIdError
    good = "14HPwATDgc_ABMAcImqAAAAAAAE"
    assert decode_position_id(good[1:15].replace("_", "/")) and decode_match_id(good[15:])
    with pytest.raises(InvalidIdError, match="impossible dice"):
        decode_match_id(FORGED["dice out of range"][0][15:])
    with pytest.raises(InvalidIdError, match="24 checkers"):
        decode_position_id(FORGED["24 checkers a side"][0][1:15].replace("_", "/"))
    mine, theirs = decode_position_id(FORGED["a forced play"][0][1:15])
    assert sum(mine) == sum(theirs) == 1 and mine[0] == 1                       # one checker on the 1-point
    assert decode_match_id(FORGED["a forced play"][0][15:]).dice == (5, 2)


# --- 4. the deck on the device: damaged, backed up ------------------------------------------------
GOOD = {"position_id": "4HPwATDgc/ABMA", "match_id": "cImqAAAAAAAE", "kind": "move", "played": "13/6",
        "loss": 0.05, "ranking": [["24/22 13/8", 0.0], ["13/6", 0.05]], "added": START, "due": START,
        "step": 0, "seen": 0, "right": 0}


@pytest.mark.parametrize("text", [
    "{broken",
    '{"schema":2,"kind":"puzzles","data":{"puzzles":[{"position_id":"4HPwATDgc/ABMA"}]}}',
    '{"schema":2,"kind":"puzzles","data":{"puzzles":"many"}}',
    '{"schema":9,"kind":"puzzles","data":{"puzzles":[]}}',
    json.dumps({"schema": 2, "kind": "puzzles", "data": {"puzzles": [dict(GOOD, match_id="cImqAAAAAAAI")]}}),
])
def test_a_damaged_deck_is_kept_aside_and_the_page_says_so(text):
    store = MemoryStore({PUZZLES: text})
    app = controller(store)
    app.boot("")
    assert app.puzzles.puzzles == [] and app.puzzles.damaged
    assert app.vault.aside[PUZZLES] == text and PUZZLES not in store.items
    assert app.kept.notice() is not None
    app.open_puzzles()
    assert "could not be read: it was kept aside" in app.view().puzzles["html"]
    # the deck goes on, empty, and a new puzzle is kept
    assert app.puzzles.add([GOOD]) == (1, 0)
    assert puzzle_deck.read(store) == [GOOD]
    assert controller(store).vault.aside[PUZZLES] == text                        # never dropped


def test_a_good_deck_is_read_as_it_was_kept():
    store = MemoryStore()
    puzzle_deck.write(store, [GOOD])
    app = controller(store)
    assert app.puzzles.puzzles == [GOOD] and not app.puzzles.damaged and app.kept.notice() is None


def test_the_deck_is_in_the_backup_and_restored_without_doubles():
    clock = Clock()
    app = deck_app(clock)
    app.puzzles.record(puzzle_deck.key_of(app.puzzles.puzzles[0]), right=True)
    name, text = app.kept.backup_all()
    assert len(json.loads(text)["puzzles"]) == 3

    other = controller(clock=clock)
    other.boot("")
    other.puzzles.add([GOOD])
    assert other.restore_backup(text) is True
    keys = [puzzle_deck.key_of(p) for p in other.puzzles.puzzles]
    assert keys == [puzzle_deck.key_of(GOOD)] + [puzzle_deck.key_of(p) for p in app.puzzles.puzzles]
    assert other.puzzles.puzzles[1]["step"] == 1                                 # its schedule came too
    assert puzzle_deck.read(other.store) == other.puzzles.puzzles
    assert other.restore_backup(text) is True and len(other.puzzles.puzzles) == 4


def test_a_backup_with_a_damaged_deck_is_refused_and_changes_nothing():
    app = deck_app(Clock())
    _, text = app.kept.backup_all()
    data = json.loads(text)
    data["puzzles"][0]["position_id"] = "nonsense"
    other = controller()
    other.boot("")
    before = dict(other.store.items)
    assert other.restore_backup(json.dumps(data)) is False
    assert other.message == ("backup.bad_puzzles", {}) and dict(other.store.items) == before


def test_a_backup_of_an_older_version_leaves_the_deck_as_it_is():
    from game.app.keep.backup import write_backup
    app = controller()
    app.boot("")
    app.puzzles.add([GOOD])
    text = write_backup({"current": None, "saved": [], "history": []}, {}, None, 1700000000)
    assert app.restore_backup(text) is True and app.puzzles.puzzles == [GOOD]
