"""Match files in and out: ``.mat`` (Jellyfish, GNU Backgammon) and GNU Backgammon's ``.sgf``;
eXtreme Gammon's ``.xg`` matches and ``.xgp`` positions in."""
