"""One small interface to drive the page in any engine, so a journey is written once.

:class:`PlaywrightPage` drives Chromium and Firefox ESR (Playwright), :class:`WebKitPage`
drives WebKitGTK's MiniBrowser (Selenium and WebKitWebDriver, under an Xvfb display
that :class:`Display` starts and stops). Both offer the same calls: go to a URL and
wait for the page's ready signal, click, tap at a point of the screen, drag, type, press
keys, evaluate a JavaScript expression, reload, take a screenshot, resize the viewport or
turn the screen under the same document, and wait for the page's next render
(``<body data-renders>`` grows after every render).

JavaScript given to :meth:`evaluate` is an expression; it may use ``arg`` (one
JSON-able value) and may be a promise, which is awaited.
"""

import contextlib
import json
import os
import pathlib
import select
import subprocess
import threading
import time

import engines

READY = 'body[data-ready="true"]'
# The same bounds as app_driver's (they only bound a failure): a WebKit click once took
# more than 30 s to draw while the machine also ran a benchmark on both cores.
_SCALE = max(1.0, float(os.environ.get("BROWSER_WAIT_SCALE", "1") or 1))
READY_TIMEOUT_S = int(240 * _SCALE)
STEP_TIMEOUT_S = int(90 * _SCALE)
# Where the page says it is ready, or PyScript shows a Python error.
READY_OR_ERROR = ("document.body && (document.body.dataset.ready === 'true'"
                  " || !!document.querySelector('.py-error'))")
# Two animation frames: a WebKit screenshot can otherwise show the frame before.
TWO_FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(1))))"
# Errors the page throws once it has loaded (WebKitGTK's driver has no console API).
CATCH_ERRORS = """(() => {
  if (window.__errors) return 0;
  window.__errors = [];
  addEventListener('error', e => window.__errors.push('error: ' + e.message));
  addEventListener('unhandledrejection', e => window.__errors.push('rejection: ' + e.reason));
  const error = console.error;
  console.error = (...a) => { window.__errors.push('console: ' + a.join(' ')); error(...a); };
  return 1;
})()"""
# Gives a file to an <input type=file> as if the person had picked it.
GIVE_FILE = """(() => {
  const input = document.querySelector(arg.selector);
  const files = new DataTransfer();
  files.items.add(new File([arg.text], arg.name, {type: 'text/plain'}));
  input.files = files.files;
  input.dispatchEvent(new Event('change', {bubbles: true}));
  return input.files.length;
})()"""


# Which way Tab goes from the focus to the element of id ``arg``: Firefox loses the window's
# focus when Tab leaves the document for the browser's own UI and comes back
# (document.hasFocus() stays false, and Enter or Space on a button then clicks nothing:
# measured on a page of four plain buttons too), so the keyboard walks take the way that
# stays inside the page. True: forward; False: backwards; None: unknown.
TAB_AHEAD = """(() => { const target = document.getElementById(arg), from = document.activeElement;
    if (!target || !from || from === document.body || from === target) return null;
    return Boolean(from.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING); })()"""

class PageDriver:
    """What every engine's page offers the journeys. Subclasses implement the primitives."""

    engine = None

    # --- primitives ----------------------------------------------------------------------
    def goto(self, url): raise NotImplementedError
    def reload(self): raise NotImplementedError
    def evaluate(self, expression, arg=None): raise NotImplementedError
    def click(self, selector, index=0): raise NotImplementedError
    def drag(self, selector, target): raise NotImplementedError
    def fill(self, selector, text): raise NotImplementedError
    def press(self, key): raise NotImplementedError
    def screenshot(self, path): raise NotImplementedError
    def set_viewport(self, width, height): raise NotImplementedError
    def turn(self, width, height): raise NotImplementedError
    def tap_at(self, x, y): raise NotImplementedError
    def close(self): raise NotImplementedError

    # --- built on them -------------------------------------------------------------------
    def wait_for(self, expression, timeout=STEP_TIMEOUT_S, arg=None):
        """Poll ``expression`` until it is truthy; returns its value."""
        end = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression, arg)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: still false after {timeout} s: {expression}")
            time.sleep(0.1)

    def wait_ready(self):
        """Wait for the page's own ready signal; fail with the Python error if one shows."""
        self.wait_for(READY_OR_ERROR, timeout=READY_TIMEOUT_S)
        error = self.evaluate("document.querySelector('.py-error')?.textContent ?? null")
        assert error is None, error
        self.evaluate(CATCH_ERRORS)
        self.evaluate(engines.RECORD_SAVES)

    def open(self, url, prefs=None):
        """Load ``url`` with ``prefs`` (a dict) saved in localStorage first; wait until ready."""
        if prefs is not None:
            # any document of the origin will do: the server's 404 page is the cheapest
            origin = "/".join(url.split("/")[:3])
            self.goto(origin + "/__prefs__")
            self.evaluate("localStorage.setItem('backgammon.prefs', arg)",
                          json.dumps({"schema": 1, "kind": "prefs", "data": prefs}))
        self.goto(url)
        self.wait_ready()
        return self

    def renders(self):
        return int(self.evaluate("Number(document.body.dataset.renders || 0)"))

    def act(self, action):
        """Do ``action()`` and wait until the page has drawn its result."""
        before = self.renders()
        action()
        self.wait_for("Number(document.body.dataset.renders || 0) > arg", arg=before)

    def click_and_render(self, selector, index=0):
        self.act(lambda: self.click(selector, index))

    def press_and_render(self, key):
        self.act(lambda: self.press(key))

    def count(self, selector):
        return self.evaluate("document.querySelectorAll(arg).length", selector)

    def text(self, selector):
        return self.evaluate("document.querySelector(arg).innerText", selector)

    def attribute(self, selector, name):
        return self.evaluate("document.querySelector(arg[0]).getAttribute(arg[1])", [selector, name])

    def enabled(self, button):
        return self.count(f"#{button}:not([disabled]):not([hidden])") == 1

    def focused(self):
        return self.evaluate("""(() => { const e = document.activeElement;
            return e ? (e.dataset && e.dataset.place) || e.id || e.getAttribute('name') || e.tagName : null; })()""")

    def ahead(self, element_id):
        """True when the element ``element_id`` comes after the focus in the document, False
        when before, None when either is missing (the walk's direction: ``TAB_AHEAD``)."""
        return self.evaluate(TAB_AHEAD, element_id)

    def give_file(self, selector, name, text):
        """Pick a file in ``<input type=file>`` (the same in every engine: no file dialog)."""
        self.evaluate(GIVE_FILE, {"selector": selector, "name": name, "text": text})

    def saved_files(self):
        """``[{name, text}]``: every file the page saved since it loaded."""
        return self.evaluate("Promise.all(window.__saved || [])")

    def errors(self):
        """What the page threw or logged as an error since it was ready."""
        return engines.page_errors(self.evaluate("window.__errors || []"))

    def shot(self, path):
        """A screenshot once the last render is on screen."""
        self.evaluate(TWO_FRAMES)
        pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.screenshot(str(path))


class PlaywrightPage(PageDriver):
    """Chromium or Firefox through a Playwright page (one fresh context each); ``touch``: a
    context with a touch screen (``has_touch``), where :meth:`tap_at` taps in Chromium."""

    def __init__(self, browser, width=1280, height=800, locale="en-GB", touch=False):
        self.engine = browser.browser_type.name
        self.touch = touch
        self.context = browser.new_context(viewport={"width": width, "height": height},
                                           locale=locale, reduced_motion="reduce", has_touch=touch)
        self.page = self.context.new_page()
        self.page.set_default_timeout(STEP_TIMEOUT_S * 1000)

    def goto(self, url):
        self.page.goto(url)

    def reload(self):
        self.page.reload()
        self.wait_ready()

    def evaluate(self, expression, arg=None):
        return self.page.evaluate(f"(arg) => ({expression.strip().rstrip(';')})", arg)

    def click(self, selector, index=0):
        self.page.locator(selector).nth(index).click()

    def drag(self, selector, target):
        box = self.page.locator(selector).first.bounding_box()
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.page.mouse.move(box["x"] + 30, box["y"] + 30, steps=4)
        to = self.page.locator(target).first.bounding_box()
        self.page.mouse.move(to["x"] + to["width"] / 2, to["y"] + to["height"] / 2, steps=6)
        self.page.mouse.up()

    def fill(self, selector, text):
        self.page.fill(selector, text)

    def press(self, key):
        self.page.keyboard.press(key)

    def screenshot(self, path):
        self.page.screenshot(path=path)

    def set_viewport(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def turn(self, width, height):
        """The screen turned under the same document: Playwright's viewport is that already."""
        self.set_viewport(width, height)

    def tap_at(self, x, y):
        """A tap at ``(x, y)`` CSS pixels of the viewport: a touch in Chromium with ``touch``,
        a click elsewhere (over BiDi, Playwright's touch screen sends no event in Firefox:
        engines.py)."""
        if self.touch and self.engine == "chromium":
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def close(self):
        self.context.close()


class Display:
    """An Xvfb display for MiniBrowser, which has no headless mode. Stopped by :meth:`stop`."""

    def __init__(self):
        engines.require("webkit")
        # Xvfb takes the first free display number itself and writes it to the pipe once it
        # listens (-displayfd): two pytest workers (make test runs two) never share one.
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [str(engines.XVFB), "-displayfd", str(write), "-screen", "0", "1920x1080x24",
             "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as pipe:
            ready, _, _ = select.select([pipe], [], [], 20)
            number = pipe.readline().strip() if ready else ""
        if not number.isdigit():
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


KEYS = None
#: MiniBrowser's narrowest window (its toolbar's width), measured in WebKitGTK 2.50
NARROWEST = 447
#: a blank page holding one borderless frame of the phone's size; returns the frame
FRAME = """document.body.style.margin = '0';
const frame = document.createElement('iframe');
frame.style.cssText = `border:0;display:block;width:${arguments[0]}px;height:${arguments[1]}px`;
frame.src = arguments[2];
document.body.append(frame);
return frame;"""


def selenium_key(name):
    global KEYS
    from selenium.webdriver.common.keys import Keys
    KEYS = KEYS or {"Enter": Keys.ENTER, "Tab": Keys.TAB, "Escape": Keys.ESCAPE,
                    "ArrowLeft": Keys.ARROW_LEFT, "ArrowRight": Keys.ARROW_RIGHT,
                    "ArrowUp": Keys.ARROW_UP, "ArrowDown": Keys.ARROW_DOWN,
                    "Backspace": Keys.BACKSPACE, "Space": Keys.SPACE, "Shift": Keys.SHIFT,
                    "Home": Keys.HOME, "End": Keys.END}
    return KEYS.get(name, name)


#: a WebKitGTK session usually starts in a few seconds; once (2026-11-29, a suite run)
#: MiniBrowser never came up and the driver never answered: the test waited 20 minutes
WEBKIT_START_TIMEOUT_S = 90


def _start_webkit(options, env, tries=2):
    """A Selenium session of WebKitGTK, tried again when it has not answered in
    :data:`WEBKIT_START_TIMEOUT_S`: its driver is killed, which ends the waiting request."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service
    for _ in range(tries):
        service = Service(executable_path=str(engines.WEBKIT_DRIVER), env=env)
        started = []
        thread = threading.Thread(target=lambda: started.append(_outcome(
            lambda: webdriver.WebKitGTK(options=options, service=service))), daemon=True)
        thread.start()
        thread.join(WEBKIT_START_TIMEOUT_S)
        if started:
            ok, value = started[0]
            if ok:
                return value
            raise value
        if service.process is not None:       # hung: this session's driver only
            service.process.kill()
        thread.join(30)
    raise AssertionError(f"WebKitGTK did not start in {tries} tries of {WEBKIT_START_TIMEOUT_S} s each")


def _outcome(call):
    try:
        return True, call()
    except Exception as error:  # noqa: BLE001 - handed back to the caller's thread
        return False, error


class WebKitPage(PageDriver):
    """WebKitGTK's MiniBrowser through Selenium; a fresh browser (and profile) each."""

    engine = "webkit"

    def __init__(self, display, width=1280, height=800, locale="en-GB", env=None):
        """``env``: more of MiniBrowser's environment (the tests':
        :func:`engines.webkit_test_env`); without it, WebKitGTK as players run it."""
        from selenium.webdriver.webkitgtk.options import Options
        options = Options()
        options.binary_location = str(engines.MINIBROWSER)
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": display.name, "LANGUAGE": locale.replace("-", "_"),
               "LANG": locale.replace("-", "_") + ".UTF-8", **(env or {})}
        self.driver = _start_webkit(options, env)
        self.driver.set_script_timeout(READY_TIMEOUT_S)
        self.driver.set_page_load_timeout(READY_TIMEOUT_S)
        self.framed = None     # (width, height) while the page runs in a phone-sized frame
        self.set_viewport(width, height)

    def goto(self, url):
        if self.framed is None:
            self.driver.get(url)
            return
        iframe = self._out_of_frame()
        self.driver.execute_script("arguments[0].src = arguments[1]", iframe, url)
        self._into_frame(iframe, url)

    def reload(self):
        if self.framed is None:
            self.driver.refresh()
        else:
            url = self.evaluate("(window.__before_reload = 1, location.href)")
            iframe = self._out_of_frame()
            self.driver.execute_script("arguments[0].src = arguments[1]", iframe, url)
            self._into_frame(iframe, url, fresh=True)
        self.wait_ready()

    def evaluate(self, expression, arg=None):
        return self.driver.execute_script(
            f"const arg = arguments[0]; return ({expression.strip().rstrip(';')});", arg)

    def element(self, selector, index=0):
        from selenium.webdriver.common.by import By
        found = self.driver.find_elements(By.CSS_SELECTOR, selector)
        assert len(found) > index, f"no {selector} #{index}"
        return found[index]

    def click(self, selector, index=0):
        """Find, scroll to and click, as Playwright does: an element the page drew again in
        between (a chart redrawn) is found again, up to 5 times."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.action_chains import ActionChains
        for attempt in range(5):
            element = self.element(selector, index)
            try:
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})",
                                           element)
                ActionChains(self.driver).move_to_element(element).click().perform()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def drag(self, selector, target):
        from selenium.webdriver.common.action_chains import ActionChains
        source = self.element(selector)
        chain = ActionChains(self.driver, duration=50)
        chain.move_to_element(source).click_and_hold().move_by_offset(15, 15).move_by_offset(15, 15)
        chain.perform()
        chain = ActionChains(self.driver, duration=50)
        chain.move_to_element(self.element(target)).release().perform()

    def fill(self, selector, text):
        element = self.element(selector)
        element.clear()
        element.send_keys(text)

    def press(self, key):
        from selenium.webdriver.common.action_chains import ActionChains
        *modifiers, last = key.split("+") if key != "+" else ["+"]
        chain = ActionChains(self.driver)
        for modifier in modifiers:
            chain.key_down(selenium_key(modifier))
        chain.send_keys(selenium_key(last))
        for modifier in reversed(modifiers):
            chain.key_up(selenium_key(modifier))
        chain.perform()

    def screenshot(self, path):
        if self.framed is None:
            self.driver.save_screenshot(path)
            return
        iframe = self._out_of_frame()
        iframe.screenshot(path)
        self.driver.switch_to.frame(iframe)

    def set_viewport(self, width, height):
        """A viewport of ``width`` × ``height`` CSS pixels.

        MiniBrowser's window is never narrower than its toolbar, :data:`NARROWEST` px
        (measured: innerWidth 447 after asking for 375, with or without a popup's
        features, and no fullscreen under Xvfb without a window manager). Narrower, the
        page goes on in an ``<iframe>`` of exactly that size (the document, its media
        queries and ``innerWidth`` see the phone's size), in a blank page of the
        narrowest window; the page is loaded again there (localStorage keeps its state).
        """
        framed = width < NARROWEST
        if framed or self.framed is not None:
            url = self.evaluate("location.href")
            ready = self.evaluate("document.body && document.body.dataset.ready === 'true'")
        self._window(max(width, NARROWEST), height)
        if framed:
            self.driver.switch_to.default_content()
            self.driver.get("about:blank")
            iframe = self.driver.execute_script(FRAME, width, height, url)
            self.framed = (width, height)
            self._into_frame(iframe, url)
        elif self.framed is not None:
            self.framed = None
            self.driver.switch_to.default_content()
            self.driver.get(url)
        else:
            return
        if ready:
            self.wait_ready()

    def turn(self, width, height):
        """The screen turned under the same document (no reload, unlike :meth:`set_viewport`):
        the window grows or shrinks and, on a page in a phone-sized frame, the frame takes the
        new size, so the page's media queries change as on a phone turned in the hand."""
        if self.framed is None:
            assert width >= NARROWEST, f"webkit: {width} px is narrower than the window can be"
            self._window(width, height)
            return
        self._window(max(width, NARROWEST), height)
        iframe = self._out_of_frame()
        self.driver.execute_script("arguments[0].style.width = arguments[1] + 'px';"
                                   " arguments[0].style.height = arguments[2] + 'px'",
                                   iframe, width, height)
        self.framed = (width, height)
        self.driver.switch_to.frame(iframe)

    def tap_at(self, x, y):
        """A click at ``(x, y)`` CSS pixels of the viewport (the frame, when framed: it sits
        at the window's top left corner, with no border)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        actions.perform()

    def _window(self, width, height):
        """The window holds MiniBrowser's toolbar too: grow it by the difference."""
        self.driver.switch_to.default_content()
        self.driver.set_window_rect(width=width, height=height)
        for _ in range(10):
            inner = self.driver.execute_script("return [innerWidth, innerHeight]")
            if inner == [width, height]:
                break
            rect = self.driver.get_window_rect()
            grown = (rect["width"] + width - inner[0], rect["height"] + height - inner[1])
            if min(inner) <= 0 or grown[0] < width or grown[1] < height:
                # A window still being mapped (seen once in a full run, under load:
                # the sum came out as an invalid width): ask again a moment later.
                time.sleep(0.2)
                self.driver.set_window_rect(width=width, height=height)
                continue
            self.driver.set_window_rect(width=grown[0], height=grown[1])
        if self.framed is not None:
            self.driver.switch_to.frame(self.driver.find_element("css selector", "iframe"))

    def _out_of_frame(self):
        self.driver.switch_to.default_content()
        return self.driver.find_element("css selector", "iframe")

    def _into_frame(self, iframe, url, fresh=False):
        """Into the frame once it shows ``url``, loaded to the end (``fresh``: a new document,
        not the one marked before a reload)."""
        self.driver.switch_to.frame(iframe)
        test = ("location.href === arg && document.readyState === 'complete'"
                + (" && !window.__before_reload" if fresh else ""))
        end = time.monotonic() + READY_TIMEOUT_S
        while True:
            with contextlib.suppress(Exception):     # asked while the frame navigates
                if self.evaluate(test, url):
                    return
            assert time.monotonic() < end, f"webkit: the frame never showed {url}"
            time.sleep(0.1)

    def close(self):
        with contextlib.suppress(Exception):
            self.driver.quit()
