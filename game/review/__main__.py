"""``python -m game.review FILE``: each player's decisions, error rate and luck in a match file.

``--json`` prints the whole review (every decision) as JSON; ``--lang fr`` speaks French;
``--level`` chooses the computer's depth (0-ply, the page's review, by default). A file that
cannot be read is refused with the reason on the standard error, and the exit status 2.
"""

import argparse
import json
import sys

from game.app.text.i18n import LANGUAGES, translator
from game.app.text.messages import text
from game.levels import LEVELS
from game.review import LEVEL, FileRefused, review_file
from game.review.report import summary


def main(argv=None, out=sys.stdout, err=sys.stderr):
    """Run the command; returns its exit status (0, or 2 for a file refused)."""
    parser = argparse.ArgumentParser(prog="python -m game.review",
                                     description="The review of a match file: each player's decisions, error rate and luck.")
    parser.add_argument("file", help="a .mat, .sgf or .xg match file")
    parser.add_argument("--json", action="store_true", help="print every decision as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--level", choices=[LEVEL, *LEVELS], default=LEVEL)
    args = parser.parse_args(argv)
    tr = translator(args.lang)
    try:
        review = review_file(args.file, args.level)
    except FileRefused as error:
        print(tr("error.review_refused", file=args.file, why=text(error.message, tr)), file=err)
        return 2
    except FileNotFoundError:
        print(tr("error.review_no_file", file=args.file), file=err)
        return 2
    except OSError:
        print(tr("error.review_unreadable", file=args.file), file=err)
        return 2
    if args.json:
        json.dump(review, out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        print(summary(review, tr), file=out)
        for key, params in review["warnings"]:
            print(text((key, params), tr), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
