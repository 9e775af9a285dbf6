"""A match with a friend on another device, by links (issue 34): the app's side of :mod:`game.friend`."""
