"""Two real browsers play a whole match to 5 points by links, then live (issue 34): a development script.

Not a test: it plays, checks the end, and prints what it measured. Alice's page runs in Chromium,
Bob's in Firefox ESR (Playwright 1.64.1, ``channel="moz-firefox"``; tests/browser/engines.py), each
with its own profile and localStorage, as two devices would have.

1. **By links.** Alice opens ``?mode=friend&length=5``; every link her page shows in ``#friend-link``
   is carried to Bob's page by ``page.goto(link)`` (a hash change, as a messenger's link opened in a
   tab where the app runs), and back. Each side plays at random what the page allows: a typed legal
   move or clicks on the board (a movable checker, then a highlighted point), a double now and then,
   a take or a drop, and the tick box *roll without offering the cube* now and then.
2. **Live.** A new match: Alice presses *Play live*, Bob pastes her code in the IDs box, Alice
   pastes his answer; the links then go by the WebRTC data channel, none by hand.

At the end of each match it checks that both pages say the match is over, show the same score
(the Match ID, decoded) and the same match record (the .mat file each page exports, the players'
names left out: each page calls its own player "You"), and that no link was refused. It prints the
turns, the links sent, the longest link's length, the time taken and any refusal.

Run it with loopback only, as the tests run (``make test`` uses tools/netns.py):

    python3 tools/netns.py python3 tools/friend_match_browsers.py
    python3 tools/netns.py python3 tools/friend_match_browsers.py --live-engines chromium chromium

WebRTC over loopback needs, in Chromium, ``--allow-loopback-in-peer-connection`` and the microphone
permission (tests/browser/test_friend_live.py says why); in Firefox the preferences
``media.peerconnection.ice.loopback`` (loopback candidates) and
``media.peerconnection.ice.obfuscate_host_addresses: false`` (no mDNS names), set here for Bob.
"""

import argparse
import functools
import http.server
import pathlib
import random
import re
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
for folder in (ROOT / "tools", ROOT / "tests" / "browser", ROOT):
    sys.path.insert(0, str(folder))

import engines  # noqa: E402
import pack  # noqa: E402
import static_texts  # noqa: E402
from app_driver import act, board_state, click, enabled, open_app, play_one_step_by_clicks, wait_ready  # noqa: E402

from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from game.formats.mat_read import import_mat  # noqa: E402
from game.friend import decode_link  # noqa: E402
from game.ids.match_id import decode_match_id  # noqa: E402
from game.position import Position  # noqa: E402

FAST = {"animate": False}
OVER_WORDS = ("wins the match", "win the match", "remporte le match", "remportez le match",
              "This match is over", "Ce match est terminé")
WAIT_S = 60
FIREFOX_LIVE_PREFS = {"media.peerconnection.ice.loopback": True,
                      "media.peerconnection.ice.obfuscate_host_addresses": False}


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve():
    """This checkout over HTTP on a free loopback port (game.zip rebuilt first, as the tests do)."""
    pack.write_zip()
    static_texts.write()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


class Device:
    """One side: a browser, its page, what it sent, what it did."""

    def __init__(self, playwright, engine, name, size, live=False):
        args = engines.launch_args(engine)
        if engine == "firefox" and live:
            args["firefox_user_prefs"] = {**args["firefox_user_prefs"], **FIREFOX_LIVE_PREFS}
        self.browser = getattr(playwright, engine).launch(**args)
        options = {"viewport": size}
        if engine == "chromium":
            options.update(reduced_motion="reduce", permissions=["microphone"])
        self.context = self.browser.new_context(**options)
        self.page = self.context.new_page()
        self.engine, self.name = engine, name
        self.sent = ""
        self.errors = []
        self.page.on("pageerror", lambda e: engines.is_tool_noise(str(e)) or self.errors.append(str(e)))
        self.moves = self.clicked = self.typed = self.doubles = self.takes = self.drops = self.words = 0

    def close(self):
        self.context.close()
        self.browser.close()

    def message(self):
        return self.page.locator("#message").inner_text()

    def warned(self):
        return "warn" in (self.page.locator("#message").get_attribute("class") or "")


class Run:
    """The figures of one match."""

    def __init__(self, label):
        self.label = label
        self.links = []              # the length of every address carried (by links)
        self.refusals = []
        self.turns = 0
        self.started = time.monotonic()


def over(device):
    text = device.message() + " " + device.page.locator("#friend-say").inner_text()
    return any(words in text for words in OVER_WORDS) and not on_turn_one(device)


def on_turn_one(device):
    page = device.page
    return any(enabled(page, name) for name in ("roll", "done", "take")) or \
        page.locator("#move-input:not([disabled])").count() > 0


def on_turn(devices):
    for device in devices:
        if on_turn_one(device):
            return device
    return None


def carry(source, target, run):
    """Open ``source``'s new link in ``target``; False when it has none to send."""
    page = source.page
    link = page.locator("#friend-link").input_value()
    if not link or link == source.sent or not page.locator("#friend-send").is_visible():
        return False
    source.sent = link
    run.links.append(len(link))
    target_page = target.page
    if target_page.url.split("#")[0] == link.split("#")[0]:
        act(target_page, lambda: target_page.goto(link, wait_until="commit"))     # a hash change
    else:                                 # another address (Alice's ?mode=friend): the page loads anew
        target_page.goto(link)
        wait_ready(target_page)
        target_page.wait_for_function("!location.hash.includes('friend=')", timeout=WAIT_S * 1000)
    if target.warned():
        run.refusals.append(f"{target.name} refused link {len(run.links)}: {target.message()}")
    return True


def exchange(a, b, run):
    while carry(a, b, run) | carry(b, a, run):
        pass


def play(device, rng, run):
    """One action of the side on turn, chosen at random among what the page allows."""
    page = device.page
    if enabled(page, "take"):
        if rng.random() < 0.6:
            device.takes += 1
            click(page, "#take")
        else:
            device.drops += 1
            click(page, "#drop")
        return
    if enabled(page, "roll"):
        if enabled(page, "double") and rng.random() < 0.3:
            device.doubles += 1
            click(page, "#double")
        else:
            click(page, "#roll")
        return
    box = page.locator("#friend-then-roll")
    if box.is_visible():
        wanted = rng.random() < 0.5
        if box.is_checked() != wanted:
            act(page, lambda: box.click())
        device.words += wanted
    state = board_state(page)
    dice = decode_match_id(state["match_id"]).dice
    plays = Position.from_position_id(state["position_id"]).legal_moves(dice)
    chosen = rng.choice(sorted(plays, key=str)) if plays else None
    if chosen is not None and str(chosen):
        if rng.random() < 0.3:
            device.clicked += 1
            for _ in range(4):
                if not page.locator(".checker.movable, .checker.selected").count():
                    break
                play_one_step_by_clicks(page, rng)
        else:
            device.typed += 1
            page.locator("#move-input").fill(str(chosen))
            act(page, lambda: page.locator("#move-input").press("Enter"))
    click(page, "#done")
    device.moves += 1
    run.turns += 1
    if run.turns % 25 == 0:
        print(f"  {run.label}: {run.turns} turns, {time.monotonic() - run.started:.0f} s, "
              f"Match ID {board_state(page)['match_id']}", flush=True)


def mat_record(device):
    """The match record the page exports (.mat)."""
    with engines.expect_download(device.page) as saved:
        device.page.locator("#export-mat").click()
    return saved.text


def normalized(text):
    """A .mat record, its tag lines and the players' names left out (each page calls its own player
    "You"), its spacing collapsed."""
    lines = []
    for line in text.splitlines():
        if line.startswith(";"):
            continue
        line = re.sub(r"Your friend|Votre amie|Votre ami|You|Vous", "P", line)
        lines.append(" ".join(line.split()))
    return "\n".join(lines).strip()


def check_end(a, b, run, length):
    """Both pages: the match over, the same score and record; returns (score, games)."""
    for device in (a, b):
        if not over(device):
            raise AssertionError(f"{device.name}'s match is not over: {device.message()}")
    ids = [decode_match_id(board_state(d.page)["match_id"]) for d in (a, b)]
    if ids[0].score != ids[1].score:
        raise AssertionError(f"scores differ: {ids[0].score} and {ids[1].score}")
    if max(ids[0].score) < length:
        raise AssertionError(f"nobody reached {length}: {ids[0].score}")
    texts = [mat_record(d) for d in (a, b)]
    records = [normalized(text) for text in texts]
    if records[0] != records[1]:
        raise AssertionError("the match records differ:\n" + records[0][:2000] + "\n---\n" + records[1][:2000])
    read = [import_mat(text) for text in texts]          # the engine replays each record to its end
    if [m.score for m in read] != [ids[0].score] * 2 or read[0].events != read[1].events:
        raise AssertionError(f"the records replay differently: {[m.score for m in read]}, {ids[0].score}")
    games = records[0].count("Game ")
    infos = [d.page.locator("#match-info").inner_text() for d in (a, b)]
    return ids[0].score, games, len(records[0].splitlines()), infos


def report(run, a, b, score, games, record_lines, infos, live_links=None):
    took = time.monotonic() - run.started
    print(f"\n== {run.label}: {a.engine} (Alice) and {b.engine} (Bob) ==")
    print(f"final score {score[0]}-{score[1]} (seat 0 - seat 1) on both pages; {games} games; "
          f"the .mat records are the same on both ({record_lines} lines)")
    print(f"match info: Alice {infos[0]!r}; Bob {infos[1]!r}")
    print(f"turns played: {run.turns} (Alice {a.moves}, Bob {b.moves}; typed {a.typed + b.typed}, "
          f"by clicks {a.clicked + b.clicked}); doubles {a.doubles + b.doubles}, takes {a.takes + b.takes}, "
          f"drops {a.drops + b.drops}; word to roll given {a.words + b.words} times")
    if run.links:
        print(f"links sent by hand: {len(run.links)}; the longest address {max(run.links)} characters "
              f"(mean {sum(run.links) / len(run.links):.0f})")
    if live_links is not None:
        print(f"links made in the match (the newest link's number): {live_links}")
    print(f"time taken: {took:.1f} s ({took / max(run.turns, 1):.2f} s a turn)")
    print(f"refusals: {run.refusals or 'none'}; page errors: {a.errors + b.errors or 'none'}")


def by_links(playwright, base, rng, engines_, length, limit):
    a = Device(playwright, engines_[0], "Alice", {"width": 1280, "height": 800})
    b = Device(playwright, engines_[1], "Bob", {"width": 375, "height": 667})
    try:
        for d in (a, b):
            engines.record_saves(d.page)
        run = Run("a match by links")
        open_app(a.page, f"{base}/?mode=friend&length={length}", prefs=FAST)
        open_app(b.page, f"{base}/", prefs=FAST)
        run.started = time.monotonic()
        while True:
            exchange(a, b, run)
            device = on_turn((a, b))
            if device is None:
                break
            if time.monotonic() - run.started > limit:
                raise AssertionError(f"not over after {limit} s: {run.turns} turns")
            play(device, rng, run)
        last = max(decode_link(d.sent).turn for d in (a, b) if d.sent)
        score, games, lines, infos = check_end(a, b, run, length)
        report(run, a, b, score, games, lines, infos, live_links=last)
    finally:
        a.close()
        b.close()


def wait_field(device, name):
    device.page.wait_for_function(f"document.getElementById('{name}').value.includes('#live=')",
                                  timeout=WAIT_S * 1000)
    return device.page.locator(f"#{name}").input_value()


def settle(a, b, deadline_s=WAIT_S):
    """Wait until both boards agree and one side has something to do (None: both are over)."""
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if board_state(a.page)["checkers"] == board_state(b.page)["checkers"]:
            device = on_turn((a, b))
            if device is not None:
                return device
            if over(a) and over(b):
                return None
        time.sleep(0.05)
    raise AssertionError(f"no progress live: Alice {a.message()!r}; Bob {b.message()!r}")


def live(playwright, base, rng, engines_, length, limit):
    a = Device(playwright, engines_[0], "Alice", {"width": 1280, "height": 800}, live=True)
    b = Device(playwright, engines_[1], "Bob", {"width": 375, "height": 667}, live=True)
    try:
        for d in (a, b):
            engines.record_saves(d.page)
        run = Run("a match live")
        open_app(a.page, f"{base}/?mode=friend&length={length}", prefs=FAST)
        open_app(b.page, f"{base}/", prefs=FAST)
        run.started = time.monotonic()
        click(a.page, "#friend-live-start")
        offer = wait_field(a, "friend-offer")
        b.page.locator("#import-text").fill(offer)
        act(b.page, lambda: b.page.locator("#import-open").click())
        try:
            answer = wait_field(b, "friend-answer")
        except PlaywrightError:
            print(f"\n== live, {a.engine} and {b.engine}: Bob's page made no answer in {WAIT_S} s; "
                  f"Bob says {b.message()!r} / {b.page.locator('#friend-live-say').inner_text()!r}; "
                  f"offer {offer.split('#live=')[1]}", flush=True)
            return False
        a.page.locator("#friend-paste").fill(answer)
        act(a.page, lambda: a.page.locator("#friend-open").click())
        try:                              # both boards show the match by links, the friend at the top
            for d in (a, b):
                d.page.wait_for_function("document.getElementById('player-top').textContent.includes('friend')",
                                         timeout=30_000)
            settle(a, b, 30)
        except (AssertionError, PlaywrightError):
            print(f"\n== live, {a.engine} and {b.engine}: no connection; "
                  f"Alice says {a.page.locator('#friend-live-say').inner_text()!r}, "
                  f"Bob says {b.page.locator('#friend-live-say').inner_text()!r}; "
                  f"offer {offer.split('#live=')[1]}, answer {answer.split('#live=')[1]}")
            return False
        connected = time.monotonic() - run.started
        print(f"\nlive {a.engine}-{b.engine}: connected and the opening thrown in {connected:.1f} s; "
              f"offer code {len(offer.split('#live=')[1])} characters, answer {len(answer.split('#live=')[1])}")
        while True:
            device = settle(a, b)
            if device is None:
                break
            if time.monotonic() - run.started > limit:
                raise AssertionError(f"not over after {limit} s: {run.turns} turns")
            for each in (a, b):
                if each.warned():
                    run.refusals.append(f"{each.name}: {each.message()}")
            play(device, rng, run)
        score, games, lines, infos = check_end(a, b, run, length)
        click(a.page, "#friend-live-stop")              # the newest link shows again: its number
        newest = a.page.locator("#friend-link").input_value()
        report(run, a, b, score, games, lines, infos, live_links=decode_link(newest).turn if newest else None)
        return True
    finally:
        a.close()
        b.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--links-engines", nargs=2, default=["chromium", "firefox"])
    parser.add_argument("--live-engines", nargs=2, default=["chromium", "firefox"])
    parser.add_argument("--only", choices=["links", "live"])
    parser.add_argument("--limit", type=float, default=900, help="seconds a match may take at most")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    base = serve()
    rng = random.Random(args.seed)
    with sync_playwright() as playwright:
        if args.only != "live":
            by_links(playwright, base, rng, args.links_engines, args.length, args.limit)
        if args.only != "links":
            if not live(playwright, base, rng, args.live_engines, args.length, args.limit) \
                    and args.live_engines != ["chromium", "chromium"]:
                print("trying live again, Chromium-Chromium")
                live(playwright, base, rng, ["chromium", "chromium"], args.length, args.limit)


if __name__ == "__main__":
    main()
