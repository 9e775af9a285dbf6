"""Words: the translations (gettext catalogues in ``locales/``) and the messages kept as data, ``(key, params)``."""
