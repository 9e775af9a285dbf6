"""How long a checker takes to slide, from the player's choice and the system's.

The player sets a speed in Settings (``Prefs.animation_speed``); the older
switch ``Prefs.animate`` off, a system asking for less motion
(``prefers-reduced-motion``) or a change that is not a play (a match loaded,
a checker dropped by hand) all mean no slide at all.

>>> duration("normal"), duration("fast"), duration("slow"), duration("off")
(300, 160, 520, 0)
>>> duration("slow", reduced_motion=True), duration("normal", animate=False), duration("bogus")
(0, 0, 300)
"""

__all__ = ["SPEEDS", "duration"]

#: milliseconds of one slide, by the choice in Settings (the first is the default)
SPEEDS = {"normal": 300, "off": 0, "slow": 520, "fast": 160}


def duration(speed, *, animate=True, reduced_motion=False):
    """Milliseconds a checker takes to slide to its new place (0: it jumps there)."""
    if not animate or reduced_motion:
        return 0
    return SPEEDS.get(speed, SPEEDS["normal"])
