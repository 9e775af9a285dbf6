"""Rollouts in the app: a decision of the hint or the review played out many times.

``session.py`` holds one rollout (its settings, the games played so far),
``view.py`` draws its panel, ``game/app/keep/rollouts.py`` keeps the results on the device. The
games themselves are :mod:`game.bot.rollout`'s.
"""
