"""Shared fixtures: the page served from this checkout, and Debian's browsers.

Every browser test runs in Chromium. The journeys of tests/browser/test_journeys.py,
tests/browser/test_upright_board.py and tests/browser/test_friend_match.py run in every
engine: Chromium, Firefox ESR and WebKitGTK. Of the other browser tests, those of
:data:`FIREFOX_MODULES` (the page's layout on phones, the board's feel under the
pointer, the board drawn as an image, the themes, storage, offline, the security policy
and the boot's failures: where the engines differ) run in Firefox ESR too; ``EVERY_ENGINE=1`` runs all of them in Firefox (about 10 more
minutes here). ``make test`` must stay well inside CI's 90 minutes on a 2-core
machine, and the Python code the page runs is the same in every engine.
pytest-playwright's ``--browser`` chooses the Playwright engines (``--browser
chromium`` narrows them). Ids name the engine: ``[chromium]``, ``[firefox]``,
``[webkit]``. tests/browser/engines.py says what differs in driving each.

Everything here is session-scoped and lazy: a test that asks for none of the
browser fixtures starts neither the server nor Chromium.

Tests under tests/browser/ are marked ``browser`` automatically; deselect them
with ``-m "not browser"``.
"""

import collections
import fcntl
import functools
import http.server
import os
import pathlib
import sys
import tempfile
import threading
import zlib

import pytest
from hypothesis import settings

# CI draws the same generated inputs on every run, so a red run is a change in
# the code, not a new draw. HYPOTHESIS_EXPLORE=1 draws fresh inputs (with
# FUZZ_EXAMPLES=10000 for the full-size fuzzing runs).
# No deadline: a Hypothesis example over 200 ms failed as "Unreliable test timings" on a
# loaded machine (tests/test_xgid.py, 341 ms, then 0.13 ms); timings live in benchmarks.
settings.register_profile("replay", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("explore" if os.environ.get("HYPOTHESIS_EXPLORE") else "replay")

ROOT = pathlib.Path(__file__).resolve().parent.parent
BROWSER_DIR = pathlib.Path(__file__).resolve().parent / "browser"
# The engines Playwright drives when no --browser is given.
PLAYWRIGHT_ENGINES = ["chromium", "firefox"]
#: the browser test modules whose tests run in Firefox as well as Chromium (the journeys
#: run in every engine whatever this says); EVERY_ENGINE=1 runs every module in both
FIREFOX_MODULES = {"test_phone_layout", "test_board_feel", "test_storage", "test_offline",
                   "test_security", "test_boot_failure", "test_board_image", "test_theme"}

# tools/*.py are scripts, not a package; their tests import them by module name.
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(BROWSER_DIR))
import engines  # noqa: E402
import pack  # noqa: E402
import serve as serve_tool  # noqa: E402
import static_texts  # noqa: E402

# tools/bench_startup.py launches Chromium as the tests do
CHROMIUM, CHROMIUM_ARGS = engines.CHROMIUM, engines.CHROMIUM_ARGS


def pytest_configure(config):
    # pytest-playwright runs Chromium alone unless told; here both engines by default
    if hasattr(config.option, "browser") and not config.option.browser:
        config.option.browser = list(PLAYWRIGHT_ENGINES)


def pytest_runtest_setup(item):
    """``@pytest.mark.chromium_only("why")``: skipped in the other engines, with the reason."""
    marker = item.get_closest_marker("chromium_only")
    engine = getattr(item, "callspec", None) and item.callspec.params.get("browser_name")
    if marker and engine and engine != "chromium":
        pytest.skip(f"Chromium only: {marker.args[0]}")
    for marker in item.iter_markers("xfail_in"):
        if engine == marker.args[0]:
            item.add_marker(pytest.mark.xfail(strict=True, reason=marker.kwargs["reason"]))


#: modules whose French runs check words, not the engine: in Firefox they run in English only
#: (the page's layout in French, where words wrap, runs in both: test_phone_layout)
FIREFOX_ENGLISH_ONLY = {"test_board_feel", "test_board_image"}


def _firefox_left_out(item):
    """A Firefox run of a module outside :data:`FIREFOX_MODULES`, or of a French variant in
    :data:`FIREFOX_ENGLISH_ONLY` (unless EVERY_ENGINE=1)."""
    params = getattr(item, "callspec", None) and item.callspec.params
    if not params or params.get("browser_name") != "firefox" or os.environ.get("EVERY_ENGINE"):
        return False
    return (item.path.stem not in FIREFOX_MODULES
            or (item.path.stem in FIREFOX_ENGLISH_ONLY and params.get("lang") == "fr"))


#: Tests that cost more than a few seconds each, marked ``slow`` here (``make test-fast`` leaves
#: them out; ``make test`` runs them): a test id, or its function's name for all its
#: parameters, or a whole module. Measured on the shared 2-core machine of 2026-11-29 (load 7
#: to 15): each took 8 s or more in a full run of ``pytest -m "not browser" --durations=80``
#: (there a test's CPU was a tenth to a third of its time), or 1.5 s or more of its process's
#: CPU in a run of the rest (``time.process_time`` per test); and the two modules that build
#: the trainer with gcc or review whole games once for all their tests.
SLOW_TESTS = {
    "tests/test_bot_train.py",
    "tests/test_ui_review.py",
    "tests/test_bot.py::test_the_expert_looks_ahead_at_its_best_few_close_plays_and_otherwise_plays_the_nets_best",
    "tests/test_bot.py::test_every_play_is_legal_at_master_level",
    "tests/test_bot.py::test_beginner_does_not_always_play_the_best_move",
    "tests/test_bot.py::test_the_noisier_the_level_the_more_equity_it_loses",
    "tests/test_bot_bench.py::test_doctests_of_bench_levels_pass",
    "tests/test_bot_bench.py::test_gnubg_against_itself_is_level_at_the_same_depth_and_names_its_dice",
    "tests/test_bot_lookahead.py::test_two_ply_with_a_prune_wider_than_every_roll_is_the_plain_two_ply",
    "tests/test_bot_lookahead.py::test_the_opponent_dancing_leaves_the_mover_on_roll_again",
    "tests/test_bot_lookahead.py::test_one_ply_and_the_rolled_values_are_the_textbook_ones",
    "tests/test_bot_prune.py::test_one_ply_with_a_prune_wider_than_every_roll_is_the_plain_one_ply",
    "tests/test_analysis.py::test_the_luck_of_all_rolls_averages_zero",
    # the bot: its strongest levels, two-ply, the review of whole games
    "tests/test_bot.py::test_in_a_match_every_level_ranks_plays_by_match_winning_chances[master]",
    "tests/test_bot.py::test_in_a_match_every_level_ranks_plays_by_match_winning_chances[expert]",
    "tests/test_bot.py::test_every_play_is_legal_at_fast_levels[expert]",
    "tests/test_bot_think.py::test_step_by_step_plays_are_the_plain_plays[master]",
    "tests/test_bot_think.py::test_step_by_step_plays_are_the_plain_plays[expert]",
    "tests/test_bot_think.py::test_the_longest_piece_is_a_small_part_of_a_master_think",
    "tests/test_bot_think.py::test_the_filtered_one_ply_plays_the_best_play_of_a_textbook_one_ply",
    "tests/test_bot_lookahead.py::test_the_filtered_two_ply_values_the_best_close_plays_of_the_one_ply_and_plays_the_best",
    "tests/test_bot_lookahead.py::test_two_ply_is_the_textbook_two_ply",
    "tests/test_bot_prune.py::test_the_full_nets_best_reply_is_usually_among_the_three_kept",
    "tests/test_analysis.py::test_the_player_who_follows_the_bot_loses_nothing_in_money_play",
    "tests/test_analysis.py::test_in_a_match_the_plays_are_ranked_with_the_score",
    "tests/test_analysis.py::test_every_roll_is_an_entry_and_the_summary_adds_up",
    "tests/test_analysis.py::test_the_review_is_deterministic_and_plain_json",
    "game/bot/bot.py::game.bot.bot",
    # whole matches played through the app's controller
    "tests/test_ui_controller.py::test_against_the_bot_to_the_end",
    "tests/test_ui_controller.py::test_a_whole_hotseat_match_with_clicks_ends_in_the_history",
    "tests/test_ui_controller.py::test_a_seeded_link_gives_the_same_computer_opponent_too",
    "tests/test_ui_lesson_player.py::test_a_thought_of_the_computer_that_ends_during_a_lesson_is_dropped",
    "tests/test_ui_current_text.py::test_the_saved_text_is_byte_for_byte_the_whole_snapshot_packed",
    "tests/test_ui_current_text.py::test_a_save_encodes_and_copies_only_the_game_in_play",
    "tests/test_ui_sgf.py::test_a_finished_sgf_file_opens_in_the_history_and_is_replayed",
    "tests/test_ui_sgf.py::test_a_finished_match_exports_as_an_sgf_file_that_reads_back_the_same",
    "tests/test_ui_teach.py::test_a_finished_match_exports_as_a_mat_file_that_reads_back_the_same",
    "tests/test_ui_teach.py::test_a_finished_mat_file_opens_in_the_history_and_is_replayed",
    "tests/test_ui_teach.py::test_the_history_replays_a_finished_match_move_by_move",
    "tests/test_ui_saves.py::test_what_an_intent_says_it_left_unchanged_is_drawn_the_same",
    "tests/test_ui_board_patch.py::test_a_whole_match_drawn_step_by_step",
    "tests/test_ui_review_board.py",         # a whole game reviewed first (5.7 s), as test_ui_review
    "tests/test_friend_play.py::test_a_device_reloaded_at_every_step_plays_the_same_match",
    "tests/test_fuzz_inputs.py::test_any_query_is_read_within_bounds",
    "tests/test_fuzz_inputs.py::test_damaged_storage_always_boots_and_loses_nothing",
    "tests/test_bot_think.py::test_the_bot_drops_its_thought_when_the_match_changes_meanwhile",
    "tests/test_drills_novice.py::test_the_novice_never_plays_an_illegal_play",
    "tests/test_match.py::test_random_legal_play_to_the_end_keeps_every_invariant[config0]",
    "tests/test_match.py::test_random_legal_play_to_the_end_keeps_every_invariant[config1]",
    "tests/test_match.py::test_random_legal_play_to_the_end_keeps_every_invariant[config2]",
    # every play, destination or message swept
    "tests/test_turn.py::test_every_destination_is_accepted_and_nothing_else_is",
    "tests/test_turn.py::test_every_legal_play_can_be_played_step_by_step",
    "tests/test_turn.py::test_any_sequence_of_allowed_steps_ends_in_a_legal_play",
    "tests/test_ui_messages_complete.py::test_the_sweeps_reach_the_engine_s_refusals",
    "tests/test_ui_messages_complete.py::test_every_engine_refusal_is_said_without_a_gap_in_both_languages",
    "tests/test_movecounts.py::test_legal_play_counts_match_the_counted_file",
    "tests/test_shots.py::test_every_roll_agrees_with_gnu_backgammon[random]",
    # GNU Backgammon as an oracle, and the corpora
    "tests/test_oracle_gnubg.py",
    "tests/test_position_id.py::test_encoding_matches_gnubg_and_decodes_back",
    "tests/test_xgid.py::test_gnubg_ids_translate_back_to_the_same_xgid",
    "tests/test_xgid.py::test_decoding_an_encoded_xgid_gives_the_same_info",
    "tests/test_sgf.py::test_damaged_files_are_read_or_refused_with_sgf_file_error_only",
    "tests/test_sgf.py::test_engine_options_gnubg_lacks_travel_in_a_property_it_ignores[config3]",
    "tests/test_mat_corpus.py::test_the_corpus_is_what_the_generator_writes_for_every_producer",
    # fuzzing: the large feeds, and the counts of the modules whose feeds all leave
    "tests/test_fuzz_ids.py::test_xgids_from_fields",
    "tests/test_fuzz_ids.py::test_every_entry_point_got_its_inputs",
    "tests/test_fuzz_saves.py::test_every_entry_point_got_its_inputs",
    "tests/test_fuzz_moves.py::test_mutated_moves",
    "tests/test_fuzz_moves.py::test_mutated_moves_played_in_a_match",
    "tests/test_fuzz_moves.py::test_moves_from_the_grammar_played_in_a_match",
    "tests/test_fuzz_moves.py::test_every_entry_point_got_its_inputs",
    "tests/test_fuzz_boards.py::test_valid_boards_with_counts_changed",
    "tests/test_fuzz_boards.py::test_every_entry_point_got_its_inputs",
    "tests/test_fuzz_editor.py",
    # a match by links with both devices reloaded at every step
    "tests/test_ui_friend.py::test_a_whole_match_with_a_reload_on_both_sides_at_every_step",
    # the rule that only the glue imports the browser: it imports every module of game/
    "tests/test_web_glue.py::test_nothing_outside_the_glue_imports_the_browser",
}
def _listed_slow(item):
    module, _, rest = item.nodeid.partition("::")
    name = rest.split("[")[0]
    return bool({item.nodeid, f"{module}::{name}", module} & SLOW_TESTS)


#: A browser test runs once more when Chromium's renderer crashed under it ("Target crashed", or
#: "Page crashed" when Playwright was waiting on the page), and for nothing else: seen twice
#: while the page loaded, once in each of two full runs of 2026-11-27 (about 1 page load in
#: 300), then as "Page crashed" in CI on 2026-11-28, and under load; never in 60 loads in a row
#: on an idle machine. The rerun shows in the summary ("1 rerun"). A marker on the browser
#: tests, not pytest's addopts: under pytest-xdist, pytest-rerunfailures asks the controller
#: over a socket before every test it may rerun, which cost each test about 35 ms of waiting
#: (tests/test_ui_storage.py's 344 tests in one worker: 17.7 s with it for every test, 5.9 s
#: without, 2026-11-29), about a minute of `make test-fast`.
CRASH_RERUN = pytest.mark.flaky(reruns=1, only_rerun=["(Target|Page) crashed"])


# tryfirst: the slow marks added here must be there before pytest's -m deselection
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    left_out = {item for item in items if _firefox_left_out(item)}
    if left_out:
        config.hook.pytest_deselected(items=[item for item in items if item in left_out])
        items[:] = [item for item in items if item not in left_out]
    for item in items:
        if BROWSER_DIR in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(CRASH_RERUN)
        if _listed_slow(item):
            item.add_marker(pytest.mark.slow)


#: rough seconds a test takes on CI's 2 cores, by kind: enough to order the work, not a measure
COST_S = {"chromium": 4.0, "firefox": 8.0, "webkit": 12.0, "slow": 8.0, "other": 0.05}


def _cost(item):
    params = getattr(item, "callspec", None) and item.callspec.params
    engine = params and (params.get("browser_name") or params.get("engine"))
    if engine in COST_S:
        return COST_S[engine]
    if BROWSER_DIR in item.path.parents:
        return COST_S["chromium"]
    return COST_S["slow"] if item.get_closest_marker("slow") else COST_S["other"]


# trylast: after pytest's own reordering (which groups the tests of each engine together)
@pytest.hookimpl(trylast=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_longest_first(items):
    """The longest modules first, the short ones to even out the end.

    `make test` runs several workers (--dist loadfile --no-loadscope-reorder): a module is
    one unit of work (a page booted once for a module, or counts a module gathers for
    its last test, stay in one worker), handed out in this order. Longest first keeps
    a long module from starting last on one worker while the others sit idle. A
    module's own order is kept (its tests of one engine together).
    """
    cost = collections.Counter()
    for item in items:
        cost[item.path] += _cost(item)
    first = {}
    for index, item in enumerate(items):
        first.setdefault(item.path, index)
    items.sort(key=lambda item: (-cost[item.path], first[item.path]))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(directory: pathlib.Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a static server for directory on a free loopback port, in a daemon thread."""
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = serve_tool.Server(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}"


@pytest.fixture(scope="session")
def serve_directory():
    """Start a loopback static server for a folder; returns its URL. Stopped at session end."""
    servers = []

    def start(directory: pathlib.Path) -> str:
        server, url = serve(directory)
        servers.append(server)
        return url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def base_url(serve_directory):
    """The URL of this checkout served over HTTP, as the page would be in production.

    game.zip and the page's texts for before Python runs are rebuilt first (each
    only written when it changed), so running pytest directly after editing game/
    or a translation tests the current code.
    """
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("static/vendor/ is missing: run `make vendor` (or `make test`)")
    # one writer at a time: `make test` runs several pytest workers (pytest-xdist), each with
    # its own session, and two may get here at once
    lock = pathlib.Path(tempfile.gettempdir()) / f"backgammon-tests-{zlib.crc32(bytes(ROOT))}.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        pack.write_zip()
        static_texts.write()
    return serve_directory(ROOT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """Debian's engine for ``browser_name``: a missing one fails, naming its package."""
    own = engines.launch_args_for_tests(browser_name)
    args = [*browser_type_launch_args.get("args", []), *own.pop("args", [])]
    return {**browser_type_launch_args, **own, **({"args": args} if args else {})}


@pytest.fixture(scope="session")
def tiered_browser(playwright, browser_name):
    """``browser_name`` with its WebAssembly tiers as players have them (engines.launch_args),
    for the few tests where Python works long in the page (the expert's thinking, a review):
    there the optimizing tier pays for its compiling. Three hints at the expert level took
    7.5-10.8 s of CPU in Chromium with it, 14.3-18.5 s on the baseline tier alone, a page start
    5.1-7.1 s against 4.2-5.2 (2026-11-29, three of each, alternated). Launched when first
    asked, once per worker."""
    browser = getattr(playwright, browser_name).launch(**engines.launch_args(browser_name))
    yield browser
    browser.close()


# --- the journeys in every engine (tests/browser/test_journeys.py) -------------------------------

def pytest_generate_tests(metafunc):
    """``engine``: the Playwright engines asked for (--browser; Chromium and Firefox by
    default) and WebKitGTK, always (driven by Selenium)."""
    if "engine" in metafunc.fixturenames:
        names = [*(metafunc.config.option.browser or PLAYWRIGHT_ENGINES), "webkit"]
        marker = metafunc.definition.get_closest_marker("engines")
        if marker:     # @pytest.mark.engines("firefox", "webkit"): the others check it elsewhere
            names = [name for name in names if name in marker.args]
        metafunc.parametrize("engine", names, scope="session")


@pytest.fixture(scope="session")
def playwright_browsers(playwright):
    """One browser per Playwright engine for the journeys, launched when first asked."""
    launched = {}

    def get(engine):
        if engine not in launched:
            launched[engine] = getattr(playwright, engine).launch(**engines.launch_args_for_tests(engine))
        return launched[engine]

    yield get
    for browser in launched.values():
        browser.close()


@pytest.fixture(scope="session")
def xvfb():
    """The X display WebKitGTK's MiniBrowser draws on (it has no headless mode)."""
    import page_driver
    display = page_driver.Display()
    yield display
    display.stop()


def _pages(engine, request):
    """Open pages in ``engine`` (see :func:`open_page`) and close them when ``request`` ends."""
    import page_driver
    opened = []

    def new(width=1280, height=800, touch=False):
        if engine == "webkit":
            driver = page_driver.WebKitPage(request.getfixturevalue("xvfb"), width, height,
                                            env=engines.webkit_test_env())
        else:
            browser = request.getfixturevalue("playwright_browsers")(engine)
            driver = page_driver.PlaywrightPage(browser, width, height, touch=touch)
        opened.append(driver)
        return driver

    yield new
    for driver in opened:
        driver.close()


@pytest.fixture
def open_page(engine, request):
    """``open_page(width, height, touch=False)``: a fresh page (own profile) in ``engine``,
    behind the page-driver interface of tests/browser/page_driver.py; closed after the test.
    ``touch``: a touch screen where the driver has one (Playwright's ``has_touch``)."""
    yield from _pages(engine, request)


@pytest.fixture(scope="module")
def open_module_page(engine, request):
    """:func:`open_page` for a page the tests of a module share, in their order (each engine's
    tests together): closed after the module's last test in ``engine``."""
    yield from _pages(engine, request)
