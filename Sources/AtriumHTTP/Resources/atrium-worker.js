// Atrium's service worker: the pages as an installable web app that keeps working without a
// connection. Served at /worker.js with the build's id in place of __ATRIUM_BUILD__, so a new build
// is a new worker (and the old one's caches go).
//
// - A page visited is kept (one copy per address) for whoever the host said it was for: the
//   Atrium-Account header names a signed-in person's account by a tag (no secret: the session
//   cookie is HttpOnly and stays unread); a visitor's pages are kept as "visitor". Offline, a kept
//   page is shown only to the one it was kept for, marked as a kept copy with its time.
// - A form posted offline is kept (with the key the page's script gave it) and sent once when the
//   connection returns: at Background Sync where the browser has it, else when a page loads. At
//   most 100 wait; one older than 23 hours is not sent; one the host answers 409 (what it was made
//   on changed since) is not done, and the page says so.
// - Signing out and an ended session answer Clear-Site-Data: the browser deletes every copy, what
//   waits, and this worker.
"use strict";

const BUILD = "__ATRIUM_BUILD__";
const SHELL = "atrium-shell-" + BUILD;
const PAGES = "atrium-pages";
const OWNER = "/__atrium/owner";
const DATABASE = "atrium";
const WAITING = "waiting";
// As the client kit: at most so many forms wait, and one older than the host keeps keys for (a day,
// less an hour of leeway) is not sent (the host could no longer tell whether it was done).
const WAITING_LIMIT = 100;
const WAITING_LIFETIME = 23 * 3600 * 1000;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) { return cache.addAll(["/assets/atrium.css", "/assets/atrium.js"]); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.startsWith("atrium-shell-") && name !== SHELL; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// Whom the pages shown last were for.
async function owner() {
  const cache = await caches.open(PAGES);
  const kept = await cache.match(OWNER);
  return kept ? kept.text() : null;
}

async function setOwner(tag) {
  const cache = await caches.open(PAGES);
  await cache.put(OWNER, new Response(tag));
}

function escaped(text) {
  return String(text).replace(/[&<>"']/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]; });
}

// A kept page, marked as such: the note goes first in the page's main content.
async function keptPage(kept, note) {
  const html = await kept.text();
  const time = new Date(Number(kept.headers.get("X-Atrium-Kept-At") || Date.now())).toLocaleString();
  const line = '<p class="message info" role="status" data-offline>' + escaped(note.replace("{time}", time)) + "</p>";
  const marked = html.replace(/(<main\b[^>]*>)/, "$1" + line);
  return new Response(marked, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

function plainPage(title, note) {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + escaped(title) + ' · Atrium</title><link rel="stylesheet" href="/assets/atrium.css"></head><body><main id="main"><h1>' +
    escaped(title) + '</h1><p class="message info" role="status" data-offline>' + escaped(note) + '</p><p><a href="/">Home</a></p></main></body></html>';
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

async function keep(request, response) {
  const tag = response.headers.get("Atrium-Account") || "visitor";
  const headers = new Headers(response.headers);
  headers.set("X-Atrium-Kept-At", String(Date.now()));
  headers.set("X-Atrium-Kept-For", tag);
  const copy = new Response(await response.arrayBuffer(), { status: 200, headers: headers });
  const cache = await caches.open(PAGES);
  await cache.put(request.url, copy);
  await setOwner(tag);
}

// The copy of `url` kept for whoever used this browser last, if any.
async function keptFor(url) {
  const cache = await caches.open(PAGES);
  const kept = await cache.match(url);
  if (!kept) return null;
  const last = await owner();
  return kept.headers.get("X-Atrium-Kept-For") === last ? kept : null;
}

async function page(event) {
  const request = event.request;
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && (response.headers.get("Content-Type") || "").startsWith("text/html")) {
      // Kept beside the answer, not before it: the page does not wait for the copy.
      event.waitUntil(keep(request, response.clone()));
    }
    return response;
  } catch (error) {
    const kept = await keptFor(request.url);
    if (kept) return keptPage(kept, "You are offline: this is the page as it was at {time}.");
    return plainPage("Offline", "You are offline, and this page was not kept on this device. It will load when the connection is back.");
  }
}

// What waits: forms posted offline, oldest first, in IndexedDB.
function database() {
  return new Promise(function (resolve, reject) {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = function () { opening.result.createObjectStore(WAITING, { keyPath: "number", autoIncrement: true }); };
    opening.onsuccess = function () { resolve(opening.result); };
    opening.onerror = function () { reject(opening.error); };
  });
}

async function waiting(mode, work) {
  const db = await database();
  return new Promise(function (resolve, reject) {
    const transaction = db.transaction(WAITING, mode);
    const result = work(transaction.objectStore(WAITING));
    transaction.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
    transaction.onerror = function () { reject(transaction.error); };
  });
}

async function post(request) {
  const body = await request.clone().text();
  try {
    return await fetch(request);
  } catch (error) {
    const tag = await owner();
    if (await waiting("readonly", function (store) { return store.count(); }) >= WAITING_LIMIT) {
      return plainPage("Not saved", "You are offline, and " + WAITING_LIMIT + " forms already wait to be sent: this one was not saved. Try again when the connection is back.");
    }
    await waiting("readwrite", function (store) {
      return store.add({ url: request.url, body: body, contentType: request.headers.get("Content-Type") || "application/x-www-form-urlencoded", madeAt: Date.now(), owner: tag });
    });
    if (self.registration.sync) {
      try { await self.registration.sync.register("atrium-waiting"); } catch (ignored) { /* sent at the next page load */ }
    }
    const count = await waiting("readonly", function (store) { return store.count(); });
    const note = "You are offline: this was saved on this device and will be sent once when the connection is back (" + count + " waiting).";
    const kept = request.referrer ? await keptFor(request.referrer) : null;
    return kept ? keptPage(kept, note) : plainPage("Saved", note);
  }
}

let sending = null;

// Sends what waits, oldest first; stops (keeping the rest) at the first that cannot be delivered or
// that the host asks to be sent later. Each carries the key its form was given, so a form sent
// twice (its answer lost) is done once.
async function sendWaiting() {
  if (sending) return sending;
  sending = (async function () {
    const all = await waiting("readonly", function (store) { return store.getAll(); });
    let sent = 0, changed = 0, expired = 0;
    const tag = await owner();
    for (const item of all) {
      const tooOld = Date.now() - item.madeAt > WAITING_LIFETIME;
      if (item.owner !== tag || tooOld) {
        await waiting("readwrite", function (store) { return store.delete(item.number); });
        if (item.owner === tag) expired += 1;
        continue;
      }
      let response;
      try {
        response = await fetch(item.url, { method: "POST", body: item.body, headers: { "Content-Type": item.contentType }, credentials: "same-origin", redirect: "manual" });
      } catch (error) {
        break;
      }
      // A 409 that asks to wait is the first send of the same form still being done; one that
      // does not says what the form was made on changed since: nothing was done.
      const busy = response.status === 409 && response.headers.has("Retry-After");
      if (busy || response.status === 429 || response.status >= 500) break;
      await waiting("readwrite", function (store) { return store.delete(item.number); });
      if (response.status === 409) changed += 1; else sent += 1;
    }
    const left = await waiting("readonly", function (store) { return store.count(); });
    const clients = await self.clients.matchAll({ type: "window" });
    const report = { type: "atrium-waiting", sent: sent, changed: changed, expired: expired, left: left };
    for (const client of clients) client.postMessage(report);
    return report;
  })();
  try { return await sending; } finally { sending = null; }
}

self.addEventListener("sync", function (event) {
  if (event.tag === "atrium-waiting") event.waitUntil(sendWaiting());
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "atrium-send-waiting") event.waitUntil(sendWaiting());
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && request.method === "GET") {
    event.respondWith(page(event));
  } else if (request.mode === "navigate" && request.method === "POST") {
    event.respondWith(post(request));
  } else if (request.method === "GET" && (url.pathname === "/assets/atrium.css" || url.pathname === "/assets/atrium.js")) {
    event.respondWith(fetch(request).catch(function () { return caches.match(request, { cacheName: SHELL }); }));
  }
});
