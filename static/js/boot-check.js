/* A clear word when the app cannot start, before Python runs and in its stead.

   The app is Python (PyScript and Pyodide). When the runtime cannot load or
   start, PyScript alone leaves "Loading…" on screen for ever. This script
   watches the start and, where it fails, fills #boot-error (role="alert") in
   the browser's language (the saved choice, a ?lang= link, else the browser's
   own list; fr or en): what failed, in plain words, and what to do.

   What counts as a failed start, until <body data-ready="true">:
   - no WebAssembly (an old engine, or turned off): said at once;
   - a script of the page, or a file the runtime fetches, that did not load
     (a file missing from the host);
   - Python stopping with an error (PyScript's .py-error box, or an uncaught
     PythonError);
   - any other error or rejected promise before the page is ready, when the
     page is still not ready GRACE_MS later (10 s; data-grace-ms sets it; an
     engine too old to compile the runtime's modules ends here);
   - no ready page after the time limit (60 s; data-timeout-ms on this script
     sets it): a start that hangs. This one is taken back if the page gets
     ready after all.

   A classic script in <head>, before the runtime's module script, so that its
   listeners are in place before anything can fail. The texts live here, not
   in the translations Python reads: they must be shown when Python cannot be.
*/
(function () {
  "use strict";
  var script = document.currentScript;
  var TIMEOUT_MS = Number(script && script.dataset.timeoutMs) || 60000;
  var GRACE_MS = Number(script && script.dataset.graceMs) || 10000;   // data-grace-ms: the tests' shorter wait
  var BROWSERS = {
    en: "The app works in an up-to-date Firefox, Chrome, Edge or Safari (on an iPhone or iPad: any browser, once iOS is up to date).",
    fr: "L’application fonctionne dans un Firefox, Chrome, Edge ou Safari à jour (sur iPhone ou iPad : n’importe quel navigateur, une fois iOS à jour)."
  };
  var TEXTS = {
    en: {
      title: "The app could not start.",
      wasm: "This browser cannot run WebAssembly, or it has been turned off. The app needs it to run.",
      file: "A file the app needs did not load: {detail}. Reload the page. If this comes back, the site is missing files: tell whoever hosts it.",
      python: "The app stopped with an error while starting: {detail}",
      engine: "This browser could not start the app’s runtime: {detail}",
      timeout: "The app has still not started after {seconds} seconds. Reload the page; a slow or interrupted download can cause this.",
      todo: BROWSERS.en
    },
    fr: {
      title: "L’application n’a pas pu démarrer.",
      wasm: "Ce navigateur ne sait pas exécuter WebAssembly, ou il a été désactivé. L’application en a besoin pour fonctionner.",
      file: "Un fichier nécessaire à l’application ne s’est pas chargé : {detail}. Rechargez la page. Si cela revient, il manque des fichiers sur le site : prévenez la personne qui l’héberge.",
      python: "L’application s’est arrêtée sur une erreur au démarrage : {detail}",
      engine: "Ce navigateur n’a pas pu démarrer le moteur de l’application : {detail}",
      timeout: "L’application n’a toujours pas démarré après {seconds} secondes. Rechargez la page ; un téléchargement lent ou interrompu peut en être la cause.",
      todo: BROWSERS.fr
    }
  };

  function baseLanguage(tag) {
    var base = String(tag || "").toLowerCase().split(/[-_]/)[0];
    return TEXTS[base] ? base : null;
  }

  // The same order as the app (game/app/text/i18n.py pick_language): a link's ?lang=,
  // the saved choice, the browser's languages, English.
  function language() {
    var match = /[?&]lang=([a-zA-Z]{2})/.exec(location.search);
    var found = match && baseLanguage(match[1]);
    if (found) {
      return found;
    }
    try {
      var saved = JSON.parse(localStorage.getItem("backgammon.prefs") || "null");
      found = saved && saved.data && baseLanguage(saved.data.language);
      if (found) {
        return found;
      }
    } catch (ignored) {
      // storage off or unreadable: the browser's languages decide
    }
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      found = baseLanguage(tags[i]);
      if (found) {
        return found;
      }
    }
    return "en";
  }

  // static/js/boot-texts.js puts the page's texts in this language before Python runs
  document.documentElement.dataset.bootLanguage = language();

  function isReady() {
    return !!document.body && document.body.dataset.ready === "true";
  }

  var shown = null;

  function show(kind, detail) {
    if (shown || isReady()) {
      return;
    }
    shown = kind;
    var lang = language();
    var text = TEXTS[lang];
    var what = text[kind]
      .replace("{detail}", detail || "?")
      .replace("{seconds}", String(Math.round(TIMEOUT_MS / 1000)));
    function fill() {
      var box = document.getElementById("boot-error");
      if (!box) {
        return;
      }
      box.lang = lang;
      document.getElementById("boot-error-title").textContent = text.title;
      document.getElementById("boot-error-what").textContent = what;
      document.getElementById("boot-error-todo").textContent = text.todo;
      box.dataset.kind = kind;
      box.hidden = false;
      var loading = document.getElementById("message");
      if (loading) {
        loading.hidden = true;
      }
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fill);
    } else {
      fill();
    }
  }

  function takeBack() {
    // only a time-out is taken back: the page got ready after all
    var box = document.getElementById("boot-error");
    if (shown === "timeout" && box) {
      box.hidden = true;
      shown = null;
    }
  }

  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    show("wasm");
    return;
  }

  function describe(value) {
    if (value && value.message) {
      return String(value.message).split("\n")[0];
    }
    return String(value).split("\n")[0];
  }

  var suspect = null;
  function suspectFailure(kind, detail) {
    if (suspect || isReady()) {
      return;
    }
    suspect = setTimeout(function () {
      if (!isReady()) {
        show(kind, detail);
      }
    }, GRACE_MS);
  }

  // Capture: a script that failed to load fires "error" on its element, which
  // does not bubble to window.
  window.addEventListener("error", function (event) {
    if (isReady()) {
      return;
    }
    var target = event.target;
    if (target && target !== window && target.tagName === "SCRIPT") {
      show("file", target.getAttribute("src") || "?");
    } else if (event.message && event.message.indexOf("PythonError") >= 0) {
      show("python", event.message.replace(/^Uncaught PythonError:\s*/, ""));
    } else if (target === window || !target || !target.tagName) {
      suspectFailure("engine", describe(event.error || event.message));
    }
  }, true);

  // The runtime fetches its own files (the wasm, the standard library, the
  // app's Python): a file missing from the host is an answer that is not ok,
  // which Pyodide only logs before it stops. The page asks for no file that may
  // be missing (tests/browser/test_smoke.py checks every answer is ok).
  var originalFetch = window.fetch;
  if (typeof originalFetch === "function") {
    window.fetch = function (resource) {
      var answer = originalFetch.apply(this, arguments);
      if (isReady()) {
        return answer;
      }
      var url = String(resource && resource.url ? resource.url : resource);
      return answer.then(function (response) {
        if (!response.ok && !isReady()) {
          show("file", url.replace(location.origin + "/", "") + " (" + response.status + ")");
        }
        return response;
      }, function (error) {
        suspectFailure("file", url.replace(location.origin + "/", "") + " (" + describe(error) + ")");
        throw error;
      });
    };
  }

  window.addEventListener("unhandledrejection", function (event) {
    if (!isReady()) {
      suspectFailure("engine", describe(event.reason));
    }
  });

  function lastLine(text) {
    var lines = String(text || "").trim().split("\n");
    return lines[lines.length - 1] || "?";
  }

  function watchBody() {
    // PyScript writes a .py-error box in <body> when Python stops with an error
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var added = records[i].addedNodes;
        for (var j = 0; j < added.length; j++) {
          var node = added[j];
          if (node.classList && node.classList.contains("py-error")) {
            show("python", lastLine(node.textContent));
          }
        }
      }
    }).observe(document.body, {childList: true});
    new MutationObserver(function () {
      if (isReady()) {
        takeBack();
      }
    }).observe(document.body, {attributes: true, attributeFilter: ["data-ready"]});
  }
  if (document.body) {
    watchBody();
  } else {
    document.addEventListener("DOMContentLoaded", watchBody);
  }

  setTimeout(function () {
    if (!isReady()) {
      show("timeout");
    }
  }, TIMEOUT_MS);
}());
