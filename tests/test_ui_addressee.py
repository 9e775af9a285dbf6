"""Sentences about the person the app speaks to use "you" grammar in both languages."""

import re

import pytest

from game.dice import ManualDice
from game.match import Match
from game.app.controller import HUMAN_SEAT, Controller, Setup
from game.app.text.i18n import Addressee, translator
from game.app.keep.storage import MemoryStore

FIELD = re.compile(r"\{(\w+)")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_variant_has_its_base_message_and_names_a_real_parameter(lang):
    messages = translator(lang).catalogue.messages
    variants = [key for key in messages if "@" in key]
    assert len(variants) >= 30
    for key in variants:
        base, param = key.split("@")
        assert base in messages, key
        assert param in FIELD.findall(messages[base]), key
        assert set(FIELD.findall(messages[key])) <= set(FIELD.findall(messages[base])), key


def test_a_plain_name_keeps_the_third_person_and_the_addressee_gets_the_second():
    fr = translator("fr")
    you = Addressee(fr("name.you"))
    assert fr("msg.resigned", name="Anne", winner="Marc", points="1 point") == "Anne abandonne\u00a0: Marc gagne 1 point."
    assert fr("msg.resigned", name=you, winner="Marc", points="1 point") == "Vous abandonnez\u00a0: Marc gagne 1 point."
    assert fr("msg.resigned", name="Marc", winner=you, points="1 point") == "Marc abandonne\u00a0: vous gagnez 1 point."
    en = translator("en")
    assert en("msg.match_won", winner=Addressee(en("name.you")), score0=7, score1=3) == "You win the match 7–3."
    # A key without a variant is left as it is.
    assert en("msg.to_roll", name=Addressee("You")) == "You: roll the dice."


def test_in_a_game_against_the_computer_the_french_messages_say_vous():
    app = Controller(MemoryStore())
    app.set_language("fr", remember=False)
    app.new_match(Setup(mode="bot", length=3))
    assert isinstance(app.player_name(HUMAN_SEAT), Addressee)
    assert not isinstance(app.player_name(1 - HUMAN_SEAT), Addressee)
    # The human wins the opening roll with 3-1 and is told so with "vous" grammar.
    dice = [3, 1] if HUMAN_SEAT == 0 else [1, 3]
    app.match = Match(app.setup.config(), ManualDice(dice, fallback=None))
    app.roll()
    message = app.view().message
    assert "Vous commencez avec 3-1" in message, message
    assert "Vous commence " not in message
