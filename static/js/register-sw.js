/* Registers the service worker (sw.js, beside index.html): the app offline after one visit.

   A file, not an inline script: the page's Content-Security-Policy allows
   scripts from this origin only. Loaded with `defer`, so <body> exists.

   Everything here waits until the page is idle: Python ready
   (<body data-ready="true">), or 30 s after the start when it never gets
   ready. By then the page has loaded every file it will ever load.
   - The first visit registers only then, so that downloading the whole
     runtime for offline use does not slow down the app's start.
   - A new version is downloaded in the background (sw.js) and then waits.
     An idle page lets it take over (sw.js agrees only when no other tab of
     the app is open): the page keeps running the version it loaded, nothing
     is reloaded under anyone's fingers, and the next start is the new
     version, whole. <html data-update="ready"> and the
     `backgammon:update-ready` event on window say so, and the
     #update-notice (its text translated by main.py like the rest of the
     page) offers a button that reloads into the new version (the match is
     saved after every action, so the reload resumes it where it was) and
     one that puts the notice away.
   Asking earlier, while the page still loads its files through the old
   worker, can leave Chromium's activation parked.
*/
(function () {
  "use strict";
  // "Later" puts the update notice away; the new version starts at the next visit. On a phone
  // the notice floats over the turn's controls (app.css), so it must be possible to close it.
  var later = document.getElementById("update-later");
  if (later) {
    later.addEventListener("click", function () {
      document.getElementById("update-notice").hidden = true;
    });
  }
  if (!("serviceWorker" in navigator)) {
    return;
  }
  var container = navigator.serviceWorker;
  var IDLE_AFTER_MS = 30000;

  function whenIdle(callback) {
    var done = false;
    function once() {
      if (!done) {
        done = true;
        callback();
      }
    }
    if (document.body.dataset.ready === "true") {
      once();
      return;
    }
    new MutationObserver(function (changes, observer) {
      if (document.body.dataset.ready === "true") {
        observer.disconnect();
        once();
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    setTimeout(once, IDLE_AFTER_MS);
  }

  function letWaitingTakeOver(registration) {
    if (registration.waiting && container.controller) {
      registration.waiting.postMessage("skip-waiting");
    }
  }

  function watch(registration) {
    function follow(worker) {
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") {
          letWaitingTakeOver(registration);
        }
      });
    }
    if (registration.installing) {
      follow(registration.installing);
    }
    registration.addEventListener("updatefound", function () {
      if (registration.installing) {
        follow(registration.installing);
      }
    });
  }

  function showUpdateNotice() {
    var notice = document.getElementById("update-notice");
    var button = document.getElementById("update-reload");
    if (!notice || !button) {
      return;
    }
    button.addEventListener("click", function () {
      window.location.reload();
    }, { once: true });
    notice.hidden = false;
  }

  whenIdle(function () {
    var controlled = Boolean(container.controller);
    container.addEventListener("controllerchange", function () {
      // the first visit's page being claimed is not an update
      if (controlled) {
        document.documentElement.dataset.update = "ready";
        window.dispatchEvent(new CustomEvent("backgammon:update-ready"));
        showUpdateNotice();
      }
      controlled = true;
    });
    // Resolved against the page: sw.js beside index.html, at a host's root or under a sub-path.
    container.register("sw.js", { updateViaCache: "none" }).then(function (registration) {
      watch(registration);
      letWaitingTakeOver(registration);
    }).catch(function (error) {
      // the app still works online; only offline use is lost
      console.warn("backgammon: no service worker, no offline use:", error);
    });
  });
})();
