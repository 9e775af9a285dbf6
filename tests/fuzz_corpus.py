"""A corpus of valid inputs of every kind, collected along seeded random games.

The engine's fuzz tests (tests/fuzz_harness.py says which) mutate these: Position IDs,
Match IDs, XGIDs, the notation of legal plays, matches in the moving phase and saved
matches. It is built when a test first asks (:func:`corpus`), once for all the
processes of a run: the fuzz modules run in several pytest workers, and building it
takes about 4 s of CPU, loading it 0.1 s.
"""

import copy
import functools
import hashlib
import json
import os
import pathlib
import pickle
import random
import tempfile

from game import Position
from game.dice import ManualDice, SeededDice
from game.match import Match, MatchConfig, Phase


def now():
    """The clock of every match the fuzz tests make: time stands still."""
    return 0.0


CONFIGS = [
    dict(length=0, automatic_doubles=2, jacoby=True, beavers=True),
    dict(length=0, beavers=True, max_cube=16),
    dict(length=0, cube=False, stake=2.5),
    dict(length=1),
    dict(length=3),
    dict(length=5, opening="both_dice"),
    dict(length=7, clock=(30, 120), names=("Ann", "Bo")),
    dict(length=11, crawford=False),
    dict(length=2, max_cube=8),
]


def random_action(match, rng):
    """Do one random legal action in ``match``, the way a careless player would."""
    g = match.game
    phase = match.phase
    if phase is Phase.OVER:
        match.new_game()
    elif phase is Phase.OPENING:
        match.roll()
    elif phase is Phase.ROLL_OR_DOUBLE:
        if match.can_double() and rng.random() < 0.3:
            match.double()
        elif match.refusal("resign") is None and rng.random() < 0.02:
            kind = rng.choice([1, 2, 3])
            if match.game.declined < kind:
                match.resign(kind)
            else:
                match.roll()
        else:
            match.roll()
    elif phase is Phase.DOUBLED:
        choices = [a for a in ("take", "take", "drop", "beaver") if match.refusal(a) is None]
        getattr(match, rng.choice(choices))()
    elif phase is Phase.RESIGNATION_OFFERED:
        (match.accept_resignation if rng.random() < 0.5 else match.reject_resignation)()
    elif phase is Phase.MOVING:
        if match.can_reroll() and rng.random() < 0.6:
            match.reroll()
            return
        turn = match.turn
        if turn.no_move:
            match.done()
        elif turn.played and turn.is_complete:
            match.done()
        elif turn.played or rng.random() < 0.5:
            step = rng.choice(turn.legal_steps())
            match.step(step.source, step.target)
            if rng.random() < 0.1:
                match.undo()
        else:
            play = rng.choice(list(g.turn.plays))
            if rng.random() < 0.5:
                match.play_move(play)
            else:
                match.play_text(str(play))


#: events worth a save of their own when first met
RARE = {"auto_double", "beaver", "reroll", "resign", "reject_resignation", "setup", "undo", "pass", "drop"}


class Corpus:
    """Valid inputs of every kind, collected along seeded random games."""

    def __init__(self, seed=2024):
        rng = random.Random(seed)
        self.position_ids = set()
        self.match_ids = set()
        self.xgids = set()
        self.notation = []          # (position, dice, [notation of legal plays])
        self.moving = []            # matches in the moving phase (some with steps played)
        self.saves = []             # JSON text of saved matches
        self.boards = []
        seen = set()
        for index in range(40):
            config = MatchConfig(**CONFIGS[index % len(CONFIGS)])
            dice = SeededDice(f"fuzz-{index}")
            if config.automatic_doubles:
                dice = ManualDice([4, 4], fallback=dice)    # an opening tie: the cube turns
            match = Match(config, dice, now=now)
            if index % 5 == 4 and self.boards:
                mine, theirs = rng.choice(self.boards)
                position = Position(mine, theirs)
                if position.winner() is None:
                    cube = rng.choice([1, 2, 4]) if config.cube and not config.length else 1
                    match.setup(position, rng.choice([0, 1]), cube_value=cube,
                                cube_owner=None if cube == 1 else rng.choice([0, 1]),
                                dice=rng.choice([None, (rng.randint(1, 6), rng.randint(1, 6))]))
            # short saves mostly: replaying a save is what from_dict spends its time on
            save_at = {rng.randrange(1, 30) for _ in range(3)}
            if index % 10 == 0:
                save_at.add(rng.randrange(40, 400))
            for action in range(400):
                self.collect(match, rng)
                new = {event["type"] for event in match.events[-3:]} & RARE - seen
                if action in save_at or (new and len(match.events) < 80):
                    self.saves.append(json.dumps(match.to_dict()))
                    seen |= new
                if match.match_winner is not None or (config.money and match.game_number > 3):
                    break
                random_action(match, rng)
        self.saves.append(json.dumps(Match(MatchConfig(), SeededDice(0)).to_dict()))
        self.position_ids = sorted(self.position_ids)
        self.match_ids = sorted(self.match_ids)
        self.xgids = sorted(self.xgids)

    def collect(self, match, rng):
        for position in (match.game.position, match.position):
            self.position_ids.add(position.position_id())
            self.boards.append((position.mine, position.theirs))
        self.match_ids.add(match.match_id())
        xgid = match.xgid()
        if xgid is not None:
            self.xgids.add(xgid)
        if match.phase is Phase.MOVING and not match.turn.no_move:
            position, dice = match.game.position, match.dice
            plays = list(position.legal_moves(dice))
            # the same six as sampling their texts (a sample depends only on the count), written
            # out alone: writing every legal play was most of the corpus's cost
            self.notation.append((position, dice, [str(play) for play in rng.sample(plays, min(len(plays), 6))]))
            if len(self.moving) < 80 and rng.random() < 0.3:
                self.moving.append(copy.deepcopy(match))


ROOT = pathlib.Path(__file__).resolve().parents[1]


def _fingerprint():
    """A hash of every source the corpus depends on: this module and the package ``game``."""
    digest = hashlib.sha256()
    for path in [pathlib.Path(__file__), *sorted((ROOT / "game").rglob("*.py"))]:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:20]


@functools.cache
def corpus():
    """The corpus, built when a test first asks (not at import: each worker collects the fuzz
    modules), or read back from the temporary folder where a process of the same sources wrote it
    (written whole, then renamed: a reader never sees half of it)."""
    kept = pathlib.Path(tempfile.gettempdir()) / f"backgammon-fuzz-corpus-{_fingerprint()}.pickle"
    try:
        return pickle.loads(kept.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    built = Corpus()
    partial = kept.with_suffix(f".{os.getpid()}.part")
    partial.write_bytes(pickle.dumps(built))
    os.replace(partial, kept)
    return built
