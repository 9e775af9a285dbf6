"""The match line says where the dice come from (players who lose tend to think them rigged)."""

from game.app.controller import Controller, Setup
from game.app.keep.storage import MemoryStore


def info(language, **setup):
    app = Controller(MemoryStore())
    app.set_language(language, remember=False)
    app.new_match(Setup(**setup))
    return app.info_text()


def test_the_browser_dice_are_named_in_both_languages():
    assert "fair dice from your browser" in info("en", mode="hotseat")
    assert "dés équitables tirés par le navigateur" in info("fr", mode="hotseat")


def test_seeded_and_hand_set_dice_say_so_instead():
    seeded = info("en", mode="hotseat", seed="42")
    assert "dice seed 42" in seeded and "fair dice" not in seeded
    manual = info("en", mode="hotseat", manual_dice=True)
    assert "dice set by hand" in manual and "fair dice" not in manual
