"""Identifiers of positions and matches: GNU Backgammon's Position and Match IDs, eXtreme Gammon's XGIDs."""
