// Calls a signed-in player to an online event's round on whatever page they have open:
// every few seconds while the page is shown it asks GET /api/account/event-game; when a
// game is waiting that is not the page itself, a banner links to it, with a short tone
// the first time for that game (browsers may keep it silent until the page was touched).
(function () {
  'use strict';
  var box = document.getElementById('round-call');
  if (!box || !window.fetch) {
    return;
  }
  function tone() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      var ctx = new Ctx();
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.1;
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.3);
    } catch (e) {}
  }
  function check() {
    if (document.hidden) {
      return;
    }
    fetch('/api/account/event-game', { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (j) {
        if (!j || !j.game || window.location.pathname === '/game/' + j.game) {
          box.hidden = true;
          return;
        }
        if (box.getAttribute('data-game') === j.game) {
          return;
        }
        box.setAttribute('data-game', j.game);
        box.textContent = '';
        var a = document.createElement('a');
        a.href = '/game/' + j.game;
        a.textContent = j.text;
        box.appendChild(a);
        box.hidden = false;
        var called = 'called:' + j.game;
        try {
          if (!window.sessionStorage.getItem(called)) {
            window.sessionStorage.setItem(called, '1');
            tone();
          }
        } catch (e) {
          tone();
        }
      })
      .catch(function () {});
  }
  check();
  setInterval(check, 5000);
})();
