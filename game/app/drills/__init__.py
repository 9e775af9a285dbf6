"""Drills and assignments on the page (issue 35): what a student and a teacher meet.

The questions, their answers and the result codes are :mod:`game.drills`'s; this feature
puts them on the screen. :mod:`.links` reads the links (``?drill=``, ``?assignment=``,
``?summary=``), :mod:`.progress` keeps a student's answers on the device (a reload resumes),
:mod:`.shelf` keeps every set done on the device apart, :mod:`.made` the teacher's sets and
form, :mod:`.mode` is the screen's state and intents (a mode over the match, which waits),
:mod:`.composer` reads the teacher's form, :mod:`.boards` draws a question's board and
answers, :mod:`.view` draws each screen as HTML and
:mod:`.worksheet` the printable sheet with its answer key.
"""
