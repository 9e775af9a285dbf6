"""A match's log: the events every action appends, and doing them again.

:meth:`game.match.Match.to_dict` saves the events; :meth:`game.match.Match.from_dict`
rebuilds the match by doing each action again (:func:`apply_event`), its dice given
back in order (:func:`recorded_dice`), and checks each gives back the events saved.

The events, each a dict with a ``"type"`` and plain JSON values (players
are 0 and 1, points as in move notation: 25 the bar, 0 off; a step is
``[source, target, hit]``)::

    game_start          game, score [a, b], crawford
    setup               player, position_id (seen from player), cube, cube_owner, dice or None
                        (before the opening roll; or during a game, a board a file sets)
    opening_roll        dice, player (the winner; None for a tie, thrown again at once)
                        standard: dice [die of player 0, die of player 1]
                        both_dice: dice [[player 0's two dice], [player 1's two dice]]
    auto_double         cube                    (money: an opening tie turned the cube)
    reroll              player, dice            (both_dice: the winner threw again)
    roll                player, dice
    double              player, cube            (the value offered)
    beaver              player, cube            (the value the doubler must now take)
    take                player, cube            (the cube's new value)
    drop                player
    step                player, source, target, use (None, or "high"/"low" for auto_step), steps
    undo                player, step
    undo_all            player, steps
    move                player, dice, move (notation), position_id (before the move)
    pass                player, dice, position_id   (the roll allowed no move)
    resign              player, kind (1 single, 2 gammon, 3 backgammon)
    forfeit             player, kind                (given up before the opening roll)
    accept_resignation  player
    reject_resignation  player
    flag                player                  (out of time)
    win                 player, points, kind, cube, score [a, b]
                        kind: single, gammon, backgammon, drop, resign or time
    match_win           player, score [a, b]

>>> from game.match_state import MatchConfig
>>> recorded_dice([{"type": "opening_roll", "dice": [3, 1]}, {"type": "roll", "dice": [6, 6]}], MatchConfig())
[3, 1, 6, 6]
"""

from game.match_state import ACTIVE, InvalidMatchError, Phase
from game.position import check_dice

__all__ = ["apply_event", "recorded_dice"]


def apply_event(match, event):
    """Do again on ``match`` the action that logged ``event`` (the first event of that action)."""
    kind = event.get("type")
    g = match.game
    if kind == "game_start":
        match.new_game(score=event.get("score"))
    elif kind == "forfeit":
        match.forfeit(event.get("player"), event.get("kind"))
    elif kind == "setup":
        match.setup(event["position_id"], event["player"], cube_value=event["cube"],
                    cube_owner=event["cube_owner"], dice=event["dice"], edit=True)
    elif kind in ("opening_roll", "roll"):
        match.roll()
    elif kind == "reroll":
        match.reroll()
    elif kind == "double":
        match.double()
    elif kind == "take":
        match.take()
    elif kind == "drop":
        match.drop()
    elif kind == "beaver":
        match.beaver()
    elif kind == "step":
        if event.get("use") is None:
            match.step(event["source"], event["target"])
        else:
            match.auto_step(event["source"], event["use"])
    elif kind == "undo":
        match.undo()
    elif kind == "undo_all":
        match.undo_all()
    elif kind == "move":
        if g.phase is Phase.MOVING and g.turn.played:
            match.done()
        else:
            match.play_text(event["move"])
    elif kind == "pass":
        match.done()
    elif kind == "resign":
        match.resign(event["kind"])
    elif kind == "accept_resignation":
        match.accept_resignation()
    elif kind == "reject_resignation":
        match.reject_resignation()
    elif kind == "flag":
        player = event["player"]
        if g.phase not in ACTIVE or player not in (0, 1):
            raise InvalidMatchError(f"a flag of player {player!r} in phase {g.phase.value}")
        match.flag(player)
    else:
        raise InvalidMatchError(f"{kind!r} is not an action")


def recorded_dice(events, config):
    """Every die thrown in ``events``, in order: what the replay's dice source gives back."""
    dice = []
    for event in events:
        kind = event.get("type")
        if kind == "opening_roll":
            thrown = event.get("dice")
            if config.opening == "both_dice":
                if not isinstance(thrown, list) or len(thrown) != 2:
                    raise InvalidMatchError(f"saved match: bad opening roll {event!r}")
                for pair in thrown:
                    dice.extend(check_dice(pair))
            else:
                dice.extend(check_dice(thrown))
        elif kind in ("roll", "reroll"):
            dice.extend(check_dice(event.get("dice")))
    return dice
