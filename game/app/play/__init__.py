"""The game on the board: its mode, its view, the dice set by hand, the computer's side."""
