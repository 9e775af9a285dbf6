"""How long the links of a match by links get: plays 25-point matches between two random devices and prints
the longest link (its text, and the whole address with a sample page address), the mean, and the rolls used.

    python3 tools/friend_link_length.py [--matches 10] [--length 25]

The devices' seeds come from the match's number, so two runs print the same.

Policies: the random player of :mod:`game.friend.random_play` (uniform legal moves, doubles now and then,
gives his word to roll at his next turn after half of his moves), then the same never touching the cube (longer
games, so more rolls of the committed chains) giving his word after half, all or none of his moves (one link a
turn, or three while the cube is his to turn).
"""

import argparse
import hashlib
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from game.friend import decode_link, link_url  # noqa: E402
from game.friend import random_play  # noqa: E402
from game.friend.fair_dice import CHAIN_LENGTH  # noqa: E402
from game.match import MatchConfig  # noqa: E402

#: a page address as long as a project page on GitHub Pages usually is
SAMPLE_PAGE = "https://someone.github.io/backgammon/"


def kind_of(link):
    if link.turn == 1:
        return "invitation"
    if link.turn == 2:
        return "joining"
    codes = "".join(action[0] for action in link.actions)
    return codes or "secret only"


def measure(length, matches, cube, then_roll=0.5):
    saved = dict(random_play.CHANCES)
    random_play.CHANCES["then_roll"] = then_roll
    if not cube:
        random_play.CHANCES["double"] = 0
    try:
        rows = []
        for seed in range(matches):
            started = time.process_time()
            seeds = tuple(hashlib.sha256(f"bench {seed} {side}".encode()).digest() for side in (0, 1))
            duel = random_play.Duel(MatchConfig(length=length), random.Random(seed), seeds=seeds)
            duel.play_out()
            rows.append((duel, time.process_time() - started))
    finally:
        random_play.CHANCES.clear()
        random_play.CHANCES.update(saved)
    texts = [text for duel, _ in rows for text in duel.links]
    longest = max(texts, key=len)
    link = decode_link(longest)
    rolls = [duel.devices[0]._rolls for duel, _ in rows]
    links = [len(duel.links) for duel, _ in rows]
    games = [len(duel.devices[0].match.results) for duel, _ in rows]
    policy = f"{'random cube' if cube else 'no doubles'}, word to roll {then_roll:.0%} of moves"
    print(f"{length}-point matches, {policy}: {matches} matches, "
          f"{statistics.mean(games):.1f} games, {statistics.mean(links):.0f} links "
          f"(most {max(links)}), {statistics.mean(rolls):.0f} rolls (most {max(rolls)} of {CHAIN_LENGTH})")
    print(f"  longest link: {len(longest)} characters of text, {len(link_url(SAMPLE_PAGE, longest))} with "
          f"the address {SAMPLE_PAGE}#friend=  ({kind_of(link)}, link {link.turn})")
    print(f"  mean link: {statistics.mean(map(len, texts)):.0f} characters; "
          f"CPU per match: {statistics.mean(t for _, t in rows):.2f} s (both devices)")
    return len(longest)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--length", type=int, default=25)
    args = parser.parse_args(argv)
    longest = max(measure(args.length, args.matches, cube, then_roll)
                  for cube, then_roll in ((True, 0.5), (False, 0.5), (False, 1.0), (False, 0.0)))
    print(f"longest link over all: {longest} characters (+ {len(SAMPLE_PAGE) + len('#friend=')} for the address)")


if __name__ == "__main__":
    main()
