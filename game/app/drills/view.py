"""The drills' screens as HTML fragments (pure functions of the mode's state).

Every text is the app's (``drills.*`` keys, French and English) or the core's messages;
everything a person or a link typed is escaped. The elements the page and outside
checks rely on have ids: ``result-code``, ``assignment-link``, ``drill-verdict``,
``drill-explanation``, ``summary-table``, ``summary-refused``.

>>> from game.app.text.i18n import translator
>>> from game.drills import Assignment
>>> q = Assignment.single("cube", seed=3, count=1).questions()[0]
>>> html = answer_form(q, translator("fr"))
>>> 'data-drill-choice="' in html and 'id="drill-answer-form"' in html
True
"""

from html import escape

from game.app.text.messages import text as message_text
from game.app.view.qr import QrTooLong, encode as qr_encode, svg as qr_svg
from game.drills import KINDS, DIFFICULTIES, Assignment
from game.drills.errors import DrillError
from game.drills.question import verdict
from game.levels import LEVELS, text_keys

from . import worksheet
from .boards import board_html, example_play, said

__all__ = ["render", "answer_form", "qr_html", "shown_code"]


def _e(value):
    return escape(str(value), quote=True)


def qr_html(text, label, element_id):
    """A QR code of ``text`` as inline SVG (nothing when it does not fit)."""
    try:
        code = qr_svg(qr_encode(text, "L"))
    except QrTooLong:
        return ""
    return f'<figure class="drill-qr" id="{element_id}" role="img" aria-label="{_e(label)}">{code}</figure>'


def _number(name, label, value=""):
    return (f'<label class="drill-field"><span>{_e(label)}</span><input type="text" inputmode="numeric" '
            f'maxlength="3" name="{name}" autocomplete="off" value="{_e(value)}"></label>')


def answer_form(question, tr, disabled=False):
    """The answer's input, fitting what is asked: two counts, a number, a play, or buttons."""
    off = " disabled" if disabled else ""
    ask = question.ask
    if ask == "choice":
        buttons = "".join(f'<button type="button" class="primary" data-drill-choice="{_e(c)}"{off}>'
                          f'{_e(tr("drills.cube." + c))}</button>' for c in question.choices)
        return f'<div id="drill-answer-form" class="drill-choices">{buttons}</div>'
    if ask == "pips":
        fields = _number("mine", tr("drills.page.your_pips")) + _number("theirs", tr("drills.page.their_pips"))
    elif ask == "play":
        options = "".join(f'<option value="{_e(c)}"></option>' for c in question.choices)
        example = example_play(question.dice)
        fields = (f'<label class="drill-field"><span>{_e(tr("drills.page.your_play", example=example))}</span>'
                  f'<input type="text" name="play" list="drill-plays" autocomplete="off" spellcheck="false" '
                  f'placeholder="{_e(example)}"></label><datalist id="drill-plays">{options}</datalist>')
    else:
        label = "drills.page.your_percent" if ask == "percent" else "drills.page.your_count"
        fields = _number("n", tr(label))
    return (f'<form id="drill-answer-form" class="drill-answer" data-drill-form="answer">{fields}'
            f'<button type="submit" class="primary"{off}>{_e(tr("drills.page.check"))}</button></form>')


def _problem(mode, tr):
    said_ = message_text(mode.problem, tr) if mode.problem else ""
    hidden = "" if said_ else " hidden"
    return f'<p id="drill-problem" class="warn" role="alert" tabindex="-1"{hidden}>{_e(said_)}</p>'


def _title(mode, tr):
    a = mode.assignment
    title = a.title if a is not None and a.title else tr("drills.page.title")
    return f'<h2 id="drills-title">{_e(title)}</h2>'


def _loading(mode, tr, now):
    return f'{_title(mode, tr)}<p class="drills-wait" role="status">{_e(tr("drills.page.drawing"))}</p>'


def _refused(mode, tr, now):
    return (f'<h2 id="drills-title">{_e(tr("drills.page.title"))}</h2>{_problem(mode, tr)}'
            f'<p><button type="button" data-drill-act="composer">{_e(tr("drills.page.compose"))}</button></p>')


def _about(mode, tr):
    a = mode.assignment
    kinds = ", ".join(tr(f"drills.kind.{d.kind}") for d in a.drills)
    line = tr("drills.page.about", n=a.total, kinds=kinds)
    if a.time_limit:
        line += " " + tr("drills.page.time_limit", minutes=a.time_limit)
    return f'<p class="drills-about">{_e(line)}</p>'


def _kept_line(progress, tr):
    if not progress.name:
        return tr("drills.page.kept_unnamed")
    if not progress.finished:
        return tr("drills.page.kept_unfinished", name=progress.name, n=progress.index + 1,
                  total=len(progress.questions))
    return tr("drills.page.kept_done", name=progress.name, score=progress.score(), total=len(progress.questions))


def _kept(mode, tr):
    """The other sets done on this device, each with its result code, a link to open it, and
    a Remove that asks first."""
    kept = mode.kept_sets()
    if not kept:
        return ""
    items = []
    for key, progress, code in kept:
        try:
            assignment = Assignment.from_token(progress.token)
        except DrillError:
            continue
        title = assignment.title or ", ".join(tr(f"drills.kind.{d.kind}") for d in assignment.drills)
        item = (f'<a href="?assignment={_e(progress.token)}">{_e(title)}</a> — {_e(_kept_line(progress, tr))}'
                + (f' <code class="kept-code">{_e(code)}</code>' if code else ""))
        item += _remove_buttons(mode, key, "drills.page.remove_ask", tr)
        items.append(f'<li data-kept="{_e(key)}">{item}</li>')
    return (f'<section id="drill-kept" class="drill-kept"><h3>{_e(tr("drills.page.kept_title"))}</h3>'
            f'<p class="drills-about">{_e(tr("drills.page.kept_help"))}</p><ul>{"".join(items)}</ul></section>')


def _name(mode, tr, now):
    return (f'{_title(mode, tr)}{_about(mode, tr)}'
            f'<form id="drill-name-form" data-drill-form="start"><label class="drill-field">'
            f'<span>{_e(tr("drills.page.name"))}</span><input type="text" id="drill-name" name="name" '
            f'maxlength="40" autocomplete="name" value="{_e(mode.progress.name)}"></label>'
            f'<button type="submit" class="primary">{_e(tr("drills.page.start"))}</button></form>'
            f'{_problem(mode, tr)}{_kept(mode, tr)}')


def _clock(mode, tr, now):
    left = mode.time_left(now)
    if left is None:
        return ""
    return (f'<p id="drill-clock" class="drill-clock">'
            f'{_e(tr("drills.page.time_left", time=f"{left // 60}:{left % 60:02d}"))}</p>')


def _question(mode, tr, now):
    p = mode.progress
    q = p.question
    head = (f'<p id="drill-progress" class="drill-progress">'
            f'{_e(tr("drills.page.progress", n=p.index + 1, total=len(p.questions)))} · '
            f'{_e(tr("drills.kind." + q.kind))} · {_e(tr("drills.level." + q.level))}</p>')
    prompt = f'<p id="drill-prompt" class="drill-prompt">{_e(message_text(q.prompt, tr))}</p>'
    board = f'<div class="drill-board">{board_html(q, tr)}</div>'
    out = [_title(mode, tr), head, _clock(mode, tr, now), board, prompt]
    out.append(answer_form(q, tr, disabled=p.shown))
    out.append(_problem(mode, tr))
    if p.shown:
        marked = p.marks()[p.index]
        cls = "right" if marked.correct else "wrong"
        last = p.index + 1 >= len(p.questions)
        out.append(f'<div class="drill-feedback {cls}" role="status">'
                   f'<p id="drill-verdict" class="drill-verdict {cls}" data-correct="{str(marked.correct).lower()}">'
                   f'{_e(message_text(verdict(q, marked), tr))}</p>'
                   f'<p class="drill-given">{_e(tr("drills.page.you_said", answer=said(q, marked.given, tr)))}</p>'
                   f'<p id="drill-explanation" class="drill-explanation">{_e(message_text(q.explanation, tr))}</p>'
                   f'<p><button type="button" id="drill-next" class="primary" data-drill-act="next">'
                   f'{_e(tr("drills.page.finish" if last else "drills.page.next"))}</button></p></div>')
    return "".join(out)


def _results(mode, tr, now):
    p = mode.progress
    marks = p.marks()
    rows = []
    for i, (q, m) in enumerate(zip(p.questions, marks)):
        cls = "right" if m.correct else "wrong"
        sign = tr("drills.page.mark_right" if m.correct else "drills.page.mark_wrong")
        rows.append(f'<tr class="{cls}"><td>{i + 1}</td><td>{_e(tr("drills.kind." + q.kind))}</td>'
                    f'<td>{_e(said(q, m.given, tr))}</td><td>{_e(said(q, q.answer, tr))}</td>'
                    f'<td>{_e(sign)}</td></tr>')
    code = mode.result_code()
    head = "".join(f'<th scope="col">{_e(tr(k))}</th>' for k in (
        "drills.page.col_number", "drills.page.col_drill", "drills.page.col_given", "drills.page.col_answer",
        "drills.page.col_mark"))
    minutes, seconds = divmod(p.seconds(p.ended), 60)
    return (f'{_title(mode, tr)}'
            f'<p id="drill-score" class="drill-score">{_e(tr("drills.page.score", name=p.name, score=p.score(), total=len(marks)))}</p>'
            f'<p class="drills-about">{_e(tr("drills.page.took", time=f"{minutes}:{seconds:02d}"))}</p>'
            f'<h3>{_e(tr("drills.page.code_title"))}</h3>'
            f'<p class="drills-about">{_e(tr("drills.page.code_help"))}</p>'
            f'<p id="result-code" class="result-code">{_e(code)}</p>'
            f'<p><button type="button" data-drill-act="copy-code">{_e(tr("drills.page.copy_code"))}</button></p>'
            f'{qr_html(code, tr("drills.page.code_qr"), "result-qr")}'
            f'<div class="drill-scroll"><table id="drill-answers" class="drill-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="drill-buttons"><button type="button" data-drill-act="again">{_e(tr("drills.page.again"))}</button>'
            f'<button type="button" data-drill-act="another">{_e(tr("drills.page.another"))}</button></p>'
            f'{_kept(mode, tr)}{_play_a_game(tr)}')


def _play_a_game(tr):
    """Links to a game against the computer at each level, the weakest ("First steps") first."""
    links = " · ".join(f'<a href="?mode=bot&amp;level={level}" data-level="{level}">{_e(tr(text_keys(level)[0]))}</a>'
                       for level in LEVELS)
    return f'<p id="drill-play" class="drills-about">{_e(tr("drills.page.play_game"))} {links}</p>'


def _select(name, value, options):
    opts = "".join(f'<option value="{_e(v)}"{" selected" if v == value else ""}>{_e(label)}</option>'
                   for v, label in options)
    return f'<select name="{name}">{opts}</select>'


def _composer(mode, tr, now):
    form = mode.form
    rows = []
    levels = [(level, tr(f"drills.level.{level}")) for level in DIFFICULTIES]
    for kind, spec in KINDS.items():
        tolerance = ""
        if spec.tolerances[1]:
            tolerance = (f'<input type="text" inputmode="numeric" maxlength="2" name="tolerance-{kind}" '
                         f'aria-label="{_e(tr("drills.page.tolerance") + " — " + tr("drills.kind." + kind))}" '
                         f'value="{_e(form.get(f"tolerance-{kind}", ""))}">')
        rows.append(f'<tr><th scope="row">{_e(tr("drills.kind." + kind))}</th>'
                    f'<td><input type="text" inputmode="numeric" maxlength="2" name="count-{kind}" '
                    f'aria-label="{_e(tr("drills.page.count") + " — " + tr("drills.kind." + kind))}" '
                    f'value="{_e(form.get(f"count-{kind}", ""))}" placeholder="0"></td>'
                    f'<td>{_select(f"level-{kind}", form.get(f"level-{kind}", "medium"), levels)}</td>'
                    f'<td>{tolerance}</td></tr>')
    head = "".join(f'<th scope="col">{_e(tr(k))}</th>' for k in (
        "drills.page.col_drill", "drills.page.count", "drills.page.level", "drills.page.tolerance"))
    out = [f'<h2 id="drills-title">{_e(tr("drills.page.composer"))}</h2>',
           f'<p class="drills-about">{_e(tr("drills.page.composer_help"))}</p>',
           f'<form id="drill-composer" data-drill-form="compose"><table class="drill-table composer">'
           f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>',
           f'<p class="drill-fields"><label class="drill-field"><span>{_e(tr("drills.page.set_title"))}</span>'
           f'<input type="text" name="title" maxlength="60" value="{_e(form.get("title", ""))}"></label>'
           f'<label class="drill-field"><span>{_e(tr("drills.page.seed"))}</span><input type="text" '
           f'inputmode="numeric" maxlength="10" name="seed" value="{_e(form.get("seed", ""))}"></label>'
           f'<label class="drill-field"><span>{_e(tr("drills.page.minutes"))}</span><input type="text" '
           f'inputmode="numeric" maxlength="3" name="time" placeholder="{_e(tr("drills.page.no_limit"))}" '
           f'value="{_e(form.get("time", ""))}"></label></p>',
           f'<p><button type="submit" class="primary">{_e(tr("drills.page.make_link"))}</button></p></form>',
           _problem(mode, tr)]
    link = mode.link()
    if link is not None:
        summary = mode.summary_link()
        out.append(f'<h3>{_e(tr("drills.page.link_title"))}</h3>'
                   f'<p class="drill-link"><input type="text" id="assignment-link" readonly value="{_e(link)}" '
                   f'aria-label="{_e(tr("drills.page.link_title"))}">'
                   f'<button type="button" data-drill-act="copy-link">{_e(tr("drills.page.copy_link"))}</button></p>'
                   f'<p class="drill-url"><a id="assignment-anchor" href="{_e(link)}">{_e(link)}</a></p>'
                   f'{qr_html(link, tr("drills.page.link_qr"), "assignment-qr")}'
                   f'<h3>{_e(tr("drills.page.summary_link_title"))}</h3>'
                   f'<p class="drills-about">{_e(tr("drills.page.summary_link_help"))}</p>'
                   f'<p class="drill-url"><a id="summary-link" href="{_e(summary)}">{_e(summary)}</a></p>'
                   f'{qr_html(summary, tr("drills.page.summary_qr"), "summary-qr")}'
                   f'<p class="drill-buttons"><button type="button" data-drill-act="summary">'
                   f'{_e(tr("drills.page.open_summary"))}</button>'
                   f'<button type="button" data-drill-act="print">{_e(tr("drills.page.print"))}</button></p>')
        out.append(worksheet.worksheet_html(mode.composed, mode.worksheet_questions(), tr))
    out.append(_made(mode, tr))
    return "".join(out)


def _remove_buttons(mode, key, ask, tr):
    """Remove, or (once pressed) the question it asks and its two answers."""
    if mode.removing == key:
        return (f'<p class="warn" role="alert">{_e(tr(ask))}</p><p class="drill-buttons">'
                f'<button type="button" data-drill-act="remove" data-drill-key="{_e(key)}">{_e(tr("drills.page.remove_yes"))}</button>'
                f'<button type="button" data-drill-act="keep">{_e(tr("drills.page.remove_no"))}</button></p>')
    return (f' <button type="button" data-drill-act="ask-remove" data-drill-key="{_e(key)}">'
            f'{_e(tr("drills.page.remove"))}</button>')


def _made(mode, tr):
    """The sets the teacher made on this device: each one's composer and summary, as links."""
    made = mode.made_sets()
    if not made:
        return ""
    items = []
    for key, assignment, _ in made:
        kinds = ", ".join(tr(f"drills.kind.{d.kind}") for d in assignment.drills)
        token = _e(assignment.token())
        items.append(f'<li data-made="{_e(key)}"><a href="?compose={token}">{_e(assignment.title or kinds)}</a> — '
                     f'{_e(tr("drills.page.about", n=assignment.total, kinds=kinds))} '
                     f'<a href="?summary={token}">{_e(tr("drills.page.open_summary"))}</a>'
                     f'{_remove_buttons(mode, key, "drills.page.remove_made_ask", tr)}</li>')
    return (f'<section id="drills-made" class="drill-kept"><h3>{_e(tr("drills.page.made_title"))}</h3>'
            f'<ul>{"".join(items)}</ul></section>')


#: a refused text longer than this is shown by its start and end around an ellipsis
LONGEST_SHOWN = 64


def shown_code(code):
    """A pasted text as the list of refused codes shows it: whole when short, else its first
    48 characters, an ellipsis and its last 12 (a code is told by both ends).

    >>> shown_code("BG1-ABCDE"), len(shown_code("BG1-" + "ABCDE-" * 20)), shown_code("x" * 70)[46:52]
    ('BG1-ABCDE', 61, 'xx…xxx')
    """
    code = str(code)
    return code if len(code) <= LONGEST_SHOWN else code[:48] + "…" + code[-12:]


def _refused_item(refused, tr):
    """One refused code: the code (whole in its title), whose it seems to be, and why."""
    name = "" if refused.name is None else f' <span class="refused-name">({_e(tr("drills.page.refused_name", name=refused.name))})</span>'
    return (f'<li><code title="{_e(refused.code[:400])}">{_e(shown_code(refused.code))}</code>{name} — '
            f'{_e(message_text(refused.message, tr))}</li>')


def _summary(mode, tr, now):
    out = [_title(mode, tr), _about(mode, tr),
           f'<p><button type="button" data-drill-act="edit">{_e(tr("drills.page.back_to_set"))}</button></p>',
           f'<form id="summary-form" data-drill-form="codes"><label class="drill-field wide">'
           f'<span>{_e(tr("drills.page.paste_codes"))}</span>'
           f'<textarea id="summary-codes" name="codes" rows="5" spellcheck="false">{_e(mode.pasted)}</textarea>'
           f'</label><button type="submit" class="primary">{_e(tr("drills.page.read_codes"))}</button></form>']
    s = mode.summary
    if s is None:
        return "".join(out)
    if s.refused:
        items = "".join(_refused_item(r, tr) for r in s.refused)
        out.append(f'<div id="summary-refused" class="warn" role="alert"><p>'
                   f'{_e(tr.n("drills.page.refused", len(s.refused)))}</p><ul>{items}</ul></div>')
    numbers = "".join(f'<th scope="col" title="{_e(tr("drills.kind." + q.kind))}">{i + 1}</th>'
                      for i, q in enumerate(s.questions))
    body = []
    for row in s.rows:
        cells = "".join(
            f'<td class="{"right" if m.correct else "wrong" if m.answered else "none"}">'
            f'{_e("—" if not m.answered else tr("drills.page.mark_right" if m.correct else "drills.page.mark_wrong"))}</td>'
            for m in row.marks)
        body.append(f'<tr><th scope="row">{_e(row.name)}</th><td class="score">{row.score}/{s.total}</td>{cells}</tr>')
    out.append(f'<p id="summary-count">{_e(tr.n("drills.page.students", len(s.rows)))}</p>')
    out.append(f'<div class="drill-scroll"><table id="summary-table" class="drill-table summary"><thead><tr>'
               f'<th scope="col">{_e(tr("drills.csv.name"))}</th><th scope="col">{_e(tr("drills.csv.score"))}</th>'
               f'{numbers}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')
    if s.rows:
        hardest = "".join(f'<li>{_e(tr("drills.page.hardest_item", n=st.number, kind=tr("drills.kind." + st.kind), right=st.right, students=st.students))}</li>'
                          for st in s.hardest[:5])
        out.append(f'<h3>{_e(tr("drills.page.hardest"))}</h3><ol id="summary-hardest">{hardest}</ol>'
                   f'<p><button type="button" data-drill-act="csv">{_e(tr("drills.page.csv"))}</button></p>')
    return "".join(out)


_SCREENS = {"loading": _loading, "refused": _refused, "name": _name, "question": _question,
            "results": _results, "composer": _composer, "summary": _summary}


def render(mode, now):
    """The HTML of the mode's screen."""
    return _SCREENS[mode.screen](mode, mode.app.tr, now)
