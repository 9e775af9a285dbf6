"""The rules' options a match is played with, as the words of the match line.

The match line (``#match-info``) names the options that are on, so a
classroom sees at a glance which rules hold: in money play the Jacoby rule,
beavers and automatic doubles (with their limit); in any match the opening
where each side throws both dice.  Messages are data, ``(key, params)``,
turned into words by the caller's translator.

>>> from game.match import MatchConfig
>>> notes(MatchConfig(length=0, jacoby=True, automatic_doubles=2, opening="both_dice"))
[('info.jacoby', {}), ('info.auto_doubles', {'count': 2}), ('info.opening_both_dice', {})]
>>> notes(MatchConfig(length=5))
[]
"""

__all__ = ["notes", "text"]


def notes(config):
    """The options of ``config`` (a :class:`game.match.MatchConfig`) that are on, in the order
    the match line says them: ``[(key, params)]``.  Money options count only in money play."""
    found = []
    if not config.length:
        if config.jacoby:
            found.append(("info.jacoby", {}))
        if config.beavers:
            found.append(("info.beavers", {}))
        if config.automatic_doubles:
            found.append(("info.auto_doubles", {"count": config.automatic_doubles}))
    if config.opening == "both_dice":
        found.append(("info.opening_both_dice", {}))
    return found


def text(tr, config):
    """The options of ``config`` as one piece of the match line (``" · "`` between them; ``""``
    when none is on).

    >>> from game.match import MatchConfig
    >>> from game.app.text.i18n import translator
    >>> text(translator("fr"), MatchConfig(length=0, beavers=True, automatic_doubles=1))
    'beavers permis · doubles automatiques (1 au plus)'
    """
    return " · ".join(tr(key, **params) for key, params in notes(config))
