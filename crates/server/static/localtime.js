// Times in the visitor's own zone. The server writes times in UTC; this shows each
// <time data-local datetime="…Z"> in the browser's zone and language, and tells every
// form with a `behind_utc` field how many minutes its zone is behind UTC at the date
// typed in its datetime-local field, so the server reads that time as the visitor meant.
(function () {
  'use strict';
  var lang = document.documentElement.lang || undefined;
  var times = document.querySelectorAll('time[data-local]');
  for (var i = 0; i < times.length; i++) {
    var at = new Date(times[i].getAttribute('datetime'));
    if (!isNaN(at.getTime())) {
      times[i].textContent = at.toLocaleString(lang, {
        year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit'
      });
      times[i].title = times[i].getAttribute('datetime');
    }
  }
  var fields = document.querySelectorAll('input[name="behind_utc"]');
  for (var j = 0; j < fields.length; j++) {
    var form = fields[j].form;
    form.addEventListener('submit', function (ev) {
      var f = ev.target;
      var local = f.querySelector('input[type="datetime-local"]');
      var when = local && local.value ? new Date(local.value) : new Date();
      f.querySelector('input[name="behind_utc"]').value = String(when.getTimezoneOffset());
    });
  }
})();
