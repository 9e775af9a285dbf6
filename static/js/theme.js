/* Light or dark, before the first paint: <html data-theme="light" | "dark">.

   The player's choice (the prefs' "theme": "light" or "dark") wins; without
   one ("auto", or nothing saved) the system's prefers-color-scheme decides,
   and a change of the system's setting is followed at once. The colours of
   each theme are in static/css/app.css (:root and :root[data-theme="dark"]).
   A classic script in <head>: it runs before the page is drawn, so a dark
   page never flashes light. Python changes the attribute when the player
   picks a theme in Settings.
*/
(function () {
  "use strict";
  var root = document.documentElement;
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function chosen() {
    try {
      var saved = JSON.parse(localStorage.getItem("backgammon.prefs") || "null");
      var theme = saved && saved.data && saved.data.theme;
      return theme === "light" || theme === "dark" ? theme : null;
    } catch (ignored) {
      return null;          // storage off or unreadable: the system decides
    }
  }

  function apply() {
    root.dataset.theme = chosen() || (system && system.matches ? "dark" : "light");
  }

  apply();
  // main.py calls this when the player picks a theme in Settings
  window.backgammonTheme = {apply: apply};
  if (system) {
    var follow = function () {
      if (!chosen()) {
        apply();
      }
    };
    if (system.addEventListener) {
      system.addEventListener("change", follow);
    } else if (system.addListener) {
      system.addListener(follow);       // Safari before 14
    }
  }
}());
