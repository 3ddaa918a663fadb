// The board tablet's service worker (served as /tablet-sw.js, scope /events/): keeps the
// tablet pages and the assets they use, so that a tablet whose network is gone can load
// its board again. It answers from the network when it can and from its cache when it
// cannot; the board's log itself is never cached here (static/tablet.js keeps the lines
// not yet sent in the device's storage and sends them when the network is back).
'use strict';
var CACHE = 'shatar-tablet-1';
var ASSETS = [
  '/static/style.css',
  '/static/board.js',
  '/static/tablet.js',
  '/static/pieces-shatar.svg',
  '/static/pieces-chess.svg',
  '/static/favicon.svg'
];
var TABLET = /^\/events\/[^/]+\/rounds\/\d+\/boards\/\d+\/tablet$/;

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (event) {
  var req = event.request;
  var url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!TABLET.test(url.pathname) && ASSETS.indexOf(url.pathname) < 0) return;
  event.respondWith(fetch(req).then(function (res) {
    if (res.ok) {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { return c.put(req, copy); });
    }
    return res;
  }).catch(function () {
    return caches.match(req).then(function (hit) { return hit || Response.error(); });
  }));
});
