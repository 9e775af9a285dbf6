"""The engine's pool of Web Workers (static/js/engine-pool.mjs, game/web/pool.py), in Chromium.

Two pages side by side: one with a worker (``?workers=1``), one where every ``new Worker``
throws (an init script; the fallback: the work on the page in slices as before the pool). The same seeded match on both must give the same answers: each job's JSON (the
page logs every job in ``window.backgammonJobs``, with where it ran), the hint's pane, the
review's. A worker killed while it runs a job is replaced and the job run again. Firefox
and WebKitGTK: the pool starts and the computer's move comes from a worker.
"""

import json

import pytest
from app_driver import click, open_app, roll_until_a_choice, wait_ready
from finished_match import finished_match

FAST = {"fast_bot": True, "animate": False}
WAIT_MS = 120_000
# the page logs its jobs where it finds this array (game/web/pool.py)
LOG = "window.backgammonJobs = [];"
# every Worker refused (PyScript's own code extends the class: it must stay a class)
NO_WORKER = "window.Worker = class extends window.Worker { constructor() { throw new Error('no Workers'); } };"
POOL_READY = "document.documentElement.dataset.pool === 'ready'"
WORKER_JOBS = "(kind) => backgammonJobs.filter(j => j.where === 'worker' && j.kind === kind).length"
JOBS = "(kind) => backgammonJobs.filter(j => j.kind === kind).map(j => [j.args, j.result, j.where])"


@pytest.fixture(scope="module")
def finished():
    return finished_match()


@pytest.fixture(scope="module")
def pages(tiered_browser):
    """(with a worker, with Workers refused): two contexts of one browser, reduced motion."""
    made = []
    for script in (None, NO_WORKER):
        context = tiered_browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
        context.add_init_script(LOG)
        if script is not None:
            context.add_init_script(script)
        made.append(context)
    yield [context.new_page() for context in made]
    for context in made:
        context.close()


def open_both(pages, url, items=None):
    worker, alone = pages
    for page in pages:
        joined = f"{url}{'&' if '?' in url else '?'}workers=1"
        if items is not None:
            # seeded from a page of the origin where no app runs (the server's 404): an app
            # running meanwhile could save its own match over the seeded one
            page.goto(f"{url.split('/?')[0].rstrip('/')}/__seed__")
            page.evaluate("(items) => { for (const [k, t] of Object.entries(items)) localStorage.setItem(k, t); }",
                          items)
            open_app(page, joined, prefs=FAST)
            wait_ready(page)
        else:
            open_app(page, joined, prefs=FAST)
    worker.wait_for_function(POOL_READY, timeout=WAIT_MS)
    alone.wait_for_function("document.documentElement.dataset.pool === 'failed'", timeout=WAIT_MS)
    return worker, alone


def test_a_hint_from_a_worker_is_the_page_s_own(pages, base_url):
    worker, alone = open_both(pages, f"{base_url}/?mode=hotseat&length=3&seed=workers-hint")
    for page in (worker, alone):
        click(page, "#roll")
        page.click("#hint")
        page.wait_for_selector("#hint-panel [data-play]", timeout=WAIT_MS)
    assert worker.evaluate(WORKER_JOBS, "rank") >= 1
    assert alone.evaluate(WORKER_JOBS, "rank") == 0
    assert worker.evaluate(JOBS, "rank")[-1][:2] == alone.evaluate(JOBS, "rank")[-1][:2]
    assert worker.inner_html("#hint-panel") == alone.inner_html("#hint-panel")


def test_the_computer_s_moves_from_a_worker_are_the_page_s_own(pages, base_url):
    # a noisy level: its seeded draws stay on the page, the ranking comes from the worker
    worker, alone = pages
    url = f"{base_url}/?mode=watch&length=3&seed=workers-bot&level=beginner"
    for page in pages:
        open_app(page, f"{url}&workers=1", prefs=FAST)
    worker.wait_for_function(f"({WORKER_JOBS})('rank') >= 3", timeout=WAIT_MS)
    sent = worker.evaluate(JOBS, "rank")
    alone.wait_for_function(f"({JOBS})('rank').length >= {len(sent)}", timeout=WAIT_MS)
    here = alone.evaluate(JOBS, "rank")[:len(sent)]
    assert {where for _, _, where in here} == {"page"}
    assert sum(where == "worker" for _, _, where in sent) >= 3
    assert [(args, result) for args, result, _ in sent] == [(args, result) for args, result, _ in here]


def test_a_review_spread_over_the_pool_is_the_page_s_own_and_survives_a_killed_worker(pages, base_url,
                                                                                       finished):
    worker, alone = open_both(pages, f"{base_url}/", items=finished["items"])
    killed = None
    for page in (worker, alone):
        page.click("#review-game")
        if page is worker:
            killed = worker.evaluate("backgammonPool.killBusy(60000)")
        page.wait_for_function("document.getElementById('review-progress').textContent === ''"
                               " && document.getElementById('review-list').children.length > 0",
                               timeout=WAIT_MS)
    assert killed is not None                          # it was running a piece of the review
    assert worker.evaluate("backgammonPool.restarts") == 1
    worker.wait_for_function(POOL_READY + " && backgammonPool.info().ready === backgammonPool.size",
                             timeout=WAIT_MS)
    assert worker.evaluate(WORKER_JOBS, "review") >= 2
    for part in ("#review-summary", "#review-list", "#review-graph-box"):
        assert worker.inner_html(part) == alone.inner_html(part), part


@pytest.mark.engines("firefox", "webkit")
def test_the_pool_starts_and_the_computer_moves_from_a_worker(open_page, base_url):
    d = open_page().open(f"{base_url}/?mode=watch&length=1&seed=workers-engines&level=expert&workers=1", prefs=FAST)
    d.wait_for(POOL_READY, timeout=WAIT_MS / 1000)
    # an answer from a worker: the computer's moves (nothing else asks for jobs in a watched match)
    d.wait_for("Number(document.documentElement.dataset.poolAnswers || 0) >= 1", timeout=WAIT_MS / 1000)
    assert d.evaluate("backgammonPool.info().answers") >= 1


def test_a_deep_review_runs_in_the_pool_and_stops_when_closed(pages):
    # the worker's page of the review test: its quick review is done
    worker = pages[0]
    before = worker.evaluate(WORKER_JOBS, "review")
    worker.click("#review-deep")
    worker.wait_for_selector("#review-bar:not([hidden])", timeout=WAIT_MS)
    # the match is read again first ("Preparing the review…"), then weighed deep
    worker.wait_for_function("document.getElementById('review-progress').textContent.startsWith('Deep review')",
                             timeout=WAIT_MS)
    assert worker.is_hidden("#review-deep") and worker.is_visible("#review-depth-deep")
    worker.wait_for_function(f"({WORKER_JOBS})('review') > {before}", timeout=WAIT_MS)
    deep = [args for args, _, where in worker.evaluate(JOBS, "review")[before:] if where == "worker"]
    assert deep and all('"level": "master"' in args for args in deep)
    # closed: the pieces left are dropped, nothing waits in the pool
    worker.click("#replay-close")
    worker.wait_for_function("backgammonPool.info().queued === 0 && backgammonPool.info().busy === 0",
                             timeout=WAIT_MS)
    assert worker.is_hidden("#review-panel")


def test_jobs_no_longer_wanted_are_cancelled_and_the_pool_goes_on(pages):
    # the pages of the review test: the worker's pool is ready
    worker = pages[0]
    worker.wait_for_function(POOL_READY, timeout=WAIT_MS)
    said = worker.evaluate("""async () => {
        const pool = backgammonPool, start = JSON.stringify({position: '4HPwATDgc/ABMA', level: 'master'});
        const running = pool.run('cube', start, 'gone'), waiting = pool.run('cube', start, 'gone');
        pool.cancel('gone');
        const ends = await Promise.allSettled([running, waiting]);
        const after = JSON.parse(await pool.run('cube', JSON.stringify({position: '4HPwATDgc/ABMA', level: '0-ply'}), 'next'));
        return [ends.map(e => `${e.status}:${e.reason && e.reason.message}`), after.length];
    }""")
    assert said == [["rejected:cancelled", "rejected:cancelled"], 5]


def test_a_stalled_worker_is_replaced_and_a_job_that_stalls_twice_goes_back_to_the_page(pages):
    # the pages of the review test; the watchdog's clock is moved on instead of waiting two minutes
    worker = pages[0]
    worker.wait_for_function(POOL_READY, timeout=WAIT_MS)
    said = worker.evaluate("""async () => {
        const pool = backgammonPool, before = pool.restarts, pump = pool.pump.bind(pool);
        const stall = () => pool.look(performance.now() + 2 * pool.stuckMs);
        // as soon as the job is sent again (to the new worker), it stalls that one too
        pool.pump = () => {
            pump();
            const slot = pool.workers.find((w) => w.job && w.job.tag === 'stall');
            if (slot && slot.job.tries === 2) { pool.pump = pump; queueMicrotask(stall); }
        };
        const job = pool.run('cube', JSON.stringify({position: '4HPwATDgc/ABMA', level: '0-ply'}), 'stall');
        stall();                                   // the first worker stalls on it at once
        const end = await job.then(() => 'answered', (e) => e.message);
        const after = JSON.parse(await pool.run('cube', JSON.stringify({position: '4HPwATDgc/ABMA', level: '0-ply'}), 'next'));
        return [end, pool.stuck, pool.restarts - before, after.length];
    }""")
    assert said == ["stuck", 2, 2, 5]
    assert worker.get_attribute("html", "data-pool-stuck") == "2"


def test_a_rollout_s_games_are_played_by_the_workers_and_stop(pages, base_url):
    worker, _alone = open_both(pages, f"{base_url}/?mode=hotseat&length=5&seed=3")
    roll_until_a_choice(worker)
    click(worker, "#hint")
    worker.wait_for_selector("#rollout-open", timeout=WAIT_MS)
    worker.click("#rollout-open")
    worker.wait_for_function("Number(document.getElementById('rollout-games')?.dataset.games || 0) >= 6",
                             timeout=WAIT_MS)
    assert worker.evaluate(WORKER_JOBS, "rollout") >= 1
    pieces = [json.loads(args) for args, _result, _where in worker.evaluate(JOBS, "rollout")]
    assert all(args["count"] == 6 and args["first_game"] % 6 == 0 for args in pieces)
    worker.click("#rollout-stop")
    worker.wait_for_selector("#rollout-start:not([hidden])", timeout=WAIT_MS)
    stopped = int(worker.get_attribute("#rollout-games", "data-games"))
    assert stopped >= 6
    assert stopped % 6 == 0                             # whole pieces, each counted once


def test_the_pool_starts_only_when_the_engine_is_first_asked(pages, base_url):
    page = pages[0]
    open_app(page, f"{base_url}/?mode=hotseat&length=3&seed=workers-lazy", prefs=FAST)
    page.wait_for_function("document.documentElement.dataset.poolAllowed === '1'", timeout=WAIT_MS)
    assert page.evaluate("document.documentElement.dataset.pool || 'off'") == "off"   # two people: no worker
    click(page, "#roll")
    page.click("#hint")
    page.wait_for_selector("#hint-panel [data-play]", timeout=WAIT_MS)
    page.wait_for_function(POOL_READY, timeout=WAIT_MS)        # the hint woke the pool
