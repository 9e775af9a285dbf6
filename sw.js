/* The service worker: the app works offline after one visit.

   static/js/register-sw.js registers it; its scope is the folder it is in, so
   the site works the same at the root of a host or under a sub-path.

   - Install: every file static/vendor/precache.js names (tools/precache.py
     writes it; `make vendor` and `make dist` run that) is downloaded, checked
     against its SHA-256, and only then put in one cache named after the
     version. A file that does not match (the site is half-way through an
     upload) fails the install: the running version stays, and the browser
     tries again at a later visit.
   - Fetch: a file of the list is answered from the cache (cache first, online
     or not); a visit to the folder itself, with any query, gets index.html.
     Anything else goes to the network as if there were no service worker.
   - Update: a new precache.js is a new worker (the browser compares sw.js and
     the scripts it imports byte for byte). It installs beside the running one
     and waits until a page that has finished loading asks it to take over
     (register-sw.js), or until no page of the app is open. On activation the
     older caches of this scope are deleted: one version at a time. A page
     never loads from two versions: it loads everything at its start, and the
     switch happens only when it is done.
*/
"use strict";

importScripts("static/vendor/precache.js");

const VERSION = self.PRECACHE.version;
const FILES = self.PRECACHE.files;
const SCOPE = self.registration.scope;
const SCOPE_PATH = new URL(SCOPE).pathname;
// Caches are per origin: the scope in the name keeps two copies of the app
// (two sub-paths of one host) from deleting each other's caches.
const PREFIX = `backgammon:${SCOPE_PATH}:`;
const CACHE = PREFIX + VERSION;
const INDEX = "index.html";

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function download(path, sha256) {
  // "no-cache": revalidate what the browser holds (a 304 costs nothing); then, should the
  // bytes still not match (a validator that missed a change), "reload": a fresh download
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(new URL(path, SCOPE), { cache: mode, credentials: "same-origin" });
    if (!response.ok) {
      throw new Error(`${path}: HTTP ${response.status}`);
    }
    const body = await response.arrayBuffer();
    if (hex(await crypto.subtle.digest("SHA-256", body)) !== sha256) {
      continue;
    }
    // A fresh response: a redirected one (hosts that send /index.html to /)
    // cannot answer a navigation, and the body is already decoded.
    const headers = new Headers(response.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    return new Response(body, { status: 200, statusText: "OK", headers });
  }
  throw new Error(`${path} is not the file of version ${VERSION}: the site is being updated?`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const entries = Object.entries(FILES);
    const responses = await Promise.all(entries.map(([path, sha256]) => download(path, sha256)));
    // all or nothing: written only once every file is known to be this version's
    const cache = await caches.open(CACHE);
    await Promise.all(entries.map(([path], i) => cache.put(new URL(path, SCOPE).href, responses[i])));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) {
        await caches.delete(name);
      }
    }
    // the first visit's page is served by this worker from now on
    await self.clients.claim();
  })());
});

// register-sw.js asks once its page has loaded everything it needs. With another tab
// of the app open, possibly still loading, the new version waits until they are closed.
self.addEventListener("message", (event) => {
  if (event.data !== "skip-waiting") {
    return;
  }
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (windows.filter((client) => client.url.startsWith(SCOPE)).length <= 1) {
      await self.skipWaiting();
    }
  })());
});

function cachedPath(request) {
  if (request.method !== "GET") {
    return null;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) {
    return null;
  }
  const path = url.pathname.slice(SCOPE_PATH.length);
  if (path === "" && request.mode === "navigate") {
    return INDEX;
  }
  return Object.prototype.hasOwnProperty.call(FILES, path) ? path : null;
}

async function answer(path, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(new URL(path, SCOPE).href);
  // a miss (storage cleared under us): the network, as without a service worker
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const path = cachedPath(event.request);
  if (path !== null) {
    event.respondWith(answer(path, event.request));
  }
});
