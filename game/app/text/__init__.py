"""Words: the translations, the messages kept as data, what a screen reader hears."""
