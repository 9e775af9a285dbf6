"""The printable worksheet of an assignment: its questions with their boards, then the
answer key. It is on the page only for paper (the print stylesheet shows it and hides
the rest, ``static/css/app.css``).

>>> from game.app.text.i18n import translator
>>> from game.drills import Assignment
>>> a = Assignment.single("race", seed=2, count=2)
>>> html = worksheet_html(a, a.questions(), translator("en"))
>>> html.count('class="sheet-question"'), html.count('class="sheet-key-item"'), 'id="drill-worksheet"' in html
(2, 2, True)
>>> worksheet_html(a, None, translator("en"))
''
"""

from html import escape

from game.app.text.messages import text as message_text

from .boards import board_html, said

__all__ = ["worksheet_html"]


def _e(value):
    return escape(str(value), quote=True)


def worksheet_html(assignment, questions, tr):
    """The worksheet's HTML (empty when its questions are not drawn yet)."""
    if questions is None:
        return ""
    title = assignment.title or tr("drills.page.title")
    out = [f'<section id="drill-worksheet" class="worksheet" aria-hidden="true">',
           f'<h2>{_e(title)}</h2><p class="sheet-name">{_e(tr("drills.page.sheet_name"))}</p>']
    for i, q in enumerate(questions):
        out.append(f'<div class="sheet-question"><h3>{_e(tr("drills.page.sheet_question", n=i + 1, kind=tr("drills.kind." + q.kind)))}</h3>'
                   f'<div class="sheet-board">{board_html(q, tr)}</div>'
                   f'<p>{_e(message_text(q.prompt, tr))}</p>'
                   f'<p class="sheet-line">{_e(tr("drills.page.sheet_answer"))}</p></div>')
    out.append(f'<div class="sheet-key"><h2>{_e(tr("drills.page.sheet_key", title=title))}</h2><ol>')
    for q in questions:
        out.append(f'<li class="sheet-key-item"><strong>{_e(said(q, q.answer, tr))}</strong> — '
                   f'{_e(message_text(q.explanation, tr))}</li>')
    out.append("</ol></div></section>")
    return "".join(out)
