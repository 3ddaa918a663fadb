// Keeps an event page up to date (its stream: GET /events/{id}/live). When the event
// changes, the page reloads itself, unless the visitor is filling in a form: then a
// notice offers the reload, so nothing typed is lost.
(function () {
  'use strict';
  var notice = document.getElementById('event-live');
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
