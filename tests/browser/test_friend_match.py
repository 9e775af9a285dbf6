"""A whole match by links in every engine (issue 44): Chromium, Firefox ESR and WebKitGTK.

Two pages of one engine, each with its own profile, as two devices: Alice's at
``?mode=friend&length=2`` (1280x800), Bob's narrower (480x800: WebKitGTK's window is never narrower
than 447 px, and page_driver's ``goto`` in a phone-sized frame waits for the frame to show the very
address opened, which a page that drops the link from its address never does). Every
link one page shows is opened in the other at its address (``goto``), as a messenger's link; the
first, Bob's answer, loads Alice's page anew (her address had the match's query), the others change
the address's hash in a page already open. The pages go through page_driver.py, so the same steps
run in each engine.

A 2-point match to its end in about a dozen links, every kind of answer by link: the opening's
winner types a move, his friend doubles and he drops: 1-0, a game that does not end the match, and
both pages say who won, the points and the score; in the Crawford game the opening's winner offers
to resign a single game, his friend rejects it, he offers a gammon, his friend accepts: the match is
over, the winner's page says what the last link is for, and once it is opened the other page says who
won and that nothing is left to send. Both pages end on the same score (their Match IDs) and no page
error. One test an engine, two pages each: 11 to 17 s in Chromium, 12 to 16 s in Firefox, 15 to 28 s in
WebKitGTK, the pages' start included (three runs on this 2-core machine, 2026-11-29: docs/friend.md).
"""

import re

from game.ids.match_id import decode_match_id
from game.position import Position

FAST = {"animate": False}

#: what one look at a page needs, in one round trip (WebKit's driver is slow)
LOOK = """(() => {
  const on = (id) => !!document.querySelector('#' + id + ':not([disabled]):not([hidden])');
  const send = document.getElementById('friend-send');
  return {
    roll: on('roll'), double: on('double'), take: on('take'), drop: on('drop'), done: on('done'),
    resign: on('resign'), single: on('resign-single'), gammon: on('resign-gammon'),
    accept: on('accept-resign'), reject: on('reject-resign'),
    moving: !!document.querySelector('#move-input:not([disabled])'),
    link: send && !send.hidden ? document.getElementById('friend-link').value : '',
    say: document.getElementById('friend-say').textContent,
    message: document.getElementById('message').textContent,
    position_id: document.getElementById('position-id').textContent,
    match_id: document.getElementById('match-id').textContent,
    hash: location.hash,
  };
})()"""


def look(d):
    return d.evaluate(LOOK)


def carry(source, target):
    """Open ``source``'s new link in ``target`` at its address; False when it has none to send."""
    link = look(source)["link"]
    if not link or link == source.sent:
        return False
    source.sent = link
    if target.evaluate("location.href.split('#')[0]") == link.split("#")[0]:
        target.act(lambda: target.goto(link))       # the hash changes in the open page
    else:
        target.goto(link)                           # another address: the page loads anew
        target.wait_ready()
    target.wait_for("!location.hash.includes('friend=')")     # the page drops the link from its address
    assert "warn" not in (target.attribute("#message", "class") or ""), target.text("#message")
    return True


def exchange(a, b):
    while carry(a, b) | carry(b, a):
        pass


def on_turn(a, b):
    """The page whose player acts now, and what it shows."""
    for d in (a, b):
        seen = look(d)
        if any(seen[name] for name in ("roll", "double", "take", "accept", "moving")):
            return d, seen
    raise AssertionError(f"nobody to act: {look(a)['message']!r} / {look(b)['message']!r}")


def other_of(d, a, b):
    return b if d is a else a


def test_a_whole_match_by_links_with_a_drop_and_resignations(open_page, base_url, engine):
    alice = open_page(1280, 800)
    bob = open_page(480, 800)
    alice.open(f"{base_url}/?mode=friend&length=2", prefs=FAST)
    bob.open(f"{base_url}/", prefs=FAST)
    alice.sent = bob.sent = ""
    exchange(alice, bob)                            # Bob joins; the opening is thrown on both pages

    # game 1: the opening's winner types his move; his friend doubles, he drops
    first, seen = on_turn(alice, bob)
    assert seen["moving"] and not seen["double"], seen["message"]
    dice = decode_match_id(seen["match_id"]).dice
    move = str(sorted(Position.from_position_id(seen["position_id"]).legal_moves(dice), key=str)[0])
    first.fill("#move-input", move)
    first.act(lambda: first.press("Enter"))
    first.click_and_render("#done")
    exchange(alice, bob)
    doubler, seen = on_turn(alice, bob)
    assert doubler is not first and seen["double"] and seen["roll"], seen["message"]
    doubler.click_and_render("#double")
    exchange(alice, bob)
    seen = look(first)
    assert seen["take"] and seen["drop"], seen["message"]
    first.click_and_render("#drop")
    said = look(first)["message"]
    assert said.startswith("You drop: Your friend wins 1 point. Score: you 0, your friend 1. Crawford game") \
        and "Send this link" in said, said
    exchange(alice, bob)
    said = look(doubler)["message"]
    assert said.startswith("Your friend drops: you win 1 point. Score: you 1, your friend 0. Crawford game"), said

    # game 2, the Crawford game: a resignation rejected, then a bigger one accepted, each by link
    resigner, seen = on_turn(alice, bob)
    assert seen["moving"] and seen["resign"] and not seen["double"], seen["message"]
    resigner.click_and_render("#resign")
    resigner.click_and_render("#resign-single")
    exchange(alice, bob)
    answerer = other_of(resigner, alice, bob)
    seen = look(answerer)
    assert seen["accept"] and seen["reject"] and "offers to resign" in seen["message"], seen["message"]
    answerer.click_and_render("#reject-resign")
    exchange(alice, bob)
    seen = look(resigner)
    assert "rejects" in seen["message"] and seen["resign"], seen["message"]
    resigner.click_and_render("#resign")
    seen = look(resigner)
    assert seen["gammon"] and not seen["single"], seen       # a single game is no longer offered
    resigner.click_and_render("#resign-gammon")
    exchange(alice, bob)
    answerer.click_and_render("#accept-resign")

    # the match's end: the winner's page says what the last link is for; the other's, who won
    seen = look(answerer)
    assert re.search(r"Your friend resigns: you win 2 points\. You win the match \d–\d\. The match is over: "
                     r"send your friend this last link", seen["message"]), seen["message"]
    assert seen["link"] and seen["say"].startswith("The match is over."), seen["say"]
    exchange(alice, bob)
    seen = look(resigner)
    assert re.search(r"You resign: Your friend wins 2 points\. Your friend wins the match \d–\d\.$",
                     seen["message"]), seen["message"]
    assert not seen["link"] and "nothing more to send" in seen["say"], seen["say"]
    scores = [decode_match_id(look(d)["match_id"]).score for d in (alice, bob)]
    assert scores[0] == scores[1] and max(scores[0]) >= 2, scores
    assert not any(look(d)[name] for d in (alice, bob) for name in ("roll", "moving", "accept", "take"))
    assert alice.errors() == [] and bob.errors() == []
