"""The review: the bot's analysis of a match beside its replay."""
