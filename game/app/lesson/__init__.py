"""A lesson on the app's board: its player and its mode."""
