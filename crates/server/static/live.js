// Keeps a page up to date: the lobby (GET /lobby/live answers {"signature"}) and the event
// pages (GET /events/{id}/live answers {"version"}), named by the notice's data-src, the
// page's own value in data-since. Every few seconds while the page is shown, it asks; when
// the answer differs, the page reloads itself, unless the visitor is filling in a form:
// then the notice offers the reload, so nothing typed is lost.
(function () {
  'use strict';
  var notice = document.getElementById('live');
  if (!notice || !window.fetch) {
    return;
  }
  var src = notice.getAttribute('data-src');
  var since = notice.getAttribute('data-since');
  var typed = false;
  document.addEventListener('input', function () {
    typed = true;
  });
  function changed() {
    var active = document.activeElement;
    var editing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
    if (!typed && !editing) {
      window.location.reload();
      return true;
    }
    notice.hidden = false;
    return true;
  }
  var timer = setInterval(function () {
    if (document.hidden) {
      return;
    }
    fetch(src, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (j) {
        if (!j) return;
        var now = String(j.version !== undefined ? j.version : j.signature);
        if (now !== since && changed()) {
          clearInterval(timer);
        }
      })
      .catch(function () {});
  }, 5000);
})();
