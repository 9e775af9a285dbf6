# Build, serve and test the backgammon web app.
#   make play     serve the app at http://127.0.0.1:$(PORT)/ for development (no service worker)
#   make play-sw  the same with the service worker, as players get it (offline after one visit)
#   make test     install what the tests need (the three engines too), build, run every test (with no network but
#                 loopback when the system allows: tools/netns.py)
#   make test-fast  the tests that need no browser, no build and are not marked slow (about 70 s)
#   make dist     write dist/, a folder any static host can serve as is
# Everything the page loads comes from this origin: static/vendor/ is copied
# out of node_modules (npm registry), never fetched from a CDN.

PYTHON ?= python3
PORT ?= 8000
# Root needs no sudo (CI runs as root); anyone else gets it for apt-get.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The three engines the browser tests run in, as Debian packages: a program and the
# package that provides it. Playwright drives Chromium and Firefox ESR; Selenium drives
# WebKitGTK's MiniBrowser (shipped by libwebkit2gtk-4.1-0, which webkit2gtk-driver
# pulls in) under Xvfb. Playwright cannot download its own browsers here.
BROWSER_PACKAGES := /usr/bin/chromium:chromium /usr/bin/firefox-esr:firefox-esr \
	/usr/bin/WebKitWebDriver:webkit2gtk-driver \
	/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser:webkit2gtk-driver /usr/bin/Xvfb:xvfb
# Written after a successful `npm ci`; older than the lock file means outdated.
NPM_STAMP := node_modules/.npm-ci-done

.PHONY: vendor play play-sw test test-fast test-deps browsers chromium dist bench-startup bench-memory clean

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Always runs: both steps only write what changed, and game.zip must follow
# every edit (or deletion) under game/.
vendor: $(NPM_STAMP)
	$(PYTHON) tools/vendor.py
	$(PYTHON) tools/pack.py
	$(PYTHON) tools/predraw.py
	$(PYTHON) tools/static_texts.py
	$(PYTHON) tools/precache.py

# Development: no service worker and nothing cached, so a reload shows every edit
# (after `make vendor` for game/). tools/serve.py says more.
play: vendor
	$(PYTHON) tools/serve.py --dev --port $(PORT)

play-sw: vendor
	$(PYTHON) tools/serve.py --port $(PORT)

# The package itself, editable, with the list in pyproject.toml
# ([project.optional-dependencies] dev).
# PIP_BREAK_SYSTEM_PACKAGES lets pip install into an "externally managed"
# Debian Python; other Pythons ignore it. CI runs as root: no warning for that.
# pip runs only when tools/deps_installed.py finds something missing, or game installed from another
# checkout (pip took 7.5 s to find nothing to do, the check 0.2 s).
test-deps:
	@$(PYTHON) tools/deps_installed.py || PIP_BREAK_SYSTEM_PACKAGES=1 PIP_ROOT_USER_ACTION=ignore \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check -e '.[dev]'

# Installs whichever of the packages is missing, then checks every program is there:
# a missing engine stops `make test` with the package's name, never a skipped test.
browsers:
	@missing=$$(for pair in $(BROWSER_PACKAGES); do test -x $${pair%%:*} || echo $${pair#*:}; done | sort -u); \
	if [ -n "$$missing" ]; then \
		echo "installing $$missing"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi; \
	for pair in $(BROWSER_PACKAGES); do test -x $${pair%%:*} || \
		{ echo "$${pair%%:*} is missing: install the Debian package $${pair#*:}" >&2; exit 1; }; done

chromium: browsers

# The installs above need the network; pytest itself runs in a network namespace with
# only loopback where the system allows it (a notice says when it does not).
# Three pytest workers (pytest-xdist) on CI's 2 cores: a browser test spends much of its time
# waiting on the page, so a third worker keeps both cores busy; WORKERS=0 runs the tests in
# one process. loadfile keeps a module's tests in one worker (a page booted
# once for the module, the counts a fuzz module checks last), and --no-loadscope-reorder
# keeps tests/conftest.py's order (the browser tests last in each worker). (loadgroup and
# xdist_group marks do nothing with pytest 9.2: xdist 3.8 renames the tests' ids, which
# pytest 9.2 no longer reads.)
WORKERS ?= 3
XDIST = $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadfile --no-loadscope-reorder)
# test-fast: two workers, one per core. Three took longer once nothing else held the workers up
# (100 s against 85 s, fresh clones, back to back, 2026-11-29): each worker collects every test
# first (12 s of CPU), and this machine's two cores give about 1.3 times one core's work.
FAST_WORKERS ?= 2
FAST_XDIST = $(if $(filter 0,$(FAST_WORKERS)),,-n $(FAST_WORKERS) --dist loadfile --no-loadscope-reorder)
# Bytecode is written (where PYTHONDONTWRITEBYTECODE says not to, as on CI's machine): a second
# run imports game and the rewritten tests from it (collecting took 5 s of CPU instead of 12).
KEEP_BYTECODE = PYTHONDONTWRITEBYTECODE=

test: test-deps browsers vendor
	$(KEEP_BYTECODE) $(PYTHON) tools/netns.py $(PYTHON) -m pytest $(XDIST)

# No browser, no build: the engine, the bot, the notation and the UI's Python.
# A fifth of the engine's fuzz feeds (tests/fuzz_harness.py, FUZZ_SHARE); `make test` feeds them whole.
test-fast: test-deps
	$(KEEP_BYTECODE) FUZZ_SHARE=0.2 $(PYTHON) -m pytest $(FAST_XDIST) -m "not browser and not slow and not build"

dist: vendor
	$(PYTHON) tools/dist.py dist

# BEFORE=dir times another build of the site alongside (docs/startup.md says how to make one).
bench-startup: test-deps browsers vendor
	$(PYTHON) tools/bench_startup.py $(if $(BEFORE),--before $(BEFORE))

bench-memory: test-deps browsers vendor
	$(PYTHON) tools/bench_memory.py

clean:
	rm -rf static/vendor dist
