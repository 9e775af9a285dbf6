"""The stack of modes over the match, and the board input every mode shares."""
