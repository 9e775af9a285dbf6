"""The position editor: its model and its mode."""
