"""New match: the opening where each side throws both dice and each money option, from the
form to the engine's rules, kept across a reload, and named on the match line (fr and en)."""

from game.dice import ManualDice
from game.match import Match
from game.app.controller import Controller, Setup
from game.app.limits import AUTO_DOUBLES
from game.app.keep.storage import MemoryStore

FORM = {"mode": "hotseat", "kind": "money", "length": "5", "jacoby": "on", "beavers": "on",
        "auto_doubles": "on", "auto_doubles_limit": "3", "opening": "both_dice"}


def test_the_form_asks_for_each_option_and_the_engine_gets_them():
    app = Controller(MemoryStore())
    setup = app.setup_from_form(FORM)
    assert (setup.jacoby, setup.beavers, setup.auto_doubles, setup.opening) == (True, True, 3, "both_dice")
    config = setup.config()
    assert (config.jacoby, config.beavers, config.automatic_doubles, config.opening) == \
        (True, True, 3, "both_dice")


def test_the_form_filled_again_from_the_setup_gives_the_same_setup():
    app = Controller(MemoryStore())
    app.new_match(app.setup_from_form(FORM))
    values = app.form_values()
    assert values["opening"] == "both_dice" and values["auto_doubles"] is True
    assert values["auto_doubles_limit"] == "3"
    ticks = {k: ("on" if v is True else v) for k, v in values.items() if v is not False}
    assert app.setup_from_form(ticks) == app.setup


def test_options_off_and_bad_values_fall_back_to_the_rules_defaults():
    app = Controller(MemoryStore())
    setup = app.setup_from_form({"kind": "money", "auto_doubles_limit": "4", "opening": "cocked"})
    assert (setup.jacoby, setup.beavers, setup.auto_doubles, setup.opening) == (False, False, 0, "standard")
    assert app.setup_from_form({"kind": "money", "auto_doubles": "on",
                                "auto_doubles_limit": "99"}).auto_doubles == AUTO_DOUBLES.high
    # a match: the money options are not the rules, the opening is
    config = app.setup_from_form({**FORM, "kind": "match"}).config()
    assert (config.jacoby, config.beavers, config.automatic_doubles, config.opening) == \
        (False, False, 0, "both_dice")


def test_an_older_save_with_automatic_doubles_ticked_reads_as_one():
    setup = Setup.from_dict({"length": 0, "auto_doubles": True})
    assert setup.auto_doubles == 1 and setup.opening == "standard"
    assert Setup.from_dict(setup.to_dict()) == setup


def test_the_options_are_kept_across_a_reload():
    store = MemoryStore()
    app = Controller(store)
    app.new_match(app.setup_from_form(FORM))
    app.save()
    again = Controller(store)
    assert again.boot("") is False
    assert again.setup == app.setup
    config = again.match.config
    assert (config.jacoby, config.beavers, config.automatic_doubles, config.opening) == \
        (True, True, 3, "both_dice")


def test_the_match_line_names_the_options_that_are_on_in_both_languages():
    app = Controller(MemoryStore())
    app.new_match(app.setup_from_form(FORM))
    line = app.info_text()
    for words in ("Jacoby rule", "beavers", "automatic doubles (at most 3)", "opening: both dice each"):
        assert words in line, line
    app.set_language("fr")
    line = app.info_text()
    for words in ("règle de Jacoby", "beavers", "doubles automatiques (3 au plus)",
                  "ouverture : deux dés chacun"):
        assert words in line, line
    app.new_match(app.setup_from_form({"kind": "match", "length": "3"}))
    line = app.info_text()
    assert "Jacoby" not in line and "ouverture" not in line and "beavers" not in line


def test_the_two_dice_opening_is_played_in_the_new_match():
    app = Controller(MemoryStore())
    app.new_match(app.setup_from_form({"mode": "hotseat", "kind": "match", "length": "3",
                                       "opening": "both_dice"}))
    app.match = Match(app.setup.config(), ManualDice([6, 5, 2, 1]))
    app.roll()
    opening = [e for e in app.match.events if e["type"] == "opening_roll"][-1]
    assert len(opening["dice"][0]) == 2 and len(opening["dice"][1]) == 2, opening
