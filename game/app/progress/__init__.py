"""Your progress: the error rate of every match the person played, over time (issue 43, part 5).

:mod:`.record` turns a match and its review into a record (kept by
:mod:`game.app.keep.progress_log`), :mod:`.tracker` is the controller's part that writes them
and runs the analysis in the background, :mod:`.chart` draws the chart, its table and the summary.
"""
