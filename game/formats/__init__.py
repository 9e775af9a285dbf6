"""Match files in and out: ``.mat`` (Jellyfish, GNU Backgammon) and GNU Backgammon's ``.sgf``."""
