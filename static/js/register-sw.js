/* Registers the service worker (sw.js, beside index.html): the app offline after one visit.

   A file, not an inline script: the page's Content-Security-Policy allows
   scripts from this origin only.

   A new version is downloaded in the background while a page runs and then
   waits (sw.js). A page that finds one waiting while it starts (Python not
   ready yet: no <body data-ready>) lets it take over and reloads once, before
   anyone can play: a page never runs on a mix of two versions. A page already
   in use is never reloaded: it goes on with its version, and
   <html data-update="ready"> and the `backgammon:update-ready` event on
   window say that the next start will bring the new one.
*/
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) {
    return;
  }
  var container = navigator.serviceWorker;
  var reloading = false;

  function takeOver(worker) {
    container.addEventListener("controllerchange", function () {
      if (!reloading) {
        reloading = true;
        window.location.reload();
      }
    });
    worker.postMessage("skip-waiting");
  }

  function announce() {
    document.documentElement.dataset.update = "ready";
    window.dispatchEvent(new CustomEvent("backgammon:update-ready"));
  }

  function starting() {
    return !(document.body && document.body.dataset.ready === "true");
  }

  function watch(registration) {
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) {
        return;
      }
      worker.addEventListener("statechange", function () {
        // with no controller this is the first install, not an update
        if (worker.state === "installed" && container.controller) {
          announce();
        }
      });
    });
  }

  // Resolved against the page: sw.js beside index.html, at a host's root or under a sub-path.
  container.register("sw.js", { updateViaCache: "none" }).then(function (registration) {
    if (registration.waiting && container.controller) {
      if (starting()) {
        takeOver(registration.waiting);
      } else {
        announce();
      }
    }
    watch(registration);
  }).catch(function (error) {
    // the app still works online; only offline use is lost
    console.warn("backgammon: no service worker, no offline use:", error);
  });
})();
