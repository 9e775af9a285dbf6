/* The page's texts in the browser's language at once, before Python runs.

   index.html is written in English; Python translates it once it has started,
   which takes seconds on a first visit. static/vendor/texts.js (written by
   tools/static_texts.py from the same translations Python uses) holds the
   texts of every element marked data-i18n, data-i18n-aria or data-i18n-title;
   this script puts those of the language static/js/boot-check.js chose
   (<html data-boot-language>) in place, with the title, the <html lang> and,
   in French, the French web app manifest. English needs nothing: the page is
   written in it. Python does the same again when it starts; nothing differs.
   Loaded at the end of <body>, before the first paint: every element is there, Python
   has not started.
*/
(function () {
  "use strict";
  var language = document.documentElement.dataset.bootLanguage;
  var table = window.BACKGAMMON_TEXTS && window.BACKGAMMON_TEXTS[language];
  if (!table || language === "en" || document.body.dataset.ready === "true") {
    return;
  }
  function text(key) {
    return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : null;
  }
  function each(selector, apply) {
    var found = document.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) {
      apply(found[i]);
    }
  }
  each("[data-i18n]", function (element) {
    var value = text(element.dataset.i18n);
    if (value !== null) {
      element.textContent = value;
    }
  });
  each("[data-i18n-aria]", function (element) {
    var value = text(element.dataset.i18nAria);
    if (value !== null) {
      element.setAttribute("aria-label", value);
    }
  });
  each("[data-i18n-title]", function (element) {
    var value = text(element.dataset.i18nTitle);
    if (value !== null) {
      element.setAttribute("title", value);
    }
  });
  document.documentElement.lang = language;
  if (text("app.title") !== null) {
    document.title = text("app.title");
  }
  var choice = document.getElementById("lang");
  if (choice) {
    choice.value = language;
  }
  var manifest = document.querySelector('link[rel="manifest"]');
  if (manifest && language === "fr") {
    manifest.setAttribute("href", "static/manifest.fr.webmanifest");
  }
}());
