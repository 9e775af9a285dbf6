"""A review's summary as a table of text, in the app's words (French or English).

One column per player, one row per figure: the decisions (checker plays and cube decisions
apart), the error rates in millipoints per decision (the whole, then checker plays and cube
apart), the rating, the marks and the luck, as the page's review panel says them.

>>> from game.review import review_file
>>> from game.app.text.i18n import translator
>>> print(summary(review_file("tests/data/mat_corpus/case_numbered_result.mat"), translator("en")))
case_numbered_result.mat: Match to 5 points, 2 games.
                                             Ann        Bob
Decisions                                      3          1
  checker plays                                3          1
  cube decisions                               0          0
Error rate (millipoints per decision)        0.0        0.0
  checker plays                              0.0        0.0
  cube decisions                               —          —
Rating                                         —          —
Doubtful                                       0          0
Errors                                         0          0
Blunders                                       0          0
Luck (equity, in all)                     +0.203     +0.026
"""

from game.bot.analysis import MIN_RATED

__all__ = ["summary"]

DASH = "—"


def _rate(loss, count):
    return DASH if not count else f"{1000 * loss / count:.1f}"


def _rating(player, tr):
    """The rating's word, once the player has made enough decisions to be rated (as the page)."""
    if player["rating"] is None or player["decisions"] < MIN_RATED:
        return DASH
    return tr(f"rating.{player['rating']}")


def _rows(players, tr):
    """``(label, [value per player])`` for each row of the table."""
    rate = [DASH if p["millipoints"] is None else f"{p['millipoints']:.1f}" for p in players]
    luck = [DASH if p["luck"] is None else f"{p['luck']:+.3f}" for p in players]
    return [
        (tr("review.decisions"), [str(p["decisions"]) for p in players]),
        ("  " + tr("review.cli_moves"), [str(p["moves"]) for p in players]),
        ("  " + tr("review.cli_cube"), [str(p["cube_decisions"]) for p in players]),
        (tr("review.error_rate"), rate),
        ("  " + tr("review.cli_moves"), [_rate(p["checker_loss"], p["moves"]) for p in players]),
        ("  " + tr("review.cli_cube"), [_rate(p["cube_loss"], p["cube_decisions"]) for p in players]),
        (tr("review.rating"), [_rating(p, tr) for p in players]),
        (tr("review.count_doubtful"), [str(p["marks"]["doubtful"]) for p in players]),
        (tr("review.count_error"), [str(p["marks"]["error"]) for p in players]),
        (tr("review.count_blunder"), [str(p["marks"]["blunder"]) for p in players]),
        (tr("review.cli_luck"), luck),
    ]


def summary(review, tr):
    """The text of :func:`game.review.review_data`'s ``review`` with the translator ``tr``."""
    length = review["length"]
    stakes = tr("info.stakes_match", length=tr.n("count.points", length)) if length \
        else tr("info.stakes_money")
    lines = [tr("review.cli_title", file=review["file"], stakes=stakes,
                games=tr.n("count.games", review["games"]))]
    names = [name or tr("name.player1" if i == 0 else "name.player2") for i, name in enumerate(review["names"])]
    rows = _rows(review["analysis"]["players"], tr)
    width = max(len(label) for label, _ in rows)
    cell = max(11, *(len(v) + 1 for _, values in rows for v in values), *(len(n) + 1 for n in names))
    lines.append(" " * width + "".join(n.rjust(cell) for n in names))
    comma = tr.language == "fr"      # French writes 0,9 where English writes 0.9
    lines += [label.ljust(width) + "".join((v.replace(".", ",") if comma else v).rjust(cell) for v in values)
              for label, values in rows]
    return "\n".join(lines)
