"""A match played back as a mode over the match on the board."""
