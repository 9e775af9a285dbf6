"""The tutor while a person plays (issue 43, part 1), as GNU Backgammon's tutor mode and
eXtreme Gammon's coach: before a play or a cube action is committed that the review would
mark at the chosen threshold or worse, the page says what it costs, shows the better play on
the board, and offers Play it anyway or Think again.

:mod:`.coach` is the app's part (:class:`~.coach.Tutor`: the setting, the study of the
decision at hand, the verdict before the commit), :mod:`.warning` the warning shown over the
game (:class:`~.warning.TutorMode`) and its words. The numbers are the review's own
(:func:`game.bot.analysis.evidence_steps` and :func:`game.bot.analysis.weighed`, at the
review's level), so the review afterwards shows the same loss.
"""
