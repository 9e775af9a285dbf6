"""Check lesson files from the command line: ``python3 -m game.lessons [FOLDER_OR_FILE ...]``.

With no argument, checks the lessons shipped with the app.  Prints one line
per lesson, or the problem found (file and field), and exits with status 1
when a file is broken.
"""

import pathlib
import sys

from . import LESSONS_DIR, load_lesson_file
from .errors import InvalidLessonError


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    paths = []
    for arg in args or [str(LESSONS_DIR)]:
        path = pathlib.Path(arg)
        paths.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    broken = 0
    seen = {}
    for path in paths:
        try:
            lesson = load_lesson_file(path)
        except InvalidLessonError as error:
            broken += 1
            print(f"BROKEN  {error}")
            continue
        if lesson.id in seen:
            broken += 1
            print(f"BROKEN  lesson file {path.name}, field id: {lesson.id!r} is already the id of {seen[lesson.id]}")
            continue
        seen[lesson.id] = path.name
        print(f"ok      {path.name}: {lesson.id} — {lesson.title['en']} / {lesson.title['fr']}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
