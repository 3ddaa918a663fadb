// Keeps a page up to date: the lobby (its stream: GET /lobby/live) and the event pages
// (GET /events/{id}/live), named by the notice's data-src. When what the page shows
// changes, it reloads itself, unless the visitor is filling in a form: then the notice
// offers the reload, so nothing typed is lost.
(function () {
  'use strict';
  var notice = document.getElementById('live');
  if (!notice || !window.EventSource) {
    return;
  }
  var typed = false;
  document.addEventListener('input', function () {
    typed = true;
  });
  var source = new EventSource(notice.getAttribute('data-src'));
  source.addEventListener('change', function () {
    var active = document.activeElement;
    var editing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
    if (!typed && !editing) {
      source.close();
      window.location.reload();
      return;
    }
    notice.hidden = false;
  });
})();
