/* The board at once, before Python: the last drawing, or the one drawn at build time.

   A classic script right after <main> and the #predrawn data block: it runs while
   the page is parsed, before its first paint, and only puts drawings in place; it
   never draws a board itself (the app's own renderer drew them all, in Python).

   1. The board's shape: upright on a phone held upright, flat and compact on a
      phone held sideways (the same media queries as the app, game/web/page.py), as
      the classes "upright" and "compact" of <body>, which the CSS lays out.
   2. What to show, the first that fits:
      - the copy of the last drawing the app kept at its last save
        (localStorage "backgammon.shown", written by the web glue): shown only when
        it was drawn by this very build (static/vendor/build.js), for this page's
        address, on a board of this shape, and when the match saved now is the one
        it drew (the key the store's root names, and the CRC-32 of its text);
      - with no saved match at all: the first visit's drawing in the page's
        language and shape (tools/predraw.py; English on a flat board is in the
        HTML itself);
      - a saved match but no copy that fits (a new version of the app, a board
        turned, a lesson open at the last save): the board's place is kept, empty,
        and filled once Python has drawn it (no stale or foreign drawing, ever).
   3. Until Python is ready (<body data-ready="true">), the page is inert and says
      so: <body class="booting">, and a click on the board, a button or a field is
      ignored, visibly: the progress line says the game is still loading (it is not
      replayed: a click on a drawing made before the dice rolled could mean
      something else by the time it ran). The progress line says which step is
      running (static/js/pyodide-start.mjs and main.py announce them with the
      "backgammon:boot" event).
   Python then draws the same thing in place (no shift) and takes over.
*/
(function () {
  "use strict";
  var body = document.body;
  var root = document.documentElement;
  var language = root.dataset.bootLanguage === "fr" ? "fr" : "en";
  var upright = window.matchMedia("(orientation: portrait) and (max-width: 30rem)").matches;
  var sideways = window.matchMedia("(orientation: landscape) and (max-height: 30rem)").matches;
  var shape = upright ? "upright" : sideways ? "compact" : "flat";
  body.classList.toggle("upright", upright);
  body.classList.toggle("compact", sideways);

  var byId = function (id) { return document.getElementById(id); };

  function applyButtons(buttons) {
    for (var name in buttons) {
      var button = Object.prototype.hasOwnProperty.call(buttons, name) && byId(name);
      if (button) {
        button.hidden = !buttons[name][0];
        button.disabled = !buttons[name][1];
      }
    }
  }

  function apply(drawing) {
    byId("board").innerHTML = drawing.board;
    byId("player-top").innerHTML = drawing.top;
    byId("player-bottom").innerHTML = drawing.bottom;
    byId("player-top").classList.toggle("on-roll", !!drawing.top_on_roll);
    byId("player-bottom").classList.toggle("on-roll", !!drawing.bottom_on_roll);
    var message = byId("message");
    message.textContent = drawing.message;
    message.classList.toggle("warn", !!drawing.warn);
    byId("match-info").textContent = drawing.info;
    byId("position-id").textContent = drawing.position_id || "";
    byId("match-id").textContent = drawing.match_id || "";
    applyButtons(drawing.buttons || {});
  }

  // The CRC-32 of a text's UTF-8 bytes (zlib's, which the glue computes in Python).
  var table = null;
  function crc32(text) {
    if (!table) {
      table = [];
      for (var n = 0; n < 256; n++) {
        var c = n;
        for (var k = 0; k < 8; k++) {
          c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        }
        table[n] = c >>> 0;
      }
    }
    var bytes = new TextEncoder().encode(text);
    var crc = 0xffffffff;
    for (var i = 0; i < bytes.length; i++) {
      crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
    }
    return (crc ^ 0xffffffff) >>> 0;
  }

  // "current": the key of the saved match (null: none saved), "copy": the last drawing
  // when it fits this page exactly, else null.
  function saved() {
    var found = { current: null, copy: null };
    try {
      var pointer = JSON.parse(localStorage.getItem("backgammon.root") || "null");
      found.current = (pointer && pointer.data && pointer.data.current) || null;
      if (!found.current && localStorage.getItem("backgammon.current") !== null) {
        found.current = "backgammon.current";       // the first storage format
      }
      var copy = JSON.parse(localStorage.getItem("backgammon.shown") || "null");
      var text = found.current && localStorage.getItem(found.current);
      if (copy && text !== null && copy.build === window.BACKGAMMON_BUILD &&
          copy.path === location.pathname && copy.shape === shape && copy.language === language &&
          copy.key === found.current && copy.crc === crc32(text) && copy.drawing) {
        found.copy = copy.drawing;
      }
    } catch (ignored) {
      // storage off, or a copy that does not parse: nothing of it is shown
    }
    return found;
  }

  var shown = "predrawn";
  // a link opens its own match (or position, or lesson): what it shows waits for Python
  var link = /[?&](?:position|match|mode|length|level|seed|lesson|xgid)=/i.test(location.search);
  var state = saved();
  if (link) {
    shown = "none";
  } else if (state.copy) {
    apply(state.copy);
    shown = "saved";
  } else if (state.current) {
    shown = "none";
  } else {
    var data = null;
    try {
      data = JSON.parse(byId("predrawn").textContent);
    } catch (ignored) {
      data = null;
    }
    var name = language + "-" + shape;
    if (data && name !== data["default"] && data.drawings[name]) {
      apply(data.drawings[name]);
    } else if (data) {
      applyButtons(data.default_buttons || {});   // the rest of it is in the HTML already
    }
  }
  body.dataset.drawing = shown;
  body.classList.add("drawn");      // app.css shows the page from now on
  if (shown === "none") {
    byId("table").classList.add("waiting");
  }

  // --- inert until Python is ready, and saying what is loading ------------------------------
  var progress = byId("boot-progress");
  var steps = { runtime: "boot.step_runtime", python: "boot.step_python", game: "boot.step_game" };
  function say(key) {
    var texts = window.BACKGAMMON_TEXTS && window.BACKGAMMON_TEXTS[language];
    if (progress && texts && texts[key]) {
      progress.querySelector(".text").textContent = texts[key];
    }
  }
  var step = "runtime";
  var nudging = false;      // "not yet" is shown: a new step waits until it is read (hold)
  function sayStep() {
    if (!nudging) {
      say(steps[step]);
    }
  }
  window.addEventListener("backgammon:boot", function (event) {
    if (steps[event.detail]) {
      step = event.detail;
      sayStep();
    }
  });
  // the runtime's big files downloaded: Python is being compiled and started
  var waiting = { "pyodide.asm.wasm": true, "python_stdlib.zip": true };   // (ours: static/vendor/stdlib/)
  if (window.PerformanceObserver) {
    try {
      new PerformanceObserver(function (list, observer) {
        list.getEntries().forEach(function (entry) {
          delete waiting[entry.name.split("/").pop()];
        });
        if (!Object.keys(waiting).length) {
          observer.disconnect();
          if (step === "runtime") {
            step = "python";
            sayStep();
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (ignored) {
      // no resource timing: the line goes from downloading to the game directly
    }
  }
  // A click made while the page was busy starting Python reaches the page only when the
  // engine is free again, which can be after Python is ready: what counts is when it was
  // made (the event's timeStamp), so that every click made before then is ignored alike.
  var readyAt = Infinity;
  function hold(event) {
    var early = body.classList.contains("booting") || event.timeStamp < readyAt;
    var target = event.target;
    if (!early || !(target && target.closest && target.closest("#app, #topbar"))) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (progress) {
      progress.hidden = false;
      progress.classList.remove("nudge");
      void progress.offsetWidth;         // restart the animation
      progress.classList.add("nudge");
      say("boot.wait");
      nudging = true;
      window.clearTimeout(hold.timer);
      hold.timer = window.setTimeout(function () {
        nudging = false;
        say(steps[step]);
        progress.hidden = readyAt !== Infinity;
      }, 2500);
    }
  }
  document.addEventListener("click", hold, true);
  document.addEventListener("submit", hold, true);

  function ready() {
    if (body.dataset.ready !== "true") {
      return false;
    }
    readyAt = performance.now();
    body.classList.remove("booting");
    byId("app").removeAttribute("aria-busy");
    byId("table").classList.remove("waiting");
    if (progress) {
      progress.hidden = true;
    }
    // late clicks made before this moment arrive within a few frames at most
    window.setTimeout(function () {
      document.removeEventListener("click", hold, true);
      document.removeEventListener("submit", hold, true);
    }, 10000);
    performance.mark("backgammon:playable");
    return true;
  }
  body.classList.add("booting");
  byId("app").setAttribute("aria-busy", "true");       // assistive technologies: not yet
  performance.mark("backgammon:board");
  if (!ready()) {
    new MutationObserver(function (records, observer) {
      if (ready()) {
        observer.disconnect();
      }
    }).observe(body, { attributes: true, attributeFilter: ["data-ready"] });
  }
}());
